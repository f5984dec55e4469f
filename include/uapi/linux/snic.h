/* SPDX-License-Identifier: (GPL-2.0 WITH Linux-syscall-note) OR MIT */
/*
 * snic: an emulated Omni-Path-style SuperNIC and switch datapath.
 *
 * Wire format
 * ===========
 * Every fabric packet is an Ethernet frame of EtherType ETH_P_SNIC (0x88B5)
 * whose payload is an OPA 16B packet:
 *
 *   | outer Ethernet (14) | 16B header (16) | L4 payload | pad | ICRC | tail |
 *
 * The 16B header is four little-endian 32-bit words:
 *
 *   word 0  bit  31     BECN
 *           bits 30:20  LEN, total 16B packet length in 8-byte flits
 *                       (header, payload, pad, ICRC and tail)
 *           bits 19:0   SLID[19:0]
 *   word 1  bits 30:29  L2 type, always 2 (16B)
 *           bit  28     FECN
 *           bits 27:25  RC (route control)
 *           bits 24:20  SC (service channel)
 *           bits 19:0   DLID[19:0]
 *   word 2  bits 31:16  PKEY
 *           bits 15:12  DLID[23:20]
 *           bits 11:8   SLID[23:20]
 *           bits 7:0    L4 type (SNIC_L4_*)
 *   word 3  bits 31:24  LE (link epoch): the emulated link layer's, set
 *                       by every sending link end, meaningless end to
 *                       end (reserved in OPA's 16B header); see "Credits"
 *           bits 23:16  AGE
 *           bits 15:0   ENTROPY (flow hash)
 *
 * After the L4 payload come 0..7 zero pad bytes, a 4-byte ICRC (reserved:
 * sent as zero, not checked) and one tail byte whose bits 2:0 hold the pad
 * count, so that the whole 16B packet is a multiple of 8 bytes.
 *
 * L4 SNIC_L4_ETH carries the application's complete Ethernet frame (the
 * Omni-Path VNIC encapsulation). L4 SNIC_L4_MGMT carries fabric management
 * messages. Frames of EtherType ETH_P_SNIC_CREDIT are link-local and never
 * forwarded.
 *
 * Addressing
 * ==========
 * LIDs are 24 bits. Unicast LIDs are 1..SNIC_LID_UCAST_MAX; the range
 * SNIC_LID_MCAST_BASE..SNIC_LID_MCAST_MAX is multicast, and
 * SNIC_LID_BCAST (the first multicast LID) is the broadcast group.
 * A snic device's MAC address is 02:53:4e:LL:LL:LL (locally administered,
 * the low three bytes are its LID), so the DLID of a unicast frame is read
 * straight off its destination MAC. Broadcast and multicast MACs go to
 * SNIC_LID_BCAST.
 *
 * Generic netlink
 * ===============
 * Family SNIC_GENL_NAME, version SNIC_GENL_VERSION. Every mutating command
 * requires CAP_NET_ADMIN in the user namespace that owns the device's
 * network namespace. Errors carry an extended-ack message.
 *
 * SNIC_CMD_DEV_GET
 *   request:  SNIC_A_IFINDEX (doit), nothing (dumpit: every snic and snicsw
 *             device of the caller's netns)
 *   reply:    SNIC_A_IFINDEX, SNIC_A_IFNAME, SNIC_A_KIND, SNIC_A_LID,
 *             SNIC_A_LINK_IFINDEX and SNIC_A_SL2SC (snic only),
 *             SNIC_A_STATS
 * SNIC_CMD_DEV_SET
 *   request:  SNIC_A_IFINDEX (required), SNIC_A_LID (unicast LID),
 *             SNIC_A_SL2SC (snic only: the SC of each SL)
 * SNIC_CMD_LFT_GET (dumpit)
 *   request:  SNIC_A_IFINDEX of a snicsw (required)
 *   reply:    one message per entry: SNIC_A_IFINDEX, SNIC_A_DLID, SNIC_A_PORT
 * SNIC_CMD_LFT_SET
 *   request:  SNIC_A_IFINDEX of a snicsw, SNIC_A_DLID (unicast LID),
 *             SNIC_A_PORT (port number; need not be enslaved yet)
 * SNIC_CMD_LFT_DEL
 *   request:  SNIC_A_IFINDEX of a snicsw, SNIC_A_DLID; -ENOENT if absent
 * SNIC_CMD_PORT_GET (dumpit)
 *   request:  SNIC_A_IFINDEX of a snicsw (required)
 *   reply:    one message per port: SNIC_A_IFINDEX, SNIC_A_PORT,
 *             SNIC_A_PORT_IFINDEX, SNIC_A_IFNAME (of the port),
 *             SNIC_A_SC2SC, SNIC_A_STATS
 * SNIC_CMD_MFT_GET (dumpit)
 *   request:  SNIC_A_IFINDEX of a snicsw (required)
 *   reply:    one message per entry: SNIC_A_IFINDEX, SNIC_A_DLID (a
 *             multicast LID), SNIC_A_PORTS
 * SNIC_CMD_MFT_SET
 *   request:  SNIC_A_IFINDEX of a snicsw, SNIC_A_DLID (multicast LID),
 *             SNIC_A_PORTS (bit n-1 = port n; a packet never goes back
 *             out of its ingress port)
 * SNIC_CMD_MFT_DEL
 *   request:  SNIC_A_IFINDEX of a snicsw, SNIC_A_DLID; -ENOENT if absent
 * A multicast DLID with no MFT entry is dropped (fwd_drop_no_route), as a
 * real switch does: the fabric manager programs a spanning tree.
 * SNIC_CMD_PORT_SET
 *   request:  SNIC_A_IFINDEX of a snicsw, SNIC_A_PORT (an enslaved port),
 *             SNIC_A_SC2SC (the SC that packets leaving the port carry,
 *             per SC they arrived with; the Dragonfly VL escalation),
 *             SNIC_A_VL_BUF, SNIC_A_CREDIT_PERIOD, SNIC_A_CREDIT_DROP
 *             (the port's receive side, see "Credits")
 *
 * Credits
 * =======
 * Every receiving link end (a snic's lower device, a switch port) has a
 * per-VL buffer, SNIC_A_VL_BUF, in 64-byte credits; DEV_SET (snic) and
 * PORT_SET (snicsw) set it, DEV_GET/PORT_GET report it with SNIC_A_VL_USED.
 * A VL with a buffer is lossless: the receiver tells the sender's sch_snic
 * how far it may send, the sender holds packets of that VL until it may.
 * A switch port's credits come back when the packet leaves the switch
 * through its egress port (so congestion backs up hop by hop); a snic's
 * come back on delivery. A link may reorder, delay and lose frames (a
 * veth pair does: frames sent from two CPUs go through two backlogs);
 * the protocol holds all the same, and a credited VL never drops a frame
 * for a counting reason. The frames are EtherType ETH_P_SNIC_CREDIT:
 *
 *   | outer Ethernet (14) | u8 version = 2 | u8 type | be16 VL mask |
 *   | be32 session | be32 seq | u8 epoch | u8 flags (0) | be16 rebase |
 *   | be32 count[16] |
 *
 * type 1 (LIMIT, receiver -> sender): count[vl] = the credit limit, ABR +
 * BUF - USED, for each flow-controlled VL in the mask; session: the
 * receiver's (new and higher for every receiver incarnation: the wall
 * clock in seconds << 8, one more when that is not newer); seq: one
 * more for every LIMIT; epoch: the last SYNC epoch applied (its
 * acknowledgment). The sender applies only the newest LIMIT of the
 * newest session. type 2 (SYNC, sender -> receiver): count[vl] = total
 * credits sent (TBS) for each gated VL, when the SYNC left; epoch: the
 * epoch it closes (every 16B frame carries its sender's epoch in LE: the
 * frames before the SYNC an older or equal one, those after it a newer
 * one); seq: the newest LIMIT applied; rebase: VLs whose ABR is set to
 * TBS (a new receiver, a link reset). Of a closed epoch, what the
 * receiver has not seen one SYNC later is written off as lost; a frame
 * of such an epoch that arrives after all is late: not counted again,
 * admitted beyond the buffer. A SYNC with an empty mask is a probe; a
 * new sch_snic sends no data until the far end answers one. All counts
 * are modulo 2^32. LIMIT frames go out when the buffer drains, after
 * every SYNC and every SNIC_A_CREDIT_PERIOD; SYNC frames every period of
 * the sender's qdisc, repeated until acknowledged. The management VL
 * (15) is never flow controlled. Receivers and senders must map SC to VL
 * alike: a receiver uses the SC-to-VL map of the sch_snic on its own
 * device. drivers/snic/core/credit.h has the protocol whole.
 *
 * Congestion control (CCA) at a NIC
 * ================================
 * DEV_SET (snic only) takes the NIC's CCA settings, DEV_GET reports them:
 *   SNIC_A_CC_PACING     u8 0/1: react to BECNs (1)
 *   SNIC_A_CC_INCREASE   u16: CCTI added per BECN (5)
 *   SNIC_A_CC_TIMER      u16: CCTI decreases by 1 every N x 1.024 us of
 *                        fabric time (10; 0: never)
 *   SNIC_A_CC_TRIGGER    u16: CCTI at which the congestion log records (8)
 *   SNIC_A_CC_MIN        u16: floor of the CCTI (0)
 *   SNIC_A_CC_LIMIT      u16: ceiling of the CCTI (127), below the CCT size
 *   SNIC_A_CC_MAX_TRACKED u32: DLIDs tracked, LRU (1024; 1..65536);
 *                        changing it forgets every DLID
 *   SNIC_A_CC_WINDOW     u32: BECN coalescing window, fabric ns (10000)
 *   SNIC_A_CC_CCT        binary, 1..1984 u16 (host order): the Congestion
 *                        Control Table, entry = shift << 14 | multiplier;
 *                        IPD = (Tp x multiplier) >> shift with Tp the
 *                        packet's serialization time (default: opafm's
 *                        linear ramp to 8300 ns for 10 KB at 100 Gb/s)
 *   SNIC_A_CC_TRACKED    u32, replies: DLIDs tracked now
 *   SNIC_A_CC_LATE_NS    u64, replies: EWMA of the pacing timer's lateness
 *   SNIC_A_CC_LATE_N, _P50, _P99, _MAX  u64, replies: the pacing timer's
 *                        wake-ups and their lateness, fabric ns
 * SNIC_CMD_CC_DLID_GET (dumpit)
 *   request:  SNIC_A_IFINDEX of a snic (required)
 *   reply:    one message per tracked DLID: SNIC_A_IFINDEX, SNIC_A_DLID,
 *             SNIC_A_CC_CCTI, SNIC_A_CC_IPD (IPD in fabric ns after an
 *             MTU-sized frame), SNIC_A_CC_BECN (BECNs received from it),
 *             SNIC_A_CC_PACED (packets that waited for it),
 *             SNIC_A_CC_EARLY (packets that left before the previous
 *             one's Tp + IPD was over: pacing infidelity), and once a
 *             BECN came SNIC_A_CC_BECN_FIRST_AGE and _LAST_AGE (fabric ns
 *             since the first and the last)
 * SNIC_CMD_CC_LOG_GET (dumpit)
 *   request:  SNIC_A_IFINDEX of a snic (required)
 *   reply:    one message per congestion log entry, newest first (96 at
 *             most): SNIC_A_IFINDEX, SNIC_A_CC_TIME (fabric ns),
 *             SNIC_A_DLID, SNIC_A_CC_SL, SNIC_A_CC_CCTI
 * A congestion notification (CN) is a 16B packet, L4 SNIC_L4_MGMT, BECN
 * set, SC 15, whose payload is
 *   | u8 version = 1 | u8 type = 1 (CN) | u8 SL | u8 0 | be16 count | be16 0 |
 * count being the FECNs it answers (>= 1).
 *
 * Adaptive routing notification (ARN) at a switch
 * ===============================================
 * DEV_SET (snicsw only) takes, DEV_GET reports:
 *   SNIC_A_AR_DLID    u32: the multicast DLID of the switch's group; a
 *                     16B management packet to it is an ARN, consumed by
 *                     the switch and never forwarded (0: ARN off)
 *   SNIC_A_AR_GROUP   u16: the switch's Dragonfly group
 *   SNIC_A_AR_SWITCH  u16: its number in the group
 *   SNIC_A_AR_LIFE    u32: how long a learned state lasts when the ARN
 *                     carries no LIFETIME, us
 * An ARN's payload (Documentation/networking/snic.rst, "ARN"):
 *   | u8 type | u4 version = 0, u4 reserved | u8 metric | u8 para-type |
 * then the parameters of para-type, in bit order. Each receiving port
 * counts it (rx_arn) or drops it with one counter per reason.
 *   SNIC_A_AR_PERIOD, _THRESHOLD, _SAMPLES: the monitor of the ports'
 *                     egress queues (congestion with hysteresis) and
 *                     carrier (failure); a port's own state is applied
 *                     at once and sent to the group (every local port),
 *                     repeated every ar_life / 2 while it lasts
 *   SNIC_A_AR_HOLD_DOWN, _FLOWLET, _ALGORITHM, _SLID_MIN/_MAX: the Best
 *                     Path Table's choice (see SNIC_CMD_BPT_SET)
 * PORT_SET takes SNIC_A_AR_PORT_KIND and SNIC_A_AR_PORT_PEER: which ports
 * are monitored, and the key of their link:
 *   global  0x80000000 | switch << 20 | peer group << 8 | port number
 *   local   switch << 20 | peer switch << 8 (bit 31 clear)
 * SNIC_CMD_BPT_SET (doit): SNIC_A_IFINDEX, SNIC_A_DLID (unicast) and
 *   SNIC_A_BPT, up to 4 candidates (none: the entry is deleted). A packet
 *   from a host of the group (SLID_MIN..SLID_MAX) to DLID takes the
 *   cheapest candidate whose links are not failed (congested ones cost
 *   their metric more); one that came over a local port only a candidate
 *   whose first link is global; one from another group, the LFT.
 * SNIC_CMD_BPT_GET (dumpit): per entry SNIC_A_DLID, SNIC_A_BPT (with the
 *   penalties), SNIC_A_BPT_CUR.
 * SNIC_CMD_AR_LINK_GET (dumpit)
 *   request:  SNIC_A_IFINDEX of a snicsw (required)
 *   reply:    one message per link of the group reported congested or
 *             failed: SNIC_A_IFINDEX, SNIC_A_AR_LINK_KIND, _SWITCH, _PEER,
 *             _INDEX, _STATE, _METRIC, _EXPIRES
 *
 * Service levels: the SL of a frame is skb->priority & 0x1f; the NIC's
 * SL2SC table gives its SC (default SL n -> SC n & 7); each switch egress
 * port may remap the SC (SC2SC, default identity); each fabric egress
 * qdisc maps SC to VL (include/uapi/linux/sch_snic.h).
 */
