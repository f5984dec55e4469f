// SPDX-License-Identifier: GPL-2.0
/*
 * The "snic" generic netlink family. The commands and attributes are
 * documented in include/uapi/linux/snic.h and
 * Documentation/netlink/specs/snic.yaml. Policies do the range checks;
 * every other refusal sets an extack message. Mutating commands need
 * CAP_NET_ADMIN over the device's netns (GENL_UNS_ADMIN_PERM) and run
 * under RTNL, which also protects the objects they touch; dumps take RTNL
 * too and flag themselves inconsistent when the configuration generation
 * moves under them.
 */
#include <net/genetlink.h>
#include <net/rtnetlink.h>
#include <net/sock.h>

#include "snic.h"

static struct genl_family snic_genl_family;

/* Bumped on every configuration change that a dump could observe. */
static atomic_t snic_cfg_gen = ATOMIC_INIT(1);

void snic_cfg_changed(void)
{
	atomic_inc(&snic_cfg_gen);
}

/* Not const: 6.1's NLA_POLICY_FULL_RANGE takes a plain pointer. */
static struct netlink_range_validation snic_lid_range = {
	.min = 1,
	.max = SNIC_LID_UCAST_MAX,
};

static struct netlink_range_validation snic_period_range = {
	.min = 100,
	.max = 1000000,
};

/* A DLID: unicast (LFT) or multicast (MFT); each command checks which. */
static struct netlink_range_validation snic_dlid_range = {
	.min = 1,
	.max = SNIC_LID_MCAST_MAX,
};

static struct netlink_range_validation snic_tracked_range = {
	.min = 1,
	.max = SNIC_CC_TRACKED_MAX,
};

static struct netlink_range_validation snic_window_range = {
	.max = SNIC_CC_WINDOW_MAX,
};

static struct netlink_range_validation snic_ar_dlid_range = {
	.max = SNIC_LID_MCAST_MAX,
};

static struct netlink_range_validation snic_ar_period_range = {
	.max = SNIC_AR_PERIOD_MAX,
};

static struct netlink_range_validation snic_ar_life_range = {
	.min = 1,
	.max = SNIC_AR_LIFE_MAX,
};

static const struct nla_policy snic_policy[SNIC_A_MAX + 1] = {
	[SNIC_A_IFINDEX]	= NLA_POLICY_MIN(NLA_U32, 1),
	[SNIC_A_LID]		= NLA_POLICY_FULL_RANGE(NLA_U32, &snic_lid_range),
	[SNIC_A_DLID]		= NLA_POLICY_FULL_RANGE(NLA_U32, &snic_dlid_range),
	[SNIC_A_PORT]		= NLA_POLICY_RANGE(NLA_U32, 1, SNIC_MAX_PORTS),
	[SNIC_A_SL2SC]		= NLA_POLICY_EXACT_LEN(SNIC_NUM_SL),
	[SNIC_A_SC2SC]		= NLA_POLICY_EXACT_LEN(SNIC_NUM_SC),
	[SNIC_A_PORTS]		= { .type = NLA_U64 },
	[SNIC_A_VL_BUF]		= NLA_POLICY_EXACT_LEN(SNIC_NUM_VLS * sizeof(u16)),
	[SNIC_A_CREDIT_PERIOD]	= NLA_POLICY_FULL_RANGE(NLA_U32,
							&snic_period_range),
	[SNIC_A_CREDIT_DROP]	= { .type = NLA_U32 },
	[SNIC_A_CC_PACING]	= NLA_POLICY_MAX(NLA_U8, 1),
	[SNIC_A_CC_INCREASE]	= { .type = NLA_U16 },
	[SNIC_A_CC_TIMER]	= { .type = NLA_U16 },
	[SNIC_A_CC_TRIGGER]	= { .type = NLA_U16 },
	[SNIC_A_CC_MIN]		= { .type = NLA_U16 },
	[SNIC_A_CC_LIMIT]	= NLA_POLICY_MAX(NLA_U16, SNIC_CCT_MAX_ENTRIES - 1),
	[SNIC_A_CC_MAX_TRACKED]	= NLA_POLICY_FULL_RANGE(NLA_U32,
							&snic_tracked_range),
	[SNIC_A_CC_WINDOW]	= NLA_POLICY_FULL_RANGE(NLA_U32,
							&snic_window_range),
	[SNIC_A_CC_CCT]		= { .type = NLA_BINARY,
				    .len = SNIC_CCT_MAX_ENTRIES * sizeof(u16) },
	[SNIC_A_AR_DLID]	= NLA_POLICY_FULL_RANGE(NLA_U32,
							&snic_ar_dlid_range),
	[SNIC_A_AR_GROUP]	= NLA_POLICY_MAX(NLA_U16, SNIC_ARN_GROUP_MAX),
	[SNIC_A_AR_SWITCH]	= NLA_POLICY_MAX(NLA_U16, SNIC_ARN_SWITCH_MAX),
	[SNIC_A_AR_LIFE]	= NLA_POLICY_FULL_RANGE(NLA_U32,
							&snic_ar_life_range),
	[SNIC_A_AR_PERIOD]	= NLA_POLICY_FULL_RANGE(NLA_U32,
							&snic_ar_period_range),
	[SNIC_A_AR_THRESHOLD]	= { .type = NLA_U16 },
	[SNIC_A_AR_SAMPLES]	= { .type = NLA_U16 },
	[SNIC_A_AR_HOLD_DOWN]	= { .type = NLA_U32 },
	[SNIC_A_AR_FLOWLET]	= { .type = NLA_U32 },
	[SNIC_A_AR_ALGORITHM]	= NLA_POLICY_MAX(NLA_U8, SNIC_AR_VALIANT),
	[SNIC_A_AR_LOST_ROUTE_ONLY] = NLA_POLICY_MAX(NLA_U8, 1),
	[SNIC_A_AR_SLID_MIN]	= NLA_POLICY_FULL_RANGE(NLA_U32, &snic_lid_range),
	[SNIC_A_AR_SLID_MAX]	= NLA_POLICY_FULL_RANGE(NLA_U32, &snic_lid_range),
	[SNIC_A_AR_PORT_KIND]	= NLA_POLICY_MAX(NLA_U8, SNIC_AR_PORT_LOCAL),
	[SNIC_A_AR_PORT_PEER]	= NLA_POLICY_MAX(NLA_U16, SNIC_ARN_GROUP_MAX),
	[SNIC_A_BPT]		= { .type = NLA_BINARY,
				    .len = SNIC_BPT_CANDS *
					   sizeof(struct snic_ar_cand) },
};

static const int snic_nl_ar_attrs[] = {
	SNIC_A_AR_DLID, SNIC_A_AR_GROUP, SNIC_A_AR_SWITCH, SNIC_A_AR_LIFE,
	SNIC_A_AR_PERIOD, SNIC_A_AR_THRESHOLD, SNIC_A_AR_SAMPLES,
	SNIC_A_AR_HOLD_DOWN, SNIC_A_AR_FLOWLET, SNIC_A_AR_ALGORITHM,
	SNIC_A_AR_LOST_ROUTE_ONLY, SNIC_A_AR_SLID_MIN, SNIC_A_AR_SLID_MAX,
};

static bool snic_nl_has_ar(const struct genl_info *info)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(snic_nl_ar_attrs); i++)
		if (info->attrs[snic_nl_ar_attrs[i]])
			return true;
	return false;
}

