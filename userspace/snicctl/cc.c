// SPDX-License-Identifier: GPL-2.0
/*
 * CCA at a NIC.
 * Options of "dev set" (a snic):
 *   cc_pacing 0|1      react to BECNs (pace per DLID)
 *   ccti_increase N    CCTI added per BECN
 *   ccti_timer N       CCTI -1 every N x 1.024 us (fabric time); 0: never
 *   ccti_trigger N     CCTI that writes the congestion log
 *   ccti_min N, ccti_limit N
 *   cc_tracked N       DLIDs tracked (LRU)
 *   becn_window NS     BECN coalescing window, fabric ns
 *   cct E0,E1,...      the Congestion Control Table, entries shift:mult
 *                      (or a u16 shift << 14 | mult); entry 0 first
 * snicctl cc show DEV  the tracked DLIDs: CCTI, IPD, BECNs, paced packets
 * snicctl cc log DEV   the congestion log, newest first
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <netlink/attr.h>

#include "snicctl.h"

static const struct { const char *kw; int attr, bytes; } cc_opts[] = {
	{ "cc_pacing", SNIC_A_CC_PACING, 1 },
	{ "ccti_increase", SNIC_A_CC_INCREASE, 2 },
	{ "ccti_timer", SNIC_A_CC_TIMER, 2 },
	{ "ccti_trigger", SNIC_A_CC_TRIGGER, 2 },
	{ "ccti_min", SNIC_A_CC_MIN, 2 },
	{ "ccti_limit", SNIC_A_CC_LIMIT, 2 },
	{ "cc_tracked", SNIC_A_CC_MAX_TRACKED, 4 },
	{ "becn_window", SNIC_A_CC_WINDOW, 4 },
};

static int cct_opt(struct nl_msg *msg, char *val)
{
	static uint16_t cct[1984];
	char *tok, *save = NULL, *colon;
	uint32_t sh, mult;
	int n = 0;

	for (tok = strtok_r(val, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		if (n >= 1984)
			return -1;
		colon = strchr(tok, ':');
		if (colon) {
			*colon = 0;
			if (parse_u32(tok, &sh) || sh > 3 ||
			    parse_u32(colon + 1, &mult) || mult > 0x3fff)
				return -1;
			cct[n++] = sh << 14 | mult;
		} else {
			if (parse_u32(tok, &mult) || mult > 0xffff)
				return -1;
			cct[n++] = mult;
		}
	}
	nla_put(msg, SNIC_A_CC_CCT, n * sizeof(cct[0]), cct);
	return 1;
}

/* 1: @key was a CCA option (put), 0: not one, -1: a bad value. */
int cc_opt(struct nl_msg *msg, const char *key, char *val)
{
	uint32_t v;
	size_t i;

	if (!strcmp(key, "cct"))
		return cct_opt(msg, val);
	for (i = 0; i < sizeof(cc_opts) / sizeof(cc_opts[0]); i++) {
		if (strcmp(key, cc_opts[i].kw))
			continue;
		if (parse_u32(val, &v) ||
		    (cc_opts[i].bytes == 1 && v > 0xff) ||
		    (cc_opts[i].bytes == 2 && v > 0xffff))
			return -1;
		if (cc_opts[i].bytes == 1)
			nla_put_u8(msg, cc_opts[i].attr, v);
		else if (cc_opts[i].bytes == 2)
			nla_put_u16(msg, cc_opts[i].attr, v);
		else
			nla_put_u32(msg, cc_opts[i].attr, v);
		return 1;
	}
	return 0;
}

