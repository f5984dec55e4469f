// SPDX-License-Identifier: GPL-2.0
/*
 * snicctl fabric record NAME [interval US] [samples N] [-o FILE]
 *
 * A time series of a fabric, sampled every US microseconds of fabric time
 * (default 100; wall time: US x the dilation) for N samples (default 0:
 * until interrupted), as CSV (a header, then one row per link end and
 * VL, and per tracked DLID of each NIC) or, with -j, JSON lines with the
 * same keys:
 *
 *   t_us     fabric time of the sample, from the first one
 *   node     the fabric's node; dev: its device (pN, fab0: a link end;
 *            snic0: a NIC)
 *   vl       a data VL that has carried something (link ends)
 *   qlen     packets queued at the link end's egress, backlog: bytes
 *   used     credits held in that device's receive buffer for the VL
 *            (what the far end of the link may not reuse yet)
 *   marked   FECN marks on the VL so far
 *   dlid, ccti  a NIC's tracked DLID and its CCTI now (dev snic0)
 *   mono_ns  the sample's start on CLOCK_MONOTONIC, the clock of fabric
 *            traffic's start_mono_ns and of ftrace's "mono": to line the
 *            rows up with a traffic run and with tracepoints
 *
 * Each sample forks a reader per node, in its namespace, in turn. A node
 * that cannot be read whole (its device or a port gone, a link end
 * without sch_snic) is named on stderr once; the rows it could not read
 * are missing, never zeros, the recording goes on and exits 1. A failed
 * write of the rows (a full disk, a reader of a pipe gone) ends it,
 * exit 1.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <linux/sch_snic.h>

#include "snicctl.h"
#include "fabric.h"
#include "libsnic.h"

static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

struct rec {
	FILE *out;
	const char *node;
	uint64_t t_us;
	uint64_t mono_ns;	/* the sample's start, CLOCK_MONOTONIC */
	uint32_t used[SNIC_NUM_VLS];
	bool bad;		/* a link end's qdisc could not be read */
	int ports;		/* a switch's ports listed */
};

/* One row; absent numbers are left empty in CSV and out of JSON. */
static void row(struct rec *r, const char *dev, int vl, const char *fmt,
		const uint64_t *v)
{
	static const char *const keys[] = {
		"qlen", "backlog", "used", "marked", "dlid", "ccti",
	};
	unsigned int i;

	if (opt_json) {
		fprintf(r->out, "{\"t_us\":%llu,\"mono_ns\":%llu,\"node\":\"%s\",\"dev\":\"%s\"",
			(unsigned long long)r->t_us,
			(unsigned long long)r->mono_ns, r->node, dev);
		if (vl >= 0)
			fprintf(r->out, ",\"vl\":%d", vl);
		for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
			if (fmt[i] == 'x')
				fprintf(r->out, ",\"%s\":%llu", keys[i],
					(unsigned long long)v[i]);
		fputs("}\n", r->out);
		return;
	}
	fprintf(r->out, "%llu,%s,%s,", (unsigned long long)r->t_us, r->node,
		dev);
	if (vl >= 0)
		fprintf(r->out, "%d", vl);
	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
		fputc(',', r->out);
		if (fmt[i] == 'x')
			fprintf(r->out, "%llu", (unsigned long long)v[i]);
	}
	fprintf(r->out, ",%llu\n", (unsigned long long)r->mono_ns);
}

/* The rows of link end @dev (its qdisc) with the receive credits in r. */
static int link_end(struct rec *r, const char *dev)
{
	struct tc_snic_xstats x;
	int vl;

	if (qdisc_xstats(dev, &x))
		return -1;
	for (vl = 0; vl < SNIC_VL_MGMT; vl++) {
		uint64_t v[6] = {
			x.vl[vl].qlen, x.vlcc[vl].backlog, r->used[vl],
			x.vlcc[vl].marked,
		};

		if (!x.vl[vl].enqueued && !r->used[vl])
			continue;
		row(r, dev, vl, "xxxx..", v);
	}
	return 0;
}

static int port_used(const struct snic_port_info *p, void *arg)
{
	struct rec *r = arg;
	int vl;

	for (vl = 0; vl < SNIC_NUM_VLS; vl++)
		r->used[vl] = p->credit.valid ? p->credit.used[vl] : 0;
	if (link_end(r, p->ifname))
		r->bad = true;
	r->ports++;
	return 0;
}

static int nic_used(const struct snic_dev_info *d, void *arg)
{
	struct rec *r = arg;
	int vl;

	for (vl = 0; vl < SNIC_NUM_VLS; vl++)
		r->used[vl] = d->credit.valid ? d->credit.used[vl] : 0;
	return 0;
}

