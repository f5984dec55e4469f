// SPDX-License-Identifier: GPL-2.0
/*
 * CCA at the host NIC: reflecting FECN as BECN, and pacing per DLID.
 *
 * Destination side: a unicast data packet that arrives with FECN makes the
 * NIC owe a BECN to its source (SLID). The next data packet to that LID
 * carries it (BECN bit set: piggyback); if none leaves within the
 * coalescing window, a standalone congestion notification (16B, L4
 * management, BECN set, SC 15 so VL 15) goes instead. FECNs that arrive
 * while a BECN is owed fold into it: one notification per source per
 * window. A FECN on a management packet or a multicast one is not
 * reflected.
 *
 * Source side: a BECN from a LID raises that DLID's CCTI (core/cca.c);
 * the table of tracked DLIDs is bounded, LRU.
 *
 * SLs: the state is per (DLID, SL), each SL with its own ccti_increase,
 * ccti_timer, trigger_threshold and ccti_min (OPA's HFICongestionSetting;
 * ccti_limit and the CCT are the port's). The wire carries an SC, not an
 * SL: a receiver takes a packet's SL to be the lowest SL its own SL2SC
 * maps to that SC (nic->sc2sl), and the sender keys its state by the
 * same SL, so SLs that share an SC share their pacing. A FECN makes a
 * BECN owed to the source on that SL; it rides only on a data packet of
 * that SL (whose SC tells the source the SL), else its CN names the SL.
 *
 * Waiting: before a packet leaves, its DLID's earliest start (t_next) is
 * checked. A packet that is not yet due, or that comes behind packets
 * of its DLID that wait, is parked: each tracked DLID has a FIFO of
 * packets that wait for their turns (its table slot's), whose first
 * holds the DLID's next turn; the DLIDs that have one are kept in the
 * order of those turns (an rbtree, as sch_fq keeps its throttled flows).
 * The TX queue goes on with the packets behind it, to other DLIDs, so
 * that one DLID's wait costs the others nothing. Past
 * SNIC_CC_PARK_DLID packets parked for its DLID, or SNIC_CC_PARK_MAX for
 * all, a packet is held as the head of its TX queue and the queue
 * stopped until there is room: a TX queue stalls only while its head
 * targets a paced DLID that has no room left, and only that queue waits
 * (one woken meanwhile, by the link's room, hands back what it is given:
 * the stack requeues it). The NIC's timer sends each DLID's first packet
 * at its turn (the next one then takes the next turn), as much as the
 * link's queue has room for (SNIC_CC_LINK_FRAMES: the rest waits for its
 * room hook, which runs the timer again), parks the held heads there is
 * room for now (or sends them, if due) and wakes their queues.
 *
 * Queue choice: the TX queues are split in two, open queues [0, nopen)
 * for DLIDs that are not paced and paced queues [nopen, nheld) for those
 * that are; in each, a flow's hash picks its queue. Only a paced queue's
 * head is ever held, so a queue stalls only when its head targets a
 * paced DLID, and traffic to an unpaced DLID never waits behind it (a
 * hash over all queues would put both in one now and then). A packet of
 * a DLID that became paced after it was queued on an open queue leaves
 * unheld, and takes its slot. A DLID whose CCTI decays to 0 stays on the
 * paced queues while packets of its wait there (inq) or in the NIC
 * (queued), so that no flow overtakes itself on the way back. (The
 * packets of a DLID forgotten, below, while packets of its were parked
 * may: those wait for the link's room, the DLID's next ones do not.) A
 * NIC of one TX queue has no choice: its queue is both.
 *
 * A packet that leaves, or is parked, takes its DLID's slot: the DLID's
 * next start becomes its own start + Tp + IPD, where Tp is its
 * serialization time at the link's rate and IPD comes from the CCT entry
 * at the CCTI; so
 * packets of one DLID from several queues leave one IPD apart, not
 * together. A packet released late by the timer keeps the next one's
 * turn (the DLID keeps its rate through wake-up latency, as sch_fq's
 * flows do), but never less than half a slot after it. A DLID that
 * starts anew (idle for a slot or more) takes the next of its slot's
 * SNIC_CCA_PHASES phases from the NIC's random offset (core/cca.h), so
 * that the turns of DLIDs paced alike fall together and a timer run
 * serves them all. A parked packet goes to the link's queue when due
 * and the queue has room for it (snic_cc_room()). A reconfiguration
 * that forgets the DLIDs, or a DLID evicted from the table, sends what
 * was parked for them (loose) as the link has room, unpaced.
 *
 * Time: the CCA state runs in fabric time, wall time / D with D the time
 * dilation of the lower device's sch_snic, whose rate gives Tp (100 Gb/s
 * without one). The NIC's fabric clock (core/fclock.h) rebases itself
 * when D changes, so deadlines and CCTI stamps keep their meaning; every
 * deadline is kept in fabric time and turned into wall time only to arm
 * the timer.
 *
 * Timer: one hrtimer per NIC, set to the earliest of the owed BECNs'
 * deadlines and the parked packets' turns (with sch_fq's slack). It
 * is armed under the lock by whoever adds an earlier deadline, by its
 * own callback for the next one, and again when the clock rebases (the
 * same fabric deadline falls at another wall time); cancelled at
 * ndo_uninit, after which nothing arms it (dead). A change of D is seen
 * at the NIC's next read of its clock (a packet, a FECN, a dump, the
 * timer), not at the qdisc's change itself: the timer never waits more
 * than a second of wall time (SNIC_CC_POLL_NS), so that an idle NIC
 * sees it too. (A pacing gap or BECN window longer than that at the
 * dilation costs a timer run a second.)
 *
 * Locking: cc->lock (BH) protects everything in struct snic_cc but the
 * parameters' READ_ONCE fast-path checks. CNs and released packets are
 * transmitted after it is dropped. Transmit takes it only while a DLID
 * may be paced: every raised CCTI (and every change of the settings or
 * of the dilation) pushes out a deadline (cc->hot_until, in jiffies)
 * after which every CCTI has decayed to 0; past it, or with no DLID
 * tracked, a packet leaves without the lock. With ccti_min above 0 or
 * ccti_timer 0 a tracked DLID may be paced for good: the lock is taken.
 * The places to park packets are reallocated with the table, under
 * RTNL; what they held goes on the timer's next run.
 */
#include <linux/random.h>
#include <net/sch_generic.h>
#include <snic/sch_snic.h>

#include "snic.h"
#include "trace.h"

#define SNIC_CC_SLACK_NS	(10 * NSEC_PER_USEC)
#define SNIC_CC_LINK_FRAMES	256
#define SNIC_CC_CN_BATCH	64	/* CNs built a timer run */
/* The longest the timer waits, wall ns (a dilation change is seen). */
#define SNIC_CC_POLL_NS		NSEC_PER_SEC
#define SNIC_CC_RATE_DEFAULT	12500000000ULL	/* 100 Gb/s, bytes/s */
/* opafm's table: a 10 KB packet at 100 Gb/s, desired_max_delay 8300 ns. */
#define SNIC_CC_TP_MAX		819
#define SNIC_CC_MAX_DELAY	8300

static void snic_cc_hot(struct snic_cc *cc, u32 ccti);
static void snic_cc_arm(struct snic_cc *cc, u64 at);

