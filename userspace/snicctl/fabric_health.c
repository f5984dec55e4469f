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
 *           credits it wrote off as lost on its link (two SYNCs found
 *           their frames missing), less those of them whose frames came
 *           after all (credit_late_credits): such a frame was late by
 *           more than a SYNC period, not lost, and counts among the
 *           frames late by more than their time on the link. A link
 *           loses nothing here unless something under it does: a
 *           tunnel between machines over a lossy underlay.
 *
 * A run's own verdict: "fabric health NAME mark" takes a snapshot of all
 * of it (FAB_STATE_DIR/NAME.health), and from then on "fabric health
 * NAME" covers what happened since the mark (window "mark": the
 * histograms and counts less the snapshot's) instead of the fabric's
 * whole life (window "life"). The pacing timer's late p99 and max are
 * the NICs' own quantiles and stay over the fabric's life.
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
 * A window in which no frame crossed a link and no packet was paced
 * measured nothing: UNKNOWN. Text or -j; the exit status says the verdict:
 * 0 FAITHFUL, 1 UNFAITHFUL, 3 UNKNOWN (2: the fabric is not up; 4: it
 * could not be read). A mark that is no earlier state of the fabric (a
 * link end made anew since) makes the window unknown: UNKNOWN.
 */
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <sys/wait.h>
#include <unistd.h>
#include <linux/sch_snic.h>

#include "snicctl.h"
#include "fabric.h"
#include "hist.h"
#include "libsnic.h"

#define SNIC_FIDELITY_PERMILLE	100	/* 10 %: the default threshold */
#define SNIC_HEALTH_UNKNOWN	3	/* exit status: nothing measured */
#define SNIC_HEALTH_UNREAD	4	/* exit status: the fabric not read */

struct health {
	/* links */
	struct snic_hist late;
	/* pacing */
	uint64_t wakeups, wake_p99, wake_max, paced, early;
	uint32_t ends;		/* link ends measured */
	/* loss: credits written off; the frames that came after their
	 * write-off, and their credits (late, not lost)
	 */
	uint64_t written_off, late_frames, late_credits;
};

/* A mark: the fabric's health when it was taken, and when (CLOCK_BOOTTIME) */
struct health_mark {
	uint32_t magic;
#define HEALTH_MARK_MAGIC	0x534e4832	/* "SNH2" */
	uint32_t size;		/* sizeof(struct health_mark): this snicctl's */
	uint64_t at_ns;
	struct health h;
};

static uint64_t boot_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_BOOTTIME, &ts);
	return ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

static void mark_path(const char *name, char *buf, size_t len)
{
	snprintf(buf, len, "%s/%s.health", FAB_STATE_DIR, name);
}

/* A new fabric of that name starts with no mark. */
void fab_health_forget(const char *name)
{
	char path[96];

	mark_path(name, path, sizeof(path));
	unlink(path);
}

/* @h less the mark @m: false (and @h whole) if @m is no earlier state. */
static bool health_since(struct health *h, const struct health *m)
{
	struct snic_hist late = h->late;

	if (m->ends != h->ends || m->wakeups > h->wakeups ||
	    m->paced > h->paced || m->early > h->early ||
	    m->written_off > h->written_off || m->late_frames > h->late_frames ||
	    m->late_credits > h->late_credits ||
	    !snic_hist_since(&late, &m->late))
		return false;
	h->late = late;
	h->wakeups -= m->wakeups;
	h->paced -= m->paced;
	h->early -= m->early;
	h->written_off -= m->written_off;
	h->late_frames -= m->late_frames;
	h->late_credits -= m->late_credits;
	return true;
}

