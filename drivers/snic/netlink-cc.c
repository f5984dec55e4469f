// SPDX-License-Identifier: GPL-2.0
/*
 * Congestion control in the snic family: a NIC's cc nest of dev-get and
 * dev-set, a switch's sw-cc nest, and the cc-dlid-get and cc-log-get
 * dumps.
 */
#include <net/genetlink.h>

#include "snic.h"
#include "netlink.h"
#include "netlink-gen.h"

/* One SL's settings, a sl-setting nest of a reply. */
static int snic_nl_cc_put_sl(struct sk_buff *msg, u32 sl,
			     const struct snic_cc_params *p)
{
	struct nlattr *nest = nla_nest_start(msg, SNIC_A_CC_SL_SETTING);

	if (!nest ||
	    nla_put_u32(msg, SNIC_A_CC_SL_SL, sl) ||
	    nla_put_u32(msg, SNIC_A_CC_SL_INCREASE, p->ccti_increase) ||
	    nla_put_u32(msg, SNIC_A_CC_SL_TIMER, p->ccti_timer) ||
	    nla_put_u32(msg, SNIC_A_CC_SL_TRIGGER, p->trigger_threshold) ||
	    nla_put_u32(msg, SNIC_A_CC_SL_MIN, p->ccti_min))
		return -EMSGSIZE;
	nla_nest_end(msg, nest);
	return 0;
}

int snic_nl_cc_put(struct sk_buff *msg, struct snic_cc *cc)
{
	struct snic_cc_config *c;
	struct nlattr *nest;
	struct snic_hist h;
	unsigned int q;
	int err = -EMSGSIZE;
	u64 late;

	c = kmalloc(sizeof(*c), GFP_KERNEL);
	if (!c)
		return -ENOMEM;
	snic_cc_read(cc, c, &late, &h);
	nest = nla_nest_start(msg, SNIC_A_CC);
	if (!nest ||
	    nla_put_u32(msg, SNIC_A_CC_PACING, c->pacing) ||
	    nla_put_u32(msg, SNIC_A_CC_INCREASE, c->p[0].ccti_increase) ||
	    nla_put_u32(msg, SNIC_A_CC_TIMER, c->p[0].ccti_timer) ||
	    nla_put_u32(msg, SNIC_A_CC_TRIGGER, c->p[0].trigger_threshold) ||
	    nla_put_u32(msg, SNIC_A_CC_MIN, c->p[0].ccti_min) ||
	    nla_put_u32(msg, SNIC_A_CC_LIMIT, c->p[0].ccti_limit) ||
	    nla_put_u32(msg, SNIC_A_CC_MAX_TRACKED, c->max_tracked) ||
	    nla_put_u32(msg, SNIC_A_CC_WINDOW, c->window_ns) ||
	    nla_put_u32(msg, SNIC_A_CC_TRACKED, c->tracked) ||
	    nla_put_u64_64bit(msg, SNIC_A_CC_LATE_NS, late, SNIC_A_CC_PAD) ||
	    nla_put_u64_64bit(msg, SNIC_A_CC_LATE_N, h.n, SNIC_A_CC_PAD) ||
	    nla_put_u64_64bit(msg, SNIC_A_CC_LATE_P50,
			      snic_hist_quantile(&h, 500), SNIC_A_CC_PAD) ||
	    nla_put_u64_64bit(msg, SNIC_A_CC_LATE_P99,
			      snic_hist_quantile(&h, 990), SNIC_A_CC_PAD) ||
	    nla_put_u64_64bit(msg, SNIC_A_CC_LATE_MAX, h.max, SNIC_A_CC_PAD) ||
	    nla_put_u32(msg, SNIC_A_CC_MAX_DELAY, c->max_delay) ||
	    nla_put_u32(msg, SNIC_A_CC_CCT_LEN, c->cct_len) ||
	    nla_put_u32(msg, SNIC_A_CC_PARKED, c->parked))
		goto out;
	for (q = 0; q < cc->nheld; q++)
		if (nla_put_u64_64bit(msg, SNIC_A_CC_TXQ_STALLS,
				      snic_cc_stalls(cc, q), SNIC_A_CC_PAD))
			goto out;
	for (q = 0; q < SNIC_NUM_SL; q++)
		if (snic_nl_cc_put_sl(msg, q, &c->p[q]))
			goto out;
	for (q = 0; q < cc->nic->dev->real_num_tx_queues; q++)
		if (netif_tx_queue_stopped(netdev_get_tx_queue(cc->nic->dev,
							       q)) &&
		    nla_put_u32(msg, SNIC_A_CC_TXQ_STOPPED, q))
			goto out;
	nla_nest_end(msg, nest);
	err = 0;
out:
	kfree(c);
	return err;
}

