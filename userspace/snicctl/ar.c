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
 *   ar_algo greedy|random|valiant|valiant-packet|ugal  among equal-cost
 *                      candidates, or (valiant) a random non-minimal one
 *                      per flow, or per packet Valiant through a random
 *                      group, or UGAL-L (core/arn.h)
 *   ar_lost_route 0|1  react to failures only
 *   ar_slids MIN-MAX   the group's host LIDs (adaptive for them only)
 *   ar_refresh US      an ARN of a lasting state again every US (0:
 *                      half the lifetime)
 *   ar_repeat N        copies of a failure or recovery ARN (3)
 *   ar_recovery US     carrier back this long before a recovery (0: two
 *                      periods)
 *   ar_min_gap US      rate limit per port and type: an event of a type
 *                      sent about the port less than US before is not
 *                      sent (0: none)
 *   ar_detect queue|util|both  what congests a link: its queue (ar_thr,
 *                      ar_samples), its utilization (an EWMA of bytes
 *                      sent over the line rate, 0..255: ar_util_thr,
 *                      ar_util_samples), or either
 *   ar_util_thr SET:CLEAR, ar_util_samples S:C
 *   ar_detour_sc2sc SC0,SC1,...  the SC of a packet on the second hop of an
 *                      in-group detour (marked by the switch before),
 *                      per SC it came with (SCs not named: their own);
 *                      shown when not the identity
 *   ar_intm off|packet|flow  a packet that lands here over a global link
 *                      in transit through the group, its LFT on a local
 *                      link: on through a random switch of the group,
 *                      marked as a detour (packet: drawn per packet,
 *                      flow: per flow), or straight on (off)
 * Options of "port set": ar_kind none|global|local, ar_peer N (peer group
 * or switch number).
 * snicctl ar links SW  the links of the group reported congested or failed
 * snicctl bpt show SW  the Best Path Table
 * snicctl bpt set SW dlid D[-LAST] CAND...  CAND = port:cost:g|l|d[:LINK[:LINK]]
 *                      (g: the first link is global, l: local, d: an
 *                      in-group detour, marked, its SC mapped by the
 *                      next switch's ar_detour_sc2sc;
 *                      LINK: gSW.PEERGROUP.INDEX or lFROM.TO)
 * snicctl bpt del SW dlid D[-LAST]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "snicctl.h"

/* ar-detect's values */
static const char *const detects[] = { "queue", "util", "both", NULL };

static int detour_opt(const struct opt *o, char *val, struct opt_cfg *c)
{
	struct snic_ar_cfg *a = opt_cfg_of(c, o->nest);

	if (parse_sc_table(val, a->detour_sc2sc))
		return -1;
	a->has_detour_sc2sc = true;
	return 0;
}

static void detour_show(const struct opt *o, const struct opt_info *i)
{
	const struct snic_ar_info *a = opt_info_of(i, o->nest);
	int sc;

	if (!a->has_detour_sc2sc)
		return;
	for (sc = 0; sc < SNIC_NUM_SC && a->detour_sc2sc[sc] == sc; sc++)
		;
	if (sc < SNIC_NUM_SC)
		out_table(o->key, a->detour_sc2sc, SNIC_NUM_SC);
}

/* enum snic_ar_algorithm's values */
static const char *const algo[] = { "greedy", "random", "valiant",
				     "valiant-packet", "ugal", NULL };

/* enum snic_ar_intm's values (snicctl.h) */
const char *const snic_intm_names[] = { "off", "packet", "flow", NULL };

/* The u8 and u16 settings were u8 and u16 attributes once: the same
 * values are taken.
 */
