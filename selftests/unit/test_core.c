// SPDX-License-Identifier: GPL-2.0
/*
 * Host unit tests of the kernel-independent core: the 16B codec and the
 * LID/MAC mapping, the lateness histogram; credits in test_credit.c, CCA in test_cca.c, ARN in
 * test_arn.c. Prints KTAP.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "unit.h"
#include "addr.h"
#include "hdr16b.h"
#include "hist.h"
#include "test_vectors.h"

int n, failed;

static void test_layout(void)
{
	struct snic_16b d;
	unsigned char buf[16];

	snic_16b_encode(&snic_tv_16b_hdr, buf);
	CHECK(!memcmp(buf, snic_tv_16b_bytes, 16),
	      "16B encode matches the documented bit layout");
	snic_16b_decode(buf, &d);
	CHECK(snic_16b_same(&snic_tv_16b_hdr, &d),
	      "16B decode inverts encode (all fields at maximum)");
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
		h.le = rand();
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
	unsigned int i;
	int bad = 0;

	snic_lid_to_mac(0x123456, mac);
	CHECK(!memcmp(mac, snic_tv_mac_dlid[0].mac, 6),
	      "LID 0x123456 -> MAC 02:53:4e:12:34:56");
	for (i = 0; i < sizeof(snic_tv_mac_dlid) / sizeof(snic_tv_mac_dlid[0]); i++)
		bad += snic_mac_to_dlid(snic_tv_mac_dlid[i].mac) !=
		       snic_tv_mac_dlid[i].dlid;
	CHECK(!bad, "MAC -> DLID: our LIDs, broadcast and IPv6 multicast, "
	      "foreign MACs and multicast LIDs (the shared vectors)");
	snic_lid_to_mac(0xf00001, mac);
	CHECK(snic_mac_to_dlid(mac) == 0, "a multicast LID is never a unicast MAC's DLID");
}

static void test_hist(void)
{
	struct snic_hist a = {}, b = {};
	int i;

	CHECK(snic_hist_quantile(&a, 990) == 0, "hist: no event, p99 0");
	CHECK(snic_hist_bucket(0) == 0 && snic_hist_bucket(1) == 1 &&
	      snic_hist_bucket(1023) == 10 && snic_hist_bucket(1024) == 11 &&
	      snic_hist_bucket(~0ULL) == SNIC_HIST_BUCKETS - 1,
	      "hist: bucket b holds [2^(b-1), 2^b), the last everything above");
	for (i = 0; i < 98; i++)
		snic_hist_add(&a, 0);
	snic_hist_add(&a, 600);
	snic_hist_add(&a, 5000);
	CHECK(snic_hist_quantile(&a, 500) == 0, "hist: p50 on time");
	CHECK(snic_hist_quantile(&a, 990) == 1023,
	      "hist: p99 is its bucket's upper bound, never below the event");
	CHECK(snic_hist_quantile(&a, 1000) == 5000, "hist: p100 is the maximum");
	for (i = 0; i < 100; i++)
		snic_hist_add(&b, 3);
	b.over = 7;
	snic_hist_merge(&a, &b);
	CHECK(a.n == 200 && a.max == 5000 && a.sum == 5900 && a.over == 7 &&
	      a.bucket[0] == 98 && a.bucket[2] == 100,
	      "hist: merge sums events, buckets and over, keeps the maximum");
	CHECK(snic_hist_quantile(&a, 500) == 3 &&
	      snic_hist_quantile(&a, 990) == 3 &&
	      snic_hist_quantile(&a, 995) == 1023,
	      "hist: quantiles of the merged histogram");
	b = a;
	for (i = 0; i < 10; i++)
		snic_hist_add(&a, 100);
	a.over += 2;
	CHECK(snic_hist_since(&a, &b) && a.n == 10 && a.sum == 1000 &&
	      a.over == 2 && a.bucket[7] == 10 && a.bucket[0] == 0 &&
	      a.max == 127 && snic_hist_quantile(&a, 990) == 127,
	      "hist: since a snapshot, only the events after it; max its bucket's bound");
	b.n = a.n + 1;
	CHECK(!snic_hist_since(&a, &b) && a.n == 10,
	      "hist: a snapshot that is no earlier state is refused, nothing changed");
}

int main(void)
{
	printf("KTAP version 1\n");
	test_layout();
	test_roundtrip_random();
	test_parse();
	test_addr();
	test_hist();
	test_credit();
	test_cca();
	test_arn();
	test_owed();
	test_maxmin();
	test_rate();
	printf("1..%d\n", n);
	return failed != 0;
}
