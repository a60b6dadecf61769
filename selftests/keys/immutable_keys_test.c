// SPDX-License-Identifier: GPL-2.0
/*
 * Tests for "immutable" keys through add_key() and keyctl()
 *
 * An immutable key is a readable user-style key whose payload cannot change
 * once it has been instantiated.  The tests are skipped when the kernel has
 * no such key type (CONFIG_IMMUTABLE_KEYS).
 */

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../kselftest_harness.h"
#include "common.h"

#define PAYLOAD		"immutable payload"
#define PAYLOAD_LEN	(sizeof(PAYLOAD) - 1)

/* KEY_POS_VIEW | READ | SEARCH | LINK | SETATTR, KEY_USR_VIEW: no write */
#define DEFAULT_PERM	0x3b010000

FIXTURE(immutable) {
	int32_t key;
};

FIXTURE_SETUP(immutable)
{
	self->key = add_session_key(_metadata, "immutable", "selftest", PAYLOAD,
				    PAYLOAD_LEN);
}

FIXTURE_TEARDOWN(immutable)
{
}

/* Check that @key reads back exactly @data. */
static int reads_back(int32_t key, const void *data, size_t len)
{
	char buf[64];

	return keyctl_read(key, buf, sizeof(buf)) == (long)len &&
	       memcmp(buf, data, len) == 0;
}

TEST_F(immutable, default_permissions)
{
	char desc[256];
	char expect[256];

	snprintf(expect, sizeof(expect), "immutable;%d;%d;%08x;selftest",
		 getuid(), getgid(), DEFAULT_PERM);
	EXPECT_EQ(strlen(expect) + 1,
		  keyctl_describe(self->key, desc, sizeof(desc)));
	EXPECT_STREQ(expect, desc);
}

TEST_F(immutable, update_without_write_is_eacces)
{
	EXPECT_ERRNO(EACCES, keyctl_update(self->key, "new", 3));
	EXPECT_TRUE(reads_back(self->key, PAYLOAD, PAYLOAD_LEN));
}

TEST_F(immutable, update_with_write_is_eopnotsupp)
{
	EXPECT_EQ(0, keyctl_setperm(self->key, DEFAULT_PERM | KEY_POS_WRITE));
	EXPECT_ERRNO(EOPNOTSUPP, keyctl_update(self->key, "new", 3));
	EXPECT_TRUE(reads_back(self->key, PAYLOAD, PAYLOAD_LEN));
}

/* The core checks the length before anything else, as for "user". */
TEST_F(immutable, update_bad_length)
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
TEST_F(immutable, add_again_replaces_link)
{
	int32_t holder, key;

	holder = add_key("keyring", "holder", NULL, 0,
			 KEY_SPEC_SESSION_KEYRING);
	ASSERT_LT(0, holder);
	ASSERT_EQ(0, keyctl_link(self->key, holder));

	key = add_key("immutable", "selftest", "replacement", 11,
		      KEY_SPEC_SESSION_KEYRING);
	ASSERT_LT(0, key);
	EXPECT_NE(self->key, key);
	EXPECT_EQ(1, keyring_links(KEY_SPEC_SESSION_KEYRING, key));
	EXPECT_EQ(0, keyring_links(KEY_SPEC_SESSION_KEYRING, self->key));
	EXPECT_EQ(1, keyring_links(holder, self->key));
	EXPECT_TRUE(reads_back(key, "replacement", 11));
	EXPECT_TRUE(reads_back(self->key, PAYLOAD, PAYLOAD_LEN));
}

/*
 * Bad pointers and descriptions get the errors "user" keys get.  A key as
 * add_key()'s destination is not a keyring: ENOTDIR once it has write
 * permission; without, EACCES is right too, and which of the two comes
 * first is not documented (today the lookup for write does: EACCES).
 */
