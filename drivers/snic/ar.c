// SPDX-License-Identifier: GPL-2.0
/*
 * Adaptive routing and ARN at a switch (the algorithms are core/arn.c).
 *
 * Detecting: a periodic monitor (one hrtimer per switch) samples every
 * monitored port: carrier (a loss is a failure, applied and sent at once
 * and sent ar_repeat times in all, 3 by default; carrier back for the
 * recovery hold, two periods by default, is a recovery) and the fullest
 * data VL of its egress sch_snic (congested / eliminated with the
 * hysteresis of ar->thr). The switch applies its own
 * link's state to its Best Path Table first, then sends an ARN to its
 * group: a 16B management packet on SC 15 (the management VL, strict
 * priority) to the group's ARN DLID, one copy out of each local port of
 * the MFT entry of that DLID (the group's spanning tree, which the
 * fabric manager sets), or of every local port without one.
 * While the state lasts it is sent again every refresh period (ar_life /
 * 2 by default), so a lost "eliminated" is undone by the receivers'
 * lifetimes. One ARN per port per sample period at most; an event of a
 * type that went about the port less than ar_min_gap before is not sent
 * at all (the rate limit per port and type, counted in ar_limited).
 *
 * Receiving: a management packet to the group's ARN DLID is consumed,
 * checked field by field (one counter per reason, on the port it came in
 * on) and learned into the table of link states; with an MFT entry for
 * the DLID, one that came over a local port and is news by its sequence
 * number is relayed, as it came, out of the tree's other local ports. So
 * a group that is a ring or a chain hears every switch, and each switch
 * once per ARN.
 *
 * Routing: a packet from a host of the group (SLID in slid_min..max) to a
 * DLID with a BPT entry (one entry for a range of DLIDs: a destination
 * group) takes the choice of its flow bucket, a hash of its 16B ENTROPY
 * (core/arn.c: failed links excluded, congested ones penalised, moves at
 * flowlet gaps, a hold-down before a cheaper path returns); one that
 * came over a local port only a candidate that leaves the group; one
 * that came over a global port (in transit) the LFT, unless the LFT's
 * path is known broken: its global port down, or its minimal candidate
 * excluded (snic_ar_transit(): a local reroute, bounded by the SC, with
 * at most one local hop, marked as a detour; or, with ar_intm, one hop
 * through a switch of the group drawn for it, marked likewise). So a path
 * has at most one detour (and one intermediate hop), one more per failed
 * link it meets, and the SC raised at every
 * global hop keeps the VLs acyclic. For a destination in the group (an
 * entry per destination switch) the detours go through another switch of
 * the group: such a candidate is marked, and a packet that takes it
 * leaves on its own SC
 * with SNIC_RC_DETOUR set; the next switch (snic_sw_rx()) maps its SC by
 * ar_detour_sc2sc, the global hop's step, and clears the mark. So the
 * first local hop holds a buffer of the VL direct traffic uses, whose
 * buffers wait only on a host or a higher VL, and the second one a
 * buffer of a higher VL: detours taken in turn around a group close no
 * credit loop. (Were both hops on one VL, s0 via s2, s2 via s1 and s1 via
 * s0 would close one.) That needs the step to raise the SC: a packet
 * whose SC the map does not raise (SC 7 and up under the fabric
 * manager's map, any without a map) takes the best candidate that is no
 * detour, or the LFT; and every switch of the group must have
 * the same map, and LOCAL kinds on its ports inside the group (the
 * fabric manager's settings). While per-flow
 * notices exist (an ARN with PATH_ID or FLOW), a packet of a named flow
 * whose path uses the named link takes the best other candidate, alone.
 * With a per-packet algorithm (valiant-packet, ugal: core/arn.h) each
 * packet draws its own candidate, with no flow state; UGAL-L reads the
 * two candidates' egress backlogs (sch_snic_link_backlog()) to choose.
 * Where such a packet lands in its intermediate group, that group's
 * switch can draw an intermediate switch too (ar_intm, per packet or per
 * flow; snic_ar_intm_hop()): one more local hop, marked as a detour, so
 * the group's own link to the exit does not carry all of its transit.
 *
 * Locking: ar->lock (BH) protects the link states and per-flow notices,
 * the ports' ARN state but kind/peer, the BPT entries' penalties, the
 * link -> entries index and the monitor. Each BPT entry's own lock
 * protects its flow buckets. Settings are written under RTNL with
 * WRITE_ONCE and read locklessly; the fabric clock is written under
 * ar->lock and read without it under a seqcount. BPT entries are
 * replaced whole (RTNL), stored at each DLID of their range, and freed
 * after an RCU grace period once no DLID holds them.
 *
 * The per-packet cost: a packet whose entry is on its best path (the
 * steady state) is routed by snic_bpt_peek() with no lock, no clock and
 * no write to the entry; only a first packet, a better path to watch for
 * a flowlet gap, or a failed current path take a lock, the entry's, and
 * the clock. A change of link state re-evaluates just the entries that
 * depend on the link (an index from link keys to entries, counted in
 * ar_bpt_refresh), at once; the others are not touched.
 *
 * Time: every ARN time (sample period, lifetime, hold-down, flowlet gap,
 * the recovery hold of two periods) is fabric time, the wall time over
 * the switch's dilation D: the largest of its ports' sch_snic (a fabric
 * has one; 1 without any). The switch's fabric clock (core/fclock.h,
 * under ar->lock) rebases itself when D changes; the monitor's timer is
 * armed period x D of wall time, D as the last sample found it.
 */
#include <linux/jhash.h>
#include <net/ip.h>
#include <snic/sch_snic.h>

#include "snic.h"
#include "trace.h"

static enum hrtimer_restart snic_ar_fire(struct hrtimer *t);

void snic_ar_init(struct snic_ar *ar)
{
	int sc;

	spin_lock_init(&ar->lock);
	for (sc = 0; sc < SNIC_NUM_SC; sc++)
		ar->detour_sc2sc[sc] = sc;
	ar->life_us = SNIC_AR_LIFE_DEFAULT;
	ar->repeat = SNIC_AR_REPEAT;
	ar->slid_max = SNIC_LID_UCAST_MAX;
	ar->p.hold_down_ns = 100 * NSEC_PER_MSEC;
	ar->p.flowlet_ns = NSEC_PER_MSEC;
	ar->p.algorithm = SNIC_AR_GREEDY_RANDOM;
	ar->d = 1;
	ar->thr = (struct snic_arn_thr){ .set = 192, .clear = 64,
					 .set_samples = 3, .clear_samples = 3 };
	ar->uthr = (struct snic_arn_thr){ .set = 230, .clear = 128,
					  .set_samples = 3, .clear_samples = 3 };
	xa_init(&ar->bpt);
	hash_init(ar->lidx);
	seqcount_spinlock_init(&ar->cseq, &ar->lock);
	snic_fclock_now(&ar->clock, ktime_get_ns(), 1);
	hrtimer_init(&ar->timer, CLOCK_MONOTONIC, HRTIMER_MODE_REL_SOFT);
	ar->timer.function = snic_ar_fire;
}

/* ndo_uninit: the monitor never runs again. */
void snic_ar_stop(struct snic_ar *ar)
{
	spin_lock_bh(&ar->lock);
	ar->dead = true;
	spin_unlock_bh(&ar->lock);
	hrtimer_cancel(&ar->timer);
}

/* The destructor: no reader is left. */
void snic_ar_free(struct snic_ar *ar)
{
	struct snic_ar_bpt *b;
	unsigned long idx;

	xa_for_each(&ar->bpt, idx, b) {
		if (!--b->refs)
			kfree(b);
	}
	xa_destroy(&ar->bpt);
}

/*
 * Fabric ns now at @ar. Caller holds the lock: the clock rebases itself
 * here when the dilation changed.
 */
static u64 snic_ar_now(struct snic_ar *ar)
{
	u32 d = READ_ONCE(ar->d) ?: 1;
	u64 wall = ktime_get_ns(), now;

	lockdep_assert_held(&ar->lock);
	if (likely(d == ar->clock.d && wall >= ar->clock.wall0))
		return snic_fclock_read(&ar->clock, wall);
	write_seqcount_begin(&ar->cseq);
	now = snic_fclock_now(&ar->clock, wall, d);
	write_seqcount_end(&ar->cseq);
	return now;
}

