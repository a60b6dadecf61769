// SPDX-License-Identifier: GPL-2.0
/*
 * Bad input to every keyctl operation a "user" key reaches
 *
 * Each test is one kind of bad input (serials, pointers, lengths, types,
 * revoked and expired keys, a key used as a keyring, missing authority)
 * passed to every operation, each failure checked for its exact errno.
 * After each test the key it started with still holds its payload.
 */

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "../kselftest_harness.h"
#include "common.h"

#define DESC		"bad:key"
#define PAYLOAD		"bad input payload"
#define PAYLOAD_LEN	(sizeof(PAYLOAD) - 1)
#define BAD_PTR		((void *)1)
/* The longest payload of add_key() and instantiate */
#define ADD_KEY_MAX	(1024 * 1024 - 1)
/* KEY_MAX_DESC_SIZE less the NUL */
#define KEY_DESC_MAX	4095
#define TYPE_NAME_MAX	31

static unsigned char big[ADD_KEY_MAX + 1];

FIXTURE(bad_input) {
	int32_t key;
};

FIXTURE_VARIANT(bad_input) {
	const char *type;
};

FIXTURE_VARIANT_ADD(bad_input, user) {
	.type = "user",
};

FIXTURE_SETUP(bad_input)
{
	self->key = add_session_key(_metadata, variant->type, DESC, PAYLOAD,
				    PAYLOAD_LEN);
}

FIXTURE_TEARDOWN(bad_input)
{
	char buf[64];

	/* Nothing above changed the key the test started with. */
	if (self->key > 0) {
		EXPECT_EQ(PAYLOAD_LEN,
			  keyctl_read(self->key, buf, sizeof(buf)));
		EXPECT_EQ(0, memcmp(buf, PAYLOAD, PAYLOAD_LEN));
	}
}

/*
 * A serial that names no key is ENOKEY, 0 and negative values that are no
 * special keyring are EINVAL, as is the unsupported group keyring; the
 * request_key authorisation key is ENOKEY when none is held.  KEYCTL_READ
 * reports every failed lookup as ENOKEY.
 */
TEST_F(bad_input, bad_serials)
{
	static const struct {
		int32_t id;
		int err;
	} bad[] = {
		{ NO_SUCH_KEY, ENOKEY },
		{ 0, EINVAL },
		{ -100, EINVAL },
		{ KEY_SPEC_GROUP_KEYRING, EINVAL },
		{ KEY_SPEC_REQKEY_AUTH_KEY, ENOKEY },
	};
	const char *type = variant->type;
	char buf[64];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		int32_t id = bad[i].id;
		int err = bad[i].err;

		TH_LOG("serial %d", id);
		EXPECT_ERRNO(err, add_key(type, "new", PAYLOAD, PAYLOAD_LEN,
					  id));
		EXPECT_ERRNO(ENOKEY, keyctl_read(id, buf, sizeof(buf)));
		EXPECT_ERRNO(err, keyctl_update(id, PAYLOAD, PAYLOAD_LEN));
		EXPECT_ERRNO(err, keyctl_revoke(id));
		EXPECT_ERRNO(err, keyctl_invalidate(id));
		EXPECT_ERRNO(err, keyctl_describe(id, buf, sizeof(buf)));
		EXPECT_ERRNO(err, keyctl_setperm(id, KEY_POS_ALL));
		EXPECT_ERRNO(err, keyctl_set_timeout(id, 60));
		EXPECT_ERRNO(err, keyctl_link(self->key, id));
		EXPECT_ERRNO(err, keyctl_link(id, KEY_SPEC_SESSION_KEYRING));
		EXPECT_ERRNO(err, keyctl_unlink(self->key, id));
		EXPECT_ERRNO(err, keyctl_unlink(id, KEY_SPEC_SESSION_KEYRING));
		EXPECT_ERRNO(err, keyctl_search(id, type, DESC, 0));
		/* As a destination keyring, 0 means none. */
		if (!id)
			continue;
		EXPECT_ERRNO(err, keyctl_search(KEY_SPEC_SESSION_KEYRING, type,
						DESC, id));
		EXPECT_ERRNO(err, request_key(type, DESC, NULL, id));
	}
}