#ifndef _UAPI_LINUX_SNIC_H
#define _UAPI_LINUX_SNIC_H

#include <linux/types.h>

#define SNIC_GENL_NAME		"snic"
#define SNIC_GENL_VERSION	1

#define ETH_P_SNIC		0x88B5	/* 16B fabric packets */
#define ETH_P_SNIC_CREDIT	0x88B6	/* link-local credit returns */

#define SNIC_L4_MGMT		0x08
#define SNIC_L4_ETH		0x78

#define SNIC_LID_UCAST_MAX	0xefffff
#define SNIC_LID_MCAST_BASE	0xf00000
#define SNIC_LID_MCAST_MAX	0xfffffe
#define SNIC_LID_BCAST		SNIC_LID_MCAST_BASE

#define SNIC_MAX_PORTS		64	/* switch port numbers 1..64 */
#define SNIC_NUM_SL		32
#define SNIC_NUM_SC		32
#define SNIC_NUM_VLS		16
#define SNIC_VL_MGMT		15

enum snic_kind {
	SNIC_KIND_UNSPEC,
	SNIC_KIND_NIC,		/* rtnl kind "snic" */
	SNIC_KIND_SWITCH,	/* rtnl kind "snicsw" */
};

enum snic_cmd {
	SNIC_CMD_UNSPEC,
	SNIC_CMD_DEV_GET,
	SNIC_CMD_DEV_SET,
	SNIC_CMD_LFT_GET,
	SNIC_CMD_LFT_SET,
	SNIC_CMD_LFT_DEL,
	SNIC_CMD_PORT_GET,
	SNIC_CMD_PORT_SET,
	SNIC_CMD_MFT_GET,
	SNIC_CMD_MFT_SET,
	SNIC_CMD_MFT_DEL,
	SNIC_CMD_CC_DLID_GET,
	SNIC_CMD_CC_LOG_GET,
	SNIC_CMD_AR_LINK_GET,
	SNIC_CMD_BPT_SET,
	SNIC_CMD_BPT_GET,

