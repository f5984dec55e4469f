// SPDX-License-Identifier: GPL-2.0
/*
 * snicctl raw CMD [PATH:TYPE=VALUE]...
 *
 * Send one request of the snic family exactly as written, with no
 * client-side checks, and report the kernel's answer: for testing the
 * kernel's validation (missing attributes, wrong types, out of range
 * values, unknown attributes, misplaced nests). Prints "ok N" (N reply
 * messages) on success.
 *
 * CMD: an operation of Documentation/netlink/specs/snic.yaml (dev-get,
 * dev-set, port-get, port-set, lft-get, lft-set, lft-del, mft-get,
 * mft-set, mft-del, bpt-get, bpt-set, cc-dlid-get, cc-log-get,
 * ar-link-get; a "-dump" suffix asks for a dump) or a number.
 *
 * PATH: an attribute of the top-level set (ifindex, ifname, kind, dev,
 * credit, cc, ar, port, lft, mft, bpt, ...) or NEST/NAME, NEST/NEST/NAME
 * ... into nests, the names as in the spec (dash-separated), any of them
 * a number instead (dev/lid, 4/1 and 4/lid are one attribute).
 * Consecutive attributes with the same nests in their path go into the
 * same nests; a nest ends when the next path leaves it (or at the end):
 *   lft/dlid:u32=3 lft/port:u32=1          one lft nest, two attributes
 *   bpt/dlid:u32=5 bpt/cand/port:u32=2 bpt/cand/cost:u32=3
 *                                          one bpt nest, one cand in it
 * PATH:nest= always starts a new nest at PATH, which the attributes that
 * follow under PATH fill; alone, it is an empty nest:
 *   cc/cct-entry:nest= cc/cct-entry/shift:u32=0 cc/cct-entry/multiplier:u32=1
 *   cc/cct-entry:nest= cc/cct-entry/shift:u32=1 cc/cct-entry/multiplier:u32=2
 *                                          one cc nest, two CCT entries
 *   lft:nest=                              an empty lft nest
 *
 * TYPE: u8 u16 u32 u64 str (NUL-terminated) bytes (a comma list of
 * bytes, any length, empty too) nest (VALUE empty; sent with
 * NLA_F_NESTED, as every nest here).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <netlink/attr.h>
#include <netlink/msg.h>

#include "snicctl.h"

struct raw_attr {
	const char *name;
	int type;
	const struct raw_attr *nest;	/* a nest's attributes */
};

struct raw_cmd {
	const char *name;
	int cmd;
};

/* raw_cmds and the attribute sets, RAW_SET_TOP first: from the spec. */
#include "raw-names.h"

#define RAW_DEPTH	8
#define RAW_BYTES	4096
#define RAW_TYPE_MAX	0x3fff	/* below NLA_F_NET_BYTEORDER, NLA_F_NESTED */

/* One attribute of a path: a name of @set (if known) or a number. */
static int component(const struct raw_attr *set, const char *s, int *type,
		     const struct raw_attr **nest)
{
	const struct raw_attr *a;
	char *end;
	long v;

	for (a = set; a && a->name; a++) {
		if (!strcmp(s, a->name)) {
			*type = a->type;
			*nest = a->nest;
			return 0;
		}
	}
	if (set == RAW_SET_STATS) {
		for (v = 1; v <= SNIC_STAT_MAX; v++) {
			if (snic_stat_name(v) && !strcmp(s, snic_stat_name(v))) {
				*type = v;
				*nest = NULL;
				return 0;
			}
		}
	}
	v = strtol(s, &end, 0);
	if (!*s || *end || v < 0 || v > RAW_TYPE_MAX) {
		fprintf(stderr, "Error: unknown attribute \"%s\"\n", s);
		return -1;
	}
	*type = v;
	*nest = NULL;
	for (a = set; a && a->name; a++)
		if (a->type == v)
			*nest = a->nest;
	return 0;
}

/* @path's attributes into @types; their number, -1 if it is not one. */
static int resolve(char *path, int *types)
{
	const struct raw_attr *set = RAW_SET_TOP;
	char *s, *save = NULL;
	int n = 0;

	for (s = strtok_r(path, "/", &save); s; s = strtok_r(NULL, "/", &save)) {
		if (n == RAW_DEPTH || component(set, s, &types[n++], &set))
			return -1;
	}
	return n;
}

