// SPDX-License-Identifier: GPL-2.0
/*
 * A switch's ports and forwarding tables in the snic family: port-get/set,
 * lft-get/set/del, mft-get/set/del.
 */
#include <net/genetlink.h>
#include <net/rtnetlink.h>

#include "snic.h"
#include "netlink.h"
#include "netlink-gen.h"

/* The request's device as a switch, or an extack says it is not one. */
static struct snic_switch *snic_nl_switch(struct genl_info *info)
{
	struct net_device *dev;

	dev = snic_nl_want(snic_nl_info_dev(info), SNIC_KIND_SWITCH,
			   info->attrs, info->extack);
	return IS_ERR(dev) ? ERR_CAST(dev) : netdev_priv(dev);
}

static int snic_nl_port_put(struct sk_buff *skb, struct snic_port *port)
{
	u64 ctr[SNIC_STAT_COUNT] = {};
	struct snic_ar_port_state ar;
	struct nlattr *nest;

	snic_stats_read(&port->stats, ctr);
	snic_ar_port_read(port->sw, port, &ar);
	nest = nla_nest_start(skb, SNIC_A_PORT);
	if (!nest ||
	    nla_put_u32(skb, SNIC_A_PORT_NUM, port->num) ||
	    nla_put_u32(skb, SNIC_A_PORT_IFINDEX, port->dev->ifindex) ||
	    nla_put_string(skb, SNIC_A_PORT_IFNAME, port->dev->name) ||
	    nla_put(skb, SNIC_A_PORT_SC2SC, SNIC_NUM_SC, port->sc2sc) ||
	    snic_nl_credit_put(skb, SNIC_A_PORT_CREDIT, &port->crx) ||
	    nla_put_u32(skb, SNIC_A_PORT_AR_KIND, READ_ONCE(port->ar.kind)) ||
	    nla_put_u32(skb, SNIC_A_PORT_AR_PEER, READ_ONCE(port->ar.peer)) ||
	    nla_put_u32(skb, SNIC_A_PORT_AR_LEVEL, ar.mon.level) ||
	    nla_put_u32(skb, SNIC_A_PORT_AR_CONGESTED, ar.cong) ||
	    nla_put_u32(skb, SNIC_A_PORT_AR_UTIL, ar.util) ||
	    nla_put_u32(skb, SNIC_A_PORT_AR_ABOVE, ar.mon.above) ||
	    nla_put_u32(skb, SNIC_A_PORT_AR_BELOW, ar.mon.below) ||
	    nla_put_u32(skb, SNIC_A_PORT_AR_FAILED, ar.failed) ||
	    nla_put_u32(skb, SNIC_A_PORT_AR_UP_US, ar.up_us) ||
	    snic_nl_stats_put(skb, SNIC_A_PORT_STATS, SNIC_STAT_RX_PACKETS,
			      ctr))
		return -EMSGSIZE;
	nla_nest_end(skb, nest);
	return 0;
}

/* args[0]: the next port number. */
static int snic_nl_port_fill(struct sk_buff *skb, struct netlink_callback *cb,
			     struct net_device *dev)
{
	struct snic_switch *sw = netdev_priv(dev);
	struct snic_port *port;
	void *hdr;

	for (; cb->args[0] <= SNIC_MAX_PORTS; cb->args[0]++) {
		port = cb->args[0] ? rtnl_dereference(sw->port[cb->args[0]]) :
				     NULL;
		if (!port)
			continue;
		hdr = snic_nl_dump_put(skb, cb, dev);
		if (!hdr)
			return -EMSGSIZE;
		if (snic_nl_port_put(skb, port)) {
			genlmsg_cancel(skb, hdr);
			return -EMSGSIZE;
		}
		genlmsg_end(skb, hdr);
	}
	return 0;
}

int snic_nl_port_get_dumpit(struct sk_buff *skb, struct netlink_callback *cb)
{
	return snic_nl_dump(skb, cb, SNIC_KIND_SWITCH, snic_nl_port_fill);
}

