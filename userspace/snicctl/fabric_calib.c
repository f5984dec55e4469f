// SPDX-License-Identifier: GPL-2.0
/*
 * snicctl fabric up ... dilation auto: choose the time dilation from what
 * this machine sustains.
 *
 * A short calibration on the real datapath: a scratch host, switch and
 * host (netns snic-cal-a, -s, -b), sch_snic on every link end; the first
 * host sends FAB_CALIB_FRAME-byte 16B frames for the far host as fast as
 * it can for FAB_CALIB_MS, the far host counts what arrived: the frames
 * per second one switch hop (two links) carries here, now. The fabric
 * needs, at full load, every host injecting at its link's rate (in frames
 * of that size) across FAB_CALIB_HOPS switches; the dilation is the
 * smallest that fits that into half of what was measured (the other half
 * is headroom for credit and notification frames, CCA and the host's own
 * noise), at least 1, at most the qdisc's 10000. A researcher who wants a
 * fixed dilation gives one: auto is for "make it faithful here".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <net/if.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <arpa/inet.h>
#include <linux/if_packet.h>

#include "snicctl.h"
#include "fabric.h"
#include "hdr16b.h"
#include "libsnic.h"

#define FAB_CALIB_MS	300
#define FAB_CALIB_HOPS	3
#define FAB_CALIB_A	"snic-cal-a"
#define FAB_CALIB_S	"snic-cal-s"
#define FAB_CALIB_B	"snic-cal-b"

static double mono_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* In netns A: send 16B frames of @len bytes (LID 1 to LID 2) out of
 * fab0 for FAB_CALIB_MS.
 */
static int blast(unsigned int len)
{
	struct sockaddr_ll sll = { .sll_family = AF_PACKET, .sll_halen = 6 };
	struct snic_16b h = { .slid = 1, .dlid = 2, .l2 = SNIC_16B_L2_TYPE,
			      .l4 = SNIC_L4_ETH, .pkey = 0xffff };
	unsigned char frame[9000] = { 0 };
	size_t payload;
	double end;
	int fd;

	if (enter_netns(FAB_CALIB_A))
		return 1;
	sll.sll_ifindex = if_nametoindex("fab0");
	fd = socket(AF_PACKET, SOCK_RAW, 0);
	if (fd < 0 || !sll.sll_ifindex)
		return 1;
	memset(frame, 0xff, 6);
	frame[6] = 0x02;
	frame[12] = ETH_P_SNIC >> 8;
	frame[13] = ETH_P_SNIC & 0xff;
	payload = len - 14 - SNIC_16B_HDR_LEN - SNIC_16B_TRAILER_LEN;
	payload -= snic_16b_pad(payload);
	h.len = snic_16b_pkt_len(payload) / SNIC_16B_FLIT;
	snic_16b_encode(&h, frame + 14);
	snic_16b_put_trailer(frame + 14 + SNIC_16B_HDR_LEN + payload,
			     snic_16b_pad(payload));
	len = 14 + snic_16b_pkt_len(payload);
	end = mono_s() + FAB_CALIB_MS / 1000.0;
	while (mono_s() < end)
		if (sendto(fd, frame, len, 0, (struct sockaddr *)&sll,
			   sizeof(sll)) < 0)
			usleep(100);
	close(fd);
	return 0;
}

/* In netns B: fab0's received packets, from /proc/net/dev (per netns). */
static long received(void)
{
	char line[512];
	long rx = -1;
	FILE *fp;

	if (enter_netns(FAB_CALIB_B))
		return -1;
	fp = fopen("/proc/net/dev", "r");
	if (!fp)
		return -1;
	while (fgets(line, sizeof(line), fp)) {
		char *p = strstr(line, "fab0:");
		long bytes, pkts;

		if (p && sscanf(p + 5, "%ld %ld", &bytes, &pkts) == 2)
			rx = pkts;
	}
	fclose(fp);
	return rx;
}

/*
 * In netns @ns: a sch_snic with its defaults on each of @devs
 * (NULL-ended); on the switch (@sw), the route to the far host, LID 2,
 * out of p2: port 2, p2 being enslaved second (ports are numbered in
 * enslaving order).
 */
static int program(const char *ns, const char *const *devs, bool sw)
{
	static const struct qdisc_cfg defaults;
	uint32_t ifindex;

	if (enter_netns(ns))
		return 1;
	for (; *devs; devs++) {
		ifindex = fab_ifindex(*devs);
		if (!ifindex || qdisc_set(ifindex, &defaults, true))
			return 1;
	}
	if (sw) {
		ifindex = fab_ifindex("sw0");
		if (!ifindex || snic_lft_set(ifindex, 2, 2))
			return 1;
	}
	return 0;
}

