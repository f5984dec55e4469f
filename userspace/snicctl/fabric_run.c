// SPDX-License-Identifier: GPL-2.0
/*
 * snicctl fabric up FILE|GENERATOR [name NAME] [dilation D|auto] [rate RATE] [hoq USEC]
 *                   [latency NS] [global_latency NS] [cc_thr T] [ar|val|valpkt|ugal] [intm off|packet|flow] [rdma]
 *                   [machines ADDR,ADDR,...] [part MACHINE] [loops] [check]
 * snicctl fabric down [NAME]
 * snicctl fabric show [NAME]          (-j: JSON)
 * snicctl fabric check [NAME] [pairs N|all]
 *
 * "up" records the fabric in FAB_STATE_DIR/NAME.fabric before it creates
 * anything, then builds it: one netns per node (NAME-NODE), one veth pair
 * per link (fab0 on a host, pN on a switch), through "ip -batch" (one ip
 * process for the root netns, one per node); then, inside each netns, the
 * sch_snic qdiscs of every link end and, once they all exist, LIDs, credit
 * buffers, SC escalation, LFT and MFT over netlink: typed requests
 * (libsnic, qdisc_set()), never command lines. Any failure tears down
 * what was built. "up" refuses a fabric one of whose netns exists; "down"
 * deletes the netns of the fabric's nodes (its state file names them), and
 * nothing else. "check" pings between hosts (every pair on small fabrics,
 * a sample on large ones) and fails if any pair cannot reach the other.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <net/if.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "fabric.h"
#include "libsnic.h"
#include "snicctl.h"

#define CHECK_PARALLEL	8
#define FAB_UP_USAGE	"snicctl fabric up FILE|GENERATOR [name NAME] " \
	"[dilation D|auto] [rate RATE] [hoq USEC] [cc_thr T]\n" \
	"                         [latency NS] [global_latency NS]\n" \
	"                         [ar|val|valpkt|ugal] [intm off|packet|flow] [rdma]\n" \
	"                         [machines ADDR,ADDR,...] [part MACHINE] [loops] [check]"

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static const char *ip_path(void)
{
	const char *p = getenv("SNIC_IP");

	if (p)
		return p;
	return access("/usr/sbin/ip", X_OK) ? "ip" : "/usr/sbin/ip";
}

static void state_path(const char *name, char *buf, size_t len)
{
	snprintf(buf, len, "%s/%s.fabric", FAB_STATE_DIR, name);
}

int fab_ip_batch(const char *ns, const char *cmds)
{
	int fd[2], st;
	pid_t pid;
	size_t off = 0, len = strlen(cmds);

	if (pipe(fd))
		return -1;
	pid = fork();
	if (pid < 0)
		return -1;
	if (!pid) {
		dup2(fd[0], 0);
		close(fd[0]);
		close(fd[1]);
		if (ns)
			execlp(ip_path(), "ip", "-n", ns, "-batch", "-", NULL);
		else
			execlp(ip_path(), "ip", "-batch", "-", NULL);
		_exit(127);
	}
	close(fd[0]);
	signal(SIGPIPE, SIG_IGN);
	while (off < len) {
		ssize_t n = write(fd[1], cmds + off, len - off);

		if (n <= 0)
			break;
		off += n;
	}
	close(fd[1]);
	if (waitpid(pid, &st, 0) < 0 || !WIFEXITED(st) || WEXITSTATUS(st))
		return -1;
	return 0;
}

void bprintf(struct buf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	for (;;) {
		va_start(ap, fmt);
		n = vsnprintf(b->s + b->len, b->cap - b->len, fmt, ap);
		va_end(ap);
		if (b->s && (size_t)n < b->cap - b->len)
			break;
		b->cap = b->cap * 2 + n + 256;
		b->s = realloc(b->s, b->cap);
		if (!b->s)
			exit(1);
	}
	b->len += n;
}

uint32_t fab_ifindex(const char *name)
{
	uint32_t ifindex = if_nametoindex(name);

	if (!ifindex)
		fprintf(stderr, "Error: device \"%s\" does not exist\n", name);
	return ifindex;
}

/* Receive buffers of a link end: @buf credits on VLs 0..7, the VLs a
 * fabric uses (SCs 0..7 map to them), none on the others.
 */
static void vl_bufs(struct snic_credit_cfg *c, uint32_t buf)
{
	int vl;

	memset(c, 0, sizeof(*c));
	c->has_buf = true;
	for (vl = 0; vl < FAB_CREDIT_VLS; vl++)
		c->buf[vl] = buf;
}

/* A link end's qdisc; a switch port's also marks FECN (CCA), with the
 * thresholds as fractions of the VL buffer its far end gives it.
 */
static int qdisc_of(const struct fabric *f, const char *dev,
		    const struct fab_link *l, bool sw)
{
	struct qdisc_cfg q = {
		.has_limit = true, .limit = FAB_QDISC_LIMIT,
		.has_rate = true, .rate = l->rate,
		.has_dilation = true, .dilation = f->dilation,
		.has_hoq = true, .hoq_us = f->hoq_us,
		.has_latency = true, .latency_ns = fab_latency(f, l),
	};
	uint32_t ifindex = fab_ifindex(dev);
	int vl;

	if (!ifindex)
		return -ENODEV;
	if (f->nvlarb) {
		/* the data VLs the description leaves out weigh 64 */
		q.has_vlarb = true;
		for (vl = 0; vl < TC_SNIC_NUM_VLS; vl++)
			q.vlarb[vl] = vl < f->nvlarb ? f->vlarb[vl] : 64;
	}
	if (sw) {
		/* one threshold for every data VL, none for management */
		q.has_cc_thr = true;
		memset(q.cc_thr, f->cc_thr, TC_SNIC_VL_MGMT);
		q.has_cc_buf = true;
		q.cc_buf = l->buf * 64;
		q.has_cc_rate = true;
		q.cc_rate = f->cc_rate;
		q.has_cc_pkt = true;
		q.cc_pkt = f->cc_pkt;
		q.has_cc_victim = true;
		q.cc_victim = f->cc_victim;
	}
	return qdisc_set(ifindex, &q, true);
}

