// SPDX-License-Identifier: GPL-2.0
/*
 * The receiving side of per-VL credit flow control (the sending side is
 * sch_snic; the protocol, and why it is safe on a link that reorders,
 * delays and loses frames, is in core/credit.h).
 *
 * Every receiving link end, a snic's lower device or a switch port, has a
 * struct snic_crx around the protocol state (struct snic_crx_link):
 *
 *   - every 16B frame that arrives on a flow-controlled VL is counted as
 *     it arrives (snic_crx_rx()), whatever becomes of it after;
 *   - a snic delivers at once, so its packets hold no buffer;
 *   - a switched packet holds buffer space at its ingress port from the
 *     moment the egress port's sch_snic takes it until it leaves it (sent
 *     or dropped): the switch tags it (include/snic/sch_snic.h) with this
 *     receiver's id, and the qdisc calls the hold and release hooks below.
 *     A packet dropped before any sch_snic took it held nothing.
 *
 * The per-packet cost of a switched packet is two acquisitions of its
 * ingress lock: one when the egress qdisc takes it (its arrival is
 * counted and its buffer taken at once, snic_crx_hold()) and one when it
 * leaves. The switch hands the arrival over to the hold hook in a per-CPU
 * slot (struct snic_crx_arrival) for the length of dev_queue_xmit(),
 * which calls the hook synchronously; an arrival the hook did not take
 * (no sch_snic took the packet) is counted when dev_queue_xmit() returns.
 *
 * LIMIT frames go out shortly after credits come back (at once when a
 * quarter of a VL's buffer came back, else coalesced over
 * SNIC_CRX_LAZY_NS), after every SYNC (its acknowledgment) and every
 * period, from an hrtimer; the fault injection knob drops the next N of
 * them. A receiver that stops (its device leaves the fabric) says so with
 * a last LIMIT that flow-controls nothing; a new one starts a new session.
 *
 * Locking: crx->lock protects the protocol state, ret[], drop, pending,
 * dead and the (re)arming of the timer; period_us is written under RTNL
 * and the lock. It nests inside the egress qdisc's root lock (the hooks)
 * and is never held while transmitting. snic_crx_ids is an RCU xarray:
 * writers hold RTNL, the release hook reads it under RCU (with BHs off).
 * snic_crx_arrival is per CPU, used with BHs off (the switch's rx
 * handler and the qdisc enqueue it calls).
 */
#include <linux/hrtimer.h>
#include <linux/xarray.h>
#include <snic/sch_snic.h>

#include "snic.h"

/* A LIMIT goes out this soon once a quarter of a VL's buffer came back
 * (or a SYNC arrived), and at the latest SNIC_CRX_LAZY_NS after any
 * credit came back.
 */
#define SNIC_CRX_COALESCE_NS	(20 * NSEC_PER_USEC)
#define SNIC_CRX_LAZY_NS	(500 * NSEC_PER_USEC)
#define SNIC_CRX_DEFAULT_PERIOD	100000	/* us */

/* A switched packet on its way into an egress sch_snic (see above). */
struct snic_crx_arrival {
	struct sk_buff *skb;		/* NULL: none */
	struct snic_crx *crx;		/* its ingress */
	u8 vl, epoch;
	u32 blocks;
};

static DEFINE_PER_CPU(struct snic_crx_arrival, snic_crx_arrival);

/* The receivers that switched packets may be held at, by id. */
static DEFINE_XARRAY_ALLOC1(snic_crx_ids);
static u32 snic_crx_next_id;

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
	snic_crx_kick_in(crx, crx->ret[vl] * 4 >= crx->link.vl[vl].buf ?
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
		snic_count(crx->stats, SNIC_STAT_CREDIT_LIMIT_TX);
}

static enum hrtimer_restart snic_crx_fire(struct hrtimer *t)
{
	struct snic_crx *crx = container_of(t, struct snic_crx, timer);
	bool drop = false, periodic;
	struct snic_credit c;

