# shellcheck shell=bash
# Shared settings for the scripts in scripts/; sourced, not run.
#
# KEYS_SERIES_CACHE  where the base trees and build outputs live
#                    (default: ~/.cache/keys-series, never inside the repo,
#                    nor under /tmp, which the UML guests cover with a tmpfs)
# KEYS_BASE          which base tree (scripts/lib/layout.py: BASES, the
#                    first the default)

# usage_from_header FILE: print the script's leading comment block as help.
usage_from_header() {
	awk 'NR == 1 { next } !/^#/ { exit } { sub(/^# ?/, ""); print }' "$1"
}
# The preamble of every script, here once: -h or --help as its first
# argument prints its help (a sourced file sees its caller's arguments).
case ${1-} in -h | --help) usage_from_header "$0"; exit 0 ;; esac

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)

# The bases (PRIMARY_BASE, what the series is made against, and
# BACKPORT_BASE, which gets a backport of it: PATCHES below), KEYS_BASE
# (the primary unless the environment says otherwise), CACHE, the threads
# of series/threads (THREADS their names, THREAD_FIRST the number of each
# one's first series/ patch, THREAD_PREFIX their subject prefixes; all but
# the last stand alone), the two trees, and
# KEYS_BASE's directory and tree, BASE_DIR and BASE_TREE:
# scripts/lib/layout.py defines them, for Python and, here, for bash.
command -v python3 >/dev/null ||
	{ echo "error: no python3 (apt-get install python3; kunit.py needs it too)" >&2; exit 1; }
layout=$(KEYS_BASE=${KEYS_BASE-} KEYS_SERIES_CACHE=${KEYS_SERIES_CACHE-} \
	python3 "$REPO/scripts/lib/layout.py" --shell) || exit 1
eval "$layout"
unset layout
BASE_PACKAGE=linux-source-$KEYS_BASE
BASE_TARBALL=/usr/src/$BASE_PACKAGE.tar.xz
# The base commit is made with a fixed identity and date, so every machine
# with the same Debian package gets the same commits, and regen-series the
# same patches.
BASE_IDENT_NAME="Debian $BASE_PACKAGE"
BASE_IDENT_EMAIL="debian-kernel@lists.debian.org"
BASE_DATE="2026-01-01T00:00:00Z"

