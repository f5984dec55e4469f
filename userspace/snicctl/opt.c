// SPDX-License-Identifier: GPL-2.0
/*
 * Command line values, and the option tables of "dev set" and "port set"
 * (what "dev show" and "port show" print, too): one row per keyword,
 * naming the libsnic field it sets (its nest and attribute), the parser
 * of its value and how it is shown. A new scalar setting is one row in
 * the table of its nest (dev.c, credit.c, cc.c, ar.c, port.c), once its
 * attribute is in the spec, the kernel's handler and libsnic.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <net/if.h>

#include "snicctl.h"

/* Decimal or 0x-hex, within u32; the kernel judges the range. */
int parse_u32(const char *s, uint32_t *v)
{
	unsigned long long x;
	char *end;

	errno = 0;
	x = strtoull(s, &end, 0);
	if (errno || !*s || *end || x > UINT32_MAX || s[0] == '-')
		return -1;
	*v = x;
	return 0;
}

int dev_index(const char *name, uint32_t *ifindex)
{
	*ifindex = if_nametoindex(name);
	if (!*ifindex) {
		fprintf(stderr, "Error: device \"%s\" does not exist\n", name);
		return -1;
	}
	return 0;
}

int parse_table(char *s, uint8_t *table, int n)
{
	char *tok, *save = NULL;
	uint32_t v;
	int i = 0;

	for (tok = strtok_r(s, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		if (i >= n || parse_u32(tok, &v) || v > 255)
			return -1;
		table[i++] = v;
	}
	return i ? 0 : -1;
}

/* An SC -> x table: the SCs @s does not name keep their own number, as
 * the kernel's default.
 */
int parse_sc_table(char *s, uint8_t *table)
{
	int sc;

	for (sc = 0; sc < SNIC_NUM_SC; sc++)
		table[sc] = sc;
	return parse_table(s, table, SNIC_NUM_SC);
}

/* The cfg struct of @nest in @c, now part of the request. */
void *opt_cfg_of(struct opt_cfg *c, int nest)
{
	switch (nest) {
	case SNIC_A_DEV:
		c->has_dev = true;
		return &c->dev;
	case SNIC_A_CREDIT:
		c->has_credit = true;
		return &c->credit;
	case SNIC_A_CC:
		c->has_cc = true;
		return &c->cc;
	case SNIC_A_AR:
		c->has_ar = true;
		return &c->ar;
	case SNIC_A_SW_CC:
		c->has_sw_cc = true;
		return &c->sw_cc;
	case SNIC_A_PORT:
		return &c->port;
	}
	abort();
}

/* The info struct of @nest in @i, NULL if the reply had none. */
const void *opt_info_of(const struct opt_info *i, int nest)
{
	const struct snic_credit_info *credit = NULL;

	if (i->dev)
		credit = &i->dev->credit;
	else if (i->port)
		credit = &i->port->credit;
	switch (nest) {
	case SNIC_A_DEV:
		return i->dev;
	case SNIC_A_CREDIT:
		return credit && credit->valid ? credit : NULL;
	case SNIC_A_CC:
		return i->dev && i->dev->cc.valid ? &i->dev->cc : NULL;
	case SNIC_A_AR:
		return i->dev && i->dev->ar.valid ? &i->dev->ar : NULL;
	case SNIC_A_SW_CC:
		return i->dev && i->dev->sw_cc.valid ? &i->dev->sw_cc : NULL;
	case SNIC_A_PORT:
		return i->port;
	}
	return NULL;
}

/* 1: @kw is an option of @tabs (set in @c), 0: not one, -1: a bad value. */
int opt_set(const struct opt *const *tabs, const char *kw, char *val,
	    struct opt_cfg *c)
{
	const struct opt *o;

	for (; *tabs; tabs++)
		for (o = *tabs; o->kw || o->show; o++)
			if (o->kw && !strcmp(kw, o->kw))
				return o->parse(o, val, c) < 0 ? -1 : 1;
	return 0;
}

void opt_show(const struct opt *const *tabs, const struct opt_info *i)
{
	const struct opt *o;

	for (; *tabs; tabs++)
		for (o = *tabs; o->kw || o->show; o++)
			if (o->show && opt_info_of(i, o->nest))
				o->show(o, i);
}

/* A number, at most o->max (0: any u32). */
static int value(const struct opt *o, const char *s, uint32_t *v)
{
	return parse_u32(s, v) || (o->max && *v > o->max) ? -1 : 0;
}

static int set(const struct opt *o, struct opt_cfg *c, int attr, uint32_t v)
{
	return snic_cfg_set(opt_cfg_of(c, o->nest), o->nest, attr, v);
}

int opt_u32(const struct opt *o, char *val, struct opt_cfg *c)
{
	uint32_t v;

	return value(o, val, &v) ? -1 : set(o, c, o->attr, v);
}

/* Two numbers A<sep>B, of attr and attr2. */
int opt_pair(const struct opt *o, char *val, struct opt_cfg *c)
{
	char *s = strchr(val, o->sep);
	uint32_t a, b;

	if (!s)
		return -1;
	*s = 0;
	if (value(o, val, &a) || value(o, s + 1, &b))
		return -1;
	return set(o, c, o->attr, a) ? -1 : set(o, c, o->attr2, b);
}

/* One of o->names, its index the value. */
int opt_enum(const struct opt *o, char *val, struct opt_cfg *c)
{
	uint32_t i;

	for (i = 0; o->names[i]; i++)
		if (!strcmp(val, o->names[i]))
			return set(o, c, o->attr, i);
	return -1;
}

static int get(const struct opt *o, const struct opt_info *i, int attr,
	       uint64_t *v)
{
	return snic_info_get(opt_info_of(i, o->nest), o->nest, attr, v);
}

/* " KEY N", as JSON "KEY":N */
void show_u64(const struct opt *o, const struct opt_info *i)
{
	char fmt[64];
	uint64_t v;

	if (get(o, i, o->attr, &v))
		return;
	snprintf(fmt, sizeof(fmt), " %s %%llu", o->key);
	out_u64(o->key, fmt, v);
}

void show_hex(const struct opt *o, const struct opt_info *i)
{
	char fmt[64];
	uint64_t v;

	if (get(o, i, o->attr, &v))
		return;
	snprintf(fmt, sizeof(fmt), " %s 0x%%llx", o->key);
	out_hex(o->key, fmt, v);
}

/* " KW A<sep>B", as JSON "KEY":A,"KEY2":B */
void show_pair(const struct opt *o, const struct opt_info *i)
{
	char fmt[64];
	uint64_t a, b;

	if (get(o, i, o->attr, &a) || get(o, i, o->attr2, &b))
		return;
	snprintf(fmt, sizeof(fmt), " %s %%llu", o->kw);
	out_u64(o->key, fmt, a);
	snprintf(fmt, sizeof(fmt), "%c%%llu", o->sep);
	out_u64(o->key2, fmt, b);
}

void show_enum(const struct opt *o, const struct opt_info *i)
{
	char fmt[64];
	uint64_t v, n;

	if (get(o, i, o->attr, &v))
		return;
	for (n = 0; o->names[n]; n++)
		;
	snprintf(fmt, sizeof(fmt), " %s %%s", o->key);
	out_str(o->key, fmt, v < n ? o->names[v] : "?");
}

/* A device's name from its ifindex (0: none, not shown). */
void show_ifname(const struct opt *o, const struct opt_info *i)
{
	char name[IF_NAMESIZE] = "?", fmt[64];
	uint64_t v;

	if (get(o, i, o->attr, &v) || !v)
		return;
	if_indextoname(v, name);
	snprintf(fmt, sizeof(fmt), " %s %%s", o->key);
	out_str(o->key, fmt, name);
}
