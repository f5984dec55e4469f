/* SPDX-License-Identifier: GPL-2.0 */
/* snicctl: shared declarations. One file per subcommand, as iproute2. */
#ifndef _SNICCTL_H
#define _SNICCTL_H

#include <stdbool.h>
#include <stdint.h>
#include <stddef.h>
#include <linux/snic.h>
#include <linux/snic_wire.h>
#include <linux/sch_snic.h>

#include "libsnic.h"
#include "rate.h"

extern bool opt_json;
extern bool opt_stats;

int enter_netns(const char *name);
/* opt.c: command line values; the kernel judges their range. */
int parse_u32(const char *s, uint32_t *v);
int dev_index(const char *name, uint32_t *ifindex);
/* "a,b,c" -> up to n bytes; unnamed entries keep what table holds. */
int parse_table(char *s, uint8_t *table, int n);
int parse_sc_table(char *s, uint8_t *table);
void out_table(const char *key, const uint8_t *table, int n);
void out_u64_list(const char *k, const uint64_t *v, int n);
void out_frac_list(const char *k, const double *v, int n);
/* ar.c: enum snic_ar_intm's names, NULL-terminated */
extern const char *const snic_intm_names[];
/* ar.c: link keys as text, gSW.PG.IDX or lFROM.TO (0: not one). */
uint32_t snic_link_parse(const char *s);
void snic_link_format(uint32_t key, char *buf, size_t len);

/* json.c: text and JSON through the same calls. */
void out_reset(void);
void out_begin_list(void);
void out_end_list(void);
void out_begin_obj(void);
void out_end_obj(void);
void out_str(const char *key, const char *fmt_text, const char *val);
void out_u64(const char *key, const char *fmt_text, uint64_t val);
void out_s64(const char *key, const char *fmt_text, int64_t val);
void out_hex(const char *key, const char *fmt_text, uint64_t val);
void out_begin_list_key(const char *key);
void out_end_list_key(void);
/* @val: a number already formatted (JSON: written as it is) */
void out_num(const char *key, const char *fmt_text, const char *val);
void out_begin_sub(const char *key);
void out_end_sub(void);
void out_nl(void);
/* stats.c: counters[SNIC_STAT_*], by name (-s) */
void stats_print(const uint64_t *stats, int first);

/*
 * opt.c: the options of "dev set" and "port set" and what "dev show" and
 * "port show" print, from tables of one row per keyword (dev.c, credit.c,
 * cc.c, ar.c, port.c), each row naming the libsnic field it sets by its
 * nest and attribute (snic_cfg_set(), snic_info_get()).
 */
struct opt_cfg {			/* a request's settings */
	struct snic_dev_cfg dev;
	struct snic_credit_cfg credit;
	struct snic_cc_cfg cc;
	struct snic_ar_cfg ar;
	struct snic_sw_cc_cfg sw_cc;
	struct snic_port_cfg port;
	bool has_dev, has_credit, has_cc, has_ar, has_sw_cc;	/* to send */
	struct snic_cct_ent cct[SNIC_CCT_MAX];
};

struct opt_info {			/* a reply: one of the two */
	const struct snic_dev_info *dev;
	const struct snic_port_info *port;
};

struct opt {
	const char *kw;		/* the keyword of dev/port set, NULL: shown only */
	const char *key;	/* the key shown (JSON, and text but for pairs) */
	int nest, attr, attr2;	/* SNIC_A_DEV/CREDIT/CC/AR/PORT, attribute(s) */
	/* the value of kw into the request, -1 if bad; NULL: shown only */
	int (*parse)(const struct opt *o, char *val, struct opt_cfg *c);
	/* shown when the reply has the nest; NULL: not shown */
	void (*show)(const struct opt *o, const struct opt_info *i);
	uint32_t max;		/* opt_u32, opt_pair: at most (0: any u32) */
	const char *const *names;	/* opt_enum, show_enum: by value */
	const char *key2;	/* pairs: the second value's key */
	char sep;		/* pairs: between the two values */
};

/* A u32 setting shown as " KW N", one set only, one shown only. */
#define OPT_U32(k, n, a, m)	{ .kw = k, .key = k, .nest = n, .attr = a, \
				  .parse = opt_u32, .show = show_u64, .max = m }
#define OPT_SET(k, n, a, m)	{ .kw = k, .nest = n, .attr = a, \
				  .parse = opt_u32, .max = m }
#define OPT_SHOW(k, n, a)	{ .key = k, .nest = n, .attr = a, \
				  .show = show_u64 }
