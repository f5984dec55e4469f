// SPDX-License-Identifier: GPL-2.0
/*
 * Host unit tests of the credit protocol (drivers/snic/core/credit.[ch]):
 * the frame codec, the arithmetic, scenarios that broke the FIFO-only
 * protocol, and a simulated link that reorders, delays and loses frames
 * in both directions while buffers change and ends restart. Prints KTAP.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "unit.h"
#include "credit.h"

static void test_codec(void)
{
	struct snic_credit c = {
		.type = SNIC_CREDIT_SYNC, .mask = 0x0005, .rebase = 0x0007,
		.session = 0x11223344, .seq = 0xa0b0c0d0, .epoch = 0xfe,
		.peer = 0x55667788,
	}, d;
	uint8_t buf[SNIC_CREDIT_FRAME_LEN];
	int i;

	for (i = 0; i < SNIC_CREDIT_SCS; i++)
		c.sc2vl[i] = (i * 7) & 0xf;
	c.count[0] = 0x01020304;
	c.count[2] = 0xfffffff0;
	c.count[1] = 77;	/* not in the mask: not sent */
	snic_credit_encode(buf, &c);
	CHECK(SNIC_CREDIT_FRAME_LEN == 100 &&
	      buf[0] == 3 && buf[1] == 2 && buf[2] == 0 && buf[3] == 5 &&
	      buf[4] == 0x11 && buf[7] == 0x44 && buf[8] == 0xa0 && buf[11] == 0xd0 &&
	      buf[12] == 0xfe && buf[13] == 0 && buf[14] == 0 && buf[15] == 5 &&
	      buf[16] == 0x55 && buf[19] == 0x88 &&
	      buf[20] == 0x07 && buf[21] == 0xe5 && buf[35] == 0x29 &&
	      buf[36] == 1 && buf[39] == 4 && buf[40] == 0 && buf[47] == 0xf0,
	      "credit frame: documented layout (network order), rebase within the mask");
	CHECK(snic_credit_decode(buf, sizeof(buf), &d) == SNIC_CREDIT_OK &&
	      d.mask == 5 && d.rebase == 5 && d.session == 0x11223344 &&
	      d.seq == 0xa0b0c0d0 && d.epoch == 0xfe && d.count[0] == 0x01020304 &&
	      d.count[2] == 0xfffffff0 && d.count[1] == 0 && d.peer == 0x55667788 &&
	      !memcmp(d.sc2vl, c.sc2vl, sizeof(c.sc2vl)),
	      "credit frame: decode inverts encode, masked VLs only, peer and SC-to-VL map");
	c.type = SNIC_CREDIT_LIMIT;
	snic_credit_encode(buf, &c);
	CHECK(buf[15] == 0 && buf[16] == 0 && buf[21] == 0 &&
	      snic_credit_decode(buf, sizeof(buf), &d) == 0 &&
	      d.rebase == 0 && d.peer == 0 && d.sc2vl[1] == 0,
	      "credit frame: a LIMIT has no rebase mask, peer or map");
	CHECK(snic_credit_decode(buf, SNIC_CREDIT_FRAME_LEN - 1, &d) == SNIC_CREDIT_ESHORT,
	      "credit frame: short frame refused");
	buf[0] = 2;
	CHECK(snic_credit_decode(buf, sizeof(buf), &d) == SNIC_CREDIT_EVERSION,
	      "credit frame: version 2 (sessions by the wall clock) refused");
	buf[0] = 3;
	buf[1] = 3;
	CHECK(snic_credit_decode(buf, sizeof(buf), &d) == SNIC_CREDIT_ETYPE,
	      "credit frame: unknown type refused");
	buf[1] = 2;
	buf[2] = 0x80;
	CHECK(snic_credit_decode(buf, sizeof(buf), &d) == SNIC_CREDIT_EVL,
	      "credit frame: management VL refused");
}

static void test_math(void)
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
	CHECK(snic_credit_newer(1, 0xffffffff) && !snic_credit_newer(5, 5) &&
	      snic_credit_epoch_diff(1, 255) == 2 && snic_credit_epoch_diff(250, 3) == -9,
	      "credits: sessions, sequence numbers and epochs compare modulo their size");
}

