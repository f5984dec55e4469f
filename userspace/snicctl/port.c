// SPDX-License-Identifier: GPL-2.0
/*
 * snicctl port show SW
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

int do_port(int argc, char **argv)
{
	uint32_t sw;
	int err;

	if (argc != 2 || strcmp(argv[0], "show")) {
		fprintf(stderr, "Usage: snicctl port show SW\n");
		return 1;
	}
	if (dev_index(argv[1], &sw))
		return 1;
	out_begin_list();
	err = port_dump(sw, NULL);
	out_end_list();
	return err ? 1 : 0;
}
