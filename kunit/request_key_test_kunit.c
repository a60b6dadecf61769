// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests for the request_key_test key type
 *
 * Included by request_key_test.c, so that they can call its callout parser,
 * which is static there.  The parser is tested on a table of callouts; the
 * actor through request_key_with_auxdata(), on keys it constructs in a
 * keyring of the case's own.
 */

#include <kunit/test.h>
#include <linux/cred.h>
#include <linux/err.h>
#include <linux/key.h>
#include <linux/slab.h>
#include <linux/stringify.h>
#include "keys_kunit.h"

#define RKT_KUNIT_DESC	"kunit_request_key_test"

struct rkt_parse_case {
	const char	*name;
	const char	*callout;
	size_t		len;		/* 0: strlen(callout) */
	int		result;
	enum rkt_verb	verb;
	unsigned int	wait_ms;
	unsigned int	timeout;
	unsigned int	error;
	const char	*data;
};

static const struct rkt_parse_case rkt_parse_cases[] = {
	{ .name = "instantiate", .callout = "instantiate x",
	  .verb = RKT_INSTANTIATE, .data = "x" },
	{ .name = "instantiate spaces", .callout = "instantiate  a b ",
	  .verb = RKT_INSTANTIATE, .data = " a b " },
	{ .name = "instantiate by length", .callout = "instantiate abcdef",
	  .len = 14, .verb = RKT_INSTANTIATE, .data = "ab" },
	{ .name = "negate", .callout = "negate 60",
	  .verb = RKT_NEGATE, .timeout = 60 },
	{ .name = "negate 0", .callout = "negate 0", .verb = RKT_NEGATE },
	{ .name = "negate UINT_MAX", .callout = "negate 4294967295",
	  .verb = RKT_NEGATE, .timeout = UINT_MAX },
	{ .name = "reject", .callout = "reject 5 " __stringify(EKEYREJECTED),
	  .verb = RKT_REJECT, .timeout = 5, .error = EKEYREJECTED },
	{ .name = "reject MAX_ERRNO - 1", .callout = "reject 1 4094",
	  .verb = RKT_REJECT, .timeout = 1, .error = MAX_ERRNO - 1 },
	{ .name = "wait", .callout = "wait 10 instantiate x",
	  .verb = RKT_INSTANTIATE, .wait_ms = 10, .data = "x" },
	{ .name = "wait 1000", .callout = "wait 1000 negate 1",
	  .verb = RKT_NEGATE, .wait_ms = 1000, .timeout = 1 },
	{ .name = "empty", .callout = "", .result = -EINVAL },
	{ .name = "unknown", .callout = "frob 1", .result = -EINVAL },
	{ .name = "instantiate no payload", .callout = "instantiate",
	  .result = -EINVAL },
	{ .name = "instantiate empty payload", .callout = "instantiate ",
	  .result = -EINVAL },
	{ .name = "instantiate cut by length", .callout = "instantiate x",
	  .len = 12, .result = -EINVAL },
	{ .name = "verb prefix", .callout = "instantiatex y",
	  .result = -EINVAL },
	{ .name = "negate no timeout", .callout = "negate",
	  .result = -EINVAL },
	{ .name = "negate sign", .callout = "negate +1", .result = -EINVAL },
	{ .name = "negate minus", .callout = "negate -1", .result = -EINVAL },
	{ .name = "negate overflow", .callout = "negate 4294967296",
	  .result = -EINVAL },
	{ .name = "negate eleven digits", .callout = "negate 00000000001",
	  .result = -EINVAL },
	{ .name = "negate double space", .callout = "negate  1",
	  .result = -EINVAL },
	{ .name = "negate trailing space", .callout = "negate 1 ",
	  .result = -EINVAL },
	{ .name = "negate extra field", .callout = "negate 1 2",
	  .result = -EINVAL },
	{ .name = "negate NUL in length", .callout = "negate 1\0", .len = 9,
	  .result = -EINVAL },
	{ .name = "reject no error", .callout = "reject 1",
	  .result = -EINVAL },
	{ .name = "reject error 0", .callout = "reject 1 0",
	  .result = -EINVAL },
	{ .name = "reject MAX_ERRNO", .callout = "reject 1 4095",
	  .result = -EINVAL },
	{ .name = "reject ERESTARTSYS", .callout = "reject 1 512",
	  .result = -EINVAL },
	{ .name = "reject ERESTARTNOINTR", .callout = "reject 1 513",
	  .result = -EINVAL },
	{ .name = "reject ERESTARTNOHAND", .callout = "reject 1 514",
	  .result = -EINVAL },
	{ .name = "reject ERESTART_RESTARTBLOCK", .callout = "reject 1 516",
	  .result = -EINVAL },
	{ .name = "wait too long", .callout = "wait 1001 negate 1",
	  .result = -EINVAL },
	{ .name = "wait alone", .callout = "wait 10", .result = -EINVAL },
	{ .name = "wait twice", .callout = "wait 1 wait 1 negate 1",
	  .result = -EINVAL },
};