# The rest of the cache layout, defined here only (BASE_TREE has tag
# "base" and branch "series").
LOGS=$BASE_DIR/logs
BUILD=$BASE_DIR/build
KUNIT_BUILD=$BUILD/kunit	# kunit.py's kernel: KUnit, bisect =y, sparse, the selftests boot
UML_BUILD=$BUILD/uml		# the module kernel: run-uml-tests, bisect =m
SANITIZE_BUILD=$BUILD/sanitize	# KASAN, lockdep and kmemleak
NOKEYS_BUILD=$BUILD/nokeys	# a UML kernel without CONFIG_KEYS
# The files whose coverage is measured, on the module kernel (UML_BUILD,
# uml-tests.config's gcov options), as their objects' names in their
# directories (kbuild's GCOV_PROFILE_<name>.o, given to make: an object of
# the same name elsewhere, as crypto/, kernel/irq/ and drivers/pci/
# proc.o, is profiled too, and counted nowhere).
COVERAGE_FILES="user_defined key keyctl keyring permission process_keys request_key gc proc"
COVERAGE_FILES+=" request_key_test"
KSELFTEST_BUILD=$BUILD/kselftest-keys
LTP_BUILD=$BUILD/ltp		# scripts/measure-ltp-coverage's LTP
FIXES_TREE=$BASE_DIR/linux-tests-alone	# check-fixes-needed's worktree
FIXES_BUILD=$BUILD/fixes-needed	# and its KUnit kernel
CLANG_BUILD=$BUILD/clang	# the KUnit kernel built by clang, =y and =m in turn
# The kernels kunit.py runs under QEMU (QEMU_KERNELS), each booting the
# KUnit suites (run-kunit --on NAME) and the selftests from an initramfs
# (run-qemu-selftests NAME): arm64 with 64 KiB pages, i386 (32-bit), s390
# (big-endian) and x86_64 with KCSAN. qemu_build NAME is its build directory,
# qemu_kselftest_build NAME its static selftests, qemu_initramfs NAME the
# initramfs' list, init and cpio archive.
QEMU_KERNELS="arm64-64k i386 s390 x86_64-kcsan"
qemu_build() { echo "$BUILD/$1"; }
qemu_kselftest_build() { echo "$BUILD/kselftest-keys-$1"; }
qemu_initramfs() { echo "$BUILD/$1-initramfs"; }
MODULES_DIR=$BUILD/uml-modules	# what uml-init loads
GPL_PROBE_BUILD=$BUILD/gpl-probe
HTMLDOCS_BUILD=$BUILD/htmldocs	# make htmldocs of security/keys, for check
# The consoles of the boots, written by the run-* scripts. run-selftests
# names all its logs after a tag (selftests, sanitize, or what its caller
# gives: bisect/N-selftests, fault-NAME), so that every boot's console is
# kept for the whole run; selftests_console TAG is where that boot's is.
selftests_console() {
	echo "$LOGS/$1-console.log"
}
UML_CONSOLE=$LOGS/uml-console.log
UML_GUEST_KTAP=$LOGS/uml-guest.ktap	# what uml-init printed
UML_KEYUTILS_CONSOLE=$LOGS/uml-keyutils-console.log	# its second boot's
UML_KEYUTILS_KTAP=$LOGS/uml-keyutils-guest.ktap
qemu_console() { echo "$LOGS/$1-selftests-console.log"; }
LTP_CONSOLE=$LOGS/ltp-console.log	# scripts/measure-ltp-coverage's boot
LTP_GUEST_KTAP=$LOGS/ltp-guest.ktap
BENCH_BIN=$BUILD/bench/keys_bench
FAIL_NTH_BIN=$BUILD/fail-nth/keys_fail_nth	# tooling/fail-nth's, for the uml boot
BENCH_RESULTS=$LOGS/bench.txt	# its BENCH lines from the uml boot
BISECT_LOGS=$LOGS/bisect	# check-bisect's, per patch and mode
BISECT_BUILDS=$BUILD/bisect	# check-bisect's kernels, a copy per prefix and mode
COVERAGE_LOGS=$LOGS/coverage	# the uml boots' gcov counters, and their reports
KEYUTILS_DIR=$CACHE/keyutils
DEBIAN_PATCHES_DIR=$CACHE/debian-patches	# check-debian-patches' downloads
STAGE_LOGS=$CACHE/logs		# test-all's, a log per stage, across bases
# log_file NAME: where a script of KEYS_BASE keeps its log NAME.
log_file() {
	echo "$LOGS/$1"
}
# edit_worktree BRANCH: where edit-series suggests checking BRANCH out.
edit_worktree() {
	echo "$CACHE/$PRIMARY_BASE/$1"
}
# What kbuild and kunit.py write in a build directory DIR: the UML kernel,
# the configuration, kunit.py's raw console, and a module of
# security/keys/.
uml_kernel_in() {
	echo "$1/linux"
}
config_in() {
	echo "$1/.config"
}
kunit_console_in() {
	echo "$1/test.log"
}
keys_module_in() {
	echo "$1/security/keys/$2.ko"
}
# regen-series makes patches/ on PRIMARY_TREE (their index lines are its
# blobs) and the backport on BACKPORT_TREE, into patches/BACKPORT_NAME/, a
# folder per thread as patches/ has; checkpatch-series uses the primary
# tree's checkpatch.pl and MAINTAINERS for both. PATCHES is the one that
# applies to KEYS_BASE.
PATCHES=$REPO/patches
[ "$KEYS_BASE" = "$BACKPORT_BASE" ] && PATCHES=$REPO/patches/$BACKPORT_NAME

