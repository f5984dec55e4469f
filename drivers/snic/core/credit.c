// SPDX-License-Identifier: GPL-2.0
/*
 * Both ends of the credit protocol (kernel-independent). The scheme and
 * its reasons are in credit.h; this file is the arithmetic. Built into
 * sch_snic.ko, which exports the receiving end for snic.ko.
 */
#include "credit.h"

/* ---- receiving end ------------------------------------------------ */

void snic_crx_link_init(struct snic_crx_link *r, u32 session)
{
	memset(r, 0, sizeof(*r));
	r->session = session;
}
EXPORT_SYMBOL_GPL(snic_crx_link_init);

u32 snic_crx_link_any(const struct snic_crx_link *r)
{
	u32 mask = 0;
	int i;

	for (i = 0; i < SNIC_CREDIT_VL_MGMT; i++)
		if (r->vl[i].buf)
			mask |= 1u << i;
	return mask;
}
EXPORT_SYMBOL_GPL(snic_crx_link_any);

/*
 * New buffer sizes (@buf[SNIC_CREDIT_VLS], credits). A VL that starts
 * being flow controlled starts counting now; one that shrinks keeps its
 * old size as grace until the sender has heard the new one (credit.h, 7).
 */
void snic_crx_link_set_buf(struct snic_crx_link *r, const u32 *buf)
{
	bool shrunk = false;
	int i;

	for (i = 0; i < SNIC_CREDIT_VL_MGMT; i++) {
		struct snic_crx_vl *v = &r->vl[i];

		if (buf[i] < v->buf && buf[i]) {
			if (v->grace < v->buf)
				v->grace = v->buf;
			shrunk = true;
		}
		if (!buf[i])
			v->grace = 0;
		if (buf[i] && !v->buf)
			v->joining = true;
		v->buf = buf[i];
	}
	if (shrunk) {
		r->grace_seq = r->seq + 1;	/* the next LIMIT */
		r->grace_acked = false;
		r->grace_rounds = SNIC_CREDIT_GRACE_ROUNDS;
	}
}
EXPORT_SYMBOL_GPL(snic_crx_link_set_buf);

/* Credits a VL admits on time: its buffer, or the grace of a shrink. */
static u32 snic_crx_cap(const struct snic_crx_vl *v)
{
	return v->grace > v->buf ? v->grace : v->buf;
}

/*
 * A frame of @n credits, stamped with @epoch, arrived on flow-controlled
 * VL @vl: credit it unless its credits were written off already. Whether
 * it then stays in the buffer is snic_crx_link_admit()'s business; with
 * @transit it is on its way there (a switch's egress queue) until
 * snic_crx_link_settle(), and LIMIT counts it as held meanwhile.
 */
enum snic_crx_verdict snic_crx_link_arrive(struct snic_crx_link *r, u8 vl,
					   u8 epoch, u32 n, bool transit)
{
	struct snic_crx_vl *v = &r->vl[vl];
	s8 d;

	if (transit)
		v->transit += n;
	if (v->joining || !r->synced) {
		r->joining++;
		return SNIC_CRX_JOINING;
	}
	d = snic_credit_epoch_diff(epoch, r->epoch);
	if (d <= 0)
		r->overtaken++;
	if (d < 0)
		goto late;
	if (d == 0) {
		/* Of the epoch whose missing credits are still pending. */
		if (v->pend < n) {
			v->pend = 0;	/* pending, never written off */
			r->late++;
			return SNIC_CRX_LATE;
		}
		v->pend -= n;
	} else if (d == 2) {
		v->next2 += n;
	} else if (d > 2) {
		r->ahead++;
	}
	v->abr += n;
	return SNIC_CRX_ON_TIME;
late:
	r->late++;
	/* Written off as lost, it came after all: as much as its VL still
	 * owes. The VL's write-offs are one pool, not per frame: while any
	 * is owed, a stray, repeated or forged frame of an old epoch takes
	 * it back too (a rebase owes nothing: what was in flight then was
	 * never written off).
	 */
	if (n > v->owed)
		n = v->owed;
	v->owed -= n;
	r->late_credits += n;
	return SNIC_CRX_LATE;
}
EXPORT_SYMBOL_GPL(snic_crx_link_arrive);

