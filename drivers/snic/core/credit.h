/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Per-VL credit flow control: the link-local frame codec and the credit
 * arithmetic (kernel-independent; shared by snic.ko, sch_snic.ko, the host
 * unit tests and the fuzzer).
 *
 * The scheme is InfiniBand's link-level flow control, in 64-byte credits:
 *
 *   sender, per VL     TBS   total credits sent (mod 2^32)
 *                      LIMIT the last credit limit heard from the receiver
 *   receiver, per VL   ABR   adjusted credits received (mod 2^32)
 *                      USED  credits held by packets still in its buffer
 *                      BUF   the buffer, in credits
 *
 * The receiver advertises LIMIT = ABR + BUF - USED (SNIC_CREDIT_LIMIT
 * frames: when its buffer drains, and periodically); the sender may send a
 * packet of n credits on a VL while TBS + n <= LIMIT. Both counters are
 * absolute, so a lost LIMIT frame is repaired by the next one. The sender
 * periodically sends its TBS (SNIC_CREDIT_SYNC frames) for the VLs that
 * have been quiet for a while (so that no data of theirs is still on the
 * link); the receiver sets ABR = TBS, so that credits of data packets lost
 * on the link (or counted by a receiver that has since been re-created)
 * come back too.
 *
 * Frame (payload of EtherType ETH_P_SNIC_CREDIT, network byte order):
 *   u8 version (1) | u8 type | be16 VL mask | be32 count[16]
 * A VL's count is meaningful only if its bit is set in the mask; a LIMIT
 * frame's mask lists the VLs that are flow controlled (the others are
 * not gated); the management VL (15) is never flow controlled.
 */
#ifndef _SNIC_CORE_CREDIT_H
#define _SNIC_CORE_CREDIT_H

#include "core_types.h"

#define SNIC_CREDIT_VERSION	1
#define SNIC_CREDIT_LIMIT	1	/* receiver -> sender: LIMIT per VL */
#define SNIC_CREDIT_SYNC	2	/* sender -> receiver: TBS per VL */
#define SNIC_CREDIT_UNIT	64	/* bytes per credit */
#define SNIC_CREDIT_VLS		16
#define SNIC_CREDIT_VL_MGMT	15
#define SNIC_CREDIT_FRAME_LEN	(4 + 4 * SNIC_CREDIT_VLS)
/* No link buffers more than 2^20 credits (64 MiB) per VL: a count further
 * away than that from the local counter is absurd and is refused.
 */
#define SNIC_CREDIT_MAX_AHEAD	0x100000u

struct snic_credit {
	u8 type;
	u16 mask;			/* bit n: VL n */
	u32 count[SNIC_CREDIT_VLS];
};

enum snic_credit_err {
	SNIC_CREDIT_OK,
	SNIC_CREDIT_ESHORT,		/* shorter than SNIC_CREDIT_FRAME_LEN */
	SNIC_CREDIT_EVERSION,		/* unknown version */
	SNIC_CREDIT_ETYPE,		/* unknown type */
	SNIC_CREDIT_EVL,		/* the management VL is in the mask */
};

static inline u32 snic_credit_get32(const u8 *p)
{
	return (u32)p[0] << 24 | (u32)p[1] << 16 | (u32)p[2] << 8 | p[3];
}

static inline void snic_credit_put32(u8 *p, u32 v)
{
	p[0] = v >> 24;
	p[1] = v >> 16;
	p[2] = v >> 8;
	p[3] = v;
}

/* Decode @len bytes at @buf into @c. Returns an enum snic_credit_err. */
static inline int snic_credit_decode(const u8 *buf, size_t len,
				     struct snic_credit *c)
{
	int i;

	if (len < SNIC_CREDIT_FRAME_LEN)
		return SNIC_CREDIT_ESHORT;
	if (buf[0] != SNIC_CREDIT_VERSION)
		return SNIC_CREDIT_EVERSION;
	if (buf[1] != SNIC_CREDIT_LIMIT && buf[1] != SNIC_CREDIT_SYNC)
		return SNIC_CREDIT_ETYPE;
	c->type = buf[1];
	c->mask = (u16)(buf[2] << 8 | buf[3]);
	if (c->mask & (1u << SNIC_CREDIT_VL_MGMT))
		return SNIC_CREDIT_EVL;
	for (i = 0; i < SNIC_CREDIT_VLS; i++)
		c->count[i] = c->mask & (1u << i) ?
			      snic_credit_get32(buf + 4 + 4 * i) : 0;
	return SNIC_CREDIT_OK;
}

/* Encode @c into SNIC_CREDIT_FRAME_LEN bytes at @buf. */
static inline void snic_credit_encode(u8 *buf, const struct snic_credit *c)
{
	int i;

	buf[0] = SNIC_CREDIT_VERSION;
	buf[1] = c->type;
	buf[2] = c->mask >> 8;
	buf[3] = c->mask & 0xff;
	for (i = 0; i < SNIC_CREDIT_VLS; i++)
		snic_credit_put32(buf + 4 + 4 * i,
				  c->mask & (1u << i) ? c->count[i] : 0);
}

/* Credits a frame of @len bytes (as it leaves the sender) occupies. */
static inline u32 snic_credit_blocks(u32 len)
{
	return (len + SNIC_CREDIT_UNIT - 1) / SNIC_CREDIT_UNIT;
}

/* Signed distance from @from to @to, modulo 2^32. */
static inline s32 snic_credit_diff(u32 to, u32 from)
{
	return (s32)(to - from);
}

/* May a sender at @tbs send @blocks more under @limit? */
static inline bool snic_credit_fits(u32 limit, u32 tbs, u32 blocks)
{
	return snic_credit_diff(limit, tbs + blocks) >= 0;
}

/* Is @count too far from @local (either way) to be believed? */
static inline bool snic_credit_absurd(u32 count, u32 local)
{
	s32 d = snic_credit_diff(count, local);

	return d > (s32)SNIC_CREDIT_MAX_AHEAD ||
	       d < -(s32)SNIC_CREDIT_MAX_AHEAD;
}

/* The limit a receiver advertises for one VL. */
static inline u32 snic_credit_limit(u32 abr, u32 buf, u32 used)
{
	return abr + (used < buf ? buf - used : 0);
}

#endif /* _SNIC_CORE_CREDIT_H */