/* Fabric ns now on @cc's link (and its line rate). Caller holds the lock. */
static u64 snic_cc_now(struct snic_cc *cc, u64 *rate)
{
	u64 r, now, at = 0;
	bool rebase;
	u32 d;

	lockdep_assert_held(&cc->lock);
	sch_snic_link_time(cc->nic->lower, &r, &d);
	if (rate)
		*rate = r ?: SNIC_CC_RATE_DEFAULT;
	rebase = cc->clock.d && d != cc->clock.d;
	if (rebase && cc->timer_at)
		at = snic_fclock_read(&cc->clock, cc->timer_at);
	now = snic_fclock_now(&cc->clock, ktime_get_ns(), d);
	if (rebase) {
		/* The decay runs at another wall speed now. */
		snic_cc_hot(cc, cc->p[0].ccti_limit);
		/* The timer was set in wall time at the old speed: set it
		 * again for the same fabric time (an owed BECN, a held
		 * packet), or it comes as late (or early) as the change.
		 */
		if (at) {
			cc->timer_at = 0;
			snic_cc_arm(cc, at);
		}
	}
	return now;
}

/*
 * A CCTI is @ccti now (or may be, up to it): no DLID is paced later than
 * it takes @ccti to decay to 0 at the current dilation, plus a period and
 * a jiffy. Caller holds the lock.
 */
static void snic_cc_hot(struct snic_cc *cc, u32 ccti)
{
	u64 ns = ((u64)ccti + 1) * cc->timer_max * SNIC_CCTI_TIMER_NS *
		 (cc->clock.d ?: 1);
	unsigned long until;

	lockdep_assert_held(&cc->lock);
	/* A floor above 0, or no decay: paced for as long as tracked. */
	if (cc->floor_any)
		WRITE_ONCE(cc->hot_always, true);
	until = jiffies + nsecs_to_jiffies(ns) + 1;
	if (!READ_ONCE(cc->hot_until) || time_after(until, cc->hot_until))
		WRITE_ONCE(cc->hot_until, until);
}

/* What the hot deadline needs of the SLs' settings. Caller: lock or init. */
static void snic_cc_params_derive(struct snic_cc *cc)
{
	unsigned int i;

	cc->timer_max = 0;
	cc->floor_any = false;
	for (i = 0; i < SNIC_NUM_SL; i++) {
		cc->timer_max = max(cc->timer_max, cc->p[i].ccti_timer);
		if (cc->p[i].ccti_min || !cc->p[i].ccti_timer)
			cc->floor_any = true;
	}
}

/* Fabric ns now at @nic, read without its lock (for tracepoints). */
u64 snic_nic_ftime(const struct snic_nic *nic)
{
	u64 wall = ktime_get_ns(), rate;
	u32 d;

	if (READ_ONCE(nic->cc.clock.d))
		return snic_fclock_read(&nic->cc.clock, wall);
	/* Not started: where it will start (core/fclock.h). */
	sch_snic_link_time(nic->lower, &rate, &d);
	return div_u64(wall, d ?: 1);
}

/* The timer's slack in fabric ns: departures this early are on time. */
static u64 snic_cc_slack(const struct snic_cc *cc)
{
	return div_u64(SNIC_CC_SLACK_NS, cc->clock.d ?: 1) + 1;
}

/*
 * Run the timer at fabric ns @at if that is earlier than it runs now, or
 * in SNIC_CC_POLL_NS of wall time if that is earlier still: so that a
 * change of the dilation, which moves @at's wall time, is seen (and the
 * timer set again, snic_cc_now()) within that even on an idle NIC. A
 * deadline gone by runs now: never at a wall time in the past, which
 * may read 0 (snic_fclock_wall() of a fabric time before the clock's
 * base), timer_at's "idle", so that the next arm would move the timer
 * past what is due.
 */
static void snic_cc_arm(struct snic_cc *cc, u64 at)
{
	u64 now = ktime_get_ns();
	u64 wall = clamp(snic_fclock_wall(&cc->clock, at), now,
			 now + SNIC_CC_POLL_NS);

	lockdep_assert_held(&cc->lock);
	if (cc->dead || (cc->timer_at && cc->timer_at <= wall))
		return;
	cc->timer_at = wall;
	/* (What is due already gets no slack.) */
	hrtimer_start_range_ns(&cc->timer, ns_to_ktime(wall),
			       wall > now ? SNIC_CC_SLACK_NS : 0,
			       HRTIMER_MODE_ABS_SOFT);
}

/* The place to park packets to @e's DLID. Caller holds the lock. */
static struct snic_cc_park *snic_cc_park_of(struct snic_cc *cc,
					    const struct snic_dlid_ent *e)
{
	return &cc->park[e - cc->table.ent];
}

/* Enter @p in the order of turns, at @p->until. Caller holds the lock. */
static void snic_cc_park_order(struct snic_cc *cc, struct snic_cc_park *p)
{
	struct rb_node **link = &cc->parked.rb_root.rb_node, *parent = NULL;
	bool leftmost = true;

	while (*link) {
		parent = *link;
		if (p->until < rb_entry(parent, struct snic_cc_park,
					node)->until) {
			link = &parent->rb_left;
		} else {
			link = &parent->rb_right;
			leftmost = false;
		}
	}
	rb_link_node(&p->node, parent, link);
	rb_insert_color_cached(&p->node, &cc->parked, leftmost);
}

/*
 * @p's first packet, @tp its serialization time, takes @e's next turn
 * (the DLID's next packet the one after). Caller holds the lock.
 */
static void snic_cc_park_turn(struct snic_cc *cc, struct snic_dlid_ent *e,
			      struct snic_cc_park *p, u64 tp)
{
	p->until = snic_cca_reserve(e, cc->cct, tp);
	p->slot = e->t_next - p->until;
	snic_cc_park_order(cc, p);
	snic_cc_arm(cc, p->until);
}

/*
 * May a packet to a DLID whose place is @p park? Not past the place's
 * or the NIC's bound (its queue waits then). Caller holds the lock.
 */
static bool snic_cc_park_room(const struct snic_cc *cc,
			      const struct snic_cc_park *p)
{
	return skb_queue_len(&p->skbs) < SNIC_CC_PARK_DLID &&
	       cc->nparked < SNIC_CC_PARK_MAX;
}

/*
 * @skb, of serialization time @tp, waits for its turn in @p, @e's place,
 * behind those there. Caller holds the lock.
 */
static void snic_cc_park_tail(struct snic_cc *cc, struct snic_dlid_ent *e,
			      struct snic_cc_park *p, struct sk_buff *skb,
			      u64 tp)
{
	__skb_queue_tail(&p->skbs, skb);
	e->queued++;
	WRITE_ONCE(cc->nparked, cc->nparked + 1);
	if (skb_queue_len(&p->skbs) > 1)
		return;
	p->dlid = e->dlid;
	p->sl = e->sl;
	snic_cc_park_turn(cc, e, p, tp);
}

/*
 * What @p holds is to go at once, unpaced: its DLID is forgotten, or the
 * places are reallocated (the caller arms the timer, or drops them).
 * They stay counted in cc->nparked, which counts the loose too. Caller
 * holds the lock.
 */
static void snic_cc_unpark(struct snic_cc *cc, struct snic_cc_park *p)
{
	if (skb_queue_empty(&p->skbs))
		return;
	rb_erase_cached(&p->node, &cc->parked);
	skb_queue_splice_tail_init(&p->skbs, &cc->loose);
}

