// SPDX-License-Identifier: GPL-2.0
/*
 * Tests for "user" keys through add_key() and keyctl()
 *
 * Each test runs in its own process with a fresh anonymous session keyring,
 * so it possesses exactly the keys it adds there.
 */

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
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
	int32_t ring;
	int32_t key;
	int32_t in_user_keyring;	/* linked into @u: unlinked at teardown */
};

FIXTURE_SETUP(user)
{
	self->ring = new_session_keyring();
	ASSERT_LT(0, self->ring);
	self->key = add_key("user", "selftest", PAYLOAD, PAYLOAD_LEN,
			    KEY_SPEC_SESSION_KEYRING);
	ASSERT_LT(0, self->key);
}

/*
 * In the parent, so that it runs after a failed assertion too, with every
 * version of kselftest_harness.h (6.12's can skip a child's teardown then).
 */
FIXTURE_TEARDOWN_PARENT(user)
{
	if (self->in_user_keyring)
		keyctl(KEYCTL_UNLINK, self->in_user_keyring,
		       KEY_SPEC_USER_KEYRING, 0, 0);
}

TEST_F(user, read_round_trip)
{
	char buf[64];

	EXPECT_EQ(PAYLOAD_LEN, key_read(self->key, buf, sizeof(buf)));
	EXPECT_EQ(0, memcmp(buf, PAYLOAD, PAYLOAD_LEN));
}

TEST_F(user, read_one_byte_larger_buffer)
{
	char buf[PAYLOAD_LEN + 1];

	EXPECT_EQ(PAYLOAD_LEN, key_read(self->key, buf, sizeof(buf)));
	EXPECT_EQ(0, memcmp(buf, PAYLOAD, PAYLOAD_LEN));
}

TEST_F(user, read_exact_buffer)
{
	char buf[PAYLOAD_LEN];

	EXPECT_EQ(PAYLOAD_LEN, key_read(self->key, buf, sizeof(buf)));
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
	EXPECT_EQ(PAYLOAD_LEN, key_read(self->key, buf, 4));
	for (i = 4; i < sizeof(buf); i++)
		EXPECT_EQ(SENTINEL, buf[i]);
}

TEST_F(user, read_null_buffer)
{
	EXPECT_EQ(PAYLOAD_LEN, key_read(self->key, NULL, 0));
	EXPECT_EQ(PAYLOAD_LEN, key_read(self->key, NULL, 100));
}

TEST_F(user, read_bad_buffer)
{
	EXPECT_EQ(-1, key_read(self->key, (void *)1, 100));
	EXPECT_EQ(EFAULT, errno);
}

TEST_F(user, read_no_such_key)
{
	char buf[16];

	EXPECT_EQ(-1, key_read(NO_SUCH_KEY, buf, sizeof(buf)));
	EXPECT_EQ(ENOKEY, errno);
}

TEST_F(user, payload_sizes)
{
	expect_payload_sizes(_metadata, "user");
}

TEST_F(user, bad_pointers)
{
	EXPECT_EQ(-1, add_key("user", "fault", (void *)1, 10,
			      KEY_SPEC_SESSION_KEYRING));
	EXPECT_EQ(EFAULT, errno);
	EXPECT_EQ(-1, add_key("user", (char *)1, PAYLOAD, PAYLOAD_LEN,
			      KEY_SPEC_SESSION_KEYRING));
	EXPECT_EQ(EFAULT, errno);
	EXPECT_EQ(-1, add_key((char *)1, "fault", PAYLOAD, PAYLOAD_LEN,
			      KEY_SPEC_SESSION_KEYRING));
	EXPECT_EQ(EFAULT, errno);
	EXPECT_EQ(-1, key_update(self->key, (void *)1, 10));
	EXPECT_EQ(EFAULT, errno);
}

TEST_F(user, bad_keyring)
{
	EXPECT_EQ(-1, add_key("user", "ring", PAYLOAD, PAYLOAD_LEN, 0));
	EXPECT_EQ(EINVAL, errno);
	EXPECT_EQ(-1, add_key("user", "ring", PAYLOAD, PAYLOAD_LEN, -100));
	EXPECT_EQ(EINVAL, errno);
	EXPECT_EQ(-1, add_key("user", "ring", PAYLOAD, PAYLOAD_LEN,
			      NO_SUCH_KEY));
	EXPECT_EQ(ENOKEY, errno);
	EXPECT_EQ(-1, add_key("user", "ring", PAYLOAD, PAYLOAD_LEN,
			      self->key));
	EXPECT_EQ(ENOTDIR, errno);
}

