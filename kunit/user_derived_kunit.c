// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * KUnit tests for key types derived from the "user" key type
 *
 * security/keys/user_defined.c exports the operations of the "user" key
 * type for other key types to be made of.  This suite registers two such
 * types of its own, one with every operation of "user" and one without
 * ->update() (as "id_resolver" and samples/keys/ are), and drives them
 * through the key core: what a derived type gets from the operations must
 * not depend on its being "user".
 */

#include <kunit/test.h>
#include <linux/err.h>
#include <linux/key.h>
#include <linux/key-type.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <keys/user-type.h>
#include "keys_kunit.h"

#define TEST_DESC		"kunit_derived_key"
#define TEST_PAYLOAD		"derived payload"
#define TEST_PAYLOAD_LEN	(sizeof(TEST_PAYLOAD) - 1)
#define NEW_PAYLOAD		"a new derived payload"
#define NEW_PAYLOAD_LEN		(sizeof(NEW_PAYLOAD) - 1)
#define GUARD			0xa5

/* Every operation of "user", under another name. */
static struct key_type user_derived_kunit_type = {
	.name		= "kunit_derived",
	.preparse	= user_preparse,
	.free_preparse	= user_free_preparse,
	.instantiate	= generic_key_instantiate,
	.update		= user_update,
	.revoke		= user_revoke,
	.destroy	= user_destroy,
	.describe	= user_describe,
	.read		= user_read,
};

/* The same without ->update(). */
static struct key_type user_derived_kunit_noupdate_type = {
	.name		= "kunit_derived_noupdate",
	.preparse	= user_preparse,
	.free_preparse	= user_free_preparse,
	.instantiate	= generic_key_instantiate,
	.revoke		= user_revoke,
	.destroy	= user_destroy,
	.describe	= user_describe,
	.read		= user_read,
};

static const struct keys_kunit_size_case user_derived_kunit_sizes[] = {
	{ .datalen = 0, .result = -EINVAL },
	{ .datalen = 1, .result = 0 },
	{ .datalen = KEYS_KUNIT_MAX_DATALEN, .result = 0 },
	{ .datalen = KEYS_KUNIT_MAX_DATALEN + 1, .result = -EINVAL },
};

KUNIT_ARRAY_PARAM(user_derived_kunit_size, user_derived_kunit_sizes,
		  keys_kunit_size_desc);

struct user_derived_kunit {
	struct key *keyring;
};

/*
 * Add a key of @type to the test keyring by its type's name, through
 * key_create_or_update() as add_key() does, but with the permissions
 * @perm (KEY_PERM_UNDEF: the default ones) and not charged to a quota;
 * release it when the test ends.
 */
static key_ref_t user_derived_kunit_add(struct kunit *test,
					struct key_type *type,
					const void *data, size_t datalen,
					key_perm_t perm)
{
	struct user_derived_kunit *ctx = test->priv;
	key_ref_t ref;

	ref = key_create_or_update(make_key_ref(ctx->keyring, true),
				   type->name, TEST_DESC, data, datalen, perm,
				   KEY_ALLOC_NOT_IN_QUOTA);
	if (!IS_ERR(ref))
		keys_kunit_put_at_exit(test, key_ref_to_ptr(ref));
	return ref;
}

static struct key *user_derived_kunit_new(struct kunit *test,
					  struct key_type *type,
					  key_perm_t perm)
{
	key_ref_t ref = user_derived_kunit_add(test, type, TEST_PAYLOAD,
					       TEST_PAYLOAD_LEN, perm);

	KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(ref), "add failed: %ld",
			       PTR_ERR(ref));
	return key_ref_to_ptr(ref);
}