/* Every parked packet is to go at once (snic_cc_unpark()). Lock held. */
static void snic_cc_unpark_all(struct snic_cc *cc)
{
	struct rb_node *n;

	while ((n = rb_first_cached(&cc->parked)))
		snic_cc_unpark(cc, rb_entry(n, struct snic_cc_park, node));
}

/*
 * @e's CCTI moved from @old at fabric ns @now (the lock held): traced,
 * and an event when it crossed its SL's trigger_threshold.
 */
static void snic_cc_moved(struct snic_cc *cc, const struct snic_dlid_ent *e,
			  u16 old, u64 now)
{
	u16 thr = cc->p[e->sl].trigger_threshold;
	bool above = e->ccti >= thr, was = old >= thr;
	struct snic_nic *nic = cc->nic;
	struct snic_ev *ev;
	u64 at;

	trace_pace(cc, e->dlid, e->sl, old, e->ccti);
	if (!thr || above == was)
		return;
	ev = snic_ev_new(nic->dev, &nic->ev_rs, &nic->stats,
			 above ? SNIC_EVENT_TYPE_CCTI_ABOVE :
				 SNIC_EVENT_TYPE_CCTI_BELOW, now);
	if (!ev)
		return;
	/* Decay is lazy (at the DLID's next packet): a listener told of
	 * this rise hears of the fall when it happens (snic_cc_watch()).
	 */
	at = above ? snic_ccti_below_at(e, &cc->p[e->sl], thr) : 0;
	if (at) {
		cc->watch_above = true;
		snic_cc_arm(cc, at);
	}
	snic_ev_put(ev, SNIC_A_EVENT_LID, READ_ONCE(nic->lid));
	snic_ev_put(ev, SNIC_A_EVENT_DLID, e->dlid);
	snic_ev_put(ev, SNIC_A_EVENT_SL, e->sl);
	snic_ev_put(ev, SNIC_A_EVENT_CCTI, e->ccti);
	snic_ev_put(ev, SNIC_A_EVENT_THRESHOLD, thr);
	snic_ev_queue(ev, &nic->stats);
}

/* Decay @e's CCTI to @now (the lock held). */
static void snic_cc_age(struct snic_cc *cc, struct snic_dlid_ent *e, u64 now)
{
	u16 old = e->ccti;

	snic_ccti_age(e, &cc->p[e->sl], now);
	if (e->ccti != old)
		snic_cc_moved(cc, e, old, now);
}

/*
 * Age the tracked DLIDs whose CCTI a listener was told is at or above
 * its trigger threshold (the lock held): the fabric ns of the next one's
 * fall below it, 0 when none will fall any more.
 */
static u64 snic_cc_watch(struct snic_cc *cc, u64 now)
{
	u64 next = 0, at;
	u32 i;

	for (i = 0; i < cc->table.cap; i++) {
		struct snic_dlid_ent *e = &cc->table.ent[i];
		const struct snic_cc_params *p = &cc->p[e->sl];

		if (!e->used || !p->trigger_threshold ||
		    e->ccti < p->trigger_threshold ||
		    snic_dlid_find(&cc->table, e->dlid, e->sl) != e)
			continue;
		snic_cc_age(cc, e, now);
		at = snic_ccti_below_at(e, p, p->trigger_threshold);
		if (at && (!next || at < next))
			next = at;
	}
	if (!next)
		cc->watch_above = false;
	return next;
}

/* A standalone congestion notification to @dlid, ready to send; NULL if
 * this NIC has no LID yet or no memory.
 */
static struct sk_buff *snic_cc_cn_skb(struct snic_nic *nic, u32 dlid, u8 sl,
				      u16 count)
{
	struct net_device *lower = nic->lower;
	struct snic_16b h = {
		.slid = READ_ONCE(nic->lid), .dlid = dlid, .becn = 1,
		.sc = SNIC_SC_MGMT, .l4 = SNIC_L4_MGMT, .pkey = 0xffff,
	};
	struct snic_cn cn = { .sl = sl, .count = count };
	struct sk_buff *skb;

	if (!h.slid)
		return NULL;
	skb = alloc_skb(LL_RESERVED_SPACE(lower) + SNIC_ENCAP_HLEN +
			SNIC_CN_LEN + SNIC_ENCAP_TLEN, GFP_ATOMIC);
	if (!skb)
		return NULL;
	skb_reserve(skb, LL_RESERVED_SPACE(lower) + SNIC_ENCAP_HLEN);
	snic_cn_encode(skb_put(skb, SNIC_CN_LEN), &cn);
	if (snic_encap(skb, lower, &h)) {
		kfree_skb(skb);
		return NULL;
	}
	skb->dev = lower;
	trace_becn_tx(nic, dlid, sl, true, count);
	return skb;
}

static void snic_cc_xmit_cn(struct snic_nic *nic, struct sk_buff *skb)
{
	struct net_device *lower = skb->dev;
	unsigned int size = skb->len;

	if (sch_snic_xmit_taken(lower, dev_queue_xmit(skb))) {
		snic_count(&nic->stats, SNIC_STAT_TX_CN);
		snic_stats_add(&nic->stats, SNIC_STAT_TX_CN_BYTES, size);
	} else {
		snic_count(&nic->stats, SNIC_STAT_TX_DROP_LOWER);
	}
}

/* A unicast data packet from @slid arrived with FECN. */
void snic_cc_fecn(struct snic_cc *cc, u32 slid, u8 sl)
{
	enum snic_owed_res res;
	struct sk_buff *skb;
	u64 due;

	snic_count(&cc->nic->stats, SNIC_STAT_RX_FECN);
	spin_lock_bh(&cc->lock);
	due = snic_cc_now(cc, NULL) + cc->window_ns;
	res = snic_owed_fecn(&cc->owed, slid, sl, due, SNIC_CN_COUNT_MAX);
	if (res == SNIC_OWED_NEW)
		snic_cc_arm(cc, due);
	WRITE_ONCE(cc->nowed, cc->owed.count);
	spin_unlock_bh(&cc->lock);
	if (res == SNIC_OWED_FOLDED) {
		snic_count(&cc->nic->stats, SNIC_STAT_BECN_COALESCED);
	} else if (res == SNIC_OWED_FULL) {
		/* As many sources owed as the table holds: this one's
		 * BECN goes at once, uncoalesced.
		 */
		snic_count(&cc->nic->stats, SNIC_STAT_BECN_UNCOALESCED);
		skb = snic_cc_cn_skb(cc->nic, slid, sl, 1);
		if (skb)
			snic_cc_xmit_cn(cc->nic, skb);
	}
}

/* Does a packet to @dlid on @sl carry a BECN? It pays what is owed. */
bool snic_cc_take_becn(struct snic_cc *cc, u32 dlid, u8 sl)
{
	bool owed;

	if (!READ_ONCE(cc->nowed))
		return false;
	spin_lock_bh(&cc->lock);
	owed = snic_owed_take(&cc->owed, dlid, sl);
	WRITE_ONCE(cc->nowed, cc->owed.count);
	spin_unlock_bh(&cc->lock);
	if (owed) {
		snic_count(&cc->nic->stats, SNIC_STAT_TX_BECN_PIGGYBACK);
		trace_becn_tx(cc->nic, dlid, sl, false, 1);
	}
	return owed;
}

