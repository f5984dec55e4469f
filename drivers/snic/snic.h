/* SPDX-License-Identifier: GPL-2.0 */
/*
 * snic private header: the objects shared by the files of snic.ko.
 *
 *   main.c     module init/exit, netdevice notifier
 *   nic.c      rtnl kind "snic": the host SuperNIC (TX encap, RX decap)
 *   switch.c   rtnl kind "snicsw": ports, LFT, forwarding
 *   wire.c     16B encapsulation on skbs (over core/hdr16b.c)
 *   stats.c    per-CPU counters, ndo_get_stats64 and ethtool -S
 *   crx.c      snic_crx_*: the receiving side of per-VL credit flow control
 *   cc.c       snic_cc_*: CCA at the NIC: BECN reflection, per-DLID pacing
 *   ar.c       snic_ar_*: adaptive routing and ARN at a switch
 *              (core/arn.c: the kernel-independent ARN and BPT logic)
 *   netlink.c  the "snic" generic netlink family: family, pre/post_doit,
 *              the dump skeleton; its policies and ops are generated
 *              (netlink-gen.c); handlers per object in netlink-dev.c,
 *              netlink-switch.c, netlink-cc.c, netlink-ar.c
 *   compat.c   6.1's genetlink without split ops
 */
#ifndef _SNIC_H
#define _SNIC_H

#include <linux/etherdevice.h>
#include <linux/hashtable.h>
#include <linux/hrtimer.h>
#include <linux/netdevice.h>
#include <linux/ratelimit.h>
#include <linux/rbtree.h>
#include <linux/seqlock.h>
#include <linux/u64_stats_sync.h>
#include <linux/xarray.h>
#include <net/sch_generic.h>
#include <snic/sch_snic.h>
#include <uapi/linux/snic.h>
#include <uapi/linux/snic_wire.h>

#include "compat.h"
#include "core/addr.h"
#include "core/arn.h"
#include "core/cca.h"
#include "core/credit.h"
#include "core/fclock.h"
#include "core/hist.h"
#include "core/hdr16b.h"
#include "core/owed.h"

#define SNIC_STAT_COUNT		(SNIC_STAT_MAX + 1)
/* A device's first counter that rtnl_link_stats64 does not carry: those
 * before it (rx/tx packets and bytes) go through ndo_get_stats64 only.
 */
#define SNIC_STAT_DEV_FIRST	SNIC_STAT_RX_DROP_TRUNCATED
/* Outer Ethernet + 16B header in front of the inner frame. */
#define SNIC_ENCAP_HLEN		(ETH_HLEN + SNIC_16B_HDR_LEN)
/* Worst-case pad + ICRC + tail behind it. */
#define SNIC_ENCAP_TLEN		(7 + SNIC_16B_TRAILER_LEN)
/* TX queues of a NIC: half open, half paced (cc.c) */
#define SNIC_DEFAULT_TXQ	8
/* Bytes a snic frame grows by on its lower device (L2 payload view). */
#define SNIC_MTU_OVERHEAD	(SNIC_16B_HDR_LEN + ETH_HLEN + 7 + \
				 SNIC_16B_TRAILER_LEN)
#define SNIC_MTU_MAX		(SNIC_16B_PKT_MAX - SNIC_MTU_OVERHEAD)

/* Counters: one set per CPU, summed on read. */
struct snic_pcpu_stats {
	u64_stats_t ctr[SNIC_STAT_COUNT];
	struct u64_stats_sync syncp;
};

struct snic_stats {
	struct snic_pcpu_stats __percpu *pcpu;
};

/* The receiving side of a link end (crx.c has the locking rules). */
struct snic_crx {
	struct net_device *dev;		/* the link end: lower dev or port */
	struct snic_stats *stats;	/* its owner's counters */
	spinlock_t lock;
	struct snic_crx_link link;	/* the protocol (core/credit.h) */
	u32 id;				/* in held packets' tags; 0: none */
	u32 ret[SNIC_NUM_VLS];		/* returned since the last LIMIT */
	u64 pending_at;			/* ns: when the due LIMIT goes */
	u32 period_us;
	u32 drop;			/* fault injection: LIMITs to drop */
	bool pending;			/* a LIMIT is due soon */
	bool dead;
	/* The sending end's SC-to-VL map, from its SYNCs (mapped: one
	 * came; before, the receiving device's own): written under the
	 * lock, read locklessly for every frame.
	 */
	bool mapped;
	u8 rmap[SNIC_NUM_SC];
	struct hrtimer timer;
};

