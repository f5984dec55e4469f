/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The in-kernel interface between snic.ko and sch_snic.ko (not UAPI).
 *
 * sch_snic.ko is the fabric link: the egress qdisc (line rate, VL
 * arbitration, the sending side of per-VL credit flow control) and the
 * credit protocol's arithmetic (drivers/snic/core/credit.c, exported for
 * the receiving side). snic.ko holds the receiving side, since only it
 * knows when a packet leaves a switch's buffer.
 *
 * A switch buffers a packet at its ingress port until the packet leaves
 * through its egress port. The switch tags such a packet in skb->priority
 * (snic_hold_tag(): the ingress buffer's id, VL and whether the packet is
 * counted in its credits) before it hands it to the egress; the egress
 * sch_snic calls the hold hook when it takes the packet and the release
 * hook when the packet leaves it (sent, dropped or flushed), under its
 * root lock. A tagged packet that never reaches a sch_snic holds nothing:
 * the switch counted it on arrival, and its buffer space is free.
 */
#ifndef _SNIC_SCH_SNIC_H
#define _SNIC_SCH_SNIC_H

#include <linux/netdevice.h>
#include <linux/skbuff.h>

#define SNIC_HOLD_MAGIC		0xc5000000u
#define SNIC_HOLD_MAGIC_MASK	0xff000000u
#define SNIC_HOLD_ID_SHIFT	5
#define SNIC_HOLD_ID_MAX	((1u << 19) - 1)
#define SNIC_HOLD_OUTSIDE	0x10	/* late or joining (core/credit.h) */
#define SNIC_HOLD_VL_MASK	0x0f

static inline u32 snic_hold_tag(u32 id, u8 vl, bool outside)
{
	return SNIC_HOLD_MAGIC | id << SNIC_HOLD_ID_SHIFT |
	       (outside ? SNIC_HOLD_OUTSIDE : 0) | (vl & SNIC_HOLD_VL_MASK);
}

static inline bool snic_hold_tagged(const struct sk_buff *skb)
{
	return (skb->priority & SNIC_HOLD_MAGIC_MASK) == SNIC_HOLD_MAGIC;
}

static inline u32 snic_hold_id(u32 tag)
{
	return (tag & ~SNIC_HOLD_MAGIC_MASK) >> SNIC_HOLD_ID_SHIFT;
}

/* A port's congestion marking (SwitchPortCongestionSetting), per VL. */
struct sch_snic_cc {
	u8 thr[16];		/* 0..15, 0: off; VL 15 never marks */
	u32 buf;		/* bytes the thresholds are fractions of */
	u16 pkt[16];		/* eligible from N x 64 bytes */
	u16 rate[16];		/* one mark in N eligible, 0: every one */
	bool victim;		/* victims mark too */
};

struct sch_snic_hooks {
	/* The sch_snic of @skb->dev takes tagged @skb: true if it now holds
	 * *@blocks credits of buffer space at the ingress (release() gives
	 * back just those), false if not. *@overrun: the ingress buffer
	 * had no room: drop it.
	 */
	bool (*hold)(struct sk_buff *skb, u32 *blocks, bool *overrun);
	/* A packet that hold() accepted, holding @blocks, left the
	 * sch_snic. Only with the hooks it was held under: a packet held
	 * before the hooks changed (snic.ko reloaded) releases nothing.
	 */
	void (*release)(struct sk_buff *skb, u32 blocks);
	/* A VL of @dev's sch_snic that sch_snic_vl_room() found full has
	 * room again (or the queue was flushed). Under the root lock, or
	 * as the qdisc is destroyed.
	 */
	void (*room)(struct net_device *dev);
	/* @dev's sch_snic is about to set FECN in the 16B header at
	 * @skb->data + @hdr (linear): false if it must not (the switch's
	 * congestion control is off). The hook may note the packet (the
	 * switch's congestion log). Optional.
	 */
	bool (*mark)(struct net_device *dev, const struct sk_buff *skb,
		     int hdr);
	/* The marking a new sch_snic on @dev starts with, before its own
	 * options (a switch's default for its ports): true if *@cc is
	 * filled. RTNL. Optional.
	 */
	bool (*cc_default)(struct net_device *dev, struct sch_snic_cc *cc);
	/* Data VL @vl of @dev's sch_snic entered (@congested) or left the
	 * congested state. Under the root lock, or as the qdisc is reset
	 * or destroyed (RTNL). Optional.
	 */
	void (*cong)(struct net_device *dev, int vl, bool congested);
};

/* The hooks run under the qdisc root lock and must not transmit. */

void sch_snic_set_hooks(const struct sch_snic_hooks *hooks);
struct snic_credit;
/* Caller holds rcu_read_lock_bh() or runs in softirq. 0, -ENOENT (no
 * sch_snic on @dev), -ERANGE (a count was absurd), -ESTALE (an older
 * LIMIT than one applied: ignored).
 */
int sch_snic_credit_limit(struct net_device *dev, const struct snic_credit *c);
/* A credit frame carrying @c, ready for dev_queue_xmit() on @dev. */
struct sk_buff *sch_snic_credit_skb(struct net_device *dev,
				    const struct snic_credit *c);
/* Is @dev's root qdisc a sch_snic? RCU. This and sch_snic_sc2vl() only
 * read: a qdisc's memory outlives RCU readers, its lock and timers do not
 * (see sch_snic_credit_limit()).
 */
bool sch_snic_attached(struct net_device *dev);
/* dev_queue_xmit() on @dev said NET_XMIT_CN: was it the noop qdisc's
 * uncounted drop (a deactivated TX queue)? Not in hardirq.
 */
bool sch_snic_cn_dropped(struct net_device *dev);
/* Did dev_queue_xmit() on @dev, returning @err, take the frame? */
static inline bool sch_snic_xmit_taken(struct net_device *dev, int err)
{
	return err == NET_XMIT_SUCCESS ||
	       (err == NET_XMIT_CN && !sch_snic_cn_dropped(dev));
}

/* VL of @sc on @dev's sch_snic, or the default map without one. RCU. */
u8 sch_snic_sc2vl(struct net_device *dev, u8 sc);
/* Line rate (bytes/s, fabric time; 0: none) and time dilation of @dev's
 * sch_snic; 0 and 1 without one.
 */
void sch_snic_link_time(struct net_device *dev, u64 *rate, u32 *dilation);
/* The fullest data VL's backlog over the VL buffer, 0..255. RCU. */
u8 sch_snic_link_level(struct net_device *dev);
/* Bytes queued on @dev's data VLs (0 without one). RCU. */
u32 sch_snic_link_backlog(struct net_device *dev);
/* Bytes sent on @dev's link so far (every VL; 0 without one). RCU. */
u64 sch_snic_link_bytes(struct net_device *dev);
/* Is @vl's backlog on @dev under @budget bytes? If not and @wait, the
 * room hook runs when it is. BH.
 */
bool sch_snic_vl_room(struct net_device *dev, u8 vl, u32 budget, u32 pkts,
		      bool wait);
/* Give @dev's sch_snic, if it has one, the marking @cc. RTNL. */
void sch_snic_cc_apply(struct net_device *dev, const struct sch_snic_cc *cc);
/* The default SC-to-VL map. */
static inline u8 sch_snic_default_vl(u8 sc)
{
	return sc == 15 ? 15 : sc < 8 ? sc : 0;
}

#endif /* _SNIC_SCH_SNIC_H */
