// SPDX-License-Identifier: GPL-2.0
/*
 * Congestion Control Architecture: CCT, CCTI, the LRU table of tracked
 * DLIDs, the congestion log and the CN codec. See cca.h.
 */
#include "cca.h"

void snic_cc_params_default(struct snic_cc_params *p)
{
	p->ccti_increase = 5;
	p->ccti_timer = 10;
	p->trigger_threshold = 8;
	p->ccti_min = 0;
	p->ccti_limit = 127;
}

enum snic_cc_err snic_cc_params_check(const struct snic_cc_params *p,
				      unsigned int cct_len)
{
	if (p->ccti_limit >= cct_len)
		return SNIC_CC_ELIMIT;
	if (p->ccti_min > p->ccti_limit)
		return SNIC_CC_EMIN;
	if (p->trigger_threshold > p->ccti_limit)
		return SNIC_CC_ETRIGGER;
	return SNIC_CC_OK;
}

unsigned int snic_cct_generate(struct snic_cct_entry *cct, unsigned int limit,
			       u64 tp_max, u64 max_delay)
{
	unsigned int i, shift = SNIC_CCT_SHIFT_MAX + 1;
	u64 top = 0;

	if (!limit || limit >= SNIC_CCT_MAX_ENTRIES || !tp_max ||
	    max_delay > (u64)SNIC_CCT_MULT_MAX * tp_max)
		return 0;
	/* The finest shift whose biggest multiplier still fits. */
	while (shift--) {
		top = snic_div64((max_delay << shift) + tp_max / 2, tp_max);
		if (top <= SNIC_CCT_MULT_MAX)
			break;
	}
	for (i = 0; i <= limit; i++) {
		cct[i].shift = shift;
		cct[i].mult = snic_div64(top * i + limit / 2, limit);
	}
	return limit + 1;
}

u64 snic_cc_tx_ns(u32 bytes, u64 rate_bps)
{
	if (!rate_bps)
		return 0;
	return snic_div64((u64)bytes * 8 * 1000000000ull, rate_bps);
}

void snic_ccti_age(struct snic_dlid_ent *e, const struct snic_cc_params *p,
		   u64 now)
{
	u64 period = (u64)p->ccti_timer * SNIC_CCTI_TIMER_NS, steps;

	if (e->ccti <= p->ccti_min) {
		/* Nothing to decrease: the next rise starts the period. */
		e->ccti = p->ccti_min;
		e->stamp = now;
		return;
	}
	if (!period || now <= e->stamp)
		return;
	steps = snic_div64(now - e->stamp, period);
	if (steps >= (u64)(e->ccti - p->ccti_min)) {
		e->ccti = p->ccti_min;
		e->stamp = now;
	} else {
		e->ccti -= steps;
		e->stamp += steps * period;
	}
}

u64 snic_ccti_below_at(const struct snic_dlid_ent *e,
		       const struct snic_cc_params *p, u16 thr)
{
	u64 period = (u64)p->ccti_timer * SNIC_CCTI_TIMER_NS;

	if (!period || e->ccti < thr || p->ccti_min >= thr)
		return 0;
	return e->stamp + (u64)(e->ccti - thr + 1) * period;
}

bool snic_ccti_becn(struct snic_dlid_ent *e, const struct snic_cc_params *p,
		    u64 now)
{
	u32 ccti;

	snic_ccti_age(e, p, now);
	ccti = (u32)e->ccti + p->ccti_increase;
	e->ccti = ccti > p->ccti_limit ? p->ccti_limit : ccti;
	e->becn++;
	if (!e->becn_first)
		e->becn_first = now ?: 1;
	e->becn_last = now;
	return e->ccti >= p->trigger_threshold;
}

u64 snic_cca_align(u64 t, u64 slot, u64 off)
{
	u64 q = snic_div64(slot + SNIC_CCA_PHASES - 1, SNIC_CCA_PHASES), r, up;

	if (slot < SNIC_CCA_PHASES)
		return t;
	/* Where @t falls in its slot, the slots counted from @off. */
	r = t + slot - (off - snic_div64(off, slot) * slot);
	r -= snic_div64(r, slot) * slot;
	/* The next of the phases, 0, q, ... (PHASES - 1) q, or the next
	 * slot's first.
	 */
	up = snic_div64(r + q - 1, q) * q;
	if (up > (SNIC_CCA_PHASES - 1) * q)
		up = slot;
	return t + up - r;
}

