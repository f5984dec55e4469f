// SPDX-License-Identifier: ((GPL-2.0 WITH Linux-syscall-note) OR BSD-3-Clause)
/* Do not edit directly, auto-generated from: */
/*	Documentation/netlink/specs/snic.yaml */
/* YNL-GEN kernel source */

#include <net/netlink.h>
#include <net/genetlink.h>

#include "netlink-gen.h"

#include <uapi/linux/snic.h>

/* Integer value ranges */
static const struct netlink_range_validation snic_a_dev_lid_range = {
	.min	= 1ULL,
	.max	= 15728639ULL,
};

static const struct netlink_range_validation snic_a_credit_period_range = {
	.min	= 100ULL,
	.max	= 1000000ULL,
};

static const struct netlink_range_validation snic_a_cc_increase_range = {
	.max	= 65535ULL,
};

static const struct netlink_range_validation snic_a_cc_timer_range = {
	.max	= 65535ULL,
};

static const struct netlink_range_validation snic_a_cc_trigger_range = {
	.max	= 65535ULL,
};

static const struct netlink_range_validation snic_a_cc_min_range = {
	.max	= 65535ULL,
};

static const struct netlink_range_validation snic_a_cc_max_tracked_range = {
	.min	= 1ULL,
	.max	= 65536ULL,
};

static const struct netlink_range_validation snic_a_cc_window_range = {
	.max	= 100000000ULL,
};

static const struct netlink_range_validation snic_a_cc_max_delay_range = {
	.min	= 1ULL,
	.max	= 13417677ULL,
};

static const struct netlink_range_validation snic_a_cc_sl_increase_range = {
	.max	= 65535ULL,
};

static const struct netlink_range_validation snic_a_cc_sl_timer_range = {
	.max	= 65535ULL,
};

static const struct netlink_range_validation snic_a_cc_sl_trigger_range = {
	.max	= 65535ULL,
};

static const struct netlink_range_validation snic_a_cc_sl_min_range = {
	.max	= 65535ULL,
};

static const struct netlink_range_validation snic_a_ar_dlid_range = {
	.max	= 16777214ULL,
};

static const struct netlink_range_validation snic_a_ar_life_range = {
	.min	= 1ULL,
	.max	= 100000000ULL,
};

static const struct netlink_range_validation snic_a_ar_period_range = {
	.max	= 10000000ULL,
};

static const struct netlink_range_validation snic_a_ar_slid_min_range = {
	.min	= 1ULL,
	.max	= 15728639ULL,
};

static const struct netlink_range_validation snic_a_ar_slid_max_range = {
	.min	= 1ULL,
	.max	= 15728639ULL,
};

static const struct netlink_range_validation snic_a_ar_refresh_range = {
	.max	= 100000000ULL,
};

static const struct netlink_range_validation snic_a_ar_recovery_hold_range = {
	.max	= 100000000ULL,
};

static const struct netlink_range_validation snic_a_ar_min_gap_range = {
	.max	= 100000000ULL,
};

static const struct netlink_range_validation snic_a_lft_dlid_range = {
	.min	= 1ULL,
	.max	= 15728639ULL,
};

static const struct netlink_range_validation snic_a_mft_dlid_range = {
	.min	= 15728640ULL,
	.max	= 16777214ULL,
};

static const struct netlink_range_validation snic_a_bpt_dlid_range = {
	.min	= 1ULL,
	.max	= 15728639ULL,
};

static const struct netlink_range_validation snic_a_bpt_dlid_last_range = {
	.min	= 1ULL,
	.max	= 15728639ULL,
};

static const struct netlink_range_validation snic_a_bpt_cand_cost_range = {
	.min	= 1ULL,
	.max	= 65535ULL,
};

static const struct netlink_range_validation snic_a_sw_cc_port_buf_range = {
	.min	= 64ULL,
	.max	= 16777216ULL,
};