/* The CCT of a cc nest, its cct-entry attributes in order, into @cct. */
static int snic_nl_cct_parse(const struct nlattr *nest,
			     struct snic_cct_entry *cct,
			     struct netlink_ext_ack *extack)
{
	struct nlattr *tb[SNIC_A_CCT_ENTRY_MAX + 1];
	const struct nlattr *a;
	int n = 0, rem, err;

	nla_for_each_nested(a, nest, rem) {
		if (nla_type(a) != SNIC_A_CC_CCT_ENTRY)
			continue;
		if (n == SNIC_CCT_MAX_ENTRIES) {
			NL_SET_ERR_MSG_ATTR(extack, a,
					    "the CCT has 1984 entries at most");
			return -E2BIG;
		}
		err = nla_parse_nested(tb, SNIC_A_CCT_ENTRY_MAX, a,
				       snic_cct_entry_nl_policy, extack);
		if (err)
			return err;
		if (NL_REQ_ATTR_CHECK(extack, a, tb, SNIC_A_CCT_ENTRY_SHIFT) ||
		    NL_REQ_ATTR_CHECK(extack, a, tb,
				      SNIC_A_CCT_ENTRY_MULTIPLIER)) {
			NL_SET_ERR_MSG_ATTR(extack, a,
					    "a CCT entry needs shift and multiplier");
			return -EINVAL;
		}
		cct[n].shift = nla_get_u32(tb[SNIC_A_CCT_ENTRY_SHIFT]);
		cct[n].mult = nla_get_u32(tb[SNIC_A_CCT_ENTRY_MULTIPLIER]);
		n++;
	}
	return n;
}

/*
 * The sl-setting nests of a cc nest over @p, in order (a later one for an
 * SL wins).
 */
static int snic_nl_cc_sl_parse(const struct nlattr *nest,
			       struct snic_cc_params *p,
			       struct netlink_ext_ack *extack)
{
	struct nlattr *tb[SNIC_A_CC_SL_MAX + 1];
	const struct nlattr *a;
	int rem, err;
	u32 sl;

	nla_for_each_nested(a, nest, rem) {
		if (nla_type(a) != SNIC_A_CC_SL_SETTING)
			continue;
		err = nla_parse_nested(tb, SNIC_A_CC_SL_MAX, a,
				       snic_cc_sl_nl_policy, extack);
		if (err)
			return err;
		if (NL_REQ_ATTR_CHECK(extack, a, tb, SNIC_A_CC_SL_SL)) {
			NL_SET_ERR_MSG_ATTR(extack, a,
					    "an sl-setting names its SL");
			return -EINVAL;
		}
		sl = nla_get_u32(tb[SNIC_A_CC_SL_SL]);
		if (tb[SNIC_A_CC_SL_INCREASE])
			p[sl].ccti_increase =
				nla_get_u32(tb[SNIC_A_CC_SL_INCREASE]);
		if (tb[SNIC_A_CC_SL_TIMER])
			p[sl].ccti_timer = nla_get_u32(tb[SNIC_A_CC_SL_TIMER]);
		if (tb[SNIC_A_CC_SL_TRIGGER])
			p[sl].trigger_threshold =
				nla_get_u32(tb[SNIC_A_CC_SL_TRIGGER]);
		if (tb[SNIC_A_CC_SL_MIN])
			p[sl].ccti_min = nla_get_u32(tb[SNIC_A_CC_SL_MIN]);
	}
	return 0;
}