	spin_lock_bh(&crx->lock);
	if (crx->dead || hrtimer_is_queued(t)) {
		/* Stopping, or re-armed while this callback waited. */
		spin_unlock_bh(&crx->lock);
		return HRTIMER_NORESTART;
	}
	crx->pending = false;
	memset(crx->ret, 0, sizeof(crx->ret));
	snic_crx_link_limit(&crx->link, &c);
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
		snic_count(crx->stats, SNIC_STAT_CREDIT_LIMIT_TX_DROPPED);
	else
		snic_crx_send(crx, &c);
	return periodic ? HRTIMER_RESTART : HRTIMER_NORESTART;
}

/*
 * @holds: switched packets may be held here (a switch port): the
 * receiver gets an id for their tags. Caller holds RTNL.
 */
int snic_crx_init(struct snic_crx *crx, struct net_device *dev,
		  struct snic_stats *stats, bool holds)
{
	int err;

	spin_lock_init(&crx->lock);
	crx->dev = dev;
	crx->stats = stats;
	crx->period_us = SNIC_CRX_DEFAULT_PERIOD;
	/* A random session: the sender's SYNCs correct one that its last
	 * receiver's would beat (core/credit.h, 5).
	 */
	snic_crx_link_init(&crx->link, snic_crx_session(get_random_u32()));
	hrtimer_init(&crx->timer, CLOCK_MONOTONIC, HRTIMER_MODE_REL_SOFT);
	crx->timer.function = snic_crx_fire;
	crx->id = 0;
	if (!holds)
		return 0;
	err = xa_alloc_cyclic(&snic_crx_ids, &crx->id, crx,
			      XA_LIMIT(1, SNIC_HOLD_ID_MAX),
			      &snic_crx_next_id, GFP_KERNEL);
	return err < 0 ? err : 0;
}

/*
 * Before the owner is freed (after an RCU grace period: the hooks may
 * still find it until then); its rx_handler is already gone. A receiver
 * that flow-controlled some VL withdraws: a last LIMIT with no VL in its
 * mask lets the sender go on without credits.
 */
void snic_crx_stop(struct snic_crx *crx)
{
	struct snic_credit c;
	bool any;

	if (crx->id)
		xa_erase(&snic_crx_ids, crx->id);
	spin_lock_bh(&crx->lock);
	crx->dead = true;
	any = snic_crx_link_any(&crx->link);
	memset(crx->link.vl, 0, sizeof(crx->link.vl));
	snic_crx_link_limit(&crx->link, &c);
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
	u32 b[SNIC_NUM_VLS];
	bool was, now;
	int i;

	spin_lock_bh(&crx->lock);
	was = snic_crx_link_any(&crx->link);
	if (buf) {
		for (i = 0; i < SNIC_NUM_VLS; i++)
			b[i] = i < SNIC_VL_MGMT ? buf[i] : 0;
		snic_crx_link_set_buf(&crx->link, b);
	}
	if (period_us)
		crx->period_us = period_us;
	if (drop)
		crx->drop = *drop;
	now = snic_crx_link_any(&crx->link);
	/* Tell the sender at once: a new buffer, or none any more. */
	if (buf && (was || now)) {
		crx->pending = false;
		snic_crx_kick(crx);
	}
	spin_unlock_bh(&crx->lock);
}

void snic_crx_read(struct snic_crx *crx, u16 *buf, u32 *used, u32 *period)
{
	int i;

	spin_lock_bh(&crx->lock);
	for (i = 0; i < SNIC_NUM_VLS; i++) {
		buf[i] = crx->link.vl[i].buf;
		used[i] = crx->link.vl[i].used;
	}
	*period = crx->period_us;
	spin_unlock_bh(&crx->lock);
}

/*
 * The link went down or came up. The sender's qdisc was reset: it adopts
 * the count of our next LIMIT (sent now) and rebases us with a SYNC, so
 * our counts are left alone; credits of packets lost with the link come
 * back with that SYNC. (The LIMIT goes only if the link is up.)
 */
void snic_crx_link_reset(struct snic_crx *crx)
{
	bool any;

	spin_lock_bh(&crx->lock);
	any = snic_crx_link_any(&crx->link);
	/* A receiver with no buffer speaks too: a sender that waits for
	 * its far end's first word (a new sch_snic) may go on.
	 */
	crx->pending = false;
	snic_crx_kick(crx);
	spin_unlock_bh(&crx->lock);
	if (any)
		snic_count(crx->stats, SNIC_STAT_CREDIT_LINK_RESETS);
}

