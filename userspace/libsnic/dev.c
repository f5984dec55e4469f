// SPDX-License-Identifier: GPL-2.0
/*
 * libsnic: dev-get and dev-set (a device's dev nest, a NIC's credit and
 * cc nests, a switch's ar nest, the counters), and a NIC's cc-dlid-get
 * and cc-log-get dumps. The error messages name the snicctl command that
 * makes the request.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <netlink/genl/genl.h>

#include "internal.h"

/* Nests are flagged NLA_F_NESTED: the family's strict policies want it. */
struct nlattr *snic_nest_start(struct nl_msg *msg, int type)
{
	return nla_nest_start(msg, type | NLA_F_NESTED);
}

void snic_get_str(const struct nlattr *a, char *buf, size_t size)
{
	size_t n = a ? nla_len(a) : 0;

	if (n >= size)
		n = size - 1;
	if (n)
		memcpy(buf, nla_data(a), n);
	buf[n] = 0;
}

int snic_credit_put(struct nl_msg *msg, int type,
		    const struct snic_credit_cfg *c)
{
	struct nlattr *nest = snic_nest_start(msg, type);

	if (!nest || snic_fields_put(msg, SNIC_A_CREDIT, c) ||
	    (c->has_buf && nla_put(msg, SNIC_A_CREDIT_VL_BUF, sizeof(c->buf),
				   c->buf)))
		return -EMSGSIZE;
	nla_nest_end(msg, nest);
	return 0;
}

void snic_credit_get(struct nlattr *nest, struct snic_credit_info *ci)
{
	struct nlattr *tb[SNIC_A_CREDIT_MAX + 1];

	if (!nest || nla_parse_nested(tb, SNIC_A_CREDIT_MAX, nest, NULL))
		return;
	ci->valid = true;
	snic_fields_get(tb, SNIC_A_CREDIT, ci);
	if (tb[SNIC_A_CREDIT_VL_BUF] &&
	    nla_len(tb[SNIC_A_CREDIT_VL_BUF]) == sizeof(ci->buf))
		memcpy(ci->buf, nla_data(tb[SNIC_A_CREDIT_VL_BUF]),
		       sizeof(ci->buf));
	if (tb[SNIC_A_CREDIT_VL_USED] &&
	    nla_len(tb[SNIC_A_CREDIT_VL_USED]) == sizeof(ci->used))
		memcpy(ci->used, nla_data(tb[SNIC_A_CREDIT_VL_USED]),
		       sizeof(ci->used));
}

/* The stats nest: u64 counters numbered SNIC_STAT_* (and pads). */
void snic_stats_get(struct nlattr *nest, bool *has, uint64_t *stats)
{
	struct nlattr *a;
	int rem;

	if (!nest)
		return;
	nla_for_each_nested(a, nest, rem) {
		int t = nla_type(a);

		if (t <= SNIC_STAT_PAD || t > SNIC_STAT_MAX ||
		    nla_len(a) != sizeof(uint64_t))
			continue;
		stats[t] = nla_get_u64(a);
	}
	*has = true;
}

static int put_dev(struct nl_msg *msg, const struct snic_dev_cfg *c)
{
	struct nlattr *nest = snic_nest_start(msg, SNIC_A_DEV);

	if (!nest || snic_fields_put(msg, SNIC_A_DEV, c) ||
	    (c->has_sl2sc && nla_put(msg, SNIC_A_DEV_SL2SC, sizeof(c->sl2sc),
				     c->sl2sc)) ||
	    (c->has_sc2sl && nla_put(msg, SNIC_A_DEV_SC2SL, sizeof(c->sc2sl),
				     c->sc2sl)))
		return -EMSGSIZE;
	nla_nest_end(msg, nest);
	return 0;
}

