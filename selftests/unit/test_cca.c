// SPDX-License-Identifier: GPL-2.0
/*
 * Host unit tests of drivers/snic/core/cca.c: the CCT generator against
 * cca.md's worked numbers, CCTI rise and lazy recovery, per-DLID pacing,
 * the LRU table of tracked DLIDs (also against a reference model), the
 * congestion log and the CN codec.
 */
#include <stdlib.h>
#include <string.h>

#include "unit.h"
#include "cca.h"
#include "test_vectors.h"

/* 10 KB at 100 Gb/s, opafm's desired_max_delay, in ns. */
#define TP_MAX	SNIC_TV_CCT_TP
#define DELAY	SNIC_TV_CCT_DELAY

static struct snic_cct_entry cct[SNIC_CCT_MAX_ENTRIES];

static double rate_at(unsigned int i)
{
	return (double)(1u << cct[i].shift) / (cct[i].mult + (1u << cct[i].shift));
}

static void test_params(void)
{
	struct snic_cc_params p;

	snic_cc_params_default(&p);
	CHECK(p.ccti_increase == 5 && p.ccti_timer == 10 &&
	      p.trigger_threshold == 8 && !p.ccti_min && p.ccti_limit == 127,
	      "CCA: opafm's default settings");
	CHECK(snic_cc_params_check(&p, 128) == SNIC_CC_OK,
	      "CCA: the defaults fit a 128-entry CCT");
	CHECK(snic_cc_params_check(&p, 127) == SNIC_CC_ELIMIT,
	      "CCA: ccti_limit beyond the CCT refused");
	p.ccti_min = 128;
	CHECK(snic_cc_params_check(&p, 128) == SNIC_CC_EMIN,
	      "CCA: ccti_min above ccti_limit refused");
	p.ccti_min = 0;
	p.trigger_threshold = 200;
	CHECK(snic_cc_params_check(&p, 128) == SNIC_CC_ETRIGGER,
	      "CCA: trigger_threshold above ccti_limit refused");
}

static void test_cct(void)
{
	unsigned int i, mono = 1;

	CHECK(snic_cct_generate(cct, 127, TP_MAX, DELAY) == 128,
	      "CCT: opafm generator fills entries 0..ccti_limit");
	for (i = 1; i <= 127; i++)
		if (cct[i].mult < cct[i - 1].mult || cct[i].shift != cct[0].shift)
			mono = 0;
	CHECK(!cct[0].mult && mono, "CCT: entry 0 is no delay, the ramp rises, one shift");
	CHECK(cct[0].shift == 3, "CCT: the finest shift that fits 14 bits (3)");
	for (i = 0, mono = 1; i < sizeof(snic_tv_cct) / sizeof(snic_tv_cct[0]); i++)
		if (cct[snic_tv_cct[i].idx].shift != snic_tv_cct[i].shift ||
		    cct[snic_tv_cct[i].idx].mult != snic_tv_cct[i].mult)
			mono = 0;
	CHECK(mono && snic_cct_ipd(&cct[127], TP_MAX) == SNIC_TV_CCT_TOP_IPD,
	      "CCT: entries and the top IPD of the shared vectors");
	CHECK(rate_at(5) > 0.70 && rate_at(5) < 0.76,
	      "CCT: one BECN (CCTI 5) gives ~73% of line rate");
	CHECK(rate_at(127) > 0.08 && rate_at(127) < 0.10,
	      "CCT: CCTI 127 gives ~9% of line rate");
	CHECK(snic_cct_ipd(&cct[127], TP_MAX) > DELAY - 100 &&
	      snic_cct_ipd(&cct[127], TP_MAX) < DELAY + 100,
	      "CCT: the top entry delays a max-size packet by desired_max_delay");
	/* A small packet is delayed in proportion to its own length. */
	CHECK(snic_cct_ipd(&cct[127], 82) * 10 > snic_cct_ipd(&cct[127], 819) - 100 &&
	      snic_cct_ipd(&cct[127], 82) * 10 < snic_cct_ipd(&cct[127], 819) + 100,
	      "CCT: IPD scales with the packet's own serialization time");
	CHECK(snic_cct_generate(cct, 127, 10, 16383 * 10) == 128 &&
	      cct[0].shift == 0 && cct[127].mult == 16383,
	      "CCT: a ramp needing every multiplier bit uses shift 0");
	CHECK(!snic_cct_generate(cct, 127, 10, 16384 * 10) &&
	      !snic_cct_generate(cct, 0, TP_MAX, DELAY) &&
	      !snic_cct_generate(cct, SNIC_CCT_MAX_ENTRIES, TP_MAX, DELAY) &&
	      !snic_cct_generate(cct, 127, 0, DELAY),
	      "CCT: unrepresentable ramp, limit 0 or >= 1984, Tp 0 refused");
	CHECK(snic_cc_tx_ns(10240, 100000000000ull) == 819 &&
	      snic_cc_tx_ns(1500, 0) == 0,
	      "CCA: serialization time of 10 KB at 100 Gb/s is 819 ns");
	snic_cct_generate(cct, 127, TP_MAX, DELAY);
}