	__SNIC_CMD_MAX,
	SNIC_CMD_MAX = __SNIC_CMD_MAX - 1
};

enum snic_attr {
	SNIC_A_UNSPEC,
	SNIC_A_PAD,
	SNIC_A_IFINDEX,		/* u32: a snic or snicsw device */
	SNIC_A_IFNAME,		/* string, replies only */
	SNIC_A_KIND,		/* u8, enum snic_kind, replies only */
	SNIC_A_LID,		/* u32: 1..SNIC_LID_UCAST_MAX */
	SNIC_A_LINK_IFINDEX,	/* u32: lower (fabric) device, replies only */
	SNIC_A_STATS,		/* nest of u64 SNIC_STAT_*, replies only */
	SNIC_A_DLID,		/* u32: LFT key, 1..SNIC_LID_UCAST_MAX */
	SNIC_A_PORT,		/* u32: switch port number 1..SNIC_MAX_PORTS */
	SNIC_A_PORT_IFINDEX,	/* u32: the port's net device, replies only */
	SNIC_A_SL2SC,		/* binary, SNIC_NUM_SL bytes, each < 32 */
	SNIC_A_SC2SC,		/* binary, SNIC_NUM_SC bytes, each < 32 */
	SNIC_A_PORTS,		/* u64 port bitmap: bit n-1 = port n */
	SNIC_A_VL_BUF,		/* binary, SNIC_NUM_VLS x u16 (host order):
				 * receive buffer per VL in 64-byte credits,
				 * 0 = VL not flow controlled; VL 15 must be 0
				 */
	SNIC_A_VL_USED,		/* binary, SNIC_NUM_VLS x u32: credits held
				 * by packets in the buffer, replies only
				 */
	SNIC_A_CREDIT_PERIOD,	/* u32: credit resync period, microseconds
				 * of wall time, 100..1000000 (100000)
				 */
	SNIC_A_CREDIT_DROP,	/* u32: fault injection, drop the next N
				 * credit-limit frames this receiver sends
				 */
	/* CCA at a NIC: see "Congestion control" above */
	SNIC_A_CC_PACING,	/* u8 */
	SNIC_A_CC_INCREASE,	/* u16 */
	SNIC_A_CC_TIMER,	/* u16 */
	SNIC_A_CC_TRIGGER,	/* u16 */
	SNIC_A_CC_MIN,		/* u16 */
	SNIC_A_CC_LIMIT,	/* u16 */
	SNIC_A_CC_MAX_TRACKED,	/* u32 */
	SNIC_A_CC_WINDOW,	/* u32 */
	SNIC_A_CC_CCT,		/* binary */
	SNIC_A_CC_TRACKED,	/* u32, replies only */
	SNIC_A_CC_LATE_NS,	/* u64, replies only */
	SNIC_A_CC_CCTI,		/* u32, replies only */
	SNIC_A_CC_IPD,		/* u64, replies only */
	SNIC_A_CC_BECN,		/* u64, replies only */
	SNIC_A_CC_PACED,	/* u64, replies only */
	SNIC_A_CC_TIME,		/* u64, replies only */
	SNIC_A_CC_SL,		/* u8, replies only */
	/* ARN at a switch: see "Adaptive routing notification" above */
	SNIC_A_AR_DLID,		/* u32: the group's ARN DLID (multicast), 0: off */
	SNIC_A_AR_GROUP,	/* u16: this switch's group, 0..4095 */
	SNIC_A_AR_SWITCH,	/* u16: its number in the group, 0..2047 */
	SNIC_A_AR_LIFE,		/* u32: lifetime of a learned state, us
				 * (fabric time) when the ARN has none,
				 * 1..100000000 (1000000)
				 */
	SNIC_A_AR_LINK_KIND,	/* u8: 1 global, 2 local; replies only */
	SNIC_A_AR_LINK_SWITCH,	/* u16, replies only */
	SNIC_A_AR_LINK_PEER,	/* u16: peer group or to switch, replies only */
	SNIC_A_AR_LINK_INDEX,	/* u16, replies only */
	SNIC_A_AR_LINK_STATE,	/* u8: 1 congested, 2 failed; replies only */
	SNIC_A_AR_LINK_METRIC,	/* u8, replies only */
	SNIC_A_AR_LINK_EXPIRES,	/* u64: us until it expires, replies only */
	SNIC_A_AR_PERIOD,	/* u32: monitor sample period, fabric us,
				 * 0: no monitor; at most 10000000
				 */
	SNIC_A_AR_THRESHOLD,	/* u16: set << 8 | clear, levels 0..255 of
				 * queue / VL buffer, set > clear (192, 64)
				 */
	SNIC_A_AR_SAMPLES,	/* u16: set << 8 | clear, samples in a row,
				 * each >= 1 (3, 3)
				 */
	SNIC_A_AR_HOLD_DOWN,	/* u32: fabric us before a cheaper path returns */
	SNIC_A_AR_FLOWLET,	/* u32: fabric us idle before a DLID moves */
	SNIC_A_AR_ALGORITHM,	/* u8: 0 greedy, 1 greedy-random, 2 valiant */
	SNIC_A_AR_LOST_ROUTE_ONLY, /* u8 0/1: detect failures only */
	SNIC_A_AR_SLID_MIN,	/* u32: the group's host LIDs: adaptive */
	SNIC_A_AR_SLID_MAX,	/* u32  routing only for packets from them */
	SNIC_A_AR_PORT_KIND,	/* u8: 0 host/none, 1 global, 2 local */
	SNIC_A_AR_PORT_PEER,	/* u16: peer group (global), switch (local) */
	SNIC_A_BPT,		/* binary: 0..4 x struct snic_ar_cand */
	SNIC_A_BPT_CUR,		/* u8: the candidate in use, replies only */
	/* CCA pacing fidelity (replies only, fabric ns): the pacing timer's
	 * wake-ups measured, their lateness at p50 and p99 (bucket bounds,
	 * within 2x) and at most; per DLID, its packets that left before
	 * the previous one's slot was over
	 */
	SNIC_A_CC_LATE_N,	/* u64 */
	SNIC_A_CC_LATE_P50,	/* u64 */
	SNIC_A_CC_LATE_P99,	/* u64 */
	SNIC_A_CC_LATE_MAX,	/* u64 */
	SNIC_A_CC_EARLY,	/* u64, per DLID */
	SNIC_A_CC_BECN_FIRST_AGE, /* u64, per DLID: fabric ns since its first */
	SNIC_A_CC_BECN_LAST_AGE,  /* u64  and its last BECN (after one) */