/* Check that the key's payload is exactly @data, also as read back. */
static void user_derived_kunit_expect_payload(struct kunit *test,
					      struct key *key,
					      const void *data, size_t datalen)
{
	char *buf;

	keys_kunit_expect_payload(test, key, data, datalen);
	buf = kunit_kzalloc(test, datalen, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	KUNIT_EXPECT_EQ(test, keys_kunit_read(key, buf, datalen), datalen);
	KUNIT_EXPECT_MEMEQ(test, buf, data, datalen);
}

/* A key is made by the type's name, and instantiated from its data. */
static void user_derived_instantiate(struct kunit *test)
{
	struct key *key = user_derived_kunit_new(test, &user_derived_kunit_type,
						 KEY_PERM_UNDEF);

	KUNIT_EXPECT_PTR_EQ(test, key->type, &user_derived_kunit_type);
	KUNIT_EXPECT_TRUE(test, key_is_positive(key));
	user_derived_kunit_expect_payload(test, key, TEST_PAYLOAD,
					  TEST_PAYLOAD_LEN);
}

/* The payload limits are those of "user": 1 to 32767 bytes. */
static void user_derived_instantiate_sizes(struct kunit *test)
{
	const struct keys_kunit_size_case *param = test->param_value;
	u8 *data = keys_kunit_pattern(test, KEYS_KUNIT_MAX_DATALEN + 1);
	key_ref_t ref;

	ref = user_derived_kunit_add(test, &user_derived_kunit_type, data,
				     param->datalen, KEY_PERM_UNDEF);
	KUNIT_ASSERT_EQ(test, PTR_ERR_OR_ZERO(ref), param->result);
	if (param->result == 0)
		user_derived_kunit_expect_payload(test, key_ref_to_ptr(ref),
						  data, param->datalen);
}

static void user_derived_update(struct kunit *test)
{
	struct key *key = user_derived_kunit_new(test, &user_derived_kunit_type,
						 KEY_PERM_UNDEF);

	KUNIT_ASSERT_TRUE(test, key->perm & KEY_POS_WRITE);
	KUNIT_EXPECT_EQ(test, key_update(make_key_ref(key, true), NEW_PAYLOAD,
					 NEW_PAYLOAD_LEN), 0);
	user_derived_kunit_expect_payload(test, key, NEW_PAYLOAD,
					  NEW_PAYLOAD_LEN);
}

/* An update out of the limits fails and leaves the payload as it was. */
static void user_derived_update_sizes(struct kunit *test)
{
	const struct keys_kunit_size_case *param = test->param_value;
	u8 *data = keys_kunit_pattern(test, KEYS_KUNIT_MAX_DATALEN + 1);
	struct key *key = user_derived_kunit_new(test, &user_derived_kunit_type,
						 KEY_PERM_UNDEF);

	KUNIT_EXPECT_EQ(test, key_update(make_key_ref(key, true), data,
					 param->datalen), param->result);
	if (param->result == 0)
		user_derived_kunit_expect_payload(test, key, data,
						  param->datalen);
	else
		user_derived_kunit_expect_payload(test, key, TEST_PAYLOAD,
						  TEST_PAYLOAD_LEN);
}

/*
 * A short buffer gets the payload's length and nothing written past it;
 * what it holds is not part of the contract (keyctl_read_key() copies
 * nothing then).
 */
static void user_derived_read_short_buffer(struct kunit *test)
{
	struct key *key = user_derived_kunit_new(test, &user_derived_kunit_type,
						 KEY_PERM_UNDEF);
	char buf[5];

	memset(buf, GUARD, sizeof(buf));
	KUNIT_EXPECT_EQ(test, keys_kunit_read(key, buf, 4), TEST_PAYLOAD_LEN);
	KUNIT_EXPECT_EQ(test, (u8)buf[4], GUARD);
	KUNIT_EXPECT_EQ(test, keys_kunit_read(key, NULL, 0), TEST_PAYLOAD_LEN);
}

static void user_derived_describe(struct kunit *test)
{
	struct key *key = user_derived_kunit_new(test, &user_derived_kunit_type,
						 KEY_PERM_UNDEF);
	char buf[64];

	keys_kunit_describe(test, key, buf, sizeof(buf));
	KUNIT_EXPECT_STREQ(test, buf, TEST_DESC ": 15");
}

static void user_derived_revoke(struct kunit *test)
{
	struct key *key = user_derived_kunit_new(test, &user_derived_kunit_type,
						 KEY_PERM_UNDEF);

	key_revoke(key);
	keys_kunit_expect_revoked(test, key);
}

/* Without ->update(), add_key() gives a new key no write permission. */
static void user_derived_noupdate_default_perm(struct kunit *test)
{
	struct key *key = user_derived_kunit_new(test,
						 &user_derived_kunit_noupdate_type,
						 KEY_PERM_UNDEF);

	KUNIT_EXPECT_EQ(test, key->perm,
			KEY_POS_VIEW | KEY_POS_READ | KEY_POS_SEARCH |
			KEY_POS_LINK | KEY_POS_SETATTR | KEY_USR_VIEW);
	user_derived_kunit_expect_payload(test, key, TEST_PAYLOAD,
					  TEST_PAYLOAD_LEN);
}

/* key_update() checks write permission before it looks for ->update(). */
static void user_derived_noupdate_update(struct kunit *test)
{
	struct key *key, *writable;

	key = user_derived_kunit_new(test, &user_derived_kunit_noupdate_type,
				     KEY_PERM_UNDEF);
	KUNIT_EXPECT_EQ(test, key_update(make_key_ref(key, true), NEW_PAYLOAD,
					 NEW_PAYLOAD_LEN), -EACCES);
	user_derived_kunit_expect_payload(test, key, TEST_PAYLOAD,
					  TEST_PAYLOAD_LEN);

	writable = user_derived_kunit_new(test, &user_derived_kunit_noupdate_type,
					  KEY_POS_ALL | KEY_USR_VIEW);
	KUNIT_EXPECT_EQ(test, key_update(make_key_ref(writable, true),
					 NEW_PAYLOAD, NEW_PAYLOAD_LEN),
			-EOPNOTSUPP);
	user_derived_kunit_expect_payload(test, writable, TEST_PAYLOAD,
					  TEST_PAYLOAD_LEN);
}

/*
 * Without ->update(), adding a key with the description of one in the
 * keyring makes a new key, which displaces the old one from the keyring;
 * the old key keeps its payload.
 */
static void user_derived_noupdate_add_again(struct kunit *test)
{
	struct user_derived_kunit *ctx = test->priv;
	struct key *old, *cur;
	key_ref_t ref, found;

	old = user_derived_kunit_new(test, &user_derived_kunit_noupdate_type,
				     KEY_POS_ALL | KEY_USR_VIEW);
	ref = user_derived_kunit_add(test, &user_derived_kunit_noupdate_type,
				     NEW_PAYLOAD, NEW_PAYLOAD_LEN,
				     KEY_POS_ALL | KEY_USR_VIEW);
	KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(ref), "add failed: %ld",
			       PTR_ERR(ref));
	cur = key_ref_to_ptr(ref);

	KUNIT_EXPECT_PTR_NE(test, old, cur);
	user_derived_kunit_expect_payload(test, old, TEST_PAYLOAD,
					  TEST_PAYLOAD_LEN);
	user_derived_kunit_expect_payload(test, cur, NEW_PAYLOAD,
					  NEW_PAYLOAD_LEN);

	found = keyring_search(make_key_ref(ctx->keyring, true),
			       &user_derived_kunit_noupdate_type, TEST_DESC, false);
	KUNIT_ASSERT_FALSE(test, IS_ERR(found));
	KUNIT_EXPECT_PTR_EQ(test, key_ref_to_ptr(found), cur);
	key_ref_put(found);
	/* the new key took the old one's place: one key in the keyring */
	KUNIT_EXPECT_EQ(test, ctx->keyring->keys.nr_leaves_on_tree, 1UL);
}