die() {
	echo "error: $*" >&2
	exit 1
}
# no_arguments "$@": stop a script that takes no arguments if it got one.
no_arguments() {
	[ $# = 0 ] || die "unknown argument: $1 (see --help)"
}


# Run git with no user or system configuration, so output is reproducible.
git_clean() {
	GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1 git "$@"
}

# require_base [TREE]: stop unless TREE (default: the base tree) has its
# "base" commit.
require_base() {
	git -C "${1:-$BASE_TREE}" rev-parse -q --verify base^{commit} >/dev/null 2>&1 ||
		die "missing base tree ${1:-$BASE_TREE} (run scripts/get-base)"
}

# require_clean: stop unless the base tree's tracked files are as committed
# (the scripts that apply diffs to its working copy revert them with
# "git checkout -- .", which must not take anyone's edits with them).
require_clean() {
	[ -z "$(git_clean -C "$BASE_TREE" status --porcelain --untracked-files=no)" ] ||
		die "$BASE_TREE has uncommitted changes"
}

# kunit_py ARGS...: the base tree's kunit.py, run in the tree;
# without_kvm COMMAND...: COMMAND, where QEMU can use KVM only if it works.
# kunit.py starts QEMU with "-accel kvm" first. Where /dev/kvm exists but the CPU
# offers no virtualization (no vmx or svm flag: the nested /dev/kvm of
# these machines), KVM starts and an x86 guest hangs without a word; as
# root, the command then runs in a mount namespace where /dev/kvm is
# /dev/null, so that QEMU falls back to TCG.
kunit_py() {
	(cd "$BASE_TREE" && without_kvm python3 tools/testing/kunit/kunit.py "$@")
}
without_kvm() {
	if [ -e /dev/kvm ] && [ "$(id -u)" = 0 ] && ! grep -qwE 'vmx|svm' /proc/cpuinfo; then
		unshare --mount sh -c 'mount --bind /dev/null /dev/kvm && exec "$@"' sh "$@"
	else
		"$@"
	fi
}

# qemu_config NAME: the machine QEMU kernel NAME runs on, a file in the
# shape of kunit.py's qemu_configs/*.py (architecture, kernel image,
# console, extra QEMU parameters), for kunit.py's --qemu_config and for
# scripts/lib/qemu-boot, which boots the selftests: ours for arm64-64k,
# kunit.py's own for the others.
qemu_config() {
	case $1 in
	arm64-64k | x86_64-kcsan) echo "$REPO/scripts/lib/qemu_configs/$1.py" ;;
	i386 | s390) echo "$BASE_TREE/tools/testing/kunit/qemu_configs/$1.py" ;;
	*) die "qemu_config: no QEMU kernel $1" ;;
	esac
}