/* Fabric ns now at @ar, without its lock. */
static u64 snic_ar_read_clock(struct snic_ar *ar)
{
	u64 wall = ktime_get_ns(), now;
	unsigned int seq;

	do {
		seq = read_seqcount_begin(&ar->cseq);
		now = snic_fclock_read(&ar->clock, wall);
	} while (read_seqcount_retry(&ar->cseq, seq));
	return now;
}

/* The switch's fabric time, ns (for tracepoints). */
u64 snic_sw_ftime(struct snic_switch *sw)
{
	return snic_ar_read_clock(&sw->ar);
}

void snic_ar_port_read(struct snic_switch *sw, struct snic_port *port,
		       struct snic_ar_port_state *st)
{
	struct snic_ar *ar = &sw->ar;
	u64 now;

	spin_lock_bh(&ar->lock);
	st->mon = port->ar.mon;
	st->util = port->ar.umon.level;
	st->cong = port->ar.cong;
	st->failed = port->ar.failed;
	st->up_us = 0;
	if (st->failed && port->ar.up_since) {
		now = snic_ar_now(ar);
		if (now > port->ar.up_since)
			st->up_us = min_t(u64, div_u64(now - port->ar.up_since,
						       NSEC_PER_USEC), U32_MAX);
	}
	spin_unlock_bh(&ar->lock);
}

/* The switch's dilation: its ports' largest. RCU or RTNL. */
static u32 snic_ar_dilation(struct snic_switch *sw)
{
	struct snic_port *port;
	u32 d, max = 1;
	u64 rate;

	list_for_each_entry_rcu(port, &sw->ports, node, lockdep_rtnl_is_held()) {
		sch_snic_link_time(port->dev, &rate, &d);
		max = max(max, d);
	}
	return max;
}

/* The monitor's period in wall ns: fabric period x D. */
static ktime_t snic_ar_period(struct snic_ar *ar)
{
	return ns_to_ktime((u64)READ_ONCE(ar->period_us) * NSEC_PER_USEC *
			   READ_ONCE(ar->d));
}

/* The path of @b moved from @old to @cand, for @why: an event. */
static void snic_ar_ev_path(struct snic_switch *sw, const struct snic_ar_bpt *b,
			    int old, int cand, enum snic_bpt_why why)
{
	struct snic_ev *e;

	e = snic_ev_new(sw->dev, &sw->ev_rs, &sw->stats,
			SNIC_EVENT_TYPE_BPT_PATH, snic_sw_ftime(sw));
	if (!e)
		return;
	snic_ev_put(e, SNIC_A_EVENT_LID, READ_ONCE(sw->lid));
	snic_ev_put(e, SNIC_A_EVENT_DLID, b->dlid);
	snic_ev_put(e, SNIC_A_EVENT_LAST, b->last);
	/* s32 on the wire: two's complement in the low 32 bits */
	snic_ev_put(e, SNIC_A_EVENT_CAND_OLD, (u32)old);
	snic_ev_put(e, SNIC_A_EVENT_CAND, (u32)cand);
	snic_ev_put(e, SNIC_A_EVENT_PORT_OLD, old < 0 ? 0 : b->ent.c[old].port);
	snic_ev_put(e, SNIC_A_EVENT_PORT, cand < 0 ? 0 : b->ent.c[cand].port);
	snic_ev_put(e, SNIC_A_EVENT_WHY, why);
	snic_ev_queue(e, &sw->stats);
}

/*
 * Re-evaluate @b (ar->lock held); a path that changed is traced and
 * notified, for @why.
 */
static void snic_ar_refresh(struct snic_ar *ar, struct snic_ar_bpt *b,
			    enum snic_bpt_why why)
{
	struct snic_switch *sw = container_of(ar, struct snic_switch, ar);
	bool ev = snic_ev_wanted(sw->dev);
	int old, cand;

	if (!trace_bpt_update_enabled() && !ev) {
		snic_bpt_refresh(&b->ent, &ar->links);
		return;
	}
	old = snic_bpt_first(&b->ent);
	snic_bpt_refresh(&b->ent, &ar->links);
	cand = snic_bpt_first(&b->ent);
	if (cand == old)
		return;
	trace_bpt_update(sw, b, old, cand, why);
	if (ev)
		snic_ar_ev_path(sw, b, old, cand, why);
}

/*
 * Re-evaluate the BPT entries that depend on a link whose state changed
 * since the last call (every entry when more changed than the log
 * holds), counting them in @stats (the port that brought the change)
 * unless NULL; @why: what changed the links. ar->lock held.
 */
static void snic_ar_links_apply(struct snic_ar *ar, struct snic_stats *stats,
				enum snic_bpt_why why)
{
	u32 keys[SNIC_ARN_CHANGED];
	struct snic_ar_lnode *ln;
	unsigned int done = 0;
	int i, n, bkt;

	lockdep_assert_held(&ar->lock);
	n = snic_arn_take_changed(&ar->links, keys);
	if (n)
		WRITE_ONCE(ar->nfailed, snic_arn_nfailed(&ar->links));
	if (n < 0) {
		hash_for_each(ar->lidx, bkt, ln, node) {
			if (ln != &ln->b->ln[0])
				continue;	/* once per entry */
			snic_ar_refresh(ar, ln->b, why);
			done++;
		}
	}
	for (i = 0; i < n; i++) {
		hash_for_each_possible(ar->lidx, ln, node, keys[i]) {
			if (ln->key != keys[i])
				continue;
			snic_ar_refresh(ar, ln->b, why);
			done++;
		}
	}
	if (stats && done)
		snic_stats_add(stats, SNIC_STAT_AR_BPT_REFRESH, done);
}

/* Enter @b in the index, under each link it depends on. ar->lock held. */
static void snic_ar_bpt_index(struct snic_ar *ar, struct snic_ar_bpt *b)
{
	int i, j, k;

	lockdep_assert_held(&ar->lock);
	for (i = 0; i < b->ent.n; i++) {
		for (j = 0; j < SNIC_BPT_LINKS; j++) {
			u32 key = b->ent.c[i].link[j];

			for (k = 0; k < b->nlinks && b->ln[k].key != key; k++)
				;
			if (!key || k < b->nlinks)
				continue;
			b->ln[k].key = key;
			b->ln[k].b = b;
			hash_add(ar->lidx, &b->ln[k].node, key);
			b->nlinks++;
		}
	}
}

/* The key of @port's own link. */
static u32 snic_ar_key(struct snic_ar *ar, struct snic_port *port)
{
	u16 id = READ_ONCE(ar->id), peer = READ_ONCE(port->ar.peer);

	if (READ_ONCE(port->ar.kind) == SNIC_AR_PORT_GLOBAL)
		return SNIC_AR_LINK_G(id, peer, port->num);
	return SNIC_AR_LINK_L(id, peer);
}

/*
 * @skb's flow for the per-flow notices: its ENTROPY, and the 5-tuple of
 * an IPv4 TCP or UDP packet (@skb at the outer Ethernet header; nothing
 * past the 16B payload is read).
 */
static void snic_ar_pkt(const struct sk_buff *skb, const struct snic_16b *h,
			struct snic_arn_pkt *k)
{
	int end = ETH_HLEN + h->len * SNIC_16B_FLIT - SNIC_16B_TRAILER_LEN;
	int off = ETH_HLEN + SNIC_16B_HDR_LEN;
	const struct ethhdr *eth;
	const struct iphdr *ip;
	const __be16 *ports;
	struct ethhdr _eth;
	struct iphdr _ip;
	__be16 _ports[2];

	memset(k, 0, sizeof(*k));
	k->entropy = h->entropy;
	if (h->l4 != SNIC_L4_ETH ||
	    off + ETH_HLEN + (int)sizeof(_ip) + (int)sizeof(_ports) > end)
		return;
	eth = skb_header_pointer(skb, off, sizeof(_eth), &_eth);
	if (!eth || eth->h_proto != htons(ETH_P_IP))
		return;
	off += ETH_HLEN;
	ip = skb_header_pointer(skb, off, sizeof(_ip), &_ip);
	if (!ip || ip->version != 4 || ip->ihl < 5 || ip_is_fragment(ip) ||
	    (ip->protocol != IPPROTO_TCP && ip->protocol != IPPROTO_UDP))
		return;
	off += ip->ihl * 4;
	if (off + (int)sizeof(_ports) > end)
		return;
	ports = skb_header_pointer(skb, off, sizeof(_ports), _ports);
	if (!ports)
		return;
	k->has_tuple = true;
	k->saddr = ntohl(ip->saddr);
	k->daddr = ntohl(ip->daddr);
	k->sport = ntohs(ports[0]);
	k->dport = ntohs(ports[1]);
	k->proto = ip->protocol;
}