static int user_derived_kunit_suite_init(struct kunit_suite *suite)
{
	int ret;

	ret = register_key_type(&user_derived_kunit_type);
	if (ret)
		return ret;
	ret = register_key_type(&user_derived_kunit_noupdate_type);
	if (ret)
		unregister_key_type(&user_derived_kunit_type);
	return ret;
}

static void user_derived_kunit_suite_exit(struct kunit_suite *suite)
{
	unregister_key_type(&user_derived_kunit_noupdate_type);
	unregister_key_type(&user_derived_kunit_type);
}

static int user_derived_kunit_init(struct kunit *test)
{
	struct user_derived_kunit *ctx;

	ctx = kunit_kzalloc(test, sizeof(*ctx), GFP_KERNEL);
	if (!ctx)
		return -ENOMEM;

	ctx->keyring = keyring_alloc("kunit_derived_keys", GLOBAL_ROOT_UID,
				     GLOBAL_ROOT_GID, current_cred(),
				     KEY_POS_ALL | KEY_USR_VIEW,
				     KEY_ALLOC_NOT_IN_QUOTA, NULL, NULL);
	if (IS_ERR(ctx->keyring))
		return PTR_ERR(ctx->keyring);
	test->priv = ctx;
	return 0;
}

/* KUnit runs this even when user_derived_kunit_init() failed. */
static void user_derived_kunit_exit(struct kunit *test)
{
	struct user_derived_kunit *ctx = test->priv;

	if (!ctx)
		return;
	keyring_clear(ctx->keyring);
	key_put(ctx->keyring);
}

static struct kunit_case user_derived_kunit_cases[] = {
	KUNIT_CASE(user_derived_instantiate),
	KUNIT_CASE_PARAM(user_derived_instantiate_sizes,
			 user_derived_kunit_size_gen_params),
	KUNIT_CASE(user_derived_update),
	KUNIT_CASE_PARAM(user_derived_update_sizes,
			 user_derived_kunit_size_gen_params),
	KUNIT_CASE(user_derived_read_short_buffer),
	KUNIT_CASE(user_derived_describe),
	KUNIT_CASE(user_derived_revoke),
	KUNIT_CASE(user_derived_noupdate_default_perm),
	KUNIT_CASE(user_derived_noupdate_update),
	KUNIT_CASE(user_derived_noupdate_add_again),
	{}
};

static struct kunit_suite user_derived_kunit_suite = {
	.name = "keys_user_derived",
	.suite_init = user_derived_kunit_suite_init,
	.suite_exit = user_derived_kunit_suite_exit,
	.init = user_derived_kunit_init,
	.exit = user_derived_kunit_exit,
	.test_cases = user_derived_kunit_cases,
};

kunit_test_suite(user_derived_kunit_suite);

MODULE_DESCRIPTION("KUnit tests for key types made of the user key type's operations");
MODULE_LICENSE("GPL");
