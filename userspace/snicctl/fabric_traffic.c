// SPDX-License-Identifier: GPL-2.0
/*
 * snicctl fabric traffic [NAME] PATTERN [load L] [size BYTES]
 *                        [msg N | msgdist FILE] [seconds S] [warmup S]
 *                        [seed N] [bins N] [arrival const|poisson|onoff:ON,OFF]
 *                        [samples FILE] [flip PATTERN] [every US] [plan]
 *
 * Drive every host of a fabric with a traffic pattern at an offered load
 * given in fabric units, and report what the fabric accepted and how long
 * it took, in fabric time (the definitions of ../spec/measurement.md, as
 * BookSim reports them).
 *
 * Patterns (which hosts send, and to whom, per datagram):
 *   uniform      every host, each datagram to a random other host
 *   permutation  every host to one other, a random derangement (one cycle)
 *   adv+H        every host of group i to random hosts of group i+H mod g
 *                (Dragonfly; ADV+1 is minimal routing's worst case)
 *   incast:N     the first N hosts to the last one; the others are idle
 *   hotspot:N    the first N hosts to the last one; every other host is a
 *                victim sending uniform traffic among the non-hot hosts
 *   all2all      every host to every other in turn
 *   flows:SPEC   the flows listed, SPEC := SRC-DST[@L][,SRC-DST[@L]]...
 *                (host names; each flow at L of its source's link, the
 *                pattern's load by default; a host sends at the sum of
 *                its flows' loads, at most 1, interleaving them by
 *                smooth weighted round robin); reported per flow too,
 *                with the flow's max-min fair share ("fair"): what
 *                progressive filling (maxmin.c) gives it over the
 *                fabric's minimal routes and link rates, given what
 *                every flow offers, a fraction of its source's link
 *                (a victim's accepted load over it is its victim share);
 *                with "plan" last, only that: the flows, what each
 *                offers and is owed, and nothing is sent
 * (per host, "from" counts the hosts it heard from: one under a
 * permutation, N at an incast's target)
 *
 * Load: each sending host offers L (0 < L <= 1) of its host link's rate,
 * in frames of BYTES on the link (the 16B frame with its Ethernet header;
 * the UDP payload is sized to fit, default 1024), at a constant interval
 * with a random phase. With "msg N" a host sends messages of N datagrams
 * to one destination, back to back at line rate, the messages spaced so
 * that it still offers L; the flow completion time of a message (first
 * send to last arrival, fabric ns) is reported as p50, p99 and max over
 * the messages begun in the window (the FCT of HPCC and Swift; divided
 * by that of one message alone it is their FCT slowdown). With "msgdist
 * FILE" each message's length is drawn from FILE's distribution, lines
 * "DATAGRAMS CUMPROB" (1..1024 datagrams, cumulative probabilities rising
 * to 1): a flow-size CDF as HPCC's and Homa's workloads give them. The
 * arrivals: "const" (the default) as above; "poisson" exponential gaps
 * of the same mean (between messages, with messages), a Poisson process
 * of the same load; "onoff:ON,OFF" ON fabric us of sending at the rate
 * that offers L over ON + OFF (at most the line rate), then OFF fabric
 * us of silence, each host at a random phase of its cycle. The link rate
 * is the fabric's (fabric time); the wall rate is that over the fabric's
 * dilation D.
 *
 * "samples FILE" writes a CSV row per datagram sent after the warm-up
 * that arrived: src,dst,seq,msg,sched_ns,send_ns,recv_ns,in_window, its
 * schedule (when the arrival process made it due), send and receive
 * times in fabric ns since the run's first sends, and whether it was
 * sent in the window: raw samples to analyse, every latency the report
 * summarises among them.
 *
 * One process drives the whole fabric: it opens a UDP socket in every
 * host's netns (a socket stays in the netns it was made in), and with
 * "flows:" one more per flow to send from (as an application's flows
 * have theirs: a paced flow's datagrams queued in the NIC fill its own
 * send buffer, not its neighbours'), then sends on schedule and receives
 * from all of them in one ppoll() loop. That
 * costs the guest one sender, not one per host. A datagram carries its
 * source, destination, sequence number and send time (CLOCK_REALTIME);
 * the receive time is the kernel's (SO_TIMESTAMPNS: when the frame came
 * off the destination's link), so the receiver's own scheduling is not
 * counted. It turns IPv6 off on every host's snic0 first: the ND and MLD
 * multicast of 72 hosts would flood every host, traffic nobody offered.
 * Latency is (receive - send) / D: it includes the wait in the
 * source host's queues, as BookSim's does. A send the source cannot take
 * (its snic0 queue full: ENOBUFS with IP_RECVERR, or EAGAIN) is not
 * injected and counted as such: BookSim's source queue is infinite, ours
 * is the NIC's.
 *
 * The report gives the start (the first sends) on CLOCK_MONOTONIC, the
 * clock of the kernel's own stamps, to place device events in the run.
 * With "bins N" it splits the window into N equal bins of fabric time
 * and gives the accepted load of each (over all hosts, and per flow of
 * "flows:"): throughput over time. The latency's CDF is given as its
 * quantiles at TR_CDF_Q (latency_cdf_ns). With "flip PATTERN" the
 * hosts alternate between the two patterns (uniform or adv+H, both),
 * every US fabric us (50) counted from the first sends: phase flips, whose
 * re-convergence the bins show.
 *
 * Measurement: WARMUP wall seconds (0.5), then a window of SECONDS wall
 * seconds (2) in which every host's accepted throughput (frame bytes
 * received in the window, whenever sent, over its own link's capacity)
 * and every datagram's latency (sent in the window) are measured; then
 * sending stops and the fabric drains: until every datagram sent after
 * the warm-up is in, or nothing of the run came in for a wall second.
 * Past saturation the sources' queues hold seconds of wall time (at
 * dilation 10000 a 1/8 share of a link drains one 1500 B frame in 0.4
 * wall ms): the drain goes on as long as datagrams keep coming, up to
 * 300 s, and what was still missing when that cap cut it is reported as
 * undelivered, not lost. Per host: offered, injected and accepted as
 * fractions of link rate; overall: mean, min and max accepted over all
 * hosts (BookSim's accepted rate), Jain's index over the receiving hosts,
 * latency p50, p99, max and mean over every datagram (exact: sorted
 * samples), datagrams lost (injected, not received when the fabric had
 * gone quiet), undelivered (still missing when the drain cap cut a drain
 * that was still receiving), misdelivered
 * (received by a host that was not their destination), dropped by a full
 * socket (SO_RXQ_OVFL) and the sender's own lateness: sends later than
 * one interval after their schedule, per mille. Text or -j, one print
 * path.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <arpa/inet.h>
#include <net/if.h>
#include <netinet/in.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <linux/if_ether.h>

#include "snicctl.h"
#include "fabric.h"
#include "hdr16b.h"
#include "maxmin.h"
#include "xorshift.h"

#define TR_MAGIC	0x736e6963u	/* "snic" */
#define TR_PORT		7900
#define TR_BATCH	64
#define TR_MAX_SAMPLES	(1u << 22)
#define TR_BURST	8		/* sends per host per loop, catching up */
#define TR_QUIET_NS	1000000000ULL	/* draining: give up after this */
#define TR_DRAIN_MAX_NS	300000000000ULL	/* with nothing coming in, or this */
#define TR_IP_UDP	28		/* IPv4 + UDP headers */
#define TR_MAX_FLOWS	64
#define TR_MAX_BINS	1000

/* The latency quantiles reported, for a CDF. */
static const double tr_cdf_q[] = {
	0.01, 0.05, 0.10, 0.20, 0.30, 0.40, 0.50, 0.60, 0.70, 0.80, 0.90,
	0.95, 0.99, 0.999,
};
#define TR_CDF_N	(sizeof(tr_cdf_q) / sizeof(tr_cdf_q[0]))

enum tr_pattern {
	TR_UNIFORM, TR_PERM, TR_ADV, TR_INCAST, TR_HOTSPOT, TR_ALL2ALL,
	TR_FLOWS,
};

static const char *const tr_pattern_name[] = {
	"uniform", "permutation", "adv", "incast", "hotspot", "all2all",
	"flows",
};

/* A flow of "flows:": SRC to DST at a load of its own. */
struct tr_flow {
	int src, dst;		/* host indices */
	int fd;			/* its own sending socket, -1: none */
	double load;		/* fraction of the source's link; 0: the default */
	double credit;		/* smooth weighted round robin at the source */
	uint64_t sent_bytes, rx_bytes;	/* in the window */
	uint64_t sent, rx;		/* sent after the warm-up, received */
	uint64_t *bin_rx;		/* bytes received per bin */
};

