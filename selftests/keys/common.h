/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Helpers shared by the keys selftests, on top of the system call wrappers
 * of wrappers.h.  Include after kselftest_harness.h.
 */

#ifndef _SELFTESTS_KEYS_COMMON_H
#define _SELFTESTS_KEYS_COMMON_H

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/fsuid.h>
#include <unistd.h>

#include "wrappers.h"

/**
 * keys_test_main() - the main() of each keys selftest
 * @argc: main()'s argument count
 * @argv: main()'s arguments
 *
 * Without CONFIG_KEYS, add_key() and keyctl() fail with ENOSYS: the whole
 * program is skipped then, with that reason.  So it is when keyctl() fails
 * with EPERM, as a seccomp filter (a container's default profile) makes
 * it.  The probe asks for the thread keyring's serial without creating it,
 * which changes nothing.
 *
 * Return: the exit status of the harness's run of the tests.
 */
static inline int keys_test_main(int argc, char **argv)
{
	long ret = keyctl(KEYCTL_GET_KEYRING_ID, KEY_SPEC_THREAD_KEYRING,
			  0, 0, 0);

	if (ret == -1 && errno == ENOSYS)
		ksft_exit_skip("kernel built without CONFIG_KEYS: keyctl() fails with ENOSYS\n");
	if (ret == -1 && errno == EPERM)
		ksft_exit_skip("keyctl() fails with EPERM (a seccomp filter?)\n");
	return test_harness_run(argc, argv);
}

/* Check that @call fails with errno @err; the call is named if it does not. */
#define EXPECT_ERRNO(err, call) do {					\
	long __ret = (call);						\
	int __err = errno, __want = (err);				\
									\
	if (__ret != -1 || __err != __want)				\
		TH_LOG("%s: %ld, errno %d, not errno %d", #call,	\
		       __ret, __err, __want);				\
	EXPECT_EQ(-1, __ret);						\
	EXPECT_EQ(__want, __err);					\
} while (0)

/*
 * Check that @call fails with errno @err1 or @err2, where the order of the
 * kernel's checks decides which and nothing documents that order.
 */
#define EXPECT_ERRNO2(err1, err2, call) do {				\
	long __ret = (call);						\
	int __err = errno, __want1 = (err1), __want2 = (err2);		\
									\
	if (__ret != -1 || (__err != __want1 && __err != __want2))	\
		TH_LOG("%s: %ld, errno %d, not errno %d or %d", #call,	\
		       __ret, __err, __want1, __want2);			\
	EXPECT_EQ(-1, __ret);						\
	EXPECT_TRUE(__err == __want1 || __err == __want2);		\
} while (0)

/* Permission bits, from include/linux/key.h (not in the uapi headers). */
#define KEY_POS_VIEW	0x01000000
#define KEY_POS_READ	0x02000000
#define KEY_POS_WRITE	0x04000000
#define KEY_POS_SEARCH	0x08000000
#define KEY_POS_LINK	0x10000000
#define KEY_POS_SETATTR	0x20000000
#define KEY_POS_ALL	0x3f000000
#define KEY_USR_VIEW	0x00010000
#define KEY_USR_READ	0x00020000
#define KEY_USR_WRITE	0x00040000
#define KEY_USR_SETATTR	0x00200000

#define USER_KEY_MAX_DATALEN	32767
/* Serials are at least 3 (key_alloc_serial()): this one names no key. */
#define NO_SUCH_KEY		2

/* Does @ring link @key directly?  Returns 1, 0, or -1 on error. */
static inline int keyring_links(int32_t ring, int32_t key)
{
	int32_t serials[64];
	long len, i;

	len = keyctl_read(ring, serials, sizeof(serials));
	if (len < 0 || len > (long)sizeof(serials))
		return -1;
	for (i = 0; i < len / (long)sizeof(serials[0]); i++)
		if (serials[i] == key)
			return 1;
	return 0;
}

/*
 * Copy the /proc/keys line of @key into @line, without its trailing
 * newline.  Returns 0, or -1 if there is no such line.
 */
static inline int proc_keys_line(int32_t key, char *line, size_t size)
{
	char serial[16];
	FILE *f;
	int ret = -1;

	snprintf(serial, sizeof(serial), "%08x ", key);
	f = fopen("/proc/keys", "r");
	if (!f)
		return -1;
	while (fgets(line, size, f)) {
		if (strncmp(line, serial, strlen(serial)) == 0) {
			line[strcspn(line, "\n")] = '\0';
			ret = 0;
			break;
		}
	}
	fclose(f);
	return ret;
}

/* The description column of a /proc/keys line: what ->describe() wrote. */
static inline const char *proc_keys_description(const char *line)
{
	/* serial flags usage expiry perm uid gid type, then the description */
	int field;

	for (field = 0; field < 8; field++) {
		line += strcspn(line, " ");
		line += strspn(line, " ");
	}
	return line;
}

/*
 * A revoked or expired key stays, and operations on it fail with
 * EKEYREVOKED or EKEYEXPIRED, until the garbage collector reaps it
 * kernel.keys.gc_delay seconds (300 unless changed) after it died; then
 * its serial is ENOKEY.  The tests that check such a key need at least
 * GC_DELAY_MIN seconds of that, and skip with GC_DELAY_SKIP without them
 * (keys_gc_delay_short()).
 */
#define GC_DELAY_MIN	30
#define GC_DELAY_SKIP	"kernel.keys.gc_delay unreadable or below 30 s"

