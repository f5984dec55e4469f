// SPDX-License-Identifier: GPL-2.0
/*
 * Adaptive routing at a switch in the snic family: the ar nest of dev-get
 * and dev-set, bpt-get/set and ar-link-get.
 */
#include <net/genetlink.h>

#include "snic.h"
#include "netlink.h"
#include "netlink-gen.h"

/*
 * The ar nest of a request, in @c; refused with an extack. A level or
 * sample count given alone goes with the current other one. RTNL.
 */
/*
 * One monitor's levels (attributes @lvl, @lvl + 1: set, clear) and sample
 * counts (@n, @n + 1) into @t; what is not given stays as in @cur.
 * *@has_lvl, *@has_n: the request gives them.
 */
static int snic_nl_ar_thr(struct nlattr **a, int lvl, int n,
			  const struct snic_arn_thr *cur,
			  struct snic_arn_thr *t, bool *has_lvl, bool *has_n,
			  struct netlink_ext_ack *extack)
{
	BUILD_BUG_ON(SNIC_A_AR_CLEAR_LEVEL - SNIC_A_AR_SET_LEVEL != 1 ||
		     SNIC_A_AR_CLEAR_SAMPLES - SNIC_A_AR_SET_SAMPLES != 1 ||
		     SNIC_A_AR_UTIL_CLEAR_LEVEL - SNIC_A_AR_UTIL_SET_LEVEL != 1 ||
		     SNIC_A_AR_UTIL_CLEAR_SAMPLES -
		     SNIC_A_AR_UTIL_SET_SAMPLES != 1);
	*has_lvl = a[lvl] || a[lvl + 1];
	if (*has_lvl) {
		t->set = a[lvl] ? nla_get_u32(a[lvl]) : cur->set;
		t->clear = a[lvl + 1] ? nla_get_u32(a[lvl + 1]) : cur->clear;
		if (t->set <= t->clear) {
			NL_SET_ERR_MSG_ATTR(extack, a[lvl] ?: a[lvl + 1],
					    "the set level must be above the clear level");
			return -EINVAL;
		}
	}
	*has_n = a[n] || a[n + 1];
	if (*has_n) {
		t->set_samples = a[n] ? nla_get_u32(a[n]) : cur->set_samples;
		t->clear_samples = a[n + 1] ? nla_get_u32(a[n + 1]) :
					      cur->clear_samples;
	}
	return 0;
}

int snic_nl_ar_parse(struct snic_ar *ar, const struct nlattr *nest,
		     struct snic_ar_config *c, struct netlink_ext_ack *extack)
{
	struct nlattr *a[SNIC_A_AR_MAX + 1];
	struct snic_ar_config cur;
	int err;