/*
 * The NIC's CCA settings as the request's cc nest would leave them, in
 * @c (@cct holds a new table). Refused with an extack message if they do
 * not fit together. Caller holds RTNL.
 */
int snic_nl_cc_parse(struct snic_cc *cc, const struct nlattr *nest,
		     struct snic_cc_config *c, struct snic_cct_entry *cct,
		     struct netlink_ext_ack *extack)
{
	struct nlattr *a[SNIC_A_CC_MAX + 1];
	int n, err;
	u32 sl;
	u64 late;

	err = nla_parse_nested(a, SNIC_A_CC_MAX, nest, snic_cc_nl_policy,
			       extack);
	if (err)
		return err;
	snic_cc_read(cc, c, &late, NULL);
	c->cct = cct;
	c->max_tracked = 0;
	c->has_params = a[SNIC_A_CC_INCREASE] || a[SNIC_A_CC_TIMER] ||
			a[SNIC_A_CC_TRIGGER] || a[SNIC_A_CC_MIN] ||
			a[SNIC_A_CC_LIMIT] || a[SNIC_A_CC_CCT_ENTRY] ||
			a[SNIC_A_CC_MAX_DELAY] || a[SNIC_A_CC_SL_SETTING];
	for (sl = 0; sl < SNIC_NUM_SL; sl++) {
		struct snic_cc_params *p = &c->p[sl];

		if (a[SNIC_A_CC_INCREASE])
			p->ccti_increase = nla_get_u32(a[SNIC_A_CC_INCREASE]);
		if (a[SNIC_A_CC_TIMER])
			p->ccti_timer = nla_get_u32(a[SNIC_A_CC_TIMER]);
		if (a[SNIC_A_CC_TRIGGER])
			p->trigger_threshold = nla_get_u32(a[SNIC_A_CC_TRIGGER]);
		if (a[SNIC_A_CC_MIN])
			p->ccti_min = nla_get_u32(a[SNIC_A_CC_MIN]);
		if (a[SNIC_A_CC_LIMIT])
			p->ccti_limit = nla_get_u32(a[SNIC_A_CC_LIMIT]);
	}
	if (a[SNIC_A_CC_SL_SETTING]) {
		err = snic_nl_cc_sl_parse(nest, c->p, extack);
		if (err)
			return err;
	}
	if (a[SNIC_A_CC_CCT_ENTRY] && a[SNIC_A_CC_MAX_DELAY]) {
		NL_SET_ERR_MSG_ATTR(extack, a[SNIC_A_CC_MAX_DELAY],
				    "a CCT is written (cct-entry) or generated (max-delay), not both");
		return -EINVAL;
	}
	n = c->cct_len;
	c->cct_len = 0;
	if (a[SNIC_A_CC_CCT_ENTRY]) {
		n = snic_nl_cct_parse(nest, cct, extack);
		if (n < 0)
			return n;
		c->cct_len = n;
		c->max_delay = 0;
	} else if (a[SNIC_A_CC_MAX_DELAY] ||
		   (c->max_delay && c->p[0].ccti_limit >= n)) {
		/* A generated table follows its settings. */
		if (a[SNIC_A_CC_MAX_DELAY])
			c->max_delay = nla_get_u32(a[SNIC_A_CC_MAX_DELAY]);
		n = snic_cc_cct_generate(cct, c->p[0].ccti_limit,
					 c->max_delay);
		if (!n) {
			NL_SET_ERR_MSG_MOD(extack,
					   "no CCT of 14-bit multipliers ramps to that max-delay");
			return -ERANGE;
		}
		c->cct_len = n;
	}
	for (sl = 0; sl < SNIC_NUM_SL; sl++) {
		switch (snic_cc_params_check(&c->p[sl], n)) {
		case SNIC_CC_OK:
			continue;
		case SNIC_CC_ELIMIT:
			NL_SET_ERR_MSG_MOD(extack,
					   "ccti_limit must be below the CCT's length");
			return -EINVAL;
		case SNIC_CC_EMIN:
			NL_SET_ERR_MSG_MOD(extack,
					   "ccti_min must not be above ccti_limit");
			return -EINVAL;
		default:
			NL_SET_ERR_MSG_MOD(extack,
					   "trigger_threshold must not be above ccti_limit");
			return -EINVAL;
		}
	}
	if (a[SNIC_A_CC_MAX_TRACKED])
		c->max_tracked = nla_get_u32(a[SNIC_A_CC_MAX_TRACKED]);
	c->has_window = a[SNIC_A_CC_WINDOW];
	if (c->has_window)
		c->window_ns = nla_get_u32(a[SNIC_A_CC_WINDOW]);
	c->has_pacing = a[SNIC_A_CC_PACING];
	if (c->has_pacing)
		c->pacing = nla_get_u32(a[SNIC_A_CC_PACING]);
	return 0;
}

