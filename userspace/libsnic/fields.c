// SPDX-License-Identifier: GPL-2.0
/*
 * The scalar attributes of the settings nests (dev, credit, cc, ar, port)
 * and where each lives in the cfg and info structs of libsnic.h: one row
 * per attribute. Requests put and replies read them from these tables;
 * the binary and nested attributes (sl2sc, vl-buf, cct-entry, ...) are
 * the callers' own code.
 */
#include <errno.h>
#include <stddef.h>

#include "internal.h"

enum { F_U32 = 1, F_U64 };

struct field {
	int attr;
	int type;
	int cfg, has;	/* offsets in the cfg struct; -1: not in it, has
			 * -1: always carried (a required attribute)
			 */
	int info;	/* offset in the info struct; -1: not in it */
};

/* The offset of field @f of struct @s, which must be @n bytes wide. */
#define AT(s, f, n)	(offsetof(struct s, f) + \
			 0 * sizeof(char[sizeof(((struct s *)0)->f) == (n) ? 1 : -1]))
#define CFG(s, f, h)	.cfg = AT(s, f, 4), .has = AT(s, h, sizeof(bool))
#define ALWAYS(s, f)	.cfg = AT(s, f, 4), .has = -1
#define NOCFG		.cfg = -1, .has = -1
#define INFO(s, f)	.info = AT(s, f, 4)
#define INFO64(s, f)	.info = AT(s, f, 8)
#define NOINFO		.info = -1

static const struct field dev_fields[] = {
	{ SNIC_A_DEV_LID, F_U32, CFG(snic_dev_cfg, lid, has_lid),
	  INFO(snic_dev_info, lid) },
	{ SNIC_A_DEV_LINK_IFINDEX, F_U32, NOCFG,
	  INFO(snic_dev_info, link_ifindex) },
	{ 0 }
};

static const struct field credit_fields[] = {
	{ SNIC_A_CREDIT_PERIOD, F_U32,
	  CFG(snic_credit_cfg, period_us, has_period),
	  INFO(snic_credit_info, period_us) },
	{ SNIC_A_CREDIT_DROP, F_U32, CFG(snic_credit_cfg, drop, has_drop),
	  NOINFO },
	{ 0 }
};

#define CC(a, f, h)	{ SNIC_A_CC_##a, F_U32, CFG(snic_cc_cfg, f, h), \
			  INFO(snic_cc_info, f) }
#define CC_INFO(a, f)	{ SNIC_A_CC_##a, F_U32, NOCFG, INFO(snic_cc_info, f) }
#define CC_INFO64(a, f)	{ SNIC_A_CC_##a, F_U64, NOCFG, INFO64(snic_cc_info, f) }

static const struct field cc_fields[] = {
	CC(PACING, pacing, has_pacing),
	CC(INCREASE, increase, has_increase),
	CC(TIMER, timer, has_timer),
	CC(TRIGGER, trigger, has_trigger),
	CC(MIN, min, has_min),
	CC(LIMIT, limit, has_limit),
	CC(MAX_TRACKED, max_tracked, has_max_tracked),
	CC(WINDOW, window_ns, has_window),
	CC(MAX_DELAY, max_delay, has_max_delay),
	CC_INFO(TRACKED, tracked),
	CC_INFO(CCT_LEN, cct_len),
	CC_INFO(PARKED, parked),
	CC_INFO64(LATE_NS, late_ns),
	CC_INFO64(LATE_N, late_n),
	CC_INFO64(LATE_P50, late_p50),
	CC_INFO64(LATE_P99, late_p99),
	CC_INFO64(LATE_MAX, late_max),
	{ 0 }
};

#define AR(a, f, h)	{ SNIC_A_AR_##a, F_U32, CFG(snic_ar_cfg, f, h), \
			  INFO(snic_ar_info, f) }

static const struct field ar_fields[] = {
	AR(DLID, dlid, has_dlid),
	AR(GROUP, group, has_group),
	AR(SWITCH, sw, has_switch),
	AR(LIFE, life_us, has_life),
	AR(PERIOD, period_us, has_period),
	AR(SET_LEVEL, set_level, has_set_level),
	AR(CLEAR_LEVEL, clear_level, has_clear_level),
	AR(SET_SAMPLES, set_samples, has_set_samples),
	AR(CLEAR_SAMPLES, clear_samples, has_clear_samples),
	AR(HOLD_DOWN, hold_down_us, has_hold_down),
	AR(FLOWLET, flowlet_us, has_flowlet),
	AR(ALGORITHM, algorithm, has_algorithm),
	AR(LOST_ROUTE_ONLY, lost_route_only, has_lost_route_only),
	/* the kernel takes the two together */
	AR(SLID_MIN, slid_min, has_slids),
	AR(SLID_MAX, slid_max, has_slids),
	AR(REFRESH, refresh_us, has_refresh),
	AR(REPEAT, repeat, has_repeat),
	AR(RECOVERY_HOLD, recovery_us, has_recovery),
	AR(MIN_GAP, min_gap_us, has_min_gap),
	AR(DETECT, detect, has_detect),
	/* the kernel takes each pair together */
	AR(UTIL_SET_LEVEL, util_set_level, has_util_thr),
	AR(UTIL_CLEAR_LEVEL, util_clear_level, has_util_thr),
	AR(UTIL_SET_SAMPLES, util_set_samples, has_util_samples),
	AR(UTIL_CLEAR_SAMPLES, util_clear_samples, has_util_samples),
	AR(INTM, intm, has_intm),
	{ 0 }
};