	BUILD_BUG_ON((int)SNIC_AR_ALGORITHM_VALIANT != (int)SNIC_AR_VALIANT ||
		     (int)SNIC_AR_ALGORITHM_GREEDY_RANDOM !=
		     (int)SNIC_AR_GREEDY_RANDOM ||
		     (int)SNIC_AR_ALGORITHM_VALIANT_PACKET !=
		     (int)SNIC_AR_VALIANT_PACKET ||
		     (int)SNIC_AR_ALGORITHM_UGAL != (int)SNIC_AR_UGAL);
	err = nla_parse_nested(a, SNIC_A_AR_MAX, nest, snic_ar_nl_policy,
			       extack);
	if (err)
		return err;
	memset(c, 0, sizeof(*c));
	if (a[SNIC_A_AR_DLID]) {
		c->dlid = nla_get_u32(a[SNIC_A_AR_DLID]);
		if (c->dlid && !snic_lid_is_mcast(c->dlid)) {
			NL_SET_ERR_MSG_ATTR(extack, a[SNIC_A_AR_DLID],
					    "the ARN DLID is a multicast LID (or 0: off)");
			return -EINVAL;
		}
		c->has_dlid = true;
	}
	if (a[SNIC_A_AR_GROUP]) {
		c->group = nla_get_u32(a[SNIC_A_AR_GROUP]);
		c->has_group = true;
	}
	if (a[SNIC_A_AR_SWITCH]) {
		c->id = nla_get_u32(a[SNIC_A_AR_SWITCH]);
		c->has_id = true;
	}
	if (a[SNIC_A_AR_LIFE]) {
		c->life_us = nla_get_u32(a[SNIC_A_AR_LIFE]);
		c->has_life = true;
	}
	if (a[SNIC_A_AR_PERIOD]) {
		c->period_us = nla_get_u32(a[SNIC_A_AR_PERIOD]);
		c->has_period = true;
	}
	/* Levels and sample counts: what is not given stays as it is. */
	snic_ar_read(ar, &cur);
	err = snic_nl_ar_thr(a, SNIC_A_AR_SET_LEVEL, SNIC_A_AR_SET_SAMPLES,
			     &cur.thr, &c->thr, &c->has_thr, &c->has_samples,
			     extack) ?:
	      snic_nl_ar_thr(a, SNIC_A_AR_UTIL_SET_LEVEL,
			     SNIC_A_AR_UTIL_SET_SAMPLES, &cur.uthr, &c->uthr,
			     &c->has_uthr, &c->has_usamples, extack);
	if (err)
		return err;
	if (a[SNIC_A_AR_HOLD_DOWN]) {
		c->hold_down_us = nla_get_u32(a[SNIC_A_AR_HOLD_DOWN]);
		c->has_hold_down = true;
	}
	if (a[SNIC_A_AR_FLOWLET]) {
		c->flowlet_us = nla_get_u32(a[SNIC_A_AR_FLOWLET]);
		c->has_flowlet = true;
	}
	if (a[SNIC_A_AR_ALGORITHM]) {
		c->algorithm = nla_get_u32(a[SNIC_A_AR_ALGORITHM]);
		c->has_algorithm = true;
	}
	if (a[SNIC_A_AR_LOST_ROUTE_ONLY]) {
		c->lost_route_only = nla_get_u32(a[SNIC_A_AR_LOST_ROUTE_ONLY]);
		c->has_lost_route = true;
	}
	if (a[SNIC_A_AR_DETECT]) {
		c->detect = nla_get_u32(a[SNIC_A_AR_DETECT]);
		c->has_detect = true;
	}
	if (a[SNIC_A_AR_REFRESH]) {
		c->refresh_us = nla_get_u32(a[SNIC_A_AR_REFRESH]);
		c->has_refresh = true;
	}
	if (a[SNIC_A_AR_REPEAT]) {
		c->repeat = nla_get_u32(a[SNIC_A_AR_REPEAT]);
		c->has_repeat = true;
	}
	if (a[SNIC_A_AR_RECOVERY_HOLD]) {
		c->recovery_us = nla_get_u32(a[SNIC_A_AR_RECOVERY_HOLD]);
		c->has_recovery = true;
	}
	if (a[SNIC_A_AR_MIN_GAP]) {
		c->min_gap_us = nla_get_u32(a[SNIC_A_AR_MIN_GAP]);
		c->has_min_gap = true;
	}
	if (a[SNIC_A_AR_DETOUR_SC2SC]) {
		err = snic_nl_sc_table(a[SNIC_A_AR_DETOUR_SC2SC], extack);
		if (err)
			return err;
		memcpy(c->detour_sc2sc, nla_data(a[SNIC_A_AR_DETOUR_SC2SC]),
		       SNIC_NUM_SC);
		c->has_detour = true;
	}
	if (a[SNIC_A_AR_INTM]) {
		c->intm = nla_get_u32(a[SNIC_A_AR_INTM]);
		c->has_intm = true;
	}
	/* A state must be refreshed before the receivers forget it. */
	if ((c->has_refresh ? c->refresh_us : cur.refresh_us) >=
	    (c->has_life ? c->life_us : cur.life_us)) {
		NL_SET_ERR_MSG_ATTR(extack, a[SNIC_A_AR_REFRESH] ?:
				    a[SNIC_A_AR_LIFE],
				    "the refresh period must be below the lifetime");
		return -EINVAL;
	}
	if (!a[SNIC_A_AR_SLID_MIN] != !a[SNIC_A_AR_SLID_MAX]) {
		NL_SET_ERR_MSG_ATTR(extack, nest,
				    "the group's host LIDs need a min and a max");
		return -EINVAL;
	}
	if (a[SNIC_A_AR_SLID_MIN]) {
		c->slid_min = nla_get_u32(a[SNIC_A_AR_SLID_MIN]);
		c->slid_max = nla_get_u32(a[SNIC_A_AR_SLID_MAX]);
		if (c->slid_min > c->slid_max) {
			NL_SET_ERR_MSG_ATTR(extack, a[SNIC_A_AR_SLID_MIN],
					    "the min host LID is above the max");
			return -EINVAL;
		}
		c->has_slid = true;
	}
	return 0;
}

