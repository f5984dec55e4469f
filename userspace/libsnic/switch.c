// SPDX-License-Identifier: GPL-2.0
/*
 * libsnic: a switch's ports, forwarding tables (LFT, MFT), Best Path
 * Table and the links its group reported (ar-link-get).
 */
#include <errno.h>
#include <string.h>
#include <netlink/genl/genl.h>

#include "internal.h"

/* A request of @cmd to switch @sw whose object is built by @put. */
static int sw_req(uint8_t cmd, uint32_t sw, int type,
		  int (*put)(struct nl_msg *, const void *), const void *obj,
		  const char *what)
{
	struct nl_msg *msg = snic_msg_new(cmd, false);
	struct nlattr *nest;

	if (nla_put_u32(msg, SNIC_A_IFINDEX, sw))
		return snic_msg_fail(msg, what);
	nest = snic_nest_start(msg, type);
	if (!nest || put(msg, obj))
		return snic_msg_fail(msg, what);
	nla_nest_end(msg, nest);
	return snic_msg_run(msg, NULL, NULL, what);
}

/* --- ports ----------------------------------------------------------- */

static int put_port(struct nl_msg *msg, const void *obj)
{
	const struct snic_port_cfg *p = obj;

	if (snic_fields_put(msg, SNIC_A_PORT, p) ||
	    (p->has_sc2sc && nla_put(msg, SNIC_A_PORT_SC2SC, sizeof(p->sc2sc),
				     p->sc2sc)) ||
	    (p->credit && snic_credit_put(msg, SNIC_A_PORT_CREDIT, p->credit)))
		return -EMSGSIZE;
	return 0;
}

int snic_port_set(uint32_t sw, const struct snic_port_cfg *port)
{
	return sw_req(SNIC_CMD_PORT_SET, sw, SNIC_A_PORT, put_port, port,
		      "port set");
}

struct port_get {
	int (*cb)(const struct snic_port_info *info, void *arg);
	void *arg;
};

static int port_reply(struct nl_msg *msg, void *arg)
{
	struct nlattr *top[SNIC_A_MAX + 1], *tb[SNIC_A_PORT_MAX + 1];
	struct port_get *c = arg;
	struct snic_port_info i;

	if (genlmsg_parse(nlmsg_hdr(msg), 0, top, SNIC_A_MAX, NULL) ||
	    !top[SNIC_A_PORT] ||
	    nla_parse_nested(tb, SNIC_A_PORT_MAX, top[SNIC_A_PORT], NULL) ||
	    !tb[SNIC_A_PORT_NUM])
		return 0;
	memset(&i, 0, sizeof(i));
	i.sw_ifindex = snic_get_u32(top[SNIC_A_IFINDEX]);
	snic_fields_get(tb, SNIC_A_PORT, &i);
	snic_get_str(tb[SNIC_A_PORT_IFNAME], i.ifname, sizeof(i.ifname));
	if (tb[SNIC_A_PORT_SC2SC] &&
	    nla_len(tb[SNIC_A_PORT_SC2SC]) == sizeof(i.sc2sc))
		memcpy(i.sc2sc, nla_data(tb[SNIC_A_PORT_SC2SC]), sizeof(i.sc2sc));
	snic_credit_get(tb[SNIC_A_PORT_CREDIT], &i.credit);
	snic_stats_get(tb[SNIC_A_PORT_STATS], &i.has_stats, i.stats);
	return c->cb(&i, c->arg);
}

int snic_port_get(uint32_t sw,
		  int (*cb)(const struct snic_port_info *, void *), void *arg)
{
	struct port_get c = { cb, arg };

	return snic_dump(SNIC_CMD_PORT_GET, sw, port_reply, &c, "port show");
}

/* --- LFT --------------------------------------------------------------- */

struct lft_ent {
	uint32_t dlid, port;
	bool del;
};

static int put_lft(struct nl_msg *msg, const void *obj)
{
	const struct lft_ent *e = obj;

	if (nla_put_u32(msg, SNIC_A_LFT_DLID, e->dlid) ||
	    (!e->del && nla_put_u32(msg, SNIC_A_LFT_PORT, e->port)))
		return -EMSGSIZE;
	return 0;
}

int snic_lft_set(uint32_t sw, uint32_t dlid, uint32_t port)
{
	struct lft_ent e = { dlid, port, false };

	return sw_req(SNIC_CMD_LFT_SET, sw, SNIC_A_LFT, put_lft, &e,
		      "lft set");
}

int snic_lft_del(uint32_t sw, uint32_t dlid)
{
	struct lft_ent e = { dlid, 0, true };

	return sw_req(SNIC_CMD_LFT_DEL, sw, SNIC_A_LFT, put_lft, &e,
		      "lft del");
}

struct lft_get {
	int (*cb)(uint32_t dlid, uint32_t port, void *arg);
	void *arg;
};

