#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Load the request_key_test key type (CONFIG_KEYS_REQUEST_TEST=m), run
# request_keys_test on it, and unload it again.  Key types are not loaded
# on demand: without the type, request_keys_test skips, saying so.

module=request_key_test
test=$(dirname "$0")/request_keys_test

# The type loaded or built in already, no module to load, or not root:
# run the tests as they are and leave the module as it was.
if [ -d /sys/module/$module ] || [ "$(id -u)" -ne 0 ] ||
   ! modprobe -q -n $module; then
	exec "$test"
fi
# A module that is there but cannot be loaded (lockdown, signatures):
# kselftest's skip.
if ! modprobe -q $module; then
	echo "request_keys: SKIP: modprobe $module failed"
	exit 4
fi
# Built in: nothing to unload.
[ -d /sys/module/$module ] || exec "$test"
# Killed (the runner's timeout sends TERM): unload on the way out.
trap 'modprobe -q -r $module' EXIT
trap 'exit 1' HUP INT TERM
"$test"
rc=$?
trap - EXIT
if ! modprobe -q -r $module; then
	echo "request_keys: modprobe -r $module failed"
	rc=1
fi
exit $rc
