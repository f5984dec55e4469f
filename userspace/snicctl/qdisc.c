// SPDX-License-Identifier: GPL-2.0
/*
 * snicctl qdisc show DEV: the sch_snic qdiscs of DEV with their per-VL
 * xstats (tc does not know how to decode them).
 * snicctl qdisc set DEV [limit N] [rate RATE] [sc2vl V0,...] [vlarb W0,...]
 *                       [hoq USEC] [dilation D] [sync USEC]
 *                       [latency NS]: change the
 * root sch_snic qdisc of DEV (tc cannot pass its options); "qdisc add"
 * takes the same options and creates (or replaces) it. RATE takes
 * tc's units: bit kbit mbit gbit (bits/s) or bps kbps mbps gbps (bytes/s).
 * vlarb gives the data VLs' weights in 64-byte units, VL 0 first (VLs not
 * named keep the default, 64). latency is the link's propagation delay in
 * fabric nanoseconds (0: none).
 * Congestion marking: [cc_thr T|T0,...] [cc_buf BYTES] [cc_pkt N64|N0,...]
 * [cc_rate N|N0,...] [cc_victim 0|1]; one value applies to every data VL,
 * a list gives each VL's (VL 0 first; VLs not named 0).
 * snicctl qdisc nic DEV [limit N]: a NIC's TX queues as "fabric up" makes
 * them, mq with a pfifo of N packets (1000) under it on each: a queue
 * whose head waits for the pacer keeps what waits behind it, where an
 * AQM (fq_codel, Debian's default) would drop it.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/gen_stats.h>
#include <linux/pkt_sched.h>
#include <linux/rtnetlink.h>
#include <linux/sch_snic.h>
#include <netlink/attr.h>
#include <netlink/msg.h>

#include "snicctl.h"

#define QDISC_OPTS "[limit N] [rate RATE] [sc2vl V0,...] [vlarb W0,...] " \
		   "[hoq USEC] [dilation D] [sync USEC] [cc_thr T|T0,...] " \
		   "[cc_buf BYTES] [cc_pkt N64|N0,...] [cc_rate N|N0,...] " \
		   "[cc_victim 0|1] [latency NS]"

/* A per-VL u16 setting: the data VLs' values of @vl, else @one's. */
static void u16_table(const char *key, struct nlattr *vl, struct nlattr *one)
{
	uint64_t v[TC_SNIC_VL_MGMT];
	const uint16_t *t;
	int i;

	if (vl && nla_len(vl) == TC_SNIC_NUM_VLS * sizeof(uint16_t)) {
		t = nla_data(vl);
		for (i = 0; i < TC_SNIC_VL_MGMT; i++)
			v[i] = t[i];
		out_u64_list(key, v, TC_SNIC_VL_MGMT);
	} else if (one) {
		v[0] = nla_get_u16(one);
		out_u64_list(key, v, 1);
	}
}

/* qdisc show's device, and whether it has a sch_snic */
struct qdisc_show {
	uint32_t ifindex;
	bool found;
};

