// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer harness for drivers/snic/core/cca.c and core/owed.c.
 *
 * Byte 0 even: the rest is a received congestion notification payload.
 * An accepted one must re-encode to the bytes it came from.
 *
 * Byte 0 = 3 mod 4: the rest is a program over a table of owed BECNs (its
 * capacity from byte 1), two bytes per operation: a FECN, a packet to the
 * source, the timer, a time step. After each, the table must agree with
 * a reference model (the sources in the order their BECN became owed)
 * and its FIFO and free list must hold every entry exactly once.
 *
 * Byte 0 = 1 mod 4: the rest is a program over a table of tracked DLIDs (its
 * capacity from byte 1), three bytes per operation: get, BECN, queue,
 * dequeue, send, time step, a held head released late, flush. After each
 * operation the table must be consistent: every chained entry findable,
 * the LRU list exactly the tracked entries in both directions, CCTI
 * within [ccti_min, ccti_limit], the count never above the capacity. A
 * held head released at its turn or later, and no sooner than the DLID's
 * earliest, is never early, and the next turn comes at least half its
 * slot after it.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cca.h"
#include "owed.h"

#define CAP_MAX 16
#define NSL 3		/* SLs of a program, each its own settings */

static struct snic_cct_entry cct[128];

static void check_table(struct snic_dlid_table *t,
			const struct snic_cc_params *p)
{
	u32 i, n = 0, last = SNIC_DLID_NIL;

	for (i = t->head; i != SNIC_DLID_NIL; i = t->ent[i].next) {
		const struct snic_dlid_ent *e = &t->ent[i];

		if (++n > t->cap || e->prev != last || !e->used ||
		    e->sl >= NSL || snic_dlid_find(t, e->dlid, e->sl) != e ||
		    e->ccti < p[e->sl].ccti_min ||
		    e->ccti > p[e->sl].ccti_limit)
			abort();
		last = i;
	}
	if (n != t->count || t->tail != last || t->count > t->cap)
		abort();
}

static void run_program(const uint8_t *d, size_t size)
{
	static struct snic_dlid_ent ent[CAP_MAX];
	static u32 bucket[CAP_MAX];
	struct snic_dlid_table t;
	struct snic_cc_params p[NSL];
	struct snic_dlid_ent *e;
	u64 now = 0;
	size_t i;
	int s;

	if (!cct[127].mult)
		snic_cct_generate(cct, 127, 819, 8300);
	for (s = 0; s < NSL; s++)
		snic_cc_params_default(&p[s]);
	if (size < 1)
		return;
	p[0].ccti_min = d[0] & 3;
	p[1].ccti_min = d[0] >> 2 & 3;
	p[1].ccti_increase = 9;
	p[2].ccti_timer = 1;
	snic_dlid_table_init(&t, ent, bucket, 1 + (d[0] >> 4) % CAP_MAX);
	for (i = 1; i + 3 <= size; i += 3) {
		u32 dlid = d[i + 1] % 24;
		u8 sl = d[i + 1] / 24 % NSL;

		switch (d[i] % 8) {
		case 0:
			if (!snic_dlid_get(&t, dlid, sl, p, now))
				abort();
			break;
		case 1:
			e = snic_dlid_get(&t, dlid, sl, p, now);
			snic_ccti_becn(e, &p[sl], now);
			break;
		case 2:
			e = snic_dlid_find(&t, dlid, sl);
			if (e)
				e->queued++;
			break;
		case 3:
			e = snic_dlid_find(&t, dlid, sl);
			if (e && e->queued)
				e->queued--;
			break;
		case 4: {	/* sent unheld: a slot after its turn or now, */
			u64 tp = (d[i + 2] + 1) * 8, from, slot;	/* on the grid */

			e = snic_dlid_get(&t, dlid, sl, p, now);
			from = e->t_next > now ? e->t_next : now;
			slot = tp + snic_cca_sent(e, &p[sl], cct, now, tp,
						  d[i + 1]);
			if (e->ccti && (e->t_next < from + slot ||
					e->t_next >= from + slot + slot / 8 + 1))
				abort();
			break;
		}
		case 5:
			now += (u64)d[i + 2] * d[i + 2] * 64;
			break;
		case 6: {	/* held for its turn, released d[i + 2]^2 x 8 ns late */
			u64 turn, slot, go, early;

			e = snic_dlid_get(&t, dlid, sl, p, now);
			if (!e->ccti || e->t_next <= now)
				break;
			turn = snic_cca_reserve(e, cct, 64);
			slot = e->t_next - turn;
			go = turn > snic_cca_earliest(e) ? turn : snic_cca_earliest(e);
			go += (u64)d[i + 2] * d[i + 2] * 8;
			early = e->early;
			snic_cca_depart(e, go, slot, 0);
			if (e->early != early || e->t_next < go + slot / 2)
				abort();
			now = go;
			break;
		}
		default:
			snic_dlid_table_flush(&t);
			break;
		}
		check_table(&t, p);
	}
}

