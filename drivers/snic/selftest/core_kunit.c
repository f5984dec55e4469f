// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the kernel-independent core, run at module load on a
 * kernel with KUnit (the debug kernel of make check-debug). The same
 * logic is unit-tested on the host by selftests/unit, against the same
 * vectors (core/test_vectors.h).
 */
#include <kunit/test.h>
#include <linux/if_ether.h>
#include <linux/random.h>

#include "../core/addr.h"
#include "../core/arn.h"
#include "../core/cca.h"
#include "../core/credit.h"
#include "../core/hdr16b.h"
#include "../core/owed.h"
#include "../core/test_vectors.h"

static void snic_16b_layout_test(struct kunit *test)
{
	struct snic_16b d;
	u8 buf[16];

	snic_16b_encode(&snic_tv_16b_hdr, buf);
	KUNIT_EXPECT_MEMEQ(test, buf, snic_tv_16b_bytes, sizeof(buf));
	snic_16b_decode(buf, &d);
	KUNIT_EXPECT_TRUE(test, snic_16b_same(&snic_tv_16b_hdr, &d));
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
			.age = r[1] >> 24, .le = r[2] >> 24,
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
	u8 mac[ETH_ALEN];
	int i;

	for (i = 0; i < ARRAY_SIZE(snic_tv_mac_dlid); i++)
		KUNIT_EXPECT_EQ(test, snic_mac_to_dlid(snic_tv_mac_dlid[i].mac),
				snic_tv_mac_dlid[i].dlid);
	snic_lid_to_mac(0x123456, mac);
	KUNIT_EXPECT_MEMEQ(test, mac, snic_tv_mac_dlid[0].mac, ETH_ALEN);
}