TEST_F(user, bad_description_and_type)
{
	EXPECT_EQ(-1, add_key("user", "", PAYLOAD, PAYLOAD_LEN,
			      KEY_SPEC_SESSION_KEYRING));
	EXPECT_EQ(EINVAL, errno);
	EXPECT_EQ(-1, add_key("no_such_type", "desc", PAYLOAD, PAYLOAD_LEN,
			      KEY_SPEC_SESSION_KEYRING));
	EXPECT_EQ(ENODEV, errno);
	EXPECT_EQ(-1, add_key("", "desc", PAYLOAD, PAYLOAD_LEN,
			      KEY_SPEC_SESSION_KEYRING));
	EXPECT_EQ(EINVAL, errno);
	EXPECT_EQ(-1, add_key(".user", "desc", PAYLOAD, PAYLOAD_LEN,
			      KEY_SPEC_SESSION_KEYRING));
	EXPECT_EQ(EPERM, errno);
}

TEST_F(user, update_replaces_payload)
{
	char buf[16];

	EXPECT_EQ(0, key_update(self->key, "new", 3));
	EXPECT_EQ(3, key_read(self->key, buf, sizeof(buf)));
	EXPECT_EQ(0, memcmp(buf, "new", 3));
}

/* add_key() on an existing description updates that key in place. */
TEST_F(user, add_again_updates_in_place)
{
	char buf[16];

	EXPECT_EQ(self->key, add_key("user", "selftest", "again", 5,
				     KEY_SPEC_SESSION_KEYRING));
	EXPECT_EQ(5, key_read(self->key, buf, sizeof(buf)));
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
	unsigned char *data = calloc(1, page + 1);
	char buf[16];

	ASSERT_NE(NULL, data);
	EXPECT_EQ(-1, key_update(self->key, data, page + 1));
	EXPECT_EQ(EINVAL, errno);
	EXPECT_EQ(-1, key_update(self->key, data, max + 1));
	EXPECT_EQ(EINVAL, errno);
	EXPECT_EQ(-1, key_update(self->key, data, 0));
	EXPECT_EQ(EINVAL, errno);
	EXPECT_EQ(PAYLOAD_LEN, key_read(self->key, buf, sizeof(buf)));
	EXPECT_EQ(0, memcmp(buf, PAYLOAD, PAYLOAD_LEN));
	EXPECT_EQ(0, key_update(self->key, data, max));
	EXPECT_EQ(max, key_read(self->key, NULL, 0));
	free(data);
}

/* An update clears a timeout set on the key (user_update() sets no expiry). */
TEST_F(user, update_clears_timeout)
{
	char buf[16];

	ASSERT_EQ(0, keyctl(KEYCTL_SET_TIMEOUT, self->key, 1, 0, 0));
	ASSERT_EQ(0, key_update(self->key, "new", 3));
	sleep(2);
	EXPECT_EQ(3, key_read(self->key, buf, sizeof(buf)));
	EXPECT_EQ(0, memcmp(buf, "new", 3));
}

TEST_F(user, revoke)
{
	char buf[16];

	EXPECT_EQ(0, keyctl(KEYCTL_REVOKE, self->key, 0, 0, 0));
	EXPECT_EQ(-1, key_read(self->key, buf, sizeof(buf)));
	EXPECT_EQ(EKEYREVOKED, errno);
	EXPECT_EQ(-1, key_update(self->key, "new", 3));
	EXPECT_EQ(EKEYREVOKED, errno);
	EXPECT_EQ(-1, keyctl(KEYCTL_REVOKE, NO_SUCH_KEY, 0, 0, 0));
	EXPECT_EQ(ENOKEY, errno);
}

/*
 * An invalidated key is no longer possessed: give the owner read permission
 * so that the read fails the same way (ENOKEY) whether or not the garbage
 * collector has already destroyed the key.
 */
TEST_F(user, invalidate)
{
	char buf[16];

	ASSERT_EQ(0, key_setperm(self->key, KEY_POS_ALL | KEY_USR_VIEW |
				 KEY_USR_READ));
	EXPECT_EQ(0, keyctl(KEYCTL_INVALIDATE, self->key, 0, 0, 0));
	EXPECT_EQ(-1, key_read(self->key, buf, sizeof(buf)));
	EXPECT_EQ(ENOKEY, errno);
}