/* CCA at a NIC (cc.c has the locking rules). */
#define SNIC_CC_OWED		4096	/* sources a BECN may be owed to */
#define SNIC_CC_WINDOW_DEFAULT	10000	/* BECN coalescing, fabric ns */
#define SNIC_CC_WINDOW_MAX	100000000
#define SNIC_CC_TRACKED_DEFAULT	1024
#define SNIC_CC_TRACKED_MAX	65536
#define SNIC_CC_PARK_DLID	64	/* packets parked for one DLID */
#define SNIC_CC_PARK_MAX	4096	/* ... for all, and loose */
#define SNIC_SC_MGMT		15	/* SC of notifications: VL 15 */

/*
 * The packets that wait for their DLID's turns (cc.c): a place per
 * tracked DLID, the entry of the DLID table's slot of the same index.
 */
struct snic_cc_park {
	struct rb_node node;		/* in snic_cc.parked while skbs is
					 * not empty, by until
					 */
	struct sk_buff_head skbs;	/* in order; the lock is cc's */
	u32 dlid;
	u8 sl;
	u64 until;			/* fabric ns: the first one's turn */
	u64 slot;			/* fabric ns: its Tp + IPD */
};

/* A TX queue's head that waits for room to park (cc.c). */
struct snic_cc_held {
	struct sk_buff *skb;		/* NULL: the queue does not wait */
	u32 dlid;
	u8 sl;
	unsigned int len;
	u64 stalls;			/* heads that made this queue wait */
};

/* Settings, as netlink sets and reads them. */
struct snic_cc_config {
	struct snic_cc_params p[SNIC_NUM_SL];	/* one ccti_limit in all */
	const struct snic_cct_entry *cct;
	u16 cct_len;			/* 0: keep the table */
	u32 max_delay;			/* its generator's, 0: written */
	u32 window_ns;
	u32 max_tracked;		/* 0: keep */
	u32 tracked;			/* read only */
	u32 parked;			/* read only: parked and held */
	bool pacing;
	bool has_params, has_window, has_pacing;
};

struct snic_cc {
	struct snic_nic *nic;
	spinlock_t lock;		/* all below, see cc.c */
	struct snic_cc_params p[SNIC_NUM_SL];	/* per SL; one ccti_limit */
	u16 timer_max;			/* the slowest SL's ccti_timer */
	u32 phase;			/* the offset of the DLIDs' phases */
	bool floor_any;			/* an SL never decays to 0 */
	struct snic_cct_entry *cct;	/* SNIC_CCT_MAX_ENTRIES */
	u16 cct_len;
	u32 max_delay;			/* its generator's, 0: written */
	bool pacing;			/* react to BECNs */
	bool dead;			/* uninit: never armed again */
	u32 window_ns;			/* fabric ns */
	u32 max_tracked;
	u32 tracked;			/* table.count, for lockless checks */
	/* Jiffies until which a tracked DLID may still be paced (after it
	 * every CCTI has decayed to 0, so transmit skips the lock), or
	 * always: written under the lock, read locklessly.
	 */
	unsigned long hot_until;
	bool hot_always;
	u32 gen;			/* the DLIDs tracked changed */
	u32 nowed;			/* owed.count, for lockless checks */
	bool watch_above;		/* snic_cc_watch() on each timer run */
	struct snic_dlid_table table;
	struct snic_cc_log log;
	struct snic_owed_table owed;	/* BECNs owed, fabric ns */
	struct snic_cc_park *park;	/* table.cap, by table slot */
	struct rb_root_cached parked;	/* parked packets, soonest first */
	u32 nparked;			/* ... and loose, for lockless checks */
	struct sk_buff_head loose;	/* parked for DLIDs forgotten: go */
	struct snic_cc_held *held;	/* one per TX queue */
	unsigned long *wake;		/* TX queues to wake: the timer's */
	unsigned int nheld;
	/* TX queues [0, nopen) are open, [nopen, nheld) paced (cc.c) */
	unsigned int nopen;
	struct snic_fclock clock;	/* fabric time of the lower device */
	struct hrtimer timer;
	u64 timer_at;			/* wall ns it is set for, 0: idle */
	bool kicked;			/* ... by the link's room */
	u64 late_ns;			/* EWMA of its lateness, fabric ns */
	struct snic_hist late_hist;	/* its lateness, fabric ns */
};