static void snic_credit_codec_test(struct kunit *test)
{
	struct snic_credit c = { .type = SNIC_CREDIT_SYNC, .mask = 0x4001,
				 .peer = 0x12345678 }, d;
	u8 buf[SNIC_CREDIT_FRAME_LEN];

	c.count[0] = 0xdeadbeef;
	c.count[14] = 3;
	c.sc2vl[31] = 9;
	snic_credit_encode(buf, &c);
	KUNIT_EXPECT_EQ(test, snic_credit_decode(buf, sizeof(buf), &d),
			SNIC_CREDIT_OK);
	KUNIT_EXPECT_EQ(test, d.mask, 0x4001);
	KUNIT_EXPECT_EQ(test, d.peer, 0x12345678U);
	KUNIT_EXPECT_EQ(test, d.sc2vl[31], 9);
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

/* cca.md's worked numbers (core/test_vectors.h). */
static void snic_cct_test(struct kunit *test)
{
	struct snic_cct_entry *cct;
	int i;

	cct = kunit_kcalloc(test, 128, sizeof(*cct), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, cct);
	KUNIT_ASSERT_EQ(test, snic_cct_generate(cct, SNIC_TV_CCT_LIMIT,
						SNIC_TV_CCT_TP,
						SNIC_TV_CCT_DELAY), 128u);
	for (i = 0; i < ARRAY_SIZE(snic_tv_cct); i++) {
		KUNIT_EXPECT_EQ(test, cct[snic_tv_cct[i].idx].shift,
				snic_tv_cct[i].shift);
		KUNIT_EXPECT_EQ(test, cct[snic_tv_cct[i].idx].mult,
				snic_tv_cct[i].mult);
	}
	KUNIT_EXPECT_EQ(test, snic_cct_ipd(&cct[127], SNIC_TV_CCT_TP),
			(u64)SNIC_TV_CCT_TOP_IPD);
	KUNIT_EXPECT_EQ(test, snic_cc_tx_ns(10240, 100000000000ull),
			(u64)SNIC_TV_CCT_TP);
	KUNIT_EXPECT_EQ(test, snic_cct_generate(cct, 0, 819, 8300), 0u);
}

static void snic_ccti_test(struct kunit *test)
{
	u64 period = 10 * SNIC_CCTI_TIMER_NS;
	struct snic_dlid_ent e = { };
	struct snic_cc_params p;

	snic_cc_params_default(&p);
	KUNIT_EXPECT_FALSE(test, snic_ccti_becn(&e, &p, 0));
	KUNIT_EXPECT_TRUE(test, snic_ccti_becn(&e, &p, 0));
	KUNIT_EXPECT_EQ(test, e.ccti, 10);
	snic_ccti_age(&e, &p, 3 * period);
	KUNIT_EXPECT_EQ(test, e.ccti, 7);
	snic_ccti_age(&e, &p, 100 * period);
	KUNIT_EXPECT_EQ(test, e.ccti, 0);
}

static void snic_dlid_table_test(struct kunit *test)
{
	struct snic_dlid_table t;
	struct snic_dlid_ent *ent;
	struct snic_cc_params p;
	u32 *bucket, i;

	snic_cc_params_default(&p);
	ent = kunit_kcalloc(test, 8, sizeof(*ent), GFP_KERNEL);
	bucket = kunit_kcalloc(test, snic_dlid_table_buckets(8),
			       sizeof(*bucket), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, ent);
	KUNIT_ASSERT_NOT_NULL(test, bucket);
	snic_dlid_table_init(&t, ent, bucket, 8);
	for (i = 1; i <= 8; i++)
		KUNIT_EXPECT_NOT_NULL(test, snic_dlid_get(&t, i, 0, &p, 0));
	snic_dlid_get(&t, 1, 0, &p, 0);
	snic_dlid_get(&t, 9, 0, &p, 0);
	KUNIT_EXPECT_NULL(test, snic_dlid_find(&t, 2, 0));
	KUNIT_EXPECT_NOT_NULL(test, snic_dlid_find(&t, 1, 0));
	KUNIT_EXPECT_EQ(test, t.count, 8u);
	KUNIT_EXPECT_EQ(test, t.evictions, 1ull);
}

/* A DLID on two SLs: two entries, each under its own SL's settings. */
static void snic_dlid_sl_test(struct kunit *test)
{
	struct snic_dlid_ent ent[2], *a, *b;
	struct snic_cc_params *p;
	struct snic_dlid_table t;
	u32 bucket[2], i;

	p = kunit_kcalloc(test, SNIC_CC_NUM_SL, sizeof(*p), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, p);
	for (i = 0; i < SNIC_CC_NUM_SL; i++)
		snic_cc_params_default(&p[i]);
	p[31].ccti_increase = 20;
	p[31].ccti_min = 3;
	snic_dlid_table_init(&t, ent, bucket, 2);
	a = snic_dlid_get(&t, 5, 0, p, 0);
	b = snic_dlid_get(&t, 5, 31, p, 0);
	KUNIT_ASSERT_TRUE(test, a && b && a != b);
	KUNIT_EXPECT_EQ(test, b->ccti, 3);
	snic_ccti_becn(b, &p[31], 0);
	snic_ccti_becn(a, &p[0], 0);
	KUNIT_EXPECT_EQ(test, b->ccti, 23);
	KUNIT_EXPECT_EQ(test, a->ccti, 5);
	KUNIT_EXPECT_PTR_EQ(test, snic_dlid_find(&t, 5, 31), b);
	KUNIT_EXPECT_NULL(test, snic_dlid_find(&t, 5, 1));
}

static void snic_cn_test(struct kunit *test)
{
	struct snic_cn cn = { .sl = 2, .count = 7 }, d;
	u8 buf[SNIC_CN_LEN];

	snic_cn_encode(buf, &cn);
	KUNIT_EXPECT_EQ(test, snic_cn_decode(buf, sizeof(buf), &d), SNIC_MGMT_OK);
	KUNIT_EXPECT_EQ(test, d.count, 7);
	KUNIT_EXPECT_EQ(test, snic_cn_decode(buf, 4, &d), SNIC_MGMT_ESHORT);
	buf[2] = SNIC_CC_NUM_SL;
	KUNIT_EXPECT_EQ(test, snic_cn_decode(buf, sizeof(buf), &d), SNIC_MGMT_EFIELD);
}

/* The owed BECNs' program of core/test_vectors.h. */
static void snic_owed_test(struct kunit *test)
{
	struct snic_owed ent[SNIC_TV_OWED_CAP];
	u32 bucket[SNIC_TV_OWED_CAP];
	struct snic_owed_table t;
	struct snic_owed o;
	size_t i;

	snic_owed_init(&t, ent, bucket, SNIC_TV_OWED_CAP);
	for (i = 0; i < ARRAY_SIZE(snic_tv_owed); i++) {
		u32 got;

		switch (snic_tv_owed[i].op) {
		case SNIC_TV_FECN:
			got = snic_owed_fecn(&t, snic_tv_owed[i].slid,
					     snic_tv_owed[i].sl,
					     snic_tv_owed[i].t, 0xffff);
			break;
		case SNIC_TV_TAKE:
			got = snic_owed_take(&t, snic_tv_owed[i].slid,
					     snic_tv_owed[i].sl);
			break;
		default:
			got = snic_owed_pop_due(&t, snic_tv_owed[i].t, &o) ?
			      o.slid : 0;
			if (got) {
				KUNIT_EXPECT_EQ_MSG(test, o.count,
						    snic_tv_owed[i].count,
						    "step %zu", i);
				KUNIT_EXPECT_EQ_MSG(test, o.sl,
						    snic_tv_owed[i].sl,
						    "step %zu", i);
			}
			break;
		}
		KUNIT_EXPECT_EQ_MSG(test, got, snic_tv_owed[i].want, "step %zu",
				    i);
	}
	KUNIT_EXPECT_EQ(test, t.count, 0u);
	KUNIT_EXPECT_EQ(test, snic_owed_next(&t), 0ull);
}

static void snic_arn_codec_test(struct kunit *test)
{
	struct snic_arn a = {
		.type = SNIC_ARN_FAILED, .metric = 255,
		.params = SNIC_ARN_P_ORIGIN | SNIC_ARN_P_PEER_GROUP |
			  SNIC_ARN_P_SEQ,
		.group = 2, .sw = 1, .peer_group = 5, .index = 3, .seq = 9,
	}, b;
	u8 buf[SNIC_ARN_LEN_MAX];
	size_t len = snic_arn_encode(&a, buf, sizeof(buf));

	KUNIT_ASSERT_EQ(test, len, 16);
	KUNIT_EXPECT_EQ(test, buf[3], 0x0b);
	KUNIT_EXPECT_EQ(test, snic_arn_decode(buf, len, &b), SNIC_ARN_OK);
	KUNIT_EXPECT_EQ(test, b.seq, 9);
	KUNIT_EXPECT_EQ(test, snic_arn_link_key(&b), SNIC_AR_LINK_G(1, 5, 3));
	KUNIT_EXPECT_EQ(test, snic_arn_decode(buf, len - 1, &b),
			SNIC_ARN_ESHORT);
	buf[2] = 1;
	KUNIT_EXPECT_EQ(test, snic_arn_decode(buf, len, &b), SNIC_ARN_EFIELD);
	buf[1] = 0x20;
	KUNIT_EXPECT_EQ(test, snic_arn_decode(buf, len, &b),
			SNIC_ARN_EVERSION);
}

static void snic_bpt_test(struct kunit *test)
{
	struct snic_ar_params p = { .hold_down_ns = 1000, .flowlet_ns = 100 };
	struct snic_arn_links *t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);
	struct snic_bpt_ent e = { .n = 2 };
	u32 keys[SNIC_ARN_CHANGED];
	bool moved;

	KUNIT_ASSERT_NOT_NULL(test, t);
	e.c[0] = (struct snic_bpt_cand){ .port = 4, .cost = 2, .global = true,
		.link = { SNIC_AR_LINK_G(1, 5, 4) } };
	e.c[1] = (struct snic_bpt_cand){ .port = 5, .cost = 5, .global = true,
		.link = { SNIC_AR_LINK_G(1, 3, 5) } };
	KUNIT_EXPECT_EQ(test, snic_bpt_select(&e, &e.f[0], &p, false, 0, 10, 0, &moved), 0);
	snic_arn_set_link(t, SNIC_AR_LINK_G(1, 5, 4), SNIC_LINK_FAILED, 255,
			  0);
	/* The change log names the link once: what the index looks up. */
	KUNIT_EXPECT_EQ(test, snic_arn_take_changed(t, keys), 1);
	KUNIT_EXPECT_EQ(test, keys[0], SNIC_AR_LINK_G(1, 5, 4));
	KUNIT_EXPECT_EQ(test, snic_bpt_uses(&e, keys[0]), 1u);
	KUNIT_EXPECT_EQ(test, snic_arn_take_changed(t, keys), 0);
	snic_bpt_refresh(&e, t);
	KUNIT_EXPECT_EQ(test, snic_bpt_select(&e, &e.f[0], &p, false, 0, 20, 0, &moved), 1);
	KUNIT_EXPECT_TRUE(test, moved);
	snic_arn_set_link(t, SNIC_AR_LINK_G(1, 5, 4), SNIC_LINK_OK, 0, 0);
	snic_bpt_refresh(&e, t);
	KUNIT_EXPECT_EQ(test, snic_bpt_select(&e, &e.f[0], &p, false, 0, 500, 0, &moved), 1);
	KUNIT_EXPECT_EQ(test, snic_bpt_select(&e, &e.f[0], &p, false, 0, 2000, 0, &moved),
			0);
}

