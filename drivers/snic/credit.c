// SPDX-License-Identifier: GPL-2.0
/*
 * The receiving side of per-VL credit flow control (the sending side is
 * in sch_snic; the scheme and the frame are in core/credit.h).
 *
 * Every receiving link end, a snic's lower device or a switch port, has a
 * struct snic_crx. For each flow-controlled VL it keeps ABR (credits
 * received, or set by the sender's SYNC) and USED (credits held by packets
 * still in its buffer), and advertises LIMIT = ABR + BUF - USED:
 *
 *   - a snic delivers at once, so its packets hold no buffer;
 *   - a switch port's packets hold their credits from the moment the
 *     egress port's sch_snic takes them until they leave it (sent or
 *     dropped): the qdisc calls the hold/release hooks below, which find
 *     the ingress port through skb->skb_iif and the VL through the tag
 *     the switch put in skb->priority (veth clears it at the next hop).
 *
 * LIMIT frames go out shortly after credits come back (at once when a
 * quarter of a VL's buffer came back, else coalesced over
 * SNIC_CRX_LAZY_NS) and every period, from an hrtimer; the fault
 * injection knob drops the next N of them. After a link goes down or up
 * the sender's qdisc adopts the count of the next LIMIT and aligns the
 * receiver with a SYNC.
 *
 * Locking: crx->lock protects abr[], used[], drop, pending, dead and the
 * (re)arming of the timer; buf[] and period_us are written under RTNL
 * and the lock. It nests inside the egress qdisc's root lock (the hooks)
 * and is never held while transmitting.
 */
#include <linux/hrtimer.h>
#include <snic/sch_snic.h>

#include "snic.h"

/* A LIMIT goes out this soon once a quarter of a VL's buffer came back,
 * and at the latest SNIC_CRX_LAZY_NS after any credit came back.
 */
#define SNIC_CRX_COALESCE_NS	(20 * NSEC_PER_USEC)
#define SNIC_CRX_LAZY_NS	(500 * NSEC_PER_USEC)
#define SNIC_CRX_DEFAULT_PERIOD	100000	/* us */
/* skb->priority of a switched packet whose credits its ingress holds. */
#define SNIC_CRX_TAG		0x534e4300
#define SNIC_CRX_TAG_MASK	0xfffffff0

static bool snic_crx_any(const struct snic_crx *crx)
{
	int i;

	for (i = 0; i < SNIC_NUM_VLS; i++)
		if (crx->buf[i])
			return true;
	return false;
}

/* Caller holds crx->lock: send a LIMIT within @delay ns. */
static void snic_crx_kick_in(struct snic_crx *crx, u64 delay)
{
	u64 at = ktime_get_ns() + delay;

	if (crx->dead || (crx->pending && crx->pending_at <= at))
		return;
	crx->pending = true;
	crx->pending_at = at;
	hrtimer_start(&crx->timer, ns_to_ktime(delay), HRTIMER_MODE_REL_SOFT);
}

static void snic_crx_kick(struct snic_crx *crx)
{
	snic_crx_kick_in(crx, SNIC_CRX_COALESCE_NS);
}

/* Caller holds crx->lock: @blocks of @vl came back to the sender. */
static void snic_crx_returned(struct snic_crx *crx, u8 vl, u32 blocks)
{
	crx->ret[vl] += blocks;
	snic_crx_kick_in(crx, crx->ret[vl] * 4 >= crx->buf[vl] ?
			 SNIC_CRX_COALESCE_NS : SNIC_CRX_LAZY_NS);
}

static void snic_crx_send(struct snic_crx *crx, const struct snic_credit *c)
{
	struct net_device *dev = crx->dev;
	struct sk_buff *skb;

	if (!(dev->flags & IFF_UP) || !netif_carrier_ok(dev))
		return;
	skb = sch_snic_credit_skb(dev, c);
	if (skb && dev_queue_xmit(skb) == NET_XMIT_SUCCESS)
		snic_count(crx->stats, SNIC_STAT_CREDIT_TX);
}

static enum hrtimer_restart snic_crx_fire(struct hrtimer *t)
{
	struct snic_crx *crx = container_of(t, struct snic_crx, timer);
	struct snic_credit c = { .type = SNIC_CREDIT_LIMIT };
	bool drop = false, periodic;
	int i;

	spin_lock_bh(&crx->lock);
	if (crx->dead || hrtimer_is_queued(t)) {
		/* Stopping, or re-armed while this callback waited. */
		spin_unlock_bh(&crx->lock);
		return HRTIMER_NORESTART;
	}
	crx->pending = false;
	memset(crx->ret, 0, sizeof(crx->ret));
	for (i = 0; i < SNIC_VL_MGMT; i++) {
		if (!crx->buf[i])
			continue;
		c.mask |= BIT(i);
		c.count[i] = snic_credit_limit(crx->abr[i], crx->buf[i],
					       crx->used[i]);
	}
	if (crx->drop) {
		crx->drop--;
		drop = true;
	}
	periodic = c.mask != 0;
	if (periodic)
		hrtimer_forward_now(t, ns_to_ktime((u64)crx->period_us *
						   NSEC_PER_USEC));
	spin_unlock_bh(&crx->lock);