u64 snic_cca_sent(struct snic_dlid_ent *e, const struct snic_cc_params *p,
		  const struct snic_cct_entry *cct, u64 now, u64 tp, u64 off)
{
	u64 ipd;

	snic_ccti_age(e, p, now);
	if (!e->ccti) {
		e->t_next = 0;
		return 0;
	}
	ipd = snic_cct_ipd(&cct[e->ccti], tp);
	/* Not held, so not backlogged: its slot starts now (an idle DLID
	 * earns no credit), or at its turn if that is later. A DLID idle
	 * for a slot or more takes a new phase, the next of its slot's.
	 */
	if (e->t_next >= now)
		e->t_next += tp + ipd;
	else if (now - e->t_next < tp + ipd)
		e->t_next = now + tp + ipd;
	else
		e->t_next = snic_cca_align(now + tp + ipd, tp + ipd, off);
	return ipd;
}

u64 snic_cca_reserve(struct snic_dlid_ent *e, const struct snic_cct_entry *cct,
		     u64 tp)
{
	u64 start = e->t_next;

	e->t_next = start + tp + (e->ccti ? snic_cct_ipd(&cct[e->ccti], tp) : 0);
	return start;
}

void snic_cca_depart(struct snic_dlid_ent *e, u64 now, u64 slot, u64 slack)
{
	if (e->last_slot && now + slack < snic_cca_earliest(e))
		e->early++;
	e->last_start = now;
	e->last_slot = e->ccti ? slot : 0;
	/*
	 * What is reserved after it keeps its turn, a slot after this one's
	 * turn: a late wake-up (the timer's lateness under load) does not
	 * lower the DLID's rate, as sch_fq keeps a flow's. But it starts
	 * half a slot after this one at the soonest: catching up never
	 * makes a burst.
	 */
	if (e->last_slot && e->t_next < now + slot / 2)
		e->t_next = now + slot / 2;
}

u64 snic_cca_earliest(const struct snic_dlid_ent *e)
{
	return e->last_slot ? e->last_start + e->last_slot / 2 : 0;
}

/* --- the table ------------------------------------------------------ */

void snic_dlid_table_clamp(struct snic_dlid_table *t, u16 max)
{
	u32 i;

	for (i = 0; i < t->cap; i++)
		if (t->ent[i].used && t->ent[i].ccti > max)
			t->ent[i].ccti = max;
}

u32 snic_dlid_table_buckets(u32 cap)
{
	u32 n = 1;

	while (n < cap && n < 0x80000000u)
		n <<= 1;
	return n;
}

static u32 snic_dlid_hash(const struct snic_dlid_table *t, u32 dlid, u8 sl)
{
	return (u32)((dlid ^ (u32)sl << 24) * 0x9e3779b1u) >> 7 &
	       (t->nbuckets - 1);
}

void snic_dlid_table_init(struct snic_dlid_table *t, struct snic_dlid_ent *ent,
			  u32 *bucket, u32 cap)
{
	memset(t, 0, sizeof(*t));
	t->ent = ent;
	t->bucket = bucket;
	t->cap = cap;
	t->nbuckets = snic_dlid_table_buckets(cap);
	snic_dlid_table_flush(t);
}

void snic_dlid_table_flush(struct snic_dlid_table *t)
{
	u32 i;

	for (i = 0; i < t->nbuckets; i++)
		t->bucket[i] = SNIC_DLID_NIL;
	for (i = 0; i < t->cap; i++) {
		memset(&t->ent[i], 0, sizeof(t->ent[i]));
		t->ent[i].hnext = i + 1 < t->cap ? i + 1 : SNIC_DLID_NIL;
	}
	t->free = t->cap ? 0 : SNIC_DLID_NIL;
	t->head = SNIC_DLID_NIL;
	t->tail = SNIC_DLID_NIL;
	t->count = 0;
}

struct snic_dlid_ent *snic_dlid_find(struct snic_dlid_table *t, u32 dlid,
				     u8 sl)
{
	u32 i;

	if (!t->cap)
		return NULL;
	for (i = t->bucket[snic_dlid_hash(t, dlid, sl)]; i != SNIC_DLID_NIL;
	     i = t->ent[i].hnext)
		if (t->ent[i].dlid == dlid && t->ent[i].sl == sl)
			return &t->ent[i];
	return NULL;
}

static void snic_lru_unlink(struct snic_dlid_table *t, u32 i)
{
	struct snic_dlid_ent *e = &t->ent[i];

	if (e->prev != SNIC_DLID_NIL)
		t->ent[e->prev].next = e->next;
	else
		t->head = e->next;
	if (e->next != SNIC_DLID_NIL)
		t->ent[e->next].prev = e->prev;
	else
		t->tail = e->prev;
}

static void snic_lru_push(struct snic_dlid_table *t, u32 i)
{
	struct snic_dlid_ent *e = &t->ent[i];

	e->prev = SNIC_DLID_NIL;
	e->next = t->head;
	if (t->head != SNIC_DLID_NIL)
		t->ent[t->head].prev = i;
	t->head = i;
	if (t->tail == SNIC_DLID_NIL)
		t->tail = i;
}

