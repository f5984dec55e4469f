// SPDX-License-Identifier: GPL-2.0
/*
 * snicctl monitor [-j] [-n NETNS] [count N] [ready]
 *
 * The events of the current namespace's snic devices, one line each as
 * they come (as ip monitor prints), or one JSON object per line (-j):
 *
 *   p1: vl-congested lid 0x10000 port 1 vl 0 ftime 771234
 *   snic0: ccti-above lid 0x1 dlid 0x2 sl 0 ccti 12 threshold 10 ftime ...
 *   sw0: arn-tx failed metric 255 group 0 origin 0 local 0:1 seq 7 ...
 *   p3: arn-rx failed ... port 3 res applied
 *   sw0: bpt-path dlid 0x2..0x2 cand 0->1 port 2->3 why monitor
 *   p2: link-down lid 0x10000 port 2
 *
 * count N: stop after N events. ready: say "ready" on stderr once
 * listening (a script starts what it watches after that). Any user may
 * listen (the same state is readable without privilege).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "snicctl.h"

static const char *const ev_type[] = {
	[SNIC_EVENT_TYPE_VL_CONGESTED] = "vl-congested",
	[SNIC_EVENT_TYPE_VL_UNCONGESTED] = "vl-uncongested",
	[SNIC_EVENT_TYPE_CCTI_ABOVE] = "ccti-above",
	[SNIC_EVENT_TYPE_CCTI_BELOW] = "ccti-below",
	[SNIC_EVENT_TYPE_ARN_TX] = "arn-tx",
	[SNIC_EVENT_TYPE_ARN_RX] = "arn-rx",
	[SNIC_EVENT_TYPE_BPT_PATH] = "bpt-path",
	[SNIC_EVENT_TYPE_LINK_UP] = "link-up",
	[SNIC_EVENT_TYPE_LINK_DOWN] = "link-down",
};

static const char *const arn_type[] = {
	[1] = "congested", [2] = "eliminated", [3] = "failed",
	[4] = "recovered",
};

static const char *const arn_res[] = {
	[0] = "applied", [1] = "refreshed", [2] = "stale", [3] = "full",
};

static const char *const bpt_why[] = {
	[SNIC_BPT_WHY_ARN] = "arn", [SNIC_BPT_WHY_MONITOR] = "monitor",
	[SNIC_BPT_WHY_EXPIRY] = "expiry", [SNIC_BPT_WHY_CONFIG] = "config",
};

#define NAME(tab, v)							\
	((v) < sizeof(tab) / sizeof(tab[0]) && (tab)[v] ? (tab)[v] : NULL)

static bool has(const struct snic_event_info *e, int a)
{
	return e->has & (1ULL << a);
}

/* A named value (its name, or its number when it has none). */
static void out_name(const struct snic_event_info *e, int a, const char *k,
		     const char *fmt, const char *name)
{
	char num[24];

	if (!has(e, a))
		return;
	if (!name) {
		snprintf(num, sizeof(num), "%" PRIu64, e->v[a]);
		name = num;
	}
	out_str(k, fmt, name);
}

static void out_opt(const struct snic_event_info *e, int a, const char *k,
		    const char *fmt)
{
	if (has(e, a))
		out_u64(k, fmt, e->v[a]);
}

static void out_cand(const struct snic_event_info *e, int a, const char *k,
		     const char *fmt)
{
	if (has(e, a))
		out_s64(k, fmt, (int32_t)(uint32_t)e->v[a]);
}