/*
 * The candidates the live per-flow notices tell flow @k to avoid in @b
 * (a bitmap). Expired notices (and link states) go first. ar->lock held.
 */
static u32 snic_ar_avoid(struct snic_ar *ar, struct snic_ar_bpt *b,
			 const struct snic_arn_pkt *k)
{
	u32 keys[SNIC_ARN_MAX_FLOWS], avoid = 0;
	int i, n;

	snic_arn_expire(&ar->links, snic_ar_now(ar));
	snic_ar_links_apply(ar, NULL, SNIC_BPT_WHY_EXPIRY);
	n = snic_arn_flow_links(&ar->links, k, keys, ARRAY_SIZE(keys));
	for (i = 0; i < n; i++)
		avoid |= snic_bpt_uses(&b->ent, keys[i]);
	return avoid;
}

/* UGAL-L's local queue: what @c's egress port holds (RCU). */
static u32 snic_ar_queued(const struct snic_bpt_cand *c, void *arg)
{
	struct snic_switch *sw = arg;
	struct snic_port *port;

	if (c->port > SNIC_MAX_PORTS)
		return 0;
	port = rcu_dereference(sw->port[c->port]);
	return port ? sch_snic_link_backlog(port->dev) : 0;
}

/*
 * The candidate of @b's flow bucket @f for a packet (per flow: the
 * lockless peek, else the entry's lock and the clock), or -1.
 */
static int snic_ar_flow_pick(struct snic_ar *ar, struct snic_ar_bpt *b,
			     struct snic_bpt_flow *f,
			     const struct snic_ar_params *p, bool local,
			     u32 hash, struct snic_port *in)
{
	unsigned long now_j = jiffies, seen;
	bool moved;
	u64 quiet;
	int i;

	seen = READ_ONCE(b->seen);
	if (seen != now_j)
		WRITE_ONCE(b->seen, now_j);
	i = snic_bpt_peek(&b->ent, f, p, local, hash);
	if (i != SNIC_BPT_DECIDE)
		return i;
	/* Quiet for the whole jiffies between (up to 1000 s), in fabric ns. */
	quiet = now_j - seen >= 2 ?
		div_u64(jiffies_to_nsecs(min(now_j - seen - 1, 1000UL * HZ)),
			READ_ONCE(ar->d) ?: 1) : 0;
	spin_lock_bh(&b->lock);
	i = snic_bpt_select(&b->ent, f, p, local, hash, snic_ar_read_clock(ar),
			    quiet, &moved);
	spin_unlock_bh(&b->lock);
	if (moved)
		snic_count(&in->stats, SNIC_STAT_AR_MOVES);
	return i;
}

/* Has SC @sc room to rise three times by @map (the comment below)? */
static bool snic_ar_sc_room(const struct snic_port *map, u8 sc)
{
	u8 sc1, sc2, sc3;

	if (!READ_ONCE(map->sc_remap))
		return false;
	sc1 = READ_ONCE(map->sc2sc[sc & (SNIC_NUM_SC - 1)]);
	sc2 = READ_ONCE(map->sc2sc[sc1 & (SNIC_NUM_SC - 1)]);
	sc3 = READ_ONCE(map->sc2sc[sc2 & (SNIC_NUM_SC - 1)]);
	return sc1 > sc && sc2 > sc1 && sc3 > sc2;
}

/* Does @port carry packets (up, with carrier)? */
static bool snic_ar_port_up(const struct snic_port *port)
{
	return netif_running(port->dev) && netif_carrier_ok(port->dev);
}

/* Is @b's minimal path, through @lft_port, known failed? */
static bool snic_ar_lft_failed(const struct snic_ar_bpt *b, u32 lft_port)
{
	return b->ent.n && b->ent.c[0].port == lft_port &&
	       READ_ONCE(b->ent.c[0].penalty) == SNIC_BPT_EXCLUDED;
}

/*
 * A packet in transit follows the LFT, unless the LFT's path is known
 * broken:
 *  - its port is a global link that is down or without carrier: the
 *    switch that sees its egress fail reroutes locally;
 *  - its port is a local link that the DLID's BPT entry @b lists first
 *    (the minimal path) and excludes: that link, or the next switch's
 *    global link, failed, and the packet would be dropped or turned back
 *    there. The switch reroutes ahead of the failure. (Checked only while
 *    the switch knows a failed link, ar->nfailed; it is written before
 *    the entries' penalties, unordered for a reader: a packet that sees
 *    a penalty before the count follows the LFT, as before the failure.)
 * The reroute is to the cheapest usable global link of its own that the
 * entry lists (another intermediate group, from where the LFT goes on),
 * not back over the link it came in on (nor, for one that came over a
 * global link, to that link's group: a packet that came over a local one
 * may go back to its source group), and only if the SC still has room to
 * rise three times there: on this hop and on the two global hops a path
 * may still take (back in its source group, whose adaptive routing may
 * send it through another intermediate group; the same SC2SC map on
 * every global link). So every global hop still raises the SC and the
 * VLs stay acyclic.
 *
 * A packet that came over a global link and has no such link here (its
 * only other one leads back, or is down too) may instead take one local
 * hop, to a neighbour whose global link the entry lists, has not seen
 * fail and does not lead back to the group the packet came from (the
 * neighbour, which sees it come over a local link, then takes the
 * cheapest of its own: the SC bounds where that goes). Only once this
 * switch's own entry excludes the minimal path: the monitor's run that
 * applies a failure sends its ARN just after, so the neighbour, whose
 * minimal path runs back through the failure, soon knows and reroutes
 * ahead of it (the case above) out of its global links. Until it does
 * (the ARN's latency; longer if ar_min_gap held the ARN back, until its
 * refresh) its LFT turns the packet back: fwd_drop_loop there over a
 * single link, or, over a parallel one, back here as from a local link,
 * where the SC, stepped, bounds it again. The hop leaves marked as an
 * in-group detour, and only with a detour step that raises the SC
 * (ar_detour_sc2sc) and room for three rises after it: the neighbour
 * steps the SC, so whatever it does next holds a buffer of a higher VL
 * than the hop, and no two local hops of one VL wait on each other, on
 * any group's shape. A packet that came over a local link never takes a
 * local hop here. A packet without room, or with nowhere to go, takes the
 * LFT's port as before (a dead one drops it: fwd_drop_egress, where it
 * came in).
 *
 * The cost: a transit packet to a global port reads its kind and
 * carrier, as the forwarding does anyway; while the switch knows a failed
 * link (ar->nfailed, any in its group's table), one to a local port also
 * looks up its entry and reads the minimal candidate. With ar_intm off, a
 * transit packet that came over a global link to a local port reads that
 * setting too (snic_ar_intm_hop()).
 */
