// SPDX-License-Identifier: GPL-2.0
/*
 * Adaptive Routing Notification: codec, link states, Best Path Table and
 * congestion monitor (see arn.h). No kernel dependencies.
 */
#include "arn.h"

static u16 get16(const u8 *p)
{
	return (u16)(p[0] << 8 | p[1]);
}

static u32 get32(const u8 *p)
{
	return (u32)p[0] << 24 | (u32)p[1] << 16 | (u32)p[2] << 8 | p[3];
}

static void put16(u8 *p, u16 v)
{
	p[0] = v >> 8;
	p[1] = v & 0xff;
}

static void put32(u8 *p, u32 v)
{
	put16(p, v >> 16);
	put16(p + 2, v & 0xffff);
}

/* Wire size of each parameter, by bit (EXT: its fixed word). */
static const u8 snic_arn_plen[8] = { 4, 4, 4, 4, 4, 4, 16, 4 };

static bool snic_arn_valid(const struct snic_arn *a)
{
	bool pg = a->params & SNIC_ARN_P_PEER_GROUP;
	bool ll = a->params & SNIC_ARN_P_LOCAL_LINK;

	if (!(a->params & SNIC_ARN_P_ORIGIN) || pg == ll)
		return false;
	if (a->group > SNIC_ARN_GROUP_MAX || a->sw > SNIC_ARN_SWITCH_MAX)
		return false;
	if (pg && (a->peer_group > SNIC_ARN_GROUP_MAX ||
		   a->peer_group == a->group || a->index > SNIC_ARN_INDEX_MAX))
		return false;
	/* A switch reports its own egress links. */
	if (ll && (a->from != a->sw || a->to > SNIC_ARN_SWITCH_MAX ||
		   a->to == a->from))
		return false;
	if (a->type == SNIC_ARN_FAILED && a->metric != 255)
		return false;
	/* PATH_ID is a 16B ENTROPY */
	if ((a->params & SNIC_ARN_P_PATH_ID) && a->path_id > 0xffff)
		return false;
	return true;
}

enum snic_arn_err snic_arn_decode(const u8 *buf, size_t len,
				  struct snic_arn *a)
{
	size_t off = SNIC_ARN_HDR_LEN;
	unsigned int bit;

	memset(a, 0, sizeof(*a));
	if (len < SNIC_ARN_HDR_LEN)
		return SNIC_ARN_ESHORT;
	if (buf[1] >> 4 != SNIC_ARN_VERSION)
		return SNIC_ARN_EVERSION;
	a->type = buf[0];
	if (a->type < SNIC_ARN_CONGESTED || a->type > SNIC_ARN_RECOVERED)
		return SNIC_ARN_ETYPE;
	a->metric = buf[2];
	a->params = buf[3];
	for (bit = 0; bit < 8; bit++) {
		const u8 *p = buf + off;

		if (!(a->params & (1u << bit)))
			continue;
		if (len - off < snic_arn_plen[bit])
			return SNIC_ARN_ESHORT;
		switch (1u << bit) {
		case SNIC_ARN_P_ORIGIN:
			a->group = get16(p);
			a->sw = get16(p + 2);
			break;
		case SNIC_ARN_P_PEER_GROUP:
			a->peer_group = get16(p);
			a->index = get16(p + 2);
			break;
		case SNIC_ARN_P_LOCAL_LINK:
			a->from = get16(p);
			a->to = get16(p + 2);
			break;
		case SNIC_ARN_P_SEQ:
			a->seq = get32(p);
			break;
		case SNIC_ARN_P_LIFETIME:
			a->lifetime_us = get32(p);
			if (!a->lifetime_us)
				return SNIC_ARN_EFIELD;
			break;
		case SNIC_ARN_P_PATH_ID:
			a->path_id = get32(p);
			break;
		case SNIC_ARN_P_FLOW:
			a->saddr = get32(p);
			a->daddr = get32(p + 4);
			a->sport = get16(p + 8);
			a->dport = get16(p + 10);
			a->proto = p[12];
			break;
		case SNIC_ARN_P_EXT: {
			u16 elen = get16(p);

			if (elen < 4 || elen % 4 || elen > SNIC_ARN_LEN_MAX ||
			    get16(p + 2))
				return SNIC_ARN_EFIELD;
			if (len - off < elen)
				return SNIC_ARN_ESHORT;
			off += elen - snic_arn_plen[bit];
			break;
		}
		}
		off += snic_arn_plen[bit];
	}
	return snic_arn_valid(a) ? SNIC_ARN_OK : SNIC_ARN_EFIELD;
}

