// SPDX-License-Identifier: GPL-2.0
/*
 * The "snic" generic netlink family: the family, the device lookup of
 * every request and the one dump skeleton. Its contract is
 * Documentation/netlink/specs/snic.yaml; the policies and the op table
 * are generated from it (netlink-gen.c), the handlers live with their
 * object (netlink-dev.c, netlink-switch.c, netlink-cc.c, netlink-ar.c).
 *
 * Policies do the range checks; every other refusal sets an extack
 * message. Mutating operations need CAP_NET_ADMIN over the netns that
 * owns the device (GENL_UNS_ADMIN_PERM: a request names a device of the
 * requester's netns, so that is the socket's): a container's root
 * configures the fabric of its own netns, and no other. A
 * doit runs between pre_doit and post_doit, which hold RTNL and find the
 * request's device (info->user_ptr[0]); RTNL also protects the objects
 * the handlers touch. Dumps take RTNL per skb in snic_nl_dump() and flag
 * themselves inconsistent when the configuration generation moves under
 * them.
 */
#include <net/genetlink.h>
#include <net/rtnetlink.h>
#include <net/sock.h>

#include "snic.h"
#include "netlink.h"
/*
 * ynl-gen's output, as generated: its policies, op table and multicast
 * groups (static, for the family below); snic.h's compat.h gives it the
 * split ops that 6.1 lacks.
 */
#include "netlink-gen.c"

/* Bumped on every configuration change that a dump could observe. */
static atomic_t snic_cfg_gen = ATOMIC_INIT(1);

void snic_cfg_changed(void)
{
	atomic_inc(&snic_cfg_gen);
}

unsigned int snic_nl_cfg_gen(void)
{
	return atomic_read(&snic_cfg_gen);
}

/* The device named by SNIC_A_IFINDEX, a snic or snicsw; caller holds RTNL. */
static struct net_device *snic_nl_dev(struct net *net, struct nlattr **attrs,
				      struct netlink_ext_ack *extack)
{
	struct net_device *dev;

	if (NL_REQ_ATTR_CHECK(extack, NULL, attrs, SNIC_A_IFINDEX)) {
		NL_SET_ERR_MSG_MOD(extack, "missing device ifindex");
		return ERR_PTR(-EINVAL);
	}
	dev = __dev_get_by_index(net, nla_get_u32(attrs[SNIC_A_IFINDEX]));
	if (!dev) {
		NL_SET_ERR_MSG_ATTR(extack, attrs[SNIC_A_IFINDEX],
				    "no such device");
		return ERR_PTR(-ENODEV);
	}
	if (!snic_is_switch(dev) && !snic_is_nic(dev)) {
		NL_SET_ERR_MSG_ATTR(extack, attrs[SNIC_A_IFINDEX],
				    "device is not a snic device");
		return ERR_PTR(-EOPNOTSUPP);
	}
	return dev;
}

/* The request's device if it is of kind @want, or an extack says why not. */
struct net_device *snic_nl_want(struct net_device *dev, enum snic_kind want,
				struct nlattr **attrs,
				struct netlink_ext_ack *extack)
{
	if (want == SNIC_KIND_SWITCH && !snic_is_switch(dev)) {
		NL_SET_ERR_MSG_ATTR(extack, attrs[SNIC_A_IFINDEX],
				    "device is not a snicsw switch");
		return ERR_PTR(-EOPNOTSUPP);
	}
	if (want == SNIC_KIND_NIC && !snic_is_nic(dev)) {
		NL_SET_ERR_MSG_ATTR(extack, attrs[SNIC_A_IFINDEX],
				    "device is not a snic NIC");
		return ERR_PTR(-EOPNOTSUPP);
	}
	return dev;
}

int snic_nl_pre_doit(const struct genl_split_ops *ops, struct sk_buff *skb,
		     struct genl_info *info)
{
	struct net_device *dev;

	rtnl_lock();
	dev = snic_nl_dev(genl_info_net(info), info->attrs, info->extack);
	if (IS_ERR(dev)) {
		rtnl_unlock();
		return PTR_ERR(dev);
	}
	info->user_ptr[0] = dev;
	return 0;
}

void snic_nl_post_doit(const struct genl_split_ops *ops, struct sk_buff *skb,
		       struct genl_info *info)
{
	rtnl_unlock();
}

/*
 * Parse the object nest @type of a request into @tb (its policy has
 * validated it already); an extack names it when it is missing.
 */