static u32 snic_ar_transit(struct snic_switch *sw, struct snic_port *in,
			   const struct snic_16b *h,
			   const struct snic_ar_bpt *b, u32 lft_port,
			   bool *detour)
{
	u8 kind = READ_ONCE(in->ar.kind), want, sc = h->sc, dsc;
	u32 cost, best = SNIC_BPT_EXCLUDED, port = lft_port;
	u32 lbest = SNIC_BPT_EXCLUDED, lport = lft_port;
	u16 in_peer = READ_ONCE(in->ar.peer);
	bool from_global = kind == SNIC_AR_PORT_GLOBAL, hop;
	const struct snic_bpt_cand *c;
	struct snic_port *out;
	int i, n;

	/* A local hop to here: the SC it leaves with, stepped (switch.c). */
	if ((h->rc & SNIC_RC_DETOUR) && kind == SNIC_AR_PORT_LOCAL)
		sc = READ_ONCE(sw->ar.detour_sc2sc[sc & (SNIC_NUM_SC - 1)]);
	dsc = READ_ONCE(sw->ar.detour_sc2sc[sc & (SNIC_NUM_SC - 1)]);
	hop = from_global && snic_ar_lft_failed(b, lft_port) && dsc > sc &&
	      snic_ar_sc_room(in, dsc);
	n = min_t(int, b->ent.n, SNIC_BPT_CANDS);
	for (i = 0; i < n; i++) {
		c = &b->ent.c[i];
		cost = READ_ONCE(c->penalty);
		if (c->port == lft_port || c->port == in->num ||
		    c->port > SNIC_MAX_PORTS || cost == SNIC_BPT_EXCLUDED)
			continue;
		cost += c->cost;
		if (c->global && cost >= best)
			continue;
		/* a local hop: to a neighbour's global link, not back */
		if (!c->global &&
		    (!hop || c->detour || cost >= lbest ||
		     !(c->link[1] & SNIC_AR_LINK_GLOBAL) ||
		     SNIC_AR_LINK_PEER(c->link[1]) == in_peer))
			continue;
		want = c->global ? SNIC_AR_PORT_GLOBAL : SNIC_AR_PORT_LOCAL;
		out = rcu_dereference(sw->port[c->port]);
		if (!out || READ_ONCE(out->ar.kind) != want ||
		    !snic_ar_port_up(out))
			continue;
		if (!c->global) {
			lbest = cost;
			lport = c->port;
			continue;
		}
		if ((from_global && READ_ONCE(out->ar.peer) == in_peer) ||
		    !snic_ar_sc_room(out, sc))
			continue;
		best = cost;
		port = c->port;
	}
	if (port == lft_port && lport != lft_port) {
		port = lport;
		*detour = true;
	}
	if (port != lft_port)
		snic_count(&in->stats, SNIC_STAT_AR_REROUTE);
	return port;
}

/*
 * The intermediate switch of a non-minimal path (ar_intm): BookSim2's
 * Valiant goes through a random node; the source switch draws its group
 * (the BPT's candidates), this one, where the packet lands in that group,
 * draws its switch (core/arn.h snic_intm_pick()) over its local ports
 * that are up but those to the switch holding the exit link (@lft_out's
 * peer; a switch with parallel links to this one weighs as many). Per
 * packet a random draw, per flow (@mode) a hash of SLID, DLID and ENTROPY.
 *
 * The hop leaves marked as an in-group detour, with the guards of the
 * transit hop above: a detour step that raises the SC and room for three
 * rises after it. The intermediate switch steps the SC (switch.c) and
 * follows its LFT to the exit, as a packet from a local link, which
 * takes no local hop of its own. So with the packet's SC s on landing,
 * its buffers are the global link's in (VL s), the marked hop's to the
 * intermediate switch (VL s), the next hop's to the exit (VL s + 1) and
 * the next global link's (VL s + 2): channel ranks (2 x VL, plus one on a
 * local link) rise along it. That takes what the fabric manager sets up
 * (fabric up refuses ar_intm otherwise): fully connected groups with
 * minimal LFTs, so that the intermediate switch's LFT leads on to the
 * exit, not back; the same detour_sc2sc on every switch of the group;
 * LOCAL kinds on the ports inside the group.
 *
 * Not while the switch knows a failed link (the transit logic above
 * decides then), nor for a packet from or to a host of this group (one
 * that a reroute sent back here decides as a source packet would).
 */
static u32 snic_ar_intm_hop(struct snic_switch *sw, struct snic_port *in,
			    const struct snic_16b *h,
			    const struct snic_port *lft_out, u32 lft_port,
			    u8 mode, bool *detour)
{
	u16 exit_peer = READ_ONCE(lft_out->ar.peer);
	u32 lo = READ_ONCE(sw->ar.slid_min), hi = READ_ONCE(sw->ar.slid_max);
	struct snic_port *port;
	unsigned int n = 0;
	u8 sc = h->sc, dsc;
	u64 mask = 0;
	u32 r;
	int k;

	BUILD_BUG_ON(SNIC_MAX_PORTS > 64);
	if ((h->dlid >= lo && h->dlid <= hi) || (h->slid >= lo && h->slid <= hi))
		return lft_port;
	dsc = READ_ONCE(sw->ar.detour_sc2sc[sc & (SNIC_NUM_SC - 1)]);
	if (dsc <= sc || !snic_ar_sc_room(in, dsc))
		return lft_port;
	list_for_each_entry_rcu(port, &sw->ports, node) {
		if (READ_ONCE(port->ar.kind) != SNIC_AR_PORT_LOCAL ||
		    READ_ONCE(port->ar.peer) == exit_peer ||
		    !snic_ar_port_up(port))
			continue;
		mask |= BIT_ULL(port->num - 1);
		n++;
	}
	if (!n)
		return lft_port;
	if (mode == SNIC_AR_INTM_PACKET)
		r = get_random_u32();
	else
		r = jhash_3words(h->slid, h->dlid, h->entropy,
				 READ_ONCE(sw->ar.id));
	k = snic_intm_pick(r, n);
	if (k < 0)
		return lft_port;
	while (k--)
		mask &= mask - 1;	/* the k-th set bit */
	port = rcu_dereference(sw->port[__ffs64(mask) + 1]);
	if (!port)
		return lft_port;
	*detour = true;
	snic_count(&in->stats, SNIC_STAT_AR_INTM);
	return port->num;
}

u32 snic_ar_route(struct snic_switch *sw, struct snic_port *in,
		  const struct sk_buff *skb, const struct snic_16b *h,
		  u32 lft_port, bool *detour)
{
	u8 kind = READ_ONCE(in->ar.kind);
	u32 port = lft_port, hash, avoid, nodet;
	struct snic_ar_params p = {};
	struct snic_ar *ar = &sw->ar;
	struct snic_ar_bpt *b;
	struct snic_arn_pkt k;
	unsigned int bucket;
	int i, alt;
	bool local;

	if (!READ_ONCE(ar->nbpt))
		return lft_port;
	if (kind == SNIC_AR_PORT_GLOBAL || h->slid < READ_ONCE(ar->slid_min) ||
	    h->slid > READ_ONCE(ar->slid_max)) {
		struct snic_port *out = lft_port <= SNIC_MAX_PORTS ?
			rcu_dereference(sw->port[lft_port]) : NULL;
		u8 okind;

		if (!out)
			return lft_port;
		okind = READ_ONCE(out->ar.kind);
		if (okind == SNIC_AR_PORT_GLOBAL) {
			if (likely(snic_ar_port_up(out)))
				return lft_port;
		} else if (likely(!READ_ONCE(ar->nfailed)) ||
			   okind != SNIC_AR_PORT_LOCAL) {
			u8 mode = kind == SNIC_AR_PORT_GLOBAL &&
				  okind == SNIC_AR_PORT_LOCAL ?
				  READ_ONCE(ar->intm) : SNIC_AR_INTM_OFF;

			if (unlikely(mode))
				return snic_ar_intm_hop(sw, in, h, out,
							lft_port, mode, detour);
			return lft_port;
		}
		b = xa_load(&ar->bpt, h->dlid);
		if (!b || (okind == SNIC_AR_PORT_LOCAL &&
			   !snic_ar_lft_failed(b, lft_port)))
			return lft_port;
		return snic_ar_transit(sw, in, h, b, lft_port, detour);
	}
	b = xa_load(&ar->bpt, h->dlid);
	if (!b)
		return lft_port;
	/* Path state per flow bucket (the 16B ENTROPY's): the buckets of
	 * one entry spread over its equal-cost candidates.
	 */
	bucket = snic_bpt_bucket(h->entropy);
	hash = (u32)READ_ONCE(ar->id) * 2654435761u ^ h->dlid ^
	       bucket * 0x9e3779b9u;
	p.algorithm = READ_ONCE(ar->p.algorithm);
	p.hold_down_ns = READ_ONCE(ar->p.hold_down_ns);
	p.flowlet_ns = READ_ONCE(ar->p.flowlet_ns);
	/* Valiant chooses per flow, with no state. */
	if (p.algorithm == SNIC_AR_VALIANT)
		hash ^= (h->slid ^ (u32)h->entropy << 8) * 0x85ebca6bu;
	local = kind == SNIC_AR_PORT_LOCAL;
	/* Per packet: a draw of its own, no flow state (core/arn.h). */
	if (p.algorithm >= SNIC_AR_VALIANT_PACKET)
		i = snic_bpt_packet(&b->ent, &p, local, get_random_u32(),
				    snic_ar_queued, sw);
	else
		i = snic_ar_flow_pick(ar, b, &b->ent.f[bucket], &p, local,
				      hash, in);
	/* A detour needs a step that raises the SC (the comment on top):
	 * without one, the best other candidate, as for a per-flow notice.
	 */
	nodet = 0;
	if (unlikely(READ_ONCE(ar->detour_sc2sc[h->sc & (SNIC_NUM_SC - 1)]) <=
		     h->sc)) {
		for (alt = 0; alt < min_t(int, b->ent.n, SNIC_BPT_CANDS); alt++)
			if (b->ent.c[alt].detour)
				nodet |= BIT(alt);
		if (i >= 0 && (nodet & BIT(i)))
			i = snic_bpt_avoid(&b->ent, &p, local, hash, nodet);
	}
	/* A flow named by a per-flow ARN leaves the named link at once,
	 * alone: the rest of its bucket keeps the bucket's path.
	 */
	if (i >= 0 && READ_ONCE(ar->links.nflows)) {
		snic_ar_pkt(skb, h, &k);
		spin_lock_bh(&ar->lock);
		avoid = snic_ar_avoid(ar, b, &k);
		alt = avoid & BIT(i) ?
		      snic_bpt_avoid(&b->ent, &p, local, hash,
				     avoid | nodet) : -1;
		spin_unlock_bh(&ar->lock);
		if (alt >= 0) {
			i = alt;
			snic_count(&in->stats, SNIC_STAT_AR_FLOW_MOVED);
		}
	}
	if (i >= 0) {
		port = b->ent.c[i].port;
		*detour = b->ent.c[i].detour;
	}
	if (port != lft_port)
		snic_count(&in->stats, SNIC_STAT_AR_ALT);
	return port;
}

