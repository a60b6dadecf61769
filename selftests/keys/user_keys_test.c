// SPDX-License-Identifier: GPL-2.0
/*
 * Tests for "user" keys through add_key() and keyctl()
 *
 * Each test runs in its own process with a fresh anonymous session keyring,
 * so it possesses exactly the keys it adds there.
 */

#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../kselftest_harness.h"
#include "common.h"

#define PAYLOAD		"0123456789"
#define PAYLOAD_LEN	(sizeof(PAYLOAD) - 1)
#define SENTINEL	0xa5

FIXTURE(user) {
	int32_t key;
};

FIXTURE_SETUP(user)
{
	self->key = add_session_key(_metadata, "user", "selftest", PAYLOAD,
				    PAYLOAD_LEN);
}

FIXTURE_TEARDOWN(user)
{
}

TEST_F(user, read_one_byte_larger_buffer)
{
	char buf[PAYLOAD_LEN + 1];

	EXPECT_EQ(PAYLOAD_LEN, keyctl_read(self->key, buf, sizeof(buf)));
	EXPECT_EQ(0, memcmp(buf, PAYLOAD, PAYLOAD_LEN));
}

TEST_F(user, read_exact_buffer)
{
	char buf[PAYLOAD_LEN];

	EXPECT_EQ(PAYLOAD_LEN, keyctl_read(self->key, buf, sizeof(buf)));
	EXPECT_EQ(0, memcmp(buf, PAYLOAD, PAYLOAD_LEN));
}

/*
 * A short buffer gets the length the payload needs.  What the buffer holds
 * then is undefined (core.rst, KEYCTL_READ), so only the bytes past the
 * length passed are checked: they must be untouched.
 */
TEST_F(user, read_short_buffer)
{
	unsigned char buf[PAYLOAD_LEN];
	size_t i;

	memset(buf, SENTINEL, sizeof(buf));
	EXPECT_EQ(PAYLOAD_LEN, keyctl_read(self->key, buf, 4));
	for (i = 4; i < sizeof(buf); i++)
		EXPECT_EQ(SENTINEL, buf[i]);
}

TEST_F(user, read_null_buffer)
{
	EXPECT_EQ(PAYLOAD_LEN, keyctl_read(self->key, NULL, 0));
	EXPECT_EQ(PAYLOAD_LEN, keyctl_read(self->key, NULL, 100));
}

TEST_F(user, read_bad_buffer)
{
	EXPECT_ERRNO(EFAULT, keyctl_read(self->key, (void *)1, 100));
}

TEST_F(user, read_no_such_key)
{
	char buf[16];

	EXPECT_ERRNO(ENOKEY, keyctl_read(NO_SUCH_KEY, buf, sizeof(buf)));
}

TEST_F(user, bad_pointers)
{
	EXPECT_ERRNO(EFAULT, add_key("user", "fault", (void *)1, 10,
				     KEY_SPEC_SESSION_KEYRING));
	EXPECT_ERRNO(EFAULT, add_key("user", (char *)1, PAYLOAD, PAYLOAD_LEN,
				     KEY_SPEC_SESSION_KEYRING));
	EXPECT_ERRNO(EFAULT, add_key((char *)1, "fault", PAYLOAD, PAYLOAD_LEN,
				     KEY_SPEC_SESSION_KEYRING));
	EXPECT_ERRNO(EFAULT, keyctl_update(self->key, (void *)1, 10));
}

TEST_F(user, bad_keyring)
{
	EXPECT_ERRNO(EINVAL, add_key("user", "ring", PAYLOAD, PAYLOAD_LEN, 0));
	EXPECT_ERRNO(EINVAL, add_key("user", "ring", PAYLOAD, PAYLOAD_LEN,
				     -100));
	EXPECT_ERRNO(ENOKEY, add_key("user", "ring", PAYLOAD, PAYLOAD_LEN,
				     NO_SUCH_KEY));
	EXPECT_ERRNO(ENOTDIR, add_key("user", "ring", PAYLOAD, PAYLOAD_LEN,
				      self->key));
}

