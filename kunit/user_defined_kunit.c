// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * KUnit tests for the "user" and "logon" key types
 *
 * The operations exported by user_defined.c are driven through the real key
 * API, as the keyctl() paths drive them: keys are allocated, instantiated,
 * updated, read, described and revoked, and their payload, length, expiry
 * and quota charge are checked after each step.
 */

#include <kunit/test.h>
#include <linux/atomic.h>
#include <linux/cred.h>
#include <linux/err.h>
#include <linux/key.h>
#include <linux/key-type.h>
#include <linux/minmax.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/timekeeping.h>
#include <keys/user-type.h>
#include "keys_kunit.h"

#define TEST_DESC		"kunit_user_key"
/* key_alloc() charges the description with its NUL */
#define TEST_DESC_CHARGE	sizeof(TEST_DESC)
#define TEST_PAYLOAD		"0123456789"
#define TEST_PAYLOAD_LEN	(sizeof(TEST_PAYLOAD) - 1)
#define GUARD			0xa5
/* How many keys user_update_past_quota_keeps_payload() may fill a quota with */
#define QUOTA_FILL_MAX		128

/* Keys charged to a quota each get a uid of their own: keys_kunit_new_uid(). */
static atomic_t user_kunit_next_uid = ATOMIC_INIT(0x4b455900);

static const struct keys_kunit_size_case user_kunit_sizes[] = {
	{ .datalen = 0, .result = -EINVAL },
	{ .datalen = 1, .result = 0 },
	{ .datalen = KEYS_KUNIT_MAX_DATALEN, .result = 0 },
	{ .datalen = KEYS_KUNIT_MAX_DATALEN + 1, .result = -EINVAL },
};

KUNIT_ARRAY_PARAM(user_kunit_size, user_kunit_sizes, keys_kunit_size_desc);

/* Allocate a key that is released when the test ends. */
static struct key *user_kunit_alloc(struct kunit *test, struct key_type *type,
				    const char *desc, kuid_t uid,
				    unsigned long flags)
{
	struct key *key;

	key = key_alloc(type, desc, uid, GLOBAL_ROOT_GID, current_cred(),
			KEY_POS_ALL | KEY_USR_VIEW, flags, NULL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, key);
	keys_kunit_put_at_exit(test, key);
	return key;
}

static void user_kunit_instantiate(struct kunit *test, struct key *key,
				   const void *data, size_t datalen)
{
	int ret = key_instantiate_and_link(key, data, datalen, NULL, NULL);

	KUNIT_ASSERT_EQ(test, ret, 0);
}

/*
 * Allocate and instantiate a key that is not charged to any quota; "logon"
 * keys get a "prefix:" description, as that type requires.
 */
static struct key *user_kunit_new(struct kunit *test, struct key_type *type,
				  const void *data, size_t datalen)
{
	const char *desc = type == &key_type_logon ? "kunit:logon" : TEST_DESC;
	struct key *key;

	key = user_kunit_alloc(test, type, desc, GLOBAL_ROOT_UID,
			       KEY_ALLOC_NOT_IN_QUOTA);
	user_kunit_instantiate(test, key, data, datalen);
	return key;
}

/* Allocate a key charged to the quota of @uid. */
static struct key *user_kunit_alloc_in_quota(struct kunit *test, kuid_t uid)
{
	return user_kunit_alloc(test, &key_type_user, TEST_DESC, uid,
				KEY_ALLOC_IN_QUOTA);
}

/* Allocate and instantiate a key charged to a fresh uid's quota. */
static struct key *user_kunit_new_in_quota(struct kunit *test,
					   const void *data, size_t datalen)
{
	kuid_t uid = keys_kunit_new_uid(&user_kunit_next_uid);
	struct key *key;

	key = user_kunit_alloc_in_quota(test, uid);
	user_kunit_instantiate(test, key, data, datalen);
	return key;
}

KUNIT_DEFINE_ACTION_WRAPPER(user_kunit_free_preparse, user_free_preparse,
			    struct key_preparsed_payload *);