/* An ARN about @port's link, for the group. */
struct snic_ar_note {
	struct snic_arn a;
};

static void snic_ar_note(struct snic_ar *ar, struct snic_port *port, u8 type,
			 u8 metric, u64 now, struct snic_ar_note *n)
{
	struct snic_arn *a = &n->a;

	memset(a, 0, sizeof(*a));
	a->type = type;
	a->metric = type == SNIC_ARN_FAILED ? 255 : metric;
	a->params = SNIC_ARN_P_ORIGIN | SNIC_ARN_P_SEQ | SNIC_ARN_P_LIFETIME;
	a->group = READ_ONCE(ar->group);
	a->sw = READ_ONCE(ar->id);
	if (READ_ONCE(port->ar.kind) == SNIC_AR_PORT_GLOBAL) {
		a->params |= SNIC_ARN_P_PEER_GROUP;
		a->peer_group = READ_ONCE(port->ar.peer);
		a->index = port->num;
	} else {
		a->params |= SNIC_ARN_P_LOCAL_LINK;
		a->from = a->sw;
		a->to = READ_ONCE(port->ar.peer);
	}
	ar->seq = snic_arn_next_seq(ar->seq, ktime_get_ns());
	a->seq = ar->seq;
	a->lifetime_us = READ_ONCE(ar->life_us);
	port->ar.sent = now;
}

/*
 * The ports of the MFT entry of the group's ARN DLID @dlid (the group's
 * spanning tree, so a group that is not fully connected is reached)
 * into *@ports; false without one. RCU.
 */
static bool snic_ar_tree(struct snic_switch *sw, u32 dlid, u64 *ports)
{
	struct snic_mft_entry *m;

	m = xa_load(&sw->mft, dlid - SNIC_LID_MCAST_BASE);
	if (m)
		*ports = READ_ONCE(m->ports);
	return m;
}

/*
 * Send the ARN @buf (@len bytes) with header @h out of the local ports
 * in @ports that are up, but @in (where a relayed one came from), each
 * copy counted in @stat. RCU.
 */
static void snic_ar_xmit(struct snic_switch *sw, struct snic_port *in,
			 struct snic_16b *h, const u8 *buf, size_t len,
			 u64 ports, enum snic_stat stat)
{
	struct snic_port *port;
	struct sk_buff *skb;
	unsigned int size;

	list_for_each_entry_rcu(port, &sw->ports, node) {
		struct net_device *dev = port->dev;

		if (port == in || !(ports & BIT_ULL(port->num - 1)) ||
		    READ_ONCE(port->ar.kind) != SNIC_AR_PORT_LOCAL ||
		    !netif_running(dev) || !netif_carrier_ok(dev))
			continue;
		skb = alloc_skb(LL_RESERVED_SPACE(dev) + SNIC_ENCAP_HLEN + len +
				SNIC_ENCAP_TLEN, GFP_ATOMIC);
		if (!skb) {
			snic_count(&port->stats, SNIC_STAT_FWD_DROP_NOMEM);
			continue;
		}
		skb_reserve(skb, LL_RESERVED_SPACE(dev) + SNIC_ENCAP_HLEN);
		skb_put_data(skb, buf, len);
		if (snic_encap(skb, dev, h)) {
			kfree_skb(skb);
			snic_count(&port->stats, SNIC_STAT_FWD_DROP_NOMEM);
			continue;
		}
		skb->dev = dev;
		size = skb->len;
		if (sch_snic_xmit_taken(dev, dev_queue_xmit(skb))) {
			snic_count(&port->stats, stat);
			snic_stats_add(&port->stats, SNIC_STAT_TX_ARN_BYTES,
				       size);
		} else {
			snic_count(&port->stats, SNIC_STAT_FWD_DROP_QDISC);
		}
	}
}

/*
 * An event about ARN @a: sent (arn-tx, @port NULL: by the switch, to
 * @ports; @relay: not its own) or taken in on @port (arn-rx, @res).
 */
static void snic_ar_ev_arn(struct snic_switch *sw, struct snic_port *port,
			   const struct snic_arn *a, bool relay, u64 ports,
			   int res)
{
	struct net_device *dev = port ? port->dev : sw->dev;
	struct ratelimit_state *rs = port ? &port->ev_rs : &sw->ev_rs;
	struct snic_stats *stats = port ? &port->stats : &sw->stats;
	bool global = a->params & SNIC_ARN_P_PEER_GROUP;
	struct snic_ev *e;

	e = snic_ev_new(dev, rs, stats, port ? SNIC_EVENT_TYPE_ARN_RX :
					      SNIC_EVENT_TYPE_ARN_TX,
			snic_sw_ftime(sw));
	if (!e)
		return;
	snic_ev_put(e, SNIC_A_EVENT_LID, READ_ONCE(sw->lid));
	snic_ev_put(e, SNIC_A_EVENT_ARN_TYPE, a->type);
	snic_ev_put(e, SNIC_A_EVENT_METRIC, a->metric);
	snic_ev_put(e, SNIC_A_EVENT_GROUP, a->group);
	snic_ev_put(e, SNIC_A_EVENT_ORIGIN, a->sw);
	snic_ev_put(e, SNIC_A_EVENT_GLOBAL, global);
	snic_ev_put(e, SNIC_A_EVENT_LINK_A, global ? a->peer_group : a->from);
	snic_ev_put(e, SNIC_A_EVENT_LINK_B, global ? a->index : a->to);
	snic_ev_put(e, SNIC_A_EVENT_SEQ, a->seq);
	if (port) {
		snic_ev_put(e, SNIC_A_EVENT_PORT, port->num);
		snic_ev_put(e, SNIC_A_EVENT_RES, res);
	} else {
		snic_ev_put(e, SNIC_A_EVENT_RELAY, relay);
		snic_ev_put(e, SNIC_A_EVENT_PORTS, ports);
	}
	snic_ev_queue(e, stats);
}

/* Send @n, an ARN of our own, to the group. RCU. */
static void snic_ar_send(struct snic_switch *sw, const struct snic_ar_note *n)
{
	struct snic_16b h = {
		.slid = READ_ONCE(sw->lid), .dlid = READ_ONCE(sw->ar.dlid),
		.sc = SNIC_SC_MGMT, .l4 = SNIC_L4_MGMT, .pkey = 0xffff,
	};
	u64 ports = U64_MAX;	/* every local port without a tree */
	u8 buf[SNIC_ARN_LEN_MAX];
	size_t len;

	len = snic_arn_encode(&n->a, buf, sizeof(buf));
	if (!len || !h.dlid)
		return;
	snic_ar_tree(sw, h.dlid, &ports);
	trace_arn_tx(sw, &n->a, false, ports);
	snic_ar_ev_arn(sw, NULL, &n->a, false, ports, 0);
	snic_ar_xmit(sw, NULL, &h, buf, len, ports, SNIC_STAT_TX_ARN);
}