/* A switch's ARN settings of a request, in @c; refused with an extack. */
static int snic_nl_ar_parse(struct genl_info *info, struct snic_ar_config *c)
{
	struct nlattr *dlid = info->attrs[SNIC_A_AR_DLID];

	memset(c, 0, sizeof(*c));
	if (dlid) {
		c->dlid = nla_get_u32(dlid);
		if (c->dlid && !snic_lid_is_mcast(c->dlid)) {
			NL_SET_ERR_MSG_ATTR(info->extack, dlid,
					    "the ARN DLID is a multicast LID (or 0: off)");
			return -EINVAL;
		}
		c->has_dlid = true;
	}
	if (info->attrs[SNIC_A_AR_GROUP]) {
		c->group = nla_get_u16(info->attrs[SNIC_A_AR_GROUP]);
		c->has_group = true;
	}
	if (info->attrs[SNIC_A_AR_SWITCH]) {
		c->id = nla_get_u16(info->attrs[SNIC_A_AR_SWITCH]);
		c->has_id = true;
	}
	if (info->attrs[SNIC_A_AR_LIFE]) {
		c->life_us = nla_get_u32(info->attrs[SNIC_A_AR_LIFE]);
		c->has_life = true;
	}
	if (info->attrs[SNIC_A_AR_PERIOD]) {
		c->period_us = nla_get_u32(info->attrs[SNIC_A_AR_PERIOD]);
		c->has_period = true;
	}
	if (info->attrs[SNIC_A_AR_THRESHOLD]) {
		u16 v = nla_get_u16(info->attrs[SNIC_A_AR_THRESHOLD]);

		c->thr.set = v >> 8;
		c->thr.clear = v & 0xff;
		if (c->thr.set <= c->thr.clear) {
			NL_SET_ERR_MSG_ATTR(info->extack,
					    info->attrs[SNIC_A_AR_THRESHOLD],
					    "the set level must be above the clear level");
			return -EINVAL;
		}
		c->has_thr = true;
	}
	if (info->attrs[SNIC_A_AR_SAMPLES]) {
		u16 v = nla_get_u16(info->attrs[SNIC_A_AR_SAMPLES]);

		c->thr.set_samples = v >> 8;
		c->thr.clear_samples = v & 0xff;
		if (!c->thr.set_samples || !c->thr.clear_samples) {
			NL_SET_ERR_MSG_ATTR(info->extack,
					    info->attrs[SNIC_A_AR_SAMPLES],
					    "at least one sample to set and to clear");
			return -EINVAL;
		}
		c->has_samples = true;
	}
	if (info->attrs[SNIC_A_AR_HOLD_DOWN]) {
		c->hold_down_us = nla_get_u32(info->attrs[SNIC_A_AR_HOLD_DOWN]);
		c->has_hold_down = true;
	}
	if (info->attrs[SNIC_A_AR_FLOWLET]) {
		c->flowlet_us = nla_get_u32(info->attrs[SNIC_A_AR_FLOWLET]);
		c->has_flowlet = true;
	}
	if (info->attrs[SNIC_A_AR_ALGORITHM]) {
		c->algorithm = nla_get_u8(info->attrs[SNIC_A_AR_ALGORITHM]);
		c->has_algorithm = true;
	}
	if (info->attrs[SNIC_A_AR_LOST_ROUTE_ONLY]) {
		c->lost_route_only =
			nla_get_u8(info->attrs[SNIC_A_AR_LOST_ROUTE_ONLY]);
		c->has_lost_route = true;
	}
	if (!info->attrs[SNIC_A_AR_SLID_MIN] !=
	    !info->attrs[SNIC_A_AR_SLID_MAX]) {
		NL_SET_ERR_MSG_MOD(info->extack,
				   "the group's host LIDs need a min and a max");
		return -EINVAL;
	}
	if (info->attrs[SNIC_A_AR_SLID_MIN]) {
		c->slid_min = nla_get_u32(info->attrs[SNIC_A_AR_SLID_MIN]);
		c->slid_max = nla_get_u32(info->attrs[SNIC_A_AR_SLID_MAX]);
		if (c->slid_min > c->slid_max) {
			NL_SET_ERR_MSG_ATTR(info->extack,
					    info->attrs[SNIC_A_AR_SLID_MIN],
					    "the min host LID is above the max");
			return -EINVAL;
		}
		c->has_slid = true;
	}
	return 0;
}

static int snic_nl_put_ar(struct sk_buff *msg, struct snic_ar *ar)
{
	struct snic_ar_config c;

	snic_ar_read(ar, &c);
	if (nla_put_u32(msg, SNIC_A_AR_DLID, c.dlid) ||
	    nla_put_u16(msg, SNIC_A_AR_GROUP, c.group) ||
	    nla_put_u16(msg, SNIC_A_AR_SWITCH, c.id) ||
	    nla_put_u32(msg, SNIC_A_AR_LIFE, c.life_us) ||
	    nla_put_u32(msg, SNIC_A_AR_PERIOD, c.period_us) ||
	    nla_put_u16(msg, SNIC_A_AR_THRESHOLD,
			c.thr.set << 8 | c.thr.clear) ||
	    nla_put_u16(msg, SNIC_A_AR_SAMPLES,
			c.thr.set_samples << 8 | c.thr.clear_samples) ||
	    nla_put_u32(msg, SNIC_A_AR_HOLD_DOWN, c.hold_down_us) ||
	    nla_put_u32(msg, SNIC_A_AR_FLOWLET, c.flowlet_us) ||
	    nla_put_u8(msg, SNIC_A_AR_ALGORITHM, c.algorithm) ||
	    nla_put_u8(msg, SNIC_A_AR_LOST_ROUTE_ONLY, c.lost_route_only) ||
	    nla_put_u32(msg, SNIC_A_AR_SLID_MIN, c.slid_min) ||
	    nla_put_u32(msg, SNIC_A_AR_SLID_MAX, c.slid_max))
		return -EMSGSIZE;
	return 0;
}

static bool snic_nl_has_crx(struct genl_info *info)
{
	return info->attrs[SNIC_A_VL_BUF] || info->attrs[SNIC_A_CREDIT_PERIOD] ||
	       info->attrs[SNIC_A_CREDIT_DROP];
}

/* Credit settings of a request: valid, or an extack says why not. */
static int snic_nl_crx_check(struct genl_info *info)
{
	struct nlattr *a = info->attrs[SNIC_A_VL_BUF];
	u16 buf[SNIC_NUM_VLS];

	if (!a)
		return 0;
	memcpy(buf, nla_data(a), sizeof(buf));
	if (buf[SNIC_VL_MGMT]) {
		NL_SET_ERR_MSG_ATTR(info->extack, a,
				    "the management VL is not flow controlled");
		return -EINVAL;
	}
	return 0;
}

/* Apply checked credit settings. Caller holds RTNL. */
static void snic_nl_crx_set(struct snic_crx *crx, struct genl_info *info)
{
	struct nlattr *buf = info->attrs[SNIC_A_VL_BUF];
	struct nlattr *period = info->attrs[SNIC_A_CREDIT_PERIOD];
	struct nlattr *drop = info->attrs[SNIC_A_CREDIT_DROP];
	u16 vlbuf[SNIC_NUM_VLS];
	u32 n = 0;

	if (buf)
		memcpy(vlbuf, nla_data(buf), sizeof(vlbuf));
	if (drop)
		n = nla_get_u32(drop);
	snic_crx_configure(crx, buf ? vlbuf : NULL,
			   period ? nla_get_u32(period) : 0, drop ? &n : NULL);
	snic_cfg_changed();
}