# kernel NAME COMMAND [OPTION...]: kunit.py COMMAND (config, build, run,
# exec) on one of the kernels the stages build, each in its own build
# directory, configured from stacked --kunitconfig fragments. kunit.py
# refuses a configuration that lost an option a fragment asked for (its
# validate_config), so that check is written nowhere else. The fragments:
# security/keys/.kunitconfig and the selftests' config when the tree has
# them, and scripts/lib/uml-boot.config (booting on the host's root over
# hostfs with a script as init), for
#   kunit      the KUnit kernel, which also boots the selftests (KUNIT_BUILD;
#              run-kunit, check-bisect =y, run-selftests, check-sparse);
#   sanitize   the same and scripts/lib/sanitize.config;
#   nokeys     uml-boot.config and scripts/lib/nokeys.config alone: a kernel
#              without keys, on which every keys selftest skips
#              (run-selftests --no-keys);
#   uml        the module kernel of run-uml-tests: not the KUnit suites
#              built in but scripts/lib/uml-tests.config (the suites
#              =m), the test type =m as the selftests' config asks, gcov on
#              the files COVERAGE_FILES names (kernel_make);
#   clang      the KUnit kernel built by Debian's clang-19 (LLVM=-19), with
#              modules (CLANG_BUILD);
#   clang-m    the same, the series' options =m, in the same directory, so
#              that going from one to the other rebuilds only what they
#              change;
#   arm64-64k, i386, s390, x86_64-kcsan
#              the KUnit kernels under QEMU (qemu_build NAME), on the
#              machines qemu_config NAME names (kunit.py's --qemu_config),
#              with scripts/lib/qemu-boot.config (booting an initramfs with
#              a static init) instead of uml-boot.config; built with
#              Debian's cross-compilers (cross_compile NAME) or, for i386
#              and x86_64-kcsan, the host's gcc;
#   bisect-m   the module kernel (UML_BUILD), but only the fragments the
#              caller gives (check-bisect's, the "uml" kernel's options
#              that the prefix of the series defines).
# OPTIONs go to kunit.py after these (more fragments, --make_options, ...).
# A build (or a run with no OPTION) of a kernel that kernel_built finds in
# its directory is not made again: run execs it. COMMAND "built" builds
# nothing: its exit status says whether kernel_built finds the kernel in
# its directory (kunit.py config there first, which may make its .config
# anew).
LLVM_SUFFIX=-19
# cross_compile NAME: the cross-compiler prefix for kernel NAME's userspace
# (and, but for i386, its kernel); none for x86_64-kcsan, the host's.
cross_compile() {
	case $1 in
	arm64-64k) echo aarch64-linux-gnu- ;;
	i386) echo i686-linux-gnu- ;;
	s390) echo s390x-linux-gnu- ;;
	x86_64-kcsan) echo ;;
	*) die "cross_compile: no kernel $1" ;;
	esac
}
# kernel_make NAME: make's options for kernel NAME, one a line, for
# kunit.py's --make_options and for every make run in its build directory
# (keys_make): its compiler behind Debian's ccache, so that a build
# directory made anew, or a kernel rebuilt after the tree went back to an
# earlier state (the bisect), compiles only what ccache has not seen. One
# cache, CCACHE_DIR, for every kernel and base.
# Depend mode: ccache takes the headers a compilation read from the
# dependency file kbuild has gcc write (-Wp,-MMD), instead of running the
# preprocessor a second time; measured on 7.3's fs/ and kernel/ for UML
# from a cold cache, 47.7 s without ccache, 67.1 s with it in its default
# mode, 50.3 s in depend mode (3.0 s warm).
export CCACHE_DIR=$CACHE/ccache CCACHE_DEPEND=1
export CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-20G}
kernel_make() {
	local cc=gcc
	case $1 in
	clang | clang-m) echo "LLVM=$LLVM_SUFFIX"; cc=clang$LLVM_SUFFIX ;;
	arm64-64k | s390) cc=$(cross_compile "$1")gcc ;;
	kunit | sanitize | nokeys | i386 | x86_64-kcsan) ;;
	uml | bisect-m) printf 'GCOV_PROFILE_%s.o=y\n' $COVERAGE_FILES ;;
	*) die "kernel_make: no kernel $1" ;;
	esac
	echo "CC=ccache $cc"
}
need_ccache() {
	command -v ccache >/dev/null || die "no ccache (run scripts/install-deps)"
}
# keys_make NAME BUILD MAKE_ARG...: make of the base tree for UML in
# BUILD, the build directory of kernel NAME, with its kernel_make options,
# so that kbuild sees the command lines kunit.py's builds used.
keys_make() {
	local mk
	need_ccache
	mapfile -t mk < <(kernel_make "$1")
	make -C "$BASE_TREE" ARCH=um O="$2" "${mk[@]}" "${@:3}"
}
kernel() {
	local name=$1 command=$2 keys=$BASE_TREE/security/keys/.kunitconfig
	local kst=$BASE_TREE/tools/testing/selftests/keys/config opts f boot=(uml-boot) mk dir
	local series_m=(--kconfig_add=CONFIG_KEYS_USER_DEFINED_KUNIT_TEST=m
		--kconfig_add=CONFIG_KEYS_REQUEST_TEST=m)
	shift 2
	case $name in
	kunit) opts=(--arch=um --build_dir="$KUNIT_BUILD") ;;
	sanitize) opts=(--arch=um --build_dir="$SANITIZE_BUILD"
		--kunitconfig="$REPO/scripts/lib/sanitize.config") ;;
	nokeys) opts=(--arch=um --build_dir="$NOKEYS_BUILD"
		--kunitconfig="$REPO/scripts/lib/nokeys.config")
		keys= kst= ;;
	uml) opts=(--arch=um --build_dir="$UML_BUILD"
		--kunitconfig="$REPO/scripts/lib/uml-tests.config")
		keys= ;;
	clang | clang-m) opts=(--arch=um --build_dir="$CLANG_BUILD"
		--kconfig_add=CONFIG_MODULES=y)
		[ "$name" = clang ] || opts+=("${series_m[@]}") ;;
	arm64-64k | s390) opts=(--qemu_config="$(qemu_config "$name")"
		--cross_compile="$(cross_compile "$name")" --build_dir="$(qemu_build "$name")")
		boot=(qemu-boot) ;;
	i386 | x86_64-kcsan)
		opts=(--qemu_config="$(qemu_config "$name")" --build_dir="$(qemu_build "$name")")
		boot=(qemu-boot) ;;
	bisect-m) opts=(--arch=um --build_dir="$UML_BUILD") keys= kst= boot=() ;;
	*) die "kernel: no kernel $name" ;;
	esac
	dir=$(printf '%s\n' "${opts[@]}" | sed -n 's/^--build_dir=//p')
	[ -n "$keys" ] && [ -f "$keys" ] || keys=
	[ -n "$kst" ] && [ -f "$kst" ] || kst=
	[ -n "$keys" ] && opts+=(--kunitconfig=security/keys)
	if [ -n "$kst" ] && [ -n "$keys" ]; then
		# kunit.py refuses two values for one option, and the
		# request_key_test type is =m in the selftests' config (they
		# load it) and =y in the .kunitconfig (KUnit runs its suite
		# built in): the selftests' config without the options the
		# .kunitconfig sets.
		mkdir -p "$dir"
		grep -v -E "^($(sed -n 's/^\(CONFIG_[A-Z0-9_]*\)=.*/\1/p' "$keys" |
			paste -sd'|' -))=" "$kst" >"$dir/selftests.config" || true
		opts+=(--kunitconfig="$dir/selftests.config")
	elif [ -n "$kst" ]; then
		opts+=(--kunitconfig=tools/testing/selftests/keys/config)
	fi
	for f in "${boot[@]}"; do opts+=(--kunitconfig="$REPO/scripts/lib/$f.config"); done
	case $command in exec) kunit_py exec "${opts[@]}" "$@"; return ;; esac
	need_ccache
	mapfile -t mk < <(kernel_make "$name")
	for f in "${mk[@]}"; do opts+=(--make_options="$f"); done
	case $command in built) kernel_built "$dir" "${opts[@]}" "$@"; return ;; esac
	# build, or run with no option of the caller's (an exec option, which
	# kunit.py config would refuse): nothing to build if kernel_built.
	if { [ "$command" = build ] || { [ "$command" = run ] && [ $# = 0 ]; }; } &&
		kernel_built "$dir" "${opts[@]}" "$@"; then
		echo "kernel $name: $dir is built from this tree and configuration: not rebuilt"
		[ "$command" = build ] || kunit_py exec "${opts[@]}"
		return
	fi
	rm -f "$dir/$BUILT_STAMP"
	case $command in
	config) kunit_py config "${opts[@]}" "$@" ;;
	build | run)
		kunit_py "$command" "${opts[@]}" --jobs="$(nproc)" "$@" || return
		kernel_state "$dir" "${opts[@]}" "$@" >"$dir/$BUILT_STAMP" ;;
	*) die "kernel: no command $command" ;;
	esac
}

