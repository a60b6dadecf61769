// SPDX-License-Identifier: GPL-2.0-only
/*
 * A key type for testing request_key() construction in the kernel
 *
 * The "request_key_test" type is the "user" type's operations plus a
 * ->request_key() actor.  request_key() of a key of this type that is not
 * found does not run /sbin/request-key: the actor constructs the key itself,
 * as the callout string tells it, in the requester's context:
 *
 *	[wait MSECS ]instantiate PAYLOAD
 *	[wait MSECS ]negate TIMEOUT
 *	[wait MSECS ]reject TIMEOUT ERROR
 *
 * "instantiate" gives the key PAYLOAD, every byte to the end of the callout;
 * "negate" negates it for TIMEOUT seconds, as a failed upcall does
 * (request_key() then fails with ENOKEY); "reject" negates it with the
 * error ERROR, which keyctl_reject_key() would accept, for TIMEOUT seconds.
 * "wait" first sleeps for up to a second, killably, so that a test can do
 * something while the key is under construction.  Any other callout, or a
 * wait cut short by a fatal signal, ends in complete_request_key() with an
 * error, which negates the key as a failed upcall does.
 *
 * Key types are not loaded on demand: "modprobe request_key_test" before a
 * key of the type can be added or requested.  Unloading the module
 * unregisters the type, which unlinks every key of it from every keyring and
 * destroys their payloads; a key still referenced stays, of type ".dead",
 * until that reference is put.
 */

#include <linux/errno.h>
#include <linux/jiffies.h>
#include <linux/key-type.h>
#include <linux/module.h>
#include <linux/sched/signal.h>
#include <linux/string.h>
#include <keys/request_key_auth-type.h>
#include <keys/user-type.h>

#define RKT_MAX_WAIT_MS	1000

enum rkt_verb {
	RKT_INSTANTIATE,
	RKT_NEGATE,
	RKT_REJECT,
};

/* What a callout asks of the actor. */
struct rkt_action {
	enum rkt_verb	verb;
	unsigned int	wait_ms;
	unsigned int	timeout;
	unsigned int	error;
	const char	*data;
	size_t		datalen;
};

/*
 * Take the field at the start of *p (of *len bytes) up to the next space or
 * the end, and step past it and the space.  Returns false if the field would
 * be empty.
 */
static bool rkt_field(const char **p, size_t *len, const char **field,
		      size_t *flen)
{
	const char *sp = memchr(*p, ' ', *len);
	size_t n = sp ? sp - *p : *len;

	if (!n)
		return false;
	*field = *p;
	*flen = n;
	*p += sp ? n + 1 : n;
	*len -= sp ? n + 1 : n;
	return true;
}

/* A field of decimal digits that is at most @max. */
static bool rkt_uint(const char *field, size_t flen, unsigned int max,
		     unsigned int *val)
{
	u64 v = 0;
	size_t i;

	/* More than UINT_MAX's ten digits would overflow v. */
	if (flen > 10)
		return false;
	for (i = 0; i < flen; i++) {
		if (field[i] < '0' || field[i] > '9')
			return false;
		v = v * 10 + field[i] - '0';
	}
	if (v > max)
		return false;
	*val = v;
	return true;
}

static bool rkt_is(const char *field, size_t flen, const char *word)
{
	return flen == strlen(word) && !memcmp(field, word, flen);
}

/*
 * Parse @len bytes of callout (not NUL-terminated) into @act.  Returns 0 or
 * -EINVAL.
 */
