// SPDX-License-Identifier: GPL-2.0
/*
 * snicctl qdisc show DEV: the sch_snic qdiscs of DEV with their per-VL
 * xstats (tc does not know how to decode them).
 */
#include <stdio.h>
#include <string.h>
#include <linux/gen_stats.h>
#include <linux/pkt_sched.h>
#include <linux/rtnetlink.h>
#include <linux/sch_snic.h>
#include <netlink/attr.h>
#include <netlink/msg.h>

#include "snicctl.h"

static int print_qdisc(struct nl_msg *msg, void *arg)
{
	struct nlmsghdr *nlh = nlmsg_hdr(msg);
	struct nlattr *tb[TCA_MAX + 1], *st[TCA_STATS_MAX + 1];
	struct tcmsg *tcm = nlmsg_data(nlh);
	const struct tc_snic_xstats *x;
	uint32_t *ifindex = arg;
	char name[32];
	int i;

	if (nlh->nlmsg_type != RTM_NEWQDISC || (uint32_t)tcm->tcm_ifindex != *ifindex)
		return NL_OK;
	if (nlmsg_parse(nlh, sizeof(*tcm), tb, TCA_MAX, NULL) || !tb[TCA_KIND] ||
	    strcmp(nla_get_string(tb[TCA_KIND]), "snic"))
		return NL_OK;
	out_begin_obj();
	out_hex("handle", "qdisc snic %llx:", tcm->tcm_handle >> 16);
	if (!tb[TCA_STATS2] ||
	    nla_parse_nested(st, TCA_STATS_MAX, tb[TCA_STATS2], NULL) ||
	    !st[TCA_STATS_APP] ||
	    nla_len(st[TCA_STATS_APP]) < (int)sizeof(*x)) {
		out_end_obj();
		return NL_OK;
	}
	x = nla_data(st[TCA_STATS_APP]);
	out_u64("not_16b", " not_16b %llu", x->not_16b);
	for (i = 0; i < TC_SNIC_NUM_VLS && i < (int)x->num_vls; i++) {
		const struct tc_snic_vl_xstats *v = &x->vl[i];

		if (!v->enqueued && !v->drops)
			continue;
		snprintf(name, sizeof(name), "vl%d", i);
		out_begin_sub(name);
		out_u64("enqueued", " enqueued %llu", v->enqueued);
		out_u64("dequeued", " dequeued %llu", v->dequeued);
		out_u64("bytes", " bytes %llu", v->bytes);
		out_u64("drops", " drops %llu", v->drops);
		out_u64("qlen", " qlen %llu", v->qlen);
		out_u64("qlen_max", " qlen_max %llu", v->qlen_max);
		out_end_sub();
	}
	out_end_obj();
	return NL_OK;
}

int do_qdisc(int argc, char **argv)
{
	struct tcmsg tcm = { .tcm_family = AF_UNSPEC };
	struct nl_msg *msg;
	uint32_t ifindex;
	int err;

	if (argc != 2 || strcmp(argv[0], "show")) {
		fprintf(stderr, "Usage: snicctl qdisc show DEV\n");
		return 1;
	}
	if (dev_index(argv[1], &ifindex))
		return 1;
	tcm.tcm_ifindex = ifindex;
	msg = nlmsg_alloc_simple(RTM_GETQDISC, NLM_F_DUMP);
	if (!msg || nlmsg_append(msg, &tcm, sizeof(tcm), NLMSG_ALIGNTO))
		return 1;
	out_begin_list();
	err = nl_route_run(msg, print_qdisc, &ifindex, "qdisc show");
	out_end_list();
	return err ? 1 : 0;
}
