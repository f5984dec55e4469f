/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The fabric manager of snicctl: a fabric description (parsed from the
 * text format or made by a generator), its routes, and the commands that
 * build it out of netns, veth pairs, snic devices and sch_snic qdiscs.
 *
 *   fabric.c        the model, the text format, generators, state files
 *   fabric_route.c  minimal routes (LFT), the MFT spanning tree
 *   fabric_run.c    up / down / show / check
 *   fabric_span.c   a fabric over several machines: tunnel links, MTU
 */
#ifndef _SNICCTL_FABRIC_H
#define _SNICCTL_FABRIC_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>
#include <stdio.h>
#include <linux/snic.h>
#include <linux/snic_wire.h>

#define FAB_NAME_LEN	16
#define FAB_MAX_NODES	2048
#define FAB_STATE_DIR	"/run/snic"
/* Defaults: 100 Gb/s links and 256 credits (16 KiB) per VL, run 10000
 * times slower than real time (10 Mb/s of wall time per link), which
 * a TCG guest keeps up with.
 */
#define FAB_DEFAULT_RATE	12500000000ULL	/* bytes/s, fabric time */
#define FAB_DEFAULT_BUF		256
/* data VLs 0..7 carry credits (the SCs a fabric uses map to them) */
#define FAB_CREDIT_VLS		8
#define FAB_DEFAULT_DILATION	10000
#define FAB_DEFAULT_CC_THR	8	/* opafm's default */
#define FAB_QDISC_LIMIT		4096
#define FAB_DATA_VLS		15	/* VLs 0..14; 15 is management */
/* snic0: TX queues (half open, half for paced DLIDs: the driver's
 * default), each with a FIFO of this many packets (not fq_codel, whose
 * AQM would drop what waits for CCA pacing).
 */
#define FAB_NIC_TXQ		8
#define FAB_NIC_QLEN		1000

/*
 * A fabric may span machines: each node runs on one (its "machine"), a
 * link between two machines is a pair of Linux tunnel devices (VXLAN, or
 * GRETAP) over their underlay, and "fabric up FILE part NAME" builds one
 * machine's part from the one description every machine reads.
 */
#define FAB_MAX_MACHINES	64
#define FAB_ADDR_LEN		48
#define FAB_DEFAULT_UNDERLAY_MTU 1500
#define FAB_DEFAULT_VNI		4096	/* + link index */
#define FAB_VXLAN_PORT		4789
enum fab_tunnel { FAB_TUNNEL_VXLAN, FAB_TUNNEL_GRETAP };

struct fab_machine {
	char name[FAB_NAME_LEN];
	char addr[FAB_ADDR_LEN];	/* its underlay address */
	int line;
};

struct fab_link {
	int a, b;		/* node indices */
	int pa, pb;		/* port numbers at a and b (a host's is 0) */
	uint64_t rate;		/* bytes/s, fabric time */
	uint32_t buf;		/* credits per VL at each receiving end */
	bool global;		/* raise the SC on leaving (Dragonfly) */
	bool has_latency;	/* its own, not the fabric's default */
	uint32_t latency;	/* ns, fabric time: fab_latency() */
	int line;
};

struct fab_node {
	char name[FAB_NAME_LEN];
	bool sw;
	uint32_t lid;		/* hosts */
	int nports;
	int link[SNIC_MAX_PORTS + 1];	/* link of port n (host: [0]) */
	int machine;		/* index in fabric.machine; -1: none named */
	/* a generator's split: zone of nzones (machine = zone * M / nzones) */
	int zone, nzones;
	int line;
};

