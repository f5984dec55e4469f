/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Adaptive Routing Notification (kernel-independent; shared by snic.ko,
 * KUnit, the host unit tests and the fuzzers). Semantics: the IETF draft
 * draft-wh-rtgwg-adaptive-routing-arn, with its TBDs filled in as
 * Documentation/networking/snic.rst says.
 *
 *  codec  the ARN payload of a 16B management packet: a 32-bit header
 *         (type, version 0 | reserved, metric, parameter bitmap), then the
 *         parameters present, in bit order, each a multiple of 4 bytes.
 *         Every field is checked; one error per reason.
 *  links  what a switch knows of the links of its group: a small table
 *         of links reported congested (with a metric) or failed, each
 *         with a lifetime, so a lost "eliminated" cannot pin traffic on a
 *         worse path. Sequence numbers per origin switch drop stale and
 *         repeated notifications.
 *  BPT    Best Path Table: per DLID, up to SNIC_BPT_CANDS candidate
 *         egress ports, each with a cost and the links of the group it
 *         depends on (its own first link and the via switch's global
 *         link). A candidate through a failed link is out at once; one
 *         through a congested link costs its metric more. Traffic moves
 *         to a better candidate only at a flowlet gap, and back to a
 *         cheaper path only after a hold-down time since the last change
 *         (the draft's P1 < P2 rule). Equal-cost candidates are spread by
 *         a hash (greedy-random) or the first is taken (greedy).
 *  monitor  per egress port, the hysteresis that turns samples of its
 *         queue into congestion detected / eliminated.
 *
 * Times are in nanoseconds; the caller picks the clock.
 */
#ifndef _SNIC_CORE_ARN_H
#define _SNIC_CORE_ARN_H

#include "core_types.h"
#ifdef __KERNEL__
#include <uapi/linux/snic_wire.h>
#else
#include <linux/snic_wire.h>
#endif

/* Wire: header and parameters. */
#define SNIC_ARN_HDR_LEN	4
#define SNIC_ARN_VERSION	0
#define SNIC_ARN_LEN_MAX	256	/* header + every parameter + EXT */

enum snic_arn_type {
	SNIC_ARN_CONGESTED	= 1,	/* metric: congestion level */
	SNIC_ARN_ELIMINATED	= 2,	/* metric: spare capacity */
	SNIC_ARN_FAILED		= 3,	/* metric: 255 */
	SNIC_ARN_RECOVERED	= 4,	/* metric: spare capacity */
};

#define SNIC_ARN_P_ORIGIN	0x01	/* be16 group, be16 switch */
#define SNIC_ARN_P_PEER_GROUP	0x02	/* be16 peer group, be16 link index */
#define SNIC_ARN_P_LOCAL_LINK	0x04	/* be16 from switch, be16 to switch */
#define SNIC_ARN_P_SEQ		0x08	/* be32 */
#define SNIC_ARN_P_LIFETIME	0x10	/* be32 us */
#define SNIC_ARN_P_PATH_ID	0x20	/* be32 */
#define SNIC_ARN_P_FLOW		0x40	/* be32 saddr, be32 daddr, be16 sport,
					 * be16 dport, u8 proto, 3 pad
					 */
#define SNIC_ARN_P_EXT		0x80	/* be16 length (4..SNIC_ARN_LEN_MAX,
					 * x4, this word included), be16 0,
					 * then TLVs (not interpreted)
					 */

/* Ranges of the identifiers (they make a link key, below). */
#define SNIC_ARN_SWITCH_MAX	2047
#define SNIC_ARN_GROUP_MAX	4095
#define SNIC_ARN_INDEX_MAX	255

struct snic_arn {
	u8 type;
	u8 metric;
	u8 params;		/* SNIC_ARN_P_* present */
	u16 group, sw;		/* ORIGIN */
	u16 peer_group, index;	/* PEER_GROUP */
	u16 from, to;		/* LOCAL_LINK */
	u32 seq;
	u32 lifetime_us;
	u32 path_id;
	u32 saddr, daddr;	/* FLOW, host order */
	u16 sport, dport;
	u8 proto;
};

enum snic_arn_err {
	SNIC_ARN_OK = 0,
	SNIC_ARN_ESHORT,	/* truncated header or parameter */
	SNIC_ARN_EVERSION,	/* version not 0 */
	SNIC_ARN_ETYPE,		/* type not 1..4 */
	SNIC_ARN_EFIELD,	/* a field out of range, or a missing one */
};

/*
 * A valid ARN has ORIGIN and exactly one of PEER_GROUP (a global link of
 * the origin switch) and LOCAL_LINK (an intra-group link from the origin
 * switch); a failure carries metric 255.
 */
enum snic_arn_err snic_arn_decode(const u8 *buf, size_t len,
				  struct snic_arn *a);