/*
 * user_preparse() takes 1 to 32767 bytes and charges exactly that much.
 * What it attaches is freed when the test ends, whichever check failed.
 */
static void user_preparse_sizes(struct kunit *test)
{
	const struct keys_kunit_size_case *param = test->param_value;
	u8 *data = keys_kunit_pattern(test, KEYS_KUNIT_MAX_DATALEN + 1);
	struct key_preparsed_payload *prep;
	const struct user_key_payload *upayload;
	int ret;

	prep = kunit_kzalloc(test, sizeof(*prep), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, prep);
	prep->data = data;
	prep->datalen = param->datalen;
	ret = user_preparse(prep);
	if (!ret)
		ret = kunit_add_action_or_reset(test, user_kunit_free_preparse,
						prep);
	KUNIT_ASSERT_EQ(test, ret, param->result);
	if (param->result)
		return;

	upayload = prep->payload.data[0];
	KUNIT_EXPECT_EQ(test, prep->quotalen, param->datalen);
	KUNIT_ASSERT_NOT_NULL(test, upayload);
	KUNIT_EXPECT_EQ(test, upayload->datalen, param->datalen);
	KUNIT_EXPECT_MEMEQ(test, upayload->data, data, param->datalen);
}

static void user_preparse_rejects_null_data(struct kunit *test)
{
	struct key_preparsed_payload prep = {
		.data = NULL,
		.datalen = TEST_PAYLOAD_LEN,
	};

	KUNIT_EXPECT_EQ(test, user_preparse(&prep), -EINVAL);
}

static void user_instantiate_copies_payload(struct kunit *test)
{
	struct key *key = user_kunit_new(test, &key_type_user, TEST_PAYLOAD,
					 TEST_PAYLOAD_LEN);

	KUNIT_EXPECT_TRUE(test, key_is_positive(key));
	keys_kunit_expect_payload(test, key, TEST_PAYLOAD, TEST_PAYLOAD_LEN);
}

static void user_instantiate_max_payload(struct kunit *test)
{
	u8 *data = keys_kunit_pattern(test, KEYS_KUNIT_MAX_DATALEN);
	struct key *key = user_kunit_new(test, &key_type_user, data,
					 KEYS_KUNIT_MAX_DATALEN);

	keys_kunit_expect_payload(test, key, data, KEYS_KUNIT_MAX_DATALEN);
}

/* The description and the payload are both charged to the owner's quota. */
static void user_instantiate_charges_quota(struct kunit *test)
{
	kuid_t uid = keys_kunit_new_uid(&user_kunit_next_uid);
	struct key *key;
	int before;

	key = user_kunit_alloc_in_quota(test, uid);
	before = keys_kunit_qnbytes(key);
	KUNIT_EXPECT_EQ(test, key->quotalen, TEST_DESC_CHARGE);

	user_kunit_instantiate(test, key, TEST_PAYLOAD, TEST_PAYLOAD_LEN);
	KUNIT_EXPECT_EQ(test, key->quotalen,
			TEST_DESC_CHARGE + TEST_PAYLOAD_LEN);
	KUNIT_EXPECT_EQ(test, keys_kunit_qnbytes(key),
			before + TEST_PAYLOAD_LEN);
}

/*
 * Read into a buffer of @buflen bytes.  ->read() returns the payload's length
 * whatever the buffer's size, and must not write past the buffer; when the
 * buffer holds the whole payload, its start is the payload.  What a shorter
 * buffer holds afterwards is not part of the contract (keyctl_read_key()
 * copies nothing to userspace then), so it is not checked.
 */
