// SPDX-License-Identifier: GPL-2.0
/*
 * Host unit tests of drivers/snic/core/arn.c: the ARN codec (round trip,
 * the draft's layout, one error per reason), link states with sequence
 * numbers and lifetimes, the Best Path Table's choices (failure, congestion,
 * flowlet gap, hold-down, one local hop, equal-cost spread), the draw of
 * a Valiant path's intermediate switch (ar_intm) and the monitor's
 * hysteresis.
 */
#include <string.h>

#include "unit.h"
#include "arn.h"
#include "fclock.h"

static struct snic_arn global_arn(u8 type, u32 seq)
{
	struct snic_arn a = {
		.type = type, .metric = type == SNIC_ARN_FAILED ? 255 : 100,
		.params = SNIC_ARN_P_ORIGIN | SNIC_ARN_P_PEER_GROUP |
			  SNIC_ARN_P_SEQ,
		.group = 2, .sw = 1, .peer_group = 5, .index = 3, .seq = seq,
	};

	return a;
}

static bool same(const struct snic_arn *a, const struct snic_arn *b)
{
	return a->type == b->type && a->metric == b->metric &&
	       a->params == b->params && a->group == b->group &&
	       a->sw == b->sw && a->peer_group == b->peer_group &&
	       a->index == b->index && a->from == b->from && a->to == b->to &&
	       a->seq == b->seq && a->lifetime_us == b->lifetime_us &&
	       a->path_id == b->path_id && a->saddr == b->saddr &&
	       a->daddr == b->daddr && a->sport == b->sport &&
	       a->dport == b->dport && a->proto == b->proto;
}

static void test_codec(void)
{
	struct snic_arn a = global_arn(SNIC_ARN_CONGESTED, 7), b;
	u8 buf[SNIC_ARN_LEN_MAX];
	size_t len;

	a.params |= SNIC_ARN_P_LIFETIME | SNIC_ARN_P_FLOW;
	a.lifetime_us = 50000;
	a.saddr = 0x0a000001;
	a.dport = 4791;
	a.proto = 17;
	len = snic_arn_encode(&a, buf, sizeof(buf));
	CHECK(len == 4 + 4 * 4 + 16, "ARN: header + 4 words + FLOW = 36 bytes");
	CHECK(buf[0] == 1 && buf[1] == 0 && buf[2] == 100 && buf[3] == 0x5b,
	      "ARN: header type | version 0 | metric | para-type");
	CHECK(buf[4] == 0 && buf[5] == 2 && buf[6] == 0 && buf[7] == 1 &&
	      buf[8] == 0 && buf[9] == 5 && buf[11] == 3,
	      "ARN: ORIGIN then PEER_GROUP, big endian, in bit order");
	CHECK(snic_arn_decode(buf, len, &b) == SNIC_ARN_OK && same(&a, &b),
	      "ARN: decode(encode(a)) == a");
	CHECK(snic_arn_link_key(&b) == SNIC_AR_LINK_G(1, 5, 3),
	      "ARN: the link key names the origin's global link");
	CHECK(snic_arn_encode(&a, buf, len - 1) == 0,
	      "ARN: encode refuses a short buffer");

	len = snic_arn_encode(&a, buf, sizeof(buf));
	CHECK(snic_arn_decode(buf, 3, &b) == SNIC_ARN_ESHORT,
	      "ARN: a truncated header is ESHORT");
	CHECK(snic_arn_decode(buf, len - 1, &b) == SNIC_ARN_ESHORT,
	      "ARN: a truncated parameter is ESHORT");
	buf[1] = 0x10;
	CHECK(snic_arn_decode(buf, len, &b) == SNIC_ARN_EVERSION,
	      "ARN: version 1 is EVERSION");
	buf[1] = 0x0f;
	CHECK(snic_arn_decode(buf, len, &b) == SNIC_ARN_OK,
	      "ARN: the reserved bits are ignored on receive");
	buf[1] = 0;
	buf[0] = 5;
	CHECK(snic_arn_decode(buf, len, &b) == SNIC_ARN_ETYPE,
	      "ARN: type 5 is ETYPE");
	buf[0] = 0;
	CHECK(snic_arn_decode(buf, len, &b) == SNIC_ARN_ETYPE,
	      "ARN: type 0 is ETYPE");
	buf[0] = SNIC_ARN_FAILED;
	CHECK(snic_arn_decode(buf, len, &b) == SNIC_ARN_EFIELD,
	      "ARN: a failure with metric != 255 is EFIELD");
	buf[0] = 1;
	buf[3] &= ~SNIC_ARN_P_ORIGIN;
	CHECK(snic_arn_decode(buf, len - 4, &b) == SNIC_ARN_EFIELD,
	      "ARN: no ORIGIN is EFIELD");

	a = global_arn(SNIC_ARN_CONGESTED, 1);
	a.params |= SNIC_ARN_P_LOCAL_LINK;
	a.from = 1;
	a.to = 2;
	CHECK(snic_arn_encode(&a, buf, sizeof(buf)) == 0,
	      "ARN: both PEER_GROUP and LOCAL_LINK refused");
	a.params &= ~SNIC_ARN_P_PEER_GROUP;
	len = snic_arn_encode(&a, buf, sizeof(buf));
	CHECK(len == 16 && snic_arn_decode(buf, len, &b) == SNIC_ARN_OK &&
	      snic_arn_link_key(&b) == SNIC_AR_LINK_L(1, 2),
	      "ARN: LOCAL_LINK names an intra-group link");
	buf[7] = 9;	/* the origin is switch 9, the link is 1's */
	CHECK(snic_arn_decode(buf, len, &b) == SNIC_ARN_EFIELD,
	      "ARN: a LOCAL_LINK of another switch is EFIELD");
	a = global_arn(SNIC_ARN_CONGESTED, 1);
	a.peer_group = a.group;
	CHECK(snic_arn_encode(&a, buf, sizeof(buf)) == 0,
	      "ARN: a global link to its own group refused");
	a = global_arn(SNIC_ARN_CONGESTED, 1);
	a.sw = SNIC_ARN_SWITCH_MAX + 1;
	CHECK(snic_arn_encode(&a, buf, sizeof(buf)) == 0,
	      "ARN: a switch id beyond the range refused");

	/* EXT: skipped when well formed, else EFIELD / ESHORT. */
	a = global_arn(SNIC_ARN_CONGESTED, 1);
	len = snic_arn_encode(&a, buf, sizeof(buf));
	buf[3] |= SNIC_ARN_P_EXT;
	memcpy(buf + len, "\x00\x08\x00\x00\xaa\xbb\xcc\xdd", 8);
	CHECK(snic_arn_decode(buf, len + 8, &b) == SNIC_ARN_OK,
	      "ARN: an 8-byte EXT is skipped");
	CHECK(snic_arn_decode(buf, len + 7, &b) == SNIC_ARN_ESHORT,
	      "ARN: an EXT longer than the packet is ESHORT");
	buf[len + 1] = 6;
	CHECK(snic_arn_decode(buf, len + 8, &b) == SNIC_ARN_EFIELD,
	      "ARN: an EXT length not a multiple of 4 is EFIELD");
	buf[len + 1] = 8;
	buf[len + 3] = 1;
	CHECK(snic_arn_decode(buf, len + 8, &b) == SNIC_ARN_EFIELD,
	      "ARN: an EXT with its reserved half set is EFIELD");
	a.params |= SNIC_ARN_P_LIFETIME;
	a.lifetime_us = 0;
	CHECK(snic_arn_encode(&a, buf, sizeof(buf)) == 0,
	      "ARN: lifetime 0 refused");
}