/* A receiver and a sender that have agreed on VL 0 with @buf credits. */
static void pair(struct snic_crx_link *r, struct snic_ctx_link *t, u32 buf)
{
	u32 bufs[SNIC_CREDIT_VLS] = { buf };
	struct snic_credit c;
	struct snic_crx_sync_res res;

	snic_crx_link_init(r, 100);
	snic_ctx_link_init(t, 7);
	snic_crx_link_set_buf(r, bufs);
	snic_crx_link_limit(r, &c);
	snic_ctx_link_limit(t, &c);	/* adopt, rebase */
	snic_ctx_link_sync(t, &c);
	snic_crx_link_sync(r, &c, 0, &res);
	snic_crx_link_limit(r, &c);
	snic_ctx_link_limit(t, &c);	/* acks the rebase */
}

static s32 window(const struct snic_ctx_link *t)
{
	return snic_credit_diff(t->vl[0].limit, t->vl[0].tbs);
}

/* Send a data frame of @n credits on VL 0: its epoch. */
static u8 send(struct snic_ctx_link *t, u32 n)
{
	snic_ctx_link_sent(t, 0, n);
	return t->epoch;
}

static void test_scenarios(void)
{
	struct snic_crx_link r;
	struct snic_ctx_link t;
	struct snic_crx_sync_res res;
	struct snic_credit c, s1, s2;
	u8 e1, e2;
	bool ok;

	pair(&r, &t, 100);
	CHECK(t.vl[0].gated && window(&t) == 100 && !t.pending && r.synced,
	      "handshake: the sender adopts the receiver's count and gets the whole buffer");

	/* The bug: a SYNC overtakes the data it accounts for. */
	e1 = send(&t, 10);
	snic_ctx_link_sync(&t, &s1);	/* closes e1 */
	snic_crx_link_sync(&r, &s1, 0, &res);	/* arrives first */
	ok = snic_crx_link_arrive(&r, 0, e1, 10, false) == SNIC_CRX_ON_TIME &&
	     snic_crx_link_admit(&r, 0, 10, false);
	snic_crx_link_leave(&r, 0, 10, false);
	snic_crx_link_limit(&r, &c);
	snic_ctx_link_limit(&t, &c);
	CHECK(ok && r.vl[0].abr == t.vl[0].tbs && window(&t) == 100 && r.late == 0,
	      "SYNC overtaking data: the data is credited once, not twice");

	/* Data lost on the link: written off one round later. */
	send(&t, 7);
	snic_ctx_link_sync(&t, &s1);
	snic_crx_link_sync(&r, &s1, 0, &res);
	snic_crx_link_limit(&r, &c);
	snic_ctx_link_limit(&t, &c);
	CHECK(window(&t) == 93 && r.vl[0].pend == 7,
	      "lost data: missing after its SYNC, not yet written off");
	snic_ctx_link_sync(&t, &s2);
	snic_crx_link_sync(&r, &s2, 0, &res);
	snic_crx_link_limit(&r, &c);
	snic_ctx_link_limit(&t, &c);
	CHECK(window(&t) == 100 && r.written_off == 7 && res.changed,
	      "lost data: written off at the next SYNC, every credit back");

	/* Delayed past the write-off: late, admitted, never counted twice. */
	e1 = send(&t, 20);
	snic_ctx_link_sync(&t, &s1);
	snic_crx_link_sync(&r, &s1, 0, &res);
	snic_crx_link_limit(&r, &c);
	snic_ctx_link_limit(&t, &c);
	snic_ctx_link_sync(&t, &s2);
	snic_crx_link_sync(&r, &s2, 0, &res);	/* 20 written off */
	snic_crx_link_limit(&r, &c);
	snic_ctx_link_limit(&t, &c);
	/* the sender fills the buffer it was given back */
	e2 = send(&t, 100);
	ok = snic_crx_link_arrive(&r, 0, e2, 100, false) == SNIC_CRX_ON_TIME &&
	     snic_crx_link_admit(&r, 0, 100, false);
	CHECK(ok && snic_crx_link_arrive(&r, 0, e1, 20, false) == SNIC_CRX_LATE &&
	      snic_crx_link_admit(&r, 0, 20, true) && r.vl[0].used == 120 && r.late == 1,
	      "a late frame is admitted beyond the buffer, not credited, counted");
	snic_crx_link_leave(&r, 0, 20, true);
	snic_crx_link_leave(&r, 0, 100, false);
	snic_ctx_link_sync(&t, &s1);
	snic_crx_link_sync(&r, &s1, 0, &res);
	snic_crx_link_limit(&r, &c);
	snic_ctx_link_limit(&t, &c);
	CHECK(r.vl[0].abr == t.vl[0].tbs && window(&t) == 100 && r.vl[0].late == 0,
	      "after a late frame leaves, the count is exact again");
	CHECK(r.written_off == 27 && r.late_credits == 20 && r.vl[0].owed == 7,
	      "a late frame takes its written-off credits back (late, not lost); the lost ones stay owed");
	/* The same epoch again (a stray or repeated frame): the VL's pool
	 * of write-offs is what it can take back (core/credit.c).
	 */
	CHECK(snic_crx_link_arrive(&r, 0, e1, 20, false) == SNIC_CRX_LATE &&
	      r.late_credits == 27 && r.vl[0].owed == 0,
	      "late frames take back at most what was written off");
	CHECK(snic_crx_link_arrive(&r, 0, e1, 20, false) == SNIC_CRX_LATE &&
	      r.late_credits == 27 && r.late == 3,
	      "a late frame with nothing owed takes nothing back, counted late");

	/* An on-time frame beyond the buffer is an overrun. */
	CHECK(snic_crx_link_arrive(&r, 0, t.epoch, 101, false) == SNIC_CRX_ON_TIME &&
	      !snic_crx_link_admit(&r, 0, 101, false),
	      "a sender beyond its credits overruns the buffer");

	/* Rounds are paced by acks: an unacked SYNC is repeated as is. */
	pair(&r, &t, 100);
	snic_ctx_link_sync(&t, &s1);
	snic_ctx_link_sync(&t, &s2);
	CHECK(s1.epoch == s2.epoch && t.pending && s1.count[0] == s2.count[0],
	      "an unacknowledged SYNC is repeated, the epoch does not move");
	snic_crx_link_sync(&r, &s1, 0, &res);
	snic_crx_link_sync(&r, &s2, 0, &res);
	CHECK(!res.applied && r.sync_stale == 0, "a repeated SYNC is applied once");
	snic_crx_link_limit(&r, &c);
	snic_ctx_link_limit(&t, &c);
	CHECK(!t.pending, "the LIMIT that echoes its epoch acknowledges a SYNC");

	/* Reordered LIMITs: the older one is ignored. */
	pair(&r, &t, 100);
	snic_crx_link_limit(&r, &s1);
	send(&t, 30);
	snic_crx_link_arrive(&r, 0, t.epoch, 30, false);
	snic_crx_link_admit(&r, 0, 30, false);
	snic_crx_link_limit(&r, &s2);	/* window 70 */
	snic_ctx_link_limit(&t, &s2);
	CHECK(snic_ctx_link_limit(&t, &s1) == SNIC_CTX_STALE && window(&t) == 70,
	      "a LIMIT overtaken by a newer one never raises the limit");

	/* A new receiver: the old one's last LIMIT cannot undo it. */
	pair(&r, &t, 100);
	snic_crx_link_limit(&r, &s1);	/* old receiver, session 100 */
	s1.mask = 0;			/* its last word: "no flow control" */
	{
		u32 bufs[SNIC_CREDIT_VLS] = { 50 };

		snic_crx_link_init(&r, 101);
		snic_crx_link_set_buf(&r, bufs);
	}
	snic_crx_link_limit(&r, &c);
	snic_ctx_link_limit(&t, &c);
	CHECK(snic_ctx_link_limit(&t, &s1) == SNIC_CTX_OTHER && t.vl[0].gated &&
	      window(&t) == 0 && (t.rebase & 1),
	      "a new receiver session: rebase with no credit; the old session's word is stale");
	snic_ctx_link_sync(&t, &s2);
	snic_crx_link_sync(&r, &s2, 0, &res);
	snic_crx_link_limit(&r, &c);
	snic_ctx_link_limit(&t, &c);
	CHECK((s2.rebase & 1) && window(&t) == 50 && r.vl[0].abr == t.vl[0].tbs,
	      "the rebase SYNC aligns the new receiver: the whole new buffer");

	/* A link reset: nothing until the next LIMIT, then a rebase. */
	pair(&r, &t, 100);
	send(&t, 40);	/* lost with the link */
	snic_ctx_link_reset(&t);
	CHECK(!snic_ctx_link_may(&t, 0, 1), "after a reset a gated VL waits for a LIMIT");
	snic_crx_link_limit(&r, &c);
	snic_ctx_link_limit(&t, &c);
	snic_ctx_link_sync(&t, &s1);
	snic_crx_link_sync(&r, &s1, 0, &res);
	snic_crx_link_limit(&r, &c);
	snic_ctx_link_limit(&t, &c);
	CHECK(window(&t) == 100 && r.vl[0].abr == t.vl[0].tbs,
	      "after a reset the rebase gives the whole buffer back");

	/* A shrunk buffer admits the old size until the sender knows. */
	pair(&r, &t, 100);
	{
		u32 bufs[SNIC_CREDIT_VLS] = { 40 };

		e1 = send(&t, 90);	/* granted under 100 */
		snic_crx_link_set_buf(&r, bufs);
		ok = snic_crx_link_arrive(&r, 0, e1, 90, false) == SNIC_CRX_ON_TIME &&
		     snic_crx_link_admit(&r, 0, 90, false);
		snic_crx_link_leave(&r, 0, 90, false);
		snic_crx_link_limit(&r, &c);
		snic_ctx_link_limit(&t, &c);
		CHECK(ok && window(&t) == 40, "a shrink: frames granted the old size fit, the new size applies");
		snic_ctx_link_sync(&t, &s1);
		snic_crx_link_sync(&r, &s1, 0, &res);
		snic_crx_link_limit(&r, &c);
		snic_ctx_link_limit(&t, &c);
		snic_ctx_link_sync(&t, &s1);
		snic_crx_link_sync(&r, &s1, 0, &res);
		snic_crx_link_limit(&r, &c);
		snic_ctx_link_limit(&t, &c);
		snic_ctx_link_sync(&t, &s1);
		snic_crx_link_sync(&r, &s1, 0, &res);
		CHECK(r.vl[0].grace == 0 && snic_crx_link_arrive(&r, 0, t.epoch, 41, false) == SNIC_CRX_ON_TIME &&
		      !snic_crx_link_admit(&r, 0, 41, false),
		      "a shrink: once acknowledged and a round later, the new size is the bound");
	}
}