static void test_ccti(void)
{
	struct snic_dlid_ent e = { 0 };
	struct snic_cc_params p;
	u64 period = 10 * SNIC_CCTI_TIMER_NS;
	int i;

	snic_cc_params_default(&p);
	CHECK(!snic_ccti_becn(&e, &p, 1000) && e.ccti == 5 && e.becn == 1,
	      "CCTI: a BECN adds ccti_increase, below the trigger");
	CHECK(snic_ccti_becn(&e, &p, 1000) && e.ccti == 10,
	      "CCTI: the second BECN crosses trigger_threshold");
	for (i = 0; i < 40; i++)
		snic_ccti_becn(&e, &p, 1000);
	CHECK(e.ccti == 127, "CCTI: clamped at ccti_limit");
	snic_ccti_age(&e, &p, 1000 + 3 * period + period / 2);
	CHECK(e.ccti == 124, "CCTI: one step down per ccti_timer x 1.024 us");
	snic_ccti_age(&e, &p, 1000 + 4 * period);
	CHECK(e.ccti == 123, "CCTI: lazy steps keep the timer's phase");
	snic_ccti_age(&e, &p, 1000 + 127 * period - 1);
	CHECK(e.ccti == 1, "CCTI: from the limit, ~1.3 ms to recover");
	snic_ccti_age(&e, &p, 1000 + 200 * period);
	CHECK(e.ccti == 0, "CCTI: never below ccti_min");
	memset(&e, 0, sizeof(e));
	snic_ccti_becn(&e, &p, 5000);
	snic_ccti_age(&e, &p, 5000 + 5 * period - 1);
	CHECK(e.ccti == 1, "CCTI: one BECN is forgotten after ~51 us (not before)");
	snic_ccti_age(&e, &p, 5000 + 5 * period);
	CHECK(e.ccti == 0, "CCTI: ... and is after 51.2 us");
	p.ccti_timer = 0;
	snic_ccti_becn(&e, &p, 0);
	snic_ccti_age(&e, &p, 1000000000);
	CHECK(e.ccti == 5, "CCTI: ccti_timer 0 never decreases");
	p.ccti_timer = 10;
	p.ccti_min = 3;
	memset(&e, 0, sizeof(e));
	snic_ccti_age(&e, &p, 0);
	CHECK(e.ccti == 3, "CCTI: an entry starts at ccti_min");
}