struct fabric {
	char name[FAB_NAME_LEN];
	const char *src;	/* file name or generator, for messages */
	int errors;		/* fab_err() calls so far */
	uint32_t dilation;
	uint32_t hoq_us;	/* fabric time, 0: off */
	/* VLArb weights of data VLs 0..nvlarb-1, 1..255 each (the rest 64) */
	uint8_t vlarb[FAB_DATA_VLS];
	int nvlarb;
	/* CCA marking on every switch port (sch_snic cc_* options) */
	uint32_t cc_thr;	/* 0..15, 0: off */
	uint32_t cc_rate;	/* mark 1 in N eligible, 0: all */
	uint32_t cc_pkt;	/* eligible from N x 64 bytes */
	uint32_t cc_victim;	/* 0 or 1 */
	uint64_t rate;		/* defaults for links */
	uint32_t buf;
	uint32_t latency;	/* ns, fabric time: propagation delay */
	uint32_t global_latency;	/* ... of a global link */
	struct fab_node *node;
	int nnodes;
	struct fab_link *link;
	int nlinks;
	/* machines (fabric_span.c); none: one machine, no tunnel */
	struct fab_machine *machine;
	int nmachines;
	int part;		/* the machine built here; -1: all of it */
	enum fab_tunnel tunnel;
	uint32_t underlay_mtu;	/* of every machine's underlay */
	uint32_t vni;		/* first VNI (GRETAP key); + link index */
	uint32_t mtu;		/* snic0's when some link spans, else 0 */
	/* adaptive routing (fabric_ar.c) */
	uint32_t ar;		/* 0, 1 adaptive, 2 valiant, 3 per packet, 4 ugal */
	/* the switches' ar_intm (enum snic_ar_intm): "intm" (has_intm), or
	 * fabric up's default for the algorithm (fabric_run.c)
	 */
	bool has_intm;
	uint32_t intm;
	uint32_t rdma;		/* an RDMA device per host (fabric_rdma.c) */
	int *grp, *gid;		/* per node: group, rank in it (switches) */
	int ngroups;
	uint32_t *grp_lo, *grp_hi;	/* per group: its host LIDs */
	uint64_t *artree;	/* per switch: its ports on the group's tree */
	/* routes: route[s * nnodes + h] = port of switch s towards host h */
	int *route;
	uint64_t *mft;		/* per node: MFT port bitmap (switches) */
};

