// SPDX-License-Identifier: GPL-2.0
/*
 * Bounded concurrency tests for "user" keys
 *
 * Readers race with a writer that updates, replaces or revokes the key they
 * read, and with revokers.  Each read must return one whole payload or the
 * errno of the state the key is in.  Each run is bounded by counts of
 * operations, not by time.
 */

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "../kselftest_harness.h"
#include "common.h"

#define READERS		4
#define ITERATIONS	2000
/*
 * add_key() calls at most, in the race with revokers: ITERATIONS and then
 * more, each followed by a yield, until a read and a revocation have
 * succeeded; a run that gets there by this many has not raced at all.
 */
#define ADD_LIMIT	(100 * ITERATIONS)
#define QUOTA_WAITS	10000
#define SHORT_LEN	100
#define LONG_LEN	200

struct race {
	int32_t key;		/* key the readers read, by serial */
	const char *type;	/* type they search for, if key is 0 */
	bool revokers;		/* searches can find revoked keys */
	bool stop;		/* set by the writer, read by the readers */
	int bad;		/* torn or unexpected reads */
	int reads;		/* whole payloads read */
	int revoked;		/* keys revoked by the revokers */
	char first_bad[128];	/* the call, the key, what it returned */
};

/*
 * Count a bad outcome; the first one is kept, for the log: which call on
 * which key returned what (errno if -1; else the length, and the first and
 * last bytes of what buf, LONG_LEN bytes, holds of it).
 */
static void note_bad(struct race *race, const char *call, int32_t key,
		     long ret, int err, const char *buf)
{
	long held = ret < LONG_LEN ? ret : LONG_LEN;

	/* the thread that counts the first one keeps it */
	if (__atomic_fetch_add(&race->bad, 1, __ATOMIC_RELAXED))
		return;
	if (ret < 0)
		snprintf(race->first_bad, sizeof(race->first_bad),
			 "%s(%d) = %ld, errno %d (%s)", call, key, ret, err,
			 strerror(err));
	else
		snprintf(race->first_bad, sizeof(race->first_bad),
			 "%s(%d) = %ld, bytes \"%.*s\"...\"%.*s\"", call, key,
			 ret, (int)(held < 8 ? held : 8), buf,
			 (int)(held < 8 ? held : 8),
			 buf + (held < 8 ? 0 : held - 8));
}

/*
 * add_key(), again while it fails with EDQUOT, at most QUOTA_WAITS times
 * 100 us apart.  A displaced or unlinked key gives its quota back only when
 * its last reference goes, which for a key the keyring held is an RCU
 * grace period later, and a uid other than root's has room for 200 keys
 * and 20000 bytes unless the kernel.keys sysctls say otherwise: these
 * races can outrun that.
 */
static int32_t add_key_waiting(const char *type, const char *desc,
			       const void *payload, size_t plen, int32_t ring)
{
	int32_t key;
	int i;

	for (i = 0;; i++) {
		key = add_key(type, desc, payload, plen, ring);
		if (key != -1 || errno != EDQUOT || i == QUOTA_WAITS)
			return key;
		usleep(100);
	}
}

/* No bad outcome; or the log says how many, and the first. */
static void expect_no_bad(struct __test_metadata *_metadata,
			  const struct race *race)
{
	if (race->bad)
		TH_LOG("%d bad outcomes, the first: %s", race->bad,
		       race->first_bad);
	EXPECT_EQ(0, race->bad);
}

/* A whole payload is SHORT_LEN 'a' or LONG_LEN 'b' bytes. */
static bool whole_payload(const char *buf, long len)
{
	char c = len == SHORT_LEN ? 'a' : 'b';
	long i;

	if (len != SHORT_LEN && len != LONG_LEN)
		return false;
	for (i = 0; i < len; i++)
		if (buf[i] != c)
			return false;
	return true;
}

