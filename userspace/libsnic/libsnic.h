/* SPDX-License-Identifier: GPL-2.0 */
/*
 * libsnic: the snic generic netlink family (version 2), typed. The one
 * client library of the family: snicctl's commands and its fabric manager
 * both call it, nobody formats command lines to drive the kernel.
 *
 * Every call returns 0 or -errno. On a refusal the library keeps the
 * kernel's extended-ack message (snic_err_msg()) and, unless
 * snic_set_quiet(true), prints "Error: WHAT: strerror (errno N): MSG" to
 * stderr, as the rest of snicctl does.
 *
 * Settings are "cfg" structs whose has_* flags say which fields a request
 * carries; what a request leaves out keeps its value in the kernel. Dumps
 * call back once per object with a parsed "info" struct, valid for the
 * call only; a callback's negative return ends the calls and is the
 * call's return (0 or a positive one goes on). The contract (attributes, ranges, docs) is
 * Documentation/netlink/specs/snic.yaml; the attribute and command numbers
 * are include/uapi/linux/snic.h, generated from it.
 */
#ifndef _LIBSNIC_H
#define _LIBSNIC_H

#include <stdbool.h>
#include <stdint.h>
#include <linux/snic.h>
#include <linux/snic_wire.h>

struct nl_msg;
struct nlattr;

/* --- the socket and raw requests ------------------------------------ */

/* Opened on first use; exits with a message when snic.ko is not loaded. */
int snic_open(void);
void snic_set_quiet(bool quiet);
/* The kernel's extack message of the last refused request ("" if none). */
const char *snic_err_msg(void);

/* A request of @cmd (dump: NLM_F_DUMP) to add attributes to. */
struct nl_msg *snic_msg_new(uint8_t cmd, bool dump);
/*
 * Send @msg (consumed), wait for the whole answer (an interrupted dump is
 * asked for again), then call @cb per reply message (a negative return
 * ends the calls and is returned). @what names the request in error
 * messages.
 */
int snic_msg_run(struct nl_msg *msg, int (*cb)(struct nl_msg *, void *),
		 void *arg, const char *what);
/* The same over a NETLINK_ROUTE socket (qdiscs). */
int snic_route_run(struct nl_msg *msg, int (*cb)(struct nl_msg *, void *),
		   void *arg, const char *what);

/* --- objects ---------------------------------------------------------- */

struct snic_credit_cfg {
	bool has_buf, has_period, has_drop;
	uint16_t buf[SNIC_NUM_VLS];	/* 64-byte credits, 0: no flow control */
	uint32_t period_us;
	uint32_t drop;
};

struct snic_credit_info {
	bool valid;
	uint16_t buf[SNIC_NUM_VLS];
	uint32_t used[SNIC_NUM_VLS];
	uint32_t period_us;
};

struct snic_cct_ent {
	uint8_t shift;			/* 0..3 */
	uint16_t mult;			/* 0..0x3fff */
};

#define SNIC_CCT_MAX	1984

/* One SL's settings (an sl-setting nest); has_* say which are sent. */
struct snic_cc_sl {
	uint32_t sl;
	bool has_increase, has_timer, has_trigger, has_min;
	uint32_t increase, timer, trigger, min;
};

struct snic_cc_cfg {
	bool has_pacing, has_increase, has_timer, has_trigger, has_min,
	     has_limit, has_max_tracked, has_window, has_max_delay;
	uint32_t pacing, increase, timer, trigger, min, limit, max_tracked,
		 window_ns, max_delay;
	int cct_len;			/* 0: keep the table */
	const struct snic_cct_ent *cct;
	int nsl;			/* sl[0..nsl), after the port-wide */
	struct snic_cc_sl sl[SNIC_NUM_SL];
};

#define SNIC_CC_STOPPED_MAX	64

struct snic_cc_info {
	bool valid;
	uint32_t pacing, increase, timer, trigger, min, limit, max_tracked,
		 window_ns, tracked, max_delay, cct_len, parked;
	uint64_t late_ns, late_n, late_p50, late_p99, late_max;
	bool has_sl;			/* sl[n] is SL n's */
	struct snic_cc_sl sl[SNIC_NUM_SL];
	/* The TX queues stopped now, the first SNIC_CC_STOPPED_MAX of them
	 * (nstopped counts them all).
	 */
	uint32_t nstopped;
	uint64_t stopped[SNIC_CC_STOPPED_MAX];
};