/* SC escalation at a global link (Dragonfly): SC n leaves as n + 1 for
 * n < 7, SC 7 stays (the fabric uses SCs 0..7), SCs 8..31 unchanged, as
 * "sc2sc 1,2,3,4,5,6,7,7" on an identity table always made it.
 */
static void sc2sc_global(uint8_t *t)
{
	int sc;

	for (sc = 0; sc < SNIC_NUM_SC; sc++)
		t[sc] = sc < 7 ? sc + 1 : sc;
}

/* Does a global link of @f escalate SCs (sc2sc_global())? */
static bool fab_escalates(const struct fabric *f)
{
	int i;

	for (i = 0; i < f->nlinks; i++)
		if (f->link[i].global)
			return true;
	return false;
}

/* Hosts by LID. */
static int cmp_lid(const void *a, const void *b, void *arg)
{
	const struct fabric *f = arg;
	uint32_t x = f->node[*(const int *)a].lid;
	uint32_t y = f->node[*(const int *)b].lid;

	return x < y ? -1 : x > y;
}

static bool same_cands(const struct snic_bpt_cand *a,
		       const struct snic_bpt_cand *b, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (a[i].port != b[i].port || a[i].cost != b[i].cost ||
		    a[i].global != b[i].global ||
		    a[i].detour != b[i].detour ||
		    a[i].link[0] != b[i].link[0] ||
		    a[i].link[1] != b[i].link[1])
			return false;
	return true;
}

/*
 * Switch @n's Best Path Table: one entry per run of consecutive host
 * LIDs with the same candidates (a destination group, in the usual
 * case).
 */
/* What fabric up programs, libsnic must be able to dump. */
_Static_assert(FAB_AR_CANDS <= sizeof(((struct snic_bpt_info *)0)->cand) /
	       sizeof(((struct snic_bpt_info *)0)->cand[0]),
	       "libsnic's snic_bpt_info holds fewer candidates than fabric up sets");

static int program_bpt(const struct fabric *f, int n, uint32_t sw)
{
	struct snic_bpt_cand cands[FAB_AR_CANDS], run[FAB_AR_CANDS];
	int *hosts = calloc(f->nnodes, sizeof(int)), nh = 0, i, nc, nr = 0;
	uint32_t first = 0, last = 0;
	int err = 0;

	if (!hosts)
		exit(1);
	for (i = 0; i < f->nnodes; i++)
		if (!f->node[i].sw)
			hosts[nh++] = i;
	qsort_r(hosts, nh, sizeof(int), cmp_lid, (void *)f);
	for (i = 0; i <= nh && !err; i++) {
		uint32_t lid = i < nh ? f->node[hosts[i]].lid : 0;

		nc = i < nh ? fab_ar_bpt(f, n, hosts[i], cands) : 0;
		/* a run is one entry: at most SNIC_AR_BPT_RANGE DLIDs */
		if (nr && nc == nr && lid == last + 1 &&
		    lid - first < FAB_AR_BPT_RANGE &&
		    same_cands(cands, run, nc)) {
			last = lid;
			continue;
		}
		/* the run so far, if worth an entry */
		if (nr >= 2)
			err = snic_bpt_set(sw, first, last, run, nr);
		memcpy(run, cands, sizeof(run));
		nr = nc;
		first = last = lid;
	}
	free(hosts);
	return err ? -1 : 0;
}

/* The switches' algorithm per "ar" value (fabric.h). */
static const uint32_t ar_algorithm[] = {
	SNIC_AR_ALGORITHM_GREEDY_RANDOM, SNIC_AR_ALGORITHM_GREEDY_RANDOM,
	SNIC_AR_ALGORITHM_VALIANT, SNIC_AR_ALGORITHM_VALIANT_PACKET,
	SNIC_AR_ALGORITHM_UGAL,
};

static int parse_intm(const char *s, uint32_t *v)
{
	uint32_t i;

	for (i = 0; snic_intm_names[i]; i++) {
		if (!strcmp(s, snic_intm_names[i])) {
			*v = i;
			return 0;
		}
	}
	return -1;
}

/*
 * A group of @f (fab_ar()) two of whose switches, *@a and *@b, share no
 * link; -1 when every group is fully connected.
 */
static int open_group(const struct fabric *f, int *a, int *b)
{
	int i, j, p;

	for (i = 0; i < f->nnodes; i++) {
		if (!f->node[i].sw)
			continue;
		for (j = i + 1; j < f->nnodes; j++) {
			if (!f->node[j].sw || f->grp[j] != f->grp[i])
				continue;
			for (p = 1; p <= f->node[i].nports; p++) {
				const struct fab_link *l =
					&f->link[f->node[i].link[p]];

				if (!l->global && (l->a == j || l->b == j))
					break;
			}
			if (p > f->node[i].nports) {
				*a = i;
				*b = j;
				return f->grp[i];
			}
		}
	}
	return -1;
}

/*
 * The switches' ar_intm (f->intm): "intm" if given, else packet for the
 * algorithms that draw per packet (valpkt, ugal), off for the rest. The
 * switch where a packet lands in transit sends it one local hop on, to a
 * random switch of its group, whose LFT must then lead straight to the
 * exit switch, not back to where it landed: in a group that is not fully
 * connected it may. There intm is refused when asked for, and off by
 * default.
 */
