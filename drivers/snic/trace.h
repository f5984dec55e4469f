/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Tracepoints of snic.ko (the snic:* events; sch_snic's are in
 * drivers/sch_snic/trace.h, in the same system).
 *
 * Every event names its device by network namespace (the inode number of
 * /proc/PID/ns/net), ifindex and name, and, for a NIC or a switch, its LID:
 * a fabric's devices share names across namespaces. ftime is the
 * device's fabric time in ns (its own clock: dilation D makes it run D
 * times slower than CLOCK_MONOTONIC; with D = 1 it equals it).
 * Documentation/networking/snic.rst, "Watching an episode", lists the
 * events and their fields.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM snic

#if !defined(_SNIC_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _SNIC_TRACE_H

#include <linux/netdevice.h>
#include <linux/tracepoint.h>

#include "snic.h"

#define SNIC_TP_DEV_FIELDS						\
	__field(u32, netns)						\
	__field(int, ifindex)						\
	__array(char, dev, IFNAMSIZ)					\
	__field(u32, lid)						\
	__field(u64, ftime)

#define SNIC_TP_DEV_ASSIGN(d, l, t)					\
	do {								\
		__entry->netns = dev_net(d)->ns.inum;			\
		__entry->ifindex = (d)->ifindex;			\
		strscpy(__entry->dev, (d)->name, IFNAMSIZ);		\
		__entry->lid = (l);					\
		__entry->ftime = (t);					\
	} while (0)

#define SNIC_TP_DEV_FMT		"netns=%u ifindex=%d dev=%s lid=0x%x ftime=%llu "
#define SNIC_TP_DEV_ARGS						\
	__entry->netns, __entry->ifindex, __entry->dev, __entry->lid,	\
	__entry->ftime

#define SNIC_TP_NIC(nic)						\
	SNIC_TP_DEV_ASSIGN((nic)->dev, READ_ONCE((nic)->lid),		\
			   snic_nic_ftime(nic))

/* A BECN came in: piggybacked on a packet from @slid, or in its CN. */
TRACE_EVENT(becn_rx,
	TP_PROTO(const struct snic_nic *nic, u32 slid, u8 sl, bool cn),
	TP_ARGS(nic, slid, sl, cn),
	TP_STRUCT__entry(
		SNIC_TP_DEV_FIELDS
		__field(u32, slid)
		__field(u8, sl)
		__field(bool, cn)
	),
	TP_fast_assign(
		SNIC_TP_NIC(nic);
		__entry->slid = slid;
		__entry->sl = sl;
		__entry->cn = cn;
	),
	TP_printk(SNIC_TP_DEV_FMT "slid=0x%x sl=%u via=%s", SNIC_TP_DEV_ARGS,
		  __entry->slid, __entry->sl, __entry->cn ? "cn" : "piggyback")
);

/* A BECN left for @dlid: piggybacked, or in a CN that folds @count. */
TRACE_EVENT(becn_tx,
	TP_PROTO(const struct snic_nic *nic, u32 dlid, u8 sl, bool cn,
		 u16 count),
	TP_ARGS(nic, dlid, sl, cn, count),
	TP_STRUCT__entry(
		SNIC_TP_DEV_FIELDS
		__field(u32, dlid)
		__field(u8, sl)
		__field(bool, cn)
		__field(u16, count)
	),
	TP_fast_assign(
		SNIC_TP_NIC(nic);
		__entry->dlid = dlid;
		__entry->sl = sl;
		__entry->cn = cn;
		__entry->count = count;
	),
	TP_printk(SNIC_TP_DEV_FMT "dlid=0x%x sl=%u via=%s count=%u",
		  SNIC_TP_DEV_ARGS, __entry->dlid, __entry->sl,
		  __entry->cn ? "cn" : "piggyback", __entry->count)
);

/*
 * The CCTI of (@dlid, @sl) moved from @old to @ccti (a BECN, or the
 * recovery timer's decay); ipd: the inter-packet delay it gives a frame
 * of the device's MTU, fabric ns.
 */
TRACE_EVENT(pace,
	TP_PROTO(const struct snic_cc *cc, u32 dlid, u8 sl, u16 old,
		 u16 ccti),
	TP_ARGS(cc, dlid, sl, old, ccti),
	TP_STRUCT__entry(
		SNIC_TP_DEV_FIELDS
		__field(u32, dlid)
		__field(u8, sl)
		__field(u16, old)
		__field(u16, ccti)
		__field(u64, ipd)
	),
	TP_fast_assign(
		SNIC_TP_NIC(cc->nic);
		__entry->dlid = dlid;
		__entry->sl = sl;
		__entry->old = old;
		__entry->ccti = ccti;
		__entry->ipd = snic_cc_ccti_ipd(cc, ccti);
	),
	TP_printk(SNIC_TP_DEV_FMT "dlid=0x%x sl=%u ccti=%u->%u ipd=%llu",
		  SNIC_TP_DEV_ARGS, __entry->dlid, __entry->sl, __entry->old,
		  __entry->ccti, __entry->ipd)
);

/* An ARN's fields; link: the peer group and index, or from and to. */
#define SNIC_TP_ARN_FIELDS						\
	__field(u8, type)						\
	__field(u8, metric)						\
	__field(u8, params)						\
	__field(u16, group)						\
	__field(u16, origin)						\
	__field(u16, link_a)						\
	__field(u16, link_b)						\
	__field(u32, seq)						\
	__field(u32, path_id)

