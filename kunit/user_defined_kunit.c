// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * KUnit tests for the "user" and "logon" key types
 *
 * The operations exported by user_defined.c are driven through the real key
 * API, as the keyctl() paths drive them: keys are allocated, instantiated,
 * updated, read, described and revoked, and their payload, length and quota
 * charge are checked after each step.
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

#define TEST_DESC		"kunit_user_key"
/* key_alloc() charges the description with its NUL */
#define TEST_DESC_CHARGE	sizeof(TEST_DESC)
#define TEST_PAYLOAD		"0123456789"
#define TEST_PAYLOAD_LEN	(sizeof(TEST_PAYLOAD) - 1)
#define SENTINEL		0xa5

/*
 * Keys charged to a quota belong to a uid of their own, one per test, so that
 * the asynchronous release of another test's keys cannot change the counts.
 */
#define TEST_UID_BASE		0x4b455900
static atomic_t user_key_test_uid = ATOMIC_INIT(TEST_UID_BASE);

static kuid_t user_key_test_new_uid(void)
{
	return KUIDT_INIT(atomic_inc_return(&user_key_test_uid));
}

static void user_key_test_instantiate(struct kunit *test, struct key *key,
				      const void *data, size_t datalen)
{
	int ret = key_instantiate_and_link(key, data, datalen, NULL, NULL);

	KUNIT_ASSERT_EQ(test, ret, 0);
}

/* Allocate a key that is released when the test ends. */
static struct key *user_key_test_alloc(struct kunit *test,
				       struct key_type *type, const char *desc,
				       kuid_t uid, unsigned long flags)
{
	struct key *key;

	key = key_alloc(type, desc, uid, GLOBAL_ROOT_GID, current_cred(),
			KEY_POS_ALL | KEY_USR_VIEW, flags, NULL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, key);
	keys_kunit_put_at_exit(test, key);
	return key;
}

/*
 * Allocate and instantiate a key that is not charged to any quota; "logon"
 * keys get a "prefix:" description, as that type requires.
 */
static struct key *user_key_test_new(struct kunit *test, struct key_type *type,
				     const void *data, size_t datalen)
{
	const char *desc = type == &key_type_logon ? "kunit:logon" : TEST_DESC;
	struct key *key;

	key = user_key_test_alloc(test, type, desc, GLOBAL_ROOT_UID,
				  KEY_ALLOC_NOT_IN_QUOTA);
	user_key_test_instantiate(test, key, data, datalen);
	return key;
}

/* Allocate and instantiate a key charged to a fresh uid's quota. */
static struct key *user_key_test_new_in_quota(struct kunit *test,
					      const void *data, size_t datalen)
{
	struct key *key;

	key = user_key_test_alloc(test, &key_type_user, TEST_DESC,
				  user_key_test_new_uid(), KEY_ALLOC_IN_QUOTA);
	user_key_test_instantiate(test, key, data, datalen);
	return key;
}

/* user_preparse() takes 1 to 32767 bytes and charges exactly that much. */
static void user_preparse_sizes(struct kunit *test)
{
	const struct keys_kunit_size_case *param = test->param_value;
	u8 *data = keys_kunit_pattern(test, KEYS_KUNIT_MAX_DATALEN + 1);
	struct key_preparsed_payload prep = {
		.data = data,
		.datalen = param->datalen,
	};
	const struct user_key_payload *upayload;

	KUNIT_ASSERT_EQ(test, user_preparse(&prep), param->result);
	if (param->result)
		return;

	upayload = prep.payload.data[0];
	KUNIT_EXPECT_EQ(test, prep.quotalen, param->datalen);
	KUNIT_ASSERT_NOT_NULL(test, upayload);
	KUNIT_EXPECT_EQ(test, upayload->datalen, param->datalen);
	KUNIT_EXPECT_MEMEQ(test, upayload->data, data, param->datalen);
	user_free_preparse(&prep);
}

static void user_preparse_rejects_null_data(struct kunit *test)
{
	struct key_preparsed_payload prep = {
		.data = NULL,
		.datalen = TEST_PAYLOAD_LEN,
	};

	KUNIT_EXPECT_EQ(test, user_preparse(&prep), -EINVAL);
	KUNIT_EXPECT_NULL(test, prep.payload.data[0]);
}

static void user_instantiate_copies_payload(struct kunit *test)
{
	struct key *key = user_key_test_new(test, &key_type_user, TEST_PAYLOAD,
					    TEST_PAYLOAD_LEN);

	KUNIT_EXPECT_TRUE(test, key_is_positive(key));
	keys_kunit_expect_payload(test, key, TEST_PAYLOAD, TEST_PAYLOAD_LEN);
}