/*
 * A bad pointer is EFAULT: add_key(), KEYCTL_UPDATE, KEYCTL_SEARCH and
 * request_key() copy their strings and payload in before they look a key
 * up, and KEYCTL_READ and KEYCTL_DESCRIBE find the key, then fail to copy
 * out.  A buffer too short for what KEYCTL_READ or KEYCTL_DESCRIBE would
 * copy is not touched: the call returns the length.
 */
TEST_F(bad_input, bad_pointers)
{
	const char *type = variant->type;
	long desclen;

	EXPECT_ERRNO(EFAULT, add_key(BAD_PTR, "new", PAYLOAD, PAYLOAD_LEN,
				     KEY_SPEC_SESSION_KEYRING));
	EXPECT_ERRNO(EFAULT, add_key(type, BAD_PTR, PAYLOAD, PAYLOAD_LEN,
				     KEY_SPEC_SESSION_KEYRING));
	EXPECT_ERRNO(EFAULT, add_key(type, "new", BAD_PTR, PAYLOAD_LEN,
				     KEY_SPEC_SESSION_KEYRING));
	EXPECT_ERRNO(EFAULT, keyctl_read(self->key, BAD_PTR, 64));
	EXPECT_EQ(PAYLOAD_LEN,
		  keyctl_read(self->key, BAD_PTR, PAYLOAD_LEN - 1));
	EXPECT_ERRNO(EFAULT, keyctl_update(self->key, BAD_PTR, PAYLOAD_LEN));
	EXPECT_ERRNO(EFAULT, keyctl_describe(self->key, BAD_PTR, 4096));
	desclen = keyctl_describe(self->key, NULL, 0);
	EXPECT_LT(0, desclen);
	EXPECT_EQ(desclen, keyctl_describe(self->key, BAD_PTR, desclen - 1));
	EXPECT_ERRNO(EFAULT, keyctl_search(KEY_SPEC_SESSION_KEYRING, BAD_PTR,
					   DESC, 0));
	EXPECT_ERRNO(EFAULT, keyctl_search(KEY_SPEC_SESSION_KEYRING, type,
					   BAD_PTR, 0));
	EXPECT_ERRNO(EFAULT,
		     keyctl_search(KEY_SPEC_SESSION_KEYRING, type, NULL, 0));
	EXPECT_ERRNO(EFAULT, request_key(BAD_PTR, DESC, NULL, 0));
	EXPECT_ERRNO(EFAULT, request_key(type, BAD_PTR, NULL, 0));
	EXPECT_ERRNO(EFAULT, request_key(type, NULL, NULL, 0));
	EXPECT_ERRNO(EFAULT, request_key(type, DESC, BAD_PTR, 0));
}

/*
 * Payloads are 1 to 32767 bytes, and add_key() refuses more than 1 MiB - 1
 * before it reads the payload; KEYCTL_UPDATE refuses more than a page
 * before it looks the key up.  Descriptions are at most
 * 4095 bytes, type names at most 31.  A read or describe with a zero-length
 * or short buffer gets the length; what a short buffer holds afterwards is
 * undefined (core.rst), so it is not checked.
 */