#define SNIC_TP_ARN_ASSIGN(a)						\
	do {								\
		__entry->type = (a)->type;				\
		__entry->metric = (a)->metric;				\
		__entry->params = (a)->params;				\
		__entry->group = (a)->group;				\
		__entry->origin = (a)->sw;				\
		__entry->link_a = (a)->params & SNIC_ARN_P_PEER_GROUP ?	\
				  (a)->peer_group : (a)->from;		\
		__entry->link_b = (a)->params & SNIC_ARN_P_PEER_GROUP ?	\
				  (a)->index : (a)->to;			\
		__entry->seq = (a)->seq;				\
		__entry->path_id = (a)->path_id;			\
	} while (0)

#define snic_tp_arn_type(t)						\
	__print_symbolic(t, { SNIC_ARN_CONGESTED, "congested" },	\
			 { SNIC_ARN_ELIMINATED, "eliminated" },		\
			 { SNIC_ARN_FAILED, "failed" },			\
			 { SNIC_ARN_RECOVERED, "recovered" })

#define SNIC_TP_ARN_FMT							\
	"type=%s metric=%u group=%u origin=%u %s=%u:%u seq=%u params=0x%x "\
	"path_id=%u"
#define SNIC_TP_ARN_ARGS						\
	snic_tp_arn_type(__entry->type), __entry->metric,		\
	__entry->group, __entry->origin,				\
	__entry->params & SNIC_ARN_P_PEER_GROUP ? "global" : "local",	\
	__entry->link_a, __entry->link_b, __entry->seq,			\
	__entry->params, __entry->path_id

/*
 * Switch @sw sent ARN @a out of its ports in @ports (bit n - 1: port n):
 * one of its own, or one it relays (@relay).
 */
TRACE_EVENT(arn_tx,
	TP_PROTO(struct snic_switch *sw, const struct snic_arn *a,
		 bool relay, u64 ports),
	TP_ARGS(sw, a, relay, ports),
	TP_STRUCT__entry(
		SNIC_TP_DEV_FIELDS
		SNIC_TP_ARN_FIELDS
		__field(bool, relay)
		__field(u64, ports)
	),
	TP_fast_assign(
		SNIC_TP_DEV_ASSIGN(sw->dev, READ_ONCE(sw->lid),
				   snic_sw_ftime(sw));
		SNIC_TP_ARN_ASSIGN(a);
		__entry->relay = relay;
		__entry->ports = ports;
	),
	TP_printk(SNIC_TP_DEV_FMT SNIC_TP_ARN_FMT " relay=%u ports=0x%llx",
		  SNIC_TP_DEV_ARGS, SNIC_TP_ARN_ARGS, __entry->relay,
		  __entry->ports)
);

/* Switch @sw took in ARN @a on port @port; @res: what it did with it. */
TRACE_EVENT(arn_rx,
	TP_PROTO(struct snic_switch *sw, const struct snic_port *port,
		 const struct snic_arn *a, int res),
	TP_ARGS(sw, port, a, res),
	TP_STRUCT__entry(
		SNIC_TP_DEV_FIELDS
		SNIC_TP_ARN_FIELDS
		__field(u16, port)
		__field(u8, res)
	),
	TP_fast_assign(
		SNIC_TP_DEV_ASSIGN(sw->dev, READ_ONCE(sw->lid),
				   snic_sw_ftime(sw));
		SNIC_TP_ARN_ASSIGN(a);
		__entry->port = port->num;
		__entry->res = res;
	),
	TP_printk(SNIC_TP_DEV_FMT SNIC_TP_ARN_FMT " port=%u res=%s",
		  SNIC_TP_DEV_ARGS, SNIC_TP_ARN_ARGS, __entry->port,
		  __print_symbolic(__entry->res,
				   { SNIC_ARN_APPLIED, "applied" },
				   { SNIC_ARN_REFRESHED, "refreshed" },
				   { SNIC_ARN_STALE, "stale" },
				   { SNIC_ARN_FULL, "full" }))
);

#define snic_tp_bpt_why(w)						\
	__print_symbolic(w, { SNIC_BPT_WHY_ARN, "arn" },		\
			 { SNIC_BPT_WHY_MONITOR, "monitor" },		\
			 { SNIC_BPT_WHY_EXPIRY, "expiry" },		\
			 { SNIC_BPT_WHY_CONFIG, "config" })

/*
 * The path of the BPT entry of DLIDs @b->dlid..@b->last at switch @sw
 * (snic_bpt_first()) went from candidate @old to @cand (-1: none, every
 * candidate failed), for @why.
 */
TRACE_EVENT(bpt_update,
	TP_PROTO(struct snic_switch *sw, const struct snic_ar_bpt *b,
		 int old, int cand, enum snic_bpt_why why),
	TP_ARGS(sw, b, old, cand, why),
	TP_STRUCT__entry(
		SNIC_TP_DEV_FIELDS
		__field(u32, dlid)
		__field(u32, last)
		__field(s8, old)
		__field(s8, cand)
		__field(u16, old_port)
		__field(u16, port)
		__field(u8, why)
	),
	TP_fast_assign(
		SNIC_TP_DEV_ASSIGN(sw->dev, READ_ONCE(sw->lid),
				   snic_sw_ftime(sw));
		__entry->dlid = b->dlid;
		__entry->last = b->last;
		__entry->old = old;
		__entry->cand = cand;
		__entry->old_port = old < 0 ? 0 : b->ent.c[old].port;
		__entry->port = cand < 0 ? 0 : b->ent.c[cand].port;
		__entry->why = why;
	),
	TP_printk(SNIC_TP_DEV_FMT "dlid=0x%x..0x%x cand=%d->%d port=%u->%u why=%s",
		  SNIC_TP_DEV_ARGS, __entry->dlid, __entry->last, __entry->old,
		  __entry->cand, __entry->old_port, __entry->port,
		  snic_tp_bpt_why(__entry->why))
);

#endif /* _SNIC_TRACE_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE trace
#include <trace/define_trace.h>