static void test_pacing(void)
{
	struct snic_dlid_ent e = { 0 };
	struct snic_cc_params p;
	u64 now = 0, busy = 0, ipd;
	int i;

	snic_cc_params_default(&p);
	p.ccti_timer = 0;	/* hold the index still */
	CHECK(!snic_cca_sent(&e, &p, cct, 100, TP_MAX, 0) && !e.t_next,
	      "pacing: CCTI 0 sets no delay");
	snic_ccti_becn(&e, &p, 100);
	ipd = snic_cca_sent(&e, &p, cct, 100, TP_MAX, 0);
	CHECK(ipd == snic_cct_ipd(&cct[5], TP_MAX) && e.t_next == 100 + TP_MAX + ipd,
	      "pacing: next packet no earlier than Tp + IPD");
	/* Sending each packet exactly when allowed gives the table's rate. */
	now = e.t_next;
	for (i = 0; i < 1000; i++) {
		snic_cca_sent(&e, &p, cct, now, TP_MAX, 0);
		busy += TP_MAX;
		now = e.t_next;
	}
	CHECK(busy * 1000 / (now - 100 - TP_MAX - ipd) > 720 &&
	      busy * 1000 / (now - 100 - TP_MAX - ipd) < 740,
	      "pacing: 1000 packets at CCTI 5 get 72-74% of line rate");
	/* Not held (it came late): its slot starts from when it left. */
	now = e.t_next + 100;
	snic_cca_sent(&e, &p, cct, now, TP_MAX, 0);
	CHECK(e.t_next == now + TP_MAX + ipd,
	      "pacing: a packet that came late gets a whole gap after it");
	now = e.t_next + 1000000;
	snic_cca_sent(&e, &p, cct, now, TP_MAX, 0);
	CHECK(e.t_next >= now + TP_MAX + ipd &&
	      e.t_next <= now + TP_MAX + ipd + (TP_MAX + ipd + 7) / 8,
	      "pacing: after an idle period, no burst, a gap an eighth longer");
}

/*
 * DLIDs paced alike whose first packets leave at times spread over four
 * slots take at most SNIC_CCA_PHASES phases, and keep them: one timer
 * expiry serves each. Another NIC's offset gives other phases.
 */
static void test_pacing_phase(void)
{
	struct snic_dlid_ent e[100] = { 0 }, o = { 0 };
	u64 slot = 0, first[100], now = 5000000, t, ph;
	struct snic_cc_params p;
	unsigned int i, j, phases = 0, kept = 0, longer = 0;

	snic_cc_params_default(&p);
	p.ccti_timer = 0;
	for (i = 0; i < 100; i++) {
		snic_ccti_becn(&e[i], &p, 0);
		slot = TP_MAX + snic_cca_sent(&e[i], &p, cct, now, TP_MAX, 77);
		e[i].t_next = 0;
	}
	for (i = 0; i < 100; i++) {
		/* At the host's speed: 100 over four slots. */
		t = now + i * slot / 25;
		snic_cca_sent(&e[i], &p, cct, t, TP_MAX, 77);
		first[i] = e[i].t_next;
		longer += first[i] >= t + slot &&
			  first[i] <= t + slot + (slot + 7) / 8;
	}
	for (i = 0; i < 100; i++) {
		ph = (first[i] + slot - 77 % slot) % slot;
		for (j = 0; j < i && (first[j] + slot - 77 % slot) % slot != ph;
		     j++)
			;
		phases += j == i;
	}
	/* Backlogged: each next turn a slot after the one before. */
	for (i = 0; i < 100; i++) {
		for (j = 0; j < 10; j++)
			t = snic_cca_reserve(&e[i], cct, TP_MAX);
		kept += t == first[i] + 9 * slot;
	}
	CHECK(longer == 100,
	      "pacing: a new phase is at most an eighth of a slot later");
	CHECK(phases <= SNIC_CCA_PHASES && kept == 100,
	      "pacing: DLIDs paced alike share their turns, and keep them");
	/* Another NIC's DLID, its first packet with e[0]'s. */
	snic_ccti_becn(&o, &p, 0);
	snic_cca_sent(&o, &p, cct, now, TP_MAX, 0);
	o.t_next = 0;
	snic_cca_sent(&o, &p, cct, now, TP_MAX, 77 + slot / 16);
	CHECK(o.t_next >= now + slot && o.t_next % slot != first[0] % slot,
	      "pacing: another NIC's offset gives other phases");
	/* A DLID that comes back less than a slot late keeps its gap. */
	now = e[0].t_next + slot / 3;
	snic_cca_sent(&e[0], &p, cct, now, TP_MAX, 77);
	CHECK(e[0].t_next == now + slot,
	      "pacing: a packet less than a slot late takes no new phase");
	CHECK(snic_cca_align(12345, 7, 0) == 12345 &&
	      snic_cca_align(0, 800, 0) == 0 &&
	      snic_cca_align(1, 800, 0) == 100 &&
	      snic_cca_align(799, 800, 0) == 800 &&
	      snic_cca_align(801, 800, 5) == 805,
	      "pacing: the phases of a slot, from the offset");
}