	if (drop)
		snic_count(crx->stats, SNIC_STAT_CREDIT_TX_INJECT);
	else
		snic_crx_send(crx, &c);
	return periodic ? HRTIMER_RESTART : HRTIMER_NORESTART;
}

void snic_crx_init(struct snic_crx *crx, struct net_device *dev,
		   struct snic_stats *stats)
{
	spin_lock_init(&crx->lock);
	crx->dev = dev;
	crx->stats = stats;
	crx->period_us = SNIC_CRX_DEFAULT_PERIOD;
	hrtimer_init(&crx->timer, CLOCK_MONOTONIC, HRTIMER_MODE_REL_SOFT);
	crx->timer.function = snic_crx_fire;
}

/*
 * Before the owner is freed; its rx_handler is already gone. A receiver
 * that flow-controlled some VL withdraws: a last LIMIT with no VL in its
 * mask lets the sender go on without credits.
 */
void snic_crx_stop(struct snic_crx *crx)
{
	struct snic_credit c = { .type = SNIC_CREDIT_LIMIT };
	bool any;

	spin_lock_bh(&crx->lock);
	crx->dead = true;
	any = snic_crx_any(crx);
	spin_unlock_bh(&crx->lock);
	hrtimer_cancel(&crx->timer);
	if (any) {
		local_bh_disable();
		snic_crx_send(crx, &c);
		local_bh_enable();
	}
}

/* Caller holds RTNL. NULL/0 leave a setting alone. */
void snic_crx_configure(struct snic_crx *crx, const u16 *buf, u32 period_us,
			const u32 *drop)
{
	bool was, now;

	spin_lock_bh(&crx->lock);
	was = snic_crx_any(crx);
	if (buf)
		memcpy(crx->buf, buf, sizeof(crx->buf));
	if (period_us)
		crx->period_us = period_us;
	if (drop)
		crx->drop = *drop;
	now = snic_crx_any(crx);
	/* Tell the sender at once: a new buffer, or none any more. */
	if (buf && (was || now)) {
		crx->pending = false;
		snic_crx_kick(crx);
	}
	spin_unlock_bh(&crx->lock);
}

void snic_crx_read(struct snic_crx *crx, u16 *buf, u32 *used, u32 *period)
{
	spin_lock_bh(&crx->lock);
	memcpy(buf, crx->buf, sizeof(crx->buf));
	memcpy(used, crx->used, sizeof(crx->used));
	*period = crx->period_us;
	spin_unlock_bh(&crx->lock);
}

/*
 * The link went down or came up. The sender's qdisc was reset: it adopts
 * the count of our next LIMIT (sent now) and aligns us with a SYNC, so
 * ABR is left alone; credits of packets lost with the link come back
 * with that SYNC.
 */
void snic_crx_link_reset(struct snic_crx *crx)
{
	spin_lock_bh(&crx->lock);
	if (snic_crx_any(crx)) {
		snic_count(crx->stats, SNIC_STAT_CREDIT_LINK_RESET);
		crx->pending = false;
		snic_crx_kick(crx);
	}
	spin_unlock_bh(&crx->lock);
}

/*
 * A 16B packet of @len bytes (outer Ethernet header included) arrived
 * with @sc; it is counted under the VL of @sc on this device. Unless
 * @hold, it leaves the buffer at once (delivered, consumed or dropped).
 * Returns the VL tag to put in skb->priority if the packet's credits are
 * now to be held until a switch egress releases them, or 0.
 */
u32 snic_crx_rx(struct snic_crx *crx, u8 sc, unsigned int len, bool hold)
{
	u8 vl = sch_snic_sc2vl(crx->dev, sc);

	snic_count(crx->stats, SNIC_STAT_RX_VL0_PACKETS + vl);
	snic_stats_add(crx->stats, SNIC_STAT_RX_VL0_BYTES + vl, len);
	if (vl >= SNIC_VL_MGMT || !READ_ONCE(crx->buf[vl]))
		return 0;
	if (hold)
		return SNIC_CRX_TAG | vl;
	spin_lock_bh(&crx->lock);
	crx->abr[vl] += snic_credit_blocks(len);
	snic_crx_returned(crx, vl, snic_credit_blocks(len));
	spin_unlock_bh(&crx->lock);
	return 0;
}

/* The switch port of @skb's ingress, if its credits are held there. */
static struct snic_crx *snic_crx_of(struct net_device *egress,
				    struct sk_buff *skb, u8 *vl)
{
	struct net_device *in;

	if ((skb->priority & SNIC_CRX_TAG_MASK) != SNIC_CRX_TAG ||
	    !skb->skb_iif)
		return NULL;
	*vl = skb->priority & ~SNIC_CRX_TAG_MASK;
	in = dev_get_by_index_rcu(dev_net(egress), skb->skb_iif);
	return in ? snic_sw_port_crx(in) : NULL;
}