static void user_instantiate_max_payload(struct kunit *test)
{
	u8 *data = keys_kunit_pattern(test, KEYS_KUNIT_MAX_DATALEN);
	struct key *key = user_key_test_new(test, &key_type_user, data,
					    KEYS_KUNIT_MAX_DATALEN);

	keys_kunit_expect_payload(test, key, data, KEYS_KUNIT_MAX_DATALEN);
}

/* The description and the payload are both charged to the owner's quota. */
static void user_instantiate_charges_quota(struct kunit *test)
{
	struct key *key;
	int before;

	key = user_key_test_alloc(test, &key_type_user, TEST_DESC,
				  user_key_test_new_uid(), KEY_ALLOC_IN_QUOTA);
	before = keys_kunit_qnbytes(key);
	KUNIT_EXPECT_EQ(test, key->quotalen, TEST_DESC_CHARGE);

	user_key_test_instantiate(test, key, TEST_PAYLOAD, TEST_PAYLOAD_LEN);
	KUNIT_EXPECT_EQ(test, key->quotalen,
			TEST_DESC_CHARGE + TEST_PAYLOAD_LEN);
	KUNIT_EXPECT_EQ(test, keys_kunit_qnbytes(key),
			before + TEST_PAYLOAD_LEN);
}

/*
 * Read into a buffer of @buflen bytes: the whole length is returned, only
 * min(@buflen, length) bytes are copied and the rest is left untouched.
 */
static void user_key_test_read_buflen(struct kunit *test, size_t buflen)
{
	struct key *key = user_key_test_new(test, &key_type_user, TEST_PAYLOAD,
					    TEST_PAYLOAD_LEN);
	size_t copied = min(buflen, TEST_PAYLOAD_LEN);
	char *buf;
	size_t i;

	buf = kunit_kmalloc(test, buflen + 1, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	memset(buf, SENTINEL, buflen + 1);

	KUNIT_EXPECT_EQ(test, keys_kunit_read(key, buf, buflen),
			TEST_PAYLOAD_LEN);
	KUNIT_EXPECT_MEMEQ(test, buf, TEST_PAYLOAD, copied);
	for (i = copied; i < buflen + 1; i++)
		KUNIT_EXPECT_EQ_MSG(test, (u8)buf[i], SENTINEL,
				    "byte %zu overwritten", i);
}

static void user_read_larger_buffer(struct kunit *test)
{
	user_key_test_read_buflen(test, TEST_PAYLOAD_LEN + 6);
}

static void user_read_exact_buffer(struct kunit *test)
{
	user_key_test_read_buflen(test, TEST_PAYLOAD_LEN);
}

static void user_read_short_buffer(struct kunit *test)
{
	user_key_test_read_buflen(test, 4);
}

static void user_read_zero_length(struct kunit *test)
{
	user_key_test_read_buflen(test, 0);
}

static void user_read_null_buffer(struct kunit *test)
{
	struct key *key = user_key_test_new(test, &key_type_user, TEST_PAYLOAD,
					    TEST_PAYLOAD_LEN);

	KUNIT_EXPECT_EQ(test, keys_kunit_read(key, NULL, 0),
			TEST_PAYLOAD_LEN);
	KUNIT_EXPECT_EQ(test, keys_kunit_read(key, NULL, 100),
			TEST_PAYLOAD_LEN);
}

static void user_update_replaces_payload(struct kunit *test)
{
	static const char new[] = "new";
	struct key *key = user_key_test_new(test, &key_type_user, TEST_PAYLOAD,
					    TEST_PAYLOAD_LEN);
	char buf[8];

	KUNIT_ASSERT_EQ(test, key_update(make_key_ref(key, true), new,
					 sizeof(new) - 1), 0);
	keys_kunit_expect_payload(test, key, new, sizeof(new) - 1);
	KUNIT_EXPECT_EQ(test, keys_kunit_read(key, buf, sizeof(buf)),
			sizeof(new) - 1);
	KUNIT_EXPECT_MEMEQ(test, buf, new, sizeof(new) - 1);
}

static void user_update_rejects_bad_length(struct kunit *test)
{
	u8 *data = keys_kunit_pattern(test, KEYS_KUNIT_MAX_DATALEN + 1);
	struct key *key = user_key_test_new(test, &key_type_user, TEST_PAYLOAD,
					    TEST_PAYLOAD_LEN);
	key_ref_t ref = make_key_ref(key, true);

	KUNIT_EXPECT_EQ(test, key_update(ref, data, 0), -EINVAL);
	KUNIT_EXPECT_EQ(test, key_update(ref, data, KEYS_KUNIT_MAX_DATALEN + 1),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, key_update(ref, NULL, TEST_PAYLOAD_LEN), -EINVAL);
	keys_kunit_expect_payload(test, key, TEST_PAYLOAD, TEST_PAYLOAD_LEN);
}

static void user_update_adjusts_quota(struct kunit *test)
{
	static const char new[] = "abc";
	struct key *key = user_key_test_new_in_quota(test, TEST_PAYLOAD,
						     TEST_PAYLOAD_LEN);
	int before = keys_kunit_qnbytes(key);

	KUNIT_ASSERT_EQ(test, key_update(make_key_ref(key, true), new,
					 sizeof(new) - 1), 0);
	KUNIT_EXPECT_EQ(test, keys_kunit_qnbytes(key),
			before - TEST_PAYLOAD_LEN + sizeof(new) - 1);
	KUNIT_EXPECT_EQ(test, key->quotalen, TEST_DESC_CHARGE + sizeof(new) - 1);
}

/*
 * Growing a key by 32766 bytes exceeds the default per-user quota
 * (kernel.keys.maxbytes = 20000), which kunit.py's fresh kernel has: the
 * update must fail and leave the old payload and charge in place.
 */
static void user_update_past_quota_keeps_payload(struct kunit *test)
{
	u8 *data = keys_kunit_pattern(test, KEYS_KUNIT_MAX_DATALEN);
	struct key *key = user_key_test_new_in_quota(test, "x", 1);
	int before = keys_kunit_qnbytes(key);

	KUNIT_EXPECT_EQ(test, key_update(make_key_ref(key, true), data,
					 KEYS_KUNIT_MAX_DATALEN), -EDQUOT);
	keys_kunit_expect_payload(test, key, "x", 1);
	KUNIT_EXPECT_EQ(test, keys_kunit_qnbytes(key), before);
}

/* add_key() on an existing "user" key updates that key in place. */
static void user_create_or_update_updates_in_place(struct kunit *test)
{
	struct key *keyring = test->priv;
	key_ref_t ref1, ref2;

	ref1 = key_create_or_update(make_key_ref(keyring, true), "user",
				    TEST_DESC, TEST_PAYLOAD, TEST_PAYLOAD_LEN,
				    KEY_PERM_UNDEF, KEY_ALLOC_NOT_IN_QUOTA);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ref1));
	keys_kunit_put_at_exit(test, key_ref_to_ptr(ref1));
	ref2 = key_create_or_update(make_key_ref(keyring, true), "user",
				    TEST_DESC, "other", 5,
				    KEY_PERM_UNDEF, KEY_ALLOC_NOT_IN_QUOTA);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ref2));
	keys_kunit_put_at_exit(test, key_ref_to_ptr(ref2));

	KUNIT_EXPECT_PTR_EQ(test, key_ref_to_ptr(ref1), key_ref_to_ptr(ref2));
	keys_kunit_expect_payload(test, key_ref_to_ptr(ref1), "other", 5);
}