# A build that kunit.py finds up to date, a make that compiles and links
# nothing, still takes about 20 s on 2 cores (make walks the whole tree):
# kernel skips it when the build directory's BUILT_STAMP, written after
# each build that succeeded, is what kernel_state says now.
BUILT_STAMP=.keys-series-built
# kernel_state DIR KUNIT_PY_OPTION...: what the kernel in build directory
# DIR is made of: kunit.py's options but the fragments (make's options,
# the architecture), the compiler's version, the .config (which
# kernel_built has had kunit.py check against the fragments), the files of
# the tree a kernel build reads (BUILD_READS: the index, the changes to
# it, and the untracked files, which Debian's .gitignore hides) and the
# vmlinux linked.
kernel_state() {
	local cc
	printf '%s\n' "${@:2}" | grep -v -E '^--(kunitconfig|kconfig_add)='
	cc=$(printf '%s\n' "${@:2}" | sed -n 's/^--make_options=CC=ccache //p')
	${cc:-false} --version | head -n 1
	sha1sum <"$1/.config"
	git_clean -C "$BASE_TREE" ls-files -s -- "${BUILD_READS[@]}" | sha1sum
	git_clean -C "$BASE_TREE" diff --no-ext-diff -- "${BUILD_READS[@]}" | sha1sum
	(cd "$BASE_TREE" && git_clean ls-files -o -z -- "${BUILD_READS[@]}" |
		xargs -0 -r sha1sum | sha1sum)
	stat -c '%s %Y' "$1/vmlinux"
}
# BUILD_READS: the tree but what no kernel build reads (the selftests, whose
# config reaches a kernel only as a fragment, documents, MAINTAINERS), so
# that a patch to those alone leaves the kernel built (the bisect's).
BUILD_READS=(. ':(exclude)tools/testing/selftests' ':(exclude)Documentation/*.rst'
	':(exclude)MAINTAINERS')