/*
 * A second unlink of a key that is no longer linked is ENOENT, but only
 * while the key exists: once nothing references it (the keyring drops its
 * reference an RCU grace period after the unlink), its serial is ENOKEY.
 * The process keyring, which a search of the session does not reach,
 * holds the key meanwhile.
 */
TEST_F(user, unlink)
{
	ASSERT_EQ(0, keyctl(KEYCTL_LINK, self->key, KEY_SPEC_PROCESS_KEYRING,
			    0, 0));
	EXPECT_EQ(self->key, key_search(KEY_SPEC_SESSION_KEYRING, "user",
					"selftest"));
	EXPECT_EQ(0, keyctl(KEYCTL_UNLINK, self->key,
			    KEY_SPEC_SESSION_KEYRING, 0, 0));
	EXPECT_EQ(0, keyring_links(self->ring, self->key));
	EXPECT_EQ(-1, key_search(KEY_SPEC_SESSION_KEYRING, "user", "selftest"));
	EXPECT_EQ(ENOKEY, errno);
	EXPECT_EQ(-1, keyctl(KEYCTL_UNLINK, self->key,
			     KEY_SPEC_SESSION_KEYRING, 0, 0));
	EXPECT_EQ(ENOENT, errno);
}

TEST_F(user, expiry)
{
	char buf[16];

	if (keys_gc_delay() < EXPIRY_GC_DELAY_MIN)
		SKIP(return, "kernel.keys.gc_delay below %d s", EXPIRY_GC_DELAY_MIN);
	EXPECT_EQ(0, keyctl(KEYCTL_SET_TIMEOUT, self->key, 1, 0, 0));
	EXPECT_EQ(PAYLOAD_LEN, key_read(self->key, buf, sizeof(buf)));
	sleep(2);
	EXPECT_EQ(-1, key_read(self->key, buf, sizeof(buf)));
	EXPECT_EQ(EKEYEXPIRED, errno);
}

/*
 * A key the caller does not possess is checked against its user
 * permissions: without KEY_USR_READ a read fails with EACCES.
 */
TEST_F(user, permissions_unpossessed)
{
	char buf[16];
	int32_t ring, key;

	ring = add_key("keyring", "unpossessed", NULL, 0,
		       KEY_SPEC_SESSION_KEYRING);
	ASSERT_LT(0, ring);
	key = add_key("user", "perm", PAYLOAD, PAYLOAD_LEN, ring);
	ASSERT_LT(0, key);
	ASSERT_EQ(0, key_setperm(key, KEY_POS_ALL | KEY_USR_VIEW |
				 KEY_USR_SETATTR));
	/*
	 * Keep the keyring alive through @u, which the session does not see;
	 * the teardown unlinks it again, whatever happens here.
	 */
	ASSERT_EQ(0, keyctl(KEYCTL_LINK, ring, KEY_SPEC_USER_KEYRING, 0, 0));
	self->in_user_keyring = ring;
	ASSERT_EQ(0, keyctl(KEYCTL_UNLINK, ring, KEY_SPEC_SESSION_KEYRING,
			    0, 0));

	EXPECT_EQ(-1, key_read(key, buf, sizeof(buf)));
	EXPECT_EQ(EACCES, errno);
	EXPECT_EQ(-1, key_update(key, "new", 3));
	EXPECT_EQ(EACCES, errno);
	EXPECT_EQ(0, key_setperm(key, KEY_POS_ALL | KEY_USR_VIEW |
				 KEY_USR_SETATTR | KEY_USR_READ));
	EXPECT_EQ(PAYLOAD_LEN, key_read(key, buf, sizeof(buf)));
	EXPECT_EQ(0, memcmp(buf, PAYLOAD, PAYLOAD_LEN));
	EXPECT_EQ(0, key_setperm(key, KEY_USR_VIEW));
	EXPECT_EQ(-1, key_setperm(key, KEY_POS_ALL));
	EXPECT_EQ(EACCES, errno);
}

/*
 * Without write permission an update fails with EACCES.  A key found by
 * searching the caller's keyrings (so with KEY_POS_SEARCH) is possessed, and
 * keyctl_read_key() lets a possessor read it even without KEY_POS_READ.
 */
