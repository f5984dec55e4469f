/* SPDX-License-Identifier: ((GPL-2.0 WITH Linux-syscall-note) OR BSD-3-Clause) */
/*
 * The counters of snic devices and switch ports, declared once, in the
 * order of their netlink attributes (the ABI: append only). Each entry is
 *
 *	FN(ID, name, "doc")
 *
 * ID: SNIC_STAT_<ID> of enum snic_stat (include/uapi/linux/snic.h), the
 * upper-cased name; name: the ethtool -S string and the netlink attribute's
 * name in Documentation/netlink/specs/snic.yaml; doc: what it counts, plain
 * text (no double quotes or backslashes). This is the X-macro idiom of
 * include/net/dropreason-core.h (DEFINE_DROP_REASON), without its FNe:
 * the users here all take a trailing separator.
 *
 * scripts/snic-stats.py reads this file (it expands the macros below) and
 * writes the spec's stats attribute set and the counter list of
 * Documentation/networking/snic.rst; scripts/ynl-regen.sh generates the
 * enum from the spec. core/stat_names.h makes the ethtool names of it.
 * After a change here run scripts/ynl-regen.sh.
 *
 * No includes: the kernel, the host tools and snicctl use it as it is.
 */
#ifndef _SNIC_CORE_STAT_LIST_H
#define _SNIC_CORE_STAT_LIST_H

/* FN(RX_VL<n>_PACKETS ...) for n = 0..15, then FN(RX_VL<n>_BYTES ...). */
#define __SNIC_STAT_VLS(FN, E)						\
	E(FN, 0) E(FN, 1) E(FN, 2) E(FN, 3) E(FN, 4) E(FN, 5) E(FN, 6)	\
	E(FN, 7) E(FN, 8) E(FN, 9) E(FN, 10) E(FN, 11) E(FN, 12)	\
	E(FN, 13) E(FN, 14) E(FN, 15)

#define __SNIC_STAT_RX_VL_PACKETS(FN, n)				\
	FN(RX_VL##n##_PACKETS, rx_vl##n##_packets,			\
	   "16B packets received on the link on VL " #n " (the VL "	\
	   "their sender's SC-to-VL map, learned from its SYNCs, "	\
	   "gives their SC; before the first SYNC the receiving "	\
	   "device's own).")