static void *reader(void *arg)
{
	struct race *race = arg;
	char buf[LONG_LEN];
	int32_t key;
	long len;

	while (!__atomic_load_n(&race->stop, __ATOMIC_ACQUIRE)) {
		key = race->key ? race->key :
		      keyctl_search(KEY_SPEC_SESSION_KEYRING, race->type,
				    "race", 0);
		if (key < 0) {
			/* before the first add_key(): no key yet */
			if (errno == ENOKEY ||
			    (errno == EKEYREVOKED && race->revokers))
				continue;
			note_bad(race, "search", 0, key, errno, NULL);
			continue;
		}
		len = keyctl_read(key, buf, sizeof(buf));
		if (len >= 0 && whole_payload(buf, len)) {
			__atomic_fetch_add(&race->reads, 1, __ATOMIC_RELAXED);
			continue;
		}
		/*
		 * The key can be revoked, or displaced and collected.  A key
		 * displaced by add_key() is no longer possessed, and its owner
		 * has no read permission by default: EACCES.
		 */
		if (len < 0 && (errno == EKEYREVOKED || errno == ENOKEY ||
				(errno == EACCES && !race->key)))
			continue;
		note_bad(race, "read", key, len, errno, buf);
	}
	return NULL;
}

/* Revoke whatever key the description finds, as often as it can. */
static void *revoker(void *arg)
{
	struct race *race = arg;
	int32_t key;
	long ret;

	while (!__atomic_load_n(&race->stop, __ATOMIC_ACQUIRE)) {
		key = keyctl_search(KEY_SPEC_SESSION_KEYRING, race->type,
				    "race", 0);
		if (key < 0) {
			if (errno == ENOKEY || errno == EKEYREVOKED)
				continue;
			note_bad(race, "revoke: search", 0, key, errno, NULL);
			continue;
		}
		ret = keyctl_revoke(key);
		if (ret == 0) {
			__atomic_fetch_add(&race->revoked, 1, __ATOMIC_RELAXED);
			usleep(100);	/* leave the readers some keys */
			continue;
		}
		/*
		 * Revoked by another revoker, or displaced meanwhile and no
		 * longer possessed (EACCES) or already collected (ENOKEY).
		 */
		if (errno == EKEYREVOKED || errno == EACCES || errno == ENOKEY)
			continue;
		note_bad(race, "revoke", key, ret, errno, NULL);
	}
	return NULL;
}

static void start_readers(struct __test_metadata *_metadata,
			  struct race *race, pthread_t *threads)
{
	int i;

	for (i = 0; i < READERS; i++)
		ASSERT_EQ(0, pthread_create(&threads[i], NULL, reader, race));
}

static void stop_readers(struct race *race, pthread_t *threads)
{
	int i;

	__atomic_store_n(&race->stop, true, __ATOMIC_RELEASE);
	for (i = 0; i < READERS; i++)
		pthread_join(threads[i], NULL);
}

FIXTURE(stress) {
	char a[SHORT_LEN];
	char b[LONG_LEN];
};

FIXTURE_SETUP(stress)
{
	ASSERT_LT(0, keyctl_join_session_keyring(NULL));
	memset(self->a, 'a', sizeof(self->a));
	memset(self->b, 'b', sizeof(self->b));
}

FIXTURE_TEARDOWN(stress)
{
}

/* Readers of one user key while it is updated, then revoked. */
TEST_F(stress, user_update_and_revoke)
{
	struct race race = { 0 };
	pthread_t threads[READERS];
	int i;

	race.key = add_key("user", "race", self->a, SHORT_LEN,
			   KEY_SPEC_SESSION_KEYRING);
	ASSERT_LT(0, race.key);
	start_readers(_metadata, &race, threads);
	for (i = 0; i < ITERATIONS; i++)
		ASSERT_EQ(0, keyctl_update(race.key, i % 2 ? self->a : self->b,
					   i % 2 ? SHORT_LEN : LONG_LEN));
	ASSERT_EQ(0, keyctl_revoke(race.key));
	for (i = 0; i < ITERATIONS / 10; i++)
		usleep(10);
	stop_readers(&race, threads);
	expect_no_bad(_metadata, &race);
}

/*
 * A change of a user key racing with its revocation, ROUNDS times: a thread
 * updates the key of the round, gives it a timeout, or adds a key of its
 * description again, until it finds the key revoked, while the test revokes
 * it.  A revoked key keeps its time of revocation (revoked_at, which shares
 * its storage with the expiry): its /proc/keys line says "R" and "expd"
 * until the garbage collector reaps it.  A change that landed after the
 * revocation shows there: an update stores "perm", a timeout the time it
 * set.  A second keyring holds each round's key, so that the test can still
 * look at a key that add_key() displaced.
 */
enum change { UPDATE, SET_TIMEOUT, ADD_AGAIN };

