/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Helpers shared by the KUnit suites of the key types built on the "user"
 * type operations
 *
 * Everything here is static inline, so that an includer pays only for what
 * it uses.  No expectation is checked inside an RCU read-side section: a
 * failing one allocates, and may sleep.
 */

#ifndef _SECURITY_KEYS_KEYS_KUNIT_H
#define _SECURITY_KEYS_KEYS_KUNIT_H

#include <kunit/test.h>
#include <linux/atomic.h>
#include <linux/cred.h>
#include <linux/key.h>
#include <linux/key-type.h>
#include <linux/rwsem.h>
#include <linux/seq_file.h>
#include <linux/string.h>
#include <keys/user-type.h>
#include "../internal.h"

#define KEYS_KUNIT_MAX_DATALEN	32767

static inline void keys_kunit_key_put(void *key)
{
	key_put(key);
}

/* Drop the test's reference to @key when the test ends. */
static inline void keys_kunit_put_at_exit(struct kunit *test, struct key *key)
{
	int ret = kunit_add_action_or_reset(test, keys_kunit_key_put, key);

	KUNIT_ASSERT_EQ(test, ret, 0);
}

/*
 * A uid of its own for a test whose keys are charged to a quota, taken from
 * the suite's @next, so that keys another test or the system charges to a
 * uid cannot change the counts.
 */
static inline kuid_t keys_kunit_new_uid(atomic_t *next)
{
	return KUIDT_INIT(atomic_inc_return(next));
}

/*
 * Read a key as keyctl_read_key() does: a negative key gives its error, a
 * positive one is validated and read under its semaphore, or gives
 * -EOPNOTSUPP if its type has no ->read().
 */
static inline long keys_kunit_read(struct key *key, char *buffer,
				   size_t buflen)
{
	long ret;

	ret = key_read_state(key);
	if (ret < 0)
		return ret;
	down_read(&key->sem);
	ret = key_validate(key);
	if (ret == 0)
		ret = key->type->read ? key->type->read(key, buffer, buflen) :
					-EOPNOTSUPP;
	up_read(&key->sem);
	return ret;
}

/*
 * Check that the key's user-type payload is exactly @data.  The payload is
 * looked at under the key's semaphore, which keeps it in place as RCU would,
 * but lets a failing expectation sleep.
 */
static inline void keys_kunit_expect_payload(struct kunit *test,
					     struct key *key,
					     const void *data, size_t datalen)
{
	const struct user_key_payload *upayload;

	KUNIT_EXPECT_EQ(test, key->datalen, datalen);
	down_read(&key->sem);
	upayload = user_key_payload_locked(key);
	KUNIT_EXPECT_NOT_NULL(test, upayload);
	if (upayload) {
		KUNIT_EXPECT_EQ(test, upayload->datalen, datalen);
		KUNIT_EXPECT_MEMEQ(test, upayload->data, data, datalen);
	}
	up_read(&key->sem);
}

/* Check that a revoked key has lost its payload and cannot be read. */
static inline void keys_kunit_expect_revoked(struct kunit *test,
					     struct key *key)
{
	bool has_payload;
	char buf[16];

	KUNIT_EXPECT_TRUE(test, test_bit(KEY_FLAG_REVOKED, &key->flags));
	KUNIT_EXPECT_EQ(test, key_validate(key), -EKEYREVOKED);
	KUNIT_EXPECT_EQ(test, keys_kunit_read(key, buf, sizeof(buf)),
			-EKEYREVOKED);
	KUNIT_EXPECT_EQ(test, key->datalen, 0);
	down_read(&key->sem);
	has_payload = user_key_payload_locked(key);
	up_read(&key->sem);
	KUNIT_EXPECT_FALSE(test, has_payload);
}

/*
 * The bytes charged to the quota of @key's owner, read under its lock, which
 * key_put() takes from RCU callbacks too: with interrupts off, as the core
 * takes it.
 */
static inline int keys_kunit_qnbytes(struct key *key)
{
	unsigned long flags;
	int qnbytes;

	spin_lock_irqsave(&key->user->lock, flags);
	qnbytes = key->user->qnbytes;
	spin_unlock_irqrestore(&key->user->lock, flags);
	return qnbytes;
}

/* Describe @key into @buf as /proc/keys does, and NUL-terminate it. */
static inline void keys_kunit_describe(struct kunit *test, struct key *key,
				       char *buf, size_t size)
{
	struct seq_file m = { .buf = buf, .size = size };

	key->type->describe(key, &m);
	KUNIT_ASSERT_LT_MSG(test, m.count, size, "description overflowed");
	buf[m.count] = '\0';
}

/* A buffer of @len bytes, each different from its neighbours. */
static inline u8 *keys_kunit_pattern(struct kunit *test, size_t len)
{
	u8 *buf;
	size_t i;

	buf = kunit_kmalloc(test, len, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	for (i = 0; i < len; i++)
		buf[i] = i % 251;
	return buf;
}

/*
 * A payload size around the user type's limits, and what it gives: a suite
 * makes a table of them its parameters, each named by keys_kunit_size_desc().
 */
struct keys_kunit_size_case {
	size_t datalen;
	int result;
};

static inline void keys_kunit_size_desc(const struct keys_kunit_size_case *c,
					char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%zu byte%s", c->datalen,
		 c->datalen == 1 ? "" : "s");
}

#endif /* _SECURITY_KEYS_KEYS_KUNIT_H */