#define __SNIC_STAT_RX_VL_BYTES(FN, n)					\
	FN(RX_VL##n##_BYTES, rx_vl##n##_bytes,				\
	   "Frame bytes of the 16B packets received on the link "	\
	   "on VL " #n ".")

#define DEFINE_SNIC_STAT(FN)						\
	FN(RX_PACKETS, rx_packets,					\
	   "NIC: frames delivered to the stack. Port: 16B packets "	\
	   "received.")							\
	FN(RX_BYTES, rx_bytes,						\
	   "NIC: bytes of the frames delivered to the stack (the "	\
	   "inner frames). Port: bytes of the 16B packets received "	\
	   "(whole frames).")						\
	FN(TX_PACKETS, tx_packets,					\
	   "NIC: frames handed to the lower device. Port: packets "	\
	   "forwarded out of it.")					\
	FN(TX_BYTES, tx_bytes,						\
	   "NIC: bytes of the frames handed to the lower device. "	\
	   "Port: bytes of the packets forwarded out of it.")		\
	FN(RX_DROP_TRUNCATED, rx_drop_truncated,			\
	   "Malformed 16B packets dropped: shorter than the 16B "	\
	   "header and trailer (see Wire format).")			\
	FN(RX_DROP_BAD_L2, rx_drop_bad_l2,				\
	   "Malformed 16B packets dropped: their L2 type is not 2 "	\
	   "(16B).")							\
	FN(RX_DROP_BAD_LEN, rx_drop_bad_len,				\
	   "Malformed 16B packets dropped: shorter than their LEN "	\
	   "field says.")						\
	FN(RX_DROP_BAD_PAD, rx_drop_bad_pad,				\
	   "Malformed 16B packets dropped: the pad count of their "	\
	   "tail byte leaves no room for it.")				\
	FN(RX_DROP_UNKNOWN_L4, rx_drop_unknown_l4,			\
	   "16B packets dropped because their L4 type is neither "	\
	   "Ethernet nor management.")					\
	FN(RX_DROP_BAD_DLID, rx_drop_bad_dlid,				\
	   "Packets dropped for their DLID. NIC: a unicast DLID "	\
	   "other than its LID; switch: DLID 0 or 0xffffff, or "	\
	   "Ethernet L4 to the switch's own LID.")			\
	FN(RX_DROP_BAD_INNER, rx_drop_bad_inner,			\
	   "NIC: packets dropped because their Ethernet L4 payload "	\
	   "is shorter than an Ethernet header.")			\
	FN(RX_MGMT, rx_mgmt,						\
	   "Management packets consumed: the NIC's, or those to the "	\
	   "switch's own LID.")						\
	FN(TX_DROP_NO_DLID, tx_drop_no_dlid,				\
	   "NIC: frames dropped because their destination MAC names "	\
	   "no fabric endpoint. Switch device: frames sent to the "	\
	   "switch device itself.")					\
	FN(TX_DROP_NOMEM, tx_drop_nomem,				\
	   "NIC: frames dropped for lack of memory to encapsulate "	\
	   "them.")							\
	FN(TX_DROP_TOO_BIG, tx_drop_too_big,				\
	   "NIC: frames dropped as too big for the lower device's "	\
	   "MTU or for the 16B LEN field.")				\
	FN(TX_DROP_LINK_DOWN, tx_drop_link_down,			\
	   "NIC: frames dropped because the lower device was down or "	\
	   "without carrier.")						\
	FN(FWD_DROP_NO_ROUTE, fwd_drop_no_route,			\
	   "Switch: packets dropped for want of a route: no LFT "	\
	   "entry for a unicast DLID (or one that names no enslaved "	\
	   "port), or no MFT entry for a multicast DLID.")		\
	FN(FWD_DROP_LOOP, fwd_drop_loop,				\
	   "Switch: packets dropped because the LFT sends them back "	\
	   "out of their ingress port.")				\
	FN(FWD_DROP_NOMEM, fwd_drop_nomem,				\
	   "Switch: packets dropped for lack of memory: a multicast "	\
	   "copy, an SC rewrite or a checksum at the egress port, an "	\
	   "ARN to send.")						\
	FN(FWD_FLOOD_COPIES, fwd_flood_copies,				\
	   "Switch: copies of multicast packets sent along the MFT, "	\
	   "counted at the ingress port.")				\
	FN(FWD_DROP_EGRESS, fwd_drop_egress,				\
	   "Switch: packets dropped because the egress port was down "	\
	   "(or without carrier) when they were forwarded.")		\
	FN(TX_DROP_NO_LID, tx_drop_no_lid,				\
	   "NIC: frames dropped because the NIC has no LID set yet.")	\
	FN(TX_DROP_LOWER, tx_drop_lower,				\
	   "NIC: frames, and congestion notifications, that the "	\
	   "lower device's qdisc refused.")				\
	FN(RX_DROP_DEV_DOWN, rx_drop_dev_down,				\
	   "NIC: packets dropped because they arrived while the snic "	\
	   "device was down.")						\
	FN(CREDIT_LIMIT_TX, credit_limit_tx,				\
	   "Receiver: credit LIMIT frames sent to the far end's "	\
	   "sch_snic.")							\
	FN(CREDIT_LIMIT_TX_DROPPED, credit_limit_tx_dropped,		\
	   "Receiver: LIMIT frames dropped instead of sent, by "	\
	   "credit_drop fault injection.")				\
	FN(CREDIT_LIMIT_RX, credit_limit_rx,				\
	   "Sender: LIMIT frames received and applied to this "		\
	   "device's sch_snic.")					\
	FN(CREDIT_SYNC_RX, credit_sync_rx,				\
	   "Receiver: credit SYNC frames received.")			\
	FN(CREDIT_RESYNCS, credit_resyncs,				\
	   "Receiver: SYNC frames that changed ABR (a repair).")	\
	FN(RX_DROP_CREDIT_MALFORMED, rx_drop_credit_malformed,		\
	   "Credit frames refused as malformed: shorter than 100 "	\
	   "bytes, or of another version or type (see Lossless "	\
	   "links).")							\
	FN(RX_DROP_CREDIT_BAD_VL, rx_drop_credit_bad_vl,		\
	   "Credit frames refused for their VLs: a mask with VL 15, "	\
	   "or a SYNC for a VL the receiver does not flow-control.")	\
	FN(RX_DROP_CREDIT_ABSURD, rx_drop_credit_absurd,		\
	   "Sender: LIMIT frames refused as more than 2^20 credits "	\
	   "away from the sender's TBS.")				\
	FN(RX_DROP_CREDIT_NO_QDISC, rx_drop_credit_no_qdisc,		\
	   "Sender: LIMIT frames refused because the device has no "	\
	   "sch_snic to apply them to.")				\
	FN(RX_DROP_CREDIT_OVERRUN, rx_drop_credit_overrun,		\
	   "Switch: packets that arrived over a full VL buffer (the "	\
	   "sender overran it). Never counted by a correct protocol, "	\
	   "whatever the scheduling; the lossless tests and make "	\
	   "soak assert it stays 0.")					\
	FN(CREDIT_LINK_RESETS, credit_link_resets,			\
	   "Receiver: link down/up events that reset a "		\
	   "flow-controlled receiver.")					\
	__SNIC_STAT_VLS(FN, __SNIC_STAT_RX_VL_PACKETS)			\
	__SNIC_STAT_VLS(FN, __SNIC_STAT_RX_VL_BYTES)			\
	FN(RX_FECN, rx_fecn,						\
	   "NIC: unicast 16B packets for this NIC that arrived with "	\
	   "FECN set (a switch on their way was congested); each is "	\
	   "reflected to its source as a BECN.")			\
	FN(RX_BECN, rx_becn,						\
	   "NIC: 16B packets that arrived with BECN set (a "		\
	   "destination of ours reflected a FECN).")			\
	FN(RX_FECN_MCAST, rx_fecn_mcast,				\
	   "NIC: multicast 16B packets that arrived with FECN set "	\
	   "(not reflected).")						\
	FN(TX_BECN_PIGGYBACK, tx_becn_piggyback,			\
	   "NIC: BECNs owed for FECNs received, sent piggybacked on "	\
	   "a data packet to the source.")				\
	FN(TX_CN, tx_cn,						\
	   "NIC: standalone congestion notifications (CN) sent, for "	\
	   "BECNs owed when no data packet to the source left within "	\
	   "the coalescing window.")					\
	FN(BECN_COALESCED, becn_coalesced,				\
	   "NIC: FECNs received that were folded into a BECN already "	\
	   "owed to their source.")					\
	FN(RX_CN, rx_cn,						\
	   "NIC: congestion notifications (CN) received.")		\
	FN(RX_DROP_MGMT_SHORT, rx_drop_mgmt_short,			\
	   "NIC: management packets refused as shorter than their "	\
	   "type needs.")						\
	FN(RX_DROP_MGMT_VERSION, rx_drop_mgmt_version,			\
	   "NIC: management packets refused for an unknown version.")	\
	FN(RX_DROP_MGMT_TYPE, rx_drop_mgmt_type,			\
	   "NIC: management packets refused for an unknown type.")	\
	FN(RX_DROP_MGMT_FIELD, rx_drop_mgmt_field,			\
	   "NIC: management packets refused for a field out of range "	\
	   "or reserved bits set.")					\
	FN(TX_PACED, tx_paced,						\
	   "NIC: packets that waited for their DLID's inter-packet "	\
	   "delay (parked in the NIC, or held as their TX queue's "	\
	   "head).")							\
	FN(TX_DROP_PACED_FLUSH, tx_drop_paced_flush,			\
	   "NIC: packets parked or held for pacing that were dropped "	\
	   "because the device went down.")				\
	FN(CC_EVICTIONS, cc_evictions,					\
	   "NIC: tracked DLIDs replaced (least recently used) to "	\
	   "make room for another.")					\
	FN(CC_EVICTIONS_BUSY, cc_evictions_busy,			\
	   "NIC: of cc_evictions, those whose DLID was still pacing "	\
	   "or had packets waiting.")					\
	FN(CC_LOG_ENTRIES, cc_log_entries,				\
	   "NIC: congestion log entries written. Port: FECNs its "	\
	   "sch_snic set, each written to the switch congestion log.")	\
	FN(RX_ARN, rx_arn,						\
	   "Port: adaptive routing notifications (ARN) taken in.")	\
	FN(RX_DROP_ARN_SHORT, rx_drop_arn_short,			\
	   "Port: ARNs refused as truncated.")				\
	FN(RX_DROP_ARN_VERSION, rx_drop_arn_version,			\
	   "Port: ARNs refused because their version is not 0.")	\
	FN(RX_DROP_ARN_TYPE, rx_drop_arn_type,				\
	   "Port: ARNs refused for an unknown type.")			\
	FN(RX_DROP_ARN_FIELD, rx_drop_arn_field,			\
	   "Port: ARNs refused for a missing or out-of-range field.")	\
	FN(RX_DROP_ARN_GROUP, rx_drop_arn_group,			\
	   "Port: ARNs refused as coming from another group.")		\
	FN(RX_DROP_ARN_SELF, rx_drop_arn_self,				\
	   "Port: ARNs refused as the switch's own.")			\
	FN(ARN_STALE, arn_stale,					\
	   "Port: accepted ARNs with an old sequence number "		\
	   "(ignored).")						\
	FN(ARN_FULL, arn_full,						\
	   "Port: accepted ARNs for which the link table had no room "	\
	   "left (64 links, 64 origins; 32 per-flow notices, the one "	\
	   "expiring first replaced).")				\
	FN(ARN_CHANGED, arn_changed,					\
	   "Port: accepted ARNs that changed a link's state.")		\
	FN(TX_ARN, tx_arn,						\
	   "Port: ARNs sent out of this (local) port.")			\
	FN(AR_DETECTED, ar_detected,					\
	   "Port: times congestion or failure was found on this "	\
	   "port's own link.")						\
	FN(AR_ALT, ar_alt,						\
	   "Port: packets that came in here and left on a Best Path "	\
	   "Table candidate other than the LFT's port.")		\
	FN(AR_MOVES, ar_moves,						\
	   "Port: times a DLID's choice of path changed on a packet "	\
	   "that came in here.")					\
	FN(FWD_DROP_QDISC, fwd_drop_qdisc,				\
	   "Switch: packets the egress port's qdisc refused: a tail "	\
	   "drop of its sch_snic, or the noop qdisc of a port that is "	\
	   "down or not yet active as it comes up (which kernels from "	\
	   "6.12 on, unlike 6.1, also count in the port's tx_dropped).")	\
	FN(CREDIT_LATE, credit_late,					\
	   "Receiver: frames of an epoch already closed: their "	\
	   "credits written off, or the count rebased since "		\
	   "(admitted, not counted again).")				\
	FN(CREDIT_JOINING, credit_joining,				\
	   "Receiver: frames sent before the sender knew of the "	\
	   "buffer (admitted, not counted against it).")		\
	FN(CREDIT_WRITTEN_OFF, credit_written_off,			\
	   "Receiver: credits written off as lost on the link (two "	\
	   "SYNCs found their frames missing; those that come after "	\
	   "all count in credit_late_credits too).")			\
	FN(CREDIT_EXCESS, credit_excess,				\
	   "Receiver: credits counted twice and taken back.")		\
	FN(CREDIT_SYNC_REPEATS, credit_sync_repeats,			\
	   "Receiver: SYNC frames received again (their "		\
	   "acknowledgment was lost) or overtaken.")			\
	FN(CREDIT_LIMIT_STALE, credit_limit_stale,			\
	   "Sender: LIMIT frames ignored as older than one already "	\
	   "applied (counted where they arrive, at the sender).")	\
	FN(TX_PACED_EARLY, tx_paced_early,				\
	   "NIC: packets to a paced DLID that left less than half "	\
	   "the previous one's slot (Tp + IPD) after it, beyond the "	\
	   "timer's slack. A fidelity counter: 0 unless the pacing "	\
	   "is broken.")						\
	FN(CREDIT_OVERTAKEN, credit_overtaken,				\
	   "Receiver: frames that arrived after the SYNC that closed "	\
	   "their epoch (the link reordered them; counted, and "	\
	   "safe).")							\
	FN(TX_LINK_WAIT, tx_link_wait,					\
	   "NIC: times a TX queue stopped after a packet to a paced "	\
	   "DLID that left as it came because the link's sch_snic "	\
	   "held a full frame per TX queue and one more of the "	\
	   "packet's VL. The queue is woken when that sch_snic has "	\
	   "room; what follows waits in the NIC, before the pacer "	\
	   "(which itself sends what is due only while the link has "	\
	   "that room).")						\
	FN(BECN_UNCOALESCED, becn_uncoalesced,				\
	   "NIC: FECNs from a new source that found the table of "	\
	   "owed BECNs full (4096 sources): their BECN left at once, "	\
	   "in a notification of its own (also counted in tx_cn).")	\
	FN(CC_MARK_OFF, cc_mark_off,					\
	   "Port: packets its sch_snic would have marked with FECN "	\
	   "while the switch's congestion control was off (sw-cc "	\
	   "marking 0): sent unmarked.")				\
	FN(AR_LIMITED, ar_limited,					\
	   "Port: ARN events about this port not sent, one of their "	\
	   "type having gone less than ar_min_gap fabric us before "	\
	   "(the switch still applied them to its own table).")	\
	FN(TX_ARN_RELAY, tx_arn_relay,					\
	   "Port: ARNs of another switch of the group relayed out of "	\
	   "this (local) port along the MFT entry of the group's ARN "	\
	   "DLID (its spanning tree).")				\
	FN(AR_FLOW_MOVED, ar_flow_moved,				\
	   "Port: packets that came in here and left on another "	\
	   "candidate than their flow's because a per-flow ARN "	\
	   "(PATH_ID or FLOW) named their flow and a link of that "	\
	   "path.")							\
	FN(AR_BPT_REFRESH, ar_bpt_refresh,				\
	   "Port: Best Path Table entries re-evaluated because a "	\
	   "link they depend on changed state by an ARN that came in "	\
	   "here or by the monitor of this port's own link; entries "	\
	   "that do not depend on the link are not touched.")		\
	FN(AR_DETOUR, ar_detour,					\
	   "Port: packets that came in here and left on an in-group "	\
	   "detour of the Best Path Table, on a local hop in transit "	\
	   "(ar_reroute) or on one to an intermediate switch "		\
	   "(ar_intm), marked, their SC mapped by the next switch's "	\
	   "ar_detour_sc2sc.")						\
	FN(AR_REROUTE, ar_reroute,					\
	   "Port: packets in transit that came in here whose LFT path "	\
	   "was broken (its global link without carrier, or the minimal "\
	   "path's local link or next global link failed), sent out "	\
	   "another global link of this switch instead, or one local "	\
	   "hop to a neighbour's (a local reroute; the SC still rises "	\
	   "at every global hop).")					\
	FN(EVENTS_SUPPRESSED, events_suppressed,			\
	   "Events about this device (or port) that a listener of the "	\
	   "events group did not get: over the device's rate limit of "	\
	   "100 a second, or no memory.")					\
	FN(RX_DROP_CREDIT_OUTSIDE, rx_drop_credit_outside,		\
	   "Receiver: frames outside the credit count (late, or sent "	\
	   "before the sender knew of the buffer) dropped because the "	\
	   "VL already held a buffer's worth of such frames: a sender "	\
	   "that ignores the protocol (no SYNC, old epochs) cannot grow "	\
	   "the switch's queues without bound.")			\
	FN(CREDIT_RESESSIONS, credit_resessions,			\
	   "Receiver: times it took a new session because the sender "	\
	   "followed another receiver's that its own did not compare "	\
	   "newer than (its sessions are random; see Credits).")		\
	FN(TX_PACED_BEHIND_AQM, tx_paced_behind_aqm,			\
	   "NIC: heads held for pacing (no room left to park them) on "	\
	   "a TX queue whose qdisc is no FIFO: an AQM (fq_codel, "	\
	   "Debian's default) drops the packets that wait behind the "	\
	   "head for their sojourn, and a paced DLID's packets leave "	\
	   "slots apart. Give the NIC's queues FIFOs (snicctl qdisc "	\
	   "nic; fabric up does). 0 unless misconfigured.")		\
	FN(TX_ARN_BYTES, tx_arn_bytes,					\
	   "Port: bytes of the ARNs sent and relayed out of this port "	\
	   "(tx_arn and tx_arn_relay): their frames, outer Ethernet "	\
	   "header included, as the receiving end's rx_vl15_bytes "	\
	   "counts them.")						\
	FN(TX_CN_BYTES, tx_cn_bytes,					\
	   "NIC: bytes of the congestion notifications sent (tx_cn): "	\
	   "their frames, outer Ethernet header included, as the "	\
	   "receiving end's rx_vl15_bytes counts them.")			\
	FN(TX_PACED_DEFERRED, tx_paced_deferred,			\
	   "NIC: parked packets whose turn came less than half a slot "	\
	   "after a packet of their DLID that left unheld (queued on "	\
	   "an open TX queue before the DLID was paced): each waited "	\
	   "for the rest of that half. Counts pacing onsets under a "	\
	   "backlog, not a fault.")					\
	FN(CREDIT_LATE_CREDITS, credit_late_credits,			\
	   "Receiver: credits written off as lost whose frames came "	\
	   "after all (late, not lost; snicctl fabric health nets "	\
	   "them out of its loss): at most what credit_written_off "	\
	   "counted on their VL since its last rebase and no late "	\
	   "frame took back yet (one pool a VL: while any is owed, a "	\
	   "stray, repeated or forged old frame takes it back too); "	\
	   "nothing for one refused for want of room.")		\
	FN(AR_INTM, ar_intm,						\
	   "Port: packets that came in here over a global link, in "	\
	   "transit through this group, and left on a local hop to "	\
	   "the intermediate switch drawn for them (ar_intm), marked "	\
	   "as a detour (also counted in ar_detour).")

#endif /* _SNIC_CORE_STAT_LIST_H */
