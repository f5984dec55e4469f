/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Counter names (the ethtool -S strings), indexed by enum snic_stat of
 * include/uapi/linux/snic.h, made from the list in stat_list.h. Shared by
 * snic.ko and snicctl.
 */
#ifndef _SNIC_CORE_STAT_NAMES_H
#define _SNIC_CORE_STAT_NAMES_H

#ifdef __KERNEL__
#include <linux/build_bug.h>
#include <uapi/linux/snic.h>
#else
#include <assert.h>
#include <linux/snic.h>
#endif

#include "stat_list.h"

#define __SNIC_STAT_NAME(id, name, ...) \
	[SNIC_STAT_##id] = #name,

static const char *const snic_stat_name[SNIC_STAT_MAX + 1] = {
	DEFINE_SNIC_STAT(__SNIC_STAT_NAME)
};

#undef __SNIC_STAT_NAME

/* Every counter of the enum is in the list (each one of the list is in the
 * enum, or the table above would not build): a stale uapi header fails
 * here. scripts/ynl-regen.sh regenerates it from the list.
 */
#define __SNIC_STAT_LISTED(id, ...) \
	__SNIC_STAT_LISTED_##id,

enum {
	__SNIC_STAT_LISTED_PAD = SNIC_STAT_PAD,
	DEFINE_SNIC_STAT(__SNIC_STAT_LISTED)

	__SNIC_STAT_LISTED_MAX
};

#undef __SNIC_STAT_LISTED

static_assert((int)__SNIC_STAT_LISTED_MAX == (int)__SNIC_STAT_MAX,
	      "enum snic_stat differs from core/stat_list.h");

#endif /* _SNIC_CORE_STAT_NAMES_H */