/* Host SuperNIC: netdev_priv() of a "snic" device. */
struct snic_nic {
	struct net_device *dev;
	/* Fabric-facing lower device: set at newlink, before registration,
	 * and never changed; held from ndo_init to ndo_uninit. Its
	 * NETDEV_UNREGISTER deletes this device first. The lower's
	 * rx_handler data points to this struct.
	 */
	struct net_device *lower;
	netdevice_tracker lower_tracker;
	/* Own LID: written under RTNL, read locklessly by the datapath. */
	u32 lid;
	/* SL -> SC, and SC -> SL its inverse (the lowest SL of an SC):
	 * written under RTNL byte by byte, read locklessly.
	 */
	u8 sl2sc[SNIC_NUM_SL];
	u8 sc2sl[SNIC_NUM_SC];
	struct snic_stats stats;
	struct snic_crx crx;		/* receive side of the lower device */
	struct snic_cc cc;
	/* TX queues stopped until the link's queue has room (nic.c):
	 * atomic bitops.
	 */
	unsigned long link_wait;
	/* The pacer waits for the link's room (bit 0; cc.c, nic.c). */
	unsigned long pace_wait;
	struct ratelimit_state ev_rs;	/* its events (notify.c) */
	bool ev_up;			/* the link state last notified, RTNL */
};

/* ARN at a switch (ar.c has the locking rules). */
#define SNIC_AR_LIFE_DEFAULT	1000000		/* us */
#define SNIC_AR_LIFE_MAX	100000000

#define SNIC_AR_PERIOD_MAX	10000000	/* us */
#define SNIC_AR_REPEAT		3	/* failure notifications sent */
#define SNIC_ARN_TYPE_MAX	4	/* SNIC_ARN_RECOVERED */
#define SNIC_AR_DETECT_QUEUE	0	/* what congests a link */
#define SNIC_AR_DETECT_UTIL	1
#define SNIC_AR_DETECT_BOTH	2

/* Settings, as netlink sets and reads them (has_*: present). */
struct snic_ar_config {
	u32 dlid;
	u16 group, id;
	u32 life_us;
	u32 period_us;
	struct snic_arn_thr thr;
	u32 hold_down_us, flowlet_us;
	u8 algorithm;
	bool lost_route_only;
	u32 slid_min, slid_max;
	u32 refresh_us, repeat, recovery_us, min_gap_us;
	u8 detect;			/* SNIC_AR_DETECT_* */
	struct snic_arn_thr uthr;	/* utilization's */
	u8 detour_sc2sc[SNIC_NUM_SC];
	u8 intm;			/* enum snic_ar_intm */
	bool has_dlid, has_group, has_id, has_life, has_period, has_thr,
	     has_samples, has_hold_down, has_flowlet, has_algorithm,
	     has_lost_route, has_slid, has_refresh, has_repeat,
	     has_recovery, has_min_gap, has_detect, has_uthr, has_usamples,
	     has_detour, has_intm;
};

#define SNIC_AR_BPT_RANGE	4096	/* DLIDs a BPT entry covers, at most */

/* A link a BPT entry depends on, in the switch's link -> entries index. */
struct snic_ar_lnode {
	struct hlist_node node;		/* in ar->lidx (ar->lock) */
	u32 key;
	struct snic_ar_bpt *b;
};

/*
 * A BPT entry: the candidates of a range of DLIDs (one destination group
 * or switch), stored at each DLID of the range and replaced whole under
 * RCU.
 */
