// SPDX-License-Identifier: GPL-2.0
/*
 * snicctl raw CMD [ATTR:TYPE=VALUE]...
 *
 * Send one request of the snic family exactly as written, with no
 * client-side checks, and report the kernel's answer: for testing the
 * kernel's validation (missing attributes, wrong types, out of range
 * values, unknown attributes). CMD is a command name (dev-get, dev-set,
 * lft-get, lft-set, lft-del, port-get; a "-dump" suffix asks for a dump)
 * or number; ATTR an attribute name (ifindex, lid, dlid, port, ifname) or
 * number; TYPE one of u8 u16 u32 u64 str bytes (a comma list). Prints "ok N" (N reply
 * messages) on success.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <netlink/attr.h>

#include "snicctl.h"

static const struct { const char *name; int cmd; } cmds[] = {
	{ "dev-get", SNIC_CMD_DEV_GET }, { "dev-set", SNIC_CMD_DEV_SET },
	{ "lft-get", SNIC_CMD_LFT_GET }, { "lft-set", SNIC_CMD_LFT_SET },
	{ "lft-del", SNIC_CMD_LFT_DEL }, { "port-get", SNIC_CMD_PORT_GET },
	{ "port-set", SNIC_CMD_PORT_SET }, { "mft-get", SNIC_CMD_MFT_GET },
	{ "mft-set", SNIC_CMD_MFT_SET }, { "mft-del", SNIC_CMD_MFT_DEL },
	{ "ar-link-get", SNIC_CMD_AR_LINK_GET }, { "bpt-set", SNIC_CMD_BPT_SET },
};

static const struct { const char *name; int attr; } attrs[] = {
	{ "ifindex", SNIC_A_IFINDEX }, { "ifname", SNIC_A_IFNAME },
	{ "lid", SNIC_A_LID }, { "dlid", SNIC_A_DLID }, { "port", SNIC_A_PORT },
	{ "kind", SNIC_A_KIND }, { "sl2sc", SNIC_A_SL2SC },
	{ "sc2sc", SNIC_A_SC2SC }, { "ports", SNIC_A_PORTS },
	{ "vl-buf", SNIC_A_VL_BUF }, { "vl-used", SNIC_A_VL_USED },
	{ "credit-period", SNIC_A_CREDIT_PERIOD },
	{ "credit-drop", SNIC_A_CREDIT_DROP }, { "cct", SNIC_A_CC_CCT },
	{ "ar-dlid", SNIC_A_AR_DLID }, { "ar-group", SNIC_A_AR_GROUP },
	{ "ar-life", SNIC_A_AR_LIFE }, { "ar-algo", SNIC_A_AR_ALGORITHM },
	{ "ar-period", SNIC_A_AR_PERIOD }, { "ar-kind", SNIC_A_AR_PORT_KIND },
	{ "ar-peer", SNIC_A_AR_PORT_PEER }, { "bpt", SNIC_A_BPT },
};

static int count(struct nl_msg *msg, void *arg)
{
	(void)msg;
	(*(int *)arg)++;
	return NL_OK;
}

int do_raw(int argc, char **argv)
{
	char cmdname[32], *colon, *eq, *end;
	int i, cmd = -1, n = 0;
	struct nl_msg *msg;
	bool dump = false;
	size_t j;

	if (argc < 1)
		goto usage;
	snprintf(cmdname, sizeof(cmdname), "%s", argv[0]);
	if (strlen(cmdname) > 5 && !strcmp(cmdname + strlen(cmdname) - 5, "-dump")) {
		dump = true;
		cmdname[strlen(cmdname) - 5] = 0;
	}
	for (j = 0; j < sizeof(cmds) / sizeof(cmds[0]); j++)
		if (!strcmp(cmdname, cmds[j].name))
			cmd = cmds[j].cmd;
	if (cmd < 0) {
		cmd = strtol(cmdname, &end, 0);
		if (*end || cmd < 0 || cmd > 255)
			goto usage;
	}
	msg = nl_new(cmd, dump);
	for (i = 1; i < argc; i++) {
		int attr = -1;
		char *type, *val;

		colon = strchr(argv[i], ':');
		eq = strchr(argv[i], '=');
		if (!colon || !eq || eq < colon)
			goto usage;
		*colon = *eq = 0;
		type = colon + 1;
		val = eq + 1;
		for (j = 0; j < sizeof(attrs) / sizeof(attrs[0]); j++)
			if (!strcmp(argv[i], attrs[j].name))
				attr = attrs[j].attr;
		if (attr < 0) {
			attr = strtol(argv[i], &end, 0);
			if (*end || attr < 0 || attr > 0x3fff)
				goto usage;
		}
		if (!strcmp(type, "u8"))
			nla_put_u8(msg, attr, strtoul(val, NULL, 0));
		else if (!strcmp(type, "u16"))
			nla_put_u16(msg, attr, strtoul(val, NULL, 0));
		else if (!strcmp(type, "u32"))
			nla_put_u32(msg, attr, strtoul(val, NULL, 0));
		else if (!strcmp(type, "u64"))
			nla_put_u64(msg, attr, strtoull(val, NULL, 0));
		else if (!strcmp(type, "str"))
			nla_put_string(msg, attr, val);
		else if (!strcmp(type, "bytes")) {	/* comma list, any length */
			uint8_t b[256];
			char *tok, *save = NULL;
			int nb = 0;

			for (tok = strtok_r(val, ",", &save); tok && nb < 256;
			     tok = strtok_r(NULL, ",", &save))
				b[nb++] = strtoul(tok, NULL, 0);
			nla_put(msg, attr, nb, b);
		}
		else
			goto usage;
	}
	if (nl_run(msg, count, &n, "raw"))
		return 1;
	printf("ok %d\n", n);
	return 0;
usage:
	fprintf(stderr, "Usage: snicctl raw CMD[-dump] [ATTR:TYPE=VALUE]...\n");
	return 1;
}