struct tr_msg {
	uint32_t magic;
	uint32_t run;
	uint32_t src, dst;	/* host indices */
	uint64_t seq;
	int64_t t_ns;		/* CLOCK_REALTIME at send */
	/* msg N: the message's number at its source, its first send */
	uint64_t msg;
	int64_t msg_ns;
	int64_t sched_ns;	/* CLOCK_REALTIME it was due (its schedule) */
	uint32_t msg_len;	/* datagrams of its message */
	uint32_t pad;
};

struct tr_host {
	int node, fd, group;
	struct sockaddr_in addr;
	bool sends;
	int fixed;		/* permutation, incast, hotspot: the target */
	int rr;			/* all2all: the next one */
	double rate;		/* bytes/s of wall time at full load */
	double load;		/* offered, fraction of rate */
	uint64_t interval;	/* wall ns between its sends */
	int flow;		/* flows: the one of the last send */
	/* msg N: the message being sent, its destination, what is left */
	uint64_t msg, msg_ns;
	int msg_dst, msg_left;
	uint32_t msg_len;	/* datagrams of the message being sent */
	uint64_t on_until;	/* arrival onoff: wall ns the ON period ends */
	/* ... and received: per source, its message and datagrams of it */
	uint64_t *rx_msg;
	uint32_t *rx_cnt;
	uint64_t next;		/* wall ns (CLOCK_REALTIME) of the next send */
	uint64_t seq;
	/* in the window */
	uint64_t tries, sent_bytes, failed, late;
	uint64_t rx_bytes;
	/* sent after the warm-up, and those of them received */
	uint64_t sent, rx, misdelivered;
	uint8_t *from;		/* bitmap of the hosts it received from */
};

struct tr {
	const struct fabric *f;
	enum tr_pattern pat;
	int arg;		/* H, N */
	double load;
	uint32_t msg;		/* datagrams per message (1: no messages) */
	/* msgdist FILE: message lengths (datagrams), cumulative probabilities */
	uint32_t *dist_len;
	double *dist_cdf;
	int ndist;
	const char *dist_path;
	/* arrival: constant intervals, Poisson, or ON/OFF periods */
	enum { TR_CONST, TR_POISSON, TR_ONOFF } arrival;
	uint32_t on_us, off_us;		/* onoff: fabric us */
	uint64_t on_ns, off_ns;		/* ... wall ns */
	FILE *samples;			/* samples FILE: a row a datagram */
	const char *samples_path;
	uint64_t *fct;		/* fabric ns, messages begun in the window */
	uint32_t nfct;
	const char *spec;	/* flows: */
	struct tr_flow flows[TR_MAX_FLOWS];
	int nflows;
	unsigned int wire, payload;
	double seconds, warmup;
	uint32_t seed;
	char cmd[512];		/* the command line, for the report */
	uint64_t interval;	/* wall ns between a host's sends */
	uint32_t run;
	struct tr_host *h;
	int nh;
	int *by_group, *group_start, *group_len;	/* host indices by group */
	int ngroups;
	enum tr_pattern pat2;	/* flip PATTERN: the other phase's */
	int arg2;
	uint32_t flip_us;	/* every US, fabric us; 0: no flip */
	uint64_t flip_ns;	/* the same in wall ns */
	uint32_t nbins;		/* bins N: of the window */
	uint64_t *bin_rx;	/* bytes received per bin, all hosts */
	uint64_t *lat;		/* fabric ns, datagrams sent in the window */
	uint32_t nlat;
	uint64_t sock_drops;
	uint64_t t0, w0, w1, t_stop;	/* wall ns: start, window, stop */
	uint64_t arrivals;		/* of this run, the warm-up's too */
	bool drain_cut;			/* the drain ended still receiving */
	uint64_t t0_mono;		/* t0 on CLOCK_MONOTONIC: the kernel's */
	bool progress;			/* phases on stderr (a terminal) */
};

/* tr_run()'s phases, in order */
enum { TR_WARMUP, TR_WINDOW, TR_DRAIN, TR_DONE };

static uint64_t realtime_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

/* The kernel's clock (ktime_get_ns()), whose fabric time the devices keep. */
static uint64_t mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

/* reproducible with "seed N" */
static u64 rnd_state = SNIC_XORSHIFT_SEED;

static uint64_t rnd(void)
{
	return snic_xorshift64s(&rnd_state);
}

static int rnd_below(int n)
{
	return (int)(rnd() % (uint64_t)n);
}

/* Messages of more than one datagram (msg N > 1, or msgdist) */
static bool tr_msgs(const struct tr *t)
{
	return t->msg > 1 || t->ndist;
}

/* A uniform draw in (0, 1] */
static double rnd_unit(void)
{
	return ((rnd() >> 11) + 1) * (1.0 / 9007199254740992.0);
}

/* The length of a new message: msg N, or a draw from msgdist's CDF */
static uint32_t tr_msg_len(const struct tr *t)
{
	double u;
	int i;

	if (!t->ndist)
		return t->msg;
	u = rnd_unit();
	for (i = 0; i < t->ndist - 1 && u > t->dist_cdf[i]; i++)
		;
	return t->dist_len[i];
}

/* Wire bytes of a frame carrying @payload bytes of UDP payload. */
static unsigned int tr_wire(unsigned int payload)
{
	return ETH_HLEN + snic_16b_pkt_len(ETH_HLEN + TR_IP_UDP + payload);
}

static int parse_pattern(struct tr *t, const char *s)
{
	char *end;
	long v;

	if (!strcmp(s, "uniform")) {
		t->pat = TR_UNIFORM;
	} else if (!strcmp(s, "permutation")) {
		t->pat = TR_PERM;
	} else if (!strcmp(s, "all2all")) {
		t->pat = TR_ALL2ALL;
	} else if (!strncmp(s, "adv+", 4)) {
		t->pat = TR_ADV;
		v = strtol(s + 4, &end, 10);
		if (*end || v < 1 || v > 4095)
			return -1;
		t->arg = v;
	} else if (!strncmp(s, "flows:", 6) && s[6]) {
		t->pat = TR_FLOWS;
		t->spec = s + 6;	/* parsed once the hosts are known */
	} else if (!strncmp(s, "incast:", 7) || !strncmp(s, "hotspot:", 8)) {
		t->pat = s[0] == 'i' ? TR_INCAST : TR_HOTSPOT;
		v = strtol(strchr(s, ':') + 1, &end, 10);
		if (*end || v < 1 || v >= FAB_MAX_NODES)
			return -1;
		t->arg = v;
	} else {
		return -1;
	}
	return 0;
}

/* Hosts by group (Dragonfly groups, from the global links). */
static int tr_groups(struct tr *t)
{
	struct fabric *f = (struct fabric *)t->f;
	int i, g, *fill;

	if (!f->grp && fab_ar(f))
		return -1;
	t->ngroups = f->ngroups;
	if (t->ngroups < 2) {
		fprintf(stderr, "Error: adv+%d needs a fabric of groups (a Dragonfly); %s has one\n",
			t->arg, f->name);
		return -1;
	}
	t->by_group = calloc(t->nh, sizeof(int));
	t->group_start = calloc(t->ngroups, sizeof(int));
	t->group_len = calloc(t->ngroups, sizeof(int));
	fill = calloc(t->ngroups, sizeof(int));
	if (!t->by_group || !t->group_start || !t->group_len || !fill)
		exit(1);
	for (i = 0; i < t->nh; i++) {
		t->h[i].group = f->grp[t->h[i].node];
		t->group_len[t->h[i].group]++;
	}
	for (g = 1; g < t->ngroups; g++)
		t->group_start[g] = t->group_start[g - 1] + t->group_len[g - 1];
	for (i = 0; i < t->nh; i++) {
		g = t->h[i].group;
		t->by_group[t->group_start[g] + fill[g]++] = i;
	}
	free(fill);
	return 0;
}

/* flip PATTERN: the other phase's pattern, into pat2/arg2. */
static int parse_flip(struct tr *t, const char *s)
{
	enum tr_pattern pat = t->pat;
	int arg = t->arg, err;

	err = parse_pattern(t, s);
	t->pat2 = t->pat;
	t->arg2 = t->arg;
	t->pat = pat;
	t->arg = arg;
	t->flip_us = !err;
	return err;
}

static int parse_double(const char *s, double *v, double lo, double hi)
{
	char *end;

	*v = strtod(s, &end);
	return *end || end == s || !(*v >= lo && *v <= hi) ? -1 : 0;
}