TEST_F(user, bad_description_and_type)
{
	EXPECT_ERRNO(EINVAL, add_key("user", "", PAYLOAD, PAYLOAD_LEN,
				     KEY_SPEC_SESSION_KEYRING));
	EXPECT_ERRNO(ENODEV, add_key("no_such_type", "desc", PAYLOAD,
				     PAYLOAD_LEN, KEY_SPEC_SESSION_KEYRING));
	EXPECT_ERRNO(EINVAL, add_key("", "desc", PAYLOAD, PAYLOAD_LEN,
				     KEY_SPEC_SESSION_KEYRING));
	EXPECT_ERRNO(EPERM, add_key(".user", "desc", PAYLOAD, PAYLOAD_LEN,
				    KEY_SPEC_SESSION_KEYRING));
}

TEST_F(user, update_replaces_payload)
{
	char buf[16];

	EXPECT_EQ(0, keyctl_update(self->key, "new", 3));
	EXPECT_EQ(3, keyctl_read(self->key, buf, sizeof(buf)));
	EXPECT_EQ(0, memcmp(buf, "new", 3));
}

/* add_key() on an existing description updates that key in place. */
TEST_F(user, add_again_updates_in_place)
{
	char buf[16];

	EXPECT_EQ(self->key, add_key("user", "selftest", "again", 5,
				     KEY_SPEC_SESSION_KEYRING));
	EXPECT_EQ(5, keyctl_read(self->key, buf, sizeof(buf)));
	EXPECT_EQ(0, memcmp(buf, "again", 5));
}

/*
 * KEYCTL_UPDATE takes at most a page, and the type at most 32767 bytes:
 * the largest update that works is the smaller of the two (a 4 KiB page, or
 * 32767 bytes with 64 KiB pages), and one byte more fails with EINVAL either
 * way.  The payload is kept on failure.
 */
TEST_F(user, update_bad_length)
{
	size_t page = sysconf(_SC_PAGESIZE);
	size_t max = page < USER_KEY_MAX_DATALEN ? page : USER_KEY_MAX_DATALEN;
	unsigned char *data;
	char buf[16];

	if (!quota_has_room(max + 64))
		SKIP(return,
		     "needs %zu bytes of key quota (kernel.keys.maxbytes)",
		     max + 64);
	data = calloc(1, page + 1);
	ASSERT_TRUE(!!data);
	EXPECT_ERRNO(EINVAL, keyctl_update(self->key, data, page + 1));
	EXPECT_ERRNO(EINVAL, keyctl_update(self->key, data, max + 1));
	EXPECT_ERRNO(EINVAL, keyctl_update(self->key, data, 0));
	EXPECT_EQ(PAYLOAD_LEN, keyctl_read(self->key, buf, sizeof(buf)));
	EXPECT_EQ(0, memcmp(buf, PAYLOAD, PAYLOAD_LEN));
	EXPECT_EQ(0, keyctl_update(self->key, data, max));
	EXPECT_EQ(max, keyctl_read(self->key, NULL, 0));
	free(data);
}

/*
 * "An expired key can be updated back to a normal state" (core.rst): not by
 * KEYCTL_UPDATE, whose lookup refuses an expired key, but by add_key() with
 * its description, which updates it in place.  What an update does to a
 * timeout that has not run out is not documented, and not checked here.
 */
TEST_F(user, add_again_revives_expired)
{
	char buf[16];

	if (keys_gc_delay_short())
		SKIP(return, GC_DELAY_SKIP);
	ASSERT_EQ(0, keyctl_set_timeout(self->key, 1));
	sleep(2);
	ASSERT_EQ(-1, keyctl_update(self->key, "new", 3));
	ASSERT_EQ(EKEYEXPIRED, errno);
	EXPECT_EQ(self->key, add_key("user", "selftest", "new", 3,
				     KEY_SPEC_SESSION_KEYRING));
	EXPECT_EQ(3, keyctl_read(self->key, buf, sizeof(buf)));
	EXPECT_EQ(0, memcmp(buf, "new", 3));
}

/*
 * A key the caller does not possess is checked against its user
 * permissions: without KEY_USR_READ a read fails with EACCES.
 */
