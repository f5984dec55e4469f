// SPDX-License-Identifier: GPL-2.0
/*
 * snic_mpi: an MPI program whose every message is checked, for the
 * fabric's application test (selftests/net/mpi.sh). Built with Debian's
 * mpicc, run by Debian's mpirun; the fabric sees only its TCP.
 *
 *   snic_mpi pingpong SMALL LARGE ITERS
 *	rank 0 and the last rank (across the fabric) bounce SMALL bytes
 *	ITERS times, then LARGE bytes ITERS times; every message carries a
 *	pattern of (sender, iteration, size) that the receiver checks. Rank
 *	0 prints
 *	    pingpong bytes SMALL iters N latency_us L
 *	    pingpong bytes LARGE iters N mbyte_s B
 *	latency: half the mean round trip; bandwidth: the large messages'
 *	bytes both ways over their time (wall time, MB = 10^6 bytes).
 *   snic_mpi alltoall BYTES ITERS
 *	every rank sends BYTES to every rank (MPI_Alltoall), ITERS times,
 *	each block a pattern of (sender, receiver, iteration) the receiver
 *	checks. Rank 0 prints
 *	    alltoall ranks N bytes B iters I seconds S
 *
 * Every rank checks what it received; rank 0 then prints
 *	verified ranks N messages M errors E
 * (M: the messages checked by all ranks) and the program exits 0 only
 * if E is 0. A mismatch is printed by the rank that saw it, with the
 * sender and offset.
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int rank, nranks;
static long long checked, errors;

static unsigned char pat(int from, int to, int iter, size_t i)
{
	return (unsigned char)(from * 131 + to * 29 + iter * 7 + i * 13 +
			       (i >> 8));
}

static void fill(unsigned char *b, size_t n, int from, int to, int iter)
{
	size_t i;

	for (i = 0; i < n; i++)
		b[i] = pat(from, to, iter, i);
}

static void verify(const unsigned char *b, size_t n, int from, int to,
		   int iter)
{
	size_t i;

	checked++;
	for (i = 0; i < n; i++) {
		if (b[i] != pat(from, to, iter, i)) {
			fprintf(stderr,
				"snic_mpi: rank %d: MISMATCH from rank %d iter %d offset %zu: 0x%02x, not 0x%02x\n",
				rank, from, iter, i, b[i],
				pat(from, to, iter, i));
			errors++;
			return;
		}
	}
}

/* ITERS round trips of @n bytes between rank 0 and @peer: seconds. */
static double bounce(size_t n, int iters, int peer, unsigned char *s,
		     unsigned char *r)
{
	double t0;
	int it;

	MPI_Barrier(MPI_COMM_WORLD);
	t0 = MPI_Wtime();
	for (it = 0; it < iters; it++) {
		if (rank == 0) {
			fill(s, n, 0, peer, it);
			MPI_Send(s, (int)n, MPI_BYTE, peer, it, MPI_COMM_WORLD);
			MPI_Recv(r, (int)n, MPI_BYTE, peer, it, MPI_COMM_WORLD,
				 MPI_STATUS_IGNORE);
			verify(r, n, peer, 0, it);
		} else if (rank == peer) {
			MPI_Recv(r, (int)n, MPI_BYTE, 0, it, MPI_COMM_WORLD,
				 MPI_STATUS_IGNORE);
			verify(r, n, 0, peer, it);
			fill(s, n, peer, 0, it);
			MPI_Send(s, (int)n, MPI_BYTE, 0, it, MPI_COMM_WORLD);
		}
	}
	return MPI_Wtime() - t0;
}

static int pingpong(size_t small, size_t large, int iters)
{
	int peer = nranks - 1;
	unsigned char *s = malloc(large), *r = malloc(large);
	double t;

	if (!s || !r || peer < 1 || small > large)
		return -1;
	t = bounce(small, iters, peer, s, r);
	if (!rank)
		printf("pingpong bytes %zu iters %d latency_us %.1f\n", small,
		       iters, t * 1e6 / iters / 2);
	t = bounce(large, iters, peer, s, r);
	if (!rank)
		printf("pingpong bytes %zu iters %d mbyte_s %.3f\n", large,
		       iters, 2.0 * large * iters / t / 1e6);
	free(s);
	free(r);
	return 0;
}

static int alltoall(size_t n, int iters)
{
	unsigned char *s = malloc(n * nranks), *r = malloc(n * nranks);
	double t = 0, t0;
	int it, p;

	if (!s || !r)
		return -1;
	for (it = 0; it < iters; it++) {
		for (p = 0; p < nranks; p++)
			fill(s + p * n, n, rank, p, it);
		memset(r, 0, n * nranks);
		MPI_Barrier(MPI_COMM_WORLD);
		t0 = MPI_Wtime();
		MPI_Alltoall(s, (int)n, MPI_BYTE, r, (int)n, MPI_BYTE,
			     MPI_COMM_WORLD);
		t += MPI_Wtime() - t0;
		for (p = 0; p < nranks; p++)
			verify(r + p * n, n, p, rank, it);
	}
	if (!rank)
		printf("alltoall ranks %d bytes %zu iters %d seconds %.3f\n",
		       nranks, n, iters, t);
	free(s);
	free(r);
	return 0;
}

static long num(const char *s, long max)
{
	char *end;
	long v = strtol(s, &end, 0);

	return *end || v < 1 || v > max ? -1 : v;
}

int main(int argc, char **argv)
{
	long long sum[2], mine[2];
	long a = -1, b = -1, c = -1;
	int err = -1;

	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &nranks);
	if (argc == 5 && !strcmp(argv[1], "pingpong")) {
		a = num(argv[2], 1 << 24);
		b = num(argv[3], 1 << 24);
		c = num(argv[4], 1 << 20);
		if (a > 0 && b > 0 && c > 0)
			err = pingpong(a, b, c);
	} else if (argc == 4 && !strcmp(argv[1], "alltoall")) {
		a = num(argv[2], 1 << 20);
		c = num(argv[3], 1 << 20);
		if (a > 0 && c > 0)
			err = alltoall(a, c);
	}
	if (err) {
		if (!rank)
			fprintf(stderr,
				"usage: snic_mpi pingpong SMALL LARGE ITERS | alltoall BYTES ITERS (2 ranks or more)\n");
		MPI_Finalize();
		return 2;
	}
	mine[0] = checked;
	mine[1] = errors;
	MPI_Reduce(mine, sum, 2, MPI_LONG_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
	if (!rank) {
		printf("verified ranks %d messages %lld errors %lld\n", nranks,
		       sum[0], sum[1]);
		err = sum[1] ? 1 : 0;
	}
	MPI_Bcast(&err, 1, MPI_INT, 0, MPI_COMM_WORLD);
	MPI_Finalize();
	return err;
}
