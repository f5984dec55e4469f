// SPDX-License-Identifier: GPL-2.0
/*
 * snicctl fabric health [NAME]: how faithful the emulation of a fabric
 * has been (Mininet-HiFi's idea: every emulated event should happen when
 * the model says it should).
 *
 *   links   every link end's sch_snic measures how late each frame left
 *           against its end in the line-rate model, in fabric ns; the
 *           histograms of all link ends are summed: frames, p50, p99 and
 *           max lateness, and the frames late by more than their own
 *           time on the link;
 *   pacing  every NIC's CCA pacing timer: its wake-ups and their
 *           lateness, and the packets to a paced DLID that left before
 *           the previous one's slot (Tp + IPD) was over;
 *   loss    every credit-receiving link end (switch ports, NICs): the
 *           credits it wrote off as lost on its link (a SYNC proved their
 *           frames never came) and the frames that came after all. A
 *           link loses nothing here unless something under it does: a
 *           tunnel between machines over a lossy underlay.
 *
 * The fabric is FAITHFUL while at most THRESHOLD per mille of its frames
 * were late by more than their time on the link, at most that share of
 * its paced packets left early and no link lost a frame; UNFAITHFUL
 * otherwise, and every figure measured meanwhile is suspect. On a part of
 * a fabric over several machines it covers that part's link ends. The default threshold is 100 per mille:
 * nine frames in ten within one frame time of the model. Quiet TCG guests
 * of this workplace keep 1 to 2 % at dilation 10000 with light backlogs
 * and 5 to 7 % with links backlogged all the time (every late wake-up
 * then makes several frames late, until the link catches up); four CPU
 * hogs in the guest make that 5 to 20 %.
 * Text or -j; the exit status is 0 either way (2: the fabric is not up).
 */
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <linux/sch_snic.h>

#include "snicctl.h"
#include "fabric.h"
#include "hist.h"
#include "libsnic.h"

#define SNIC_FIDELITY_PERMILLE	100	/* 10 %: the default threshold */

struct health {
	/* links */
	struct snic_hist late;
	/* pacing */
	uint64_t wakeups, wake_p99, wake_max, paced, early;
	uint32_t ends;		/* link ends measured */
	/* loss: credits written off, frames that came after their write-off */
	uint64_t lost, late_frames;
};

static void add_loss(struct health *h, const uint64_t *stats)
{
	h->lost += stats[SNIC_STAT_CREDIT_WRITTEN_OFF];
	h->late_frames += stats[SNIC_STAT_CREDIT_LATE];
}

static int get_port_loss(const struct snic_port_info *p, void *arg)
{
	if (p->has_stats)
		add_loss(arg, p->stats);
	return 0;
}

static void add_late(struct health *h, const struct tc_snic_late *l)
{
	struct snic_hist one = {
		.n = l->n, .max = l->max, .sum = l->sum, .over = l->over,
	};

	_Static_assert(sizeof(one.bucket) == sizeof(l->bucket),
		       "xstats and core/hist.h buckets differ");
	memcpy(one.bucket, l->bucket, sizeof(one.bucket));
	snic_hist_merge(&h->late, &one);
	h->ends++;
}

static int get_pacing(const struct snic_dev_info *d, void *arg)
{
	struct health *h = arg;

	if (d->cc.valid) {
		h->wakeups += d->cc.late_n;
		if (d->cc.late_p99 > h->wake_p99)
			h->wake_p99 = d->cc.late_p99;
		if (d->cc.late_max > h->wake_max)
			h->wake_max = d->cc.late_max;
	}
	if (d->has_stats) {
		h->paced += d->stats[SNIC_STAT_TX_PACED];
		h->early += d->stats[SNIC_STAT_TX_PACED_EARLY];
		add_loss(h, d->stats);
	}
	return 0;
}

/* In the netns of node @n: add what its link ends measured to @h. */
static void measure(const struct fabric *f, int n, struct health *h)
{
	const struct fab_node *node = &f->node[n];
	struct tc_snic_xstats x;
	uint32_t nic, sw;
	char dev[16];
	int p;

	if (!node->sw) {
		if (!qdisc_xstats("fab0", &x))
			add_late(h, &x.late);
		/* a NIC that cannot say adds nothing (the error is shown) */
		nic = fab_ifindex("snic0");
		if (nic)
			snic_dev_get(nic, get_pacing, h);
		return;
	}
	for (p = 1; p <= node->nports; p++) {
		snprintf(dev, sizeof(dev), "p%d", p);
		if (!qdisc_xstats(dev, &x))
			add_late(h, &x.late);
	}
	sw = fab_ifindex("sw0");
	if (sw)
		snic_port_get(sw, get_port_loss, h);
}