/*
 * A frame that arrived on @vl stays in the buffer (a switch: until it
 * leaves through its egress). A frame @outside the credit count (late or
 * joining) is admitted while the VL holds less than a buffer's worth of
 * such frames: its space was given away once, but no sender that keeps
 * to the protocol has more than a buffer of them on the link (credit.h,
 * 8). A frame that does not fit is refused: false, and the caller drops
 * it (its credits were counted on arrival, and it leaves at once); an
 * on-time one is an overrun, an outside one is counted here.
 */
bool snic_crx_link_admit(struct snic_crx_link *r, u8 vl, u32 n, bool outside)
{
	struct snic_crx_vl *v = &r->vl[vl];

	if (outside) {
		if (v->late + n > snic_crx_cap(v)) {
			r->outside_refused++;
			return false;
		}
		v->late += n;
	} else if (v->used - v->late + n > snic_crx_cap(v)) {
		return false;
	}
	v->used += n;
	return true;
}
EXPORT_SYMBOL_GPL(snic_crx_link_admit);

/* A frame that arrived with @transit reached the buffer, or never will. */
void snic_crx_link_settle(struct snic_crx_link *r, u8 vl, u32 n)
{
	struct snic_crx_vl *v = &r->vl[vl];

	v->transit -= v->transit < n ? v->transit : n;
}
EXPORT_SYMBOL_GPL(snic_crx_link_settle);

void snic_crx_link_leave(struct snic_crx_link *r, u8 vl, u32 n, bool outside)
{
	struct snic_crx_vl *v = &r->vl[vl];

	if (outside)
		v->late -= v->late < n ? v->late : n;
	v->used -= v->used < n ? v->used : n;
	if (v->late > v->used)
		v->late = v->used;
}
EXPORT_SYMBOL_GPL(snic_crx_link_leave);

/* SYNC(E) for one VL: write off what of epoch S is still missing, and
 * compute what of epoch E is (credit.h, 3).
 */
static bool snic_crx_vl_round(struct snic_crx_link *r, struct snic_crx_vl *v,
			      u32 tbs)
{
	u32 covered;
	s32 d;

	if (v->pend) {
		v->abr += v->pend;
		r->written_off += v->pend;
		v->owed = v->owed > ~0u - v->pend ? ~0u : v->owed + v->pend;
		v->pend = 0;
	}
	covered = v->abr - v->next2;
	d = snic_credit_diff(tbs, covered);
	if (d >= 0) {
		v->pend = d;
	} else {
		/* More of the closed epochs credited than was sent. */
		r->excess += 0u - (u32)d;	/* d may be S32_MIN */
		v->abr = tbs + v->next2;
	}
	v->next2 = 0;
	return d < 0;
}