/*
 * The utilization of @port's egress since the last sample, 255 x the
 * bytes sent over what its line rate allows in that fabric time, folded
 * into an EWMA of weight 1/4; returned capped at 255. 0 on a link without
 * a rate. ar->lock held.
 */
static u8 snic_ar_util(struct snic_port *port, u64 now)
{
	struct snic_port_ar *pa = &port->ar;
	u64 bytes = sch_snic_link_bytes(port->dev), rate, cap, lvl = 0;
	u32 d;

	sch_snic_link_time(port->dev, &rate, &d);
	/* A first sample, or a new qdisc (its count starts over): only a
	 * baseline.
	 */
	if (pa->util_at && now > pa->util_at && rate &&
	    bytes >= pa->util_bytes) {
		cap = mul_u64_u64_div_u64(rate, now - pa->util_at,
					  NSEC_PER_SEC) ?: 1;
		/* Not capped at 255 before the average: a sample period
		 * shorter than a packet sees it all at once, then nothing.
		 */
		lvl = min_t(u64, div64_u64((bytes - pa->util_bytes) * 255, cap),
			    255 * 64);
	}
	pa->util_bytes = bytes;
	pa->util_at = now;
	pa->util_ewma = pa->util_ewma - pa->util_ewma / 4 +
			((u32)lvl << 8) / 4;
	return min_t(u32, pa->util_ewma >> 8, 255);
}

/*
 * An event about @port's link (already applied to our own table): send
 * @repeat copies of an ARN of @type, one a sample period, unless one of
 * that type about the port went less than min_gap ago (the rate limit
 * per port and type: then counted, and not sent). ar->lock held.
 */
static void snic_ar_event(struct snic_ar *ar, struct snic_port *port,
			  u8 type, u8 repeat, u64 now)
{
	u64 gap = (u64)READ_ONCE(ar->min_gap_us) * NSEC_PER_USEC;
	struct snic_port_ar *pa = &port->ar;

	pa->type = type;
	if (gap && pa->last[type] && now - pa->last[type] < gap) {
		pa->repeat = 0;
		/* Not sent: nor refreshed before a refresh period. */
		pa->sent = now;
		snic_count(&port->stats, SNIC_STAT_AR_LIMITED);
		return;
	}
	pa->last[type] = now;
	pa->repeat = repeat;
}

/*
 * Sample @port (ar->lock held): apply what changed to our own link. What
 * to tell the group is snic_ar_take_note()'s, which may wait for a later
 * run: a sample is never skipped.
 */
static void snic_ar_sample(struct snic_switch *sw, struct snic_port *port,
			   u64 now)
{
	struct snic_ar *ar = &sw->ar;
	struct snic_port_ar *pa = &port->ar;
	u64 hold = (u64)READ_ONCE(ar->recovery_us) * NSEC_PER_USEC ?:
		   2ULL * READ_ONCE(ar->period_us) * NSEC_PER_USEC;
	u8 repeat = READ_ONCE(ar->repeat);
	u32 key = snic_ar_key(ar, port);
	bool up = netif_running(port->dev) && netif_carrier_ok(port->dev);
	u8 level;

	if (!up) {
		pa->up_since = 0;
		if (!pa->failed) {
			pa->failed = true;
			memset(&pa->mon, 0, sizeof(pa->mon));
			memset(&pa->umon, 0, sizeof(pa->umon));
			pa->cong = false;
			pa->util_at = 0;
			pa->util_ewma = 0;
			snic_arn_set_link(&ar->links, key, SNIC_LINK_FAILED,
					  255, 0);
			snic_ar_event(ar, port, SNIC_ARN_FAILED, repeat, now);
			snic_count(&port->stats, SNIC_STAT_AR_DETECTED);
		}
	} else if (pa->failed) {
		if (!pa->up_since) {
			pa->up_since = now;
		} else if (now - pa->up_since >= hold) {
			pa->failed = false;
			snic_arn_set_link(&ar->links, key, SNIC_LINK_OK, 0, 0);
			snic_ar_event(ar, port, SNIC_ARN_RECOVERED, repeat,
				      now);
		}
	} else if (READ_ONCE(ar->lost_route_only)) {
		pa->util_at = 0;	/* not sampled: a fresh baseline later */
	} else {
		u8 detect = READ_ONCE(ar->detect), util;
		bool cong;

		level = sch_snic_link_level(port->dev);
		util = snic_ar_util(port, now);
		snic_arn_sample(&pa->mon, &ar->thr, level);
		snic_arn_sample(&pa->umon, &ar->uthr, util);
		cong = (detect != SNIC_AR_DETECT_UTIL && pa->mon.congested) ||
		       (detect != SNIC_AR_DETECT_QUEUE && pa->umon.congested);
		if (cong && !pa->cong) {
			pa->metric = max(level, util);
			snic_arn_set_link(&ar->links, key, SNIC_LINK_CONGESTED,
					  pa->metric, 0);
			snic_ar_event(ar, port, SNIC_ARN_CONGESTED, 1, now);
			snic_count(&port->stats, SNIC_STAT_AR_DETECTED);
		} else if (!cong && pa->cong) {
			snic_arn_set_link(&ar->links, key, SNIC_LINK_OK, 0, 0);
			snic_ar_event(ar, port, SNIC_ARN_ELIMINATED, 1, now);
		}
		pa->cong = cong;
	}
}

/*
 * What @port's state has to tell the group now (ar->lock held): true if
 * @n is to be sent. A note left untaken (the run's batch was full) is
 * taken by a later run.
 */
static bool snic_ar_take_note(struct snic_switch *sw, struct snic_port *port,
			      u64 now, struct snic_ar_note *n)
{
	struct snic_ar *ar = &sw->ar;
	struct snic_port_ar *pa = &port->ar;
	u64 refresh = (u64)READ_ONCE(ar->refresh_us) * NSEC_PER_USEC ?:
		      (u64)READ_ONCE(ar->life_us) * NSEC_PER_USEC / 2;

	if (pa->repeat) {
		pa->repeat--;
		snic_ar_note(ar, port, pa->type,
			     255 - max(pa->mon.level, pa->umon.level), now, n);
		if (pa->type == SNIC_ARN_CONGESTED)
			n->a.metric = pa->metric;
		return true;
	}
	/* While it lasts, again every refresh period (half the lifetime by
	 * default), with the metric first announced: a refresh renews the
	 * lifetime, and a level that moved would make every receiver
	 * re-evaluate its table as for news.
	 */
	if ((pa->failed || pa->cong) && now - pa->sent >= refresh) {
		snic_ar_note(ar, port, pa->failed ? SNIC_ARN_FAILED :
				       SNIC_ARN_CONGESTED, pa->metric, now, n);
		return true;
	}
	return false;
}

static enum hrtimer_restart snic_ar_fire(struct hrtimer *t)
{
	struct snic_ar *ar = container_of(t, struct snic_ar, timer);
	struct snic_switch *sw = container_of(ar, struct snic_switch, ar);
	struct snic_ar_note note[8];
	enum hrtimer_restart ret;
	struct snic_port *port;
	bool more = false;
	int i, n = 0;
	u64 now;

	rcu_read_lock();
	spin_lock_bh(&ar->lock);
	if (ar->dead) {
		spin_unlock_bh(&ar->lock);
		rcu_read_unlock();
		return HRTIMER_NORESTART;
	}
	WRITE_ONCE(ar->d, snic_ar_dilation(sw));
	now = snic_ar_now(ar);
	snic_arn_expire(&ar->links, now);
	snic_ar_links_apply(ar, NULL, SNIC_BPT_WHY_EXPIRY);
	/* Every port is sampled every run, and its own table follows at
	 * once; only the notes to the group go in batches: a port whose
	 * note does not fit in this run's has it taken by the next, which
	 * comes at once.
	 */
	list_for_each_entry_rcu(port, &sw->ports, node) {
		if (READ_ONCE(port->ar.kind) == SNIC_AR_PORT_NONE)
			continue;
		snic_ar_sample(sw, port, now);
		if (n < ARRAY_SIZE(note))
			n += snic_ar_take_note(sw, port, now, &note[n]);
		else if (port->ar.repeat)
			more = true;
		snic_ar_links_apply(ar, &port->stats, SNIC_BPT_WHY_MONITOR);
	}
	spin_unlock_bh(&ar->lock);
	for (i = 0; i < n; i++)
		snic_ar_send(sw, &note[i]);
	rcu_read_unlock();

