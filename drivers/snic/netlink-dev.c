// SPDX-License-Identifier: GPL-2.0
/*
 * dev-get and dev-set of the snic family: a device's own settings (LID,
 * SL2SC), a NIC's credits and congestion control, a switch's adaptive
 * routing and congestion control, and the device's counters.
 */
#include <net/genetlink.h>
#include <net/rtnetlink.h>
#include <net/sock.h>

#include "snic.h"
#include "netlink.h"
#include "netlink-gen.h"

static int snic_nl_dev_put(struct sk_buff *msg, struct net_device *dev)
{
	struct snic_nic *nic = snic_is_nic(dev) ? netdev_priv(dev) : NULL;
	struct snic_switch *sw = nic ? NULL : netdev_priv(dev);
	u64 ctr[SNIC_STAT_COUNT];
	struct nlattr *nest;

	if (nla_put_u32(msg, SNIC_A_IFINDEX, dev->ifindex) ||
	    nla_put_string(msg, SNIC_A_IFNAME, dev->name) ||
	    nla_put_u32(msg, SNIC_A_KIND,
			nic ? SNIC_KIND_NIC : SNIC_KIND_SWITCH))
		return -EMSGSIZE;
	nest = nla_nest_start(msg, SNIC_A_DEV);
	if (!nest ||
	    nla_put_u32(msg, SNIC_A_DEV_LID, nic ? nic->lid : sw->lid) ||
	    (nic && nla_put_u32(msg, SNIC_A_DEV_LINK_IFINDEX,
				nic->lower->ifindex)) ||
	    (nic && nla_put(msg, SNIC_A_DEV_SL2SC, SNIC_NUM_SL, nic->sl2sc)) ||
	    (nic && nla_put(msg, SNIC_A_DEV_SC2SL, SNIC_NUM_SC, nic->sc2sl)))
		return -EMSGSIZE;
	nla_nest_end(msg, nest);
	if (nic && (snic_nl_credit_put(msg, SNIC_A_CREDIT, &nic->crx) ||
		    snic_nl_cc_put(msg, &nic->cc)))
		return -EMSGSIZE;
	if (sw && (snic_nl_ar_put(msg, &sw->ar) ||
		   snic_nl_sw_cc_put(msg, &sw->cc)))
		return -EMSGSIZE;
	snic_dev_stats(dev, ctr);
	return snic_nl_stats_put(msg, SNIC_A_STATS, SNIC_STAT_DEV_FIRST, ctr);
}

/*
 * A bound on @dev's message: everything but the TX queues' counters fits
 * in SNIC_NL_DEV_FIXED (about 4 KB today: 140 counters and the cc nest),
 * and those grow with the queues (up to 4096). RTNL.
 */
#define SNIC_NL_DEV_FIXED	8192

static size_t snic_nl_dev_size(const struct net_device *dev)
{
	const struct snic_nic *nic = netdev_priv(dev);

	/* Per TX queue: its stalls, and its number while stopped. */
	return SNIC_NL_DEV_FIXED +
	       (snic_is_nic(dev) ? nic->cc.nheld *
				   (nla_total_size_64bit(sizeof(u64)) +
				    nla_total_size(sizeof(u32))) : 0);
}

int snic_nl_dev_get_doit(struct sk_buff *skb, struct genl_info *info)
{
	struct net_device *dev = snic_nl_info_dev(info);
	struct sk_buff *msg;
	void *hdr;

	msg = genlmsg_new(snic_nl_dev_size(dev), GFP_KERNEL);
	if (!msg)
		return -ENOMEM;
	hdr = genlmsg_put_reply(msg, info, &snic_genl_family, 0,
				SNIC_CMD_DEV_GET);
	if (!hdr || snic_nl_dev_put(msg, dev)) {
		nlmsg_free(msg);
		return -EMSGSIZE;
	}
	genlmsg_end(msg, hdr);
	return genlmsg_reply(msg, info);
}