static void test_links(void)
{
	static struct snic_arn_links t;
	struct snic_arn a = global_arn(SNIC_ARN_CONGESTED, 10);
	const u32 key = SNIC_AR_LINK_G(1, 5, 3);
	const struct snic_arn_link *l;

	CHECK(snic_arn_learn(&t, &a, 0, 1000) == SNIC_ARN_APPLIED &&
	      (l = snic_arn_link_find(&t, key)) &&
	      l->state == SNIC_LINK_CONGESTED && l->metric == 100 &&
	      l->expires == 1000, "links: congestion learned with its lifetime");
	CHECK(snic_arn_learn(&t, &a, 10, 1000) == SNIC_ARN_STALE,
	      "links: a repeated sequence number is stale");
	a.seq = 9;
	CHECK(snic_arn_learn(&t, &a, 10, 1000) == SNIC_ARN_STALE,
	      "links: an older sequence number is stale");
	a.seq = 11;
	CHECK(snic_arn_learn(&t, &a, 500, 1000) == SNIC_ARN_REFRESHED &&
	      snic_arn_link_find(&t, key)->expires == 1500,
	      "links: a refresh renews the lifetime");
	a = global_arn(SNIC_ARN_FAILED, 12);
	CHECK(snic_arn_learn(&t, &a, 600, 1000) == SNIC_ARN_APPLIED &&
	      snic_arn_link_find(&t, key)->state == SNIC_LINK_FAILED,
	      "links: failure replaces congestion");
	a = global_arn(SNIC_ARN_ELIMINATED, 13);
	snic_arn_learn(&t, &a, 700, 1000);
	CHECK(snic_arn_link_find(&t, key)->state == SNIC_LINK_FAILED,
	      "links: congestion eliminated does not undo a failure");
	a = global_arn(SNIC_ARN_RECOVERED, 14);
	CHECK(snic_arn_learn(&t, &a, 800, 1000) == SNIC_ARN_APPLIED &&
	      !snic_arn_link_find(&t, key), "links: recovered forgets the link");
	a = global_arn(SNIC_ARN_CONGESTED, 0x70000000u);
	snic_arn_learn(&t, &a, 900, 1);
	a.seq = 0xe0000000u;
	snic_arn_learn(&t, &a, 900, 1);
	a.seq = 3;
	a.params |= SNIC_ARN_P_LIFETIME;
	a.lifetime_us = 2;
	CHECK(snic_arn_learn(&t, &a, 1000, 1) == SNIC_ARN_REFRESHED &&
	      snic_arn_link_find(&t, key)->expires == 3000,
	      "links: seq wraps as serial numbers; LIFETIME overrides the default");
	CHECK(!snic_arn_expire(&t, 2999) && snic_arn_expire(&t, 3000) &&
	      !snic_arn_link_find(&t, key), "links: a state expires");
}

/* The log of changed links: each state or metric change once, nothing
 * else, and an overflow says "everything".
 */
static void test_links_changed(void)
{
	static struct snic_arn_links t;
	struct snic_arn a = global_arn(SNIC_ARN_CONGESTED, 10);
	const u32 key = SNIC_AR_LINK_G(1, 5, 3), loc = SNIC_AR_LINK_L(1, 2);
	u32 keys[SNIC_ARN_CHANGED];
	int i;

	CHECK(snic_arn_take_changed(&t, keys) == 0,
	      "changed: nothing at first");
	snic_arn_learn(&t, &a, 0, 1000);
	a.seq++;
	snic_arn_learn(&t, &a, 1, 1000);	/* a refresh */
	snic_arn_set_link(&t, loc, SNIC_LINK_FAILED, 255, 0);
	snic_arn_set_link(&t, loc, SNIC_LINK_FAILED, 255, 0);
	CHECK(snic_arn_take_changed(&t, keys) == 2 && keys[0] == key &&
	      keys[1] == loc, "changed: a new state and a failure, once each");
	CHECK(snic_arn_nfailed(&t) == 1,
	      "nfailed: a failed link counts, a congested one does not");
	CHECK(snic_arn_take_changed(&t, keys) == 0, "changed: the log starts over");
	a.seq++;
	snic_arn_learn(&t, &a, 2, 1000);
	a.seq++;
	a.metric = 101;
	snic_arn_learn(&t, &a, 3, 1000);
	CHECK(snic_arn_take_changed(&t, keys) == 1 && keys[0] == key,
	      "changed: a refresh is no change, a new metric is");
	a.seq++;
	a.params |= SNIC_ARN_P_PATH_ID;
	a.path_id = 7;
	snic_arn_learn(&t, &a, 4, 1000);
	CHECK(snic_arn_take_changed(&t, keys) == 0 && t.nflows == 1,
	      "changed: a per-flow notice changes no link");
	snic_arn_set_link(&t, SNIC_AR_LINK_L(1, 3), SNIC_LINK_OK, 0, 0);
	CHECK(snic_arn_take_changed(&t, keys) == 0,
	      "changed: clearing a link not known is no change");
	CHECK(!snic_arn_expire(&t, 1002) && snic_arn_expire(&t, 1003) &&
	      snic_arn_take_changed(&t, keys) == 1 && keys[0] == key &&
	      !snic_arn_link_find(&t, key),
	      "changed: an expired state is a change");
	snic_arn_set_link(&t, loc, SNIC_LINK_OK, 0, 0);
	CHECK(snic_arn_take_changed(&t, keys) == 1 && keys[0] == loc,
	      "changed: a cleared state is a change");
	CHECK(snic_arn_nfailed(&t) == 0, "nfailed: a cleared link does not count");
	for (i = 0; i <= SNIC_ARN_CHANGED; i++)
		snic_arn_set_link(&t, SNIC_AR_LINK_L(1, 10 + i),
				  SNIC_LINK_CONGESTED, 5, 0);
	CHECK(snic_arn_take_changed(&t, keys) == -1 &&
	      snic_arn_take_changed(&t, keys) == 0,
	      "changed: more than the log holds is \"everything\", once");
	snic_arn_reset(&t);
	CHECK(snic_arn_take_changed(&t, keys) == -1 && !t.nflows &&
	      !snic_arn_link_find(&t, SNIC_AR_LINK_L(1, 10)),
	      "changed: a reset forgets every state and changes everything");
}