static int set_intm(struct fabric *f)
{
	int g, a = 0, b = 0;

	if (!f->ar) {
		if (f->has_intm && f->intm != SNIC_AR_INTM_OFF) {
			fprintf(stderr, "Error: %s: intm %s needs adaptive routing (ar, val, valpkt or ugal)\n",
				f->src, snic_intm_names[f->intm]);
			return -1;
		}
		f->intm = SNIC_AR_INTM_OFF;
		return 0;
	}
	g = open_group(f, &a, &b);
	if (!f->has_intm) {
		f->intm = g < 0 && (f->ar == 3 || f->ar == 4) ?
			  SNIC_AR_INTM_PACKET : SNIC_AR_INTM_OFF;
		return 0;
	}
	if (f->intm != SNIC_AR_INTM_OFF && g >= 0) {
		fprintf(stderr, "Error: %s: intm %s needs every group fully connected: group %d is not (switches \"%s\" and \"%s\" share no link), and a packet through another of its switches could come back (intm off)\n",
			f->src, snic_intm_names[f->intm], g, f->node[a].name,
			f->node[b].name);
		return -1;
	}
	return 0;
}

/* Adaptive routing of switch @n: settings, its ports, its BPT. */
static int program_ar(const struct fabric *f, int n, uint32_t sw)
{
	const struct fab_node *node = &f->node[n];
	unsigned int per = (FAB_AR_PERIOD_WALL_US + f->dilation - 1) / f->dilation;
	unsigned int frame_ns = 0, samples, flowlet;
	struct snic_ar_cfg ar;
	int g = f->grp[n], p;

	if (per < FAB_AR_PERIOD_US)
		per = FAB_AR_PERIOD_US;
	/* The longest frame time of its links, fabric ns. */
	for (p = 1; p <= node->nports; p++) {
		const struct fab_link *l = &f->link[node->link[p]];
		uint64_t ns = 0;

		if (l->rate)
			ns = FAB_CALIB_FRAME * 1000000000ULL / l->rate;
		if (ns > frame_ns)
			frame_ns = ns;
	}
	samples = (FAB_AR_FILTER_FRAMES * frame_ns + per * 1000 - 1) /
		  (per * 1000);
	samples = samples < FAB_AR_SAMPLES ? FAB_AR_SAMPLES :
		  samples > 255 ? 255 : samples;
	flowlet = (FAB_AR_FLOWLET_FRAMES * frame_ns + 999) / 1000;
	if (flowlet < FAB_AR_FLOWLET * per)
		flowlet = FAB_AR_FLOWLET * per;
	ar = (struct snic_ar_cfg){
		.has_group = true, .group = g,
		.has_switch = true, .sw = f->gid[n],
		.has_slids = true, .slid_min = f->grp_lo[g],
		.slid_max = f->grp_hi[g],
		.has_life = true, .life_us = FAB_AR_LIFE * per,
		.has_hold_down = true, .hold_down_us = FAB_AR_HOLD * per,
		.has_flowlet = true, .flowlet_us = flowlet,
		.has_dlid = true, .dlid = FAB_AR_MLID_BASE + g,
		.has_period = true, .period_us = per,
		/* as many samples to set a link's state as to clear it */
		.has_set_samples = true, .set_samples = samples,
		.has_clear_samples = true, .clear_samples = samples,
		.has_algorithm = true,
		.algorithm = ar_algorithm[f->ar < sizeof(ar_algorithm) /
					  sizeof(ar_algorithm[0]) ?
					  f->ar : 1],
		/* set_intm()'s */
		.has_intm = true, .intm = f->intm,
	};
	/* An in-group detour's second hop steps up the SC as a global hop
	 * does (with global links or not: a group of three switches can
	 * close a loop), on every switch alike.
	 */
	ar.has_detour_sc2sc = true;
	sc2sc_global(ar.detour_sc2sc);
	if (snic_dev_set(sw, NULL, NULL, NULL, &ar, NULL))
		return -1;
	/* ARNs go along the group's tree (a lone switch has none) */
	if (f->artree[n] &&
	    snic_mft_set(sw, FAB_AR_MLID_BASE + g, f->artree[n]))
		return -1;
	for (p = 1; p <= node->nports; p++) {
		const struct fab_link *l = &f->link[node->link[p]];
		int peer = l->a == n ? l->b : l->a;
		struct snic_port_cfg pc = { .num = p, .has_ar = true };

		if (!f->node[peer].sw)
			continue;
		/* a global link's peer is the group, a local one's the switch */
		pc.ar_kind = l->global ? SNIC_AR_PORT_KIND_GLOBAL :
					 SNIC_AR_PORT_KIND_LOCAL;
		pc.ar_peer = l->global ? f->grp[peer] : f->gid[peer];
		if (snic_port_set(sw, &pc))
			return -1;
	}
	return program_bpt(f, n, sw);
}

