/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Raw add_key(), request_key() and keyctl() calls for the keys selftests,
 * with no dependency on libkeyutils.  The keyctl_*() wrappers have
 * libkeyutils' names and argument order; unlike libkeyutils, keyctl() takes
 * exactly five arguments and keyctl_read() a void * buffer, so this header
 * and <keyutils.h> cannot be included together.  Each returns what the
 * system call returns, -1 with errno set on failure.  It needs no test
 * harness, so that tools outside it can use it, but glibc's syscall(),
 * which its default feature macros (_DEFAULT_SOURCE) declare.
 */

#ifndef _SELFTESTS_KEYS_WRAPPERS_H
#define _SELFTESTS_KEYS_WRAPPERS_H

#include <stddef.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <linux/keyctl.h>

static inline int32_t add_key(const char *type, const char *desc,
			      const void *payload, size_t plen, int32_t ring)
{
	return syscall(__NR_add_key, type, desc, payload, plen, ring);
}

static inline int32_t request_key(const char *type, const char *desc,
				  const char *callout, int32_t dest)
{
	return syscall(__NR_request_key, type, desc, callout, dest);
}

static inline long keyctl(int cmd, unsigned long arg2, unsigned long arg3,
			  unsigned long arg4, unsigned long arg5)
{
	return syscall(__NR_keyctl, cmd, arg2, arg3, arg4, arg5);
}

/* A new anonymous session keyring when @name is NULL. */
static inline int32_t keyctl_join_session_keyring(const char *name)
{
	return keyctl(KEYCTL_JOIN_SESSION_KEYRING, (unsigned long)name, 0, 0,
		      0);
}

static inline long keyctl_update(int32_t key, const void *payload,
				 size_t plen)
{
	return keyctl(KEYCTL_UPDATE, key, (unsigned long)payload, plen, 0);
}

static inline long keyctl_revoke(int32_t key)
{
	return keyctl(KEYCTL_REVOKE, key, 0, 0, 0);
}

static inline long keyctl_setperm(int32_t key, uint32_t perm)
{
	return keyctl(KEYCTL_SETPERM, key, perm, 0, 0);
}

static inline long keyctl_describe(int32_t key, char *buf, size_t buflen)
{
	return keyctl(KEYCTL_DESCRIBE, key, (unsigned long)buf, buflen, 0);
}

static inline long keyctl_clear(int32_t ring)
{
	return keyctl(KEYCTL_CLEAR, ring, 0, 0, 0);
}

static inline long keyctl_link(int32_t key, int32_t ring)
{
	return keyctl(KEYCTL_LINK, key, ring, 0, 0);
}

static inline long keyctl_unlink(int32_t key, int32_t ring)
{
	return keyctl(KEYCTL_UNLINK, key, ring, 0, 0);
}

static inline long keyctl_search(int32_t ring, const char *type,
				 const char *desc, int32_t dest)
{
	return keyctl(KEYCTL_SEARCH, ring, (unsigned long)type,
		      (unsigned long)desc, dest);
}

static inline long keyctl_read(int32_t key, void *buf, size_t buflen)
{
	return keyctl(KEYCTL_READ, key, (unsigned long)buf, buflen, 0);
}

static inline long keyctl_instantiate(int32_t key, const void *payload,
				      size_t plen, int32_t ring)
{
	return keyctl(KEYCTL_INSTANTIATE, key, (unsigned long)payload, plen,
		      ring);
}

static inline long keyctl_negate(int32_t key, unsigned int timeout,
				 int32_t ring)
{
	return keyctl(KEYCTL_NEGATE, key, timeout, ring, 0);
}

static inline long keyctl_set_timeout(int32_t key, unsigned int timeout)
{
	return keyctl(KEYCTL_SET_TIMEOUT, key, timeout, 0, 0);
}

static inline long keyctl_assume_authority(int32_t key)
{
	return keyctl(KEYCTL_ASSUME_AUTHORITY, key, 0, 0, 0);
}

static inline long keyctl_invalidate(int32_t key)
{
	return keyctl(KEYCTL_INVALIDATE, key, 0, 0, 0);
}

static inline long keyctl_reject(int32_t key, unsigned int timeout,
				 unsigned int error, int32_t ring)
{
	return keyctl(KEYCTL_REJECT, key, timeout, error, ring);
}

/* With @type and @restriction NULL, @ring refuses every new link. */
static inline long keyctl_restrict_keyring(int32_t ring, const char *type,
					   const char *restriction)
{
	return keyctl(KEYCTL_RESTRICT_KEYRING, ring, (unsigned long)type,
		      (unsigned long)restriction, 0);
}

static inline long keyctl_set_reqkey_keyring(int reqkey_defl)
{
	return keyctl(KEYCTL_SET_REQKEY_KEYRING, reqkey_defl, 0, 0, 0);
}

#endif /* _SELFTESTS_KEYS_WRAPPERS_H */
