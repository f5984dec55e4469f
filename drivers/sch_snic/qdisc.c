// SPDX-License-Identifier: GPL-2.0
/*
 * sch_snic: the egress qdisc of every snic fabric link.
 *
 * Algorithm (this version):
 *   - classify: a 16B frame (EtherType ETH_P_SNIC) goes to the VL that the
 *     SC-to-VL map gives for the SC in its 16B header; anything else (link
 *     control) goes to the management VL, TC_SNIC_VL_MGMT;
 *   - enqueue: one FIFO per VL, tail drop at the per-VL limit (counted);
 *   - dequeue: the management VL first (strict priority), then the data
 *     VLs by deficit round robin: a VL's turn adds weight * 64 bytes to
 *     its deficit, and it sends while its head fits in the deficit (OPA's
 *     VLArb weights, as DRR quanta); an emptied VL forfeits its deficit;
 *   - line rate (optional): a frame of len bytes holds the link for
 *     len / rate. The link is a model: a frame starts when the link is
 *     free (time_next) or when it became sendable (it reached the head of
 *     its VL, or the credits it waited for came), whichever is later, and
 *     the link is free again len / rate after that start, not after the
 *     moment the frame actually left. A frame reaches the head, in the
 *     model, when it arrived or when the one before it started, whichever
 *     is later; a link without carrier sends nothing, in the model too.
 *     A 16B frame is on the wire from its start to its end, start + len /
 *     rate, and reaches the far end the link's latency (its propagation
 *     delay, fabric time, 0 by default) after that: the qdisc keeps it
 *     in flight (a FIFO, still counted in its queue length) and hands it
 *     to the device then, so that every hop adds its serialization time
 *     and its distance to a packet's latency, as a real link does; a
 *     link-control (credit) frame holds the link as long but is due at
 *     its start plus the latency, as OPA's link layer carries credits
 *     beside the packets. A frame is never due before the one sent
 *     before it (a later start, or a changed rate, dilation or latency,
 *     cannot overtake), so the head of the FIFO is the first due; a
 *     change of rate, dilation or latency brings what is in flight in
 *     to at most the new latency. The link starts the next frame while
 *     others are in flight, up to as many as its VL queues may hold
 *     (limit x 16 frames: then it waits, as if the wire were full, and
 *     counts it in flight_full). While the link is busy and nothing in
 *     flight is due, dequeue returns nothing and the qdisc watchdog is
 *     armed for the earlier of time_next (the end) and the first due,
 *     with a little slack. A late wake-up (a busy host) does not lower
 *     the rate: the frames it held back follow at once until the link
 *     is back on its model's schedule;
 *   - fidelity: how late each 16B frame left against its due time in the
 *     model (fabric ns, a histogram: core/hist.h; link control is not
 *     counted: it waits for the frame on the wire, and its own time on
 *     the link is shorter than a timer's slack), and how many were late by
 *     more than their own time on the link: the emulation says when it
 *     could not keep up (xstats; snicctl fabric health);
 *
 *   - credits: a data VL that the far end flow-controls (it said so in
 *     a credit LIMIT frame, handed to sch_snic_credit_limit() by snic.ko)
 *     may send its head only while TBS + credits(head) <= LIMIT; the
 *     protocol, safe on links that reorder, delay and lose frames, is in
 *     drivers/snic/core/credit.h. A blocked VL is skipped by the DRR and
 *     keeps its deficit; the others go on. When every backlogged VL is
 *     blocked, dequeue returns nothing; a new limit reschedules the qdisc.
 *     Every 16B frame is stamped with the current epoch as it leaves.
 *     While some VL is flow controlled, a timer sends a SYNC frame every
 *     sync period; its contents (the epoch it closes, TBS) are written
 *     when it is dequeued, so that the frames before it carry its epoch
 *     or an older one, and those after it a newer one. A new qdisc sends
 *     no data until the far end has answered its probe (or has said
 *     nothing for SNIC_Q_HELLO_PERIODS sync periods and the link's round
 *     trip: it is not a snic receiver);
 *   - head-of-queue lifetime (optional): a packet that has been at the
 *     head of its VL queue longer than the lifetime is discarded and
 *     counted. Every dequeue looks at every VL head, and a qdisc whose
 *     heads are all credit-blocked arms the watchdog for the oldest
 *     head's expiry;
 *   - time dilation D: rate and lifetime are configured in fabric time;
 *     the link runs D times slower (rate / D, lifetime x D) and reports
 *     stall times in fabric time;
 *   - congestion marking (CCA, on a switch port): a data VL is congested
 *     while its backlog is at least (16 - threshold) / 16 of the VL
 *     buffer. A congested VL that has had to wait for credits since it
 *     became congested is a victim (the congestion is further on);
 *     otherwise it is a root. While congested, a root (and a victim if
 *     the port marks victims) sets FECN in the 16B header of packets at
 *     least the VL's packet_size long, one in every marking_rate of them
 *     (both per VL, as SwitchPortCongestionSetting has them). snic.ko
 *     has the last word on each mark (its mark hook: a switch's
 *     congestion control may be off, and it logs what is marked).
 *
 * A switched packet tagged as held in its ingress buffer
 * (include/snic/sch_snic.h) goes through snic.ko's hold hook when it is
 * taken and its release hook when it leaves, sent or dropped, which
 * returns its credits. Such a packet is not subject to the VL queue limit:
 * the ingress buffers bound it. The xstats structure
 * (include/uapi/linux/sch_snic.h) is append-only.
 *
 * Locking: everything here runs under the qdisc root lock, including
 * sch_snic_credit_limit(); the SYNC timer only reads flags and transmits.
 */
#include <linux/etherdevice.h>
#include <linux/if_ether.h>
#include <linux/module.h>
#include <linux/skbuff.h>
#include <net/netlink.h>
#include <net/pkt_sched.h>
#include <net/sch_generic.h>
#include <snic/sch_snic.h>
#include <uapi/linux/sch_snic.h>
#include <uapi/linux/snic.h>
#include <uapi/linux/snic_wire.h>

#include "../snic/core/credit.h"
#include "../snic/core/hdr16b.h"
#include "../snic/core/hist.h"

#define SNIC_Q_DEFAULT_LIMIT	128
#define SNIC_Q_MAX_LIMIT	65535
/* Watchdog slack: wake-ups within 10 us of time_next are on time. */
#define SNIC_Q_SLACK_NS		(10 * NSEC_PER_USEC)
#define SNIC_Q_DEFAULT_SYNC_US	100000
#define SNIC_Q_MAX_DILATION	10000
#define SNIC_Q_MAX_RATE		1250000000000ULL	/* bytes/s: 10 Tb/s */
#define SNIC_Q_MAX_LATENCY	1000000		/* fabric ns: 200 km of fibre */
/* Frames one dequeue starts at most: a link without a rate starts its
 * whole backlog at once, in turns of this many.
 */
#define SNIC_Q_STARTS		64
/* A receiver silent for this many sync periods is counted (its VLs stay
 * flow controlled: a slow receiver is not a gone one).
 */
#define SNIC_Q_CREDIT_TIMEOUT	8
/* A new or reset qdisc waits this many sync periods of carrier for the
 * far end's first word, and probes for it this soon after it is created
 * (and attached) or reset.
 */
#define SNIC_Q_HELLO_PERIODS	8
/* Held packets a VL keeps at most: far above what the ingress buffers of
 * 64 ports can hold (each bounds its VL to a buffer on time and one
 * outside the credit count, credit.h 8); past it a packet holds nothing.
 */
#define SNIC_Q_HELD_MAX		32768
#define SNIC_Q_PROBE_NS		(1 * NSEC_PER_MSEC)
#define SNIC_Q_CC_BUF		65536
#define SNIC_Q_CC_BUF_MAX	(16 << 20)
/* FECN: bit 28 of the 16B header's little-endian word 1, its byte 7. */
#define SNIC_Q_FECN_BYTE	7
#define SNIC_Q_HDR_LEN		16	/* the 16B header, for snic.ko's hook */
#define SNIC_Q_FECN_BIT		0x10
/* LE, the link epoch: bits 31:24 of word 3, its byte 15. */
#define SNIC_Q_LE_BYTE		15

struct snic_vl {
	struct qdisc_skb_head	q;
	u32			deficit;	/* bytes, DRR */
	/* stats */
	u64			enqueued;
	u64			dequeued;
	u64			bytes;
	u32			drops;
	u32			qlen_max;
	u32			hoq_discards;
	u64			head_since;	/* ns: the head became head */
	u64			head_model;	/* ns: ... in the line-rate model */
	u64			unstalled;	/* ns: credits let the head go */
	/* credits (the protocol state is in q->ctx) */
	u32			held;		/* packets held at an ingress */
	u64			tbs_total;
	u64			stall_since;	/* ns, 0: not stalled */
	u64			stall_ns;	/* wall ns */
	u64			stalls;
	/* congestion marking */
	u32			backlog;	/* bytes queued */
	u32			backlog_max;
	bool			congested;
	bool			victim;		/* waited for credits meanwhile */
	bool			ev_cong;	/* congested, as snic.ko was told */
	u32			mark_seq;	/* eligible since the last mark */
	u64			cong_since;	/* wall ns */
	u64			cong_ns;	/* wall ns, ended episodes */
	u64			congestions;
	u64			marked;
	u64			skipped;
};