/* Inside node @n's netns: phase 0 qdiscs, phase 1 everything else. */
static int program(const struct fabric *f, int n, int phase)
{
	const struct fab_node *node = &f->node[n];
	struct snic_credit_cfg credit;
	uint64_t ports = 0;
	char dev[16];
	uint32_t sw;
	int p, h;

	if (!node->sw) {
		const struct fab_link *l = fab_host_link(f, n);
		struct snic_dev_cfg dc = { .has_lid = true, .lid = node->lid };
		uint32_t nic;

		if (!phase)
			return qdisc_of(f, "fab0", l, false) ||
			       qdisc_nic_fifo("snic0", FAB_NIC_TXQ,
					      FAB_NIC_QLEN);
		nic = fab_ifindex("snic0");
		if (!nic)
			return -ENODEV;
		/* SCs 1..7 arrive escalated from SC 0 (SL 0) over global
		 * links: congestion control takes them for SL 0 again.
		 */
		if (fab_escalates(f)) {
			int sc;

			dc.has_sc2sl = true;
			for (sc = 0; sc < SNIC_NUM_SC; sc++)
				dc.sc2sl[sc] = sc < 8 ? 0 : sc;
		}
		/* its LID and what it takes in from its link, at once */
		vl_bufs(&credit, l->buf);
		return snic_dev_set(nic, &dc, &credit, NULL, NULL, NULL);
	}
	if (!phase) {
		for (p = 1; p <= node->nports; p++) {
			snprintf(dev, sizeof(dev), "p%d", p);
			if (qdisc_of(f, dev, &f->link[node->link[p]], true))
				return -1;
		}
		return 0;
	}
	sw = fab_ifindex("sw0");
	if (!sw)
		return -ENODEV;
	for (p = 1; p <= node->nports; p++) {
		const struct fab_link *l = &f->link[node->link[p]];
		struct snic_port_cfg pc = { .num = p, .credit = &credit };

		vl_bufs(&credit, l->buf);
		if (l->global) {
			pc.has_sc2sc = true;
			sc2sc_global(pc.sc2sc);
		}
		if (snic_port_set(sw, &pc))
			return -1;
	}
	for (h = 0; h < f->nnodes; h++)
		if (!f->node[h].sw &&
		    snic_lft_set(sw, f->node[h].lid, f->route[n * f->nnodes + h]))
			return -1;
	if (f->ar && program_ar(f, n, sw))
		return -1;
	/* its ports on the broadcast tree, if any */
	for (p = 1; p <= node->nports; p++)
		ports |= f->mft[n] & (1ULL << (p - 1));
	if (!ports)
		return 0;
	return snic_mft_set(sw, SNIC_LID_BCAST, ports);
}

static int in_ns(const struct fabric *f, int n, int phase)
{
	char ns[NS_LEN];
	pid_t pid;
	int st;

	fab_ns(f, n, ns, sizeof(ns));
	pid = fab_fork(f, n);
	if (pid < 0)
		return -1;
	if (!pid)
		_exit(program(f, n, phase) ? 1 : 0);
	if (waitpid(pid, &st, 0) < 0 || !WIFEXITED(st) || WEXITSTATUS(st)) {
		fprintf(stderr, "Error: programming %s failed\n", ns);
		return -1;
	}
	return 0;
}

/*
 * The wire must hold whatever the credits let into it. A veth hands each
 * frame to its peer through the backlog of the CPU that sends it, one
 * queue for every link end, which drops beyond
 * net.core.netdev_max_backlog frames (1000 by default); a fabric of many
 * links on a busy or slow machine overflows it, and a frame a credit
 * admitted is lost on the wire (its credits written off: fabric health's
 * "loss"). Worst case, each credited VL of each link end of this machine
 * holds its whole buffer in frames of one credit; uncredited frames
 * (credit returns, management) get the default's 1000 besides. The limit
 * is the machine's (the initial netns's sysctl, shared with every other
 * fabric and user): up says when it is lower and by how much, and leaves
 * it to the administrator (the test guest sets it at boot).
 */
#define FAB_BACKLOG_SYSCTL "/proc/sys/net/core/netdev_max_backlog"

static void check_backlog(const struct fabric *f)
{
	unsigned long long need = 1000, cur;
	FILE *fp;
	int i;

	for (i = 0; i < f->nlinks; i++) {
		const struct fab_link *l = &f->link[i];

		need += (unsigned long long)l->buf * FAB_CREDIT_VLS *
			(fab_local(f, l->a) + fab_local(f, l->b));
	}
	/* absent outside the initial netns: the host's business then */
	fp = fopen(FAB_BACKLOG_SYSCTL, "r");
	if (!fp)
		return;
	if (fscanf(fp, "%llu", &cur) == 1 && cur < need)
		fprintf(stderr, "Warning: fabric %s: net.core.netdev_max_backlog is %llu, below the %llu frames its credits may put on this machine's links at once: a busy machine can drop frames they admitted (sysctl -w net.core.netdev_max_backlog=%llu)\n",
			f->name, cur, need, need);
	fclose(fp);
}

static int build(const struct fabric *f)
{
	struct buf b = { 0 };
	char ns[NS_LEN], ns2[NS_LEN], addr[20];
	int i, p, phase, err;

	for (i = 0; i < f->nnodes; i++) {
		if (!fab_local(f, i))
			continue;
		fab_ns(f, i, ns, sizeof(ns));
		bprintf(&b, "netns add %s\n", ns);
	}
	for (i = 0; i < f->nlinks; i++) {
		const struct fab_link *l = &f->link[i];
		char da[8] = "fab0", db[8] = "fab0";

		/* another machine's, or a tunnel (fab_span_tunnels()) */
		if (fab_spans(f, l) || !fab_local(f, l->a))
			continue;

		if (l->pa)
			snprintf(da, sizeof(da), "p%d", l->pa);
		if (l->pb)
			snprintf(db, sizeof(db), "p%d", l->pb);
		fab_ns(f, l->a, ns, sizeof(ns));
		fab_ns(f, l->b, ns2, sizeof(ns2));
		bprintf(&b, "link add %s netns %s type veth peer name %s netns %s\n",
			da, ns, db, ns2);
	}
	err = b.len ? fab_ip_batch(NULL, b.s) : 0;
	if (!err) {
		char *t;

		err = fab_span_tunnels(f, &t);
		if (!err && *t)
			err = fab_ip_batch(NULL, t);
		free(t);
	}
	for (i = 0; !err && i < f->nnodes; i++) {
		const struct fab_node *n = &f->node[i];

		if (!fab_local(f, i))
			continue;
		b.len = 0;
		bprintf(&b, "link set lo up\n");
		if (n->sw) {
			bprintf(&b, "link add sw0 type snicsw\n");
			/* enslave in port order: port numbers follow it */
			for (p = 1; p <= n->nports; p++)
				bprintf(&b, "link set p%d master sw0\nlink set p%d up\n",
					p, p);
			bprintf(&b, "link set sw0 up\n");
		} else {
			/* No IPv6 address of its own (addrgenmode none):
			 * the ND, MLD and RS multicast of every "up" would
			 * cross the fabric as traffic nobody offered, sent
			 * while the guest is busiest, and count in its
			 * fidelity. An address added by hand works.
			 */
			/* Over machines, the MTU every link carries
			 * (fabric_span.c); else the driver's, from fab0's.
			 */
			fab_addr(f, i, addr, sizeof(addr));
			bprintf(&b, "link set fab0 up\n"
				"link add snic0 numtxqueues %d", FAB_NIC_TXQ);
			if (f->mtu)
				bprintf(&b, " mtu %u", f->mtu);
			bprintf(&b, " link fab0 type snic\n"
				"link set snic0 addrgenmode none\n"
				"addr add %s/8 dev snic0\nlink set snic0 up\n",
				addr);
		}
		fab_ns(f, i, ns, sizeof(ns));
		err = fab_ip_batch(ns, b.s);
	}
	free(b.s);
	for (phase = 0; !err && phase < 2; phase++)
		for (i = 0; !err && i < f->nnodes; i++)
			if (fab_local(f, i))
				err = in_ns(f, i, phase);
	if (!err && f->rdma)
		err = fab_rdma_up(f);
	return err ? -1 : 0;
}

