# shellcheck shell=bash
# Shared settings for the scripts in this directory; sourced, not run.
#
# KEYS_SERIES_CACHE  where the base tree and build outputs live
#                    (default: ~/.cache/keys-series, never inside the repo,
#                    nor under /tmp, which the UML guests cover with a tmpfs)

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
CACHE=${KEYS_SERIES_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/keys-series}
BASE_TREE=$CACHE/linux
BASE_TARBALL=/usr/src/linux-source-6.12.tar.xz
BASE_PACKAGE=linux-source-6.12
# The base commit is made with a fixed identity and date, so every machine
# with the same Debian package gets the same base-commit hash.
BASE_IDENT_NAME="Debian linux-source-6.12"
BASE_IDENT_EMAIL="debian-kernel@lists.debian.org"
BASE_DATE="2026-01-01T00:00:00Z"

die() {
	echo "error: $*" >&2
	exit 1
}

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

# require_base: stop unless the base tree has its "base" commit.
require_base() {
	git -C "$BASE_TREE" rev-parse -q --verify base^{commit} >/dev/null 2>&1 ||
		die "missing base tree $BASE_TREE (run scripts/get-base)"
}

# UML_HOSTFS_BOOT: kernel arguments to boot UML on the host's root over hostfs
# with scripts/uml-init as init and the console on stdout.
UML_HOSTFS_BOOT=(root=/dev/root rootfstype=hostfs rootflags=/ rw
	init="$REPO/scripts/uml-init" con=null con0=null,fd:1)

# build_kselftests SRC OUT LOG: build the keys selftests from SRC into OUT
# with the host compiler (output in LOG) and print their names,
# comma-separated.
build_kselftests() {
	make -s -C "$1" OUTPUT="$2" >"$3" 2>&1 ||
		{ cat "$3" >&2; die "selftests build failed"; }
	(cd "$2" && ls -- *_test | paste -sd, -) | grep . ||
		die "no selftests were built in $2"
}

# series_patches DIR: the patch files in DIR, in order, without the cover
# letter.
series_patches() {
	find "$1" -maxdepth 1 -name '[0-9][0-9][0-9][0-9]-*.patch' \
		! -name '0000-cover-letter.patch' 2>/dev/null | sort
}

# summary_counts: read a log on stdin and print "PASSED FAILED SKIPPED" from
# its last "NAME: N passed, N failed[, N skipped]" line; fail if none.
summary_counts() {
	grep -E '^[a-z-]+: [0-9]+ passed, [0-9]+ failed' | tail -n 1 |
		sed -nE 's/^[a-z-]+: ([0-9]+) passed, ([0-9]+) failed(, ([0-9]+) skipped)?.*/\1 \2 \4/p' |
		awk 'NF { print $1, $2, ($3 == "" ? 0 : $3); found = 1 } END { exit !found }'
}