void cc_print(struct nlattr **tb)
{
	size_t i;

	for (i = 0; i < sizeof(cc_opts) / sizeof(cc_opts[0]); i++) {
		const struct nlattr *a = tb[cc_opts[i].attr];
		char fmt[40];

		if (!a)
			continue;
		snprintf(fmt, sizeof(fmt), " %s %%llu", cc_opts[i].kw);
		out_u64(cc_opts[i].kw, fmt, cc_opts[i].bytes == 1 ? nla_get_u8(a) :
			cc_opts[i].bytes == 2 ? nla_get_u16(a) : nla_get_u32(a));
	}
	if (tb[SNIC_A_CC_TRACKED])
		out_u64("cc_dlids", " cc_dlids %llu",
			nla_get_u32(tb[SNIC_A_CC_TRACKED]));
	if (tb[SNIC_A_CC_LATE_NS])
		out_u64("cc_timer_late_ns", " cc_timer_late_ns %llu",
			nla_get_u64(tb[SNIC_A_CC_LATE_NS]));
	if (tb[SNIC_A_CC_LATE_N]) {
		out_u64("cc_timer_wakeups", " cc_timer_wakeups %llu",
			nla_get_u64(tb[SNIC_A_CC_LATE_N]));
		out_u64("cc_timer_late_p50_ns", " cc_timer_late_p50_ns %llu",
			nla_get_u64(tb[SNIC_A_CC_LATE_P50]));
		out_u64("cc_timer_late_p99_ns", " cc_timer_late_p99_ns %llu",
			nla_get_u64(tb[SNIC_A_CC_LATE_P99]));
		out_u64("cc_timer_late_max_ns", " cc_timer_late_max_ns %llu",
			nla_get_u64(tb[SNIC_A_CC_LATE_MAX]));
	}
}

static int print_entry(struct nl_msg *msg, void *arg)
{
	struct nlattr *tb[SNIC_A_MAX + 1];
	bool log = *(bool *)arg;

	if (genlmsg_parse(nlmsg_hdr(msg), 0, tb, SNIC_A_MAX, NULL) ||
	    !tb[SNIC_A_DLID] || !tb[SNIC_A_CC_CCTI])
		return NL_SKIP;
	out_begin_obj();
	if (log && tb[SNIC_A_CC_TIME])
		out_u64("time_ns", "time_ns %llu ",
			nla_get_u64(tb[SNIC_A_CC_TIME]));
	out_u64("dlid", "dlid %llu", nla_get_u32(tb[SNIC_A_DLID]));
	out_u64("ccti", " ccti %llu", nla_get_u32(tb[SNIC_A_CC_CCTI]));
	if (log && tb[SNIC_A_CC_SL])
		out_u64("sl", " sl %llu", nla_get_u8(tb[SNIC_A_CC_SL]));
	if (tb[SNIC_A_CC_IPD])
		out_u64("ipd_ns", " ipd_ns %llu", nla_get_u64(tb[SNIC_A_CC_IPD]));
	if (tb[SNIC_A_CC_BECN])
		out_u64("becn", " becn %llu", nla_get_u64(tb[SNIC_A_CC_BECN]));
	if (tb[SNIC_A_CC_PACED])
		out_u64("paced", " paced %llu", nla_get_u64(tb[SNIC_A_CC_PACED]));
	if (tb[SNIC_A_CC_EARLY])
		out_u64("early", " early %llu", nla_get_u64(tb[SNIC_A_CC_EARLY]));
	if (tb[SNIC_A_CC_BECN_FIRST_AGE])
		out_u64("becn_first_age_ns", " becn_first_age_ns %llu",
			nla_get_u64(tb[SNIC_A_CC_BECN_FIRST_AGE]));
	if (tb[SNIC_A_CC_BECN_LAST_AGE])
		out_u64("becn_last_age_ns", " becn_last_age_ns %llu",
			nla_get_u64(tb[SNIC_A_CC_BECN_LAST_AGE]));
	out_end_obj();
	return NL_OK;
}

int do_cc(int argc, char **argv)
{
	struct nl_msg *msg;
	uint32_t ifindex;
	bool log;
	int err;

	if (argc != 2 || (strcmp(argv[0], "show") && strcmp(argv[0], "log"))) {
		fprintf(stderr, "Usage: snicctl cc show|log DEV\n");
		return 1;
	}
	log = !strcmp(argv[0], "log");
	if (dev_index(argv[1], &ifindex))
		return 1;
	msg = nl_new(log ? SNIC_CMD_CC_LOG_GET : SNIC_CMD_CC_DLID_GET, true);
	nla_put_u32(msg, SNIC_A_IFINDEX, ifindex);
	out_begin_list();
	err = nl_run(msg, print_entry, &log, log ? "cc log" : "cc show");
	out_end_list();
	return err ? 1 : 0;
}