# kernel_built DIR KUNIT_PY_OPTION...: whether DIR holds the kernel these
# options build from the tree as it is. kunit.py config first: it keeps
# the .config when the fragments ask for what they asked for last time
# and it has it (its build_reconfig), and makes a new one otherwise.
kernel_built() {
	[ -f "$1/$BUILT_STAMP" ] && [ -f "$1/vmlinux" ] &&
		kunit_py config "${@:2}" >/dev/null 2>&1 &&
		[ "$(kernel_state "$@" 2>/dev/null)" = "$(cat "$1/$BUILT_STAMP")" ]
}

# stage_modules NAME BUILD: install the modules of UML kernel NAME, built
# in BUILD, under BUILD.modroot (its lib/modules/RELEASE, with depmod's
# files), and print that directory, or "none" if the kernel has no
# modules. scripts/lib/uml-init mounts its lib/modules on /lib/modules
# (MOD_ROOT), so that modprobe in the guest finds them.
stage_modules() {
	local root=$2.modroot
	if ! grep -q '^CONFIG_MODULES=y$' "$(config_in "$2")"; then
		echo none
		return 0
	fi
	rm -rf "$root"
	keys_make "$1" "$2" INSTALL_MOD_PATH="$root" modules_install >&2 || return 1
	echo "$root"
}

# modules_mount_point MODROOT: the guests mount MODROOT/lib/modules on
# /lib/modules, which a host without modules of its own lacks (hostfs
# shows the host's root): make it, empty, when MODROOT is not "none" and
# it is missing, and print "made" if this did, so that the caller takes
# it away again after the boot (rmdir /lib/modules).
modules_mount_point() {
	if [ "$1" != none ] && [ ! -e /lib/modules ]; then
		mkdir /lib/modules && echo made
	fi
}

# keys_w1 NAME BUILD [DIR...]: the Kconfig pass again, for its warnings,
# and security/keys/ (and each DIR) compiled with W=1, on the .config of
# BUILD, the build directory of UML kernel NAME, in a directory of its
# own (BUILD-w1). Not
# the whole kernel: on 7.3, W=1 also makes the top-level build list every
# tracked file that a .gitignore matches, which is every file of Debian's
# tree (its .gitignore starts with "/*"). Not in BUILD: W=1 changes the
# flags of every object it compiles, kbuild's prepare step's too
# (bounds.s, asm-offsets.s, rq-offsets.s, scripts/mod/empty.o, from which
# modpost is made again, and devicetable-offsets.s), so each switch
# between W=1 and the build's flags compiled all of them again. The
# objects of those directories are removed first, so that every pass
# compiles each of them and reports all its warnings (ccache gives a
# compiler's warnings again; W=1's kernel-doc check runs again), not only
# those of what changed since the last pass. The .config is copied only
# when it differs: a new one makes the next make run Kconfig again
# (syncconfig, about 7 s here), after olddefconfig has run it for its
# warnings.
keys_w1() {
	keys_w1_config "$2" && keys_w1_compile "$@"
}
# keys_w1_config BUILD: BUILD's .config as keys_w1's (BUILD-w1/.config),
# copied only if it differs.
keys_w1_config() {
	mkdir -p "$1-w1" || return
	cmp -s "$1/.config" "$1-w1/.config" || cp "$1/.config" "$1-w1/.config"
}
# keys_w1_compile NAME BUILD [DIR...]: keys_w1 on the .config that
# keys_w1_config has put in BUILD-w1; BUILD itself is not read.
keys_w1_compile() {
	local dirs=(security/keys/) w1=$2-w1 d
	dirs+=("${@:3}")
	for d in "${dirs[@]}"; do
		if [ -d "$w1/$d" ]; then find "$w1/$d" -name '*.o' -delete || return; fi
	done
	keys_make "$1" "$w1" olddefconfig &&
		keys_make "$1" "$w1" W=1 -j"$(nproc)" "${dirs[@]}"
}

# series_warnings LOG: the warnings in LOG (a build's output) that are in
# a file the series, as far as it is applied to the base tree, touches (C
# files, headers and Kconfig: the compiler writes "FILE:LINE:COL: warning:",
# Kconfig "FILE:LINE:warning:").
series_warnings() {
	local f
	for f in $(git -C "$BASE_TREE" diff --name-only base HEAD); do
		case $f in *.c | *.h | *Kconfig*) ;; *) continue ;; esac
		grep -E "(^|/)$f:[0-9]+:([0-9]+:)? ?warning:" "$1" || true
	done
}