struct snic_sched {
	/* parameters */
	u32			limit;		/* per-VL, packets */
	u8			sc2vl[TC_SNIC_NUM_SC];
	u64			rate;		/* bytes/s, 0: unlimited */
	u8			weight[TC_SNIC_NUM_VLS]; /* x 64 bytes */
	u64			hoq_life;	/* fabric ns, 0: off */
	u32			latency;	/* fabric ns, propagation */
	u64			rtt;		/* wall ns: 2 x latency x D,
						 * read by the SYNC timer
						 */
	u32			dilation;
	u32			sync_us;
	u8			cc_thr[TC_SNIC_NUM_VLS]; /* 0..15, 0: off */
	u32			cc_buf;		/* bytes */
	u16			cc_pkt[TC_SNIC_NUM_VLS];  /* x 64 bytes */
	u16			cc_rate[TC_SNIC_NUM_VLS]; /* 1 in N, 0: all */
	bool			cc_victim;
	/* state */
	struct snic_vl		vl[TC_SNIC_NUM_VLS];
	int			rr;		/* data VL whose turn it is */
	bool			rr_turn;	/* rr got its quantum */
	u64			time_next;	/* ns: link free again */
	bool			armed;		/* throttled: time_next's
						 * lateness is measured
						 */
	/* sent, not yet at the far end: due times in their cb */
	struct qdisc_skb_head	flight;
	u32			flight_16b;	/* ... of them 16B frames */
	bool			no_carrier;	/* a dequeue found it down */
	struct qdisc_watchdog	watchdog;
	struct hrtimer		sync_timer;
	struct Qdisc		*sch;		/* the qdisc this is the priv of */
	struct snic_ctx_link	ctx;		/* credits: the sending end */
	struct tc_snic_xstats	*xstats;	/* dump_stats' buffer */
	bool			any_gated;	/* read by the SYNC timer */
	bool			hello;		/* no data before the far end
						 * spoke, until hello_until
						 */
	bool			silent;		/* counted in credit_timeouts */
	u64			hello_until;	/* ns */
	u64			last_limit;	/* ns: the last LIMIT frame */
	u16			room_wait;	/* data VLs an upper device
						 * waits on (sch_snic_vl_room)
						 */
	u32			room_budget;	/* ... until under this, bytes */
	/* stats */
	u64			not_16b;
	u64			sent_16b;	/* 16B frames handed to the link */
	u64			mark_failed;
	u64			throttled;
	u64			unthrottle_latency_ns;	/* EWMA, 1/8 */
	struct snic_hist	late;		/* fabric ns behind the model */
	u64			credit_updates;
	u64			sync_sent;
	u64			credit_timeouts;
	u64			sync_repeats;
	u64			stamp_failed;
	u64			flushed;	/* 16B frames lost to resets */
	u64			flight_full;	/* the link waited: too much
						 * in flight
						 */
	u64			held_over;	/* not held: SNIC_Q_HELD_MAX */
	u64			hello_fallbacks; /* no answer: not gated */
	bool			sync_owed;	/* a SYNC goes even if nothing
						 * is gated: our map changed,
						 * or a receiver must hear
						 * whom we follow
						 */
};

/* The SC, SLID and DLID of the 16B packet @skb, for tracepoints. */
static void snic_q_lids(const struct sk_buff *skb, u8 *sc, u32 *slid,
			u32 *dlid)
{
	u8 buf[SNIC_16B_HDR_LEN];
	const u8 *h;

	h = skb_header_pointer(skb, skb_mac_offset(skb) + ETH_HLEN,
			       sizeof(buf), buf);
	*sc = h ? (snic_16b_word(h, 1) >> 20) & 0x1f : 0;
	*slid = h ? snic_16b_slid(h) : 0;
	*dlid = h ? snic_16b_dlid(h) : 0;
}

#define CREATE_TRACE_POINTS
#include "trace.h"

/* The hold and release hooks of snic.ko, if loaded, and their
 * generation: every change of hooks starts a new one, and a packet held
 * under another generation's releases nothing (its receiver is gone, and
 * its id may name a new one).
 */
static const struct sch_snic_hooks __rcu *snic_q_hooks;
static atomic_t snic_q_hooks_gen;

/* What the qdisc keeps in an skb while it holds it. */
struct snic_q_cb {
	union {
		u64 enqueued;	/* ns: it reached the qdisc */
		u64 due;	/* in flight: ns, it reaches the far end */
	};
	union {
		u32 blocks;	/* credits it holds at its ingress */
		u32 tx;		/* in flight (released): wall ns on the
				 * link, saturated at U32_MAX
				 */
	};
	u16 gen;		/* ... under this generation of hooks */
	bool held;		/* the hold hook took it: release it */
};

static struct snic_q_cb *snic_q_cb(struct sk_buff *skb)
{
	BUILD_BUG_ON(sizeof(struct snic_q_cb) > QDISC_CB_PRIV_LEN);
	return (struct snic_q_cb *)qdisc_skb_cb(skb)->data;
}

void sch_snic_set_hooks(const struct sch_snic_hooks *hooks)
{
	atomic_inc(&snic_q_hooks_gen);
	rcu_assign_pointer(snic_q_hooks, hooks);
	if (!hooks)
		synchronize_net();
}
EXPORT_SYMBOL_GPL(sch_snic_set_hooks);

static struct Qdisc_ops snic_qdisc_ops;
static enum hrtimer_restart snic_q_sync_fire(struct hrtimer *t);

/* A packet leaves the qdisc (sent or dropped): what it held at its
 * switch ingress is free again.
 */
static void snic_q_release(struct snic_vl *vl, struct sk_buff *skb)
{
	struct snic_q_cb *cb = snic_q_cb(skb);
	const struct sch_snic_hooks *h;

	if (!cb->held)
		return;
	cb->held = false;
	vl->held--;
	rcu_read_lock();
	h = rcu_dereference(snic_q_hooks);
	if (h && cb->gen == (u16)atomic_read(&snic_q_hooks_gen))
		h->release(skb, cb->blocks);
	rcu_read_unlock();
}

/*
 * Has @vl room for what an upper device would keep in it, @pkts more
 * packets on their way besides: under @budget bytes, and under half the
 * VL's limit in packets (small frames fill the limit long before the
 * bytes). Read locklessly, or under the root lock.
 */
static bool snic_q_vl_roomy(const struct snic_sched *q,
			    const struct snic_vl *vl, u32 budget, u32 pkts)
{
	return READ_ONCE(vl->backlog) < budget &&
	       READ_ONCE(vl->q.qlen) + pkts <
	       READ_ONCE(vl->held) + max(READ_ONCE(q->limit) / 2, 1U);
}

/* The VLs an upper device waits on have room again (@all: whatever
 * their backlog, the qdisc was flushed or goes): tell snic.ko. Root lock
 * held, or the qdisc is being destroyed.
 */
static void snic_q_room(struct snic_sched *q, bool all)
{
	const struct sch_snic_hooks *h;
	u16 ready = 0;
	int i;

	BUILD_BUG_ON(BITS_PER_TYPE(q->room_wait) < TC_SNIC_VL_MGMT);
	for (i = 0; i < TC_SNIC_VL_MGMT; i++)
		if ((q->room_wait & BIT(i)) &&
		    (all || snic_q_vl_roomy(q, &q->vl[i], q->room_budget, 0)))
			ready |= BIT(i);
	if (!ready)
		return;
	q->room_wait &= ~ready;
	rcu_read_lock();
	h = rcu_dereference(snic_q_hooks);
	if (h && h->room)
		h->room(qdisc_dev(q->sch));
	rcu_read_unlock();
}

/* A packet enters the qdisc: a switched one holds its ingress buffer
 * until it leaves. False: that buffer overran, drop it. Past
 * SNIC_Q_HELD_MAX held packets on @vl, a packet holds nothing (its
 * ingress forgets it at once) and the VL's limit bounds it as any other.
 */
static bool snic_q_hold(struct snic_sched *q, struct snic_vl *vl,
			struct sk_buff *skb)
{
	struct snic_q_cb *cb = snic_q_cb(skb);
	const struct sch_snic_hooks *h;
	bool overrun = false;

	cb->held = false;
	if (!snic_hold_tagged(skb) || skb->protocol != htons(ETH_P_SNIC))
		return true;
	if (unlikely(vl->held >= SNIC_Q_HELD_MAX)) {
		q->held_over++;
		return true;
	}
	rcu_read_lock();
	h = rcu_dereference(snic_q_hooks);
	cb->gen = atomic_read(&snic_q_hooks_gen);
	if (h && h->hold(skb, &cb->blocks, &overrun)) {
		cb->held = true;
		vl->held++;
	}
	rcu_read_unlock();
	return !overrun;
}

static u64 snic_q_wall(const struct snic_sched *q, u64 fabric_ns)
{
	return fabric_ns * READ_ONCE(q->dilation);
}

/* The link's round trip, wall ns: the far end cannot answer sooner. */
static u64 snic_q_rtt(const struct snic_sched *q)
{
	return READ_ONCE(q->rtt);
}

/* How long a new or reset qdisc waits for the far end's first word. */
static u64 snic_q_hello_wait(const struct snic_sched *q)
{
	return SNIC_Q_HELLO_PERIODS * (u64)READ_ONCE(q->sync_us) *
	       NSEC_PER_USEC + snic_q_rtt(q);
}

/*
 * A new rate, dilation or latency: what is in flight arrives within the
 * new latency at most (a bound on every due time keeps their order), and
 * a wait for the far end's first word grows by what the round trip grew.
 * Root lock held.
 */
static void snic_q_relink(struct snic_sched *q)
{
	u64 now = ktime_get_ns(), by = now + snic_q_wall(q, q->latency);
	u64 rtt = 2 * snic_q_wall(q, q->latency), old = q->rtt;
	struct sk_buff *skb;

	for (skb = q->flight.head; skb; skb = skb->next)
		snic_q_cb(skb)->due = min(snic_q_cb(skb)->due, by);
	if (q->hello && rtt > old)
		q->hello_until += rtt - old;
	WRITE_ONCE(q->rtt, rtt);
}

/* Policy ranges above S16_MAX need a range struct (not const on 6.1). */
static struct netlink_range_validation snic_q_limit_range = {
	.min = 1,
	.max = SNIC_Q_MAX_LIMIT,
};

static struct netlink_range_validation snic_q_sync_range = {
	.min = 100,
	.max = 1000000,
};

/* Up to 10 Tb/s: rate * 8 (bits) and len * 1e9 * dilation never wrap. */
static struct netlink_range_validation snic_q_rate_range = {
	.min = 0,
	.max = SNIC_Q_MAX_RATE,
};

static struct netlink_range_validation snic_q_cc_buf_range = {
	.min = 64,
	.max = SNIC_Q_CC_BUF_MAX,
};

static struct netlink_range_validation snic_q_latency_range = {
	.max = SNIC_Q_MAX_LATENCY,
};