static int put_cc_sl(struct nl_msg *msg, const struct snic_cc_sl *s)
{
	struct nlattr *e = snic_nest_start(msg, SNIC_A_CC_SL_SETTING);

	if (!e || nla_put_u32(msg, SNIC_A_CC_SL_SL, s->sl) ||
	    (s->has_increase &&
	     nla_put_u32(msg, SNIC_A_CC_SL_INCREASE, s->increase)) ||
	    (s->has_timer && nla_put_u32(msg, SNIC_A_CC_SL_TIMER, s->timer)) ||
	    (s->has_trigger &&
	     nla_put_u32(msg, SNIC_A_CC_SL_TRIGGER, s->trigger)) ||
	    (s->has_min && nla_put_u32(msg, SNIC_A_CC_SL_MIN, s->min)))
		return -EMSGSIZE;
	nla_nest_end(msg, e);
	return 0;
}

/* The CCT: one cct-entry nest per entry, in order; then the SLs'. */
static int put_cc(struct nl_msg *msg, const struct snic_cc_cfg *c)
{
	struct nlattr *nest = snic_nest_start(msg, SNIC_A_CC), *e;
	int i;

	if (!nest || snic_fields_put(msg, SNIC_A_CC, c))
		return -EMSGSIZE;
	for (i = 0; i < c->nsl; i++)
		if (put_cc_sl(msg, &c->sl[i]))
			return -EMSGSIZE;
	for (i = 0; i < c->cct_len; i++) {
		e = snic_nest_start(msg, SNIC_A_CC_CCT_ENTRY);
		if (!e ||
		    nla_put_u32(msg, SNIC_A_CCT_ENTRY_SHIFT, c->cct[i].shift) ||
		    nla_put_u32(msg, SNIC_A_CCT_ENTRY_MULTIPLIER,
				c->cct[i].mult))
			return -EMSGSIZE;
		nla_nest_end(msg, e);
	}
	nla_nest_end(msg, nest);
	return 0;
}

static int put_ar(struct nl_msg *msg, const struct snic_ar_cfg *c)
{
	struct nlattr *nest = snic_nest_start(msg, SNIC_A_AR);

	if (!nest || snic_fields_put(msg, SNIC_A_AR, c) ||
	    (c->has_detour_sc2sc &&
	     nla_put(msg, SNIC_A_AR_DETOUR_SC2SC, sizeof(c->detour_sc2sc),
		     c->detour_sc2sc)))
		return -EMSGSIZE;
	nla_nest_end(msg, nest);
	return 0;
}

static int put_sw_cc(struct nl_msg *msg, const struct snic_sw_cc_cfg *c)
{
	struct nlattr *nest = snic_nest_start(msg, SNIC_A_SW_CC);

	if (!nest || snic_fields_put(msg, SNIC_A_SW_CC, c) ||
	    (c->has_port_thr && nla_put(msg, SNIC_A_SW_CC_PORT_THRESHOLD,
					sizeof(c->port_thr), c->port_thr)) ||
	    (c->has_port_pkt && nla_put(msg, SNIC_A_SW_CC_PORT_PKT_SIZE,
					sizeof(c->port_pkt), c->port_pkt)) ||
	    (c->has_port_rate && nla_put(msg, SNIC_A_SW_CC_PORT_MARK_RATE,
					 sizeof(c->port_rate), c->port_rate)))
		return -EMSGSIZE;
	nla_nest_end(msg, nest);
	return 0;
}

int snic_dev_set(uint32_t ifindex, const struct snic_dev_cfg *dev,
		 const struct snic_credit_cfg *credit,
		 const struct snic_cc_cfg *cc, const struct snic_ar_cfg *ar,
		 const struct snic_sw_cc_cfg *sw_cc)
{
	struct nl_msg *msg = snic_msg_new(SNIC_CMD_DEV_SET, false);

	/* What is not given is not sent: none at all, and the kernel says
	 * there is nothing to set.
	 */
	if (nla_put_u32(msg, SNIC_A_IFINDEX, ifindex) ||
	    (dev && put_dev(msg, dev)) ||
	    (credit && snic_credit_put(msg, SNIC_A_CREDIT, credit)) ||
	    (cc && put_cc(msg, cc)) || (ar && put_ar(msg, ar)) ||
	    (sw_cc && put_sw_cc(msg, sw_cc)))
		return snic_msg_fail(msg, "dev set");
	return snic_msg_run(msg, NULL, NULL, "dev set");
}

