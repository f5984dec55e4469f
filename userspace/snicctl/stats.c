// SPDX-License-Identifier: GPL-2.0
/* Counter names, as the kernel's ethtool -S strings. */
#include <stdio.h>
#include <netlink/attr.h>

#include "snicctl.h"

static const char *const stat_names[SNIC_STAT_MAX + 1] = {
	[SNIC_STAT_RX_PACKETS]		= "rx_packets",
	[SNIC_STAT_RX_BYTES]		= "rx_bytes",
	[SNIC_STAT_TX_PACKETS]		= "tx_packets",
	[SNIC_STAT_TX_BYTES]		= "tx_bytes",
	[SNIC_STAT_RX_TRUNCATED]	= "rx_drop_truncated",
	[SNIC_STAT_RX_BAD_L2]		= "rx_drop_bad_l2",
	[SNIC_STAT_RX_BAD_LEN]		= "rx_drop_bad_len",
	[SNIC_STAT_RX_BAD_PAD]		= "rx_drop_bad_pad",
	[SNIC_STAT_RX_UNKNOWN_L4]	= "rx_drop_unknown_l4",
	[SNIC_STAT_RX_BAD_DLID]		= "rx_drop_bad_dlid",
	[SNIC_STAT_RX_BAD_INNER]	= "rx_drop_bad_inner",
	[SNIC_STAT_RX_MGMT]		= "rx_mgmt",
	[SNIC_STAT_TX_NO_DLID]		= "tx_drop_no_dlid",
	[SNIC_STAT_TX_NOMEM]		= "tx_drop_nomem",
	[SNIC_STAT_TX_TOO_BIG]		= "tx_drop_too_big",
	[SNIC_STAT_TX_LINK_DOWN]	= "tx_drop_link_down",
	[SNIC_STAT_FWD_NO_ROUTE]	= "fwd_drop_no_route",
	[SNIC_STAT_FWD_LOOP]		= "fwd_drop_loop",
	[SNIC_STAT_FWD_NOMEM]		= "fwd_drop_nomem",
	[SNIC_STAT_FWD_FLOOD]		= "fwd_flood_copies",
	[SNIC_STAT_FWD_TX_DROP]		= "fwd_drop_egress",
	[SNIC_STAT_TX_NO_LID]		= "tx_drop_no_lid",
	[SNIC_STAT_TX_LOWER_DROP]	= "tx_drop_lower",
	[SNIC_STAT_RX_DEV_DOWN]		= "rx_drop_dev_down",
};

void stats_print(struct nlattr *nest)
{
	struct nlattr *a;
	int rem, n = 0;
	char fmt[64];

	out_begin_sub("stats");
	nla_for_each_nested(a, nest, rem) {
		int t = nla_type(a);

		if (t > SNIC_STAT_MAX || !stat_names[t] ||
		    nla_len(a) != sizeof(uint64_t))
			continue;
		if (!opt_json && n++ % 4 == 0)
			printf("\n     ");
		snprintf(fmt, sizeof(fmt), " %s %%llu", stat_names[t]);
		out_u64(stat_names[t], fmt, nla_get_u64(a));
	}
	out_end_sub();
}
