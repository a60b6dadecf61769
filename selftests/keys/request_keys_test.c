// SPDX-License-Identifier: GPL-2.0
/*
 * Tests for request_key() construction, with the request_key_test key type
 *
 * The type (CONFIG_KEYS_REQUEST_TEST) constructs a key that request_key()
 * does not find as its callout string says: "instantiate PAYLOAD",
 * "negate TIMEOUT" or "reject TIMEOUT ERROR", after "wait MSECS " if the
 * callout starts with it.  No /sbin/request-key runs.  Run by
 * request_keys.sh, which loads the type's module; without the type, the
 * program is skipped.  Each test runs in its own process with a fresh
 * anonymous session keyring.
 */

#include <signal.h>
#include <sys/wait.h>
#include <time.h>

#include "../kselftest_harness.h"
#include "common.h"

#define TYPE		"request_key_test"
#define DESC		"rkt:key"
/* Long enough for the other task to act while the key is constructed */
#define WAIT		"wait 1000 "
/* How many times to look for an event, POLL_NS apart */
#define POLL_COUNT	500
#define POLL_NS		10000000L

FIXTURE(rkt) {
	int32_t session;
	pid_t child;
};

FIXTURE_SETUP(rkt)
{
	self->session = keyctl_join_session_keyring(NULL);
	ASSERT_LT(0, self->session);
}

/* A child a failed test left requesting is killed. */
FIXTURE_TEARDOWN(rkt)
{
	if (self->child > 0) {
		kill(self->child, SIGKILL);
		waitpid(self->child, NULL, 0);
	}
}

static void pause_poll(void)
{
	struct timespec ts = { .tv_nsec = POLL_NS };

	nanosleep(&ts, NULL);
}

/* Does @key read back exactly @data? */
static int reads_back(int32_t key, const char *data)
{
	char buf[64];
	long len = keyctl_read(key, buf, sizeof(buf));

	return len == (long)strlen(data) && len <= (long)sizeof(buf) &&
	       !memcmp(buf, data, len);
}

/* The key of @desc linked in @ring, found by KEYCTL_SEARCH, or -1 */
static int32_t find_in(int32_t ring, const char *desc)
{
	return keyctl_search(ring, TYPE, desc, 0);
}

/*
 * Fork a child that requests DESC with @callout into the session keyring
 * and exits with 0 if request_key() returned the key then linked there,
 * and with the errno otherwise.
 */
static pid_t request_in_child(const char *callout)
{
	pid_t pid = fork();

	if (pid == 0) {
		int32_t key = request_key(TYPE, DESC, callout,
					  KEY_SPEC_SESSION_KEYRING);

		if (key == -1)
			_exit(errno);
		_exit(find_in(KEY_SPEC_SESSION_KEYRING, DESC) == key ? 0 : 255);
	}
	return pid;
}

/*
 * Is @key under construction?  Its /proc/keys line is "%08x " and seven
 * flags, the fifth 'U' while it is.
 */
static int is_under_construction(int32_t key)
{
	char line[256];

	return !proc_keys_line(key, line, sizeof(line)) && line[13] == 'U';
}

/*
 * Wait for the session keyring to link a key of DESC, the key that child
 * @pid requested, and check that it is still under construction.  Returns
 * its serial, or -1 if there is no child, no key comes or it is
 * constructed already.
 */
static int32_t key_under_construction(pid_t pid)
{
	int32_t serials[4];
	int i;

	if (pid <= 0)
		return -1;
	for (i = 0; i < POLL_COUNT; i++) {
		if (keyctl_read(KEY_SPEC_SESSION_KEYRING, serials,
				sizeof(serials)) == sizeof(int32_t))
			return is_under_construction(serials[0]) ?
			       serials[0] : -1;
		pause_poll();
	}
	return -1;
}

/*
 * Reap @pid within POLL_COUNT polls; kill it if it is still there.  Returns
 * its exit status, or -1 if it had to be killed.
 */
static int reap(pid_t pid)
{
	int i, status;

	for (i = 0; i < POLL_COUNT; i++) {
		if (waitpid(pid, &status, WNOHANG) == pid)
			return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
		pause_poll();
	}
	kill(pid, SIGKILL);
	waitpid(pid, &status, 0);
	return -1;
}

/* "instantiate": the rest of the callout, linked in the destination. */
TEST_F(rkt, instantiate)
{
	int32_t key = request_key(TYPE, DESC, "instantiate a payload",
				  KEY_SPEC_SESSION_KEYRING);

	ASSERT_LT(0, key);
	EXPECT_TRUE(reads_back(key, "a payload"));
	EXPECT_EQ(1, keyring_links(self->session, key));
	/* Found again: the callout is not used. */
	EXPECT_EQ(key, request_key(TYPE, DESC, "instantiate other",
				   KEY_SPEC_SESSION_KEYRING));
	EXPECT_TRUE(reads_back(key, "a payload"));
}