/* Do the VL buffers hold a frame of @mtu (a new MTU of crx->dev)? */
bool snic_crx_fits(struct snic_crx *crx, unsigned int mtu)
{
	bool fits = true;
	int i;

	spin_lock_bh(&crx->lock);
	for (i = 0; i < SNIC_VL_MGMT; i++)
		if (crx->link.vl[i].buf &&
		    crx->link.vl[i].buf < snic_crx_least(mtu))
			fits = false;
	spin_unlock_bh(&crx->lock);
	return fits;
}

/* The counters of an arrival's verdict (after crx->lock); @late: the
 * credits of a late frame that were written off and are taken back.
 */
static void snic_crx_count(struct snic_crx *crx, enum snic_crx_verdict v,
			   u32 late, u64 overtaken)
{
	if (overtaken)
		snic_count(crx->stats, SNIC_STAT_CREDIT_OVERTAKEN);
	if (v == SNIC_CRX_LATE) {
		snic_count(crx->stats, SNIC_STAT_CREDIT_LATE);
		if (late)
			snic_stats_add(crx->stats,
				       SNIC_STAT_CREDIT_LATE_CREDITS, late);
	} else if (v == SNIC_CRX_JOINING) {
		snic_count(crx->stats, SNIC_STAT_CREDIT_JOINING);
	}
}

/* Caller holds crx->lock: a frame of @n credits arrived on flow-controlled
 * @vl; *@overtaken grows by the frames it overtook; *@late is set to the
 * written-off credits a late frame took back.
 */
static enum snic_crx_verdict snic_crx_arrive(struct snic_crx *crx, u8 vl,
					     u8 epoch, u32 n, u64 *overtaken,
					     u32 *late)
{
	u64 was = crx->link.overtaken, lc = crx->link.late_credits;
	enum snic_crx_verdict v;

	v = snic_crx_link_arrive(&crx->link, vl, epoch, n, false);
	*overtaken += crx->link.overtaken - was;
	*late = crx->link.late_credits - lc;
	return v;
}

/* A frame that arrived and leaves the buffer at once. */
static void snic_crx_pass(struct snic_crx *crx, u8 vl, u8 epoch, u32 n)
{
	enum snic_crx_verdict v;
	u64 overtaken = 0;
	u32 late;

	spin_lock_bh(&crx->lock);
	if (!crx->link.vl[vl].buf) {
		spin_unlock_bh(&crx->lock);
		return;
	}
	v = snic_crx_arrive(crx, vl, epoch, n, &overtaken, &late);
	if (v == SNIC_CRX_ON_TIME)
		snic_crx_returned(crx, vl, n);
	spin_unlock_bh(&crx->lock);
	snic_crx_count(crx, v, late, overtaken);
}

/* The VL the sending end put a frame of @sc on (core/credit.h, 8). */
static u8 snic_crx_vl(struct snic_crx *crx, u8 sc)
{
	sc &= SNIC_NUM_SC - 1;
	if (READ_ONCE(crx->mapped))
		return READ_ONCE(crx->rmap[sc]);
	return sch_snic_sc2vl(crx->dev, sc);
}

/* Count a 16B packet of @len bytes with @sc on this device; the VL it
 * belongs to, or SNIC_VL_MGMT when that is not flow controlled.
 */
static u8 snic_crx_seen(struct snic_crx *crx, u8 sc, unsigned int len)
{
	u8 vl = snic_crx_vl(crx, sc);

	snic_count(crx->stats, SNIC_STAT_RX_VL0_PACKETS + vl);
	snic_stats_add(crx->stats, SNIC_STAT_RX_VL0_BYTES + vl, len);
	if (vl >= SNIC_VL_MGMT || !READ_ONCE(crx->link.vl[vl].buf))
		return SNIC_VL_MGMT;
	return vl;
}

/*
 * A 16B packet of @len bytes (outer Ethernet header included) arrived
 * with @sc and link epoch @epoch; it is counted under the VL of @sc on
 * this device and leaves the buffer at once (delivered, consumed or
 * dropped).
 */
