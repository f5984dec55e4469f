// SPDX-License-Identifier: GPL-2.0
/*
 * A harness self-test: two locks taken in both orders (never at the same
 * time, so nothing deadlocks), which lockdep reports as a possible
 * circular locking dependency, at KERN_WARNING.
 */
#include <linux/module.h>
#include <linux/mutex.h>

static DEFINE_MUTEX(snic_plant_a);
static DEFINE_MUTEX(snic_plant_b);

static int __init snic_plant_init(void)
{
	mutex_lock(&snic_plant_a);
	mutex_lock(&snic_plant_b);
	mutex_unlock(&snic_plant_b);
	mutex_unlock(&snic_plant_a);

	mutex_lock(&snic_plant_b);
	mutex_lock(&snic_plant_a);
	mutex_unlock(&snic_plant_a);
	mutex_unlock(&snic_plant_b);
	return 0;
}

static void __exit snic_plant_exit(void)
{
}

module_init(snic_plant_init);
module_exit(snic_plant_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("snic harness self-test: lock inversion");