/* The host index of node @name, or -1. */
static int tr_host_by_name(const struct tr *t, const char *name, size_t len)
{
	int i;

	for (i = 0; i < t->nh; i++) {
		const char *n = t->f->node[t->h[i].node].name;

		if (strlen(n) == len && !strncmp(n, name, len))
			return i;
	}
	return -1;
}

/* "flows:SRC-DST[@L],...": the flows, and each source's load. */
static int tr_flows(struct tr *t)
{
	const char *p = t->spec;
	int i;

	while (*p) {
		const char *end = p + strcspn(p, ","), *at, *dash;
		struct tr_flow *fl = &t->flows[t->nflows];
		char num[32];

		at = memchr(p, '@', end - p);
		if (!at)
			at = end;
		dash = p;
		while (dash < at && *dash != '-')
			dash++;
		if (t->nflows == TR_MAX_FLOWS || dash == at) {
			fprintf(stderr, "Error: flows: \"%.*s\" is not SRC-DST[@LOAD] (at most %d flows)\n",
				(int)(end - p), p, TR_MAX_FLOWS);
			return -1;
		}
		fl->src = tr_host_by_name(t, p, dash - p);
		fl->dst = tr_host_by_name(t, dash + 1, at - dash - 1);
		fl->load = t->load;
		if (at < end) {
			snprintf(num, sizeof(num), "%.*s", (int)(end - at - 1), at + 1);
			if (parse_double(num, &fl->load, 1e-4, 1))
				fl->load = -1;
		}
		if (fl->src < 0 || fl->dst < 0 || fl->src == fl->dst ||
		    fl->load < 0) {
			fprintf(stderr, "Error: flows: \"%.*s\": two hosts of %s, and a load in (0, 1]\n",
				(int)(end - p), p, t->f->name);
			return -1;
		}
		for (i = 0; i < t->nflows; i++)
			if (t->flows[i].src == fl->src && t->flows[i].dst == fl->dst) {
				fprintf(stderr, "Error: flows: %.*s twice\n",
					(int)(end - p), p);
				return -1;
			}
		t->nflows++;
		p = *end ? end + 1 : end;
	}
	for (i = 0; i < t->nh; i++) {
		t->h[i].sends = false;
		t->h[i].load = 0;
	}
	for (i = 0; i < t->nflows; i++) {
		struct tr_host *h = &t->h[t->flows[i].src];

		h->sends = true;
		h->load += t->flows[i].load;
	}
	for (i = 0; i < t->nh; i++)
		if (t->h[i].load > 1 + 1e-9) {
			fprintf(stderr, "Error: flows: %s would send %.3f of its link\n",
				t->f->node[t->h[i].node].name, t->h[i].load);
			return -1;
		}
	return 0;
}

/* flows: the next flow of host @i (smooth weighted round robin). */
static int tr_next_flow(struct tr *t, int i)
{
	int k, best = -1;

	for (k = 0; k < t->nflows; k++) {
		struct tr_flow *fl = &t->flows[k];

		if (fl->src != i)
			continue;
		fl->credit += fl->load;
		if (best < 0 || fl->credit > t->flows[best].credit)
			best = k;
	}
	if (best >= 0)
		t->flows[best].credit -= t->h[i].load;
	return best;
}

/* Who sends, and the fixed targets. */
static int tr_plan(struct tr *t)
{
	int i, j, n = t->nh, last = n - 1;

	for (i = 0; i < n; i++) {
		t->h[i].sends = true;
		t->h[i].fixed = -1;
		t->h[i].rr = (i + 1) % n;
	}
	switch (t->pat) {
	case TR_PERM: {
		int *p = malloc(n * sizeof(int));

		if (!p)
			exit(1);
		for (i = 0; i < n; i++)
			p[i] = i;
		/* Sattolo: one cycle through all, so nobody sends to itself */
		for (i = n - 1; i > 0; i--) {
			j = rnd_below(i);
			int x = p[i];

			p[i] = p[j];
			p[j] = x;
		}
		for (i = 0; i < n; i++)
			t->h[i].fixed = p[i];
		free(p);
		break;
	}
	case TR_INCAST:
	case TR_HOTSPOT:
		if (t->arg > n - 1) {
			fprintf(stderr, "Error: %s:%d needs %d hosts, %s has %d\n",
				tr_pattern_name[t->pat], t->arg, t->arg + 1,
				t->f->name, n);
			return -1;
		}
		if (t->pat == TR_HOTSPOT && n - t->arg - 1 < 2 && n > t->arg + 1) {
			fprintf(stderr, "Error: hotspot:%d leaves one victim, who has nobody to send to\n",
				t->arg);
			return -1;
		}
		for (i = 0; i < n; i++) {
			if (i < t->arg)
				t->h[i].fixed = last;
			else if (t->pat == TR_INCAST || i == last)
				t->h[i].sends = false;
		}
		break;
	case TR_ADV:
		return tr_groups(t);
	case TR_FLOWS:
		return tr_flows(t);
	default:
		break;
	}
	return t->flip_us && t->pat2 == TR_ADV ? tr_groups(t) : 0;
}

static int tr_dst(struct tr *t, int i, uint64_t now)
{
	struct tr_host *h = &t->h[i];
	enum tr_pattern pat = t->pat;
	int d, g, arg = t->arg;

	if (h->fixed >= 0)
		return h->fixed;
	/* flip: odd phases follow the other pattern */
	if (t->flip_ns && ((now - t->t0) / t->flip_ns) & 1) {
		pat = t->pat2;
		arg = t->arg2;
	}
	switch (pat) {
	case TR_FLOWS:
		h->flow = tr_next_flow(t, i);
		return h->flow < 0 ? -1 : t->flows[h->flow].dst;
	case TR_ALL2ALL:
		d = h->rr;
		h->rr = (h->rr + 1) % t->nh;
		if (h->rr == i)
			h->rr = (h->rr + 1) % t->nh;
		return d;
	case TR_ADV:
		g = (h->group + arg) % t->ngroups;
		if (!t->group_len[g])
			return -1;
		d = t->by_group[t->group_start[g] + rnd_below(t->group_len[g])];
		return d == i ? -1 : d;
	case TR_HOTSPOT:	/* a victim: to another one, never the hot host */
		g = t->nh - t->arg - 1;		/* victims: arg .. nh - 2 */
		d = rnd_below(g - 1);
		return t->arg + (d >= i - t->arg ? d + 1 : d);
	default:		/* uniform */
		d = rnd_below(t->nh - 1);
		return d >= i ? d + 1 : d;
	}
}

/*
 * Every host's neighbour entries for every other host: a snic's MAC is
 * its LID (02:53:4e:LL:LL:LL), so the fabric needs no ARP, whose
 * broadcasts would flood every host of a large fabric N times over during
 * the warm-up. Permanent, as a fabric manager's path records would be.
 */
static int tr_neigh(struct tr *t)
{
	size_t cap = (size_t)t->nh * 96 + 1;
	char *cmds = malloc(cap), ns[64], addr[20];
	int i, j, err = 0;

	if (!cmds)
		exit(1);
	for (i = 0; i < t->nh && !err; i++) {
		size_t off = 0;

		for (j = 0; j < t->nh; j++) {
			uint32_t lid = t->f->node[t->h[j].node].lid;

			if (j == i)
				continue;
			fab_addr(t->f, t->h[j].node, addr, sizeof(addr));
			off += snprintf(cmds + off, cap - off,
					"neigh replace %s lladdr 02:53:4e:%02x:%02x:%02x dev snic0 nud permanent\n",
					addr, (lid >> 16) & 0xff, (lid >> 8) & 0xff,
					lid & 0xff);
		}
		fab_ns(t->f, t->h[i].node, ns, sizeof(ns));
		err = fab_ip_batch(ns, cmds);
		if (err)
			fprintf(stderr, "Error: %s: neighbour entries\n", ns);
	}
	free(cmds);
	return err;
}

