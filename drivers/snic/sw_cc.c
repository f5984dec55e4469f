// SPDX-License-Identifier: GPL-2.0
/*
 * Congestion control at a switch: the switch-wide marking switch and the
 * switch congestion log.
 *
 * The marking itself is each port's sch_snic's (drivers/sch_snic: per-VL
 * thresholds, packet size and marking rate, victims: the port's
 * SwitchPortCongestionSetting, set with tc). Before a port's sch_snic
 * sets FECN on a packet it asks snic.ko (the mark hook):
 *
 *   - with the switch's marking off (sw-cc marking 0: congestion control
 *     off for the whole switch in one setting, as SwitchCongestionSetting
 *     with no port in its Control_Map) the packet leaves unmarked, counted
 *     in the port's cc_mark_off;
 *   - else it is marked, and written to the switch congestion log
 *     (SwitchCongestionLog: the last 96 marked packets, each its SLID,
 *     DLID, SC and time in fabric ns, and here the egress port too),
 *     counted in the port's cc_log_entries.
 *
 * The switch's default port marking (sw-cc port-*): set, it goes to
 * every port's sch_snic at once (sch_snic_cc_apply()) and to each port
 * that joins later, or whose sch_snic is made later (sch_snic's
 * cc_default hook); a port's own tc settings afterwards override it for
 * that port. One setting for the whole switch, as the fabric manager's
 * SwitchCongestionSetting is.
 *
 * Time: the log's clock runs at the marking port's time dilation (every
 * port of a switch normally has the fabric's), rebased when it changes.
 *
 * Locking: cc->lock (BH: the hook runs in a port's dequeue, under its
 * qdisc root lock, ports in parallel) protects the log and its clock;
 * cc->marking is written under RTNL and read locklessly.
 */
#include <snic/sch_snic.h>

#include "snic.h"

void snic_sw_cc_init(struct snic_sw_cc *cc)
{
	spin_lock_init(&cc->lock);
	cc->marking = true;
}

/* sch_snic's mark hook: may @dev, a port, set FECN on @skb? */
bool snic_sw_cc_mark(struct net_device *dev, const struct sk_buff *skb,
		     int hdr)
{
	struct snic_cc_log_ent *e;
	struct snic_port *port;
	struct snic_sw_cc *cc;
	struct snic_16b h;
	u64 rate;
	u32 d;

	port = snic_sw_port_of(dev);
	if (!port)
		return true;	/* a NIC's link: not the switch's to say */
	cc = &port->sw->cc;
	if (!READ_ONCE(cc->marking)) {
		snic_count(&port->stats, SNIC_STAT_CC_MARK_OFF);
		return false;
	}
	if (hdr < 0 || skb_headlen(skb) < hdr + SNIC_16B_HDR_LEN)
		return true;
	snic_16b_decode(skb->data + hdr, &h);
	sch_snic_link_time(dev, &rate, &d);
	spin_lock_bh(&cc->lock);
	e = snic_cc_log_next(&cc->log);
	e->time = snic_fclock_now(&cc->clock, ktime_get_ns(), d);
	e->slid = h.slid;
	e->dlid = h.dlid;
	e->sc = h.sc;
	e->port = port->num;
	spin_unlock_bh(&cc->lock);
	snic_count(&port->stats, SNIC_STAT_CC_LOG_ENTRIES);
	return true;
}

/*
 * sch_snic's cong hook: a VL of @dev, a port, changed state: an event, in
 * the switch's fabric time (as its ARN and path events).
 */
void snic_sw_cc_cong(struct net_device *dev, int vl, bool congested)
{
	struct snic_port *port = snic_sw_port_of(dev);
	struct snic_ev *e;

	if (!port)
		return;
	e = snic_ev_new(dev, &port->ev_rs, &port->stats,
			congested ? SNIC_EVENT_TYPE_VL_CONGESTED :
				    SNIC_EVENT_TYPE_VL_UNCONGESTED,
			snic_sw_ftime(port->sw));
	if (!e)
		return;
	snic_ev_put(e, SNIC_A_EVENT_LID, READ_ONCE(port->sw->lid));
	snic_ev_put(e, SNIC_A_EVENT_PORT, port->num);
	snic_ev_put(e, SNIC_A_EVENT_VL, vl);
	snic_ev_queue(e, &port->stats);
}

/* sch_snic's cc_default hook: the default of @dev's switch, if any. */
bool snic_sw_cc_default(struct net_device *dev, struct sch_snic_cc *cc)
{
	struct snic_port *port = snic_sw_port_of(dev);

	if (!port || !port->sw->cc.has_def)
		return false;
	*cc = port->sw->cc.def;
	return true;
}

/* A new default for @sw's ports, given to every port now. RTNL. */
void snic_sw_cc_set_default(struct snic_switch *sw,
			    const struct sch_snic_cc *def)
{
	struct snic_port *port;

	ASSERT_RTNL();
	sw->cc.def = *def;
	sw->cc.has_def = true;
	list_for_each_entry(port, &sw->ports, node)
		sch_snic_cc_apply(port->dev, def);
}

/* Entries ever logged; *@marking: the switch's setting. */
u64 snic_sw_cc_read(struct snic_sw_cc *cc, bool *marking)
{
	u64 n;

	spin_lock_bh(&cc->lock);
	n = cc->log.total;
	spin_unlock_bh(&cc->lock);
	*marking = READ_ONCE(cc->marking);
	return n;
}

/* The log's @i-th newest entry into @out; false past the end. */
bool snic_sw_cc_log_read(struct snic_sw_cc *cc, u32 i,
			 struct snic_cc_log_ent *out)
{
	return snic_cc_log_copy(&cc->lock, &cc->log, i, out);
}