/* Robustness: what a sender that ignores the protocol, a receiver whose
 * session compares older, or a forged frame can do.
 */
static void test_robust(void)
{
	struct snic_crx_link r, r2;
	struct snic_ctx_link t;
	struct snic_crx_sync_res res;
	struct snic_credit c, s1, bye;
	u32 bufs[SNIC_CREDIT_VLS] = { 100 };
	int i;

	/* Outside the count (late, joining): a buffer's worth at most. */
	pair(&r, &t, 100);
	CHECK(snic_crx_link_admit(&r, 0, 60, true) &&
	      !snic_crx_link_admit(&r, 0, 41, true) && r.outside_refused == 1 &&
	      snic_crx_link_admit(&r, 0, 40, true) && r.vl[0].late == 100 &&
	      snic_crx_link_admit(&r, 0, 100, false) &&
	      !snic_crx_link_admit(&r, 0, 1, true) && r.outside_refused == 2,
	      "outside the credit count: a buffer's worth admitted, the rest refused and counted");
	snic_crx_link_leave(&r, 0, 60, true);
	CHECK(snic_crx_link_admit(&r, 0, 60, true) && r.vl[0].used == 200,
	      "outside frames that left make room for others");

	/* A sender with no sch_snic never SYNCs: its frames join forever. */
	snic_crx_link_init(&r, 100);
	snic_crx_link_set_buf(&r, bufs);
	for (i = 0; i < 1000; i++) {
		enum snic_crx_verdict v = snic_crx_link_arrive(&r, 0, 0, 10, false);

		if (v != SNIC_CRX_JOINING)
			break;
		snic_crx_link_admit(&r, 0, 10, true);
	}
	CHECK(i == 1000 && r.vl[0].used == 100 && r.outside_refused == 990,
	      "a sender that never SYNCs: its frames held bounded by the buffer");

	/* A new receiver whose random session compares older. */
	pair(&r, &t, 100);
	snic_crx_link_limit(&r, &bye);
	bye.mask = 0;			/* the old one's goodbye */
	snic_crx_link_init(&r2, 50);
	snic_crx_link_set_buf(&r2, bufs);
	snic_crx_link_limit(&r2, &c);
	CHECK(snic_ctx_link_limit(&t, &c) == SNIC_CTX_OTHER && t.peer == 100,
	      "a new receiver with an older session: ignored, a probe is due");
	snic_ctx_link_sync(&t, &s1);
	CHECK(s1.peer == 100, "a SYNC names the session its sender follows");
	snic_crx_link_sync(&r2, &s1, 0x1234, &res);
	CHECK(res.resession && r2.resessions == 1 &&
	      snic_credit_newer(r2.session, 100) && r2.session - 100 <= 0x10000,
	      "the receiver takes a session just above the one its sender follows");
	snic_crx_link_limit(&r2, &c);
	CHECK(snic_ctx_link_limit(&t, &c) == SNIC_CTX_APPLIED && t.peer == r2.session &&
	      t.vl[0].gated && window(&t) == 0 && (t.rebase & 1),
	      "... and is adopted: no credit until the rebase");
	CHECK(snic_ctx_link_limit(&t, &bye) == SNIC_CTX_OTHER && t.vl[0].gated,
	      "the old receiver's goodbye, overtaken, cannot ungate its successor");
	snic_ctx_link_sync(&t, &s1);
	snic_crx_link_sync(&r2, &s1, 0x1234, &res);
	snic_crx_link_limit(&r2, &c);
	snic_ctx_link_limit(&t, &c);
	CHECK(!res.resession && window(&t) == 100 && r2.vl[0].abr == t.vl[0].tbs,
	      "the rebase gives the new receiver's whole buffer, its session kept");

	/* Sessions 2^31 apart compare neither way: the echo settles it. */
	pair(&r, &t, 100);
	snic_crx_link_init(&r2, 100 + 0x80000000u);
	snic_crx_link_set_buf(&r2, bufs);
	snic_crx_link_limit(&r2, &c);
	i = snic_ctx_link_limit(&t, &c) == SNIC_CTX_OTHER;
	snic_ctx_link_sync(&t, &s1);
	snic_crx_link_sync(&r2, &s1, 0xffff, &res);
	snic_crx_link_limit(&r2, &c);
	CHECK(i && res.resession && snic_ctx_link_limit(&t, &c) == SNIC_CTX_APPLIED &&
	      t.peer == r2.session && r2.session == 100 + 1 + 0xffff,
	      "sessions half the space apart (a wrapped clock): the receiver moves above");

	/* A SYNC forged with an epoch far ahead: the next real ones repair. */
	pair(&r, &t, 100);
	snic_ctx_link_sync(&t, &s1);
	c = s1;
	c.epoch += 100;
	c.count[0] += 500;
	snic_crx_link_sync(&r, &c, 0, &res);
	snic_crx_link_sync(&r, &s1, 0, &res);
	i = !res.applied && r.sync_stale == 1;
	snic_crx_link_sync(&r, &s1, 0, &res);	/* the sender's repeat */
	snic_crx_link_limit(&r, &c);
	snic_ctx_link_limit(&t, &c);
	snic_ctx_link_sync(&t, &s1);
	snic_crx_link_sync(&r, &s1, 0, &res);
	snic_crx_link_limit(&r, &c);
	snic_ctx_link_limit(&t, &c);
	CHECK(i && r.epoch == s1.epoch && !t.pending && r.vl[0].abr == t.vl[0].tbs &&
	      window(&t) == 100,
	      "a forged SYNC far ahead: the sender's repeated SYNC rebases, counts exact again");

	/* A LIMIT forged far ahead of the receiver's sequence numbers. */
	pair(&r, &t, 100);
	snic_crx_link_limit(&r, &c);
	c.seq += 100000;
	c.mask = 0;			/* "no flow control" */
	snic_ctx_link_limit(&t, &c);
	i = !t.vl[0].gated;
	for (int k = 0; k < SNIC_CTX_STALE_RUN - 1; k++) {
		snic_crx_link_limit(&r, &c);
		i &= snic_ctx_link_limit(&t, &c) == SNIC_CTX_STALE;
	}
	snic_crx_link_limit(&r, &c);
	CHECK(i && snic_ctx_link_limit(&t, &c) == SNIC_CTX_APPLIED && t.restarts == 1 &&
	      t.vl[0].gated && window(&t) == 0 && (t.rebase & 1),
	      "a LIMIT forged ahead: the receiver's own LIMITs, stale in a row, start the sender over");
	snic_ctx_link_sync(&t, &s1);
	snic_crx_link_sync(&r, &s1, 0, &res);
	snic_crx_link_limit(&r, &c);
	snic_ctx_link_limit(&t, &c);
	CHECK(window(&t) == 100 && r.vl[0].abr == t.vl[0].tbs,
	      "... and the rebase gives the whole buffer back");
	/* Reordering alone never starts a sender over. */
	pair(&r, &t, 100);
	{
		struct snic_credit l[8];

		for (i = 0; i < 8; i++)
			snic_crx_link_limit(&r, &l[i]);
		snic_ctx_link_limit(&t, &l[7]);
		for (i = 0; i < 7; i++)
			snic_ctx_link_limit(&t, &l[6 - i]);
		CHECK(t.restarts == 0 && t.stale == 7,
		      "LIMITs reordered (newest first): stale, no start over");
	}

	/* No answer after a reset: every VL sends freely. */
	pair(&r, &t, 100);
	snic_ctx_link_reset(&t);
	CHECK(!snic_ctx_link_may(&t, 0, 1), "after a reset: nothing before an answer");
	snic_ctx_link_ungate(&t);
	CHECK(snic_ctx_link_may(&t, 0, 100000) && !snic_ctx_link_gated(&t) && !t.rebase,
	      "no answer: not flow controlled any more");
	snic_crx_link_limit(&r, &c);
	snic_ctx_link_limit(&t, &c);
	CHECK(t.vl[0].gated && window(&t) == 0 && (t.rebase & 1),
	      "a receiver heard later is met as a new one: rebase, no credit");
}