/* Bytes written (the parameters in a->params; no EXT), or 0 if @len is
 * too small or the ARN is not valid.
 */
size_t snic_arn_encode(const struct snic_arn *a, u8 *buf, size_t len);

/*
 * Link keys: a global link is (switch, peer group, link index), an
 * intra-group link (from switch, to switch). 0 is no link. The layout is
 * the UAPI's (SNIC_AR_LINK_G/_L): snicctl reads and writes the same keys.
 */
u32 snic_arn_link_key(const struct snic_arn *a);

/* Link states. */
#define SNIC_ARN_MAX_LINKS	64
#define SNIC_ARN_MAX_ORIGINS	64	/* switches per group tracked */
/* An origin not heard from for this long is forgotten: twice the longest
 * LIFETIME, so no state of it is left to protect from stale ARNs.
 */
#define SNIC_ARN_ORIGIN_AGE_NS	200000000000ULL

enum snic_link_state {
	SNIC_LINK_OK,
	SNIC_LINK_CONGESTED,
	SNIC_LINK_FAILED,
};

struct snic_arn_link {
	u32 key;		/* 0: a free slot */
	u8 state;		/* enum snic_link_state */
	u8 metric;
	u64 expires;
};

struct snic_arn_origin {
	u16 sw;
	bool used;
	u32 seq;
	u64 heard;		/* ns: its last ARN (newer or not) */
};

#define SNIC_ARN_MAX_FLOWS	32	/* per-flow notices (below) */

struct snic_arn_flow {
	u32 key;		/* the link, 0: a free slot */
	u8 params;		/* SNIC_ARN_P_PATH_ID and/or _FLOW */
	u16 entropy;
	u32 saddr, daddr;
	u16 sport, dport;
	u8 proto;
	u64 expires;
};

/* Links whose state changed, kept for the owner's index (below). */
#define SNIC_ARN_CHANGED	8

struct snic_arn_links {
	struct snic_arn_link l[SNIC_ARN_MAX_LINKS];
	struct snic_arn_origin o[SNIC_ARN_MAX_ORIGINS];
	struct snic_arn_flow f[SNIC_ARN_MAX_FLOWS];
	u8 nflows;		/* live notices (read locklessly) */
	u8 nchanged;
	bool changed_all;	/* more than SNIC_ARN_CHANGED changed */
	u32 changed[SNIC_ARN_CHANGED];
};

enum snic_arn_apply {
	SNIC_ARN_APPLIED,	/* the link's state changed */
	SNIC_ARN_REFRESHED,	/* same state, lifetime renewed */
	SNIC_ARN_STALE,		/* sequence number not newer */
	SNIC_ARN_FULL,		/* no room for another link or origin */
};

/*
 * Learn @a at @now; @life_ns when it carries no LIFETIME. A per-flow ARN
 * adds, renews or removes a notice (when all are taken, it replaces the
 * one that expires first: SNIC_ARN_FULL).
 */
enum snic_arn_apply snic_arn_learn(struct snic_arn_links *t,
				   const struct snic_arn *a, u64 now,
				   u64 life_ns);
/*
 * The SEQ of the next ARN a switch sends, its last one being @last: the
 * monotonic clock in microseconds, or @last + 1 if that is not newer. A
 * switch deleted and created again thus starts above every number it
 * used before (its group takes its first ARN at once), as long as the
 * two lives are less than 35 minutes apart, well within the origin age.
 */
u32 snic_arn_next_seq(u32 last, u64 now_ns);
/* Set a link's state directly (the origin's own detection). */
enum snic_arn_apply snic_arn_set_link(struct snic_arn_links *t, u32 key,
				      enum snic_link_state st, u8 metric,
				      u64 expires);
/* Forget expired states and notices; true if any went. */
bool snic_arn_expire(struct snic_arn_links *t, u64 now);
/*
 * The links whose state or metric changed (by snic_arn_learn(),
 * snic_arn_set_link() or snic_arn_expire(); per-flow notices change no
 * link) since the last call: their keys into @keys (room for
 * SNIC_ARN_CHANGED), each once; returns how many, or -1 when more
 * changed than that (everything that depends on a link is stale). The
 * log starts over. So the owner re-evaluates only the BPT entries that
 * depend on those links.
 */
int snic_arn_take_changed(struct snic_arn_links *t, u32 *keys);
/* How many links @t holds failed. */
unsigned int snic_arn_nfailed(const struct snic_arn_links *t);
/* Forget every link state, notice and origin (another group). */
void snic_arn_reset(struct snic_arn_links *t);
const struct snic_arn_link *snic_arn_link_find(const struct snic_arn_links *t,
					       u32 key);

/* Best Path Table. */
#define SNIC_BPT_CANDS		8
#define SNIC_BPT_LINKS		2
#define SNIC_BPT_EXCLUDED	0xffffffffu