	__SNIC_A_MAX,
	SNIC_A_MAX = __SNIC_A_MAX - 1
};

/*
 * Link keys (struct snic_ar_cand.link, the links of SNIC_CMD_AR_LINK_GET):
 * bit 31 set, a global link: bits 30..20 the switch it leaves, 19..8 the
 * peer group it reaches, 7..0 the link's index (its port); bit 31 clear,
 * an intra-group link: bits 30..20 the switch it leaves, 19..8 the switch
 * it reaches. 0 is no link.
 */
#define SNIC_AR_LINK_GLOBAL		0x80000000u
#define SNIC_AR_LINK_SW(key)		(((key) >> 20) & 0x7ff)
#define SNIC_AR_LINK_PEER(key)		(((key) >> 8) & 0xfff)
#define SNIC_AR_LINK_IDX(key)		((key) & 0xff)
#define SNIC_AR_LINK_G(sw, pg, idx)	(SNIC_AR_LINK_GLOBAL | \
					 ((__u32)(sw) & 0x7ff) << 20 | \
					 ((__u32)(pg) & 0xfff) << 8 | \
					 ((__u32)(idx) & 0xff))
#define SNIC_AR_LINK_L(from, to)	(((__u32)(from) & 0x7ff) << 20 | \
					 ((__u32)(to) & 0xfff) << 8)