/* ---- a simulated link ------------------------------------------- */

#define SIM_QMAX	8192
#define SIM_VLS		4

enum { F_DATA, F_SYNC, F_LIMIT };

struct sim_frame {
	int kind;
	u8 vl, epoch;
	u32 n;
	struct snic_credit c;
	long at;		/* step it may arrive */
};

struct sim_chan {
	struct sim_frame f[SIM_QMAX];
	int len;
};

struct sim_held {
	u8 vl;
	u32 n;
	bool late;
};

struct sim {
	struct snic_crx_link r;
	struct snic_ctx_link t;
	struct sim_chan fwd, rev;
	struct sim_held held[SIM_QMAX];
	int nheld;
	long now;
	/* knobs */
	int loss;		/* 1 in N frames lost (0: none) */
	int slow;		/* 1 in N frames delayed by far */
	long far;		/* by this many steps */
	/* results */
	long overruns, over_cap, sent, delivered, lost, late_adm, restarts;
	long outside;		/* late or joining frames beyond a buffer */
	long stale_sessions, resessions;
	u32 session;
};

static void sim_put(struct sim *s, struct sim_chan *ch, struct sim_frame *f)
{
	long d = 1 + rand() % 40;

	if (s->loss && rand() % s->loss == 0) {
		s->lost++;
		return;
	}
	if (s->slow && rand() % s->slow == 0)
		d += s->far;
	if (ch->len == SIM_QMAX)
		return;
	f->at = s->now + d;
	ch->f[ch->len++] = *f;
}