static const char *const calib_s[] = { "p1", "p2", NULL };
static const char *const calib_h[] = { "fab0", NULL };

static long in_child(int what, unsigned int len)
{
	int fd[2], st;
	long v = -1;
	pid_t pid;

	if (pipe(fd))
		return -1;
	fflush(NULL);
	pid = fork();
	if (pid < 0)
		return -1;
	if (!pid) {
		close(fd[0]);
		switch (what) {
		case 0: v = blast(len); break;
		case 1: v = received(); break;
		case 2: v = program(FAB_CALIB_S, calib_s, true); break;
		case 3: v = program(FAB_CALIB_A, calib_h, false); break;
		default: v = program(FAB_CALIB_B, calib_h, false); break;
		}
		_exit(write(fd[1], &v, sizeof(v)) == sizeof(v) ? 0 : 1);
	}
	close(fd[1]);
	if (read(fd[0], &v, sizeof(v)) != sizeof(v))
		v = -1;
	close(fd[0]);
	waitpid(pid, &st, 0);
	return v;
}

static void calib_down(void)
{
	static const char *const ns[] = { FAB_CALIB_A, FAB_CALIB_S, FAB_CALIB_B };
	char cmd[64];
	size_t i;

	for (i = 0; i < sizeof(ns) / sizeof(ns[0]); i++) {
		snprintf(cmd, sizeof(cmd), "/run/netns/%s", ns[i]);
		if (access(cmd, F_OK))
			continue;
		snprintf(cmd, sizeof(cmd), "netns del %s\n", ns[i]);
		fab_ip_batch(NULL, cmd);
	}
}

/* Frames per second one switch hop carries here; -1 on error. */
static double calibrate(unsigned int len)
{
	static const char up[] =
		"netns add " FAB_CALIB_A "\n"
		"netns add " FAB_CALIB_S "\n"
		"netns add " FAB_CALIB_B "\n"
		"link add fab0 netns " FAB_CALIB_A " type veth peer name p1 netns "
		FAB_CALIB_S "\n"
		"link add fab0 netns " FAB_CALIB_B " type veth peer name p2 netns "
		FAB_CALIB_S "\n";
	static const char sw[] =
		"link add sw0 type snicsw\n"
		"link set p1 master sw0\nlink set p2 master sw0\n"
		"link set p1 up\nlink set p2 up\nlink set sw0 up\n";
	/* A snic on each host: its lower device takes the LIMITs in. */
	static const char host[] =
		"link set fab0 up\nlink add snic0 link fab0 type snic\n"
		"link set snic0 up\n";
	long rx;

	calib_down();	/* what a calibration cut short left */
	/* Devices up first, then the qdiscs: each one's first probe finds
	 * its link up and its far end listening.
	 */
	if (fab_ip_batch(NULL, up) || fab_ip_batch(FAB_CALIB_S, sw) ||
	    fab_ip_batch(FAB_CALIB_A, host) || fab_ip_batch(FAB_CALIB_B, host) ||
	    in_child(2, 0) || in_child(3, 0) || in_child(4, 0)) {
		calib_down();
		return -1;
	}
	usleep(200000);	/* the qdiscs' probes answered */
	if (in_child(0, len)) {
		calib_down();
		return -1;
	}
	rx = in_child(1, len);
	calib_down();
	return rx < 0 ? -1 : rx * 1000.0 / FAB_CALIB_MS;
}

int fab_auto_dilation(struct fabric *f)
{
	double need = 0, pps;
	unsigned int frame;
	uint64_t d;
	int i;

	frame = FAB_CALIB_FRAME;
	pps = calibrate(frame);
	if (pps <= 0) {
		fprintf(stderr, "Error: dilation auto: the calibration failed\n");
		return -1;
	}
	for (i = 0; i < f->nnodes; i++) {
		const struct fab_link *l;

		if (f->node[i].sw)
			continue;
		l = fab_host_link(f, i);
		if (l)
			need += (double)l->rate / frame;
	}
	need *= FAB_CALIB_HOPS;
	d = (uint64_t)(need / (pps / 2)) + 1;
	if (d >= 10000)
		d = 10000;
	f->dilation = d;
	printf("dilation auto: a switch hop carries %.0f frames/s of %u bytes here; "
	       "the hosts at line rate across %d switches need %.0f/s of fabric "
	       "time: dilation %u (half the capacity to spare%s)\n",
	       pps, frame, FAB_CALIB_HOPS, need, f->dilation,
	       d == 10000 ? "; 10000 is the most, not enough" : "");
	return 0;
}