/* The number in the sysctl file @path, or -1 if it cannot be read. */
static inline long read_sysctl(const char *path)
{
	long value = -1;
	FILE *f = fopen(path, "r");

	if (!f)
		return -1;
	if (fscanf(f, "%ld", &value) != 1)
		value = -1;
	fclose(f);
	return value;
}

/*
 * The caller's fsuid and fsgid, which own the keys it adds: setfsuid() and
 * setfsgid() with an invalid id change nothing and return them.
 */
static inline uid_t keys_fsuid(void)
{
	return setfsuid(-1);
}

static inline gid_t keys_fsgid(void)
{
	return setfsgid(-1);
}

static inline long keys_gc_delay(void)
{
	return read_sysctl("/proc/sys/kernel/keys/gc_delay");
}

static inline bool keys_gc_delay_short(void)
{
	return keys_gc_delay() < GC_DELAY_MIN;
}

static inline void fill_pattern(unsigned char *buf, size_t len,
				unsigned int seed)
{
	size_t i;

	for (i = 0; i < len; i++)
		buf[i] = (i + seed) % 251;
}

/**
 * add_session_key() - the set-up of a fixture with one key
 * @_metadata: the test's, for its assertions
 * @type: the key's type
 * @desc: its description
 * @payload: its payload
 * @plen: the payload's length
 *
 * Joins a fresh anonymous session keyring and adds the key to it.  Each
 * test runs in a process of its own, so it possesses exactly the keys it
 * adds there.  The test fails here if either cannot be done.
 *
 * Return: the key's serial.
 */
static inline int32_t add_session_key(struct __test_metadata *_metadata,
				      const char *type, const char *desc,
				      const void *payload, size_t plen)
{
	int32_t key;

	ASSERT_LT(0, keyctl_join_session_keyring(NULL));
	key = add_key(type, desc, payload, plen, KEY_SPEC_SESSION_KEYRING);
	ASSERT_LT(0, key);
	return key;
}

/*
 * The bytes @uid may still charge to its quota, from its line in
 * /proc/key-users ("uid: usage nkeys/nikeys qnkeys/maxkeys qnbytes/maxbytes"),
 * or -1 if it has none.
 */
static inline long quota_free_bytes(uid_t uid)
{
	unsigned int u, usage, nkeys, nikeys, qnkeys, maxkeys, qnbytes,
		maxbytes;
	char line[256];
	long free_bytes = -1;
	FILE *f = fopen("/proc/key-users", "r");

	if (!f)
		return -1;
	while (free_bytes < 0 && fgets(line, sizeof(line), f))
		if (sscanf(line, " %u: %u %u/%u %u/%u %u/%u", &u, &usage,
			   &nkeys, &nikeys, &qnkeys, &maxkeys, &qnbytes,
			   &maxbytes) == 8 && u == uid)
			free_bytes = (long)maxbytes - qnbytes;
	fclose(f);
	return free_bytes;
}

/*
 * The key quota a test needs for a key of the largest payload: the payload,
 * its description, and the few small keys beside it.  A uid other than
 * root's has 20000 bytes in all unless kernel.keys.maxbytes says otherwise.
 */
#define MAX_KEY_QUOTA	(USER_KEY_MAX_DATALEN + 64)

/* Has the caller's key quota @bytes free? */
static inline bool quota_has_room(long bytes)
{
	return quota_free_bytes(keys_fsuid()) >= bytes;
}

/*
 * The payload limits of the user type, for a readable @type: 0 and 32768
 * bytes are refused with EINVAL, 1 and 32767 bytes read back exactly.
 */
static inline void expect_payload_sizes(struct __test_metadata *_metadata,
					const char *type)
{
	static unsigned char data[USER_KEY_MAX_DATALEN + 1];
	unsigned char *back;
	int32_t key;

	if (!quota_has_room(MAX_KEY_QUOTA))
		SKIP(return,
		     "needs %d bytes of key quota (kernel.keys.maxbytes)",
		     MAX_KEY_QUOTA);
	back = malloc(USER_KEY_MAX_DATALEN);
	ASSERT_TRUE(!!back);
	fill_pattern(data, sizeof(data), 7);

	EXPECT_ERRNO(EINVAL, add_key(type, "size0", data, 0,
				     KEY_SPEC_SESSION_KEYRING));
	EXPECT_ERRNO(EINVAL, add_key(type, "size0", NULL, 0,
				     KEY_SPEC_SESSION_KEYRING));

	key = add_key(type, "size1", data, 1, KEY_SPEC_SESSION_KEYRING);
	ASSERT_LT(0, key);
	EXPECT_EQ(1, keyctl_read(key, back, USER_KEY_MAX_DATALEN));
	EXPECT_EQ(data[0], back[0]);

	key = add_key(type, "sizemax", data, USER_KEY_MAX_DATALEN,
		      KEY_SPEC_SESSION_KEYRING);
	ASSERT_LT(0, key);
	EXPECT_EQ(USER_KEY_MAX_DATALEN,
		  keyctl_read(key, back, USER_KEY_MAX_DATALEN));
	EXPECT_EQ(0, memcmp(back, data, USER_KEY_MAX_DATALEN));

	EXPECT_ERRNO(EINVAL, add_key(type, "sizeover", data,
				     USER_KEY_MAX_DATALEN + 1,
				     KEY_SPEC_SESSION_KEYRING));
	free(back);
}

#endif /* _SELFTESTS_KEYS_COMMON_H */
