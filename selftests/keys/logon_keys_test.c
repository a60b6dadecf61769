// SPDX-License-Identifier: GPL-2.0
/*
 * Tests for "logon" keys through add_key() and keyctl()
 *
 * A logon key is a user key that cannot be read from userspace and whose
 * description must have a "prefix:".
 */

#include <errno.h>
#include <string.h>

#include "../kselftest_harness.h"
#include "common.h"

FIXTURE(logon) {
	int32_t key;
};

FIXTURE_SETUP(logon)
{
	self->key = add_session_key(_metadata, "logon", "selftest:cred",
				    "secret", 6);
}

FIXTURE_TEARDOWN(logon)
{
}

TEST_F(logon, description_needs_prefix)
{
	EXPECT_ERRNO(EINVAL, add_key("logon", "noprefix", "secret", 6,
				     KEY_SPEC_SESSION_KEYRING));
	EXPECT_ERRNO(EINVAL, add_key("logon", ":noprefix", "secret", 6,
				     KEY_SPEC_SESSION_KEYRING));
	EXPECT_LT(0, add_key("logon", "p:", "secret", 6,
			     KEY_SPEC_SESSION_KEYRING));
}

TEST_F(logon, read_is_not_supported)
{
	char buf[16];

	EXPECT_ERRNO(EOPNOTSUPP, keyctl_read(self->key, buf, sizeof(buf)));
	EXPECT_ERRNO(EOPNOTSUPP, keyctl_read(self->key, NULL, 0));
}

TEST_F(logon, payload_sizes)
{
	static unsigned char data[USER_KEY_MAX_DATALEN + 1];

	if (!quota_has_room(MAX_KEY_QUOTA))
		SKIP(return,
		     "needs %d bytes of key quota (kernel.keys.maxbytes)",
		     MAX_KEY_QUOTA);
	EXPECT_ERRNO(EINVAL, add_key("logon", "p:size0", data, 0,
				     KEY_SPEC_SESSION_KEYRING));
	EXPECT_LT(0, add_key("logon", "p:sizemax", data, USER_KEY_MAX_DATALEN,
			     KEY_SPEC_SESSION_KEYRING));
	EXPECT_ERRNO(EINVAL, add_key("logon", "p:sizeover", data,
				     USER_KEY_MAX_DATALEN + 1,
				     KEY_SPEC_SESSION_KEYRING));
}

/* The update is seen through the length that /proc/keys describes. */
TEST_F(logon, update)
{
	char line[512];

	ASSERT_EQ(0, proc_keys_line(self->key, line, sizeof(line)));
	EXPECT_STREQ("selftest:cred: 6", proc_keys_description(line));
	EXPECT_EQ(0, keyctl_update(self->key, "longer secret", 13));
	ASSERT_EQ(0, proc_keys_line(self->key, line, sizeof(line)));
	EXPECT_STREQ("selftest:cred: 13", proc_keys_description(line));
}

TEST_F(logon, revoke)
{
	char buf[256];

	if (keys_gc_delay_short())
		SKIP(return, GC_DELAY_SKIP);
	EXPECT_EQ(0, keyctl_revoke(self->key));
	EXPECT_ERRNO(EKEYREVOKED, keyctl_describe(self->key, buf, sizeof(buf)));
	EXPECT_ERRNO(EKEYREVOKED, keyctl_update(self->key, "new", 3));
}

int main(int argc, char **argv)
{
	return keys_test_main(argc, argv);
}