size_t snic_arn_encode(const struct snic_arn *a, u8 *buf, size_t len)
{
	size_t off = SNIC_ARN_HDR_LEN;
	unsigned int bit;

	if (!snic_arn_valid(a) || (a->params & SNIC_ARN_P_EXT) ||
	    a->type < SNIC_ARN_CONGESTED || a->type > SNIC_ARN_RECOVERED ||
	    ((a->params & SNIC_ARN_P_LIFETIME) && !a->lifetime_us))
		return 0;
	for (bit = 0; bit < 8; bit++)
		if (a->params & (1u << bit))
			off += snic_arn_plen[bit];
	if (len < off)
		return 0;
	memset(buf, 0, off);
	buf[0] = a->type;
	buf[1] = SNIC_ARN_VERSION << 4;
	buf[2] = a->metric;
	buf[3] = a->params;
	off = SNIC_ARN_HDR_LEN;
	for (bit = 0; bit < 7; bit++) {
		u8 *p = buf + off;

		if (!(a->params & (1u << bit)))
			continue;
		switch (1u << bit) {
		case SNIC_ARN_P_ORIGIN:
			put16(p, a->group);
			put16(p + 2, a->sw);
			break;
		case SNIC_ARN_P_PEER_GROUP:
			put16(p, a->peer_group);
			put16(p + 2, a->index);
			break;
		case SNIC_ARN_P_LOCAL_LINK:
			put16(p, a->from);
			put16(p + 2, a->to);
			break;
		case SNIC_ARN_P_SEQ:
			put32(p, a->seq);
			break;
		case SNIC_ARN_P_LIFETIME:
			put32(p, a->lifetime_us);
			break;
		case SNIC_ARN_P_PATH_ID:
			put32(p, a->path_id);
			break;
		case SNIC_ARN_P_FLOW:
			put32(p, a->saddr);
			put32(p + 4, a->daddr);
			put16(p + 8, a->sport);
			put16(p + 10, a->dport);
			p[12] = a->proto;
			break;
		}
		off += snic_arn_plen[bit];
	}
	return off;
}

u32 snic_arn_link_key(const struct snic_arn *a)
{
	if (a->params & SNIC_ARN_P_PEER_GROUP)
		return SNIC_AR_LINK_G(a->sw, a->peer_group, a->index);
	return SNIC_AR_LINK_L(a->from, a->to);
}

const struct snic_arn_link *snic_arn_link_find(const struct snic_arn_links *t,
					       u32 key)
{
	int i;

	for (i = 0; key && i < SNIC_ARN_MAX_LINKS; i++)
		if (t->l[i].key == key)
			return &t->l[i];
	return NULL;
}

/* Log that link @key's state changed. */
static void snic_arn_changed(struct snic_arn_links *t, u32 key)
{
	int i;

	if (t->changed_all)
		return;
	for (i = 0; i < t->nchanged; i++)
		if (t->changed[i] == key)
			return;
	if (t->nchanged == SNIC_ARN_CHANGED)
		t->changed_all = true;
	else
		t->changed[t->nchanged++] = key;
}

int snic_arn_take_changed(struct snic_arn_links *t, u32 *keys)
{
	int i, n = t->changed_all ? -1 : t->nchanged;

	for (i = 0; i < n; i++)
		keys[i] = t->changed[i];
	t->nchanged = 0;
	t->changed_all = false;
	return n;
}

unsigned int snic_arn_nfailed(const struct snic_arn_links *t)
{
	unsigned int n = 0;
	int i;

	for (i = 0; i < SNIC_ARN_MAX_LINKS; i++)
		n += t->l[i].key && t->l[i].state == SNIC_LINK_FAILED;
	return n;
}