static int put(struct nl_msg *msg, int type, const char *t, char *val)
{
	if (!strcmp(t, "u8"))
		return nla_put_u8(msg, type, strtoul(val, NULL, 0));
	if (!strcmp(t, "u16"))
		return nla_put_u16(msg, type, strtoul(val, NULL, 0));
	if (!strcmp(t, "u32"))
		return nla_put_u32(msg, type, strtoul(val, NULL, 0));
	if (!strcmp(t, "u64"))
		return nla_put_u64(msg, type, strtoull(val, NULL, 0));
	if (!strcmp(t, "str"))
		return nla_put_string(msg, type, val);
	if (!strcmp(t, "bytes")) {	/* comma list, any length */
		static uint8_t b[RAW_BYTES];
		char *tok, *save = NULL;
		int nb = 0;

		for (tok = strtok_r(val, ",", &save); tok && nb < RAW_BYTES;
		     tok = strtok_r(NULL, ",", &save))
			b[nb++] = strtoul(tok, NULL, 0);
		return nla_put(msg, type, nb, b);
	}
	return 1;
}

/* The end of a nest; libnl's nla_nest_end() would drop an empty one. */
static void nest_end(struct nl_msg *msg, struct nlattr *start)
{
	start->nla_len = (char *)nlmsg_tail(nlmsg_hdr(msg)) - (char *)start;
}

static int count(struct nl_msg *msg, void *arg)
{
	(void)msg;
	(*(int *)arg)++;
	return NL_OK;
}

int do_raw(int argc, char **argv)
{
	struct { int type; struct nlattr *start; } open[RAW_DEPTH];
	int i, j, cmd = -1, n = 0, nopen = 0, depth, keep, err;
	char cmdname[32], *colon, *eq, *end;
	int types[RAW_DEPTH];
	struct nl_msg *msg;
	bool dump = false;

	if (argc < 1)
		goto usage;
	snprintf(cmdname, sizeof(cmdname), "%s", argv[0]);
	if (strlen(cmdname) > 5 && !strcmp(cmdname + strlen(cmdname) - 5, "-dump")) {
		dump = true;
		cmdname[strlen(cmdname) - 5] = 0;
	}
	for (j = 0; raw_cmds[j].name; j++)
		if (!strcmp(cmdname, raw_cmds[j].name))
			cmd = raw_cmds[j].cmd;
	if (cmd < 0) {
		cmd = strtol(cmdname, &end, 0);
		if (!*cmdname || *end || cmd < 0 || cmd > 255)
			goto usage;
	}
	msg = snic_msg_new(cmd, dump);
	for (i = 1; i < argc; i++) {
		bool nest;

		colon = strchr(argv[i], ':');
		eq = colon ? strchr(colon, '=') : NULL;
		if (!colon || !eq)
			goto bad;
		*colon = *eq = 0;
		nest = !strcmp(colon + 1, "nest");
		if (nest && eq[1])
			goto bad;
		depth = resolve(argv[i], types);
		if (depth < 1)
			goto bad;
		/* The nests of the path that are open already stay so (a
		 * nest named as such always starts anew); the others close.
		 */
		for (keep = 0; keep < nopen && keep < depth - 1 &&
		     open[keep].type == types[keep]; keep++)
			;
		while (nopen > keep)
			nest_end(msg, open[--nopen].start);
		for (; nopen < depth - !nest; nopen++) {
			open[nopen].type = types[nopen];
			open[nopen].start = nla_nest_start(msg, types[nopen] |
							   NLA_F_NESTED);
			if (!open[nopen].start)
				goto big;
		}
		if (nest)
			continue;
		err = put(msg, types[depth - 1], colon + 1, eq + 1);
		if (err > 0)
			goto bad;
		if (err < 0)
			goto big;
	}
	while (nopen)
		nest_end(msg, open[--nopen].start);
	if (snic_msg_run(msg, count, &n, "raw"))
		return 1;
	printf("ok %d\n", n);
	return 0;
big:
	nlmsg_free(msg);
	fprintf(stderr, "Error: raw: request too big\n");
	return 1;
bad:
	nlmsg_free(msg);
usage:
	fprintf(stderr, "Usage: snicctl raw CMD[-dump] [PATH:TYPE=VALUE]...\n"
		"       PATH: ATTR or NEST/.../ATTR (names or numbers); TYPE: u8 u16 u32 u64 str bytes nest\n");
	return 1;
}