static void test_links_full(void)
{
	static struct snic_arn_links t, t2;
	struct snic_arn a = global_arn(SNIC_ARN_CONGESTED, 0);
	int i, full = 0;

	a.params &= ~SNIC_ARN_P_SEQ;
	for (i = 0; i <= SNIC_ARN_MAX_LINKS; i++) {
		a.index = i;
		full += snic_arn_learn(&t, &a, 0, 10) == SNIC_ARN_FULL;
	}
	CHECK(full == 1, "links: the table holds SNIC_ARN_MAX_LINKS, then FULL");
	/* (recoveries: they fill no link slot) */
	a = global_arn(SNIC_ARN_RECOVERED, 100);
	for (i = 0, full = 0; i <= SNIC_ARN_MAX_ORIGINS; i++) {
		a.sw = i;
		a.index = 0;
		full += snic_arn_learn(&t2, &a, 10 + i, 10) == SNIC_ARN_FULL;
	}
	a.sw = 0;
	a.seq = 5;
	i = snic_arn_learn(&t2, &a, 100, 10);
	CHECK(full == 0 && i != SNIC_ARN_STALE,
	      "links: an origin beyond SNIC_ARN_MAX_ORIGINS takes the slot heard from longest ago");
}

/* A switch deleted and created again: its new ARNs are taken at once. */
static void test_origin_restart(void)
{
	static struct snic_arn_links t;
	struct snic_arn a = global_arn(SNIC_ARN_CONGESTED, 0);
	const u64 s = 1000000000ULL;
	u32 seq, seq2;

	/* the old switch sent 100000 ARNs in 1 s of life */
	seq = snic_arn_next_seq(0, 5 * s);
	seq += 100000;
	a.seq = seq;
	CHECK(snic_arn_learn(&t, &a, 6 * s, 1000) == SNIC_ARN_APPLIED,
	      "origins: the old switch's last ARN");
	/* the new one, created 10 ms later, starts from its own clock */
	seq2 = snic_arn_next_seq(0, 6 * s + 10000000ULL);
	a = global_arn(SNIC_ARN_FAILED, seq2);
	CHECK(snic_arn_learn(&t, &a, 6 * s + 10000000ULL, 1000) == SNIC_ARN_APPLIED &&
	      snic_arn_link_find(&t, SNIC_AR_LINK_G(1, 5, 3))->state == SNIC_LINK_FAILED,
	      "origins: a re-created switch's failure is honoured at once");
	CHECK(snic_arn_next_seq(seq2, 6 * s + 10000000ULL) == seq2 + 1 &&
	      snic_arn_next_seq(seq2 + 5, 7 * s) == (u32)(7 * s / 1000),
	      "origins: SEQ follows the clock, one more when the clock has not moved");
	/* an origin silent for the origin age is forgotten */
	a.seq = 1;
	CHECK(snic_arn_learn(&t, &a, 6 * s + SNIC_ARN_ORIGIN_AGE_NS / 2, 1000) ==
	      SNIC_ARN_STALE, "origins: a stale number within the age is stale");
	CHECK(snic_arn_learn(&t, &a, 6 * s + SNIC_ARN_ORIGIN_AGE_NS * 3 / 2 + 1,
			     1000) !=
	      SNIC_ARN_STALE, "origins: an origin silent longer than the age is forgotten");
}

/* Three ways to group 5 from switch 1: its own global link (port 4,
 * cost 2), via switch 2's global link (port 2, cost 3), and a
 * non-minimal one through group 3 (port 5, cost 5).
 */
static void bpt_init(struct snic_bpt_ent *e)
{
	memset(e, 0, sizeof(*e));
	e->n = 3;
	e->c[0] = (struct snic_bpt_cand){ .port = 4, .cost = 2, .global = true,
		.link = { SNIC_AR_LINK_G(1, 5, 4) } };
	e->c[1] = (struct snic_bpt_cand){ .port = 2, .cost = 3,
		.link = { SNIC_AR_LINK_L(1, 2), SNIC_AR_LINK_G(2, 5, 4) } };
	e->c[2] = (struct snic_bpt_cand){ .port = 5, .cost = 5, .global = true,
		.link = { SNIC_AR_LINK_G(1, 3, 5) } };
}