static int print_qdisc(struct nl_msg *msg, void *arg)
{
	struct nlmsghdr *nlh = nlmsg_hdr(msg);
	struct nlattr *tb[TCA_MAX + 1], *st[TCA_STATS_MAX + 1];
	struct nlattr *opt[TCA_SNIC_MAX + 1];
	struct tcmsg *tcm = nlmsg_data(nlh);
	const struct tc_snic_xstats *x;
	struct qdisc_show *q = arg;
	char name[32];
	int i;

	if (nlh->nlmsg_type != RTM_NEWQDISC || (uint32_t)tcm->tcm_ifindex != q->ifindex)
		return NL_OK;
	if (nlmsg_parse(nlh, sizeof(*tcm), tb, TCA_MAX, NULL) || !tb[TCA_KIND] ||
	    strcmp(nla_get_string(tb[TCA_KIND]), "snic"))
		return NL_OK;
	q->found = true;
	out_begin_obj();
	out_hex("handle", "qdisc snic %llx:", tcm->tcm_handle >> 16);
	if (tb[TCA_OPTIONS] &&
	    !nla_parse_nested(opt, TCA_SNIC_MAX, tb[TCA_OPTIONS], NULL)) {
		if (opt[TCA_SNIC_LIMIT])
			out_u64("limit", " limit %llu",
				nla_get_u32(opt[TCA_SNIC_LIMIT]));
		if (opt[TCA_SNIC_HOQ_LIFE])
			out_u64("hoq_us", " hoq %llu",
				nla_get_u32(opt[TCA_SNIC_HOQ_LIFE]));
		if (opt[TCA_SNIC_LATENCY])
			out_u64("latency_ns", " latency %llu",
				nla_get_u32(opt[TCA_SNIC_LATENCY]));
		if (opt[TCA_SNIC_VLARB] &&
		    nla_len(opt[TCA_SNIC_VLARB]) == TC_SNIC_NUM_VLS)
			out_table("vlarb", nla_data(opt[TCA_SNIC_VLARB]),
				  TC_SNIC_VL_MGMT);
		if (opt[TCA_SNIC_SC2VL] &&
		    nla_len(opt[TCA_SNIC_SC2VL]) == TC_SNIC_NUM_SC)
			out_table("sc2vl", nla_data(opt[TCA_SNIC_SC2VL]),
				  TC_SNIC_NUM_SC);
		if (opt[TCA_SNIC_CC_THRESHOLD] &&
		    nla_len(opt[TCA_SNIC_CC_THRESHOLD]) == TC_SNIC_NUM_VLS)
			out_table("cc_thr", nla_data(opt[TCA_SNIC_CC_THRESHOLD]),
				  TC_SNIC_VL_MGMT);
		if (opt[TCA_SNIC_CC_BUF])
			out_u64("cc_buf", " cc_buf %llu",
				nla_get_u32(opt[TCA_SNIC_CC_BUF]));
		u16_table("cc_pkt", opt[TCA_SNIC_CC_VL_PKT_SIZE],
			  opt[TCA_SNIC_CC_PKT_SIZE]);
		u16_table("cc_rate", opt[TCA_SNIC_CC_VL_MARK_RATE],
			  opt[TCA_SNIC_CC_MARK_RATE]);
		if (opt[TCA_SNIC_CC_VICTIM])
			out_u64("cc_victim", " cc_victim %llu",
				nla_get_u8(opt[TCA_SNIC_CC_VICTIM]));
		out_nl();
	}
	if (!tb[TCA_STATS2] ||
	    nla_parse_nested(st, TCA_STATS_MAX, tb[TCA_STATS2], NULL) ||
	    !st[TCA_STATS_APP] ||
	    nla_len(st[TCA_STATS_APP]) < (int)sizeof(*x)) {
		out_end_obj();
		return NL_OK;
	}
	x = nla_data(st[TCA_STATS_APP]);
	out_u64("not_16b", " not_16b %llu", x->not_16b);
	if (nla_len(st[TCA_STATS_APP]) >= (int)sizeof(*x)) {
		out_u64("rate", " rate %llu", x->rate);
		out_u64("throttled", " throttled %llu", x->throttled);
		out_u64("unthrottle_latency_ns", " unthrottle_latency_ns %llu",
			x->unthrottle_latency_ns);
	}
	for (i = 0; i < TC_SNIC_NUM_VLS && i < (int)x->num_vls; i++) {
		const struct tc_snic_vl_xstats *v = &x->vl[i];

		if (!v->enqueued && !v->drops && !x->vlc[i].gated)
			continue;
		snprintf(name, sizeof(name), "vl%d", i);
		out_begin_sub(name);
		out_u64("enqueued", " enqueued %llu", v->enqueued);
		out_u64("dequeued", " dequeued %llu", v->dequeued);
		out_u64("bytes", " bytes %llu", v->bytes);
		out_u64("drops", " drops %llu", v->drops);
		out_u64("qlen", " qlen %llu", v->qlen);
		out_u64("qlen_max", " qlen_max %llu", v->qlen_max);
		out_u64("hoq_discards", " hoq_discards %llu", v->hoq_discards);
		if (x->vlc[i].gated) {
			out_s64("credits", " credits %lld",
				x->vlc[i].credits);
			out_u64("credit_stalls", " credit_stalls %llu",
				x->vlc[i].stalls);
			out_u64("credit_stall_ns", " credit_stall_ns %llu",
				x->vlc[i].stall_ns);
		}
		out_u64("credits_sent", " credits_sent %llu", x->vlc[i].tbs);
		out_u64("fecn_marked", " fecn_marked %llu", x->vlcc[i].marked);
		out_u64("mark_skipped", " mark_skipped %llu", x->vlcc[i].skipped);
		out_u64("congested", " congested %llu", x->vlcc[i].congested);
		out_u64("congested_ns", " congested_ns %llu",
			x->vlcc[i].congested_ns);
		out_u64("backlog", " backlog %llu", x->vlcc[i].backlog);
		out_u64("backlog_max", " backlog_max %llu",
			x->vlcc[i].backlog_max);
		out_u64("victim", " victim %llu", x->vlcc[i].victim);
		out_end_sub();
	}
	out_u64("dilation", " dilation %llu", x->dilation);
	out_u64("credit_updates", " credit_updates %llu", x->credit_updates);
	out_u64("sync_sent", " sync_sent %llu", x->sync_sent);
	out_u64("credit_timeouts", " credit_timeouts %llu", x->credit_timeouts);
	out_u64("flushed", " flushed %llu", x->flushed);
	out_u64("mark_failed", " mark_failed %llu", x->mark_failed);
	out_u64("sent_16b", " sent_16b %llu", x->sent_16b);
	out_u64("epoch", " epoch %llu", x->epoch);
	out_u64("hello", " hello %llu", x->hello);
	out_u64("credit_stale", " credit_stale %llu", x->credit_stale);
	out_u64("credit_rebases", " credit_rebases %llu", x->credit_rebases);
	out_u64("sync_repeats", " sync_repeats %llu", x->sync_repeats);
	out_u64("stamp_failed", " stamp_failed %llu", x->stamp_failed);
	out_u64("held_over", " held_over %llu", x->held_over);
	out_u64("hello_fallbacks", " hello_fallbacks %llu",
		x->hello_fallbacks);
	out_u64("credit_restarts", " credit_restarts %llu",
		x->credit_restarts);
	out_u64("in_flight", " in_flight %llu", x->in_flight);
	out_u64("in_flight_16b", " in_flight_16b %llu", x->in_flight_16b);
	out_u64("flight_full", " flight_full %llu", x->flight_full);
	if (x->late.n) {
		out_begin_sub("late");
		out_u64("frames", " frames %llu", x->late.n);
		out_u64("p50_ns", " p50_ns %llu", x->late.p50);
		out_u64("p99_ns", " p99_ns %llu", x->late.p99);
		out_u64("max_ns", " max_ns %llu", x->late.max);
		out_u64("over", " over %llu", x->late.over);
		out_end_sub();
	}
	out_end_obj();
	return NL_OK;
}