static const struct nla_policy snic_q_policy[TCA_SNIC_MAX + 1] = {
	[TCA_SNIC_LIMIT] = NLA_POLICY_FULL_RANGE(NLA_U32, &snic_q_limit_range),
	[TCA_SNIC_SC2VL] = NLA_POLICY_EXACT_LEN(TC_SNIC_NUM_SC),
	[TCA_SNIC_RATE] = NLA_POLICY_FULL_RANGE(NLA_U64, &snic_q_rate_range),
	[TCA_SNIC_VLARB] = NLA_POLICY_EXACT_LEN(TC_SNIC_NUM_VLS),
	[TCA_SNIC_HOQ_LIFE] = { .type = NLA_U32 },
	[TCA_SNIC_DILATION] = NLA_POLICY_RANGE(NLA_U32, 1, SNIC_Q_MAX_DILATION),
	[TCA_SNIC_SYNC_PERIOD] = NLA_POLICY_FULL_RANGE(NLA_U32,
						       &snic_q_sync_range),
	[TCA_SNIC_CC_THRESHOLD] = NLA_POLICY_EXACT_LEN(TC_SNIC_NUM_VLS),
	[TCA_SNIC_CC_BUF] = NLA_POLICY_FULL_RANGE(NLA_U32, &snic_q_cc_buf_range),
	[TCA_SNIC_CC_PKT_SIZE] = { .type = NLA_U16 },
	[TCA_SNIC_CC_MARK_RATE] = { .type = NLA_U16 },
	[TCA_SNIC_CC_VICTIM] = NLA_POLICY_MAX(NLA_U8, 1),
	[TCA_SNIC_CC_VL_PKT_SIZE] = NLA_POLICY_EXACT_LEN(TC_SNIC_NUM_VLS *
							 sizeof(u16)),
	[TCA_SNIC_CC_VL_MARK_RATE] = NLA_POLICY_EXACT_LEN(TC_SNIC_NUM_VLS *
							  sizeof(u16)),
	[TCA_SNIC_LATENCY] = NLA_POLICY_FULL_RANGE(NLA_U32,
						   &snic_q_latency_range),
};

/* SC of a 16B frame (word 1 bits 24:20 of the 16B header), or -1. */
static int snic_q_sc(struct sk_buff *skb)
{
	__le32 w1, *p;

	if (skb->protocol != htons(ETH_P_SNIC))
		return -1;
	p = skb_header_pointer(skb, skb_mac_offset(skb) + ETH_HLEN + 4,
			       sizeof(w1), &w1);
	if (!p)
		return -1;
	return (le32_to_cpu(*p) >> 20) & 0x1f;
}

/* Tell snic.ko that @vl is now congested, or not (its cong hook). */
static void snic_q_cong_notify(struct snic_sched *q, struct snic_vl *vl,
			       bool congested)
{
	const struct sch_snic_hooks *h;

	vl->ev_cong = congested;
	rcu_read_lock();
	h = rcu_dereference(snic_q_hooks);
	if (h && h->cong)
		h->cong(qdisc_dev(q->sch), vl - q->vl, congested);
	rcu_read_unlock();
}

/*
 * Follow @vl's congestion state after its backlog changed (the clock is
 * read only when the state changes). The state toggles at the threshold;
 * what snic.ko is told (ev_cong) leaves it only once the backlog is down
 * to half of that, so that a VL hovering at the threshold is one episode
 * to a listener, not one per packet.
 */
static void snic_q_cc_update(struct snic_sched *q, struct snic_vl *vl)
{
	u64 now, level;
	u8 thr = q->cc_thr[vl - q->vl];
	bool congested;

	if (vl->backlog > vl->backlog_max)
		vl->backlog_max = vl->backlog;
	level = (u64)q->cc_buf * (16 - thr);
	congested = thr && (u64)vl->backlog * 16 >= level;
	if (vl->ev_cong && !congested &&
	    (!thr || (u64)vl->backlog * 32 < level))
		snic_q_cong_notify(q, vl, false);
	if (congested == vl->congested)
		return;
	vl->congested = congested;
	now = ktime_get_ns();
	if (congested) {
		vl->congestions++;
		vl->cong_since = now;
		vl->victim = false;
		vl->mark_seq = 0;
		if (!vl->ev_cong)
			snic_q_cong_notify(q, vl, true);
	} else {
		vl->cong_ns += now - vl->cong_since;
	}
}

/* snic.ko's word on a FECN about to be set (a switch may have CCA off). */
static bool snic_q_may_mark(struct snic_sched *q, const struct sk_buff *skb,
			    int hdr)
{
	const struct sch_snic_hooks *h;
	bool ok = true;

	rcu_read_lock();
	h = rcu_dereference(snic_q_hooks);
	if (h && h->mark)
		ok = h->mark(qdisc_dev(q->sch), skb, hdr);
	rcu_read_unlock();
	return ok;
}

/* @skb leaves congested @vl: set FECN if it is eligible and its turn. */
static void snic_q_mark(struct snic_sched *q, struct snic_vl *vl,
			struct sk_buff *skb)
{
	int off = skb_mac_offset(skb) + ETH_HLEN + SNIC_Q_FECN_BYTE;
	u16 rate = q->cc_rate[vl - q->vl];

	if (!vl->congested || off < 0 || (vl->victim && !q->cc_victim) ||
	    skb->protocol != htons(ETH_P_SNIC) ||
	    qdisc_pkt_len(skb) < (unsigned int)q->cc_pkt[vl - q->vl] * 64)
		return;
	if (rate && ++vl->mark_seq < rate) {
		vl->skipped++;
		return;
	}
	vl->mark_seq = 0;
	if (skb_ensure_writable(skb, off - SNIC_Q_FECN_BYTE + SNIC_Q_HDR_LEN)) {
		q->mark_failed++;
		return;
	}
	if (!snic_q_may_mark(q, skb, off - SNIC_Q_FECN_BYTE))
		return;
	skb->data[off] |= SNIC_Q_FECN_BIT;
	vl->marked++;
	if (trace_fecn_mark_enabled())
		trace_fecn_mark(q, vl - q->vl, skb, ktime_get_ns());
}

static int snic_q_enqueue(struct sk_buff *skb, struct Qdisc *sch,
			  struct sk_buff **to_free)
{
	struct snic_sched *q = qdisc_priv(sch);
	int sc = snic_q_sc(skb);
	struct snic_vl *vl;

	if (sc < 0) {
		q->not_16b++;
		vl = &q->vl[TC_SNIC_VL_MGMT];
	} else {
		vl = &q->vl[q->sc2vl[sc]];
	}
	if (unlikely(!snic_q_hold(q, vl, skb))) {
		vl->drops++;
		return qdisc_drop(skb, sch, to_free);
	}
	/* What the ingress buffers hold, they bound: not the queue limit. */
	if (unlikely(!snic_q_cb(skb)->held && vl->q.qlen - vl->held >= q->limit)) {
		vl->drops++;
		return qdisc_drop(skb, sch, to_free);
	}
	snic_q_cb(skb)->enqueued = ktime_get_ns();
	if (!vl->q.qlen) {
		vl->head_since = snic_q_cb(skb)->enqueued;
		vl->head_model = vl->head_since;
	}
	__qdisc_enqueue_tail(skb, &vl->q);
	qdisc_qstats_backlog_inc(sch, skb);
	sch->q.qlen++;
	vl->enqueued++;
	vl->backlog += qdisc_pkt_len(skb);
	snic_q_cc_update(q, vl);
	if (vl->q.qlen > vl->qlen_max)
		vl->qlen_max = vl->q.qlen;
	return NET_XMIT_SUCCESS;
}

/* When the first frame in flight reaches the far end; U64_MAX: none. */
static u64 snic_q_flight_due(struct snic_sched *q)
{
	return q->flight.head ? snic_q_cb(q->flight.head)->due : U64_MAX;
}

/* Wake up at @at (U64_MAX: no need), or sooner if a frame in flight is
 * due sooner. The watchdog keeps only the last time it was given.
 */
static void snic_q_wake(struct snic_sched *q, u64 at)
{
	at = min(at, snic_q_flight_due(q));
	if (at != U64_MAX)
		qdisc_watchdog_schedule_range_ns(&q->watchdog, at,
						 SNIC_Q_SLACK_NS);
}

/* Is the emulated link still busy with the previous frame? */
static bool snic_q_throttled(struct snic_sched *q, u64 now)
{
	if (!q->rate || now >= q->time_next)
		return false;
	q->throttled++;
	q->armed = true;
	snic_q_wake(q, q->time_next);
	return true;
}

/* How late the watchdog woke us for time_next (sch_fq's statistic). */
static void snic_q_unthrottled(struct snic_sched *q, u64 now)
{
	u64 late;

	if (!q->armed)
		return;
	late = now > q->time_next ? now - q->time_next : 0;
	q->unthrottle_latency_ns -= q->unthrottle_latency_ns >> 3;
	q->unthrottle_latency_ns += late >> 3;
	q->armed = false;
}

/*
 * A frame of @len bytes that became sendable at @ready starts: when both
 * it and the link were ready, in the model; the link is busy with it
 * until its end, time_next. Returns its start; *@tx is its time on the
 * link.
 */
static u64 snic_q_serialize(struct snic_sched *q, u64 now, u64 ready,
			    unsigned int len, u64 *tx)
{
	u64 start;

	*tx = 0;
	if (!q->rate)
		return now;
	*tx = div64_u64((u64)len * NSEC_PER_SEC * q->dilation, q->rate);
	snic_q_unthrottled(q, now);
	start = max(q->time_next, min(ready, now));
	q->time_next = start + *tx;
	return start;
}

/*
 * A frame that the model has leave at @due, @tx long on the link, leaves
 * now: the qdisc lets go of it. Its lateness is what the model did not
 * keep.
 */
static struct sk_buff *snic_q_depart(struct Qdisc *sch, struct sk_buff *skb,
				     u64 now, u64 due, u64 tx)
{
	struct snic_sched *q = qdisc_priv(sch);

	/* The fabric's packets are what the model must keep on time. */
	if (q->rate && skb->protocol == htons(ETH_P_SNIC)) {
		u64 late = now > due ? now - due : 0;

		snic_hist_add(&q->late, div_u64(late, q->dilation));
		if (late > tx)
			q->late.over++;
	}
	qdisc_qstats_backlog_dec(sch, skb);
	sch->q.qlen--;
	qdisc_bstats_update(sch, skb);
	return skb;
}