static void test_bpt(void)
{
	static struct snic_arn_links t;
	struct snic_ar_params p = { .hold_down_ns = 1000, .flowlet_ns = 100 };
	const u32 own = SNIC_AR_LINK_G(1, 5, 4);
	struct snic_bpt_ent e;
	bool moved;
	int i, hits[2] = { 0, 0 };

	bpt_init(&e);
	CHECK(snic_bpt_select(&e, &e.f[0], &p, false, 0, 10, 0, &moved) == 0 && !moved,
	      "BPT: the minimal path first");
	snic_arn_set_link(&t, own, SNIC_LINK_FAILED, 255, 0);
	snic_bpt_refresh(&e, &t);
	CHECK(e.c[0].penalty == SNIC_BPT_EXCLUDED,
	      "BPT: a failed link excludes its candidates");
	CHECK(snic_bpt_select(&e, &e.f[0], &p, false, 0, 20, 0, &moved) == 1 && moved,
	      "BPT: failure moves at once (no flowlet gap needed)");
	snic_arn_set_link(&t, own, SNIC_LINK_OK, 0, 0);
	snic_bpt_refresh(&e, &t);
	CHECK(snic_bpt_select(&e, &e.f[0], &p, false, 0, 500, 0, &moved) == 1 &&
	      snic_bpt_select(&e, &e.f[0], &p, false, 0, 980, 0, &moved) == 1,
	      "BPT: recovered, but no return within the hold-down");
	CHECK(snic_bpt_select(&e, &e.f[0], &p, false, 0, 1030, 0, &moved) == 1 &&
	      snic_bpt_select(&e, &e.f[0], &p, false, 0, 1070, 0, &moved) == 1,
	      "BPT: nor while packets keep coming within the flowlet gap");
	CHECK(snic_bpt_select(&e, &e.f[0], &p, false, 0, 1300, 0, &moved) == 0 && moved,
	      "BPT: back to the cheaper path at a flowlet gap after the hold-down");

	/* Congestion: a penalty, not an exclusion. */
	snic_arn_set_link(&t, own, SNIC_LINK_CONGESTED, 1, 0);
	snic_bpt_refresh(&e, &t);
	CHECK(snic_bpt_select(&e, &e.f[0], &p, false, 0, 1500, 0, &moved) == 0,
	      "BPT: a congestion that only ties the alternative keeps the path");
	snic_arn_set_link(&t, own, SNIC_LINK_CONGESTED, 200, 0);
	snic_bpt_refresh(&e, &t);
	CHECK(snic_bpt_select(&e, &e.f[0], &p, false, 0, 1550, 0, &moved) == 0,
	      "BPT: heavy congestion waits for a flowlet gap");
	CHECK(snic_bpt_select(&e, &e.f[0], &p, false, 0, 1700, 0, &moved) == 1 && moved,
	      "BPT: ...then moves to the best remaining candidate");

	/* A packet that came over a local link leaves the group next. */
	CHECK(snic_bpt_select(&e, &e.f[0], &p, true, 0, 1710, 0, &moved) == 2,
	      "BPT: from a local link, only global first hops (here via group 3)");
	CHECK(e.f[0].cur == 1, "BPT: a local arrival does not move the entry");
	snic_arn_set_link(&t, own, SNIC_LINK_FAILED, 255, 0);
	snic_arn_set_link(&t, SNIC_AR_LINK_G(1, 3, 5), SNIC_LINK_FAILED, 255, 0);
	snic_bpt_refresh(&e, &t);
	CHECK(snic_bpt_select(&e, &e.f[0], &p, true, 0, 1720, 0, &moved) == -1,
	      "BPT: no usable candidate: -1 (the LFT decides)");

	/* The lockless peek: the same answer where nothing would change. */
	memset(&t, 0, sizeof(t));
	bpt_init(&e);
	CHECK(snic_bpt_peek(&e, &e.f[0], &p, false, 0) == SNIC_BPT_DECIDE,
	      "BPT peek: a first packet is select's to place");
	snic_bpt_select(&e, &e.f[0], &p, false, 0, 2000, 0, &moved);
	CHECK(snic_bpt_peek(&e, &e.f[0], &p, false, 0) == 0,
	      "BPT peek: on its best path, the entry needs no clock");
	CHECK(snic_bpt_peek(&e, &e.f[0], &p, true, 0) == 0,
	      "BPT peek: a local arrival takes the global current path too");
	snic_arn_set_link(&t, own, SNIC_LINK_CONGESTED, 200, 0);
	snic_bpt_refresh(&e, &t);
	CHECK(snic_bpt_peek(&e, &e.f[0], &p, false, 0) == SNIC_BPT_DECIDE,
	      "BPT peek: a better path appeared: select times the flowlet");
	CHECK(snic_bpt_select(&e, &e.f[0], &p, false, 0, 2010, 0, &moved) == 0 && e.f[0].watch &&
	      snic_bpt_select(&e, &e.f[0], &p, false, 0, 2050, 0, &moved) == 0,
	      "BPT: the watch starts at the first packet that sees the better path");
	CHECK(snic_bpt_select(&e, &e.f[0], &p, false, 0, 2200, 0, &moved) == 1 && moved &&
	      !e.f[0].watch, "BPT: ...and the entry moves at the first gap after it");
	CHECK(snic_bpt_peek(&e, &e.f[0], &p, false, 0) == 1,
	      "BPT peek: settled on the new best path, lockless again");
	{
		struct snic_bpt_ent f = e;

		snic_arn_set_link(&t, own, SNIC_LINK_OK, 0, 0);
		snic_arn_set_link(&t, SNIC_AR_LINK_L(1, 2), SNIC_LINK_CONGESTED,
				  200, 0);
		snic_bpt_refresh(&f, &t);
		CHECK(snic_bpt_select(&f, &f.f[0], &p, false, 0, 3500, 100, &moved) == 0 &&
		      moved, "BPT: a packet after a known quiet flowlet gap moves at once");
		f = e;
		snic_bpt_refresh(&f, &t);
		CHECK(snic_bpt_select(&f, &f.f[0], &p, false, 0, 3500, 99, &moved) == 1 &&
		      f.f[0].watch, "BPT: ...a shorter quiet starts the watch");
		snic_arn_set_link(&t, own, SNIC_LINK_CONGESTED, 200, 0);
		snic_arn_set_link(&t, SNIC_AR_LINK_L(1, 2), SNIC_LINK_OK, 0, 0);
	}
	snic_arn_set_link(&t, own, SNIC_LINK_OK, 0, 0);
	snic_bpt_refresh(&e, &t);
	snic_bpt_select(&e, &e.f[0], &p, false, 0, 2210, 0, &moved);
	snic_arn_set_link(&t, own, SNIC_LINK_CONGESTED, 200, 0);
	snic_bpt_refresh(&e, &t);
	CHECK(snic_bpt_peek(&e, &e.f[0], &p, false, 0) == SNIC_BPT_DECIDE &&
	      snic_bpt_select(&e, &e.f[0], &p, false, 0, 2220, 0, &moved) == 1 && !e.f[0].watch,
	      "BPT: a watch whose better path went away stops (select clears it)");
	snic_arn_set_link(&t, SNIC_AR_LINK_L(1, 2), SNIC_LINK_FAILED, 255, 0);
	snic_bpt_refresh(&e, &t);
	CHECK(snic_bpt_peek(&e, &e.f[0], &p, true, 0) == 2 &&
	      snic_bpt_peek(&e, &e.f[0], &p, false, 0) == SNIC_BPT_DECIDE,
	      "BPT peek: a failed current path: transit goes round, select moves");

	/* Equal costs: greedy takes the first, greedy-random spreads. */
	memset(&t, 0, sizeof(t));
	bpt_init(&e);
	e.c[1].cost = 2;
	for (i = 0; i < 64; i++) {
		struct snic_bpt_ent f = e;

		p.algorithm = SNIC_AR_GREEDY_RANDOM;
		hits[snic_bpt_select(&f, &f.f[0], &p, false, i * 2654435761u, 0, 0, &moved)]++;
	}
	CHECK(hits[0] > 16 && hits[1] > 16,
	      "BPT: greedy-random spreads equal-cost candidates");
	p.algorithm = SNIC_AR_GREEDY;
	CHECK(snic_bpt_select(&e, &e.f[0], &p, false, 12345, 0, 0, &moved) == 0,
	      "BPT: greedy takes the first of them");
}

/* Valiant: per flow a random non-minimal candidate, whatever the load. */
/* The entry's path (tracing, notifications): greedy, for a host's packet. */
static void test_bpt_first(void)
{
	static struct snic_arn_links t;
	struct snic_bpt_ent e;

	memset(&t, 0, sizeof(t));
	bpt_init(&e);
	CHECK(snic_bpt_first(&e) == 0, "BPT first: the cheapest candidate");
	snic_arn_set_link(&t, SNIC_AR_LINK_G(1, 5, 4), SNIC_LINK_CONGESTED, 1, 0);
	snic_bpt_refresh(&e, &t);
	CHECK(snic_bpt_first(&e) == 0,
	      "BPT first: of equal costs, the first (0: 2 + 1 vs 1: 3)");
	snic_arn_set_link(&t, SNIC_AR_LINK_G(1, 5, 4), SNIC_LINK_FAILED, 255, 0);
	snic_bpt_refresh(&e, &t);
	CHECK(snic_bpt_first(&e) == 1,
	      "BPT first: a failed link excludes its candidate: the next");
	snic_arn_set_link(&t, SNIC_AR_LINK_G(2, 5, 4), SNIC_LINK_FAILED, 255, 0);
	snic_bpt_refresh(&e, &t);
	CHECK(snic_bpt_first(&e) == 2,
	      "BPT first: ...and one of the links of the next: the last");
	snic_arn_set_link(&t, SNIC_AR_LINK_G(1, 3, 5), SNIC_LINK_FAILED, 255, 0);
	snic_bpt_refresh(&e, &t);
	CHECK(snic_bpt_first(&e) == -1, "BPT first: every candidate failed: -1");
	e.n = 0;
	CHECK(snic_bpt_first(&e) == -1, "BPT first: no candidate: -1");
}