static const struct field sw_cc_fields[] = {
	{ SNIC_A_SW_CC_MARKING, F_U32,
	  CFG(snic_sw_cc_cfg, marking, has_marking),
	  INFO(snic_sw_cc_info, marking) },
	{ SNIC_A_SW_CC_LOG_ENTRIES, F_U64, NOCFG,
	  INFO64(snic_sw_cc_info, log_entries) },
	{ SNIC_A_SW_CC_PORT_BUF, F_U32,
	  CFG(snic_sw_cc_cfg, port_buf, has_port_buf),
	  INFO(snic_sw_cc_info, port_buf) },
	{ SNIC_A_SW_CC_PORT_VICTIM, F_U32,
	  CFG(snic_sw_cc_cfg, port_victim, has_port_victim),
	  INFO(snic_sw_cc_info, port_victim) },
	{ 0 }
};

#define PORT_INFO(a, f)	{ SNIC_A_PORT_##a, F_U32, NOCFG, INFO(snic_port_info, f) }

static const struct field port_fields[] = {
	{ SNIC_A_PORT_NUM, F_U32, ALWAYS(snic_port_cfg, num),
	  INFO(snic_port_info, num) },
	{ SNIC_A_PORT_IFINDEX, F_U32, NOCFG, INFO(snic_port_info, ifindex) },
	/* the kernel takes the two together */
	{ SNIC_A_PORT_AR_KIND, F_U32, CFG(snic_port_cfg, ar_kind, has_ar),
	  INFO(snic_port_info, ar_kind) },
	{ SNIC_A_PORT_AR_PEER, F_U32, CFG(snic_port_cfg, ar_peer, has_ar),
	  INFO(snic_port_info, ar_peer) },
	PORT_INFO(AR_LEVEL, ar_level),
	PORT_INFO(AR_CONGESTED, ar_congested),
	PORT_INFO(AR_UTIL, ar_util),
	PORT_INFO(AR_ABOVE, ar_above),
	PORT_INFO(AR_BELOW, ar_below),
	PORT_INFO(AR_FAILED, ar_failed),
	PORT_INFO(AR_UP_US, ar_up_us),
	{ 0 }
};

static const struct field *fields_of(int nest)
{
	switch (nest) {
	case SNIC_A_DEV:
		return dev_fields;
	case SNIC_A_CREDIT:
		return credit_fields;
	case SNIC_A_CC:
		return cc_fields;
	case SNIC_A_AR:
		return ar_fields;
	case SNIC_A_SW_CC:
		return sw_cc_fields;
	case SNIC_A_PORT:
		return port_fields;
	}
	return NULL;
}

static const struct field *field_of(int nest, int attr)
{
	const struct field *f = fields_of(nest);

	for (; f && f->attr; f++)
		if (f->attr == attr)
			return f;
	return NULL;
}

uint32_t snic_get_u32(const struct nlattr *a)
{
	return a && nla_len(a) == sizeof(uint32_t) ? nla_get_u32(a) : 0;
}

uint64_t snic_get_u64(const struct nlattr *a)
{
	return a && nla_len(a) == sizeof(uint64_t) ? nla_get_u64(a) : 0;
}

int snic_fields_put(struct nl_msg *msg, int nest, const void *cfg)
{
	const struct field *f = fields_of(nest);
	const char *c = cfg;

	for (; f && f->attr; f++) {
		if (f->cfg < 0 || (f->has >= 0 && !*(const bool *)(c + f->has)))
			continue;
		if (nla_put_u32(msg, f->attr, *(const uint32_t *)(c + f->cfg)))
			return -EMSGSIZE;
	}
	return 0;
}

void snic_fields_get(struct nlattr **tb, int nest, void *info)
{
	const struct field *f = fields_of(nest);
	char *i = info;

	for (; f && f->attr; f++) {
		if (f->info < 0)
			continue;
		if (f->type == F_U64)
			*(uint64_t *)(i + f->info) = snic_get_u64(tb[f->attr]);
		else
			*(uint32_t *)(i + f->info) = snic_get_u32(tb[f->attr]);
	}
}

int snic_cfg_set(void *cfg, int nest, int attr, uint64_t val)
{
	const struct field *f = field_of(nest, attr);
	char *c = cfg;

	if (!f || f->cfg < 0)
		return -ENOENT;
	*(uint32_t *)(c + f->cfg) = val;
	if (f->has >= 0)
		*(bool *)(c + f->has) = true;
	return 0;
}

int snic_info_get(const void *info, int nest, int attr, uint64_t *val)
{
	const struct field *f = field_of(nest, attr);
	const char *i = info;

	if (!f || f->info < 0)
		return -ENOENT;
	*val = f->type == F_U64 ? *(const uint64_t *)(i + f->info) :
				  *(const uint32_t *)(i + f->info);
	return 0;
}
