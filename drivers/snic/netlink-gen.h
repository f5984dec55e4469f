/* SPDX-License-Identifier: ((GPL-2.0 WITH Linux-syscall-note) OR BSD-3-Clause) */
/* Do not edit directly, auto-generated from: */
/*	Documentation/netlink/specs/snic.yaml */
/* YNL-GEN kernel header */

#ifndef _LINUX_SNIC_GEN_H
#define _LINUX_SNIC_GEN_H

#include <net/netlink.h>
#include <net/genetlink.h>

#include <uapi/linux/snic.h>

/* Common nested types */
extern const struct nla_policy snic_ar_nl_policy[SNIC_A_AR_INTM + 1];
extern const struct nla_policy snic_bpt_nl_policy[SNIC_A_BPT_FLOWS + 1];
extern const struct nla_policy snic_bpt_cand_nl_policy[SNIC_A_BPT_CAND_DETOUR + 1];
extern const struct nla_policy snic_cc_nl_policy[SNIC_A_CC_PARKED + 1];
extern const struct nla_policy snic_cc_sl_nl_policy[SNIC_A_CC_SL_MIN + 1];
extern const struct nla_policy snic_cct_entry_nl_policy[SNIC_A_CCT_ENTRY_MULTIPLIER + 1];
extern const struct nla_policy snic_credit_nl_policy[SNIC_A_CREDIT_DROP + 1];
extern const struct nla_policy snic_dev_nl_policy[SNIC_A_DEV_SC2SL + 1];
extern const struct nla_policy snic_lft_nl_policy[SNIC_A_LFT_PORT + 1];
extern const struct nla_policy snic_mft_nl_policy[SNIC_A_MFT_PORTS + 1];
extern const struct nla_policy snic_port_nl_policy[SNIC_A_PORT_AR_UTIL + 1];
extern const struct nla_policy snic_stats_nl_policy[SNIC_STAT_AR_INTM + 1];
extern const struct nla_policy snic_sw_cc_nl_policy[SNIC_A_SW_CC_PORT_VICTIM + 1];

/* Ops table for snic */
extern const struct genl_split_ops snic_nl_ops[16];

int snic_nl_pre_doit(const struct genl_split_ops *ops, struct sk_buff *skb,
		     struct genl_info *info);
void
snic_nl_post_doit(const struct genl_split_ops *ops, struct sk_buff *skb,
		  struct genl_info *info);
int snic_nl_dev_get_start(struct netlink_callback *cb);

int snic_nl_dev_get_doit(struct sk_buff *skb, struct genl_info *info);
int snic_nl_dev_get_dumpit(struct sk_buff *skb, struct netlink_callback *cb);
int snic_nl_dev_set_doit(struct sk_buff *skb, struct genl_info *info);
int snic_nl_port_get_dumpit(struct sk_buff *skb, struct netlink_callback *cb);
int snic_nl_port_set_doit(struct sk_buff *skb, struct genl_info *info);
int snic_nl_lft_get_dumpit(struct sk_buff *skb, struct netlink_callback *cb);
int snic_nl_lft_set_doit(struct sk_buff *skb, struct genl_info *info);
int snic_nl_lft_del_doit(struct sk_buff *skb, struct genl_info *info);
int snic_nl_mft_get_dumpit(struct sk_buff *skb, struct netlink_callback *cb);
int snic_nl_mft_set_doit(struct sk_buff *skb, struct genl_info *info);
int snic_nl_mft_del_doit(struct sk_buff *skb, struct genl_info *info);
int snic_nl_bpt_get_dumpit(struct sk_buff *skb, struct netlink_callback *cb);
int snic_nl_bpt_set_doit(struct sk_buff *skb, struct genl_info *info);
int snic_nl_cc_dlid_get_dumpit(struct sk_buff *skb,
			       struct netlink_callback *cb);
int snic_nl_cc_log_get_dumpit(struct sk_buff *skb, struct netlink_callback *cb);
int snic_nl_ar_link_get_dumpit(struct sk_buff *skb,
			       struct netlink_callback *cb);

enum {
	SNIC_NLGRP_EVENTS,
};

#endif /* _LINUX_SNIC_GEN_H */