/* Two u32 settings, "KW A<sep>B". */
#define OPT_PAIR(k, n, a, a2, s, m, k1, k2) \
	{ .kw = k, .key = k1, .key2 = k2, .nest = n, .attr = a, .attr2 = a2, \
	  .sep = s, .parse = opt_pair, .show = show_pair, .max = m }
/* A u32 setting of named values (a NULL-terminated list). */
#define OPT_ENUM(k, n, a, l)	{ .kw = k, .key = k, .nest = n, .attr = a, \
				  .names = l, .parse = opt_enum, \
				  .show = show_enum }

/* The tables end with { 0 }; a command's list of tables with NULL. */
extern const struct opt dev_opts[], credit_opts[], cc_opts[], ar_opts[],
	ar_port_opts[], port_opts[], sw_cc_opts[];
/* 1: @kw is an option of @tabs (set in @c), 0: not one, -1: a bad value. */
int opt_set(const struct opt *const *tabs, const char *kw, char *val,
	    struct opt_cfg *c);
void opt_show(const struct opt *const *tabs, const struct opt_info *i);
/* The cfg struct of @nest in @c (which then sends it); its info in @i. */
void *opt_cfg_of(struct opt_cfg *c, int nest);
const void *opt_info_of(const struct opt_info *i, int nest);
int opt_u32(const struct opt *o, char *val, struct opt_cfg *c);
int opt_pair(const struct opt *o, char *val, struct opt_cfg *c);
int opt_enum(const struct opt *o, char *val, struct opt_cfg *c);
void show_u64(const struct opt *o, const struct opt_info *i);
void show_hex(const struct opt *o, const struct opt_info *i);
void show_pair(const struct opt *o, const struct opt_info *i);
void show_enum(const struct opt *o, const struct opt_info *i);
void show_ifname(const struct opt *o, const struct opt_info *i);

/* subcommands */
int do_cc(int argc, char **argv);
int do_ar(int argc, char **argv);
int do_bpt(int argc, char **argv);
/* port.c: the port number of device @name on switch @sw, 0: not a port */
uint32_t port_num_of(uint32_t sw, const char *name);
int qdisc_apply(int argc, char **argv, bool create);
/* A root sch_snic's options (qdisc.c); has_* say which a request sets. */
struct qdisc_cfg {
	bool has_limit, has_sc2vl, has_rate, has_vlarb, has_hoq, has_dilation,
	     has_sync, has_cc_thr, has_cc_buf, has_cc_pkt, has_cc_rate,
	     has_cc_victim, has_cc_vl_pkt, has_cc_vl_rate, has_latency;
	uint32_t limit, hoq_us, dilation, sync_us, cc_buf;
	uint32_t latency_ns;		/* fabric time */
	uint32_t cc_pkt, cc_rate;	/* u16 on the wire */
	uint32_t cc_victim;		/* u8 on the wire */
	uint64_t rate;			/* bytes/s */
	uint8_t sc2vl[TC_SNIC_NUM_SC];
	uint8_t vlarb[TC_SNIC_NUM_VLS];	/* whole tables */
	uint8_t cc_thr[TC_SNIC_NUM_VLS];
	uint16_t cc_vl_pkt[TC_SNIC_NUM_VLS];	/* each VL's, over cc_pkt */
	uint16_t cc_vl_rate[TC_SNIC_NUM_VLS];	/* ... over cc_rate */
};
/* Change (@create: create or replace) the root sch_snic of @ifindex. */
int qdisc_set(uint32_t ifindex, const struct qdisc_cfg *c, bool create);
int qdisc_nic_fifo(const char *dev, unsigned int ntxq, uint32_t limit);
struct tc_snic_late;
struct tc_snic_xstats;
int qdisc_xstats(const char *dev, struct tc_snic_xstats *x);
/* fabric_health.c */
struct fabric;
/* @threshold: per mille, UINT32_MAX: the default */
int fabric_health(const struct fabric *f, uint32_t threshold);
int fabric_health_mark(const struct fabric *f);
void fab_health_forget(const char *name);
/* fabric_traffic.c */
int fabric_traffic(const struct fabric *f, int argc, char **argv);
int do_dev(int argc, char **argv);
int do_lft(int argc, char **argv);
int do_mft(int argc, char **argv);
int do_port(int argc, char **argv);
int do_qdisc(int argc, char **argv);
int do_raw(int argc, char **argv);
int do_monitor(int argc, char **argv);

#endif
