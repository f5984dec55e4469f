/* SPDX-License-Identifier: GPL-2.0 */
/* snicctl: shared declarations. One file per subcommand, as iproute2. */
#ifndef _SNICCTL_H
#define _SNICCTL_H

#include <stdbool.h>
#include <stdint.h>
#include <netlink/genl/genl.h>
#include <linux/snic.h>

extern bool opt_json;
extern bool opt_stats;

/* nl.c: one genl socket, requests with extack reporting. */
struct snic_req {
	struct nl_msg *msg;
	int (*cb)(struct nl_msg *msg, void *arg);	/* per reply message */
	void *arg;
};

int enter_netns(const char *name);
int nl_open(void);
struct nl_msg *nl_new(uint8_t cmd, bool dump);
/* Send, wait for the answer; on error print "Error: ..." and return -errno. */
int nl_run(struct nl_msg *msg, int (*cb)(struct nl_msg *, void *), void *arg,
	   const char *what);
int nl_route_run(struct nl_msg *msg, int (*cb)(struct nl_msg *, void *),
		 void *arg, const char *what);
int parse_u32(const char *s, uint32_t *v);
int dev_index(const char *name, uint32_t *ifindex);
/* "a,b,c" -> up to n bytes; unnamed entries keep what table holds. */
int parse_table(char *s, uint8_t *table, int n);
void out_table(const char *key, const uint8_t *table, int n);
void out_u64_list(const char *k, const uint64_t *v, int n);
void out_frac_list(const char *k, const double *v, int n);
/* ar.c: link keys as text, gSW.PG.IDX or lFROM.TO (0: not one). */
uint32_t snic_link_parse(const char *s);
void snic_link_format(uint32_t key, char *buf, size_t len);

/* json.c: text and JSON through the same calls. */
void out_begin_list(void);
void out_end_list(void);
void out_begin_obj(void);
void out_end_obj(void);
void out_str(const char *key, const char *fmt_text, const char *val);
void out_u64(const char *key, const char *fmt_text, uint64_t val);
void out_s64(const char *key, const char *fmt_text, int64_t val);
void out_hex(const char *key, const char *fmt_text, uint64_t val);
void out_begin_list_key(const char *key);
/* @val: a number already formatted (JSON: written as it is) */
void out_num(const char *key, const char *fmt_text, const char *val);
void out_begin_sub(const char *key);
void out_end_sub(void);
void out_nl(void);
void stats_print(struct nlattr *nest);

/* subcommands */
int credit_opt(struct nl_msg *msg, const char *key, char *val);
void credit_print(struct nlattr **tb);
int cc_opt(struct nl_msg *msg, const char *key, char *val);
void cc_print(struct nlattr **tb);
int do_cc(int argc, char **argv);
int ar_opt(struct nl_msg *msg, const char *key, char *val);
void ar_print(struct nlattr **tb);
int do_ar(int argc, char **argv);
int ar_port_opt(struct nl_msg *msg, const char *key, char *val);
void ar_port_print(struct nlattr **tb);
int do_bpt(int argc, char **argv);
int qdisc_apply(int argc, char **argv, bool create);
int qdisc_nic_fifo(const char *dev, unsigned int ntxq, uint32_t limit);
struct tc_snic_late;
int qdisc_late(const char *dev, struct tc_snic_late *late);
/* fabric_health.c */
struct fabric;
/* @threshold: per mille, UINT32_MAX: the default */
int fabric_health(const struct fabric *f, uint32_t threshold);
/* fabric_traffic.c */
int fabric_traffic(const struct fabric *f, int argc, char **argv);
long long parse_rate(const char *s);
int do_dev(int argc, char **argv);
int do_lft(int argc, char **argv);
int do_mft(int argc, char **argv);
int do_port(int argc, char **argv);
int do_qdisc(int argc, char **argv);
int do_raw(int argc, char **argv);

#endif