void snic_crx_link_sync(struct snic_crx_link *r, const struct snic_credit *c,
			u32 rnd, struct snic_crx_sync_res *res)
{
	bool next, rebase_all;
	s8 d = snic_credit_epoch_diff(c->epoch, r->epoch);
	int i;

	memset(res, 0, sizeof(*res));
	/* The sender follows another receiver (0: none yet) that our
	 * session would not be taken as newer than: take one just above it
	 * (credit.h, 5). A new session is safe whenever: the sender adopts
	 * it with no credit and rebases us.
	 */
	if (c->peer && c->peer != r->session &&
	    !snic_credit_newer(r->session, c->peer)) {
		r->session = snic_crx_session(c->peer + 1 + (rnd & 0xffff));
		r->resessions++;
		res->resession = true;
	}
	if (!c->mask)
		return;		/* a probe: nothing to count */
	for (i = 0; i < SNIC_CREDIT_VL_MGMT; i++)
		if ((c->mask & (1u << i)) && !r->vl[i].buf)
			res->bad_vl |= 1u << i;
	/* Its counts are of its rounds with the receiver it follows: not
	 * ours to apply until it follows us (what it sends meanwhile joins).
	 */
	if (c->peer != r->session)
		return;
	if (r->synced && d == 0)
		return;		/* a repeat: its ack was lost */
	if (r->synced && d < 0) {
		/* An old one overtaken, once; the same again is a sender
		 * that repeats a round we are past (we applied an epoch it
		 * never closed: a SYNC forged on the link, or its rounds
		 * started over): it starts over with us, as a rebase.
		 */
		r->sync_stale++;
		if (!r->stale_seen || r->stale_epoch != c->epoch) {
			r->stale_seen = true;
			r->stale_epoch = c->epoch;
			return;
		}
	}
	r->stale_seen = false;
	res->applied = true;
	next = r->synced && d == 1;
	/* Not the next round: a sender that started over, or we did. */
	rebase_all = !next;
	for (i = 0; i < SNIC_CREDIT_VL_MGMT; i++) {
		struct snic_crx_vl *v = &r->vl[i];
		u32 was;

		if (!(c->mask & (1u << i)) || !v->buf)
			continue;
		was = v->abr;
		if (rebase_all || (c->rebase & (1u << i))) {
			v->abr = c->count[i];
			v->pend = 0;
			v->next2 = 0;
			v->owed = 0;
			v->joining = false;
		} else if (v->joining) {
			continue;	/* the sender has not rebased it yet */
		} else {
			snic_crx_vl_round(r, v, c->count[i]);
		}
		if (v->abr != was)
			res->changed = true;
	}
	/* A shrink settles once the sender applied a LIMIT of the new size
	 * and the rounds after it have passed.
	 */
	if (r->grace_rounds) {
		if (!r->grace_acked && !snic_credit_newer(r->grace_seq, c->seq))
			r->grace_acked = true;
		else if (r->grace_acked && !--r->grace_rounds)
			for (i = 0; i < SNIC_CREDIT_VLS; i++)
				r->vl[i].grace = 0;
	}
	r->epoch = c->epoch;
	r->synced = true;
}
EXPORT_SYMBOL_GPL(snic_crx_link_sync);

void snic_crx_link_limit(struct snic_crx_link *r, struct snic_credit *c)
{
	int i;

	memset(c, 0, sizeof(*c));
	c->type = SNIC_CREDIT_LIMIT;
	c->session = r->session;
	c->seq = ++r->seq;
	c->epoch = r->epoch;
	for (i = 0; i < SNIC_CREDIT_VL_MGMT; i++) {
		const struct snic_crx_vl *v = &r->vl[i];

		if (!v->buf)
			continue;
		c->mask |= 1u << i;
		c->count[i] = snic_credit_limit(v->abr, v->buf,
						v->used + v->transit);
	}
}
EXPORT_SYMBOL_GPL(snic_crx_link_limit);

/* ---- sending end -------------------------------------------------- */

void snic_ctx_link_init(struct snic_ctx_link *t, u32 session)
{
	memset(t, 0, sizeof(*t));
	t->session = session;
}

/*
 * The link went down or came up (the qdisc was reset): whatever the far
 * end counts now, a gated VL sends nothing until the next LIMIT, adopts
 * its count with no credit and rebases the receiver (credit.h, 6).
 */
void snic_ctx_link_reset(struct snic_ctx_link *t)
{
	int i;

	for (i = 0; i < SNIC_CREDIT_VLS; i++) {
		struct snic_ctx_vl *v = &t->vl[i];

		v->limit = v->tbs;
		v->fresh = true;
	}
	t->pending = false;
}

/*
 * After a reset nobody answered our probes: the far end is no snic
 * receiver (a NIC without credits went, or none is there). Every VL
 * sends freely, as with a receiver that flow-controls none; a receiver
 * that speaks later is met as any new one.
 */
void snic_ctx_link_ungate(struct snic_ctx_link *t)
{
	int i;

	for (i = 0; i < SNIC_CREDIT_VLS; i++) {
		t->vl[i].gated = false;
		t->vl[i].fresh = false;
		t->vl[i].rebasing = false;
	}
	t->rebase = 0;
	t->pending = false;
}

bool snic_ctx_link_gated(const struct snic_ctx_link *t)
{
	int i;

	for (i = 0; i < SNIC_CREDIT_VL_MGMT; i++)
		if (t->vl[i].gated)
			return true;
	return false;
}