static void user_revoke_clears_payload(struct kunit *test)
{
	struct key *key = user_key_test_new(test, &key_type_user, TEST_PAYLOAD,
					    TEST_PAYLOAD_LEN);

	key_revoke(key);
	keys_kunit_expect_revoked(test, key);
}

static void user_revoke_releases_quota(struct kunit *test)
{
	struct key *key = user_key_test_new_in_quota(test, TEST_PAYLOAD,
						     TEST_PAYLOAD_LEN);
	int before = keys_kunit_qnbytes(key);

	key_revoke(key);
	KUNIT_EXPECT_EQ(test, key->quotalen, TEST_DESC_CHARGE);
	KUNIT_EXPECT_EQ(test, keys_kunit_qnbytes(key),
			before - TEST_PAYLOAD_LEN);
}

static void user_describe_instantiated(struct kunit *test)
{
	struct key *key = user_key_test_new(test, &key_type_user, TEST_PAYLOAD,
					    TEST_PAYLOAD_LEN);
	char buf[64];

	keys_kunit_describe(test, key, buf, sizeof(buf));
	KUNIT_EXPECT_STREQ(test, buf, TEST_DESC ": 10");
}

static void user_describe_uninstantiated(struct kunit *test)
{
	struct key *key;
	char buf[64];

	key = user_key_test_alloc(test, &key_type_user, TEST_DESC,
				  GLOBAL_ROOT_UID, KEY_ALLOC_NOT_IN_QUOTA);
	keys_kunit_describe(test, key, buf, sizeof(buf));
	KUNIT_EXPECT_STREQ(test, buf, TEST_DESC);
}

static void user_describe_revoked(struct kunit *test)
{
	struct key *key = user_key_test_new(test, &key_type_user, TEST_PAYLOAD,
					    TEST_PAYLOAD_LEN);
	char buf[64];

	key_revoke(key);
	keys_kunit_describe(test, key, buf, sizeof(buf));
	KUNIT_EXPECT_STREQ(test, buf, TEST_DESC ": 0");
}

