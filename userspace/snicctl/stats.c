// SPDX-License-Identifier: GPL-2.0
/* Counters, named as the kernel's ethtool -S strings (snic_stat_name()). */
#include <stdio.h>

#include "snicctl.h"

void stats_print(const uint64_t *stats)
{
	const char *name;
	int t, n = 0;
	char fmt[64];

	out_begin_sub("stats");
	for (t = 1; t <= SNIC_STAT_MAX; t++) {
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