TEST_F(user, permissions_unpossessed)
{
	char buf[16];
	int32_t holder, key;

	/*
	 * The key is in a keyring that the session holds but does not let
	 * the caller search, so the search for it that possession takes
	 * stops there.
	 */
	holder = add_key("keyring", "unsearchable", NULL, 0,
			 KEY_SPEC_SESSION_KEYRING);
	ASSERT_LT(0, holder);
	key = add_key("user", "perm", PAYLOAD, PAYLOAD_LEN, holder);
	ASSERT_LT(0, key);
	ASSERT_EQ(0, keyctl_setperm(key, KEY_POS_ALL | KEY_USR_VIEW |
				    KEY_USR_SETATTR));
	ASSERT_EQ(0, keyctl_setperm(holder, KEY_POS_VIEW | KEY_POS_SETATTR));

	EXPECT_ERRNO(EACCES, keyctl_read(key, buf, sizeof(buf)));
	EXPECT_ERRNO(EACCES, keyctl_update(key, "new", 3));
	EXPECT_EQ(0, keyctl_setperm(key, KEY_POS_ALL | KEY_USR_VIEW |
				    KEY_USR_SETATTR | KEY_USR_READ));
	EXPECT_EQ(PAYLOAD_LEN, keyctl_read(key, buf, sizeof(buf)));
	EXPECT_EQ(0, memcmp(buf, PAYLOAD, PAYLOAD_LEN));
	EXPECT_EQ(0, keyctl_setperm(key, KEY_USR_VIEW));
	EXPECT_ERRNO(EACCES, keyctl_setperm(key, KEY_POS_ALL));
}

/*
 * Without write permission an update fails with EACCES.  A key found by
 * searching the caller's keyrings (so with KEY_POS_SEARCH) is possessed, and
 * keyctl_read_key() lets a possessor read it even without KEY_POS_READ.
 */
TEST_F(user, permissions_possessed)
{
	char buf[16];

	EXPECT_EQ(0, keyctl_setperm(self->key, KEY_POS_VIEW | KEY_POS_SEARCH |
				    KEY_POS_SETATTR));
	EXPECT_ERRNO(EACCES, keyctl_update(self->key, "new", 3));
	EXPECT_EQ(PAYLOAD_LEN, keyctl_read(self->key, buf, sizeof(buf)));
	EXPECT_EQ(0, memcmp(buf, PAYLOAD, PAYLOAD_LEN));
	EXPECT_ERRNO(ENOKEY, keyctl_setperm(NO_SUCH_KEY, KEY_POS_ALL));
}

/*
 * request_key() with callout information for a key nobody has makes the
 * key, links it into the destination and runs /sbin/request-key to
 * construct it.  The system's request-key.conf decides what the helper
 * does, so the test checks only that the construction ends: the next
 * request_key(), without callout, gets the same key or error.  A key left
 * under construction would keep it waiting until the test times out.
 * Without the helper, the upcall fails with ENOENT and the key is
 * negated: the next request_key() gets ENOKEY.  An upcall makes the user
 * keyrings of the caller's real uid, which stay: the test runs as root,
 * whose exist from boot.
 */
TEST_F(user, request_key_upcall)
{
	int32_t ring, key, again;
	int err, again_err;

	if (getuid() != 0)
		SKIP(return,
		     "needs uid 0: an upcall makes the caller's user keyrings, which stay");
	ring = add_key("keyring", "upcall", NULL, 0, KEY_SPEC_SESSION_KEYRING);
	ASSERT_LT(0, ring);
	key = request_key("user", "selftest:upcall", "callout", ring);
	err = errno;
	if (key == -1 && err == ENOENT)
		err = ENOKEY;
	again = request_key("user", "selftest:upcall", NULL, ring);
	again_err = again == -1 ? errno : 0;
	EXPECT_EQ(key, again);
	EXPECT_EQ(key == -1 ? err : 0, again_err);
	EXPECT_EQ(sizeof(int32_t), keyctl_read(ring, NULL, 0));
}

/*
 * The quota test runs as a uid that owns no key, which needs root, with
 * the quota the system gives every uid (kernel.keys.maxbytes, unchanged).
 */
FIXTURE(quota) {
	uid_t uid;
};