static int lft_reply(struct nl_msg *msg, void *arg)
{
	struct nlattr *tb[SNIC_A_LFT_MAX + 1];
	struct lft_get *c = arg;

	if (!snic_reply_nest(msg, SNIC_A_LFT, tb, SNIC_A_LFT_MAX) ||
	    !tb[SNIC_A_LFT_DLID] || !tb[SNIC_A_LFT_PORT])
		return 0;
	return c->cb(snic_get_u32(tb[SNIC_A_LFT_DLID]),
		     snic_get_u32(tb[SNIC_A_LFT_PORT]), c->arg);
}

int snic_lft_get(uint32_t sw, int (*cb)(uint32_t dlid, uint32_t port, void *),
		 void *arg)
{
	struct lft_get c = { cb, arg };

	return snic_dump(SNIC_CMD_LFT_GET, sw, lft_reply, &c, "lft show");
}

/* --- MFT --------------------------------------------------------------- */

struct mft_ent {
	uint32_t mlid;
	uint64_t ports;
	bool del;
};

static int put_mft(struct nl_msg *msg, const void *obj)
{
	const struct mft_ent *e = obj;

	if (nla_put_u32(msg, SNIC_A_MFT_DLID, e->mlid) ||
	    (!e->del && nla_put_u64(msg, SNIC_A_MFT_PORTS, e->ports)))
		return -EMSGSIZE;
	return 0;
}

int snic_mft_set(uint32_t sw, uint32_t mlid, uint64_t ports)
{
	struct mft_ent e = { mlid, ports, false };

	return sw_req(SNIC_CMD_MFT_SET, sw, SNIC_A_MFT, put_mft, &e,
		      "mft set");
}

int snic_mft_del(uint32_t sw, uint32_t mlid)
{
	struct mft_ent e = { mlid, 0, true };

	return sw_req(SNIC_CMD_MFT_DEL, sw, SNIC_A_MFT, put_mft, &e,
		      "mft del");
}

struct mft_get {
	int (*cb)(uint32_t mlid, uint64_t ports, void *arg);
	void *arg;
};

static int mft_reply(struct nl_msg *msg, void *arg)
{
	struct nlattr *tb[SNIC_A_MFT_MAX + 1];
	struct mft_get *c = arg;

	if (!snic_reply_nest(msg, SNIC_A_MFT, tb, SNIC_A_MFT_MAX) ||
	    !tb[SNIC_A_MFT_DLID] || !tb[SNIC_A_MFT_PORTS])
		return 0;
	return c->cb(snic_get_u32(tb[SNIC_A_MFT_DLID]),
		     snic_get_u64(tb[SNIC_A_MFT_PORTS]), c->arg);
}

int snic_mft_get(uint32_t sw,
		 int (*cb)(uint32_t mlid, uint64_t ports, void *), void *arg)
{
	struct mft_get c = { cb, arg };

	return snic_dump(SNIC_CMD_MFT_GET, sw, mft_reply, &c, "mft show");
}

/* --- Best Path Table ----------------------------------------------------- */

struct bpt_ent {
	uint32_t dlid, last;
	const struct snic_bpt_cand *c;
	int n;
};

/* Candidates: cand nests in order, each with its links (link, 0..2). */
static int put_bpt(struct nl_msg *msg, const void *obj)
{
	const struct bpt_ent *e = obj;
	struct nlattr *cand;
	int i, k;

	if (nla_put_u32(msg, SNIC_A_BPT_DLID, e->dlid) ||
	    (e->last != e->dlid &&
	     nla_put_u32(msg, SNIC_A_BPT_DLID_LAST, e->last)))
		return -EMSGSIZE;
	for (i = 0; i < e->n; i++) {
		const struct snic_bpt_cand *c = &e->c[i];

		cand = snic_nest_start(msg, SNIC_A_BPT_CAND);
		if (!cand ||
		    nla_put_u32(msg, SNIC_A_BPT_CAND_PORT, c->port) ||
		    nla_put_u32(msg, SNIC_A_BPT_CAND_GLOBAL, c->global) ||
		    (c->detour &&
		     nla_put_u32(msg, SNIC_A_BPT_CAND_DETOUR, 1)) ||
		    nla_put_u32(msg, SNIC_A_BPT_CAND_COST, c->cost))
			return -EMSGSIZE;
		for (k = 0; k < 2; k++)
			if (c->link[k] &&
			    nla_put_u32(msg, SNIC_A_BPT_CAND_LINK, c->link[k]))
				return -EMSGSIZE;
		nla_nest_end(msg, cand);
	}
	return 0;
}

int snic_bpt_set(uint32_t sw, uint32_t dlid, uint32_t last,
		 const struct snic_bpt_cand *c, int n)
{
	struct bpt_ent e = { dlid, last, c, n };

	return sw_req(SNIC_CMD_BPT_SET, sw, SNIC_A_BPT, put_bpt, &e,
		      "bpt set");
}