int snic_nl_ar_put(struct sk_buff *msg, struct snic_ar *ar)
{
	struct snic_ar_config c;
	struct nlattr *nest;

	snic_ar_read(ar, &c);
	nest = nla_nest_start(msg, SNIC_A_AR);
	if (!nest ||
	    nla_put_u32(msg, SNIC_A_AR_DLID, c.dlid) ||
	    nla_put_u32(msg, SNIC_A_AR_GROUP, c.group) ||
	    nla_put_u32(msg, SNIC_A_AR_SWITCH, c.id) ||
	    nla_put_u32(msg, SNIC_A_AR_LIFE, c.life_us) ||
	    nla_put_u32(msg, SNIC_A_AR_PERIOD, c.period_us) ||
	    nla_put_u32(msg, SNIC_A_AR_SET_LEVEL, c.thr.set) ||
	    nla_put_u32(msg, SNIC_A_AR_CLEAR_LEVEL, c.thr.clear) ||
	    nla_put_u32(msg, SNIC_A_AR_SET_SAMPLES, c.thr.set_samples) ||
	    nla_put_u32(msg, SNIC_A_AR_CLEAR_SAMPLES, c.thr.clear_samples) ||
	    nla_put_u32(msg, SNIC_A_AR_HOLD_DOWN, c.hold_down_us) ||
	    nla_put_u32(msg, SNIC_A_AR_FLOWLET, c.flowlet_us) ||
	    nla_put_u32(msg, SNIC_A_AR_ALGORITHM, c.algorithm) ||
	    nla_put_u32(msg, SNIC_A_AR_LOST_ROUTE_ONLY, c.lost_route_only) ||
	    nla_put_u32(msg, SNIC_A_AR_SLID_MIN, c.slid_min) ||
	    nla_put_u32(msg, SNIC_A_AR_SLID_MAX, c.slid_max) ||
	    nla_put_u32(msg, SNIC_A_AR_REFRESH, c.refresh_us) ||
	    nla_put_u32(msg, SNIC_A_AR_REPEAT, c.repeat) ||
	    nla_put_u32(msg, SNIC_A_AR_RECOVERY_HOLD, c.recovery_us) ||
	    nla_put_u32(msg, SNIC_A_AR_MIN_GAP, c.min_gap_us) ||
	    nla_put_u32(msg, SNIC_A_AR_DETECT, c.detect) ||
	    nla_put_u32(msg, SNIC_A_AR_UTIL_SET_LEVEL, c.uthr.set) ||
	    nla_put_u32(msg, SNIC_A_AR_UTIL_CLEAR_LEVEL, c.uthr.clear) ||
	    nla_put_u32(msg, SNIC_A_AR_UTIL_SET_SAMPLES, c.uthr.set_samples) ||
	    nla_put_u32(msg, SNIC_A_AR_UTIL_CLEAR_SAMPLES,
			c.uthr.clear_samples) ||
	    nla_put(msg, SNIC_A_AR_DETOUR_SC2SC, SNIC_NUM_SC, c.detour_sc2sc) ||
	    nla_put_u32(msg, SNIC_A_AR_INTM, c.intm))
		return -EMSGSIZE;
	nla_nest_end(msg, nest);
	return 0;
}

