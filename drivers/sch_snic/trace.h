/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Tracepoints of sch_snic, in the snic system with snic.ko's
 * (drivers/snic/trace.h, which says what the common fields mean). Only
 * qdisc.c includes this, after its own structures: the events take its
 * per-qdisc state. A VL is a data VL (0-7) or the management VL (8); now:
 * the qdisc's wall clock (CLOCK_MONOTONIC ns), ftime its fabric time.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM snic

#if !defined(_SCH_SNIC_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _SCH_SNIC_TRACE_H

#include <linux/netdevice.h>
#include <linux/tracepoint.h>

#define SCH_SNIC_TP_FIELDS						\
	__field(u32, netns)						\
	__field(int, ifindex)						\
	__array(char, dev, IFNAMSIZ)					\
	__field(u8, vl)							\
	__field(u32, qlen)						\
	__field(u32, backlog)						\
	__field(u64, ftime)

#define SCH_SNIC_TP_ASSIGN(q, i, now)					\
	do {								\
		const struct net_device *__d = qdisc_dev((q)->sch);	\
									\
		__entry->netns = dev_net(__d)->ns.inum;			\
		__entry->ifindex = __d->ifindex;			\
		strscpy(__entry->dev, __d->name, IFNAMSIZ);		\
		__entry->vl = (i);					\
		__entry->qlen = (q)->vl[i].q.qlen;			\
		__entry->backlog = (q)->vl[i].backlog;			\
		__entry->ftime = div_u64(now, (q)->dilation ?: 1);	\
	} while (0)

#define SCH_SNIC_TP_FMT							\
	"netns=%u ifindex=%d dev=%s ftime=%llu vl=%u qlen=%u backlog=%u "
#define SCH_SNIC_TP_ARGS						\
	__entry->netns, __entry->ifindex, __entry->dev, __entry->ftime,	\
	__entry->vl, __entry->qlen, __entry->backlog

/* The 16B packet @skb leaves VL @i with FECN set. */
TRACE_EVENT(fecn_mark,
	TP_PROTO(const struct snic_sched *q, int i, const struct sk_buff *skb,
		 u64 now),
	TP_ARGS(q, i, skb, now),
	TP_STRUCT__entry(
		SCH_SNIC_TP_FIELDS
		__field(u8, sc)
		__field(u32, slid)
		__field(u32, dlid)
		__field(bool, victim)
	),
	TP_fast_assign(
		SCH_SNIC_TP_ASSIGN(q, i, now);
		snic_q_lids(skb, &__entry->sc, &__entry->slid, &__entry->dlid);
		__entry->victim = q->vl[i].victim;
	),
	TP_printk(SCH_SNIC_TP_FMT "sc=%u slid=0x%x dlid=0x%x %s",
		  SCH_SNIC_TP_ARGS, __entry->sc, __entry->slid, __entry->dlid,
		  __entry->victim ? "victim" : "root")
);

/*
 * Data VL @i waits for credits with packets queued (@stalled), or may
 * send again after waiting @wait wall ns (reported in fabric ns).
 */
TRACE_EVENT(credit_stall,
	TP_PROTO(const struct snic_sched *q, int i, bool stalled, u64 wait,
		 u64 now),
	TP_ARGS(q, i, stalled, wait, now),
	TP_STRUCT__entry(
		SCH_SNIC_TP_FIELDS
		__field(bool, stalled)
		__field(u64, waited)
	),
	TP_fast_assign(
		SCH_SNIC_TP_ASSIGN(q, i, now);
		__entry->stalled = stalled;
		__entry->waited = div_u64(wait, q->dilation ?: 1);
	),
	TP_printk(SCH_SNIC_TP_FMT "%s waited=%llu", SCH_SNIC_TP_ARGS,
		  __entry->stalled ? "stalled" : "released", __entry->waited)
);

/* The head @skb of VL @i outlived the HoQ lifetime: discarded. */
TRACE_EVENT(hoq_discard,
	TP_PROTO(const struct snic_sched *q, int i, const struct sk_buff *skb,
		 u64 now),
	TP_ARGS(q, i, skb, now),
	TP_STRUCT__entry(
		SCH_SNIC_TP_FIELDS
		__field(u8, sc)
		__field(u32, slid)
		__field(u32, dlid)
		__field(u64, age)
	),
	TP_fast_assign(
		SCH_SNIC_TP_ASSIGN(q, i, now);
		snic_q_lids(skb, &__entry->sc, &__entry->slid, &__entry->dlid);
		__entry->age = div_u64(now - q->vl[i].head_since,
				       q->dilation ?: 1);
	),
	TP_printk(SCH_SNIC_TP_FMT "sc=%u slid=0x%x dlid=0x%x age=%llu",
		  SCH_SNIC_TP_ARGS, __entry->sc, __entry->slid, __entry->dlid,
		  __entry->age)
);

#endif /* _SCH_SNIC_TRACE_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE trace
#include <trace/define_trace.h>
