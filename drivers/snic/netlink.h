/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the snic family's handlers share (netlink.c): the family, the
 * request's device, parsing an object's nest, and the dump skeleton.
 */
#ifndef _SNIC_NETLINK_H
#define _SNIC_NETLINK_H

#include <net/genetlink.h>

extern struct genl_family snic_genl_family;

/* The device of a doit (found and held by pre_doit, under RTNL). */
static inline struct net_device *snic_nl_info_dev(struct genl_info *info)
{
	return info->user_ptr[0];
}

struct net_device *snic_nl_want(struct net_device *dev, enum snic_kind want,
				struct nlattr **attrs,
				struct netlink_ext_ack *extack);
int snic_nl_nest(struct genl_info *info, int type, struct nlattr **tb,
		 int maxtype, const struct nla_policy *policy);
unsigned int snic_nl_cfg_gen(void);

/*
 * A dump's fill: adds messages to @skb from cb->args on, moving cb->args
 * past each one added; -EMSGSIZE when the skb is full.
 */
typedef int (*snic_nl_fill_t)(struct sk_buff *skb,
			      struct netlink_callback *cb,
			      struct net_device *dev);
int snic_nl_dump(struct sk_buff *skb, struct netlink_callback *cb,
		 enum snic_kind want, snic_nl_fill_t fill);
void *snic_nl_dump_put(struct sk_buff *skb, struct netlink_callback *cb,
		       const struct net_device *dev);

/* Object nests shared by several commands. */
int snic_nl_credit_check(const struct nlattr *nest,
			 const struct net_device *dev,
			 struct netlink_ext_ack *extack);
void snic_nl_credit_set(struct snic_crx *crx, const struct nlattr *nest);
int snic_nl_credit_put(struct sk_buff *msg, int type, struct snic_crx *crx);
int snic_nl_sc_table(const struct nlattr *attr,
		     struct netlink_ext_ack *extack);
int snic_nl_stats_put(struct sk_buff *msg, int type, int first,
		      const u64 *ctr);

/* netlink-cc.c, netlink-ar.c: a NIC's cc nest, a switch's ar nest. */
struct snic_cc_config;
struct snic_cct_entry;
struct snic_ar_config;
int snic_nl_cc_parse(struct snic_cc *cc, const struct nlattr *nest,
		     struct snic_cc_config *c, struct snic_cct_entry *cct,
		     struct netlink_ext_ack *extack);
int snic_nl_sw_cc_put(struct sk_buff *msg, struct snic_sw_cc *cc);
int snic_nl_sw_cc_parse(struct snic_switch *sw, struct nlattr **tb,
			struct sch_snic_cc *def, bool *has_def,
			struct netlink_ext_ack *extack);
int snic_nl_cc_put(struct sk_buff *msg, struct snic_cc *cc);
int snic_nl_ar_parse(struct snic_ar *ar, const struct nlattr *nest,
		     struct snic_ar_config *c, struct netlink_ext_ack *extack);
int snic_nl_ar_put(struct sk_buff *msg, struct snic_ar *ar);

#endif /* _SNIC_NETLINK_H */
