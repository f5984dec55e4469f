// SPDX-License-Identifier: GPL-2.0
/*
 * snic_pace: drive many paced flows and measure the gaps they leave with.
 *
 *   snic_pace send ADDR N PORT SIZE SECONDS ROUND_NS [RATE]
 *	N connected UDP sockets, to ADDR, ADDR+1, .. ADDR+N-1 on PORT.
 *	Every ROUND_NS each socket whose send buffer has room sends one
 *	SIZE-byte datagram, so that every flow stays backlogged when
 *	ROUND_NS is shorter than its paced gap, without the queue overflow
 *	that would make a flow skip a turn. With RATE (bytes/s) each socket
 *	sets SO_MAX_PACING_RATE (sch_fq's per-flow pacing). Prints
 *	"sent S full F", also when stopped early by SIGTERM or SIGINT.
 *   snic_pace gaps IFACE OFFSET PORT GAP_NS SECONDS
 *	For SECONDS, the frames leaving IFACE (a packet socket's outgoing
 *	copies, stamped as the device takes them) whose IPv4 destination
 *	is the 4 bytes at OFFSET and whose UDP destination port, 6 bytes
 *	further, is PORT. Per destination, the gap between successive
 *	departures against the intended one, GAP_NS: the error is
 *	|gap - GAP_NS| / GAP_NS. The first two gaps of each destination
 *	(its queue filling) are left out. Prints "keys K gaps G
 *	gap_mean_ns M err_mean E err_p99 P", or with no gap measured
 *	"keys K gaps 0: nothing measured" and exits 1, as it does when the
 *	capture lost frames (its reader fell behind: "the capture lost N
 *	frames").
 *   snic_pace series IFACE OFFSET PORT SECONDS
 *	The same frames, one line each: "T_NS ADDR", its departure
 *	(CLOCK_REALTIME) and destination, for a recovery to be read off the
 *	gaps.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <linux/if_packet.h>
#include <net/ethernet.h>
#include <net/if.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#ifndef SO_MAX_PACING_RATE
#define SO_MAX_PACING_RATE 47
#endif

#define NS_PER_S 1000000000ull
#define KEYS_MAX 4096

static uint64_t now_ns(clockid_t clk)
{
	struct timespec ts;

	clock_gettime(clk, &ts);
	return (uint64_t)ts.tv_sec * NS_PER_S + ts.tv_nsec;
}

static volatile sig_atomic_t stop;

static void on_stop(int sig)
{
	(void)sig;
	stop = 1;
}

static int do_send(char **argv)
{
	struct sigaction sa = { .sa_handler = on_stop };
	unsigned long n = strtoul(argv[1], NULL, 0), i;
	int port = atoi(argv[2]), size = atoi(argv[3]);
	uint64_t end, round = strtoull(argv[5], NULL, 0), next;
	unsigned long long sent = 0, full = 0;
	unsigned int rate = argv[6] ? strtoul(argv[6], NULL, 0) : 0;
	struct sockaddr_in sin = { .sin_family = AF_INET };
	int sndbuf = 4096, *fd;
	char buf[65536];

	if (!n || n > 65536 || size <= 0 || size > (int)sizeof(buf) || !round ||
	    inet_pton(AF_INET, argv[0], &sin.sin_addr) != 1) {
		fprintf(stderr, "snic_pace send: bad arguments\n");
		return 2;
	}
	fd = calloc(n, sizeof(*fd));
	if (!fd)
		return 1;
	memset(buf, 0x5a, sizeof(buf));
	sin.sin_port = htons(port);
	for (i = 0; i < n; i++) {
		fd[i] = socket(AF_INET, SOCK_DGRAM | SOCK_NONBLOCK, 0);
		if (fd[i] < 0) {
			perror("socket");
			return 1;
		}
		/* A few datagrams in flight per flow: it stays backlogged,
		 * and the queue below never drops one (a skipped turn would
		 * read as a gap twice too long).
		 */
		setsockopt(fd[i], SOL_SOCKET, SO_SNDBUF, &sndbuf, sizeof(sndbuf));
		if (rate && setsockopt(fd[i], SOL_SOCKET, SO_MAX_PACING_RATE,
				       &rate, sizeof(rate))) {
			perror("SO_MAX_PACING_RATE");
			return 1;
		}
		if (connect(fd[i], (struct sockaddr *)&sin, sizeof(sin))) {
			perror("connect");
			return 1;
		}
		sin.sin_addr.s_addr = htonl(ntohl(sin.sin_addr.s_addr) + 1);
	}
	/* Stopped early, it still says what it sent (no SA_RESTART: the
	 * sleep ends at once).
	 */
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	next = now_ns(CLOCK_MONOTONIC);
	end = next + strtoull(argv[4], NULL, 0) * NS_PER_S;
	while (next < end && !stop) {
		struct timespec ts;

		for (i = 0; i < n; i++) {
			if (send(fd[i], buf, size, 0) == size)
				sent++;
			else if (errno == EAGAIN || errno == ENOBUFS)
				full++;
			else {
				perror("send");
				return 1;
			}
		}
		next += round;
		ts.tv_sec = next / NS_PER_S;
		ts.tv_nsec = next % NS_PER_S;
		clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL);
	}
	printf("sent %llu full %llu\n", sent, full);
	return 0;
}