static int snic_nl_put_crx(struct sk_buff *msg, struct snic_crx *crx)
{
	u32 used[SNIC_NUM_VLS], period;
	u16 buf[SNIC_NUM_VLS];

	snic_crx_read(crx, buf, used, &period);
	if (nla_put(msg, SNIC_A_VL_BUF, sizeof(buf), buf) ||
	    nla_put(msg, SNIC_A_VL_USED, sizeof(used), used) ||
	    nla_put_u32(msg, SNIC_A_CREDIT_PERIOD, period))
		return -EMSGSIZE;
	return 0;
}

/* The DLID of an LFT (unicast) or MFT (multicast) request. */
static int snic_nl_dlid(struct genl_info *info, bool mcast, u32 *dlid)
{
	struct nlattr *attr = info->attrs[SNIC_A_DLID];

	*dlid = nla_get_u32(attr);
	if (mcast && !snic_lid_is_mcast(*dlid)) {
		NL_SET_ERR_MSG_ATTR(info->extack, attr,
				    "MFT keys are multicast LIDs (0xf00000..0xfffffe)");
		return -EINVAL;
	}
	if (!mcast && !snic_lid_is_ucast(*dlid)) {
		NL_SET_ERR_MSG_ATTR(info->extack, attr,
				    "LFT keys are unicast LIDs (1..0xefffff)");
		return -EINVAL;
	}
	return 0;
}

/* An SL2SC or SC2SC table: every entry must name an SC. */
static int snic_nl_sc_table(const struct nlattr *attr,
			    struct netlink_ext_ack *extack)
{
	const u8 *map = nla_data(attr);
	int i;

	for (i = 0; i < nla_len(attr); i++) {
		if (map[i] >= SNIC_NUM_SC) {
			NL_SET_ERR_MSG_ATTR(extack, attr,
					    "SC table entry beyond SC 31");
			return -EINVAL;
		}
	}
	return 0;
}

/* Look up the device named by SNIC_A_IFINDEX; caller holds RTNL. */
static struct net_device *snic_nl_dev(struct net *net, struct nlattr **attrs,
				      enum snic_kind want,
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
	if ((want == SNIC_KIND_SWITCH && !snic_is_switch(dev)) ||
	    (want == SNIC_KIND_NIC && !snic_is_nic(dev)) ||
	    (!snic_is_switch(dev) && !snic_is_nic(dev))) {
		if (want == SNIC_KIND_SWITCH)
			NL_SET_ERR_MSG_ATTR(extack, attrs[SNIC_A_IFINDEX],
					    "device is not a snicsw switch");
		else
			NL_SET_ERR_MSG_ATTR(extack, attrs[SNIC_A_IFINDEX],
					    "device is not a snic device");
		return ERR_PTR(-EOPNOTSUPP);
	}
	return dev;
}

static int snic_nl_put_cc(struct sk_buff *msg, struct snic_cc *cc)
{
	struct snic_cc_config c;
	struct snic_hist h;
	u64 late;

	snic_cc_read(cc, &c, &late, &h);
	if (nla_put_u8(msg, SNIC_A_CC_PACING, c.pacing) ||
	    nla_put_u16(msg, SNIC_A_CC_INCREASE, c.p.ccti_increase) ||
	    nla_put_u16(msg, SNIC_A_CC_TIMER, c.p.ccti_timer) ||
	    nla_put_u16(msg, SNIC_A_CC_TRIGGER, c.p.trigger_threshold) ||
	    nla_put_u16(msg, SNIC_A_CC_MIN, c.p.ccti_min) ||
	    nla_put_u16(msg, SNIC_A_CC_LIMIT, c.p.ccti_limit) ||
	    nla_put_u32(msg, SNIC_A_CC_MAX_TRACKED, c.max_tracked) ||
	    nla_put_u32(msg, SNIC_A_CC_WINDOW, c.window_ns) ||
	    nla_put_u32(msg, SNIC_A_CC_TRACKED, c.tracked) ||
	    nla_put_u64_64bit(msg, SNIC_A_CC_LATE_NS, late, SNIC_A_PAD) ||
	    nla_put_u64_64bit(msg, SNIC_A_CC_LATE_N, h.n, SNIC_A_PAD) ||
	    nla_put_u64_64bit(msg, SNIC_A_CC_LATE_P50,
			      snic_hist_quantile(&h, 500), SNIC_A_PAD) ||
	    nla_put_u64_64bit(msg, SNIC_A_CC_LATE_P99,
			      snic_hist_quantile(&h, 990), SNIC_A_PAD) ||
	    nla_put_u64_64bit(msg, SNIC_A_CC_LATE_MAX, h.max, SNIC_A_PAD))
		return -EMSGSIZE;
	return 0;
}

static int snic_nl_fill_dev(struct sk_buff *msg, struct net_device *dev,
			    u32 portid, u32 seq, int flags,
			    struct netlink_callback *cb)
{
	u64 ctr[SNIC_STAT_COUNT];
	bool nic = snic_is_nic(dev);
	void *hdr;
	u32 lid;

	hdr = genlmsg_put(msg, portid, seq, &snic_genl_family, flags,
			  SNIC_CMD_DEV_GET);
	if (!hdr)
		return -EMSGSIZE;
	if (cb)
		genl_dump_check_consistent(cb, hdr);
	lid = nic ? ((struct snic_nic *)netdev_priv(dev))->lid :
		    ((struct snic_switch *)netdev_priv(dev))->lid;
	snic_dev_stats(dev, ctr);
	if (nla_put_u32(msg, SNIC_A_IFINDEX, dev->ifindex) ||
	    nla_put_string(msg, SNIC_A_IFNAME, dev->name) ||
	    nla_put_u8(msg, SNIC_A_KIND,
		       nic ? SNIC_KIND_NIC : SNIC_KIND_SWITCH) ||
	    nla_put_u32(msg, SNIC_A_LID, lid) ||
	    (nic && nla_put_u32(msg, SNIC_A_LINK_IFINDEX,
				((struct snic_nic *)netdev_priv(dev))->lower->ifindex)) ||
	    (nic && nla_put(msg, SNIC_A_SL2SC, SNIC_NUM_SL,
			    ((struct snic_nic *)netdev_priv(dev))->sl2sc)) ||
	    (nic && snic_nl_put_crx(msg,
				    &((struct snic_nic *)netdev_priv(dev))->crx)) ||
	    (nic && snic_nl_put_cc(msg,
				   &((struct snic_nic *)netdev_priv(dev))->cc)) ||
	    (!nic && snic_nl_put_ar(msg,
				    &((struct snic_switch *)netdev_priv(dev))->ar)) ||
	    snic_stats_nla_put(msg, ctr))
		goto cancel;
	genlmsg_end(msg, hdr);
	return 0;

cancel:
	genlmsg_cancel(msg, hdr);
	return -EMSGSIZE;
}

