/* SPDX-License-Identifier: (GPL-2.0 WITH Linux-syscall-note) OR MIT */
/*
 * sch_snic: the fabric egress qdisc of snic (per-VL queues).
 *
 * Classification: a frame of EtherType ETH_P_SNIC goes to the VL that the
 * port's SC-to-VL map gives for the SC of its 16B header; any other frame
 * (link-local control) goes to the management VL. The management VL is
 * served first (strict priority); the data VLs share the link by weighted
 * round robin, each weight in 64-byte units as in OPA's VLArb tables. A
 * full VL queue drops at the tail and counts.
 *
 * Options (TCA_OPTIONS nest):
 *   TCA_SNIC_LIMIT  u32, per-VL queue limit in packets, 1..65535 (128)
 *   TCA_SNIC_SC2VL  binary, TC_SNIC_NUM_SC bytes: VL of each SC, each
 *                   < TC_SNIC_NUM_VLS (SC n -> VL n for n < 8, SC 15 ->
 *                   VL 15, the rest -> VL 0)
 *   TCA_SNIC_VLARB  binary, TC_SNIC_NUM_VLS bytes: the weight of each data
 *                   VL in 64-byte units, 1..255 (default 64: equal shares;
 *                   the management VL's entry is ignored)
 *   TCA_SNIC_HOQ_LIFE u32, head-of-queue lifetime in microseconds (0: off,
 *                   the default): a packet that has been at the head of
 *                   its VL queue longer is discarded and counted, the
 *                   fabric's last resort against deadlock
 *   TCA_SNIC_RATE   u64, emulated line rate in bytes per second of frame,
 *                   0..1250000000000 (10 Tb/s; 0 = no serialization, the
 *                   default). Each frame holds
 *                   the link for len / rate; the qdisc watchdog releases
 *                   the next one.
 *   TCA_SNIC_DILATION u32, time dilation factor D, 1..10000 (1): RATE
 *                   and HOQ_LIFE are fabric time; the link runs D times
 *                   slower in wall time (rate / D, lifetime x D), and the
 *                   stall times in xstats are fabric time again
 *   TCA_SNIC_SYNC_PERIOD u32, wall-time microseconds between credit SYNC
 *                   frames, 100..1000000 (100000)
 *
 * Congestion marking (CCA, a switch port's SwitchPortCongestionSetting):
 *   TCA_SNIC_CC_THRESHOLD binary, TC_SNIC_NUM_VLS bytes, each 0..15 (0:
 *                   marking off, the default): a data VL is congested
 *                   while its queue holds at least (16 - threshold) / 16
 *                   of CC_BUF bytes (15: 1/16 of it, 8: half, 1: 15/16)
 *   TCA_SNIC_CC_BUF u32, the per-VL buffer the thresholds are fractions
 *                   of, bytes, 64..16777216 (65536); the fabric manager
 *                   sets the ports' VL buffer
 *   TCA_SNIC_CC_PKT_SIZE u16, only packets at least this long, in 64-byte
 *                   units, are eligible for marking (0: all); every VL's
 *                   (dumps: VL 0's)
 *   TCA_SNIC_CC_MARK_RATE u16, mark one in every N eligible packets (0:
 *                   every one); every VL's (dumps: VL 0's)
 *   TCA_SNIC_CC_VL_PKT_SIZE binary, TC_SNIC_NUM_VLS host-order u16: each
 *                   VL's packet size, over CC_PKT_SIZE
 *   TCA_SNIC_CC_VL_MARK_RATE binary, TC_SNIC_NUM_VLS host-order u16: each
 *                   VL's marking rate, over CC_MARK_RATE
 *   TCA_SNIC_CC_VICTIM u8, 0 or 1: a congested VL that has waited for
 *                   downstream credits during this congestion (a victim
 *                   of congestion further on, not its root) marks too.
 *                   Off (the default): only roots mark.
 *   TCA_SNIC_LATENCY u32, the link's propagation delay in fabric
 *                   nanoseconds, 0..1000000 (0, the default): every frame
 *                   reaches the far end that long after its last byte
 *                   left (a credit frame: after its start), in fabric time
 *                   (x DILATION in wall time). The link keeps sending
 *                   meanwhile, up to LIMIT x 16 frames in flight: what is
 *                   in flight is still in the qdisc's queue length and
 *                   arrives in the order it was sent. A new latency, rate
 *                   or dilation brings what is in flight in to at most
 *                   the new latency.
 * While a VL is congested, the packets it sends that are eligible get the
 * FECN bit of their 16B header set; the destination NIC reflects it to
 * the source as a BECN.
 *
 * Credits: a VL that the receiver on the link's far end flow-controls
 * (include/uapi/linux/snic.h, "Credits") only sends what the receiver's
 * newest credit limit allows; such a VL blocks alone, the other VLs go
 * on. A credit-blocked head still ages: the watchdog discards it at its
 * HoQ lifetime. A receiver that has sent no LIMIT for 8 sync periods
 * and the link's round trip (2 x LATENCY) is counted in credit_timeouts;
 * its VLs stay flow controlled (a receiver that goes away says so). A new
 * qdisc, and one reset by a link going down, sends no data until the far
 * end answers its probe, or for 8 sync periods of carrier and the round
 * trip if it never does (a far end that is no snic receiver: then no VL
 * is flow controlled, hello_fallbacks).
 *
 * Statistics: struct tc_snic_xstats as the qdisc's xstats (append-only).
 */
#ifndef _UAPI_LINUX_SCH_SNIC_H
#define _UAPI_LINUX_SCH_SNIC_H

#include <linux/types.h>