static void rkt_parse_case_desc(const struct rkt_parse_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(rkt_parse, rkt_parse_cases, rkt_parse_case_desc);

/* Each callout parses to its action, or fails with -EINVAL. */
static void rkt_parse_callouts(struct kunit *test)
{
	const struct rkt_parse_case *c = test->param_value;
	size_t len = c->len ?: strlen(c->callout);
	struct rkt_action act;

	KUNIT_ASSERT_EQ(test, rkt_parse(c->callout, len, &act), c->result);
	if (c->result)
		return;
	KUNIT_EXPECT_EQ(test, act.verb, c->verb);
	KUNIT_EXPECT_EQ(test, act.wait_ms, c->wait_ms);
	KUNIT_EXPECT_EQ(test, act.timeout, c->timeout);
	KUNIT_EXPECT_EQ(test, act.error, c->error);
	if (c->verb != RKT_INSTANTIATE)
		return;
	KUNIT_ASSERT_EQ(test, act.datalen, strlen(c->data));
	KUNIT_EXPECT_MEMEQ(test, act.data, c->data, act.datalen);
}

struct rkt_kunit_ctx {
	struct key	*ring;
	struct cred	*cred;
};

/*
 * Each case gets a new keyring, and credentials that make it their thread
 * keyring and request_key()'s default destination, so that the keys the
 * case constructs are linked there and nowhere else.  The credentials are
 * put on only around each request (rkt_kunit_request()): the case's exit
 * runs in another thread.
 */
static int rkt_kunit_init(struct kunit *test)
{
	struct rkt_kunit_ctx *ctx;

	ctx = kunit_kzalloc(test, sizeof(*ctx), GFP_KERNEL);
	if (!ctx)
		return -ENOMEM;
	ctx->ring = keyring_alloc("kunit_rkt_ring", GLOBAL_ROOT_UID,
				  GLOBAL_ROOT_GID, current_cred(),
				  KEY_POS_ALL | KEY_USR_VIEW,
				  KEY_ALLOC_NOT_IN_QUOTA, NULL, NULL);
	if (IS_ERR(ctx->ring))
		return PTR_ERR(ctx->ring);
	test->priv = ctx;
	ctx->cred = prepare_creds();
	if (!ctx->cred)
		return -ENOMEM;
	key_put(ctx->cred->thread_keyring);
	ctx->cred->thread_keyring = key_get(ctx->ring);
	ctx->cred->jit_keyring = KEY_REQKEY_DEFL_THREAD_KEYRING;
	return 0;
}

static void rkt_kunit_exit(struct kunit *test)
{
	struct rkt_kunit_ctx *ctx = test->priv;

	if (!ctx)
		return;
	if (ctx->cred)
		put_cred(ctx->cred);
	keyring_clear(ctx->ring);
	key_put(ctx->ring);
}

/* request_key() of the case's key with the case's credentials. */
static struct key *rkt_kunit_request(struct kunit *test, const char *callout,
				     size_t len)
{
	struct rkt_kunit_ctx *ctx = test->priv;
	const struct cred *old = override_creds(ctx->cred);
	struct key *key;

	key = request_key_with_auxdata(&key_type_request_key_test,
				       RKT_KUNIT_DESC, NULL, callout, len,
				       NULL);
	revert_creds(old);
	return key;
}

/*
 * Request a key, with a callout of @len bytes, that must be constructed
 * positive; put at the case's end.
 */
static struct key *rkt_kunit_positive_len(struct kunit *test,
					  const char *callout, size_t len)
{
	struct key *key = rkt_kunit_request(test, callout, len);

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, key);
	keys_kunit_put_at_exit(test, key);
	KUNIT_ASSERT_EQ(test, key_read_state(key), 1);
	return key;
}