static int snic_nl_dev_get_doit(struct sk_buff *skb, struct genl_info *info)
{
	struct net_device *dev;
	struct sk_buff *msg;
	int err;

	msg = genlmsg_new(NLMSG_GOODSIZE, GFP_KERNEL);
	if (!msg)
		return -ENOMEM;
	rtnl_lock();
	dev = snic_nl_dev(genl_info_net(info), info->attrs, SNIC_KIND_UNSPEC,
			  info->extack);
	if (IS_ERR(dev)) {
		err = PTR_ERR(dev);
		goto err_unlock;
	}
	err = snic_nl_fill_dev(msg, dev, info->snd_portid, info->snd_seq, 0,
			       NULL);
	if (err)
		goto err_unlock;
	rtnl_unlock();
	return genlmsg_reply(msg, info);

err_unlock:
	rtnl_unlock();
	nlmsg_free(msg);
	return err;
}

static int snic_nl_dev_get_dumpit(struct sk_buff *skb,
				  struct netlink_callback *cb)
{
	struct net *net = sock_net(skb->sk);
	struct net_device *dev;
	long idx = 0;
	int err = 0;

	rtnl_lock();
	/* Resumed by position: a device added or gone moves the positions. */
	cb->seq = atomic_read(&snic_cfg_gen) + READ_ONCE(net->dev_base_seq);
	for_each_netdev(net, dev) {
		if (!snic_is_nic(dev) && !snic_is_switch(dev))
			continue;
		if (idx++ < cb->args[0])
			continue;
		err = snic_nl_fill_dev(skb, dev, NETLINK_CB(cb->skb).portid,
				       cb->nlh->nlmsg_seq, NLM_F_MULTI, cb);
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

static const int snic_nl_cc_attrs[] = {
	SNIC_A_CC_PACING, SNIC_A_CC_INCREASE, SNIC_A_CC_TIMER,
	SNIC_A_CC_TRIGGER, SNIC_A_CC_MIN, SNIC_A_CC_LIMIT,
	SNIC_A_CC_MAX_TRACKED, SNIC_A_CC_WINDOW, SNIC_A_CC_CCT,
};

static bool snic_nl_has_cc(const struct genl_info *info)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(snic_nl_cc_attrs); i++)
		if (info->attrs[snic_nl_cc_attrs[i]])
			return true;
	return false;
}

/*
 * The NIC's CCA settings as the request would leave them, in @c (@cct
 * holds a new table). Refused with an extack message if they do not fit
 * together. Caller holds RTNL.
 */
static int snic_nl_cc_parse(struct snic_cc *cc, struct genl_info *info,
			    struct snic_cc_config *c, struct snic_cct_entry *cct)
{
	struct nlattr **a = info->attrs;
	u64 late;
	int i, n;

	snic_cc_read(cc, c, &late, NULL);
	c->cct = cct;
	c->max_tracked = 0;
	c->has_params = a[SNIC_A_CC_INCREASE] || a[SNIC_A_CC_TIMER] ||
			a[SNIC_A_CC_TRIGGER] || a[SNIC_A_CC_MIN] ||
			a[SNIC_A_CC_LIMIT] || a[SNIC_A_CC_CCT];
	if (a[SNIC_A_CC_INCREASE])
		c->p.ccti_increase = nla_get_u16(a[SNIC_A_CC_INCREASE]);
	if (a[SNIC_A_CC_TIMER])
		c->p.ccti_timer = nla_get_u16(a[SNIC_A_CC_TIMER]);
	if (a[SNIC_A_CC_TRIGGER])
		c->p.trigger_threshold = nla_get_u16(a[SNIC_A_CC_TRIGGER]);
	if (a[SNIC_A_CC_MIN])
		c->p.ccti_min = nla_get_u16(a[SNIC_A_CC_MIN]);
	if (a[SNIC_A_CC_LIMIT])
		c->p.ccti_limit = nla_get_u16(a[SNIC_A_CC_LIMIT]);
	n = c->cct_len;
	c->cct_len = 0;
	if (a[SNIC_A_CC_CCT]) {
		const u16 *v = nla_data(a[SNIC_A_CC_CCT]);

		n = nla_len(a[SNIC_A_CC_CCT]) / sizeof(u16);
		if (!n || nla_len(a[SNIC_A_CC_CCT]) % sizeof(u16)) {
			NL_SET_ERR_MSG_ATTR(info->extack, a[SNIC_A_CC_CCT],
					    "the CCT is 1..1984 u16 entries");
			return -EINVAL;
		}
		for (i = 0; i < n; i++) {
			cct[i].shift = v[i] >> 14;
			cct[i].mult = v[i] & SNIC_CCT_MULT_MAX;
		}
		c->cct_len = n;
	}
	switch (snic_cc_params_check(&c->p, n)) {
	case SNIC_CC_OK:
		break;
	case SNIC_CC_ELIMIT:
		NL_SET_ERR_MSG_MOD(info->extack,
				   "ccti_limit must be below the CCT's length");
		return -EINVAL;
	case SNIC_CC_EMIN:
		NL_SET_ERR_MSG_MOD(info->extack,
				   "ccti_min must not be above ccti_limit");
		return -EINVAL;
	default:
		NL_SET_ERR_MSG_MOD(info->extack,
				   "trigger_threshold must not be above ccti_limit");
		return -EINVAL;
	}
	if (a[SNIC_A_CC_MAX_TRACKED])
		c->max_tracked = nla_get_u32(a[SNIC_A_CC_MAX_TRACKED]);
	c->has_window = a[SNIC_A_CC_WINDOW];
	if (c->has_window)
		c->window_ns = nla_get_u32(a[SNIC_A_CC_WINDOW]);
	c->has_pacing = a[SNIC_A_CC_PACING];
	if (c->has_pacing)
		c->pacing = nla_get_u8(a[SNIC_A_CC_PACING]);
	return 0;
}