/* Held heads released by a timer that wakes up late. */
static void test_pacing_late(void)
{
	struct snic_dlid_ent e = { 0 };
	struct snic_cc_params p;
	u64 slot, turn = 0, now = 1000;
	int i, held_late = 0;

	snic_cc_params_default(&p);
	p.ccti_timer = 0;
	snic_ccti_becn(&e, &p, now);
	slot = TP_MAX + snic_cca_sent(&e, &p, cct, now, TP_MAX, 0);
	snic_cca_depart(&e, now, slot, 0);
	/* 100 heads, each held for its turn and released 30 % of a slot
	 * late: the turns stay a slot apart, the rate is the table's.
	 */
	for (i = 0; i < 100; i++) {
		turn = snic_cca_reserve(&e, cct, TP_MAX);
		now = turn + slot * 3 / 10;
		held_late += now < snic_cca_earliest(&e);
		snic_cca_depart(&e, now, slot, 0);
	}
	CHECK(turn == 1000 + 100 * slot && !e.early && !held_late,
	      "pacing: late wake-ups keep the DLID's rate, and no packet is early");
	/* Released two slots late: the next turn is half a slot after it,
	 * not the missed ones at once.
	 */
	turn = snic_cca_reserve(&e, cct, TP_MAX);
	now = turn + 2 * slot;
	snic_cca_depart(&e, now, slot, 0);
	CHECK(e.t_next == now + slot / 2 && snic_cca_earliest(&e) == now + slot / 2,
	      "pacing: a very late head lets the next one catch up half a slot only");
	snic_cca_depart(&e, now + slot / 4, slot, 0);
	CHECK(e.early == 1, "pacing: a packet a quarter slot after the last is early");
}

/* The reference: an array of (dlid, last use), pure LRU when all idle. */
struct ref { u32 dlid; u64 use; };

/* One DLID on two SLs: two entries, each under its SL's settings. */
static void test_table_sl(void)
{
	static struct snic_cc_params p[SNIC_CC_NUM_SL];
	static struct snic_dlid_ent ent[4];
	static u32 bucket[4];
	struct snic_dlid_table t;
	struct snic_dlid_ent *a, *b;
	int i;

	for (i = 0; i < SNIC_CC_NUM_SL; i++)
		snic_cc_params_default(&p[i]);
	p[3].ccti_increase = 20;
	p[3].ccti_min = 2;
	snic_dlid_table_init(&t, ent, bucket, 4);
	a = snic_dlid_get(&t, 7, 0, p, 0);
	b = snic_dlid_get(&t, 7, 3, p, 0);
	CHECK(a && b && a != b && t.count == 2 && b->sl == 3 &&
	      b->ccti == 2 && !a->ccti &&
	      snic_dlid_find(&t, 7, 3) == b && !snic_dlid_find(&t, 7, 4),
	      "table: a DLID on two SLs is two entries, at each SL's floor");
	snic_ccti_becn(b, &p[3], 0);
	snic_ccti_becn(a, &p[0], 0);
	CHECK(b->ccti == 22 && a->ccti == 5,
	      "table: a BECN raises by its SL's increase");
	/* Oldest (7, SL 0) is paced above its floor; (7, SL 3) at 2 is
	 * idle only by SL 3's floor: it goes first.
	 */
	b->ccti = 2;
	snic_dlid_get(&t, 8, 0, p, 0);
	snic_dlid_get(&t, 9, 0, p, 0);
	snic_dlid_get(&t, 10, 0, p, 0);
	CHECK(snic_dlid_find(&t, 7, 0) && !snic_dlid_find(&t, 7, 3) &&
	      !t.evictions_busy,
	      "table: idle is judged by the entry's own SL's ccti_min");
}

