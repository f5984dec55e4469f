/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Per-VL credit flow control: the link-local frame codec, the credit
 * arithmetic and both ends of the protocol (kernel-independent; shared by
 * snic.ko, sch_snic.ko, the host unit tests and the fuzzer).
 *
 * The scheme is InfiniBand's link-level flow control, in 64-byte credits:
 *
 *   sender, per VL     TBS   total credits sent (mod 2^32)
 *                      LIMIT the newest credit limit heard
 *   receiver, per VL   ABR   credits received, or written off as lost
 *                      USED  credits held by packets still in its buffer
 *                      BUF   the buffer, in credits
 *
 * The receiver advertises LIMIT = ABR + BUF - USED; the sender may send a
 * packet of n credits on a VL while TBS + n <= LIMIT. Both counters are
 * absolute, so a lost LIMIT frame is repaired by the next one.
 *
 * InfiniBand relies on FIFO links: its FCTBS (our SYNC) follows the data
 * it accounts for, so a receiver may set ABR = TBS and recover the credits
 * of packets lost on the link. A veth pair is not FIFO: a frame goes to
 * the backlog of the CPU that transmits it, so two frames sent from two
 * CPUs arrive in either order, and a SYNC that overtakes data makes the
 * receiver count that data twice: it grants credits it does not have and
 * its buffer overruns. So this protocol does not depend on the order or
 * the delay of any frame:
 *
 *  1. The receiver credits only what arrives (or what it writes off, 3).
 *     Every frame that arrives counts, whatever becomes of it after.
 *  2. Epochs. The sender numbers its rounds and stamps the current epoch
 *     (8 bits) in every 16B frame it sends (the LE field of the 16B
 *     header, include/uapi/linux/snic.h). A SYNC closes an epoch: it
 *     carries that epoch E and the TBS of each VL at that instant. Frames
 *     sent before it carry epochs <= E, frames sent after it > E, however
 *     the link reorders them.
 *  3. Write-off. Applying SYNC(E), the receiver learns how many credits of
 *     epochs <= E it has not seen: TBS - (ABR - what it saw of E+1). They
 *     are still on their way, or lost. It waits one more round: at
 *     SYNC(E+1), what of epoch E is still missing is written off (added
 *     to ABR). A frame of an epoch already written off that arrives after
 *     all is *late*: it is not credited again, and a switch admits it
 *     even beyond BUF (its space was given away once) and counts it. A
 *     credited VL never drops a frame for a counting reason.
 *  4. The receiver paces the rounds: its LIMIT frames echo the last epoch
 *     it applied, and the sender closes a new epoch only once the last
 *     SYNC was acknowledged (until then it repeats that SYNC every
 *     period). So at most epochs S+1 and S+2 are newer than the
 *     receiver's last applied epoch S.
 *  5. LIMIT frames carry the receiver's session and a sequence number:
 *     the sender follows one session and applies only the newest LIMIT
 *     of it, so a reordered LIMIT never raises its limit. A LIMIT of
 *     another session is a new receiver if its session is newer (32-bit
 *     serial arithmetic), and the last word of an old one otherwise
 *     (ignored, so that an old receiver's goodbye cannot undo a new
 *     one's first word). Sessions are random, not a clock: every SYNC
 *     names the session its sender follows (peer), and a receiver that
 *     hears a SYNC following another session that its own does not
 *     compare newer than takes a session just above that one and says
 *     so, so a new receiver is never taken for an old one for long.
 *     SYNC frames echo the newest LIMIT applied, and a sender that
 *     ignores a LIMIT of another session probes at once (a SYNC naming
 *     its peer).
 *  6. Rebase. When the sender meets a new receiver session, or comes back
 *     from a link reset, it adopts the receiver's count as its TBS (no
 *     credit) and names the VL in the rebase mask of its next SYNC: the
 *     receiver sets ABR = TBS; anything of older epochs that arrives after
 *     is late. Until a LIMIT acknowledges that SYNC, the VL takes no
 *     credit (a count from before the rebase may include frames sent
 *     before the adoption).
 *  7. A receiver whose buffer shrinks keeps admitting up to the old size
 *     until the sender has acknowledged a LIMIT of the new size and one
 *     more round has passed (frames granted the old size have arrived or
 *     been written off). A VL that a receiver starts to flow-control
 *     admits (without counting them) what the sender sent before it knew,
 *     until the sender rebases it.
 *
 *  8. A frame counts on the VL its sender put it on: every SYNC carries
 *     the sender's SC-to-VL map, and the receiver counts the frames of
 *     that link by it (by its own device's until the first SYNC), so two
 *     link ends that map SCs differently still agree on every VL's
 *     count. Frames outside the credit count (late or joining) are
 *     admitted up to one buffer's worth per VL; a frame beyond that is
 *     refused and counted (a sender that ignores the protocol cannot
 *     grow a switch's queues without bound).
 *
 *  9. A forged frame (from a raw socket on the link) can disturb a link,
 *     never stop it for good: a SYNC of an epoch the sender never closed
 *     is undone when the sender's own SYNC comes twice (3); a LIMIT of a
 *     sequence number the receiver never reached, when SNIC_CTX_STALE_RUN
 *     of the receiver's own LIMITs in a row, each newer than the last,
 *     find the sender ahead of them: it starts over with the receiver as
 *     with a new session (6). Counts further than 2^20 credits from the
 *     sender's are refused (absurd).
 *
 * Delay bounds nothing here but the time until the credits of a lost
 * frame come back (two SYNC periods). Over-counting is repaired too: a
 * receiver that has credited more of the closed epochs than the sender
 * sent (a frame a round older than the 8-bit epoch can tell apart, or a
 * stray frame) is corrected at the next SYNC.
 *
 * Frame (payload of EtherType ETH_P_SNIC_CREDIT, network byte order):
 *   0  u8   version (3)
 *   1  u8   type: SNIC_CREDIT_LIMIT or SNIC_CREDIT_SYNC
 *   2  be16 mask    LIMIT: the VLs flow controlled; SYNC: the VLs gated
 *   4  be32 session LIMIT: the receiver's; SYNC: the sender's
 *   8  be32 seq     LIMIT: its sequence number; SYNC: the newest LIMIT
 *                   sequence number applied
 *   12 u8   epoch   LIMIT: the last SYNC epoch applied; SYNC: the epoch
 *                   it closes
 *   13 u8   flags   0 (ignored on receive)
 *   14 be16 rebase  SYNC: the VLs whose ABR is to be set to TBS
 *   16 be32 peer    SYNC: the receiver session the sender follows, 0
 *                   when it has heard none; LIMIT: 0
 *   20 u8   sc2vl[16]  SYNC: the sender's SC-to-VL map, two SCs a byte
 *                   (SC 2k in bits 7:4, SC 2k+1 in bits 3:0); LIMIT: 0
 *   36 be32 count[16]  LIMIT: the limits; SYNC: TBS (VLs in the mask)
 * A SYNC with an empty mask is a probe: the receiver answers with a
 * LIMIT. The management VL (15) is never flow controlled.
 */
#ifndef _SNIC_CORE_CREDIT_H
#define _SNIC_CORE_CREDIT_H

#include "core_types.h"

#define SNIC_CREDIT_VERSION	3
#define SNIC_CREDIT_LIMIT	1	/* receiver -> sender: LIMIT per VL */
#define SNIC_CREDIT_SYNC	2	/* sender -> receiver: TBS per VL */
#define SNIC_CREDIT_UNIT	64	/* bytes per credit */
#define SNIC_CREDIT_VLS		16
#define SNIC_CREDIT_VL_MGMT	15
#define SNIC_CREDIT_HDR_LEN	36
#define SNIC_CREDIT_SCS		32
#define SNIC_CREDIT_FRAME_LEN	(SNIC_CREDIT_HDR_LEN + 4 * SNIC_CREDIT_VLS)
/* No link buffers more than 2^20 credits (64 MiB) per VL: a count further
 * away than that from the local counter is absurd and is refused.
 */
#define SNIC_CREDIT_MAX_AHEAD	0x100000u
/* SYNC rounds a shrunk buffer keeps its old size after the ack. */
#define SNIC_CREDIT_GRACE_ROUNDS 2

struct snic_credit {
	u8 type;
	u8 epoch;
	u16 mask;			/* bit n: VL n */
	u16 rebase;			/* SYNC: bit n: VL n */
	u32 session;
	u32 seq;
	u32 peer;			/* SYNC: the session it follows */
	u8 sc2vl[SNIC_CREDIT_SCS];	/* SYNC: the sender's map */
	u32 count[SNIC_CREDIT_VLS];
};

enum snic_credit_err {
	SNIC_CREDIT_OK,
	SNIC_CREDIT_ESHORT,		/* shorter than SNIC_CREDIT_FRAME_LEN */
	SNIC_CREDIT_EVERSION,		/* unknown version */
	SNIC_CREDIT_ETYPE,		/* unknown type */
	SNIC_CREDIT_EVL,		/* the management VL is in a mask */
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
	c->session = snic_credit_get32(buf + 4);
	c->seq = snic_credit_get32(buf + 8);
	c->epoch = buf[12];
	c->rebase = (u16)(buf[14] << 8 | buf[15]);
	if (c->type != SNIC_CREDIT_SYNC)
		c->rebase = 0;
	c->rebase &= c->mask;
	if (c->mask & (1u << SNIC_CREDIT_VL_MGMT))
		return SNIC_CREDIT_EVL;
	c->peer = c->type == SNIC_CREDIT_SYNC ? snic_credit_get32(buf + 16) : 0;
	for (i = 0; i < SNIC_CREDIT_SCS; i++)
		c->sc2vl[i] = c->type != SNIC_CREDIT_SYNC ? 0 :
			      i & 1 ? buf[20 + i / 2] & 0xf : buf[20 + i / 2] >> 4;
	for (i = 0; i < SNIC_CREDIT_VLS; i++)
		c->count[i] = c->mask & (1u << i) ?
			      snic_credit_get32(buf + SNIC_CREDIT_HDR_LEN + 4 * i) : 0;
	return SNIC_CREDIT_OK;
}

/* Encode @c into SNIC_CREDIT_FRAME_LEN bytes at @buf. */
static inline void snic_credit_encode(u8 *buf, const struct snic_credit *c)
{
	bool sync = c->type == SNIC_CREDIT_SYNC;
	u16 rebase = sync ? c->rebase & c->mask : 0;
	int i;

	buf[0] = SNIC_CREDIT_VERSION;
	buf[1] = c->type;
	buf[2] = c->mask >> 8;
	buf[3] = c->mask & 0xff;
	snic_credit_put32(buf + 4, c->session);
	snic_credit_put32(buf + 8, c->seq);
	buf[12] = c->epoch;
	buf[13] = 0;
	buf[14] = rebase >> 8;
	buf[15] = rebase & 0xff;
	snic_credit_put32(buf + 16, sync ? c->peer : 0);
	for (i = 0; i < SNIC_CREDIT_SCS / 2; i++)
		buf[20 + i] = sync ? (c->sc2vl[2 * i] & 0xf) << 4 |
				     (c->sc2vl[2 * i + 1] & 0xf) : 0;
	for (i = 0; i < SNIC_CREDIT_VLS; i++)
		snic_credit_put32(buf + SNIC_CREDIT_HDR_LEN + 4 * i,
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

/* Is @a newer than @b (serial number arithmetic, 32 and 8 bits)? */
static inline bool snic_credit_newer(u32 a, u32 b)
{
	return (s32)(a - b) > 0;
}

static inline s8 snic_credit_epoch_diff(u8 a, u8 b)
{
	return (s8)(u8)(a - b);
}

/*
 * The receiving end of one link direction. The owner serialises every
 * call (a lock); nothing here sleeps or allocates.
 */
struct snic_crx_vl {
	u32 buf;	/* BUF, credits; 0: not flow controlled */
	u32 grace;	/* admitted up to this while a shrink settles */
	u32 abr;	/* ABR */
	u32 used;	/* USED, late frames included */
	u32 transit;	/* arrived, on their way to the buffer (a switch's
			 * egress queue): in LIMIT as if used
			 */
	u32 late;	/* credits in the buffer outside the credit count
			 * (late or joining frames)
			 */
	u32 pend;	/* epoch S: credits not seen, written off at S+1 */
	u32 next2;	/* epoch S+2: credits seen (not in SYNC S+1) */
	u32 owed;	/* written off since the last rebase, not come
			 * late since (saturates)
			 */
	bool joining;	/* flow controlled here, not yet by the sender */
};

struct snic_crx_link {
	u32 session;	/* ours, in every LIMIT */
	u32 seq;	/* of the last LIMIT built */
	u8 epoch;	/* S: the last SYNC epoch applied */
	bool synced;	/* a SYNC was applied since the start */
	bool stale_seen; /* a SYNC older than S came: of stale_epoch */
	u8 stale_epoch;
	u8 grace_rounds; /* SYNC rounds left of a shrink's grace */
	bool grace_acked; /* the sender applied a LIMIT of the new size */
	u32 grace_seq;	/* the first LIMIT of the new size */
	struct snic_crx_vl vl[SNIC_CREDIT_VLS];
	/* stats */
	u64 overtaken;		/* frames that came after the SYNC closing
				 * their epoch (a reordering link)
				 */
	u64 late;		/* late frames (counted once each) */
	u64 joining;		/* frames admitted before the rebase */
	u64 written_off;	/* credits written off as lost */
	u64 late_credits;	/* of late frames, up to what was written
				 * off on their VL and not matched yet (owed):
				 * never more than written_off
				 */
	u64 excess;		/* credits over-counted, then corrected */
	u64 sync_stale;		/* SYNCs of an epoch before the last */
	u64 ahead;		/* frames of an epoch beyond S+2 */
	u64 outside_refused;	/* late or joining frames beyond a buffer */
	u64 resessions;		/* sessions taken above a sender's peer */
};

enum snic_crx_verdict {
	SNIC_CRX_ON_TIME,	/* credited */
	SNIC_CRX_LATE,		/* its credits were written off already */
	SNIC_CRX_JOINING,	/* sent before the sender knew of the buffer */
};

void snic_crx_link_init(struct snic_crx_link *r, u32 session);
void snic_crx_link_set_buf(struct snic_crx_link *r, const u32 *buf);
enum snic_crx_verdict snic_crx_link_arrive(struct snic_crx_link *r, u8 vl,
					   u8 epoch, u32 n, bool transit);
void snic_crx_link_settle(struct snic_crx_link *r, u8 vl, u32 n);
bool snic_crx_link_admit(struct snic_crx_link *r, u8 vl, u32 n, bool outside);
void snic_crx_link_leave(struct snic_crx_link *r, u8 vl, u32 n, bool outside);

/* What applying a SYNC did. */
struct snic_crx_sync_res {
	bool applied;		/* not a duplicate or stale SYNC */
	bool changed;		/* some ABR changed beyond the arrivals */
	bool resession;		/* the sender follows a session ours does not
				 * beat: ours is now above it (say so)
				 */
	u16 bad_vl;		/* VLs named but not flow controlled here */
};

/* A receiver's session: @rnd, never 0 (a SYNC's "none"). */
static inline u32 snic_crx_session(u32 rnd)
{
	return rnd ? rnd : 1;
}

/* Apply SYNC (or probe) @c; @rnd: random bits for a new session. */
void snic_crx_link_sync(struct snic_crx_link *r, const struct snic_credit *c,
			u32 rnd, struct snic_crx_sync_res *res);
/* Build the next LIMIT frame (bumps the sequence number). */
void snic_crx_link_limit(struct snic_crx_link *r, struct snic_credit *c);
u32 snic_crx_link_any(const struct snic_crx_link *r);

/*
 * The sending end of one link direction (sch_snic).
 */
struct snic_ctx_vl {
	bool gated;		/* the far end flow-controls it */
	bool fresh;		/* adopt the next LIMIT's count (a reset) */
	bool rebasing;		/* adopted: no credit from LIMITs until one
				 * acknowledges the SYNC that rebased it
				 */
	u32 tbs;		/* TBS */
	u32 limit;		/* the newest limit heard */
};

struct snic_ctx_link {
	u32 session;		/* ours, in every SYNC */
	u32 peer;		/* the receiver's session */
	u32 lseq;		/* the newest LIMIT applied */
	bool heard;		/* some LIMIT was applied */
	u8 epoch;		/* stamped on every frame sent now */
	u16 rebase;		/* VLs to name in the next SYNC's rebase */
	bool pending;		/* the last SYNC is not acknowledged */
	struct snic_credit sync; /* the last SYNC, repeated until acked */
	struct snic_ctx_vl vl[SNIC_CREDIT_VLS];
	u8 stale_run;		/* stale LIMITs of the peer in a row ... */
	u32 stale_seq;		/* ... the last of them */
	/* stats */
	u64 stale;		/* LIMITs older than the newest, ignored */
	u64 rebases;		/* VLs rebased */
	u64 restarts;		/* the peer went on behind us: started over */
};

/* Stale LIMITs of the peer in a row, each newer than the one before, that
 * make a sender start over with its receiver (credit.h, 9).
 */
#define SNIC_CTX_STALE_RUN	8

enum snic_ctx_limit_res {
	SNIC_CTX_APPLIED,
	SNIC_CTX_STALE,		/* older than one applied: ignored */
	SNIC_CTX_ABSURD,	/* a count too far away: that VL ignored */
	SNIC_CTX_OTHER,		/* another, older session's: ignored; probe */
};

void snic_ctx_link_init(struct snic_ctx_link *t, u32 session);
void snic_ctx_link_reset(struct snic_ctx_link *t);
/* No receiver answered: no VL is flow controlled any more. */
void snic_ctx_link_ungate(struct snic_ctx_link *t);
enum snic_ctx_limit_res snic_ctx_link_limit(struct snic_ctx_link *t,
					    const struct snic_credit *c);
/* The SYNC to send now: a new round, or the unacknowledged one again. */
void snic_ctx_link_sync(struct snic_ctx_link *t, struct snic_credit *c);
bool snic_ctx_link_gated(const struct snic_ctx_link *t);

/* May VL @vl send a packet of @n credits? */
static inline bool snic_ctx_link_may(const struct snic_ctx_link *t, u8 vl,
				     u32 n)
{
	const struct snic_ctx_vl *v = &t->vl[vl];

	return !v->gated || snic_credit_fits(v->limit, v->tbs, n);
}

static inline void snic_ctx_link_sent(struct snic_ctx_link *t, u8 vl, u32 n)
{
	t->vl[vl].tbs += n;
}

#endif /* _SNIC_CORE_CREDIT_H */
