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
#include <netlink/attr.h>

#include "snicctl.h"

int credit_opt(struct nl_msg *msg, const char *key, char *val)
{
	uint16_t buf[SNIC_NUM_VLS] = { 0 };
	char *tok, *save = NULL;
	uint32_t v;
	int n = 0;

	if (!strcmp(key, "credit_period") || !strcmp(key, "credit_drop")) {
		if (parse_u32(val, &v))
			return -1;
		nla_put_u32(msg, key[7] == 'p' ? SNIC_A_CREDIT_PERIOD :
			    SNIC_A_CREDIT_DROP, v);
		return 1;
	}
	if (strcmp(key, "vlbuf"))
		return 0;
	for (tok = strtok_r(val, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		if (n >= SNIC_NUM_VLS || parse_u32(tok, &v) || v > 65535)
			return -1;
		buf[n++] = v;
	}
	if (n == 1)
		for (n = 1; n < 8; n++)
			buf[n] = buf[0];
	nla_put(msg, SNIC_A_VL_BUF, sizeof(buf), buf);
	return 1;
}

void credit_print(struct nlattr **tb)
{
	const uint16_t *buf;
	const uint32_t *used;
	char key[8];
	int i;

	if (tb[SNIC_A_CREDIT_PERIOD])
		out_u64("credit_period", " credit_period %llu",
			nla_get_u32(tb[SNIC_A_CREDIT_PERIOD]));
	if (!tb[SNIC_A_VL_BUF] || !tb[SNIC_A_VL_USED] ||
	    nla_len(tb[SNIC_A_VL_BUF]) != SNIC_NUM_VLS * 2 ||
	    nla_len(tb[SNIC_A_VL_USED]) != SNIC_NUM_VLS * 4)
		return;
	buf = nla_data(tb[SNIC_A_VL_BUF]);
	used = nla_data(tb[SNIC_A_VL_USED]);

	for (i = 0; i < SNIC_NUM_VLS; i++) {
		if (!buf[i])
			continue;
		snprintf(key, sizeof(key), "vl%d", i);
		out_begin_sub(key);
		out_u64("buf", " buf %llu", buf[i]);
		out_u64("used", " used %llu", used[i]);
		out_end_sub();
	}
}
