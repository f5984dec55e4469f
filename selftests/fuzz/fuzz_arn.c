// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer harness for drivers/snic/core/arn.c.
 *
 * Byte 0 even: the rest is a received ARN payload. An accepted one
 * without EXT must re-encode to the bytes it was decoded from (all but
 * the reserved version bits); the link key must be non-zero.
 *
 * Byte 0 odd: the rest is a program over the link states and a Best Path
 * Table entry, four bytes per operation: an ARN learned (type, link,
 * sequence), time passing (with expiry), a packet's choice. The entry is
 * re-evaluated only when a link it depends on changed (the switch's
 * index), and must then agree with a full re-evaluation. After each
 * choice: -1 only when no candidate is usable, else a usable one; and a
 * packet that came over a local link never leaves on a local link. And
 * the intermediate switch's draw (snic_intm_pick()) is -1 or below n.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "arn.h"

static void check_codec(const uint8_t *d, size_t size)
{
	u8 out[SNIC_ARN_LEN_MAX], again[SNIC_ARN_LEN_MAX];
	struct snic_arn a, b;
	size_t n;

	if (snic_arn_decode(d, size, &a) != SNIC_ARN_OK)
		return;
	if (!snic_arn_link_key(&a))
		abort();
	if (a.params & SNIC_ARN_P_EXT)
		return;
	n = snic_arn_encode(&a, out, sizeof(out));
	if (!n || n > size || out[0] != d[0] || out[1] != (d[1] & 0xf0))
		abort();
	/* FLOW's padding is not kept; everything else is. */
	if (!(a.params & SNIC_ARN_P_FLOW) && memcmp(out + 2, d + 2, n - 2))
		abort();
	if (snic_arn_decode(out, n, &b) != SNIC_ARN_OK ||
	    snic_arn_encode(&b, again, sizeof(again)) != n ||
	    memcmp(out, again, n))
		abort();
}

static const u32 links[4] = {
	SNIC_AR_LINK_G(1, 5, 4), SNIC_AR_LINK_L(1, 2),
	SNIC_AR_LINK_G(2, 5, 4), SNIC_AR_LINK_G(1, 3, 5),
};

/*
 * What the switch's link -> entries index does: re-evaluate @e only when
 * a link it depends on changed. Its penalties must then be what a full
 * refresh gives.
 */
static void sync_entry(struct snic_bpt_ent *e, struct snic_arn_links *t)
{
	u32 keys[SNIC_ARN_CHANGED];
	struct snic_bpt_ent full = *e;
	int n, j;
	bool hit;

	n = snic_arn_take_changed(t, keys);
	hit = n < 0;
	for (j = 0; j < n; j++) {
		if (!keys[j])
			abort();
		hit |= !!snic_bpt_uses(e, keys[j]);
	}
	if (hit)
		snic_bpt_refresh(e, t);
	snic_bpt_refresh(&full, t);
	for (j = 0; j < e->n; j++)
		if (e->c[j].penalty != full.c[j].penalty)
			abort();
}

/* A per-packet choice's egress queues, from the program's bytes. */
static u32 fuzz_queued(const struct snic_bpt_cand *c, void *arg)
{
	const uint8_t *q = arg;

	return (u32)q[c->port & 3] << (c->port & 12);
}