/* A stall of a VL that is not flow controlled any more ends now. */
static void snic_q_end_stalls(struct snic_sched *q, u64 now)
{
	int i;

	for (i = 0; i < TC_SNIC_VL_MGMT; i++) {
		struct snic_vl *vl = &q->vl[i];

		if (vl->stall_since && !q->ctx.vl[i].gated) {
			trace_credit_stall(q, i, false, now - vl->stall_since,
					   now);
			vl->stall_ns += now - vl->stall_since;
			vl->stall_since = 0;
		}
	}
}

/* May data VL @i send its head now, credits considered? */
static bool snic_q_ready(const struct snic_sched *q, int i)
{
	const struct sk_buff *head = q->vl[i].q.head;

	if (!head || q->hello)
		return false;
	return snic_ctx_link_may(&q->ctx, i,
				 snic_credit_blocks(qdisc_pkt_len(head)));
}

/* Track credit stalls of the data VLs; true if one of them may send. */
static bool snic_q_any_ready(struct snic_sched *q, u64 now)
{
	bool any = false;
	int i;

	for (i = 0; i < TC_SNIC_VL_MGMT; i++) {
		struct snic_vl *vl = &q->vl[i];

		if (snic_q_ready(q, i)) {
			any = true;
			if (vl->stall_since) {
				trace_credit_stall(q, i, false,
						   now - vl->stall_since, now);
				vl->stall_ns += now - vl->stall_since;
				/* The credits came with the last LIMIT. */
				vl->unstalled = max(vl->stall_since,
						    min(q->last_limit, now));
				vl->stall_since = 0;
				if (vl->congested)
					vl->victim = true;
			}
		} else if (vl->q.qlen && !vl->stall_since) {
			vl->stall_since = now ?: 1;
			vl->stalls++;
			trace_credit_stall(q, i, true, 0, now);
		}
	}
	return any;
}

/*
 * The wait for the far end's first word ended with no answer: it is no
 * snic receiver (a new qdisc's far end without credits, or a NIC that
 * went while the link was down and took its goodbye with it). No VL is
 * flow controlled any more; a receiver that speaks later is met as a new
 * one. Root lock held.
 */
static void snic_q_hello_end(struct snic_sched *q, u64 now)
{
	q->hello = false;
	q->hello_fallbacks++;
	snic_ctx_link_ungate(&q->ctx);
	WRITE_ONCE(q->any_gated, false);
	snic_q_end_stalls(q, now);
}

/* The VL to send from next: management first, then DRR over the data
 * VLs that may send; NULL if every backlogged data VL waits for credits.
 */
static struct snic_vl *snic_q_pick(struct snic_sched *q, u64 now)
{
	struct snic_vl *vl = &q->vl[TC_SNIC_VL_MGMT];
	struct sk_buff *head;
	int empty = 0;

	if (vl->q.qlen)
		return vl;
	/* Without flow control every backlogged VL may send: no need to
	 * look at credits or stalls.
	 */
	if (q->hello && now >= q->hello_until)
		snic_q_hello_end(q, now);
	if ((q->any_gated || q->hello) && !snic_q_any_ready(q, now))
		return NULL;
	/* Some data VL may send. A VL gets one quantum when its turn
	 * starts and keeps the turn while its head fits in the deficit;
	 * each turn grows a deficit, so this ends. A blocked VL is passed
	 * over and keeps its deficit.
	 */
	for (;;) {
		vl = &q->vl[q->rr];
		head = vl->q.head;
		if (!head && ++empty == TC_SNIC_VL_MGMT) {
			/* The caller saw a backlog: never here. */
			WARN_ON_ONCE(1);
			return NULL;
		} else if (head) {
			empty = 0;
		}
		if (head && !snic_q_ready(q, q->rr)) {
			/* pass over */
		} else if (head) {
			if (!q->rr_turn) {
				vl->deficit += q->weight[q->rr] *
					       TC_SNIC_VLARB_UNIT;
				q->rr_turn = true;
			}
			if (vl->deficit >= qdisc_pkt_len(head))
				return vl;
		} else {
			vl->deficit = 0;
		}
		q->rr = (q->rr + 1) % TC_SNIC_VL_MGMT;
		q->rr_turn = false;
	}
}

/* Discard the heads that outlived the HoQ lifetime; counted per VL. */
static void snic_q_hoq(struct Qdisc *sch, struct snic_sched *q, u64 now)
{
	u64 life = snic_q_wall(q, q->hoq_life);
	unsigned int n = 0, bytes = 0;
	struct sk_buff *skb;
	int i;

	for (i = 0; i < TC_SNIC_NUM_VLS; i++) {
		struct snic_vl *vl = &q->vl[i];

		while (vl->q.qlen && now - vl->head_since > life) {
			trace_hoq_discard(q, i, vl->q.head, now);
			skb = __qdisc_dequeue_head(&vl->q);
			vl->hoq_discards++;
			vl->head_since = now;
			vl->head_model = now;
			vl->backlog -= qdisc_pkt_len(skb);
			snic_q_cc_update(q, vl);
			n++;
			bytes += qdisc_pkt_len(skb);
			qdisc_qstats_backlog_dec(sch, skb);
			sch->q.qlen--;
			qdisc_qstats_drop(sch);
			snic_q_release(vl, skb);
			kfree_skb(skb);
		}
	}
	if (n)
		qdisc_tree_reduce_backlog(sch, n, bytes);
}

/* Every backlogged VL waits (for credits, or for the far end's first
 * word): wake up when the oldest head reaches its lifetime, so that it is
 * discarded even if no credit comes, or when the wait for that word ends,
 * or when a frame in flight is due.
 */
static void snic_q_arm_wait(struct snic_sched *q)
{
	u64 at = q->hello ? q->hello_until : U64_MAX;
	int i;

	if (q->hoq_life)
		for (i = 0; i < TC_SNIC_NUM_VLS; i++)
			if (q->vl[i].q.qlen)
				at = min(at, q->vl[i].head_since +
					 snic_q_wall(q, q->hoq_life) + 1);
	snic_q_wake(q, at);
}

/* Fill in one of our SYNC frames as it leaves: a new round closes the
 * current epoch here, after every frame sent before it.
 */
static void snic_q_stamp_sync(struct snic_sched *q, struct sk_buff *skb)
{
	int off = skb_mac_offset(skb) + ETH_HLEN;
	struct snic_credit c;
	u8 *p, hdr[2];
	bool repeat;

	p = skb_header_pointer(skb, off, sizeof(hdr), hdr);
	/* Only our own SYNC frames (no socket) are stamped. */
	if (skb->sk || !p || p[0] != SNIC_CREDIT_VERSION ||
	    p[1] != SNIC_CREDIT_SYNC)
		return;
	if (skb_ensure_writable(skb, off + SNIC_CREDIT_FRAME_LEN)) {
		q->stamp_failed++;
		return;
	}
	repeat = q->ctx.pending;
	snic_ctx_link_sync(&q->ctx, &c);
	/* The receiver counts our frames on the VLs we put them on. */
	memcpy(c.sc2vl, q->sc2vl, sizeof(c.sc2vl));
	q->sync_owed = false;
	snic_credit_encode(skb->data + off, &c);
	q->sync_sent++;
	q->sync_repeats += repeat;
}

/* The link epoch (core/credit.h) into the 16B header of @skb. */
static void snic_q_stamp_epoch(struct snic_sched *q, struct sk_buff *skb)
{
	int off = skb_mac_offset(skb) + ETH_HLEN + SNIC_Q_LE_BYTE;

	if (off < 0 || skb_ensure_writable(skb, off + 1)) {
		q->stamp_failed++;
		return;
	}
	skb->data[off] = q->ctx.epoch;
}

/*
 * Start the next frame on the link: from the VL that snic_q_pick() gives,
 * which the caller has checked is not NULL, and with the link free in
 * the model. Returns the frame; *@due is when it reaches the far end and
 * *@tx its time on the link.
 */
static struct sk_buff *snic_q_start(struct snic_sched *q, struct snic_vl *vl,
				    u64 now, u64 *due, u64 *tx)
{
	struct sk_buff *skb = __qdisc_dequeue_head(&vl->q);
	u64 ready = max(vl->head_model, vl->unstalled), start;

	vl->head_since = now;
	if (vl != &q->vl[TC_SNIC_VL_MGMT]) {
		u32 blocks = snic_credit_blocks(qdisc_pkt_len(skb));

		vl->deficit -= qdisc_pkt_len(skb);
		if (!vl->q.qlen)
			vl->deficit = 0;
		snic_ctx_link_sent(&q->ctx, vl - q->vl, blocks);
		vl->tbs_total += blocks;
		snic_q_mark(q, vl, skb);
	} else if (skb->protocol == htons(ETH_P_SNIC_CREDIT)) {
		snic_q_stamp_sync(q, skb);
	}
	if (skb->protocol == htons(ETH_P_SNIC)) {
		snic_q_stamp_epoch(q, skb);
		q->sent_16b++;
	}
	vl->dequeued++;
	WRITE_ONCE(vl->bytes, vl->bytes + qdisc_pkt_len(skb));
	vl->backlog -= qdisc_pkt_len(skb);
	snic_q_cc_update(q, vl);
	start = snic_q_serialize(q, now, ready, qdisc_pkt_len(skb), tx);
	/* In the model the next frame became the head as this one started
	 * (or when it arrived, if later), not when a late dequeue got here:
	 * a backlog keeps the link busy however late the host is.
	 */
	if (vl->q.qlen)
		vl->head_model = max(start,
				     snic_q_cb(vl->q.head)->enqueued);
	/* Its ingress buffer is free as it starts: what follows it may go. */
	snic_q_release(vl, skb);
	/* A 16B frame is across at its end; link control (credit frames:
	 * OPA carries credits in the link layer) holds the link for its
	 * time but goes at its start. Either then travels the link.
	 */
	*due = start + snic_q_wall(q, q->latency);
	if (skb->protocol == htons(ETH_P_SNIC))
		*due += *tx;
	return skb;
}

static struct sk_buff *__snic_q_dequeue(struct Qdisc *sch)
{
	struct snic_sched *q = qdisc_priv(sch);
	u64 now = ktime_get_ns(), due, tx;
	struct snic_vl *vl;
	struct sk_buff *skb;
	int n;