#define OWED_MAX	16
#define OWED_WINDOW	100

static void check_owed(const struct snic_owed_table *t, const u32 *ref,
		       u32 nref)
{
	u32 i, n = 0, last = SNIC_OWED_NIL;

	if (t->count != nref)
		abort();
	for (i = t->head; i != SNIC_OWED_NIL; i = t->ent[i].next, n++) {
		if (n >= nref ||
		    (t->ent[i].slid | (u32)t->ent[i].sl << 8) != ref[n] ||
		    t->ent[i].prev != last)
			abort();
		last = i;
	}
	if (n != nref || t->tail != last)
		abort();
	for (i = t->free; i != SNIC_OWED_NIL; i = t->ent[i].hnext)
		if (++n > t->cap)
			abort();
	if (n != t->cap)
		abort();
}

static void run_owed(const uint8_t *d, size_t size)
{
	static struct snic_owed ent[OWED_MAX];
	static u32 bucket[OWED_MAX];
	u32 ref[OWED_MAX], nref = 0, j;
	struct snic_owed_table t;
	struct snic_owed o;
	u64 now = 0;
	size_t i;

	if (size < 1)
		return;
	snic_owed_init(&t, ent, bucket, d[0] % (OWED_MAX + 1));
	for (i = 1; i + 2 <= size; i += 2) {
		u32 slid = d[i + 1] % 40;
		u8 sl = d[i + 1] / 40 % 2;
		u32 key = slid | (u32)sl << 8;

		for (j = 0; j < nref && ref[j] != key; j++)
			;
		switch (d[i] % 4) {
		case 0:
			switch (snic_owed_fecn(&t, slid, sl, now + OWED_WINDOW,
					       3)) {
			case SNIC_OWED_NEW:
				if (j < nref || nref == t.cap)
					abort();
				ref[nref++] = key;
				break;
			case SNIC_OWED_FOLDED:
				if (j == nref)
					abort();
				break;
			default:
				if (j < nref || nref < t.cap)
					abort();
			}
			break;
		case 1:
			if (snic_owed_take(&t, slid, sl) != (j < nref))
				abort();
			if (j < nref)
				memmove(&ref[j], &ref[j + 1],
					(--nref - j) * sizeof(ref[0]));
			break;
		case 2:
			while (snic_owed_pop_due(&t, now, &o)) {
				if (!nref || (o.slid | (u32)o.sl << 8) != ref[0] ||
				    o.due > now ||
				    !o.count || o.count > 3)
					abort();
				memmove(&ref[0], &ref[1], --nref * sizeof(ref[0]));
			}
			if (snic_owed_next(&t) && snic_owed_next(&t) <= now)
				abort();
			break;
		default:
			now += d[i + 1];
			break;
		}
		check_owed(&t, ref, nref);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t again[SNIC_CN_LEN];
	struct snic_cn cn;

	if (!size)
		return 0;
	if ((data[0] & 3) == 3) {
		run_owed(data + 1, size - 1);
		return 0;
	}
	if (data[0] & 1) {
		run_program(data + 1, size - 1);
		return 0;
	}
	if (snic_cn_decode(data + 1, size - 1, &cn) != SNIC_MGMT_OK)
		return 0;
	if (size - 1 < SNIC_CN_LEN || cn.sl >= SNIC_CC_NUM_SL || !cn.count)
		abort();
	snic_cn_encode(again, &cn);
	if (memcmp(again, data + 1, SNIC_CN_LEN))
		abort();
	return 0;
}
