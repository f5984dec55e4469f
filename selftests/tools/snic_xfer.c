// SPDX-License-Identifier: GPL-2.0
/*
 * snic_xfer: a TCP transfer whose bytes can be checked end to end.
 *   snic_xfer -l PORT                    receive one connection; print
 *                                        "received BYTES sum HEX"
 *   snic_xfer -c ADDR PORT BYTES [PRIO]  send BYTES of a fixed pattern
 *                                        (SO_PRIORITY PRIO); print
 *                                        "sent BYTES sum HEX"
 *   snic_xfer -U PORT SECONDS            count UDP datagrams for SECONDS,
 *                                        or until none came for 2 s after
 *                                        the first; print "received N
 *                                        bytes B", then a line per
 *                                        sender: "from ADDR received N
 *                                        dup D" (D: sequence numbers
 *                                        seen before)
 *   snic_xfer -u ADDR PORT SECONDS SIZE [PRIO]
 *                                        send SIZE-byte UDP datagrams as
 *                                        fast as possible for SECONDS,
 *                                        each numbered (a 64-bit
 *                                        sequence number first);
 *                                        print "sent N". A datagram the
 *                                        local queue refuses (ENOBUFS:
 *                                        the NIC is paced or its link
 *                                        busy) is sent again: the
 *                                        sender feels backpressure, as
 *                                        an HPC application does;
 *                                        from IPv4 source port
 *                                        $SNIC_XFER_SPORT if set;
 *                                        $SNIC_XFER_COUNT datagrams
 *                                        exactly (however long it
 *                                        takes) if set
 *   snic_xfer -s ADDR COUNT PORT SECONDS SIZE
 *                                        the same, to COUNT IPv4
 *                                        addresses from ADDR on, one
 *                                        datagram to each in turn; print
 *                                        "sent N"
 *   snic_xfer -T                         hold a socket with receive
 *                                        timestamps on, for ever: the
 *                                        kernel's netstamp static key
 *                                        is switched on once, when the
 *                                        guest boots, never while
 *                                        traffic flows (see init.sh)
 * The sum is FNV-1a over the stream, so equal lines mean equal bytes.
 */
#include <arpa/inet.h>
#include <endian.h>
#include <errno.h>
#include <netinet/in.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static uint64_t fnv(uint64_t h, const uint8_t *p, size_t n)
{
	while (n--) {
		h ^= *p++;
		h *= 0x100000001b3ULL;
	}
	return h;
}

static int sockaddr_of(const char *addr, int port, struct sockaddr_storage *ss,
		       socklen_t *len)
{
	struct sockaddr_in6 *s6 = (struct sockaddr_in6 *)ss;
	struct sockaddr_in *s4 = (struct sockaddr_in *)ss;

	memset(ss, 0, sizeof(*ss));
	if (inet_pton(AF_INET, addr, &s4->sin_addr) == 1) {
		s4->sin_family = AF_INET;
		s4->sin_port = htons(port);
		*len = sizeof(*s4);
		return AF_INET;
	}
	if (inet_pton(AF_INET6, addr, &s6->sin6_addr) == 1) {
		s6->sin6_family = AF_INET6;
		s6->sin6_port = htons(port);
		*len = sizeof(*s6);
		return AF_INET6;
	}
	return -1;
}

/* A sender seen by -U: which sequence numbers came, and how often. */
struct peer {
	struct in6_addr addr;
	unsigned long long got, dup;
	uint8_t *seen;		/* a bit per sequence number */
	size_t bits;
};

#define MAX_PEERS 64

static int peer_count(struct peer *p, uint64_t seq)
{
	if (seq >= 1ULL << 32)	/* not one of ours: no bit for it */
		return 1;
	if (seq >= p->bits) {
		size_t bits = p->bits ? p->bits : 1 << 16;
		uint8_t *seen;

		while (bits <= seq)
			bits *= 2;
		seen = realloc(p->seen, bits / 8);
		if (!seen)
			return -1;
		memset(seen + p->bits / 8, 0, (bits - p->bits) / 8);
		p->seen = seen;
		p->bits = bits;
	}
	if (p->seen[seq / 8] & (1 << (seq % 8)))
		p->dup++;
	p->seen[seq / 8] |= 1 << (seq % 8);
	p->got++;
	return 0;
}