TEST_F(bad_input, lengths)
{
	size_t page = sysconf(_SC_PAGESIZE);
	const char *type = variant->type;
	char desc[KEY_DESC_MAX + 2];
	char name[TYPE_NAME_MAX + 2];
	char buf[64], expect[64];
	long len;
	int32_t key;

	EXPECT_ERRNO(EINVAL, add_key(type, "new", big, 0,
				     KEY_SPEC_SESSION_KEYRING));
	EXPECT_ERRNO(EINVAL, add_key(type, "new", NULL, 0,
				     KEY_SPEC_SESSION_KEYRING));
	EXPECT_ERRNO(EINVAL, add_key(type, "new", big,
				     USER_KEY_MAX_DATALEN + 1,
				     KEY_SPEC_SESSION_KEYRING));
	EXPECT_ERRNO(EINVAL, add_key(type, "new", big, ADD_KEY_MAX,
				     KEY_SPEC_SESSION_KEYRING));
	EXPECT_ERRNO(EINVAL, add_key(type, "new", BAD_PTR, ADD_KEY_MAX + 1,
				     KEY_SPEC_SESSION_KEYRING));
	EXPECT_ERRNO(EINVAL, add_key(type, "new", BAD_PTR, (size_t)-1,
				     KEY_SPEC_SESSION_KEYRING));

	EXPECT_ERRNO(EINVAL, keyctl_update(self->key, BAD_PTR, page + 1));
	EXPECT_ERRNO(EINVAL, keyctl_update(self->key, big,
					   USER_KEY_MAX_DATALEN + 1));
	EXPECT_ERRNO(EINVAL, keyctl_update(self->key, NULL, 0));

	memset(desc, 'd', sizeof(desc));
	desc[KEY_DESC_MAX] = '\0';
	key = add_key(type, desc, PAYLOAD, PAYLOAD_LEN,
		      KEY_SPEC_SESSION_KEYRING);
	EXPECT_LT(0, key);
	EXPECT_EQ(key, keyctl_search(KEY_SPEC_SESSION_KEYRING, type, desc, 0));
	desc[KEY_DESC_MAX] = 'd';
	desc[KEY_DESC_MAX + 1] = '\0';
	EXPECT_ERRNO(EINVAL, add_key(type, desc, PAYLOAD, PAYLOAD_LEN,
				     KEY_SPEC_SESSION_KEYRING));
	EXPECT_ERRNO(EINVAL, keyctl_search(KEY_SPEC_SESSION_KEYRING, type,
					   desc, 0));

	memset(name, 't', sizeof(name));
	name[TYPE_NAME_MAX] = '\0';
	EXPECT_ERRNO(ENODEV, add_key(name, "new", PAYLOAD, PAYLOAD_LEN,
				     KEY_SPEC_SESSION_KEYRING));
	name[TYPE_NAME_MAX] = 't';
	name[TYPE_NAME_MAX + 1] = '\0';
	EXPECT_ERRNO(EINVAL, add_key(name, "new", PAYLOAD, PAYLOAD_LEN,
				     KEY_SPEC_SESSION_KEYRING));
	EXPECT_ERRNO(EINVAL,
		     keyctl_search(KEY_SPEC_SESSION_KEYRING, name, DESC, 0));

	EXPECT_EQ(PAYLOAD_LEN, keyctl_read(self->key, NULL, 0));
	EXPECT_EQ(PAYLOAD_LEN, keyctl_read(self->key, BAD_PTR, 0));
	EXPECT_EQ(PAYLOAD_LEN, keyctl_read(self->key, buf, PAYLOAD_LEN - 1));

	/* a new key's owner is the caller's fsuid and fsgid */
	len = snprintf(expect, sizeof(expect), "%s;%u;%u;%08x;%s", type,
		       keys_fsuid(), keys_fsgid(), 0x3f010000, DESC) + 1;
	EXPECT_EQ(len, keyctl_describe(self->key, NULL, 0));
	EXPECT_EQ(len, keyctl_describe(self->key, BAD_PTR, 0));
	EXPECT_EQ(len, keyctl_describe(self->key, buf, len - 1));
	EXPECT_EQ(len, keyctl_describe(self->key, buf, len));
	EXPECT_STREQ(expect, buf);
}

/*
 * A lookup matches the type as well as the description: a key of another
 * type with the same description is a different key, and an unknown type
 * finds nothing.  Type names starting with '.' are refused.  Reading goes
 * through the type: "logon" keys cannot be read.
 */