int snic_nl_port_set_doit(struct sk_buff *skb, struct genl_info *info)
{
	struct nlattr *tb[SNIC_A_PORT_MAX + 1];
	struct nlattr *kind, *peer, *sc2sc;
	struct snic_switch *sw;
	struct snic_port *port;
	int err;

	sw = snic_nl_switch(info);
	if (IS_ERR(sw))
		return PTR_ERR(sw);
	err = snic_nl_nest(info, SNIC_A_PORT, tb, SNIC_A_PORT_MAX,
			   snic_port_nl_policy);
	if (err)
		return err;
	kind = tb[SNIC_A_PORT_AR_KIND];
	peer = tb[SNIC_A_PORT_AR_PEER];
	sc2sc = tb[SNIC_A_PORT_SC2SC];
	if (NL_REQ_ATTR_CHECK(info->extack, info->attrs[SNIC_A_PORT], tb,
			      SNIC_A_PORT_NUM)) {
		NL_SET_ERR_MSG_MOD(info->extack, "port set needs the port's num");
		return -EINVAL;
	}
	if (!sc2sc && !tb[SNIC_A_PORT_CREDIT] && !kind) {
		NL_SET_ERR_MSG_MOD(info->extack,
				   "port set needs sc2sc, credit or ARN settings");
		return -EINVAL;
	}
	if (!kind != !peer) {
		NL_SET_ERR_MSG_MOD(info->extack,
				   "an ARN port kind goes with its peer");
		return -EINVAL;
	}
	if (kind && nla_get_u32(kind) == SNIC_AR_PORT_KIND_LOCAL &&
	    nla_get_u32(peer) > SNIC_ARN_SWITCH_MAX) {
		NL_SET_ERR_MSG_ATTR(info->extack, peer,
				    "a local link's peer is a switch number, 0..2047");
		return -ERANGE;
	}
	if (sc2sc) {
		err = snic_nl_sc_table(sc2sc, info->extack);
		if (err)
			return err;
	}
	port = snic_sw_port(sw, nla_get_u32(tb[SNIC_A_PORT_NUM]));
	if (!port) {
		NL_SET_ERR_MSG_ATTR(info->extack, tb[SNIC_A_PORT_NUM],
				    "no such port on this switch");
		return -ENOENT;
	}
	if (tb[SNIC_A_PORT_CREDIT]) {
		err = snic_nl_credit_check(tb[SNIC_A_PORT_CREDIT], port->dev,
					   info->extack);
		if (err)
			return err;
	}
	if (sc2sc)
		snic_sw_set_sc2sc(port, nla_data(sc2sc));
	if (tb[SNIC_A_PORT_CREDIT])
		snic_nl_credit_set(&port->crx, tb[SNIC_A_PORT_CREDIT]);
	if (kind)
		err = snic_ar_port_set(sw, port, nla_get_u32(kind),
				       nla_get_u32(peer));
	return err;
}

/* args[0]: the next key of the LFT or MFT (an index into its xarray). */
static int snic_nl_table_fill(struct sk_buff *skb, struct netlink_callback *cb,
			      struct net_device *dev, bool mcast)
{
	struct snic_switch *sw = netdev_priv(dev);
	unsigned long idx = cb->args[0];
	struct nlattr *nest;
	void *entry, *hdr;

	for (;; idx++) {
		entry = mcast ? xa_find(&sw->mft, &idx,
					SNIC_LID_MCAST_MAX - SNIC_LID_MCAST_BASE,
					XA_PRESENT) :
				xa_find(&sw->lft, &idx, SNIC_LID_UCAST_MAX,
					XA_PRESENT);
		if (!entry)
			break;
		hdr = snic_nl_dump_put(skb, cb, dev);
		if (!hdr)
			return -EMSGSIZE;
		nest = nla_nest_start(skb, mcast ? SNIC_A_MFT : SNIC_A_LFT);
		if (!nest ||
		    (mcast ?
		     nla_put_u32(skb, SNIC_A_MFT_DLID, idx + SNIC_LID_MCAST_BASE) ||
		     nla_put_u64_64bit(skb, SNIC_A_MFT_PORTS,
				       ((struct snic_mft_entry *)entry)->ports,
				       SNIC_A_MFT_PAD) :
		     nla_put_u32(skb, SNIC_A_LFT_DLID, idx) ||
		     nla_put_u32(skb, SNIC_A_LFT_PORT, xa_to_value(entry)))) {
			genlmsg_cancel(skb, hdr);
			return -EMSGSIZE;
		}
		nla_nest_end(skb, nest);
		genlmsg_end(skb, hdr);
		cb->args[0] = idx + 1;
	}
	return 0;
}

static int snic_nl_lft_fill(struct sk_buff *skb, struct netlink_callback *cb,
			    struct net_device *dev)
{
	return snic_nl_table_fill(skb, cb, dev, false);
}

static int snic_nl_mft_fill(struct sk_buff *skb, struct netlink_callback *cb,
			    struct net_device *dev)
{
	return snic_nl_table_fill(skb, cb, dev, true);
}