void snic_arn_reset(struct snic_arn_links *t)
{
	memset(t->l, 0, sizeof(t->l));
	memset(t->o, 0, sizeof(t->o));
	memset(t->f, 0, sizeof(t->f));
	SNIC_WRITE_ONCE(t->nflows, 0);
	t->nchanged = 0;
	t->changed_all = true;
}

enum snic_arn_apply snic_arn_set_link(struct snic_arn_links *t, u32 key,
				      enum snic_link_state st, u8 metric,
				      u64 expires)
{
	struct snic_arn_link *l = (struct snic_arn_link *)
				  snic_arn_link_find(t, key);
	int i;

	if (!l) {
		if (st == SNIC_LINK_OK)
			return SNIC_ARN_REFRESHED;
		for (i = 0; i < SNIC_ARN_MAX_LINKS && t->l[i].key; i++)
			;
		if (i == SNIC_ARN_MAX_LINKS)
			return SNIC_ARN_FULL;
		l = &t->l[i];
		l->key = key;
		l->state = SNIC_LINK_OK;
	}
	if (st == SNIC_LINK_OK) {
		memset(l, 0, sizeof(*l));
		snic_arn_changed(t, key);
		return SNIC_ARN_APPLIED;
	}
	l->expires = expires;
	if (l->state == st && l->metric == metric)
		return SNIC_ARN_REFRESHED;
	l->state = st;
	l->metric = metric;
	snic_arn_changed(t, key);
	return SNIC_ARN_APPLIED;
}

/* Is @seq newer than @last (serial number arithmetic)? */
static bool snic_arn_newer(u32 seq, u32 last)
{
	return (s32)(seq - last) > 0;
}

u32 snic_arn_next_seq(u32 last, u64 now_ns)
{
	u32 t = (u32)snic_div64(now_ns, 1000);

	return snic_arn_newer(t, last) ? t : last + 1;
}

/*
 * The sequence state of @a's origin: its own slot, else a free one, one
 * not heard from for SNIC_ARN_ORIGIN_AGE_NS, or (all taken) the one heard
 * from longest ago. Never NULL.
 */
static struct snic_arn_origin *snic_arn_origin(struct snic_arn_links *t,
					       u16 sw, u64 now)
{
	struct snic_arn_origin *o, *spare = NULL;
	int i;

	for (i = 0; i < SNIC_ARN_MAX_ORIGINS; i++) {
		o = &t->o[i];
		if (o->used && now - o->heard > SNIC_ARN_ORIGIN_AGE_NS &&
		    now > o->heard)
			o->used = false;	/* aged out */
		if (o->used && o->sw == sw)
			return o;
		if (!spare || (!o->used && spare->used) ||
		    (o->used && spare->used && o->heard < spare->heard))
			spare = o;
	}
	spare->used = false;
	return spare;
}

/* Does notice @f name the flow and link of @a? */
static bool snic_arn_flow_same(const struct snic_arn_flow *f,
			       const struct snic_arn *a, u32 key)
{
	u8 params = a->params & (SNIC_ARN_P_PATH_ID | SNIC_ARN_P_FLOW);

	if (f->key != key || f->params != params)
		return false;
	if ((params & SNIC_ARN_P_PATH_ID) && f->entropy != (u16)a->path_id)
		return false;
	return !(params & SNIC_ARN_P_FLOW) ||
	       (f->saddr == a->saddr && f->daddr == a->daddr &&
		f->sport == a->sport && f->dport == a->dport &&
		f->proto == a->proto);
}

static void snic_arn_flow_count(struct snic_arn_links *t)
{
	int i, n = 0;

	for (i = 0; i < SNIC_ARN_MAX_FLOWS; i++)
		n += !!t->f[i].key;
	SNIC_WRITE_ONCE(t->nflows, n);
}

