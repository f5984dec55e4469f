// SPDX-License-Identifier: GPL-2.0
/* Counters, named as the kernel's ethtool -S strings (snic_stat_name()). */
#include <stdio.h>

#include "snicctl.h"

/*
 * Counters from @first on: a device's start where ethtool -S's do (its
 * packets and bytes are rtnl_link_stats64's, ip -s link), a port's at the
 * first.
 */
void stats_print(const uint64_t *stats, int first)
{
	const char *name;
	int t, n = 0;
	char fmt[64];

	out_begin_sub("stats");
	for (t = first; t <= SNIC_STAT_MAX; t++) {
		name = snic_stat_name(t);
		if (!name)
			continue;
		if (!opt_json && n++ % 4 == 0)
			printf("\n     ");
		snprintf(fmt, sizeof(fmt), " %s %%llu", name);
		out_u64(name, fmt, stats[t]);
	}
	out_end_sub();
}
