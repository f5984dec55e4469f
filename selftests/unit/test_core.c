// SPDX-License-Identifier: GPL-2.0
/*
 * Host unit tests of the kernel-independent core: the 16B codec and the
 * LID/MAC mapping, credits; CCA in test_cca.c. Prints KTAP.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "unit.h"
#include "addr.h"
#include "credit.h"
#include "hdr16b.h"

int n, failed;

static void test_layout(void)
{
	struct snic_16b h = {
		.becn = 1, .len = 0x7ff, .slid = 0xabcdef, .l2 = 2, .fecn = 1,
		.rc = 5, .sc = 0x1f, .dlid = 0x123456, .pkey = 0x8001,
		.l4 = 0x78, .age = 0x42, .entropy = 0xbeef,
	};
	/* Expected words from the table in cca.md / snic.h. */
	const unsigned char want[16] = {
		0xef, 0xcd, 0xfb, 0xff,	/* BECN|LEN<<20|SLID[19:0] */
		0x56, 0x34, 0xf2, 0x5b,	/* L2<<29|FECN<<28|RC<<25|SC<<20|DLID */
		0x78, 0x1a, 0x01, 0x80,	/* PKEY<<16|DLID[23:20]<<12|SLID[23:20]<<8|L4 */
		0xef, 0xbe, 0x42, 0x00,	/* AGE<<16|ENTROPY */
	};
	struct snic_16b d;
	unsigned char buf[16];

	snic_16b_encode(&h, buf);
	CHECK(!memcmp(buf, want, 16), "16B encode matches the documented bit layout");
	snic_16b_decode(buf, &d);
	CHECK(snic_16b_same(&h, &d), "16B decode inverts encode (all fields at maximum)");
}

static void test_roundtrip_random(void)
{
	struct snic_16b h, d;
	unsigned char buf[16];
	int i, bad = 0;

	srand(1);
	for (i = 0; i < 100000; i++) {
		h.slid = rand() & 0xffffff;
		h.dlid = rand() & 0xffffff;
		h.len = rand() & 0x7ff;
		h.pkey = rand();
		h.entropy = rand();
		h.becn = rand() & 1;
		h.fecn = rand() & 1;
		h.l2 = rand() & 3;
		h.rc = rand() & 7;
		h.sc = rand() & 0x1f;
		h.l4 = rand();
		h.age = rand();
		snic_16b_encode(&h, buf);
		snic_16b_decode(buf, &d);
		bad += !snic_16b_same(&h, &d);
	}
	CHECK(!bad, "100000 random headers round-trip");
}

static void test_parse(void)
{
	unsigned char pkt[64] = { 0 };
	struct snic_16b h = { .l2 = 2, .l4 = 0x78, .dlid = 2, .slid = 1 };
	size_t plen, len;
	unsigned int pad;

	/* payload of 14 bytes: 16 + 14 + pad + 5 = 40 -> pad 5 */
	pad = snic_16b_pad(14);
	len = snic_16b_pkt_len(14);
	CHECK(pad == 5 && len == 40, "pad and length for a 14-byte payload");
	CHECK(snic_16b_pkt_len(19) == 40 && snic_16b_pad(19) == 0,
	      "no pad when the payload fills the flits");
	h.len = len / 8;
	snic_16b_encode(&h, pkt);
	snic_16b_put_trailer(pkt + 16 + 14, pad);
	CHECK(snic_16b_parse(pkt, len, pkt[len - 1], &h, &plen) == SNIC_16B_OK &&
	      plen == 14, "parse a valid packet and recover the payload length");
	CHECK(snic_16b_parse(pkt, 20, pkt[19], &h, &plen) == SNIC_16B_ERR_TRUNCATED,
	      "shorter than header + trailer: truncated");
	CHECK(snic_16b_parse(pkt, len - 8, pkt[len - 9], &h, &plen) == SNIC_16B_ERR_LEN,
	      "LEN larger than the bytes: bad length");
	pkt[7] = (pkt[7] & 0x9f) | (1 << 5);	/* L2 = 1 */
	CHECK(snic_16b_parse(pkt, len, pkt[len - 1], &h, &plen) == SNIC_16B_ERR_L2,
	      "L2 type 1: bad L2");
	h.l2 = 2;
	h.len = 3;
	snic_16b_encode(&h, pkt);
	CHECK(snic_16b_parse(pkt, 24, 7, &h, &plen) == SNIC_16B_ERR_PAD,
	      "pad count beyond the packet: bad pad");
}

static void test_addr(void)
{
	unsigned char mac[6];
	const unsigned char bcast[6] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };
	const unsigned char v6mc[6] = { 0x33, 0x33, 0, 0, 0, 1 };
	const unsigned char other[6] = { 0x02, 0x00, 0, 0, 0, 1 };

	snic_lid_to_mac(0x123456, mac);
	CHECK(mac[0] == 0x02 && mac[1] == 0x53 && mac[2] == 0x4e &&
	      mac[3] == 0x12 && mac[4] == 0x34 && mac[5] == 0x56,
	      "LID 0x123456 -> MAC 02:53:4e:12:34:56");
	CHECK(snic_mac_to_dlid(mac) == 0x123456, "MAC -> DLID inverts LID -> MAC");
	CHECK(snic_mac_to_dlid(bcast) == 0xf00000, "broadcast MAC -> broadcast DLID");
	CHECK(snic_mac_to_dlid(v6mc) == 0xf00000, "IPv6 multicast MAC -> broadcast DLID");
	CHECK(snic_mac_to_dlid(other) == 0, "foreign unicast MAC -> no DLID");
	snic_lid_to_mac(0xf00001, mac);
	CHECK(snic_mac_to_dlid(mac) == 0, "a multicast LID is never a unicast MAC's DLID");
}

