// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * KUnit tests for the "immutable" key type
 *
 * An immutable key is a "user" key without an update operation.  These tests
 * drive it through the same entry points the keyctl() paths use and check
 * that its payload cannot be changed once instantiated, while everything else
 * behaves as for "user".
 */

#include <kunit/test.h>
#include <linux/atomic.h>
#include <linux/cred.h>
#include <linux/err.h>
#include <linux/key.h>
#include <linux/key-type.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <keys/user-type.h>
#include "keys_kunit.h"

#define TEST_DESC		"kunit_immutable_key"
/* key_alloc() charges the description with its NUL */
#define TEST_DESC_CHARGE	sizeof(TEST_DESC)
#define TEST_PAYLOAD		"immutable payload"
#define TEST_PAYLOAD_LEN	(sizeof(TEST_PAYLOAD) - 1)
#define GUARD			0xa5

/* Keys charged to a quota each get a uid of their own: keys_kunit_new_uid(). */
static atomic_t immutable_kunit_next_uid = ATOMIC_INIT(0x4b455a00);

static const struct keys_kunit_size_case immutable_kunit_sizes[] = {
	{ .datalen = 0, .result = -EINVAL },
	{ .datalen = 1, .result = 0 },
	{ .datalen = KEYS_KUNIT_MAX_DATALEN, .result = 0 },
	{ .datalen = KEYS_KUNIT_MAX_DATALEN + 1, .result = -EINVAL },
};

KUNIT_ARRAY_PARAM(immutable_kunit_size, immutable_kunit_sizes,
		  keys_kunit_size_desc);

struct immutable_kunit {
	struct key *keyring;
};

/*
 * Add a key of type "immutable" to the test keyring as add_key() does,
 * and release it when the test ends.
 */
static key_ref_t immutable_kunit_add(struct kunit *test, const char *desc,
				     const void *data, size_t datalen,
				     key_perm_t perm)
{
	struct immutable_kunit *ctx = test->priv;
	key_ref_t ref;

	ref = key_create_or_update(make_key_ref(ctx->keyring, true),
				   "immutable", desc, data, datalen, perm,
				   KEY_ALLOC_NOT_IN_QUOTA);
	if (!IS_ERR(ref))
		keys_kunit_put_at_exit(test, key_ref_to_ptr(ref));
	return ref;
}

static struct key *immutable_kunit_new(struct kunit *test, const void *data,
				       size_t datalen, key_perm_t perm)
{
	key_ref_t ref = immutable_kunit_add(test, TEST_DESC, data, datalen, perm);

	KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(ref), "add failed: %ld",
			       PTR_ERR(ref));
	return key_ref_to_ptr(ref);
}