#define TC_SNIC_NUM_VLS		16
#define TC_SNIC_NUM_SC		32
#define TC_SNIC_VL_MGMT		15
#define TC_SNIC_VLARB_UNIT	64	/* bytes per unit of VLArb weight */
#define TC_SNIC_HIST_BUCKETS	40	/* lateness: 0, then [2^(b-1), 2^b) ns */

enum {
	TCA_SNIC_UNSPEC,
	TCA_SNIC_LIMIT,
	TCA_SNIC_SC2VL,
	TCA_SNIC_RATE,
	TCA_SNIC_PAD,
	TCA_SNIC_VLARB,
	TCA_SNIC_HOQ_LIFE,
	TCA_SNIC_DILATION,
	TCA_SNIC_SYNC_PERIOD,
	TCA_SNIC_CC_THRESHOLD,
	TCA_SNIC_CC_BUF,
	TCA_SNIC_CC_PKT_SIZE,
	TCA_SNIC_CC_MARK_RATE,
	TCA_SNIC_CC_VICTIM,
	TCA_SNIC_CC_VL_PKT_SIZE,
	TCA_SNIC_CC_VL_MARK_RATE,
	TCA_SNIC_LATENCY,

	__TCA_SNIC_MAX,
	TCA_SNIC_MAX = __TCA_SNIC_MAX - 1
};

struct tc_snic_vl_xstats {
	__u64	enqueued;	/* packets accepted into the VL queue */
	__u64	dequeued;	/* packets sent from the VL queue */
	__u64	bytes;		/* bytes sent from the VL queue */
	__u32	drops;		/* tail drops: queue full */
	__u32	qlen;		/* current depth, packets */
	__u32	qlen_max;	/* deepest the queue has been, packets */
	__u32	hoq_discards;	/* heads older than the HoQ lifetime */
};

struct tc_snic_xstats {
	__u32	num_vls;	/* entries in vl[] (TC_SNIC_NUM_VLS) */
	__u32	pad;
	__u64	not_16b;	/* frames that were not 16B (management VL) */
	struct tc_snic_vl_xstats vl[TC_SNIC_NUM_VLS];
	__u64	rate;		/* configured line rate, bytes/s (0: none) */
	__u64	throttled;	/* dequeues that found the link busy */
	__u64	unthrottle_latency_ns; /* EWMA of watchdog wake-up lateness */
	/* credits (appended) */
	__u32	dilation;	/* time dilation factor */
	__u32	pad2;
	__u64	credit_updates;	/* credit limits applied (LIMIT frames) */
	__u64	sync_sent;	/* SYNC frames sent */
	struct tc_snic_vl_credit {
		__u32	gated;		/* 1: the receiver flow-controls it */
		__s32	credits;	/* credits the sender may still send */
		__u64	stalls;		/* times the head waited for credits */
		__u64	stall_ns;	/* time spent waiting, fabric ns */
		__u64	tbs;		/* credits sent since the link came up */
	} vlc[TC_SNIC_NUM_VLS];
	__u64	credit_timeouts; /* receiver silent 8 sync periods */
	__u64	flushed;	/* 16B frames discarded by a reset (link down) */
	/* congestion marking (appended) */
	__u64	mark_failed;	/* FECN could not be written (no memory) */
	struct tc_snic_vl_cc {
		__u64	marked;		/* packets sent with FECN set */
		__u64	skipped;	/* eligible, not marked (marking rate) */
		__u64	congested;	/* times the VL became congested */
		__u64	congested_ns;	/* time congested, fabric ns */
		__u32	backlog;	/* bytes queued now */
		__u32	backlog_max;	/* most bytes ever queued */
		__u32	victim;		/* 1: waited for credits while congested */
		__u32	pad;
	} vlcc[TC_SNIC_NUM_VLS];
	/* accounting (appended) */
	__u64	sent_16b;	/* 16B frames handed to the link (data and
				 * management; link control frames not):
				 * what the far end took, plus what the
				 * link lost
				 */
	/* credit protocol (appended) */
	__u32	epoch;		/* link epoch stamped on frames sent now */
	__u32	hello;		/* 1: no data until the far end speaks */
	__u64	credit_stale;	/* LIMITs older than one applied: ignored */
	__u64	credit_rebases;	/* VLs rebased: a new receiver, a reset */
	__u64	sync_repeats;	/* SYNCs sent again, not acknowledged yet */
	__u64	stamp_failed;	/* frames that could not be stamped (no
				 * memory to make them writable)
				 */
	/* fidelity (appended): with a line rate, how late each 16B frame
	 * left against its due time in the link's model (the end of its
	 * time on the link, when both it and the link were ready, plus the
	 * latency), fabric ns
	 */
	struct tc_snic_late {
		__u64	n;		/* frames measured */
		__u64	max;		/* the latest, ns */
		__u64	sum;		/* ns */
		__u64	over;		/* late by more than their own time on
					 * the link
					 */
		__u64	p50;		/* bucket bounds (within 2x), ns */
		__u64	p99;
		__u64	bucket[TC_SNIC_HIST_BUCKETS]; /* 0: on time; b: late
						       * by [2^(b-1), 2^b) ns
						       */
	} late;
	/* robustness (appended) */
	__u64	held_over;	/* switched packets that held no ingress
				 * buffer: their VL already held 32768
				 */
	__u64	hello_fallbacks; /* waits for the far end's first word
				  * that ended with no answer: no VL flow
				  * controlled since
				  */
	__u64	credit_restarts; /* the receiver's LIMITs went on behind
				  * one applied (forged): started over
				  */
	/* link latency (appended) */
	__u32	in_flight;	/* frames sent, not at the far end yet */
	__u32	in_flight_16b;	/* ... of them 16B frames */
	__u64	flight_full;	/* times the link waited: limit x 16
				 * frames in flight
				 */
};

#endif /* _UAPI_LINUX_SCH_SNIC_H */