struct logon_desc_case {
	const char *name;
	const char *desc;
	int result;
};

static const struct logon_desc_case logon_desc_cases[] = {
	{ .name = "a:b", .desc = "a:b", .result = 0 },
	{ .name = "svc:", .desc = "svc:", .result = 0 },
	{ .name = "ab", .desc = "ab", .result = -EINVAL },
	{ .name = ":b", .desc = ":b", .result = -EINVAL },
	{ .name = "empty", .desc = "", .result = -EINVAL },
};

KUNIT_ARRAY_PARAM_DESC(logon_desc, logon_desc_cases, name);

/* A logon description needs a non-empty "prefix:" before the rest. */
static void logon_vet_description(struct kunit *test)
{
	const struct logon_desc_case *param = test->param_value;

	KUNIT_ASSERT_NOT_NULL(test, key_type_logon.vet_description);
	KUNIT_EXPECT_EQ(test, key_type_logon.vet_description(param->desc),
			param->result);
}

/* key_alloc() applies the vetting, so no unqualified logon key exists. */
static void logon_alloc_rejects_unqualified(struct kunit *test)
{
	struct key *key;

	key = key_alloc(&key_type_logon, "ab", GLOBAL_ROOT_UID,
			GLOBAL_ROOT_GID, current_cred(), KEY_POS_ALL,
			KEY_ALLOC_NOT_IN_QUOTA, NULL);
	KUNIT_EXPECT_EQ(test, PTR_ERR_OR_ZERO(key), -EINVAL);
	if (!IS_ERR(key))
		key_put(key);
}

/* Logon keys hold the same payload as user keys but cannot be read. */
static void logon_has_no_read(struct kunit *test)
{
	struct key *key = user_key_test_new(test, &key_type_logon, TEST_PAYLOAD,
					    TEST_PAYLOAD_LEN);

	KUNIT_EXPECT_NULL(test, key_type_logon.read);
	keys_kunit_expect_payload(test, key, TEST_PAYLOAD, TEST_PAYLOAD_LEN);
}

static int user_key_test_init(struct kunit *test)
{
	struct key *keyring;

	keyring = keyring_alloc("kunit_user_keys", GLOBAL_ROOT_UID,
				GLOBAL_ROOT_GID, current_cred(),
				KEY_POS_ALL | KEY_USR_VIEW,
				KEY_ALLOC_NOT_IN_QUOTA, NULL, NULL);
	if (IS_ERR(keyring))
		return PTR_ERR(keyring);
	test->priv = keyring;
	return 0;
}

static void user_key_test_exit(struct kunit *test)
{
	struct key *keyring = test->priv;

	keyring_clear(keyring);
	key_put(keyring);
}

static struct kunit_case user_key_test_cases[] = {
	KUNIT_CASE_PARAM(user_preparse_sizes, keys_kunit_size_gen_params),
	KUNIT_CASE(user_preparse_rejects_null_data),
	KUNIT_CASE(user_instantiate_copies_payload),
	KUNIT_CASE(user_instantiate_max_payload),
	KUNIT_CASE(user_instantiate_charges_quota),
	KUNIT_CASE(user_read_larger_buffer),
	KUNIT_CASE(user_read_exact_buffer),
	KUNIT_CASE(user_read_short_buffer),
	KUNIT_CASE(user_read_zero_length),
	KUNIT_CASE(user_read_null_buffer),
	KUNIT_CASE(user_update_replaces_payload),
	KUNIT_CASE(user_update_rejects_bad_length),
	KUNIT_CASE(user_update_adjusts_quota),
	KUNIT_CASE(user_update_past_quota_keeps_payload),
	KUNIT_CASE(user_create_or_update_updates_in_place),
	KUNIT_CASE(user_revoke_clears_payload),
	KUNIT_CASE(user_revoke_releases_quota),
	KUNIT_CASE(user_describe_instantiated),
	KUNIT_CASE(user_describe_uninstantiated),
	KUNIT_CASE(user_describe_revoked),
	KUNIT_CASE_PARAM(logon_vet_description, logon_desc_gen_params),
	KUNIT_CASE(logon_alloc_rejects_unqualified),
	KUNIT_CASE(logon_has_no_read),
	{}
};

static struct kunit_suite user_key_test_suite = {
	.name = "keys_user_type",
	.init = user_key_test_init,
	.exit = user_key_test_exit,
	.test_cases = user_key_test_cases,
};

kunit_test_suite(user_key_test_suite);

MODULE_DESCRIPTION("KUnit tests for the user and logon key types");
MODULE_LICENSE("GPL");