struct snic_ar_bpt {
	u32 refs;			/* DLIDs it is stored at (RTNL) */
	u32 dlid, last;			/* the DLIDs it was set for */
	/* Its flow buckets (ent.f): one entry's packets, not the switch's,
	 * serialise on a choice of path.
	 */
	spinlock_t lock;
	/* Constant but the penalties (written under ar->lock, when a link
	 * the entry depends on changes) and ent.f (under lock); both read
	 * locklessly by snic_bpt_peek().
	 */
	struct snic_bpt_ent ent;
	/* jiffies at its last packet, written once a jiffy at most: how
	 * long it was quiet, for a flowlet gap that nothing timed.
	 */
	unsigned long seen;
	u8 nlinks;
	struct snic_ar_lnode ln[SNIC_BPT_CANDS * SNIC_BPT_LINKS];
	struct rcu_head rcu;
};

struct snic_ar {
	/* Settings: written under RTNL, read locklessly. */
	u32 dlid;			/* the group's ARN DLID, 0: off */
	u16 group, id;
	u32 life_us;			/* fabric us, as all its times */
	u32 period_us;			/* monitor, 0: off */
	u32 slid_min, slid_max;
	bool lost_route_only;
	u32 refresh_us;			/* 0: life / 2 */
	u32 repeat;			/* failure/recovery copies */
	u32 recovery_us;		/* 0: two periods */
	u32 min_gap_us;			/* per port and type, 0: none */
	u8 detect;			/* SNIC_AR_DETECT_* */
	u8 detour_sc2sc[SNIC_NUM_SC];	/* SC of a detour's second hop */
	spinlock_t lock;		/* all below, and the entries' penalties */
	struct snic_ar_params p;
	struct snic_arn_thr thr;
	struct snic_arn_thr uthr;	/* utilization's */
	struct snic_arn_links links;
	/* Link key -> the BPT entries that depend on it (their lnodes):
	 * a change of link state re-evaluates those entries only.
	 */
	DECLARE_HASHTABLE(lidx, 8);
	u32 seq;			/* of the ARNs we send */
	bool dead;			/* uninit: never armed again */
	struct snic_fclock clock;	/* fabric time of the switch */
	seqcount_spinlock_t cseq;	/* clock, for readers without lock */
	u32 d;				/* its dilation: the ports' largest */
	struct hrtimer timer;		/* the monitor */
	/* BPT: DLID -> struct snic_ar_bpt. Writers hold RTNL (and the
	 * xarray lock); readers RCU.
	 */
	struct xarray bpt;
	u32 nbpt;			/* DLIDs with an entry (lockless check) */
	u32 nfailed;			/* failed links: ar->lock, lockless read */
	/* A setting (RTNL, read locklessly), beside nfailed: both are read
	 * on a transit packet's path.
	 */
	u8 intm;			/* enum snic_ar_intm */
};

/* ARN state of a switch port (under sw->ar.lock but kind/peer). */
struct snic_port_ar {
	u8 kind;			/* SNIC_AR_PORT_*: RTNL, READ_ONCE */
	u16 peer;
	struct snic_arn_mon mon;	/* of the queue */
	struct snic_arn_mon umon;	/* of the utilization */
	bool cong;			/* congested: by what ar->detect says */
	u64 util_bytes;			/* sent at the last sample */
	u64 util_at;			/* ... its fabric ns, 0: none yet */
	u32 util_ewma;			/* utilization 0..255, << 8 */
	bool failed;			/* carrier lost, not yet recovered */
	u64 up_since;			/* carrier back since, 0: down */
	u64 sent;			/* our last ARN about it */
	u8 repeat;			/* failure/recovery copies to send */
	u8 type;			/* the ARN type they are */
	u8 metric;			/* announced congested: its level */
	u64 last[SNIC_ARN_TYPE_MAX + 1];	/* last event sent, per type */
};

#define SNIC_AR_PORT_NONE	0
#define SNIC_AR_PORT_GLOBAL	1
#define SNIC_AR_PORT_LOCAL	2

struct snic_switch;

/* One switch port: rx_handler_data of the enslaved device. */
struct snic_port {
	struct list_head node;		/* in sw->ports; RCU, RTNL for writers */
	struct snic_switch *sw;
	struct net_device *dev;		/* held while it is a port */
	netdevice_tracker dev_tracker;
	u32 num;			/* port number, 1..SNIC_MAX_PORTS */
	/* SC -> SC on egress: written under RTNL, read locklessly. */
	u8 sc2sc[SNIC_NUM_SC];
	bool sc_remap;			/* sc2sc is not the identity */
	struct snic_stats stats;
	struct snic_crx crx;
	struct snic_port_ar ar;
	struct ratelimit_state ev_rs;	/* its events (notify.c) */
	bool ev_up;			/* the link state last notified, RTNL */
	struct rcu_head rcu;
};