/* A BECN from @slid for @sl (piggybacked, or in a CN: @cn). */
void snic_cc_becn(struct snic_cc *cc, u32 slid, u8 sl, bool cn)
{
	const struct snic_cc_params *p;
	struct snic_cc_park *park;
	struct snic_dlid_ent *e;
	u64 now, ev, busy;
	bool logged = false;
	u16 old;

	snic_count(&cc->nic->stats, SNIC_STAT_RX_BECN);
	trace_becn_rx(cc->nic, slid, sl, cn);
	if (!READ_ONCE(cc->pacing))
		return;
	sl &= SNIC_NUM_SL - 1;
	p = &cc->p[sl];
	spin_lock_bh(&cc->lock);
	now = snic_cc_now(cc, NULL);
	ev = cc->table.evictions;
	busy = cc->table.evictions_busy;
	if (!snic_dlid_find(&cc->table, slid, sl))
		cc->gen++;	/* a new DLID (perhaps in an evicted one's slot) */
	e = snic_dlid_get(&cc->table, slid, sl, cc->p, now);
	park = e ? snic_cc_park_of(cc, e) : NULL;
	/* The slot was an evicted DLID's: what it parked goes now. */
	if (park && !skb_queue_empty(&park->skbs) &&
	    (park->dlid != slid || park->sl != sl)) {
		snic_cc_unpark(cc, park);
		snic_cc_arm(cc, 0);
	}
	old = e ? e->ccti : 0;
	if (e && snic_ccti_becn(e, p, now)) {
		snic_cc_log_add(&cc->log, now, slid, sl, e->ccti);
		logged = true;
	}
	if (e && e->ccti != old)
		snic_cc_moved(cc, e, old, now);
	if (e)
		snic_cc_hot(cc, e->ccti);
	ev = cc->table.evictions - ev;
	busy = cc->table.evictions_busy - busy;
	WRITE_ONCE(cc->tracked, cc->table.count);
	spin_unlock_bh(&cc->lock);
	if (ev)
		snic_stats_add(&cc->nic->stats, SNIC_STAT_CC_EVICTIONS, ev);
	if (busy)
		snic_stats_add(&cc->nic->stats, SNIC_STAT_CC_EVICTIONS_BUSY,
			       busy);
	if (logged)
		snic_count(&cc->nic->stats, SNIC_STAT_CC_LOG_ENTRIES);
}

/* Every CCTI has decayed (nothing to pace, nor to note): lockless. */
static bool snic_cc_cool(const struct snic_cc *cc)
{
	return !READ_ONCE(cc->hot_always) &&
	       !time_before(jiffies, READ_ONCE(cc->hot_until));
}

/*
 * A paced TX queue holds a packet, queued or held as its head, or a
 * packet is parked. Lockless (the held heads and the parked count are
 * read racily, the qdiscs' lengths are counts): an answer that is stale
 * by a packet only moves a DLID to the open queues a packet later.
 * Caller is in an RCU-BH section (transmit).
 */
static bool snic_cc_paced_busy(const struct snic_cc *cc)
{
	struct net_device *dev = cc->nic->dev;
	unsigned int q;

	for (q = cc->nopen; q < cc->nheld; q++) {
		const struct netdev_queue *txq = netdev_get_tx_queue(dev, q);

		if (READ_ONCE(cc->held[q].skb) ||
		    qdisc_qlen_sum(rcu_dereference_bh(txq->qdisc)))
			return true;
	}
	return READ_ONCE(cc->nparked);
}

/*
 * The TX queue of a packet to @dlid on @sl of flow @hash
 * (ndo_select_queue): a paced queue while the DLID is paced on the SL or
 * has packets waiting on the paced queues, else an open one (see the top
 * of this file).
 */
u16 snic_cc_select_queue(struct snic_cc *cc, u32 dlid, u8 sl, u32 hash)
{
	u32 npaced = cc->nheld - cc->nopen;
	struct snic_dlid_ent *e;
	bool paced = false;

	if (!npaced || !dlid || !READ_ONCE(cc->tracked) ||
	    !READ_ONCE(cc->pacing))
		goto open;
	if (snic_cc_cool(cc) && !snic_cc_paced_busy(cc))
		goto open;
	spin_lock_bh(&cc->lock);
	e = snic_dlid_find(&cc->table, dlid, sl);
	if (e && !cc->dead) {
		snic_cc_age(cc, e, snic_cc_now(cc, NULL));
		/* Its packets were dropped on the way (a qdisc reset). */
		if (e->inq && !snic_cc_paced_busy(cc))
			e->inq = 0;
		/* Nor does a flow overtake its own parked or held packet. */
		paced = e->ccti || e->inq || e->queued;
		if (paced && e->inq < U16_MAX)
			e->inq++;
	}
	spin_unlock_bh(&cc->lock);
	if (paced)
		return cc->nopen + reciprocal_scale(hash, npaced);
open:
	return reciprocal_scale(hash, cc->nopen);
}

/* Heads held on TX queue @q so far (ethtool -S tx_queue_N_stalls). */
u64 snic_cc_stalls(struct snic_cc *cc, unsigned int q)
{
	u64 n;

	spin_lock_bh(&cc->lock);
	n = q < cc->nheld ? cc->held[q].stalls : 0;
	spin_unlock_bh(&cc->lock);
	return n;
}

/*
 * Does TX queue @q keep what waits for the pacer? Past the room to park,
 * its head is held here and the rest waits in the queue's qdisc: a FIFO
 * keeps it, an AQM (fq_codel, Debian's default; codel, pie, cake,
 * red...) drops it for its sojourn, and a DLID's packets then leave
 * slots apart; noqueue cannot keep it at all. RCU-BH (transmit).
 */
static bool snic_cc_txq_fifo(const struct snic_cc *cc, u16 q)
{
	const struct netdev_queue *txq = netdev_get_tx_queue(cc->nic->dev, q);
	const struct Qdisc *sch = rcu_dereference_bh(txq->qdisc);
	const char *id = sch ? sch->ops->id : "";

	return !strcmp(id, "pfifo") || !strcmp(id, "bfifo") ||
	       !strcmp(id, "pfifo_fast");
}

/* Serialization time, fabric ns, of a frame of @len at @rate. */
static u64 snic_cc_tp(unsigned int len, u64 rate)
{
	return snic_cc_tx_ns(snic_16b_pkt_len(len) + ETH_HLEN, rate * 8);
}

/* The IPD, fabric ns, that CCTI @ccti gives a frame of the device's MTU. */
u64 snic_cc_ccti_ipd(const struct snic_cc *cc, u16 ccti)
{
	u64 rate;
	u32 d;

	if (!ccti || ccti >= READ_ONCE(cc->cct_len))
		return 0;
	sch_snic_link_time(cc->nic->lower, &rate, &d);
	return snic_cct_ipd(&cc->cct[ccti],
			    snic_cc_tp(READ_ONCE(cc->nic->dev->mtu),
				       rate ?: SNIC_CC_RATE_DEFAULT));
}