static int snic_nl_dev_set_doit(struct sk_buff *skb, struct genl_info *info)
{
	struct nlattr *sl2sc = info->attrs[SNIC_A_SL2SC];
	struct nlattr *lid = info->attrs[SNIC_A_LID];
	struct snic_cct_entry *cct = NULL;
	struct snic_cc_config cc;
	struct snic_ar_config ar;
	struct net_device *dev;
	int err = 0, i;

	if (!lid && !sl2sc && !snic_nl_has_crx(info) && !snic_nl_has_cc(info) &&
	    !snic_nl_has_ar(info)) {
		NL_SET_ERR_MSG_MOD(info->extack, "nothing to set");
		return -EINVAL;
	}
	if (sl2sc) {
		err = snic_nl_sc_table(sl2sc, info->extack);
		if (err)
			return err;
	}
	err = snic_nl_crx_check(info);
	if (err)
		return err;
	err = snic_nl_ar_parse(info, &ar);
	if (err)
		return err;
	rtnl_lock();
	dev = snic_nl_dev(genl_info_net(info), info->attrs, SNIC_KIND_UNSPEC,
			  info->extack);
	if (IS_ERR(dev)) {
		err = PTR_ERR(dev);
		goto out;
	}
	if (sl2sc && !snic_is_nic(dev)) {
		NL_SET_ERR_MSG_ATTR(info->extack, sl2sc,
				    "only a snic NIC has an SL2SC table");
		err = -EOPNOTSUPP;
		goto out;
	}
	if (snic_nl_has_crx(info) && !snic_is_nic(dev)) {
		NL_SET_ERR_MSG_MOD(info->extack,
				   "a switch's credits are per port (port set)");
		err = -EOPNOTSUPP;
		goto out;
	}
	if (snic_nl_has_cc(info) && !snic_is_nic(dev)) {
		NL_SET_ERR_MSG_MOD(info->extack,
				   "congestion control settings are a NIC's");
		err = -EOPNOTSUPP;
		goto out;
	}
	if (snic_nl_has_ar(info) && !snic_is_switch(dev)) {
		NL_SET_ERR_MSG_MOD(info->extack,
				   "adaptive routing settings are a switch's");
		err = -EOPNOTSUPP;
		goto out;
	}
	if (snic_nl_has_cc(info)) {
		struct snic_nic *nic = netdev_priv(dev);

		cct = kcalloc(SNIC_CCT_MAX_ENTRIES, sizeof(*cct), GFP_KERNEL);
		if (!cct) {
			err = -ENOMEM;
			goto out;
		}
		/* Checked before anything changes: all or nothing. */
		err = snic_nl_cc_parse(&nic->cc, info, &cc, cct);
		if (err)
			goto out;
	}
	if (snic_is_nic(dev)) {
		struct snic_nic *nic = netdev_priv(dev);

		/* The one step that may fail (-ENOMEM) goes first, itself
		 * all or nothing: a refused request changes nothing.
		 */
		if (cct) {
			err = snic_cc_configure(&nic->cc, &cc);
			if (err)
				goto out;
		}
		if (lid)
			snic_nic_set_lid(nic, nla_get_u32(lid));
		for (i = 0; sl2sc && i < SNIC_NUM_SL; i++)
			WRITE_ONCE(nic->sl2sc[i], ((u8 *)nla_data(sl2sc))[i]);
		if (snic_nl_has_crx(info))
			snic_nl_crx_set(&nic->crx, info);
	} else {
		struct snic_switch *sw = netdev_priv(dev);

		if (lid)
			WRITE_ONCE(sw->lid, nla_get_u32(lid));
		if (snic_nl_has_ar(info))
			snic_ar_configure(sw, &ar);
	}
	snic_cfg_changed();
out:
	rtnl_unlock();
	kfree(cct);
	return err;
}

/*
 * Take RTNL and find the snicsw named by the request: the start of every
 * command that changes a switch. On error RTNL is released again.
 */
static struct snic_switch *snic_nl_switch_lock(struct genl_info *info)
{
	struct net_device *dev;

	rtnl_lock();
	dev = snic_nl_dev(genl_info_net(info), info->attrs, SNIC_KIND_SWITCH,
			  info->extack);
	if (IS_ERR(dev)) {
		rtnl_unlock();
		return ERR_CAST(dev);
	}
	return netdev_priv(dev);
}

static int snic_nl_port_set_doit(struct sk_buff *skb, struct genl_info *info)
{
	struct snic_switch *sw;
	struct snic_port *port;
	int err;

	struct nlattr *kind = info->attrs[SNIC_A_AR_PORT_KIND];
	struct nlattr *peer = info->attrs[SNIC_A_AR_PORT_PEER];

	if (GENL_REQ_ATTR_CHECK(info, SNIC_A_PORT) ||
	    (!info->attrs[SNIC_A_SC2SC] && !snic_nl_has_crx(info) && !kind)) {
		NL_SET_ERR_MSG_MOD(info->extack,
				   "port set needs port and sc2sc, credit or ARN settings");
		return -EINVAL;
	}
	if (!kind != !peer) {
		NL_SET_ERR_MSG_MOD(info->extack,
				   "an ARN port kind goes with its peer");
		return -EINVAL;
	}
	if (kind && nla_get_u8(kind) == SNIC_AR_PORT_LOCAL &&
	    nla_get_u16(peer) > SNIC_ARN_SWITCH_MAX) {
		NL_SET_ERR_MSG_ATTR(info->extack, peer,
				    "a local link's peer is a switch number, 0..2047");
		return -ERANGE;
	}
	if (info->attrs[SNIC_A_SC2SC]) {
		err = snic_nl_sc_table(info->attrs[SNIC_A_SC2SC], info->extack);
		if (err)
			return err;
	}
	err = snic_nl_crx_check(info);
	if (err)
		return err;
	sw = snic_nl_switch_lock(info);
	if (IS_ERR(sw))
		return PTR_ERR(sw);
	port = snic_sw_port(sw, nla_get_u32(info->attrs[SNIC_A_PORT]));
	if (!port) {
		NL_SET_ERR_MSG_ATTR(info->extack, info->attrs[SNIC_A_PORT],
				    "no such port on this switch");
		err = -ENOENT;
		goto out;
	}
	if (info->attrs[SNIC_A_SC2SC])
		snic_sw_set_sc2sc(port, nla_data(info->attrs[SNIC_A_SC2SC]));
	if (snic_nl_has_crx(info))
		snic_nl_crx_set(&port->crx, info);
	if (kind)
		err = snic_ar_port_set(sw, port, nla_get_u8(kind),
				       nla_get_u16(peer));
out:
	rtnl_unlock();
	return err;
}

static int snic_nl_bpt_set_doit(struct sk_buff *skb, struct genl_info *info)
{
	struct nlattr *bpt = info->attrs[SNIC_A_BPT];
	const struct snic_ar_cand *c;
	struct snic_switch *sw;
	int err, i, n;
	u32 dlid;

	if (GENL_REQ_ATTR_CHECK(info, SNIC_A_DLID) ||
	    GENL_REQ_ATTR_CHECK(info, SNIC_A_BPT)) {
		NL_SET_ERR_MSG_MOD(info->extack, "bpt set needs dlid and bpt");
		return -EINVAL;
	}
	dlid = nla_get_u32(info->attrs[SNIC_A_DLID]);
	if (!snic_lid_is_ucast(dlid)) {
		NL_SET_ERR_MSG_ATTR(info->extack, info->attrs[SNIC_A_DLID],
				    "a BPT entry is for a unicast DLID");
		return -EINVAL;
	}
	if (nla_len(bpt) % sizeof(*c)) {
		NL_SET_ERR_MSG_ATTR(info->extack, bpt,
				    "the BPT is 0..4 struct snic_ar_cand");
		return -EINVAL;
	}
	c = nla_data(bpt);
	n = nla_len(bpt) / sizeof(*c);
	for (i = 0; i < n; i++) {
		if (!c[i].port || c[i].port > SNIC_MAX_PORTS || !c[i].cost ||
		    c[i].global > 1) {
			NL_SET_ERR_MSG_ATTR(info->extack, bpt,
					    "a candidate needs port 1..64, cost >= 1, global 0/1");
			return -EINVAL;
		}
	}
	sw = snic_nl_switch_lock(info);
	if (IS_ERR(sw))
		return PTR_ERR(sw);
	err = snic_ar_bpt_set(sw, dlid, c, n);
	if (err == -ENOENT)
		NL_SET_ERR_MSG_MOD(info->extack, "no BPT entry for this DLID");
	rtnl_unlock();
	return err;
}

