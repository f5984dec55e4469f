/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Counter names (the ethtool -S strings), indexed by enum snic_stat of
 * include/uapi/linux/snic.h. Shared by snic.ko and snicctl.
 */
#ifndef _SNIC_CORE_STAT_NAMES_H
#define _SNIC_CORE_STAT_NAMES_H

#ifdef __KERNEL__
#include <uapi/linux/snic.h>
#else
#include <linux/snic.h>
#endif

static const char *const snic_stat_name[SNIC_STAT_MAX + 1] = {
	[SNIC_STAT_RX_PACKETS]		= "rx_packets",
	[SNIC_STAT_RX_BYTES]		= "rx_bytes",
	[SNIC_STAT_TX_PACKETS]		= "tx_packets",
	[SNIC_STAT_TX_BYTES]		= "tx_bytes",
	[SNIC_STAT_RX_TRUNCATED]	= "rx_drop_truncated",
	[SNIC_STAT_RX_BAD_L2]		= "rx_drop_bad_l2",
	[SNIC_STAT_RX_BAD_LEN]		= "rx_drop_bad_len",
	[SNIC_STAT_RX_BAD_PAD]		= "rx_drop_bad_pad",
	[SNIC_STAT_RX_UNKNOWN_L4]	= "rx_drop_unknown_l4",
	[SNIC_STAT_RX_BAD_DLID]	= "rx_drop_bad_dlid",
	[SNIC_STAT_RX_BAD_INNER]	= "rx_drop_bad_inner",
	[SNIC_STAT_RX_MGMT]		= "rx_mgmt",
	[SNIC_STAT_TX_NO_DLID]		= "tx_drop_no_dlid",
	[SNIC_STAT_TX_NOMEM]		= "tx_drop_nomem",
	[SNIC_STAT_TX_TOO_BIG]		= "tx_drop_too_big",
	[SNIC_STAT_TX_LINK_DOWN]	= "tx_drop_link_down",
	[SNIC_STAT_FWD_NO_ROUTE]	= "fwd_drop_no_route",
	[SNIC_STAT_FWD_LOOP]		= "fwd_drop_loop",
	[SNIC_STAT_FWD_NOMEM]		= "fwd_drop_nomem",
	[SNIC_STAT_FWD_FLOOD]		= "fwd_flood_copies",
	[SNIC_STAT_FWD_TX_DROP]	= "fwd_drop_egress",
	[SNIC_STAT_TX_NO_LID]		= "tx_drop_no_lid",
	[SNIC_STAT_TX_LOWER_DROP]	= "tx_drop_lower",
	[SNIC_STAT_RX_DEV_DOWN]	= "rx_drop_dev_down",
	[SNIC_STAT_CREDIT_TX]		= "credit_limit_tx",
	[SNIC_STAT_CREDIT_TX_INJECT]	= "credit_limit_tx_dropped",
	[SNIC_STAT_CREDIT_RX]		= "credit_limit_rx",
	[SNIC_STAT_CREDIT_SYNC_RX]	= "credit_sync_rx",
	[SNIC_STAT_CREDIT_RESYNC]	= "credit_resyncs",
	[SNIC_STAT_CREDIT_BAD]		= "rx_drop_credit_malformed",
	[SNIC_STAT_CREDIT_BAD_VL]	= "rx_drop_credit_bad_vl",
	[SNIC_STAT_CREDIT_ABSURD]	= "rx_drop_credit_absurd",
	[SNIC_STAT_CREDIT_NO_QDISC]	= "rx_drop_credit_no_qdisc",
	[SNIC_STAT_RX_CREDIT_OVERRUN]	= "rx_drop_credit_overrun",
	[SNIC_STAT_CREDIT_LINK_RESET]	= "credit_link_resets",
	[SNIC_STAT_RX_VL0_PACKETS]	= "rx_vl0_packets",
	[SNIC_STAT_RX_VL1_PACKETS]	= "rx_vl1_packets",
	[SNIC_STAT_RX_VL2_PACKETS]	= "rx_vl2_packets",
	[SNIC_STAT_RX_VL3_PACKETS]	= "rx_vl3_packets",
	[SNIC_STAT_RX_VL4_PACKETS]	= "rx_vl4_packets",
	[SNIC_STAT_RX_VL5_PACKETS]	= "rx_vl5_packets",
	[SNIC_STAT_RX_VL6_PACKETS]	= "rx_vl6_packets",
	[SNIC_STAT_RX_VL7_PACKETS]	= "rx_vl7_packets",
	[SNIC_STAT_RX_VL8_PACKETS]	= "rx_vl8_packets",
	[SNIC_STAT_RX_VL9_PACKETS]	= "rx_vl9_packets",
	[SNIC_STAT_RX_VL10_PACKETS]	= "rx_vl10_packets",
	[SNIC_STAT_RX_VL11_PACKETS]	= "rx_vl11_packets",
	[SNIC_STAT_RX_VL12_PACKETS]	= "rx_vl12_packets",
	[SNIC_STAT_RX_VL13_PACKETS]	= "rx_vl13_packets",
	[SNIC_STAT_RX_VL14_PACKETS]	= "rx_vl14_packets",
	[SNIC_STAT_RX_VL15_PACKETS]	= "rx_vl15_packets",
	[SNIC_STAT_RX_VL0_BYTES]	= "rx_vl0_bytes",
	[SNIC_STAT_RX_VL1_BYTES]	= "rx_vl1_bytes",
	[SNIC_STAT_RX_VL2_BYTES]	= "rx_vl2_bytes",
	[SNIC_STAT_RX_VL3_BYTES]	= "rx_vl3_bytes",
	[SNIC_STAT_RX_VL4_BYTES]	= "rx_vl4_bytes",
	[SNIC_STAT_RX_VL5_BYTES]	= "rx_vl5_bytes",
	[SNIC_STAT_RX_VL6_BYTES]	= "rx_vl6_bytes",
	[SNIC_STAT_RX_VL7_BYTES]	= "rx_vl7_bytes",
	[SNIC_STAT_RX_VL8_BYTES]	= "rx_vl8_bytes",
	[SNIC_STAT_RX_VL9_BYTES]	= "rx_vl9_bytes",
	[SNIC_STAT_RX_VL10_BYTES]	= "rx_vl10_bytes",
	[SNIC_STAT_RX_VL11_BYTES]	= "rx_vl11_bytes",
	[SNIC_STAT_RX_VL12_BYTES]	= "rx_vl12_bytes",
	[SNIC_STAT_RX_VL13_BYTES]	= "rx_vl13_bytes",
	[SNIC_STAT_RX_VL14_BYTES]	= "rx_vl14_bytes",
	[SNIC_STAT_RX_VL15_BYTES]	= "rx_vl15_bytes",
	[SNIC_STAT_RX_FECN]		= "rx_fecn",
	[SNIC_STAT_RX_BECN]		= "rx_becn",
};

#endif /* _SNIC_CORE_STAT_NAMES_H */
