// SPDX-License-Identifier: GPL-2.0
/*
 * Tests that hold for every key type of key_type_variants.h, through
 * add_key() and keyctl(): a key reads back, its payload limits, revocation,
 * invalidation, unlinking, expiry and its /proc/keys line.
 *
 * Each test runs in its own process with a fresh anonymous session keyring,
 * so it possesses exactly the keys it adds there.
 */

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "../kselftest_harness.h"
#include "common.h"

#define PAYLOAD		"0123456789"
#define PAYLOAD_LEN	(sizeof(PAYLOAD) - 1)

FIXTURE(key_type) {
	int32_t key;
};

#include "key_type_variants.h"

FIXTURE_SETUP(key_type)
{
	self->key = add_session_key(_metadata, variant->type, "selftest",
				    PAYLOAD, PAYLOAD_LEN);
}

FIXTURE_TEARDOWN(key_type)
{
}

TEST_F(key_type, read_round_trip)
{
	char buf[64];

	EXPECT_EQ(PAYLOAD_LEN, keyctl_read(self->key, buf, sizeof(buf)));
	EXPECT_EQ(0, memcmp(buf, PAYLOAD, PAYLOAD_LEN));
	EXPECT_EQ(PAYLOAD_LEN, keyctl_read(self->key, NULL, 0));
}

TEST_F(key_type, payload_sizes)
{
	expect_payload_sizes(_metadata, variant->type);
}

/*
 * The lookup refuses a revoked key before it checks permissions, so a
 * valid update (KEYCTL_UPDATE checks the length and copies the payload in
 * first) fails with EKEYREVOKED whether or not the type can update.
 */
TEST_F(key_type, revoke)
{
	char buf[16];

	if (keys_gc_delay_short())
		SKIP(return, GC_DELAY_SKIP);
	EXPECT_EQ(0, keyctl_revoke(self->key));
	EXPECT_ERRNO(EKEYREVOKED, keyctl_read(self->key, buf, sizeof(buf)));
	EXPECT_ERRNO(EKEYREVOKED, keyctl_update(self->key, "new", 3));
	EXPECT_ERRNO(ENOKEY, keyctl_revoke(NO_SUCH_KEY));
}

/*
 * An invalidated key is no longer possessed: give the owner read permission
 * so that the read fails the same way (ENOKEY) whether or not the garbage
 * collector has already destroyed the key.
 */
TEST_F(key_type, invalidate)
{
	char buf[16];

	ASSERT_EQ(0, keyctl_setperm(self->key, variant->perm | KEY_USR_READ));
	EXPECT_EQ(0, keyctl_invalidate(self->key));
	EXPECT_ERRNO(ENOKEY, keyctl_read(self->key, buf, sizeof(buf)));
}

/*
 * A second unlink of a key that is no longer linked is ENOENT, but only
 * while the key exists: once nothing references it (the keyring drops its
 * reference an RCU grace period after the unlink), its serial is ENOKEY.
 * The process keyring, which a search of the session does not reach,
 * holds the key meanwhile.
 */
TEST_F(key_type, unlink)
{
	ASSERT_EQ(0, keyctl_link(self->key, KEY_SPEC_PROCESS_KEYRING));
	EXPECT_EQ(self->key, keyctl_search(KEY_SPEC_SESSION_KEYRING,
					   variant->type, "selftest", 0));
	EXPECT_EQ(0, keyctl_unlink(self->key, KEY_SPEC_SESSION_KEYRING));
	EXPECT_EQ(0, keyring_links(KEY_SPEC_SESSION_KEYRING, self->key));
	EXPECT_ERRNO(ENOKEY, keyctl_search(KEY_SPEC_SESSION_KEYRING,
					   variant->type, "selftest", 0));
	EXPECT_ERRNO(ENOENT, keyctl_unlink(self->key,
					   KEY_SPEC_SESSION_KEYRING));
}

TEST_F(key_type, expiry)
{
	char buf[16];

	if (keys_gc_delay_short())
		SKIP(return, GC_DELAY_SKIP);
	/*
	 * The expiry is in whole seconds, now plus the timeout, and a key
	 * has expired once the clock's second reaches it: a timeout of 2
	 * leaves at least one second to read the key in, wherever in a second
	 * the test starts.
	 */
	EXPECT_EQ(0, keyctl_set_timeout(self->key, 2));
	EXPECT_EQ(PAYLOAD_LEN, keyctl_read(self->key, buf, sizeof(buf)));
	sleep(3);
	EXPECT_ERRNO(EKEYEXPIRED, keyctl_read(self->key, buf, sizeof(buf)));
}

/* The description column shows what user_describe() writes. */
TEST_F(key_type, proc_keys_description)
{
	char line[512], expect[64];

	ASSERT_EQ(0, proc_keys_line(self->key, line, sizeof(line)));
	EXPECT_STREQ("selftest: 10", proc_keys_description(line));
	/* the type column is 9 characters wide */
	snprintf(expect, sizeof(expect), " %-9.9s selftest: 10", variant->type);
	EXPECT_TRUE(!!strstr(line, expect));
}

int main(int argc, char **argv)
{
	return keys_test_main(argc, argv);
}