/* Each node's figures from a child in its netns, through a pipe. */
static int collect(const struct fabric *f, struct health *sum)
{
	char ns[64];
	int n, fd[2], st;
	struct health h;
	pid_t pid;

	memset(sum, 0, sizeof(*sum));
	for (n = 0; n < f->nnodes; n++) {
		if (!fab_local(f, n))
			continue;	/* another machine's part */
		if (pipe(fd))
			return -1;
		fab_ns(f, n, ns, sizeof(ns));
		fflush(NULL);
		pid = fork();
		if (pid < 0)
			return -1;
		if (!pid) {
			close(fd[0]);
			memset(&h, 0, sizeof(h));
			if (!enter_netns(ns))
				measure(f, n, &h);
			_exit(write(fd[1], &h, sizeof(h)) == sizeof(h) ? 0 : 1);
		}
		close(fd[1]);
		if (read(fd[0], &h, sizeof(h)) != sizeof(h))
			memset(&h, 0, sizeof(h));
		close(fd[0]);
		waitpid(pid, &st, 0);
		snic_hist_merge(&sum->late, &h.late);
		sum->ends += h.ends;
		sum->wakeups += h.wakeups;
		sum->paced += h.paced;
		sum->early += h.early;
		sum->lost += h.lost;
		sum->late_frames += h.late_frames;
		if (h.wake_p99 > sum->wake_p99)
			sum->wake_p99 = h.wake_p99;
		if (h.wake_max > sum->wake_max)
			sum->wake_max = h.wake_max;
	}
	return 0;
}

/* Per mille, rounded up: a single bad event in a small run shows. */
static uint64_t permille(uint64_t part, uint64_t whole)
{
	return whole ? (part * 1000 + whole - 1) / whole : 0;
}

int fabric_health(const struct fabric *f, uint32_t threshold)
{
	uint64_t over_pm, early_pm;
	struct health h;
	bool faithful;

	if (collect(f, &h))
		return 1;
	over_pm = permille(h.late.over, h.late.n);
	early_pm = permille(h.early, h.paced);
	if (threshold == UINT32_MAX)
		threshold = SNIC_FIDELITY_PERMILLE;
	faithful = over_pm <= threshold && early_pm <= threshold && !h.lost;
	out_begin_obj();
	out_str("fabric", "fabric %s:", f->name);
	out_u64("dilation", " dilation %llu", f->dilation);
	out_str("fidelity", " %s", faithful ? "FAITHFUL" : "UNFAITHFUL");
	out_u64("threshold_permille", " (threshold %llu per mille late or early)",
		threshold);
	out_nl();
	out_u64("link_ends", "  links: %llu ends,", h.ends);
	out_u64("frames", " %llu frames,", h.late.n);
	out_u64("late_p50_ns", " late p50 %llu", snic_hist_quantile(&h.late, 500));
	out_u64("late_p99_ns", " p99 %llu", snic_hist_quantile(&h.late, 990));
	out_u64("late_max_ns", " max %llu ns (fabric),", h.late.max);
	out_u64("late_over", " %llu", h.late.over);
	out_u64("late_over_permille", " (%llu per mille) late by more than their time on the link",
		over_pm);
	out_nl();
	out_u64("pacing_wakeups", "  pacing: %llu timer wake-ups,", h.wakeups);
	out_u64("pacing_late_p99_ns", " late p99 %llu", h.wake_p99);
	out_u64("pacing_late_max_ns", " max %llu ns (fabric);", h.wake_max);
	out_u64("paced", " %llu paced packets,", h.paced);
	out_u64("paced_early", " %llu", h.early);
	out_u64("paced_early_permille", " (%llu per mille) early", early_pm);
	out_nl();
	out_u64("lost_credits", "  loss: %llu credits written off as lost on links,",
		h.lost);
	out_u64("late_frames", " %llu frames came after their write-off",
		h.late_frames);
	fab_span_health(f);
	out_end_obj();
	return 0;
}
