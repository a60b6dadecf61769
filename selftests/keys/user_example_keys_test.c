// SPDX-License-Identifier: GPL-2.0
/*
 * Tests for the key type of samples/keys/ through add_key() and keyctl()
 *
 * The sample's "user_example" type is made of the "user" type's
 * operations, without ->update().  Its keys must hold, read, describe and
 * revoke as "user" keys do and fail bad input with the same errors, and
 * the core must handle the missing operation: no write permission by
 * default, KEYCTL_UPDATE refused, add_key() making a new key.  Run by
 * user_example_keys.sh, which loads the sample; without it, every test is
 * skipped.
 */

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../kselftest_harness.h"
#include "common.h"

#define TYPE		"user_example"
#define PAYLOAD		"sample payload"
#define PAYLOAD_LEN	(sizeof(PAYLOAD) - 1)

/* KEY_POS_VIEW | READ | SEARCH | LINK | SETATTR, KEY_USR_VIEW: no write */
#define DEFAULT_PERM	0x3b010000

FIXTURE(user_example) {
	int32_t key;
};

/*
 * As add_session_key(), but skips without the type: key types are not
 * loaded on demand, and add_key() fails with ENODEV until the sample is.
 */
FIXTURE_SETUP(user_example)
{
	ASSERT_LT(0, keyctl_join_session_keyring(NULL));
	self->key = add_key(TYPE, "selftest", PAYLOAD, PAYLOAD_LEN,
			    KEY_SPEC_SESSION_KEYRING);
	if (self->key == -1 && errno == ENODEV)
		SKIP(return, "no \"" TYPE "\" key type (modprobe user-type-example)");
	ASSERT_LT(0, self->key);
}

FIXTURE_TEARDOWN(user_example)
{
}

/* Check that @key reads back exactly @data. */
static int reads_back(int32_t key, const void *data, size_t len)
{
	char buf[64];

	return keyctl_read(key, buf, sizeof(buf)) == (long)len &&
	       memcmp(buf, data, len) == 0;
}

TEST_F(user_example, default_permissions)
{
	char desc[256];
	char expect[256];

	snprintf(expect, sizeof(expect), TYPE ";%d;%d;%08x;selftest",
		 getuid(), getgid(), DEFAULT_PERM);
	EXPECT_EQ(strlen(expect) + 1,
		  keyctl_describe(self->key, desc, sizeof(desc)));
	EXPECT_STREQ(expect, desc);
	EXPECT_TRUE(reads_back(self->key, PAYLOAD, PAYLOAD_LEN));
}

TEST_F(user_example, update_without_write_is_eacces)
{
	EXPECT_ERRNO(EACCES, keyctl_update(self->key, "new", 3));
	EXPECT_TRUE(reads_back(self->key, PAYLOAD, PAYLOAD_LEN));
}

TEST_F(user_example, update_with_write_is_eopnotsupp)
{
	EXPECT_EQ(0, keyctl_setperm(self->key, DEFAULT_PERM | KEY_POS_WRITE));
	EXPECT_ERRNO(EOPNOTSUPP, keyctl_update(self->key, "new", 3));
	EXPECT_TRUE(reads_back(self->key, PAYLOAD, PAYLOAD_LEN));
}

/* The core checks the length and copies the data first, as for "user". */
TEST_F(user_example, update_bad_input)
{
	size_t page = sysconf(_SC_PAGESIZE);
	unsigned char *data = calloc(1, page + 1);

	ASSERT_TRUE(!!data);
	EXPECT_ERRNO(EINVAL, keyctl_update(self->key, data, page + 1));
	EXPECT_ERRNO(EFAULT, keyctl_update(self->key, (void *)1, 3));
	EXPECT_TRUE(reads_back(self->key, PAYLOAD, PAYLOAD_LEN));
	free(data);
}

/*
 * add_key() with the same description makes a new key that displaces the
 * old one from the keyring; a holder of the old key still reads the old
 * payload.
 */
TEST_F(user_example, add_again_displaces_link)
{
	int32_t holder, key;

	holder = add_key("keyring", "holder", NULL, 0,
			 KEY_SPEC_SESSION_KEYRING);
	ASSERT_LT(0, holder);
	ASSERT_EQ(0, keyctl_link(self->key, holder));

	key = add_key(TYPE, "selftest", "replacement", 11,
		      KEY_SPEC_SESSION_KEYRING);
	ASSERT_LT(0, key);
	EXPECT_NE(self->key, key);
	EXPECT_EQ(1, keyring_links(KEY_SPEC_SESSION_KEYRING, key));
	EXPECT_EQ(0, keyring_links(KEY_SPEC_SESSION_KEYRING, self->key));
	EXPECT_EQ(1, keyring_links(holder, self->key));
	EXPECT_TRUE(reads_back(key, "replacement", 11));
	EXPECT_TRUE(reads_back(self->key, PAYLOAD, PAYLOAD_LEN));
}

TEST_F(user_example, payload_sizes)
{
	expect_payload_sizes(_metadata, TYPE);
}

/* A short buffer gets the payload's length; a revoked key reads nothing. */
TEST_F(user_example, read_and_revoke)
{
	char buf[4];

	EXPECT_EQ(PAYLOAD_LEN, keyctl_read(self->key, NULL, 0));
	EXPECT_EQ(PAYLOAD_LEN, keyctl_read(self->key, buf, sizeof(buf)));
	EXPECT_EQ(0, keyctl_revoke(self->key));
	EXPECT_ERRNO(EKEYREVOKED, keyctl_read(self->key, buf, sizeof(buf)));
	EXPECT_ERRNO(EKEYREVOKED, keyctl_update(self->key, "new", 3));
}

/*
 * Bad pointers and descriptions get the errors "user" keys get.  A key as
 * add_key()'s destination is not a keyring: add_key() looks it up for
 * write first, so EACCES without write permission, ENOTDIR with it.
 */
TEST_F(user_example, bad_input)
{
	EXPECT_ERRNO(EFAULT, add_key(TYPE, "fault", (void *)1, 10,
				     KEY_SPEC_SESSION_KEYRING));
	EXPECT_ERRNO(EINVAL, add_key(TYPE, "", PAYLOAD, PAYLOAD_LEN,
				     KEY_SPEC_SESSION_KEYRING));
	EXPECT_ERRNO(EACCES, add_key(TYPE, "ring", PAYLOAD, PAYLOAD_LEN,
				     self->key));
	EXPECT_EQ(0, keyctl_setperm(self->key, DEFAULT_PERM | KEY_POS_WRITE));
	EXPECT_ERRNO(ENOTDIR, add_key(TYPE, "ring", PAYLOAD, PAYLOAD_LEN,
				      self->key));
}

int main(int argc, char **argv)
{
	return keys_test_main(argc, argv);
}