/* Check that the key's payload is exactly @data, also as read back. */
static void immutable_kunit_expect_payload(struct kunit *test, struct key *key,
					   const void *data, size_t datalen)
{
	char *buf;

	keys_kunit_expect_payload(test, key, data, datalen);
	buf = kunit_kzalloc(test, datalen, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	KUNIT_EXPECT_EQ(test, keys_kunit_read(key, buf, datalen), datalen);
	KUNIT_EXPECT_MEMEQ(test, buf, data, datalen);
}

/*
 * The type's name is ABI: add_key("immutable", ...) must reach the type
 * that immutable.c registers and exports, which this suite links against.
 */
static void immutable_registered_by_name(struct kunit *test)
{
	struct key *key = immutable_kunit_new(test, TEST_PAYLOAD,
					      TEST_PAYLOAD_LEN, KEY_PERM_UNDEF);

	KUNIT_EXPECT_STREQ(test, key_type_immutable.name, "immutable");
	KUNIT_EXPECT_PTR_EQ(test, key->type, &key_type_immutable);
}

static void immutable_round_trip(struct kunit *test)
{
	struct key *key = immutable_kunit_new(test, TEST_PAYLOAD,
					      TEST_PAYLOAD_LEN, KEY_PERM_UNDEF);

	KUNIT_EXPECT_TRUE(test, key_is_positive(key));
	immutable_kunit_expect_payload(test, key, TEST_PAYLOAD,
				       TEST_PAYLOAD_LEN);
}

/*
 * A short buffer gets the payload's length and nothing written past it; what
 * it holds is not part of the contract (keyctl_read_key() copies nothing).
 */
static void immutable_read_short_buffer(struct kunit *test)
{
	struct key *key = immutable_kunit_new(test, TEST_PAYLOAD,
					      TEST_PAYLOAD_LEN, KEY_PERM_UNDEF);
	char buf[5];

	memset(buf, GUARD, sizeof(buf));
	KUNIT_EXPECT_EQ(test, keys_kunit_read(key, buf, 4), TEST_PAYLOAD_LEN);
	KUNIT_EXPECT_EQ(test, (u8)buf[4], GUARD);
	KUNIT_EXPECT_EQ(test, keys_kunit_read(key, NULL, 0), TEST_PAYLOAD_LEN);
}

/* Unlike "logon", the type vets no description: any non-empty one will do. */
static void immutable_accepts_any_description(struct kunit *test)
{
	key_ref_t ref = immutable_kunit_add(test, "no colon", TEST_PAYLOAD,
					    TEST_PAYLOAD_LEN, KEY_PERM_UNDEF);

	KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(ref), "add failed: %ld",
			       PTR_ERR(ref));
	immutable_kunit_expect_payload(test, key_ref_to_ptr(ref), TEST_PAYLOAD,
				       TEST_PAYLOAD_LEN);
}

/* The payload limits are those of "user": 1 to 32767 bytes. */
static void immutable_payload_sizes(struct kunit *test)
{
	const struct keys_kunit_size_case *param = test->param_value;
	u8 *data = keys_kunit_pattern(test, KEYS_KUNIT_MAX_DATALEN + 1);
	key_ref_t ref;

	ref = immutable_kunit_add(test, TEST_DESC, data, param->datalen,
				  KEY_PERM_UNDEF);
	KUNIT_ASSERT_EQ(test, PTR_ERR_OR_ZERO(ref), param->result);
	if (param->result == 0)
		immutable_kunit_expect_payload(test, key_ref_to_ptr(ref), data,
					       param->datalen);
}

static void immutable_rejects_null_data(struct kunit *test)
{
	key_ref_t ref = immutable_kunit_add(test, TEST_DESC, NULL,
					    TEST_PAYLOAD_LEN, KEY_PERM_UNDEF);

	KUNIT_EXPECT_EQ(test, PTR_ERR_OR_ZERO(ref), -EINVAL);
}

/* Without ->update() the core grants no write permission by default. */
static void immutable_default_perm_lacks_write(struct kunit *test)
{
	struct key *key = immutable_kunit_new(test, TEST_PAYLOAD,
					      TEST_PAYLOAD_LEN, KEY_PERM_UNDEF);

	KUNIT_EXPECT_EQ(test, key->perm,
			KEY_POS_VIEW | KEY_POS_READ | KEY_POS_SEARCH |
			KEY_POS_LINK | KEY_POS_SETATTR | KEY_USR_VIEW);
}

static void immutable_update_without_write_is_eacces(struct kunit *test)
{
	struct key *key = immutable_kunit_new(test, TEST_PAYLOAD,
					      TEST_PAYLOAD_LEN, KEY_PERM_UNDEF);

	KUNIT_EXPECT_EQ(test, key_update(make_key_ref(key, true), "new", 3),
			-EACCES);
	immutable_kunit_expect_payload(test, key, TEST_PAYLOAD,
				       TEST_PAYLOAD_LEN);
}

