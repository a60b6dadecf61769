// SPDX-License-Identifier: GPL-2.0-only
/*
 * A key type made of the "user" key type's operations
 *
 * security/keys/user_defined.c exports the operations of the "user" key
 * type so that a module can define its own type on them: this sample is
 * such a type.  Its keys hold a blob of 1 to 32767 bytes as "user" keys do;
 * they are read, described, revoked and destroyed by the same code.  The
 * variation is what it leaves out: it has no ->update(), as the NFS
 * idmapper's "id_resolver" type has none.
 *
 * Key types are not loaded on demand: a key of type "user_example" can be
 * added only once this module is loaded (modprobe user-type-example).
 * Unloading it unregisters the type, which takes every key of the type out
 * of every keyring and destroys its payload before the module goes; a key
 * that something still holds a reference to stays, of type ".dead" and
 * with no permissions, until that reference is put.
 */

#include <linux/init.h>
#include <linux/key-type.h>
#include <linux/module.h>
#include <keys/user-type.h>

/*
 * ->preparse() copies the caller's data into a payload and fails with
 * EINVAL if it is empty or longer than 32767 bytes; ->instantiate() attaches
 * that payload to the new key; ->free_preparse() frees it if it was not
 * used.  ->revoke() drops the payload's quota charge and frees it after an
 * RCU grace period, ->destroy() frees it, cleared, when the key is
 * destroyed, ->describe() shows the description and the payload's length
 * in /proc/keys, and ->read() copies as much of the payload as the buffer
 * holds and returns its whole length (KEYCTL_READ copies nothing into a
 * buffer too short for the whole payload).
 *
 * With no ->update(), add_key() and request_key() give a new key no write
 * permission, KEYCTL_UPDATE fails with EACCES (EOPNOTSUPP once write is
 * granted), and add_key() with the description of a key in the keyring
 * makes a new key, which displaces the old one from the keyring.  A module
 * that needs updates in place adds .update = user_update, which also sets
 * the key's expiry from the update: to none, ending a timeout set on it.
 */
static struct key_type key_type_user_example = {
	.name		= "user_example",
	.preparse	= user_preparse,
	.free_preparse	= user_free_preparse,
	.instantiate	= generic_key_instantiate,
	.revoke		= user_revoke,
	.destroy	= user_destroy,
	.describe	= user_describe,
	.read		= user_read,
};

static int __init user_type_example_init(void)
{
	return register_key_type(&key_type_user_example);
}

static void __exit user_type_example_exit(void)
{
	unregister_key_type(&key_type_user_example);
}

module_init(user_type_example_init);
module_exit(user_type_example_exit);

MODULE_DESCRIPTION("Sample key type made of the user key type's operations");
MODULE_LICENSE("GPL");