/* Common nested types */
const struct nla_policy snic_ar_nl_policy[SNIC_A_AR_INTM + 1] = {
	[SNIC_A_AR_DLID] = NLA_POLICY_FULL_RANGE(NLA_U32, &snic_a_ar_dlid_range),
	[SNIC_A_AR_GROUP] = NLA_POLICY_MAX(NLA_U32, 4095),
	[SNIC_A_AR_SWITCH] = NLA_POLICY_MAX(NLA_U32, 2047),
	[SNIC_A_AR_LIFE] = NLA_POLICY_FULL_RANGE(NLA_U32, &snic_a_ar_life_range),
	[SNIC_A_AR_PERIOD] = NLA_POLICY_FULL_RANGE(NLA_U32, &snic_a_ar_period_range),
	[SNIC_A_AR_SET_LEVEL] = NLA_POLICY_MAX(NLA_U32, 255),
	[SNIC_A_AR_CLEAR_LEVEL] = NLA_POLICY_MAX(NLA_U32, 255),
	[SNIC_A_AR_SET_SAMPLES] = NLA_POLICY_RANGE(NLA_U32, 1, 255),
	[SNIC_A_AR_CLEAR_SAMPLES] = NLA_POLICY_RANGE(NLA_U32, 1, 255),
	[SNIC_A_AR_HOLD_DOWN] = { .type = NLA_U32, },
	[SNIC_A_AR_FLOWLET] = { .type = NLA_U32, },
	[SNIC_A_AR_ALGORITHM] = NLA_POLICY_MAX(NLA_U32, 4),
	[SNIC_A_AR_LOST_ROUTE_ONLY] = NLA_POLICY_MAX(NLA_U32, 1),
	[SNIC_A_AR_SLID_MIN] = NLA_POLICY_FULL_RANGE(NLA_U32, &snic_a_ar_slid_min_range),
	[SNIC_A_AR_SLID_MAX] = NLA_POLICY_FULL_RANGE(NLA_U32, &snic_a_ar_slid_max_range),
	[SNIC_A_AR_REFRESH] = NLA_POLICY_FULL_RANGE(NLA_U32, &snic_a_ar_refresh_range),
	[SNIC_A_AR_REPEAT] = NLA_POLICY_RANGE(NLA_U32, 1, 255),
	[SNIC_A_AR_RECOVERY_HOLD] = NLA_POLICY_FULL_RANGE(NLA_U32, &snic_a_ar_recovery_hold_range),
	[SNIC_A_AR_MIN_GAP] = NLA_POLICY_FULL_RANGE(NLA_U32, &snic_a_ar_min_gap_range),
	[SNIC_A_AR_DETECT] = NLA_POLICY_MAX(NLA_U32, 2),
	[SNIC_A_AR_UTIL_SET_LEVEL] = NLA_POLICY_MAX(NLA_U32, 255),
	[SNIC_A_AR_UTIL_CLEAR_LEVEL] = NLA_POLICY_MAX(NLA_U32, 255),
	[SNIC_A_AR_UTIL_SET_SAMPLES] = NLA_POLICY_RANGE(NLA_U32, 1, 255),
	[SNIC_A_AR_UTIL_CLEAR_SAMPLES] = NLA_POLICY_RANGE(NLA_U32, 1, 255),
	[SNIC_A_AR_DETOUR_SC2SC] = NLA_POLICY_EXACT_LEN(32),
	[SNIC_A_AR_INTM] = NLA_POLICY_MAX(NLA_U32, 2),
};

const struct nla_policy snic_bpt_nl_policy[SNIC_A_BPT_FLOWS + 1] = {
	[SNIC_A_BPT_DLID] = NLA_POLICY_FULL_RANGE(NLA_U32, &snic_a_bpt_dlid_range),
	[SNIC_A_BPT_CAND] = NLA_POLICY_NESTED(snic_bpt_cand_nl_policy),
	[SNIC_A_BPT_CUR] = { .type = NLA_U32, },
	[SNIC_A_BPT_DLID_LAST] = NLA_POLICY_FULL_RANGE(NLA_U32, &snic_a_bpt_dlid_last_range),
	[SNIC_A_BPT_FLOWS] = { .type = NLA_BINARY, },
};

const struct nla_policy snic_bpt_cand_nl_policy[SNIC_A_BPT_CAND_DETOUR + 1] = {
	[SNIC_A_BPT_CAND_PORT] = NLA_POLICY_RANGE(NLA_U32, 1, 64),
	[SNIC_A_BPT_CAND_GLOBAL] = NLA_POLICY_MAX(NLA_U32, 1),
	[SNIC_A_BPT_CAND_COST] = NLA_POLICY_FULL_RANGE(NLA_U32, &snic_a_bpt_cand_cost_range),
	[SNIC_A_BPT_CAND_LINK] = { .type = NLA_U32, },
	[SNIC_A_BPT_CAND_PENALTY] = { .type = NLA_U32, },
	[SNIC_A_BPT_CAND_DETOUR] = NLA_POLICY_MAX(NLA_U32, 1),
};

