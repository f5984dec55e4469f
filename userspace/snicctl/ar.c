// SPDX-License-Identifier: GPL-2.0
/*
 * Adaptive routing and ARN at a switch.
 * Options of "dev set" (a snicsw):
 *   ar_dlid MLID       the group's ARN DLID (multicast); 0: ARN off
 *   ar_group G         the switch's Dragonfly group
 *   ar_switch S        its number in the group
 *   ar_life US         lifetime of a learned state without LIFETIME
 *   ar_period US       monitor sample period (0: no monitor)
 *   (all times are fabric us: wall time over the ports' dilation)
 *   ar_thr SET:CLEAR   congestion levels, 0..255 of the VL buffer
 *   ar_samples S:C     samples in a row to set / to clear
 *   ar_hold US         hold-down before a cheaper path returns
 *   ar_flowlet US      idle time before a DLID's path may move
 *   ar_algo greedy|random|valiant  among equal-cost candidates, or
 *                      (valiant) a random non-minimal one per flow
 *   ar_lost_route 0|1  react to failures only
 *   ar_slids MIN-MAX   the group's host LIDs (adaptive for them only)
 * Options of "port set": ar_kind none|global|local, ar_peer N (peer group
 * or switch number).
 * snicctl ar links SW  the links of the group reported congested or failed
 * snicctl bpt show SW  the Best Path Table
 * snicctl bpt set SW dlid D CAND...  CAND = port:cost:g|l[:LINK[:LINK]]
 *                      (LINK: gSW.PEERGROUP.INDEX or lFROM.TO)
 * snicctl bpt del SW dlid D
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <netlink/attr.h>

#include "snicctl.h"

static const struct { const char *kw; int attr, bytes; } ar_opts[] = {
	{ "ar_dlid", SNIC_A_AR_DLID, 4 },
	{ "ar_group", SNIC_A_AR_GROUP, 2 },
	{ "ar_switch", SNIC_A_AR_SWITCH, 2 },
	{ "ar_life", SNIC_A_AR_LIFE, 4 },
	{ "ar_period", SNIC_A_AR_PERIOD, 4 },
	{ "ar_hold", SNIC_A_AR_HOLD_DOWN, 4 },
	{ "ar_flowlet", SNIC_A_AR_FLOWLET, 4 },
	{ "ar_lost_route", SNIC_A_AR_LOST_ROUTE_ONLY, 1 },
};

/* SNIC_A_AR_ALGORITHM's values (enum snic_ar_algorithm). */
static const char *const algo[] = { "greedy", "random", "valiant" };
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

static int pair_opt(struct nl_msg *msg, int attr, char *val)
{
	uint32_t a, b;
	char *colon = strchr(val, ':');

	if (!colon)
		return -1;
	*colon = 0;
	if (parse_u32(val, &a) || parse_u32(colon + 1, &b) || a > 255 || b > 255)
		return -1;
	nla_put_u16(msg, attr, a << 8 | b);
	return 1;
}

/* 1: @key was an ARN option (put), 0: not one, -1: a bad value. */
int ar_opt(struct nl_msg *msg, const char *key, char *val)
{
	uint32_t v, w;
	size_t i;
	char *dash;

	if (!strcmp(key, "ar_thr"))
		return pair_opt(msg, SNIC_A_AR_THRESHOLD, val);
	if (!strcmp(key, "ar_samples"))
		return pair_opt(msg, SNIC_A_AR_SAMPLES, val);
	if (!strcmp(key, "ar_algo")) {
		for (i = 0; i < ARRAY_SIZE(algo); i++)
			if (!strcmp(val, algo[i]))
				break;
		if (i == ARRAY_SIZE(algo))
			return -1;
		nla_put_u8(msg, SNIC_A_AR_ALGORITHM, i);
		return 1;
	}
	if (!strcmp(key, "ar_slids")) {
		dash = strchr(val, '-');
		if (!dash)
			return -1;
		*dash = 0;
		if (parse_u32(val, &v) || parse_u32(dash + 1, &w))
			return -1;
		nla_put_u32(msg, SNIC_A_AR_SLID_MIN, v);
		nla_put_u32(msg, SNIC_A_AR_SLID_MAX, w);
		return 1;
	}
	for (i = 0; i < sizeof(ar_opts) / sizeof(ar_opts[0]); i++) {
		if (strcmp(key, ar_opts[i].kw))
			continue;
		if (parse_u32(val, &v) || (ar_opts[i].bytes == 2 && v > 0xffff) ||
		    (ar_opts[i].bytes == 1 && v > 0xff))
			return -1;
		if (ar_opts[i].bytes == 1)
			nla_put_u8(msg, ar_opts[i].attr, v);
		else if (ar_opts[i].bytes == 2)
			nla_put_u16(msg, ar_opts[i].attr, v);
		else
			nla_put_u32(msg, ar_opts[i].attr, v);
		return 1;
	}
	return 0;
}

