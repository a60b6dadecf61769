// SPDX-License-Identifier: GPL-2.0
/*
 * Tests for request_key() into a restricted keyring
 *
 * KEYCTL_RESTRICT_KEYRING with no type makes a keyring refuse every new
 * link with EPERM.  request_key() must not link a key into such a keyring,
 * whether it finds the key or constructs it, or the keyring is its default
 * destination.  Each test runs in its own process with a fresh anonymous
 * session keyring.
 */

#include <errno.h>

#include "../kselftest_harness.h"
#include "common.h"

#define DESC		"restrict:key"
#define NEW_DESC	"restrict:new"
#define CALLOUT		"restrict callout"

FIXTURE(restricted) {
	int32_t ring;
};

FIXTURE_SETUP(restricted)
{
	ASSERT_LT(0, keyctl_join_session_keyring(NULL));
	self->ring = add_key("keyring", "restrict:ring", NULL, 0,
			     KEY_SPEC_SESSION_KEYRING);
	ASSERT_LT(0, self->ring);
	ASSERT_EQ(0, keyctl_restrict_keyring(self->ring, NULL, NULL));
}

FIXTURE_TEARDOWN(restricted)
{
	/* Whatever the test did, the restricted keyring holds no link. */
	if (self->ring > 0)
		EXPECT_EQ(0, keyctl_read(self->ring, NULL, 0));
}

/* What KEYCTL_LINK and add_key() do; request_key() should do the same. */
TEST_F(restricted, link_and_add_key_fail)
{
	int32_t key = add_key("user", DESC, "x", 1, KEY_SPEC_SESSION_KEYRING);

	ASSERT_LT(0, key);
	EXPECT_ERRNO(EPERM, keyctl_link(key, self->ring));
	EXPECT_ERRNO(EPERM, add_key("user", DESC, "x", 1, self->ring));
}

/* A key that request_key() finds is linked with key_link(), which checks. */
TEST_F(restricted, request_key_of_found_key_fails)
{
	ASSERT_LT(0, add_key("user", DESC, "x", 1, KEY_SPEC_SESSION_KEYRING));
	EXPECT_ERRNO(EPERM, request_key("user", DESC, NULL, self->ring));
	EXPECT_ERRNO(EPERM, request_key("user", DESC, CALLOUT, self->ring));
}

/*
 * A key to construct would be linked before it has a payload for the
 * restriction to check: request_key() fails with EPERM, whatever the
 * upcall (/sbin/request-key and its configuration) would have done.
 */
TEST_F(restricted, request_key_to_construct_fails)
{
	EXPECT_ERRNO(EPERM, request_key("user", NEW_DESC, CALLOUT, self->ring));
}

/*
 * The same when the restricted keyring is the default destination: the
 * session keyring still holds only the fixture's keyring.
 */
TEST_F(restricted, request_key_to_default_keyring_fails)
{
	ASSERT_LE(0,
		  keyctl_set_reqkey_keyring(KEY_REQKEY_DEFL_SESSION_KEYRING));
	ASSERT_EQ(0, keyctl_restrict_keyring(KEY_SPEC_SESSION_KEYRING, NULL,
					     NULL));
	EXPECT_ERRNO(EPERM, request_key("user", NEW_DESC, CALLOUT, 0));
	EXPECT_EQ(sizeof(int32_t), keyctl_read(KEY_SPEC_SESSION_KEYRING,
					       NULL, 0));
}

int main(int argc, char **argv)
{
	return keys_test_main(argc, argv);
}