const struct nla_policy snic_cc_nl_policy[SNIC_A_CC_PARKED + 1] = {
	[SNIC_A_CC_PACING] = NLA_POLICY_MAX(NLA_U32, 1),
	[SNIC_A_CC_INCREASE] = NLA_POLICY_FULL_RANGE(NLA_U32, &snic_a_cc_increase_range),
	[SNIC_A_CC_TIMER] = NLA_POLICY_FULL_RANGE(NLA_U32, &snic_a_cc_timer_range),
	[SNIC_A_CC_TRIGGER] = NLA_POLICY_FULL_RANGE(NLA_U32, &snic_a_cc_trigger_range),
	[SNIC_A_CC_MIN] = NLA_POLICY_FULL_RANGE(NLA_U32, &snic_a_cc_min_range),
	[SNIC_A_CC_LIMIT] = NLA_POLICY_MAX(NLA_U32, 1983),
	[SNIC_A_CC_MAX_TRACKED] = NLA_POLICY_FULL_RANGE(NLA_U32, &snic_a_cc_max_tracked_range),
	[SNIC_A_CC_WINDOW] = NLA_POLICY_FULL_RANGE(NLA_U32, &snic_a_cc_window_range),
	[SNIC_A_CC_CCT_ENTRY] = NLA_POLICY_NESTED(snic_cct_entry_nl_policy),
	[SNIC_A_CC_TRACKED] = { .type = NLA_U32, },
	[SNIC_A_CC_LATE_NS] = { .type = NLA_U64, },
	[SNIC_A_CC_LATE_N] = { .type = NLA_U64, },
	[SNIC_A_CC_LATE_P50] = { .type = NLA_U64, },
	[SNIC_A_CC_LATE_P99] = { .type = NLA_U64, },
	[SNIC_A_CC_LATE_MAX] = { .type = NLA_U64, },
	[SNIC_A_CC_MAX_DELAY] = NLA_POLICY_FULL_RANGE(NLA_U32, &snic_a_cc_max_delay_range),
	[SNIC_A_CC_CCT_LEN] = { .type = NLA_U32, },
	[SNIC_A_CC_TXQ_STALLS] = { .type = NLA_U64, },
	[SNIC_A_CC_SL_SETTING] = NLA_POLICY_NESTED(snic_cc_sl_nl_policy),
	[SNIC_A_CC_TXQ_STOPPED] = { .type = NLA_U32, },
	[SNIC_A_CC_PARKED] = { .type = NLA_U32, },
};

const struct nla_policy snic_cc_sl_nl_policy[SNIC_A_CC_SL_MIN + 1] = {
	[SNIC_A_CC_SL_SL] = NLA_POLICY_MAX(NLA_U32, 31),
	[SNIC_A_CC_SL_INCREASE] = NLA_POLICY_FULL_RANGE(NLA_U32, &snic_a_cc_sl_increase_range),
	[SNIC_A_CC_SL_TIMER] = NLA_POLICY_FULL_RANGE(NLA_U32, &snic_a_cc_sl_timer_range),
	[SNIC_A_CC_SL_TRIGGER] = NLA_POLICY_FULL_RANGE(NLA_U32, &snic_a_cc_sl_trigger_range),
	[SNIC_A_CC_SL_MIN] = NLA_POLICY_FULL_RANGE(NLA_U32, &snic_a_cc_sl_min_range),
};

const struct nla_policy snic_cct_entry_nl_policy[SNIC_A_CCT_ENTRY_MULTIPLIER + 1] = {
	[SNIC_A_CCT_ENTRY_SHIFT] = NLA_POLICY_MAX(NLA_U32, 3),
	[SNIC_A_CCT_ENTRY_MULTIPLIER] = NLA_POLICY_MAX(NLA_U32, 16383),
};

const struct nla_policy snic_credit_nl_policy[SNIC_A_CREDIT_DROP + 1] = {
	[SNIC_A_CREDIT_VL_BUF] = NLA_POLICY_EXACT_LEN(32),
	[SNIC_A_CREDIT_VL_USED] = { .type = NLA_BINARY, },
	[SNIC_A_CREDIT_PERIOD] = NLA_POLICY_FULL_RANGE(NLA_U32, &snic_a_credit_period_range),
	[SNIC_A_CREDIT_DROP] = { .type = NLA_U32, },
};

const struct nla_policy snic_dev_nl_policy[SNIC_A_DEV_SC2SL + 1] = {
	[SNIC_A_DEV_LID] = NLA_POLICY_FULL_RANGE(NLA_U32, &snic_a_dev_lid_range),
	[SNIC_A_DEV_LINK_IFINDEX] = { .type = NLA_U32, },
	[SNIC_A_DEV_SL2SC] = NLA_POLICY_EXACT_LEN(32),
	[SNIC_A_DEV_SC2SL] = NLA_POLICY_EXACT_LEN(32),
};

const struct nla_policy snic_lft_nl_policy[SNIC_A_LFT_PORT + 1] = {
	[SNIC_A_LFT_DLID] = NLA_POLICY_FULL_RANGE(NLA_U32, &snic_a_lft_dlid_range),
	[SNIC_A_LFT_PORT] = NLA_POLICY_RANGE(NLA_U32, 1, 64),
};

const struct nla_policy snic_mft_nl_policy[SNIC_A_MFT_PORTS + 1] = {
	[SNIC_A_MFT_DLID] = NLA_POLICY_FULL_RANGE(NLA_U32, &snic_a_mft_dlid_range),
	[SNIC_A_MFT_PORTS] = { .type = NLA_U64, },
};

