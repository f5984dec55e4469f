// SPDX-License-Identifier: GPL-2.0
/*
 * Host unit tests of the owed BECNs (drivers/snic/core/owed.c): the shared
 * vectors, then random programs against a reference model. Prints KTAP.
 */
#include <stdlib.h>
#include <string.h>

#include "owed.h"
#include "test_vectors.h"
#include "unit.h"

static void test_vectors(void)
{
	static struct snic_owed ent[SNIC_TV_OWED_CAP];
	static u32 bucket[SNIC_TV_OWED_CAP];
	struct snic_owed_table t;
	struct snic_owed o;
	size_t i;
	int bad = 0;

	snic_owed_init(&t, ent, bucket, SNIC_TV_OWED_CAP);
	for (i = 0; i < sizeof(snic_tv_owed) / sizeof(snic_tv_owed[0]); i++) {
		typeof(snic_tv_owed[0]) *v = &snic_tv_owed[i];
		u32 got;

		switch (v->op) {
		case SNIC_TV_FECN:
			got = snic_owed_fecn(&t, v->slid, v->sl, v->t, 0xffff);
			break;
		case SNIC_TV_TAKE:
			got = snic_owed_take(&t, v->slid, v->sl);
			break;
		default:
			got = snic_owed_pop_due(&t, v->t, &o) ? o.slid : 0;
			if (got && (o.count != v->count || o.sl != v->sl))
				bad = 1;
			break;
		}
		if (got != v->want) {
			printf("# step %zu: got %u, want %u\n", i, got, v->want);
			bad = 1;
		}
	}
	CHECK(!bad,
	      "owed: the shared vectors (fold, full, take, FIFO pops, per SL)");
	CHECK(t.count == 0 && snic_owed_next(&t) == 0,
	      "owed: nothing owed at the end");
}

/* Reference: an array in order of making. */
struct ref {
	u32 slid;
	u16 count;
	u64 due;
};

static void test_random(void)
{
	enum { CAP = 256, SOURCES = 400 };
	static struct snic_owed ent[CAP];
	static u32 bucket[CAP];
	static struct ref ref[CAP];
	struct snic_owed_table t;
	struct snic_owed o;
	int i, j, nref = 0, bad = 0, full = 0, folded = 0;
	u64 now = 0;

	snic_owed_init(&t, ent, bucket, CAP);
	srand(11);
	for (i = 0; i < 300000 && !bad; i++) {
		u32 slid = rand() % SOURCES + 1;
		int r = rand() % 8;

		for (j = 0; j < nref && ref[j].slid != slid; j++)
			;
		if (r < 5) {		/* a FECN; the window is 400 */
			enum snic_owed_res res =
				snic_owed_fecn(&t, slid, 0, now + 400, 3);

			if (j < nref) {
				bad |= res != SNIC_OWED_FOLDED;
				if (ref[j].count < 3)
					ref[j].count++;
				folded++;
			} else if (nref == CAP) {
				bad |= res != SNIC_OWED_FULL;
				full++;
			} else {
				bad |= res != SNIC_OWED_NEW;
				ref[nref++] = (struct ref){ slid, 1, now + 400 };
			}
		} else if (r < 6) {	/* a packet to it */
			bad |= snic_owed_take(&t, slid, 0) != (j < nref);
			if (j < nref)
				memmove(&ref[j], &ref[j + 1],
					(nref-- - j - 1) * sizeof(ref[0]));
		} else if (r < 7) {	/* the timer */
			while (snic_owed_pop_due(&t, now, &o)) {
				bad |= !nref || o.slid != ref[0].slid ||
				       o.count != ref[0].count ||
				       o.due != ref[0].due || o.due > now;
				memmove(&ref[0], &ref[1],
					--nref * sizeof(ref[0]));
			}
			bad |= nref && ref[0].due <= now;
		} else {
			now += rand() % 4;
		}
		bad |= t.count != (u32)nref ||
		       snic_owed_next(&t) != (nref ? ref[0].due : 0);
	}
	printf("# %d folded, %d found the table full\n", folded, full);
	CHECK(!bad && full && folded,
	      "owed: 300k random FECNs, takes and pops of 400 sources in 256 entries agree with a reference FIFO");
}

static void test_scale(void)
{
	enum { CAP = 4096 };
	static struct snic_owed ent[CAP];
	static u32 bucket[CAP];
	struct snic_owed_table t;
	struct snic_owed o;
	u32 s, k = 0, bad = 0;

	snic_owed_init(&t, ent, bucket, CAP);
	for (s = 1; s <= CAP; s++)
		bad |= snic_owed_fecn(&t, s * 977, 0, s, 0xffff) != SNIC_OWED_NEW;
	for (s = 1; s <= CAP; s++)
		bad |= snic_owed_fecn(&t, s * 977, 0, 0, 0xffff) !=
		       SNIC_OWED_FOLDED;
	bad |= snic_owed_fecn(&t, 1, 0, 0, 0xffff) != SNIC_OWED_FULL;
	while (snic_owed_pop_due(&t, CAP, &o)) {
		k++;
		bad |= o.slid != k * 977 || o.count != 2;
	}
	CHECK(!bad && k == CAP && !t.count,
	      "owed: 4096 sources each owed once, folded once, popped in order");
}

void test_owed(void)
{
	test_vectors();
	test_random();
	test_scale();
}