void ar_print(struct nlattr **tb)
{
	if (tb[SNIC_A_AR_DLID])
		out_hex("ar_dlid", " ar_dlid 0x%llx",
			nla_get_u32(tb[SNIC_A_AR_DLID]));
	if (tb[SNIC_A_AR_GROUP])
		out_u64("ar_group", " ar_group %llu",
			nla_get_u16(tb[SNIC_A_AR_GROUP]));
	if (tb[SNIC_A_AR_SWITCH])
		out_u64("ar_switch", " ar_switch %llu",
			nla_get_u16(tb[SNIC_A_AR_SWITCH]));
	if (tb[SNIC_A_AR_LIFE])
		out_u64("ar_life", " ar_life %llu",
			nla_get_u32(tb[SNIC_A_AR_LIFE]));
	if (tb[SNIC_A_AR_PERIOD])
		out_u64("ar_period", " ar_period %llu",
			nla_get_u32(tb[SNIC_A_AR_PERIOD]));
	if (tb[SNIC_A_AR_THRESHOLD]) {
		uint16_t v = nla_get_u16(tb[SNIC_A_AR_THRESHOLD]);

		out_u64("ar_thr_set", " ar_thr %llu", v >> 8);
		out_u64("ar_thr_clear", ":%llu", v & 0xff);
	}
	if (tb[SNIC_A_AR_SAMPLES]) {
		uint16_t v = nla_get_u16(tb[SNIC_A_AR_SAMPLES]);

		out_u64("ar_samples_set", " ar_samples %llu", v >> 8);
		out_u64("ar_samples_clear", ":%llu", v & 0xff);
	}
	if (tb[SNIC_A_AR_HOLD_DOWN])
		out_u64("ar_hold", " ar_hold %llu",
			nla_get_u32(tb[SNIC_A_AR_HOLD_DOWN]));
	if (tb[SNIC_A_AR_FLOWLET])
		out_u64("ar_flowlet", " ar_flowlet %llu",
			nla_get_u32(tb[SNIC_A_AR_FLOWLET]));
	if (tb[SNIC_A_AR_ALGORITHM]) {
		uint8_t a = nla_get_u8(tb[SNIC_A_AR_ALGORITHM]);

		out_str("ar_algo", " ar_algo %s",
			a < ARRAY_SIZE(algo) ? algo[a] : "?");
	}
	if (tb[SNIC_A_AR_LOST_ROUTE_ONLY])
		out_u64("ar_lost_route", " ar_lost_route %llu",
			nla_get_u8(tb[SNIC_A_AR_LOST_ROUTE_ONLY]));
	if (tb[SNIC_A_AR_SLID_MIN] && tb[SNIC_A_AR_SLID_MAX]) {
		out_u64("ar_slid_min", " ar_slids %llu",
			nla_get_u32(tb[SNIC_A_AR_SLID_MIN]));
		out_u64("ar_slid_max", "-%llu",
			nla_get_u32(tb[SNIC_A_AR_SLID_MAX]));
	}
}

static const char *const port_kinds[] = { "none", "global", "local" };

int ar_port_opt(struct nl_msg *msg, const char *key, char *val)
{
	uint32_t v;
	size_t i;

	if (!strcmp(key, "ar_kind")) {
		for (i = 0; i < 3; i++)
			if (!strcmp(val, port_kinds[i]))
				break;
		if (i == 3)
			return -1;
		nla_put_u8(msg, SNIC_A_AR_PORT_KIND, i);
		return 1;
	}
	if (!strcmp(key, "ar_peer")) {
		if (parse_u32(val, &v) || v > 0xffff)
			return -1;
		nla_put_u16(msg, SNIC_A_AR_PORT_PEER, v);
		return 1;
	}
	return 0;
}