/* A dump's messages are as large as its largest device's. */
int snic_nl_dev_get_start(struct netlink_callback *cb)
{
	struct net *net = sock_net(cb->skb->sk);
	struct net_device *dev;
	size_t max = 0;

	rtnl_lock();
	for_each_netdev(net, dev)
		if (snic_is_nic(dev) || snic_is_switch(dev))
			max = max(max, snic_nl_dev_size(dev));
	rtnl_unlock();
	cb->min_dump_alloc = max_t(u32, cb->min_dump_alloc,
				   nlmsg_total_size(GENL_HDRLEN + max));
	return 0;
}

int snic_nl_dev_get_dumpit(struct sk_buff *skb, struct netlink_callback *cb)
{
	struct net *net = sock_net(skb->sk);
	struct net_device *dev;
	long idx = 0;
	int err = 0;
	void *hdr;

	rtnl_lock();
	/* Resumed by position: a device added or gone moves the positions. */
	cb->seq = snic_nl_cfg_gen() + READ_ONCE(net->dev_base_seq);
	for_each_netdev(net, dev) {
		if (!snic_is_nic(dev) && !snic_is_switch(dev))
			continue;
		if (idx++ < cb->args[0])
			continue;
		hdr = genlmsg_put(skb, NETLINK_CB(cb->skb).portid,
				  cb->nlh->nlmsg_seq, &snic_genl_family,
				  NLM_F_MULTI, SNIC_CMD_DEV_GET);
		if (!hdr) {
			err = -EMSGSIZE;
		} else {
			genl_dump_check_consistent(cb, hdr);
			err = snic_nl_dev_put(skb, dev);
			if (err)
				genlmsg_cancel(skb, hdr);
			else
				genlmsg_end(skb, hdr);
		}
		if (err) {
			idx--;
			break;
		}
	}
	rtnl_unlock();
	cb->args[0] = idx;
	/* A full skb is not an error while it holds at least one device. */
	if (err == -EMSGSIZE && skb->len)
		return skb->len;
	return err ?: skb->len;
}