/*
 * @skb (@len bytes of application frame, to @dlid on @sl) is about to
 * leave on its TX queue. SNIC_CC_TAKEN if it is to wait, on a paced
 * queue: its DLID is paced and its turn has not come, or packets of its
 * DLID wait already; it is parked for its turn (the timer sends it), or,
 * with no room left to park, kept as the queue's head and the queue
 * stopped. SNIC_CC_BUSY if the queue holds a head already (it was woken
 * meanwhile): stopped again, and @skb is the caller's to requeue. Else
 * SNIC_CC_SEND. *@paced: its DLID is paced (a CCTI above 0), on a queue
 * that may wait.
 */
enum snic_cc_verdict snic_cc_hold(struct snic_cc *cc, struct sk_buff *skb,
				  u32 dlid, u8 sl, unsigned int len,
				  bool *paced)
{
	enum snic_cc_verdict v = SNIC_CC_SEND;
	u16 q = skb_get_queue_mapping(skb);
	struct snic_cc_park *park;
	struct snic_cc_held *held;
	struct snic_dlid_ent *e;
	u64 now, rate, tp, early = 0;
	bool may_hold, aqm = false;

	if (q >= cc->nheld)
		return SNIC_CC_SEND;
	/* A paced queue's packet always comes in: it counts out of inq. */
	may_hold = q >= cc->nopen || cc->nopen == cc->nheld;
	/* Lockless, while nothing waits in the NIC. */
	if (!READ_ONCE(cc->nparked) && !snic_cc_held(cc, q) &&
	    (!READ_ONCE(cc->tracked) || !READ_ONCE(cc->pacing) ||
	     (q < cc->nopen && snic_cc_cool(cc))))
		return SNIC_CC_SEND;
	spin_lock_bh(&cc->lock);
	held = &cc->held[q];
	if (may_hold && held->skb) {
		/* Woken while it holds a head (the link's room came): what
		 * comes behind that head waits behind it, in the stack.
		 */
		netif_tx_stop_queue(netdev_get_tx_queue(cc->nic->dev, q));
		v = SNIC_CC_BUSY;
		goto out;
	}
	if (cc->dead)
		goto out;
	e = snic_dlid_find(&cc->table, dlid, sl);
	if (!e)
		goto out;
	if (q >= cc->nopen && e->inq)
		e->inq--;
	/* Only a tracked DLID needs the link's clock and rate. */
	now = snic_cc_now(cc, &rate);
	tp = snic_cc_tp(len, rate);
	snic_cc_age(cc, e, now);
	*paced = e->ccti && may_hold;
	park = snic_cc_park_of(cc, e);
	/* Not yet its turn, or behind its DLID's parked packets (even if
	 * its own turn has come: the timer is late).
	 */
	if (may_hold && (!skb_queue_empty(&park->skbs) ||
			 (e->ccti && e->t_next > now))) {
		v = SNIC_CC_TAKEN;
		if (snic_cc_park_room(cc, park)) {
			snic_cc_park_tail(cc, e, park, skb, tp);
			goto out;
		}
		/* No room to park: the queue waits. */
		WRITE_ONCE(held->skb, skb);
		held->dlid = dlid;
		held->sl = sl;
		held->len = len;
		held->stalls++;
		e->queued++;
		netif_tx_stop_queue(netdev_get_tx_queue(cc->nic->dev, q));
		aqm = !snic_cc_txq_fifo(cc, q);
		goto out;
	}
	early = e->early;
	snic_cca_depart(e, now,
			tp + snic_cca_sent(e, &cc->p[sl], cc->cct, now, tp,
					   cc->phase),
			snic_cc_slack(cc));
	/* Queued on an open queue before its DLID was paced: it leaves
	 * unheld by design, and takes its slot, but no pacing was early.
	 */
	if (!may_hold)
		e->early = early;
	early = e->early - early;
out:
	spin_unlock_bh(&cc->lock);
	if (early)
		snic_count(&cc->nic->stats, SNIC_STAT_TX_PACED_EARLY);
	if (unlikely(aqm)) {
		snic_count(&cc->nic->stats, SNIC_STAT_TX_PACED_BEHIND_AQM);
		netdev_warn_once(cc->nic->dev,
				 "TX queue %u holds paced packets in a qdisc that drops what waits (an AQM): give the NIC's queues FIFOs (snicctl qdisc nic)\n",
				 q);
	}
	return v;
}

/* Does TX queue @q hold a paced head? Lockless: a stale answer wakes a
 * queue that requeues what it is given (snic_cc_hold()).
 */
bool snic_cc_held(struct snic_cc *cc, unsigned int q)
{
	return q < cc->nheld && READ_ONCE(cc->held[q].skb);
}

/* Run the timer now: the link's queue has room for what was due. */
void snic_cc_kick(struct snic_cc *cc)
{
	spin_lock_bh(&cc->lock);
	cc->kicked = true;
	snic_cc_arm(cc, snic_cc_now(cc, NULL));
	spin_unlock_bh(&cc->lock);
}

/*
 * What one timer run sends to the link: no more of a data VL than the
 * pacer may keep in the link's queue, SNIC_CC_LINK_FRAMES full frames
 * and half the queue's limit in packets (sch_snic_vl_room(): the bound
 * at sch_snic's default limit), counting what the run sent already; a VL
 * without room waits for the link's room hook (blocked). Paced packets
 * alone never overflow the queue when credits stall the link, and the
 * paced DLIDs' turns that fall together (their phases, core/cca.h) go
 * together, as sch_fq's do, in one run where the queue takes them.
 */
struct snic_cc_run {
	u32 sent[SNIC_NUM_VLS];		/* bytes handed to the link */
	u32 pkts[SNIC_NUM_VLS];		/* ... and packets */
	u32 budget;
	u16 blocked;			/* VLs without room */
	u32 deferred;			/* turns put off (tx_paced_deferred) */
};

/* May @skb go to the link in @run? Counted if so. */
static bool snic_cc_room(struct snic_cc *cc, struct snic_cc_run *run,
			 const struct sk_buff *skb)
{
	u8 vl = snic_nic_vl(cc->nic, skb);

	if (vl >= SNIC_VL_MGMT)
		return true;
	if (!(run->blocked & BIT(vl)) && run->sent[vl] < run->budget &&
	    sch_snic_vl_room(cc->nic->lower, vl,
			     run->budget - run->sent[vl], run->pkts[vl],
			     false)) {
		run->sent[vl] += skb->len + SNIC_ENCAP_HLEN;
		run->pkts[vl]++;
		return true;
	}
	run->blocked |= BIT(vl);
	return false;
}

/*
 * The parked packets whose turn has come leave (onto @out) while the
 * link has room for them, each DLID's next one taking its next turn.
 * Caller holds the lock; returns the turn it stopped at (fabric ns, 0:
 * none). The timer is armed already for each turn it gave or put off
 * (snic_cc_park_turn(), below), which may come earlier.
 */