static struct key *rkt_kunit_positive(struct kunit *test, const char *callout)
{
	return rkt_kunit_positive_len(test, callout, strlen(callout));
}

/* A request that must fail with @err; a key it returns is put. */
static void rkt_kunit_expect_error(struct kunit *test, const char *callout,
				   size_t len, int err)
{
	struct key *key = rkt_kunit_request(test, callout, len);

	KUNIT_EXPECT_PTR_EQ(test, key, ERR_PTR(err));
	if (!IS_ERR(key))
		key_put(key);
}

/* The key is found in the case's keyring, and is the only key there. */
static void rkt_kunit_expect_linked(struct kunit *test, struct key *key)
{
	struct rkt_kunit_ctx *ctx = test->priv;
	key_ref_t ref;

	ref = keyring_search(make_key_ref(ctx->ring, true),
			     &key_type_request_key_test, RKT_KUNIT_DESC, false);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ref));
	KUNIT_EXPECT_PTR_EQ(test, key_ref_to_ptr(ref), key);
	key_ref_put(ref);
	KUNIT_EXPECT_EQ(test, ctx->ring->keys.nr_leaves_on_tree, 1);
}

/* "instantiate" gives the key the rest of the callout, linked in the ring. */
static void rkt_instantiate_links_payload(struct kunit *test)
{
	struct key *key = rkt_kunit_positive(test, "instantiate a payload");

	keys_kunit_expect_payload(test, key, "a payload", 9);
	rkt_kunit_expect_linked(test, key);
}

/* The callout is read by its length: what follows it is not payload. */
static void rkt_instantiate_by_length(struct kunit *test)
{
	struct key *key = rkt_kunit_positive_len(test, "instantiate abcdef", 14);

	keys_kunit_expect_payload(test, key, "ab", 2);
}

/* A constructed key is read as a "user" key: the whole payload, exactly. */
static void rkt_read_constructed_key(struct kunit *test)
{
	struct key *key = rkt_kunit_positive(test, "instantiate 0123456789");
	char buf[16];

	memset(buf, 0xa5, sizeof(buf));
	KUNIT_EXPECT_EQ(test, keys_kunit_read(key, buf, sizeof(buf)), 10);
	KUNIT_EXPECT_MEMEQ(test, buf, "0123456789", 10);
	KUNIT_EXPECT_EQ(test, buf[10], (char)0xa5);
	/* Too short a buffer: as much as fits, and the whole length. */
	memset(buf, 0xa5, sizeof(buf));
	KUNIT_EXPECT_EQ(test, keys_kunit_read(key, buf, 4), 10);
	KUNIT_EXPECT_MEMEQ(test, buf, "0123", 4);
	KUNIT_EXPECT_EQ(test, buf[4], (char)0xa5);
}

/* A constructed key is updated in place by key_update(). */
static void rkt_update_constructed_key(struct kunit *test)
{
	struct key *key = rkt_kunit_positive(test, "instantiate old");

	KUNIT_EXPECT_EQ(test, key_update(make_key_ref(key, true), "newer", 5),
			0);
	keys_kunit_expect_payload(test, key, "newer", 5);
	KUNIT_EXPECT_EQ(test, key_update(make_key_ref(key, true), "", 0),
			-EINVAL);
	keys_kunit_expect_payload(test, key, "newer", 5);
}