static void test_table(void)
{
	static struct snic_dlid_ent ent[64];
	static u32 bucket[64];
	struct snic_dlid_table t;
	struct snic_cc_params p;
	struct snic_dlid_ent *e;
	struct ref ref[16];
	int i, j, k, nref = 0, bad = 0;
	u64 clock = 1;

	snic_cc_params_default(&p);
	CHECK(snic_dlid_table_buckets(1000) == 1024 &&
	      snic_dlid_table_buckets(1) == 1, "table: buckets a power of two >= capacity");
	snic_dlid_table_init(&t, ent, bucket, 4);
	for (i = 1; i <= 4; i++)
		snic_dlid_get(&t, i, 0, &p, 0);
	CHECK(t.count == 4 && !t.evictions, "table: four DLIDs fill four entries");
	snic_dlid_get(&t, 1, 0, &p, 0);	/* 2 is now the least recently used */
	snic_dlid_get(&t, 5, 0, &p, 0);
	CHECK(!snic_dlid_find(&t, 2, 0) && snic_dlid_find(&t, 1, 0) &&
	      t.evictions == 1 && !t.evictions_busy && t.count == 4,
	      "table: a new DLID replaces the least recently used");
	/* 3 is the oldest but paced: the idle 4 goes instead. */
	snic_ccti_becn(snic_dlid_find(&t, 3, 0), &p, 0);
	snic_dlid_get(&t, 6, 0, &p, 0);
	CHECK(snic_dlid_find(&t, 3, 0) && !snic_dlid_find(&t, 4, 0) && !t.evictions_busy,
	      "table: an idle entry is replaced before a paced older one");
	snic_dlid_find(&t, 1, 0)->queued = 1;
	snic_dlid_find(&t, 5, 0)->queued = 1;
	snic_dlid_find(&t, 6, 0)->queued = 1;
	snic_dlid_get(&t, 7, 0, &p, 0);
	CHECK(!snic_dlid_find(&t, 3, 0) && t.evictions_busy == 1,
	      "table: all busy: the oldest goes, counted as busy");
	e = snic_dlid_get(&t, 8, 0, &p, 0);
	CHECK(e && e->dlid == 8 && !e->ccti && !e->queued && !e->becn,
	      "table: a replacing entry starts clean");
	snic_dlid_table_flush(&t);
	CHECK(!t.count && !snic_dlid_find(&t, 8, 0) && t.evictions == 4,
	      "table: flush forgets entries, keeps counters");
	snic_dlid_table_init(&t, ent, bucket, 0);
	CHECK(!snic_dlid_get(&t, 1, 0, &p, 0) && !snic_dlid_find(&t, 1, 0),
	      "table: zero capacity tracks nothing");
	test_table_sl();

	/* 200k random uses of 40 DLIDs in 16 entries, all idle. */
	snic_dlid_table_init(&t, ent, bucket, 16);
	srand(7);
	for (i = 0; i < 200000 && !bad; i++) {
		u32 d = rand() % 40 + 1;

		snic_dlid_get(&t, d, 0, &p, 0);
		for (j = 0; j < nref && ref[j].dlid != d; j++)
			;
		if (j == nref) {
			if (nref < 16) {
				nref++;
			} else {
				for (j = 0, k = 1; k < nref; k++)
					if (ref[k].use < ref[j].use)
						j = k;
			}
			ref[j].dlid = d;
		}
		ref[j].use = clock++;
		if (t.count != (u32)nref)
			bad = 1;
		for (j = 0; j < nref; j++)
			if (!snic_dlid_find(&t, ref[j].dlid, 0))
				bad = 1;
	}
	CHECK(!bad, "table: 200k random uses agree with a reference LRU");
	for (i = 0, j = t.head; j != (int)SNIC_DLID_NIL && i <= 16;
	     j = ent[j].next)
		i++;
	CHECK(i == 16, "table: the LRU list holds exactly the tracked entries");
}