void ar_port_print(struct nlattr **tb)
{
	uint8_t k;

	if (!tb[SNIC_A_AR_PORT_KIND] || !tb[SNIC_A_AR_PORT_PEER])
		return;
	k = nla_get_u8(tb[SNIC_A_AR_PORT_KIND]);
	if (!k || k > 2)
		return;
	out_str("ar_kind", " ar_kind %s", port_kinds[k]);
	out_u64("ar_peer", " ar_peer %llu", nla_get_u16(tb[SNIC_A_AR_PORT_PEER]));
}

/* gSW.PG.IDX or lFROM.TO -> a link key, 0 on error. */
uint32_t snic_link_parse(const char *s)
{
	unsigned int a, b, c;
	char end;

	if (sscanf(s, "g%u.%u.%u%c", &a, &b, &c, &end) == 3 && a <= 2047 &&
	    b <= 4095 && c <= 255)
		return SNIC_AR_LINK_G(a, b, c);
	if (sscanf(s, "l%u.%u%c", &a, &b, &end) == 2 && a <= 2047 && b <= 2047)
		return a != b ? SNIC_AR_LINK_L(a, b) : 0;
	return 0;
}

/* A link key as snic_link_parse() reads it; "-" for no link. */
void snic_link_format(uint32_t key, char *buf, size_t len)
{
	if (key & SNIC_AR_LINK_GLOBAL)
		snprintf(buf, len, "g%u.%u.%u", SNIC_AR_LINK_SW(key),
			 SNIC_AR_LINK_PEER(key), SNIC_AR_LINK_IDX(key));
	else if (key)
		snprintf(buf, len, "l%u.%u", SNIC_AR_LINK_SW(key),
			 SNIC_AR_LINK_PEER(key));
	else
		snprintf(buf, len, "-");
}

static int print_bpt(struct nl_msg *msg, void *arg)
{
	struct nlattr *tb[SNIC_A_MAX + 1];
	const struct snic_ar_cand *c;
	char l0[24], l1[24];
	int i, n;

	(void)arg;
	if (genlmsg_parse(nlmsg_hdr(msg), 0, tb, SNIC_A_MAX, NULL) ||
	    !tb[SNIC_A_DLID] || !tb[SNIC_A_BPT])
		return NL_SKIP;
	c = nla_data(tb[SNIC_A_BPT]);
	n = nla_len(tb[SNIC_A_BPT]) / sizeof(*c);
	if (n > 4)
		n = 4;
	out_begin_obj();
	out_u64("dlid", "dlid %llu", nla_get_u32(tb[SNIC_A_DLID]));
	if (tb[SNIC_A_BPT_CUR])
		out_u64("cur", " cur %llu", nla_get_u8(tb[SNIC_A_BPT_CUR]));
	for (i = 0; i < n; i++) {
		char key[16], fmt[24], val[96], pen[16];

		snic_link_format(c[i].link[0], l0, sizeof(l0));
		snic_link_format(c[i].link[1], l1, sizeof(l1));
		if (c[i].penalty == 0xffffffffu)
			snprintf(pen, sizeof(pen), "failed");
		else
			snprintf(pen, sizeof(pen), "+%u", c[i].penalty);
		snprintf(val, sizeof(val), "%u:%u:%s:%s:%s:%s", c[i].port,
			 c[i].cost, c[i].global ? "g" : "l", l0, l1, pen);
		snprintf(key, sizeof(key), "c%d", i);
		snprintf(fmt, sizeof(fmt), " c%d %%s", i);
		out_str(key, fmt, val);
	}
	out_end_obj();
	return NL_OK;
}

static int bpt_set(int argc, char **argv, bool del)
{
	struct snic_ar_cand c[4];
	uint32_t sw, dlid, v;
	struct nl_msg *msg;
	int i, n = 0;

	memset(c, 0, sizeof(c));
	if (argc < 3 || strcmp(argv[1], "dlid") || dev_index(argv[0], &sw) ||
	    parse_u32(argv[2], &dlid) || (del && argc != 3) || argc > 7)
		goto usage;
	for (i = 3; i < argc; i++, n++) {
		char *tok[5] = { 0 }, *save = NULL, *t;
		int k = 0;

		for (t = strtok_r(argv[i], ":", &save); t && k < 5;
		     t = strtok_r(NULL, ":", &save))
			tok[k++] = t;
		if (k < 3 || parse_u32(tok[0], &v) || v > 255)
			goto usage;
		c[n].port = v;
		if (parse_u32(tok[1], &v) || v > 0xffff)
			goto usage;
		c[n].cost = v;
		if (strcmp(tok[2], "g") && strcmp(tok[2], "l"))
			goto usage;
		c[n].global = !strcmp(tok[2], "g");
		if ((tok[3] && !(c[n].link[0] = snic_link_parse(tok[3]))) ||
		    (tok[4] && !(c[n].link[1] = snic_link_parse(tok[4]))))
			goto usage;
	}
	msg = nl_new(SNIC_CMD_BPT_SET, false);
	nla_put_u32(msg, SNIC_A_IFINDEX, sw);
	nla_put_u32(msg, SNIC_A_DLID, dlid);
	nla_put(msg, SNIC_A_BPT, n * sizeof(c[0]), c);
	return nl_run(msg, NULL, NULL, "bpt set") ? 1 : 0;
usage:
	fprintf(stderr, "Usage: snicctl bpt set SW dlid DLID PORT:COST:g|l[:LINK[:LINK]]... (up to 4)\n"
		"       snicctl bpt del SW dlid DLID\n"
		"       LINK: gSWITCH.PEERGROUP.INDEX or lFROM.TO\n");
	return 1;
}