/* One candidate nest of a bpt-set request, into @c. */
static int snic_nl_cand_parse(const struct nlattr *nest,
			      struct snic_bpt_cand *c,
			      struct netlink_ext_ack *extack)
{
	struct nlattr *tb[SNIC_A_BPT_CAND_MAX + 1];
	const struct nlattr *a;
	int rem, n = 0, err;

	err = nla_parse_nested(tb, SNIC_A_BPT_CAND_MAX, nest,
			       snic_bpt_cand_nl_policy, extack);
	if (err)
		return err;
	if (NL_REQ_ATTR_CHECK(extack, nest, tb, SNIC_A_BPT_CAND_PORT) ||
	    NL_REQ_ATTR_CHECK(extack, nest, tb, SNIC_A_BPT_CAND_COST)) {
		NL_SET_ERR_MSG_ATTR(extack, nest,
				    "a candidate needs its port and cost");
		return -EINVAL;
	}
	memset(c, 0, sizeof(*c));
	c->port = nla_get_u32(tb[SNIC_A_BPT_CAND_PORT]);
	c->cost = nla_get_u32(tb[SNIC_A_BPT_CAND_COST]);
	c->global = tb[SNIC_A_BPT_CAND_GLOBAL] &&
		    nla_get_u32(tb[SNIC_A_BPT_CAND_GLOBAL]);
	c->detour = tb[SNIC_A_BPT_CAND_DETOUR] &&
		    nla_get_u32(tb[SNIC_A_BPT_CAND_DETOUR]);
	if (c->global && c->detour) {
		NL_SET_ERR_MSG_ATTR(extack, tb[SNIC_A_BPT_CAND_DETOUR],
				    "a detour's first link is a local one");
		return -EINVAL;
	}
	nla_for_each_nested(a, nest, rem) {
		if (nla_type(a) != SNIC_A_BPT_CAND_LINK)
			continue;
		if (n == SNIC_BPT_LINKS) {
			NL_SET_ERR_MSG_ATTR(extack, a,
					    "a candidate uses 2 links at most");
			return -E2BIG;
		}
		c->link[n++] = nla_get_u32(a);
	}
	return 0;
}

int snic_nl_bpt_set_doit(struct sk_buff *skb, struct genl_info *info)
{
	struct snic_bpt_cand c[SNIC_BPT_CANDS];
	struct nlattr *tb[SNIC_A_BPT_MAX + 1];
	struct net_device *dev;
	const struct nlattr *a;
	int err, rem, n = 0;
	u32 dlid, last;

	dev = snic_nl_want(snic_nl_info_dev(info), SNIC_KIND_SWITCH,
			   info->attrs, info->extack);
	if (IS_ERR(dev))
		return PTR_ERR(dev);
	err = snic_nl_nest(info, SNIC_A_BPT, tb, SNIC_A_BPT_MAX,
			   snic_bpt_nl_policy);
	if (err)
		return err;
	if (NL_REQ_ATTR_CHECK(info->extack, info->attrs[SNIC_A_BPT], tb,
			      SNIC_A_BPT_DLID)) {
		NL_SET_ERR_MSG_MOD(info->extack, "bpt set needs a dlid");
		return -EINVAL;
	}
	if (tb[SNIC_A_BPT_CUR] || tb[SNIC_A_BPT_FLOWS]) {
		NL_SET_ERR_MSG_ATTR(info->extack, tb[SNIC_A_BPT_CUR] ?:
				    tb[SNIC_A_BPT_FLOWS],
				    "cur and flows are the switch's to say (replies only)");
		return -EINVAL;
	}
	nla_for_each_nested(a, info->attrs[SNIC_A_BPT], rem) {
		if (nla_type(a) != SNIC_A_BPT_CAND)
			continue;
		if (n == SNIC_BPT_CANDS) {
			NL_SET_ERR_MSG_ATTR(info->extack, a,
					    "a BPT entry has 8 candidates at most");
			return -E2BIG;
		}
		err = snic_nl_cand_parse(a, &c[n], info->extack);
		if (err)
			return err;
		/* A candidate through no port would drop what takes it. */
		if (!snic_sw_port(netdev_priv(dev), c[n].port)) {
			NL_SET_ERR_MSG_ATTR(info->extack, a,
					    "the candidate's port is not a port of this switch");
			return -ENODEV;
		}
		n++;
	}
	dlid = nla_get_u32(tb[SNIC_A_BPT_DLID]);
	last = tb[SNIC_A_BPT_DLID_LAST] ?
	       nla_get_u32(tb[SNIC_A_BPT_DLID_LAST]) : dlid;
	if (last < dlid || last - dlid >= SNIC_AR_BPT_RANGE) {
		NL_SET_ERR_MSG_ATTR(info->extack, tb[SNIC_A_BPT_DLID_LAST],
				    "dlid-last must be dlid..dlid + 4095");
		return -ERANGE;
	}
	err = snic_ar_bpt_set(netdev_priv(dev), dlid, last, c, n);
	if (err == -ENOENT)
		NL_SET_ERR_MSG_ATTR(info->extack, tb[SNIC_A_BPT_DLID],
				    "no BPT entry for this DLID");
	return err;
}

