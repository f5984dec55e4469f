// SPDX-License-Identifier: GPL-2.0
/*
 * snicctl dev show [DEV]
 * snicctl dev set DEV [lid LID] [sl2sc SC0,SC1,...] [sc2sl SL0,SL1,...]
 *                    [vlbuf B0,...]
 *                    [credit_period USEC] [credit_drop N]
 *                    [CCA options, see cc.c] [AR options, see ar.c]
 */
#include <stdio.h>
#include <string.h>

#include "snicctl.h"

static int sl2sc_opt(const struct opt *o, char *val, struct opt_cfg *c)
{
	struct snic_dev_cfg *d = opt_cfg_of(c, o->nest);
	int sl;

	/* default: SL n -> SC n & 7, as the kernel's */
	for (sl = 0; sl < SNIC_NUM_SL; sl++)
		d->sl2sc[sl] = sl & 7;
	if (parse_table(val, d->sl2sc, SNIC_NUM_SL))
		return -1;
	d->has_sl2sc = true;
	return 0;
}

static void sl2sc_show(const struct opt *o, const struct opt_info *i)
{
	const struct snic_dev_info *d = opt_info_of(i, o->nest);

	if (d->has_sl2sc)
		out_table(o->key, d->sl2sc, SNIC_NUM_SL);
}

static int sc2sl_opt(const struct opt *o, char *val, struct opt_cfg *c)
{
	struct snic_dev_cfg *d = opt_cfg_of(c, o->nest);

	if (parse_sc_table(val, d->sc2sl))
		return -1;
	d->has_sc2sl = true;
	return 0;
}

static void sc2sl_show(const struct opt *o, const struct opt_info *i)
{
	const struct snic_dev_info *d = opt_info_of(i, o->nest);

	if (d->has_sc2sl)
		out_table(o->key, d->sc2sl, SNIC_NUM_SC);
}

const struct opt dev_opts[] = {
	{ .kw = "lid", .key = "lid", .nest = SNIC_A_DEV,
	  .attr = SNIC_A_DEV_LID, .parse = opt_u32, .show = show_hex },
	{ .key = "link", .nest = SNIC_A_DEV, .attr = SNIC_A_DEV_LINK_IFINDEX,
	  .show = show_ifname },
	{ .kw = "sl2sc", .key = "sl2sc", .nest = SNIC_A_DEV,
	  .attr = SNIC_A_DEV_SL2SC, .parse = sl2sc_opt, .show = sl2sc_show },
	{ .kw = "sc2sl", .key = "sc2sl", .nest = SNIC_A_DEV,
	  .attr = SNIC_A_DEV_SC2SL, .parse = sc2sl_opt, .show = sc2sl_show },
	{ 0 }
};

/* dev set's options, and what dev show prints, in this order */
static const struct opt *const dev_tabs[] = {
	dev_opts, credit_opts, cc_opts, ar_opts, sw_cc_opts, NULL
};

static int print_dev(const struct snic_dev_info *d, void *arg)
{
	struct opt_info i = { .dev = d };

	(void)arg;
	if (!d->ifname[0] || !d->kind)
		return 0;
	out_begin_obj();
	out_str("ifname", "%s:", d->ifname);
	out_str("kind", " kind %s", d->kind == SNIC_KIND_NIC ? "snic" : "snicsw");
	opt_show(dev_tabs, &i);
	if (opt_stats && d->has_stats)
		stats_print(d->stats, SNIC_STAT_RX_DROP_TRUNCATED);
	out_end_obj();
	return 0;
}

static int dev_show(int argc, char **argv)
{
	uint32_t ifindex = 0;
	int err;

	if (argc > 1) {
		fprintf(stderr, "Usage: snicctl dev show [DEV]\n");
		return 1;
	}
	if (argc == 1 && dev_index(argv[0], &ifindex))
		return 1;
	out_begin_list();
	err = snic_dev_get(ifindex, print_dev, NULL);
	out_end_list();
	return err ? 1 : 0;
}

static int dev_set(int argc, char **argv)
{
	static struct opt_cfg c;
	uint32_t ifindex;
	int i, r;

	memset(&c, 0, sizeof(c));
	if (argc < 1 || dev_index(argv[0], &ifindex))
		goto usage;
	for (i = 1; i < argc; i += 2) {
		if (i + 1 >= argc)
			goto usage;
		r = opt_set(dev_tabs, argv[i], argv[i + 1], &c);
		if (r < 0)
			goto usage;
		if (!r) {
			fprintf(stderr, "Error: unknown keyword \"%s\"\n", argv[i]);
			return 1;
		}
	}
	return snic_dev_set(ifindex, c.has_dev ? &c.dev : NULL,
			    c.has_credit ? &c.credit : NULL,
			    c.has_cc ? &c.cc : NULL,
			    c.has_ar ? &c.ar : NULL,
			    c.has_sw_cc ? &c.sw_cc : NULL) ? 1 : 0;
usage:
	fprintf(stderr, "Usage: snicctl dev set DEV [lid LID] [sl2sc SC0,SC1,...] [sc2sl SL0,SL1,...] [vlbuf B0,...] [credit_period USEC] [credit_drop N] [cc_pacing 0|1] [ccti_increase N] [ccti_timer N] [ccti_trigger N] [ccti_min N] [ccti_limit N] [cc_tracked N] [becn_window NS] [cct SHIFT:MULT,...] [cct_max_delay NS] [cc_sl SL:K=V,...] [sw_marking 0|1] [sw_cc_thr T|T0,...] [sw_cc_buf BYTES] [sw_cc_pkt N|N0,...] [sw_cc_rate N|N0,...] [sw_cc_victim 0|1] [ar_dlid MLID] [ar_group G] [ar_switch S] [ar_life US] [ar_refresh US] [ar_repeat N] [ar_recovery US] [ar_min_gap US] [ar_detect queue|util|both] [ar_util_thr SET:CLEAR] [ar_util_samples S:C] [ar_detour_sc2sc SC0,...] [ar_intm off|packet|flow]\n");
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