static int snic_nl_lft_set_doit(struct sk_buff *skb, struct genl_info *info)
{
	struct snic_switch *sw;
	u32 dlid;
	int err;

	if (GENL_REQ_ATTR_CHECK(info, SNIC_A_DLID) ||
	    GENL_REQ_ATTR_CHECK(info, SNIC_A_PORT)) {
		NL_SET_ERR_MSG_MOD(info->extack, "LFT entry needs dlid and port");
		return -EINVAL;
	}
	err = snic_nl_dlid(info, false, &dlid);
	if (err)
		return err;
	sw = snic_nl_switch_lock(info);
	if (IS_ERR(sw))
		return PTR_ERR(sw);
	err = snic_sw_lft_set(sw, dlid,
			      nla_get_u32(info->attrs[SNIC_A_PORT]));
	if (err)
		NL_SET_ERR_MSG_MOD(info->extack, "cannot store LFT entry");
	rtnl_unlock();
	return err;
}

static int snic_nl_table_del(struct genl_info *info, bool mcast)
{
	struct snic_switch *sw;
	u32 dlid;
	int err;

	if (GENL_REQ_ATTR_CHECK(info, SNIC_A_DLID)) {
		NL_SET_ERR_MSG_MOD(info->extack, "missing dlid");
		return -EINVAL;
	}
	err = snic_nl_dlid(info, mcast, &dlid);
	if (err)
		return err;
	sw = snic_nl_switch_lock(info);
	if (IS_ERR(sw))
		return PTR_ERR(sw);
	err = mcast ? snic_sw_mft_del(sw, dlid) : snic_sw_lft_del(sw, dlid);
	if (err == -ENOENT && mcast)
		NL_SET_ERR_MSG_ATTR(info->extack, info->attrs[SNIC_A_DLID],
				    "no MFT entry for this dlid");
	else if (err == -ENOENT)
		NL_SET_ERR_MSG_ATTR(info->extack, info->attrs[SNIC_A_DLID],
				    "no LFT entry for this dlid");
	rtnl_unlock();
	return err;
}

static int snic_nl_lft_del_doit(struct sk_buff *skb, struct genl_info *info)
{
	return snic_nl_table_del(info, false);
}

static int snic_nl_mft_del_doit(struct sk_buff *skb, struct genl_info *info)
{
	return snic_nl_table_del(info, true);
}

static int snic_nl_mft_set_doit(struct sk_buff *skb, struct genl_info *info)
{
	struct snic_switch *sw;
	u32 dlid;
	int err;

	if (GENL_REQ_ATTR_CHECK(info, SNIC_A_DLID) ||
	    GENL_REQ_ATTR_CHECK(info, SNIC_A_PORTS)) {
		NL_SET_ERR_MSG_MOD(info->extack, "MFT entry needs dlid and ports");
		return -EINVAL;
	}
	err = snic_nl_dlid(info, true, &dlid);
	if (err)
		return err;
	sw = snic_nl_switch_lock(info);
	if (IS_ERR(sw))
		return PTR_ERR(sw);
	err = snic_sw_mft_set(sw, dlid,
			      nla_get_u64(info->attrs[SNIC_A_PORTS]));
	if (err)
		NL_SET_ERR_MSG_MOD(info->extack, "cannot store MFT entry");
	rtnl_unlock();
	return err;
}

enum snic_dump { SNIC_DUMP_LFT, SNIC_DUMP_PORTS, SNIC_DUMP_MFT };

/* Dumps of one switch's LFT or MFT (args[0]: next key) or ports (next
 * port number).
 */
static int snic_nl_sw_dump(struct sk_buff *skb, struct netlink_callback *cb,
			   enum snic_dump what)
{
	static const u8 cmd[] = {
		[SNIC_DUMP_LFT] = SNIC_CMD_LFT_GET,
		[SNIC_DUMP_PORTS] = SNIC_CMD_PORT_GET,
		[SNIC_DUMP_MFT] = SNIC_CMD_MFT_GET,
	};
	struct nlattr **attrs = snic_compat_dump_attrs(cb);
	struct snic_switch *sw;
	struct net_device *dev;
	unsigned long idx;
	int err = 0;
	void *hdr;

	rtnl_lock();
	dev = snic_nl_dev(sock_net(skb->sk), attrs, SNIC_KIND_SWITCH,
			  cb->extack);
	if (IS_ERR(dev)) {
		err = PTR_ERR(dev);
		goto out;
	}
	sw = netdev_priv(dev);
	cb->seq = atomic_read(&snic_cfg_gen);
	for (idx = cb->args[0]; ; idx++) {
		struct snic_port *port = NULL;
		u64 ctr[SNIC_STAT_COUNT];
		void *entry = NULL;

		if (what == SNIC_DUMP_LFT) {
			entry = xa_find(&sw->lft, &idx, SNIC_LID_UCAST_MAX,
					XA_PRESENT);
			if (!entry)
				break;
		} else if (what == SNIC_DUMP_MFT) {
			entry = xa_find(&sw->mft, &idx,
					SNIC_LID_MCAST_MAX - SNIC_LID_MCAST_BASE,
					XA_PRESENT);
			if (!entry)
				break;
		} else {
			if (!idx)
				continue;
			if (idx > SNIC_MAX_PORTS)
				break;
			port = rtnl_dereference(sw->port[idx]);
			if (!port)
				continue;
		}
		hdr = genlmsg_put(skb, NETLINK_CB(cb->skb).portid,
				  cb->nlh->nlmsg_seq, &snic_genl_family,
				  NLM_F_MULTI, cmd[what]);
		if (!hdr)
			goto full;
		genl_dump_check_consistent(cb, hdr);
		if (nla_put_u32(skb, SNIC_A_IFINDEX, dev->ifindex))
			goto cancel;
		if (what == SNIC_DUMP_LFT) {
			if (nla_put_u32(skb, SNIC_A_DLID, idx) ||
			    nla_put_u32(skb, SNIC_A_PORT, xa_to_value(entry)))
				goto cancel;
		} else if (what == SNIC_DUMP_MFT) {
			const struct snic_mft_entry *m = entry;

			if (nla_put_u32(skb, SNIC_A_DLID,
					idx + SNIC_LID_MCAST_BASE) ||
			    nla_put_u64_64bit(skb, SNIC_A_PORTS, m->ports,
					      SNIC_A_PAD))
				goto cancel;
		} else {
			memset(ctr, 0, sizeof(ctr));
			snic_stats_read(&port->stats, ctr);
			if (nla_put_u32(skb, SNIC_A_PORT, port->num) ||
			    nla_put_u32(skb, SNIC_A_PORT_IFINDEX,
					port->dev->ifindex) ||
			    nla_put_string(skb, SNIC_A_IFNAME, port->dev->name) ||
			    nla_put(skb, SNIC_A_SC2SC, SNIC_NUM_SC, port->sc2sc) ||
			    snic_nl_put_crx(skb, &port->crx) ||
			    nla_put_u8(skb, SNIC_A_AR_PORT_KIND,
				       READ_ONCE(port->ar.kind)) ||
			    nla_put_u16(skb, SNIC_A_AR_PORT_PEER,
					READ_ONCE(port->ar.peer)) ||
			    snic_stats_nla_put(skb, ctr))
				goto cancel;
		}
		genlmsg_end(skb, hdr);
	}
	goto done;

cancel:
	genlmsg_cancel(skb, hdr);
full:
	if (!skb->len)
		err = -EMSGSIZE;
done:
	cb->args[0] = idx;
out:
	rtnl_unlock();
	return err ?: skb->len;
}

