/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A lateness histogram (kernel-independent): how late events happened
 * against when the model said they should, in fabric ns. Buckets are
 * powers of two (bucket 0: on time; bucket b: [2^(b-1), 2^b) ns), so p50
 * and p99 are known to within a factor of two; the maximum exactly. The
 * owner serialises updates; readers may copy it without a lock (a torn
 * read is off by one event).
 */
#ifndef _SNIC_CORE_HIST_H
#define _SNIC_CORE_HIST_H

#include "core_types.h"

#define SNIC_HIST_BUCKETS	40	/* up to 2^39 ns: 9 minutes */

struct snic_hist {
	u64 n;				/* events */
	u64 max;			/* ns */
	u64 sum;			/* ns */
	u64 over;			/* events later than the owner's bound */
	u64 bucket[SNIC_HIST_BUCKETS];
};

static inline unsigned int snic_hist_bucket(u64 v)
{
	unsigned int b = 0;

	while (v && b < SNIC_HIST_BUCKETS - 1) {
		v >>= 1;
		b++;
	}
	return b;
}

static inline void snic_hist_add(struct snic_hist *h, u64 v)
{
	h->n++;
	h->sum += v;
	if (v > h->max)
		h->max = v;
	h->bucket[snic_hist_bucket(v)]++;
}

/* Add the events of @o to @h (the sum of several histograms). */
static inline void snic_hist_merge(struct snic_hist *h,
				   const struct snic_hist *o)
{
	unsigned int b;

	h->n += o->n;
	h->sum += o->sum;
	h->over += o->over;
	if (o->max > h->max)
		h->max = o->max;
	for (b = 0; b < SNIC_HIST_BUCKETS; b++)
		h->bucket[b] += o->bucket[b];
}

/* @h less an earlier snapshot @o of the same histogram: the events since
 * @o was taken. The maximum of that window is not kept: it is the upper
 * bound of its highest non-empty bucket, capped by the maximum so far. A
 * snapshot that is not an earlier state of @h (a count went down: the
 * histogram was made anew since) leaves @h whole and returns false.
 */
static inline bool snic_hist_since(struct snic_hist *h,
				   const struct snic_hist *o)
{
	unsigned int b;
	u64 top = 0;

	if (o->n > h->n || o->sum > h->sum || o->over > h->over)
		return false;
	for (b = 0; b < SNIC_HIST_BUCKETS; b++)
		if (o->bucket[b] > h->bucket[b])
			return false;
	h->n -= o->n;
	h->sum -= o->sum;
	h->over -= o->over;
	for (b = 0; b < SNIC_HIST_BUCKETS; b++) {
		h->bucket[b] -= o->bucket[b];
		if (h->bucket[b])
			top = b ? (1ULL << b) - 1 : 0;
	}
	if (h->bucket[SNIC_HIST_BUCKETS - 1])	/* everything above */
		top = h->max;
	if (top < h->max)
		h->max = top;
	return true;
}

/* The upper bound of the bucket holding the @permille-th event, ns; the
 * maximum caps it. 0 with no event.
 */
static inline u64 snic_hist_quantile(const struct snic_hist *h,
				     unsigned int permille)
{
	u64 want, seen = 0;
	unsigned int b;

	if (!h->n)
		return 0;
	want = (h->n * permille + 999) / 1000;
	for (b = 0; b < SNIC_HIST_BUCKETS; b++) {
		seen += h->bucket[b];
		if (seen >= want && seen)
			break;
	}
	if (b >= SNIC_HIST_BUCKETS)
		return h->max;
	if (!b)
		return 0;
	return (1ULL << b) - 1 < h->max ? (1ULL << b) - 1 : h->max;
}

#endif /* _SNIC_CORE_HIST_H */