static enum snic_arn_apply snic_arn_flow_learn(struct snic_arn_links *t,
					       const struct snic_arn *a,
					       u32 key, u64 expires)
{
	enum snic_arn_apply res = SNIC_ARN_APPLIED;
	struct snic_arn_flow *f = NULL, *spare = NULL;
	bool bad = a->type == SNIC_ARN_CONGESTED || a->type == SNIC_ARN_FAILED;
	int i;

	for (i = 0; i < SNIC_ARN_MAX_FLOWS; i++) {
		struct snic_arn_flow *x = &t->f[i];

		if (x->key && snic_arn_flow_same(x, a, key))
			f = x;
		if (!spare || (!x->key && spare->key) ||
		    (x->key && spare->key && x->expires < spare->expires))
			spare = x;
	}
	if (!bad) {
		if (!f)
			return SNIC_ARN_REFRESHED;
		memset(f, 0, sizeof(*f));
		snic_arn_flow_count(t);
		return SNIC_ARN_APPLIED;
	}
	if (f) {
		f->expires = expires;
		return SNIC_ARN_REFRESHED;
	}
	if (spare->key)
		res = SNIC_ARN_FULL;
	f = spare;
	memset(f, 0, sizeof(*f));
	f->key = key;
	f->params = a->params & (SNIC_ARN_P_PATH_ID | SNIC_ARN_P_FLOW);
	f->entropy = (u16)a->path_id;
	f->saddr = a->saddr;
	f->daddr = a->daddr;
	f->sport = a->sport;
	f->dport = a->dport;
	f->proto = a->proto;
	f->expires = expires;
	snic_arn_flow_count(t);
	return res;
}

int snic_arn_flow_links(const struct snic_arn_links *t,
			const struct snic_arn_pkt *k, u32 *keys, int n)
{
	int i, got = 0;

	for (i = 0; i < SNIC_ARN_MAX_FLOWS && got < n; i++) {
		const struct snic_arn_flow *f = &t->f[i];

		if (!f->key)
			continue;
		if ((f->params & SNIC_ARN_P_PATH_ID) &&
		    f->entropy != k->entropy)
			continue;
		if ((f->params & SNIC_ARN_P_FLOW) &&
		    (!k->has_tuple || f->saddr != k->saddr ||
		     f->daddr != k->daddr || f->sport != k->sport ||
		     f->dport != k->dport || f->proto != k->proto))
			continue;
		keys[got++] = f->key;
	}
	return got;
}

enum snic_arn_apply snic_arn_learn(struct snic_arn_links *t,
				   const struct snic_arn *a, u64 now,
				   u64 life_ns)
{
	u32 key = snic_arn_link_key(a);
	const struct snic_arn_link *l;
	struct snic_arn_origin *o = NULL;
	enum snic_link_state st;

	if (a->params & SNIC_ARN_P_SEQ) {
		o = snic_arn_origin(t, a->sw, now);
		if (o->used) {
			o->heard = now;
			if (!snic_arn_newer(a->seq, o->seq))
				return SNIC_ARN_STALE;
		}
	}
	if (a->params & SNIC_ARN_P_LIFETIME)
		life_ns = (u64)a->lifetime_us * 1000;
	if (o) {
		o->used = true;
		o->sw = a->sw;
		o->seq = a->seq;
		o->heard = now;
	}
	if (snic_arn_per_flow(a))
		return snic_arn_flow_learn(t, a, key, now + life_ns);
	l = snic_arn_link_find(t, key);
	switch (a->type) {
	case SNIC_ARN_CONGESTED:
		/* A failed link stays failed until it recovers. */
		st = l && l->state == SNIC_LINK_FAILED ? SNIC_LINK_FAILED :
							   SNIC_LINK_CONGESTED;
		break;
	case SNIC_ARN_FAILED:
		st = SNIC_LINK_FAILED;
		break;
	case SNIC_ARN_ELIMINATED:
		/* Congestion over; a failure is not. */
		st = l && l->state == SNIC_LINK_FAILED ? SNIC_LINK_FAILED :
							   SNIC_LINK_OK;
		break;
	default:
		st = SNIC_LINK_OK;
		break;
	}
	return snic_arn_set_link(t, key, st,
				 st == SNIC_LINK_FAILED ? 255 :
				 st == SNIC_LINK_CONGESTED ? a->metric :
				 (l ? l->metric : 0),
				 now + life_ns);
}