TEST_F(bad_input, wrong_types)
{
	const char *type = variant->type;
	int32_t logon;
	char buf[64];

	EXPECT_ERRNO(ENODEV, add_key("no_such_type", DESC, PAYLOAD,
				     PAYLOAD_LEN, KEY_SPEC_SESSION_KEYRING));
	EXPECT_ERRNO(EPERM, add_key(".user", DESC, PAYLOAD, PAYLOAD_LEN,
				    KEY_SPEC_SESSION_KEYRING));
	EXPECT_ERRNO(EPERM, keyctl_search(KEY_SPEC_SESSION_KEYRING, ".user",
					  DESC, 0));
	EXPECT_ERRNO(ENOKEY, keyctl_search(KEY_SPEC_SESSION_KEYRING,
					   "no_such_type", DESC, 0));
	EXPECT_ERRNO(ENOKEY, request_key("no_such_type", DESC, NULL, 0));
	EXPECT_ERRNO(ENOKEY, keyctl_search(KEY_SPEC_SESSION_KEYRING, "logon",
					   DESC, 0));
	EXPECT_ERRNO(ENOKEY, request_key("logon", DESC, NULL, 0));

	logon = add_key("logon", DESC, PAYLOAD, PAYLOAD_LEN,
			KEY_SPEC_SESSION_KEYRING);
	ASSERT_LT(0, logon);
	EXPECT_NE(self->key, logon);
	EXPECT_ERRNO(EOPNOTSUPP, keyctl_read(logon, buf, sizeof(buf)));
	EXPECT_EQ(logon,
		  keyctl_search(KEY_SPEC_SESSION_KEYRING, "logon", DESC, 0));
	EXPECT_EQ(self->key,
		  keyctl_search(KEY_SPEC_SESSION_KEYRING, type, DESC, 0));
	EXPECT_EQ(self->key, request_key(type, DESC, NULL, 0));
}

/*
 * Every operation on a dead @key (revoked or expired) but unlinking it fails
 * with @err, the key's state being checked before its permissions, and
 * request_key() with @request_err; once unlinked, add_key() with its
 * description @desc makes a new key.  The caller links @key into the
 * process keyring before it dies, so that it still exists after the unlink
 * from the session: once nothing references a key, every operation on its
 * serial is ENOKEY.
 */
static void expect_dead_key(struct __test_metadata *_metadata,
			    const char *type, const char *desc, int32_t key,
			    int err, int request_err)
{
	char buf[64];
	int32_t again;

	EXPECT_ERRNO(err, keyctl_read(key, buf, sizeof(buf)));
	EXPECT_ERRNO(err, keyctl_update(key, "new", 3));
	EXPECT_ERRNO(err, keyctl_revoke(key));
	EXPECT_ERRNO(err, keyctl_invalidate(key));
	EXPECT_ERRNO(err, keyctl_describe(key, buf, sizeof(buf)));
	EXPECT_ERRNO(err, keyctl_setperm(key, KEY_POS_ALL));
	EXPECT_ERRNO(err, keyctl_set_timeout(key, 60));
	EXPECT_ERRNO(err, keyctl_link(key, KEY_SPEC_SESSION_KEYRING));
	EXPECT_ERRNO(err,
		     keyctl_search(KEY_SPEC_SESSION_KEYRING, type, desc, 0));
	EXPECT_ERRNO(request_err, request_key(type, desc, NULL, 0));

	EXPECT_EQ(0, keyctl_unlink(key, KEY_SPEC_SESSION_KEYRING));
	EXPECT_ERRNO(ENOENT, keyctl_unlink(key, KEY_SPEC_SESSION_KEYRING));
	EXPECT_ERRNO(ENOKEY,
		     keyctl_search(KEY_SPEC_SESSION_KEYRING, type, desc, 0));

	again = add_key(type, desc, "new", 3, KEY_SPEC_SESSION_KEYRING);
	ASSERT_LT(0, again);
	EXPECT_NE(key, again);
	EXPECT_EQ(3, keyctl_read(again, buf, sizeof(buf)));
	EXPECT_EQ(0, memcmp(buf, "new", 3));
}

TEST_F(bad_input, revoked_key)
{
	int32_t key;

	if (keys_gc_delay_short())
		SKIP(return, GC_DELAY_SKIP);
	key = add_key(variant->type, "bad:revoked", PAYLOAD, PAYLOAD_LEN,
		      KEY_SPEC_SESSION_KEYRING);
	ASSERT_LT(0, key);
	ASSERT_EQ(0, keyctl_link(key, KEY_SPEC_PROCESS_KEYRING));
	ASSERT_EQ(0, keyctl_revoke(key));
	expect_dead_key(_metadata, variant->type, "bad:revoked", key,
			EKEYREVOKED, EKEYREVOKED);
}