#define SNIC_NL_CC_BATCH	16

static int snic_nl_cc_put_dlid(struct sk_buff *skb, struct snic_nic *nic,
			       const struct snic_dlid_ent *e)
{
	struct nlattr *nest = nla_nest_start(skb, SNIC_A_CC_DLID);

	if (!nest ||
	    nla_put_u32(skb, SNIC_A_CC_DLID_DLID, e->dlid) ||
	    nla_put_u32(skb, SNIC_A_CC_DLID_SL, e->sl) ||
	    nla_put_u32(skb, SNIC_A_CC_DLID_CCTI, e->ccti) ||
	    nla_put_u64_64bit(skb, SNIC_A_CC_DLID_IPD,
			      snic_cc_ipd(&nic->cc, e, nic->dev->mtu),
			      SNIC_A_CC_DLID_PAD) ||
	    nla_put_u64_64bit(skb, SNIC_A_CC_DLID_BECN, e->becn,
			      SNIC_A_CC_DLID_PAD) ||
	    nla_put_u64_64bit(skb, SNIC_A_CC_DLID_PACED, e->paced,
			      SNIC_A_CC_DLID_PAD) ||
	    nla_put_u64_64bit(skb, SNIC_A_CC_DLID_EARLY, e->early,
			      SNIC_A_CC_DLID_PAD) ||
	    (e->becn_first &&
	     (nla_put_u64_64bit(skb, SNIC_A_CC_DLID_BECN_FIRST_AGE,
				e->becn_first, SNIC_A_CC_DLID_PAD) ||
	      nla_put_u64_64bit(skb, SNIC_A_CC_DLID_BECN_LAST_AGE,
				e->becn_last, SNIC_A_CC_DLID_PAD))))
		return -EMSGSIZE;
	nla_nest_end(skb, nest);
	return 0;
}

/* A log entry: a NIC's (@sw false) or a switch's. */
static int snic_nl_cc_put_log(struct sk_buff *skb,
			      const struct snic_cc_log_ent *le, bool sw)
{
	struct nlattr *nest = nla_nest_start(skb, SNIC_A_CC_LOG);

	if (!nest ||
	    nla_put_u64_64bit(skb, SNIC_A_CC_LOG_TIME, le->time,
			      SNIC_A_CC_LOG_PAD) ||
	    nla_put_u32(skb, SNIC_A_CC_LOG_DLID, le->dlid))
		return -EMSGSIZE;
	if (sw && (nla_put_u32(skb, SNIC_A_CC_LOG_SLID, le->slid) ||
		   nla_put_u32(skb, SNIC_A_CC_LOG_SC, le->sc) ||
		   nla_put_u32(skb, SNIC_A_CC_LOG_PORT, le->port)))
		return -EMSGSIZE;
	if (!sw && (nla_put_u32(skb, SNIC_A_CC_LOG_SL, le->sl) ||
		    nla_put_u32(skb, SNIC_A_CC_LOG_CCTI, le->ccti)))
		return -EMSGSIZE;
	nla_nest_end(skb, nest);
	return 0;
}