int snic_nl_nest(struct genl_info *info, int type, struct nlattr **tb,
		 int maxtype, const struct nla_policy *policy)
{
	if (GENL_REQ_ATTR_CHECK(info, type))
		return -EINVAL;
	return nla_parse_nested(tb, maxtype, info->attrs[type], policy,
				info->extack);
}

/* A message of a dump: the header and the device it is about. */
void *snic_nl_dump_put(struct sk_buff *skb, struct netlink_callback *cb,
		       const struct net_device *dev)
{
	void *hdr;

	hdr = genlmsg_put(skb, NETLINK_CB(cb->skb).portid, cb->nlh->nlmsg_seq,
			  &snic_genl_family, NLM_F_MULTI,
			  snic_compat_dump_cmd(cb));
	if (!hdr)
		return NULL;
	genl_dump_check_consistent(cb, hdr);
	if (nla_put_u32(skb, SNIC_A_IFINDEX, dev->ifindex)) {
		genlmsg_cancel(skb, hdr);
		return NULL;
	}
	return hdr;
}

/*
 * The dump of one device's table: under RTNL, find the request's device
 * of kind @want and let @fill add messages from where cb->args left off.
 * @fill returns -EMSGSIZE when the skb is full: not an error while the
 * skb holds a message, the dump resumes there.
 */
int snic_nl_dump(struct sk_buff *skb, struct netlink_callback *cb,
		 enum snic_kind want, snic_nl_fill_t fill)
{
	struct nlattr **attrs = snic_compat_dump_attrs(cb);
	struct net_device *dev;
	int err;

	rtnl_lock();
	dev = snic_nl_dev(sock_net(skb->sk), attrs, cb->extack);
	if (!IS_ERR(dev))
		dev = snic_nl_want(dev, want, attrs, cb->extack);
	if (IS_ERR(dev)) {
		err = PTR_ERR(dev);
	} else {
		cb->seq = snic_nl_cfg_gen();
		err = fill(skb, cb, dev);
	}
	rtnl_unlock();
	if (err == -EMSGSIZE && skb->len)
		return skb->len;
	return err ?: skb->len;
}

struct genl_family snic_genl_family __ro_after_init = {
	.name		= SNIC_FAMILY_NAME,
	.version	= SNIC_FAMILY_VERSION,
	.netnsok	= true,
	.parallel_ops	= true,
	.module		= THIS_MODULE,
	SNIC_COMPAT_GENL_OPS(snic_nl_ops)
	/* No .resv_start_op: every command is of version 2, so reserved
	 * header fields are checked and attributes without a policy refused
	 * on all of them.
	 */
	.mcgrps		= snic_nl_mcgrps,
	.n_mcgrps	= ARRAY_SIZE(snic_nl_mcgrps),
};

int __init snic_genl_init(void)
{
	int err;

	err = snic_compat_genl_prepare(&snic_genl_family, snic_nl_ops,
				       ARRAY_SIZE(snic_nl_ops));
	if (err)
		return err;
	err = genl_register_family(&snic_genl_family);
	if (err)
		snic_compat_genl_release(&snic_genl_family);
	return err;
}

void snic_genl_exit(void)
{
	genl_unregister_family(&snic_genl_family);
	snic_compat_genl_release(&snic_genl_family);
}

/*
 * Counters from @first on in a nest @type; the names are the ethtool ones.
 * A device's start at SNIC_STAT_DEV_FIRST, as ethtool's: packets and bytes
 * are rtnl_link_stats64's. A port's start at the first.
 */
int snic_nl_stats_put(struct sk_buff *msg, int type, int first, const u64 *c)
{
	struct nlattr *nest;
	int i;

	BUILD_BUG_ON(SNIC_STAT_DEV_FIRST - SNIC_STAT_TX_BYTES != 1);
	BUILD_BUG_ON(SNIC_STAT_RX_PACKETS - SNIC_STAT_PAD != 1);
	nest = nla_nest_start(msg, type);
	if (!nest)
		return -EMSGSIZE;
	for (i = first; i < SNIC_STAT_COUNT; i++) {
		if (nla_put_u64_64bit(msg, i, c[i], SNIC_STAT_PAD)) {
			nla_nest_cancel(msg, nest);
			return -EMSGSIZE;
		}
	}
	nla_nest_end(msg, nest);
	return 0;
}

