// SPDX-License-Identifier: GPL-2.0
/*
 * keys_bench: "user" against "request_key_test" keys, operation by operation
 *
 * The two types have the same operations; one is built in, the other a
 * module.  Measures the rate of add_key() (new descriptions), KEYCTL_READ
 * of a 64 byte and of a 32767 byte payload, and KEYCTL_REVOKE, for each
 * type, in rounds in which the two types take turns in blocks of 100
 * calls, which type goes first alternating (A/B, B/A, ...).  Setup and
 * cleanup are not timed, and the garbage collector is let finish between
 * operations.  For each operation it prints the median rate of each type
 * and the median, lowest and highest per-round ratio
 * request_key_test/user:
 *
 *   BENCH op user_ops_per_s request_key_test_ops_per_s ratio min max
 *
 * Usage: keys_bench [ROUNDS]   (default 20; load on the machine shows in its figures)
 * Not a test: it checks nothing but that every call succeeds.
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../../selftests/keys/wrappers.h"

#define MAX_ROUNDS	100
#define MAX_KEYS	4000
#define BLOCK		100	/* calls on one type before switching */
#define BIG_LEN		32767

static const char *const types[2] = { "user", "request_key_test" };

enum op { ADD, READ64, READ32K, REVOKE, NR_OPS };
static const char *const op_names[NR_OPS] = {
	"add_key", "read_64B", "read_32KiB", "revoke",
};
/* calls per type and round, multiples of BLOCK */
static const int op_count[NR_OPS] = { 4000, 4000, 4000, 4000 };

static double rate[NR_OPS][2][MAX_ROUNDS];
static unsigned char payload[BIG_LEN], buf[BIG_LEN];
static int keys[2][MAX_KEYS];

static void die(const char *what)
{
	fprintf(stderr, "keys_bench: %s: %s\n", what, strerror(errno));
	exit(1);
}

/* @ret of the call named @what, which must not have failed. */
static long must(long ret, const char *what)
{
	if (ret < 0)
		die(what);
	return ret;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Our uid's key count, from /proc/key-users. */
static int nr_keys(void)
{
	char line[256];
	int uid, n = -1;
	FILE *f = fopen("/proc/key-users", "r");

	if (!f)
		die("/proc/key-users");
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "%d: %*d %d/", &uid, &n) == 2 &&
		    uid == (int)getuid())
			break;
	fclose(f);
	return n;
}

/* Empty @ring and wait (at most 10 s) for the collector to destroy keys. */
static void settle(int ring, int baseline)
{
	int i;

	must(keyctl_clear(ring), "keyctl_clear");
	for (i = 0; i < 1000 && nr_keys() > baseline; i++)
		usleep(10000);
}

/* The payload length of the keys @op works on. */
static int payload_len(enum op op)
{
	return op == READ32K ? BIG_LEN : 64;
}

/* @n calls of @op on keys of type @t; returns the seconds they took. */
static double run_block(enum op op, int t, int first, int n, int ring,
			int key, int round)
{
	int len = payload_len(op);
	double start = now();
	char desc[32];
	int i;

	for (i = first; i < first + n; i++) {
		switch (op) {
		case ADD:
			snprintf(desc, sizeof(desc), "a%d-%d", round, i);
			must(add_key(types[t], desc, payload, len, ring),
			     "add_key");
			break;
		case READ64:
		case READ32K:
			if (must(keyctl_read(key, buf, len),
				 "keyctl_read") != len) {
				errno = EIO;
				die("short read");
			}
			break;
		case REVOKE:
			must(keyctl_revoke(keys[t][i]), "keyctl_revoke");
			break;
		default:
			break;
		}
	}
	return now() - start;
}

/*
 * One round of @op: the calls on the two types alternate in blocks of
 * BLOCK, the first type of each pair alternating too, so that drift and
 * noise fall on both alike.  Sets rate[@op][type][@round].
 */
static void measure(enum op op, int ring, int round)
{
	int b, i, t, n = op_count[op], key[2] = { 0, 0 };
	double secs[2] = { 0, 0 };
	char desc[32];

	for (t = 0; t < 2; t++) {
		if (op == READ64 || op == READ32K)
			key[t] = must(add_key(types[t], "bench", payload,
					      payload_len(op), ring), "add_key");
		if (op == REVOKE)
			for (i = 0; i < n; i++) {
				snprintf(desc, sizeof(desc), "r%d-%d-%d",
					 round, t, i);
				keys[t][i] = must(add_key(types[t], desc,
							  payload,
							  payload_len(op),
							  ring), "add_key");
			}
	}
	for (b = 0; b < n / BLOCK; b++)
		for (i = 0; i < 2; i++) {
			t = (b + round) % 2 ? 1 - i : i;
			secs[t] += run_block(op, t, b * BLOCK, BLOCK, ring,
					     key[t], round * 2 + t);
		}
	for (t = 0; t < 2; t++)
		rate[op][t][round] = n / secs[t];
}

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static double median(double *v, int n)
{
	double s[MAX_ROUNDS];

	memcpy(s, v, n * sizeof(*v));
	qsort(s, n, sizeof(*s), cmp);
	return n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

int main(int argc, char **argv)
{
	int rounds = argc > 1 ? atoi(argv[1]) : 20;
	int ring, baseline, r, op;
	double ratio[MAX_ROUNDS];

	if (rounds < 1 || rounds > MAX_ROUNDS) {
		fprintf(stderr, "usage: keys_bench [ROUNDS (1-%d)]\n",
			MAX_ROUNDS);
		return 2;
	}
	for (r = 0; r < BIG_LEN; r++)
		payload[r] = r % 251;
	must(keyctl_join_session_keyring(NULL), "keyctl_join_session_keyring");
	ring = must(add_key("keyring", "bench", NULL, 0,
			    KEY_SPEC_SESSION_KEYRING), "add_key");
	baseline = nr_keys();

	for (r = 0; r < rounds; r++)
		for (op = 0; op < NR_OPS; op++) {
			measure(op, ring, r);
			settle(ring, baseline);
		}

	printf("BENCH-ROUNDS %d\n", rounds);
	for (op = 0; op < NR_OPS; op++) {
		for (r = 0; r < rounds; r++)
			ratio[r] = rate[op][1][r] / rate[op][0][r];
		qsort(ratio, rounds, sizeof(*ratio), cmp);
		printf("BENCH %s %.0f %.0f %.3f %.3f %.3f\n", op_names[op],
		       median(rate[op][0], rounds), median(rate[op][1], rounds),
		       median(ratio, rounds), ratio[0], ratio[rounds - 1]);
	}
	return 0;
}