static void add_loss(struct health *h, const uint64_t *stats)
{
	h->written_off += stats[SNIC_STAT_CREDIT_WRITTEN_OFF];
	h->late_frames += stats[SNIC_STAT_CREDIT_LATE];
	h->late_credits += stats[SNIC_STAT_CREDIT_LATE_CREDITS];
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
/* Node @n's figures into @h, in its netns: the count of what could not be
 * read (a link end without its sch_snic, a device that did not answer). */
static int measure(const struct fabric *f, int n, struct health *h)
{
	const struct fab_node *node = &f->node[n];
	struct tc_snic_xstats x;
	uint32_t nic, sw;
	int p, bad = 0;
	char dev[16];

	if (!node->sw) {
		if (!qdisc_xstats("fab0", &x))
			add_late(h, &x.late);
		else
			bad++;
		nic = fab_ifindex("snic0");
		if (!nic || snic_dev_get(nic, get_pacing, h))
			bad++;
		return bad;
	}
	for (p = 1; p <= node->nports; p++) {
		snprintf(dev, sizeof(dev), "p%d", p);
		if (!qdisc_xstats(dev, &x))
			add_late(h, &x.late);
		else
			bad++;
	}
	sw = fab_ifindex("sw0");
	if (!sw || snic_port_get(sw, get_port_loss, h))
		bad++;
	return bad;
}

/* Each node's figures from a child in its netns, through a pipe. */
static int collect(const struct fabric *f, struct health *sum)
{
	int n, fd[2], st, bad;
	bool got;
	struct health h;
	pid_t pid;

	memset(sum, 0, sizeof(*sum));
	for (n = 0; n < f->nnodes; n++) {
		if (!fab_local(f, n))
			continue;	/* another machine's part */
		if (pipe(fd))
			return -1;
		pid = fab_fork(f, n);
		if (pid < 0) {
			close(fd[0]);
			close(fd[1]);
			return -1;
		}
		if (!pid) {
			close(fd[0]);
			memset(&h, 0, sizeof(h));
			bad = measure(f, n, &h);
			_exit(write(fd[1], &h, sizeof(h)) == sizeof(h) && !bad ? 0 : 1);
		}
		close(fd[1]);
		got = read(fd[0], &h, sizeof(h)) == sizeof(h);
		close(fd[0]);
		/* a node not read whole leaves the verdict unknown: say which */
		if (waitpid(pid, &st, 0) < 0 || !WIFEXITED(st) || WEXITSTATUS(st) || !got) {
			fprintf(stderr, "Error: fabric %s: node %s could not be read whole\n",
				f->name, f->node[n].name);
			return -1;
		}
		snic_hist_merge(&sum->late, &h.late);
		sum->ends += h.ends;
		sum->wakeups += h.wakeups;
		sum->paced += h.paced;
		sum->early += h.early;
		sum->written_off += h.written_off;
		sum->late_frames += h.late_frames;
		sum->late_credits += h.late_credits;
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

/* snicctl fabric health NAME mark: the start of a run's window. */
int fabric_health_mark(const struct fabric *f)
{
	struct health_mark m = {
		.magic = HEALTH_MARK_MAGIC, .size = sizeof(m),
	};
	char path[96], tmp[128];
	bool ok;
	FILE *fp;

	if (collect(f, &m.h))
		return SNIC_HEALTH_UNREAD;
	m.at_ns = boot_ns();
	mark_path(f->name, path, sizeof(path));
	/* written whole, then renamed over the mark: a reader sees one */
	snprintf(tmp, sizeof(tmp), "%s.%d", path, (int)getpid());
	fp = fopen(tmp, "w");
	if (!fp) {
		perror(tmp);
		return SNIC_HEALTH_UNREAD;
	}
	ok = fwrite(&m, sizeof(m), 1, fp) == 1;
	ok = !fclose(fp) && ok;
	if (!ok || rename(tmp, path)) {
		perror(ok ? path : tmp);
		unlink(tmp);
		return SNIC_HEALTH_UNREAD;
	}
	return 0;
}

/* The mark of @f: 0 and @h whole when it has none; 1 when it has one that
 * is an earlier state of @h, @h then covering what happened since (the
 * mark's age in @age_ns); -1 when its mark cannot be used (unreadable, of
 * another snicctl, or no earlier state: the window it starts is unknown).
 */
static int apply_mark(const struct fabric *f, struct health *h,
		      uint64_t *age_ns)
{
	struct health_mark m;
	char path[96];
	FILE *fp;
	bool ok;

	mark_path(f->name, path, sizeof(path));
	fp = fopen(path, "r");
	if (!fp)
		return 0;
	ok = fread(&m, sizeof(m), 1, fp) == 1 && m.magic == HEALTH_MARK_MAGIC &&
	     m.size == sizeof(m);
	fclose(fp);
	if (!ok || !health_since(h, &m.h)) {
		fprintf(stderr, "Error: %s is no earlier state of fabric %s: the window since the mark is unknown\n",
			path, f->name);
		return -1;
	}
	*age_ns = boot_ns() - m.at_ns;
	return 1;
}

int fabric_health(const struct fabric *f, uint32_t threshold)
{
	uint64_t over, measured, over_pm, early_pm, lost, age_ns = 0;
	const char *verdict;
	struct health h;
	int marked, rc;

	if (collect(f, &h))
		return SNIC_HEALTH_UNREAD;
	marked = apply_mark(f, &h, &age_ns);
	/* A frame that came after its write-off was late (by more than a
	 * SYNC period), not lost: the credits of it that were written off
	 * come off the loss (each link end takes back no more than it wrote
	 * off), and it counts among the frames late by more than their time
	 * on the link. Summed over the fabric: a late frame whose write-off
	 * came before the mark offsets as many credits lost in the window
	 * at any link end (marks keep sums, not each end's own).
	 */
	lost = h.written_off > h.late_credits ?
	       h.written_off - h.late_credits : 0;
	over = h.late.over + h.late_frames;
	measured = h.late.n > over ? h.late.n : over;
	over_pm = permille(over, measured);
	early_pm = permille(h.early, h.paced);
	if (threshold == UINT32_MAX)
		threshold = SNIC_FIDELITY_PERMILLE;
	if (marked < 0) {
		verdict = "UNKNOWN";	/* a window of unknown start */
		rc = SNIC_HEALTH_UNKNOWN;
	} else if (over_pm > threshold || early_pm > threshold || lost) {
		verdict = "UNFAITHFUL";
		rc = 1;
	} else if (!measured && !h.paced) {
		verdict = "UNKNOWN";	/* nothing measured: no verdict */
		rc = SNIC_HEALTH_UNKNOWN;
	} else {
		verdict = "FAITHFUL";
		rc = 0;
	}
	out_begin_obj();
	out_str("fabric", "fabric %s:", f->name);
	out_u64("dilation", " dilation %llu", f->dilation);
	out_str("fidelity", " %s", verdict);
	out_u64("threshold_permille", " (threshold %llu per mille late or early)",
		threshold);
	out_str("window", ", window: %s", marked > 0 ? "mark" :
		marked < 0 ? "unknown" : "life");
	if (marked > 0)
		out_u64("window_ms", " (the last %llu ms)", age_ns / 1000000);
	out_nl();
	out_u64("link_ends", "  links: %llu ends,", h.ends);
	out_u64("frames", " %llu frames,", h.late.n);
	out_u64("late_p50_ns", " late p50 %llu", snic_hist_quantile(&h.late, 500));
	out_u64("late_p99_ns", " p99 %llu", snic_hist_quantile(&h.late, 990));
	out_u64("late_max_ns", " max %llu ns (fabric),", h.late.max);
	out_u64("late_over", " %llu", over);
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
	out_u64("lost_credits", "  loss: %llu credits lost on links",
		lost);
	out_u64("written_off_credits", " (%llu written off,", h.written_off);
	out_u64("late_credits", " %llu of them", h.late_credits);
	out_u64("late_frames", " in %llu frames that came after all: late, not lost)",
		h.late_frames);
	fab_span_health(f);
	out_end_obj();
	return rc;
}