TEST_F(user, permissions_possessed)
{
	char buf[16];

	EXPECT_EQ(0, key_setperm(self->key, KEY_POS_VIEW | KEY_POS_SEARCH |
				 KEY_POS_SETATTR));
	EXPECT_EQ(-1, key_update(self->key, "new", 3));
	EXPECT_EQ(EACCES, errno);
	EXPECT_EQ(PAYLOAD_LEN, key_read(self->key, buf, sizeof(buf)));
	EXPECT_EQ(0, memcmp(buf, PAYLOAD, PAYLOAD_LEN));
	EXPECT_EQ(-1, keyctl(KEYCTL_SETPERM, NO_SUCH_KEY, KEY_POS_ALL, 0, 0));
	EXPECT_EQ(ENOKEY, errno);
}

TEST_F(user, proc_keys_description)
{
	char line[512];

	ASSERT_EQ(0, proc_keys_line(self->key, line, sizeof(line)));
	EXPECT_STREQ("selftest: 10", proc_keys_description(line));
	EXPECT_NE(NULL, strstr(line, " user      selftest: 10"));
}

static int write_sysctl(const char *path, unsigned long value)
{
	char buf[32];
	int fd, len, ret;

	fd = open(path, O_WRONLY);
	if (fd < 0)
		return -1;
	len = snprintf(buf, sizeof(buf), "%lu\n", value);
	ret = write(fd, buf, len) == len ? 0 : -1;
	close(fd);
	return ret;
}

#define MAXBYTES	"/proc/sys/kernel/keys/maxbytes"
#define QUOTA_LIMIT	1000

/* Does any key belong to @uid (a line "uid: ..." in /proc/key-users)? */
static bool uid_has_keys(uid_t uid)
{
	char line[256];
	bool found = false;
	FILE *f = fopen("/proc/key-users", "r");
	unsigned int u;

	if (!f)
		return true;
	while (!found && fgets(line, sizeof(line), f))
		found = sscanf(line, " %u:", &u) == 1 && u == uid;
	fclose(f);
	return found;
}

/*
 * The quota test lowers kernel.keys.maxbytes for the whole system; the
 * teardown puts it back, also when an assertion fails.  It needs root, and
 * a uid that owns no key, so that its quota starts empty.
 */
FIXTURE(quota) {
	long saved;
	uid_t uid;
};

FIXTURE_SETUP(quota)
{
	self->saved = -1;
	ASSERT_LT(0, new_session_keyring());
	if (geteuid() != 0 || access(MAXBYTES, W_OK))
		SKIP(return, "needs root, to lower %s", MAXBYTES);
	for (self->uid = 4242; uid_has_keys(self->uid); self->uid++)
		ASSERT_GT(4242 + 1000, self->uid);
	self->saved = read_sysctl(MAXBYTES);
	ASSERT_LT(0, self->saved);
}

/* In the parent, for the same reason as the user fixture's. */
FIXTURE_TEARDOWN_PARENT(quota)
{
	if (self->saved > 0)
		EXPECT_EQ(0, write_sysctl(MAXBYTES, self->saved));
}

/*
 * In a child running as @uid under a lowered kernel.keys.maxbytes: the
 * first key fits, a second that would pass the limit does not, and neither
 * does growing the first key past it; growing it within the limit works.
 * Returns the exit status.
 */
static int quota_child(uid_t uid)
{
	static unsigned char data[QUOTA_LIMIT];
	char buf[sizeof(data)];
	int32_t key;

	if (setresuid(uid, uid, uid))
		return 10;
	key = add_key("user", "quota1", data, 400, KEY_SPEC_SESSION_KEYRING);
	if (key < 0)
		return 11;
	if (add_key("user", "quota2", data, 600,
		    KEY_SPEC_SESSION_KEYRING) != -1 || errno != EDQUOT)
		return 12;
	if (key_update(key, data, QUOTA_LIMIT) != -1 || errno != EDQUOT)
		return 13;
	if (key_read(key, buf, sizeof(buf)) != 400)
		return 14;
	if (key_update(key, data, 500) != 0)
		return 15;
	return 0;
}

TEST_F(quota, user_keys)
{
	int status;
	pid_t pid;

	ASSERT_EQ(0, write_sysctl(MAXBYTES, QUOTA_LIMIT));
	pid = fork();
	if (pid == 0)
		_exit(quota_child(self->uid));
	ASSERT_LT(0, pid);
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	ASSERT_TRUE(WIFEXITED(status));
	EXPECT_EQ(0, WEXITSTATUS(status));
}

TEST_HARNESS_MAIN
