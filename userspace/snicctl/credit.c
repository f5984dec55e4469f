// SPDX-License-Identifier: GPL-2.0
/*
 * Credit options of "dev set" (a snic) and "port set" (a switch port):
 *   vlbuf B0,B1,...    receive buffer per VL in 64-byte credits, VL 0
 *                      first; a single value applies to VLs 0..7; 0: the
 *                      VL is not flow controlled
 *   credit_period USEC how often the receiver re-advertises its limits
 *   credit_drop N      fault injection: drop its next N limit frames
 */
#include <stdio.h>
#include <string.h>

#include "snicctl.h"

static int vlbuf_opt(const struct opt *o, char *val, struct opt_cfg *c)
{
	struct snic_credit_cfg *cr = opt_cfg_of(c, o->nest);
	char *tok, *save = NULL;
	uint32_t v;
	int n = 0;

	memset(cr->buf, 0, sizeof(cr->buf));
	for (tok = strtok_r(val, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		if (n >= SNIC_NUM_VLS || parse_u32(tok, &v) || v > 65535)
			return -1;
		cr->buf[n++] = v;
	}
	if (n == 1)
		for (n = 1; n < 8; n++)
			cr->buf[n] = cr->buf[0];
	cr->has_buf = true;
	return 0;
}

/* The VLs with a buffer: their buffer and what is in use. */
static void vlbuf_show(const struct opt *o, const struct opt_info *i)
{
	const struct snic_credit_info *cr = opt_info_of(i, o->nest);
	char key[8];
	int vl;

	for (vl = 0; vl < SNIC_NUM_VLS; vl++) {
		if (!cr->buf[vl])
			continue;
		snprintf(key, sizeof(key), "vl%d", vl);
		out_begin_sub(key);
		out_u64("buf", " buf %llu", cr->buf[vl]);
		out_u64("used", " used %llu", cr->used[vl]);
		out_end_sub();
	}
}

const struct opt credit_opts[] = {
	OPT_U32("credit_period", SNIC_A_CREDIT, SNIC_A_CREDIT_PERIOD, 0),
	{ .kw = "vlbuf", .nest = SNIC_A_CREDIT, .attr = SNIC_A_CREDIT_VL_BUF,
	  .parse = vlbuf_opt, .show = vlbuf_show },
	OPT_SET("credit_drop", SNIC_A_CREDIT, SNIC_A_CREDIT_DROP, 0),
	{ 0 }
};