/* One MFT entry. */
struct snic_mft_entry {
	u64 ports;		/* bit n-1 = port n */
	struct rcu_head rcu;
};

/* Congestion control at a switch (sw_cc.c has the rules). */
struct snic_sw_cc {
	spinlock_t lock;		/* log and clock */
	bool marking;			/* written under RTNL, read locklessly */
	struct snic_fclock clock;	/* fabric time of the marking port */
	struct snic_cc_log log;		/* SwitchCongestionLog */
	/* The ports' default marking: RTNL. */
	bool has_def;
	struct sch_snic_cc def;
};

/* Switch: netdev_priv() of a "snicsw" device. */
struct snic_switch {
	struct net_device *dev;
	/* Enslaved ports: the list and port[] change under RTNL only and
	 * are read under RCU by the datapath.
	 */
	struct list_head ports;
	struct snic_port __rcu *port[SNIC_MAX_PORTS + 1];
	/* LFT: DLID -> port number (xa_mk_value). The xarray's own lock
	 * serialises writers (which also hold RTNL); readers use RCU.
	 */
	struct xarray lft;
	/* MFT: multicast DLID - SNIC_LID_MCAST_BASE -> port bitmap; the
	 * bitmaps are RCU-freed, writers hold RTNL and the xarray lock.
	 */
	struct xarray mft;
	u32 lid;			/* written under RTNL */
	/* Frames sent to the switch device itself (dropped). */
	struct snic_stats stats;
	struct snic_ar ar;
	struct snic_sw_cc cc;
	struct ratelimit_state ev_rs;	/* its events (notify.c) */
};

/* main.c */
extern struct rtnl_link_ops snic_nic_link_ops;
extern struct rtnl_link_ops snic_sw_link_ops;

/* nic.c */
bool snic_is_nic(const struct net_device *dev);
int snic_nic_netdev_event(unsigned long event, struct net_device *lower,
			  struct list_head *kill, struct netlink_ext_ack *extack);
int snic_nic_set_lid(struct snic_nic *nic, u32 lid);
/* snic_nic_send()'s flags */
#define SNIC_TX_RELEASED	BIT(0)	/* it waited for its pacing: due */
#define SNIC_TX_NO_WAIT		BIT(1)	/* never stop its queue for the link */
#define SNIC_TX_STOPPED		1	/* its return: the queue waits for room */
int snic_nic_send(struct snic_nic *nic, struct sk_buff *skb,
		  unsigned int flags);
void snic_nic_room(struct net_device *lower);
u8 snic_nic_vl(const struct snic_nic *nic, const struct sk_buff *skb);
void snic_nic_set_sl2sc(struct snic_nic *nic, const u8 *map);
void snic_nic_set_sc2sl(struct snic_nic *nic, const u8 *map);

/* cc.c */
int snic_cc_init(struct snic_cc *cc, struct snic_nic *nic, unsigned int ntxq);
void snic_cc_stop(struct snic_cc *cc);
void snic_cc_free(struct snic_cc *cc);
void snic_cc_flush(struct snic_cc *cc);
void snic_cc_fecn(struct snic_cc *cc, u32 slid, u8 sl);
void snic_cc_becn(struct snic_cc *cc, u32 slid, u8 sl, bool cn);
bool snic_cc_take_becn(struct snic_cc *cc, u32 dlid, u8 sl);
u16 snic_cc_select_queue(struct snic_cc *cc, u32 dlid, u8 sl, u32 hash);
u64 snic_cc_stalls(struct snic_cc *cc, unsigned int q);
/* What snic_cc_hold() did with a packet. */
enum snic_cc_verdict {
	SNIC_CC_SEND,		/* not paced, or due: send it now */
	SNIC_CC_TAKEN,		/* parked, or held as its queue's head */
	SNIC_CC_BUSY,		/* its queue holds a head: requeue it */
};