/* A switch's sw-cc nest. RTNL (the default). */
int snic_nl_sw_cc_put(struct sk_buff *msg, struct snic_sw_cc *cc)
{
	const struct sch_snic_cc *d = &cc->def;
	struct nlattr *nest;
	bool marking;
	u64 n;

	n = snic_sw_cc_read(cc, &marking);
	nest = nla_nest_start(msg, SNIC_A_SW_CC);
	if (!nest || nla_put_u32(msg, SNIC_A_SW_CC_MARKING, marking) ||
	    nla_put_u64_64bit(msg, SNIC_A_SW_CC_LOG_ENTRIES, n,
			      SNIC_A_SW_CC_PAD))
		return -EMSGSIZE;
	if (cc->has_def &&
	    (nla_put(msg, SNIC_A_SW_CC_PORT_THRESHOLD, sizeof(d->thr), d->thr) ||
	     nla_put_u32(msg, SNIC_A_SW_CC_PORT_BUF, d->buf) ||
	     nla_put(msg, SNIC_A_SW_CC_PORT_PKT_SIZE, sizeof(d->pkt), d->pkt) ||
	     nla_put(msg, SNIC_A_SW_CC_PORT_MARK_RATE, sizeof(d->rate),
		     d->rate) ||
	     nla_put_u32(msg, SNIC_A_SW_CC_PORT_VICTIM, d->victim)))
		return -EMSGSIZE;
	nla_nest_end(msg, nest);
	return 0;
}

/*
 * The switch's default port marking as a request's sw-cc nest @tb would
 * leave it, in @def (*@has_def: the request sets one). Refused with an
 * extack if a threshold is out of range. RTNL.
 */
int snic_nl_sw_cc_parse(struct snic_switch *sw, struct nlattr **tb,
			struct sch_snic_cc *def, bool *has_def,
			struct netlink_ext_ack *extack)
{
	const u8 *thr;
	int i;

	*has_def = tb[SNIC_A_SW_CC_PORT_THRESHOLD] ||
		   tb[SNIC_A_SW_CC_PORT_BUF] ||
		   tb[SNIC_A_SW_CC_PORT_PKT_SIZE] ||
		   tb[SNIC_A_SW_CC_PORT_MARK_RATE] ||
		   tb[SNIC_A_SW_CC_PORT_VICTIM];
	if (!*has_def)
		return 0;
	/* A first default of no thresholds would turn every port's
	 * marking off behind the request's back.
	 */
	if (!sw->cc.has_def && !tb[SNIC_A_SW_CC_PORT_THRESHOLD]) {
		NL_SET_ERR_MSG_MOD(extack,
				   "a switch's first default port marking names its thresholds (port-threshold)");
		return -EINVAL;
	}
	if (sw->cc.has_def) {
		*def = sw->cc.def;
	} else {
		/* sch_snic's own defaults */
		memset(def, 0, sizeof(*def));
		def->buf = 65536;
	}
	if (tb[SNIC_A_SW_CC_PORT_THRESHOLD]) {
		thr = nla_data(tb[SNIC_A_SW_CC_PORT_THRESHOLD]);
		for (i = 0; i < SNIC_NUM_VLS; i++) {
			if (thr[i] > 15) {
				NL_SET_ERR_MSG_ATTR(extack,
						    tb[SNIC_A_SW_CC_PORT_THRESHOLD],
						    "congestion thresholds must be 0..15");
				return -EINVAL;
			}
		}
		memcpy(def->thr, thr, sizeof(def->thr));
	}
	if (tb[SNIC_A_SW_CC_PORT_BUF])
		def->buf = nla_get_u32(tb[SNIC_A_SW_CC_PORT_BUF]);
	if (tb[SNIC_A_SW_CC_PORT_PKT_SIZE])
		memcpy(def->pkt, nla_data(tb[SNIC_A_SW_CC_PORT_PKT_SIZE]),
		       sizeof(def->pkt));
	if (tb[SNIC_A_SW_CC_PORT_MARK_RATE])
		memcpy(def->rate, nla_data(tb[SNIC_A_SW_CC_PORT_MARK_RATE]),
		       sizeof(def->rate));
	if (tb[SNIC_A_SW_CC_PORT_VICTIM])
		def->victim = nla_get_u32(tb[SNIC_A_SW_CC_PORT_VICTIM]);
	return 0;
}