static void sim_limit(struct sim *s)
{
	struct sim_frame f = { .kind = F_LIMIT };

	snic_crx_link_limit(&s->r, &f.c);
	sim_put(s, &s->rev, &f);
}

static void sim_sync(struct sim *s)
{
	struct sim_frame f = { .kind = F_SYNC };

	snic_ctx_link_sync(&s->t, &f.c);
	sim_put(s, &s->fwd, &f);
}

static u32 sim_bufs[SNIC_CREDIT_VLS] = { 64, 100, 7, 300 };

static void sim_check_cap(struct sim *s)
{
	int i;

	for (i = 0; i < SIM_VLS; i++) {
		const struct snic_crx_vl *v = &s->r.vl[i];
		u32 cap = v->grace > v->buf ? v->grace : v->buf;

		if (v->buf && v->used - v->late > cap)
			s->over_cap++;
	}
}

static void sim_rx(struct sim *s, struct sim_frame *f)
{
	struct snic_crx_sync_res res;
	enum snic_crx_verdict v;

	switch (f->kind) {
	case F_DATA:
		s->delivered++;
		if (!s->r.vl[f->vl].buf)
			return;
		v = snic_crx_link_arrive(&s->r, f->vl, f->epoch, f->n, true);
		if (!snic_crx_link_admit(&s->r, f->vl, f->n, v != SNIC_CRX_ON_TIME)) {
			snic_crx_link_settle(&s->r, f->vl, f->n);
			if (v == SNIC_CRX_ON_TIME)
				s->overruns++;
			else
				s->outside++;
			return;
		}
		snic_crx_link_settle(&s->r, f->vl, f->n);
		s->late_adm += v == SNIC_CRX_LATE;
		s->held[s->nheld++] = (struct sim_held){ f->vl, f->n, v != SNIC_CRX_ON_TIME };
		sim_check_cap(s);
		break;
	case F_SYNC:
		snic_crx_link_sync(&s->r, &f->c, rand(), &res);
		s->resessions += res.resession;
		sim_limit(s);	/* the ack */
		break;
	case F_LIMIT:
		/* Another session's word: a probe goes at once (sch_snic). */
		if (snic_ctx_link_limit(&s->t, &f->c) == SNIC_CTX_OTHER)
			sim_sync(s);
		break;
	}
}