int main(int argc, char **argv)
{
	uint64_t sum = 0xcbf29ce484222325ULL, total = 0;
	struct sockaddr_storage ss;
	uint8_t buf[16384];
	socklen_t len;
	int fd, c, one = 1;
	ssize_t n;

	if (argc == 2 && !strcmp(argv[1], "-T")) {
		/* Hold receive timestamps on for good (see the top). */
		fd = socket(AF_INET, SOCK_DGRAM, 0);
		if (fd < 0 || setsockopt(fd, SOL_SOCKET, SO_TIMESTAMPNS, &one,
					 sizeof(one))) {
			perror("SO_TIMESTAMPNS");
			return 1;
		}
		for (;;)
			pause();
	}
	if (argc == 3 && !strcmp(argv[1], "-l")) {
		struct sockaddr_in6 a = { .sin6_family = AF_INET6,
					  .sin6_port = htons(atoi(argv[2])) };

		fd = socket(AF_INET6, SOCK_STREAM, 0);
		setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
		if (fd < 0 || bind(fd, (struct sockaddr *)&a, sizeof(a)) ||
		    listen(fd, 1)) {
			perror("listen");
			return 1;
		}
		printf("listening\n");
		fflush(stdout);
		c = accept(fd, NULL, NULL);
		if (c < 0) {
			perror("accept");
			return 1;
		}
		while ((n = read(c, buf, sizeof(buf))) > 0) {
			sum = fnv(sum, buf, n);
			total += n;
		}
		printf("received %llu sum %016llx\n", (unsigned long long)total,
		       (unsigned long long)sum);
		return n < 0;
	}
	if ((argc == 5 || argc == 6) && !strcmp(argv[1], "-c")) {
		uint64_t want = strtoull(argv[4], NULL, 0), i;
		int af = sockaddr_of(argv[2], atoi(argv[3]), &ss, &len);

		if (af < 0)
			return 2;
		fd = socket(af, SOCK_STREAM, 0);
		if (argc == 6) {
			int prio = atoi(argv[5]);

			setsockopt(fd, SOL_SOCKET, SO_PRIORITY, &prio,
				   sizeof(prio));
		}
		if (fd < 0 || connect(fd, (struct sockaddr *)&ss, len)) {
			perror("connect");
			return 1;
		}
		while (total < want) {
			size_t chunk = want - total < sizeof(buf) ?
				       want - total : sizeof(buf);

			for (i = 0; i < chunk; i++)
				buf[i] = (uint8_t)((total + i) * 7 + 3);
			n = write(fd, buf, chunk);
			if (n <= 0) {
				perror("write");
				return 1;
			}
			sum = fnv(sum, buf, n);
			total += n;
		}
		close(fd);
		printf("sent %llu sum %016llx\n", (unsigned long long)total,
		       (unsigned long long)sum);
		return 0;
	}
	if (argc == 4 && !strcmp(argv[1], "-U")) {
		struct sockaddr_in6 a = { .sin6_family = AF_INET6,
					  .sin6_port = htons(atoi(argv[2])) };
		struct timeval tv = { .tv_usec = 100000 };
		static struct peer peers[MAX_PEERS];
		unsigned long long got = 0;
		int npeers = 0, i, rcvbuf = 16 << 20;
		char name[INET6_ADDRSTRLEN];
		struct sockaddr_in6 from;
		socklen_t flen;
		double end, last;
		uint64_t seq;

		fd = socket(AF_INET6, SOCK_DGRAM, 0);
		if (fd < 0 || bind(fd, (struct sockaddr *)&a, sizeof(a))) {
			perror("bind");
			return 1;
		}
		setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
		/* Room for bursts: a drop here is no fabric loss. */
		setsockopt(fd, SOL_SOCKET, SO_RCVBUFFORCE, &rcvbuf,
			   sizeof(rcvbuf));
		printf("listening\n");
		fflush(stdout);
		end = now_s() + atof(argv[3]);
		last = 0;
		while (now_s() < end && (!last || now_s() - last < 2)) {
			flen = sizeof(from);
			n = recvfrom(fd, buf, sizeof(buf), 0,
				     (struct sockaddr *)&from, &flen);
			if (n <= 0)
				continue;
			got++;
			total += n;
			last = now_s();
			for (i = 0; i < npeers; i++)
				if (!memcmp(&peers[i].addr, &from.sin6_addr,
					    sizeof(from.sin6_addr)))
					break;
			if (i == MAX_PEERS)
				continue;	/* counted in the total only */
			if (i == npeers)
				peers[npeers++].addr = from.sin6_addr;
			seq = ~0ULL;
			if (n >= (ssize_t)sizeof(seq)) {
				memcpy(&seq, buf, sizeof(seq));
				seq = be64toh(seq);
			}
			if (peer_count(&peers[i], seq))
				return 1;
		}
		printf("received %llu bytes %llu\n", got,
		       (unsigned long long)total);
		for (i = 0; i < npeers; i++) {
			struct in6_addr *ad = &peers[i].addr;

			if (IN6_IS_ADDR_V4MAPPED(ad))
				inet_ntop(AF_INET, &ad->s6_addr[12], name,
					  sizeof(name));
			else
				inet_ntop(AF_INET6, ad, name, sizeof(name));
			printf("from %s received %llu dup %llu\n", name,
			       peers[i].got, peers[i].dup);
		}
		return 0;
	}
	if ((argc == 6 || argc == 7) && !strcmp(argv[1], "-u")) {
		int af = sockaddr_of(argv[2], atoi(argv[3]), &ss, &len);
		const char *sport = getenv("SNIC_XFER_SPORT");
		const char *n = getenv("SNIC_XFER_COUNT");
		unsigned long long count = n ? strtoull(n, NULL, 0) : 0;
		size_t size = atoi(argv[5]);
		unsigned long long sent = 0;
		int one = 1;
		double end;

		if (af < 0 || size > sizeof(buf) || size < sizeof(uint64_t))
			return 2;
		fd = socket(af, SOCK_DGRAM, 0);
		if (fd >= 0 && sport && af == AF_INET) {
			struct sockaddr_in me = {
				.sin_family = AF_INET,
				.sin_port = htons(atoi(sport)),
			};

			if (bind(fd, (struct sockaddr *)&me, sizeof(me))) {
				perror("bind");
				return 1;
			}
		}
		if (fd < 0 || connect(fd, (struct sockaddr *)&ss, len)) {
			perror("connect");
			return 1;
		}
		if (argc == 7) {
			int prio = atoi(argv[6]);

			setsockopt(fd, SOL_SOCKET, SO_PRIORITY, &prio,
				   sizeof(prio));
		}
		/* Local drops are reported (ENOBUFS) only with RECVERR. */
		setsockopt(fd, af == AF_INET ? IPPROTO_IP : IPPROTO_IPV6,
			   af == AF_INET ? IP_RECVERR : IPV6_RECVERR, &one,
			   sizeof(one));
		memset(buf, 0x5a, size);
		end = now_s() + atof(argv[4]);
		while (count ? sent < count : now_s() < end) {
			uint64_t seq = htobe64(sent);

			memcpy(buf, &seq, sizeof(seq));
			if (send(fd, buf, size, 0) == (ssize_t)size)
				sent++;
			else if (errno == ENOBUFS)
				usleep(200);
		}
		printf("sent %llu\n", sent);
		return 0;
	}
	if (argc == 7 && !strcmp(argv[1], "-s")) {
		struct sockaddr_in to = { .sin_family = AF_INET,
					  .sin_port = htons(atoi(argv[4])) };
		unsigned long count = strtoul(argv[3], NULL, 0), k = 0;
		size_t size = atoi(argv[6]);
		unsigned long long sent = 0;
		uint32_t first;
		int one = 1;
		double end;

		if (inet_pton(AF_INET, argv[2], &to.sin_addr) != 1 || !count ||
		    size > sizeof(buf) || size < sizeof(uint64_t))
			return 2;
		first = ntohl(to.sin_addr.s_addr);
		fd = socket(AF_INET, SOCK_DGRAM, 0);
		if (fd < 0) {
			perror("socket");
			return 1;
		}
		setsockopt(fd, IPPROTO_IP, IP_RECVERR, &one, sizeof(one));
		memset(buf, 0x5a, size);
		end = now_s() + atof(argv[5]);
		while (now_s() < end) {
			uint64_t seq = htobe64(sent);

			memcpy(buf, &seq, sizeof(seq));
			to.sin_addr.s_addr = htonl(first + k);
			if (sendto(fd, buf, size, 0, (struct sockaddr *)&to,
				   sizeof(to)) == (ssize_t)size) {
				sent++;
				k = (k + 1) % count;
			} else if (errno == ENOBUFS) {
				usleep(200);
			}
		}
		printf("sent %llu\n", sent);
		return 0;
	}
	fprintf(stderr, "usage: snic_xfer -l PORT | -c ADDR PORT BYTES [PRIO] |\n"
		"       -U PORT SECONDS | -u ADDR PORT SECONDS SIZE |\n"
		"       -s ADDR COUNT PORT SECONDS SIZE\n");
	return 2;
}