	if (q->hoq_life)
		snic_q_hoq(sch, q, now);
	/* A link without carrier transmits nothing: its frames wait here
	 * until it comes back, or until the reset that follows (linkwatch)
	 * flushes and counts them.
	 */
	if (!sch->q.qlen)
		return NULL;
	if (!netif_carrier_ok(qdisc_dev(sch))) {
		q->no_carrier = true;
		return NULL;
	}
	if (unlikely(q->no_carrier)) {
		/* The modelled link did not send while it was down. */
		q->no_carrier = false;
		q->time_next = max(q->time_next, now);
	}
	/* Each turn starts one frame, or ends with one at the far end, or
	 * with nothing to do before a wake-up.
	 */
	/* The wake-up for the link's end came: how late (not one for a
	 * frame in flight, due before it).
	 */
	if (q->armed && now >= q->time_next)
		snic_q_unthrottled(q, now);
	for (n = 0;; n++) {
		skb = q->flight.head;
		if (skb && now >= snic_q_cb(skb)->due) {
			struct snic_q_cb *cb = snic_q_cb(skb);

			__qdisc_dequeue_head(&q->flight);
			if (skb->protocol == htons(ETH_P_SNIC))
				q->flight_16b--;
			return snic_q_depart(sch, skb, now, cb->due, cb->tx);
		}
		/* All of it in flight: no VL has a head to pick. (The
		 * frames the stack requeued, counted in the queue length
		 * too, are handed out before this is called again.)
		 */
		if (sch->q.qlen == q->flight.qlen) {
			snic_q_wake(q, U64_MAX);
			return NULL;
		}
		if (q->rate && snic_q_throttled(q, now))
			return NULL;
		if (q->flight.qlen >= q->limit * TC_SNIC_NUM_VLS) {
			q->flight_full++;
			snic_q_arm_wait(q);
			return NULL;
		}
		if (n == SNIC_Q_STARTS) {
			/* More in a moment, out of this softirq's way. */
			snic_q_wake(q, now);
			return NULL;
		}
		vl = snic_q_pick(q, now);
		if (!vl) {
			snic_q_arm_wait(q);
			return NULL;
		}
		skb = snic_q_start(q, vl, now, &due, &tx);
		if (due <= now && !q->flight.qlen)
			return snic_q_depart(sch, skb, now, due, tx);
		/* On the wire, then on its way: the device gets it when it
		 * reaches the far end, after what is in flight before it.
		 */
		if (q->flight.qlen)
			due = max(due, snic_q_cb(q->flight.tail)->due);
		snic_q_cb(skb)->due = due;
		snic_q_cb(skb)->tx = min_t(u64, tx, U32_MAX);
		__qdisc_enqueue_tail(skb, &q->flight);
		if (skb->protocol == htons(ETH_P_SNIC))
			q->flight_16b++;
	}
}

static struct sk_buff *snic_q_dequeue(struct Qdisc *sch)
{
	struct snic_sched *q = qdisc_priv(sch);
	struct sk_buff *skb = __snic_q_dequeue(sch);

	if (unlikely(q->room_wait))
		snic_q_room(q, false);
	return skb;
}

static void snic_q_purge(struct Qdisc *sch)
{
	struct snic_sched *q = qdisc_priv(sch);
	struct sk_buff *skb;
	int i;

	for (i = 0; i < TC_SNIC_NUM_VLS; i++) {
		for (skb = q->vl[i].q.head; skb; skb = skb->next) {
			snic_q_release(&q->vl[i], skb);
			if (skb->protocol == htons(ETH_P_SNIC))
				q->flushed++;
		}
		rtnl_kfree_skbs(q->vl[i].q.head, q->vl[i].q.tail);
		q->vl[i].held = 0;
		q->vl[i].q.head = NULL;
		q->vl[i].q.tail = NULL;
		q->vl[i].q.qlen = 0;
		q->vl[i].backlog = 0;
		snic_q_cc_update(q, &q->vl[i]);
	}
	/* Frames in flight when the link went: they never arrived (their
	 * ingress buffers were released as they started).
	 */
	for (skb = q->flight.head; skb; skb = skb->next) {
		if (skb->protocol == htons(ETH_P_SNIC)) {
			q->flushed++;
			q->sent_16b--;
		}
	}
	rtnl_kfree_skbs(q->flight.head, q->flight.tail);
	q->flight.head = NULL;
	q->flight.tail = NULL;
	q->flight.qlen = 0;
	q->flight_16b = 0;
	sch->q.qlen = 0;
	sch->qstats.backlog = 0;
	snic_q_room(q, true);
}

static u32 snic_q_count_16b(struct sk_buff_head *list)
{
	struct sk_buff *skb;
	u32 n = 0;

	skb_queue_walk(list, skb)
		n += skb->protocol == htons(ETH_P_SNIC);
	return n;
}

static void snic_q_reset(struct Qdisc *sch)
{
	struct snic_sched *q = qdisc_priv(sch);
	u32 n;
	int i;

	snic_q_purge(sch);
	/* Frames already dequeued but handed back by the stack (a frozen
	 * TX queue) wait in gso_skb/skb_bad_txq, which the core frees
	 * after this: they are lost to the link reset too.
	 */
	n = snic_q_count_16b(&sch->gso_skb) +
	    snic_q_count_16b(&sch->skb_bad_txq);
	q->flushed += n;
	q->sent_16b -= n;	/* they never left */
	q->time_next = 0;
	q->armed = false;
	/* Deactivated (or reset): nothing may schedule the qdisc now but
	 * the probes below (the SYNC timer takes the root lock that the
	 * caller holds: it is started, never waited for).
	 */
	qdisc_watchdog_cancel(&q->watchdog);
	/* The link went down (or the qdisc was reset): whatever the far
	 * end counts now, a flow-controlled VL sends nothing until the
	 * next LIMIT, adopts that count with no credit, and rebases the
	 * receiver with a SYNC; the receiver may or may not have reset.
	 * The far end may not be a snic receiver any more either (its NIC
	 * went while the link was down, and its goodbye could not): as a
	 * new qdisc, this one probes and sends no data until an answer,
	 * or until it has waited SNIC_Q_HELLO_PERIODS sync periods of
	 * carrier for one, and then sends without flow control.
	 */
	snic_ctx_link_reset(&q->ctx);
	q->hello = true;
	q->hello_until = ktime_get_ns() + snic_q_hello_wait(q);
	hrtimer_start(&q->sync_timer, ns_to_ktime(SNIC_Q_PROBE_NS),
		      HRTIMER_MODE_REL_SOFT);
	for (i = 0; i < TC_SNIC_NUM_VLS; i++)
		q->vl[i].stall_since = 0;
}

static void snic_q_destroy(struct Qdisc *sch)
{
	struct snic_sched *q = qdisc_priv(sch);

	hrtimer_cancel(&q->sync_timer);
	qdisc_watchdog_cancel(&q->watchdog);
	snic_q_purge(sch);
	kfree(q->xstats);
}

/* Caller holds the root lock: send a SYNC within @delay ns. */
static void snic_q_sync_in(struct snic_sched *q, u64 delay)
{
	if (hrtimer_is_queued(&q->sync_timer) &&
	    ktime_to_ns(hrtimer_get_remaining(&q->sync_timer)) <= (s64)delay)
		return;
	hrtimer_start(&q->sync_timer, ns_to_ktime(delay),
		      HRTIMER_MODE_REL_SOFT);
}

static int snic_q_change(struct Qdisc *sch, struct nlattr *opt,
			 struct netlink_ext_ack *extack)
{
	struct snic_sched *q = qdisc_priv(sch);
	struct nlattr *tb[TCA_SNIC_MAX + 1];
	const u8 *map = NULL;
	int err, i;

	if (!opt)
		return 0;
	err = nla_parse_nested(tb, TCA_SNIC_MAX, opt, snic_q_policy, extack);
	if (err)
		return err;
	if (tb[TCA_SNIC_SC2VL]) {
		map = nla_data(tb[TCA_SNIC_SC2VL]);
		for (i = 0; i < TC_SNIC_NUM_SC; i++) {
			if (map[i] >= TC_SNIC_NUM_VLS) {
				NL_SET_ERR_MSG_ATTR(extack, tb[TCA_SNIC_SC2VL],
						    "SC-to-VL map names a VL beyond the last");
				return -EINVAL;
			}
		}
	}

	if (tb[TCA_SNIC_VLARB]) {
		const u8 *w = nla_data(tb[TCA_SNIC_VLARB]);

		for (i = 0; i < TC_SNIC_VL_MGMT; i++) {
			if (!w[i]) {
				NL_SET_ERR_MSG_ATTR(extack, tb[TCA_SNIC_VLARB],
						    "VLArb weights must be 1..255");
				return -EINVAL;
			}
		}
	}

	if (tb[TCA_SNIC_CC_THRESHOLD]) {
		const u8 *thr = nla_data(tb[TCA_SNIC_CC_THRESHOLD]);

		for (i = 0; i < TC_SNIC_NUM_VLS; i++) {
			if (thr[i] > 15) {
				NL_SET_ERR_MSG_ATTR(extack,
						    tb[TCA_SNIC_CC_THRESHOLD],
						    "congestion thresholds must be 0..15");
				return -EINVAL;
			}
		}
	}

