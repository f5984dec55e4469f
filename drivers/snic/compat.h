/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Differences between the kernels snic builds against (Debian's 6.1 and the
 * 6.12 LTS). Nothing else in the tree (but compat.c) tests
 * LINUX_VERSION_CODE.
 */
#ifndef _SNIC_COMPAT_H
#define _SNIC_COMPAT_H

#include <linux/version.h>
#include <linux/netdevice.h>

/* 6.12 replaced the NETIF_F_LLTX feature bit with dev->lltx. */
static inline void snic_compat_set_lltx(struct net_device *dev)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 9, 0)
	dev->lltx = true;
#else
	dev->features |= NETIF_F_LLTX;
#endif
}

/*
 * Devices bound to a lower device or ports stay in their netns. The flag
 * was NETIF_F_NETNS_LOCAL, then dev->netns_local (6.12), then
 * dev->netns_immutable (6.15, backported to Debian's 6.12 stable). Kbuild
 * probes the headers for the last spelling (SNIC_HAVE_NETNS_IMMUTABLE).
 */
static inline void snic_compat_set_netns_local(struct net_device *dev)
{
#if defined(SNIC_HAVE_NETNS_IMMUTABLE)
	dev->netns_immutable = true;
#elif LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
	dev->netns_local = true;
#else
	dev->features |= NETIF_F_NETNS_LOCAL;
#endif
}

/* 6.12's rtnl_link_ops.newlink still takes src_net as its first argument
 * (the struct rtnl_newlink_params form arrived in 6.15).
 */
#define SNIC_NEWLINK_ARGS struct net *src_net, struct net_device *dev, \
	struct nlattr *tb[], struct nlattr *data[], \
	struct netlink_ext_ack *extack

/* Parsed attributes of a generic netlink dump request (6.4 moved them). */
#include <net/genetlink.h>
static inline struct nlattr **snic_compat_dump_attrs(struct netlink_callback *cb)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 4, 0)
	return genl_info_dump(cb)->attrs;
#else
	return genl_dumpit_info(cb)->attrs;
#endif
}

/*
 * ynl-gen's range tables are const; 6.1's policy points to them through a
 * plain pointer.
 */
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 2, 0)
#include <net/netlink.h>
#undef NLA_POLICY_FULL_RANGE
#define NLA_POLICY_FULL_RANGE(tp, _range) {			\
	.type = NLA_ENSURE_UINT_OR_BINARY_TYPE(tp),		\
	.validation_type = NLA_VALIDATE_RANGE_PTR,		\
	.range = (struct netlink_range_validation *)(_range),	\
}
#endif

/* The command of the dump being run. */
static inline u8 snic_compat_dump_cmd(struct netlink_callback *cb)
{
	return genl_dumpit_info(cb)->op.cmd;
}

/*
 * Split ops (a do and a dump entry per command, each with its policy and
 * its pre/post hooks) are what ynl-gen emits; they arrived in 6.2. On 6.1
 * the generated table is folded at init into the classic genl_ops (one
 * entry per command, the do's policy) and the hooks run from the
 * family's pre_doit/post_doit, which look the command's entry up.
 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 2, 0)
#define SNIC_COMPAT_GENL_OPS(ops) \
	.split_ops = ops, .n_split_ops = ARRAY_SIZE(ops),

static inline int snic_compat_genl_prepare(struct genl_family *family,
					   const struct genl_split_ops *ops,
					   int n)
{
	return 0;
}

static inline void snic_compat_genl_release(struct genl_family *family)
{
}
#else
struct genl_split_ops {
	int (*pre_doit)(const struct genl_split_ops *ops, struct sk_buff *skb,
			struct genl_info *info);
	int (*doit)(struct sk_buff *skb, struct genl_info *info);
	void (*post_doit)(const struct genl_split_ops *ops,
			  struct sk_buff *skb, struct genl_info *info);
	int (*start)(struct netlink_callback *cb);
	int (*dumpit)(struct sk_buff *skb, struct netlink_callback *cb);
	int (*done)(struct netlink_callback *cb);
	const struct nla_policy *policy;
	unsigned int maxattr;
	u8 cmd;
	u8 internal_flags;
	u8 flags;
	u8 validate;
};

#define SNIC_COMPAT_GENL_OPS(ops) \
	.pre_doit = snic_compat_pre_doit, .post_doit = snic_compat_post_doit,

int snic_compat_pre_doit(const struct genl_ops *ops, struct sk_buff *skb,
			 struct genl_info *info);
void snic_compat_post_doit(const struct genl_ops *ops, struct sk_buff *skb,
			   struct genl_info *info);
int snic_compat_genl_prepare(struct genl_family *family,
			     const struct genl_split_ops *ops, int n);
void snic_compat_genl_release(struct genl_family *family);
#endif

#endif /* _SNIC_COMPAT_H */