/* Puts @c's options in @msg; -1 if they do not fit. */
static int qdisc_opts(struct nl_msg *msg, const struct qdisc_cfg *c)
{
	struct nlattr *opts = nla_nest_start(msg, TCA_OPTIONS);

	if (!opts ||
	    (c->has_limit && nla_put_u32(msg, TCA_SNIC_LIMIT, c->limit)) ||
	    (c->has_sc2vl &&
	     nla_put(msg, TCA_SNIC_SC2VL, sizeof(c->sc2vl), c->sc2vl)) ||
	    (c->has_rate && nla_put_u64(msg, TCA_SNIC_RATE, c->rate)) ||
	    (c->has_vlarb &&
	     nla_put(msg, TCA_SNIC_VLARB, sizeof(c->vlarb), c->vlarb)) ||
	    (c->has_hoq && nla_put_u32(msg, TCA_SNIC_HOQ_LIFE, c->hoq_us)) ||
	    (c->has_dilation &&
	     nla_put_u32(msg, TCA_SNIC_DILATION, c->dilation)) ||
	    (c->has_sync && nla_put_u32(msg, TCA_SNIC_SYNC_PERIOD, c->sync_us)) ||
	    (c->has_cc_thr &&
	     nla_put(msg, TCA_SNIC_CC_THRESHOLD, sizeof(c->cc_thr), c->cc_thr)) ||
	    (c->has_cc_buf && nla_put_u32(msg, TCA_SNIC_CC_BUF, c->cc_buf)) ||
	    (c->has_cc_pkt && nla_put_u16(msg, TCA_SNIC_CC_PKT_SIZE, c->cc_pkt)) ||
	    (c->has_cc_rate &&
	     nla_put_u16(msg, TCA_SNIC_CC_MARK_RATE, c->cc_rate)) ||
	    (c->has_cc_victim && nla_put_u8(msg, TCA_SNIC_CC_VICTIM, c->cc_victim)) ||
	    (c->has_cc_vl_pkt && nla_put(msg, TCA_SNIC_CC_VL_PKT_SIZE,
					 sizeof(c->cc_vl_pkt), c->cc_vl_pkt)) ||
	    (c->has_cc_vl_rate && nla_put(msg, TCA_SNIC_CC_VL_MARK_RATE,
					  sizeof(c->cc_vl_rate), c->cc_vl_rate)) ||
	    (c->has_latency && nla_put_u32(msg, TCA_SNIC_LATENCY, c->latency_ns)))
		return -1;
	nla_nest_end(msg, opts);
	return 0;
}