/* A constructed key is updated and read as a "user" key is. */
TEST_F(rkt, update_and_read)
{
	int32_t key = request_key(TYPE, DESC, "instantiate old", 0);

	ASSERT_LT(0, key);
	EXPECT_TRUE(reads_back(key, "old"));
	EXPECT_EQ(0, keyctl_update(key, "newer", 5));
	EXPECT_TRUE(reads_back(key, "newer"));
	EXPECT_ERRNO(EINVAL, keyctl_update(key, "", 0));
	EXPECT_TRUE(reads_back(key, "newer"));
}

/* "negate": ENOKEY, and the negative key is found until it expires. */
TEST_F(rkt, negate)
{
	EXPECT_ERRNO(ENOKEY, request_key(TYPE, DESC, "negate 60",
					 KEY_SPEC_SESSION_KEYRING));
	EXPECT_ERRNO(ENOKEY, request_key(TYPE, DESC, "instantiate x",
					 KEY_SPEC_SESSION_KEYRING));
	EXPECT_EQ(sizeof(int32_t), keyctl_read(self->session, NULL, 0));
}

/* After its timeout, the negative key is passed over and a new one made. */
TEST_F(rkt, negative_key_expires)
{
	int32_t key = -1;
	int i;

	EXPECT_ERRNO(ENOKEY, request_key(TYPE, DESC, "negate 1",
					 KEY_SPEC_SESSION_KEYRING));
	for (i = 0; i < POLL_COUNT && key == -1; i++) {
		key = request_key(TYPE, DESC, "instantiate x",
				  KEY_SPEC_SESSION_KEYRING);
		if (key == -1) {
			ASSERT_EQ(ENOKEY, errno);
			pause_poll();
		}
	}
	ASSERT_LT(0, key);
	EXPECT_TRUE(reads_back(key, "x"));
	/* The new key displaced the negative one in the keyring. */
	EXPECT_EQ(sizeof(int32_t), keyctl_read(self->session, NULL, 0));
}

/*
 * Reject DESC with EKEYREJECTED into @dest: that request and the next
 * fail with it.
 */
static void reject_and_find(struct __test_metadata *_metadata, int32_t dest)
{
	char callout[32];

	snprintf(callout, sizeof(callout), "reject 60 %d", EKEYREJECTED);
	EXPECT_ERRNO(EKEYREJECTED, request_key(TYPE, DESC, callout, dest));
	EXPECT_ERRNO(EKEYREJECTED, request_key(TYPE, DESC, "instantiate x",
					       dest));
}

/* "reject": the chosen error, for this request and the next. */
TEST_F(rkt, reject)
{
	char callout[32];

	reject_and_find(_metadata, KEY_SPEC_SESSION_KEYRING);
	snprintf(callout, sizeof(callout), "reject 60 %d", ECONNREFUSED);
	EXPECT_ERRNO(ECONNREFUSED, request_key(TYPE, "rkt:other", callout,
					       KEY_SPEC_SESSION_KEYRING));
}

/*
 * The search looks in the thread keyring before the session keyring: a
 * rejected key in the session keyring is found all the same.
 */
TEST_F(rkt, reject_after_thread_keyring)
{
	ASSERT_LT(0, keyctl(KEYCTL_GET_KEYRING_ID, KEY_SPEC_THREAD_KEYRING,
			    1, 0, 0));
	reject_and_find(_metadata, KEY_SPEC_SESSION_KEYRING);
}

/*
 * With no destination, the key goes to the thread keyring; the session
 * keyring, searched after it, has none.  The rejected key is found.
 */
TEST_F(rkt, reject_into_thread_keyring)
{
	ASSERT_LT(0, keyctl(KEYCTL_GET_KEYRING_ID, KEY_SPEC_THREAD_KEYRING,
			    1, 0, 0));
	reject_and_find(_metadata, 0);
}

/*
 * A callout the type cannot parse negates the key, as a failed upcall
 * does: the next request finds the negative key.  Each would make a key
 * positive if the parser let it through.
 */
TEST_F(rkt, bad_callout)
{
	static const char *const callouts[] = {
		"instantiatex y",
		"wait 1001 instantiate x",
		"wait 1 wait 1 instantiate x",
		"instantiate",
	};
	char desc[16];
	size_t i;

	for (i = 0; i < ARRAY_SIZE(callouts); i++) {
		snprintf(desc, sizeof(desc), "rkt:bad%zu", i);
		EXPECT_ERRNO(ENOKEY, request_key(TYPE, desc, callouts[i],
						 KEY_SPEC_SESSION_KEYRING));
		EXPECT_ERRNO(ENOKEY, request_key(TYPE, desc, "instantiate x",
						 KEY_SPEC_SESSION_KEYRING));
	}
}

/* An explicit destination gets the link; the session keyring does not. */
TEST_F(rkt, explicit_destination)
{
	int32_t ring = add_key("keyring", "rkt:ring", NULL, 0,
			       KEY_SPEC_SESSION_KEYRING);
	int32_t key;

	ASSERT_LT(0, ring);
	key = request_key(TYPE, DESC, "instantiate x", ring);
	ASSERT_LT(0, key);
	EXPECT_EQ(1, keyring_links(ring, key));
	EXPECT_EQ(0, keyring_links(self->session, key));
}