/* An SL2SC or SC2SC table: every entry must name an SC. */
int snic_nl_sc_table(const struct nlattr *attr, struct netlink_ext_ack *extack)
{
	const u8 *map = nla_data(attr);
	int i;

	for (i = 0; i < nla_len(attr); i++) {
		if (map[i] >= SNIC_NUM_SC) {
			NL_SET_ERR_MSG_ATTR(extack, attr,
					    "table entry beyond 31 (SCs and SLs are 0..31)");
			return -EINVAL;
		}
	}
	return 0;
}

/*
 * A credit nest of a request for the receiving end of link @dev: valid,
 * or an extack says why not. Every VL buffer holds at least one frame of
 * @dev's MTU: a head larger than its buffer would wait for good.
 */
int snic_nl_credit_check(const struct nlattr *nest,
			 const struct net_device *dev,
			 struct netlink_ext_ack *extack)
{
	struct nlattr *tb[SNIC_A_CREDIT_MAX + 1];
	u16 buf[SNIC_NUM_VLS];
	int err, i;

	err = nla_parse_nested(tb, SNIC_A_CREDIT_MAX, nest,
			       snic_credit_nl_policy, extack);
	if (err)
		return err;
	if (!tb[SNIC_A_CREDIT_VL_BUF] && !tb[SNIC_A_CREDIT_PERIOD] &&
	    !tb[SNIC_A_CREDIT_DROP]) {
		NL_SET_ERR_MSG_ATTR(extack, nest, "no credit setting given");
		return -EINVAL;
	}
	if (tb[SNIC_A_CREDIT_VL_BUF]) {
		memcpy(buf, nla_data(tb[SNIC_A_CREDIT_VL_BUF]), sizeof(buf));
		if (buf[SNIC_VL_MGMT]) {
			NL_SET_ERR_MSG_ATTR(extack, tb[SNIC_A_CREDIT_VL_BUF],
					    "the management VL is not flow controlled");
			return -EINVAL;
		}
		for (i = 0; i < SNIC_VL_MGMT; i++) {
			if (buf[i] && buf[i] < snic_crx_least(dev->mtu)) {
				NL_SET_ERR_MSG_ATTR(extack,
						    tb[SNIC_A_CREDIT_VL_BUF],
						    "a VL buffer must hold a frame of the link's MTU (MTU + 14 bytes, in 64-byte credits)");
				return -EINVAL;
			}
		}
	}
	return 0;
}

/* Apply a checked credit nest. Caller holds RTNL. */
void snic_nl_credit_set(struct snic_crx *crx, const struct nlattr *nest)
{
	struct nlattr *tb[SNIC_A_CREDIT_MAX + 1];
	u16 vlbuf[SNIC_NUM_VLS];
	u32 n = 0;

	if (nla_parse_nested(tb, SNIC_A_CREDIT_MAX, nest,
			     snic_credit_nl_policy, NULL))
		return;
	if (tb[SNIC_A_CREDIT_VL_BUF])
		memcpy(vlbuf, nla_data(tb[SNIC_A_CREDIT_VL_BUF]), sizeof(vlbuf));
	if (tb[SNIC_A_CREDIT_DROP])
		n = nla_get_u32(tb[SNIC_A_CREDIT_DROP]);
	snic_crx_configure(crx, tb[SNIC_A_CREDIT_VL_BUF] ? vlbuf : NULL,
			   tb[SNIC_A_CREDIT_PERIOD] ?
			   nla_get_u32(tb[SNIC_A_CREDIT_PERIOD]) : 0,
			   tb[SNIC_A_CREDIT_DROP] ? &n : NULL);
	snic_cfg_changed();
}

int snic_nl_credit_put(struct sk_buff *msg, int type, struct snic_crx *crx)
{
	u32 used[SNIC_NUM_VLS], period;
	u16 buf[SNIC_NUM_VLS];
	struct nlattr *nest;

	snic_crx_read(crx, buf, used, &period);
	nest = nla_nest_start(msg, type);
	if (!nest)
		return -EMSGSIZE;
	if (nla_put(msg, SNIC_A_CREDIT_VL_BUF, sizeof(buf), buf) ||
	    nla_put(msg, SNIC_A_CREDIT_VL_USED, sizeof(used), used) ||
	    nla_put_u32(msg, SNIC_A_CREDIT_PERIOD, period)) {
		nla_nest_cancel(msg, nest);
		return -EMSGSIZE;
	}
	nla_nest_end(msg, nest);
	return 0;
}