static u64 snic_cc_release(struct snic_cc *cc, u64 now, u64 rate,
			   struct snic_cc_run *run, struct sk_buff_head *out,
			   u64 *early)
{
	struct rb_node *n = rb_first_cached(&cc->parked), *next;

	for (; n; n = next) {
		struct snic_cc_park *p = rb_entry(n, struct snic_cc_park, node);
		struct snic_dlid_ent *e;
		u64 was;

		if (p->until > now)
			return p->until;
		next = rb_next(n);
		e = snic_dlid_find(&cc->table, p->dlid, p->sl);
		if (WARN_ON_ONCE(!e)) {	/* eviction unparks */
			snic_cc_unpark(cc, p);
			snic_cc_arm(cc, now);
			continue;
		}
		/* Its slot was taken when it became its DLID's first
		 * (snic_cc_park_turn()); if a packet of its DLID left since
		 * (unheld, from an open queue: snic_cc_hold()) so that this
		 * turn comes less than half a slot after it, it waits for
		 * that half. The timer is armed for it here: the walk goes
		 * on from the node that followed it, and may not come back
		 * to it.
		 */
		if (now + snic_cc_slack(cc) < snic_cca_earliest(e)) {
			rb_erase_cached(n, &cc->parked);
			p->until = snic_cca_earliest(e);
			snic_cc_park_order(cc, p);
			snic_cc_arm(cc, p->until);
			run->deferred++;
			continue;
		}
		if (!snic_cc_room(cc, run, skb_peek(&p->skbs)))
			continue;
		rb_erase_cached(n, &cc->parked);
		__skb_queue_tail(out, __skb_dequeue(&p->skbs));
		WRITE_ONCE(cc->nparked, cc->nparked - 1);
		was = e->early;
		if (e->queued)
			e->queued--;
		e->paced++;
		snic_cca_depart(e, now, p->slot, snic_cc_slack(cc));
		*early += e->early - was;
		if (!skb_queue_empty(&p->skbs))
			snic_cc_park_turn(cc, e, p,
					  snic_cc_tp(skb_peek(&p->skbs)->len,
						     rate));
	}
	return 0;
}

/* What was parked for DLIDs forgotten goes (onto @out) while the link
 * has room for it. Caller holds the lock; returns how many.
 */
static u32 snic_cc_release_loose(struct snic_cc *cc, struct snic_cc_run *run,
				 struct sk_buff_head *out)
{
	struct sk_buff *skb, *tmp;
	u32 n = 0;

	skb_queue_walk_safe(&cc->loose, skb, tmp) {
		if (!snic_cc_room(cc, run, skb))
			continue;
		__skb_unlink(skb, &cc->loose);
		__skb_queue_tail(out, skb);
		n++;
	}
	WRITE_ONCE(cc->nparked, cc->nparked - n);
	return n;
}

/*
 * The TX queues' heads that waited for room to park: each that has it
 * now is parked (or goes, onto @go, if its turn has come or its DLID is
 * no longer tracked), and its queue is woken (its bit in *@wake; for
 * one that goes, once it went). Caller holds the lock.
 */
static void snic_cc_unstall(struct snic_cc *cc, u64 now, u64 rate,
			    struct sk_buff_head *go, unsigned long *wake,
			    u64 *early)
{
	unsigned int i;

	for (i = 0; i < cc->nheld; i++) {
		struct snic_cc_held *h = &cc->held[i];
		struct snic_cc_park *p;
		struct snic_dlid_ent *e;
		u64 tp, was;

		if (!h->skb)
			continue;
		e = snic_dlid_find(&cc->table, h->dlid, h->sl);
		if (!e) {
			/* Forgotten: it goes, unpaced. */
			__skb_queue_tail(go, h->skb);
			WRITE_ONCE(h->skb, NULL);
			continue;
		}
		p = snic_cc_park_of(cc, e);
		if (!snic_cc_park_room(cc, p))
			continue;
		if (e->queued)
			e->queued--;
		tp = snic_cc_tp(h->len, rate);
		if (!skb_queue_empty(&p->skbs) || (e->ccti && e->t_next > now)) {
			snic_cc_park_tail(cc, e, p, h->skb, tp);
			__set_bit(i, wake);
		} else {
			was = e->early;
			e->paced++;
			snic_cca_depart(e, now, tp +
					snic_cca_sent(e, &cc->p[e->sl], cc->cct,
						      now, tp, cc->phase),
					snic_cc_slack(cc));
			*early += e->early - was;
			__skb_queue_tail(go, h->skb);
		}
		WRITE_ONCE(h->skb, NULL);
	}
}

/*
 * The link had no room for what was due on the VLs in @blocked: wait for
 * its room hook (snic_nic_room() kicks the timer), as snic_nic_link_wait()
 * does: the bit first, then a second look that registers under the
 * qdisc's lock.
 */
static void snic_cc_wait_room(struct snic_cc *cc, u16 blocked, u32 budget)
{
	struct snic_nic *nic = cc->nic;
	bool room = false;
	unsigned int vl;

	set_bit(0, &nic->pace_wait);
	/* The bit before the second look (snic_nic_link_wait()'s order). */
	smp_mb__after_atomic();
	for (vl = 0; vl < SNIC_VL_MGMT; vl++)
		if ((blocked & BIT(vl)) &&
		    sch_snic_vl_room(nic->lower, vl, budget, 0, true))
			room = true;
	if (room && test_and_clear_bit(0, &nic->pace_wait))
		snic_cc_kick(cc);
}

static enum hrtimer_restart snic_cc_fire(struct hrtimer *t)
{
	struct snic_cc *cc = container_of(t, struct snic_cc, timer);
	struct snic_cc_run run = {
		.budget = SNIC_CC_LINK_FRAMES *
			  (READ_ONCE(cc->nic->lower->mtu) + ETH_HLEN),
	};
	struct sk_buff_head out, go, cns;
	u64 now, next, at, rate, armed, wall, early = 0;
	struct snic_owed o;
	struct sk_buff *skb;
	unsigned int i;
	u32 loose;

	__skb_queue_head_init(&out);
	__skb_queue_head_init(&go);
	__skb_queue_head_init(&cns);
	/* (The timer's callback never runs twice at once.) */
	bitmap_zero(cc->wake, cc->nheld);
	spin_lock_bh(&cc->lock);
	/* The timer's lateness, taken before the clock's read, which sets
	 * the timer again when it rebases (a run the link's room asked
	 * for is not the timer's lateness).
	 */
	armed = cc->kicked ? 0 : cc->timer_at;
	wall = ktime_get_ns();
	now = snic_cc_now(cc, &rate);
	if (armed) {
		u64 late = div_u64(wall > armed ? wall - armed : 0,
				   cc->clock.d);	/* fabric ns */

		cc->late_ns -= cc->late_ns >> 3;
		cc->late_ns += late >> 3;
		snic_hist_add(&cc->late_hist, late);
	}
	cc->timer_at = 0;
	cc->kicked = false;
	/* Owed BECNs that are due leave in CNs (built here, sent below),
	 * a batch a run: the timer comes back at once for the rest.
	 */
	for (i = 0; i < SNIC_CC_CN_BATCH; i++) {
		if (!snic_owed_pop_due(&cc->owed, now, &o))
			break;
		skb = snic_cc_cn_skb(cc->nic, o.slid, o.sl, o.count);
		if (skb)
			__skb_queue_tail(&cns, skb);
	}
	WRITE_ONCE(cc->nowed, cc->owed.count);
	next = snic_owed_next(&cc->owed);
	/* What was parked for DLIDs forgotten goes first, unpaced. */
	loose = snic_cc_release_loose(cc, &run, &out);
	at = snic_cc_release(cc, now, rate, &run, &out, &early);
	if (at && (!next || at < next))
		next = at;
	/* (What it parks arms the timer itself.) */
	snic_cc_unstall(cc, now, rate, &go, cc->wake, &early);
	if (cc->watch_above) {
		at = snic_cc_watch(cc, now);
		if (at && (!next || at < next))
			next = at;
	}
	/* Blocked by the link: its room hook runs the timer, and so does
	 * a poll, should the packets' VL have changed meanwhile.
	 */
	if (run.blocked) {
		at = now + div_u64(SNIC_CC_POLL_NS, cc->clock.d ?: 1);
		if (!next || at < next)
			next = at;
	}
	if (next)
		snic_cc_arm(cc, next);
	spin_unlock_bh(&cc->lock);