int qdisc_set(uint32_t ifindex, const struct qdisc_cfg *c, bool create)
{
	struct tcmsg tcm = { .tcm_family = AF_UNSPEC, .tcm_parent = TC_H_ROOT,
			     .tcm_ifindex = ifindex };
	struct nl_msg *msg;

	/* u16 and u8 on the wire: never cut short silently */
	if ((c->has_cc_pkt && c->cc_pkt > 0xffff) ||
	    (c->has_cc_rate && c->cc_rate > 0xffff) ||
	    (c->has_cc_victim && c->cc_victim > 0xff)) {
		fprintf(stderr, "Error: qdisc set: cc_pkt and cc_rate are 0..65535, cc_victim 0..255\n");
		return -ERANGE;
	}
	msg = nlmsg_alloc_simple(RTM_NEWQDISC,
				 create ? NLM_F_CREATE | NLM_F_REPLACE : 0);
	if (!msg || nlmsg_append(msg, &tcm, sizeof(tcm), NLMSG_ALIGNTO) ||
	    nla_put_string(msg, TCA_KIND, "snic") || qdisc_opts(msg, c)) {
		fprintf(stderr, "Error: qdisc set: out of memory\n");
		nlmsg_free(msg);
		return -ENOMEM;
	}
	return snic_route_run(msg, NULL, NULL, "qdisc set");
}