	/* A port event or new settings may have started the timer again
	 * meanwhile (under the lock): then it is queued and must not be
	 * moved.
	 */
	spin_lock_bh(&ar->lock);
	if (ar->dead || hrtimer_is_queued(t)) {
		ret = HRTIMER_NORESTART;
	} else if (more) {
		hrtimer_forward_now(t, 0);
		ret = HRTIMER_RESTART;
	} else if (!READ_ONCE(ar->period_us)) {
		ret = HRTIMER_NORESTART;
	} else {
		hrtimer_forward_now(t, snic_ar_period(ar));
		ret = HRTIMER_RESTART;
	}
	spin_unlock_bh(&ar->lock);
	return ret;
}

/* Run the monitor now (a port changed), if it runs. RTNL. */
void snic_ar_port_event(struct snic_switch *sw, struct snic_port *port)
{
	struct snic_ar *ar = &sw->ar;

	if (READ_ONCE(port->ar.kind) == SNIC_AR_PORT_NONE)
		return;
	spin_lock_bh(&ar->lock);
	if (!ar->dead && READ_ONCE(ar->period_us))
		hrtimer_start(&ar->timer, 0, HRTIMER_MODE_REL_SOFT);
	spin_unlock_bh(&ar->lock);
}

/* RTNL. */
int snic_ar_port_set(struct snic_switch *sw, struct snic_port *port, u8 kind,
		     u16 peer)
{
	struct snic_ar *ar = &sw->ar;

	spin_lock_bh(&ar->lock);
	/* Forget what the monitor knew of the old link. */
	if (port->ar.kind != SNIC_AR_PORT_NONE)
		snic_arn_set_link(&ar->links, snic_ar_key(ar, port),
				  SNIC_LINK_OK, 0, 0);
	memset(&port->ar, 0, sizeof(port->ar));
	WRITE_ONCE(port->ar.kind, kind);
	WRITE_ONCE(port->ar.peer, peer);
	snic_ar_links_apply(ar, NULL, SNIC_BPT_WHY_CONFIG);
	spin_unlock_bh(&ar->lock);
	return 0;
}

/* @b is stored at no DLID: out of the index, and freed. RTNL. */
static void snic_ar_bpt_release(struct snic_ar *ar, struct snic_ar_bpt *b)
{
	int k;

	spin_lock_bh(&ar->lock);
	for (k = 0; k < b->nlinks; k++)
		hash_del(&b->ln[k].node);
	spin_unlock_bh(&ar->lock);
	kfree_rcu(b, rcu);
}

/* @b is stored at one DLID less. RTNL. */
static void snic_ar_bpt_put(struct snic_ar *ar, struct snic_ar_bpt *b)
{
	WRITE_ONCE(ar->nbpt, ar->nbpt - 1);
	if (!--b->refs)
		snic_ar_bpt_release(ar, b);
}

/*
 * Replace (n > 0) or delete the BPT entries of DLIDs @dlid..@last: one
 * entry for them all. Every slot is reserved first, so a replacement
 * either happens whole or leaves the table as it was. RTNL.
 */
int snic_ar_bpt_set(struct snic_switch *sw, u32 dlid, u32 last,
		    const struct snic_bpt_cand *c, int n)
{
	struct snic_ar *ar = &sw->ar;
	struct snic_ar_bpt *b, *old;
	bool found = false;
	u32 idx;
	int i, err;

	if (!n) {
		for (idx = dlid; idx <= last; idx++) {
			old = xa_erase(&ar->bpt, idx);
			if (old) {
				snic_ar_bpt_put(ar, old);
				found = true;
			}
		}
		if (!found)
			return -ENOENT;
		snic_cfg_changed();
		return 0;
	}
	b = kzalloc(sizeof(*b), GFP_KERNEL);
	if (!b)
		return -ENOMEM;
	spin_lock_init(&b->lock);
	b->ent.n = n;
	for (i = 0; i < n; i++) {
		b->ent.c[i] = c[i];
		b->ent.c[i].penalty = 0;
	}
	for (idx = dlid; idx <= last; idx++) {
		err = xa_reserve(&ar->bpt, idx, GFP_KERNEL);
		if (err) {
			while (idx-- > dlid)
				xa_release(&ar->bpt, idx);
			kfree(b);
			return err;
		}
	}
	b->refs = last - dlid + 1;
	b->dlid = dlid;
	b->last = last;
	/* Indexed first: states that change from here on re-evaluate it. */
	spin_lock_bh(&ar->lock);
	snic_ar_bpt_index(ar, b);
	snic_bpt_refresh(&b->ent, &ar->links);
	spin_unlock_bh(&ar->lock);
	for (idx = dlid; idx <= last; idx++) {
		/* reserved: no allocation, no error */
		old = xa_store(&ar->bpt, idx, b, GFP_KERNEL);
		if (WARN_ON_ONCE(xa_is_err(old))) {
			b->refs--;
			continue;
		}
		WRITE_ONCE(ar->nbpt, ar->nbpt + 1);
		if (old)
			snic_ar_bpt_put(ar, old);
	}
	if (!b->refs)
		snic_ar_bpt_release(ar, b);
	snic_cfg_changed();
	return 0;
}

/*
 * Copy up to @n BPT entries from DLID *@pos on, each with the run of
 * DLIDs it covers from there (@dlid..@last). RTNL.
 */
int snic_ar_bpt_dump(struct snic_ar *ar, unsigned long *pos, u32 *dlid,
		     u32 *last, struct snic_bpt_ent *out, int n)
{
	struct snic_ar_bpt *b, *prev = NULL;
	unsigned long idx;
	int got = 0;

	spin_lock_bh(&ar->lock);
	xa_for_each_start(&ar->bpt, idx, b, *pos) {
		if (got && b == prev && idx == last[got - 1] + 1) {
			last[got - 1] = idx;
			*pos = idx + 1;
			continue;
		}
		if (got == n)
			break;
		dlid[got] = idx;
		last[got] = idx;
		spin_lock(&b->lock);
		out[got++] = b->ent;
		spin_unlock(&b->lock);
		prev = b;
		*pos = idx + 1;
	}
	spin_unlock_bh(&ar->lock);
	return got;
}

static enum snic_stat snic_ar_err_stat(enum snic_arn_err err)
{
	switch (err) {
	case SNIC_ARN_ESHORT:
		return SNIC_STAT_RX_DROP_ARN_SHORT;
	case SNIC_ARN_EVERSION:
		return SNIC_STAT_RX_DROP_ARN_VERSION;
	case SNIC_ARN_ETYPE:
		return SNIC_STAT_RX_DROP_ARN_TYPE;
	default:
		return SNIC_STAT_RX_DROP_ARN_FIELD;
	}
}

/* Consume @skb, an ARN that came in on @in (data at its 16B header). */
void snic_ar_rx(struct snic_switch *sw, struct snic_port *in,
		struct sk_buff *skb, const struct snic_16b *h, size_t payload)
{
	struct snic_ar *ar = &sw->ar;
	u8 buf[SNIC_ARN_LEN_MAX];
	enum snic_arn_apply res;
	enum snic_arn_err err;
	enum snic_stat why;
	struct snic_arn a;
	const u8 *p;
	size_t len;
	u64 now, ports;

