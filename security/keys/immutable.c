// SPDX-License-Identifier: GPL-2.0-or-later
/* Immutable user-defined key type
 *
 * An "immutable" key holds an arbitrary blob of 1 to 32767 bytes, just as a
 * "user" key does, but its payload is never replaced in place: the type has
 * no update operation.  The payload is freed when the key is revoked or
 * destroyed (after invalidation, expiry, its last unlink, or this module's
 * unloading).  Replacing the payload
 * means adding a new key, which displaces the old one from the keyring while
 * anyone still holding the old key keeps reading the old payload.
 *
 * The type is made entirely of the operations exported by the "user" type.
 */

#include <linux/init.h>
#include <linux/key-type.h>
#include <linux/module.h>
#include <keys/user-type.h>

/*
 * Without an ->update() op the default mask gives new keys of this type no
 * write permission, key_update() fails (-EACCES without write, -EOPNOTSUPP
 * with it), and add_key() always creates a new key rather than updating a
 * matching one.
 */
struct key_type key_type_immutable = {
	.name			= "immutable",
	.preparse		= user_preparse,
	.free_preparse		= user_free_preparse,
	.instantiate		= generic_key_instantiate,
	.revoke			= user_revoke,
	.destroy		= user_destroy,
	.describe		= user_describe,
	.read			= user_read,
};
EXPORT_SYMBOL_GPL(key_type_immutable);

static int __init immutable_key_init(void)
{
	return register_key_type(&key_type_immutable);
}

static void __exit immutable_key_exit(void)
{
	unregister_key_type(&key_type_immutable);
}

module_init(immutable_key_init);
module_exit(immutable_key_exit);

MODULE_DESCRIPTION("Immutable user-defined key type");
MODULE_LICENSE("GPL");