const struct nla_policy snic_port_nl_policy[SNIC_A_PORT_AR_UTIL + 1] = {
	[SNIC_A_PORT_NUM] = NLA_POLICY_RANGE(NLA_U32, 1, 64),
	[SNIC_A_PORT_IFINDEX] = { .type = NLA_U32, },
	[SNIC_A_PORT_IFNAME] = { .type = NLA_NUL_STRING, },
	[SNIC_A_PORT_SC2SC] = NLA_POLICY_EXACT_LEN(32),
	[SNIC_A_PORT_CREDIT] = NLA_POLICY_NESTED(snic_credit_nl_policy),
	[SNIC_A_PORT_AR_KIND] = NLA_POLICY_MAX(NLA_U32, 2),
	[SNIC_A_PORT_AR_PEER] = NLA_POLICY_MAX(NLA_U32, 4095),
	[SNIC_A_PORT_STATS] = NLA_POLICY_NESTED(snic_stats_nl_policy),
	[SNIC_A_PORT_AR_LEVEL] = { .type = NLA_U32, },
	[SNIC_A_PORT_AR_CONGESTED] = { .type = NLA_U32, },
	[SNIC_A_PORT_AR_ABOVE] = { .type = NLA_U32, },
	[SNIC_A_PORT_AR_BELOW] = { .type = NLA_U32, },
	[SNIC_A_PORT_AR_FAILED] = { .type = NLA_U32, },
	[SNIC_A_PORT_AR_UP_US] = { .type = NLA_U32, },
	[SNIC_A_PORT_AR_UTIL] = { .type = NLA_U32, },
};