/* A second request finds the constructed key: its callout is not used. */
static void rkt_second_request_finds_key(struct kunit *test)
{
	struct key *key = rkt_kunit_positive(test, "instantiate first");
	struct key *again = rkt_kunit_positive(test, "instantiate second");

	KUNIT_EXPECT_PTR_EQ(test, again, key);
	keys_kunit_expect_payload(test, key, "first", 5);
}

/* "negate": ENOKEY, and the negative key is found until it expires. */
static void rkt_negative_key_found_again(struct kunit *test)
{
	rkt_kunit_expect_error(test, "negate 60", 9, -ENOKEY);
	rkt_kunit_expect_error(test, "instantiate x", 13, -ENOKEY);
}

/* "reject": the chosen error. */
static void rkt_reject_gives_error(struct kunit *test)
{
	const char *callout = "reject 60 " __stringify(EKEYREJECTED);

	rkt_kunit_expect_error(test, callout, strlen(callout), -EKEYREJECTED);
}

/* A key negated for 0 seconds has expired: the next request constructs. */
static void rkt_negate_zero_timeout(struct kunit *test)
{
	struct key *key;

	rkt_kunit_expect_error(test, "negate 0", 8, -ENOKEY);
	key = rkt_kunit_positive(test, "instantiate x");
	keys_kunit_expect_payload(test, key, "x", 1);
}

/* A bad callout negates the key, as a failed upcall does. */
static void rkt_bad_callout_negates(struct kunit *test)
{
	rkt_kunit_expect_error(test, "wait 1001 instantiate x", 23, -ENOKEY);
	rkt_kunit_expect_error(test, "instantiate x", 13, -ENOKEY);
}

/*
 * A payload that ->preparse() refuses (over 32767 bytes) negates the key:
 * it is not cut short.
 */
static void rkt_oversized_payload_negates(struct kunit *test)
{
	size_t len = strlen("instantiate ") + KEYS_KUNIT_MAX_DATALEN + 1;
	char *callout = kunit_kmalloc(test, len, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, callout);
	memset(callout, 'x', len);
	memcpy(callout, "instantiate ", strlen("instantiate "));
	rkt_kunit_expect_error(test, callout, len, -ENOKEY);
}

/* "wait": the key is constructed after the wait. */
static void rkt_wait_then_instantiate(struct kunit *test)
{
	struct key *key = rkt_kunit_positive(test, "wait 1 instantiate x");

	keys_kunit_expect_payload(test, key, "x", 1);
}

static struct kunit_case rkt_parse_kunit_cases[] = {
	KUNIT_CASE_PARAM(rkt_parse_callouts, rkt_parse_gen_params),
	{}
};

static struct kunit_case rkt_kunit_cases[] = {
	KUNIT_CASE(rkt_instantiate_links_payload),
	KUNIT_CASE(rkt_instantiate_by_length),
	KUNIT_CASE(rkt_read_constructed_key),
	KUNIT_CASE(rkt_update_constructed_key),
	KUNIT_CASE(rkt_second_request_finds_key),
	KUNIT_CASE(rkt_negative_key_found_again),
	KUNIT_CASE(rkt_reject_gives_error),
	KUNIT_CASE(rkt_negate_zero_timeout),
	KUNIT_CASE(rkt_bad_callout_negates),
	KUNIT_CASE(rkt_oversized_payload_negates),
	KUNIT_CASE(rkt_wait_then_instantiate),
	{}
};

static struct kunit_suite rkt_parse_kunit_suite = {
	.name = "keys_request_key_test_parse",
	.test_cases = rkt_parse_kunit_cases,
};

static struct kunit_suite rkt_construct_kunit_suite = {
	.name = "keys_request_key_test_construct",
	.init = rkt_kunit_init,
	.exit = rkt_kunit_exit,
	.test_cases = rkt_kunit_cases,
};

kunit_test_suites(&rkt_parse_kunit_suite, &rkt_construct_kunit_suite);
