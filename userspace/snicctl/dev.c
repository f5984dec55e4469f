// SPDX-License-Identifier: GPL-2.0
/*
 * snicctl dev show [DEV]
 * snicctl dev set DEV [lid LID] [sl2sc SC0,SC1,...] [vlbuf B0,...]
 *                    [credit_period USEC] [credit_drop N]
 *                    [CCA options, see cc.c]
 */
#include <stdio.h>
#include <string.h>
#include <net/if.h>
#include <netlink/attr.h>

#include "snicctl.h"

static int print_dev(struct nl_msg *msg, void *arg)
{
	struct nlattr *tb[SNIC_A_MAX + 1];
	char lower[IF_NAMESIZE] = "?";
	int err;

	(void)arg;
	err = genlmsg_parse(nlmsg_hdr(msg), 0, tb, SNIC_A_MAX, NULL);
	if (err || !tb[SNIC_A_IFNAME] || !tb[SNIC_A_KIND])
		return NL_SKIP;
	out_begin_obj();
	out_str("ifname", "%s:", nla_get_string(tb[SNIC_A_IFNAME]));
	out_str("kind", " kind %s",
		nla_get_u8(tb[SNIC_A_KIND]) == SNIC_KIND_NIC ? "snic" : "snicsw");
	if (tb[SNIC_A_LID])
		out_hex("lid", " lid 0x%llx", nla_get_u32(tb[SNIC_A_LID]));
	if (tb[SNIC_A_LINK_IFINDEX]) {
		if_indextoname(nla_get_u32(tb[SNIC_A_LINK_IFINDEX]), lower);
		out_str("link", " link %s", lower);
	}
	if (tb[SNIC_A_SL2SC] && nla_len(tb[SNIC_A_SL2SC]) == SNIC_NUM_SL)
		out_table("sl2sc", nla_data(tb[SNIC_A_SL2SC]), SNIC_NUM_SL);
	credit_print(tb);
	cc_print(tb);
	ar_print(tb);
	if (opt_stats && tb[SNIC_A_STATS])
		stats_print(tb[SNIC_A_STATS]);
	out_end_obj();
	return NL_OK;
}

static int dev_show(int argc, char **argv)
{
	struct nl_msg *msg;
	uint32_t ifindex;
	int err;

	if (argc > 1) {
		fprintf(stderr, "Usage: snicctl dev show [DEV]\n");
		return 1;
	}
	msg = nl_new(SNIC_CMD_DEV_GET, argc == 0);
	if (argc == 1) {
		if (dev_index(argv[0], &ifindex))
			return 1;
		nla_put_u32(msg, SNIC_A_IFINDEX, ifindex);
	}
	out_begin_list();
	err = nl_run(msg, print_dev, NULL, "dev show");
	out_end_list();
	return err ? 1 : 0;
}

static int dev_set(int argc, char **argv)
{
	struct nl_msg *msg;
	uint32_t ifindex, v;
	int i;

	if (argc < 1 || dev_index(argv[0], &ifindex))
		goto usage;
	msg = nl_new(SNIC_CMD_DEV_SET, false);
	nla_put_u32(msg, SNIC_A_IFINDEX, ifindex);
	for (i = 1; i < argc; i += 2) {
		if (i + 1 >= argc)
			goto usage;
		if (!strcmp(argv[i], "lid")) {
			if (parse_u32(argv[i + 1], &v))
				goto usage;
			nla_put_u32(msg, SNIC_A_LID, v);
		} else if (!strcmp(argv[i], "sl2sc")) {
			uint8_t t[SNIC_NUM_SL];

			/* default: SL n -> SC n & 7, as the kernel's */
			for (v = 0; v < SNIC_NUM_SL; v++)
				t[v] = v & 7;
			if (parse_table(argv[i + 1], t, SNIC_NUM_SL))
				goto usage;
			nla_put(msg, SNIC_A_SL2SC, sizeof(t), t);
		} else {
			int r = credit_opt(msg, argv[i], argv[i + 1]);

			if (!r)
				r = cc_opt(msg, argv[i], argv[i + 1]);
			if (!r)
				r = ar_opt(msg, argv[i], argv[i + 1]);
			if (r < 0)
				goto usage;
			if (r)
				continue;
			fprintf(stderr, "Error: unknown keyword \"%s\"\n", argv[i]);
			return 1;
		}
	}
	return nl_run(msg, NULL, NULL, "dev set") ? 1 : 0;
usage:
	fprintf(stderr, "Usage: snicctl dev set DEV [lid LID] [sl2sc SC0,SC1,...] [vlbuf B0,...] [credit_period USEC] [credit_drop N] [cc_pacing 0|1] [ccti_increase N] [ccti_timer N] [ccti_trigger N] [ccti_min N] [ccti_limit N] [cc_tracked N] [becn_window NS] [cct SHIFT:MULT,...] [ar_dlid MLID] [ar_group G] [ar_switch S] [ar_life US]\n");
	return 1;
}

int do_dev(int argc, char **argv)
{
	if (argc == 0 || !strcmp(argv[0], "show"))
		return dev_show(argc ? argc - 1 : 0, argv + 1);
	if (!strcmp(argv[0], "set"))
		return dev_set(argc - 1, argv + 1);
	fprintf(stderr, "Error: unknown dev command \"%s\"\n", argv[0]);
	return 1;
}