const struct nla_policy snic_stats_nl_policy[SNIC_STAT_AR_INTM + 1] = {
	[SNIC_STAT_RX_PACKETS] = { .type = NLA_U64, },
	[SNIC_STAT_RX_BYTES] = { .type = NLA_U64, },
	[SNIC_STAT_TX_PACKETS] = { .type = NLA_U64, },
	[SNIC_STAT_TX_BYTES] = { .type = NLA_U64, },
	[SNIC_STAT_RX_DROP_TRUNCATED] = { .type = NLA_U64, },
	[SNIC_STAT_RX_DROP_BAD_L2] = { .type = NLA_U64, },
	[SNIC_STAT_RX_DROP_BAD_LEN] = { .type = NLA_U64, },
	[SNIC_STAT_RX_DROP_BAD_PAD] = { .type = NLA_U64, },
	[SNIC_STAT_RX_DROP_UNKNOWN_L4] = { .type = NLA_U64, },
	[SNIC_STAT_RX_DROP_BAD_DLID] = { .type = NLA_U64, },
	[SNIC_STAT_RX_DROP_BAD_INNER] = { .type = NLA_U64, },
	[SNIC_STAT_RX_MGMT] = { .type = NLA_U64, },
	[SNIC_STAT_TX_DROP_NO_DLID] = { .type = NLA_U64, },
	[SNIC_STAT_TX_DROP_NOMEM] = { .type = NLA_U64, },
	[SNIC_STAT_TX_DROP_TOO_BIG] = { .type = NLA_U64, },
	[SNIC_STAT_TX_DROP_LINK_DOWN] = { .type = NLA_U64, },
	[SNIC_STAT_FWD_DROP_NO_ROUTE] = { .type = NLA_U64, },
	[SNIC_STAT_FWD_DROP_LOOP] = { .type = NLA_U64, },
	[SNIC_STAT_FWD_DROP_NOMEM] = { .type = NLA_U64, },
	[SNIC_STAT_FWD_FLOOD_COPIES] = { .type = NLA_U64, },
	[SNIC_STAT_FWD_DROP_EGRESS] = { .type = NLA_U64, },
	[SNIC_STAT_TX_DROP_NO_LID] = { .type = NLA_U64, },
	[SNIC_STAT_TX_DROP_LOWER] = { .type = NLA_U64, },
	[SNIC_STAT_RX_DROP_DEV_DOWN] = { .type = NLA_U64, },
	[SNIC_STAT_CREDIT_LIMIT_TX] = { .type = NLA_U64, },
	[SNIC_STAT_CREDIT_LIMIT_TX_DROPPED] = { .type = NLA_U64, },
	[SNIC_STAT_CREDIT_LIMIT_RX] = { .type = NLA_U64, },
	[SNIC_STAT_CREDIT_SYNC_RX] = { .type = NLA_U64, },
	[SNIC_STAT_CREDIT_RESYNCS] = { .type = NLA_U64, },
	[SNIC_STAT_RX_DROP_CREDIT_MALFORMED] = { .type = NLA_U64, },
	[SNIC_STAT_RX_DROP_CREDIT_BAD_VL] = { .type = NLA_U64, },
	[SNIC_STAT_RX_DROP_CREDIT_ABSURD] = { .type = NLA_U64, },
	[SNIC_STAT_RX_DROP_CREDIT_NO_QDISC] = { .type = NLA_U64, },
	[SNIC_STAT_RX_DROP_CREDIT_OVERRUN] = { .type = NLA_U64, },
	[SNIC_STAT_CREDIT_LINK_RESETS] = { .type = NLA_U64, },
	[SNIC_STAT_RX_VL0_PACKETS] = { .type = NLA_U64, },
	[SNIC_STAT_RX_VL1_PACKETS] = { .type = NLA_U64, },
	[SNIC_STAT_RX_VL2_PACKETS] = { .type = NLA_U64, },
	[SNIC_STAT_RX_VL3_PACKETS] = { .type = NLA_U64, },
	[SNIC_STAT_RX_VL4_PACKETS] = { .type = NLA_U64, },
	[SNIC_STAT_RX_VL5_PACKETS] = { .type = NLA_U64, },
	[SNIC_STAT_RX_VL6_PACKETS] = { .type = NLA_U64, },
	[SNIC_STAT_RX_VL7_PACKETS] = { .type = NLA_U64, },
	[SNIC_STAT_RX_VL8_PACKETS] = { .type = NLA_U64, },
	[SNIC_STAT_RX_VL9_PACKETS] = { .type = NLA_U64, },
	[SNIC_STAT_RX_VL10_PACKETS] = { .type = NLA_U64, },
	[SNIC_STAT_RX_VL11_PACKETS] = { .type = NLA_U64, },
	[SNIC_STAT_RX_VL12_PACKETS] = { .type = NLA_U64, },
	[SNIC_STAT_RX_VL13_PACKETS] = { .type = NLA_U64, },
	[SNIC_STAT_RX_VL14_PACKETS] = { .type = NLA_U64, },
	[SNIC_STAT_RX_VL15_PACKETS] = { .type = NLA_U64, },
	[SNIC_STAT_RX_VL0_BYTES] = { .type = NLA_U64, },
	[SNIC_STAT_RX_VL1_BYTES] = { .type = NLA_U64, },
	[SNIC_STAT_RX_VL2_BYTES] = { .type = NLA_U64, },
	[SNIC_STAT_RX_VL3_BYTES] = { .type = NLA_U64, },
	[SNIC_STAT_RX_VL4_BYTES] = { .type = NLA_U64, },
	[SNIC_STAT_RX_VL5_BYTES] = { .type = NLA_U64, },
	[SNIC_STAT_RX_VL6_BYTES] = { .type = NLA_U64, },
	[SNIC_STAT_RX_VL7_BYTES] = { .type = NLA_U64, },
	[SNIC_STAT_RX_VL8_BYTES] = { .type = NLA_U64, },
	[SNIC_STAT_RX_VL9_BYTES] = { .type = NLA_U64, },
	[SNIC_STAT_RX_VL10_BYTES] = { .type = NLA_U64, },
	[SNIC_STAT_RX_VL11_BYTES] = { .type = NLA_U64, },
	[SNIC_STAT_RX_VL12_BYTES] = { .type = NLA_U64, },
	[SNIC_STAT_RX_VL13_BYTES] = { .type = NLA_U64, },
	[SNIC_STAT_RX_VL14_BYTES] = { .type = NLA_U64, },
	[SNIC_STAT_RX_VL15_BYTES] = { .type = NLA_U64, },
	[SNIC_STAT_RX_FECN] = { .type = NLA_U64, },
	[SNIC_STAT_RX_BECN] = { .type = NLA_U64, },
	[SNIC_STAT_RX_FECN_MCAST] = { .type = NLA_U64, },
	[SNIC_STAT_TX_BECN_PIGGYBACK] = { .type = NLA_U64, },
	[SNIC_STAT_TX_CN] = { .type = NLA_U64, },
	[SNIC_STAT_BECN_COALESCED] = { .type = NLA_U64, },
	[SNIC_STAT_RX_CN] = { .type = NLA_U64, },
	[SNIC_STAT_RX_DROP_MGMT_SHORT] = { .type = NLA_U64, },
	[SNIC_STAT_RX_DROP_MGMT_VERSION] = { .type = NLA_U64, },
	[SNIC_STAT_RX_DROP_MGMT_TYPE] = { .type = NLA_U64, },
	[SNIC_STAT_RX_DROP_MGMT_FIELD] = { .type = NLA_U64, },
	[SNIC_STAT_TX_PACED] = { .type = NLA_U64, },
	[SNIC_STAT_TX_DROP_PACED_FLUSH] = { .type = NLA_U64, },
	[SNIC_STAT_CC_EVICTIONS] = { .type = NLA_U64, },
	[SNIC_STAT_CC_EVICTIONS_BUSY] = { .type = NLA_U64, },
	[SNIC_STAT_CC_LOG_ENTRIES] = { .type = NLA_U64, },
	[SNIC_STAT_RX_ARN] = { .type = NLA_U64, },
	[SNIC_STAT_RX_DROP_ARN_SHORT] = { .type = NLA_U64, },
	[SNIC_STAT_RX_DROP_ARN_VERSION] = { .type = NLA_U64, },
	[SNIC_STAT_RX_DROP_ARN_TYPE] = { .type = NLA_U64, },
	[SNIC_STAT_RX_DROP_ARN_FIELD] = { .type = NLA_U64, },
	[SNIC_STAT_RX_DROP_ARN_GROUP] = { .type = NLA_U64, },
	[SNIC_STAT_RX_DROP_ARN_SELF] = { .type = NLA_U64, },
	[SNIC_STAT_ARN_STALE] = { .type = NLA_U64, },
	[SNIC_STAT_ARN_FULL] = { .type = NLA_U64, },
	[SNIC_STAT_ARN_CHANGED] = { .type = NLA_U64, },
	[SNIC_STAT_TX_ARN] = { .type = NLA_U64, },
	[SNIC_STAT_AR_DETECTED] = { .type = NLA_U64, },
	[SNIC_STAT_AR_ALT] = { .type = NLA_U64, },
	[SNIC_STAT_AR_MOVES] = { .type = NLA_U64, },
	[SNIC_STAT_FWD_DROP_QDISC] = { .type = NLA_U64, },
	[SNIC_STAT_CREDIT_LATE] = { .type = NLA_U64, },
	[SNIC_STAT_CREDIT_JOINING] = { .type = NLA_U64, },
	[SNIC_STAT_CREDIT_WRITTEN_OFF] = { .type = NLA_U64, },
	[SNIC_STAT_CREDIT_EXCESS] = { .type = NLA_U64, },
	[SNIC_STAT_CREDIT_SYNC_REPEATS] = { .type = NLA_U64, },
	[SNIC_STAT_CREDIT_LIMIT_STALE] = { .type = NLA_U64, },
	[SNIC_STAT_TX_PACED_EARLY] = { .type = NLA_U64, },
	[SNIC_STAT_CREDIT_OVERTAKEN] = { .type = NLA_U64, },
	[SNIC_STAT_TX_LINK_WAIT] = { .type = NLA_U64, },
	[SNIC_STAT_BECN_UNCOALESCED] = { .type = NLA_U64, },
	[SNIC_STAT_CC_MARK_OFF] = { .type = NLA_U64, },
	[SNIC_STAT_AR_LIMITED] = { .type = NLA_U64, },
	[SNIC_STAT_TX_ARN_RELAY] = { .type = NLA_U64, },
	[SNIC_STAT_AR_FLOW_MOVED] = { .type = NLA_U64, },
	[SNIC_STAT_AR_BPT_REFRESH] = { .type = NLA_U64, },
	[SNIC_STAT_AR_DETOUR] = { .type = NLA_U64, },
	[SNIC_STAT_AR_REROUTE] = { .type = NLA_U64, },
	[SNIC_STAT_EVENTS_SUPPRESSED] = { .type = NLA_U64, },
	[SNIC_STAT_RX_DROP_CREDIT_OUTSIDE] = { .type = NLA_U64, },
	[SNIC_STAT_CREDIT_RESESSIONS] = { .type = NLA_U64, },
	[SNIC_STAT_TX_PACED_BEHIND_AQM] = { .type = NLA_U64, },
	[SNIC_STAT_TX_ARN_BYTES] = { .type = NLA_U64, },
	[SNIC_STAT_TX_CN_BYTES] = { .type = NLA_U64, },
	[SNIC_STAT_TX_PACED_DEFERRED] = { .type = NLA_U64, },
	[SNIC_STAT_CREDIT_LATE_CREDITS] = { .type = NLA_U64, },
	[SNIC_STAT_AR_INTM] = { .type = NLA_U64, },
};