/* Does netns @ns exist? */
static bool netns_exists(const char *ns)
{
	char path[128];

	snprintf(path, sizeof(path), "/run/netns/%s", ns);
	return !access(path, F_OK);
}

/*
 * Delete the netns of @f's nodes (NAME-NODE, those of this machine's
 * part) that exist, and its state file; returns how many. Only these:
 * "up" refuses a fabric whose netns exist already, so every one of them
 * is the fabric's own, and a netns of another name (a user's "f-mywork"
 * for the default name "f") is never touched.
 */
static int teardown(const struct fabric *f)
{
	struct buf b = { 0 };
	char ns[NS_LEN], path[96];
	int i, n = 0;

	/* the rules first: with them left, the state stays to try again */
	if (f->rdma && fab_rdma_down(f))
		return -1;
	for (i = 0; i < f->nnodes; i++) {
		fab_ns(f, i, ns, sizeof(ns));
		if (!fab_local(f, i) || !netns_exists(ns))
			continue;
		bprintf(&b, "netns del %s\n", ns);
		n++;
	}
	if (n && fab_ip_batch(NULL, b.s)) {
		/* the state stays, so that "fabric down" can be tried again */
		fprintf(stderr, "Error: some netns of %s could not be deleted: it stays up\n",
			f->name);
		free(b.s);
		return -1;
	}
	free(b.s);
	state_path(f->name, path, sizeof(path));
	unlink(path);
	fab_health_forget(f->name);
	return n;
}

struct fabric *fab_load(const char *name)
{
	struct fabric *f = fab_new();
	char path[96];

	state_path(name, path, sizeof(path));
	if (access(path, R_OK)) {
		fprintf(stderr, "Error: fabric \"%s\" is not up (no %s)\n", name,
			path);
		fab_free(f);
		return NULL;
	}
	if (fab_parse_file(f, path) || fab_finish(f)) {
		fab_free(f);
		return NULL;
	}
	return f;
}

static int ping_child(const struct fabric *f, int src, int dst)
{
	char ns[NS_LEN], addr[20];

	fab_ns(f, src, ns, sizeof(ns));
	fab_addr(f, dst, addr, sizeof(addr));
	if (enter_netns(ns))
		_exit(2);
	if (!freopen("/dev/null", "w", stdout))
		_exit(2);
	execlp("ping", "ping", "-c", "1", "-W", "10", addr, NULL);
	_exit(127);
}

/* Ping each pair of @pairs (src, dst indices), CHECK_PARALLEL at once. */
static int check(const struct fabric *f, const int *pairs, int n)
{
	pid_t pid[CHECK_PARALLEL] = { 0 };
	int slot_pair[CHECK_PARALLEL], next = 0, running = 0, bad = 0, i, st;

	if (!n) {
		/* nothing pinged proves nothing: 3, as health's UNKNOWN */
		printf("check: no pair of hosts to check%s\n",
		       f->part >= 0 ? " from this machine" : "");
		return 3;
	}
	fflush(NULL);
	while (next < n || running) {
		while (next < n && running < CHECK_PARALLEL) {
			for (i = 0; pid[i]; i++)
				;
			pid[i] = fork();
			if (!pid[i])
				ping_child(f, pairs[2 * next], pairs[2 * next + 1]);
			slot_pair[i] = next++;
			running++;
		}
		{
			pid_t done = wait(&st);

			for (i = 0; i < CHECK_PARALLEL; i++) {
				int k = slot_pair[i];
				char addr[20];

				if (pid[i] != done)
					continue;
				pid[i] = 0;
				running--;
				if (WIFEXITED(st) && !WEXITSTATUS(st))
					break;
				bad++;
				fab_addr(f, pairs[2 * k + 1], addr, sizeof(addr));
				printf("check: FAIL %s -> %s (%s)\n",
				       f->node[pairs[2 * k]].name,
				       f->node[pairs[2 * k + 1]].name, addr);
			}
		}
	}
	printf("check: %d/%d host pairs reachable\n", n - bad, n);
	return bad ? 1 : 0;
}