static void test_credit_codec(void)
{
	struct snic_credit c = { .type = SNIC_CREDIT_LIMIT, .mask = 0x0005 }, d;
	uint8_t buf[SNIC_CREDIT_FRAME_LEN];

	c.count[0] = 0x01020304;
	c.count[2] = 0xfffffff0;
	c.count[1] = 77;	/* not in the mask: not sent */
	snic_credit_encode(buf, &c);
	CHECK(buf[0] == 1 && buf[1] == 1 && buf[2] == 0 && buf[3] == 5 &&
	      buf[4] == 1 && buf[7] == 4, "credit frame: documented layout (network order)");
	CHECK(snic_credit_decode(buf, sizeof(buf), &d) == SNIC_CREDIT_OK &&
	      d.mask == 5 && d.count[0] == 0x01020304 && d.count[2] == 0xfffffff0 &&
	      d.count[1] == 0, "credit frame: decode inverts encode, masked VLs only");
	CHECK(snic_credit_decode(buf, 10, &d) == SNIC_CREDIT_ESHORT,
	      "credit frame: short frame refused");
	buf[0] = 9;
	CHECK(snic_credit_decode(buf, sizeof(buf), &d) == SNIC_CREDIT_EVERSION,
	      "credit frame: unknown version refused");
	buf[0] = 1;
	buf[1] = 3;
	CHECK(snic_credit_decode(buf, sizeof(buf), &d) == SNIC_CREDIT_ETYPE,
	      "credit frame: unknown type refused");
	buf[1] = 2;
	buf[2] = 0x80;
	CHECK(snic_credit_decode(buf, sizeof(buf), &d) == SNIC_CREDIT_EVL,
	      "credit frame: management VL refused");
}

static void test_credit_math(void)
{
	CHECK(snic_credit_blocks(1) == 1 && snic_credit_blocks(64) == 1 &&
	      snic_credit_blocks(65) == 2, "credits: 64-byte units, rounded up");
	CHECK(snic_credit_fits(10, 0, 10) && !snic_credit_fits(10, 0, 11),
	      "credits: a packet fits exactly up to the limit");
	CHECK(snic_credit_fits(5, 0xfffffffb, 10) && !snic_credit_fits(5, 0xfffffffb, 11),
	      "credits: the comparison survives counter wrap-around");
	CHECK(!snic_credit_absurd(1u << 20, 0) && snic_credit_absurd((1u << 20) + 1, 0) &&
	      snic_credit_absurd(0, (1u << 20) + 1), "credits: absurd beyond 2^20 either way");
	CHECK(snic_credit_limit(100, 64, 10) == 154 && snic_credit_limit(100, 64, 80) == 100,
	      "credits: LIMIT = ABR + BUF - USED, never below ABR");
}

/*
 * A lossy link, simulated: a sender with a backlog, a receiver whose
 * buffer drains slowly, random loss of data packets and of LIMIT frames,
 * periodic SYNC and LIMIT. The receiver's buffer never overflows, and
 * once the link is quiet with a final SYNC and LIMIT, the sender has the
 * whole buffer back.
 */
static void test_credit_lossy_link(void)
{
	const uint32_t buf = 100;
	uint32_t tbs = 0xfffff000, limit, abr = 0xfffff000, used = 0;
	uint32_t lim_frame;
	int step, overrun = 0, sent = 0, lost = 0;

	srand(7);
	limit = snic_credit_limit(abr, buf, used);
	for (step = 0; step < 200000; step++) {
		uint32_t n = 1 + rand() % 24;

		/* sender: send if the credits allow */
		if (snic_credit_fits(limit, tbs, n)) {
			tbs += n;
			sent++;
			if (rand() % 50 == 0) {
				lost++;		/* lost on the link */
			} else {
				abr += n;
				if (used + n > buf)
					overrun++;
				used += n;
			}
		}
		/* receiver drains slowly */
		if (rand() % 3 == 0)
			used -= used < 8 ? used : 8;
		/* LIMIT after some drains, lost 1 in 4 */
		if (rand() % 4 == 0) {
			lim_frame = snic_credit_limit(abr, buf, used);
			if (rand() % 4 && !snic_credit_absurd(lim_frame, tbs))
				limit = lim_frame;
		}
		/* SYNC now and then */
		if (rand() % 100 == 0)
			abr = tbs;
	}
	used = 0;
	abr = tbs;
	limit = snic_credit_limit(abr, buf, used);
	CHECK(overrun == 0, "lossy link: the receiver buffer never overflows");
	CHECK(sent > 10000 && lost > 100, "lossy link: traffic and losses happened");
	CHECK(snic_credit_diff(limit, tbs) == (int)buf,
	      "lossy link: SYNC + LIMIT give the whole buffer back");
}

int main(void)
{
	printf("KTAP version 1\n");
	test_layout();
	test_roundtrip_random();
	test_parse();
	test_addr();
	test_credit_codec();
	test_credit_math();
	test_credit_lossy_link();
	test_cca();
	test_arn();
	printf("1..%d\n", n);
	return failed != 0;
}