	len = min_t(size_t, payload, sizeof(buf));
	p = skb_header_pointer(skb, SNIC_16B_HDR_LEN, len, buf);
	err = p ? snic_arn_decode(p, len, &a) : SNIC_ARN_ESHORT;
	if (err) {
		why = snic_ar_err_stat(err);
		goto drop;
	}
	if (a.group != READ_ONCE(ar->group)) {
		why = SNIC_STAT_RX_DROP_ARN_GROUP;
		goto drop;
	}
	if (a.sw == READ_ONCE(ar->id)) {
		why = SNIC_STAT_RX_DROP_ARN_SELF;
		goto drop;
	}
	spin_lock_bh(&ar->lock);
	now = snic_ar_now(ar);
	snic_arn_expire(&ar->links, now);
	snic_ar_links_apply(ar, NULL, SNIC_BPT_WHY_EXPIRY);
	res = snic_arn_learn(&ar->links, &a, now,
			     (u64)READ_ONCE(ar->life_us) * NSEC_PER_USEC);
	snic_ar_links_apply(ar, &in->stats, SNIC_BPT_WHY_ARN);
	spin_unlock_bh(&ar->lock);
	trace_arn_rx(sw, in, &a, res);
	snic_ar_ev_arn(sw, in, &a, false, 0, res);
	snic_count(&in->stats, SNIC_STAT_RX_ARN);
	/* On along the group's tree: only with an MFT entry (without one,
	 * the origin sent it to every switch it links to), only what came
	 * from a switch of the group (a local port), and only news by a
	 * sequence number, so that even an MFT with a loop in it carries
	 * an ARN once around at most.
	 */
	if (res != SNIC_ARN_STALE && (a.params & SNIC_ARN_P_SEQ) &&
	    READ_ONCE(in->ar.kind) == SNIC_AR_PORT_LOCAL &&
	    snic_ar_tree(sw, h->dlid, &ports)) {
		struct snic_16b r = {
			.slid = h->slid, .dlid = h->dlid, .sc = SNIC_SC_MGMT,
			.l4 = SNIC_L4_MGMT, .pkey = h->pkey,
		};

		trace_arn_tx(sw, &a, true, ports);
		snic_ar_ev_arn(sw, NULL, &a, true, ports, 0);
		snic_ar_xmit(sw, in, &r, p, len, ports,
			     SNIC_STAT_TX_ARN_RELAY);
	}
	if (res == SNIC_ARN_STALE)
		snic_count(&in->stats, SNIC_STAT_ARN_STALE);
	else if (res == SNIC_ARN_FULL)
		snic_count(&in->stats, SNIC_STAT_ARN_FULL);
	else if (res == SNIC_ARN_APPLIED)
		snic_count(&in->stats, SNIC_STAT_ARN_CHANGED);
	consume_skb(skb);
	return;

drop:
	snic_count(&in->stats, why);
	kfree_skb(skb);
}

/* Caller holds RTNL; the values were checked. */
void snic_ar_configure(struct snic_switch *sw, const struct snic_ar_config *c)
{
	struct snic_ar *ar = &sw->ar;
	struct snic_port *port;
	bool start;

	if (c->has_group)
		WRITE_ONCE(ar->group, c->group);
	if (c->has_id)
		WRITE_ONCE(ar->id, c->id);
	if (c->has_life)
		WRITE_ONCE(ar->life_us, c->life_us);
	if (c->has_lost_route)
		WRITE_ONCE(ar->lost_route_only, c->lost_route_only);
	if (c->has_slid) {
		WRITE_ONCE(ar->slid_min, c->slid_min);
		WRITE_ONCE(ar->slid_max, c->slid_max);
	}
	if (c->has_refresh)
		WRITE_ONCE(ar->refresh_us, c->refresh_us);
	if (c->has_repeat)
		WRITE_ONCE(ar->repeat, c->repeat);
	if (c->has_recovery)
		WRITE_ONCE(ar->recovery_us, c->recovery_us);
	if (c->has_min_gap)
		WRITE_ONCE(ar->min_gap_us, c->min_gap_us);
	if (c->has_detect)
		WRITE_ONCE(ar->detect, c->detect);
	if (c->has_detour) {
		int sc;

		for (sc = 0; sc < SNIC_NUM_SC; sc++)
			WRITE_ONCE(ar->detour_sc2sc[sc], c->detour_sc2sc[sc]);
	}
	if (c->has_intm)
		WRITE_ONCE(ar->intm, c->intm);
	/* Last: a new DLID starts with the rest in place. */
	if (c->has_dlid)
		WRITE_ONCE(ar->dlid, c->dlid);
	if (c->has_period)
		WRITE_ONCE(ar->period_us, c->period_us);
	WRITE_ONCE(ar->d, snic_ar_dilation(sw));

	spin_lock_bh(&ar->lock);
	if (c->has_thr) {
		ar->thr.set = c->thr.set;
		ar->thr.clear = c->thr.clear;
	}
	if (c->has_samples) {
		ar->thr.set_samples = c->thr.set_samples;
		ar->thr.clear_samples = c->thr.clear_samples;
	}
	if (c->has_uthr) {
		ar->uthr.set = c->uthr.set;
		ar->uthr.clear = c->uthr.clear;
	}
	if (c->has_usamples) {
		ar->uthr.set_samples = c->uthr.set_samples;
		ar->uthr.clear_samples = c->uthr.clear_samples;
	}
	if (c->has_hold_down)
		WRITE_ONCE(ar->p.hold_down_ns,
			   (u64)c->hold_down_us * NSEC_PER_USEC);
	if (c->has_flowlet)
		WRITE_ONCE(ar->p.flowlet_ns,
			   (u64)c->flowlet_us * NSEC_PER_USEC);
	if (c->has_algorithm)
		WRITE_ONCE(ar->p.algorithm, c->algorithm);
	if (c->has_group || c->has_id || c->has_dlid) {
		/* Another group (or none): start over, the monitor too. */
		snic_arn_reset(&ar->links);
		list_for_each_entry(port, &sw->ports, node) {
			u8 kind = port->ar.kind;
			u16 peer = port->ar.peer;

			memset(&port->ar, 0, sizeof(port->ar));
			port->ar.kind = kind;
			port->ar.peer = peer;
		}
		snic_ar_links_apply(ar, NULL, SNIC_BPT_WHY_CONFIG);
	}
	start = !ar->dead && ar->period_us && c->has_period;
	if (start)
		hrtimer_start(&ar->timer, snic_ar_period(ar),
			      HRTIMER_MODE_REL_SOFT);
	spin_unlock_bh(&ar->lock);
	if (c->has_period && !c->period_us)
		hrtimer_cancel(&ar->timer);
}

void snic_ar_read(struct snic_ar *ar, struct snic_ar_config *c)
{
	int i;

	c->dlid = READ_ONCE(ar->dlid);
	c->group = READ_ONCE(ar->group);
	c->id = READ_ONCE(ar->id);
	c->life_us = READ_ONCE(ar->life_us);
	c->period_us = READ_ONCE(ar->period_us);
	c->lost_route_only = READ_ONCE(ar->lost_route_only);
	c->slid_min = READ_ONCE(ar->slid_min);
	c->slid_max = READ_ONCE(ar->slid_max);
	c->refresh_us = READ_ONCE(ar->refresh_us);
	c->repeat = READ_ONCE(ar->repeat);
	c->recovery_us = READ_ONCE(ar->recovery_us);
	c->min_gap_us = READ_ONCE(ar->min_gap_us);
	c->detect = READ_ONCE(ar->detect);
	for (i = 0; i < SNIC_NUM_SC; i++)
		c->detour_sc2sc[i] = READ_ONCE(ar->detour_sc2sc[i]);
	c->intm = READ_ONCE(ar->intm);
	spin_lock_bh(&ar->lock);
	c->thr = ar->thr;
	c->uthr = ar->uthr;
	c->hold_down_us = div_u64(ar->p.hold_down_ns, NSEC_PER_USEC);
	c->flowlet_us = div_u64(ar->p.flowlet_ns, NSEC_PER_USEC);
	c->algorithm = ar->p.algorithm;
	spin_unlock_bh(&ar->lock);
}

/*
 * Copy the live link states from slot @pos on into @out (at most @n),
 * their slots into @slot, their remaining lifetime (ns) into @left.
 */
int snic_ar_dump_links(struct snic_ar *ar, u32 pos, struct snic_arn_link *out,
		       u32 *slot, u64 *left, int n)
{
	int got = 0;
	u64 now;

	spin_lock_bh(&ar->lock);
	now = snic_ar_now(ar);
	snic_arn_expire(&ar->links, now);
	snic_ar_links_apply(ar, NULL, SNIC_BPT_WHY_EXPIRY);
	for (; pos < SNIC_ARN_MAX_LINKS && got < n; pos++) {
		const struct snic_arn_link *l = &ar->links.l[pos];

		if (!l->key)
			continue;
		out[got] = *l;
		left[got] = l->expires > now ? l->expires - now : 0;
		slot[got++] = pos;
	}
	spin_unlock_bh(&ar->lock);
	return got;
}