/* @per targets per host (0: every pair up to 12 hosts, else 2). */
static int check_fabric(const struct fabric *f, int per)
{
	int *hosts = calloc(f->nnodes, sizeof(int)), nh = 0, *pairs, n = 0;
	int i, j, err;

	for (i = 0; i < f->nnodes; i++)
		if (!f->node[i].sw)
			hosts[nh++] = i;
	if (per <= 0)
		per = nh <= 12 ? nh - 1 : 2;
	if (per > nh - 1)
		per = nh - 1;
	pairs = calloc((size_t)nh * per * 2, sizeof(int));
	if (!hosts || !pairs)
		exit(1);
	for (i = 0; i < nh; i++) {
		/* from this machine's hosts, to every machine's */
		if (!fab_local(f, hosts[i]))
			continue;
		for (j = 1; j <= per; j++) {
			/* spread the targets over the whole fabric */
			int t = (i + j * ((nh - 1) / per)) % nh;

			if (t == i)
				t = (t + 1) % nh;
			pairs[2 * n] = hosts[i];
			pairs[2 * n + 1] = hosts[t];
			n++;
		}
	}
	err = check(f, pairs, n);
	free(pairs);
	free(hosts);
	return err;
}

static int cmd_up(int argc, char **argv)
{
	struct fabric *f = fab_new();
	bool do_check = false, dil_auto = false, loops_ok = false;
	char loop[1024];
	const char *part = NULL;
	long long rate;
	char path[96];
	uint32_t v;
	double t0;
	int i, err, nh = 0;

	if (argc < 1)
		goto usage;
	if (!access(argv[0], R_OK))
		err = fab_parse_file(f, argv[0]);
	else if (strchr(argv[0], ':'))
		err = fab_generate(f, argv[0]);
	else
		err = fprintf(stderr, "Error: no file or generator \"%s\"\n",
			      argv[0]) ? -1 : -1;
	for (i = 1; !err && i < argc; i++) {
		if (!strcmp(argv[i], "check")) {
			do_check = true;
		} else if (!strcmp(argv[i], "loops")) {
			loops_ok = true;
		} else if (!strcmp(argv[i], "name") && i + 1 < argc) {
			if (!fab_name_ok(argv[i + 1])) {
				fprintf(stderr, "Error: bad fabric name \"%s\": " FAB_NAME_RULE "\n",
					argv[i + 1]);
				fab_free(f);
				return 2;
			}
			strcpy(f->name, argv[++i]);
		} else if (!strcmp(argv[i], "dilation") && i + 1 < argc &&
			   !strcmp(argv[i + 1], "auto")) {
			dil_auto = true;
			i++;
		} else if (!strcmp(argv[i], "dilation") && i + 1 < argc &&
			   !parse_u32(argv[i + 1], &v) && v && v <= 10000) {
			f->dilation = v;
			i++;
		} else if (!strcmp(argv[i], "machines") && i + 1 < argc) {
			err = fab_split(f, argv[++i]);
		} else if (!strcmp(argv[i], "part") && i + 1 < argc) {
			part = argv[++i];
		} else if (!strcmp(argv[i], "cc_thr") && i + 1 < argc &&
			   !parse_u32(argv[i + 1], &v) && v <= 15) {
			f->cc_thr = v;
			i++;
		} else if (!strcmp(argv[i], "ar")) {
			f->ar = 1;
		} else if (!strcmp(argv[i], "val")) {
			f->ar = 2;
		} else if (!strcmp(argv[i], "valpkt")) {
			f->ar = 3;
		} else if (!strcmp(argv[i], "ugal")) {
			f->ar = 4;
		} else if (!strcmp(argv[i], "intm") && i + 1 < argc &&
			   !parse_intm(argv[i + 1], &f->intm)) {
			f->has_intm = true;
			i++;
		} else if (!strcmp(argv[i], "rdma")) {
			f->rdma = 1;
		} else if (!strcmp(argv[i], "hoq") && i + 1 < argc &&
			   !parse_u32(argv[i + 1], &v)) {
			f->hoq_us = v;
			i++;
		} else if ((!strcmp(argv[i], "latency") ||
			    !strcmp(argv[i], "global_latency")) &&
			   i + 1 < argc && !parse_u32(argv[i + 1], &v) &&
			   v <= FAB_MAX_LATENCY) {
			/* the defaults: links without their own take them */
			*(argv[i][0] == 'l' ? &f->latency :
			  &f->global_latency) = v;
			i++;
		} else if (!strcmp(argv[i], "rate") && i + 1 < argc &&
			   (rate = parse_rate(argv[i + 1])) > 0 &&
			   rate <= 1250000000000LL) {
			int l;

			/* the default: every link that had it takes this */
			for (l = 0; l < f->nlinks; l++)
				if (f->link[l].rate == f->rate)
					f->link[l].rate = rate;
			f->rate = rate;
			i++;
		} else {
			fab_free(f);
			goto usage;
		}
	}
	if (!err && part)
		err = fab_set_part(f, part);
	if (err || fab_finish(f) || set_intm(f)) {
		fab_free(f);
		return 1;
	}
	/* routes that can deadlock a lossless fabric: refused, named */
	if (!loops_ok && fab_credit_loop(f, loop, sizeof(loop)) > 0) {
		fprintf(stderr, "Error: %s: the routes can deadlock, a credit loop (channel dependency cycle): %s (\"loops\" builds it anyway)\n",
			f->src, loop);
		fab_free(f);
		return 1;
	}
	if (dil_auto && fab_auto_dilation(f)) {
		fab_free(f);
		return 1;
	}
	state_path(f->name, path, sizeof(path));
	if (!access(path, F_OK)) {
		fprintf(stderr, "Error: fabric \"%s\" is up already (snicctl fabric down %s)\n",
			f->name, f->name);
		fab_free(f);
		return 1;
	}
	/* Every netns of the fabric is made here: one that exists is not
	 * ours to use, nor to delete when this fails.
	 */
	for (i = 0; i < f->nnodes; i++) {
		char ns[NS_LEN];

		fab_ns(f, i, ns, sizeof(ns));
		if (fab_local(f, i) && netns_exists(ns)) {
			fprintf(stderr, "Error: netns \"%s\" exists and is not fabric %s's: another name (name NAME)\n",
				ns, f->name);
			fab_free(f);
			return 1;
		}
	}
	if (f->rdma && fab_rdma_check(f)) {
		fab_free(f);
		return 1;
	}
	check_backlog(f);
	mkdir(FAB_STATE_DIR, 0755);
	fab_health_forget(f->name);
	if (fab_write(f, path)) {
		fab_free(f);
		return 1;
	}
	t0 = now_s();
	if (build(f)) {
		fprintf(stderr, "Error: fabric \"%s\": build failed, tearing down\n",
			f->name);
		teardown(f);
		fab_free(f);
		return 1;
	}
	for (i = 0, v = 0; i < f->nnodes; i++) {
		nh += !f->node[i].sw && fab_local(f, i);
		v += fab_local(f, i);
	}
	if (f->part >= 0)
		printf("fabric %s part %s up: %d hosts, %d switches of %d nodes, snic0 mtu %u, in %.1f s\n",
		       f->name, f->machine[f->part].name, nh, v - nh,
		       f->nnodes, f->mtu, now_s() - t0);
	else
		printf("fabric %s up: %d hosts, %d switches, %d links in %.1f s\n",
		       f->name, nh, f->nnodes - nh, f->nlinks, now_s() - t0);
	err = do_check ? check_fabric(f, 0) : 0;
	if (err == 3)
		err = 0;	/* built; nothing here to ping from */
	fab_free(f);
	return err;
usage:
	fprintf(stderr, "Usage: " FAB_UP_USAGE "\n");
	fab_gen_usage(stderr);
	return 2;
}