TEST_F(immutable, bad_input)
{
	EXPECT_ERRNO(EFAULT, add_key("immutable", "fault", (void *)1, 10,
				     KEY_SPEC_SESSION_KEYRING));
	EXPECT_ERRNO(EINVAL, add_key("immutable", "", PAYLOAD, PAYLOAD_LEN,
				     KEY_SPEC_SESSION_KEYRING));
	EXPECT_ERRNO2(EACCES, ENOTDIR, add_key("immutable", "ring", PAYLOAD,
					       PAYLOAD_LEN, self->key));
	EXPECT_EQ(0, keyctl_setperm(self->key, DEFAULT_PERM | KEY_POS_WRITE));
	EXPECT_ERRNO(ENOTDIR, add_key("immutable", "ring", PAYLOAD, PAYLOAD_LEN,
				      self->key));
}

/*
 * The table in Documentation/security/keys/immutable.rst, a test per row:
 * an immutable key with its default permissions against a "user" key whose
 * possessor dropped write and setattr, as a user key can be locked from
 * userspace.
 */

/* KEY_POS_VIEW | READ | SEARCH | LINK, KEY_USR_VIEW: no write, no setattr */
#define LOCKED_USER_PERM	0x1b010000

/* The timeout column of the /proc/keys line of @key, or "" if none. */
static const char *proc_keys_timeout(int32_t key)
{
	static char timeout[16];
	char line[512];

	timeout[0] = '\0';
	if (proc_keys_line(key, line, sizeof(line)) == 0 &&
	    sscanf(line, "%*x %*s %*d %15s", timeout) != 1)
		timeout[0] = '\0';
	return timeout;
}

/* The perm and type columns of the /proc/keys line of @key: 0 or -1. */
static int proc_keys_perm_type(int32_t key, unsigned int *perm, char *type)
{
	char line[512];
	int n;

	if (proc_keys_line(key, line, sizeof(line)))
		return -1;
	n = sscanf(line, "%*x %*s %*d %*s %x %*u %*u %15s", perm, type);
	return n == 2 ? 0 : -1;
}

FIXTURE(immutable_vs_user) {
	int32_t user;
	int32_t imm;
};

FIXTURE_SETUP(immutable_vs_user)
{
	self->imm = add_session_key(_metadata, "immutable", "versus", PAYLOAD,
				    PAYLOAD_LEN);
	if (self->imm < 0)
		return;
	self->user = add_key("user", "versus", PAYLOAD, PAYLOAD_LEN,
			     KEY_SPEC_SESSION_KEYRING);
	ASSERT_LT(0, self->user);
	ASSERT_EQ(0, keyctl_setperm(self->user, LOCKED_USER_PERM));
}

FIXTURE_TEARDOWN(immutable_vs_user)
{
}

/* KEYCTL_UPDATE, whose lookup needs write as key_update() does: EACCES. */
TEST_F(immutable_vs_user, update)
{
	EXPECT_ERRNO(EACCES, keyctl_update(self->user, "new", 3));
	EXPECT_ERRNO(EACCES, keyctl_update(self->imm, "new", 3));
	EXPECT_TRUE(reads_back(self->user, PAYLOAD, PAYLOAD_LEN));
	EXPECT_TRUE(reads_back(self->imm, PAYLOAD, PAYLOAD_LEN));
}

/*
 * Granting write back: nobody can for the user key (KEYCTL_SETPERM needs
 * setattr); the immutable key's possessor can, and the update then fails
 * with EOPNOTSUPP.
 */
TEST_F(immutable_vs_user, restore_write)
{
	EXPECT_ERRNO(EACCES, keyctl_setperm(self->user,
					    LOCKED_USER_PERM | KEY_POS_WRITE));
	EXPECT_EQ(0, keyctl_setperm(self->imm, DEFAULT_PERM | KEY_POS_WRITE));
	EXPECT_ERRNO(EOPNOTSUPP, keyctl_update(self->imm, "new", 3));
	EXPECT_TRUE(reads_back(self->user, PAYLOAD, PAYLOAD_LEN));
	EXPECT_TRUE(reads_back(self->imm, PAYLOAD, PAYLOAD_LEN));
}

/* KEYCTL_REVOKE needs write or setattr: only the immutable key has one. */
TEST_F(immutable_vs_user, revoke)
{
	EXPECT_ERRNO(EACCES, keyctl_revoke(self->user));
	EXPECT_TRUE(reads_back(self->user, PAYLOAD, PAYLOAD_LEN));
	EXPECT_EQ(0, keyctl_revoke(self->imm));
	EXPECT_ERRNO(EKEYREVOKED, keyctl_read(self->imm, NULL, 0));
}

