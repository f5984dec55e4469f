// SPDX-License-Identifier: GPL-2.0
/*
 * Host unit tests of snicctl's max-min fair shares (userspace/snicctl/
 * maxmin.c): textbook cases with known answers, the congestion tree of
 * make bench's CCA runs, and random instances checked against the
 * bottleneck condition.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "unit.h"
#include "maxmin.h"

#define MAXF 12
#define MAXR 10

static double work[2 * 11 + MAXF];	/* doubles, then flags */

static int near(double a, double b)
{
	return fabs(a - b) < 1e-9;
}

static void test_known(void)
{
	/* one link of 1, three greedy flows */
	double d1[] = { 9, 9, 9 }, c1[] = { 1 }, s1[3];
	int o1[] = { 0, 1, 2, 3 }, r1[] = { 0, 0, 0 };
	/* the parking lot: A over links 0 and 1, B over 0, C over 1 */
	double d2[] = { 9, 9, 9 }, c2[] = { 1, 1 }, s2[3];
	int o2[] = { 0, 2, 3, 4 }, r2[] = { 0, 1, 0, 1 };
	/* a small demand leaves the rest to the other */
	double d3[] = { 0.2, 9 }, c3[] = { 1 }, s3[2];
	int o3[] = { 0, 1, 2 }, r3[] = { 0, 0 };
	/* make bench's congestion tree (fattree:2,1,4, CCA_FLOWS): flows
	 * h1-h8, h6-h8, h5-h8 @0.5, h2-h7, h5-h4 @0.5 over h8's link (0),
	 * spine -> leaf2 (1), leaf1 -> spine (2), h5's link (3),
	 * leaf2 -> spine (4), h1's, h6's, h2's links (5..7), h7's (8),
	 * spine -> leaf1 (9), h4's link (10)
	 */
	double d4[] = { 1, 1, 0.5, 1, 0.5 }, c4[11], s4[5];
	int o4[] = { 0, 4, 6, 8, 12, 16 };
	int r4[] = { 5, 2, 1, 0,  6, 0,  3, 0,  7, 2, 1, 8,  3, 4, 9, 10 };
	/* a resource of nothing, a flow of no demand, a flow on no link */
	double d5[] = { 1, 0, 0.3 }, c5[] = { 0, 1 }, s5[3];
	int o5[] = { 0, 1, 2, 2 }, r5[] = { 0, 1 };
	int i;

	for (i = 0; i < 11; i++)
		c4[i] = 1;
	CHECK(!maxmin(3, d1, o1, r1, 1, c1, s1, work) &&
	      near(s1[0], 1.0 / 3) && near(s1[1], 1.0 / 3) && near(s1[2], 1.0 / 3),
	      "max-min: three flows on one link get a third each");
	CHECK(!maxmin(3, d2, o2, r2, 2, c2, s2, work) &&
	      near(s2[0], 0.5) && near(s2[1], 0.5) && near(s2[2], 0.5),
	      "max-min: the parking lot gives every flow a half");
	CHECK(!maxmin(2, d3, o3, r3, 1, c3, s3, work) &&
	      near(s3[0], 0.2) && near(s3[1], 0.8),
	      "max-min: what a flow does not want goes to the other");
	CHECK(!maxmin(5, d4, o4, r4, 11, c4, s4, work) &&
	      near(s4[0], 1.0 / 3) && near(s4[1], 1.0 / 3) &&
	      near(s4[2], 1.0 / 3) && near(s4[3], 2.0 / 3) && near(s4[4], 0.5),
	      "max-min: the CCA tree's victim h2-h7 is owed 2/3, the hot flows 1/3");
	CHECK(!maxmin(3, d5, o5, r5, 2, c5, s5, work) &&
	      s5[0] == 0 && s5[1] == 0 && near(s5[2], 0.3),
	      "max-min: a full resource, no demand, no path");
	d5[0] = -1;
	CHECK(maxmin(3, d5, o5, r5, 2, c5, s5, work) == -1,
	      "max-min: a negative demand is refused");
	d5[0] = 1;
	r5[0] = 2;
	CHECK(maxmin(3, d5, o5, r5, 2, c5, s5, work) == -1,
	      "max-min: a resource out of range is refused");
}

static void test_random(void)
{
	double d[MAXF], c[MAXR], s[MAXF];
	int off[MAXF + 1], res[MAXF * MAXR];
	int t, i, j, nf, nr, bad = 0, perturbed = 0;

	srand(7);
	for (t = 0; t < 20000; t++) {
		nf = 1 + rand() % MAXF;
		nr = 1 + rand() % MAXR;
		for (j = 0; j < nr; j++)
			c[j] = rand() % 4 ? (rand() % 1000) / 100.0 : 1.0;
		off[0] = 0;
		for (i = 0; i < nf; i++) {
			int len = rand() % 4;

			d[i] = rand() % 3 ? (rand() % 1000) / 100.0 : 1e9;
			for (j = 0; j < len; j++)
				res[off[i] + j] = rand() % nr;
			off[i + 1] = off[i] + len;
		}
		if (maxmin(nf, d, off, res, nr, c, s, work) ||
		    maxmin_verify(nf, d, off, res, nr, c, s, work))
			bad++;
		/* the checker must catch a share moved off the optimum */
		i = rand() % nf;
		if (s[i] > 0.01) {
			s[i] *= 0.9;
			perturbed += !maxmin_verify(nf, d, off, res, nr, c, s, work);
		}
	}
	CHECK(!bad, "max-min: 20000 random instances meet the bottleneck condition");
	CHECK(!perturbed, "max-min: a share lowered by 10% fails the check");
}

void test_maxmin(void)
{
	test_known();
	test_random();
}