/* cc-dlid-get. args[0]: the next slot of the DLID table. */
static int snic_nl_cc_dlid_fill(struct sk_buff *skb,
				struct netlink_callback *cb,
				struct net_device *dev)
{
	struct snic_nic *nic = netdev_priv(dev);
	u32 slot[SNIC_NL_CC_BATCH];
	struct snic_dlid_ent *ent;
	int err = 0, i, n;
	void *hdr;

	/* Resumed by slot: a DLID that came or went moves them. */
	cb->seq = snic_cc_generation(&nic->cc, false);
	ent = kcalloc(SNIC_NL_CC_BATCH, sizeof(*ent), GFP_KERNEL);
	if (!ent)
		return -ENOMEM;
	while (!err && (n = snic_cc_dump_dlids(&nic->cc, cb->args[0], ent,
					       slot, SNIC_NL_CC_BATCH))) {
		for (i = 0; i < n; i++) {
			hdr = snic_nl_dump_put(skb, cb, dev);
			if (!hdr || snic_nl_cc_put_dlid(skb, nic, &ent[i])) {
				if (hdr)
					genlmsg_cancel(skb, hdr);
				err = -EMSGSIZE;
				break;
			}
			genlmsg_end(skb, hdr);
			cb->args[0] = slot[i] + 1;
		}
	}
	kfree(ent);
	return err;
}

/* The @i-th newest entry of @dev's log (a NIC's or a switch's). */
static bool snic_nl_log_read(struct net_device *dev, u32 i,
			     struct snic_cc_log_ent *le)
{
	if (snic_is_nic(dev))
		return snic_cc_log_read(&((struct snic_nic *)netdev_priv(dev))->cc,
					i, le);
	return snic_sw_cc_log_read(&((struct snic_switch *)netdev_priv(dev))->cc,
				   i, le);
}

/* cc-log-get. args[0]: the next log entry, newest first. */
static int snic_nl_cc_log_fill(struct sk_buff *skb,
			       struct netlink_callback *cb,
			       struct net_device *dev)
{
	bool sw = !snic_is_nic(dev), marking;
	struct snic_cc_log_ent le;
	void *hdr;

	/* Resumed by age: a log entry written moves them. */
	if (sw)
		cb->seq = (u32)snic_sw_cc_read(&((struct snic_switch *)
						 netdev_priv(dev))->cc,
					       &marking) + 1;
	else
		cb->seq = snic_cc_generation(&((struct snic_nic *)
						netdev_priv(dev))->cc, true);
	for (; snic_nl_log_read(dev, cb->args[0], &le); cb->args[0]++) {
		hdr = snic_nl_dump_put(skb, cb, dev);
		if (!hdr)
			return -EMSGSIZE;
		if (snic_nl_cc_put_log(skb, &le, sw)) {
			genlmsg_cancel(skb, hdr);
			return -EMSGSIZE;
		}
		genlmsg_end(skb, hdr);
	}
	return 0;
}

int snic_nl_cc_dlid_get_dumpit(struct sk_buff *skb,
			       struct netlink_callback *cb)
{
	return snic_nl_dump(skb, cb, SNIC_KIND_NIC, snic_nl_cc_dlid_fill);
}

int snic_nl_cc_log_get_dumpit(struct sk_buff *skb, struct netlink_callback *cb)
{
	/* Either kind: snic_nl_dev() takes only snic and snicsw devices. */
	return snic_nl_dump(skb, cb, 0, snic_nl_cc_log_fill);
}
