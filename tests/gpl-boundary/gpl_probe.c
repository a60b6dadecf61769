// SPDX-License-Identifier: GPL-2.0
/*
 * gpl_probe: an out-of-tree module that references one user-type export.
 *
 * Built by scripts/run-uml-tests with a probe_config.h that sets the licence
 * (PROBE_LICENSE) and the symbol: user_read (GPL-only) if PROBE_USE_READ is
 * defined, else user_revoke (exported with plain EXPORT_SYMBOL).
 */

#include <linux/module.h>
#include <keys/user-type.h>
#include "probe_config.h"

static int __init gpl_probe_init(void)
{
#ifdef PROBE_USE_READ
	pr_info("gpl_probe: user_read at %p\n", user_read);
#else
	pr_info("gpl_probe: user_revoke at %p\n", user_revoke);
#endif
	return 0;
}

static void __exit gpl_probe_exit(void)
{
}

module_init(gpl_probe_init);
module_exit(gpl_probe_exit);

MODULE_DESCRIPTION("Probe of the user key type's export boundary");
MODULE_LICENSE(PROBE_LICENSE);