struct snic_bpt_cand {
	u16 port;		/* egress port */
	u16 cost;		/* hop weights */
	bool global;		/* the first link leaves the group */
	bool detour;		/* an in-group detour (the caller marks it) */
	u32 link[SNIC_BPT_LINKS];	/* links it depends on, 0: none */
	u32 penalty;		/* from the link states; EXCLUDED: failed */
};

/*
 * Path state of the flows of one bucket of an entry: flows are told
 * apart by the 16B ENTROPY the source NIC writes (a hash of the flow),
 * hashed into SNIC_BPT_FLOWS buckets, each with its own path and
 * flowlets (a flowlet table, as CONGA's and LetFlow's).
 */
#define SNIC_BPT_FLOWS		16

struct snic_bpt_flow {
	u8 cur;			/* the candidate in use */
	bool watch;		/* a better one exists: packets are timed */
	u64 changed;		/* when cur last changed */
	u64 last;		/* the first packet, then the last one timed */
};

struct snic_bpt_ent {
	u8 n;			/* candidates */
	struct snic_bpt_cand c[SNIC_BPT_CANDS];
	struct snic_bpt_flow f[SNIC_BPT_FLOWS];
};

/* The bucket of a flow of 16B ENTROPY @entropy. */
static inline unsigned int snic_bpt_bucket(u16 entropy)
{
	return ((u32)entropy * 2654435761u) >> 28;
}

enum snic_ar_algo {		/* = enum snic_ar_algorithm of the uapi */
	SNIC_AR_GREEDY,		/* the first of equal-cost candidates */
	SNIC_AR_GREEDY_RANDOM,	/* spread over them by a hash */
	/* Valiant (oblivious): per flow, a random non-minimal candidate that
	 * has not failed, whatever the load; the minimal path only when
	 * there is none. The caller's hash names the flow (SLID and DLID).
	 */
	SNIC_AR_VALIANT,
	/*
	 * Per packet, as BookSim2 routes a Dragonfly (snic_bpt_packet()):
	 * Valiant through a random intermediate group, and UGAL-L, which
	 * weighs that group's path against the minimal one by the queues
	 * at their egresses.
	 */
	SNIC_AR_VALIANT_PACKET,
	SNIC_AR_UGAL,
};

struct snic_ar_params {
	u64 hold_down_ns;	/* no return to a cheaper path sooner */
	u64 flowlet_ns;		/* move only after this much idle time */
	u8 algorithm;		/* enum snic_ar_algo */
};

/* Recompute every candidate's penalty from the link states. */
void snic_bpt_refresh(struct snic_bpt_ent *e, const struct snic_arn_links *t);

/*
 * The path of @e: the first of its cheapest usable candidates for a
 * packet from a host (-1: every one failed). What tracing and
 * notifications call the entry's path; flows may be elsewhere (spread,
 * held down, waiting for a flowlet gap).
 */
int snic_bpt_first(const struct snic_bpt_ent *e);

/*
 * The candidate for a packet of flow bucket @f of @e at @now (its
 * index), or -1 when none may be
 * used (the caller falls back to its LFT). @from_local: the packet came
 * over an intra-group link, so it may only leave the group next (one
 * local hop per group). @hash spreads equal-cost choices. Sets *@moved
 * when the choice changed.
 *
 * Flowlets are timed only while a better candidate than the current one
 * exists: an entry on its best path needs no clock. The packet that first
 * sees the better one moves the entry if the caller knows the entry was
 * @quiet (no packet) for a flowlet gap before it; else it starts the
 * watch and keeps the path (unless that failed), and the entry moves at
 * the first gap of flowlet_ns after it. The hold-down applies to both.
 */
int snic_bpt_select(const struct snic_bpt_ent *e, struct snic_bpt_flow *f,
		    const struct snic_ar_params *p, bool from_local, u32 hash,
		    u64 now, u64 quiet, bool *moved);

/*
 * What snic_bpt_select() would return when that changes nothing in @e
 * (no write, no clock: the caller may hold no lock while a writer
 * changes @e, which it reads once), or SNIC_BPT_DECIDE when only
 * snic_bpt_select() may say: a first packet, a watch to start, stop or
 * time. Only p->algorithm is read.
 */
#define SNIC_BPT_DECIDE		(-2)
int snic_bpt_peek(const struct snic_bpt_ent *e, const struct snic_bpt_flow *f,
		  const struct snic_ar_params *p, bool from_local, u32 hash);

/*
 * A flow named by a per-flow ARN (below) about a link some of @e's
 * candidates depend on: the best candidate not in @avoid (a bitmap of
 * candidate indexes), at once and for that flow only; -1 if every usable
 * one is in @avoid (the caller keeps the flow's path). No state.
 */
