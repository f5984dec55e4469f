// SPDX-License-Identifier: GPL-2.0
/*
 * A harness self-test: an rcu_dereference() outside any RCU read-side
 * critical section. Lockdep prints "suspicious RCU usage" at KERN_WARNING,
 * below the console's level: only the kernel log shows it.
 */
#include <linux/module.h>
#include <linux/rcupdate.h>
#include <linux/slab.h>

static int __rcu *snic_plant_ptr;

static int __init snic_plant_init(void)
{
	int *p = kzalloc(sizeof(*p), GFP_KERNEL);

	if (!p)
		return -ENOMEM;
	rcu_assign_pointer(snic_plant_ptr, p);
	pr_info("snic_plant_rcu: %d\n", *rcu_dereference(snic_plant_ptr));
	return 0;
}

static void __exit snic_plant_exit(void)
{
	kfree(rcu_access_pointer(snic_plant_ptr));
}

module_init(snic_plant_init);
module_exit(snic_plant_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("snic harness self-test: RCU misuse");