static void snic_hash_unlink(struct snic_dlid_table *t, u32 i)
{
	u32 *pp = &t->bucket[snic_dlid_hash(t, t->ent[i].dlid, t->ent[i].sl)];

	while (*pp != i)
		pp = &t->ent[*pp].hnext;
	*pp = t->ent[i].hnext;
}

/* The entry to replace: an idle one among the oldest, else the oldest. */
static u32 snic_dlid_victim(struct snic_dlid_table *t,
			    const struct snic_cc_params *p, u64 now)
{
	u32 i = t->tail, n;

	for (n = 0; n < SNIC_DLID_EVICT_SCAN && i != SNIC_DLID_NIL; n++) {
		struct snic_dlid_ent *e = &t->ent[i];

		snic_ccti_age(e, &p[e->sl], now);
		if (!e->queued && !e->inq && e->ccti <= p[e->sl].ccti_min &&
		    (!e->t_next || e->t_next <= now))
			return i;
		i = e->prev;
	}
	t->evictions_busy++;
	return t->tail;
}

struct snic_dlid_ent *snic_dlid_get(struct snic_dlid_table *t, u32 dlid,
				    u8 sl, const struct snic_cc_params *p,
				    u64 now)
{
	struct snic_dlid_ent *e = snic_dlid_find(t, dlid, sl);
	u32 i, b;

	if (e) {
		i = e - t->ent;
		if (t->head != i) {
			snic_lru_unlink(t, i);
			snic_lru_push(t, i);
		}
		return e;
	}
	if (!t->cap)
		return NULL;
	if (t->free != SNIC_DLID_NIL) {
		i = t->free;
		t->free = t->ent[i].hnext;
		t->count++;
	} else {
		i = snic_dlid_victim(t, p, now);
		snic_hash_unlink(t, i);
		snic_lru_unlink(t, i);
		t->evictions++;
	}
	e = &t->ent[i];
	memset(e, 0, sizeof(*e));
	e->used = true;
	e->dlid = dlid;
	e->sl = sl;
	e->ccti = p[sl].ccti_min;
	e->stamp = now;
	b = snic_dlid_hash(t, dlid, sl);
	e->hnext = t->bucket[b];
	t->bucket[b] = i;
	snic_lru_push(t, i);
	return e;
}

/* --- the congestion log --------------------------------------------- */

struct snic_cc_log_ent *snic_cc_log_next(struct snic_cc_log *log)
{
	struct snic_cc_log_ent *e = &log->ent[log->next];

	memset(e, 0, sizeof(*e));
	log->next = (log->next + 1) % SNIC_CC_LOG_LEN;
	log->total++;
	return e;
}

void snic_cc_log_add(struct snic_cc_log *log, u64 time, u32 dlid, u8 sl,
		     u16 ccti)
{
	struct snic_cc_log_ent *e = snic_cc_log_next(log);

	e->time = time;
	e->dlid = dlid;
	e->sl = sl;
	e->ccti = ccti;
}

const struct snic_cc_log_ent *snic_cc_log_get(const struct snic_cc_log *log,
					      u32 i)
{
	if (i >= SNIC_CC_LOG_LEN || i >= log->total)
		return NULL;
	return &log->ent[(log->next + SNIC_CC_LOG_LEN - 1 - i) %
			 SNIC_CC_LOG_LEN];
}

/* --- the CN codec --------------------------------------------------- */

void snic_cn_encode(u8 *buf, const struct snic_cn *cn)
{
	buf[0] = SNIC_MGMT_VERSION;
	buf[1] = SNIC_MGMT_CN;
	buf[2] = cn->sl;
	buf[3] = 0;
	buf[4] = cn->count >> 8;
	buf[5] = cn->count & 0xff;
	buf[6] = 0;
	buf[7] = 0;
}

enum snic_mgmt_err snic_cn_decode(const u8 *buf, size_t len,
				  struct snic_cn *cn)
{
	if (len < 2)
		return SNIC_MGMT_ESHORT;
	if (buf[0] != SNIC_MGMT_VERSION)
		return SNIC_MGMT_EVERSION;
	if (buf[1] != SNIC_MGMT_CN)
		return SNIC_MGMT_ETYPE;
	if (len < SNIC_CN_LEN)
		return SNIC_MGMT_ESHORT;
	cn->sl = buf[2];
	cn->count = (u16)(buf[4] << 8 | buf[5]);
	if (cn->sl >= SNIC_CC_NUM_SL || !cn->count || buf[3] || buf[6] || buf[7])
		return SNIC_MGMT_EFIELD;
	return SNIC_MGMT_OK;
}