static void test_valiant(void)
{
	struct snic_ar_params p = { .hold_down_ns = 1000, .flowlet_ns = 100,
				    .algorithm = SNIC_AR_VALIANT };
	static struct snic_arn_links t;
	int i, hits[3] = { 0, 0, 0 };
	struct snic_bpt_ent e;
	bool moved, same = true;

	bpt_init(&e);
	for (i = 0; i < 300; i++)
		hits[snic_bpt_select(&e, &e.f[0], &p, false, i * 2654435761u, i, 0, &moved)]++;
	CHECK(!hits[0] && hits[1] > 100 && hits[2] > 100,
	      "valiant: never the minimal path, both detours about evenly");
	for (i = 0; i < 50; i++)
		same &= snic_bpt_select(&e, &e.f[0], &p, false, 777, i * 1000, 0, &moved) ==
			snic_bpt_select(&e, &e.f[0], &p, false, 777, 0, 0, &moved);
	CHECK(same && !e.f[0].last, "valiant: one flow keeps its path, no state kept");
	CHECK(snic_bpt_select(&e, &e.f[0], &p, true, 5, 0, 0, &moved) == 2,
	      "valiant: from a local link, a global first hop (via group 3)");
	snic_arn_set_link(&t, SNIC_AR_LINK_G(1, 3, 5), SNIC_LINK_CONGESTED, 250, 0);
	snic_bpt_refresh(&e, &t);
	for (i = 0, hits[1] = hits[2] = 0; i < 100; i++)
		hits[snic_bpt_select(&e, &e.f[0], &p, false, i * 2654435761u, 0, 0, &moved)]++;
	CHECK(hits[2] > 20, "valiant: oblivious, a congested detour is still taken");
	snic_arn_set_link(&t, SNIC_AR_LINK_G(1, 3, 5), SNIC_LINK_FAILED, 255, 0);
	snic_arn_set_link(&t, SNIC_AR_LINK_G(2, 5, 4), SNIC_LINK_FAILED, 255, 0);
	snic_bpt_refresh(&e, &t);
	CHECK(snic_bpt_select(&e, &e.f[0], &p, false, 3, 0, 0, &moved) == 0,
	      "valiant: every detour failed: the minimal path");
}

/*
 * A full entry (SNIC_BPT_CANDS, 8: the minimal path and a detour through
 * each of 7 other groups, as fabric up programs dragonfly:2,4,2,9):
 * Valiant spreads over every detour, the last ones too, and a failed
 * link excludes the last candidate as it does the first.
 */
static void test_bpt_full(void)
{
	struct snic_ar_params p = { .hold_down_ns = 1000, .flowlet_ns = 100,
				    .algorithm = SNIC_AR_VALIANT };
	static struct snic_arn_links t;
	int i, hits[SNIC_BPT_CANDS] = { 0 };
	struct snic_bpt_ent e;
	bool moved, all = true;

	memset(&e, 0, sizeof(e));
	e.n = SNIC_BPT_CANDS;
	e.c[0] = (struct snic_bpt_cand){ .port = 4, .cost = 2, .global = true,
		.link = { SNIC_AR_LINK_G(1, 5, 4) } };
	for (i = 1; i < SNIC_BPT_CANDS; i++)
		e.c[i] = (struct snic_bpt_cand){ .port = 10 + i, .cost = 5,
			.global = true, .link = { SNIC_AR_LINK_G(1, 5 + i, 10 + i) } };
	for (i = 0; i < 700; i++)
		hits[snic_bpt_select(&e, &e.f[0], &p, false, i * 2654435761u, i, 0, &moved)]++;
	for (i = 1; i < SNIC_BPT_CANDS; i++)
		all &= hits[i] > 50;
	CHECK(SNIC_BPT_CANDS == 8 && !hits[0] && all,
	      "BPT of 8: valiant takes each of the 7 detours, never the minimal path");
	snic_arn_set_link(&t, SNIC_AR_LINK_G(1, 5 + 7, 17), SNIC_LINK_FAILED, 255, 0);
	snic_bpt_refresh(&e, &t);
	for (i = 0, hits[7] = 0; i < 700; i++)
		hits[snic_bpt_select(&e, &e.f[0], &p, false, i * 2654435761u, i, 0, &moved)]++;
	CHECK(e.c[7].penalty == SNIC_BPT_EXCLUDED && !hits[7],
	      "BPT of 8: a failed link excludes the eighth candidate");
}

/*
 * Per packet, as BookSim2 routes a Dragonfly: on an entry of the minimal
 * path and 7 detours (each through another group), Valiant draws each
 * intermediate group 1 in 9 (the minimal path 2 in 9: the source and the
 * destination group); UGAL-L takes the drawn detour only when the minimal
 * path's queue is longer by more than twice the detour's and the threshold.
 */
static u32 test_queued(const struct snic_bpt_cand *c, void *arg)
{
	return ((const u32 *)arg)[c->port];
}

static void dragonfly_ent(struct snic_bpt_ent *e)
{
	int i;

	memset(e, 0, sizeof(*e));
	e->n = SNIC_BPT_CANDS;
	e->c[0] = (struct snic_bpt_cand){ .port = 4, .cost = 2, .global = true,
		.link = { SNIC_AR_LINK_G(1, 5, 4) } };
	for (i = 1; i < SNIC_BPT_CANDS; i++)
		e->c[i] = (struct snic_bpt_cand){ .port = 10 + i, .cost = 5,
			.global = i < 4,
			.link = { SNIC_AR_LINK_G(1, 5 + i, 10 + i) } };
}

/* A per-packet choice that must exist (-1 would index out of range). */
static int must(int c)
{
	if (c < 0) {
		CHECK(0, "per packet: a usable candidate exists, yet none was chosen");
		return 0;
	}
	return c;
}