/*
 * request_key() skips expired keys so as to construct a new one: with no
 * callout information, ENOKEY.
 */
TEST_F(bad_input, expired_key)
{
	int32_t key;

	if (keys_gc_delay_short())
		SKIP(return, GC_DELAY_SKIP);
	key = add_key(variant->type, "bad:expired", PAYLOAD, PAYLOAD_LEN,
		      KEY_SPEC_SESSION_KEYRING);
	ASSERT_LT(0, key);
	ASSERT_EQ(0, keyctl_link(key, KEY_SPEC_PROCESS_KEYRING));
	ASSERT_EQ(0, keyctl_set_timeout(key, 1));
	sleep(2);
	expect_dead_key(_metadata, variant->type, "bad:expired", key,
			EKEYEXPIRED, ENOKEY);
}

/*
 * A key used where a keyring is expected: operations that write to the
 * keyring, and searching it, fail with ENOTDIR.
 */
TEST_F(bad_input, not_a_keyring)
{
	const char *type = variant->type;

	EXPECT_ERRNO(ENOTDIR, add_key(type, "new", PAYLOAD, PAYLOAD_LEN,
				      self->key));
	EXPECT_ERRNO(ENOTDIR, keyctl_link(self->key, self->key));
	EXPECT_ERRNO(ENOTDIR, keyctl_unlink(self->key, self->key));
	EXPECT_ERRNO(ENOTDIR, keyctl_clear(self->key));
	EXPECT_ERRNO(ENOTDIR, request_key(type, DESC, NULL, self->key));
	EXPECT_ERRNO(ENOTDIR, keyctl_search(self->key, type, DESC, 0));
	EXPECT_EQ(1, keyring_links(KEY_SPEC_SESSION_KEYRING, self->key));
}

/*
 * Instantiating, rejecting and negating need the authority of a pending
 * request_key(), which an instantiated key has none of: EPERM.  A bad
 * pointer, an oversized payload or a bad error number are also wrong, and
 * whether those checks come before the authority's (today: the length and
 * the error number do, the pointer does not) is not documented, so either
 * errno is accepted there.
 */
TEST_F(bad_input, no_authority)
{
	EXPECT_ERRNO(EPERM, keyctl_instantiate(self->key, "new", 3, 0));
	EXPECT_ERRNO2(EPERM, EFAULT,
		      keyctl_instantiate(self->key, BAD_PTR, 3, 0));
	EXPECT_ERRNO2(EINVAL, EPERM,
		      keyctl_instantiate(self->key, big, ADD_KEY_MAX + 1, 0));
	EXPECT_ERRNO(EPERM, keyctl_negate(self->key, 60, 0));
	EXPECT_ERRNO(EPERM, keyctl_reject(self->key, 60, EKEYREJECTED, 0));
	EXPECT_ERRNO2(EINVAL, EPERM, keyctl_reject(self->key, 60, 0, 0));
	EXPECT_ERRNO(ENOKEY, keyctl_assume_authority(self->key));
	EXPECT_ERRNO(EINVAL, keyctl_assume_authority(-100));
}

/*
 * Without callout information request_key() only searches: it finds the
 * key, links it into the destination keyring, or fails with ENOKEY.
 */
TEST_F(bad_input, request_key_search)
{
	const char *type = variant->type;
	int32_t ring;

	EXPECT_EQ(self->key, request_key(type, DESC, NULL, 0));
	EXPECT_ERRNO(ENOKEY, request_key(type, "bad:missing", NULL, 0));
	EXPECT_ERRNO(ENOKEY, request_key(type, "bad:missing", NULL,
					 KEY_SPEC_SESSION_KEYRING));
	ring = add_key("keyring", "bad:ring", NULL, 0,
		       KEY_SPEC_SESSION_KEYRING);
	ASSERT_LT(0, ring);
	EXPECT_EQ(self->key, request_key(type, DESC, NULL, ring));
	EXPECT_EQ(1, keyring_links(ring, self->key));
}

int main(int argc, char **argv)
{
	return keys_test_main(argc, argv);
}