const struct opt ar_opts[] = {
	{ .kw = "ar_dlid", .key = "ar_dlid", .nest = SNIC_A_AR,
	  .attr = SNIC_A_AR_DLID, .parse = opt_u32, .show = show_hex },
	OPT_U32("ar_group", SNIC_A_AR, SNIC_A_AR_GROUP, 0xffff),
	OPT_U32("ar_switch", SNIC_A_AR, SNIC_A_AR_SWITCH, 0xffff),
	OPT_U32("ar_life", SNIC_A_AR, SNIC_A_AR_LIFE, 0),
	OPT_U32("ar_period", SNIC_A_AR, SNIC_A_AR_PERIOD, 0),
	OPT_PAIR("ar_thr", SNIC_A_AR, SNIC_A_AR_SET_LEVEL,
		 SNIC_A_AR_CLEAR_LEVEL, ':', 255, "ar_thr_set", "ar_thr_clear"),
	OPT_PAIR("ar_samples", SNIC_A_AR, SNIC_A_AR_SET_SAMPLES,
		 SNIC_A_AR_CLEAR_SAMPLES, ':', 255, "ar_samples_set",
		 "ar_samples_clear"),
	OPT_U32("ar_hold", SNIC_A_AR, SNIC_A_AR_HOLD_DOWN, 0),
	OPT_U32("ar_flowlet", SNIC_A_AR, SNIC_A_AR_FLOWLET, 0),
	OPT_ENUM("ar_algo", SNIC_A_AR, SNIC_A_AR_ALGORITHM, algo),
	OPT_U32("ar_lost_route", SNIC_A_AR, SNIC_A_AR_LOST_ROUTE_ONLY, 0xff),
	OPT_PAIR("ar_slids", SNIC_A_AR, SNIC_A_AR_SLID_MIN, SNIC_A_AR_SLID_MAX,
		 '-', 0, "ar_slid_min", "ar_slid_max"),
	OPT_U32("ar_refresh", SNIC_A_AR, SNIC_A_AR_REFRESH, 0),
	OPT_U32("ar_repeat", SNIC_A_AR, SNIC_A_AR_REPEAT, 0),
	OPT_U32("ar_recovery", SNIC_A_AR, SNIC_A_AR_RECOVERY_HOLD, 0),
	OPT_U32("ar_min_gap", SNIC_A_AR, SNIC_A_AR_MIN_GAP, 0),
	OPT_ENUM("ar_detect", SNIC_A_AR, SNIC_A_AR_DETECT, detects),
	OPT_PAIR("ar_util_thr", SNIC_A_AR, SNIC_A_AR_UTIL_SET_LEVEL,
		 SNIC_A_AR_UTIL_CLEAR_LEVEL, ':', 255, "ar_util_thr_set",
		 "ar_util_thr_clear"),
	OPT_PAIR("ar_util_samples", SNIC_A_AR, SNIC_A_AR_UTIL_SET_SAMPLES,
		 SNIC_A_AR_UTIL_CLEAR_SAMPLES, ':', 255,
		 "ar_util_samples_set", "ar_util_samples_clear"),
	{ .kw = "ar_detour_sc2sc", .key = "ar_detour_sc2sc", .nest = SNIC_A_AR,
	  .attr = SNIC_A_AR_DETOUR_SC2SC, .parse = detour_opt,
	  .show = detour_show },
	OPT_ENUM("ar_intm", SNIC_A_AR, SNIC_A_AR_INTM, snic_intm_names),
	{ 0 }
};

/* enum snic_ar_port_kind's values */
static const char *const port_kinds[] = { "none", "global", "local", NULL };

/* A port's kind and peer, shown when it has a kind. */
static void port_ar_show(const struct opt *o, const struct opt_info *i)
{
	const struct snic_port_info *p = opt_info_of(i, o->nest);

	if (!p->ar_kind || p->ar_kind > SNIC_AR_PORT_KIND_LOCAL)
		return;
	out_str("ar_kind", " ar_kind %s", port_kinds[p->ar_kind]);
	out_u64("ar_peer", " ar_peer %llu", p->ar_peer);
}

/* The kernel takes the two together (port.c checks that both are given). */
const struct opt ar_port_opts[] = {
	{ .kw = "ar_kind", .nest = SNIC_A_PORT, .attr = SNIC_A_PORT_AR_KIND,
	  .parse = opt_enum, .names = port_kinds, .show = port_ar_show },
	OPT_SET("ar_peer", SNIC_A_PORT, SNIC_A_PORT_AR_PEER, 0xffff),
	OPT_SHOW("ar_level", SNIC_A_PORT, SNIC_A_PORT_AR_LEVEL),
	OPT_SHOW("ar_congested", SNIC_A_PORT, SNIC_A_PORT_AR_CONGESTED),
	OPT_SHOW("ar_util", SNIC_A_PORT, SNIC_A_PORT_AR_UTIL),
	OPT_SHOW("ar_above", SNIC_A_PORT, SNIC_A_PORT_AR_ABOVE),
	OPT_SHOW("ar_below", SNIC_A_PORT, SNIC_A_PORT_AR_BELOW),
	OPT_SHOW("ar_failed", SNIC_A_PORT, SNIC_A_PORT_AR_FAILED),
	OPT_SHOW("ar_up_us", SNIC_A_PORT, SNIC_A_PORT_AR_UP_US),
	{ 0 }
};

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