struct bpt_get {
	int (*cb)(const struct snic_bpt_info *info, void *arg);
	void *arg;
};

static void get_cand(struct nlattr *nest, struct snic_bpt_cand *c)
{
	struct nlattr *tb[SNIC_A_BPT_CAND_MAX + 1], *a;
	int rem, n = 0;

	memset(c, 0, sizeof(*c));
	if (nla_parse_nested(tb, SNIC_A_BPT_CAND_MAX, nest, NULL))
		return;
	c->port = snic_get_u32(tb[SNIC_A_BPT_CAND_PORT]);
	c->global = snic_get_u32(tb[SNIC_A_BPT_CAND_GLOBAL]);
	c->detour = snic_get_u32(tb[SNIC_A_BPT_CAND_DETOUR]);
	c->cost = snic_get_u32(tb[SNIC_A_BPT_CAND_COST]);
	c->penalty = snic_get_u32(tb[SNIC_A_BPT_CAND_PENALTY]);
	nla_for_each_nested(a, nest, rem)
		if (nla_type(a) == SNIC_A_BPT_CAND_LINK && n < 2)
			c->link[n++] = snic_get_u32(a);
}

static int bpt_reply(struct nl_msg *msg, void *arg)
{
	struct nlattr *top[SNIC_A_MAX + 1], *tb[SNIC_A_BPT_MAX + 1], *a;
	struct bpt_get *c = arg;
	struct snic_bpt_info i;
	int rem;

	if (genlmsg_parse(nlmsg_hdr(msg), 0, top, SNIC_A_MAX, NULL) ||
	    !top[SNIC_A_BPT] ||
	    nla_parse_nested(tb, SNIC_A_BPT_MAX, top[SNIC_A_BPT], NULL) ||
	    !tb[SNIC_A_BPT_DLID])
		return 0;
	memset(&i, 0, sizeof(i));
	i.dlid = snic_get_u32(tb[SNIC_A_BPT_DLID]);
	i.last = tb[SNIC_A_BPT_DLID_LAST] ?
		 snic_get_u32(tb[SNIC_A_BPT_DLID_LAST]) : i.dlid;
	i.cur = snic_get_u32(tb[SNIC_A_BPT_CUR]);
	memset(i.flows, 255, sizeof(i.flows));
	if (tb[SNIC_A_BPT_FLOWS] &&
	    nla_len(tb[SNIC_A_BPT_FLOWS]) == sizeof(i.flows))
		memcpy(i.flows, nla_data(tb[SNIC_A_BPT_FLOWS]),
		       sizeof(i.flows));
	nla_for_each_nested(a, top[SNIC_A_BPT], rem)
		if (nla_type(a) == SNIC_A_BPT_CAND &&
		    i.n < (int)(sizeof(i.cand) / sizeof(i.cand[0])))
			get_cand(a, &i.cand[i.n++]);
	return c->cb(&i, c->arg);
}

int snic_bpt_get(uint32_t sw,
		 int (*cb)(const struct snic_bpt_info *, void *), void *arg)
{
	struct bpt_get c = { cb, arg };

	return snic_dump(SNIC_CMD_BPT_GET, sw, bpt_reply, &c, "bpt show");
}

/* --- links reported by ARNs ---------------------------------------------- */

struct ar_link_get {
	int (*cb)(const struct snic_ar_link_info *info, void *arg);
	void *arg;
};

static int ar_link_reply(struct nl_msg *msg, void *arg)
{
	struct nlattr *tb[SNIC_A_AR_LINK_MAX + 1];
	struct ar_link_get *c = arg;
	struct snic_ar_link_info i;

	if (!snic_reply_nest(msg, SNIC_A_AR_LINK, tb, SNIC_A_AR_LINK_MAX) ||
	    !tb[SNIC_A_AR_LINK_SWITCH] || !tb[SNIC_A_AR_LINK_STATE])
		return 0;
	memset(&i, 0, sizeof(i));
	i.global = snic_get_u32(tb[SNIC_A_AR_LINK_GLOBAL]);
	i.sw = snic_get_u32(tb[SNIC_A_AR_LINK_SWITCH]);
	i.peer = snic_get_u32(tb[SNIC_A_AR_LINK_PEER]);
	i.index = snic_get_u32(tb[SNIC_A_AR_LINK_INDEX]);
	i.state = snic_get_u32(tb[SNIC_A_AR_LINK_STATE]);
	i.metric = snic_get_u32(tb[SNIC_A_AR_LINK_METRIC]);
	i.expires_us = snic_get_u64(tb[SNIC_A_AR_LINK_EXPIRES]);
	return c->cb(&i, c->arg);
}

int snic_ar_link_get(uint32_t sw,
		     int (*cb)(const struct snic_ar_link_info *, void *),
		     void *arg)
{
	struct ar_link_get c = { cb, arg };

	return snic_dump(SNIC_CMD_AR_LINK_GET, sw, ar_link_reply, &c,
			 "ar links");
}