bool snic_arn_expire(struct snic_arn_links *t, u64 now)
{
	bool changed = false;
	int i;

	for (i = 0; i < SNIC_ARN_MAX_LINKS; i++) {
		struct snic_arn_link *l = &t->l[i];

		if (l->key && l->expires && l->expires <= now) {
			snic_arn_changed(t, l->key);
			memset(l, 0, sizeof(*l));
			changed = true;
		}
	}
	for (i = 0; i < SNIC_ARN_MAX_FLOWS; i++) {
		struct snic_arn_flow *f = &t->f[i];

		if (f->key && f->expires <= now) {
			memset(f, 0, sizeof(*f));
			changed = true;
		}
	}
	if (changed)
		snic_arn_flow_count(t);
	return changed;
}

void snic_bpt_refresh(struct snic_bpt_ent *e, const struct snic_arn_links *t)
{
	int i, j;

	for (i = 0; i < e->n && i < SNIC_BPT_CANDS; i++) {
		struct snic_bpt_cand *c = &e->c[i];
		u32 penalty = 0;

		for (j = 0; j < SNIC_BPT_LINKS; j++) {
			const struct snic_arn_link *l;

			l = snic_arn_link_find(t, c->link[j]);
			if (!l)
				continue;
			if (l->state == SNIC_LINK_FAILED) {
				penalty = SNIC_BPT_EXCLUDED;
				break;
			}
			penalty += l->metric;
		}
		SNIC_WRITE_ONCE(c->penalty, penalty);
	}
}

/* Candidates' costs are set before an entry is published; penalties and
 * cur change under the writer's lock while snic_bpt_peek() reads them.
 */
static u32 snic_bpt_eff(const struct snic_bpt_cand *c, bool from_local)
{
	u32 penalty = SNIC_READ_ONCE(c->penalty);

	if (penalty == SNIC_BPT_EXCLUDED || (from_local && !c->global))
		return SNIC_BPT_EXCLUDED;
	return (u32)c->cost + penalty;
}

/* Valiant: the (hash % k)-th of the k usable non-minimal candidates. */
static int snic_bpt_valiant(const struct snic_bpt_ent *e, int n,
			    bool from_local, u32 hash)
{
	u32 min = 0xffffffffu, eff[SNIC_BPT_CANDS];
	int i, k = 0;

	for (i = 0; i < n; i++) {
		if (e->c[i].cost < min)
			min = e->c[i].cost;
		eff[i] = snic_bpt_eff(&e->c[i], from_local);
	}
	for (i = 0; i < n; i++)
		if (e->c[i].cost > min && eff[i] != SNIC_BPT_EXCLUDED)
			k++;
	if (!k)
		return -1;
	k = (int)(hash % (u32)k);
	for (i = 0; i < n; i++)
		if (e->c[i].cost > min && eff[i] != SNIC_BPT_EXCLUDED && !k--)
			return i;
	return -1;
}

/*
 * The best effective cost of @e's candidates but those in @avoid and the
 * one of them a packet of @hash would take (-1: none), each penalty read
 * once.
 */
static int snic_bpt_best(const struct snic_bpt_ent *e, int n,
			 const struct snic_ar_params *p, bool from_local,
			 u32 hash, u32 avoid, u32 *bestp)
{
	u32 best = SNIC_BPT_EXCLUDED, eff[SNIC_BPT_CANDS];
	int i, ties = 0;

	for (i = 0; i < n; i++) {
		eff[i] = avoid & (1u << i) ? SNIC_BPT_EXCLUDED :
			 snic_bpt_eff(&e->c[i], from_local);
		if (eff[i] < best) {
			best = eff[i];
			ties = 1;
		} else if (eff[i] == best && eff[i] != SNIC_BPT_EXCLUDED) {
			ties++;
		}
	}
	*bestp = best;
	if (best == SNIC_BPT_EXCLUDED)
		return -1;
	/* The (hash % ties)-th of the best, or the first. */
	ties = p->algorithm == SNIC_AR_GREEDY_RANDOM ? (int)(hash % ties) : 0;
	for (i = 0; i < n; i++)
		if (eff[i] == best && !ties--)
			return i;
	return -1;
}