static void user_kunit_read_buflen(struct kunit *test, size_t buflen)
{
	struct key *key = user_kunit_new(test, &key_type_user, TEST_PAYLOAD,
					 TEST_PAYLOAD_LEN);
	char *buf;

	buf = kunit_kmalloc(test, buflen + 1, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	memset(buf, GUARD, buflen + 1);

	KUNIT_EXPECT_EQ(test, keys_kunit_read(key, buf, buflen),
			TEST_PAYLOAD_LEN);
	if (buflen >= TEST_PAYLOAD_LEN)
		KUNIT_EXPECT_MEMEQ(test, buf, TEST_PAYLOAD, TEST_PAYLOAD_LEN);
	KUNIT_EXPECT_EQ_MSG(test, (u8)buf[buflen], GUARD,
			    "wrote past a %zu-byte buffer", buflen);
}

static void user_read_larger_buffer(struct kunit *test)
{
	user_kunit_read_buflen(test, TEST_PAYLOAD_LEN + 6);
}

static void user_read_one_byte_larger_buffer(struct kunit *test)
{
	user_kunit_read_buflen(test, TEST_PAYLOAD_LEN + 1);
}

static void user_read_exact_buffer(struct kunit *test)
{
	user_kunit_read_buflen(test, TEST_PAYLOAD_LEN);
}

static void user_read_short_buffer(struct kunit *test)
{
	user_kunit_read_buflen(test, 4);
}

static void user_read_zero_length(struct kunit *test)
{
	user_kunit_read_buflen(test, 0);
}

static void user_read_null_buffer(struct kunit *test)
{
	struct key *key = user_kunit_new(test, &key_type_user, TEST_PAYLOAD,
					 TEST_PAYLOAD_LEN);

	KUNIT_EXPECT_EQ(test, keys_kunit_read(key, NULL, 0),
			TEST_PAYLOAD_LEN);
	KUNIT_EXPECT_EQ(test, keys_kunit_read(key, NULL, 100),
			TEST_PAYLOAD_LEN);
}

static void user_update_replaces_payload(struct kunit *test)
{
	static const char new[] = "new";
	struct key *key = user_kunit_new(test, &key_type_user, TEST_PAYLOAD,
					 TEST_PAYLOAD_LEN);
	char buf[8];

	KUNIT_ASSERT_EQ(test, key_update(make_key_ref(key, true), new,
					 sizeof(new) - 1), 0);
	keys_kunit_expect_payload(test, key, new, sizeof(new) - 1);
	KUNIT_EXPECT_EQ(test, keys_kunit_read(key, buf, sizeof(buf)),
			sizeof(new) - 1);
	KUNIT_EXPECT_MEMEQ(test, buf, new, sizeof(new) - 1);
}

/*
 * "An expired key can be updated back to a normal state" (core.rst).  The
 * key is made to have expired a second ago by storing an expiry in the
 * past, as key_set_expiry() would without scheduling the collector, rather
 * than by waiting for a timeout to run out; nothing but this test holds
 * the key.  What an update does to a timeout that has not run out is not
 * documented, and not checked here.
 */
static void user_update_revives_expired_key(struct kunit *test)
{
	struct key *key = user_kunit_new(test, &key_type_user, TEST_PAYLOAD,
					 TEST_PAYLOAD_LEN);

	WRITE_ONCE(key->expiry, ktime_get_real_seconds() - 1);
	KUNIT_ASSERT_EQ(test, key_validate(key), -EKEYEXPIRED);
	KUNIT_ASSERT_EQ(test, key_update(make_key_ref(key, true), "new", 3), 0);
	KUNIT_EXPECT_EQ(test, key_validate(key), 0);
	keys_kunit_expect_payload(test, key, "new", 3);
}

static void user_update_rejects_bad_length(struct kunit *test)
{
	u8 *data = keys_kunit_pattern(test, KEYS_KUNIT_MAX_DATALEN + 1);
	struct key *key = user_kunit_new(test, &key_type_user, TEST_PAYLOAD,
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
	struct key *key = user_kunit_new_in_quota(test, TEST_PAYLOAD,
						  TEST_PAYLOAD_LEN);
	int before = keys_kunit_qnbytes(key);

	KUNIT_ASSERT_EQ(test, key_update(make_key_ref(key, true), new,
					 sizeof(new) - 1), 0);
	KUNIT_EXPECT_EQ(test, keys_kunit_qnbytes(key),
			before - TEST_PAYLOAD_LEN + sizeof(new) - 1);
	KUNIT_EXPECT_EQ(test, key->quotalen,
			TEST_DESC_CHARGE + sizeof(new) - 1);
}

/*
 * An update past the owner's quota fails and leaves the old payload and
 * charge in place.  The quota (kernel.keys.maxbytes) is whatever the system
 * has: the test first fills it with keys of its own uid, all held until it
 * ends, until one more (KEYS_KUNIT_MAX_DATALEN - 1)-byte payload no longer
 * fits; then growing a 1-byte key by that much cannot fit either.
 */
static void user_update_past_quota_keeps_payload(struct kunit *test)
{
	const size_t grow = KEYS_KUNIT_MAX_DATALEN - 1;
	u8 *data = keys_kunit_pattern(test, KEYS_KUNIT_MAX_DATALEN);
	kuid_t uid = keys_kunit_new_uid(&user_kunit_next_uid);
	struct key *key, *fill;
	int before, i, ret = 0;

	key = user_kunit_alloc_in_quota(test, uid);
	user_kunit_instantiate(test, key, "x", 1);
	for (i = 0; i < QUOTA_FILL_MAX && ret == 0; i++) {
		fill = key_alloc(&key_type_user, TEST_DESC, uid,
				 GLOBAL_ROOT_GID, current_cred(), KEY_POS_ALL,
				 KEY_ALLOC_IN_QUOTA, NULL);
		if (PTR_ERR_OR_ZERO(fill) == -EDQUOT)
			kunit_skip(test,
				   "the quota ran out at a key's allocation");
		KUNIT_ASSERT_NOT_ERR_OR_NULL(test, fill);
		keys_kunit_put_at_exit(test, fill);
		ret = key_instantiate_and_link(fill, data, grow, NULL, NULL);
	}
	if (ret == 0)
		kunit_skip(test,
			   "kernel.keys.maxbytes holds %d keys of %zu bytes",
			   QUOTA_FILL_MAX, grow);
	KUNIT_ASSERT_EQ(test, ret, -EDQUOT);

	before = keys_kunit_qnbytes(key);
	KUNIT_EXPECT_EQ(test, key_update(make_key_ref(key, true), data,
					 1 + grow), -EDQUOT);
	keys_kunit_expect_payload(test, key, "x", 1);
	KUNIT_EXPECT_EQ(test, keys_kunit_qnbytes(key), before);
}

static void user_kunit_keyring_release(void *keyring)
{
	keyring_clear(keyring);
	key_put(keyring);
}

/* add_key() on an existing "user" key updates that key in place. */
static void user_create_or_update_updates_in_place(struct kunit *test)
{
	struct key *keyring;
	key_ref_t ref1, ref2;
	int ret;

	keyring = keyring_alloc("kunit_user_keys", GLOBAL_ROOT_UID,
				GLOBAL_ROOT_GID, current_cred(),
				KEY_POS_ALL | KEY_USR_VIEW,
				KEY_ALLOC_NOT_IN_QUOTA, NULL, NULL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, keyring);
	ret = kunit_add_action_or_reset(test, user_kunit_keyring_release,
					keyring);
	KUNIT_ASSERT_EQ(test, ret, 0);
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
	struct key *key = user_kunit_new(test, &key_type_user, TEST_PAYLOAD,
					 TEST_PAYLOAD_LEN);

	key_revoke(key);
	keys_kunit_expect_revoked(test, key);
}

static void user_revoke_releases_quota(struct kunit *test)
{
	struct key *key = user_kunit_new_in_quota(test, TEST_PAYLOAD,
						  TEST_PAYLOAD_LEN);
	int before = keys_kunit_qnbytes(key);

	key_revoke(key);
	KUNIT_EXPECT_EQ(test, key->quotalen, TEST_DESC_CHARGE);
	KUNIT_EXPECT_EQ(test, keys_kunit_qnbytes(key),
			before - TEST_PAYLOAD_LEN);
}

/*
 * A revoked key stays revoked: key_update() fails as a lookup of the key
 * would, attaches no payload, charges nothing and keeps the time of
 * revocation, which shares its storage with the expiry.
 */
static void user_update_of_revoked_key_fails(struct kunit *test)
{
	struct key *key = user_kunit_new_in_quota(test, TEST_PAYLOAD,
						  TEST_PAYLOAD_LEN);
	time64_t revoked_at;
	int before;

	key_revoke(key);
	revoked_at = key->revoked_at;
	before = keys_kunit_qnbytes(key);
	KUNIT_EXPECT_EQ(test, key_update(make_key_ref(key, true), "new", 3),
			-EKEYREVOKED);
	keys_kunit_expect_revoked(test, key);
	KUNIT_EXPECT_EQ(test, key->revoked_at, revoked_at);
	KUNIT_EXPECT_EQ(test, keys_kunit_qnbytes(key), before);
}

/*
 * key_set_timeout() on a revoked key keeps the time of revocation, whether it
 * is asked for a timeout or for none.
 */
static void user_timeout_of_revoked_key_keeps_revocation(struct kunit *test)
{
	struct key *key = user_kunit_new(test, &key_type_user, TEST_PAYLOAD,
					 TEST_PAYLOAD_LEN);
	time64_t revoked_at;

	key_revoke(key);
	revoked_at = key->revoked_at;
	key_set_timeout(key, 3600);
	KUNIT_EXPECT_EQ(test, key->revoked_at, revoked_at);
	key_set_timeout(key, 0);
	KUNIT_EXPECT_EQ(test, key->revoked_at, revoked_at);
	keys_kunit_expect_revoked(test, key);
}

static void user_describe_instantiated(struct kunit *test)
{
	struct key *key = user_kunit_new(test, &key_type_user, TEST_PAYLOAD,
					 TEST_PAYLOAD_LEN);
	char buf[64];

	keys_kunit_describe(test, key, buf, sizeof(buf));
	KUNIT_EXPECT_STREQ(test, buf, TEST_DESC ": 10");
}

static void user_describe_uninstantiated(struct kunit *test)
{
	struct key *key;
	char buf[64];

	key = user_kunit_alloc(test, &key_type_user, TEST_DESC,
			       GLOBAL_ROOT_UID, KEY_ALLOC_NOT_IN_QUOTA);
	keys_kunit_describe(test, key, buf, sizeof(buf));
	KUNIT_EXPECT_STREQ(test, buf, TEST_DESC);
}

static void user_describe_revoked(struct kunit *test)
{
	struct key *key = user_kunit_new(test, &key_type_user, TEST_PAYLOAD,
					 TEST_PAYLOAD_LEN);
	char buf[64];

	key_revoke(key);
	keys_kunit_describe(test, key, buf, sizeof(buf));
	KUNIT_EXPECT_STREQ(test, buf, TEST_DESC ": 0");
}

/* Negatively instantiate a fresh key, as a request_key() helper can. */
static struct key *user_kunit_new_negative(struct kunit *test)
{
	struct key *key;

	key = user_kunit_alloc(test, &key_type_user, TEST_DESC,
			       GLOBAL_ROOT_UID, KEY_ALLOC_NOT_IN_QUOTA);
	KUNIT_ASSERT_EQ(test,
			key_reject_and_link(key, 3600, ENOKEY, NULL, NULL), 0);
	KUNIT_ASSERT_TRUE(test, key_read_state(key) < 0);
	return key;
}

/* A negative key is described without a length, and cannot be read. */
static void user_describe_negative(struct kunit *test)
{
	struct key *key = user_kunit_new_negative(test);
	char buf[64];

	keys_kunit_describe(test, key, buf, sizeof(buf));
	KUNIT_EXPECT_STREQ(test, buf, TEST_DESC);
	KUNIT_EXPECT_EQ(test, keys_kunit_read(key, buf, sizeof(buf)), -ENOKEY);
}

/* Updating a negative key instantiates it positively with the payload. */
static void user_update_instantiates_negative(struct kunit *test)
{
	struct key *key = user_kunit_new_negative(test);

	KUNIT_ASSERT_EQ(test, key_update(make_key_ref(key, true), TEST_PAYLOAD,
					 TEST_PAYLOAD_LEN), 0);
	KUNIT_EXPECT_TRUE(test, key_is_positive(key));
	KUNIT_EXPECT_EQ(test, key_read_state(key), KEY_IS_POSITIVE);
	keys_kunit_expect_payload(test, key, TEST_PAYLOAD, TEST_PAYLOAD_LEN);
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

/*
 * key_alloc() refuses an empty description itself and has the type vet any
 * other: a logon description needs "prefix:" (logon_vet_description()).
 */
static void logon_alloc_vets_description(struct kunit *test)
{
	const struct logon_desc_case *param = test->param_value;
	struct key *key;

	key = key_alloc(&key_type_logon, param->desc, GLOBAL_ROOT_UID,
			GLOBAL_ROOT_GID, current_cred(), KEY_POS_ALL,
			KEY_ALLOC_NOT_IN_QUOTA, NULL);
	KUNIT_EXPECT_EQ(test, PTR_ERR_OR_ZERO(key), param->result);
	if (!IS_ERR(key))
		key_put(key);
}

/* Logon keys hold and update a payload as user keys do. */
static void logon_update_replaces_payload(struct kunit *test)
{
	struct key *key = user_kunit_new(test, &key_type_logon, TEST_PAYLOAD,
					 TEST_PAYLOAD_LEN);

	keys_kunit_expect_payload(test, key, TEST_PAYLOAD, TEST_PAYLOAD_LEN);
	KUNIT_ASSERT_EQ(test, key_update(make_key_ref(key, true), "new", 3), 0);
	keys_kunit_expect_payload(test, key, "new", 3);
}

static struct kunit_case user_kunit_cases[] = {
	KUNIT_CASE_PARAM(user_preparse_sizes, user_kunit_size_gen_params),
	KUNIT_CASE(user_preparse_rejects_null_data),
	KUNIT_CASE(user_instantiate_copies_payload),
	KUNIT_CASE(user_instantiate_max_payload),
	KUNIT_CASE(user_instantiate_charges_quota),
	KUNIT_CASE(user_read_larger_buffer),
	KUNIT_CASE(user_read_one_byte_larger_buffer),
	KUNIT_CASE(user_read_exact_buffer),
	KUNIT_CASE(user_read_short_buffer),
	KUNIT_CASE(user_read_zero_length),
	KUNIT_CASE(user_read_null_buffer),
	KUNIT_CASE(user_update_replaces_payload),
	KUNIT_CASE(user_update_revives_expired_key),
	KUNIT_CASE(user_update_rejects_bad_length),
	KUNIT_CASE(user_update_adjusts_quota),
	KUNIT_CASE(user_update_past_quota_keeps_payload),
	KUNIT_CASE(user_create_or_update_updates_in_place),
	KUNIT_CASE(user_revoke_clears_payload),
	KUNIT_CASE(user_revoke_releases_quota),
	KUNIT_CASE(user_update_of_revoked_key_fails),
	KUNIT_CASE(user_timeout_of_revoked_key_keeps_revocation),
	KUNIT_CASE(user_describe_instantiated),
	KUNIT_CASE(user_describe_uninstantiated),
	KUNIT_CASE(user_describe_revoked),
	KUNIT_CASE(user_describe_negative),
	KUNIT_CASE(user_update_instantiates_negative),
	KUNIT_CASE_PARAM(logon_alloc_vets_description, logon_desc_gen_params),
	KUNIT_CASE(logon_update_replaces_payload),
	{}
};

static struct kunit_suite user_kunit_suite = {
	.name = "keys_user_defined",
	.test_cases = user_kunit_cases,
};

kunit_test_suite(user_kunit_suite);

MODULE_DESCRIPTION("KUnit tests for the user and logon key types");
MODULE_LICENSE("GPL");
