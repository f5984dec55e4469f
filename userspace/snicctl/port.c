// SPDX-License-Identifier: GPL-2.0
/*
 * snicctl port show SW
 * snicctl port set SW PORT|PORTDEV [sc2sc SC0,SC1,...] [vlbuf B0,...]
 *                   [credit_period USEC] [credit_drop N]
 * Also resolves a port device name to its port number for "lft set".
 */
#include <stdio.h>
#include <string.h>
#include <netlink/attr.h>

#include "snicctl.h"

struct port_find {
	uint32_t ifindex;
	uint32_t num;
};

static int print_port(struct nl_msg *msg, void *arg)
{
	struct nlattr *tb[SNIC_A_MAX + 1];
	struct port_find *pf = arg;

	if (genlmsg_parse(nlmsg_hdr(msg), 0, tb, SNIC_A_MAX, NULL) ||
	    !tb[SNIC_A_PORT] || !tb[SNIC_A_IFNAME])
		return NL_SKIP;
	if (pf) {
		if (tb[SNIC_A_PORT_IFINDEX] &&
		    nla_get_u32(tb[SNIC_A_PORT_IFINDEX]) == pf->ifindex)
			pf->num = nla_get_u32(tb[SNIC_A_PORT]);
		return NL_OK;
	}
	out_begin_obj();
	out_u64("port", "port %llu", nla_get_u32(tb[SNIC_A_PORT]));
	out_str("ifname", " dev %s", nla_get_string(tb[SNIC_A_IFNAME]));
	if (tb[SNIC_A_SC2SC] && nla_len(tb[SNIC_A_SC2SC]) == SNIC_NUM_SC)
		out_table("sc2sc", nla_data(tb[SNIC_A_SC2SC]), SNIC_NUM_SC);
	ar_port_print(tb);
	credit_print(tb);
	if (opt_stats && tb[SNIC_A_STATS])
		stats_print(tb[SNIC_A_STATS]);
	out_end_obj();
	return NL_OK;
}

static int port_dump(uint32_t sw, struct port_find *pf)
{
	struct nl_msg *msg = nl_new(SNIC_CMD_PORT_GET, true);

	nla_put_u32(msg, SNIC_A_IFINDEX, sw);
	return nl_run(msg, print_port, pf, "port show");
}

/* Port number of device @name on switch @sw, 0 if it is not a port. */
uint32_t port_num_of(uint32_t sw, const char *name)
{
	struct port_find pf = { 0 };

	if (dev_index(name, &pf.ifindex) || port_dump(sw, &pf))
		return 0;
	return pf.num;
}

#define PORT_SET_USAGE "snicctl port set SW PORT|PORTDEV [sc2sc SC0,SC1,...] " \
	"[vlbuf B0,...] [credit_period USEC] [credit_drop N] " \
	"[ar_kind none|global|local ar_peer N]"

static int port_set(int argc, char **argv)
{
	uint8_t t[SNIC_NUM_SC];
	struct nl_msg *msg;
	uint32_t sw, port;
	int i, r;

	if (argc < 4 || argc % 2 || dev_index(argv[0], &sw))
		goto usage;
	if (parse_u32(argv[1], &port)) {
		port = port_num_of(sw, argv[1]);
		if (!port) {
			fprintf(stderr, "Error: \"%s\" is not a port of %s\n",
				argv[1], argv[0]);
			return 1;
		}
	}
	msg = nl_new(SNIC_CMD_PORT_SET, false);
	nla_put_u32(msg, SNIC_A_IFINDEX, sw);
	nla_put_u32(msg, SNIC_A_PORT, port);
	for (i = 2; i < argc; i += 2) {
		if (!strcmp(argv[i], "sc2sc")) {
			for (r = 0; r < SNIC_NUM_SC; r++)
				t[r] = r;
			if (parse_table(argv[i + 1], t, SNIC_NUM_SC))
				goto usage;
			nla_put(msg, SNIC_A_SC2SC, sizeof(t), t);
			continue;
		}
		r = credit_opt(msg, argv[i], argv[i + 1]);
		if (!r)
			r = ar_port_opt(msg, argv[i], argv[i + 1]);
		if (r < 0)
			goto usage;
		if (!r) {
			fprintf(stderr, "Error: unknown keyword \"%s\"\n", argv[i]);
			return 1;
		}
	}
	return nl_run(msg, NULL, NULL, "port set") ? 1 : 0;
usage:
	fprintf(stderr, "Usage: " PORT_SET_USAGE "\n");
	return 1;
}

int do_port(int argc, char **argv)
{
	uint32_t sw;
	int err;

	if (argc >= 1 && !strcmp(argv[0], "set"))
		return port_set(argc - 1, argv + 1);
	if (argc != 2 || strcmp(argv[0], "show")) {
		fprintf(stderr, "Usage: snicctl port show SW\n"
			"       " PORT_SET_USAGE "\n");
		return 1;
	}
	if (dev_index(argv[1], &sw))
		return 1;
	out_begin_list();
	err = port_dump(sw, NULL);
	out_end_list();
	return err ? 1 : 0;
}