int do_bpt(int argc, char **argv)
{
	struct nl_msg *msg;
	uint32_t ifindex;
	int err;

	if (argc >= 1 && !strcmp(argv[0], "set"))
		return bpt_set(argc - 1, argv + 1, false);
	if (argc >= 1 && !strcmp(argv[0], "del"))
		return bpt_set(argc - 1, argv + 1, true);
	if (argc != 2 || strcmp(argv[0], "show")) {
		fprintf(stderr, "Usage: snicctl bpt show|set|del SW ...\n");
		return 1;
	}
	if (dev_index(argv[1], &ifindex))
		return 1;
	msg = nl_new(SNIC_CMD_BPT_GET, true);
	nla_put_u32(msg, SNIC_A_IFINDEX, ifindex);
	out_begin_list();
	err = nl_run(msg, print_bpt, NULL, "bpt show");
	out_end_list();
	return err ? 1 : 0;
}

static int print_link(struct nl_msg *msg, void *arg)
{
	struct nlattr *tb[SNIC_A_MAX + 1];
	bool global;

	(void)arg;
	if (genlmsg_parse(nlmsg_hdr(msg), 0, tb, SNIC_A_MAX, NULL) ||
	    !tb[SNIC_A_AR_LINK_KIND] || !tb[SNIC_A_AR_LINK_SWITCH] ||
	    !tb[SNIC_A_AR_LINK_PEER] || !tb[SNIC_A_AR_LINK_STATE])
		return NL_SKIP;
	global = nla_get_u8(tb[SNIC_A_AR_LINK_KIND]) == 1;
	out_begin_obj();
	out_str("kind", "%s", global ? "global" : "local");
	out_u64("switch", " switch %llu",
		nla_get_u16(tb[SNIC_A_AR_LINK_SWITCH]));
	out_u64(global ? "peer_group" : "to_switch",
		global ? " peer_group %llu" : " to_switch %llu",
		nla_get_u16(tb[SNIC_A_AR_LINK_PEER]));
	if (global && tb[SNIC_A_AR_LINK_INDEX])
		out_u64("index", " index %llu",
			nla_get_u16(tb[SNIC_A_AR_LINK_INDEX]));
	out_str("state", " state %s",
		nla_get_u8(tb[SNIC_A_AR_LINK_STATE]) == 2 ? "failed" :
							     "congested");
	if (tb[SNIC_A_AR_LINK_METRIC])
		out_u64("metric", " metric %llu",
			nla_get_u8(tb[SNIC_A_AR_LINK_METRIC]));
	if (tb[SNIC_A_AR_LINK_EXPIRES])
		out_u64("expires_us", " expires_us %llu",
			nla_get_u64(tb[SNIC_A_AR_LINK_EXPIRES]));
	out_end_obj();
	return NL_OK;
}

int do_ar(int argc, char **argv)
{
	struct nl_msg *msg;
	uint32_t ifindex;
	int err;

	if (argc != 2 || strcmp(argv[0], "links")) {
		fprintf(stderr, "Usage: snicctl ar links SW\n");
		return 1;
	}
	if (dev_index(argv[1], &ifindex))
		return 1;
	msg = nl_new(SNIC_CMD_AR_LINK_GET, true);
	nla_put_u32(msg, SNIC_A_IFINDEX, ifindex);
	out_begin_list();
	err = nl_run(msg, print_link, NULL, "ar links");
	out_end_list();
	return err ? 1 : 0;
}
