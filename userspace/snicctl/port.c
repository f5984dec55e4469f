// SPDX-License-Identifier: GPL-2.0
/*
 * snicctl port show SW
 * snicctl port set SW PORT|PORTDEV [sc2sc SC0,SC1,...] [vlbuf B0,...]
 *                   [credit_period USEC] [credit_drop N]
 *                   [ar_kind none|global|local ar_peer N]
 * Also resolves a port device name to its port number for "lft set".
 */
#include <stdio.h>
#include <string.h>

#include "snicctl.h"

static int sc2sc_opt(const struct opt *o, char *val, struct opt_cfg *c)
{
	struct snic_port_cfg *p = opt_cfg_of(c, o->nest);

	if (parse_sc_table(val, p->sc2sc))
		return -1;
	p->has_sc2sc = true;
	return 0;
}

static void sc2sc_show(const struct opt *o, const struct opt_info *i)
{
	const struct snic_port_info *p = opt_info_of(i, o->nest);

	out_table(o->key, p->sc2sc, SNIC_NUM_SC);
}

const struct opt port_opts[] = {
	{ .kw = "sc2sc", .key = "sc2sc", .nest = SNIC_A_PORT,
	  .attr = SNIC_A_PORT_SC2SC, .parse = sc2sc_opt, .show = sc2sc_show },
	{ 0 }
};

/* port set's options, and what port show prints, in this order */
static const struct opt *const port_tabs[] = {
	port_opts, ar_port_opts, credit_opts, NULL
};

static int print_port(const struct snic_port_info *p, void *arg)
{
	struct opt_info i = { .port = p };

	(void)arg;
	out_begin_obj();
	out_u64("port", "port %llu", p->num);
	out_str("ifname", " dev %s", p->ifname);
	opt_show(port_tabs, &i);
	if (opt_stats && p->has_stats)
		stats_print(p->stats, SNIC_STAT_RX_PACKETS);
	out_end_obj();
	return 0;
}

struct port_find {
	uint32_t ifindex;
	uint32_t num;
};

static int find_port(const struct snic_port_info *p, void *arg)
{
	struct port_find *pf = arg;

	if (p->ifindex == pf->ifindex)
		pf->num = p->num;
	return 0;
}

/* Port number of device @name on switch @sw, 0 if it is not a port. */
uint32_t port_num_of(uint32_t sw, const char *name)
{
	struct port_find pf = { 0 };

	if (dev_index(name, &pf.ifindex) || snic_port_get(sw, find_port, &pf))
		return 0;
	return pf.num;
}

#define PORT_SET_USAGE "snicctl port set SW PORT|PORTDEV [sc2sc SC0,SC1,...] " \
	"[vlbuf B0,...] [credit_period USEC] [credit_drop N] " \
	"[ar_kind none|global|local ar_peer N]"

static int port_set(int argc, char **argv)
{
	static struct opt_cfg c;
	bool kind = false, peer = false;
	uint32_t sw, port;
	int i, r;

	memset(&c, 0, sizeof(c));
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
	for (i = 2; i < argc; i += 2) {
		r = opt_set(port_tabs, argv[i], argv[i + 1], &c);
		if (r < 0)
			goto usage;
		if (!r) {
			fprintf(stderr, "Error: unknown keyword \"%s\"\n", argv[i]);
			return 1;
		}
		kind |= !strcmp(argv[i], "ar_kind");
		peer |= !strcmp(argv[i], "ar_peer");
	}
	/* the kind goes with its peer */
	if (kind != peer)
		goto usage;
	c.port.num = port;
	c.port.credit = c.has_credit ? &c.credit : NULL;
	return snic_port_set(sw, &c.port) ? 1 : 0;
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
	err = snic_port_get(sw, print_port, NULL);
	out_end_list();
	return err ? 1 : 0;
}