	/* Everything is valid: apply it all at once. */
	sch_tree_lock(sch);
	if (tb[TCA_SNIC_LIMIT])
		q->limit = nla_get_u32(tb[TCA_SNIC_LIMIT]);
	if (map && memcmp(q->sc2vl, map, TC_SNIC_NUM_SC)) {
		memcpy(q->sc2vl, map, TC_SNIC_NUM_SC);
		/* The receiver counts by our map: it hears the new one. */
		q->sync_owed = true;
		snic_q_sync_in(q, SNIC_Q_SLACK_NS);
	}
	if (tb[TCA_SNIC_VLARB])
		memcpy(q->weight, nla_data(tb[TCA_SNIC_VLARB]), TC_SNIC_NUM_VLS);
	if (tb[TCA_SNIC_SYNC_PERIOD])
		WRITE_ONCE(q->sync_us, nla_get_u32(tb[TCA_SNIC_SYNC_PERIOD]));
	if (tb[TCA_SNIC_CC_THRESHOLD]) {
		memcpy(q->cc_thr, nla_data(tb[TCA_SNIC_CC_THRESHOLD]),
		       TC_SNIC_NUM_VLS);
		q->cc_thr[TC_SNIC_VL_MGMT] = 0;	/* never marked */
	}
	if (tb[TCA_SNIC_CC_BUF])
		q->cc_buf = nla_get_u32(tb[TCA_SNIC_CC_BUF]);
	/* Every VL's, then each VL's own. */
	for (i = 0; i < TC_SNIC_NUM_VLS; i++) {
		if (tb[TCA_SNIC_CC_PKT_SIZE])
			q->cc_pkt[i] = nla_get_u16(tb[TCA_SNIC_CC_PKT_SIZE]);
		if (tb[TCA_SNIC_CC_MARK_RATE])
			q->cc_rate[i] = nla_get_u16(tb[TCA_SNIC_CC_MARK_RATE]);
	}
	if (tb[TCA_SNIC_CC_VL_PKT_SIZE])
		memcpy(q->cc_pkt, nla_data(tb[TCA_SNIC_CC_VL_PKT_SIZE]),
		       sizeof(q->cc_pkt));
	if (tb[TCA_SNIC_CC_VL_MARK_RATE])
		memcpy(q->cc_rate, nla_data(tb[TCA_SNIC_CC_VL_MARK_RATE]),
		       sizeof(q->cc_rate));
	if (tb[TCA_SNIC_CC_VICTIM])
		q->cc_victim = nla_get_u8(tb[TCA_SNIC_CC_VICTIM]);
	if (tb[TCA_SNIC_CC_THRESHOLD] || tb[TCA_SNIC_CC_BUF])
		for (i = 0; i < TC_SNIC_NUM_VLS; i++)
			snic_q_cc_update(q, &q->vl[i]);
	if (tb[TCA_SNIC_DILATION]) {
		WRITE_ONCE(q->dilation, nla_get_u32(tb[TCA_SNIC_DILATION]));
		q->time_next = 0;
		q->armed = false;
		qdisc_watchdog_cancel(&q->watchdog);
		__netif_schedule(qdisc_root(sch));
	}
	if (tb[TCA_SNIC_HOQ_LIFE]) {
		u64 now = ktime_get_ns();

		q->hoq_life = (u64)nla_get_u32(tb[TCA_SNIC_HOQ_LIFE]) *
			      NSEC_PER_USEC;
		/* Heads start their lifetime now, not when they arrived. */
		for (i = 0; i < TC_SNIC_NUM_VLS; i++)
			q->vl[i].head_since = now;
		/* A wake-up taken for the old lifetime may come too late
		 * for the new one: the next dequeue takes the right one.
		 */
		qdisc_watchdog_cancel(&q->watchdog);
		__netif_schedule(qdisc_root(sch));
	}
	if (tb[TCA_SNIC_LATENCY]) {
		q->latency = nla_get_u32(tb[TCA_SNIC_LATENCY]);
		__netif_schedule(qdisc_root(sch));
	}
	if (tb[TCA_SNIC_RATE]) {
		WRITE_ONCE(q->rate, nla_get_u64(tb[TCA_SNIC_RATE]));
		q->time_next = 0;
		q->armed = false;
		/* A pending wake-up for the old rate is no longer right. */
		qdisc_watchdog_cancel(&q->watchdog);
		__netif_schedule(qdisc_root(sch));
	}
	if (tb[TCA_SNIC_LATENCY] || tb[TCA_SNIC_RATE] ||
	    tb[TCA_SNIC_DILATION])
		snic_q_relink(q);
	/* Queues above a lowered limit keep what they hold and drain. */
	sch_tree_unlock(sch);
	return 0;
}

/* @cc into @q's marking settings. Root lock held, or not attached. */
static void snic_q_cc_set(struct snic_sched *q, const struct sch_snic_cc *cc)
{
	int i;

	BUILD_BUG_ON(sizeof(cc->thr) != sizeof(q->cc_thr) ||
		     sizeof(cc->pkt) != sizeof(q->cc_pkt) ||
		     sizeof(cc->rate) != sizeof(q->cc_rate));
	memcpy(q->cc_thr, cc->thr, sizeof(q->cc_thr));
	q->cc_thr[TC_SNIC_VL_MGMT] = 0;
	q->cc_buf = clamp_t(u32, cc->buf, 64, SNIC_Q_CC_BUF_MAX);
	memcpy(q->cc_pkt, cc->pkt, sizeof(q->cc_pkt));
	memcpy(q->cc_rate, cc->rate, sizeof(q->cc_rate));
	q->cc_victim = cc->victim;
	for (i = 0; i < TC_SNIC_NUM_VLS; i++)
		snic_q_cc_update(q, &q->vl[i]);
}

/**
 * sch_snic_cc_apply - give a link's sch_snic new congestion marking
 * @dev: the device whose root qdisc it may be
 * @cc: the settings (a switch's default for its ports)
 *
 * Nothing without a sch_snic on @dev. RTNL.
 */
void sch_snic_cc_apply(struct net_device *dev, const struct sch_snic_cc *cc)
{
	struct Qdisc *sch = rtnl_dereference(dev->qdisc);

	ASSERT_RTNL();
	if (!sch || sch->ops != &snic_qdisc_ops)
		return;
	sch_tree_lock(sch);
	snic_q_cc_set(qdisc_priv(sch), cc);
	sch_tree_unlock(sch);
}
EXPORT_SYMBOL_GPL(sch_snic_cc_apply);

/* The switch's default marking for a new qdisc on one of its ports. */
static void snic_q_cc_default(struct snic_sched *q, struct net_device *dev)
{
	const struct sch_snic_hooks *h;
	struct sch_snic_cc cc;
	bool got = false;

	rcu_read_lock();
	h = rcu_dereference(snic_q_hooks);
	if (h && h->cc_default)
		got = h->cc_default(dev, &cc);
	rcu_read_unlock();
	if (got)
		snic_q_cc_set(q, &cc);
}

static int snic_q_init(struct Qdisc *sch, struct nlattr *opt,
		       struct netlink_ext_ack *extack)
{
	struct snic_sched *q = qdisc_priv(sch);
	int err, i;

	q->limit = SNIC_Q_DEFAULT_LIMIT;
	q->dilation = 1;
	q->sync_us = SNIC_Q_DEFAULT_SYNC_US;
	q->cc_buf = SNIC_Q_CC_BUF;
	q->sch = sch;
	qdisc_watchdog_init(&q->watchdog, sch);
	hrtimer_init(&q->sync_timer, CLOCK_MONOTONIC, HRTIMER_MODE_REL_SOFT);
	q->sync_timer.function = snic_q_sync_fire;
	/* It is the link: its line rate, credits and the LIMIT frames that
	 * find it by its device (snic_q_active()) belong to the root. (A
	 * failed init is destroyed: the timers above are set up.)
	 */
	if (sch->parent != TC_H_ROOT) {
		NL_SET_ERR_MSG_MOD(extack,
				   "sch_snic is a link's root qdisc, never a child");
		return -EOPNOTSUPP;
	}
	for (i = 0; i < TC_SNIC_NUM_SC; i++)
		q->sc2vl[i] = i < 8 ? i : 0;
	q->sc2vl[TC_SNIC_VL_MGMT] = TC_SNIC_VL_MGMT;
	memset(q->weight, 64, sizeof(q->weight));
	/* The VL queues start empty: qdisc_priv() is zeroed. No data until
	 * the far end answers the probe (once this qdisc is attached).
	 */
	q->xstats = kmalloc(sizeof(*q->xstats), GFP_KERNEL);
	if (!q->xstats)
		return -ENOMEM;
	snic_q_cc_default(q, qdisc_dev(sch));
	snic_ctx_link_init(&q->ctx, get_random_u32());
	q->hello = true;
	q->hello_until = ktime_get_ns() + snic_q_hello_wait(q);
	err = snic_q_change(sch, opt, extack);
	if (err)
		return err;
	hrtimer_start(&q->sync_timer, ns_to_ktime(SNIC_Q_PROBE_NS),
		      HRTIMER_MODE_REL_SOFT);
	return 0;
}

static int snic_q_dump(struct Qdisc *sch, struct sk_buff *skb)
{
	struct snic_sched *q = qdisc_priv(sch);
	struct nlattr *opts;

	opts = nla_nest_start_noflag(skb, TCA_OPTIONS);
	if (!opts)
		return -EMSGSIZE;
	if (nla_put_u32(skb, TCA_SNIC_LIMIT, q->limit) ||
	    nla_put(skb, TCA_SNIC_SC2VL, TC_SNIC_NUM_SC, q->sc2vl) ||
	    nla_put_u64_64bit(skb, TCA_SNIC_RATE, q->rate, TCA_SNIC_PAD) ||
	    nla_put(skb, TCA_SNIC_VLARB, TC_SNIC_NUM_VLS, q->weight) ||
	    nla_put_u32(skb, TCA_SNIC_HOQ_LIFE,
			div_u64(q->hoq_life, NSEC_PER_USEC)) ||
	    nla_put_u32(skb, TCA_SNIC_DILATION, q->dilation) ||
	    nla_put_u32(skb, TCA_SNIC_SYNC_PERIOD, q->sync_us) ||
	    nla_put(skb, TCA_SNIC_CC_THRESHOLD, TC_SNIC_NUM_VLS, q->cc_thr) ||
	    nla_put_u32(skb, TCA_SNIC_CC_BUF, q->cc_buf) ||
	    nla_put_u16(skb, TCA_SNIC_CC_PKT_SIZE, q->cc_pkt[0]) ||
	    nla_put_u16(skb, TCA_SNIC_CC_MARK_RATE, q->cc_rate[0]) ||
	    nla_put_u8(skb, TCA_SNIC_CC_VICTIM, q->cc_victim) ||
	    nla_put(skb, TCA_SNIC_CC_VL_PKT_SIZE, sizeof(q->cc_pkt),
		    q->cc_pkt) ||
	    nla_put(skb, TCA_SNIC_CC_VL_MARK_RATE, sizeof(q->cc_rate),
		    q->cc_rate) ||
	    nla_put_u32(skb, TCA_SNIC_LATENCY, q->latency)) {
		nla_nest_cancel(skb, opts);
		return -EMSGSIZE;
	}
	return nla_nest_end(skb, opts);
}

