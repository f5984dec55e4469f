// SPDX-License-Identifier: GPL-2.0
/*
 * snic_inject IFACE CLASS COUNT DLID SLID
 *
 * Send COUNT hand-made fabric frames of one class out of IFACE through a
 * raw packet socket, bypassing any snic device. Classes:
 *   good         valid 16B packet carrying an Ethernet frame
 *   mgmt         valid 16B management packet (L4 0x08)
 *   truncated    10 bytes: shorter than the 16B header
 *   bad_l2       L2 type 1 instead of 2 (16B)
 *   bad_len      LEN one flit longer than the bytes sent
 *   bad_pad      pad count larger than the packet can hold
 *   unknown_l4   L4 type 0x55
 *   short_inner  L4 Ethernet with a 6-byte payload (no room for a header)
 */
#include <arpa/inet.h>
#include <linux/if_packet.h>
#include <net/ethernet.h>
#include <net/if.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "hdr16b.h"
#include "addr.h"

#define ETH_P_SNIC 0x88B5

static size_t build(const char *cls, uint32_t dlid, uint32_t slid, uint8_t *f)
{
	struct snic_16b h = { .dlid = dlid, .slid = slid, .l2 = SNIC_16B_L2_TYPE,
			      .l4 = 0x78, .pkey = 0xffff };
	uint8_t *p = f + 14, *pl = p + SNIC_16B_HDR_LEN;
	size_t payload = 64;
	unsigned int pad;

	memset(f, 0xff, 6);
	memcpy(f + 6, "\x02\x00\x00\x00\x00\x99", 6);
	f[12] = ETH_P_SNIC >> 8;
	f[13] = ETH_P_SNIC & 0xff;

	if (!strcmp(cls, "truncated")) {
		snic_16b_encode(&h, p);
		return 14 + 10;
	}
	if (!strcmp(cls, "short_inner"))
		payload = 6;
	/* Inner Ethernet frame: to the DLID's MAC, from the SLID's. */
	memset(pl, 0, payload);
	if (payload >= 14) {
		snic_lid_to_mac(dlid, pl);
		snic_lid_to_mac(slid, pl + 6);
		pl[12] = 0x88;
		pl[13] = 0xb7;
	}
	if (!strcmp(cls, "mgmt"))
		h.l4 = 0x08;
	else if (!strcmp(cls, "unknown_l4"))
		h.l4 = 0x55;
	else if (!strcmp(cls, "bad_l2"))
		h.l2 = 1;
	pad = snic_16b_pad(payload);
	snic_16b_put_trailer(pl + payload, pad);
	h.len = snic_16b_pkt_len(payload) / SNIC_16B_FLIT;
	if (!strcmp(cls, "bad_len"))
		h.len += 1;
	if (!strcmp(cls, "bad_pad")) {
		/* 3 flits in all: header + 3 bytes + trailer, pad count 7. */
		h.len = 3;
		snic_16b_encode(&h, p);
		memset(pl, 0, 8);
		pl[7] = 7;
		return 14 + 24;
	}
	snic_16b_encode(&h, p);
	return 14 + snic_16b_pkt_len(payload);
}

int main(int argc, char **argv)
{
	struct sockaddr_ll sll = { .sll_family = AF_PACKET };
	uint8_t frame[256];
	long count, i;
	size_t len;
	int fd;

	if (argc != 6) {
		fprintf(stderr, "usage: snic_inject IFACE CLASS COUNT DLID SLID\n");
		return 2;
	}
	sll.sll_ifindex = if_nametoindex(argv[1]);
	sll.sll_halen = 6;
	memset(sll.sll_addr, 0xff, 6);
	if (!sll.sll_ifindex) {
		perror(argv[1]);
		return 1;
	}
	count = strtol(argv[3], NULL, 0);
	len = build(argv[2], strtoul(argv[4], NULL, 0),
		    strtoul(argv[5], NULL, 0), frame);
	if (!strcmp(argv[2], "good") + !strcmp(argv[2], "mgmt") +
	    !strcmp(argv[2], "truncated") + !strcmp(argv[2], "bad_l2") +
	    !strcmp(argv[2], "bad_len") + !strcmp(argv[2], "bad_pad") +
	    !strcmp(argv[2], "unknown_l4") + !strcmp(argv[2], "short_inner") != 1) {
		fprintf(stderr, "snic_inject: unknown class %s\n", argv[2]);
		return 2;
	}
	fd = socket(AF_PACKET, SOCK_RAW, 0);
	if (fd < 0) {
		perror("socket");
		return 1;
	}
	for (i = 0; i < count; i++) {
		if (sendto(fd, frame, len, 0, (struct sockaddr *)&sll,
			   sizeof(sll)) != (ssize_t)len) {
			perror("sendto");
			return 1;
		}
	}
	close(fd);
	return 0;
}
