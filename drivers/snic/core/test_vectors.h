/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Test vectors of the core, shared by its two test suites: the KUnit
 * suite run at module load (drivers/snic/selftest/core_kunit.c) and the
 * host unit tests (selftests/unit). A vector is written once, from the
 * documents (Documentation/networking/snic.rst, cca.md), and both suites
 * check the same code against it.
 */
#ifndef _SNIC_CORE_TEST_VECTORS_H
#define _SNIC_CORE_TEST_VECTORS_H

#include "core_types.h"
#include "hdr16b.h"
#include "owed.h"

/* The 16B header with every field at a distinct value, and its bytes. */
static const struct snic_16b snic_tv_16b_hdr = {
	.becn = 1, .len = 0x7ff, .slid = 0xabcdef, .l2 = 2, .fecn = 1,
	.rc = 5, .sc = 0x1f, .dlid = 0x123456, .pkey = 0x8001,
	.l4 = 0x78, .age = 0x42, .entropy = 0xbeef, .le = 0xa5,
};

static const u8 snic_tv_16b_bytes[16] = {
	0xef, 0xcd, 0xfb, 0xff,	/* BECN|LEN<<20|SLID[19:0] */
	0x56, 0x34, 0xf2, 0x5b,	/* L2<<29|FECN<<28|RC<<25|SC<<20|DLID */
	0x78, 0x1a, 0x01, 0x80,	/* PKEY<<16|DLID[23:20]<<12|SLID[23:20]<<8|L4 */
	0xef, 0xbe, 0x42, 0xa5,	/* LE<<24|AGE<<16|ENTROPY */
};

/* MAC addresses and the DLID each one names (0: none). */
static const struct {
	u8 mac[6];
	u32 dlid;
} snic_tv_mac_dlid[] = {
	{ { 0x02, 0x53, 0x4e, 0x12, 0x34, 0x56 }, 0x123456 },
	{ { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff }, 0xf00000 },	/* broadcast */
	{ { 0x33, 0x33, 0x00, 0x00, 0x00, 0x01 }, 0xf00000 },	/* IPv6 mcast */
	{ { 0x02, 0x00, 0x00, 0x00, 0x00, 0x01 }, 0 },		/* foreign */
	{ { 0x02, 0x53, 0x4e, 0xf0, 0x00, 0x01 }, 0 },		/* mcast LID */
};

/*
 * cca.md's worked numbers: a 10 KB packet at 100 Gb/s takes 819 ns; the
 * table ramps to desired_max_delay 8300 ns at CCTI 127. Entries: index,
 * shift, multiplier; and the IPD of the top entry.
 */
#define SNIC_TV_CCT_TP		819
#define SNIC_TV_CCT_DELAY	8300
#define SNIC_TV_CCT_LIMIT	127
#define SNIC_TV_CCT_TOP_IPD	8292
static const struct {
	u16 idx;
	u8 shift;
	u16 mult;
} snic_tv_cct[] = {
	{ 0, 3, 0 },
	{ 5, 3, 3 },	/* one BECN: 8 / (3 + 8) = 73 % of line rate */
	{ 127, 3, 81 },	/* the top: 8 / 89 */
};

/*
 * Owed BECNs (core/owed.h), a program over a table of 4 entries: op, SLID,
 * SL, time (FECN: due; pop: now), and what it returns (FECN: the result;
 * take: 1 if paid; pop: the SLID popped, 0 none), and for a pop the FECNs
 * it folded (and its SL).
 */
#define SNIC_TV_OWED_CAP	4
enum { SNIC_TV_FECN, SNIC_TV_TAKE, SNIC_TV_POP };
static const struct {
	u8 op;
	u32 slid;
	u8 sl;
	u64 t;
	u32 want;
	u16 count;
} snic_tv_owed[] = {
	{ SNIC_TV_FECN, 10, 1, 100, SNIC_OWED_NEW, 0 },
	{ SNIC_TV_FECN, 11, 1, 110, SNIC_OWED_NEW, 0 },
	{ SNIC_TV_FECN, 10, 1, 120, SNIC_OWED_FOLDED, 0 },	/* due stays */
	{ SNIC_TV_FECN, 12, 1, 130, SNIC_OWED_NEW, 0 },
	{ SNIC_TV_FECN, 13, 1, 140, SNIC_OWED_NEW, 0 },
	{ SNIC_TV_FECN, 14, 1, 150, SNIC_OWED_FULL, 0 },	/* 5 sources */
	{ SNIC_TV_TAKE, 11, 2, 0, 0, 0 },		/* owed on SL 1 only */
	{ SNIC_TV_TAKE, 11, 1, 0, 1, 0 },		/* piggybacked */
	{ SNIC_TV_TAKE, 11, 1, 0, 0, 0 },		/* paid already */
	{ SNIC_TV_FECN, 14, 1, 160, SNIC_OWED_NEW, 0 },	/* its slot now */
	{ SNIC_TV_POP, 0, 0, 99, 0, 0 },		/* none due yet */
	{ SNIC_TV_POP, 0, 1, 100, 10, 2 },		/* first made first */
	{ SNIC_TV_POP, 0, 1, 200, 12, 1 },
	{ SNIC_TV_POP, 0, 1, 200, 13, 1 },
	{ SNIC_TV_POP, 0, 1, 200, 14, 1 },
	{ SNIC_TV_POP, 0, 0, 200, 0, 0 },		/* empty */
	{ SNIC_TV_FECN, 10, 1, 300, SNIC_OWED_NEW, 0 },	/* owed again */
	{ SNIC_TV_FECN, 10, 7, 310, SNIC_OWED_NEW, 0 },	/* another SL */
	{ SNIC_TV_FECN, 10, 7, 320, SNIC_OWED_FOLDED, 0 },
	{ SNIC_TV_POP, 0, 1, 300, 10, 1 },
	{ SNIC_TV_POP, 0, 7, 310, 10, 2 },
};

#endif /* _SNIC_CORE_TEST_VECTORS_H */
