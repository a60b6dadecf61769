# shellcheck shell=bash
# Shared settings for the scripts in scripts/; sourced, not run.
#
# KEYS_SERIES_CACHE  where the base trees and build outputs live
#                    (default: ~/.cache/keys-series, never inside the repo,
#                    nor under /tmp, which the UML guests cover with a tmpfs)
# KEYS_BASE          which base tree: 7.3 (default) or 6.12

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
CACHE=${KEYS_SERIES_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/keys-series}

# KEYS_BASE picks the base tree: 7.3 (the default, mainline's latest
# release, what the series is made against) or 6.12 (the LTS tree it must
# also apply to). Each base has its own tree, builds and logs under
# $CACHE/$KEYS_BASE; the keyutils source is shared.
BASES="7.3 6.12"
PRIMARY_BASE=7.3
KEYS_BASE=${KEYS_BASE:-$PRIMARY_BASE}
BASE_PACKAGE=linux-source-$KEYS_BASE
BASE_TARBALL=/usr/src/$BASE_PACKAGE.tar.xz
# The base commit is made with a fixed identity and date, so every machine
# with the same Debian package gets the same commits, and regen-series the
# same patches.
BASE_IDENT_NAME="Debian $BASE_PACKAGE"
BASE_IDENT_EMAIL="debian-kernel@lists.debian.org"
BASE_DATE="2026-01-01T00:00:00Z"

# The series goes to the list as the threads series/threads names, in
# order: THREADS their names, THREAD_FIRST the number of each one's first
# series/ patch, THREAD_PREFIX their subject prefixes. The first thread
# tests code that exists today and stands alone; check-bisect --standalone
# checks it on its own.
THREADS=() THREAD_FIRST=() THREAD_PREFIX=()
while read -r name first prefix; do
	case $name in "" | "#"*) continue ;; esac
	THREADS+=("$name") THREAD_FIRST+=("$((10#$first))") THREAD_PREFIX+=("$prefix")
done <"$REPO/series/threads"

# The cache layout, defined here only.
BASE_DIR=$CACHE/$KEYS_BASE
BASE_TREE=$BASE_DIR/linux	# tag "base", branch "series"
LOGS=$BASE_DIR/logs
BUILD=$BASE_DIR/build
KUNIT_BUILD=$BUILD/kunit	# kunit.py's kernel: KUnit, bisect =y, sparse, the selftests boot
BISECT_M_BUILD=$BUILD/bisect-m	# the series' options =m, for the bisect check
UML_BUILD=$BUILD/uml		# the module kernel of run-uml-tests
SANITIZE_BUILD=$BUILD/sanitize	# KASAN, lockdep and kmemleak
KSELFTEST_BUILD=$BUILD/kselftest-keys
ARM64_BUILD=$BUILD/arm64-64k	# kunit.py's arm64 kernel, 64 KiB pages: KUnit and the selftests boot
ARM64_KSELFTEST_BUILD=$BUILD/kselftest-keys-arm64	# the selftests, static for arm64
ARM64_INITRAMFS=$BUILD/arm64-initramfs	# its list, init and cpio archive
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
UML_OUTPUTS=$LOGS/uml-output	# each selftest binary's output
ARM64_CONSOLE=$LOGS/arm64-selftests-console.log
ARM64_OUTPUTS=$LOGS/arm64-selftests-output	# each binary's output
BENCH_BIN=$BUILD/bench/keys_bench
KEYUTILS_DIR=$CACHE/keyutils
# regen-series and checkpatch-series work on the primary base only: the
# patches' index lines are its blobs.
PRIMARY_TREE=$CACHE/$PRIMARY_BASE/linux

die() {
	echo "error: $*" >&2
	exit 1
}