/*
 * ar_intm's draw (snic_intm_pick()): r over n + 2 equal slices, the n
 * other switches of the group, then the landing and the exit switch,
 * both the direct path (-1). The host's selftests/unit/test_arn.c samples
 * finer.
 */
static void snic_intm_test(struct kunit *test)
{
	static const unsigned int ns[] = { 0, 1, 3, 7 };
	unsigned int hits[8], i, j, t, cnt, lo;
	bool same;
	int c;

	for (t = 0; t < ARRAY_SIZE(ns); t++) {
		cnt = ns[t];
		lo = 4096 / (cnt + 2);
		memset(hits, 0, sizeof(hits));
		same = true;
		for (i = 0; i < 4096; i++) {
			c = snic_intm_pick(i << 20, cnt);
			KUNIT_ASSERT_GE_MSG(test, c, -1, "n %u, r %#x", cnt,
					    i << 20);
			KUNIT_ASSERT_LT_MSG(test, c, (int)cnt, "n %u, r %#x",
					    cnt, i << 20);
			same &= snic_intm_pick(i << 20, cnt) == c;
			hits[c < 0 ? cnt : c]++;
			c = snic_intm_pick(get_random_u32(), cnt);
			KUNIT_ASSERT_TRUE_MSG(test, c >= -1 && c < (int)cnt,
					      "n %u: %d", cnt, c);
		}
		KUNIT_EXPECT_TRUE_MSG(test, same,
				      "n %u: another result for the same r",
				      cnt);
		for (j = 0; j < cnt; j++) {
			KUNIT_EXPECT_GE_MSG(test, hits[j], lo, "n %u, switch %u",
					    cnt, j);
			KUNIT_EXPECT_LE_MSG(test, hits[j], lo + 1,
					    "n %u, switch %u", cnt, j);
		}
		KUNIT_EXPECT_GE_MSG(test, hits[cnt], 2 * lo, "n %u, direct", cnt);
		KUNIT_EXPECT_LE_MSG(test, hits[cnt], 2 * lo + 2, "n %u, direct",
				    cnt);
		KUNIT_EXPECT_EQ(test, snic_intm_pick(0, cnt), cnt ? 0 : -1);
		KUNIT_EXPECT_EQ(test, snic_intm_pick(U32_MAX, cnt), -1);
	}
}

static struct kunit_case snic_core_cases[] = {
	KUNIT_CASE(snic_arn_codec_test),
	KUNIT_CASE(snic_bpt_test),
	KUNIT_CASE(snic_intm_test),
	KUNIT_CASE(snic_cct_test),
	KUNIT_CASE(snic_ccti_test),
	KUNIT_CASE(snic_dlid_table_test),
	KUNIT_CASE(snic_dlid_sl_test),
	KUNIT_CASE(snic_cn_test),
	KUNIT_CASE(snic_owed_test),
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