/*
 * The candidate most used flow buckets of @e are on (0: none used), and
 * each bucket's into @flows (255: unused).
 */
static u8 snic_nl_bpt_cur(const struct snic_bpt_ent *e, u8 *flows)
{
	u8 votes[SNIC_BPT_CANDS] = {}, cur = 0;
	int i;

	for (i = 0; i < SNIC_BPT_FLOWS; i++) {
		const struct snic_bpt_flow *f = &e->f[i];

		flows[i] = f->last && f->cur < SNIC_BPT_CANDS ? f->cur : 255;
		if (flows[i] != 255 && ++votes[f->cur] > votes[cur])
			cur = f->cur;
	}
	return cur;
}

static int snic_nl_bpt_put(struct sk_buff *skb, u32 dlid, u32 last,
			   const struct snic_bpt_ent *e)
{
	u8 flows[SNIC_BPT_FLOWS], cur = snic_nl_bpt_cur(e, flows);
	struct nlattr *nest, *cand;
	int j, k;

	nest = nla_nest_start(skb, SNIC_A_BPT);
	if (!nest || nla_put_u32(skb, SNIC_A_BPT_DLID, dlid) ||
	    nla_put_u32(skb, SNIC_A_BPT_DLID_LAST, last) ||
	    nla_put(skb, SNIC_A_BPT_FLOWS, sizeof(flows), flows))
		return -EMSGSIZE;
	for (j = 0; j < e->n; j++) {
		const struct snic_bpt_cand *c = &e->c[j];

		cand = nla_nest_start(skb, SNIC_A_BPT_CAND);
		if (!cand ||
		    nla_put_u32(skb, SNIC_A_BPT_CAND_PORT, c->port) ||
		    nla_put_u32(skb, SNIC_A_BPT_CAND_GLOBAL, c->global) ||
		    nla_put_u32(skb, SNIC_A_BPT_CAND_DETOUR, c->detour) ||
		    nla_put_u32(skb, SNIC_A_BPT_CAND_COST, c->cost) ||
		    nla_put_u32(skb, SNIC_A_BPT_CAND_PENALTY, c->penalty))
			return -EMSGSIZE;
		for (k = 0; k < SNIC_BPT_LINKS; k++)
			if (c->link[k] &&
			    nla_put_u32(skb, SNIC_A_BPT_CAND_LINK, c->link[k]))
				return -EMSGSIZE;
		nla_nest_end(skb, cand);
	}
	if (nla_put_u32(skb, SNIC_A_BPT_CUR, cur))
		return -EMSGSIZE;
	nla_nest_end(skb, nest);
	return 0;
}

#define SNIC_NL_AR_BATCH	8