struct snic_ar_cfg {
	bool has_dlid, has_group, has_switch, has_life, has_period,
	     has_set_level, has_clear_level, has_set_samples,
	     has_clear_samples, has_hold_down, has_flowlet, has_algorithm,
	     has_lost_route_only, has_slids;
	uint32_t dlid, group, sw, life_us, period_us;
	uint32_t set_level, clear_level, set_samples, clear_samples;
	uint32_t hold_down_us, flowlet_us, algorithm, lost_route_only;
	uint32_t slid_min, slid_max;
	bool has_refresh, has_repeat, has_recovery, has_min_gap, has_detect,
	     has_util_thr, has_util_samples;
	uint32_t refresh_us, repeat, recovery_us, min_gap_us, detect;
	uint32_t util_set_level, util_clear_level, util_set_samples,
		 util_clear_samples;
	bool has_detour_sc2sc;
	uint8_t detour_sc2sc[SNIC_NUM_SC];
	bool has_intm;
	uint32_t intm;			/* enum snic_ar_intm */
};

struct snic_ar_info {
	bool valid;
	uint32_t dlid, group, sw, life_us, period_us;
	uint32_t set_level, clear_level, set_samples, clear_samples;
	uint32_t hold_down_us, flowlet_us, algorithm, lost_route_only;
	uint32_t slid_min, slid_max;
	uint32_t refresh_us, repeat, recovery_us, min_gap_us, detect;
	uint32_t util_set_level, util_clear_level, util_set_samples,
		 util_clear_samples;
	bool has_detour_sc2sc;
	uint8_t detour_sc2sc[SNIC_NUM_SC];
	uint32_t intm;			/* enum snic_ar_intm */
};

/* A switch's congestion control (the sw-cc nest): its marking switch,
 * and its ports' default marking (port_*, per VL).
 */
struct snic_sw_cc_cfg {
	bool has_marking, has_port_thr, has_port_buf, has_port_pkt,
	     has_port_rate, has_port_victim;
	uint32_t marking, port_buf, port_victim;
	uint8_t port_thr[SNIC_NUM_VLS];
	uint16_t port_pkt[SNIC_NUM_VLS], port_rate[SNIC_NUM_VLS];
};

struct snic_sw_cc_info {
	bool valid;
	uint32_t marking;
	uint64_t log_entries;
	bool has_port;			/* a default is set: port_* */
	uint32_t port_buf, port_victim;
	uint8_t port_thr[SNIC_NUM_VLS];
	uint16_t port_pkt[SNIC_NUM_VLS], port_rate[SNIC_NUM_VLS];
};

struct snic_dev_cfg {
	bool has_lid, has_sl2sc, has_sc2sl;
	uint32_t lid;
	uint8_t sl2sc[SNIC_NUM_SL];
	uint8_t sc2sl[SNIC_NUM_SC];
};

/* A device (dev-get). Counters: stats[SNIC_STAT_*], has_stats. */
struct snic_dev_info {
	uint32_t ifindex;
	char ifname[16];
	uint32_t kind;			/* SNIC_KIND_* */
	uint32_t lid;
	uint32_t link_ifindex;		/* a NIC's lower device */
	bool has_sl2sc, has_sc2sl;
	uint8_t sl2sc[SNIC_NUM_SL];
	uint8_t sc2sl[SNIC_NUM_SC];
	struct snic_credit_info credit;	/* a NIC's */
	struct snic_cc_info cc;		/* a NIC's */
	struct snic_ar_info ar;		/* a switch's */
	struct snic_sw_cc_info sw_cc;	/* a switch's */
	bool has_stats;
	uint64_t stats[SNIC_STAT_MAX + 1];
};

struct snic_port_cfg {
	uint32_t num;			/* required */
	bool has_sc2sc, has_ar;
	uint8_t sc2sc[SNIC_NUM_SC];
	uint32_t ar_kind, ar_peer;	/* SNIC_AR_PORT_KIND_*, with has_ar */
	const struct snic_credit_cfg *credit;	/* NULL: none */
};

struct snic_port_info {
	uint32_t sw_ifindex;
	uint32_t num, ifindex;
	char ifname[16];
	uint8_t sc2sc[SNIC_NUM_SC];
	struct snic_credit_info credit;
	uint32_t ar_kind, ar_peer;
	uint32_t ar_level;		/* the AR monitor's last sample */
	uint32_t ar_congested, ar_above, ar_below;	/* its state */
	uint32_t ar_util;		/* its utilization, 0..255 */
	uint32_t ar_failed, ar_up_us;	/* carrier lost; back since */
	bool has_stats;
	uint64_t stats[SNIC_STAT_MAX + 1];
};

struct snic_bpt_cand {
	uint32_t port, cost;
	bool global;
	bool detour;			/* an in-group detour (SC step) */
	uint32_t link[2];		/* link keys (snic_wire.h), 0: none */
	uint32_t penalty;		/* replies: 0xffffffff excluded */
};

struct snic_bpt_info {
	uint32_t dlid, last;		/* the DLIDs it covers */
	int n;
	struct snic_bpt_cand cand[8];	/* the kernel's SNIC_BPT_CANDS */
	uint32_t cur;
	uint8_t flows[16];		/* each flow bucket's candidate, 255 */
};

