// SPDX-License-Identifier: GPL-2.0
/* Counters, named as the kernel's ethtool -S strings (core/stat_names.h). */
#include <stdio.h>
#include <netlink/attr.h>

#include "snicctl.h"
#include "stat_names.h"


void stats_print(struct nlattr *nest)
{
	struct nlattr *a;
	int rem, n = 0;
	char fmt[64];

	out_begin_sub("stats");
	nla_for_each_nested(a, nest, rem) {
		int t = nla_type(a);

		if (t > SNIC_STAT_MAX || !snic_stat_name[t] ||
		    nla_len(a) != sizeof(uint64_t))
			continue;
		if (!opt_json && n++ % 4 == 0)
			printf("\n     ");
		snprintf(fmt, sizeof(fmt), " %s %%llu", snic_stat_name[t]);
		out_u64(snic_stat_name[t], fmt, nla_get_u64(a));
	}
	out_end_sub();
}