/* Deliver, in random order, the frames of @ch that are due. */
static void sim_deliver(struct sim *s, struct sim_chan *ch)
{
	int i = 0;

	while (i < ch->len) {
		if (ch->f[i].at <= s->now && rand() % 3) {
			struct sim_frame f = ch->f[i];

			ch->f[i] = ch->f[--ch->len];
			sim_rx(s, &f);
			continue;
		}
		i++;
	}
}

static void sim_step(struct sim *s, bool traffic)
{
	int k;

	s->now++;
	/* the sender: a packet on a random VL if its credits allow */
	/* (a sender waits for the receiver's first word, as sch_snic does) */
	if (traffic && s->t.heard) {
		for (k = 0; k < 2; k++) {
			struct sim_frame f = { .kind = F_DATA };

			f.vl = rand() % SIM_VLS;
			f.n = 1 + rand() % 24;
			if (!snic_ctx_link_may(&s->t, f.vl, f.n))
				continue;
			snic_ctx_link_sent(&s->t, f.vl, f.n);
			f.epoch = s->t.epoch;
			s->sent++;
			sim_put(s, &s->fwd, &f);
		}
	}
	/* the receiver's buffer drains, in any order */
	for (k = 0; k < 2 && s->nheld; k++) {
		int j = rand() % s->nheld;

		snic_crx_link_leave(&s->r, s->held[j].vl, s->held[j].n, s->held[j].late);
		s->held[j] = s->held[--s->nheld];
		if (rand() % 4 == 0)
			sim_limit(s);
	}
	if (s->now % 97 == 0)
		sim_limit(s);
	if (s->now % 150 == 0)
		sim_sync(s);
	sim_deliver(s, &s->fwd);
	sim_deliver(s, &s->rev);
}