enum snic_cc_verdict snic_cc_hold(struct snic_cc *cc, struct sk_buff *skb,
				  u32 dlid, u8 sl, unsigned int len,
				  bool *paced);
bool snic_cc_held(struct snic_cc *cc, unsigned int q);
void snic_cc_kick(struct snic_cc *cc);
unsigned int snic_cc_cct_generate(struct snic_cct_entry *cct, u16 limit,
				  u32 max_delay);
int snic_cc_configure(struct snic_cc *cc, const struct snic_cc_config *c);
void snic_cc_read(struct snic_cc *cc, struct snic_cc_config *c, u64 *late,
		  struct snic_hist *hist);
int snic_cc_dump_dlids(struct snic_cc *cc, u32 pos, struct snic_dlid_ent *out,
		       u32 *slot, int n);
bool snic_cc_log_copy(spinlock_t *lock, const struct snic_cc_log *log, u32 i,
		      struct snic_cc_log_ent *out);
bool snic_cc_log_read(struct snic_cc *cc, u32 i, struct snic_cc_log_ent *out);
u32 snic_cc_generation(struct snic_cc *cc, bool log);
u64 snic_cc_ccti_ipd(const struct snic_cc *cc, u16 ccti);
u64 snic_nic_ftime(const struct snic_nic *nic);
u64 snic_cc_ipd(struct snic_cc *cc, const struct snic_dlid_ent *e,
		unsigned int len);

/* sw_cc.c */
void snic_sw_cc_init(struct snic_sw_cc *cc);
bool snic_sw_cc_mark(struct net_device *dev, const struct sk_buff *skb,
		     int hdr);
u64 snic_sw_cc_read(struct snic_sw_cc *cc, bool *marking);
bool snic_sw_cc_default(struct net_device *dev, struct sch_snic_cc *cc);
void snic_sw_cc_cong(struct net_device *dev, int vl, bool congested);
void snic_sw_cc_set_default(struct snic_switch *sw,
			    const struct sch_snic_cc *def);
bool snic_sw_cc_log_read(struct snic_sw_cc *cc, u32 i,
			 struct snic_cc_log_ent *out);

/* switch.c */
struct snic_port *snic_sw_port_of(const struct net_device *dev);
bool snic_is_switch(const struct net_device *dev);
int snic_sw_netdev_event(unsigned long event, struct net_device *dev,
			 struct netlink_ext_ack *extack);
int snic_sw_lft_set(struct snic_switch *sw, u32 dlid, u32 port);
int snic_sw_lft_del(struct snic_switch *sw, u32 dlid);
struct snic_port *snic_sw_port(struct snic_switch *sw, u32 num);
int snic_sw_mft_set(struct snic_switch *sw, u32 mlid, u64 ports);
int snic_sw_mft_del(struct snic_switch *sw, u32 mlid);
void snic_sw_set_sc2sc(struct snic_port *port, const u8 *map);

/* ar.c */
/* Notifications to the events group (notify.c). */
#define SNIC_EV_BURST	100	/* events per device and second */
struct snic_ev;
void snic_ev_limit_init(struct ratelimit_state *rs);
bool snic_ev_wanted(struct net_device *dev);
struct snic_ev *snic_ev_new(struct net_device *dev, struct ratelimit_state *rs,
			    struct snic_stats *stats, u32 type, u64 ftime);
void snic_ev_put(struct snic_ev *e, int attr, u64 v);
void snic_ev_queue(struct snic_ev *e, struct snic_stats *stats);
void snic_ev_start(void);
void snic_ev_stop(void);
void snic_ev_link(struct net_device *dev, struct ratelimit_state *rs,
		  struct snic_stats *stats, bool *last, bool up, u32 lid,
		  u32 port, u64 ftime);

void snic_ar_init(struct snic_ar *ar);
u64 snic_sw_ftime(struct snic_switch *sw);
void snic_ar_stop(struct snic_ar *ar);
void snic_ar_free(struct snic_ar *ar);
u32 snic_ar_route(struct snic_switch *sw, struct snic_port *in,
		  const struct sk_buff *skb, const struct snic_16b *h,
		  u32 lft_port, bool *detour);