/* KEYCTL_SET_REQKEY_KEYRING picks the keyring a key with no destination gets */
TEST_F(rkt, default_destinations)
{
	int32_t thread, process, key;

	thread = keyctl(KEYCTL_GET_KEYRING_ID, KEY_SPEC_THREAD_KEYRING, 1, 0, 0);
	process = keyctl(KEYCTL_GET_KEYRING_ID, KEY_SPEC_PROCESS_KEYRING, 1, 0, 0);
	ASSERT_LT(0, thread);
	ASSERT_LT(0, process);

	ASSERT_LE(0, keyctl_set_reqkey_keyring(KEY_REQKEY_DEFL_THREAD_KEYRING));
	key = request_key(TYPE, "rkt:thread", "instantiate t", 0);
	ASSERT_LT(0, key);
	EXPECT_EQ(1, keyring_links(thread, key));

	ASSERT_LE(0, keyctl_set_reqkey_keyring(KEY_REQKEY_DEFL_PROCESS_KEYRING));
	key = request_key(TYPE, "rkt:process", "instantiate p", 0);
	ASSERT_LT(0, key);
	EXPECT_EQ(1, keyring_links(process, key));

	ASSERT_LE(0, keyctl_set_reqkey_keyring(KEY_REQKEY_DEFL_SESSION_KEYRING));
	key = request_key(TYPE, "rkt:session", "instantiate s", 0);
	ASSERT_LT(0, key);
	EXPECT_EQ(1, keyring_links(self->session, key));
	EXPECT_EQ(0, keyring_links(thread, key));
	EXPECT_EQ(0, keyring_links(process, key));
}

/* The destination, explicit or default, needs Write permission. */
TEST_F(rkt, destination_needs_write)
{
	int32_t ring = add_key("keyring", "rkt:ring", NULL, 0,
			       KEY_SPEC_SESSION_KEYRING);

	ASSERT_LT(0, ring);
	ASSERT_EQ(0, keyctl_setperm(ring, KEY_POS_ALL & ~KEY_POS_WRITE));
	EXPECT_ERRNO(EACCES, request_key(TYPE, DESC, "instantiate x", ring));
	EXPECT_EQ(0, keyctl_read(ring, NULL, 0));

	ASSERT_LT(0, keyctl_join_session_keyring(NULL));
	ASSERT_EQ(0, keyctl_setperm(KEY_SPEC_SESSION_KEYRING,
				    KEY_POS_ALL & ~KEY_POS_WRITE));
	ASSERT_LE(0, keyctl_set_reqkey_keyring(KEY_REQKEY_DEFL_SESSION_KEYRING));
	EXPECT_ERRNO(EACCES, request_key(TYPE, DESC, "instantiate x", 0));
}

/*
 * A second requester of a key under construction waits for it and gets
 * the same key, as the first requester's callout made it.
 */
TEST_F(rkt, two_requesters_share_key)
{
	int32_t pending, key;

	self->child = request_in_child(WAIT "instantiate first");
	pending = key_under_construction(self->child);
	ASSERT_LT(0, pending);
	key = request_key(TYPE, DESC, "instantiate second",
			  KEY_SPEC_SESSION_KEYRING);
	EXPECT_EQ(pending, key);
	EXPECT_TRUE(reads_back(key, "first"));
	EXPECT_EQ(0, reap(self->child));
	self->child = 0;
}

/*
 * add_key() of the description of a key under construction waits for the
 * construction, then updates the key: one key, both callers get it, and
 * it holds what add_key() gave it.
 */
TEST_F(rkt, add_key_during_construction)
{
	int32_t pending, key;

	self->child = request_in_child(WAIT "instantiate requested");
	pending = key_under_construction(self->child);
	ASSERT_LT(0, pending);
	key = add_key(TYPE, DESC, "added", 5, KEY_SPEC_SESSION_KEYRING);
	EXPECT_EQ(pending, key);
	EXPECT_EQ(0, reap(self->child));
	self->child = 0;
	EXPECT_TRUE(reads_back(pending, "added"));
	EXPECT_EQ(sizeof(int32_t), keyctl_read(self->session, NULL, 0));
}

/*
 * Key types are not loaded on demand: without the module, add_key() of the
 * type fails with ENODEV.  The probe key goes to this thread's own keyring,
 * which the tests' processes do not inherit and which goes when it exits.
 */
int main(int argc, char **argv)
{
	if (add_key(TYPE, "rkt:probe", "x", 1, KEY_SPEC_THREAD_KEYRING) == -1 &&
	    errno == ENODEV)
		ksft_exit_skip("no \"" TYPE "\" key type (modprobe request_key_test)\n");
	return keys_test_main(argc, argv);
}