static void immutable_update_with_write_is_eopnotsupp(struct kunit *test)
{
	struct key *key = immutable_kunit_new(test, TEST_PAYLOAD,
					      TEST_PAYLOAD_LEN,
					      KEY_POS_ALL | KEY_USR_VIEW);

	KUNIT_ASSERT_TRUE(test, key->perm & KEY_POS_WRITE);
	KUNIT_EXPECT_EQ(test, key_update(make_key_ref(key, true), "new", 3),
			-EOPNOTSUPP);
	immutable_kunit_expect_payload(test, key, TEST_PAYLOAD,
				       TEST_PAYLOAD_LEN);
}

/*
 * key_update() refuses a "user" key whose possessor dropped write and
 * setattr as it refuses an immutable key: the type adds nothing there.
 */
static void immutable_like_locked_user_key(struct kunit *test)
{
	struct immutable_kunit *ctx = test->priv;
	key_ref_t ref;

	ref = key_create_or_update(make_key_ref(ctx->keyring, true), "user",
				   TEST_DESC, TEST_PAYLOAD, TEST_PAYLOAD_LEN,
				   KEY_POS_VIEW | KEY_POS_READ | KEY_POS_SEARCH |
				   KEY_POS_LINK | KEY_USR_VIEW,
				   KEY_ALLOC_NOT_IN_QUOTA);
	KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(ref), "add failed: %ld",
			       PTR_ERR(ref));
	keys_kunit_put_at_exit(test, key_ref_to_ptr(ref));

	KUNIT_EXPECT_EQ(test, key_update(ref, "new", 3), -EACCES);
	keys_kunit_expect_payload(test, key_ref_to_ptr(ref), TEST_PAYLOAD,
				  TEST_PAYLOAD_LEN);
}

/*
 * add_key() with an existing description makes a new key that displaces
 * the old one from the keyring; the old key keeps its old payload.
 */
static void immutable_add_again_replaces_link(struct kunit *test)
{
	static const char new[] = "replacement";
	struct immutable_kunit *ctx = test->priv;
	struct key *old, *cur;
	key_ref_t found;

	old = immutable_kunit_new(test, TEST_PAYLOAD, TEST_PAYLOAD_LEN,
				  KEY_POS_ALL | KEY_USR_VIEW);
	cur = immutable_kunit_new(test, new, sizeof(new) - 1,
				  KEY_POS_ALL | KEY_USR_VIEW);

	KUNIT_EXPECT_PTR_NE(test, old, cur);
	KUNIT_EXPECT_NE(test, old->serial, cur->serial);
	immutable_kunit_expect_payload(test, old, TEST_PAYLOAD,
				       TEST_PAYLOAD_LEN);
	immutable_kunit_expect_payload(test, cur, new, sizeof(new) - 1);

	found = keyring_search(make_key_ref(ctx->keyring, true),
			       &key_type_immutable, TEST_DESC, false);
	KUNIT_ASSERT_FALSE(test, IS_ERR(found));
	KUNIT_EXPECT_PTR_EQ(test, key_ref_to_ptr(found), cur);
	key_ref_put(found);
}

static void immutable_revoke_clears_payload(struct kunit *test)
{
	struct key *key = immutable_kunit_new(test, TEST_PAYLOAD,
					      TEST_PAYLOAD_LEN, KEY_PERM_UNDEF);

	key_revoke(key);
	keys_kunit_expect_revoked(test, key);
}

static void immutable_invalidate(struct kunit *test)
{
	struct key *key = immutable_kunit_new(test, TEST_PAYLOAD,
					      TEST_PAYLOAD_LEN, KEY_PERM_UNDEF);
	char buf[TEST_PAYLOAD_LEN];

	key_invalidate(key);
	KUNIT_EXPECT_EQ(test, key_validate(key), -ENOKEY);
	KUNIT_EXPECT_EQ(test, keys_kunit_read(key, buf, sizeof(buf)),
			-ENOKEY);
}