static void test_packet(void)
{
	struct snic_ar_params val = { .algorithm = SNIC_AR_VALIANT_PACKET },
			      ugal = { .algorithm = SNIC_AR_UGAL };
	int i, c, hits[SNIC_BPT_CANDS] = { 0 };
	static struct snic_arn_links t;
	u32 q[32] = { 0 };
	struct snic_bpt_ent e;
	bool moved, ok = true;

	memset(&t, 0, sizeof(t));
	dragonfly_ent(&e);
	for (i = 0; i < 9000; i++)
		hits[must(snic_bpt_packet(&e, &val, false, i, test_queued, q))]++;
	for (i = 1; i < SNIC_BPT_CANDS; i++)
		ok &= hits[i] == 1000;
	CHECK(hits[0] == 2000 && ok,
	      "valiant per packet: the minimal path 2 in 9, each detour 1 in 9");
	memset(hits, 0, sizeof(hits));
	for (i = 0; i < 900; i++)
		hits[must(snic_bpt_packet(&e, &val, true, i, NULL, NULL))]++;
	CHECK(hits[0] == 360 && hits[1] == 180 && hits[2] == 180 &&
	      hits[3] == 180 && !hits[4] && !hits[7],
	      "valiant per packet, from a local link: this switch's global links only, same weights");
	CHECK(snic_bpt_peek(&e, &e.f[0], &val, false, 3) ==
	      snic_bpt_packet(&e, &val, false, 3, NULL, NULL) &&
	      snic_bpt_select(&e, &e.f[0], &val, false, 3, 5, 0, &moved) ==
	      snic_bpt_packet(&e, &val, false, 3, NULL, NULL) &&
	      !e.f[0].last && !moved,
	      "per packet: peek and select draw with the hash, no state kept");
	memset(hits, 0, sizeof(hits));
	for (i = 0; i < 9000; i++)
		hits[must(snic_bpt_packet(&e, &ugal, false, i, test_queued, q))]++;
	CHECK(hits[0] == 9000, "ugal: every queue empty: the minimal path");
	q[4] = 100000;
	memset(hits, 0, sizeof(hits));
	for (i = 0; i < 9000; i++)
		hits[must(snic_bpt_packet(&e, &ugal, false, i, test_queued, q))]++;
	CHECK(hits[0] == 2000 && hits[5] == 1000,
	      "ugal: the minimal path's queue long: each drawn detour taken");
	/* r = 2: the first detour (weights 2, 1, ...) */
	q[4] = 2 * 1000 + SNIC_UGAL_THRESHOLD;
	q[11] = 1000;
	c = snic_bpt_packet(&e, &ugal, false, 2, test_queued, q);
	q[4]++;
	CHECK(c == 0 && snic_bpt_packet(&e, &ugal, false, 2, test_queued, q) == 1,
	      "ugal: 1 x q_min <= 2 x q_detour + threshold keeps the minimal path, one byte more does not");
	snic_arn_set_link(&t, SNIC_AR_LINK_G(1, 5, 4), SNIC_LINK_FAILED, 255, 0);
	snic_bpt_refresh(&e, &t);
	memset(hits, 0, sizeof(hits));
	for (i = 0; i < 700; i++)
		hits[must(snic_bpt_packet(&e, &ugal, false, i, test_queued, q))]++;
	for (i = 1, ok = true; i < SNIC_BPT_CANDS; i++)
		ok &= hits[i] == 100;
	CHECK(!hits[0] && ok, "ugal: the minimal path failed: the detours, evenly");
	memset(&t, 0, sizeof(t));
	snic_bpt_refresh(&e, &t);
	memset(hits, 0, sizeof(hits));
	for (i = 0; i < 900; i++) {
		c = snic_bpt_packet(&e, &ugal, true, i, test_queued, q);
		ok = c >= 0;
		if (!ok)
			break;
		hits[c]++;
	}
	CHECK(ok && hits[0] == 900,
	      "ugal from a local link: the minimal path this switch holds, whatever the queues (decided at the first switch)");
	e.c[0].global = false;
	memset(hits, 0, sizeof(hits));
	for (i = 0; i < 300; i++) {
		c = snic_bpt_packet(&e, &ugal, true, i, test_queued, q);
		ok = c >= 0;
		if (!ok)
			break;
		hits[c]++;
	}
	CHECK(ok && hits[1] == 100 && hits[2] == 100 && hits[3] == 100,
	      "ugal from a local link, the minimal path elsewhere: this switch's detours, evenly");
	e.c[0].global = true;
	CHECK(snic_bpt_packet(&e, &ugal, false, 2, NULL, NULL) == 0,
	      "ugal without queues read: every queue empty, the minimal path");
	/* An in-group destination: the minimal path, its detours only when
	 * it failed (as BookSim2 routes a group's own traffic minimally).
	 */
	memset(&e, 0, sizeof(e));
	e.n = 2;
	e.c[0] = (struct snic_bpt_cand){ .port = 2, .cost = 1,
		.link = { SNIC_AR_LINK_L(1, 2) } };
	e.c[1] = (struct snic_bpt_cand){ .port = 3, .cost = 2, .detour = true,
		.link = { SNIC_AR_LINK_L(1, 3) } };
	for (i = 0, ok = true; i < 100; i++)
		ok &= snic_bpt_packet(&e, &val, false, i, NULL, NULL) == 0;
	memset(&t, 0, sizeof(t));
	snic_arn_set_link(&t, SNIC_AR_LINK_L(1, 2), SNIC_LINK_FAILED, 255, 0);
	snic_bpt_refresh(&e, &t);
	CHECK(ok && snic_bpt_packet(&e, &val, false, 0, NULL, NULL) == 1 &&
	      snic_bpt_packet(&e, &val, true, 0, NULL, NULL) == -1,
	      "per packet, in the group: minimal, a detour once it failed, none from a local link");
}

/*
 * The intermediate switch of a Valiant path (ar_intm): r picks one of n + 2
 * equal slices of 2^32 in a row, the n other switches of the group, then
 * the landing switch and the exit one, which both mean the direct path
 * (-1). Sampled evenly (r = i << 16 for every i < 2^16), each slice gets
 * 2^16 / (n + 2) of the draws, give or take the one the division leaves.
 */
static void test_intm(void)
{
	static const unsigned int ns[] = { 0, 1, 2, 3, 7 };
	unsigned int hits[8 + 1], cnt, slices, lo, hi, i, j, t;
	bool range, same, order, even;
	char desc[160];
	int c, idx, prev;
	u32 r;

	for (t = 0; t < sizeof(ns) / sizeof(ns[0]); t++) {
		cnt = ns[t];
		slices = cnt + 2;
		lo = 65536 / slices;
		hi = (65536 + slices - 1) / slices;
		memset(hits, 0, sizeof(hits));
		range = same = order = true;
		prev = 0;
		for (i = 0; i < 65536; i++) {
			r = (u32)i << 16;
			c = snic_intm_pick(r, cnt);
			range &= c >= -1 && c < (int)cnt;
			same &= snic_intm_pick(r, cnt) == c;
			if (c < -1 || c >= (int)cnt)
				continue;
			/* -1 last: 0, 1, ..., n - 1, then the direct path */
			idx = c < 0 ? (int)cnt : c;
			order &= idx >= prev;
			prev = idx;
			hits[idx]++;
		}
		snprintf(desc, sizeof(desc),
			 "intm, n %u: every result in [-1, n), the same for the same r, ascending in r",
			 cnt);
		CHECK(range && same && order, desc);
		for (j = 0, even = true; j < cnt; j++)
			even &= hits[j] >= lo && hits[j] <= hi;
		snprintf(desc, sizeof(desc),
			 "intm, n %u: each other switch 1 in %u, the direct path 2 in %u",
			 cnt, slices, slices);
		CHECK(even && hits[cnt] >= 2 * lo && hits[cnt] <= 2 * hi, desc);
		snprintf(desc, sizeof(desc),
			 "intm, n %u: r 0 draws %s, r 0xffffffff the direct path",
			 cnt, cnt ? "the first other switch" :
				    "the direct path");
		CHECK(snic_intm_pick(0, cnt) == (cnt ? 0 : -1) &&
		      snic_intm_pick(0xffffffffu, cnt) == -1, desc);
	}
	for (i = 0, range = true; i < 100000; i++)
		range &= snic_intm_pick(i * 2654435761u, 0) == -1;
	CHECK(range, "intm, n 0 (no other switch): always the direct path");
	/* The slices' edges, for n = 1: [0, 2^32 / 3) is the other switch. */
	CHECK(snic_intm_pick(0x55555555u, 1) == 0 &&
	      snic_intm_pick(0x55555556u, 1) == -1,
	      "intm, n 1: the other switch up to r = 2^32 / 3, the direct path above");
}

