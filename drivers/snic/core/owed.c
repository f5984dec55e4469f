// SPDX-License-Identifier: GPL-2.0
/* Owed BECNs: a hash by SLID and SL, a FIFO by due time (see owed.h). */
#include "owed.h"

u32 snic_owed_buckets(u32 cap)
{
	u32 n = 1;

	while (n < cap)
		n <<= 1;
	return n;
}

static u32 snic_owed_hash(const struct snic_owed_table *t, u32 slid, u8 sl)
{
	return (u32)((slid ^ (u32)sl << 24) * 0x9e3779b1u) >> 7 &
	       (t->nbuckets - 1);
}

void snic_owed_init(struct snic_owed_table *t, struct snic_owed *ent,
		    u32 *bucket, u32 cap)
{
	u32 i;

	t->ent = ent;
	t->bucket = bucket;
	t->cap = cap;
	t->nbuckets = snic_owed_buckets(cap);
	t->count = 0;
	t->head = SNIC_OWED_NIL;
	t->tail = SNIC_OWED_NIL;
	t->free = cap ? 0 : SNIC_OWED_NIL;
	for (i = 0; i < t->nbuckets; i++)
		bucket[i] = SNIC_OWED_NIL;
	for (i = 0; i < cap; i++)
		ent[i].hnext = i + 1 < cap ? i + 1 : SNIC_OWED_NIL;
}

static u32 *snic_owed_slot(struct snic_owed_table *t, u32 slid, u8 sl)
{
	u32 *pp = &t->bucket[snic_owed_hash(t, slid, sl)];

	while (*pp != SNIC_OWED_NIL &&
	       (t->ent[*pp].slid != slid || t->ent[*pp].sl != sl))
		pp = &t->ent[*pp].hnext;
	return pp;
}

/* Unlink the entry *@pp points to from its chain and the FIFO; free it. */
static void snic_owed_del(struct snic_owed_table *t, u32 *pp)
{
	u32 i = *pp;
	struct snic_owed *o = &t->ent[i];

	*pp = o->hnext;
	if (o->prev != SNIC_OWED_NIL)
		t->ent[o->prev].next = o->next;
	else
		t->head = o->next;
	if (o->next != SNIC_OWED_NIL)
		t->ent[o->next].prev = o->prev;
	else
		t->tail = o->prev;
	o->hnext = t->free;
	t->free = i;
	t->count--;
}

enum snic_owed_res snic_owed_fecn(struct snic_owed_table *t, u32 slid, u8 sl,
				  u64 due, u16 count_max)
{
	u32 *pp, i;
	struct snic_owed *o;

	if (!t->cap)
		return SNIC_OWED_FULL;
	pp = snic_owed_slot(t, slid, sl);
	if (*pp != SNIC_OWED_NIL) {
		o = &t->ent[*pp];
		if (o->count < count_max)
			o->count++;
		return SNIC_OWED_FOLDED;
	}
	if (t->free == SNIC_OWED_NIL)
		return SNIC_OWED_FULL;
	i = t->free;
	o = &t->ent[i];
	t->free = o->hnext;
	o->slid = slid;
	o->sl = sl;
	o->count = 1;
	o->due = due;
	o->hnext = SNIC_OWED_NIL;
	*pp = i;
	o->next = SNIC_OWED_NIL;
	o->prev = t->tail;
	if (t->tail != SNIC_OWED_NIL)
		t->ent[t->tail].next = i;
	else
		t->head = i;
	t->tail = i;
	t->count++;
	return SNIC_OWED_NEW;
}

bool snic_owed_take(struct snic_owed_table *t, u32 slid, u8 sl)
{
	u32 *pp;

	if (!t->count)
		return false;
	pp = snic_owed_slot(t, slid, sl);
	if (*pp == SNIC_OWED_NIL)
		return false;
	snic_owed_del(t, pp);
	return true;
}

bool snic_owed_pop_due(struct snic_owed_table *t, u64 now,
		       struct snic_owed *out)
{
	struct snic_owed *o;

	if (t->head == SNIC_OWED_NIL)
		return false;
	o = &t->ent[t->head];
	if (o->due > now)
		return false;
	*out = *o;
	snic_owed_del(t, snic_owed_slot(t, o->slid, o->sl));
	return true;
}

u64 snic_owed_next(const struct snic_owed_table *t)
{
	return t->head == SNIC_OWED_NIL ? 0 : t->ent[t->head].due;
}