static void immutable_describe(struct kunit *test)
{
	struct key *key = immutable_kunit_new(test, TEST_PAYLOAD,
					      TEST_PAYLOAD_LEN, KEY_PERM_UNDEF);
	char buf[64];

	keys_kunit_describe(test, key, buf, sizeof(buf));
	KUNIT_EXPECT_STREQ(test, buf, TEST_DESC ": 17");
}

/* Instantiation and revocation charge and release quota as for "user". */
static void immutable_quota(struct kunit *test)
{
	struct key *key;
	int before, ret;

	key = key_alloc(&key_type_immutable, TEST_DESC,
			keys_kunit_new_uid(&immutable_kunit_next_uid), GLOBAL_ROOT_GID,
			current_cred(), KEY_POS_ALL, KEY_ALLOC_IN_QUOTA, NULL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, key);
	keys_kunit_put_at_exit(test, key);

	before = keys_kunit_qnbytes(key);

	ret = key_instantiate_and_link(key, TEST_PAYLOAD, TEST_PAYLOAD_LEN,
				       NULL, NULL);
	KUNIT_ASSERT_EQ(test, ret, 0);
	KUNIT_EXPECT_EQ(test, key->quotalen,
			TEST_DESC_CHARGE + TEST_PAYLOAD_LEN);
	KUNIT_EXPECT_EQ(test, keys_kunit_qnbytes(key),
			before + TEST_PAYLOAD_LEN);

	key_revoke(key);
	KUNIT_EXPECT_EQ(test, key->quotalen, TEST_DESC_CHARGE);
	KUNIT_EXPECT_EQ(test, keys_kunit_qnbytes(key), before);
}

static int immutable_kunit_init(struct kunit *test)
{
	struct immutable_kunit *ctx;

	ctx = kunit_kzalloc(test, sizeof(*ctx), GFP_KERNEL);
	if (!ctx)
		return -ENOMEM;

	ctx->keyring = keyring_alloc("kunit_immutable_keys", GLOBAL_ROOT_UID,
				     GLOBAL_ROOT_GID, current_cred(),
				     KEY_POS_ALL | KEY_USR_VIEW,
				     KEY_ALLOC_NOT_IN_QUOTA, NULL, NULL);
	if (IS_ERR(ctx->keyring))
		return PTR_ERR(ctx->keyring);
	test->priv = ctx;
	return 0;
}

/* KUnit runs this even when immutable_kunit_init() failed. */
static void immutable_kunit_exit(struct kunit *test)
{
	struct immutable_kunit *ctx = test->priv;

	if (!ctx)
		return;
	keyring_clear(ctx->keyring);
	key_put(ctx->keyring);
}

static struct kunit_case immutable_kunit_cases[] = {
	KUNIT_CASE(immutable_registered_by_name),
	KUNIT_CASE(immutable_round_trip),
	KUNIT_CASE(immutable_read_short_buffer),
	KUNIT_CASE(immutable_accepts_any_description),
	KUNIT_CASE_PARAM(immutable_payload_sizes,
			 immutable_kunit_size_gen_params),
	KUNIT_CASE(immutable_rejects_null_data),
	KUNIT_CASE(immutable_default_perm_lacks_write),
	KUNIT_CASE(immutable_update_without_write_is_eacces),
	KUNIT_CASE(immutable_update_with_write_is_eopnotsupp),
	KUNIT_CASE(immutable_like_locked_user_key),
	KUNIT_CASE(immutable_add_again_replaces_link),
	KUNIT_CASE(immutable_revoke_clears_payload),
	KUNIT_CASE(immutable_invalidate),
	KUNIT_CASE(immutable_describe),
	KUNIT_CASE(immutable_quota),
	{}
};

static struct kunit_suite immutable_kunit_suite = {
	.name = "keys_immutable",
	.init = immutable_kunit_init,
	.exit = immutable_kunit_exit,
	.test_cases = immutable_kunit_cases,
};

kunit_test_suite(immutable_kunit_suite);

MODULE_DESCRIPTION("KUnit tests for the immutable key type");
MODULE_LICENSE("GPL");