void snic_ar_port_event(struct snic_switch *sw, struct snic_port *port);
int snic_ar_port_set(struct snic_switch *sw, struct snic_port *port, u8 kind,
		     u16 peer);
int snic_ar_bpt_set(struct snic_switch *sw, u32 dlid, u32 last,
		    const struct snic_bpt_cand *c, int n);
int snic_ar_bpt_dump(struct snic_ar *ar, unsigned long *pos, u32 *dlid,
		     u32 *last, struct snic_bpt_ent *out, int n);
void snic_ar_rx(struct snic_switch *sw, struct snic_port *in,
		struct sk_buff *skb, const struct snic_16b *h, size_t payload);
void snic_ar_configure(struct snic_switch *sw, const struct snic_ar_config *c);
void snic_ar_read(struct snic_ar *ar, struct snic_ar_config *c);

/* A port's monitor and failure state, as port dumps show it. */
struct snic_ar_port_state {
	struct snic_arn_mon mon;
	u8 util;			/* the utilization's EWMA, 0..255 */
	bool cong;
	bool failed;
	u32 up_us;			/* fabric us back up, while failed */
};

void snic_ar_port_read(struct snic_switch *sw, struct snic_port *port,
		       struct snic_ar_port_state *st);
int snic_ar_dump_links(struct snic_ar *ar, u32 pos, struct snic_arn_link *out,
		       u32 *slot, u64 *left, int n);

/* crx.c */
int snic_crx_init(struct snic_crx *crx, struct net_device *dev,
		  struct snic_stats *stats, bool holds);
void snic_crx_stop(struct snic_crx *crx);
void snic_crx_configure(struct snic_crx *crx, const u16 *buf, u32 period_us,
			const u32 *drop);
void snic_crx_read(struct snic_crx *crx, u16 *buf, u32 *used, u32 *period);
void snic_crx_link_reset(struct snic_crx *crx);
bool snic_crx_fits(struct snic_crx *crx, unsigned int mtu);

/* The credits a VL buffer needs at least: one frame of @mtu. */
static inline u32 snic_crx_least(unsigned int mtu)
{
	return snic_credit_blocks(mtu + ETH_HLEN);
}

void snic_crx_rx(struct snic_crx *crx, u8 sc, u8 epoch, unsigned int len);
void snic_crx_rx_switched(struct snic_crx *crx, struct sk_buff *skb, u8 sc,
			  u8 epoch, unsigned int len);
void snic_crx_rx_done(struct sk_buff *skb);
void snic_crx_frame(struct snic_crx *crx, struct sk_buff *skb);
void snic_crx_register(void);
void snic_crx_unregister(void);

/* wire.c */
int snic_encap(struct sk_buff *skb, struct net_device *lower,
	       struct snic_16b *h);
int snic_16b_csum(struct sk_buff *skb, const struct net_device *dev);
enum snic_stat snic_16b_rx(struct sk_buff *skb, struct snic_16b *h,
			   size_t *payload_len);

/* stats.c */
int snic_stats_init(struct snic_stats *s);
void snic_stats_free(struct snic_stats *s);
void snic_stats_add(struct snic_stats *s, enum snic_stat idx, u64 val);
void snic_stats_read(const struct snic_stats *s, u64 *out);
void snic_stats_to_link(const u64 *ctr, struct rtnl_link_stats64 *st);
void snic_dev_stats(struct net_device *dev, u64 *ctr);
void snic_dev_get_stats64(struct net_device *dev,
			  struct rtnl_link_stats64 *st);
extern const struct ethtool_ops snic_ethtool_ops;

static inline void snic_count(struct snic_stats *s, enum snic_stat idx)
{
	snic_stats_add(s, idx, 1);
}

/* netlink.c */
int snic_genl_init(void);
void snic_genl_exit(void);
void snic_cfg_changed(void);

static inline bool snic_lid_is_ucast(u32 lid)
{
	return lid && lid <= SNIC_LID_UCAST_MAX;
}

static inline bool snic_lid_is_mcast(u32 lid)
{
	return lid >= SNIC_LID_MCAST_BASE && lid <= SNIC_LID_MCAST_MAX;
}

#endif /* _SNIC_H */