# ensure_deb_src: give apt deb-src entries (as root, once) for the machine's
# own Debian sources and for trixie-backports (scripts/install-deps adds
# that suite), so that apt-get source finds keyutils and both kernels.
DEB_SRC_SOURCES=/etc/apt/sources.list.d/keys-series-deb-src.sources
BACKPORTS_SOURCES=/etc/apt/sources.list.d/keys-series-trixie-backports.sources
ensure_deb_src() {
	local main=/etc/apt/sources.list.d/debian.sources
	grep -qs '^Suites: trixie-backports' "$DEB_SRC_SOURCES" && return 0
	[ "$(id -u)" = 0 ] || die "apt has no deb-src entries for this and this is not root"
	[ -f "$main" ] || die "no $main to derive deb-src entries from"
	[ -f "$BACKPORTS_SOURCES" ] || die "no $BACKPORTS_SOURCES (run scripts/install-deps)"
	{
		sed 's/^Types: deb$/Types: deb-src/' "$main"
		echo
		sed 's/^Types: deb$/Types: deb-src/' "$BACKPORTS_SOURCES"
	} >"$DEB_SRC_SOURCES"
	apt-get update -q >/dev/null || die "apt-get update failed"
}

# GLIBC_NO_AVX: the glibc.cpu.hwcaps tunable that keeps glibc's string
# functions off the AVX and AVX-512 registers (see run-selftests).
GLIBC_NO_AVX=-AVX,-AVX2,-AVX512F,-AVX512VL,-AVX512BW,-AVX512DQ,-AVX512CD,-AVX_Fast_Unaligned_Load

# UML_HOSTFS_BOOT: kernel arguments to boot UML on the host's root over hostfs
# with scripts/lib/uml-init as init and the console on stdout.
UML_HOSTFS_BOOT=(root=/dev/root rootfstype=hostfs rootflags=/ rw
	init="$REPO/scripts/lib/uml-init" con=null con0=null,fd:1)
# and, where the base's UML has it (7.3; not 6.12), its SECCOMP userspace
# if the host allows it ("auto": ptrace if not, as the console says): the
# same tests, with fewer switches to the host for a guest's page faults
# and system calls. A part of the keyutils suite took 28 s with it and 41 s
# without, the selftests three times in a boot 56 s and 63 s. (UML's help
# calls it insecure with an untrusted userspace, whose processes could
# reach the UML kernel's memory: ours is these tests. kunit.py's boots
# have their own command line.)
if grep -q '^__uml_setup("seccomp="' "$BASE_TREE/arch/um/os-Linux/start_up.c" 2>/dev/null; then
	UML_HOSTFS_BOOT+=(seccomp=auto)
fi
# uml_boot SECONDS KERNEL CONSOLE [ARG...]: boot UML kernel KERNEL with
# 1 GiB of memory, on the host's root as UML_HOSTFS_BOOT says, its input
# /dev/null, its console in file CONSOLE, and stop it after SECONDS (kill
# it 10 s later); its exit status, timeout's. ARGs go on its command line:
# kernel parameters, and VAR=VALUE for init's environment (what uml-init
# runs: the variables its header names; and the guest's programs').
uml_boot() {
	timeout -k 10 "$1" "$2" mem=1G "${UML_HOSTFS_BOOT[@]}" "${@:4}" </dev/null >"$3" 2>&1
}

# build_kselftests TREE OUT LOG [MAKE_ARG...]: build and install the keys
# selftests of TREE into OUT, as "make -C tools/testing/selftests
# TARGETS=keys install" does (output in LOG), with the host compiler unless
# MAKE_ARGs say otherwise: OUT then holds kselftest's runner,
# run_kselftest.sh, kselftest-list.txt and keys/. A compiler warning (the
# keys Makefile builds with -Wall) fails it as an error does. Print the
# tests' names, comma-separated.
build_kselftests() {
	rm -rf "$2" "$2.obj"
	make -s -C "$1/tools/testing/selftests" TARGETS=keys O="$2.obj" \
		INSTALL_PATH="$2" "${@:4}" install >"$3" 2>&1 ||
		{ cat "$3" >&2; die "selftests build failed"; }
	! grep -q 'warning:' "$3" || { cat "$3" >&2; die "selftests build with warnings"; }
	sed -n 's/^keys://p' "$2/kselftest-list.txt" | paste -sd, - | grep . ||
		die "no selftests were installed in $2"
}

