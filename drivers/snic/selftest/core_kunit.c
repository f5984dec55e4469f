// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the kernel-independent core, run at module load on a
 * kernel with KUnit (the debug kernel of make check-debug). The same
 * logic is unit-tested on the host by selftests/unit/test_core.c.
 */
#include <kunit/test.h>
#include <linux/if_ether.h>
#include <linux/random.h>

#include "../core/addr.h"
#include "../core/credit.h"
#include "../core/hdr16b.h"

static void snic_16b_layout_test(struct kunit *test)
{
	const struct snic_16b h = {
		.becn = 1, .len = 0x7ff, .slid = 0xabcdef, .l2 = 2, .fecn = 1,
		.rc = 5, .sc = 0x1f, .dlid = 0x123456, .pkey = 0x8001,
		.l4 = 0x78, .age = 0x42, .entropy = 0xbeef,
	};
	static const u8 want[16] = {
		0xef, 0xcd, 0xfb, 0xff, 0x56, 0x34, 0xf2, 0x5b,
		0x78, 0x1a, 0x01, 0x80, 0xef, 0xbe, 0x42, 0x00,
	};
	struct snic_16b d;
	u8 buf[16];

	snic_16b_encode(&h, buf);
	KUNIT_EXPECT_MEMEQ(test, buf, want, sizeof(want));
	snic_16b_decode(buf, &d);
	KUNIT_EXPECT_TRUE(test, snic_16b_same(&h, &d));
}

static void snic_16b_roundtrip_test(struct kunit *test)
{
	struct snic_16b h, d;
	u8 buf[16];
	int i;

	for (i = 0; i < 10000; i++) {
		u32 r[4];

		get_random_bytes(r, sizeof(r));
		h = (struct snic_16b) {
			.slid = r[0] & 0xffffff, .dlid = r[1] & 0xffffff,
			.len = r[2] & 0x7ff, .pkey = r[3], .entropy = r[3] >> 16,
			.becn = r[0] >> 31, .fecn = r[1] >> 31,
			.l2 = (r[2] >> 11) & 3, .rc = (r[2] >> 13) & 7,
			.sc = (r[2] >> 16) & 0x1f, .l4 = r[0] >> 24,
			.age = r[1] >> 24,
		};
		snic_16b_encode(&h, buf);
		snic_16b_decode(buf, &d);
		KUNIT_ASSERT_TRUE(test, snic_16b_same(&h, &d));
	}
}

static void snic_16b_parse_test(struct kunit *test)
{
	struct snic_16b h = { .l2 = 2, .l4 = 0x78, .dlid = 2, .slid = 1 };
	u8 pkt[64] = {};
	size_t plen;

	KUNIT_EXPECT_EQ(test, snic_16b_pad(14), 5U);
	KUNIT_EXPECT_EQ(test, snic_16b_pkt_len(14), (size_t)40);
	h.len = 5;
	snic_16b_encode(&h, pkt);
	snic_16b_put_trailer(pkt + 30, 5);
	KUNIT_EXPECT_EQ(test, snic_16b_parse(pkt, 40, pkt[39], &h, &plen),
			SNIC_16B_OK);
	KUNIT_EXPECT_EQ(test, plen, (size_t)14);
	KUNIT_EXPECT_EQ(test, snic_16b_parse(pkt, 20, 0, &h, &plen),
			SNIC_16B_ERR_TRUNCATED);
	KUNIT_EXPECT_EQ(test, snic_16b_parse(pkt, 32, 0, &h, &plen),
			SNIC_16B_ERR_LEN);
	h.len = 3;
	snic_16b_encode(&h, pkt);
	KUNIT_EXPECT_EQ(test, snic_16b_parse(pkt, 24, 7, &h, &plen),
			SNIC_16B_ERR_PAD);
	h.l2 = 1;
	snic_16b_encode(&h, pkt);
	KUNIT_EXPECT_EQ(test, snic_16b_parse(pkt, 24, 0, &h, &plen),
			SNIC_16B_ERR_L2);
}

static void snic_addr_test(struct kunit *test)
{
	static const u8 bcast[ETH_ALEN] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };
	static const u8 other[ETH_ALEN] = { 0x02, 0, 0, 0, 0, 1 };
	u8 mac[ETH_ALEN];

	snic_lid_to_mac(0x123456, mac);
	KUNIT_EXPECT_EQ(test, snic_mac_to_dlid(mac), 0x123456U);
	KUNIT_EXPECT_EQ(test, snic_mac_to_dlid(bcast), 0xf00000U);
	KUNIT_EXPECT_EQ(test, snic_mac_to_dlid(other), 0U);
}

static void snic_credit_codec_test(struct kunit *test)
{
	struct snic_credit c = { .type = SNIC_CREDIT_SYNC, .mask = 0x4001 }, d;
	u8 buf[SNIC_CREDIT_FRAME_LEN];

	c.count[0] = 0xdeadbeef;
	c.count[14] = 3;
	snic_credit_encode(buf, &c);
	KUNIT_EXPECT_EQ(test, snic_credit_decode(buf, sizeof(buf), &d),
			SNIC_CREDIT_OK);
	KUNIT_EXPECT_EQ(test, d.mask, 0x4001);
	KUNIT_EXPECT_EQ(test, d.count[0], 0xdeadbeefU);
	KUNIT_EXPECT_EQ(test, d.count[14], 3U);
	KUNIT_EXPECT_EQ(test, snic_credit_decode(buf, 8, &d),
			SNIC_CREDIT_ESHORT);
	buf[2] = 0x80;
	KUNIT_EXPECT_EQ(test, snic_credit_decode(buf, sizeof(buf), &d),
			SNIC_CREDIT_EVL);
}

static void snic_credit_math_test(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, snic_credit_blocks(65), 2U);
	KUNIT_EXPECT_TRUE(test, snic_credit_fits(5, 0xfffffffb, 10));
	KUNIT_EXPECT_FALSE(test, snic_credit_fits(5, 0xfffffffb, 11));
	KUNIT_EXPECT_TRUE(test, snic_credit_absurd(1u << 30, 0));
	KUNIT_EXPECT_EQ(test, snic_credit_limit(100, 64, 80), 100U);
}

static struct kunit_case snic_core_cases[] = {
	KUNIT_CASE(snic_credit_codec_test),
	KUNIT_CASE(snic_credit_math_test),
	KUNIT_CASE(snic_16b_layout_test),
	KUNIT_CASE(snic_16b_roundtrip_test),
	KUNIT_CASE(snic_16b_parse_test),
	KUNIT_CASE(snic_addr_test),
	{}
};

static struct kunit_suite snic_core_suite = {
	.name = "snic_core",
	.test_cases = snic_core_cases,
};

kunit_test_suite(snic_core_suite);
