// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer harness for snicctl's max-min fair shares
 * (userspace/snicctl/maxmin.c): the bytes are an instance (byte 0: the
 * flows, byte 1: the resources, then a capacity per resource, then per
 * flow a demand, a path length and the path). The shares must be found
 * and meet the bottleneck condition (maxmin_verify).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "maxmin.h"

#define MAXF 32
#define MAXR 32
#define MAXP 8

static double value(uint8_t b)
{
	/* zero, tiny, ordinary and huge magnitudes */
	return b < 8 ? 0 : b < 16 ? b * 1e-9 : b < 250 ? b / 7.0 : b * 1e12;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static double work[2 * MAXR + MAXF];
	double d[MAXF], c[MAXR], s[MAXF];
	int off[MAXF + 1], res[MAXF * MAXP];
	size_t k = 2;
	int nf, nr, i, j;

	if (size < 2)
		return 0;
	nf = 1 + data[0] % MAXF;
	nr = 1 + data[1] % MAXR;
	for (j = 0; j < nr; j++)
		c[j] = value(k < size ? data[k++] : 100);
	off[0] = 0;
	for (i = 0; i < nf; i++) {
		int len;

		d[i] = value(k < size ? data[k++] : 255);
		len = (k < size ? data[k++] : 1) % (MAXP + 1);
		for (j = 0; j < len; j++)
			res[off[i] + j] = (k < size ? data[k++] : j) % nr;
		off[i + 1] = off[i] + len;
	}
	if (maxmin(nf, d, off, res, nr, c, s, work) ||
	    maxmin_verify(nf, d, off, res, nr, c, s, work))
		abort();
	return 0;
}