/* A UDP socket in host @i's netns, bound to its address. */
static int tr_open(struct tr *t, int i, int home)
{
	struct tr_host *h = &t->h[i];
	int one = 1, rcv = 4 << 20, fd, k;
	char ns[64], addr[20];
	struct ifreq ifr;

	fab_ns(t->f, h->node, ns, sizeof(ns));
	fab_addr(t->f, h->node, addr, sizeof(addr));
	if (enter_netns(ns))
		return -1;
	/* No IPv6 on snic0: its ND and MLD multicast (a burst after every
	 * "up", reports later) would reach every host of the fabric, as
	 * traffic nobody offered. /proc/sys/net is the caller's netns.
	 */
	fd = open("/proc/sys/net/ipv6/conf/snic0/disable_ipv6", O_WRONLY | O_CLOEXEC);
	if (fd >= 0) {
		if (write(fd, "1", 1) != 1)
			perror("Warning: disable_ipv6");
		close(fd);
	}
	fd = socket(AF_INET, SOCK_DGRAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
	if (fd < 0) {
		perror("Error: socket");
		return -1;
	}
	h->addr.sin_family = AF_INET;
	h->addr.sin_port = htons(TR_PORT);
	inet_pton(AF_INET, addr, &h->addr.sin_addr);
	setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &rcv, sizeof(rcv));
	setsockopt(fd, SOL_SOCKET, SO_TIMESTAMPNS, &one, sizeof(one));
	setsockopt(fd, SOL_SOCKET, SO_RXQ_OVFL, &one, sizeof(one));
	setsockopt(fd, IPPROTO_IP, IP_RECVERR, &one, sizeof(one));
	if (bind(fd, (struct sockaddr *)&h->addr, sizeof(h->addr))) {
		fprintf(stderr, "Error: %s: bind %s:%d: %m\n", ns, addr, TR_PORT);
		close(fd);
		return -1;
	}
	/* the largest payload snic0 carries, for the size check */
	memset(&ifr, 0, sizeof(ifr));
	strcpy(ifr.ifr_name, "snic0");
	if (!ioctl(fd, SIOCGIFMTU, &ifr) &&
	    t->payload + TR_IP_UDP > (unsigned int)ifr.ifr_mtu) {
		fprintf(stderr, "Error: size %u needs %u bytes of IP, snic0's MTU is %d\n",
			t->wire, t->payload + TR_IP_UDP, ifr.ifr_mtu);
		close(fd);
		return -1;
	}
	h->fd = fd;
	/*
	 * flows: each flow of this host sends from a socket of its own, as
	 * an application's flows do: the datagrams a paced flow has queued
	 * in the NIC fill that flow's send buffer, not its neighbours'.
	 */
	for (k = 0; t->pat == TR_FLOWS && k < t->nflows; k++) {
		if (t->flows[k].src != i)
			continue;
		fd = socket(AF_INET, SOCK_DGRAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
		if (fd < 0) {
			perror("Error: socket");
			return -1;
		}
		setsockopt(fd, IPPROTO_IP, IP_RECVERR, &one, sizeof(one));
		t->flows[k].fd = fd;
	}
	if (setns(home, CLONE_NEWNET)) {
		perror("Error: setns back");
		return -1;
	}
	return 0;
}

static void tr_send(struct tr *t, int i, uint64_t now)
{
	struct tr_host *h = &t->h[i];
	static char buf[9000];
	struct tr_msg *m = (struct tr_msg *)buf;
	bool in_window = h->next >= t->w0 && h->next < t->w1;
	int d, fd;

	if (tr_msgs(t) && h->msg_left) {
		d = h->msg_dst;
	} else {
		d = tr_dst(t, i, now);
		h->msg++;
		h->msg_ns = realtime_ns();
		h->msg_dst = d;
		h->msg_len = tr_msg_len(t);
		h->msg_left = h->msg_len;
	}
	h->msg_left--;

	if (in_window) {
		h->tries++;
		if (now > h->next + h->interval)
			h->late++;
	}
	if (d < 0)
		return;
	m->magic = TR_MAGIC;
	m->run = t->run;
	m->src = i;
	m->dst = d;
	m->seq = h->seq++;
	m->t_ns = realtime_ns();
	m->msg = h->msg;
	m->msg_ns = h->msg_ns;
	m->msg_len = h->msg_len;
	m->sched_ns = h->next;
	fd = t->pat == TR_FLOWS && t->flows[h->flow].fd >= 0 ?
	     t->flows[h->flow].fd : h->fd;
	if (sendto(fd, buf, t->payload, MSG_DONTWAIT,
		   (struct sockaddr *)&t->h[d].addr, sizeof(t->h[d].addr)) < 0) {
		/* an error IP_RECVERR queued (an ICMP): drop it */
		if (errno != EAGAIN && errno != ENOBUFS && fd != h->fd)
			recv(fd, buf, 64, MSG_ERRQUEUE | MSG_DONTWAIT);
		if (in_window)
			h->failed++;
		return;
	}
	if ((uint64_t)m->t_ns >= t->w0)
		h->sent++;
	if (in_window)
		h->sent_bytes += t->wire;
	if (t->pat == TR_FLOWS) {
		struct tr_flow *fl = &t->flows[h->flow];

		if ((uint64_t)m->t_ns >= t->w0)
			fl->sent++;
		if (in_window)
			fl->sent_bytes += t->wire;
	}
}

/* flows: the flow of a datagram from @src to @dst, or NULL. */
static struct tr_flow *tr_flow_of(struct tr *t, uint32_t src, uint32_t dst)
{
	int k;

	for (k = 0; k < t->nflows; k++)
		if (t->flows[k].src == (int)src && t->flows[k].dst == (int)dst)
			return &t->flows[k];
	return NULL;
}

/*
 * msg N: a datagram of message m->msg from m->src came in at @rx. When
 * all N of a message begun in the window are in, its flow completion
 * time (from its first send to its last arrival) is a sample. A lossless
 * fabric delivers them all; one lost leaves its message uncounted.
 */
static void tr_msg_rx(struct tr *t, struct tr_host *h, const struct tr_msg *m,
		      uint64_t rx)
{
	if (h->rx_msg[m->src] != m->msg) {
		h->rx_msg[m->src] = m->msg;
		h->rx_cnt[m->src] = 0;
	}
	if (++h->rx_cnt[m->src] == m->msg_len && (uint64_t)m->msg_ns >= t->w0 &&
	    (uint64_t)m->msg_ns < t->w1 && rx >= (uint64_t)m->msg_ns &&
	    t->nfct < TR_MAX_SAMPLES)
		t->fct[t->nfct++] = (rx - m->msg_ns) / t->f->dilation;
}

static void tr_recv(struct tr *t, int i)
{
	static char bufs[TR_BATCH][256], ctl[TR_BATCH][256];
	struct mmsghdr mm[TR_BATCH];
	struct iovec iov[TR_BATCH];
	struct tr_host *h = &t->h[i];
	struct tr_flow *fl;
	int n, k;

	memset(mm, 0, sizeof(mm));
	for (k = 0; k < TR_BATCH; k++) {
		iov[k].iov_base = bufs[k];
		iov[k].iov_len = sizeof(bufs[k]);
		mm[k].msg_hdr.msg_iov = &iov[k];
		mm[k].msg_hdr.msg_iovlen = 1;
		mm[k].msg_hdr.msg_control = ctl[k];
		mm[k].msg_hdr.msg_controllen = sizeof(ctl[k]);
	}
	n = recvmmsg(h->fd, mm, TR_BATCH, MSG_DONTWAIT, NULL);
	if (n < 0 && errno != EAGAIN)	/* an error queued by IP_RECVERR */
		recv(h->fd, bufs[0], sizeof(bufs[0]), MSG_ERRQUEUE | MSG_DONTWAIT);
	for (k = 0; k < n; k++) {
		struct tr_msg *m = (struct tr_msg *)bufs[k];
		uint64_t rx = 0;
		struct cmsghdr *c;

		for (c = CMSG_FIRSTHDR(&mm[k].msg_hdr); c;
		     c = CMSG_NXTHDR(&mm[k].msg_hdr, c)) {
			if (c->cmsg_level != SOL_SOCKET)
				continue;
			if (c->cmsg_type == SCM_TIMESTAMPNS) {
				struct timespec ts;

				memcpy(&ts, CMSG_DATA(c), sizeof(ts));
				rx = ts.tv_sec * 1000000000ULL + ts.tv_nsec;
			} else if (c->cmsg_type == SO_RXQ_OVFL) {
				uint32_t drops;

				memcpy(&drops, CMSG_DATA(c), sizeof(drops));
				if (drops > t->sock_drops)
					t->sock_drops = drops;
			}
		}
		if (mm[k].msg_len < sizeof(*m) || m->magic != TR_MAGIC ||
		    m->run != t->run || m->src >= (uint32_t)t->nh)
			continue;
		if (!rx)
			rx = realtime_ns();
		t->arrivals++;
		if (m->dst != (uint32_t)i) {
			if ((uint64_t)m->t_ns >= t->w0)
				h->misdelivered++;
			continue;
		}
		/* Accepted: every frame that arrives in the window, whenever
		 * it was sent (BookSim's ejection rate); past saturation the
		 * ones sent in the window may all arrive after it.
		 */
		fl = t->pat == TR_FLOWS ? tr_flow_of(t, m->src, m->dst) : NULL;
		if (rx >= t->w0 && rx < t->w1) {
			uint32_t b = t->nbins ?
				     (rx - t->w0) * t->nbins / (t->w1 - t->w0) : 0;

			h->rx_bytes += t->wire;
			if (fl)
				fl->rx_bytes += t->wire;
			if (t->nbins) {
				t->bin_rx[b] += t->wire;
				if (fl)
					fl->bin_rx[b] += t->wire;
			}
		}
		if ((uint64_t)m->t_ns < t->w0)
			continue;	/* the warm-up's: not in the counts */
		if (fl)
			fl->rx++;
		h->rx++;
		h->from[m->src / 8] |= 1 << (m->src % 8);
		if ((uint64_t)m->t_ns >= t->w0 && (uint64_t)m->t_ns < t->w1 &&
		    t->nlat < TR_MAX_SAMPLES && rx >= (uint64_t)m->t_ns)
			t->lat[t->nlat++] = (rx - m->t_ns) / t->f->dilation;
		if (tr_msgs(t))
			tr_msg_rx(t, h, m, rx);
		if (t->samples && (uint64_t)m->t_ns >= t->w0)
			fprintf(t->samples, "%s,%s,%llu,%llu,%lld,%lld,%lld,%d\n",
				t->f->node[t->h[m->src].node].name,
				t->f->node[t->h[m->dst].node].name,
				(unsigned long long)m->seq,
				(unsigned long long)m->msg,
				(long long)(m->sched_ns - (int64_t)t->t0) / t->f->dilation,
				(long long)(m->t_ns - (int64_t)t->t0) / t->f->dilation,
				(long long)(rx - t->t0) / t->f->dilation,
				(uint64_t)m->t_ns < t->w1);
	}
}

static bool tr_drained(const struct tr *t, uint64_t *got)
{
	uint64_t sent = 0;
	int i;

	*got = 0;
	for (i = 0; i < t->nh; i++) {
		sent += t->h[i].sent;
		*got += t->h[i].rx + t->h[i].misdelivered;
	}
	return *got >= sent;
}

/*
 * The wait before a host's next send: its interval at its load; with
 * messages, their datagrams back to back at line rate and the messages
 * spaced so that the host still offers its load.
 */
static uint64_t tr_gap(const struct tr *t, const struct tr_host *h)
{
	uint64_t line = (uint64_t)(h->interval * h->load);
	double iv = h->interval, gap;

	/* arrival onoff: while ON, at the rate that offers the load over
	 * ON and OFF
	 */
	if (t->arrival == TR_ONOFF)
		iv = iv * t->on_us / (t->on_us + t->off_us);
	if (tr_msgs(t)) {
		if (h->msg_left)
			return line ?: 1;
		gap = iv * h->msg_len - (double)line * (h->msg_len - 1);
	} else {
		gap = iv;
	}
	/* arrival poisson: exponential, of the same mean */
	if (t->arrival == TR_POISSON)
		gap *= -log(rnd_unit());
	return gap >= 1 ? (uint64_t)gap : 1;
}

/*
 * Progress on stderr when it is a terminal (a person waits on a run of
 * minutes; a script reads the report): each phase as it begins, in wall
 * seconds from the start, then what came of it. The test guest's
 * console is a terminal: make bench and make run show these as they
 * come.
 */
static void tr_progress(const struct tr *t, int phase, uint64_t now)
{
	uint64_t sent = 0, rx = 0;
	char what[96];
	int i;

	if (!t->progress)
		return;
	switch (phase) {
	case TR_WARMUP:
		snprintf(what, sizeof(what), "warm-up, %g s", t->warmup);
		break;
	case TR_WINDOW:
		snprintf(what, sizeof(what), "measuring, %g s", t->seconds);
		break;
	case TR_DRAIN:
		snprintf(what, sizeof(what), "sending stopped, draining");
		break;
	default:
		for (i = 0; i < t->nh; i++) {
			sent += t->h[i].sent;
			rx += t->h[i].rx;
		}
		snprintf(what, sizeof(what),
			 "done, %llu of %llu datagrams of the window received%s",
			 (unsigned long long)rx, (unsigned long long)sent,
			 t->drain_cut ? " (the drain was cut)" : "");
	}
	/* one write: other writers share a console */
	fprintf(stderr, "# traffic %s: %.1f s: %s\n", t->f->name,
		(now - t->t0) / 1e9, what);
}

static void tr_run(struct tr *t)
{
	struct pollfd *pfd = calloc(t->nh, sizeof(*pfd));
	uint64_t now, drain_end, got = 0, last_got = 0, quiet_since = 0;
	int i, b, phase = TR_WARMUP;

	if (!pfd)
		exit(1);
	for (i = 0; i < t->nh; i++) {
		pfd[i].fd = t->h[i].fd;
		pfd[i].events = POLLIN;
	}
	t->t0 = realtime_ns();
	t->t0_mono = mono_ns();
	t->w0 = t->t0 + (uint64_t)(t->warmup * 1e9);
	t->w1 = t->w0 + (uint64_t)(t->seconds * 1e9);
	t->t_stop = t->w1;
	drain_end = t->t_stop + TR_DRAIN_MAX_NS;
	for (i = 0; i < t->nh; i++) {
		struct tr_host *h = &t->h[i];

		if (t->arrival == TR_ONOFF) {
			/* a random phase of the ON/OFF cycle */
			h->next = t->t0 + rnd() % (t->on_ns + t->off_ns);
			h->on_until = h->next + t->on_ns;
		} else {
			h->next = t->t0 + rnd() % h->interval;
		}
	}
	if (t->warmup)
		tr_progress(t, phase, t->t0);
	for (;;) {
		uint64_t wake, d;
		struct timespec to;

		now = realtime_ns();
		if (phase == TR_WARMUP && now >= t->w0)
			tr_progress(t, ++phase, now);
		if (phase == TR_WINDOW && now >= t->t_stop)
			tr_progress(t, ++phase, now);
		if (now < t->t_stop) {
			wake = t->t_stop;
			for (i = 0; i < t->nh; i++) {
				struct tr_host *h = &t->h[i];

				if (!h->sends)
					continue;
				for (b = 0; b < TR_BURST && h->next <= now; b++) {
					tr_send(t, i, now);
					h->next += tr_gap(t, h);
					/* OFF once ON is over (a message
					 * finishes first)
					 */
					while (t->arrival == TR_ONOFF &&
					       h->next >= h->on_until && !h->msg_left) {
						/* a message may have run
						 * past OFF too: whole cycles
						 */
						if (h->next < h->on_until + t->off_ns)
							h->next = h->on_until + t->off_ns;
						h->on_until += t->on_ns + t->off_ns;
					}
				}
				if (h->next < wake)
					wake = h->next;
			}
		} else {
			/* draining: done once every datagram is in, or
			 * when nothing came in for a second
			 */
			if (tr_drained(t, &got))
				break;
			if (now >= drain_end) {
				t->drain_cut = true;
				break;
			}
			/* Quiet: nothing of this run came in, not even the
			 * warm-up's (past saturation they arrive first).
			 */
			if (t->arrivals != last_got || !quiet_since) {
				last_got = t->arrivals;
				quiet_since = now;
			} else if (now - quiet_since > TR_QUIET_NS) {
				break;
			}
			wake = now + 10000000;
		}
		d = wake > now ? wake - now : 0;
		to.tv_sec = d / 1000000000ULL;
		to.tv_nsec = d % 1000000000ULL;
		if (ppoll(pfd, t->nh, &to, NULL) > 0) {
			for (i = 0; i < t->nh; i++)
				if (pfd[i].revents & (POLLIN | POLLERR))
					tr_recv(t, i);
		}
	}
	tr_progress(t, TR_DONE, realtime_ns());
	free(pfd);
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

static uint64_t quantile(const uint64_t *v, uint32_t n, double q)
{
	uint32_t k;

	if (!n)
		return 0;
	k = (uint32_t)ceil(q * n);
	return v[k ? k - 1 : 0];
}

static uint64_t sources(const struct tr_host *h, int nh)
{
	uint64_t n = 0;
	int i;

	for (i = 0; i < nh; i++)
		n += !!(h->from[i / 8] & (1 << (i % 8)));
	return n;
}

static void out_frac(const char *key, const char *fmt, double v)
{
	char b[32];

	snprintf(b, sizeof(b), "%.4f", v);
	out_num(key, fmt, b);
}

/* The name of pattern @p with @arg, as given, into @b (32 bytes). */
static const char *tr_pattern_str(const struct tr *t, enum tr_pattern p,
				  int arg, char *b)
{
	if (p == TR_FLOWS)
		snprintf(b, 32, "flows:%d", t->nflows);
	else if (p == TR_ADV || p == TR_INCAST || p == TR_HOTSPOT)
		snprintf(b, 32, "%s%s%d", tr_pattern_name[p],
			 p == TR_ADV ? "+" : ":", arg);
	else
		snprintf(b, 32, "%s", tr_pattern_name[p]);
	return b;
}

/* Accepted load per bin: @rx bytes over @cap bytes/s for a bin's time. */
static void tr_bins(const struct tr *t, const char *key, const uint64_t *rx,
		    double cap)
{
	double v[TR_MAX_BINS], bin = t->seconds / t->nbins;
	uint32_t b;

	for (b = 0; b < t->nbins; b++)
		v[b] = rx[b] / (cap * bin);
	out_frac_list(key, v, t->nbins);
}

/*
 * flows: each flow's max-min fair share, a fraction of its source's
 * link, given what every flow offers and the fabric's minimal routes
 * (the LFTs; an adaptive fabric may do better by spreading): the
 * reference a victim's accepted load is judged against. Returns 0, or
 * -1 when they are not known (a flow without a route, no memory): then
 * every @fair[i] is < 0.
 */
static int tr_fair(const struct tr *t, double *fair)
{
	const struct fabric *f = t->f;
	int nres = 2 * f->nlinks, i, n, len;
	int *res = calloc((size_t)t->nflows * f->nnodes + 1, sizeof(int));
	int *off = calloc(t->nflows + 1, sizeof(int));
	double *cap = calloc(nres + 1, sizeof(double));
	double *dem = calloc(t->nflows + 1, sizeof(double));
	double *share = calloc(t->nflows + 1, sizeof(double));
	void *work = malloc(maxmin_work_size(t->nflows, nres) + 1);
	double src_rate;
	int err = -1;

	for (i = 0; i < t->nflows; i++)
		fair[i] = -1;
	if (!res || !off || !cap || !dem || !share || !work)
		goto out;
	for (i = 0; i < nres; i++)
		cap[i] = (double)f->link[i / 2].rate;
	for (i = n = 0; i < t->nflows; i++) {
		const struct tr_flow *fl = &t->flows[i];
		int src = t->h[fl->src].node;

		len = fab_path(f, src, t->h[fl->dst].node, res + n, f->nnodes);
		if (len < 0)
			goto out;
		dem[i] = fl->load * (double)fab_host_link(f, src)->rate;
		n += len;
		off[i + 1] = n;
	}
	if (maxmin(t->nflows, dem, off, res, nres, cap, share, work))
		goto out;
	for (i = 0; i < t->nflows; i++) {
		src_rate = (double)fab_host_link(f, t->h[t->flows[i].src].node)->rate;
		fair[i] = src_rate > 0 ? share[i] / src_rate : 0;
	}
	err = 0;
out:
	free(res);
	free(off);
	free(cap);
	free(dem);
	free(share);
	free(work);
	return err;
}

/* A flow's entry begins: its source, destination and offered load. */
static void tr_flow_head(const struct tr *t, int i)
{
	const struct tr_flow *fl = &t->flows[i];

	if (i)
		out_nl();
	out_begin_obj();
	out_str("src", "flow %s", t->f->node[t->h[fl->src].node].name);
	out_str("dst", "-%s:", t->f->node[t->h[fl->dst].node].name);
	out_frac("offered", " offered %s", fl->load);
}

/* plan: the flows, what each offers and is owed; nothing is sent. */
static int tr_plan_report(struct tr *t)
{
	double fair[TR_MAX_FLOWS];
	char pat[32];
	int i;

	if (tr_fair(t, fair)) {
		fprintf(stderr, "Error: plan: no fair shares (a flow without a route, or no memory)\n");
		return 1;
	}
	out_begin_obj();
	out_str("fabric", "fabric %s:", t->f->name);
	out_str("pattern", " %s (plan: nothing sent)", tr_pattern_str(t, t->pat, t->arg, pat));
	out_u64("dilation", " dilation %llu", t->f->dilation);
	out_nl();
	out_begin_list_key("flow");
	for (i = 0; i < t->nflows; i++) {
		tr_flow_head(t, i);
		out_frac("fair", " fair share %s", fair[i]);
		if (opt_json)
			out_end_obj();
	}
	out_end_list();
	out_end_obj();
	if (opt_json)
		putchar('\n');
	return 0;
}

static void tr_report(struct tr *t)
{
	double win = t->seconds, amin = 1e9, amax = 0, asum = 0, isum = 0;
	double jx = 0, jx2 = 0, cap, rsum = 0;
	uint64_t cdf[TR_CDF_N];
	uint64_t sent = 0, rx = 0, mis = 0, tries = 0, late = 0, failed = 0;
	uint64_t lsum = 0, missing;
	int i, nsend = 0, nrecv = 0;
	char pat[32];

	qsort(t->lat, t->nlat, sizeof(*t->lat), cmp_u64);
	for (i = 0; i < (int)t->nlat; i++)
		lsum += t->lat[i];
	out_begin_obj();
	out_str("fabric", "fabric %s:", t->f->name);
	out_str("pattern", " %s", tr_pattern_str(t, t->pat, t->arg, pat));
	if (t->flip_us) {
		out_str("flip", " flip %s", tr_pattern_str(t, t->pat2, t->arg2, pat));
		out_u64("every_us", " every %llu us", t->flip_us);
	}
	out_frac("load", " load %s", t->load);
	out_u64("size", " size %llu", t->wire);
	out_u64("hosts", " hosts %llu", t->nh);
	out_u64("dilation", " dilation %llu", t->f->dilation);
	out_u64("window_us", " window %llu us (fabric)",
		(uint64_t)(win * 1e6 / t->f->dilation));
	out_frac("window_wall_s", " (%s s of wall time)", win);
	out_u64("start_mono_ns", " started at %llu ns (CLOCK_MONOTONIC)",
		t->t0_mono);
	/* provenance: what else it takes to run it again */
	out_frac("warmup_s", " after %s s of warm-up", t->warmup);
	out_str("arrival", " arrival %s", t->arrival == TR_POISSON ? "poisson" :
		t->arrival == TR_ONOFF ? "onoff" : "const");
	if (t->arrival == TR_ONOFF) {
		out_u64("on_us", ":%llu", t->on_us);
		out_u64("off_us", ",%llu", t->off_us);
	}
	out_u64("seed", " seed %llu", t->seed);
	out_str("version", " snicctl %s", SNIC_VERSION);
	out_str("command", " (%s)", t->cmd);
	out_begin_list_key("host");
	for (i = 0; i < t->nh; i++) {
		struct tr_host *h = &t->h[i];
		double acc, inj;

		cap = h->rate * win;	/* bytes at full load in the window */
		rsum += h->rate;
		acc = h->rx_bytes / cap;
		inj = h->sent_bytes / cap;
		asum += acc;
		if (acc < amin)
			amin = acc;
		if (acc > amax)
			amax = acc;
		if (h->sends) {
			nsend++;
			isum += inj;
		}
		if (h->rx_bytes) {
			nrecv++;
			jx += acc;
			jx2 += acc * acc;
		}
		sent += h->sent;
		rx += h->rx;
		mis += h->misdelivered;
		tries += h->tries;
		late += h->late;
		failed += h->failed;
		out_nl();
		out_begin_obj();
		out_str("name", "%s:", t->f->node[h->node].name);
		out_frac("offered", " offered %s", h->sends ? h->load : 0);
		out_frac("injected", " injected %s", inj);
		out_frac("accepted", " accepted %s", acc);
		/* its link's rate, fabric time (accepted is a share of it) */
		out_u64("link_bps", " of %llu b/s",
			(uint64_t)(h->rate * t->f->dilation * 8 + 0.5));
		out_u64("sent", " sent %llu", h->sent);
		out_u64("received", " received %llu", h->rx);
		out_u64("sources", " from %llu hosts", sources(h, t->nh));
		if (t->by_group)
			out_u64("group", " group %llu", h->group);
		if (opt_json)
			out_end_obj();
	}
	out_end_list();
	if (t->pat == TR_FLOWS) {
		double fair[TR_MAX_FLOWS];

		tr_fair(t, fair);
		out_nl();
		out_begin_list_key("flow");
		for (i = 0; i < t->nflows; i++) {
			const struct tr_flow *fl = &t->flows[i];

			/* fractions of the source's link */
			cap = t->h[fl->src].rate * win;
			tr_flow_head(t, i);
			out_frac("injected", " injected %s", fl->sent_bytes / cap);
			out_frac("accepted", " accepted %s", fl->rx_bytes / cap);
			if (fair[i] >= 0)
				out_frac("fair", " fair share %s", fair[i]);
			out_u64("sent", " sent %llu", fl->sent);
			out_u64("received", " received %llu", fl->rx);
			if (t->nbins)
				tr_bins(t, "bins", fl->bin_rx, t->h[fl->src].rate);
			if (opt_json)
				out_end_obj();
		}
		out_end_list();
	}
	out_nl();
	out_frac("accepted_mean", "accepted mean %s", asum / t->nh);
	out_frac("accepted_min", " min %s", amin);
	out_frac("accepted_max", " max %s", amax);
	out_frac("injected_mean", " injected mean %s", nsend ? isum / nsend : 0);
	out_frac("jain", " jain %s", nrecv ? jx * jx / (nrecv * jx2) : 0);
	if (t->nbins) {
		out_nl();
		out_u64("bin_us", "bins of %llu us (fabric):",
			(uint64_t)(win * 1e6 / t->nbins / t->f->dilation));
		tr_bins(t, "bins", t->bin_rx, rsum);
	}
	out_nl();
	out_u64("latency_n", "latency %llu datagrams", t->nlat);
	out_u64("latency_p50_ns", " p50 %llu", quantile(t->lat, t->nlat, 0.5));
	out_u64("latency_p99_ns", " p99 %llu", quantile(t->lat, t->nlat, 0.99));
	out_u64("latency_max_ns", " max %llu",
		t->nlat ? t->lat[t->nlat - 1] : 0);
	out_u64("latency_mean_ns", " mean %llu ns (fabric)",
		t->nlat ? lsum / t->nlat : 0);
	for (i = 0; i < (int)TR_CDF_N; i++)
		cdf[i] = quantile(t->lat, t->nlat, tr_cdf_q[i]);
	out_nl();
	out_u64_list("latency_cdf_ns", cdf, TR_CDF_N);
	if (tr_msgs(t)) {
		qsort(t->fct, t->nfct, sizeof(*t->fct), cmp_u64);
		out_nl();
		if (t->ndist) {
			double mean = 0, prev = 0;

			for (i = 0; i < t->ndist; i++) {
				mean += t->dist_len[i] * (t->dist_cdf[i] - prev);
				prev = t->dist_cdf[i];
			}
			out_str("msgdist", "messages from %s", t->dist_path);
			out_frac("msg_mean", " (mean %s datagrams):", mean);
		} else {
			out_u64("msg", "messages of %llu datagrams:", t->msg);
		}
		out_u64("fct_n", " %llu", t->nfct);
		out_u64("fct_p50_ns", " fct p50 %llu", quantile(t->fct, t->nfct, 0.5));
		out_u64("fct_p99_ns", " p99 %llu", quantile(t->fct, t->nfct, 0.99));
		out_u64("fct_max_ns", " max %llu ns (fabric)",
			t->nfct ? t->fct[t->nfct - 1] : 0);
	}
	out_nl();
	out_u64("sent", "sent %llu", sent);
	out_u64("received", " received %llu", rx);
	missing = sent > rx + mis ? sent - rx - mis : 0;
	out_u64("lost", " lost %llu", t->drain_cut ? 0 : missing);
	out_u64("undelivered", " undelivered %llu", t->drain_cut ? missing : 0);
	out_u64("misdelivered", " misdelivered %llu", mis);
	out_u64("socket_drops", " socket drops %llu", t->sock_drops);
	out_u64("not_injected", " not injected %llu", failed);
	out_u64("inject_late_permille", " sender late %llu per mille",
		tries ? (late * 1000 + tries - 1) / tries : 0);
	out_end_obj();
	if (opt_json)
		putchar('\n');
}

/*
 * msgdist FILE: message lengths in datagrams and their cumulative
 * probabilities, a line "DATAGRAMS CUMPROB" each (# comments), lengths
 * 1..1024 and probabilities rising to 1. 0, or -1 (said, with the line).
 */
static int tr_load_dist(struct tr *t, const char *path)
{
	char *line = NULL;
	size_t cap = 0;
	int no = 0, err = 0;
	unsigned int len;
	double p, prev = 0;
	char extra;
	FILE *fp;

	fp = fopen(path, "r");
	if (!fp) {
		fprintf(stderr, "Error: msgdist %s: %s\n", path, strerror(errno));
		return -1;
	}
	t->dist_path = path;
	while (!err && getline(&line, &cap, fp) >= 0) {
		char *c = strchr(line, '#');

		no++;
		if (c)
			*c = 0;
		if (strspn(line, " \t\r\n") == strlen(line))
			continue;
		if (sscanf(line, "%u %lf %c", &len, &p, &extra) != 2 ||
		    len < 1 || len > 1024 || !(p > prev) || p > 1) {
			fprintf(stderr, "Error: msgdist %s:%d: \"DATAGRAMS CUMPROB\", DATAGRAMS 1..1024, CUMPROB rising to 1\n",
				path, no);
			err = -1;
			break;
		}
		t->dist_len = realloc(t->dist_len, (t->ndist + 1) * sizeof(*t->dist_len));
		t->dist_cdf = realloc(t->dist_cdf, (t->ndist + 1) * sizeof(*t->dist_cdf));
		if (!t->dist_len || !t->dist_cdf)
			exit(1);
		t->dist_len[t->ndist] = len;
		t->dist_cdf[t->ndist++] = p;
		prev = p;
	}
	free(line);
	fclose(fp);
	if (!err && (!t->ndist || prev != 1)) {
		fprintf(stderr, "Error: msgdist %s: the last CUMPROB must be 1\n", path);
		err = -1;
	}
	return err;
}

/* arrival const|poisson|onoff:ON,OFF (fabric us) */
static int tr_parse_arrival(struct tr *t, const char *s)
{
	char extra;

	if (!strcmp(s, "const")) {
		t->arrival = TR_CONST;
	} else if (!strcmp(s, "poisson")) {
		t->arrival = TR_POISSON;
	} else if (sscanf(s, "onoff:%u,%u%c", &t->on_us, &t->off_us, &extra) == 2 &&
		   t->on_us >= 1 && t->off_us >= 1 && t->on_us <= 10000000 &&
		   t->off_us <= 10000000) {
		t->arrival = TR_ONOFF;
	} else {
		fprintf(stderr, "Error: arrival \"%s\": const, poisson or onoff:ON,OFF (fabric us, 1..10000000)\n",
			s);
		return -1;
	}
	return 0;
}

static int tr_usage(void)
{
	fprintf(stderr, "Usage: snicctl fabric traffic [NAME] PATTERN [load L] [size BYTES] [msg N | msgdist FILE] [seconds S] [warmup S] [seed N] [bins N]\n"
		"       [arrival const|poisson|onoff:ON,OFF] [samples FILE] [flip PATTERN] [every US] [plan]\n"
		"       PATTERN := uniform | permutation | adv+H | incast:N | hotspot:N | all2all |\n"
		"                  flows:SRC-DST[@L][,SRC-DST[@L]]...\n");
	return 2;
}

int fabric_traffic(const struct fabric *f, int argc, char **argv)
{
	struct tr t = { .f = f, .load = 0.5, .seconds = 2, .warmup = 0.5,
			.msg = 1 };
	const struct fab_link *l;
	uint32_t size = 1024, seed = 1, every = 50;
	int i, n, home, err = 1;
	bool plan = false;
	double v;

	/* before anything can fail: out closes what was opened */
	for (i = 0; i < TR_MAX_FLOWS; i++)
		t.flows[i].fd = -1;
	if (argc > 1 && !strcmp(argv[argc - 1], "plan")) {
		plan = true;
		argc--;
	}
	if (argc < 1 || parse_pattern(&t, argv[0]))
		return tr_usage();
	if (plan && t.pat != TR_FLOWS) {
		fprintf(stderr, "Error: plan: for flows: only (what each flow is owed)\n");
		return 1;
	}
	for (i = 1; i + 1 < argc; i += 2) {
		if (!strcmp(argv[i], "load") && !parse_double(argv[i + 1], &v, 1e-4, 1))
			t.load = v;
		else if (!strcmp(argv[i], "size") && !parse_u32(argv[i + 1], &size))
			;
		else if (!strcmp(argv[i], "msg") && !parse_u32(argv[i + 1], &t.msg) &&
			 t.msg >= 1 && t.msg <= 1024)
			;
		else if (!strcmp(argv[i], "seconds") &&
			 !parse_double(argv[i + 1], &v, 0.01, 3600))
			t.seconds = v;
		else if (!strcmp(argv[i], "warmup") &&
			 !parse_double(argv[i + 1], &v, 0, 3600))
			t.warmup = v;
		else if (!strcmp(argv[i], "seed") && !parse_u32(argv[i + 1], &seed))
			;
		else if (!strcmp(argv[i], "bins") && !parse_u32(argv[i + 1], &t.nbins) &&
			 t.nbins >= 1 && t.nbins <= TR_MAX_BINS)
			;
		else if (!strcmp(argv[i], "flip") && !parse_flip(&t, argv[i + 1]))
			;
		else if (!strcmp(argv[i], "arrival")) {
			if (tr_parse_arrival(&t, argv[i + 1])) {
				err = 2;	/* a value it does not take */
				goto out;
			}
		} else if (!strcmp(argv[i], "msgdist") && !t.ndist) {
			if (tr_load_dist(&t, argv[i + 1]))
				goto out;
		} else if (!strcmp(argv[i], "samples"))
			t.samples_path = argv[i + 1];
		else if (!strcmp(argv[i], "every") && !parse_u32(argv[i + 1], &every) &&
			 every >= 1 && every <= 1000000)
			;
		else {
			err = tr_usage();
			goto out;
		}
	}
	if (i != argc) {
		err = tr_usage();
		goto out;
	}
	if (t.ndist && t.msg > 1) {
		fprintf(stderr, "Error: msg N or msgdist FILE, not both\n");
		goto out;
	}
	t.on_ns = (uint64_t)t.on_us * 1000 * f->dilation;
	t.off_ns = (uint64_t)t.off_us * 1000 * f->dilation;
	if (t.flip_us) {
		if ((t.pat != TR_UNIFORM && t.pat != TR_ADV) ||
		    (t.pat2 != TR_UNIFORM && t.pat2 != TR_ADV)) {
			fprintf(stderr, "Error: flip alternates uniform and adv+H patterns only\n");
			goto out;
		}
		t.flip_us = every;
		t.flip_ns = (uint64_t)every * 1000 * f->dilation;
	}
	t.seed = seed;
	n = snprintf(t.cmd, sizeof(t.cmd), "snicctl fabric traffic %s", f->name);
	for (i = 0; i < argc && n < (int)sizeof(t.cmd); i++)
		n += snprintf(t.cmd + n, sizeof(t.cmd) - n, " %s", argv[i]);
	rnd_state ^= (uint64_t)seed * 0x9e3779b97f4a7c15ULL;
	if (!rnd_state)
		rnd_state = 1;
	/* the largest UDP payload whose frame fits in @size */
	for (t.payload = sizeof(struct tr_msg); tr_wire(t.payload + 1) <= size &&
	     t.payload < 8900; t.payload++)
		;
	t.wire = tr_wire(t.payload);
	if (t.wire > size) {
		fprintf(stderr, "Error: size %u is below the smallest frame (%u bytes)\n",
			size, t.wire);
		goto out;
	}
	for (n = 0, i = 0; i < f->nnodes; i++)
		n += !f->node[i].sw;
	t.nh = n;
	t.h = calloc(n, sizeof(*t.h));
	t.lat = malloc(TR_MAX_SAMPLES * sizeof(*t.lat));
	t.fct = tr_msgs(&t) ? malloc(TR_MAX_SAMPLES * sizeof(*t.fct)) : NULL;
	t.bin_rx = calloc(t.nbins ?: 1, sizeof(*t.bin_rx));
	if (!t.h || !t.lat || (tr_msgs(&t) && !t.fct) || !t.bin_rx)
		exit(1);
	for (i = 0; i < TR_MAX_FLOWS; i++) {
		t.flows[i].bin_rx = calloc(t.nbins ?: 1, sizeof(uint64_t));
		if (!t.flows[i].bin_rx)
			exit(1);
	}
	for (n = 0, i = 0; i < f->nnodes; i++) {
		if (f->node[i].sw)
			continue;
		t.h[n].node = i;
		t.h[n].fd = -1;
		t.h[n].from = calloc((t.nh + 7) / 8, 1);
		t.h[n].rx_msg = calloc(t.nh, sizeof(*t.h[n].rx_msg));
		t.h[n].rx_cnt = calloc(t.nh, sizeof(*t.h[n].rx_cnt));
		if (!t.h[n].from || !t.h[n].rx_msg || !t.h[n].rx_cnt)
			exit(1);
		l = fab_host_link(f, i);
		t.h[n].rate = (double)(l->rate ?: f->rate) / f->dilation;
		n++;
	}
	if (t.nh < 2) {
		fprintf(stderr, "Error: fabric %s has fewer than 2 hosts\n", f->name);
		goto out;
	}
	/* one interval for all: the hosts' links share the fabric default
	 * unless a file said otherwise; the slowest link sets the pace
	 */
	v = t.h[0].rate;
	for (i = 1; i < t.nh; i++)
		if (t.h[i].rate < v)
			v = t.h[i].rate;
	t.interval = (uint64_t)(t.wire * 1e9 / v / t.load);
	if (!t.interval)
		t.interval = 1;
	for (i = 0; i < t.nh; i++) {
		t.h[i].load = t.load;
		t.h[i].interval = t.interval;
	}
	t.run = (uint32_t)realtime_ns() ^ (uint32_t)getpid();
	if (tr_plan(&t))
		goto out;
	/* flows: each source at the sum of its flows' loads */
	for (i = 0; t.pat == TR_FLOWS && i < t.nh; i++) {
		struct tr_host *h = &t.h[i];

		h->interval = h->sends ?
			(uint64_t)(t.wire * 1e9 / h->rate / h->load) : t.interval;
		if (!h->interval)
			h->interval = 1;
	}
	/* ON at a rate that offers the load over ON and OFF: at most 1 */
	for (i = 0; t.arrival == TR_ONOFF && i < t.nh; i++) {
		if (t.h[i].sends &&
		    t.h[i].load * (t.on_us + t.off_us) / t.on_us > 1) {
			fprintf(stderr, "Error: arrival onoff:%u,%u at load %.4f would send at %.4f of the link while ON: at most 1\n",
				t.on_us, t.off_us, t.h[i].load,
				t.h[i].load * (t.on_us + t.off_us) / t.on_us);
			goto out;
		}
	}
	if (plan) {
		err = tr_plan_report(&t);
		goto out;
	}
	if (t.samples_path) {
		t.samples = fopen(t.samples_path, "w");
		if (!t.samples) {
			fprintf(stderr, "Error: samples %s: %s\n", t.samples_path,
				strerror(errno));
			goto out;
		}
		/* fabric ns since the run's start (its first sends) */
		fprintf(t.samples, "src,dst,seq,msg,sched_ns,send_ns,recv_ns,in_window\n");
	}
	home = open("/proc/self/ns/net", O_RDONLY | O_CLOEXEC);
	if (home < 0) {
		perror("Error: /proc/self/ns/net");
		goto out;
	}
	for (i = 0; i < t.nh; i++)
		if (tr_open(&t, i, home))
			break;
	close(home);
	if (i < t.nh || tr_neigh(&t))
		goto out;
	t.progress = isatty(STDERR_FILENO);
	tr_run(&t);
	tr_report(&t);
	err = 0;
out:
	for (i = 0; i < t.nh; i++) {
		if (t.h[i].fd >= 0)
			close(t.h[i].fd);
		free(t.h[i].from);
		free(t.h[i].rx_msg);
		free(t.h[i].rx_cnt);
	}
	for (i = 0; i < TR_MAX_FLOWS; i++) {
		if (t.flows[i].fd >= 0)
			close(t.flows[i].fd);
		free(t.flows[i].bin_rx);
	}
	if (t.samples && fclose(t.samples)) {
		fprintf(stderr, "Error: samples %s: %s\n", t.samples_path,
			strerror(errno));
		err = 1;
	}
	free(t.dist_len);
	free(t.dist_cdf);
	free(t.bin_rx);
	free(t.h);
	free(t.lat);
	free(t.fct);
	free(t.by_group);
	free(t.group_start);
	free(t.group_len);
	return err;
}