#define ROUNDS		200
/* Seconds: a timeout that does not run out */
#define TIMEOUT		3600

struct change_race {
	struct race race;	/* .key: the key of the round; .bad */
	enum change change;
	int32_t ring;		/* where the key is, and ADD_AGAIN adds */
	int round;		/* set by the test when .key is the round's */
	int done;		/* set by the changer on finding it revoked */
	int live;		/* rounds whose key it changed before that */
	int changed;		/* revoked keys found changed */
	char first_changed[256];	/* the /proc/keys line of the first */
	const char *payload;	/* SHORT_LEN bytes */
};

/* Change the key of the round once; false when it is found revoked. */
static bool change_once(struct change_race *cr)
{
	int32_t key = cr->race.key;
	long ret;

	switch (cr->change) {
	case UPDATE:
		ret = keyctl_update(key, cr->payload, SHORT_LEN);
		break;
	case SET_TIMEOUT:
		ret = keyctl_set_timeout(key, TIMEOUT);
		break;
	default:
		/* updated in place, until add_key() finds it revoked */
		ret = add_key_waiting("user", "race", cr->payload, SHORT_LEN,
				      cr->ring);
		if (ret > 0)
			return ret == key;
		note_bad(&cr->race, "add_key", key, ret, errno, NULL);
		return false;
	}
	if (ret == 0)
		return true;
	if (ret < 0 && errno == EKEYREVOKED)
		return false;
	note_bad(&cr->race, cr->change == UPDATE ? "update" : "set_timeout",
		 key, ret, errno, NULL);
	return false;
}

static void *changer(void *arg)
{
	struct change_race *cr = arg;
	int round = 0, next;

	for (;;) {
		while ((next = __atomic_load_n(&cr->round, __ATOMIC_ACQUIRE)) ==
		       round)
			sched_yield();
		if (next < 0)
			return NULL;
		round = next;
		if (change_once(cr)) {
			cr->live++;
			while (change_once(cr))
				;
		}
		__atomic_store_n(&cr->done, round, __ATOMIC_RELEASE);
	}
}

/* Count the revoked @key as changed unless /proc/keys says "R" and "expd". */
static void check_revoked(struct change_race *cr, int32_t key)
{
	char line[256], flags[16], expiry[16];
	unsigned int serial;
	int usage;

	if (proc_keys_line(key, line, sizeof(line)) ||
	    sscanf(line, "%x %15s %d %15s", &serial, flags, &usage,
		   expiry) != 4) {
		note_bad(&cr->race, "/proc/keys", key, -1, ENOENT, NULL);
		return;
	}
	if (flags[1] == 'R' && strcmp(expiry, "expd") == 0)
		return;
	if (!cr->changed++)
		snprintf(cr->first_changed, sizeof(cr->first_changed), "%s",
			 line);
}

static void change_race(struct __test_metadata *_metadata,
			enum change change, const char *payload)
{
	struct change_race cr = { .change = change, .payload = payload };
	int32_t holder;
	pthread_t thread;
	int round, i;

	if (keys_gc_delay_short())
		SKIP(return, GC_DELAY_SKIP);
	cr.ring = add_key("keyring", "ring", NULL, 0, KEY_SPEC_SESSION_KEYRING);
	ASSERT_LT(0, cr.ring);
	holder = add_key("keyring", "holder", NULL, 0,
			 KEY_SPEC_SESSION_KEYRING);
	ASSERT_LT(0, holder);
	ASSERT_EQ(0, pthread_create(&thread, NULL, changer, &cr));
	for (round = 1; round <= ROUNDS; round++) {
		ASSERT_EQ(0, keyctl_clear(cr.ring));
		cr.race.key = add_key_waiting("user", "race", payload,
					      SHORT_LEN, cr.ring);
		ASSERT_LT(0, cr.race.key);
		ASSERT_EQ(0, keyctl_link(cr.race.key, holder));
		__atomic_store_n(&cr.round, round, __ATOMIC_RELEASE);
		/* revoke it at a different point of the change each round */
		for (i = 0; i < round % 4; i++)
			sched_yield();
		ASSERT_EQ(0, keyctl_revoke(cr.race.key));
		while (__atomic_load_n(&cr.done, __ATOMIC_ACQUIRE) != round)
			sched_yield();
		check_revoked(&cr, cr.race.key);
		ASSERT_EQ(0, keyctl_unlink(cr.race.key, holder));
	}
	__atomic_store_n(&cr.round, -1, __ATOMIC_RELEASE);
	pthread_join(thread, NULL);
	/* a run where every revocation came first raced nothing */
	if (!cr.live)
		TH_LOG("no key of %d rounds changed before its revocation",
		       ROUNDS);
	EXPECT_LT(0, cr.live);
	if (cr.changed)
		TH_LOG("%d of %d revoked keys changed, the first: %s",
		       cr.changed, ROUNDS, cr.first_changed);
	EXPECT_EQ(0, cr.changed);
	expect_no_bad(_metadata, &cr.race);
}