int snic_bpt_avoid(const struct snic_bpt_ent *e, const struct snic_ar_params *p,
		   bool from_local, u32 hash, u32 avoid);
/*
 * Per packet (SNIC_AR_VALIANT_PACKET, SNIC_AR_UGAL): the candidate of @e
 * that a packet drawn @r (a random number of its own) takes; -1 if none
 * is usable. No state: packets of one flow spread.
 *
 * Valiant: BookSim2's random intermediate group among g. Each
 * non-minimal candidate that leaves the group (not an in-group detour)
 * leads to an intermediate group of its own, the minimal path stands for
 * the source and destination groups: weights 1 and 2, so that with every
 * global link of the group in the BPT (fabric up does so) each group is
 * drawn 1 in g. A packet that came over a local link draws again among
 * this switch's global candidates, by the same weights: what the first
 * switch drew through this one were exactly those, so each link keeps
 * its share. With no usable candidate of weight (an in-group
 * destination's minimal path failed), the cheapest usable one.
 *
 * UGAL-L (BookSim2's ugal_dragonflynew): the same draw; a non-minimal
 * one is taken only if the minimal path's egress queue, times its hops,
 * exceeds the drawn one's times its hops by SNIC_UGAL_THRESHOLD:
 * 1 x q_min <= 2 x q_nonmin + T keeps the minimal path. @queued (NULL:
 * every queue empty) gives the bytes queued at a candidate's egress
 * (Valiant reads none). As BookSim2's, it decides once, at the packet's
 * first switch: a packet that came over a local link takes the minimal
 * path if this switch holds it (the first switch chose it: a detour
 * through this switch leaves by the same local port, so its queue could
 * not win), else a draw among this switch's detours.
 */
#define SNIC_UGAL_THRESHOLD	(30 * 64)	/* BookSim2's 30 flits */
int snic_bpt_packet(const struct snic_bpt_ent *e, const struct snic_ar_params *p,
		    bool from_local, u32 r,
		    u32 (*queued)(const struct snic_bpt_cand *c, void *arg),
		    void *arg);
/*
 * The intermediate switch of a Valiant path (the switch's ar_intm; ar.c
 * snic_ar_intm_hop()). BookSim2 draws a random intermediate node; given
 * its group, that is a random switch of the group, which the switch the
 * packet lands on in the group draws. Of the group's switches, the
 * landing one and the exit one (holding the global link on) both mean
 * the direct local hop to the exit; @n others are one local hop away.
 * @r, a 32-bit draw (random per packet, a hash per flow), picks one of
 * the n + 2 evenly. Returns the index of the other switch (0..n-1), or -1
 * for the direct path.
 */
int snic_intm_pick(u32 r, unsigned int n);

/* The candidates of @e that depend on link @key, as a bitmap. */
u32 snic_bpt_uses(const struct snic_bpt_ent *e, u32 key);

/*
 * Per-flow notifications: an ARN with PATH_ID or FLOW names one flow
 * that the link it reports congested or failed hurts (the draft's
 * per-flow notification). PATH_ID is the flow's 16B ENTROPY (its low 16
 * bits; the rest 0), FLOW its IPv4 5-tuple; with both, a packet must
 * match both. Such an ARN leaves the link's own state alone: receivers
 * move just that flow off the link, until the notice's lifetime ends or
 * an eliminated / recovered notification names the same flow and link.
 */
/* A packet's flow, as much as the switch knows of it. */
struct snic_arn_pkt {
	u16 entropy;
	bool has_tuple;		/* an IPv4 TCP or UDP packet */
	u32 saddr, daddr;
	u16 sport, dport;
	u8 proto;
};

/* Is @a per-flow (PATH_ID or FLOW)? */
static inline bool snic_arn_per_flow(const struct snic_arn *a)
{
	return a->params & (SNIC_ARN_P_PATH_ID | SNIC_ARN_P_FLOW);
}

/*
 * The links named for packet @k by the live notices of @t: up to @n
 * keys into @keys; returns how many.
 */
int snic_arn_flow_links(const struct snic_arn_links *t,
			const struct snic_arn_pkt *k, u32 *keys, int n);

/* Congestion detection with hysteresis, one per monitored port. */
struct snic_arn_thr {
	u8 set, clear;		/* levels 0..255 (queue / buffer) */
	u8 set_samples, clear_samples;
};

struct snic_arn_mon {
	u8 above, below;	/* consecutive samples */
	bool congested;
	u8 level;		/* the last sample */
};

enum snic_arn_event {
	SNIC_ARN_EV_NONE,
	SNIC_ARN_EV_CONGESTED,
	SNIC_ARN_EV_ELIMINATED,
};

enum snic_arn_event snic_arn_sample(struct snic_arn_mon *m,
				    const struct snic_arn_thr *t, u8 level);

#endif /* _SNIC_CORE_ARN_H */
