/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The BECNs a destination NIC owes (kernel-independent; shared by
 * snic.ko, KUnit, the host unit tests and the fuzzers).
 *
 * A unicast data packet that arrives with FECN makes the NIC owe a BECN to
 * its source (SLID) for the packet's SL. One entry per source and SL:
 * FECNs that arrive while one is owed fold into it (count), so a source
 * gets at most one notification per SL per window. The entry goes when
 * the BECN is paid, piggybacked on a data packet to the source on that SL
 * (snic_owed_take()) or in a standalone notification, which names the SL,
 * once it is due (snic_owed_pop_due()).
 *
 * Entries are found by SLID and SL in a hash, and kept in a FIFO in the order
 * they were made. Every entry is due a window after it was made, so the
 * FIFO is in order of due time and the timer takes what is due from its
 * head: a lookup, a take and a pop cost O(1) whatever the number of
 * sources. (A window made shorter applies to entries made after: one
 * made before may delay those behind it by at most the old window.)
 *
 * The table is bounded (cap entries, allocated by the caller); a FECN from
 * a new source when it is full is not coalesced (SNIC_OWED_FULL): the
 * caller sends its BECN at once, and counts it.
 */
#ifndef _SNIC_CORE_OWED_H
#define _SNIC_CORE_OWED_H

#include "core_types.h"

#define SNIC_OWED_NIL		0xffffffffu

struct snic_owed {
	u32 slid;
	u16 count;		/* FECNs folded in, saturating */
	u8 sl;
	u64 due;		/* when its standalone notification goes */
	u32 hnext;		/* hash chain, or the free list */
	u32 prev, next;		/* FIFO, first made first */
};

struct snic_owed_table {
	struct snic_owed *ent;		/* cap entries */
	u32 *bucket;			/* nbuckets chain heads */
	u32 cap, nbuckets, count;
	u32 head, tail;			/* FIFO: first due, last made */
	u32 free;
};

enum snic_owed_res {
	SNIC_OWED_NEW,		/* a BECN is owed now, due at @due */
	SNIC_OWED_FOLDED,	/* folded into the one owed */
	SNIC_OWED_FULL,		/* a new source, and no room: not owed */
};

/* Chain heads needed for @cap entries (a power of two >= @cap). */
u32 snic_owed_buckets(u32 cap);
/* @ent holds @cap entries, @bucket snic_owed_buckets(@cap). */
void snic_owed_init(struct snic_owed_table *t, struct snic_owed *ent,
		    u32 *bucket, u32 cap);
/* A FECN from @slid for @sl; a new entry is due at @due. */
enum snic_owed_res snic_owed_fecn(struct snic_owed_table *t, u32 slid, u8 sl,
				  u64 due, u16 count_max);
/* A packet to @slid on @sl leaves: true if it pays a BECN owed (gone). */
bool snic_owed_take(struct snic_owed_table *t, u32 slid, u8 sl);
/* The first entry due at @now, removed into *@out; false if none is. */
bool snic_owed_pop_due(struct snic_owed_table *t, u64 now,
		       struct snic_owed *out);
/* When the first entry is due; 0 if none is owed. */
u64 snic_owed_next(const struct snic_owed_table *t);

#endif