static int snic_bpt_n(const struct snic_bpt_ent *e)
{
	return e->n < SNIC_BPT_CANDS ? e->n : SNIC_BPT_CANDS;
}

int snic_bpt_first(const struct snic_bpt_ent *e)
{
	static const struct snic_ar_params greedy = {
		.algorithm = SNIC_AR_GREEDY,
	};
	u32 best;

	return snic_bpt_best(e, snic_bpt_n(e), &greedy, false, 0, 0, &best);
}

/* A per-packet choice's weight for candidate @c (see arn.h). */
static u32 snic_bpt_weight(const struct snic_bpt_cand *c, u32 eff, u32 min)
{
	if (eff == SNIC_BPT_EXCLUDED || c->detour)
		return 0;
	return c->cost == min ? 2 : 1;
}

int snic_intm_pick(u32 r, unsigned int n)
{
	u64 k = ((u64)r * ((u64)n + 2)) >> 32;

	return k < n ? (int)k : -1;
}

int snic_bpt_packet(const struct snic_bpt_ent *e, const struct snic_ar_params *p,
		    bool from_local, u32 r,
		    u32 (*queued)(const struct snic_bpt_cand *c, void *arg),
		    void *arg)
{
	u32 min = 0xffffffffu, eff[SNIC_BPT_CANDS], total = 0, k, w, qm, qv;
	int n = snic_bpt_n(e), i, pick = -1, m = -1;

	for (i = 0; i < n; i++) {
		if (e->c[i].cost < min)
			min = e->c[i].cost;
		eff[i] = snic_bpt_eff(&e->c[i], from_local);
	}
	for (i = 0; i < n; i++)
		total += snic_bpt_weight(&e->c[i], eff[i], min);
	if (!total)
		return snic_bpt_best(e, n, p, from_local, r, 0, &w);
	k = r % total;
	for (i = 0; i < n; i++) {
		w = snic_bpt_weight(&e->c[i], eff[i], min);
		if (w && e->c[i].cost == min && m < 0)
			m = i;
		if (pick < 0 && k < w)
			pick = i;
		else if (pick < 0)
			k -= w;
	}
	if (p->algorithm != SNIC_AR_UGAL || e->c[pick].cost == min || m < 0)
		return pick;
	/* UGAL-L decides once, where the packet enters the fabric: one that
	 * crossed its group's local link keeps that decision, the minimal
	 * path if this switch holds it (a detour through this switch shares
	 * the minimal path's first hop, so its queue never won), else this
	 * switch's detours, drawn as above.
	 */
	if (from_local || !queued)
		return m;
	/* The drawn detour only if the minimal path's queue is the longer
	 * by more than the threshold, hops weighed (1 and 2).
	 */
	qm = queued(&e->c[m], arg);
	qv = queued(&e->c[pick], arg);
	return (u64)qm <= 2 * (u64)qv + SNIC_UGAL_THRESHOLD ? m : pick;
}

int snic_bpt_peek(const struct snic_bpt_ent *e, const struct snic_bpt_flow *f,
		  const struct snic_ar_params *p, bool from_local, u32 hash)
{
	int n = snic_bpt_n(e), pick;
	u8 cur = SNIC_READ_ONCE(f->cur);
	u32 best, cur_eff;

	if (p->algorithm == SNIC_AR_VALIANT) {
		pick = snic_bpt_valiant(e, n, from_local, hash);
		if (pick >= 0)
			return pick;
	}
	/* (Per packet: @hash draws, as the caller's random number would.) */
	if (p->algorithm >= SNIC_AR_VALIANT_PACKET)
		return snic_bpt_packet(e, p, from_local, hash, NULL, NULL);
	if (!SNIC_READ_ONCE(f->last))
		return SNIC_BPT_DECIDE;
	pick = snic_bpt_best(e, n, p, from_local, hash, 0, &best);
	if (pick < 0)
		return -1;
	cur_eff = cur < n ? snic_bpt_eff(&e->c[cur], from_local) :
			    SNIC_BPT_EXCLUDED;
	if (cur_eff == SNIC_BPT_EXCLUDED)
		return from_local ? pick : SNIC_BPT_DECIDE;
	if (best >= cur_eff && !SNIC_READ_ONCE(f->watch))
		return cur;
	return SNIC_BPT_DECIDE;
}