int snic_dev_set_lid(uint32_t ifindex, uint32_t lid)
{
	struct snic_dev_cfg dev = { .has_lid = true, .lid = lid };

	return snic_dev_set(ifindex, &dev, NULL, NULL, NULL, NULL);
}

struct dev_get {
	int (*cb)(const struct snic_dev_info *info, void *arg);
	void *arg;
};

/* The sl-setting nests of a reply, each into its SL's slot. */
static void get_cc_sl(struct nlattr *nest, struct snic_cc_info *ci)
{
	struct nlattr *tb[SNIC_A_CC_SL_MAX + 1], *a;
	struct snic_cc_sl *s;
	uint32_t sl;
	int rem;

	nla_for_each_nested(a, nest, rem) {
		if (nla_type(a) != SNIC_A_CC_SL_SETTING ||
		    nla_parse_nested(tb, SNIC_A_CC_SL_MAX, a, NULL) ||
		    !tb[SNIC_A_CC_SL_SL])
			continue;
		sl = snic_get_u32(tb[SNIC_A_CC_SL_SL]);
		if (sl >= SNIC_NUM_SL)
			continue;
		s = &ci->sl[sl];
		s->sl = sl;
		s->has_increase = tb[SNIC_A_CC_SL_INCREASE];
		s->increase = snic_get_u32(tb[SNIC_A_CC_SL_INCREASE]);
		s->has_timer = tb[SNIC_A_CC_SL_TIMER];
		s->timer = snic_get_u32(tb[SNIC_A_CC_SL_TIMER]);
		s->has_trigger = tb[SNIC_A_CC_SL_TRIGGER];
		s->trigger = snic_get_u32(tb[SNIC_A_CC_SL_TRIGGER]);
		s->has_min = tb[SNIC_A_CC_SL_MIN];
		s->min = snic_get_u32(tb[SNIC_A_CC_SL_MIN]);
		ci->has_sl = true;
	}
}

static void get_cc(struct nlattr *nest, struct snic_cc_info *ci)
{
	struct nlattr *tb[SNIC_A_CC_MAX + 1], *a;
	int rem;

	if (!nest || nla_parse_nested(tb, SNIC_A_CC_MAX, nest, NULL))
		return;
	snic_fields_get(tb, SNIC_A_CC, ci);
	get_cc_sl(nest, ci);
	ci->nstopped = 0;
	nla_for_each_nested(a, nest, rem) {
		if (nla_type(a) != SNIC_A_CC_TXQ_STOPPED)
			continue;
		if (ci->nstopped < SNIC_CC_STOPPED_MAX)
			ci->stopped[ci->nstopped] = snic_get_u32(a);
		ci->nstopped++;
	}
	ci->valid = true;
}

static void get_ar(struct nlattr *nest, struct snic_ar_info *ai)
{
	struct nlattr *tb[SNIC_A_AR_MAX + 1];

	if (!nest || nla_parse_nested(tb, SNIC_A_AR_MAX, nest, NULL))
		return;
	snic_fields_get(tb, SNIC_A_AR, ai);
	if (tb[SNIC_A_AR_DETOUR_SC2SC] &&
	    nla_len(tb[SNIC_A_AR_DETOUR_SC2SC]) == sizeof(ai->detour_sc2sc)) {
		memcpy(ai->detour_sc2sc, nla_data(tb[SNIC_A_AR_DETOUR_SC2SC]),
		       sizeof(ai->detour_sc2sc));
		ai->has_detour_sc2sc = true;
	}
	ai->valid = true;
}