static void show_text(const struct fabric *f)
{
	char ns[NS_LEN], addr[20];
	int i;

	printf("fabric %s: dilation %u, hoq %u us (fabric time)", f->name,
	       f->dilation, f->hoq_us);
	if (f->part >= 0)
		printf(", part %s of %d machines, snic0 mtu %u",
		       f->machine[f->part].name, f->nmachines, f->mtu);
	putchar('\n');
	for (i = 0; i < f->nnodes; i++) {
		const struct fab_node *n = &f->node[i];

		fab_ns(f, i, ns, sizeof(ns));
		if (n->sw) {
			printf("switch %s ns %s ports %d", n->name, ns,
			       n->nports);
		} else {
			fab_addr(f, i, addr, sizeof(addr));
			printf("host %s ns %s lid %u addr %s", n->name, ns,
			       n->lid, addr);
			if (f->rdma) {
				char dev[64];

				fab_rdma_dev(f, i, dev, sizeof(dev));
				fab_rdma_addr(f, i, addr, sizeof(addr));
				printf(" rdma %s addr %s", dev, addr);
			}
		}
		if (n->machine >= 0)
			printf(" machine %s%s", f->machine[n->machine].name,
			       fab_local(f, i) ? "" : " (elsewhere)");
		putchar('\n');
	}
	for (i = 0; i < f->nlinks; i++) {
		const struct fab_link *l = &f->link[i];

		printf("link %s:%d %s:%d rate %.1fGbit (fabric) %.3fMbit (wall) buf %u latency %uns%s%s\n",
		       f->node[l->a].name, l->pa, f->node[l->b].name, l->pb,
		       l->rate * 8 / 1e9, l->rate * 8 / 1e6 / f->dilation,
		       l->buf, fab_latency(f, l), l->global ? " global" : "",
		       fab_spans(f, l) ? " spans" : "");
	}
}

/*
 * The same through json.c (escaped strings), on one line; scripts read
 * its keys (selftests/net/fabric.sh, lossless.sh, bench.sh). With -j
 * only: the text formats are never printed.
 */
static void show_json(const struct fabric *f)
{
	char ns[NS_LEN], addr[20];
	int i;

	out_begin_obj();
	out_str("name", "fabric %s:", f->name);
	out_u64("dilation", " dilation %llu,", f->dilation);
	out_u64("hoq_us", " hoq %llu us", f->hoq_us);
	if (f->part >= 0)
		out_str("part", " part %s", f->machine[f->part].name);
	if (f->mtu)
		out_u64("mtu", " mtu %llu", f->mtu);
	out_begin_list_key("nodes");
	for (i = 0; i < f->nnodes; i++) {
		const struct fab_node *n = &f->node[i];

		fab_ns(f, i, ns, sizeof(ns));
		out_begin_obj();
		out_str("name", " %s", n->name);
		out_str("kind", "%s", n->sw ? "switch" : "host");
		out_str("ns", " ns %s", ns);
		if (n->sw) {
			out_u64("ports", " ports %llu", n->nports);
		} else {
			fab_addr(f, i, addr, sizeof(addr));
			out_u64("lid", " lid %llu", n->lid);
			out_str("addr", " addr %s", addr);
			if (f->rdma) {
				char dev[64];

				fab_rdma_dev(f, i, dev, sizeof(dev));
				fab_rdma_addr(f, i, addr, sizeof(addr));
				out_str("rdma", " rdma %s", dev);
				out_str("rdma_addr", " addr %s", addr);
			}
		}
		if (n->machine >= 0) {
			out_str("machine", " machine %s",
				f->machine[n->machine].name);
			out_num("local", "%s", fab_local(f, i) ? "true" : "false");
		}
		out_end_obj();
	}
	out_end_list_key();
	out_begin_list_key("links");
	for (i = 0; i < f->nlinks; i++) {
		const struct fab_link *l = &f->link[i];

		out_begin_obj();
		out_str("a", "link %s", f->node[l->a].name);
		out_u64("pa", ":%llu", l->pa);
		out_str("b", " %s", f->node[l->b].name);
		out_u64("pb", ":%llu", l->pb);
		out_u64("rate", " rate %llu", l->rate);
		out_u64("buf", " buf %llu", l->buf);
		out_u64("latency_ns", " latency %llu", fab_latency(f, l));
		/* JSON's true and false, written as they are */
		out_num("global", "%s", l->global ? "true" : "false");
		out_num("spans", "%s", fab_spans(f, l) ? "true" : "false");
		out_end_obj();
	}
	out_end_list_key();
	out_end_obj();
	putchar('\n');
}