int snic_bpt_select(const struct snic_bpt_ent *e, struct snic_bpt_flow *f,
		    const struct snic_ar_params *p, bool from_local, u32 hash,
		    u64 now, u64 quiet, bool *moved)
{
	int n = snic_bpt_n(e), pick;
	u32 best, cur_eff;
	bool idle;

	*moved = false;
	if (p->algorithm == SNIC_AR_VALIANT) {
		pick = snic_bpt_valiant(e, n, from_local, hash);
		if (pick >= 0)
			return pick;
	}
	if (p->algorithm >= SNIC_AR_VALIANT_PACKET)
		return snic_bpt_packet(e, p, from_local, hash, NULL, NULL);
	pick = snic_bpt_best(e, n, p, from_local, hash, 0, &best);
	if (pick < 0)
		return -1;
	if (!f->last) {
		SNIC_WRITE_ONCE(f->last, now ?: 1);
		if (!from_local)
			goto move;	/* the first packet spreads too */
	}
	cur_eff = f->cur < n ? snic_bpt_eff(&e->c[f->cur], from_local) :
			       SNIC_BPT_EXCLUDED;
	if (cur_eff == SNIC_BPT_EXCLUDED) {
		/* Failed (or not allowed here): move at once. */
		if (from_local)
			return pick;
		goto move;
	}
	if (best >= cur_eff) {
		SNIC_WRITE_ONCE(f->watch, false);
		return f->cur;
	}
	if (!f->watch) {
		/* A better path appeared: time the flowlets from now, unless
		 * this packet ends a gap already.
		 */
		SNIC_WRITE_ONCE(f->watch, true);
		idle = quiet >= p->flowlet_ns;
	} else {
		idle = now - f->last >= p->flowlet_ns;
	}
	SNIC_WRITE_ONCE(f->last, now ?: 1);
	if (!idle)
		return f->cur;
	/* Back to a path of lower cost: only after the hold-down. */
	if (e->c[pick].cost < e->c[f->cur].cost &&
	    now - f->changed < p->hold_down_ns)
		return f->cur;
move:
	*moved = f->cur != pick;
	SNIC_WRITE_ONCE(f->cur, pick);
	SNIC_WRITE_ONCE(f->watch, false);
	f->changed = now;
	return pick;
}

u32 snic_bpt_uses(const struct snic_bpt_ent *e, u32 key)
{
	u32 mask = 0;
	int i, j;

	for (i = 0; key && i < snic_bpt_n(e); i++)
		for (j = 0; j < SNIC_BPT_LINKS; j++)
			if (e->c[i].link[j] == key)
				mask |= 1u << i;
	return mask;
}

int snic_bpt_avoid(const struct snic_bpt_ent *e, const struct snic_ar_params *p,
		   bool from_local, u32 hash, u32 avoid)
{
	u32 best;

	return snic_bpt_best(e, snic_bpt_n(e), p, from_local, hash, avoid,
			     &best);
}

enum snic_arn_event snic_arn_sample(struct snic_arn_mon *m,
				    const struct snic_arn_thr *t, u8 level)
{
	SNIC_WRITE_ONCE(m->level, level);	/* read by port dumps */
	if (!m->congested) {
		m->below = 0;
		m->above = level >= t->set && m->above < 255 ? m->above + 1 : 0;
		if (!m->above || m->above < (t->set_samples ?: 1))
			return SNIC_ARN_EV_NONE;
		m->congested = true;
		m->above = 0;
		return SNIC_ARN_EV_CONGESTED;
	}
	m->above = 0;
	m->below = level <= t->clear && m->below < 255 ? m->below + 1 : 0;
	if (!m->below || m->below < (t->clear_samples ?: 1))
		return SNIC_ARN_EV_NONE;
	m->congested = false;
	m->below = 0;
	return SNIC_ARN_EV_ELIMINATED;
}