static void snic_ctx_adopt(struct snic_ctx_link *t, int i, u32 count)
{
	struct snic_ctx_vl *v = &t->vl[i];

	v->gated = true;
	v->fresh = false;
	v->rebasing = true;
	v->tbs = count;
	v->limit = count;
	t->rebase |= 1u << i;
	t->rebases++;
}

enum snic_ctx_limit_res snic_ctx_link_limit(struct snic_ctx_link *t,
					    const struct snic_credit *c)
{
	enum snic_ctx_limit_res res = SNIC_CTX_APPLIED;
	bool fresh_session;
	int i;

	fresh_session = !t->heard || c->session != t->peer;
	if (fresh_session && t->heard &&
	    !snic_credit_newer(c->session, t->peer)) {
		/* The last word of a receiver gone since, or a new one
		 * whose session is not above ours: a probe tells it which
		 * session we follow (credit.h, 5).
		 */
		t->stale++;
		return SNIC_CTX_OTHER;
	}
	if (!fresh_session && !snic_credit_newer(c->seq, t->lseq)) {
		/* Overtaken by a newer LIMIT. But a run of them, each newer
		 * than the last, is a receiver that goes on behind what we
		 * applied (a forged LIMIT of a sequence number it never
		 * reached): we start over with it (credit.h, 9).
		 */
		t->stale++;
		if (t->stale_run && snic_credit_newer(c->seq, t->stale_seq))
			t->stale_run++;
		else
			t->stale_run = 1;
		t->stale_seq = c->seq;
		if (t->stale_run < SNIC_CTX_STALE_RUN)
			return SNIC_CTX_STALE;
		t->restarts++;
		fresh_session = true;
	}
	t->stale_run = 0;
	if (fresh_session) {
		/* A new receiver: every gated VL starts over with it. Our
		 * rounds go on past both its epoch (it may have applied
		 * rounds of a sender before us) and ours (the frames we
		 * sent its predecessor must be older than its rebase):
		 * whichever is ahead.
		 */
		t->peer = c->session;
		t->heard = true;
		t->pending = false;
		if (snic_credit_epoch_diff(c->epoch + 2, t->epoch) > 0)
			t->epoch = c->epoch + 2;
	}
	t->lseq = c->seq;
	/* The acknowledgment of our last SYNC: the VLs it rebased count
	 * from this LIMIT on.
	 */
	if (t->pending && c->epoch == t->sync.epoch) {
		t->pending = false;
		for (i = 0; i < SNIC_CREDIT_VL_MGMT; i++)
			if (t->sync.rebase & (1u << i))
				t->vl[i].rebasing = false;
	}
	for (i = 0; i < SNIC_CREDIT_VL_MGMT; i++) {
		struct snic_ctx_vl *v = &t->vl[i];

		if (!(c->mask & (1u << i))) {
			v->gated = false;
			v->fresh = false;
			v->rebasing = false;
			continue;
		}
		if (fresh_session || !v->gated || v->fresh) {
			snic_ctx_adopt(t, i, c->count[i]);
			continue;
		}
		if (v->rebasing)
			continue;
		if (snic_credit_absurd(c->count[i], v->tbs)) {
			res = SNIC_CTX_ABSURD;
			continue;
		}
		v->limit = c->count[i];
	}
	return res;
}

void snic_ctx_link_sync(struct snic_ctx_link *t, struct snic_credit *c)
{
	int i;

	if (!t->pending) {
		memset(&t->sync, 0, sizeof(t->sync));
		t->sync.type = SNIC_CREDIT_SYNC;
		for (i = 0; i < SNIC_CREDIT_VL_MGMT; i++) {
			if (!t->vl[i].gated)
				continue;
			t->sync.mask |= 1u << i;
			t->sync.count[i] = t->vl[i].tbs;
		}
		t->sync.rebase = t->rebase & t->sync.mask;
		t->rebase = 0;
		if (t->sync.mask) {
			/* Close the epoch: what is sent from now on is of
			 * the next one.
			 */
			t->sync.epoch = t->epoch++;
			t->pending = true;
		} else {
			t->sync.epoch = t->epoch - 1;	/* a probe */
		}
	}
	t->sync.session = t->session;
	t->sync.seq = t->lseq;
	t->sync.peer = t->heard ? t->peer : 0;
	*c = t->sync;
}