static int nic_dlid(const struct snic_cc_dlid_info *d, void *arg)
{
	uint64_t v[6] = { 0, 0, 0, 0, d->dlid, d->ccti };

	row(arg, "snic0", -1, "....xx", v);
	return 0;
}

/*
 * In node @n's namespace: its rows. 0, or -1 when a part of the node
 * could not be read (its device, a port, a link end's sch_snic): its
 * rows are then missing, not zero.
 */
static int sample(const struct fabric *f, int n, struct rec *r)
{
	uint32_t ifindex;

	r->node = f->node[n].name;
	r->bad = false;
	r->ports = 0;
	if (f->node[n].sw) {
		ifindex = fab_ifindex("sw0");
		if (!ifindex || snic_port_get(ifindex, port_used, r))
			return -1;
		/* a port whose device went is no longer listed */
		return r->bad || r->ports < f->node[n].nports ? -1 : 0;
	}
	ifindex = fab_ifindex("snic0");
	if (!ifindex)
		return -1;
	memset(r->used, 0, sizeof(r->used));
	if (snic_dev_get(ifindex, nic_used, r) || link_end(r, "fab0") ||
	    snic_cc_dlid_get(ifindex, nic_dlid, r))
		return -1;
	return 0;
}

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

int fabric_record(const struct fabric *f, int argc, char **argv)
{
	uint32_t interval = 100, samples = 0, i;
	uint64_t start, wall;
	const char *file = NULL;
	struct rec r = { .out = stdout };
	int a, n, st, rc = 0;
	char *unread;
	pid_t pid;

	for (a = 0; a < argc; a++) {
		if (!strcmp(argv[a], "interval") && a + 1 < argc &&
		    !parse_u32(argv[a + 1], &interval) && interval) {
			a++;
		} else if (!strcmp(argv[a], "samples") && a + 1 < argc &&
			   !parse_u32(argv[a + 1], &samples)) {
			a++;
		} else if (!strcmp(argv[a], "-o") && a + 1 < argc) {
			file = argv[++a];
		} else {
			fprintf(stderr, "Error: fabric record: bad \"%s\"\n",
				argv[a]);
			return 2;
		}
	}
	if (file && !(r.out = fopen(file, "w"))) {
		fprintf(stderr, "Error: %s: %s\n", file, strerror(errno));
		return 1;
	}
	unread = calloc(f->nnodes, 1);
	if (!unread) {
		fprintf(stderr, "Error: fabric record: out of memory\n");
		if (file)
			fclose(r.out);
		return 1;
	}
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	/* a reader whose output is gone says so by its exit status */
	signal(SIGPIPE, SIG_IGN);
	if (!opt_json)
		fputs("t_us,node,dev,vl,qlen,backlog,used,marked,dlid,ccti,mono_ns\n",
		      r.out);
	if (fflush(r.out)) {
		fprintf(stderr, "Error: fabric record: writing: %s\n", strerror(errno));
		rc = 1;
		stop = 1;
	}
	start = now_ns();
	/* an interruption ends the recording between samples, never in one */
	for (i = 0; !stop && (!samples || i < samples); i++) {
		wall = start + (uint64_t)i * interval * 1000 * f->dilation;
		while (!stop && now_ns() < wall)
			usleep(1000);
		if (stop)
			break;
		r.mono_ns = now_ns();
		r.t_us = (r.mono_ns - start) / 1000 / f->dilation;
		for (n = 0; n < f->nnodes; n++) {
			if (!fab_local(f, n))
				continue;	/* another machine's part */
			pid = fab_fork(f, n);
			if (pid < 0) {
				fprintf(stderr, "Error: fabric record: fork: %s\n",
					strerror(errno));
				stop = 1;
				rc = 1;
				break;
			}
			if (!pid) {
				/* said once already: not again each sample */
				if (unread[n]) {
					snic_set_quiet(true);
					if (!freopen("/dev/null", "w", stderr))
						_exit(1);
				}
				st = sample(f, n, &r);
				if (fflush(r.out))
					_exit(3);
				_exit(st ? 1 : 0);
			}
			if (waitpid(pid, &st, 0) == pid && WIFEXITED(st) &&
			    !WEXITSTATUS(st))
				continue;
			rc = 1;
			if (WIFEXITED(st) && WEXITSTATUS(st) == 3) {
				fprintf(stderr, "Error: fabric record: writing the rows failed\n");
				stop = 1;
				break;
			}
			/* once per node: a recording may run for hours */
			if (!unread[n])
				fprintf(stderr, "Error: fabric record: %s could not be read at t_us %llu: its rows are missing\n",
					f->node[n].name,
					(unsigned long long)r.t_us);
			unread[n] = 1;
		}
	}
	if (file && fclose(r.out)) {
		fprintf(stderr, "Error: %s: %s\n", file, strerror(errno));
		rc = 1;
	}
	free(unread);
	return rc;
}