static int snic_nl_lft_get_dumpit(struct sk_buff *skb,
				  struct netlink_callback *cb)
{
	return snic_nl_sw_dump(skb, cb, SNIC_DUMP_LFT);
}

static int snic_nl_port_get_dumpit(struct sk_buff *skb,
				   struct netlink_callback *cb)
{
	return snic_nl_sw_dump(skb, cb, SNIC_DUMP_PORTS);
}

static int snic_nl_mft_get_dumpit(struct sk_buff *skb,
				  struct netlink_callback *cb)
{
	return snic_nl_sw_dump(skb, cb, SNIC_DUMP_MFT);
}

#define SNIC_NL_CC_BATCH	16

static int snic_nl_cc_put_dlid(struct sk_buff *skb, struct snic_nic *nic,
			       const struct snic_dlid_ent *e)
{
	if (nla_put_u32(skb, SNIC_A_DLID, e->dlid) ||
	    nla_put_u32(skb, SNIC_A_CC_CCTI, e->ccti) ||
	    nla_put_u64_64bit(skb, SNIC_A_CC_IPD,
			      snic_cc_ipd(&nic->cc, e, nic->dev->mtu),
			      SNIC_A_PAD) ||
	    nla_put_u64_64bit(skb, SNIC_A_CC_BECN, e->becn, SNIC_A_PAD) ||
	    nla_put_u64_64bit(skb, SNIC_A_CC_PACED, e->paced, SNIC_A_PAD) ||
	    nla_put_u64_64bit(skb, SNIC_A_CC_EARLY, e->early, SNIC_A_PAD) ||
	    (e->becn_first &&
	     (nla_put_u64_64bit(skb, SNIC_A_CC_BECN_FIRST_AGE, e->becn_first,
				SNIC_A_PAD) ||
	      nla_put_u64_64bit(skb, SNIC_A_CC_BECN_LAST_AGE, e->becn_last,
				SNIC_A_PAD))))
		return -EMSGSIZE;
	return 0;
}

static int snic_nl_cc_put_log(struct sk_buff *skb,
			      const struct snic_cc_log_ent *le)
{
	if (nla_put_u64_64bit(skb, SNIC_A_CC_TIME, le->time, SNIC_A_PAD) ||
	    nla_put_u32(skb, SNIC_A_DLID, le->dlid) ||
	    nla_put_u8(skb, SNIC_A_CC_SL, le->sl) ||
	    nla_put_u32(skb, SNIC_A_CC_CCTI, le->ccti))
		return -EMSGSIZE;
	return 0;
}

/*
 * SNIC_CMD_CC_DLID_GET and SNIC_CMD_CC_LOG_GET. args[0]: the next table
 * slot, or the next log entry (newest first).
 */
static int snic_nl_cc_dump(struct sk_buff *skb, struct netlink_callback *cb,
			   bool log)
{
	struct nlattr **attrs = snic_compat_dump_attrs(cb);
	struct snic_dlid_ent *ent = NULL;
	u32 slot[SNIC_NL_CC_BATCH];
	struct snic_cc_log_ent le;
	struct net_device *dev;
	struct snic_nic *nic;
	int err = 0, i, n;
	void *hdr;

	rtnl_lock();
	dev = snic_nl_dev(sock_net(skb->sk), attrs, SNIC_KIND_NIC, cb->extack);
	if (IS_ERR(dev)) {
		err = PTR_ERR(dev);
		goto out;
	}
	nic = netdev_priv(dev);
	/* Resumed by slot (or by age in the log): a DLID that came or
	 * went (a log entry written) moves them.
	 */
	cb->seq = snic_cc_generation(&nic->cc, log);
	ent = kcalloc(SNIC_NL_CC_BATCH, sizeof(*ent), GFP_KERNEL);
	if (!ent) {
		err = -ENOMEM;
		goto out;
	}
	for (;;) {
		if (log) {
			if (!snic_cc_log_read(&nic->cc, cb->args[0], &le))
				break;
			n = 1;
		} else {
			n = snic_cc_dump_dlids(&nic->cc, cb->args[0], ent, slot,
					       SNIC_NL_CC_BATCH);
			if (!n)
				break;
		}
		for (i = 0; i < n; i++) {
			hdr = genlmsg_put(skb, NETLINK_CB(cb->skb).portid,
					  cb->nlh->nlmsg_seq, &snic_genl_family,
					  NLM_F_MULTI, log ? SNIC_CMD_CC_LOG_GET :
					  SNIC_CMD_CC_DLID_GET);
			if (!hdr)
				goto full;
			genl_dump_check_consistent(cb, hdr);
			if (nla_put_u32(skb, SNIC_A_IFINDEX, dev->ifindex) ||
			    (log ? snic_nl_cc_put_log(skb, &le) :
				   snic_nl_cc_put_dlid(skb, nic, &ent[i]))) {
				genlmsg_cancel(skb, hdr);
				goto full;
			}
			genlmsg_end(skb, hdr);
			cb->args[0] = log ? cb->args[0] + 1 : slot[i] + 1;
		}
	}
	goto out;

full:
	if (!skb->len)
		err = -EMSGSIZE;
out:
	rtnl_unlock();
	kfree(ent);
	return err ?: skb->len;
}

static int snic_nl_cc_dlid_dumpit(struct sk_buff *skb,
				  struct netlink_callback *cb)
{
	return snic_nl_cc_dump(skb, cb, false);
}

static int snic_nl_cc_log_dumpit(struct sk_buff *skb,
				 struct netlink_callback *cb)
{
	return snic_nl_cc_dump(skb, cb, true);
}

#define SNIC_NL_AR_BATCH	8

/* SNIC_CMD_BPT_GET. args[0]: the next DLID. */
static int snic_nl_bpt_dumpit(struct sk_buff *skb, struct netlink_callback *cb)
{
	struct nlattr **attrs = snic_compat_dump_attrs(cb);
	struct snic_ar_cand c[SNIC_BPT_CANDS];
	struct snic_bpt_ent *e = NULL;
	u32 dlid[SNIC_NL_AR_BATCH];
	unsigned long pos, next;
	struct net_device *dev;
	struct snic_switch *sw;
	int err = 0, i, j, k, n;
	void *hdr;

	rtnl_lock();
	dev = snic_nl_dev(sock_net(skb->sk), attrs, SNIC_KIND_SWITCH,
			  cb->extack);
	if (IS_ERR(dev)) {
		err = PTR_ERR(dev);
		goto out;
	}
	sw = netdev_priv(dev);
	e = kcalloc(SNIC_NL_AR_BATCH, sizeof(*e), GFP_KERNEL);
	if (!e) {
		err = -ENOMEM;
		goto out;
	}
	pos = cb->args[0];
	while ((n = snic_ar_bpt_dump(&sw->ar, &pos, dlid, e,
				     SNIC_NL_AR_BATCH))) {
		for (i = 0; i < n; i++) {
			next = dlid[i] + 1;
			memset(c, 0, sizeof(c));
			for (j = 0; j < e[i].n; j++) {
				c[j].port = e[i].c[j].port;
				c[j].global = e[i].c[j].global;
				c[j].cost = e[i].c[j].cost;
				for (k = 0; k < SNIC_BPT_LINKS; k++)
					c[j].link[k] = e[i].c[j].link[k];
				c[j].penalty = e[i].c[j].penalty;
			}
			hdr = genlmsg_put(skb, NETLINK_CB(cb->skb).portid,
					  cb->nlh->nlmsg_seq, &snic_genl_family,
					  NLM_F_MULTI, SNIC_CMD_BPT_GET);
			if (!hdr)
				goto full;
			if (nla_put_u32(skb, SNIC_A_IFINDEX, dev->ifindex) ||
			    nla_put_u32(skb, SNIC_A_DLID, dlid[i]) ||
			    nla_put(skb, SNIC_A_BPT, e[i].n * sizeof(c[0]), c) ||
			    nla_put_u8(skb, SNIC_A_BPT_CUR, e[i].cur)) {
				genlmsg_cancel(skb, hdr);
				goto full;
			}
			genlmsg_end(skb, hdr);
			cb->args[0] = next;
		}
	}
	goto out;

full:
	if (!skb->len)
		err = -EMSGSIZE;
out:
	rtnl_unlock();
	kfree(e);
	return err ?: skb->len;
}