case " $BASES " in
*" $KEYS_BASE "*) ;;
*) die "KEYS_BASE=$KEYS_BASE: not one of the bases ($BASES)" ;;
esac
case $CACHE in
"$REPO" | "$REPO"/*) die "KEYS_SERIES_CACHE ($CACHE) must be outside the repository" ;;
/tmp | /tmp/*) die "KEYS_SERIES_CACHE ($CACHE) must not be under /tmp: the UML guests mount a tmpfs there" ;;
esac

# Run git with no user or system configuration, so output is reproducible.
git_clean() {
	GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1 git "$@"
}

# usage_from_header FILE: print the script's leading comment block as help.
usage_from_header() {
	awk 'NR == 1 { next } !/^#/ { exit } { sub(/^# ?/, ""); print }' "$1"
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

# kunit_py ARGS...: the base tree's kunit.py, run in the tree.
kunit_py() {
	(cd "$BASE_TREE" && python3 tools/testing/kunit/kunit.py "$@")
}

# KUNIT_OPTS: how kunit.py builds the series' KUnit kernel in $KUNIT_BUILD.
# run-kunit, check-bisect and run-selftests build it alike, so that each
# reuses the others' objects.
KUNIT_OPTS=(--arch=um --build_dir="$KUNIT_BUILD" --jobs="$(nproc)")

# ARM64_OPTS: how kunit.py builds and runs the arm64 kernel with 64 KiB
# pages under qemu-system-aarch64 (its qemu_configs/arm64.py, the
# cross-compiler of Debian's gcc-aarch64-linux-gnu), configured by
# "kunit_configs arm64-64k".
ARM64_CROSS=aarch64-linux-gnu-
ARM64_OPTS=(--arch=arm64 --cross_compile="$ARM64_CROSS" --build_dir="$ARM64_BUILD"
	--jobs="$(nproc)")

# kunit_configs [arm64-64k]: the --kunitconfig options of that kernel, for
# the tree as it is: security/keys/.kunitconfig and the selftests' config
# when the tree has them, and scripts/lib/uml-boot.config (or, for the arm64
# kernel, scripts/lib/arm64-64k.config), so that the same kernel also boots the
# selftests.
kunit_configs() {
	[ -f "$BASE_TREE/security/keys/.kunitconfig" ] &&
		echo --kunitconfig=security/keys
	[ -f "$BASE_TREE/tools/testing/selftests/keys/config" ] &&
		echo --kunitconfig=tools/testing/selftests/keys/config
	echo --kunitconfig="$REPO/scripts/lib/${1:-uml-boot}.config"
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

# build_kselftests TREE OUT LOG [MAKE_ARG...]: build and install the keys
# selftests of TREE into OUT, as "make -C tools/testing/selftests
# TARGETS=keys install" does (output in LOG), with the host compiler unless
# MAKE_ARGs say otherwise: OUT then holds kselftest's runner,
# run_kselftest.sh, kselftest-list.txt and keys/. Print the tests' names,
# comma-separated.
build_kselftests() {
	rm -rf "$2" "$2.obj"
	make -s -C "$1/tools/testing/selftests" TARGETS=keys O="$2.obj" \
		INSTALL_PATH="$2" "${@:4}" install >"$3" 2>&1 ||
		{ cat "$3" >&2; die "selftests build failed"; }
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
# with the MAINTAINERS file given, on each PATCH and on KUnit's own files
# (the series adds KUnit tests, and no F: pattern finds them). One call per
# patch, as one call over the whole series keeps one address and role per
# name, and named the kselftest maintainer only as a documentation
# reviewer. Per name, a maintainer's address, in To:, wins over a
# reviewer's, in Cc:; lists go in Cc:.
series_recipients() {
	local tree=$1 mnt=$2 p
	shift 2
	for p in "$@" "-f lib/kunit/test.c"; do
		# shellcheck disable=SC2086 # "-f FILE" splits on purpose
		(cd "$tree" && PATH=/usr/bin:$PATH ./scripts/get_maintainer.pl \
			--mpath "$mnt" --no-git --no-git-fallback --m --r --l $p)
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

# judge_stage LOG STATUS: print "PASSED FAILED SKIPPED WHY" for a stage whose
# output is LOG and whose command exited with STATUS: the counts of its last
# summary line (WHY "summary"), but at least one failure if STATUS is not 0
# (WHY "exit" when that added the failure), and one failure, nothing
# passed, if the log has no summary line (WHY "broke": the stage broke, or
# its output was cut short). scripts/test-judge-stage tests it.
judge_stage() {
	local p f s
	if read -r p f s < <(summary_counts <"$1"); then
		if [ "$2" != 0 ] && [ "$f" = 0 ]; then
			echo "$p 1 $s exit"
		else
			echo "$p $f $s summary"
		fi
	else
		echo "0 1 0 broke"
	fi
}

# summary_counts: read a log on stdin and print "PASSED FAILED SKIPPED" from
# its last "NAME: N passed, N failed[, N skipped]" line; fail if none.
summary_counts() {
	grep -E '^[a-z0-9-]+: [0-9]+ passed, [0-9]+ failed' | tail -n 1 |
		sed -nE 's/^[a-z0-9-]+: ([0-9]+) passed, ([0-9]+) failed(, ([0-9]+) skipped)?.*/\1 \2 \4/p' |
		awk 'NF { print $1, $2, ($3 == "" ? 0 : $3); found = 1 } END { exit !found }'
}