/* fabric.c */
struct fabric *fab_new(void);
void fab_free(struct fabric *f);
/* "Error: SRC[:LINE]: ..." on stderr, counted in f->errors; returns -1. */
int fab_err(struct fabric *f, int line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
int fab_parse_file(struct fabric *f, const char *path);
/* A fabric's name: FAB_NAME_RULE (its netns are NAME-NODE). */
bool fab_name_ok(const char *name);
#define FAB_NAME_RULE	"1 to 11 letters, digits or _"
int fab_generate(struct fabric *f, const char *spec);
/* The generators, one "NAME:SIZES" and its description each. */
void fab_gen_usage(FILE *fp);
int fab_finish(struct fabric *f);
int fab_write(const struct fabric *f, const char *path);
const struct fab_link *fab_host_link(const struct fabric *f, int host);
/* A link's propagation delay, ns of fabric time: its own or the default. */
uint32_t fab_latency(const struct fabric *f, const struct fab_link *l);
#define FAB_MAX_LATENCY	1000000	/* ns: sch_snic's TCA_SNIC_LATENCY */
#define NS_LEN		40	/* a node's netns name, NAME-NODE */
void fab_ns(const struct fabric *f, int node, char *buf, size_t len);
int fab_find(const struct fabric *f, const char *name);
pid_t fab_fork(const struct fabric *f, int node);
void fab_addr(const struct fabric *f, int host, char *buf, size_t len);

/* fabric_span.c */
int fab_add_machine(struct fabric *f, const char *name, const char *addr,
		    int line);
int fab_find_machine(const struct fabric *f, const char *name);
/* machines ADDR,ADDR,...: machines m1, m2, ... and a generator's split */
int fab_split(struct fabric *f, const char *addrs);
int fab_set_part(struct fabric *f, const char *name);
/* After parsing (fab_finish()): every node placed, the MTU of a span. */
int fab_span_finish(struct fabric *f);
/* Node @n runs on this machine (always, without a part). */
bool fab_local(const struct fabric *f, int n);
/* Link @l joins two machines. */
bool fab_spans(const struct fabric *f, const struct fab_link *l);
/* The "ip -batch" lines (root netns) of the tunnel devices of this part's
 * spanning links, each moved into its node's netns as fab0 or pN.
 */
int fab_span_tunnels(const struct fabric *f, char **cmds);
int fab_span_write(const struct fabric *f, FILE *fp);
/* fabric health on a part: the underlay to each machine it has tunnels to */
void fab_span_health(const struct fabric *f);

/* fabric_route.c */
int fab_route(struct fabric *f);
/*
 * The minimal route (the LFTs) from host @from to host @to, as directed
 * links: 2 * link index, + 1 when crossed from its b end to its a end.
 * Writes at most @max; returns how many, or -1 (no route, not two hosts).
 */
int fab_path(const struct fabric *f, int from, int to, int *res, int max);

/* fabric_ar.c */
#define FAB_AR_MLID_BASE	0xf10000	/* + group: its ARN DLID */
/*
 * ARN times are fabric time. The monitor samples every microsecond of
 * fabric time, but not more often than every 10 ms of wall time (under
 * TCG a faster timer on every switch would take the CPU the links need):
 * at the default dilation, 10000, both are the same. The lifetime and
 * the hold-down are multiples of the period. A link is congested (or no
 * longer) when its queue stayed over (under) the threshold for as many
 * samples in a row as make three of its longest frame times, at least
 * three: a standing queue, not the burst of a few frames meeting; the
 * flowlet gap is at least four frame times, more than a detour adds.
 * Refreshes go every half lifetime while a link stays congested: 200
 * periods, so that they cost well under 1 % of a link.
 */
#define FAB_AR_PERIOD_US	1	/* monitor sample, fabric us */
#define FAB_AR_PERIOD_WALL_US	10000	/* ... at least this wall time */
#define FAB_AR_LIFE		400	/* periods */
#define FAB_AR_HOLD		50
#define FAB_AR_FLOWLET		1
#define FAB_AR_SAMPLES		3	/* at least, to set and to clear */
#define FAB_AR_FILTER_FRAMES	3	/* ... or this many frame times */
#define FAB_AR_FLOWLET_FRAMES	4
int fab_ar(struct fabric *f);
#define FAB_AR_CANDS		8	/* candidates of a BPT entry, at most */
#define FAB_AR_BPT_RANGE	4096	/* DLIDs of a BPT entry, at most */
struct snic_bpt_cand;
/*
 * Switch @s's BPT entry for host @h in @c[FAB_AR_CANDS], the minimal
 * candidate first; returns how many (< 2: no entry worth having).
 */
int fab_ar_bpt(const struct fabric *f, int s, int h, struct snic_bpt_cand *c);

/* fabric_run.c */
int do_fabric(int argc, char **argv);
/* The fabric NAME as "up" recorded it; NULL (said on stderr) if not up. */
struct fabric *fab_load(const char *name);
/* Run "ip [-n NS] -batch -" with @cmds on its stdin. */
int fab_ip_batch(const char *ns, const char *cmds);
/* A growing command buffer, and printf onto its end. */
struct buf {
	char *s;
	size_t len, cap;
};
void bprintf(struct buf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* fabric_rdma.c */
int fab_rdma_check(const struct fabric *f);
int fab_rdma_up(const struct fabric *f);
int fab_rdma_down(const struct fabric *f);
void fab_rdma_addr(const struct fabric *f, int host, char *buf, size_t len);
void fab_rdma_dev(const struct fabric *f, int host, char *buf, size_t len);
/* Device @name of this netns (a node's: sw0, p1, snic0, fab0); 0 if
 * there is none, said on stderr.
 */
uint32_t fab_ifindex(const char *name);
int fabric_record(const struct fabric *f, int argc, char **argv);

/* fabric_ctl.c: "fabric list|set|link"; -1 for another subcommand */
int fabric_ctl(int argc, char **argv);

/* fabric_export.c: "fabric export SPEC [dot|json]" */
int fabric_export(int argc, char **argv);

/*
 * fabric_loop.c: whether @f's routes (fab_route()) close a credit loop,
 * a cycle of channel dependencies that can deadlock a lossless fabric:
 * 1 (the cycle written to @out, "node:port vl V -> ..."), 0 none, -1
 * out of memory.
 */
int fab_credit_loop(const struct fabric *f, char *out, size_t len);

/* fabric_calib.c: dilation auto */
#define FAB_CALIB_FRAME	1500	/* bytes: a full frame of the default MTU */
int fab_auto_dilation(struct fabric *f);

#endif /* _SNICCTL_FABRIC_H */