/* Fabric ns of a duration: @total closed wall ns, plus the open episode
 * that began at @since (0: none).
 */
static u64 snic_q_fabric_ns(const struct snic_sched *q, u64 total, u64 since,
			    u64 now)
{
	return div_u64(total + (since ? now - since : 0), q->dilation);
}

static int snic_q_dump_stats(struct Qdisc *sch, struct gnet_dump *d)
{
	struct snic_sched *q = qdisc_priv(sch);
	struct tc_snic_xstats *st = q->xstats;
	u64 now = ktime_get_ns();
	int i;

	/* One consistent snapshot: the datapath changes it all under the
	 * root lock (as sch_fq's dump_stats reads its own).
	 */
	sch_tree_lock(sch);
	*st = (struct tc_snic_xstats){
		.num_vls = TC_SNIC_NUM_VLS,
		.not_16b = q->not_16b,
		.rate = q->rate,
		.throttled = q->throttled,
		.unthrottle_latency_ns = q->unthrottle_latency_ns,
		.dilation = q->dilation,
		.credit_updates = q->credit_updates,
		.sync_sent = q->sync_sent,
		.credit_timeouts = q->credit_timeouts,
		.flushed = q->flushed,
		.mark_failed = q->mark_failed,
		.sent_16b = q->sent_16b,
		.epoch = q->ctx.epoch,
		.hello = q->hello,
		.credit_stale = q->ctx.stale,
		.credit_rebases = q->ctx.rebases,
		.sync_repeats = q->sync_repeats,
		.stamp_failed = q->stamp_failed,
		.held_over = q->held_over,
		.hello_fallbacks = q->hello_fallbacks,
		.credit_restarts = q->ctx.restarts,
		.in_flight = q->flight.qlen,
		.in_flight_16b = q->flight_16b,
		.flight_full = q->flight_full,
	};

	BUILD_BUG_ON(TC_SNIC_HIST_BUCKETS != SNIC_HIST_BUCKETS);
	st->late.n = q->late.n;
	st->late.max = q->late.max;
	st->late.sum = q->late.sum;
	st->late.over = q->late.over;
	st->late.p50 = snic_hist_quantile(&q->late, 500);
	st->late.p99 = snic_hist_quantile(&q->late, 990);
	memcpy(st->late.bucket, q->late.bucket, sizeof(st->late.bucket));
	for (i = 0; i < TC_SNIC_NUM_VLS; i++) {
		const struct snic_vl *vl = &q->vl[i];

		st->vl[i].enqueued = vl->enqueued;
		st->vl[i].dequeued = vl->dequeued;
		st->vl[i].bytes = vl->bytes;
		st->vl[i].drops = vl->drops;
		st->vl[i].qlen = vl->q.qlen;
		st->vl[i].qlen_max = vl->qlen_max;
		st->vl[i].hoq_discards = vl->hoq_discards;
		st->vlc[i].gated = q->ctx.vl[i].gated;
		st->vlc[i].credits = q->ctx.vl[i].gated ?
				    snic_credit_diff(q->ctx.vl[i].limit,
						     q->ctx.vl[i].tbs) : 0;
		st->vlc[i].stalls = vl->stalls;
		st->vlc[i].stall_ns = snic_q_fabric_ns(q, vl->stall_ns,
						       vl->stall_since, now);
		st->vlc[i].tbs = vl->tbs_total;
		st->vlcc[i].marked = vl->marked;
		st->vlcc[i].skipped = vl->skipped;
		st->vlcc[i].congested = vl->congestions;
		st->vlcc[i].congested_ns =
			snic_q_fabric_ns(q, vl->cong_ns,
					 vl->congested ? vl->cong_since : 0, now);
		st->vlcc[i].backlog = vl->backlog;
		st->vlcc[i].backlog_max = vl->backlog_max;
		st->vlcc[i].victim = vl->victim;
	}
	sch_tree_unlock(sch);
	return gnet_stats_copy_app(d, st, sizeof(*st));
}

struct sk_buff *sch_snic_credit_skb(struct net_device *dev,
				    const struct snic_credit *c)
{
	struct sk_buff *skb;
	struct ethhdr *eth;

	skb = alloc_skb(LL_RESERVED_SPACE(dev) + ETH_HLEN +
			SNIC_CREDIT_FRAME_LEN, GFP_ATOMIC);
	if (!skb)
		return NULL;
	skb_reserve(skb, LL_RESERVED_SPACE(dev));
	skb_reset_mac_header(skb);
	eth = skb_put(skb, ETH_HLEN);
	eth_broadcast_addr(eth->h_dest);
	ether_addr_copy(eth->h_source, dev->dev_addr);
	eth->h_proto = htons(ETH_P_SNIC_CREDIT);
	snic_credit_encode(skb_put(skb, SNIC_CREDIT_FRAME_LEN), c);
	skb_reset_network_header(skb);
	skb->protocol = htons(ETH_P_SNIC_CREDIT);
	skb->dev = dev;
	return skb;
}
EXPORT_SYMBOL_GPL(sch_snic_credit_skb);

/*
 * The SYNC timer: every sync period while some VL is flow controlled, a
 * SYNC (the qdisc fills it in as it leaves: snic_q_stamp_sync()); while a
 * new qdisc waits for the far end's first word, a probe (the same frame,
 * with no VL). It reads q's flags locklessly and takes the root lock to
 * change them, as qdisc_watchdog() does, under RCU.
 */
static enum hrtimer_restart snic_q_sync_fire(struct hrtimer *t)
{
	struct snic_sched *q = container_of(t, struct snic_sched, sync_timer);
	struct net_device *dev = qdisc_dev(q->sch);
	u64 period = (u64)READ_ONCE(q->sync_us) * NSEC_PER_USEC;
	struct snic_credit c = { .type = SNIC_CREDIT_SYNC };
	enum hrtimer_restart ret = HRTIMER_RESTART;
	bool gated, hello, up, sched = false;
	u64 now = ktime_get_ns();
	struct sk_buff *skb;
	spinlock_t *lock;	/* the root qdisc's */

	gated = READ_ONCE(q->any_gated);
	hello = READ_ONCE(q->hello);
	if (!gated && !hello && !READ_ONCE(q->sync_owed))
		return HRTIMER_NORESTART;
	if (gated && now - READ_ONCE(q->last_limit) >
	    SNIC_Q_CREDIT_TIMEOUT * period + snic_q_rtt(q) &&
	    !READ_ONCE(q->silent)) {
		/* The receiver says nothing: counted, and its VLs stay flow
		 * controlled (it may be slow, not gone; one that goes says
		 * so, and a new one starts with a LIMIT of its own; a link
		 * reset probes again).
		 */
		WRITE_ONCE(q->silent, true);
		WRITE_ONCE(q->credit_timeouts, q->credit_timeouts + 1);
	}
	/* Not into a link without carrier: its noop qdisc would drop it. */
	up = (dev->flags & IFF_UP) && netif_carrier_ok(dev);
	if (up) {
		skb = sch_snic_credit_skb(dev, &c);
		if (skb)
			dev_queue_xmit(skb);
	}
	/* sch_snic_credit_limit() may have re-armed it meanwhile (under
	 * the lock): then it is queued and must not be moved.
	 */
	rcu_read_lock();
	lock = qdisc_lock(qdisc_root_sleeping(q->sch));
	spin_lock(lock);
	if (q->hello) {
		/* The wait for the far end counts only while it could
		 * answer: a link without carrier waits on.
		 */
		if (!up)
			q->hello_until = max(q->hello_until, now +
					     snic_q_hello_wait(q));
		else if (now >= q->hello_until)
			snic_q_hello_end(q, now);
		sched = !q->hello && q->sch->q.qlen;
	}
	if (hrtimer_is_queued(t))
		ret = HRTIMER_NORESTART;
	else
		hrtimer_forward_now(t, ns_to_ktime(period));
	spin_unlock(lock);
	if (sched)
		__netif_schedule(qdisc_root(q->sch));
	rcu_read_unlock();
	return ret;
}

/*
 * The sch_snic transmitting on @dev, which may be locked and armed from
 * the receive path, or NULL. Not dev->qdisc: a replaced root qdisc is
 * destroyed (its timers cancelled, its lockdep key unregistered) right
 * after dev->qdisc changes, with no grace period. The queues' qdisc
 * pointer is reset by dev_deactivate(), whose synchronize_net() waits for
 * every reader before anything is destroyed. Caller holds rcu_read_lock
 * with BHs off (the receive path).
 */
static struct Qdisc *snic_q_active(struct net_device *dev)
{
	struct Qdisc *sch;

	sch = rcu_dereference_bh(netdev_get_tx_queue(dev, 0)->qdisc);
	return sch && sch->ops == &snic_qdisc_ops ? sch : NULL;
}

/**
 * sch_snic_credit_limit - apply a receiver's credit LIMIT frame
 * @dev: the device the frame arrived on (the sender of the data)
 * @c: the decoded LIMIT frame
 *
 * Return: 0, -ENOENT if @dev has no sch_snic, -ESTALE if an older LIMIT
 * than one already applied (it is ignored), -ERANGE if a limit was absurd
 * (it is ignored; the others apply).
 */