struct key {
	uint32_t addr;
	unsigned int seen;
	uint64_t last;
};

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* Packet socket for the frames leaving @ifname, with kernel timestamps. */
static int capture_open(const char *ifname)
{
	struct sockaddr_ll sll = { .sll_family = AF_PACKET,
				   .sll_protocol = htons(ETH_P_ALL) };
	int fd, on = 1, buf = 16 << 20;

	sll.sll_ifindex = if_nametoindex(ifname);
	if (!sll.sll_ifindex) {
		perror(ifname);
		return -1;
	}
	fd = socket(AF_PACKET, SOCK_RAW, htons(ETH_P_ALL));
	if (fd < 0 || bind(fd, (struct sockaddr *)&sll, sizeof(sll)) ||
	    setsockopt(fd, SOL_SOCKET, SO_TIMESTAMPNS, &on, sizeof(on))) {
		perror("packet socket");
		return -1;
	}
	/* Room for seconds of frames: a reader that falls behind loses
	 * none (and a loss is counted: capture_lost()).
	 */
	if (setsockopt(fd, SOL_SOCKET, SO_RCVBUFFORCE, &buf, sizeof(buf)))
		setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &buf, sizeof(buf));
	return fd;
}

/* Frames the kernel could not queue to @fd's reader (it fell behind). */
static unsigned int capture_lost(int fd)
{
	struct tpacket_stats st = { 0 };
	socklen_t len = sizeof(st);

	if (getsockopt(fd, SOL_PACKET, PACKET_STATISTICS, &st, &len))
		return ~0u;
	return st.tp_drops;
}

/*
 * Next outgoing frame on @fd whose destination (at @off) is on @port,
 * before @end (CLOCK_MONOTONIC): its destination in @addr, its departure
 * (CLOCK_REALTIME ns) in @t. 0 at the end, 1 for a frame.
 */
static int capture_next(int fd, unsigned int off, unsigned int port,
			uint64_t end, uint32_t *addr, uint64_t *t)
{
	unsigned char frame[2048];
	char cbuf[256];

	for (;;) {
		struct sockaddr_ll from;
		struct iovec iov = { frame, sizeof(frame) };
		struct msghdr msg = {
			.msg_name = &from, .msg_namelen = sizeof(from),
			.msg_iov = &iov, .msg_iovlen = 1,
			.msg_control = cbuf, .msg_controllen = sizeof(cbuf),
		};
		struct pollfd pfd = { fd, POLLIN, 0 };
		uint64_t now = now_ns(CLOCK_MONOTONIC);
		struct cmsghdr *c;
		ssize_t len;

		if (now >= end)
			return 0;
		if (poll(&pfd, 1, (end - now) / 1000000 + 1) <= 0)
			continue;
		len = recvmsg(fd, &msg, MSG_DONTWAIT);
		if (len < (ssize_t)off + 8 || from.sll_pkttype != PACKET_OUTGOING ||
		    (unsigned int)(frame[off + 6] << 8 | frame[off + 7]) != port)
			continue;
		*t = 0;
		for (c = CMSG_FIRSTHDR(&msg); c; c = CMSG_NXTHDR(&msg, c))
			if (c->cmsg_level == SOL_SOCKET &&
			    c->cmsg_type == SO_TIMESTAMPNS) {
				struct timespec ts;

				memcpy(&ts, CMSG_DATA(c), sizeof(ts));
				*t = (uint64_t)ts.tv_sec * NS_PER_S + ts.tv_nsec;
			}
		if (!*t)
			continue;
		memcpy(addr, frame + off, 4);
		return 1;
	}
}

