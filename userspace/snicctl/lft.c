// SPDX-License-Identifier: GPL-2.0
/*
 * snicctl lft show SW
 * snicctl lft set SW dlid DLID port PORT|PORTDEV
 * snicctl lft del SW dlid DLID
 */
#include <stdio.h>
#include <string.h>
#include <netlink/attr.h>

#include "snicctl.h"

uint32_t port_num_of(uint32_t sw, const char *name);

static int print_entry(struct nl_msg *msg, void *arg)
{
	struct nlattr *tb[SNIC_A_MAX + 1];

	(void)arg;
	if (genlmsg_parse(nlmsg_hdr(msg), 0, tb, SNIC_A_MAX, NULL) ||
	    !tb[SNIC_A_DLID] || !tb[SNIC_A_PORT])
		return NL_SKIP;
	out_begin_obj();
	out_hex("dlid", "dlid 0x%llx", nla_get_u32(tb[SNIC_A_DLID]));
	out_u64("port", " port %llu", nla_get_u32(tb[SNIC_A_PORT]));
	out_end_obj();
	return NL_OK;
}

int do_lft(int argc, char **argv)
{
	uint32_t sw, v, port;
	struct nl_msg *msg;
	bool set, del;
	int i, err;

	if (argc < 2)
		goto usage;
	set = !strcmp(argv[0], "set");
	del = !strcmp(argv[0], "del");
	if (!set && !del && strcmp(argv[0], "show"))
		goto usage;
	if (dev_index(argv[1], &sw))
		return 1;
	if (!set && !del) {
		if (argc != 2)
			goto usage;
		msg = nl_new(SNIC_CMD_LFT_GET, true);
		nla_put_u32(msg, SNIC_A_IFINDEX, sw);
		out_begin_list();
		err = nl_run(msg, print_entry, NULL, "lft show");
		out_end_list();
		return err ? 1 : 0;
	}
	msg = nl_new(set ? SNIC_CMD_LFT_SET : SNIC_CMD_LFT_DEL, false);
	nla_put_u32(msg, SNIC_A_IFINDEX, sw);
	for (i = 2; i < argc; i += 2) {
		if (i + 1 >= argc)
			goto usage;
		if (!strcmp(argv[i], "dlid")) {
			if (parse_u32(argv[i + 1], &v))
				goto usage;
			nla_put_u32(msg, SNIC_A_DLID, v);
		} else if (set && !strcmp(argv[i], "port")) {
			if (parse_u32(argv[i + 1], &port)) {
				port = port_num_of(sw, argv[i + 1]);
				if (!port) {
					fprintf(stderr,
						"Error: \"%s\" is not a port of %s\n",
						argv[i + 1], argv[1]);
					return 1;
				}
			}
			nla_put_u32(msg, SNIC_A_PORT, port);
		} else {
			fprintf(stderr, "Error: unknown keyword \"%s\"\n", argv[i]);
			return 1;
		}
	}
	return nl_run(msg, NULL, NULL, set ? "lft set" : "lft del") ? 1 : 0;

usage:
	fprintf(stderr,
		"Usage: snicctl lft show SW\n"
		"       snicctl lft set SW dlid DLID port PORT|PORTDEV\n"
		"       snicctl lft del SW dlid DLID\n");
	return 1;
}