/* sch_snic took a switched packet: it now holds its ingress credits. */
static bool snic_crx_hold(struct net_device *egress, struct sk_buff *skb)
{
	u32 blocks = snic_credit_blocks(skb->len);
	struct snic_crx *crx;
	bool ok = true;
	u8 vl;

	crx = snic_crx_of(egress, skb, &vl);
	if (!crx)
		return true;
	spin_lock_bh(&crx->lock);
	crx->abr[vl] += blocks;
	if (crx->used[vl] + blocks > crx->buf[vl]) {
		/* The sender overran the buffer: a real port drops. */
		ok = false;
		snic_crx_kick(crx);
	} else {
		crx->used[vl] += blocks;
	}
	spin_unlock_bh(&crx->lock);
	if (!ok) {
		snic_count(crx->stats, SNIC_STAT_RX_CREDIT_OVERRUN);
		skb->priority = 0;
	}
	return ok;
}

/* A held packet left the egress qdisc (sent or dropped). */
static void snic_crx_release(struct net_device *egress, struct sk_buff *skb)
{
	u32 blocks = snic_credit_blocks(skb->len);
	struct snic_crx *crx;
	u8 vl;

	crx = snic_crx_of(egress, skb, &vl);
	if (!crx)
		return;
	skb->priority = 0;
	spin_lock_bh(&crx->lock);
	crx->used[vl] -= min(crx->used[vl], blocks);
	snic_crx_returned(crx, vl, blocks);
	spin_unlock_bh(&crx->lock);
}

/* The switch will not hand a held packet to a sch_snic after all. */
void snic_crx_unhold(struct snic_crx *crx, struct sk_buff *skb)
{
	u8 vl = skb->priority & ~SNIC_CRX_TAG_MASK;

	if ((skb->priority & SNIC_CRX_TAG_MASK) != SNIC_CRX_TAG)
		return;
	skb->priority = 0;
	spin_lock_bh(&crx->lock);
	crx->abr[vl] += snic_credit_blocks(skb->len);
	snic_crx_returned(crx, vl, snic_credit_blocks(skb->len));
	spin_unlock_bh(&crx->lock);
}

static const struct sch_snic_hooks snic_crx_hooks = {
	.hold		= snic_crx_hold,
	.release	= snic_crx_release,
};

void snic_crx_register(void)
{
	sch_snic_set_hooks(&snic_crx_hooks);
}

void snic_crx_unregister(void)
{
	sch_snic_set_hooks(NULL);
}

/* A SYNC from the sender: ABR follows its TBS. */
static void snic_crx_sync(struct snic_crx *crx, const struct snic_credit *c)
{
	bool bad_vl = false, changed = false;
	int i;

	spin_lock_bh(&crx->lock);
	for (i = 0; i < SNIC_VL_MGMT; i++) {
		if (!(c->mask & BIT(i)))
			continue;
		if (!crx->buf[i]) {
			bad_vl = true;
			continue;
		}
		if (crx->abr[i] != c->count[i]) {
			crx->abr[i] = c->count[i];
			changed = true;
		}
	}
	if (changed)
		snic_crx_kick(crx);
	spin_unlock_bh(&crx->lock);
	snic_count(crx->stats, SNIC_STAT_CREDIT_SYNC_RX);
	if (changed)
		snic_count(crx->stats, SNIC_STAT_CREDIT_RESYNC);
	if (bad_vl)
		snic_count(crx->stats, SNIC_STAT_CREDIT_BAD_VL);
}

/* A link-local credit frame arrived on crx->dev; consumes @skb. */
void snic_crx_frame(struct snic_crx *crx, struct sk_buff *skb)
{
	u8 raw[SNIC_CREDIT_FRAME_LEN];
	struct snic_credit c;
	const u8 *p;
	int err;

	p = skb_header_pointer(skb, 0, sizeof(raw), raw);
	err = p ? snic_credit_decode(p, skb->len, &c) : SNIC_CREDIT_ESHORT;
	switch (err) {
	case SNIC_CREDIT_OK:
		break;
	case SNIC_CREDIT_EVL:
		snic_count(crx->stats, SNIC_STAT_CREDIT_BAD_VL);
		goto drop;
	default:
		snic_count(crx->stats, SNIC_STAT_CREDIT_BAD);
		goto drop;
	}
	if (c.type == SNIC_CREDIT_SYNC) {
		snic_crx_sync(crx, &c);
		consume_skb(skb);
		return;
	}
	err = sch_snic_credit_limit(skb->dev, c.mask, c.count);
	if (err == -ENOENT)
		snic_count(crx->stats, SNIC_STAT_CREDIT_NO_QDISC);
	else if (err)
		snic_count(crx->stats, SNIC_STAT_CREDIT_ABSURD);
	else
		snic_count(crx->stats, SNIC_STAT_CREDIT_RX);
	consume_skb(skb);
	return;
drop:
	kfree_skb(skb);
}