const struct nla_policy snic_sw_cc_nl_policy[SNIC_A_SW_CC_PORT_VICTIM + 1] = {
	[SNIC_A_SW_CC_MARKING] = NLA_POLICY_MAX(NLA_U32, 1),
	[SNIC_A_SW_CC_LOG_ENTRIES] = { .type = NLA_U64, },
	[SNIC_A_SW_CC_PORT_THRESHOLD] = NLA_POLICY_EXACT_LEN(16),
	[SNIC_A_SW_CC_PORT_BUF] = NLA_POLICY_FULL_RANGE(NLA_U32, &snic_a_sw_cc_port_buf_range),
	[SNIC_A_SW_CC_PORT_PKT_SIZE] = NLA_POLICY_EXACT_LEN(32),
	[SNIC_A_SW_CC_PORT_MARK_RATE] = NLA_POLICY_EXACT_LEN(32),
	[SNIC_A_SW_CC_PORT_VICTIM] = NLA_POLICY_MAX(NLA_U32, 1),
};

/* SNIC_CMD_DEV_GET - do */
static const struct nla_policy snic_dev_get_nl_policy[SNIC_A_IFINDEX + 1] = {
	[SNIC_A_IFINDEX] = NLA_POLICY_MIN(NLA_U32, 1),
};

/* SNIC_CMD_DEV_SET - do */
static const struct nla_policy snic_dev_set_nl_policy[SNIC_A_SW_CC + 1] = {
	[SNIC_A_IFINDEX] = NLA_POLICY_MIN(NLA_U32, 1),
	[SNIC_A_DEV] = NLA_POLICY_NESTED(snic_dev_nl_policy),
	[SNIC_A_CREDIT] = NLA_POLICY_NESTED(snic_credit_nl_policy),
	[SNIC_A_CC] = NLA_POLICY_NESTED(snic_cc_nl_policy),
	[SNIC_A_AR] = NLA_POLICY_NESTED(snic_ar_nl_policy),
	[SNIC_A_SW_CC] = NLA_POLICY_NESTED(snic_sw_cc_nl_policy),
};

/* SNIC_CMD_PORT_GET - dump */
static const struct nla_policy snic_port_get_nl_policy[SNIC_A_IFINDEX + 1] = {
	[SNIC_A_IFINDEX] = NLA_POLICY_MIN(NLA_U32, 1),
};

