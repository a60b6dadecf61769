# shellcheck shell=bash
# KTAP writers for bash; sourced, not run: by lib.sh, and by uml-init in the
# guest, which has no lib.sh.
#
# KTAP (Documentation/dev-tools/ktap.rst) is the one format the scripts
# report in, on standard output; what else they print goes to standard
# error. ktap_header [N] starts a document: its version line and, when the
# number of tests is known, its plan. ktap_result STATUS NAME [DIAG...]
# prints the next test's result line, STATUS "ok", "fail" or "skip:WHY",
# after each DIAG (a file's lines, or a text, if no such file) as
# diagnostic lines. ktap_check NAME COMMAND... is the result of COMMAND,
# its output the diagnostics of a failure. ktap_done fails if a test did.
# scripts/lib/ktap-count counts a document.
KTAP_NUM=0 KTAP_FAILS=0
ktap_header() {
	KTAP_NUM=0 KTAP_FAILS=0
	echo "KTAP version 1"
	[ $# = 0 ] || echo "1..$1"
}
ktap_result() {
	local status=$1 name=${2//#/} diag
	shift 2
	# kunit_parser stops reading at a kernel's last words anywhere in a
	# line (its KTAP_END): quoted here, their first letter's case is
	# turned, as scripts/lib/ktap.py's diagnostic() does.
	for diag in "$@"; do
		if [ -f "$diag" ]; then cat "$diag"; else printf '%s\n' "$diag"; fi |
			sed -e 's/^/# /' -e 's/List of all partitions:/list of all partitions:/g' \
				-e 's/Kernel panic - not syncing: VFS:/kernel panic - not syncing: VFS:/g' \
				-e 's/reboot: System halted/Reboot: System halted/g'
	done
	KTAP_NUM=$((KTAP_NUM + 1))
	case $status in
	ok) echo "ok $KTAP_NUM $name" ;;
	skip:*) echo "ok $KTAP_NUM $name # SKIP ${status#skip:}" ;;
	*) KTAP_FAILS=$((KTAP_FAILS + 1)) && echo "not ok $KTAP_NUM $name" ;;
	esac
}
ktap_check() {
	local name=$1 out rc=0
	shift
	out=$(mktemp)
	"$@" >"$out" 2>&1 || rc=$?
	if [ "$rc" = 0 ]; then
		ktap_result ok "$name"
	else
		ktap_result fail "$name" "$out" "exit status $rc"
	fi
	rm -f "$out"
}
ktap_done() {
	[ "$KTAP_FAILS" = 0 ]
}

# ktap_indent NAME: copy a KTAP (or kselftest TAP) document from standard
# input, line by line, as the subtests of the next test, NAME: indented,
# its version line (one is added if it has none) followed by "# Subtest:
# NAME". The caller prints NAME's result line after. For the guest, which
# has no kunit_parser; on the host, ktap_nest.
ktap_indent() {
	local name=${1//#/} line first=1
	# A shell loop, not awk: mawk reads a pipe in blocks, and a line held
	# back is lost when a guest that hangs is stopped.
	while IFS= read -r line || [ -n "$line" ]; do
		if [ -n "$first" ]; then
			first=
			case $line in
			"KTAP version "* | "TAP version "*)
				printf '  %s\n  # Subtest: %s\n' "$line" "$name"
				continue
				;;
			esac
			printf '  KTAP version 1\n  # Subtest: %s\n' "$name"
		fi
		printf '  %s\n' "$line"
	done
	[ -z "$first" ] || printf '  KTAP version 1\n  # Subtest: %s\n' "$name"
}

# ktap_nest NAME COMMAND...: run COMMAND, which prints a KTAP document, as
# the next test NAME, its document the test's subtests (scripts/lib/ktap-count
# --nest): the test fails if ktap-count finds a failure in the document,
# or none where COMMAND exited non-zero, or no document, or fails itself;
# such a failure is a failed test at the end of the document, so that
# kunit_parser counts it. The document is printed once COMMAND is done;
# standard error passes through.
ktap_nest() {
	local name=${1//#/} doc out rc p f s why
	shift
	doc=$(mktemp)
	# In a pipeline, set -e holds in COMMAND, and its failure is rc's.
	"$@" | cat >"$doc"
	rc=${PIPESTATUS[0]}
	out=$("$(dirname "${BASH_SOURCE[0]}")/ktap-count" --nest "$name" --status "$rc" "$doc") ||
		out="  KTAP version 1
  # Subtest: $name
  not ok 1 $name: the counter failed
0 1 0 counter"
	rm -f "$doc"
	printf '%s\n' "${out%$'\n'*}"
	read -r p f s why <<<"${out##*$'\n'}"
	if [ "$f" = 0 ]; then
		ktap_result ok "$name"
	else
		ktap_result fail "$name" "$name: $p passed, $f failed, $s skipped ($why; exit status $rc)"
	fi
}