/* "V0,V1,..." into @t[@max], zeroed first; -1: a bad value, or too many. */
static int byte_list(char *s, uint8_t *t, int max, int *n)
{
	char *tok, *save = NULL;
	uint32_t v;

	memset(t, 0, max);
	*n = 0;
	for (tok = strtok_r(s, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		if (*n >= max || parse_u32(tok, &v) || v > 255)
			return -1;
		t[(*n)++] = v;
	}
	return 0;
}

/* "V0,V1,..." of u16 into @t, VLs not named 0; -1: bad, or too many. */
static int u16_list(char *s, uint16_t *t)
{
	char *tok, *save = NULL;
	uint32_t v;
	int n = 0;

	memset(t, 0, TC_SNIC_NUM_VLS * sizeof(*t));
	for (tok = strtok_r(s, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		if (n >= TC_SNIC_VL_MGMT || parse_u32(tok, &v) || v > 0xffff)
			return -1;
		t[n++] = v;
	}
	return n ? 0 : -1;
}

int qdisc_apply(int argc, char **argv, bool create)
{
	struct qdisc_cfg c = { 0 };
	/* the numbers, by keyword; the kernel judges their ranges */
	const struct {
		const char *kw;
		bool *has;
		uint32_t *val, max;
	} nums[] = {
		{ "limit", &c.has_limit, &c.limit, UINT32_MAX },
		{ "hoq", &c.has_hoq, &c.hoq_us, UINT32_MAX },	/* us, 0: off */
		{ "dilation", &c.has_dilation, &c.dilation, UINT32_MAX },
		{ "sync", &c.has_sync, &c.sync_us, UINT32_MAX },	/* us */
		{ "cc_buf", &c.has_cc_buf, &c.cc_buf, UINT32_MAX },	/* bytes */
		{ "cc_pkt", &c.has_cc_pkt, &c.cc_pkt, 0xffff },	/* x 64 bytes */
		{ "cc_rate", &c.has_cc_rate, &c.cc_rate, 0xffff },	/* 1 in N */
		{ "cc_victim", &c.has_cc_victim, &c.cc_victim, 0xff },	/* 0, 1 */
		{ "latency", &c.has_latency, &c.latency_ns, UINT32_MAX }, /* ns */
	};
	uint32_t ifindex;
	long long rate;
	size_t k;
	int i, n;

	if (argc < 1 || dev_index(argv[0], &ifindex))
		goto usage;
	if (!create && argc == 1) {	/* add DEV: a qdisc of the defaults */
		fprintf(stderr, "Error: qdisc set %s: nothing to set\n", argv[0]);
		return 1;
	}
	for (i = 1; i < argc; i += 2) {
		if (i + 1 >= argc)
			goto usage;
		for (k = 0; k < sizeof(nums) / sizeof(nums[0]); k++)
			if (!strcmp(argv[i], nums[k].kw))
				break;
		if (!strcmp(argv[i], "cc_pkt") && strchr(argv[i + 1], ',')) {
			if (u16_list(argv[i + 1], c.cc_vl_pkt))
				goto usage;
			c.has_cc_vl_pkt = true;
		} else if (!strcmp(argv[i], "cc_rate") &&
			   strchr(argv[i + 1], ',')) {
			if (u16_list(argv[i + 1], c.cc_vl_rate))
				goto usage;
			c.has_cc_vl_rate = true;
		} else if (k < sizeof(nums) / sizeof(nums[0])) {
			if (parse_u32(argv[i + 1], nums[k].val) ||
			    *nums[k].val > nums[k].max)
				goto usage;
			*nums[k].has = true;
		} else if (!strcmp(argv[i], "rate")) {
			rate = parse_rate(argv[i + 1]);
			if (rate < 0) {
				fprintf(stderr, "Error: rate \"%s\" is not a rate: a number and a unit (%s)\n",
					argv[i + 1], rate_units);
				return 1;
			}
			c.has_rate = true;
			c.rate = rate;
		} else if (!strcmp(argv[i], "sc2vl")) {
			if (byte_list(argv[i + 1], c.sc2vl, TC_SNIC_NUM_SC, &n))
				goto usage;
			c.has_sc2vl = true;
		} else if (!strcmp(argv[i], "vlarb")) {
			if (byte_list(argv[i + 1], c.vlarb, TC_SNIC_NUM_VLS, &n))
				goto usage;
			/* unnamed VLs keep the default weight */
			while (n < TC_SNIC_NUM_VLS)
				c.vlarb[n++] = 64;
			c.has_vlarb = true;
		} else if (!strcmp(argv[i], "cc_thr")) {
			if (byte_list(argv[i + 1], c.cc_thr, TC_SNIC_NUM_VLS, &n))
				goto usage;
			/* cc_thr N: every data VL */
			if (n == 1)
				memset(c.cc_thr, c.cc_thr[0], TC_SNIC_VL_MGMT);
			c.has_cc_thr = true;
		} else {
			fprintf(stderr, "Error: unknown keyword \"%s\"\n", argv[i]);
			return 1;
		}
	}
	return qdisc_set(ifindex, &c, create) ? 1 : 0;
usage:
	fprintf(stderr, "Usage: snicctl qdisc %s DEV " QDISC_OPTS "\n",
		create ? "add" : "set");
	return 1;
}

/*
 * A NIC's send queues: mq, and under it a pfifo of @limit packets for each
 * of its @ntxq TX queues. A queue whose head waits for CCA pacing keeps
 * its packets (and refuses more, ENOBUFS) instead of dropping them as an
 * AQM (fq_codel, Debian's default) would.
 */
int qdisc_nic_fifo(const char *dev, unsigned int ntxq, uint32_t limit)
{
	struct tc_fifo_qopt fifo = { .limit = limit };
	struct tcmsg tcm = { .tcm_family = AF_UNSPEC };
	struct nl_msg *msg;
	uint32_t ifindex;
	unsigned int i;

	if (dev_index(dev, &ifindex))
		return 1;
	tcm.tcm_ifindex = ifindex;
	for (i = 0; i <= ntxq; i++) {
		tcm.tcm_parent = i ? TC_H_MAKE(0x10000, i) : TC_H_ROOT;
		tcm.tcm_handle = i ? 0 : 0x10000;
		msg = nlmsg_alloc_simple(RTM_NEWQDISC,
					 NLM_F_CREATE | NLM_F_REPLACE);
		if (!msg || nlmsg_append(msg, &tcm, sizeof(tcm), NLMSG_ALIGNTO) ||
		    nla_put_string(msg, TCA_KIND, i ? "pfifo" : "mq") ||
		    (i && nla_put(msg, TCA_OPTIONS, sizeof(fifo), &fifo)))
			return 1;
		if (snic_route_run(msg, NULL, NULL, "qdisc fifo"))
			return 1;
	}
	return 0;
}

struct xstats_req {
	uint32_t ifindex;
	struct tc_snic_xstats *x;
	bool found;
};

static int get_xstats(struct nl_msg *msg, void *arg)
{
	struct nlmsghdr *nlh = nlmsg_hdr(msg);
	struct nlattr *tb[TCA_MAX + 1], *st[TCA_STATS_MAX + 1];
	struct tcmsg *tcm = nlmsg_data(nlh);
	struct xstats_req *r = arg;

	if (nlh->nlmsg_type != RTM_NEWQDISC ||
	    (uint32_t)tcm->tcm_ifindex != r->ifindex ||
	    nlmsg_parse(nlh, sizeof(*tcm), tb, TCA_MAX, NULL) || !tb[TCA_KIND] ||
	    strcmp(nla_get_string(tb[TCA_KIND]), "snic") || !tb[TCA_STATS2] ||
	    nla_parse_nested(st, TCA_STATS_MAX, tb[TCA_STATS2], NULL) ||
	    !st[TCA_STATS_APP] ||
	    nla_len(st[TCA_STATS_APP]) < (int)sizeof(*r->x))
		return NL_OK;
	memcpy(r->x, nla_data(st[TCA_STATS_APP]), sizeof(*r->x));
	r->found = true;
	return NL_OK;
}

/* The xstats of DEV's sch_snic (fabric health, fabric record). */
int qdisc_xstats(const char *dev, struct tc_snic_xstats *x)
{
	struct tcmsg tcm = { .tcm_family = AF_UNSPEC };
	struct xstats_req r = { .x = x };
	struct nl_msg *msg;

	if (dev_index(dev, &r.ifindex))
		return -1;
	tcm.tcm_ifindex = r.ifindex;
	msg = nlmsg_alloc_simple(RTM_GETQDISC, NLM_F_DUMP);
	if (!msg || nlmsg_append(msg, &tcm, sizeof(tcm), NLMSG_ALIGNTO))
		return -1;
	if (snic_route_run(msg, get_xstats, &r, "qdisc show"))
		return -1;
	return r.found ? 0 : -1;
}

static int txq_reply(struct nl_msg *msg, void *arg)
{
	struct nlmsghdr *nlh = nlmsg_hdr(msg);
	struct nlattr *tb[IFLA_MAX + 1];

	if (nlh->nlmsg_type == RTM_NEWLINK &&
	    !nlmsg_parse(nlh, sizeof(struct ifinfomsg), tb, IFLA_MAX, NULL) &&
	    tb[IFLA_NUM_TX_QUEUES])
		*(unsigned int *)arg = nla_get_u32(tb[IFLA_NUM_TX_QUEUES]);
	return NL_OK;
}

/* The TX queues of @dev (rtnetlink: its netns's, as -n joined it). */
static unsigned int txq_count(const char *dev)
{
	struct ifinfomsg ifi = { .ifi_family = AF_UNSPEC };
	unsigned int n = 0;
	struct nl_msg *msg;
	uint32_t ifindex;

	if (dev_index(dev, &ifindex))
		return 0;
	ifi.ifi_index = ifindex;
	msg = nlmsg_alloc_simple(RTM_GETLINK, 0);
	if (!msg || nlmsg_append(msg, &ifi, sizeof(ifi), NLMSG_ALIGNTO) ||
	    snic_route_run(msg, txq_reply, &n, "link show"))
		return 0;
	return n;
}

/* qdisc nic DEV [limit N]: a NIC's TX queues as fabric up makes them. */
static int qdisc_nic(int argc, char **argv)
{
	uint32_t limit = 1000;
	unsigned int n;

	if (argc != 1 && !(argc == 3 && !strcmp(argv[1], "limit") &&
			   !parse_u32(argv[2], &limit) && limit)) {
		fprintf(stderr, "Usage: snicctl qdisc nic DEV [limit PACKETS]\n");
		return 1;
	}
	n = txq_count(argv[0]);
	if (!n)
		return 1;
	return qdisc_nic_fifo(argv[0], n, limit);
}

int do_qdisc(int argc, char **argv)
{
	struct tcmsg tcm = { .tcm_family = AF_UNSPEC };
	struct qdisc_show q = { 0 };
	struct nl_msg *msg;
	int err;

	if (argc >= 1 && !strcmp(argv[0], "set"))
		return qdisc_apply(argc - 1, argv + 1, false);
	if (argc >= 1 && !strcmp(argv[0], "add"))
		return qdisc_apply(argc - 1, argv + 1, true);
	if (argc >= 1 && !strcmp(argv[0], "nic"))
		return qdisc_nic(argc - 1, argv + 1);
	if (argc != 2 || strcmp(argv[0], "show")) {
		fprintf(stderr, "Usage: snicctl qdisc show DEV\n"
			"       snicctl qdisc set|add DEV " QDISC_OPTS "\n"
			"       snicctl qdisc nic DEV [limit PACKETS]\n");
		return 1;
	}
	if (dev_index(argv[1], &q.ifindex))
		return 1;
	tcm.tcm_ifindex = q.ifindex;
	msg = nlmsg_alloc_simple(RTM_GETQDISC, NLM_F_DUMP);
	if (!msg || nlmsg_append(msg, &tcm, sizeof(tcm), NLMSG_ALIGNTO))
		return 1;
	out_begin_list();
	err = snic_route_run(msg, print_qdisc, &q, "qdisc show");
	out_end_list();
	if (!err && !q.found) {
		fprintf(stderr, "Error: %s has no sch_snic qdisc\n", argv[1]);
		return 1;
	}
	return err ? 1 : 0;
}