/*
 * KEYCTL_INVALIDATE needs search: both can be invalidated, and then neither
 * reads.  The errno depends on the garbage collector's timing, not on the
 * type: ENOKEY while the key is still linked, EACCES once the collector has
 * unlinked it (the caller no longer possesses it, and the user may not
 * read it) until the key is freed, then ENOKEY again.
 */
TEST_F(immutable_vs_user, invalidate)
{
	EXPECT_EQ(0, keyctl_invalidate(self->user));
	EXPECT_EQ(0, keyctl_invalidate(self->imm));
	EXPECT_ERRNO2(EACCES, ENOKEY, keyctl_read(self->user, NULL, 0));
	EXPECT_ERRNO2(EACCES, ENOKEY, keyctl_read(self->imm, NULL, 0));
}

/*
 * KEYCTL_SET_TIMEOUT needs setattr: only the immutable key gets one, as the
 * timeout column of /proc/keys shows ("perm" for a key without one).
 */
TEST_F(immutable_vs_user, timeout)
{
	const char *timeout;

	EXPECT_ERRNO(EACCES, keyctl_set_timeout(self->user, 3600));
	EXPECT_EQ(0, keyctl_set_timeout(self->imm, 3600));
	EXPECT_STREQ("perm", proc_keys_timeout(self->user));
	/* 3600 s left shows as "1h", anything less as "59m" */
	timeout = proc_keys_timeout(self->imm);
	EXPECT_TRUE(!strcmp(timeout, "1h") || !strcmp(timeout, "59m"))
		TH_LOG("timeout column \"%s\"", timeout);
}

/*
 * add_key() with the same description: for the user key it is an update,
 * refused without write; the immutable key is displaced by a new key.
 */
TEST_F(immutable_vs_user, add_key_again)
{
	int32_t key;

	EXPECT_ERRNO(EACCES, add_key("user", "versus", "new", 3,
				     KEY_SPEC_SESSION_KEYRING));
	EXPECT_EQ(1, keyring_links(KEY_SPEC_SESSION_KEYRING, self->user));
	EXPECT_TRUE(reads_back(self->user, PAYLOAD, PAYLOAD_LEN));

	key = add_key("immutable", "versus", "new", 3, KEY_SPEC_SESSION_KEYRING);
	ASSERT_LT(0, key);
	EXPECT_NE(self->imm, key);
	EXPECT_EQ(1, keyring_links(KEY_SPEC_SESSION_KEYRING, key));
	EXPECT_EQ(0, keyring_links(KEY_SPEC_SESSION_KEYRING, self->imm));
	EXPECT_TRUE(reads_back(key, "new", 3));
}

/*
 * Between add_key() and KEYCTL_SETPERM, a user key can still be updated;
 * an immutable key never can.
 */
TEST_F(immutable_vs_user, window_before_setperm)
{
	int32_t user, imm;

	user = add_key("user", "window", PAYLOAD, PAYLOAD_LEN,
		       KEY_SPEC_SESSION_KEYRING);
	ASSERT_LT(0, user);
	imm = add_key("immutable", "window", PAYLOAD, PAYLOAD_LEN,
		      KEY_SPEC_SESSION_KEYRING);
	ASSERT_LT(0, imm);
	EXPECT_EQ(0, keyctl_update(user, "new", 3));
	EXPECT_TRUE(reads_back(user, "new", 3));
	EXPECT_ERRNO(EACCES, keyctl_update(imm, "new", 3));
}

/* What /proc/keys shows: the type and the mask, for anyone to check. */
TEST_F(immutable_vs_user, proc_keys)
{
	unsigned int perm;
	char type[16];

	ASSERT_EQ(0, proc_keys_perm_type(self->user, &perm, type));
	EXPECT_EQ(LOCKED_USER_PERM, perm);
	EXPECT_STREQ("user", type);
	ASSERT_EQ(0, proc_keys_perm_type(self->imm, &perm, type));
	EXPECT_EQ(DEFAULT_PERM, perm);
	EXPECT_STREQ("immutable", type);
}

int main(int argc, char **argv)
{
	return keys_test_main(argc, argv);
}