static int snic_nl_ar_put_link(struct sk_buff *skb,
			       const struct snic_arn_link *l, u64 left)
{
	bool global = l->key & SNIC_AR_LINK_GLOBAL;

	if (nla_put_u8(skb, SNIC_A_AR_LINK_KIND, global ? 1 : 2) ||
	    nla_put_u16(skb, SNIC_A_AR_LINK_SWITCH, (l->key >> 20) & 0x7ff) ||
	    nla_put_u16(skb, SNIC_A_AR_LINK_PEER, (l->key >> 8) & 0xfff) ||
	    nla_put_u16(skb, SNIC_A_AR_LINK_INDEX, l->key & 0xff) ||
	    nla_put_u8(skb, SNIC_A_AR_LINK_STATE, l->state) ||
	    nla_put_u8(skb, SNIC_A_AR_LINK_METRIC, l->metric) ||
	    nla_put_u64_64bit(skb, SNIC_A_AR_LINK_EXPIRES,
			      div_u64(left, NSEC_PER_USEC), SNIC_A_PAD))
		return -EMSGSIZE;
	return 0;
}

/* SNIC_CMD_AR_LINK_GET. args[0]: the next slot of the link table. */
static int snic_nl_ar_link_dumpit(struct sk_buff *skb,
				  struct netlink_callback *cb)
{
	struct nlattr **attrs = snic_compat_dump_attrs(cb);
	struct snic_arn_link l[SNIC_NL_AR_BATCH];
	u32 slot[SNIC_NL_AR_BATCH];
	u64 left[SNIC_NL_AR_BATCH];
	struct snic_switch *sw;
	struct net_device *dev;
	int err = 0, i, n;
	void *hdr;

	rtnl_lock();
	dev = snic_nl_dev(sock_net(skb->sk), attrs, SNIC_KIND_SWITCH,
			  cb->extack);
	if (IS_ERR(dev)) {
		err = PTR_ERR(dev);
		goto out;
	}
	sw = netdev_priv(dev);
	while ((n = snic_ar_dump_links(&sw->ar, cb->args[0], l, slot, left,
				       SNIC_NL_AR_BATCH))) {
		for (i = 0; i < n; i++) {
			hdr = genlmsg_put(skb, NETLINK_CB(cb->skb).portid,
					  cb->nlh->nlmsg_seq, &snic_genl_family,
					  NLM_F_MULTI, SNIC_CMD_AR_LINK_GET);
			if (!hdr)
				goto full;
			if (nla_put_u32(skb, SNIC_A_IFINDEX, dev->ifindex) ||
			    snic_nl_ar_put_link(skb, &l[i], left[i])) {
				genlmsg_cancel(skb, hdr);
				goto full;
			}
			genlmsg_end(skb, hdr);
			cb->args[0] = slot[i] + 1;
		}
	}
	goto out;

full:
	if (!skb->len)
		err = -EMSGSIZE;
out:
	rtnl_unlock();
	return err ?: skb->len;
}

static const struct genl_small_ops snic_genl_ops[] = {
	{
		.cmd	= SNIC_CMD_DEV_GET,
		.doit	= snic_nl_dev_get_doit,
		.dumpit	= snic_nl_dev_get_dumpit,
	},
	{
		.cmd	= SNIC_CMD_DEV_SET,
		.doit	= snic_nl_dev_set_doit,
		.flags	= GENL_UNS_ADMIN_PERM,
	},
	{
		.cmd	= SNIC_CMD_LFT_GET,
		.dumpit	= snic_nl_lft_get_dumpit,
	},
	{
		.cmd	= SNIC_CMD_LFT_SET,
		.doit	= snic_nl_lft_set_doit,
		.flags	= GENL_UNS_ADMIN_PERM,
	},
	{
		.cmd	= SNIC_CMD_LFT_DEL,
		.doit	= snic_nl_lft_del_doit,
		.flags	= GENL_UNS_ADMIN_PERM,
	},
	{
		.cmd	= SNIC_CMD_PORT_GET,
		.dumpit	= snic_nl_port_get_dumpit,
	},
	{
		.cmd	= SNIC_CMD_PORT_SET,
		.doit	= snic_nl_port_set_doit,
		.flags	= GENL_UNS_ADMIN_PERM,
	},
	{
		.cmd	= SNIC_CMD_MFT_GET,
		.dumpit	= snic_nl_mft_get_dumpit,
	},
	{
		.cmd	= SNIC_CMD_MFT_SET,
		.doit	= snic_nl_mft_set_doit,
		.flags	= GENL_UNS_ADMIN_PERM,
	},
	{
		.cmd	= SNIC_CMD_MFT_DEL,
		.doit	= snic_nl_mft_del_doit,
		.flags	= GENL_UNS_ADMIN_PERM,
	},
	{
		.cmd	= SNIC_CMD_CC_DLID_GET,
		.dumpit	= snic_nl_cc_dlid_dumpit,
	},
	{
		.cmd	= SNIC_CMD_CC_LOG_GET,
		.dumpit	= snic_nl_cc_log_dumpit,
	},
	{
		.cmd	= SNIC_CMD_AR_LINK_GET,
		.dumpit	= snic_nl_ar_link_dumpit,
	},
	{
		.cmd	= SNIC_CMD_BPT_SET,
		.doit	= snic_nl_bpt_set_doit,
		.flags	= GENL_UNS_ADMIN_PERM,
	},
	{
		.cmd	= SNIC_CMD_BPT_GET,
		.dumpit	= snic_nl_bpt_dumpit,
	},
};

static struct genl_family snic_genl_family __ro_after_init = {
	.name		= SNIC_GENL_NAME,
	.version	= SNIC_GENL_VERSION,
	.maxattr	= SNIC_A_MAX,
	.policy		= snic_policy,
	.netnsok	= true,
	.parallel_ops	= true,
	.module		= THIS_MODULE,
	.small_ops	= snic_genl_ops,
	.n_small_ops	= ARRAY_SIZE(snic_genl_ops),
	.resv_start_op	= SNIC_CMD_MAX + 1,
};

int __init snic_genl_init(void)
{
	return genl_register_family(&snic_genl_family);
}

void snic_genl_exit(void)
{
	genl_unregister_family(&snic_genl_family);
}