static void sim_init(struct sim *s, unsigned int seed)
{
	memset(s, 0, sizeof(*s));
	srand(seed);
	s->session = 1000;
	snic_crx_link_init(&s->r, s->session);
	snic_ctx_link_init(&s->t, 5);
	snic_crx_link_set_buf(&s->r, sim_bufs);
}

/* Quiet, lossless and prompt: every credit must come back. */
static bool sim_settles(struct sim *s)
{
	int i;

	s->loss = 0;
	s->slow = 0;
	for (i = 0; i < 60000; i++)
		sim_step(s, false);
	for (i = 0; i < SIM_VLS; i++) {
		const struct snic_ctx_vl *t = &s->t.vl[i];
		const struct snic_crx_vl *r = &s->r.vl[i];

		if (!r->buf)
			continue;
		if (!t->gated || r->used || r->abr != t->tbs ||
		    snic_credit_diff(t->limit, t->tbs) != (s32)r->buf) {
			printf("# VL%d: gated %d used %u abr %u tbs %u limit-tbs %d buf %u\n",
			       i, t->gated, r->used, r->abr, t->tbs,
			       snic_credit_diff(t->limit, t->tbs), r->buf);
			return false;
		}
	}
	return true;
}

static struct sim sim;

static void test_simulated_link(void)
{
	struct sim *s = &sim;
	long step;

	/* Reordering alone, heavy: never an overrun, no late frame needed. */
	sim_init(s, 1);
	for (step = 0; step < 200000; step++)
		sim_step(s, true);
	CHECK(s->overruns == 0 && s->over_cap == 0 && s->sent > 50000,
	      "simulated link, reordering: no overrun, the buffers bound what they hold");
	CHECK(s->late_adm == 0 && s->r.written_off == 0 && s->r.excess == 0,
	      "simulated link, reordering within a round: nothing late, written off or corrected");
	CHECK(sim_settles(s), "simulated link, reordering: every credit comes back");

	/* Reordering, loss and frames delayed by several rounds. */
	sim_init(s, 2);
	s->loss = 200;
	s->slow = 300;
	s->far = 700;
	for (step = 0; step < 300000; step++)
		sim_step(s, true);
	printf("# sent %ld lost %ld late admitted %ld written off %llu excess %llu\n",
	       s->sent, s->lost, s->late_adm, (unsigned long long)s->r.written_off,
	       (unsigned long long)s->r.excess);
	CHECK(s->overruns == 0 && s->over_cap == 0 && s->outside == 0,
	      "simulated link, loss and long delays: no overrun, no late frame refused");
	CHECK(s->lost > 100 && s->late_adm > 10 && s->r.written_off > 0,
	      "simulated link, loss and long delays: losses written off, late frames admitted");
	CHECK(s->r.late_credits > 0 && s->r.late_credits < s->r.written_off,
	      "simulated link, loss and long delays: late frames take back part of the write-offs, the losses stay");
	CHECK(sim_settles(s), "simulated link, loss and long delays: every credit comes back");

	/* Ends that restart and buffers that change under traffic. */
	sim_init(s, 3);
	s->loss = 500;
	s->slow = 500;
	s->far = 400;
	for (step = 0; step < 300000; step++) {
		sim_step(s, true);
		if (step % 20011 == 5000) {
			/* a link reset at the sender */
			snic_ctx_link_reset(&s->t);
		}
		if (step % 30011 == 10000) {
			u32 b[SNIC_CREDIT_VLS];
			int i;

			for (i = 0; i < SIM_VLS; i++)
				b[i] = 1 + rand() % 200;
			b[rand() % SIM_VLS] = 0;	/* one VL not flow controlled */
			snic_crx_link_set_buf(&s->r, b);
			sim_limit(s);
		}
		if (step % 50021 == 20000) {
			/* a new receiver: its buffer starts empty */
			u32 b[SNIC_CREDIT_VLS];

			memcpy(b, sim_bufs, sizeof(b));
			/* random, as the kernel's: half compare older */
			s->session = snic_crx_session((u32)rand() << 1 ^ rand());
			snic_crx_link_init(&s->r, s->session);
			snic_crx_link_set_buf(&s->r, b);
			s->nheld = 0;
			s->restarts++;
			s->stale_sessions += !snic_credit_newer(s->session, s->t.peer);
			sim_limit(s);
		}
	}
	printf("# sent %ld lost %ld late admitted %ld restarts %ld rebases %llu stale %llu\n",
	       s->sent, s->lost, s->late_adm, s->restarts,
	       (unsigned long long)s->t.rebases, (unsigned long long)s->t.stale);
	printf("# overruns %ld over_cap %ld outside refused %ld\n", s->overruns,
	       s->over_cap, s->outside);
	CHECK(s->overruns == 0 && s->over_cap == 0 && s->t.rebases > 10,
	      "simulated link, resets, new receivers, buffer changes: no overrun");
	CHECK(s->restarts == 6 && s->stale_sessions > 0 && s->resessions > 0,
	      "simulated link: random receiver sessions, older ones moved above by the SYNCs' echo");
	CHECK(sim_settles(s), "simulated link, resets, new receivers, buffer changes: every credit comes back");
}

void test_credit(void)
{
	test_codec();
	test_math();
	test_scenarios();
	test_robust();
	test_simulated_link();
}
