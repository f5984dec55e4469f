/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Max-min fair shares of flows with demands over shared resources (the
 * directed links of a fabric), by progressive filling (Bertsekas and
 * Gallager, Data Networks, 6.5.2): every unfrozen flow's share grows at
 * the same pace until a resource it crosses is full or it has its
 * demand; then it is frozen. No kernel and no libc beyond the basics:
 * host unit tests and a fuzzer drive it (selftests/unit, selftests/fuzz).
 */
#ifndef _SNICCTL_MAXMIN_H
#define _SNICCTL_MAXMIN_H

/*
 * @nflows flows; flow i wants demand[i] (>= 0) and crosses the
 * resources res[off[i]] .. res[off[i + 1] - 1] (indices below @nres;
 * none: it is bounded by its demand alone); resource r carries cap[r]
 * (>= 0). Writes each flow's fair share to share[i] (0 <= share[i] <=
 * demand[i]; the shares on a resource sum to at most its cap).
 * @work: 2 * @nres doubles and @nflows chars of scratch, from
 * maxmin_work_size(). Returns 0, or -1 for a bad argument (a negative
 * demand or capacity, a resource index out of range).
 */
int maxmin(int nflows, const double *demand, const int *off, const int *res,
	   int nres, const double *cap, double *share, void *work);

/*
 * Are @share max-min fair? Feasible (0 <= share <= demand, every
 * resource within its cap) and every flow either has its demand or
 * crosses a full resource on which no flow has more (the bottleneck
 * condition, which only the max-min allocation meets). @work as above.
 * 0: yes, -1: no. For the tests and the fuzzer.
 */
int maxmin_verify(int nflows, const double *demand, const int *off,
		  const int *res, int nres, const double *cap,
		  const double *share, void *work);

static inline unsigned long maxmin_work_size(int nflows, int nres)
{
	return 2ul * (unsigned long)nres * sizeof(double) + (unsigned long)nflows;
}

#endif