static void run_program(const uint8_t *d, size_t size)
{
	static struct snic_arn_links t;
	struct snic_ar_params p = { .hold_down_ns = 500, .flowlet_ns = 50 };
	static struct snic_bpt_ent e;
	u64 now = 1;
	size_t i;

	if (!size)
		return;
	/* Every algorithm, Valiant's and the per-packet ones too, keeps
	 * the same invariants.
	 */
	p.algorithm = d[0] % 5;
	d++;
	size--;
	memset(&t, 0, sizeof(t));
	memset(&e, 0, sizeof(e));
	e.n = 3;
	e.c[0] = (struct snic_bpt_cand){ .port = 4, .cost = 2, .global = true,
		.link = { links[0] } };
	e.c[1] = (struct snic_bpt_cand){ .port = 2, .cost = 3,
		.link = { links[1], links[2] } };
	e.c[2] = (struct snic_bpt_cand){ .port = 5, .cost = 5, .global = true,
		.link = { links[3] } };
	for (i = 0; i + 4 <= size; i += 4) {
		struct snic_arn a = { 0 };
		struct snic_bpt_flow before, *f;
		struct snic_arn_pkt k = { 0 };
		bool moved, local;
		int c, j, usable, peek, n, alt;
		u32 keys[8], avoid, r;
		unsigned int cnt;

		switch (d[i] % 3) {
		case 0:
			a.type = 1 + d[i + 1] % 4;
			a.metric = a.type == SNIC_ARN_FAILED ? 255 : d[i + 3];
			a.params = SNIC_ARN_P_ORIGIN | SNIC_ARN_P_PEER_GROUP |
				   (d[i + 2] & 0x80 ? SNIC_ARN_P_SEQ : 0);
			a.sw = 1 + (d[i + 2] & 1);
			a.peer_group = d[i + 2] & 2 ? 3 : 5;
			a.index = a.peer_group == 3 ? 5 : 4;
			a.seq = d[i + 2] & 0x7c;
			/* a per-flow notice, about entropy 0..3 */
			if (d[i + 1] & 0x10) {
				a.params |= SNIC_ARN_P_PATH_ID;
				a.path_id = d[i + 3] & 3;
			}
			snic_arn_learn(&t, &a, now, 1000);
			sync_entry(&e, &t);
			break;
		case 1:
			now += d[i + 1] * 8;
			snic_arn_expire(&t, now);
			sync_entry(&e, &t);
			break;
		case 2:
			local = d[i + 1] & 1;
			/* Where the lockless peek answers, select agrees
			 * and leaves the entry as it was.
			 */
			f = &e.f[d[i + 2] % SNIC_BPT_FLOWS];
			peek = snic_bpt_peek(&e, f, &p, local, d[i + 2]);
			before = *f;
			c = snic_bpt_select(&e, f, &p, local, d[i + 2], now,
					    d[i + 3] & 1 ? 0 : d[i + 3],
					    &moved);
			if (peek != SNIC_BPT_DECIDE &&
			    (peek != c || moved || before.cur != f->cur ||
			     before.watch != f->watch ||
			     before.last != f->last ||
			     before.changed != f->changed))
				abort();
			/* A flow named by notices avoids their links, or
			 * keeps its path when nothing else is usable.
			 */
			k.entropy = d[i + 3] & 3;
			n = snic_arn_flow_links(&t, &k, keys, 8);
			for (j = 0, avoid = 0; j < n; j++)
				avoid |= snic_bpt_uses(&e, keys[j]);
			alt = snic_bpt_avoid(&e, &p, local, d[i + 2], avoid);
			if (alt >= e.n || (alt >= 0 && (avoid & (1u << alt) ||
			    e.c[alt].penalty == SNIC_BPT_EXCLUDED ||
			    (local && !e.c[alt].global))) ||
			    (n && !t.nflows))
				abort();
			for (j = 0, usable = 0; j < e.n; j++)
				usable += e.c[j].penalty != SNIC_BPT_EXCLUDED &&
					  (!local || e.c[j].global);
			if ((c < 0) != !usable || c >= e.n ||
			    (c >= 0 && (e.c[c].penalty == SNIC_BPT_EXCLUDED ||
					(local && !e.c[c].global))))
				abort();
			/* ... and so does a per-packet draw, with queues */
			c = snic_bpt_packet(&e, &p, local, d[i + 2] * 2654435761u,
					    fuzz_queued, (void *)&d[i]);
			if ((c < 0) != !usable || c >= e.n ||
			    (c >= 0 && (e.c[c].penalty == SNIC_BPT_EXCLUDED ||
					(local && !e.c[c].global))))
				abort();
			/* The intermediate switch's draw (ar_intm): one of
			 * the n others, or the direct path (-1), never
			 * another switch for the same draw; none of n 0.
			 */
			r = (u32)d[i + 1] << 24 | (u32)d[i + 2] << 16 |
			    (u32)d[i + 3] << 8 | d[i];
			cnt = (d[i + 3] + d[i + 1]) & 0xff;
			c = snic_intm_pick(r, cnt);
			if (c < -1 || c >= (int)cnt || (!cnt && c != -1) ||
			    snic_intm_pick(r, cnt) != c)
				abort();
			break;
		}
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 1)
		return 0;
	if (data[0] & 1)
		run_program(data + 1, size - 1);
	else
		check_codec(data + 1, size - 1);
	return 0;
}
