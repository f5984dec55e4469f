/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Congestion Control Architecture, the source NIC's side and the
 * notification codec (kernel-independent; shared by snic.ko, KUnit, the
 * host unit tests and the fuzzers). Semantics: IBTA Annex A10 and the OPA
 * fabric manager's CongestionControl settings, paced per DLID.
 *
 *  CCT    Congestion Control Table. Entry i is {shift, multiplier}; the
 *         inter-packet delay (IPD) after a packet whose serialization time
 *         is Tp is (Tp * multiplier) >> shift, so a destination at entry i
 *         gets 2^shift / (multiplier + 2^shift) of the line rate. Entry 0
 *         is no delay.
 *  CCTI   per destination LID and SL (IBTA A10's SL/LID control), an
 *         index into the CCT: each BECN from the DLID for the SL adds the
 *         SL's ccti_increase (at most ccti_limit); every ccti_timer x
 *         1.024 us it drops by one (down to ccti_min). The decrease is
 *         computed lazily, when the entry is next used, so a port needs no
 *         timer per DLID: the result is the same as a free-running timer.
 *  params per SL, as OPA's HFICongestionSetting has them: ccti_increase,
 *         ccti_timer, trigger_threshold and ccti_min; ccti_limit (and the
 *         CCT) is the port's, the same in every SL's set.
 *  table  the (DLID, SL) pairs a port tracks, at most max_tracked, in a
 *         hash with an LRU list. A new pair in a full table replaces the
 *         least recently used entry that is idle (at its SL's ccti_min,
 *         nothing queued) among the SNIC_DLID_EVICT_SCAN oldest, else the
 *         oldest. Every replacement is counted; so is one that dropped
 *         pacing state.
 *  log    the congestion log: a ring of the last SNIC_CC_LOG_LEN times a
 *         CCTI reached trigger_threshold (a NIC's), or a switch port set
 *         FECN (a switch's: SwitchCongestionLog).
 *  CN     the payload of a BECN-only congestion notification (16B L4
 *         management, SNIC_L4_MGMT), sent when no data packet to the
 *         source leaves within the coalescing window:
 *           u8 version (1) | u8 type (1 = CN) | u8 sl | u8 reserved (0) |
 *           be16 count (FECNs reflected, >= 1) | be16 reserved (0)
 *
 * Times are in nanoseconds of fabric time; the caller converts with its
 * time dilation.
 */
#ifndef _SNIC_CORE_CCA_H
#define _SNIC_CORE_CCA_H

#include "core_types.h"

#define SNIC_CCT_MAX_ENTRIES	1984
#define SNIC_CCT_SHIFT_MAX	3
#define SNIC_CCT_MULT_MAX	0x3fff		/* 14 bits */
#define SNIC_CCTI_TIMER_NS	1024		/* ccti_timer unit: 1.024 us */
#define SNIC_CC_LOG_LEN		96
#define SNIC_DLID_EVICT_SCAN	8
#define SNIC_DLID_NIL		0xffffffffu
#define SNIC_CC_NUM_SL		32

struct snic_cct_entry {
	u8 shift;	/* 0..3 */
	u16 mult;	/* 0..0x3fff */
};

struct snic_cc_params {
	u16 ccti_increase;	/* CCTI added per BECN */
	u16 ccti_timer;		/* decrease period, 1.024 us units; 0: never */
	u16 trigger_threshold;	/* CCTI that writes the congestion log */
	u16 ccti_min;		/* floor of the decrease */
	u16 ccti_limit;		/* ceiling; < the CCT's number of entries */
};

/* Why a parameter set is refused (snic_cc_params_check). */
enum snic_cc_err {
	SNIC_CC_OK,
	SNIC_CC_ELIMIT,		/* ccti_limit not below the CCT length */
	SNIC_CC_EMIN,		/* ccti_min above ccti_limit */
	SNIC_CC_ETRIGGER,	/* trigger_threshold above ccti_limit */
};

/* opafm's defaults: increase 5, timer 10, trigger 8, min 0, limit 127. */
void snic_cc_params_default(struct snic_cc_params *p);
enum snic_cc_err snic_cc_params_check(const struct snic_cc_params *p,
				      unsigned int cct_len);

/*
 * opafm's table generator: entries 0..@limit of @cct, the delay for a
 * packet of serialization time @tp_max rising linearly from 0 to
 * @max_delay (same unit) at entry @limit; one shift for the table, the
 * largest (finest) whose biggest multiplier fits 14 bits. Returns the
 * number of entries written (@limit + 1), or 0 if @limit is out of range,
 * @tp_max is 0 or the ramp cannot be represented.
 */
unsigned int snic_cct_generate(struct snic_cct_entry *cct, unsigned int limit,
			       u64 tp_max, u64 max_delay);

/* IPD after a packet of serialization time @tp at entry @e. */
static inline u64 snic_cct_ipd(const struct snic_cct_entry *e, u64 tp)
{
	return (tp * e->mult) >> e->shift;
}

/* Serialization time, ns, of @bytes at @rate_bps (0: infinitely fast). */
u64 snic_cc_tx_ns(u32 bytes, u64 rate_bps);

/* One tracked destination: a DLID, and the SL of its traffic. */
struct snic_dlid_ent {
	u32 dlid;
	u8 sl;
	u16 ccti;
	u16 queued;		/* packets for it waiting (the caller's count) */
	u16 inq;		/* ... on the paced TX queues (the caller's) */
	u64 stamp;		/* last CCTI decrease (or rise from ccti_min) */
	u64 t_next;		/* earliest start of its next packet */
	u64 becn;		/* BECNs received from it */
	u64 becn_first, becn_last;	/* when the first and last came */
	u64 paced;		/* packets sent after waiting for t_next */
	u64 last_start;		/* when its last packet left */
	u64 last_slot;		/* Tp + IPD that packet took */
	u64 early;		/* packets that left before their slot was over */
	u32 hnext;		/* hash chain, or the free list */
	u32 prev, next;		/* LRU list, most recent first */
	bool used;
};

struct snic_dlid_table {
	struct snic_dlid_ent *ent;	/* cap entries */
	u32 *bucket;			/* nbuckets chain heads */
	u32 cap, nbuckets, count;
	u32 head, tail;			/* LRU: most, least recently used */
	u32 free;
	u64 evictions;			/* entries replaced */
	u64 evictions_busy;		/* ... that were pacing or queued */
};

/* Chain heads needed for @cap entries (a power of two >= @cap). */
u32 snic_dlid_table_buckets(u32 cap);
/* @ent holds @cap entries, @bucket snic_dlid_table_buckets(@cap). */
void snic_dlid_table_init(struct snic_dlid_table *t, struct snic_dlid_ent *ent,
			  u32 *bucket, u32 cap);
/* The entry of @dlid on @sl, or NULL; the LRU order is not touched. */
struct snic_dlid_ent *snic_dlid_find(struct snic_dlid_table *t, u32 dlid,
				     u8 sl);
/*
 * The entry of @dlid on @sl (< SNIC_CC_NUM_SL), made most recently used;
 * a new one (at @p[@sl].ccti_min) if it was not tracked, replacing one if
 * the table is full. @p holds the parameters of every SL an entry of the
 * table has, indexed by SL (one set will do for a table used on SL 0
 * only). NULL only for a table of no entries.
 */
struct snic_dlid_ent *snic_dlid_get(struct snic_dlid_table *t, u32 dlid,
				    u8 sl, const struct snic_cc_params *p,
				    u64 now);
/* Forget every entry (counters of the table are kept). */
void snic_dlid_table_flush(struct snic_dlid_table *t);
/* No tracked DLID's CCTI above @max (a shorter table, a lower limit). */
void snic_dlid_table_clamp(struct snic_dlid_table *t, u16 max);

/* Apply the lazy CCTI decrease of @e up to @now. */
void snic_ccti_age(struct snic_dlid_ent *e, const struct snic_cc_params *p,
		   u64 now);
/* A BECN from @e's DLID: true if its CCTI is now at or above the trigger
 * threshold (write the congestion log).
 */
/*
 * When, with no BECN meanwhile, @e's CCTI (aged to its stamp) decays below
 * @thr: a fabric ns; 0 if it is below already or never gets there (no
 * decay, or ccti_min at or above @thr).
 */
u64 snic_ccti_below_at(const struct snic_dlid_ent *e,
		       const struct snic_cc_params *p, u16 thr);
bool snic_ccti_becn(struct snic_dlid_ent *e, const struct snic_cc_params *p,
		    u64 now);
/*
 * A DLID's phase: a turn that does not follow the one before it (a DLID
 * idle for a slot or more) is put off to the next of SNIC_CCA_PHASES
 * phases of its slot, spaced evenly from an offset of the NIC's own
 * (slots counted from it): the turns of the
 * NIC's DLIDs paced alike then fall together, whenever the host let
 * their first packets leave, and one timer expiry serves them all
 * (sch_fq's flows share one by their timer slack, which is no use when
 * their phases are spread). It lengthens only that one gap, by less
 * than a phase (an IPD is a least delay); the turns after keep theirs.
 * Each NIC has its own offset: NICs paced towards one hot DLID do not
 * send in step.
 */
#define SNIC_CCA_PHASES		8

/* @t put off to the next phase of a slot of @slot, from offset @off. */
u64 snic_cca_align(u64 t, u64 slot, u64 off);
/*
 * A packet of serialization time @tp to @e's DLID starts at @now: set the
 * earliest start of the next one (at its turn: a slot after it; past it:
 * a slot after @now, put off to a phase from the NIC's offset @off if a
 * slot or more past). Returns the IPD applied.
 */
u64 snic_cca_sent(struct snic_dlid_ent *e, const struct snic_cc_params *p,
		  const struct snic_cct_entry *cct, u64 now, u64 tp, u64 off);
/*
 * A packet of serialization time @tp to @e's DLID waits for its turn,
 * e->t_next: take that turn for it now (the next one starts Tp + IPD
 * later). Returns when it may start.
 */
u64 snic_cca_reserve(struct snic_dlid_ent *e, const struct snic_cct_entry *cct,
		     u64 tp);
/*
 * A packet to @e's DLID, whose slot is @slot (Tp + IPD), leaves at @now:
 * count it early if it is closer to the previous one than half that
 * one's slot, @slack aside (the pacing fidelity: a paced DLID never gets
 * a burst). A late departure does not move the next one's turn unless
 * it would come closer than half a slot.
 */
void snic_cca_depart(struct snic_dlid_ent *e, u64 now, u64 slot, u64 slack);
/* The soonest the next packet to @e's DLID may leave, half the previous
 * one's slot after it (0: any time).
 */
u64 snic_cca_earliest(const struct snic_dlid_ent *e);

struct snic_cc_log_ent {
	u64 time;
	u32 dlid;
	u16 ccti;		/* a NIC's */
	u8 sl;			/* a NIC's */
	u32 slid;		/* a switch's: the marked packet's */
	u8 sc;			/* ... its SC */
	u8 port;		/* ... the egress port that marked it */
};

struct snic_cc_log {
	struct snic_cc_log_ent ent[SNIC_CC_LOG_LEN];
	u32 next;		/* where the next entry goes */
	u64 total;		/* entries ever written */
};

/* The next entry of @log, cleared, to be filled (the oldest goes). */
struct snic_cc_log_ent *snic_cc_log_next(struct snic_cc_log *log);
void snic_cc_log_add(struct snic_cc_log *log, u64 time, u32 dlid, u8 sl,
		     u16 ccti);
/* The @i-th most recent entry (0 = newest), or NULL past the last. */
const struct snic_cc_log_ent *snic_cc_log_get(const struct snic_cc_log *log,
					      u32 i);

/* The management payload: CN now, ARN later share its first two bytes. */
#define SNIC_MGMT_VERSION	1
#define SNIC_MGMT_CN		1
#define SNIC_CN_LEN		8
#define SNIC_CN_COUNT_MAX	0xffff

struct snic_cn {
	u8 sl;
	u16 count;
};

enum snic_mgmt_err {
	SNIC_MGMT_OK,
	SNIC_MGMT_ESHORT,	/* shorter than its type's length */
	SNIC_MGMT_EVERSION,	/* unknown version */
	SNIC_MGMT_ETYPE,	/* unknown type */
	SNIC_MGMT_EFIELD,	/* a field out of range, or reserved not 0 */
};

void snic_cn_encode(u8 *buf, const struct snic_cn *cn);
enum snic_mgmt_err snic_cn_decode(const u8 *buf, size_t len,
				  struct snic_cn *cn);

#endif /* _SNIC_CORE_CCA_H */
