// SPDX-License-Identifier: GPL-2.0
/*
 * Max-min fair shares by progressive filling (maxmin.h).
 *
 * Each round: count the unfrozen flows on every resource; the step is
 * the least of every such resource's remaining capacity over its count
 * and every unfrozen flow's unmet demand; every unfrozen flow grows by
 * the step. A flow that met its demand, or crosses a resource left with
 * (nearly) nothing, is frozen. The flow or resource that set the step is
 * frozen by name as well, so that rounding can never stall a round:
 * at most @nflows rounds.
 */
#include "maxmin.h"

/* what is left of @x, relative to @scale, that counts as nothing */
static int nothing(double x, double scale)
{
	return x <= 1e-12 * scale;
}

int maxmin(int nflows, const double *demand, const int *off, const int *res,
	   int nres, const double *cap, double *share, void *work)
{
	double *rem = work, *cnt = rem + nres;
	char *frozen = (char *)(cnt + nres);
	int i, j, r, active = nflows;

	if (nflows < 0 || nres < 0 || off[0] != 0)
		return -1;
	for (r = 0; r < nres; r++) {
		if (!(cap[r] >= 0))
			return -1;
		rem[r] = cap[r];
	}
	for (i = 0; i < nflows; i++) {
		if (!(demand[i] >= 0) || off[i + 1] < off[i])
			return -1;
		for (j = off[i]; j < off[i + 1]; j++)
			if (res[j] < 0 || res[j] >= nres)
				return -1;
		share[i] = 0;
		frozen[i] = 0;
	}
	while (active > 0) {
		double step = -1;
		int by_flow = -1, by_res = -1, froze = 0;

		for (r = 0; r < nres; r++)
			cnt[r] = 0;
		for (i = 0; i < nflows; i++)
			for (j = off[i]; !frozen[i] && j < off[i + 1]; j++)
				cnt[res[j]]++;
		for (r = 0; r < nres; r++)
			if (cnt[r] > 0 && (step < 0 || rem[r] / cnt[r] < step)) {
				step = rem[r] / cnt[r];
				by_res = r;
			}
		for (i = 0; i < nflows; i++)
			if (!frozen[i] && (step < 0 || demand[i] - share[i] < step)) {
				step = demand[i] - share[i];
				by_flow = i;
				by_res = -1;
			}
		if (step < 0)
			step = 0;
		for (i = 0; i < nflows; i++) {
			if (frozen[i])
				continue;
			share[i] += step;
			for (j = off[i]; j < off[i + 1]; j++)
				rem[res[j]] -= step;
		}
		if (by_res >= 0)
			rem[by_res] = 0;
		for (i = 0; i < nflows; i++) {
			int full = i == by_flow && by_res < 0;

			if (frozen[i])
				continue;
			if (full || nothing(demand[i] - share[i], demand[i])) {
				share[i] = demand[i];
				full = 1;
			}
			for (j = off[i]; !full && j < off[i + 1]; j++)
				full = nothing(rem[res[j]], cap[res[j]]);
			if (full) {
				frozen[i] = 1;
				froze++;
				active--;
			}
		}
		if (!froze)	/* cannot happen: the step's setter froze */
			return -1;
	}
	return 0;
}

/* @a at least @b, but for rounding relative to @scale */
static int at_least(double a, double b, double scale)
{
	return a >= b - 1e-9 * scale;
}

int maxmin_verify(int nflows, const double *demand, const int *off,
		  const int *res, int nres, const double *cap,
		  const double *share, void *work)
{
	double *sum = work, *top = sum + nres;
	int i, j, r;

	for (r = 0; r < nres; r++) {
		sum[r] = 0;
		top[r] = 0;
	}
	for (i = 0; i < nflows; i++) {
		if (share[i] < 0 || !at_least(demand[i], share[i], demand[i]))
			return -1;
		for (j = off[i]; j < off[i + 1]; j++) {
			r = res[j];
			sum[r] += share[i];
			if (share[i] > top[r])
				top[r] = share[i];
		}
	}
	for (r = 0; r < nres; r++)
		if (!at_least(cap[r], sum[r], cap[r] + sum[r]))
			return -1;
	for (i = 0; i < nflows; i++) {
		int ok = at_least(share[i], demand[i], demand[i]);

		for (j = off[i]; !ok && j < off[i + 1]; j++) {
			r = res[j];
			ok = at_least(sum[r], cap[r], cap[r]) &&
			     at_least(share[i], top[r], top[r]);
		}
		if (!ok)
			return -1;
	}
	return 0;
}