/* One print path for both outputs; keys are the spec's names. */
static int print_event(const struct snic_event_info *e, void *arg)
{
	uint64_t t = e->v[SNIC_A_EVENT_TYPE];

	(void)arg;
	out_reset();
	out_begin_obj();
	out_str("ifname", "%s:", e->ifname);
	out_u64("ifindex", "", e->ifindex);
	out_name(e, SNIC_A_EVENT_TYPE, "type", " %s", NAME(ev_type, t));
	out_name(e, SNIC_A_EVENT_ARN_TYPE, "arn-type", " %s",
		 NAME(arn_type, e->v[SNIC_A_EVENT_ARN_TYPE]));
	out_opt(e, SNIC_A_EVENT_LID, "lid", " lid 0x%" PRIx64);
	if (!has(e, SNIC_A_EVENT_PORT_OLD))
		out_opt(e, SNIC_A_EVENT_PORT, "port", " port %" PRIu64);
	out_opt(e, SNIC_A_EVENT_VL, "vl", " vl %" PRIu64);
	out_opt(e, SNIC_A_EVENT_DLID, "dlid", " dlid 0x%" PRIx64);
	out_opt(e, SNIC_A_EVENT_LAST, "last", "..0x%" PRIx64);
	out_opt(e, SNIC_A_EVENT_SL, "sl", " sl %" PRIu64);
	out_opt(e, SNIC_A_EVENT_CCTI, "ccti", " ccti %" PRIu64);
	out_opt(e, SNIC_A_EVENT_THRESHOLD, "threshold",
		" threshold %" PRIu64);
	out_opt(e, SNIC_A_EVENT_METRIC, "metric", " metric %" PRIu64);
	out_opt(e, SNIC_A_EVENT_GROUP, "group", " group %" PRIu64);
	out_opt(e, SNIC_A_EVENT_ORIGIN, "origin", " origin %" PRIu64);
	if (has(e, SNIC_A_EVENT_LINK_A)) {
		bool global = has(e, SNIC_A_EVENT_GLOBAL);

		out_str("link", global ? " global" : " local",
			global ? "global" : "local");
		out_u64("link-a", " %" PRIu64, e->v[SNIC_A_EVENT_LINK_A]);
		out_u64("link-b", ":%" PRIu64, e->v[SNIC_A_EVENT_LINK_B]);
	}
	out_opt(e, SNIC_A_EVENT_SEQ, "seq", " seq %" PRIu64);
	if (has(e, SNIC_A_EVENT_RELAY))
		out_num("relay", " relayed", "true");
	out_opt(e, SNIC_A_EVENT_PORTS, "ports", " ports 0x%" PRIx64);
	out_name(e, SNIC_A_EVENT_RES, "res", " res %s",
		 NAME(arn_res, e->v[SNIC_A_EVENT_RES]));
	out_cand(e, SNIC_A_EVENT_CAND_OLD, "cand-old", " cand %lld");
	out_cand(e, SNIC_A_EVENT_CAND, "cand", "->%lld");
	if (has(e, SNIC_A_EVENT_PORT_OLD)) {
		out_u64("port-old", " port %" PRIu64,
			e->v[SNIC_A_EVENT_PORT_OLD]);
		out_opt(e, SNIC_A_EVENT_PORT, "port", "->%" PRIu64);
	}
	out_name(e, SNIC_A_EVENT_WHY, "why", " why %s",
		 NAME(bpt_why, e->v[SNIC_A_EVENT_WHY]));
	out_opt(e, SNIC_A_EVENT_FTIME, "ftime", " ftime %" PRIu64);
	out_end_obj();
	if (opt_json)
		putchar('\n');
	fflush(stdout);
	return 0;
}

static void say_ready(void *arg)
{
	(void)arg;
	fprintf(stderr, "ready\n");
}

int do_monitor(int argc, char **argv)
{
	unsigned long count = 0;
	bool ready = false;
	uint32_t n;
	int i;

	for (i = 0; i < argc; i++) {
		if (!strcmp(argv[i], "count")) {
			if (i + 1 >= argc || parse_u32(argv[i + 1], &n)) {
				fprintf(stderr, "Error: monitor: count needs a number of events, 0..%u (0: no end; not \"%s\")\n",
					UINT32_MAX, i + 1 < argc ? argv[i + 1] : "");
				return 1;
			}
			count = n;
			i++;
		} else if (!strcmp(argv[i], "ready")) {
			ready = true;
		} else if (!strcmp(argv[i], "-j")) {
			opt_json = true;
		} else if (!strcmp(argv[i], "-n") && i + 1 < argc) {
			if (enter_netns(argv[++i]))
				return 1;
		} else {
			fprintf(stderr, "Error: monitor: unknown \"%s\"\n",
				argv[i]);
			return 1;
		}
	}
	return snic_events(print_event, NULL, count, ready ? say_ready : NULL,
			   NULL) < 0;
}