TEST_F(stress, update_while_revoked)
{
	change_race(_metadata, UPDATE, self->a);
}

TEST_F(stress, set_timeout_while_revoked)
{
	change_race(_metadata, SET_TIMEOUT, self->a);
}

TEST_F(stress, add_again_while_revoked)
{
	change_race(_metadata, ADD_AGAIN, self->a);
}

/*
 * Readers look up by description while add_key() gives the key a new
 * payload, which updates it in place.
 */
static void replace_race(struct __test_metadata *_metadata, const char *type,
			 const char *a, const char *b)
{
	struct race race = { .type = type };
	pthread_t threads[READERS];
	int32_t key;
	int i;

	start_readers(_metadata, &race, threads);
	for (i = 0; i < ITERATIONS; i++) {
		key = add_key_waiting(type, "race", i % 2 ? a : b,
				      i % 2 ? SHORT_LEN : LONG_LEN,
				      KEY_SPEC_SESSION_KEYRING);
		ASSERT_LT(0, key);
	}
	stop_readers(&race, threads);
	expect_no_bad(_metadata, &race);
}

/*
 * Readers and revokers look up the key by description while add_key()
 * replaces it: ITERATIONS keys, and more until a read and a revocation have
 * succeeded, at most ADD_LIMIT.  A "user" key found unrevoked is updated in
 * place, one found revoked is replaced.  The run must have read and revoked
 * keys, or it raced nothing.
 */
static void revoke_race(struct __test_metadata *_metadata, const char *type,
			const char *a, const char *b)
{
	struct race race = { .type = type, .revokers = true };
	pthread_t threads[READERS], revokers[2];
	int i, added;

	start_readers(_metadata, &race, threads);
	for (i = 0; i < 2; i++)
		ASSERT_EQ(0, pthread_create(&revokers[i], NULL, revoker,
					    &race));
	for (added = 0; added < ADD_LIMIT; added++) {
		if (added >= ITERATIONS &&
		    __atomic_load_n(&race.reads, __ATOMIC_RELAXED) &&
		    __atomic_load_n(&race.revoked, __ATOMIC_RELAXED))
			break;
		ASSERT_LT(0, add_key_waiting(type, "race", added % 2 ? a : b,
					     added % 2 ? SHORT_LEN : LONG_LEN,
					     KEY_SPEC_SESSION_KEYRING));
		/* on one CPU too, let the others run */
		if (added % 16 == 0 || added >= ITERATIONS)
			sched_yield();
	}
	stop_readers(&race, threads);
	for (i = 0; i < 2; i++)
		pthread_join(revokers[i], NULL);
	expect_no_bad(_metadata, &race);
	if (!race.reads || !race.revoked)
		TH_LOG("%d keys added, %d whole reads, %d revoked", added,
		       race.reads, race.revoked);
	EXPECT_LT(0, race.reads);
	EXPECT_LT(0, race.revoked);
}

/* The two races above, once for each key type of key_type_variants.h. */
FIXTURE(key_type) {
	char a[SHORT_LEN];
	char b[LONG_LEN];
};

#include "key_type_variants.h"

FIXTURE_SETUP(key_type)
{
	ASSERT_LT(0, keyctl_join_session_keyring(NULL));
	memset(self->a, 'a', sizeof(self->a));
	memset(self->b, 'b', sizeof(self->b));
}

FIXTURE_TEARDOWN(key_type)
{
}

TEST_F(key_type, add_replaces)
{
	replace_race(_metadata, variant->type, self->a, self->b);
}

TEST_F(key_type, add_and_revoke)
{
	revoke_race(_metadata, variant->type, self->a, self->b);
}

int main(int argc, char **argv)
{
	return keys_test_main(argc, argv);
}