int sch_snic_credit_limit(struct net_device *dev, const struct snic_credit *c)
{
	struct Qdisc *sch = snic_q_active(dev);
	enum snic_ctx_limit_res res;
	struct snic_sched *q;
	u64 now;

	if (!sch)
		return -ENOENT;
	q = qdisc_priv(sch);
	now = ktime_get_ns();
	spin_lock(qdisc_lock(sch));
	res = snic_ctx_link_limit(&q->ctx, c);
	if (res == SNIC_CTX_OTHER) {
		/* Another receiver's: tell it whom we follow (a probe). */
		q->sync_owed = true;
		snic_q_sync_in(q, SNIC_Q_SLACK_NS);
	} else if (res != SNIC_CTX_STALE) {
		q->credit_updates++;
		WRITE_ONCE(q->hello, false);
		WRITE_ONCE(q->silent, false);
		WRITE_ONCE(q->last_limit, now);
		WRITE_ONCE(q->any_gated, snic_ctx_link_gated(&q->ctx));
		snic_q_end_stalls(q, now);
		if (q->ctx.rebase && !q->ctx.pending)
			/* a VL waits with no credit for its rebase */
			snic_q_sync_in(q, SNIC_Q_SLACK_NS);
		else if (q->any_gated)
			snic_q_sync_in(q, (u64)q->sync_us * NSEC_PER_USEC);
	}
	spin_unlock(qdisc_lock(sch));
	if (res == SNIC_CTX_STALE || res == SNIC_CTX_OTHER)
		return -ESTALE;
	__netif_schedule(sch);
	return res == SNIC_CTX_ABSURD ? -ERANGE : 0;
}
EXPORT_SYMBOL_GPL(sch_snic_credit_limit);

bool sch_snic_attached(struct net_device *dev)
{
	struct Qdisc *sch = rcu_dereference_bh(dev->qdisc);

	return sch && sch->ops == &snic_qdisc_ops;
}
EXPORT_SYMBOL_GPL(sch_snic_attached);

/**
 * sch_snic_cn_dropped - whether dev_queue_xmit()'s NET_XMIT_CN was a drop
 * @dev: the device it sent on
 *
 * net_xmit_eval() takes NET_XMIT_CN for success; the noop qdisc says it
 * as it drops, and 6.1 counts that drop nowhere. Noop is every TX queue's
 * qdisc while the device is deactivated (down, without carrier, or up
 * before dev_activate() ran: carrier on the far end of a veth comes
 * through linkwatch), and the root's before the first activation;
 * dev->qdisc keeps the configured root meanwhile. Neither sch_snic nor
 * noqueue ever says CN: with either as the root, CN was noop's, even if
 * the queues have been activated again since. Under another root (a
 * user's qdisc, which counts its own drops) only a look at the queues
 * can tell, and an activation or deactivation between the drop and the
 * look may deceive it. Any context but hardirq.
 */
bool sch_snic_cn_dropped(struct net_device *dev)
{
	struct Qdisc *root;
	bool noop = true;
	unsigned int i;

	rcu_read_lock_bh();
	root = rcu_dereference_bh(dev->qdisc);
	if (root && root != &noop_qdisc && root->ops != &snic_qdisc_ops &&
	    (root->enqueue || root->ops->cl_ops)) {
		noop = false;
		for (i = 0; i < dev->real_num_tx_queues; i++) {
			struct netdev_queue *txq = netdev_get_tx_queue(dev, i);

			if (rcu_access_pointer(txq->qdisc) == &noop_qdisc) {
				noop = true;
				break;
			}
		}
	}
	rcu_read_unlock_bh();
	return noop;
}
EXPORT_SYMBOL_GPL(sch_snic_cn_dropped);

u8 sch_snic_sc2vl(struct net_device *dev, u8 sc)
{
	struct Qdisc *sch = rcu_dereference_bh(dev->qdisc);
	struct snic_sched *q;

	sc &= TC_SNIC_NUM_SC - 1;
	if (!sch || sch->ops != &snic_qdisc_ops)
		return sch_snic_default_vl(sc);
	q = qdisc_priv(sch);
	return READ_ONCE(q->sc2vl[sc]);
}
EXPORT_SYMBOL_GPL(sch_snic_sc2vl);

/**
 * sch_snic_link_time - the fabric time model of @dev's sch_snic
 * @dev: a fabric link end
 * @rate: its line rate, bytes/s of fabric time (0: not serialized)
 * @dilation: its time dilation factor
 *
 * Without a sch_snic on @dev: rate 0, dilation 1. RCU (read only).
 */
void sch_snic_link_time(struct net_device *dev, u64 *rate, u32 *dilation)
{
	struct Qdisc *sch;

	*rate = 0;
	*dilation = 1;
	rcu_read_lock();
	sch = rcu_dereference(dev->qdisc);
	if (sch && sch->ops == &snic_qdisc_ops) {
		const struct snic_sched *q = qdisc_priv(sch);

		*rate = READ_ONCE(q->rate);
		*dilation = READ_ONCE(q->dilation);
	}
	rcu_read_unlock();
}
EXPORT_SYMBOL_GPL(sch_snic_link_time);

/**
 * sch_snic_link_level - how full @dev's egress is, for ARN's monitor
 * @dev: a switch port
 *
 * Return: the fullest data VL's backlog as a share of the VL buffer
 * (cc_buf), scaled to 0..255; 0 without a sch_snic. A lockless snapshot
 * (RCU): the monitor samples a trend, not an exact value.
 */
u8 sch_snic_link_level(struct net_device *dev)
{
	const struct snic_sched *q;
	struct Qdisc *sch;
	u64 max = 0, buf;
	int i;

	rcu_read_lock_bh();
	sch = snic_q_active(dev);
	if (sch) {
		q = qdisc_priv(sch);
		for (i = 0; i < TC_SNIC_VL_MGMT; i++)
			max = max_t(u64, max, READ_ONCE(q->vl[i].backlog));
		buf = READ_ONCE(q->cc_buf) ?: 1;
		max = min_t(u64, div64_u64(max * 255, buf), 255);
	}
	rcu_read_unlock_bh();
	return max;
}
EXPORT_SYMBOL_GPL(sch_snic_link_level);

/*
 * @dev's sch_snic's bytes (0 without one), summed over its VLs: @sent,
 * those sent over every VL so far; else those its data VLs hold now.
 * A lockless snapshot (RCU).
 */
static u64 snic_q_link_sum(struct net_device *dev, bool sent)
{
	const struct snic_sched *q;
	struct Qdisc *sch;
	u64 sum = 0;
	int i;

	rcu_read_lock_bh();
	sch = snic_q_active(dev);
	if (sch) {
		q = qdisc_priv(sch);
		for (i = 0; i < TC_SNIC_NUM_VLS; i++)
			if (sent)
				sum += READ_ONCE(q->vl[i].bytes);
			else if (i < TC_SNIC_VL_MGMT)
				sum += READ_ONCE(q->vl[i].backlog);
	}
	rcu_read_unlock_bh();
	return sum;
}

/**
 * sch_snic_link_backlog - bytes queued at @dev's egress, for UGAL-L
 * @dev: a switch port
 *
 * Return: what its data VLs hold (0 without a sch_snic): the local
 * queue UGAL-L weighs per packet. A lockless snapshot (RCU).
 */
u32 sch_snic_link_backlog(struct net_device *dev)
{
	return snic_q_link_sum(dev, false);
}
EXPORT_SYMBOL_GPL(sch_snic_link_backlog);

/**
 * sch_snic_link_bytes - bytes @dev's sch_snic has sent, for ARN's monitor
 * @dev: a fabric link end
 *
 * Every VL's, since the qdisc was made (0 without one). A reader takes
 * differences over its sample period against the line rate of
 * sch_snic_link_time(): the link's utilization. RCU (read only).
 *
 * Return: the bytes.
 */
u64 sch_snic_link_bytes(struct net_device *dev)
{
	return snic_q_link_sum(dev, true);
}
EXPORT_SYMBOL_GPL(sch_snic_link_bytes);

/**
 * sch_snic_vl_room - may a NIC queue more for @vl on @dev?
 * @dev: a fabric link end, the lower device of a NIC
 * @vl: the data VL its last packet went to
 * @budget: the bytes the NIC may keep in @vl's queue here
 * @pkts: packets the NIC is about to send besides (not yet queued)
 * @wait: if there is no room, ask for the room hook
 *
 * A pacing NIC must not hide a deep queue behind its pacer: what waits
 * here, for credits or for the line, has left the pacer's hands, as a
 * packet in an HFI's send buffer has. True if @vl's backlog is under
 * @budget and its packets, @pkts more, under half its limit, or @dev has
 * no sch_snic.
 * False if not; with @wait, the room hook then runs (under the root
 * lock) once that is so again (for the highest budget of those waiting)
 * or the queue is flushed. A NIC stops its TX queue, then asks with
 * @wait (a lockless look without: the common case). BH.
 */
bool sch_snic_vl_room(struct net_device *dev, u8 vl, u32 budget, u32 pkts,
		      bool wait)
{
	struct snic_sched *q;
	struct Qdisc *sch;
	bool room = true;

	if (vl >= TC_SNIC_VL_MGMT)
		return true;
	rcu_read_lock_bh();
	sch = snic_q_active(dev);
	if (!sch)
		goto out;
	q = qdisc_priv(sch);
	room = snic_q_vl_roomy(q, &q->vl[vl], budget, pkts);
	if (room || !wait)
		goto out;
	spin_lock(qdisc_lock(sch));
	room = snic_q_vl_roomy(q, &q->vl[vl], budget, pkts);
	if (!room) {
		/* One threshold for every waiter: the highest (a waiter
		 * woken early looks again; one woken late may starve).
		 */
		q->room_budget = q->room_wait ? max(q->room_budget, budget) :
						budget;
		q->room_wait |= BIT(vl);
	}
	spin_unlock(qdisc_lock(sch));
out:
	rcu_read_unlock_bh();
	return room;
}
EXPORT_SYMBOL_GPL(sch_snic_vl_room);

static struct Qdisc_ops snic_qdisc_ops __read_mostly = {
	.id		= "snic",
	.priv_size	= sizeof(struct snic_sched),
	.enqueue	= snic_q_enqueue,
	.dequeue	= snic_q_dequeue,
	/* Dequeue order is stateful (DRR, line rate): peek by dequeueing. */
	.peek		= qdisc_peek_dequeued,
	.init		= snic_q_init,
	.reset		= snic_q_reset,
	.destroy	= snic_q_destroy,
	.change		= snic_q_change,
	.dump		= snic_q_dump,
	.dump_stats	= snic_q_dump_stats,
	.owner		= THIS_MODULE,
};

static int __init snic_q_module_init(void)
{
	return register_qdisc(&snic_qdisc_ops);
}

static void __exit snic_q_module_exit(void)
{
	unregister_qdisc(&snic_qdisc_ops);
}

module_init(snic_q_module_init);
module_exit(snic_q_module_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("snic fabric egress: per-VL queues");
MODULE_AUTHOR("The snic developers");