/*
 * Wire bytes of every Type x Para-Type combination a switch may send
 * (ORIGIN and one of PEER_GROUP / LOCAL_LINK, any of the rest): the
 * header, each parameter at its offset in bit order, big endian, and
 * the round trip.
 */
static void test_wire_matrix(void)
{
	int type, bits, bad = 0, sets = 0;

	for (type = SNIC_ARN_CONGESTED; type <= SNIC_ARN_RECOVERED; type++) {
		for (bits = 0; bits < 0x80; bits++) {
			struct snic_arn a = {
				.type = type,
				.metric = type == SNIC_ARN_FAILED ? 255 : 77,
				.params = bits, .group = 0x0102, .sw = 0x0304,
				.peer_group = 0x0506, .index = 0x07,
				.from = 0x0304, .to = 0x0708, .seq = 0x0a0b0c0d,
				.lifetime_us = 0x11121314, .path_id = 0xabcd,
				.saddr = 0x0a000001, .daddr = 0x0a000002,
				.sport = 0x1f90, .dport = 0x12b7, .proto = 17,
			};
			static const u8 plen[7] = { 4, 4, 4, 4, 4, 4, 16 };
			u8 buf[SNIC_ARN_LEN_MAX], *q;
			size_t len, want = 4;
			struct snic_arn b;
			int bit;

			if (!(bits & SNIC_ARN_P_ORIGIN) ||
			    !(bits & SNIC_ARN_P_PEER_GROUP) ==
			    !(bits & SNIC_ARN_P_LOCAL_LINK))
				continue;
			sets++;
			for (bit = 0; bit < 7; bit++)
				if (bits & (1 << bit))
					want += plen[bit];
			len = snic_arn_encode(&a, buf, sizeof(buf));
			if (len != want || buf[0] != type || buf[1] != 0 ||
			    buf[2] != a.metric || buf[3] != bits) {
				bad++;
				continue;
			}
			q = buf + 4;
			for (bit = 0; bit < 7; bit++) {
				static const u8 w[7][16] = {
					{ 1, 2, 3, 4 }, { 5, 6, 0, 7 },
					{ 3, 4, 7, 8 }, { 10, 11, 12, 13 },
					{ 0x11, 0x12, 0x13, 0x14 },
					{ 0, 0, 0xab, 0xcd },
					{ 10, 0, 0, 1, 10, 0, 0, 2, 0x1f, 0x90,
					  0x12, 0xb7, 17, 0, 0, 0 },
				};

				if (!(bits & (1 << bit)))
					continue;
				bad += !!memcmp(q, w[bit], plen[bit]);
				q += plen[bit];
			}
			if (snic_arn_decode(buf, len, &b) != SNIC_ARN_OK)
				bad++;
			else if (!(b.params == bits && b.type == type &&
				   snic_arn_link_key(&b) == snic_arn_link_key(&a)))
				bad++;
		}
	}
	CHECK(sets == 4 * 2 * 16 && !bad,
	      "ARN: wire bytes of all 4 types x 32 parameter sets, each field at its offset");
}

/*
 * Flow buckets: each its own path and flowlets; a per-flow notice moves
 * one flow off a link and leaves the link's state alone.
 */
static void test_perflow(void)
{
	static struct snic_arn_links t;
	struct snic_ar_params p = { .hold_down_ns = 1000, .flowlet_ns = 100 };
	const u32 own = SNIC_AR_LINK_G(1, 5, 4);
	struct snic_arn a = global_arn(SNIC_ARN_CONGESTED, 10);
	struct snic_arn_pkt k = { .entropy = 0x1234 };
	static struct snic_bpt_ent e;
	u32 keys[4];
	bool moved;
	int i;

	memset(&t, 0, sizeof(t));
	bpt_init(&e);
	CHECK(snic_bpt_bucket(0x1234) < SNIC_BPT_FLOWS &&
	      snic_bpt_bucket(0xffff) < SNIC_BPT_FLOWS,
	      "flows: a bucket per ENTROPY, 0..15");
	snic_bpt_select(&e, &e.f[0], &p, false, 0, 10, 0, &moved);
	snic_bpt_select(&e, &e.f[1], &p, false, 0, 10, 0, &moved);
	snic_arn_set_link(&t, own, SNIC_LINK_CONGESTED, 200, 0);
	snic_bpt_refresh(&e, &t);
	CHECK(snic_bpt_select(&e, &e.f[0], &p, false, 0, 20, 0, &moved) == 0 &&
	      e.f[0].watch && !e.f[1].watch,
	      "flows: a bucket's watch is its own");
	CHECK(snic_bpt_select(&e, &e.f[0], &p, false, 0, 200, 0, &moved) == 1 &&
	      moved && e.f[1].cur == 0,
	      "flows: one bucket moves at its flowlet gap, the other stays");
	snic_arn_set_link(&t, own, SNIC_LINK_OK, 0, 0);

	/* A per-flow notice: flow 0x1234 is hurt by link own. */
	a.params |= SNIC_ARN_P_PATH_ID;
	a.sw = 1;
	a.peer_group = 5;
	a.index = 4;
	a.path_id = 0x1234;
	CHECK(snic_arn_learn(&t, &a, 100, 5000) == SNIC_ARN_APPLIED &&
	      t.nflows == 1 && !snic_arn_link_find(&t, own),
	      "per-flow ARN: a notice, the link's own state untouched");
	CHECK(snic_arn_flow_links(&t, &k, keys, 4) == 1 && keys[0] == own,
	      "per-flow ARN: the named flow matches, by its ENTROPY");
	k.entropy = 0x1235;
	CHECK(snic_arn_flow_links(&t, &k, keys, 4) == 0,
	      "per-flow ARN: another flow does not");
	CHECK(snic_bpt_uses(&e, own) == 1 &&
	      snic_bpt_avoid(&e, &p, false, 0, snic_bpt_uses(&e, own)) == 1,
	      "per-flow ARN: the flow avoids the candidates through the link");
	CHECK(snic_bpt_avoid(&e, &p, false, 0, 7) == -1,
	      "per-flow ARN: nothing left to take: -1, the flow keeps its path");
	a.seq++;
	CHECK(snic_arn_learn(&t, &a, 200, 5000) == SNIC_ARN_REFRESHED &&
	      t.f[0].expires == 5200, "per-flow ARN: a repeat renews the notice");
	a.seq++;
	a.type = SNIC_ARN_ELIMINATED;
	CHECK(snic_arn_learn(&t, &a, 300, 5000) == SNIC_ARN_APPLIED &&
	      t.nflows == 0, "per-flow ARN: eliminated for the same flow ends it");

	/* FLOW: the 5-tuple; a packet without one never matches. */
	a.type = SNIC_ARN_CONGESTED;
	a.seq++;
	a.params = (a.params & ~SNIC_ARN_P_PATH_ID) | SNIC_ARN_P_FLOW;
	a.saddr = 0x0a000001;
	a.daddr = 0x0a000005;
	a.sport = 4000;
	a.dport = 5001;
	a.proto = 17;
	snic_arn_learn(&t, &a, 400, 5000);
	k = (struct snic_arn_pkt){ .entropy = 1, .has_tuple = true,
		.saddr = 0x0a000001, .daddr = 0x0a000005, .sport = 4000,
		.dport = 5001, .proto = 17 };
	CHECK(snic_arn_flow_links(&t, &k, keys, 4) == 1,
	      "per-flow ARN: FLOW matches the 5-tuple");
	k.sport = 4001;
	CHECK(snic_arn_flow_links(&t, &k, keys, 4) == 0,
	      "per-flow ARN: another source port does not");
	k.sport = 4000;
	k.has_tuple = false;
	CHECK(snic_arn_flow_links(&t, &k, keys, 4) == 0,
	      "per-flow ARN: a packet of no known 5-tuple does not");
	CHECK(!snic_arn_expire(&t, 5399) && snic_arn_expire(&t, 5400) &&
	      !t.nflows, "per-flow ARN: a notice ends with its lifetime");

	/* Full: the one that expires first makes room. */
	a.params = (a.params & ~SNIC_ARN_P_FLOW) | SNIC_ARN_P_PATH_ID;
	for (i = 0; i < SNIC_ARN_MAX_FLOWS; i++) {
		a.seq++;
		a.path_id = i;
		snic_arn_learn(&t, &a, 6000 + i, 5000);
	}
	a.seq++;
	a.path_id = 999;
	k = (struct snic_arn_pkt){ .entropy = 0 };
	CHECK(t.nflows == SNIC_ARN_MAX_FLOWS &&
	      snic_arn_learn(&t, &a, 7000, 5000) == SNIC_ARN_FULL &&
	      t.nflows == SNIC_ARN_MAX_FLOWS &&
	      snic_arn_flow_links(&t, &k, keys, 4) == 0,
	      "per-flow ARN: full, the notice expiring first is replaced");
	a.seq++;
	a.path_id = 0x10000;
	{
		u8 buf[SNIC_ARN_LEN_MAX];
		struct snic_arn b;
		size_t len;

		CHECK(snic_arn_encode(&a, buf, sizeof(buf)) == 0,
		      "per-flow ARN: a PATH_ID beyond 16 bits refused");
		a.path_id = 1;
		len = snic_arn_encode(&a, buf, sizeof(buf));
		buf[len - 3] = 1;	/* PATH_ID 0x10001 */
		CHECK(snic_arn_decode(buf, len, &b) == SNIC_ARN_EFIELD,
		      "per-flow ARN: ...and is EFIELD on receive");
	}
}