void snic_crx_rx(struct snic_crx *crx, u8 sc, u8 epoch, unsigned int len)
{
	u8 vl = snic_crx_seen(crx, sc, len);

	if (vl != SNIC_VL_MGMT)
		snic_crx_pass(crx, vl, epoch, snic_credit_blocks(len));
}

/*
 * The same for a packet the switch is about to hand to @out's sch_snic
 * (with BHs off; snic_crx_rx_done() follows once dev_queue_xmit()
 * returned): it holds buffer space here if the qdisc takes it. Tags @skb
 * for the hold hook.
 */
void snic_crx_rx_switched(struct snic_crx *crx, struct sk_buff *skb, u8 sc,
			  u8 epoch, unsigned int len)
{
	struct snic_crx_arrival *a = this_cpu_ptr(&snic_crx_arrival);
	u8 vl = snic_crx_seen(crx, sc, len);

	skb->priority = 0;
	if (vl == SNIC_VL_MGMT)
		return;
	/* No receiver id (cannot hold), or an arrival pending already (a
	 * transmit that would reach this switch again before returning):
	 * the packet leaves the buffer at once.
	 */
	if (!crx->id || a->skb) {
		snic_crx_pass(crx, vl, epoch, snic_credit_blocks(len));
		return;
	}
	*a = (struct snic_crx_arrival){ .skb = skb, .crx = crx, .vl = vl,
		.epoch = epoch, .blocks = snic_credit_blocks(len) };
	skb->priority = snic_hold_tag(crx->id, vl, false);
}

/* dev_queue_xmit() of the packet snic_crx_rx_switched() tagged returned:
 * if no sch_snic took it (the hold hook did not run), its arrival is
 * counted now, and it holds nothing.
 */
void snic_crx_rx_done(struct sk_buff *skb)
{
	struct snic_crx_arrival *a = this_cpu_ptr(&snic_crx_arrival);

	/* @skb may be gone: only its address is compared. */
	if (!a->skb || a->skb != skb)
		return;
	a->skb = NULL;
	snic_crx_pass(a->crx, a->vl, a->epoch, a->blocks);
}

/*
 * sch_snic takes a tagged packet: it holds @blocks credits of its
 * ingress buffer now (true; the release gives back just those), or it
 * overran it (*@overrun) and is dropped, or it holds nothing. Only the
 * packet the switch of this CPU is handing over is held: a tag that
 * arrives any other way (a packet redirected, delayed, or from another
 * host) holds nothing.
 */
static bool snic_crx_hold(struct sk_buff *skb, u32 *blocks, bool *overrun)
{
	struct snic_crx_arrival *a = this_cpu_ptr(&snic_crx_arrival);
	struct snic_crx *crx = a->crx;
	enum snic_crx_verdict v;
	u64 overtaken = 0;
	bool held = false;
	u32 n = a->blocks, late;
	u8 vl = a->vl;

	if (a->skb != skb || snic_hold_id(skb->priority) != crx->id) {
		skb->priority = 0;
		return false;
	}
	a->skb = NULL;
	spin_lock_bh(&crx->lock);
	if (!crx->link.vl[vl].buf || crx->dead) {
		/* Not flow controlled any more. */
		spin_unlock_bh(&crx->lock);
		skb->priority = 0;
		return false;
	}
	v = snic_crx_arrive(crx, vl, a->epoch, n, &overtaken, &late);
	if (snic_crx_link_admit(&crx->link, vl, n, v != SNIC_CRX_ON_TIME)) {
		held = true;
		*blocks = n;
	} else {
		/* The sender overran the buffer (or sent more outside the
		 * credit count than a buffer): a real port drops. It was
		 * counted on arrival and leaves at once; a late frame's
		 * write-off stands (lost after all).
		 */
		*overrun = true;
		late = 0;
		snic_crx_returned(crx, vl, n);
	}
	spin_unlock_bh(&crx->lock);
	snic_crx_count(crx, v, late, overtaken);
	if (*overrun)
		snic_count(crx->stats, v == SNIC_CRX_ON_TIME ?
			   SNIC_STAT_RX_DROP_CREDIT_OVERRUN :
			   SNIC_STAT_RX_DROP_CREDIT_OUTSIDE);
	skb->priority = held ? snic_hold_tag(crx->id, vl,
					     v != SNIC_CRX_ON_TIME) : 0;
	return held;
}