	if (early)
		snic_stats_add(&cc->nic->stats, SNIC_STAT_TX_PACED_EARLY, early);
	if (run.deferred)
		snic_stats_add(&cc->nic->stats, SNIC_STAT_TX_PACED_DEFERRED,
			       run.deferred);
	if (skb_queue_len(&out) > loose)
		snic_stats_add(&cc->nic->stats, SNIC_STAT_TX_PACED,
			       skb_queue_len(&out) - loose);
	/* A parked packet's queue went on without it: it stops no queue
	 * (the run kept to the link's room). Before the CNs: a DLID no
	 * longer counted as waiting must not find its packets behind.
	 */
	while ((skb = __skb_dequeue(&out)))
		snic_nic_send(cc->nic, skb, SNIC_TX_RELEASED | SNIC_TX_NO_WAIT);
	while ((skb = __skb_dequeue(&go))) {
		u16 q = skb_get_queue_mapping(skb);

		snic_count(&cc->nic->stats, SNIC_STAT_TX_PACED);
		/* The queue stays stopped if the link's queue is full. */
		if (snic_nic_send(cc->nic, skb, SNIC_TX_RELEASED) !=
		    SNIC_TX_STOPPED)
			__set_bit(q, cc->wake);
	}
	for_each_set_bit(i, cc->wake, cc->nheld)
		netif_tx_wake_queue(netdev_get_tx_queue(cc->nic->dev, i));
	/* Woken when the link's queue is down to half the budget: a run
	 * then sends many, not one (each run a timer expiry).
	 */
	if (run.blocked)
		snic_cc_wait_room(cc, run.blocked, run.budget / 2);
	while ((skb = __skb_dequeue(&cns)))
		snic_cc_xmit_cn(cc->nic, skb);
	return HRTIMER_NORESTART;
}

/* Drop the held heads and parked packets (the device goes down);
 * counted.
 */
void snic_cc_flush(struct snic_cc *cc)
{
	struct sk_buff_head out;
	int i;

	__skb_queue_head_init(&out);
	spin_lock_bh(&cc->lock);
	for (i = 0; i < cc->nheld; i++) {
		if (cc->held[i].skb) {
			__skb_queue_tail(&out, cc->held[i].skb);
			WRITE_ONCE(cc->held[i].skb, NULL);
		}
	}
	snic_cc_unpark_all(cc);
	skb_queue_splice_tail_init(&cc->loose, &out);
	WRITE_ONCE(cc->nparked, 0);
	snic_dlid_table_flush(&cc->table);
	cc->gen++;
	WRITE_ONCE(cc->tracked, 0);
	spin_unlock_bh(&cc->lock);
	snic_stats_add(&cc->nic->stats, SNIC_STAT_TX_DROP_PACED_FLUSH,
		       skb_queue_len(&out));
	__skb_queue_purge(&out);
}

/* A DLID table of @cap entries, and as many places to park packets. */
static int snic_cc_alloc_table(struct snic_cc *cc, u32 cap,
			       struct snic_dlid_ent **ent, u32 **bucket,
			       struct snic_cc_park **park)
{
	u32 i;

	*ent = kvcalloc(cap, sizeof(**ent), GFP_KERNEL);
	*bucket = kvcalloc(snic_dlid_table_buckets(cap), sizeof(**bucket),
			   GFP_KERNEL);
	*park = kvcalloc(cap, sizeof(**park), GFP_KERNEL);
	if (!*ent || !*bucket || !*park) {
		kvfree(*ent);
		kvfree(*bucket);
		kvfree(*park);
		return -ENOMEM;
	}
	for (i = 0; i < cap; i++)
		__skb_queue_head_init(&(*park)[i].skbs);
	return 0;
}

/*
 * opafm's CCT for @limit and @max_delay (fabric ns) into @cct: the delay of
 * the largest packet (10 KB at 100 Gb/s) rising linearly to @max_delay at
 * entry @limit; at @limit 0 the one entry of no delay. Returns the entries
 * written, 0 if no table of 14-bit multipliers ramps so.
 */
unsigned int snic_cc_cct_generate(struct snic_cct_entry *cct, u16 limit,
				  u32 max_delay)
{
	if (!limit) {
		cct[0] = (struct snic_cct_entry){ .shift = 0, .mult = 0 };
		return 1;
	}
	return snic_cct_generate(cct, limit, SNIC_CC_TP_MAX, max_delay);
}

int snic_cc_init(struct snic_cc *cc, struct snic_nic *nic, unsigned int ntxq)
{
	struct snic_cc_park *park;
	struct snic_owed *owed;
	struct snic_dlid_ent *ent;
	u32 *bucket, *obucket;
	unsigned int i;

	BUILD_BUG_ON(SNIC_NUM_SL != SNIC_CC_NUM_SL);
	memset(cc, 0, sizeof(*cc));
	spin_lock_init(&cc->lock);
	cc->nic = nic;
	for (i = 0; i < SNIC_NUM_SL; i++)
		snic_cc_params_default(&cc->p[i]);
	snic_cc_params_derive(cc);
	cc->pacing = true;
	cc->window_ns = SNIC_CC_WINDOW_DEFAULT;
	cc->max_tracked = SNIC_CC_TRACKED_DEFAULT;
	cc->cct = kcalloc(SNIC_CCT_MAX_ENTRIES, sizeof(*cc->cct), GFP_KERNEL);
	cc->held = kcalloc(ntxq, sizeof(*cc->held), GFP_KERNEL);
	cc->wake = bitmap_zalloc(ntxq, GFP_KERNEL);
	owed = kvcalloc(SNIC_CC_OWED, sizeof(*owed), GFP_KERNEL);
	obucket = kvcalloc(snic_owed_buckets(SNIC_CC_OWED), sizeof(*obucket),
			   GFP_KERNEL);
	cc->owed.ent = owed;		/* for snic_cc_free() */
	cc->owed.bucket = obucket;
	if (!cc->cct || !cc->held || !cc->wake || !owed || !obucket)
		goto err;
	snic_owed_init(&cc->owed, owed, obucket, SNIC_CC_OWED);
	cc->max_delay = SNIC_CC_MAX_DELAY;
	cc->cct_len = snic_cc_cct_generate(cc->cct, cc->p[0].ccti_limit,
					   cc->max_delay);
	cc->nheld = ntxq;
	cc->nopen = ntxq - ntxq / 2;
	if (snic_cc_alloc_table(cc, cc->max_tracked, &ent, &bucket, &park))
		goto err;
	snic_dlid_table_init(&cc->table, ent, bucket, cc->max_tracked);
	cc->park = park;
	cc->parked = RB_ROOT_CACHED;
	__skb_queue_head_init(&cc->loose);
	cc->phase = get_random_u32();
	hrtimer_init(&cc->timer, CLOCK_MONOTONIC, HRTIMER_MODE_ABS_SOFT);
	cc->timer.function = snic_cc_fire;
	return 0;
err:
	snic_cc_free(cc);
	return -ENOMEM;
}