static int do_capture(char **argv, int series)
{
	unsigned int off = strtoul(argv[1], NULL, 0);
	unsigned int port = strtoul(argv[2], NULL, 0);
	uint64_t want = series ? 0 : strtoull(argv[3], NULL, 0), end, t;
	size_t ngaps = 0, cap = 1 << 16, nkeys = 0, i;
	double *err = malloc(cap * sizeof(*err)), sum = 0, gsum = 0;
	static struct key keys[KEYS_MAX];
	unsigned int lost;
	uint32_t addr;
	int fd;

	if (!err || (!series && !want) || off > 1024)
		return 2;
	fd = capture_open(argv[0]);
	if (fd < 0)
		return 1;
	end = now_ns(CLOCK_MONOTONIC) +
	      strtoull(argv[series ? 3 : 4], NULL, 0) * NS_PER_S;
	while (capture_next(fd, off, port, end, &addr, &t)) {
		struct key *k = NULL;
		double gap;

		if (series) {
			const unsigned char *a = (const unsigned char *)&addr;

			printf("%llu %u.%u.%u.%u\n", (unsigned long long)t,
			       a[0], a[1], a[2], a[3]);
			continue;
		}
		/* Open addressing on the address: consecutive ones hash apart. */
		for (i = ntohl(addr) % KEYS_MAX; keys[i].seen; i = (i + 1) % KEYS_MAX)
			if (keys[i].addr == addr) {
				k = &keys[i];
				break;
			}
		if (!k) {
			if (nkeys == KEYS_MAX - 1)
				continue;
			nkeys++;
			k = &keys[i];
			k->addr = addr;
		}
		if (k->seen++ >= 3 && t > k->last) {
			gap = t - k->last;
			if (ngaps == cap) {
				cap *= 2;
				err = realloc(err, cap * sizeof(*err));
				if (!err)
					return 1;
			}
			err[ngaps] = (gap > want ? gap - want : want - gap) / want;
			sum += err[ngaps++];
			gsum += gap;
		}
		k->last = t;
	}
	/* A frame the capture lost makes a gap twice as long as the one
	 * that was: the gaps then are not the ones the frames left with.
	 */
	lost = capture_lost(fd);
	if (lost) {
		if (series)
			fprintf(stderr, "snic_pace series: the capture lost %u frames\n",
				lost);
		else
			printf("keys %zu gaps %zu: the capture lost %u frames\n",
			       nkeys, ngaps, lost);
		return 1;
	}
	if (series)
		return 0;
	/* No gap, no figure: a number here would be a measurement's. */
	if (!ngaps) {
		printf("keys %zu gaps 0: nothing measured\n", nkeys);
		return 1;
	}
	qsort(err, ngaps, sizeof(*err), cmp_double);
	printf("keys %zu gaps %zu gap_mean_ns %.0f err_mean %.4f err_p99 %.4f\n",
	       nkeys, ngaps, gsum / ngaps, sum / ngaps, err[(ngaps * 99) / 100]);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc >= 8 && !strcmp(argv[1], "send"))
		return do_send(argv + 2);
	if (argc == 7 && !strcmp(argv[1], "gaps"))
		return do_capture(argv + 2, 0);
	if (argc == 6 && !strcmp(argv[1], "series"))
		return do_capture(argv + 2, 1);
	fprintf(stderr,
		"usage: snic_pace send ADDR N PORT SIZE SECONDS ROUND_NS [RATE]\n"
		"       snic_pace gaps IFACE OFFSET PORT GAP_NS SECONDS\n"
		"       snic_pace series IFACE OFFSET PORT SECONDS\n");
	return 2;
}
