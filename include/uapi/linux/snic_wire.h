/* SPDX-License-Identifier: (GPL-2.0 WITH Linux-syscall-note) OR MIT */
/*
 * snic: an emulated Omni-Path-style SuperNIC and switch datapath: the wire
 * format. The netlink contract is include/uapi/linux/snic.h, generated
 * from Documentation/netlink/specs/snic.yaml.
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
 *           bits 27:25  RC (route control): bit 2 (SNIC_RC_DETOUR) marks
 *                       a packet on the first hop of an in-group detour,
 *                       whose next switch steps its SC up by its
 *                       ar_detour_sc2sc and clears the mark; bits 1:0
 *                       zero
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
 * Credits
 * =======
 * Every receiving link end (a snic's lower device, a switch port) has a
 * per-VL buffer in 64-byte credits (the credit nest's vl-buf of the snic
 * netlink family, include/uapi/linux/snic.h; in use: vl-used).
 * A VL with a buffer is lossless: the receiver tells the sender's sch_snic
 * how far it may send, the sender holds packets of that VL until it may.
 * A switch port's credits come back when the packet leaves the switch
 * through its egress port (so congestion backs up hop by hop); a snic's
 * come back on delivery. A link may reorder, delay and lose frames (a
 * veth pair does: frames sent from two CPUs go through two backlogs);
 * the protocol holds all the same, and a credited VL never drops a frame
 * for a counting reason. The frames are EtherType ETH_P_SNIC_CREDIT:
 *
 *   | outer Ethernet (14) | u8 version = 3 | u8 type | be16 VL mask |
 *   | be32 session | be32 seq | u8 epoch | u8 flags (0) | be16 rebase |
 *   | be32 peer | u8 sc2vl[16] | be32 count[16] |
 *
 * type 1 (LIMIT, receiver -> sender): count[vl] = the credit limit, ABR +
 * BUF - USED, for each flow-controlled VL in the mask; session: the
 * receiver's (random for every receiver incarnation, never 0); seq: one
 * more for every LIMIT; epoch: the last SYNC epoch applied (its
 * acknowledgment); peer and sc2vl zero. The sender follows one session
 * and applies only the newest LIMIT of it; a LIMIT of another session is
 * a new receiver if that session is newer (serial arithmetic), else the
 * last word of an old one (ignored, and the sender probes at once).
 * type 2 (SYNC, sender -> receiver): count[vl] = total credits sent (TBS)
 * for each gated VL, when the SYNC left; epoch: the epoch it closes
 * (every 16B frame carries its sender's epoch in LE: the frames before
 * the SYNC an older or equal one, those after it a newer one); seq: the
 * newest LIMIT applied; rebase: VLs whose ABR is set to TBS (a new
 * receiver, a link reset); peer: the receiver session the sender follows
 * (0: none yet), which a receiver applies SYNCs of only when it is its
 * own, and takes a session just above when its own would not compare
 * newer; sc2vl: the sender's SC-to-VL map, two SCs a byte (SC 2k in bits
 * 7:4), by which the receiver counts the frames of the link. Of a closed
 * epoch, what the receiver has not seen one SYNC later is written off as
 * lost; a frame of such an epoch that arrives after all is late: not
 * counted again, admitted up to a buffer's worth beyond the buffer. A
 * SYNC with an empty mask is a probe; a new (or reset) sch_snic sends no
 * data until the far end answers one. All counts are modulo 2^32. LIMIT
 * frames go out when the buffer drains, after every SYNC and every credit
 * period; SYNC frames every period of the sender's qdisc, repeated until
 * acknowledged. The management VL (15) is never flow controlled.
 * drivers/snic/core/credit.h has the protocol whole, and what a frame
 * forged on the link can and cannot do.
 *
 * Congestion notifications
 * ========================
 * A congestion notification (CN) is a 16B packet, L4 SNIC_L4_MGMT, BECN
 * set, SC 15, whose payload is
 *   | u8 version = 1 | u8 type = 1 (CN) | u8 SL | u8 0 | be16 count | be16 0 |
 * count being the FECNs it answers (>= 1).
 *
 * Adaptive routing notification (ARN) at a switch
 * ===============================================
 * An ARN's payload (Documentation/networking/snic.rst, "ARN"):
 *   | u8 type | u4 version = 0, u4 reserved | u8 metric | u8 para-type |
 * then the parameters of para-type, in bit order. Each receiving port
 * counts it (rx_arn) or drops it with one counter per reason.
 *
 * Service levels: the SL of a frame is skb->priority & 0x1f; the NIC's
 * SL2SC table gives its SC (default SL n -> SC n & 7); each switch egress
 * port may remap the SC (SC2SC, default identity); each fabric egress
 * qdisc maps SC to VL (include/uapi/linux/sch_snic.h).
 */
#ifndef _UAPI_LINUX_SNIC_WIRE_H
#define _UAPI_LINUX_SNIC_WIRE_H

#include <linux/types.h>

#define ETH_P_SNIC		0x88B5	/* 16B fabric packets */
#define ETH_P_SNIC_CREDIT	0x88B6	/* link-local credit returns */

#define SNIC_RC_DETOUR		0x4	/* RC bit 2: an in-group detour */
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

/*
 * Link keys (a BPT candidate's link attributes, the links of ar-link-get):
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

#endif /* _UAPI_LINUX_SNIC_WIRE_H */