/* SNIC_CMD_PORT_SET - do */
static const struct nla_policy snic_port_set_nl_policy[SNIC_A_PORT + 1] = {
	[SNIC_A_IFINDEX] = NLA_POLICY_MIN(NLA_U32, 1),
	[SNIC_A_PORT] = NLA_POLICY_NESTED(snic_port_nl_policy),
};

/* SNIC_CMD_LFT_GET - dump */
static const struct nla_policy snic_lft_get_nl_policy[SNIC_A_IFINDEX + 1] = {
	[SNIC_A_IFINDEX] = NLA_POLICY_MIN(NLA_U32, 1),
};

/* SNIC_CMD_LFT_SET - do */
static const struct nla_policy snic_lft_set_nl_policy[SNIC_A_LFT + 1] = {
	[SNIC_A_IFINDEX] = NLA_POLICY_MIN(NLA_U32, 1),
	[SNIC_A_LFT] = NLA_POLICY_NESTED(snic_lft_nl_policy),
};

/* SNIC_CMD_LFT_DEL - do */
static const struct nla_policy snic_lft_del_nl_policy[SNIC_A_LFT + 1] = {
	[SNIC_A_IFINDEX] = NLA_POLICY_MIN(NLA_U32, 1),
	[SNIC_A_LFT] = NLA_POLICY_NESTED(snic_lft_nl_policy),
};

/* SNIC_CMD_MFT_GET - dump */
static const struct nla_policy snic_mft_get_nl_policy[SNIC_A_IFINDEX + 1] = {
	[SNIC_A_IFINDEX] = NLA_POLICY_MIN(NLA_U32, 1),
};

/* SNIC_CMD_MFT_SET - do */
static const struct nla_policy snic_mft_set_nl_policy[SNIC_A_MFT + 1] = {
	[SNIC_A_IFINDEX] = NLA_POLICY_MIN(NLA_U32, 1),
	[SNIC_A_MFT] = NLA_POLICY_NESTED(snic_mft_nl_policy),
};

/* SNIC_CMD_MFT_DEL - do */
static const struct nla_policy snic_mft_del_nl_policy[SNIC_A_MFT + 1] = {
	[SNIC_A_IFINDEX] = NLA_POLICY_MIN(NLA_U32, 1),
	[SNIC_A_MFT] = NLA_POLICY_NESTED(snic_mft_nl_policy),
};

/* SNIC_CMD_BPT_GET - dump */
static const struct nla_policy snic_bpt_get_nl_policy[SNIC_A_IFINDEX + 1] = {
	[SNIC_A_IFINDEX] = NLA_POLICY_MIN(NLA_U32, 1),
};

/* SNIC_CMD_BPT_SET - do */
static const struct nla_policy snic_bpt_set_nl_policy[SNIC_A_BPT + 1] = {
	[SNIC_A_IFINDEX] = NLA_POLICY_MIN(NLA_U32, 1),
	[SNIC_A_BPT] = NLA_POLICY_NESTED(snic_bpt_nl_policy),
};

/* SNIC_CMD_CC_DLID_GET - dump */
static const struct nla_policy snic_cc_dlid_get_nl_policy[SNIC_A_IFINDEX + 1] = {
	[SNIC_A_IFINDEX] = NLA_POLICY_MIN(NLA_U32, 1),
};

/* SNIC_CMD_CC_LOG_GET - dump */
static const struct nla_policy snic_cc_log_get_nl_policy[SNIC_A_IFINDEX + 1] = {
	[SNIC_A_IFINDEX] = NLA_POLICY_MIN(NLA_U32, 1),
};

/* SNIC_CMD_AR_LINK_GET - dump */
static const struct nla_policy snic_ar_link_get_nl_policy[SNIC_A_IFINDEX + 1] = {
	[SNIC_A_IFINDEX] = NLA_POLICY_MIN(NLA_U32, 1),
};