static void get_sw_cc(struct nlattr *nest, struct snic_sw_cc_info *si)
{
	struct nlattr *tb[SNIC_A_SW_CC_MAX + 1];

	if (!nest || nla_parse_nested(tb, SNIC_A_SW_CC_MAX, nest, NULL))
		return;
	snic_fields_get(tb, SNIC_A_SW_CC, si);
	si->has_port = tb[SNIC_A_SW_CC_PORT_THRESHOLD] &&
		       nla_len(tb[SNIC_A_SW_CC_PORT_THRESHOLD]) ==
		       sizeof(si->port_thr) &&
		       tb[SNIC_A_SW_CC_PORT_PKT_SIZE] &&
		       nla_len(tb[SNIC_A_SW_CC_PORT_PKT_SIZE]) ==
		       sizeof(si->port_pkt) &&
		       tb[SNIC_A_SW_CC_PORT_MARK_RATE] &&
		       nla_len(tb[SNIC_A_SW_CC_PORT_MARK_RATE]) ==
		       sizeof(si->port_rate);
	if (si->has_port) {
		memcpy(si->port_thr, nla_data(tb[SNIC_A_SW_CC_PORT_THRESHOLD]),
		       sizeof(si->port_thr));
		memcpy(si->port_pkt, nla_data(tb[SNIC_A_SW_CC_PORT_PKT_SIZE]),
		       sizeof(si->port_pkt));
		memcpy(si->port_rate, nla_data(tb[SNIC_A_SW_CC_PORT_MARK_RATE]),
		       sizeof(si->port_rate));
	}
	si->valid = true;
}

static int dev_reply(struct nl_msg *msg, void *arg)
{
	struct nlattr *tb[SNIC_A_MAX + 1], *dt[SNIC_A_DEV_MAX + 1];
	struct snic_dev_info info;
	struct dev_get *c = arg;

	if (genlmsg_parse(nlmsg_hdr(msg), 0, tb, SNIC_A_MAX, NULL) ||
	    !tb[SNIC_A_IFINDEX])
		return 0;
	memset(&info, 0, sizeof(info));
	info.ifindex = snic_get_u32(tb[SNIC_A_IFINDEX]);
	snic_get_str(tb[SNIC_A_IFNAME], info.ifname, sizeof(info.ifname));
	info.kind = snic_get_u32(tb[SNIC_A_KIND]);
	if (tb[SNIC_A_DEV] &&
	    !nla_parse_nested(dt, SNIC_A_DEV_MAX, tb[SNIC_A_DEV], NULL)) {
		snic_fields_get(dt, SNIC_A_DEV, &info);
		if (dt[SNIC_A_DEV_SL2SC] &&
		    nla_len(dt[SNIC_A_DEV_SL2SC]) == sizeof(info.sl2sc)) {
			memcpy(info.sl2sc, nla_data(dt[SNIC_A_DEV_SL2SC]),
			       sizeof(info.sl2sc));
			info.has_sl2sc = true;
		}
		if (dt[SNIC_A_DEV_SC2SL] &&
		    nla_len(dt[SNIC_A_DEV_SC2SL]) == sizeof(info.sc2sl)) {
			memcpy(info.sc2sl, nla_data(dt[SNIC_A_DEV_SC2SL]),
			       sizeof(info.sc2sl));
			info.has_sc2sl = true;
		}
	}
	snic_credit_get(tb[SNIC_A_CREDIT], &info.credit);
	get_cc(tb[SNIC_A_CC], &info.cc);
	get_ar(tb[SNIC_A_AR], &info.ar);
	get_sw_cc(tb[SNIC_A_SW_CC], &info.sw_cc);
	snic_stats_get(tb[SNIC_A_STATS], &info.has_stats, info.stats);
	return c->cb(&info, c->arg);
}

int snic_dev_get(uint32_t ifindex,
		 int (*cb)(const struct snic_dev_info *, void *), void *arg)
{
	struct nl_msg *msg = snic_msg_new(SNIC_CMD_DEV_GET, !ifindex);
	struct dev_get c = { cb, arg };

	if (ifindex && nla_put_u32(msg, SNIC_A_IFINDEX, ifindex))
		return snic_msg_fail(msg, "dev show");
	return snic_msg_run(msg, dev_reply, &c, "dev show");
}

/* The dump of a device's table (each reply: the device and one nest). */
int snic_dump(uint8_t cmd, uint32_t ifindex,
	      int (*reply)(struct nl_msg *, void *), void *c, const char *what)
{
	struct nl_msg *msg = snic_msg_new(cmd, true);

	if (nla_put_u32(msg, SNIC_A_IFINDEX, ifindex))
		return snic_msg_fail(msg, what);
	return snic_msg_run(msg, reply, c, what);
}

/* The nest @type of a reply, parsed into @tb (@max + 1 slots), or NULL. */
struct nlattr **snic_reply_nest(struct nl_msg *msg, int type,
				struct nlattr **tb, int max)
{
	struct nlattr *top[SNIC_A_MAX + 1];