int snic_nl_lft_get_dumpit(struct sk_buff *skb, struct netlink_callback *cb)
{
	return snic_nl_dump(skb, cb, SNIC_KIND_SWITCH, snic_nl_lft_fill);
}

int snic_nl_mft_get_dumpit(struct sk_buff *skb, struct netlink_callback *cb)
{
	return snic_nl_dump(skb, cb, SNIC_KIND_SWITCH, snic_nl_mft_fill);
}

/* The switch and the parsed lft or mft nest of a request (tb). */
static struct snic_switch *snic_nl_table_req(struct genl_info *info,
					     bool mcast, struct nlattr **tb)
{
	struct snic_switch *sw;
	int err;

	sw = snic_nl_switch(info);
	if (IS_ERR(sw))
		return sw;
	err = mcast ? snic_nl_nest(info, SNIC_A_MFT, tb, SNIC_A_MFT_MAX,
				   snic_mft_nl_policy) :
		      snic_nl_nest(info, SNIC_A_LFT, tb, SNIC_A_LFT_MAX,
				   snic_lft_nl_policy);
	return err ? ERR_PTR(err) : sw;
}

int snic_nl_lft_set_doit(struct sk_buff *skb, struct genl_info *info)
{
	struct nlattr *tb[SNIC_A_LFT_MAX + 1];
	struct snic_switch *sw;
	int err;

	sw = snic_nl_table_req(info, false, tb);
	if (IS_ERR(sw))
		return PTR_ERR(sw);
	if (!tb[SNIC_A_LFT_DLID] || !tb[SNIC_A_LFT_PORT]) {
		NL_SET_ERR_MSG_ATTR(info->extack, info->attrs[SNIC_A_LFT],
				    "LFT entry needs dlid and port");
		return -EINVAL;
	}
	err = snic_sw_lft_set(sw, nla_get_u32(tb[SNIC_A_LFT_DLID]),
			      nla_get_u32(tb[SNIC_A_LFT_PORT]));
	if (err)
		NL_SET_ERR_MSG_MOD(info->extack, "cannot store LFT entry");
	return err;
}

int snic_nl_mft_set_doit(struct sk_buff *skb, struct genl_info *info)
{
	struct nlattr *tb[SNIC_A_MFT_MAX + 1];
	struct snic_switch *sw;
	int err;

	sw = snic_nl_table_req(info, true, tb);
	if (IS_ERR(sw))
		return PTR_ERR(sw);
	if (!tb[SNIC_A_MFT_DLID] || !tb[SNIC_A_MFT_PORTS]) {
		NL_SET_ERR_MSG_ATTR(info->extack, info->attrs[SNIC_A_MFT],
				    "MFT entry needs dlid and ports");
		return -EINVAL;
	}
	err = snic_sw_mft_set(sw, nla_get_u32(tb[SNIC_A_MFT_DLID]),
			      nla_get_u64(tb[SNIC_A_MFT_PORTS]));
	if (err)
		NL_SET_ERR_MSG_MOD(info->extack, "cannot store MFT entry");
	return err;
}

static int snic_nl_table_del(struct genl_info *info, bool mcast)
{
	struct nlattr *tb[SNIC_A_MFT_MAX + 1];
	struct snic_switch *sw;
	struct nlattr *dlid;
	int err;

	BUILD_BUG_ON((int)SNIC_A_LFT_MAX > (int)SNIC_A_MFT_MAX);
	sw = snic_nl_table_req(info, mcast, tb);
	if (IS_ERR(sw))
		return PTR_ERR(sw);
	dlid = tb[mcast ? SNIC_A_MFT_DLID : SNIC_A_LFT_DLID];
	if (!dlid) {
		NL_SET_ERR_MSG_ATTR(info->extack,
				    info->attrs[mcast ? SNIC_A_MFT : SNIC_A_LFT],
				    "missing dlid");
		return -EINVAL;
	}
	err = mcast ? snic_sw_mft_del(sw, nla_get_u32(dlid)) :
		      snic_sw_lft_del(sw, nla_get_u32(dlid));
	if (err == -ENOENT && mcast)
		NL_SET_ERR_MSG_ATTR(info->extack, dlid,
				    "no MFT entry for this dlid");
	else if (err == -ENOENT)
		NL_SET_ERR_MSG_ATTR(info->extack, dlid,
				    "no LFT entry for this dlid");
	return err;
}

int snic_nl_lft_del_doit(struct sk_buff *skb, struct genl_info *info)
{
	return snic_nl_table_del(info, false);
}

int snic_nl_mft_del_doit(struct sk_buff *skb, struct genl_info *info)
{
	return snic_nl_table_del(info, true);
}