/* Ops table for snic */
const struct genl_split_ops snic_nl_ops[16] = {
	{
		.cmd		= SNIC_CMD_DEV_GET,
		.pre_doit	= snic_nl_pre_doit,
		.doit		= snic_nl_dev_get_doit,
		.post_doit	= snic_nl_post_doit,
		.policy		= snic_dev_get_nl_policy,
		.maxattr	= SNIC_A_IFINDEX,
		.flags		= GENL_CMD_CAP_DO,
	},
	{
		.cmd	= SNIC_CMD_DEV_GET,
		.start	= snic_nl_dev_get_start,
		.dumpit	= snic_nl_dev_get_dumpit,
		.flags	= GENL_CMD_CAP_DUMP,
	},
	{
		.cmd		= SNIC_CMD_DEV_SET,
		.pre_doit	= snic_nl_pre_doit,
		.doit		= snic_nl_dev_set_doit,
		.post_doit	= snic_nl_post_doit,
		.policy		= snic_dev_set_nl_policy,
		.maxattr	= SNIC_A_SW_CC,
		.flags		= GENL_UNS_ADMIN_PERM | GENL_CMD_CAP_DO,
	},
	{
		.cmd		= SNIC_CMD_PORT_GET,
		.dumpit		= snic_nl_port_get_dumpit,
		.policy		= snic_port_get_nl_policy,
		.maxattr	= SNIC_A_IFINDEX,
		.flags		= GENL_CMD_CAP_DUMP,
	},
	{
		.cmd		= SNIC_CMD_PORT_SET,
		.pre_doit	= snic_nl_pre_doit,
		.doit		= snic_nl_port_set_doit,
		.post_doit	= snic_nl_post_doit,
		.policy		= snic_port_set_nl_policy,
		.maxattr	= SNIC_A_PORT,
		.flags		= GENL_UNS_ADMIN_PERM | GENL_CMD_CAP_DO,
	},
	{
		.cmd		= SNIC_CMD_LFT_GET,
		.dumpit		= snic_nl_lft_get_dumpit,
		.policy		= snic_lft_get_nl_policy,
		.maxattr	= SNIC_A_IFINDEX,
		.flags		= GENL_CMD_CAP_DUMP,
	},
	{
		.cmd		= SNIC_CMD_LFT_SET,
		.pre_doit	= snic_nl_pre_doit,
		.doit		= snic_nl_lft_set_doit,
		.post_doit	= snic_nl_post_doit,
		.policy		= snic_lft_set_nl_policy,
		.maxattr	= SNIC_A_LFT,
		.flags		= GENL_UNS_ADMIN_PERM | GENL_CMD_CAP_DO,
	},
	{
		.cmd		= SNIC_CMD_LFT_DEL,
		.pre_doit	= snic_nl_pre_doit,
		.doit		= snic_nl_lft_del_doit,
		.post_doit	= snic_nl_post_doit,
		.policy		= snic_lft_del_nl_policy,
		.maxattr	= SNIC_A_LFT,
		.flags		= GENL_UNS_ADMIN_PERM | GENL_CMD_CAP_DO,
	},
	{
		.cmd		= SNIC_CMD_MFT_GET,
		.dumpit		= snic_nl_mft_get_dumpit,
		.policy		= snic_mft_get_nl_policy,
		.maxattr	= SNIC_A_IFINDEX,
		.flags		= GENL_CMD_CAP_DUMP,
	},
	{
		.cmd		= SNIC_CMD_MFT_SET,
		.pre_doit	= snic_nl_pre_doit,
		.doit		= snic_nl_mft_set_doit,
		.post_doit	= snic_nl_post_doit,
		.policy		= snic_mft_set_nl_policy,
		.maxattr	= SNIC_A_MFT,
		.flags		= GENL_UNS_ADMIN_PERM | GENL_CMD_CAP_DO,
	},
	{
		.cmd		= SNIC_CMD_MFT_DEL,
		.pre_doit	= snic_nl_pre_doit,
		.doit		= snic_nl_mft_del_doit,
		.post_doit	= snic_nl_post_doit,
		.policy		= snic_mft_del_nl_policy,
		.maxattr	= SNIC_A_MFT,
		.flags		= GENL_UNS_ADMIN_PERM | GENL_CMD_CAP_DO,
	},
	{
		.cmd		= SNIC_CMD_BPT_GET,
		.dumpit		= snic_nl_bpt_get_dumpit,
		.policy		= snic_bpt_get_nl_policy,
		.maxattr	= SNIC_A_IFINDEX,
		.flags		= GENL_CMD_CAP_DUMP,
	},
	{
		.cmd		= SNIC_CMD_BPT_SET,
		.pre_doit	= snic_nl_pre_doit,
		.doit		= snic_nl_bpt_set_doit,
		.post_doit	= snic_nl_post_doit,
		.policy		= snic_bpt_set_nl_policy,
		.maxattr	= SNIC_A_BPT,
		.flags		= GENL_UNS_ADMIN_PERM | GENL_CMD_CAP_DO,
	},
	{
		.cmd		= SNIC_CMD_CC_DLID_GET,
		.dumpit		= snic_nl_cc_dlid_get_dumpit,
		.policy		= snic_cc_dlid_get_nl_policy,
		.maxattr	= SNIC_A_IFINDEX,
		.flags		= GENL_CMD_CAP_DUMP,
	},
	{
		.cmd		= SNIC_CMD_CC_LOG_GET,
		.dumpit		= snic_nl_cc_log_get_dumpit,
		.policy		= snic_cc_log_get_nl_policy,
		.maxattr	= SNIC_A_IFINDEX,
		.flags		= GENL_CMD_CAP_DUMP,
	},
	{
		.cmd		= SNIC_CMD_AR_LINK_GET,
		.dumpit		= snic_nl_ar_link_get_dumpit,
		.policy		= snic_ar_link_get_nl_policy,
		.maxattr	= SNIC_A_IFINDEX,
		.flags		= GENL_CMD_CAP_DUMP,
	},
};

static const struct genl_multicast_group snic_nl_mcgrps[] = {
	[SNIC_NLGRP_EVENTS] = { "events", },
};
