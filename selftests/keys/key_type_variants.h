/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The key types built on the "user" type's operations (user_defined.c)
 * whose keys hold a readable payload of 1 to 32767 bytes, as the variants
 * of the fixture key_type.  Include it after common.h and
 * FIXTURE(key_type); a test of that fixture then runs once for each type.
 */

FIXTURE_VARIANT(key_type) {
	const char *type;	/* the key type's name */
	uint32_t perm;		/* what add_key() gives a new key */
};

FIXTURE_VARIANT_ADD(key_type, user) {
	.type = "user",
	.perm = KEY_POS_ALL | KEY_USR_VIEW,
};