/* Stop for good: no timer, nothing held (ndo_uninit). */
void snic_cc_stop(struct snic_cc *cc)
{
	spin_lock_bh(&cc->lock);
	cc->dead = true;
	spin_unlock_bh(&cc->lock);
	hrtimer_cancel(&cc->timer);
	snic_cc_flush(cc);
}

/* Idempotent: a second call (or one on a never-initialised cc) is a no-op. */
void snic_cc_free(struct snic_cc *cc)
{
	kvfree(cc->owed.ent);
	kvfree(cc->owed.bucket);
	cc->owed.ent = NULL;
	cc->owed.bucket = NULL;
	kvfree(cc->table.ent);
	kvfree(cc->table.bucket);
	kvfree(cc->park);
	kfree(cc->cct);
	kfree(cc->held);
	bitmap_free(cc->wake);
	cc->table.ent = NULL;
	cc->table.bucket = NULL;
	cc->park = NULL;
	cc->cct = NULL;
	cc->held = NULL;
	cc->wake = NULL;
}

/* Settings: checked by the caller (snic_cc_check), applied under RTNL. */
int snic_cc_configure(struct snic_cc *cc, const struct snic_cc_config *c)
{
	struct snic_cc_park *park = NULL, *old_park = NULL;
	struct snic_dlid_ent *ent = NULL, *old_ent = NULL;
	u32 *bucket = NULL, *old_bucket = NULL;

	if (c->max_tracked && c->max_tracked != cc->max_tracked &&
	    snic_cc_alloc_table(cc, c->max_tracked, &ent, &bucket, &park))
		return -ENOMEM;
	spin_lock_bh(&cc->lock);
	if (c->has_params) {
		memcpy(cc->p, c->p, sizeof(cc->p));
		snic_cc_params_derive(cc);
	}
	if (c->cct_len) {
		memcpy(cc->cct, c->cct, c->cct_len * sizeof(*cc->cct));
		cc->cct_len = c->cct_len;
		cc->max_delay = c->max_delay;
	}
	if (c->has_window)
		cc->window_ns = c->window_ns;
	if (c->has_pacing)
		WRITE_ONCE(cc->pacing, c->pacing);
	/* What waited for a DLID forgotten now goes at once: the parked
	 * packets, and the heads held behind them (snic_cc_unstall()).
	 */
	if (ent || (c->has_pacing && !c->pacing))
		snic_cc_unpark_all(cc);
	if (ent) {
		old_ent = cc->table.ent;
		old_bucket = cc->table.bucket;
		old_park = cc->park;
		snic_dlid_table_init(&cc->table, ent, bucket, c->max_tracked);
		cc->park = park;
		cc->max_tracked = c->max_tracked;
	}
	if (ent || (c->has_pacing && !c->pacing)) {
		snic_dlid_table_flush(&cc->table);
		cc->gen++;
		snic_cc_arm(cc, 0);
	}
	/* No CCTI beyond the table or the limit. */
	snic_dlid_table_clamp(&cc->table,
			      min_t(u32, cc->p[0].ccti_limit,
				    cc->cct_len ? cc->cct_len - 1 : 0));
	WRITE_ONCE(cc->tracked, cc->table.count);
	/* Another timer or minimum: the deadline starts over. */
	WRITE_ONCE(cc->hot_always, false);
	if (cc->table.count)
		snic_cc_hot(cc, cc->p[0].ccti_limit);
	spin_unlock_bh(&cc->lock);
	kvfree(old_ent);
	kvfree(old_bucket);
	kvfree(old_park);
	return 0;
}

/* Settings and, with @hist, the pacing timer's lateness (fabric ns). */
void snic_cc_read(struct snic_cc *cc, struct snic_cc_config *c, u64 *late,
		  struct snic_hist *hist)
{
	unsigned int i;

	spin_lock_bh(&cc->lock);
	memcpy(c->p, cc->p, sizeof(c->p));
	c->window_ns = cc->window_ns;
	c->pacing = cc->pacing;
	c->max_tracked = cc->max_tracked;
	c->cct_len = cc->cct_len;
	c->max_delay = cc->max_delay;
	c->tracked = cc->table.count;
	c->parked = cc->nparked;
	for (i = 0; i < cc->nheld; i++)
		c->parked += !!cc->held[i].skb;
	*late = cc->late_ns;
	if (hist)
		*hist = cc->late_hist;
	spin_unlock_bh(&cc->lock);
}

/*
 * Copy up to @n tracked DLIDs from slot @pos on into @out (CCTI aged to
 * now), their slots into @slot. Returns how many.
 */
int snic_cc_dump_dlids(struct snic_cc *cc, u32 pos, struct snic_dlid_ent *out,
		       u32 *slot, int n)
{
	int k = 0;
	u64 now;

	spin_lock_bh(&cc->lock);
	now = snic_cc_now(cc, NULL);
	for (; pos < cc->table.cap && k < n; pos++) {
		struct snic_dlid_ent *e = &cc->table.ent[pos];

		if (!e->used ||
		    snic_dlid_find(&cc->table, e->dlid, e->sl) != e)
			continue;
		snic_cc_age(cc, e, now);
		slot[k] = pos;
		out[k] = *e;
		/* In the copy: how long ago (0: none yet). */
		out[k].becn_first = e->becn_first && now > e->becn_first ?
				    now - e->becn_first : 0;
		out[k++].becn_last = e->becn_last && now > e->becn_last ?
				     now - e->becn_last : 0;
	}
	spin_unlock_bh(&cc->lock);
	return k;
}

/*
 * A number that changes whenever the tracked DLIDs (@log: the log's
 * entries) move: dumps resume by position and check it.
 */
u32 snic_cc_generation(struct snic_cc *cc, bool log)
{
	u32 gen;

	spin_lock_bh(&cc->lock);
	gen = log ? (u32)cc->log.total : cc->gen;
	spin_unlock_bh(&cc->lock);
	return gen + 1;
}

/* @log's @i-th newest entry, under @lock, into @out; false past the end
 * (a NIC's log and a switch's).
 */
bool snic_cc_log_copy(spinlock_t *lock, const struct snic_cc_log *log, u32 i,
		      struct snic_cc_log_ent *out)
{
	const struct snic_cc_log_ent *e;

	spin_lock_bh(lock);
	e = snic_cc_log_get(log, i);
	if (e)
		*out = *e;
	spin_unlock_bh(lock);
	return e;
}

/* The congestion log's @i-th newest entry into @out; false past the end. */
bool snic_cc_log_read(struct snic_cc *cc, u32 i, struct snic_cc_log_ent *out)
{
	return snic_cc_log_copy(&cc->lock, &cc->log, i, out);
}

/* The IPD, fabric ns, that a @len-byte frame to @e's DLID would get. */
u64 snic_cc_ipd(struct snic_cc *cc, const struct snic_dlid_ent *e,
		unsigned int len)
{
	u64 rate, ipd;

	spin_lock_bh(&cc->lock);
	snic_cc_now(cc, &rate);
	ipd = e->ccti < cc->cct_len ?
	      snic_cct_ipd(&cc->cct[e->ccti], snic_cc_tp(len, rate)) : 0;
	spin_unlock_bh(&cc->lock);
	return ipd;
}
