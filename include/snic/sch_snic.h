/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The in-kernel interface between snic.ko and sch_snic.ko (not UAPI).
 *
 * sch_snic holds the sending side of per-VL credit flow control (see
 * drivers/snic/core/credit.h); snic.ko holds the receiving side, since
 * only it knows when a packet leaves a switch's buffer. snic.ko hands the
 * qdisc the credit limits it receives and asks it for SC-to-VL maps;
 * the qdisc tells snic.ko, through the hooks, about every 16B packet that
 * leaves it (sent or dropped), so that the switch can return the credits
 * the packet held at its ingress port.
 */
#ifndef _SNIC_SCH_SNIC_H
#define _SNIC_SCH_SNIC_H

#include <linux/netdevice.h>
#include <linux/skbuff.h>

struct sch_snic_hooks {
	/* The sch_snic of @dev took a 16B packet; false: drop it instead. */
	bool (*hold)(struct net_device *dev, struct sk_buff *skb);
	/* A packet that hold() accepted left the sch_snic of @dev, sent or
	 * dropped.
	 */
	void (*release)(struct net_device *dev, struct sk_buff *skb);
};

/* Both hooks run under the qdisc root lock and must not transmit. */

void sch_snic_set_hooks(const struct sch_snic_hooks *hooks);
/* Caller holds rcu_read_lock_bh() or runs in softirq. */
int sch_snic_credit_limit(struct net_device *dev, u16 mask, const u32 *limit);
struct snic_credit;
/* A credit frame carrying @c, ready for dev_queue_xmit() on @dev. */
struct sk_buff *sch_snic_credit_skb(struct net_device *dev,
				    const struct snic_credit *c);
/* Is @dev's root qdisc a sch_snic? RCU. This and sch_snic_sc2vl() only
 * read: a qdisc's memory outlives RCU readers, its lock and timers do not
 * (see sch_snic_credit_limit()).
 */
bool sch_snic_attached(struct net_device *dev);
/* VL of @sc on @dev's sch_snic, or the default map without one. RCU. */
u8 sch_snic_sc2vl(struct net_device *dev, u8 sc);
/* Line rate (bytes/s, fabric time; 0: none) and time dilation of @dev's
 * sch_snic; 0 and 1 without one.
 */
void sch_snic_link_time(struct net_device *dev, u64 *rate, u32 *dilation);
/* The fullest data VL's backlog over the VL buffer, 0..255. RCU. */
u8 sch_snic_link_level(struct net_device *dev);
/* The default SC-to-VL map. */
static inline u8 sch_snic_default_vl(u8 sc)
{
	return sc == 15 ? 15 : sc < 8 ? sc : 0;
}

#endif /* _SNIC_SCH_SNIC_H */