static void test_monitor(void)
{
	struct snic_arn_thr t = { .set = 128, .clear = 32, .set_samples = 3,
				  .clear_samples = 2 };
	struct snic_arn_mon m = { 0 };
	int ev = 0;

	ev |= snic_arn_sample(&m, &t, 200);
	ev |= snic_arn_sample(&m, &t, 200);
	ev |= snic_arn_sample(&m, &t, 100);	/* below: counting restarts */
	ev |= snic_arn_sample(&m, &t, 200);
	ev |= snic_arn_sample(&m, &t, 200);
	CHECK(ev == SNIC_ARN_EV_NONE, "monitor: no event before set_samples in a row");
	CHECK(snic_arn_sample(&m, &t, 128) == SNIC_ARN_EV_CONGESTED,
	      "monitor: congested after 3 samples at or above set");
	CHECK(snic_arn_sample(&m, &t, 100) == SNIC_ARN_EV_NONE &&
	      snic_arn_sample(&m, &t, 32) == SNIC_ARN_EV_NONE,
	      "monitor: between the levels, no change (hysteresis)");
	CHECK(snic_arn_sample(&m, &t, 0) == SNIC_ARN_EV_ELIMINATED,
	      "monitor: eliminated after 2 samples at or below clear");

	/* Exactly once each: a level that stays high for 1000 samples, then
	 * flaps across each threshold, then stays low, gives one detected
	 * and one eliminated, in that order; a pseudo-random level never
	 * gives two of a kind in a row.
	 */
	{
		int i, cong = 0, elim = 0, last = SNIC_ARN_EV_ELIMINATED;
		bool alternate = true;
		u32 x = 12345;

		memset(&m, 0, sizeof(m));
		for (i = 0; i < 3000; i++) {
			u8 level = i < 1000 ? 255 :
				   i < 1500 ? (i & 1 ? 127 : 129) :
				   i < 2000 ? (i & 1 ? 31 : 33) : 0;
			int e = snic_arn_sample(&m, &t, level);

			cong += e == SNIC_ARN_EV_CONGESTED;
			elim += e == SNIC_ARN_EV_ELIMINATED;
		}
		CHECK(cong == 1 && elim == 1,
		      "monitor: 1000 samples high, flapping, low: detected once, eliminated once");
		memset(&m, 0, sizeof(m));
		for (i = 0; i < 100000; i++) {
			int e;

			x = x * 1103515245u + 12345u;
			e = snic_arn_sample(&m, &t, (x >> 16) & 0xff);
			if (e == SNIC_ARN_EV_NONE)
				continue;
			alternate &= e != last;
			last = e;
			cong++;
		}
		CHECK(alternate && cong > 1000,
		      "monitor: events alternate, detected then eliminated, never twice");
	}
}

/* The switch's fabric clock, read by its owner and by lockless readers. */
static void test_fclock(void)
{
	struct snic_fclock c = { 0 };

	CHECK(snic_fclock_read(&c, 1000) == 1000 &&
	      snic_fclock_now(&c, 1000, 10) == 100 && c.d == 10,
	      "fclock: not started, read is wall time; now starts it at D 10");
	CHECK(snic_fclock_read(&c, 2000) == 200 &&
	      snic_fclock_now(&c, 2000, 10) == 200,
	      "fclock: read and now agree while D holds");
	CHECK(snic_fclock_now(&c, 3000, 2) == 300 &&
	      snic_fclock_read(&c, 3500) == 550,
	      "fclock: a new D rebases, time stays continuous");
	CHECK(snic_fclock_read(&c, 2500) == 300,
	      "fclock: read never goes back before the last rebase");
}

void test_arn(void)
{
	test_fclock();
	test_codec();
	test_links();
	test_links_changed();
	test_links_full();
	test_origin_restart();
	test_bpt();
	test_bpt_first();
	test_valiant();
	test_packet();
	test_intm();
	test_bpt_full();
	test_wire_matrix();
	test_perflow();
	test_monitor();
}