/*
 * fabric exec NAME NODE -- CMD...: CMD, unmodified, in NODE's namespace
 * (a host's: its snic0 is 10.0.0.N), the way ip netns exec runs it but
 * by fabric and node name. Returns CMD's status (execvp's error: 127).
 */
static int fabric_exec(int argc, char **argv)
{
	char ns[NS_LEN];
	struct fabric *f;
	int n;

	if (argc < 4 || strcmp(argv[2], "--")) {
		fprintf(stderr,
			"Usage: snicctl fabric exec NAME NODE -- CMD [ARGS]\n");
		return 2;
	}
	f = fab_load(argv[0]);
	if (!f)
		return 2;
	for (n = 0; n < f->nnodes && strcmp(f->node[n].name, argv[1]); n++)
		;
	if (n == f->nnodes) {
		fprintf(stderr, "Error: fabric %s has no node \"%s\"\n",
			argv[0], argv[1]);
		fab_free(f);
		return 2;
	}
	fab_ns(f, n, ns, sizeof(ns));
	fab_free(f);
	if (enter_netns(ns))
		return 2;
	execvp(argv[3], argv + 3);
	fprintf(stderr, "Error: %s: %s\n", argv[3], strerror(errno));
	return 127;
}

int do_fabric(int argc, char **argv)
{
	const char *name = "f";
	struct fabric *f;
	uint32_t per = 0;
	int err, n;

	if (argc >= 1 && !strcmp(argv[0], "up"))
		return cmd_up(argc - 1, argv + 1);
	if (argc >= 1 && !strcmp(argv[0], "exec"))
		return fabric_exec(argc - 1, argv + 1);
	if (argc >= 1 && !strcmp(argv[0], "export"))
		return fabric_export(argc - 1, argv + 1);
	err = fabric_ctl(argc, argv);
	if (err >= 0)
		return err;
	if (argc >= 2 && !strcmp(argv[0], "record")) {
		f = fab_load(argv[1]);
		if (!f)
			return 2;
		err = fabric_record(f, argc - 2, argv + 2);
		fab_free(f);
		return err;
	}
	if (argc >= 2)
		name = argv[1];
	if (argc >= 1 && !strcmp(argv[0], "down") && argc <= 2) {
		f = fab_load(name);
		if (!f)
			return 2;
		n = teardown(f);
		fab_free(f);
		if (n < 0)
			return 1;
		printf("fabric %s down: %d netns deleted\n", name, n);
		return 0;
	}
	if (argc >= 1 && !strcmp(argv[0], "show") && argc <= 2) {
		f = fab_load(name);
		if (!f)
			return 2;
		if (opt_json)
			show_json(f);
		else
			show_text(f);
		fab_free(f);
		return 0;
	}
	if (argc == 3 && !strcmp(argv[0], "health") && !strcmp(argv[2], "mark")) {
		f = fab_load(name);
		if (!f)
			return 2;
		err = fabric_health_mark(f);
		fab_free(f);
		return err;
	}
	if (argc >= 1 && !strcmp(argv[0], "health") &&
	    (argc <= 2 || (argc == 4 && !strcmp(argv[2], "threshold") &&
			   !parse_u32(argv[3], &per) && per <= 1000))) {
		f = fab_load(name);
		if (!f)
			return 2;
		err = fabric_health(f, argc == 4 ? per : UINT32_MAX);
		fab_free(f);
		return err;
	}
	if (argc >= 2 && !strcmp(argv[0], "traffic")) {
		/* NAME is optional: a pattern is never one */
		int named = argc >= 3 && !strchr(argv[1], ':') &&
			    !strchr(argv[1], '+') && strcmp(argv[1], "uniform") &&
			    strcmp(argv[1], "permutation") && strcmp(argv[1], "all2all");

		f = fab_load(named ? argv[1] : "f");
		if (!f)
			return 2;
		/* a plan sends nothing: any part knows the whole fabric */
		if (f->part >= 0 && strcmp(argv[argc - 1], "plan")) {
			fprintf(stderr, "Error: fabric %s is part %s of a fabric over %d machines: traffic drives every host from one machine\n",
				f->name, f->machine[f->part].name, f->nmachines);
			fab_free(f);
			return 2;
		}
		err = fabric_traffic(f, argc - 1 - named, argv + 1 + named);
		fab_free(f);
		return err;
	}
	if (argc >= 1 && !strcmp(argv[0], "check") &&
	    (argc <= 2 || (argc == 4 && !strcmp(argv[2], "pairs") &&
			   ((!strcmp(argv[3], "all") && (per = 1 << 30)) ||
			    !parse_u32(argv[3], &per))))) {
		f = fab_load(name);
		if (!f)
			return 2;
		err = check_fabric(f, per);
		fab_free(f);
		return err;
	}
	fprintf(stderr, "Usage: " FAB_UP_USAGE "\n"
		"       snicctl fabric down|show [NAME]\n"
		"       snicctl fabric health [NAME [threshold PERMILLE | mark]]\n"
		"       snicctl fabric check [NAME] [pairs N|all]\n"
		"       snicctl fabric exec NAME NODE -- CMD [ARGS]\n"
		"       snicctl fabric export FILE|GENERATOR|NAME [dot|json]\n"
		"       snicctl fabric list\n"
		"       snicctl fabric set NAME nics|switches|NODE[,NODE...] SETTING...\n"
		"       snicctl fabric link NAME A B down|up\n"
		"       snicctl fabric record NAME [interval US] [samples N] [-o FILE]\n"
		"       snicctl fabric traffic [NAME] PATTERN [load L] [size BYTES] [seconds S] [warmup S] [seed N] [plan]\n");
	fab_gen_usage(stderr);
	return 2;
}
