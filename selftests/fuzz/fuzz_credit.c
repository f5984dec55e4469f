// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer harness for the credit protocol (drivers/snic/core/credit.[ch]),
 * which every link end runs on frames its neighbour sends.
 *
 * The first byte picks a mode. Mode 0: the rest is one frame for the
 * decoder; an accepted frame never names the management VL, and
 * re-encoding it gives back the bytes it was decoded from (counts outside
 * the mask, the flags byte and a LIMIT's rebase mask, peer and map
 * excepted). Other
 * modes: the input is a script of operations on a receiver and a sender
 * that a hostile neighbour feeds arbitrary frames: data arrivals of any
 * epoch and size, departures, SYNCs and LIMITs of any content, buffer
 * changes and resets. Beyond "no crash": the receiver never holds more
 * outside its credit count than it holds, nor takes in more than a
 * buffer's worth of it, what it holds never underflows, and a sender
 * never gets more than it may send from a LIMIT of the receiver it pairs
 * with.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "credit.h"

static void check_frame(const uint8_t *data, size_t size)
{
	uint8_t again[SNIC_CREDIT_FRAME_LEN];
	struct snic_credit c;
	int i;

	if (snic_credit_decode(data, size, &c) != SNIC_CREDIT_OK)
		return;
	if (size < SNIC_CREDIT_FRAME_LEN || c.mask & (1u << SNIC_CREDIT_VL_MGMT) ||
	    (c.rebase & ~c.mask))
		abort();
	snic_credit_encode(again, &c);
	if (memcmp(again, data, 13) || again[13] != 0)
		abort();
	if (c.type == SNIC_CREDIT_SYNC &&
	    (again[14] != (data[14] & (c.mask >> 8)) ||
	     again[15] != (data[15] & (c.mask & 0xff)) ||
	     memcmp(again + 16, data + 16, 20)))
		abort();
	for (i = 0; i < SNIC_CREDIT_VLS; i++) {
		const uint8_t *p = data + SNIC_CREDIT_HDR_LEN + 4 * i;

		if ((c.mask & (1u << i)) &&
		    memcmp(again + SNIC_CREDIT_HDR_LEN + 4 * i, p, 4))
			abort();
	}
}

struct held {
	uint8_t vl;
	uint32_t n;
	bool outside;
};

static struct snic_crx_link r;
static struct snic_ctx_link t;
static struct held held[256];
static int nheld;

static void check_state(void)
{
	int i;

	/* Late frames take back no more than was written off. */
	if (r.late_credits > r.written_off)
		abort();
	for (i = 0; i < SNIC_CREDIT_VLS; i++) {
		if (r.vl[i].late > r.vl[i].used)
			abort();
		if (r.vl[i].used > (1u << 24) || r.vl[i].transit > (1u << 24))
			abort();
	}
}

static void run_script(const uint8_t *p, size_t size)
{
	u32 buf[SNIC_CREDIT_VLS] = { 0 };
	struct snic_crx_sync_res res;
	struct snic_credit c;
	size_t i = 0;

	snic_crx_link_init(&r, 1);
	snic_ctx_link_init(&t, 2);
	nheld = 0;
	while (i + 2 <= size) {
		uint8_t op = p[i] % 8, a = p[i + 1];
		enum snic_crx_verdict v;
		uint8_t vl = a % SNIC_CREDIT_VL_MGMT;

		i += 2;
		switch (op) {
		case 0:		/* a data frame arrives */
			if (i + 2 > size)
				return;
			if (!r.vl[vl].buf)
				break;
			v = snic_crx_link_arrive(&r, vl, p[i], 1 + p[i + 1], true);
			if (snic_crx_link_admit(&r, vl, 1 + p[i + 1],
						v != SNIC_CRX_ON_TIME)) {
				/* outside frames: one buffer's worth */
				if (v != SNIC_CRX_ON_TIME &&
				    r.vl[vl].late > r.vl[vl].buf &&
				    r.vl[vl].late > r.vl[vl].grace)
					abort();
				if (nheld < 256)
					held[nheld++] = (struct held){
						vl, 1u + p[i + 1],
						v != SNIC_CRX_ON_TIME };
			}
			snic_crx_link_settle(&r, vl, 1 + p[i + 1]);
			i += 2;
			break;
		case 1:		/* a held frame leaves */
			if (nheld) {
				struct held *h = &held[a % nheld];

				snic_crx_link_leave(&r, h->vl, h->n, h->outside);
				*h = held[--nheld];
			}
			break;
		case 2:		/* any SYNC, from the fuzzer */
		case 3:		/* any LIMIT, from the fuzzer */
			if (i + SNIC_CREDIT_FRAME_LEN > size)
				return;
			if (snic_credit_decode(p + i, SNIC_CREDIT_FRAME_LEN, &c) == 0) {
				if (op == 2)
					snic_crx_link_sync(&r, &c, a, &res);
				else
					snic_ctx_link_limit(&t, &c);
			}
			i += SNIC_CREDIT_FRAME_LEN;
			break;
		case 4:		/* the receiver's own LIMIT reaches the sender */
			snic_crx_link_limit(&r, &c);
			snic_ctx_link_limit(&t, &c);
			for (vl = 0; vl < SNIC_CREDIT_VL_MGMT; vl++) {
				const struct snic_crx_vl *x = &r.vl[vl];

				/* never beyond what the receiver said */
				if (t.vl[vl].gated && r.vl[vl].buf &&
				    t.vl[vl].limit == c.count[vl] &&
				    snic_credit_diff(c.count[vl], x->abr) >
				    (s32)x->buf)
					abort();
			}
			break;
		case 5:		/* the sender's own SYNC reaches the receiver */
			snic_ctx_link_sync(&t, &c);
			snic_crx_link_sync(&r, &c, a, &res);
			break;
		case 6:		/* new buffers */
			buf[vl] = a & 0x80 ? 0 : a;
			snic_crx_link_set_buf(&r, buf);
			break;
		case 7:		/* the sender sends, resets or gives up */
			if (a & 1)
				snic_ctx_link_reset(&t);
			else if ((a & 0xe) == 0xe)
				snic_ctx_link_ungate(&t);
			else if (snic_ctx_link_may(&t, vl, 1 + (a >> 4)))
				snic_ctx_link_sent(&t, vl, 1 + (a >> 4));
			break;
		}
		check_state();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (!size)
		return 0;
	if (data[0] % 4 == 0)
		check_frame(data + 1, size - 1);
	else
		run_script(data + 1, size - 1);
	return 0;
}