static void test_log(void)
{
	static struct snic_cc_log log;
	int i;

	CHECK(!snic_cc_log_get(&log, 0), "log: empty");
	for (i = 0; i < 100; i++)
		snic_cc_log_add(&log, i, 1000 + i, i & 15, 8 + i);
	CHECK(log.total == 100 && snic_cc_log_get(&log, 0)->dlid == 1099 &&
	      snic_cc_log_get(&log, 95)->dlid == 1004 &&
	      !snic_cc_log_get(&log, 96),
	      "log: a ring of the 96 newest entries, newest first");
}

static void test_cn(void)
{
	struct snic_cn cn = { .sl = 3, .count = 513 }, d;
	u8 buf[SNIC_CN_LEN], bad[SNIC_CN_LEN];

	snic_cn_encode(buf, &cn);
	CHECK(snic_cn_decode(buf, sizeof(buf), &d) == SNIC_MGMT_OK &&
	      d.sl == 3 && d.count == 513, "CN: decode inverts encode");
	CHECK(snic_cn_decode(buf, 7, &d) == SNIC_MGMT_ESHORT &&
	      snic_cn_decode(buf, 1, &d) == SNIC_MGMT_ESHORT,
	      "CN: truncated refused");
	memcpy(bad, buf, sizeof(bad));
	bad[0] = 2;
	CHECK(snic_cn_decode(bad, sizeof(bad), &d) == SNIC_MGMT_EVERSION,
	      "CN: unknown version refused");
	memcpy(bad, buf, sizeof(bad));
	bad[1] = 9;
	CHECK(snic_cn_decode(bad, sizeof(bad), &d) == SNIC_MGMT_ETYPE,
	      "CN: unknown type refused");
	memcpy(bad, buf, sizeof(bad));
	bad[2] = SNIC_CC_NUM_SL;
	CHECK(snic_cn_decode(bad, sizeof(bad), &d) == SNIC_MGMT_EFIELD,
	      "CN: SL beyond 31 refused");
	memcpy(bad, buf, sizeof(bad));
	bad[4] = 0;
	bad[5] = 0;
	CHECK(snic_cn_decode(bad, sizeof(bad), &d) == SNIC_MGMT_EFIELD,
	      "CN: zero count refused");
	memcpy(bad, buf, sizeof(bad));
	bad[7] = 1;
	CHECK(snic_cn_decode(bad, sizeof(bad), &d) == SNIC_MGMT_EFIELD,
	      "CN: reserved bits set refused");
}

/* When a CCTI falls below the trigger (the events' watch). */
static void test_ccti_below(void)
{
	struct snic_dlid_ent e = { 0 };
	struct snic_cc_params p;
	u64 period = 10 * SNIC_CCTI_TIMER_NS, at;

	snic_cc_params_default(&p);
	snic_ccti_becn(&e, &p, 1000);
	snic_ccti_becn(&e, &p, 1000);	/* 10, trigger 8 */
	at = snic_ccti_below_at(&e, &p, 8);
	CHECK(at == 1000 + 3 * period,
	      "CCTI below: 10 falls below 8 three steps on");
	snic_ccti_age(&e, &p, at - 1);
	CHECK(e.ccti == 8, "CCTI below: ...not a ns before");
	snic_ccti_age(&e, &p, at);
	CHECK(e.ccti == 7 && !snic_ccti_below_at(&e, &p, 8),
	      "CCTI below: ...and is at it (then: already below, 0)");
	snic_ccti_becn(&e, &p, at);
	p.ccti_min = 8;
	CHECK(!snic_ccti_below_at(&e, &p, 8),
	      "CCTI below: never, with ccti_min at the trigger");
	p.ccti_min = 0;
	p.ccti_timer = 0;
	CHECK(!snic_ccti_below_at(&e, &p, 8), "CCTI below: never without decay");
}

void test_cca(void)
{
	test_params();
	test_cct();
	test_ccti();
	test_ccti_below();
	test_pacing();
	test_pacing_late();
	test_pacing_phase();
	test_table();
	test_log();
	test_cn();
}
