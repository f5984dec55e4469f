// SPDX-License-Identifier: GPL-2.0
/*
 * snicctl mft show SW
 * snicctl mft set SW mlid MLID ports P1,P2,...   (numbers or port devices)
 * snicctl mft del SW mlid MLID
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <netlink/attr.h>

#include "snicctl.h"

uint32_t port_num_of(uint32_t sw, const char *name);

static int print_entry(struct nl_msg *msg, void *arg)
{
	struct nlattr *tb[SNIC_A_MAX + 1];
	uint64_t ports;
	char list[256] = "";
	int i, n = 0;

	(void)arg;
	if (genlmsg_parse(nlmsg_hdr(msg), 0, tb, SNIC_A_MAX, NULL) ||
	    !tb[SNIC_A_DLID] || !tb[SNIC_A_PORTS])
		return NL_SKIP;
	ports = nla_get_u64(tb[SNIC_A_PORTS]);
	for (i = 0; i < 64; i++)
		if (ports & (1ULL << i))
			n += snprintf(list + n, sizeof(list) - n, "%s%d",
				      n ? "," : "", i + 1);
	out_begin_obj();
	out_hex("mlid", "mlid 0x%llx", nla_get_u32(tb[SNIC_A_DLID]));
	out_str("ports", " ports %s", list);
	out_end_obj();
	return NL_OK;
}

int do_mft(int argc, char **argv)
{
	uint64_t ports = 0;
	struct nl_msg *msg;
	uint32_t sw, v;
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
		msg = nl_new(SNIC_CMD_MFT_GET, true);
		nla_put_u32(msg, SNIC_A_IFINDEX, sw);
		out_begin_list();
		err = nl_run(msg, print_entry, NULL, "mft show");
		out_end_list();
		return err ? 1 : 0;
	}
	msg = nl_new(set ? SNIC_CMD_MFT_SET : SNIC_CMD_MFT_DEL, false);
	nla_put_u32(msg, SNIC_A_IFINDEX, sw);
	for (i = 2; i < argc; i += 2) {
		if (i + 1 >= argc)
			goto usage;
		if (!strcmp(argv[i], "mlid")) {
			if (parse_u32(argv[i + 1], &v))
				goto usage;
			nla_put_u32(msg, SNIC_A_DLID, v);
		} else if (set && !strcmp(argv[i], "ports")) {
			char *tok, *save = NULL;

			for (tok = strtok_r(argv[i + 1], ",", &save); tok;
			     tok = strtok_r(NULL, ",", &save)) {
				if (parse_u32(tok, &v))
					v = port_num_of(sw, tok);
				if (v < 1 || v > 64) {
					fprintf(stderr, "Error: \"%s\" is not a port of %s\n",
						tok, argv[1]);
					return 1;
				}
				ports |= 1ULL << (v - 1);
			}
			nla_put_u64(msg, SNIC_A_PORTS, ports);
		} else {
			fprintf(stderr, "Error: unknown keyword \"%s\"\n", argv[i]);
			return 1;
		}
	}
	return nl_run(msg, NULL, NULL, set ? "mft set" : "mft del") ? 1 : 0;

usage:
	fprintf(stderr,
		"Usage: snicctl mft show SW\n"
		"       snicctl mft set SW mlid MLID ports P1,P2,...\n"
		"       snicctl mft del SW mlid MLID\n");
	return 1;
}