struct snic_cc_dlid_info {
	uint32_t dlid, sl, ccti;
	uint64_t ipd, becn, paced, early;
	bool has_becn_age;
	uint64_t becn_first_age, becn_last_age;
};

/* A NIC's entry (sl, ccti) or a switch's (slid, sc, port; is_switch). */
struct snic_cc_log_info {
	uint64_t time;
	uint32_t dlid, sl, ccti;
	bool is_switch;
	uint32_t slid, sc, port;
};

struct snic_ar_link_info {
	bool global;
	uint32_t sw, peer, index, state, metric;
	uint64_t expires_us;
};

/* Devices: one (ifindex), or every snic and snicsw of the netns (0). */
int snic_dev_get(uint32_t ifindex,
		 int (*cb)(const struct snic_dev_info *, void *), void *arg);
/* Any of the five may be NULL; at least one is given. */
int snic_dev_set(uint32_t ifindex, const struct snic_dev_cfg *dev,
		 const struct snic_credit_cfg *credit,
		 const struct snic_cc_cfg *cc, const struct snic_ar_cfg *ar,
		 const struct snic_sw_cc_cfg *sw_cc);
int snic_dev_set_lid(uint32_t ifindex, uint32_t lid);

int snic_port_get(uint32_t sw,
		  int (*cb)(const struct snic_port_info *, void *), void *arg);
int snic_port_set(uint32_t sw, const struct snic_port_cfg *port);

int snic_lft_get(uint32_t sw, int (*cb)(uint32_t dlid, uint32_t port, void *),
		 void *arg);
int snic_lft_set(uint32_t sw, uint32_t dlid, uint32_t port);
int snic_lft_del(uint32_t sw, uint32_t dlid);

int snic_mft_get(uint32_t sw,
		 int (*cb)(uint32_t mlid, uint64_t ports, void *), void *arg);
int snic_mft_set(uint32_t sw, uint32_t mlid, uint64_t ports);
int snic_mft_del(uint32_t sw, uint32_t mlid);

int snic_bpt_get(uint32_t sw,
		 int (*cb)(const struct snic_bpt_info *, void *), void *arg);
/* n == 0 deletes the entry. */
/* DLIDs @dlid..@last (@last = @dlid: one); @n 0 deletes them. */
int snic_bpt_set(uint32_t sw, uint32_t dlid, uint32_t last,
		 const struct snic_bpt_cand *c, int n);

int snic_cc_dlid_get(uint32_t nic,
		     int (*cb)(const struct snic_cc_dlid_info *, void *),
		     void *arg);
int snic_cc_log_get(uint32_t nic,
		    int (*cb)(const struct snic_cc_log_info *, void *),
		    void *arg);
int snic_ar_link_get(uint32_t sw,
		     int (*cb)(const struct snic_ar_link_info *, void *),
		     void *arg);

/* --- events (the events group) --------------------------------------- */

/*
 * One event-ntf: the device it is about and the attributes of its event
 * nest, each as a number (u32, u64; an s32 as its u32 bits; a flag as 1),
 * present when has & (1 << SNIC_A_EVENT_*).
 */
struct snic_event_info {
	uint32_t ifindex;
	char ifname[16];
	uint64_t has;
	uint64_t v[SNIC_A_EVENT_MAX + 1];
};

/*
 * Listen to the events group of the current network namespace and call
 * @cb per event, until it returns a negative value (returned) or after
 * @count events (0: no end); -errno if the group cannot be joined. Events
 * the socket could not hold (ENOBUFS) are said on stderr and skipped.
 * @ready, unless NULL, is called once the socket listens.
 */
int snic_events(int (*cb)(const struct snic_event_info *, void *), void *arg,
		unsigned long count, void (*ready)(void *), void *ready_arg);

/* Counter names: the ethtool -S strings (core/stat_list.h); NULL: none. */
const char *snic_stat_name(int id);

/*
 * Table-driven access to the scalar (u32, u64) attributes of the settings
 * nests, for tools with one table row per option: @nest is SNIC_A_DEV,
 * SNIC_A_CREDIT, SNIC_A_CC, SNIC_A_AR, SNIC_A_SW_CC or SNIC_A_PORT, @attr an attribute
 * of it. snic_cfg_set() stores @val in the field of @cfg (that nest's cfg
 * struct: struct snic_dev_cfg, snic_credit_cfg, snic_cc_cfg, snic_ar_cfg,
 * snic_port_cfg) and sets its has_* flag; snic_info_get() reads it from
 * @info (struct snic_dev_info, snic_credit_info, snic_cc_info,
 * snic_ar_info, snic_port_info). -ENOENT: @attr is not a scalar field of
 * that struct (binary and nested attributes have their own fields).
 */
int snic_cfg_set(void *cfg, int nest, int attr, uint64_t val);
int snic_info_get(const void *info, int nest, int attr, uint64_t *val);

#endif /* _LIBSNIC_H */
