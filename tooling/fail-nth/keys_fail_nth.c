// SPDX-License-Identifier: GPL-2.0
/*
 * keys_fail_nth: every slab allocation failure on the paths of add_key(),
 * KEYCTL_UPDATE and KEYCTL_READ, injected one at a time.
 *
 * For each operation it writes N = 1, 2, ... to /proc/thread-self/fail-nth
 * (Documentation/fault-injection/fault-injection.rst: the task's Nth
 * fault-injection point fails; with failslab, each slab allocation is
 * one) right before the call, and reads back whether the failure was
 * injected. A call with a failure injected must fail with ENOMEM and
 * leave the state as it found it: no key of that description in the
 * keyring (add_key), the old payload (update); or succeed as if nothing
 * failed (an allocation whose failure the kernel survives), with the
 * payload it was given. The first N with nothing left to inject must
 * succeed. failslab must be told not to skip GFP_KERNEL allocations
 * (debugfs' failslab/ignore-gfp-wait set to N): scripts/lib/uml-init
 * does that.
 *
 * Prints KTAP, a test per type and operation, each saying how many
 * failures it injected. Usage: keys_fail_nth TYPE[:OPS]... where OPS is
 * a set of a (add_key), u (update) and r (read); "aur" by default.
 * Not part of the series: scripts/run-uml-tests runs it for coverage.
 */

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../selftests/keys/wrappers.h"

#define MAX_N	1000
#define DESC	"keys-fail-nth"

static int nth_fd;
static int32_t ring;
static int failures, tests_run;

/* arm: make the task's Nth fault-injection point fail. */
static int arm(unsigned int n)
{
	char buf[16];
	int len = snprintf(buf, sizeof(buf), "%u", n);

	return pwrite(nth_fd, buf, len, 0) == len ? 0 : -1;
}

/* injected: whether the armed failure happened; disarms it either way. */
static int injected(void)
{
	char buf[16] = "";

	if (pread(nth_fd, buf, sizeof(buf) - 1, 0) <= 0)
		return -1;
	if (arm(0))
		return -1;
	return atoi(buf) == 0;
}

static void fail(const char *what, unsigned int n, const char *why)
{
	printf("# %s: N=%u: %s\n", what, n, why);
	failures++;
}

/* reads: whether key reads back exactly as payload. */
static int reads(int32_t key, const char *payload)
{
	char buf[256];
	long len = keyctl_read(key, buf, sizeof(buf));

	return len == (long)strlen(payload) && !memcmp(buf, payload, len);
}

/*
 * test_op: one operation, N = 1, 2, ... until no failure is left; 0 if
 * it held.
 */
static int test_op(const char *type, char op, const char *what)
{
	const char *old = "payload before", *new = "payload after";
	int32_t key = 0, k;
	unsigned int n;
	char buf[256];
	long r;
	int inj, before = failures;

	if (op != 'a') {
		key = add_key(type, DESC, old, strlen(old), ring);
		if (key < 0) {
			fail(what, 0, strerror(errno));
			return -1;
		}
	}
	for (n = 1; n <= MAX_N; n++) {
		if (arm(n)) {
			fail(what, n, "cannot write fail-nth");
			return -1;
		}
		if (op == 'a')
			r = add_key(type, DESC, new, strlen(new), ring);
		else if (op == 'u')
			r = keyctl_update(key, new, strlen(new));
		else
			r = keyctl_read(key, buf, sizeof(buf));
		inj = injected();
		if (inj < 0) {
			fail(what, n, "cannot read fail-nth");
			return -1;
		}
		if (r < 0 && (!inj || errno != ENOMEM)) {
			fail(what, n, strerror(errno));
			break;
		}
		if (r < 0) {
			/* ENOMEM: nothing may have changed. */
			if (op == 'a') {
				k = keyctl_search(ring, type, DESC, 0);
				if (k >= 0 || errno != ENOKEY)
					fail(what, n, "a key is left after ENOMEM");
			} else if (!reads(key, old)) {
				fail(what, n, "the payload changed after ENOMEM");
			}
			continue;
		}
		/* Success: the operation did all it was asked. */
		if (op == 'a')
			key = r;
		if (op == 'r' ? r != (long)strlen(old) || memcmp(buf, old, r) :
		    !reads(key, new))
			fail(what, n, "succeeded with the wrong payload");
		if (op == 'a' && keyctl_unlink(key, ring))
			fail(what, n, "cannot unlink the key");
		if (!inj)
			break;
	}
	if (n > MAX_N)
		fail(what, n, "still injecting failures");
	if (op != 'a' && keyctl_unlink(key, ring))
		fail(what, 0, "cannot unlink the key");
	printf("# %s: %u failures injected\n", what, n - 1);
	printf("%s %d %s\n", failures == before ? "ok" : "not ok", ++tests_run, what);
	return failures == before ? 0 : -1;
}

int main(int argc, char **argv)
{
	static const char *const names[] = { ['a'] = "add_key",
		['u'] = "update", ['r'] = "read" };
	int i, tests = 0;
	const char *ops, *c;
	char what[64], type[32];

	for (i = 1; i < argc; i++) {
		ops = strchr(argv[i], ':');
		tests += ops ? (int)strlen(ops + 1) : 3;
	}
	printf("KTAP version 1\n1..%d\n", tests);
	nth_fd = open("/proc/thread-self/fail-nth", O_RDWR);
	ring = add_key("keyring", DESC, NULL, 0, KEY_SPEC_USER_KEYRING);
	if (nth_fd < 0 || ring < 0) {
		printf("# no fail-nth or no keyring: %s\n", strerror(errno));
		return 1;
	}
	for (i = 1; i < argc; i++) {
		ops = strchr(argv[i], ':');
		snprintf(type, sizeof(type), "%.*s",
			 (int)(ops ? ops - argv[i] : (long)strlen(argv[i])), argv[i]);
		for (c = ops ? ops + 1 : "aur"; *c; c++) {
			if (!strchr("aur", *c)) {
				printf("# unknown operation %c\n", *c);
				return 1;
			}
			snprintf(what, sizeof(what), "%s %s", type, names[(int)*c]);
			fflush(stdout);
			test_op(type, *c, what);
		}
	}
	keyctl_unlink(ring, KEY_SPEC_USER_KEYRING);
	return failures ? 1 : 0;
}