# repo_path KERNEL_PATH: where this repository keeps a file the series
# adds: the KUnit suites, their header and .kunitconfig under kunit/, the
# selftests under selftests/, anything else at its kernel path.
repo_path() {
	case $1 in
	security/keys/tests/*_kunit.[ch] | security/keys/.kunitconfig) echo "kunit/${1##*/}" ;;
	tools/testing/selftests/*) echo "selftests/${1#tools/testing/selftests/}" ;;
	*) echo "$1" ;;
	esac
}

# added_c_files repo|kernel: the kernel C files (not tools/) that the series
# adds, as paths in this repository or in the kernel tree.
added_c_files() {
	local col=1
	[ "$1" = kernel ] && col=2
	cat "$REPO"/series/*/files |
		awk -v col="$col" '$2 ~ /\.[ch]$/ && $2 !~ /^tools\// { print $col }'
}

# series_recipients TREE MAINTAINERS PATCH...: who the series goes to, one
# "to<TAB>ADDRESS" or "cc<TAB>ADDRESS" line each: get_maintainer.pl of TREE,
# with the MAINTAINERS file given, on each PATCH and, when a PATCH adds or
# changes a KUnit suite, on KUnit's own files (no F: pattern finds them). One call per
# patch, as one call over the whole series keeps one address and role per
# name, and named the kselftest maintainer only as a documentation
# reviewer. Per name, a maintainer's address, in To:, wins over a
# reviewer's, in Cc:; lists go in Cc:. --no-fixes: the tree has no
# history for a Fixes: tag's commit (git log of it fails), and that
# commit's author is the keys maintainer, whom the patch's files name.
# With RECIPIENTS_MEMO set (a directory, for one TREE and MAINTAINERS),
# get_maintainer.pl's answer for a PATCH is kept there, by the patch's
# content, and not asked again.
series_recipients() {
	local tree=$1 mnt=$2 p kunit=() memo
	shift 2
	grep -qE '^\+\+\+ b/.*(_kunit\.c|\.kunitconfig)$' "$@" && kunit=("-f lib/kunit/test.c")
	for p in "$@" "${kunit[@]}"; do
		memo=
		if [ -n "${RECIPIENTS_MEMO-}" ] && [ -f "$p" ]; then
			memo=$RECIPIENTS_MEMO/$(sha1sum <"$p" | cut -c1-40)
			if [ -f "$memo" ]; then cat "$memo"; continue; fi
		fi
		# shellcheck disable=SC2086 # "-f FILE" splits on purpose
		(cd "$tree" && PATH=/usr/bin:$PATH ./scripts/get_maintainer.pl \
			--mpath "$mnt" --no-git --no-git-fallback --no-fixes --m --r --l $p) \
			>"${memo:-/dev/stdout}"
		[ -z "$memo" ] || cat "$memo"
	done | awk '{
		addr = $0; sub(/ \(.*$/, "", addr)
		name = addr; sub(/ *<.*$/, "", name)
		if (!(name in who)) { order[n++] = name; who[name] = addr; how[name] = "cc" }
		if ($0 ~ / \(maintainer:/ && how[name] == "cc") { who[name] = addr; how[name] = "to" }
	}
	END { for (i = 0; i < n; i++) print how[order[i]] "\t" who[order[i]] }'
}

# series_patches DIR: the patch files in DIR, in the order they apply,
# without the cover letters: DIR's own, or, if it has none, those of its
# subdirectories named after THREADS, thread by thread (DIR is then a
# patches/ with every thread).
series_patches() {
	local t d=$1
	if [ -z "$(ls "$d"/[0-9][0-9][0-9][0-9]-*.patch 2>/dev/null)" ]; then
		for t in "${THREADS[@]}"; do
			[ -d "$1/$t" ] && series_patches "$1/$t"
		done
		return 0
	fi
	find "$d" -maxdepth 1 -name '[0-9][0-9][0-9][0-9]-*.patch' \
		! -name '0000-cover-letter.patch' | sort
}

# The KTAP writers (ktap_header, ktap_result, ktap_check, ktap_nest, ...).
# shellcheck source=ktap.sh
. "$REPO/scripts/lib/ktap.sh"