static int print_bpt(const struct snic_bpt_info *b, void *arg)
{
	char l0[24], l1[24];
	int i;

	(void)arg;
	out_begin_obj();
	out_u64("dlid", "dlid %llu", b->dlid);
	if (b->last != b->dlid || opt_json)
		out_u64("last", " last %llu", b->last);
	out_u64("cur", " cur %llu", b->cur);
	for (i = 0; i < b->n; i++) {
		const struct snic_bpt_cand *c = &b->cand[i];
		char key[16], fmt[24], val[96], pen[16];

		snic_link_format(c->link[0], l0, sizeof(l0));
		snic_link_format(c->link[1], l1, sizeof(l1));
		if (c->penalty == 0xffffffffu)
			snprintf(pen, sizeof(pen), "failed");
		else
			snprintf(pen, sizeof(pen), "+%u", c->penalty);
		snprintf(val, sizeof(val), "%u:%u:%s:%s:%s:%s", c->port,
			 c->cost, c->global ? "g" : c->detour ? "d" : "l", l0,
			 l1, pen);
		snprintf(key, sizeof(key), "c%d", i);
		snprintf(fmt, sizeof(fmt), " c%d %%s", i);
		out_str(key, fmt, val);
	}
	/* each flow bucket's candidate, "-" for one not used yet */
	if (opt_json) {
		out_table("flows", b->flows, 16);
	} else {
		char fl[40];

		for (i = 0; i < 16; i++)
			fl[i] = b->flows[i] < 10 ? '0' + b->flows[i] : '-';
		fl[16] = 0;
		out_str("flows", " flows %s", fl);
	}
	out_end_obj();
	return 0;
}

/* Candidates are not counted here: the kernel refuses more than 8. */
static int bpt_set(int argc, char **argv, bool del)
{
	uint32_t sw, dlid, last, v;
	struct snic_bpt_cand *c;
	int i, n = 0, err;
	char *dash;

	if (argc < 3 || strcmp(argv[1], "dlid") || dev_index(argv[0], &sw) ||
	    (del && argc != 3))
		goto usage;
	/* DLID or FIRST-LAST */
	dash = strchr(argv[2], '-');
	if (dash)
		*dash = 0;
	if (parse_u32(argv[2], &dlid) ||
	    (dash && parse_u32(dash + 1, &last)))
		goto usage;
	if (!dash)
		last = dlid;
	c = calloc(argc, sizeof(*c));
	if (!c)
		return 1;
	for (i = 3; i < argc; i++, n++) {
		char *tok[5] = { 0 }, *save = NULL, *t;
		int k = 0;

		for (t = strtok_r(argv[i], ":", &save); t && k < 5;
		     t = strtok_r(NULL, ":", &save))
			tok[k++] = t;
		if (k < 3 || parse_u32(tok[0], &v) || v > 255)
			goto bad;
		c[n].port = v;
		if (parse_u32(tok[1], &v) || v > 0xffff)
			goto bad;
		c[n].cost = v;
		if (strcmp(tok[2], "g") && strcmp(tok[2], "l") &&
		    strcmp(tok[2], "d"))
			goto bad;
		c[n].global = !strcmp(tok[2], "g");
		c[n].detour = !strcmp(tok[2], "d");
		if ((tok[3] && !(c[n].link[0] = snic_link_parse(tok[3]))) ||
		    (tok[4] && !(c[n].link[1] = snic_link_parse(tok[4]))))
			goto bad;
	}
	err = snic_bpt_set(sw, dlid, last, c, n);
	free(c);
	return err ? 1 : 0;
bad:
	free(c);
usage:
	fprintf(stderr, "Usage: snicctl bpt set SW dlid DLID[-LAST] PORT:COST:g|l|d[:LINK[:LINK]]... (up to 8)\n"
		"       snicctl bpt del SW dlid DLID[-LAST]\n"
		"       g: global first link, l: local, d: an in-group detour\n"
		"       LINK: gSWITCH.PEERGROUP.INDEX or lFROM.TO\n");
	return 1;
}

int do_bpt(int argc, char **argv)
{
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
	out_begin_list();
	err = snic_bpt_get(ifindex, print_bpt, NULL);
	out_end_list();
	return err ? 1 : 0;
}

static int print_link(const struct snic_ar_link_info *l, void *arg)
{
	(void)arg;
	out_begin_obj();
	out_str("kind", "%s", l->global ? "global" : "local");
	out_u64("switch", " switch %llu", l->sw);
	out_u64(l->global ? "peer_group" : "to_switch",
		l->global ? " peer_group %llu" : " to_switch %llu", l->peer);
	if (l->global)
		out_u64("index", " index %llu", l->index);
	out_str("state", " state %s",
		l->state == SNIC_AR_LINK_STATE_FAILED ? "failed" : "congested");
	out_u64("metric", " metric %llu", l->metric);
	out_u64("expires_us", " expires_us %llu", l->expires_us);
	out_end_obj();
	return 0;
}

int do_ar(int argc, char **argv)
{
	uint32_t ifindex;
	int err;

	if (argc != 2 || strcmp(argv[0], "links")) {
		fprintf(stderr, "Usage: snicctl ar links SW\n");
		return 1;
	}
	if (dev_index(argv[1], &ifindex))
		return 1;
	out_begin_list();
	err = snic_ar_link_get(ifindex, print_link, NULL);
	out_end_list();
	return err ? 1 : 0;
}
