// SPDX-License-Identifier: GPL-2.0
/*
 * snic: an emulated Omni-Path-style SuperNIC and switch datapath.
 * Module init/exit only; see snic.h for the map of the files.
 */
#include <linux/module.h>
#include <net/genetlink.h>
#include <net/rtnetlink.h>

#include "snic.h"

static int snic_netdev_event(struct notifier_block *nb, unsigned long event,
			     void *ptr)
{
	struct netlink_ext_ack *extack = netdev_notifier_info_to_extack(ptr);
	struct net_device *dev = netdev_notifier_info_to_dev(ptr);
	LIST_HEAD(kill);
	int err;

	err = snic_nic_netdev_event(event, dev, &kill, extack);
	err = err ?: snic_sw_netdev_event(event, dev, extack);
	unregister_netdevice_many(&kill);
	return err ? notifier_from_errno(err) : NOTIFY_DONE;
}

static struct notifier_block snic_notifier = {
	.notifier_call = snic_netdev_event,
};

static int __init snic_init(void)
{
	int err;

	err = register_netdevice_notifier(&snic_notifier);
	if (err)
		return err;
	err = rtnl_link_register(&snic_nic_link_ops);
	if (err)
		goto err_notifier;
	err = rtnl_link_register(&snic_sw_link_ops);
	if (err)
		goto err_nic;
	err = snic_genl_init();
	if (err)
		goto err_sw;
	snic_crx_register();
	snic_ev_start();
	return 0;

err_sw:
	rtnl_link_unregister(&snic_sw_link_ops);
err_nic:
	rtnl_link_unregister(&snic_nic_link_ops);
err_notifier:
	unregister_netdevice_notifier(&snic_notifier);
	return err;
}

static void __exit snic_exit(void)
{
	snic_crx_unregister();
	snic_ev_stop();
	snic_genl_exit();
	/* Deletes every snic and snicsw device in every netns. */
	rtnl_link_unregister(&snic_nic_link_ops);
	rtnl_link_unregister(&snic_sw_link_ops);
	unregister_netdevice_notifier(&snic_notifier);
	/* Ports are freed through call_rcu. */
	rcu_barrier();
}

module_init(snic_init);
module_exit(snic_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Emulated Omni-Path-style SuperNIC and switch datapath");
MODULE_AUTHOR("The snic developers");
MODULE_ALIAS_RTNL_LINK("snic");
MODULE_ALIAS_RTNL_LINK("snicsw");
MODULE_ALIAS_GENL_FAMILY(SNIC_FAMILY_NAME);