static int rkt_parse(const char *p, size_t len, struct rkt_action *act)
{
	const char *f;
	size_t flen;

	memset(act, 0, sizeof(*act));
	if (!rkt_field(&p, &len, &f, &flen))
		return -EINVAL;
	if (rkt_is(f, flen, "wait")) {
		if (!rkt_field(&p, &len, &f, &flen) ||
		    !rkt_uint(f, flen, RKT_MAX_WAIT_MS, &act->wait_ms) ||
		    !rkt_field(&p, &len, &f, &flen))
			return -EINVAL;
	}

	if (rkt_is(f, flen, "instantiate")) {
		/* The payload is the rest, spaces and all. */
		if (!len)
			return -EINVAL;
		act->verb = RKT_INSTANTIATE;
		act->data = p;
		act->datalen = len;
		return 0;
	}

	if (rkt_is(f, flen, "negate"))
		act->verb = RKT_NEGATE;
	else if (rkt_is(f, flen, "reject"))
		act->verb = RKT_REJECT;
	else
		return -EINVAL;
	if (!rkt_field(&p, &len, &f, &flen) ||
	    !rkt_uint(f, flen, UINT_MAX, &act->timeout))
		return -EINVAL;
	if (act->verb == RKT_REJECT) {
		/* The errors keyctl_reject_key() accepts */
		if (!rkt_field(&p, &len, &f, &flen) ||
		    !rkt_uint(f, flen, MAX_ERRNO - 1, &act->error) ||
		    !act->error || act->error == ERESTARTSYS ||
		    act->error == ERESTARTNOINTR ||
		    act->error == ERESTARTNOHAND ||
		    act->error == ERESTART_RESTARTBLOCK)
			return -EINVAL;
	}
	/* Nothing may follow, not even a space. */
	return (len || p[-1] == ' ') ? -EINVAL : 0;
}

/*
 * Construct the key as @act says.  The key is already linked into the
 * destination keyring; nothing else is linked here.
 */
static int rkt_construct(struct key *key, const struct rkt_action *act,
			 struct key *authkey)
{
	switch (act->verb) {
	case RKT_INSTANTIATE:
		return key_instantiate_and_link(key, act->data, act->datalen,
						NULL, authkey);
	case RKT_NEGATE:
		return key_negate_and_link(key, act->timeout, NULL, authkey);
	case RKT_REJECT:
		return key_reject_and_link(key, act->timeout, act->error,
					   NULL, authkey);
	}
	return -EINVAL;
}

/*
 * The ->request_key() actor.  It runs in the requester's context, from
 * request_key(2), which holds key_types_sem for read, or from an in-kernel
 * request_key*() call, which does not: a wait is short and killable.  It ends
 * the construction however it went with complete_request_key(), which
 * negates the key after an error if it is still under construction.  The
 * requester then gets the key's state, as every other waiter does, so this
 * returns 0.
 */
static int rkt_request_key(struct key *authkey, void *aux)
{
	struct request_key_auth *rka = get_request_key_auth(authkey);
	struct rkt_action act;
	int ret;

	ret = rkt_parse(rka->callout_info, rka->callout_len, &act);
	if (!ret && act.wait_ms &&
	    schedule_timeout_killable(msecs_to_jiffies(act.wait_ms)) &&
	    fatal_signal_pending(current))
		ret = -EINTR;
	if (!ret)
		ret = rkt_construct(rka->target_key, &act, authkey);
	complete_request_key(authkey, ret);
	return 0;
}

static struct key_type key_type_request_key_test = {
	.name		= "request_key_test",
	.preparse	= user_preparse,
	.free_preparse	= user_free_preparse,
	.instantiate	= generic_key_instantiate,
	.update		= user_update,
	.revoke		= user_revoke,
	.destroy	= user_destroy,
	.describe	= user_describe,
	.read		= user_read,
	.request_key	= rkt_request_key,
};

static int __init request_key_test_init(void)
{
	return register_key_type(&key_type_request_key_test);
}

static void __exit request_key_test_exit(void)
{
	unregister_key_type(&key_type_request_key_test);
}

module_init(request_key_test_init);
module_exit(request_key_test_exit);

#if IS_ENABLED(CONFIG_KEYS_REQUEST_TEST_KUNIT_TEST)
#include "tests/request_key_test_kunit.c"
#endif

MODULE_DESCRIPTION("Key type for testing request_key() construction");
MODULE_LICENSE("GPL");
