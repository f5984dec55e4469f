// SPDX-License-Identifier: GPL-2.0
/* Counter names: the kernel's ethtool -S strings, from core/stat_list.h. */
#include <stddef.h>

/* stat_names.h's table is named as the function of libsnic.h. */
#define snic_stat_name snic_stat_names
#include "stat_names.h"
#undef snic_stat_name

#include "libsnic.h"

const char *snic_stat_name(int id)
{
	return id > 0 && id <= SNIC_STAT_MAX ? snic_stat_names[id] : NULL;
}