int snic_nl_dev_set_doit(struct sk_buff *skb, struct genl_info *info)
{
	struct nlattr *tb[SNIC_A_DEV_MAX + 1] = {};
	struct net_device *dev = snic_nl_info_dev(info);
	struct nlattr **a = info->attrs;
	struct snic_cct_entry *cct = NULL;
	struct nlattr *sl2sc, *sc2sl, *lid;
	struct snic_cc_config cc;
	struct nlattr *swcc[SNIC_A_SW_CC_MAX + 1] = {};
	struct snic_ar_config ar;
	struct sch_snic_cc def;
	bool has_def = false;
	int err;

	if (!a[SNIC_A_DEV] && !a[SNIC_A_CREDIT] && !a[SNIC_A_CC] &&
	    !a[SNIC_A_AR] && !a[SNIC_A_SW_CC]) {
		NL_SET_ERR_MSG_MOD(info->extack, "nothing to set");
		return -EINVAL;
	}
	if (a[SNIC_A_DEV]) {
		err = snic_nl_nest(info, SNIC_A_DEV, tb, SNIC_A_DEV_MAX,
				   snic_dev_nl_policy);
		if (err)
			return err;
	}
	lid = tb[SNIC_A_DEV_LID];
	sl2sc = tb[SNIC_A_DEV_SL2SC];
	if (sl2sc) {
		if (!snic_is_nic(dev)) {
			NL_SET_ERR_MSG_ATTR(info->extack, sl2sc,
					    "only a snic NIC has an SL2SC table");
			return -EOPNOTSUPP;
		}
		err = snic_nl_sc_table(sl2sc, info->extack);
		if (err)
			return err;
	}
	sc2sl = tb[SNIC_A_DEV_SC2SL];
	if (sc2sl) {
		if (!snic_is_nic(dev)) {
			NL_SET_ERR_MSG_ATTR(info->extack, sc2sl,
					    "only a snic NIC has an SC2SL table");
			return -EOPNOTSUPP;
		}
		err = snic_nl_sc_table(sc2sl, info->extack);
		if (err)
			return err;
	}
	if (a[SNIC_A_CREDIT]) {
		if (!snic_is_nic(dev)) {
			NL_SET_ERR_MSG_ATTR(info->extack, a[SNIC_A_CREDIT],
					    "a switch's credits are per port (port set)");
			return -EOPNOTSUPP;
		}
		err = snic_nl_credit_check(a[SNIC_A_CREDIT],
					   ((struct snic_nic *)netdev_priv(dev))->lower,
					   info->extack);
		if (err)
			return err;
	}
	if (a[SNIC_A_CC] && !snic_is_nic(dev)) {
		NL_SET_ERR_MSG_ATTR(info->extack, a[SNIC_A_CC],
				    "congestion control settings are a NIC's");
		return -EOPNOTSUPP;
	}
	if (a[SNIC_A_SW_CC]) {
		if (!snic_is_switch(dev)) {
			NL_SET_ERR_MSG_ATTR(info->extack, a[SNIC_A_SW_CC],
					    "sw-cc settings are a switch's (a NIC's are cc)");
			return -EOPNOTSUPP;
		}
		err = snic_nl_nest(info, SNIC_A_SW_CC, swcc, SNIC_A_SW_CC_MAX,
				   snic_sw_cc_nl_policy) ?:
		      snic_nl_sw_cc_parse(netdev_priv(dev), swcc, &def,
					  &has_def, info->extack);
		if (err)
			return err;
	}
	if (a[SNIC_A_AR]) {
		if (!snic_is_switch(dev)) {
			NL_SET_ERR_MSG_ATTR(info->extack, a[SNIC_A_AR],
					    "adaptive routing settings are a switch's");
			return -EOPNOTSUPP;
		}
		err = snic_nl_ar_parse(&((struct snic_switch *)netdev_priv(dev))->ar,
				       a[SNIC_A_AR], &ar, info->extack);
		if (err)
			return err;
	}
	if (a[SNIC_A_CC]) {
		struct snic_nic *nic = netdev_priv(dev);

		cct = kcalloc(SNIC_CCT_MAX_ENTRIES, sizeof(*cct), GFP_KERNEL);
		if (!cct)
			return -ENOMEM;
		/* Checked before anything changes: all or nothing. The one
		 * step that may fail (-ENOMEM) goes first, itself all or
		 * nothing: a refused request changes nothing.
		 */
		err = snic_nl_cc_parse(&nic->cc, a[SNIC_A_CC], &cc, cct,
				       info->extack) ?:
		      snic_cc_configure(&nic->cc, &cc);
		kfree(cct);
		if (err)
			return err;
	}
	if (snic_is_nic(dev)) {
		struct snic_nic *nic = netdev_priv(dev);

		if (lid)
			snic_nic_set_lid(nic, nla_get_u32(lid));
		if (sl2sc)
			snic_nic_set_sl2sc(nic, nla_data(sl2sc));
		if (sc2sl)
			snic_nic_set_sc2sl(nic, nla_data(sc2sl));
		if (a[SNIC_A_CREDIT])
			snic_nl_credit_set(&nic->crx, a[SNIC_A_CREDIT]);
	} else {
		struct snic_switch *sw = netdev_priv(dev);

		if (lid)
			WRITE_ONCE(sw->lid, nla_get_u32(lid));
		if (a[SNIC_A_AR])
			snic_ar_configure(sw, &ar);
		if (swcc[SNIC_A_SW_CC_MARKING])
			WRITE_ONCE(sw->cc.marking,
				   nla_get_u32(swcc[SNIC_A_SW_CC_MARKING]));
		if (has_def)
			snic_sw_cc_set_default(sw, &def);
	}
	snic_cfg_changed();
	return 0;
}
