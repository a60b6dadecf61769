#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Load the key type of samples/keys/ (CONFIG_SAMPLE_KEYS=m), run
# user_example_keys_test on it, and unload it again.  Key types are not
# loaded on demand: without the module, add_key() fails with ENODEV,
# every test skips, saying that the type is missing, and so does this.

ksft_skip=4
module=user-type-example
dir=$(dirname "$0")

# Loaded before: test it, and leave it loaded.
if [ -d /sys/module/user_type_example ]; then
	exec "$dir/user_example_keys_test"
fi
if [ "$(id -u)" -ne 0 ]; then
	echo "user_example_keys: loading $module needs root [SKIP]"
	exit $ksft_skip
fi
# Not found (or a kernel without modules or keys): the tests skip, each
# saying why, and so does the script, as module.sh does.
if ! modprobe -q -n "$module"; then
	"$dir/user_example_keys_test"
	rc=$?
	[ $rc -eq 0 ] && rc=$ksft_skip
	exit $rc
fi
if ! modprobe -q "$module"; then
	echo "user_example_keys: modprobe $module failed"
	exit 1
fi
# Killed (the runner's timeout sends TERM): unload on the way out.
trap 'modprobe -q -r "$module"' EXIT
trap 'exit 1' HUP INT TERM
"$dir/user_example_keys_test"
rc=$?
trap - EXIT
if ! modprobe -q -r "$module"; then
	echo "user_example_keys: modprobe -r $module failed"
	rc=1
fi
exit $rc