/* bpt-get. args[0]: the next DLID. */
static int snic_nl_bpt_fill(struct sk_buff *skb, struct netlink_callback *cb,
			    struct net_device *dev)
{
	struct snic_switch *sw = netdev_priv(dev);
	u32 dlid[SNIC_NL_AR_BATCH], last[SNIC_NL_AR_BATCH];
	struct snic_bpt_ent *e;
	unsigned long pos;
	int err = 0, i, n;
	void *hdr;

	e = kcalloc(SNIC_NL_AR_BATCH, sizeof(*e), GFP_KERNEL);
	if (!e)
		return -ENOMEM;
	pos = cb->args[0];
	while (!err && (n = snic_ar_bpt_dump(&sw->ar, &pos, dlid, last, e,
					     SNIC_NL_AR_BATCH))) {
		for (i = 0; i < n; i++) {
			hdr = snic_nl_dump_put(skb, cb, dev);
			if (!hdr ||
			    snic_nl_bpt_put(skb, dlid[i], last[i], &e[i])) {
				if (hdr)
					genlmsg_cancel(skb, hdr);
				err = -EMSGSIZE;
				break;
			}
			genlmsg_end(skb, hdr);
			cb->args[0] = last[i] + 1;
		}
	}
	kfree(e);
	return err;
}

int snic_nl_bpt_get_dumpit(struct sk_buff *skb, struct netlink_callback *cb)
{
	return snic_nl_dump(skb, cb, SNIC_KIND_SWITCH, snic_nl_bpt_fill);
}

static int snic_nl_ar_put_link(struct sk_buff *skb,
			       const struct snic_arn_link *l, u64 left)
{
	struct nlattr *nest = nla_nest_start(skb, SNIC_A_AR_LINK);

	if (!nest ||
	    nla_put_u32(skb, SNIC_A_AR_LINK_GLOBAL,
			!!(l->key & SNIC_AR_LINK_GLOBAL)) ||
	    nla_put_u32(skb, SNIC_A_AR_LINK_SWITCH, SNIC_AR_LINK_SW(l->key)) ||
	    nla_put_u32(skb, SNIC_A_AR_LINK_PEER, SNIC_AR_LINK_PEER(l->key)) ||
	    nla_put_u32(skb, SNIC_A_AR_LINK_INDEX, SNIC_AR_LINK_IDX(l->key)) ||
	    nla_put_u32(skb, SNIC_A_AR_LINK_STATE, l->state) ||
	    nla_put_u32(skb, SNIC_A_AR_LINK_METRIC, l->metric) ||
	    nla_put_u64_64bit(skb, SNIC_A_AR_LINK_EXPIRES,
			      div_u64(left, NSEC_PER_USEC), SNIC_A_AR_LINK_PAD))
		return -EMSGSIZE;
	nla_nest_end(skb, nest);
	return 0;
}

/* ar-link-get. args[0]: the next slot of the link table. */
static int snic_nl_ar_link_fill(struct sk_buff *skb,
				struct netlink_callback *cb,
				struct net_device *dev)
{
	struct snic_switch *sw = netdev_priv(dev);
	struct snic_arn_link l[SNIC_NL_AR_BATCH];
	u32 slot[SNIC_NL_AR_BATCH];
	u64 left[SNIC_NL_AR_BATCH];
	int i, n;
	void *hdr;

	while ((n = snic_ar_dump_links(&sw->ar, cb->args[0], l, slot, left,
				       SNIC_NL_AR_BATCH))) {
		for (i = 0; i < n; i++) {
			hdr = snic_nl_dump_put(skb, cb, dev);
			if (!hdr)
				return -EMSGSIZE;
			if (snic_nl_ar_put_link(skb, &l[i], left[i])) {
				genlmsg_cancel(skb, hdr);
				return -EMSGSIZE;
			}
			genlmsg_end(skb, hdr);
			cb->args[0] = slot[i] + 1;
		}
	}
	return 0;
}

int snic_nl_ar_link_get_dumpit(struct sk_buff *skb,
			       struct netlink_callback *cb)
{
	return snic_nl_dump(skb, cb, SNIC_KIND_SWITCH, snic_nl_ar_link_fill);
}