	if (genlmsg_parse(nlmsg_hdr(msg), 0, top, SNIC_A_MAX, NULL) ||
	    !top[type] || nla_parse_nested(tb, max, top[type], NULL))
		return NULL;
	return tb;
}

struct cc_dlid_get {
	int (*cb)(const struct snic_cc_dlid_info *info, void *arg);
	void *arg;
};

static int cc_dlid_reply(struct nl_msg *msg, void *arg)
{
	struct nlattr *tb[SNIC_A_CC_DLID_MAX + 1];
	struct cc_dlid_get *c = arg;
	struct snic_cc_dlid_info i;

	if (!snic_reply_nest(msg, SNIC_A_CC_DLID, tb, SNIC_A_CC_DLID_MAX) ||
	    !tb[SNIC_A_CC_DLID_DLID])
		return 0;
	memset(&i, 0, sizeof(i));
	i.dlid = snic_get_u32(tb[SNIC_A_CC_DLID_DLID]);
	i.sl = snic_get_u32(tb[SNIC_A_CC_DLID_SL]);
	i.ccti = snic_get_u32(tb[SNIC_A_CC_DLID_CCTI]);
	i.ipd = snic_get_u64(tb[SNIC_A_CC_DLID_IPD]);
	i.becn = snic_get_u64(tb[SNIC_A_CC_DLID_BECN]);
	i.paced = snic_get_u64(tb[SNIC_A_CC_DLID_PACED]);
	i.early = snic_get_u64(tb[SNIC_A_CC_DLID_EARLY]);
	i.has_becn_age = tb[SNIC_A_CC_DLID_BECN_FIRST_AGE] &&
			 tb[SNIC_A_CC_DLID_BECN_LAST_AGE];
	i.becn_first_age = snic_get_u64(tb[SNIC_A_CC_DLID_BECN_FIRST_AGE]);
	i.becn_last_age = snic_get_u64(tb[SNIC_A_CC_DLID_BECN_LAST_AGE]);
	return c->cb(&i, c->arg);
}

int snic_cc_dlid_get(uint32_t nic,
		     int (*cb)(const struct snic_cc_dlid_info *, void *),
		     void *arg)
{
	struct cc_dlid_get c = { cb, arg };

	return snic_dump(SNIC_CMD_CC_DLID_GET, nic, cc_dlid_reply, &c,
			 "cc show");
}

struct cc_log_get {
	int (*cb)(const struct snic_cc_log_info *info, void *arg);
	void *arg;
};

static int cc_log_reply(struct nl_msg *msg, void *arg)
{
	struct nlattr *tb[SNIC_A_CC_LOG_MAX + 1];
	struct cc_log_get *c = arg;
	struct snic_cc_log_info i;

	if (!snic_reply_nest(msg, SNIC_A_CC_LOG, tb, SNIC_A_CC_LOG_MAX) ||
	    !tb[SNIC_A_CC_LOG_DLID])
		return 0;
	memset(&i, 0, sizeof(i));
	i.time = snic_get_u64(tb[SNIC_A_CC_LOG_TIME]);
	i.dlid = snic_get_u32(tb[SNIC_A_CC_LOG_DLID]);
	i.sl = snic_get_u32(tb[SNIC_A_CC_LOG_SL]);
	i.ccti = snic_get_u32(tb[SNIC_A_CC_LOG_CCTI]);
	i.is_switch = tb[SNIC_A_CC_LOG_SLID];
	i.slid = snic_get_u32(tb[SNIC_A_CC_LOG_SLID]);
	i.sc = snic_get_u32(tb[SNIC_A_CC_LOG_SC]);
	i.port = snic_get_u32(tb[SNIC_A_CC_LOG_PORT]);
	return c->cb(&i, c->arg);
}

int snic_cc_log_get(uint32_t nic,
		    int (*cb)(const struct snic_cc_log_info *, void *),
		    void *arg)
{
	struct cc_log_get c = { cb, arg };

	return snic_dump(SNIC_CMD_CC_LOG_GET, nic, cc_log_reply, &c, "cc log");
}