static struct snic_crx *snic_crx_of(u32 tag, u8 *vl, bool *outside)
{
	*vl = tag & SNIC_HOLD_VL_MASK;
	*outside = tag & SNIC_HOLD_OUTSIDE;
	return xa_load(&snic_crx_ids, snic_hold_id(tag));
}

/* A held packet of @n credits left the egress qdisc (sent or dropped). */
static void snic_crx_release(struct sk_buff *skb, u32 n)
{
	struct snic_crx *crx;
	bool outside;
	u8 vl;

	crx = snic_crx_of(skb->priority, &vl, &outside);
	skb->priority = 0;
	if (!crx)
		return;
	spin_lock_bh(&crx->lock);
	snic_crx_link_leave(&crx->link, vl, n, outside);
	snic_crx_returned(crx, vl, n);
	spin_unlock_bh(&crx->lock);
}

static const struct sch_snic_hooks snic_crx_hooks = {
	.hold		= snic_crx_hold,
	.release	= snic_crx_release,
	.room		= snic_nic_room,
	.mark		= snic_sw_cc_mark,
	.cc_default	= snic_sw_cc_default,
	.cong		= snic_sw_cc_cong,
};

void snic_crx_register(void)
{
	sch_snic_set_hooks(&snic_crx_hooks);
}

void snic_crx_unregister(void)
{
	sch_snic_set_hooks(NULL);
}

/* A SYNC from the sender: write off, rebase, acknowledge. */
static void snic_crx_sync(struct snic_crx *crx, const struct snic_credit *c)
{
	struct snic_crx_sync_res res;
	u64 wo, ex;
	int i;

	spin_lock_bh(&crx->lock);
	/* From now on frames count on the VLs the sender puts them on. */
	for (i = 0; i < SNIC_NUM_SC; i++)
		WRITE_ONCE(crx->rmap[i], c->sc2vl[i]);
	WRITE_ONCE(crx->mapped, true);
	wo = crx->link.written_off;
	ex = crx->link.excess;
	snic_crx_link_sync(&crx->link, c, get_random_u32(), &res);
	wo = crx->link.written_off - wo;
	ex = crx->link.excess - ex;
	/* Every SYNC (a probe too) is answered: its acknowledgment. */
	crx->pending = false;
	snic_crx_kick(crx);
	spin_unlock_bh(&crx->lock);
	snic_count(crx->stats, SNIC_STAT_CREDIT_SYNC_RX);
	if (res.resession)
		snic_count(crx->stats, SNIC_STAT_CREDIT_RESESSIONS);
	if (res.changed)
		snic_count(crx->stats, SNIC_STAT_CREDIT_RESYNCS);
	if (res.bad_vl)
		snic_count(crx->stats, SNIC_STAT_RX_DROP_CREDIT_BAD_VL);
	if (wo)
		snic_stats_add(crx->stats, SNIC_STAT_CREDIT_WRITTEN_OFF, wo);
	if (ex)
		snic_stats_add(crx->stats, SNIC_STAT_CREDIT_EXCESS, ex);
	if (c->mask && !res.applied)
		snic_count(crx->stats, SNIC_STAT_CREDIT_SYNC_REPEATS);
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
		snic_count(crx->stats, SNIC_STAT_RX_DROP_CREDIT_BAD_VL);
		goto drop;
	default:
		snic_count(crx->stats, SNIC_STAT_RX_DROP_CREDIT_MALFORMED);
		goto drop;
	}
	if (c.type == SNIC_CREDIT_SYNC) {
		snic_crx_sync(crx, &c);
		consume_skb(skb);
		return;
	}
	err = sch_snic_credit_limit(skb->dev, &c);
	if (err == -ENOENT)
		snic_count(crx->stats, SNIC_STAT_RX_DROP_CREDIT_NO_QDISC);
	else if (err == -ESTALE)
		snic_count(crx->stats, SNIC_STAT_CREDIT_LIMIT_STALE);
	else if (err)
		snic_count(crx->stats, SNIC_STAT_RX_DROP_CREDIT_ABSURD);
	else
		snic_count(crx->stats, SNIC_STAT_CREDIT_LIMIT_RX);
	consume_skb(skb);
	return;
drop:
	kfree_skb(skb);
}