/* One Best Path Table candidate (SNIC_A_BPT is an array of them). */
struct snic_ar_cand {
	__u8 port;		/* egress port number */
	__u8 global;		/* 1: its first link leaves the group */
	__u16 cost;		/* >= 1 */
	__u32 link[2];		/* keys of the links it uses, 0: none */
	__u32 penalty;		/* replies: from the link states,
				 * 0xffffffff: excluded (failed)
				 */
};

/*
 * Counters, nested in SNIC_A_STATS as u64 attributes and shown by
 * ethtool -S under the names in brackets. Documentation/networking/snic.rst
 * explains each one.
 */
enum snic_stat {
	SNIC_STAT_UNSPEC,
	SNIC_STAT_PAD,
	SNIC_STAT_RX_PACKETS,		/* [rx_packets] */
	SNIC_STAT_RX_BYTES,		/* [rx_bytes] */
	SNIC_STAT_TX_PACKETS,		/* [tx_packets] */
	SNIC_STAT_TX_BYTES,		/* [tx_bytes] */
	SNIC_STAT_RX_TRUNCATED,		/* [rx_drop_truncated] */
	SNIC_STAT_RX_BAD_L2,		/* [rx_drop_bad_l2] */
	SNIC_STAT_RX_BAD_LEN,		/* [rx_drop_bad_len] */
	SNIC_STAT_RX_BAD_PAD,		/* [rx_drop_bad_pad] */
	SNIC_STAT_RX_UNKNOWN_L4,	/* [rx_drop_unknown_l4] */
	SNIC_STAT_RX_BAD_DLID,		/* [rx_drop_bad_dlid] */
	SNIC_STAT_RX_BAD_INNER,		/* [rx_drop_bad_inner] */
	SNIC_STAT_RX_MGMT,		/* [rx_mgmt] */
	SNIC_STAT_TX_NO_DLID,		/* [tx_drop_no_dlid] */
	SNIC_STAT_TX_NOMEM,		/* [tx_drop_nomem] */
	SNIC_STAT_TX_TOO_BIG,		/* [tx_drop_too_big] */
	SNIC_STAT_TX_LINK_DOWN,		/* [tx_drop_link_down] */
	SNIC_STAT_FWD_NO_ROUTE,		/* [fwd_drop_no_route] */
	SNIC_STAT_FWD_LOOP,		/* [fwd_drop_loop] */
	SNIC_STAT_FWD_NOMEM,		/* [fwd_drop_nomem] */
	SNIC_STAT_FWD_FLOOD,		/* [fwd_flood_copies] */
	SNIC_STAT_FWD_TX_DROP,		/* [fwd_drop_egress] */
	SNIC_STAT_TX_NO_LID,		/* [tx_drop_no_lid] */
	SNIC_STAT_TX_LOWER_DROP,	/* [tx_drop_lower] */
	SNIC_STAT_RX_DEV_DOWN,		/* [rx_drop_dev_down] */
	SNIC_STAT_CREDIT_TX,		/* [credit_limit_tx] */
	SNIC_STAT_CREDIT_TX_INJECT,	/* [credit_limit_tx_dropped] */
	SNIC_STAT_CREDIT_RX,		/* [credit_limit_rx] */
	SNIC_STAT_CREDIT_SYNC_RX,	/* [credit_sync_rx] */
	SNIC_STAT_CREDIT_RESYNC,	/* [credit_resyncs] */
	SNIC_STAT_CREDIT_BAD,		/* [rx_drop_credit_malformed] */
	SNIC_STAT_CREDIT_BAD_VL,	/* [rx_drop_credit_bad_vl] */
	SNIC_STAT_CREDIT_ABSURD,	/* [rx_drop_credit_absurd] */
	SNIC_STAT_CREDIT_NO_QDISC,	/* [rx_drop_credit_no_qdisc] */
	SNIC_STAT_RX_CREDIT_OVERRUN,	/* [rx_drop_credit_overrun] */
	SNIC_STAT_CREDIT_LINK_RESET,	/* [credit_link_resets] */
	/* 16B packets received per VL (the VL of their SC on the receiving
	 * device), and their frame bytes
	 */
	SNIC_STAT_RX_VL0_PACKETS,	/* [rx_vl0_packets] */
	SNIC_STAT_RX_VL1_PACKETS,	/* [rx_vl1_packets] */
	SNIC_STAT_RX_VL2_PACKETS,	/* [rx_vl2_packets] */
	SNIC_STAT_RX_VL3_PACKETS,	/* [rx_vl3_packets] */
	SNIC_STAT_RX_VL4_PACKETS,	/* [rx_vl4_packets] */
	SNIC_STAT_RX_VL5_PACKETS,	/* [rx_vl5_packets] */
	SNIC_STAT_RX_VL6_PACKETS,	/* [rx_vl6_packets] */
	SNIC_STAT_RX_VL7_PACKETS,	/* [rx_vl7_packets] */
	SNIC_STAT_RX_VL8_PACKETS,	/* [rx_vl8_packets] */
	SNIC_STAT_RX_VL9_PACKETS,	/* [rx_vl9_packets] */
	SNIC_STAT_RX_VL10_PACKETS,	/* [rx_vl10_packets] */
	SNIC_STAT_RX_VL11_PACKETS,	/* [rx_vl11_packets] */
	SNIC_STAT_RX_VL12_PACKETS,	/* [rx_vl12_packets] */
	SNIC_STAT_RX_VL13_PACKETS,	/* [rx_vl13_packets] */
	SNIC_STAT_RX_VL14_PACKETS,	/* [rx_vl14_packets] */
	SNIC_STAT_RX_VL15_PACKETS,	/* [rx_vl15_packets] */
	SNIC_STAT_RX_VL0_BYTES,	/* [rx_vl0_bytes] */
	SNIC_STAT_RX_VL1_BYTES,	/* [rx_vl1_bytes] */
	SNIC_STAT_RX_VL2_BYTES,	/* [rx_vl2_bytes] */
	SNIC_STAT_RX_VL3_BYTES,	/* [rx_vl3_bytes] */
	SNIC_STAT_RX_VL4_BYTES,	/* [rx_vl4_bytes] */
	SNIC_STAT_RX_VL5_BYTES,	/* [rx_vl5_bytes] */
	SNIC_STAT_RX_VL6_BYTES,	/* [rx_vl6_bytes] */
	SNIC_STAT_RX_VL7_BYTES,	/* [rx_vl7_bytes] */
	SNIC_STAT_RX_VL8_BYTES,	/* [rx_vl8_bytes] */
	SNIC_STAT_RX_VL9_BYTES,	/* [rx_vl9_bytes] */
	SNIC_STAT_RX_VL10_BYTES,	/* [rx_vl10_bytes] */
	SNIC_STAT_RX_VL11_BYTES,	/* [rx_vl11_bytes] */
	SNIC_STAT_RX_VL12_BYTES,	/* [rx_vl12_bytes] */
	SNIC_STAT_RX_VL13_BYTES,	/* [rx_vl13_bytes] */
	SNIC_STAT_RX_VL14_BYTES,	/* [rx_vl14_bytes] */
	SNIC_STAT_RX_VL15_BYTES,	/* [rx_vl15_bytes] */
	/* CCA: 16B packets for this NIC that arrived with FECN (a switch
	 * on their way was congested) or with BECN (a destination of ours
	 * reflected a FECN)
	 */
	SNIC_STAT_RX_FECN,		/* [rx_fecn] */
	SNIC_STAT_RX_BECN,		/* [rx_becn] */
	SNIC_STAT_RX_FECN_MCAST,	/* [rx_fecn_mcast]: not reflected */
	/* CCA at the NIC: BECNs owed for FECNs received, sent piggybacked on
	 * a data packet to the source, or in a standalone congestion
	 * notification (CN) when none left within the window; FECNs folded
	 * into a BECN already owed
	 */
	SNIC_STAT_TX_BECN_PIGGYBACK,	/* [tx_becn_piggyback] */
	SNIC_STAT_TX_CN,		/* [tx_cn] */
	SNIC_STAT_BECN_COALESCED,	/* [becn_coalesced] */
	SNIC_STAT_RX_CN,		/* [rx_cn] */
	/* management packets refused: shorter than their type needs, of an
	 * unknown version or type, a field out of range
	 */
	SNIC_STAT_RX_MGMT_SHORT,	/* [rx_drop_mgmt_short] */
	SNIC_STAT_RX_MGMT_VERSION,	/* [rx_drop_mgmt_version] */
	SNIC_STAT_RX_MGMT_TYPE,		/* [rx_drop_mgmt_type] */
	SNIC_STAT_RX_MGMT_FIELD,	/* [rx_drop_mgmt_field] */
	/* pacing: packets that waited for their DLID's inter-packet delay
	 * (each stalled its TX queue meanwhile); waiting heads discarded
	 * because the device went down; tracked DLIDs replaced (LRU), and
	 * those of them that were still pacing; congestion log entries
	 */
	SNIC_STAT_TX_PACED,		/* [tx_paced] */
	SNIC_STAT_TX_PACED_FLUSH,	/* [tx_drop_paced_flush] */
	SNIC_STAT_CC_EVICT,		/* [cc_evictions] */
	SNIC_STAT_CC_EVICT_BUSY,	/* [cc_evictions_busy] */
	SNIC_STAT_CC_LOG,		/* [cc_log_entries] */
	/* ARN at a switch port: notifications received */
	SNIC_STAT_RX_ARN,		/* [rx_arn] */
	SNIC_STAT_RX_ARN_SHORT,		/* [rx_drop_arn_short] */
	SNIC_STAT_RX_ARN_VERSION,	/* [rx_drop_arn_version] */
	SNIC_STAT_RX_ARN_TYPE,		/* [rx_drop_arn_type] */
	SNIC_STAT_RX_ARN_FIELD,		/* [rx_drop_arn_field] */
	SNIC_STAT_RX_ARN_GROUP,		/* [rx_drop_arn_group]: not our group */
	SNIC_STAT_RX_ARN_SELF,		/* [rx_drop_arn_self]: our own */
	SNIC_STAT_ARN_STALE,		/* [arn_stale]: old sequence number */
	SNIC_STAT_ARN_FULL,		/* [arn_full]: no room for the link */
	SNIC_STAT_ARN_CHANGED,		/* [arn_changed]: a link changed state */
	SNIC_STAT_TX_ARN,		/* [tx_arn]: notifications sent out */
	SNIC_STAT_AR_DETECTED,		/* [ar_detected]: this port's link was
					 * found congested or failed
					 */
	SNIC_STAT_AR_ALT,		/* [ar_alt]: packets in here that left
					 * on a path other than the LFT's
					 */
	SNIC_STAT_AR_MOVES,		/* [ar_moves]: a DLID's path changed */
	SNIC_STAT_FWD_QDISC_DROP,	/* [fwd_drop_qdisc]: the egress device's
					 * qdisc refused it
					 */
	/* credits at a receiving link end (core/credit.h): frames of an
	 * epoch whose credits were already written off (admitted, not
	 * counted again); frames sent before the sender knew of the buffer
	 * (admitted, not counted); credits written off as lost on the link;
	 * credits counted twice and taken back; SYNCs received again (their
	 * acknowledgment was lost) or overtaken; LIMITs the sender ignored
	 * as older than one it had applied (counted where they arrive: at
	 * the sender)
	 */
	SNIC_STAT_CREDIT_LATE,		/* [credit_late] */
	SNIC_STAT_CREDIT_JOINING,	/* [credit_joining] */
	SNIC_STAT_CREDIT_WRITTEN_OFF,	/* [credit_written_off] */
	SNIC_STAT_CREDIT_EXCESS,	/* [credit_excess] */
	SNIC_STAT_CREDIT_SYNC_REPEAT,	/* [credit_sync_repeats] */
	SNIC_STAT_CREDIT_LIMIT_STALE,	/* [credit_limit_stale] */
	/* pacing fidelity: packets to a paced DLID that left before the
	 * previous one's Tp + IPD was over (beyond the timer's slack)
	 */
	SNIC_STAT_TX_PACED_EARLY,	/* [tx_paced_early] */
	/* credits: frames that arrived after the SYNC that closed their
	 * epoch (the link reordered them; counted, and safe)
	 */
	SNIC_STAT_CREDIT_OVERTAKEN,	/* [credit_overtaken] */
	/* NIC: a TX queue stopped after a packet to a paced DLID because
	 * the link's queue (its sch_snic) held a full frame per TX queue
	 * and one more of the packet's VL: what follows waits in the NIC,
	 * before the pacer
	 */
	SNIC_STAT_TX_LINK_WAIT,		/* [tx_link_wait] */

	__SNIC_STAT_MAX,
	SNIC_STAT_MAX = __SNIC_STAT_MAX - 1
};

#endif /* _UAPI_LINUX_SNIC_H */
