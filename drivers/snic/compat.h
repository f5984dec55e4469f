/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Differences between the kernels snic builds against (Debian's 6.1 and the
 * 6.12 LTS). Nothing else in the tree tests LINUX_VERSION_CODE.
 */
#ifndef _SNIC_COMPAT_H
#define _SNIC_COMPAT_H

#include <linux/version.h>
#include <linux/netdevice.h>

/* 6.12 replaced the NETIF_F_LLTX feature bit with dev->lltx. */
static inline void snic_compat_set_lltx(struct net_device *dev)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 9, 0)
	dev->lltx = true;
#else
	dev->features |= NETIF_F_LLTX;
#endif
}

/*
 * Devices bound to a lower device or ports stay in their netns. The flag
 * was NETIF_F_NETNS_LOCAL, then dev->netns_local (6.12), then
 * dev->netns_immutable (6.15, backported to Debian's 6.12 stable). Kbuild
 * probes the headers for the last spelling (SNIC_HAVE_NETNS_IMMUTABLE).
 */
static inline void snic_compat_set_netns_local(struct net_device *dev)
{
#if defined(SNIC_HAVE_NETNS_IMMUTABLE)
	dev->netns_immutable = true;
#elif LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	dev->netns_local = true;
#else
	dev->features |= NETIF_F_NETNS_LOCAL;
#endif
}

/* 6.12's rtnl_link_ops.newlink still takes src_net as its first argument
 * (the struct rtnl_newlink_params form arrived in 6.15).
 */
#define SNIC_NEWLINK_ARGS struct net *src_net, struct net_device *dev, \
	struct nlattr *tb[], struct nlattr *data[], \
	struct netlink_ext_ack *extack

/* Parsed attributes of a generic netlink dump request (6.4 moved them). */
#include <net/genetlink.h>
static inline struct nlattr **snic_compat_dump_attrs(struct netlink_callback *cb)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 4, 0)
	return genl_info_dump(cb)->attrs;
#else
	return genl_dumpit_info(cb)->attrs;
#endif
}

#endif /* _SNIC_COMPAT_H */