FIXTURE_SETUP(quota)
{
	ASSERT_LT(0, keyctl_join_session_keyring(NULL));
	if (geteuid() != 0)
		SKIP(return, "needs root, to run as a uid that owns no key");
	for (self->uid = 4242; quota_free_bytes(self->uid) >= 0; self->uid++)
		ASSERT_GT(4242 + 1000, self->uid);
}

FIXTURE_TEARDOWN(quota)
{
}

#define QUOTA_KEY_LEN	400
#define QUOTA_SLACK	100

/*
 * In a child running as @uid, with its keys in the test's session keyring
 * (which dies with the test, and the keys with it): fill the uid's quota
 * but for QUOTA_SLACK bytes, then grow a key by one byte more than that
 * (EDQUOT, payload kept) and by exactly that (it fits), after which a new
 * key does not fit and shrinking one works; then a new key whose
 * description fits but whose payload does not fails as it is instantiated
 * (EDQUOT), leaving no key.  Returns the exit status: 0,
 * 1 if the quota is too large to fill with one key, 2 if the caller may not
 * change its uid (root without CAP_SETUID), or which step failed.
 */
static int quota_child(uid_t uid)
{
	static unsigned char data[USER_KEY_MAX_DATALEN];
	char buf[QUOTA_KEY_LEN + QUOTA_SLACK + 1];
	int32_t key, filler;
	long free_bytes;

	if (setresuid(uid, uid, uid))
		return errno == EPERM ? 2 : 10;
	key = add_key("user", "quota1", data, QUOTA_KEY_LEN,
		      KEY_SPEC_SESSION_KEYRING);
	filler = add_key("user", "quota2", data, 1, KEY_SPEC_SESSION_KEYRING);
	if (key < 0 || filler < 0)
		return 11;
	free_bytes = quota_free_bytes(uid);
	if (free_bytes < QUOTA_SLACK)
		return 12;
	if (1 + free_bytes - QUOTA_SLACK > USER_KEY_MAX_DATALEN)
		return 1;
	/* add_key() on the same description grows the filler in place */
	if (add_key("user", "quota2", data, 1 + free_bytes - QUOTA_SLACK,
		    KEY_SPEC_SESSION_KEYRING) != filler)
		return 13;
	if (quota_free_bytes(uid) != QUOTA_SLACK)
		return 14;
	if (keyctl_update(key, data, QUOTA_KEY_LEN + QUOTA_SLACK + 1) != -1 ||
	    errno != EDQUOT)
		return 15;
	if (keyctl_read(key, buf, sizeof(buf)) != QUOTA_KEY_LEN)
		return 16;
	if (keyctl_update(key, data, QUOTA_KEY_LEN + QUOTA_SLACK) != 0 ||
	    quota_free_bytes(uid) != 0)
		return 17;
	if (add_key("user", "quota3", data, 1,
		    KEY_SPEC_SESSION_KEYRING) != -1 ||
	    errno != EDQUOT)
		return 18;
	if (keyctl_update(key, data, 1) != 0 ||
	    quota_free_bytes(uid) != QUOTA_KEY_LEN + QUOTA_SLACK - 1)
		return 19;
	if (add_key("user", "quota4", data, QUOTA_KEY_LEN + QUOTA_SLACK,
		    KEY_SPEC_SESSION_KEYRING) != -1 || errno != EDQUOT)
		return 20;
	if (keyctl_search(KEY_SPEC_SESSION_KEYRING, "user", "quota4",
			  0) != -1 ||
	    errno != ENOKEY)
		return 21;
	return 0;
}

TEST_F(quota, user_keys)
{
	int status;
	pid_t pid;

	pid = fork();
	if (pid == 0)
		_exit(quota_child(self->uid));
	ASSERT_LT(0, pid);
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	ASSERT_TRUE(WIFEXITED(status));
	if (WEXITSTATUS(status) == 1)
		SKIP(return,
		     "kernel.keys.maxbytes too large to fill with one key");
	if (WEXITSTATUS(status) == 2)
		SKIP(return,
		     "needs CAP_SETUID, to run as a uid that owns no key");
	EXPECT_EQ(0, WEXITSTATUS(status));
}

int main(int argc, char **argv)
{
	return keys_test_main(argc, argv);
}
