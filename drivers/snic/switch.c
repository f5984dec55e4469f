// SPDX-License-Identifier: GPL-2.0
/*
 * The switch: rtnl kind "snicsw". Ports are Ethernet devices enslaved with
 * "ip link set pN master sw0"; each gets the lowest free port number
 * (1..SNIC_MAX_PORTS). An rx_handler on every port validates 16B packets
 * and forwards them by DLID:
 *
 *   unicast DLID    -> LFT (DLID -> port number), programmed over netlink;
 *                      no entry, or an entry naming an absent port or the
 *                      ingress port, is a counted drop
 *   multicast DLID  -> the ports of its MFT entry (a spanning tree the
 *                      fabric manager programs), never the ingress port;
 *                      no entry is a counted drop
 *   the switch LID  -> management packets are consumed, anything else
 *                      dropped
 *
 * Frames leave through dev_queue_xmit() on the egress port, so the port's
 * qdisc (sch_snic) sees them. Counters are per port; the switch device's
 * own counters are their sums.
 */
#include <linux/if_arp.h>
#include <net/rtnetlink.h>

#include <snic/sch_snic.h>

#include "snic.h"

static rx_handler_result_t snic_sw_rx(struct sk_buff **pskb);

bool snic_is_switch(const struct net_device *dev)
{
	return dev->rtnl_link_ops == &snic_sw_link_ops;
}

/* The switch port of @dev, or NULL. RCU (BH) or RTNL. */
struct snic_port *snic_sw_port_of(const struct net_device *dev)
{
	if (rcu_access_pointer(dev->rx_handler) != snic_sw_rx)
		return NULL;
	return rcu_dereference_rtnl(dev->rx_handler_data);
}

/* Rewrite the SC of the 16B header at skb->data + ETH_HLEN by @map. */
static int snic_sw_remap_sc(const u8 *map, struct sk_buff *skb)
{
	u8 *w1;
	u8 sc;

	if (skb_ensure_writable(skb, SNIC_ENCAP_HLEN))
		return -ENOMEM;
	w1 = skb->data + ETH_HLEN + 4;
	/* word 1 bits 24:20: byte 2 bits 7:4 and byte 3 bit 0 */
	sc = (w1[2] >> 4) | (w1[3] & 1) << 4;
	sc = READ_ONCE(map[sc]);
	w1[2] = (w1[2] & 0x0f) | (sc & 0xf) << 4;
	w1[3] = (w1[3] & 0xfe) | sc >> 4;
	return 0;
}

/* Set or clear SNIC_RC_DETOUR in the 16B header at skb->data + ETH_HLEN. */
static int snic_sw_detour_mark(struct sk_buff *skb, bool set)
{
	u8 *w1;

	if (skb_ensure_writable(skb, SNIC_ENCAP_HLEN))
		return -ENOMEM;
	w1 = skb->data + ETH_HLEN + 4;
	/* word 1 bits 27:25: byte 3 bits 3:1 */
	if (set)
		w1[3] |= SNIC_RC_DETOUR << 1;
	else
		w1[3] &= ~(SNIC_RC_DETOUR << 1);
	return 0;
}

/* Send @skb out of @out. */
static void snic_sw_xmit(struct snic_port *out, struct sk_buff *skb,
			 unsigned int len)
{
	int err;

	if (unlikely(!netif_running(out->dev) || !netif_carrier_ok(out->dev))) {
		/* A down port: dev_queue_xmit() would drop it uncounted. */
		snic_count(&out->stats, SNIC_STAT_FWD_DROP_EGRESS);
		kfree_skb(skb);
		return;
	}
	if (READ_ONCE(out->sc_remap) && snic_sw_remap_sc(out->sc2sc, skb)) {
		snic_count(&out->stats, SNIC_STAT_FWD_DROP_NOMEM);
		kfree_skb(skb);
		return;
	}
	/* A port that cannot finish a checksum the sender left to it. */
	if (unlikely(snic_16b_csum(skb, out->dev))) {
		snic_count(&out->stats, SNIC_STAT_FWD_DROP_NOMEM);
		kfree_skb(skb);
		return;
	}

	skb->dev = out->dev;
	/* The SC, RC and FECN bits changed on the way: a checksum over the
	 * frame that came in is stale (as the bridge forwards).
	 */
	skb_forward_csum(skb);
	/* net_xmit_eval() evaluates its argument twice: never inline it. */
	err = dev_queue_xmit(skb);
	/* NET_XMIT_CN is no error (net_xmit_eval()): a qdisc of the
	 * user's took it, or dropped it and counts that itself. Only the
	 * noop qdisc of a port that is down, or not yet active again as
	 * it comes up, drops and says CN without a count of its own on
	 * 6.1 (sch_snic_cn_dropped()).
	 */
	if (likely(sch_snic_xmit_taken(out->dev, err))) {
		snic_count(&out->stats, SNIC_STAT_TX_PACKETS);
		snic_stats_add(&out->stats, SNIC_STAT_TX_BYTES, len);
		return;
	}
	/* A qdisc drop: sch_snic's (its VL queue full, the ingress
	 * buffer overrun, a frame outside the credit count), or noop's
	 * while the port is not active, or a deactivated qdisc's.
	 */
	snic_count(&out->stats, SNIC_STAT_FWD_DROP_QDISC);
}

/* Copies to every port of @ports but @in; the last one gets @skb. */
static void snic_sw_flood(struct snic_switch *sw, struct snic_port *in,
			  struct sk_buff *skb, u64 ports)
{
	struct snic_port *port, *prev = NULL;
	unsigned int len = skb->len;
	struct sk_buff *copy;

	list_for_each_entry_rcu(port, &sw->ports, node) {
		if (port == in || !(ports & BIT_ULL(port->num - 1)))
			continue;
		if (prev) {
			copy = skb_clone(skb, GFP_ATOMIC);
			if (copy) {
				snic_count(&in->stats,
					   SNIC_STAT_FWD_FLOOD_COPIES);
				snic_sw_xmit(prev, copy, len);
			} else {
				snic_count(&in->stats,
					   SNIC_STAT_FWD_DROP_NOMEM);
			}
		}
		prev = port;
	}
	if (prev) {
		snic_count(&in->stats, SNIC_STAT_FWD_FLOOD_COPIES);
		snic_sw_xmit(prev, skb, len);
	} else {
		consume_skb(skb);
	}
}

static rx_handler_result_t snic_sw_rx(struct sk_buff **pskb)
{
	struct sk_buff *skb = *pskb;
	struct snic_port *in, *out;
	struct snic_switch *sw;
	enum snic_stat why;
	bool detour = false;
	unsigned int len;
	struct snic_16b h;
	size_t payload;
	void *entry;
	int err;

	if (skb->protocol == htons(ETH_P_SNIC_CREDIT)) {
		in = rcu_dereference(skb->dev->rx_handler_data);
		snic_crx_frame(&in->crx, skb);
		return RX_HANDLER_CONSUMED;
	}
	if (skb->protocol != htons(ETH_P_SNIC))
		return RX_HANDLER_PASS;
	in = rcu_dereference(skb->dev->rx_handler_data);
	sw = in->sw;

	skb = skb_share_check(skb, GFP_ATOMIC);
	if (!skb)
		return RX_HANDLER_CONSUMED;
	*pskb = skb;

	why = snic_16b_rx(skb, &h, &payload);
	if (why)
		goto drop_bad;
	/* Its length as it is forwarded, link padding (a frame longer than
	 * its LEN, an FCS kept by rx-fcs) trimmed: what it holds of this
	 * ingress's buffer, and what its release gives back.
	 */
	len = skb->len + ETH_HLEN;
	/* Only a unicast packet that leaves through a port holds credits
	 * of this ingress; the rest leave its buffer now.
	 */
	skb->priority = 0;
	if (h.l4 != SNIC_L4_ETH && h.l4 != SNIC_L4_MGMT) {
		why = SNIC_STAT_RX_DROP_UNKNOWN_L4;
		goto drop;
	}
	snic_count(&in->stats, SNIC_STAT_RX_PACKETS);
	snic_stats_add(&in->stats, SNIC_STAT_RX_BYTES, skb->len + ETH_HLEN);

	/* An ARN to our group: consumed here (and relayed, ar.c). */
	if (h.l4 == SNIC_L4_MGMT && h.dlid &&
	    h.dlid == READ_ONCE(sw->ar.dlid)) {
		snic_crx_rx(&in->crx, h.sc, h.le, len);
		snic_ar_rx(sw, in, skb, &h, payload);
		return RX_HANDLER_CONSUMED;
	}
	if (h.dlid == READ_ONCE(sw->lid)) {
		if (h.l4 != SNIC_L4_MGMT) {
			why = SNIC_STAT_RX_DROP_BAD_DLID;
			goto drop;
		}
		snic_count(&in->stats, SNIC_STAT_RX_MGMT);
		snic_crx_rx(&in->crx, h.sc, h.le, len);
		consume_skb(skb);
		return RX_HANDLER_CONSUMED;
	}

	/* Forward the frame as it came, outer Ethernet header included. */
	skb_push(skb, ETH_HLEN);
	if (snic_lid_is_mcast(h.dlid)) {
		struct snic_mft_entry *m;

		m = xa_load(&sw->mft, h.dlid - SNIC_LID_MCAST_BASE);
		if (!m) {
			why = SNIC_STAT_FWD_DROP_NO_ROUTE;
			goto drop;
		}
		/* (A detour's mark means nothing here.) */
		if (unlikely(h.rc & SNIC_RC_DETOUR) &&
		    snic_sw_detour_mark(skb, false)) {
			why = SNIC_STAT_FWD_DROP_NOMEM;
			goto drop;
		}
		snic_crx_rx(&in->crx, h.sc, h.le, len);
		snic_sw_flood(sw, in, skb, READ_ONCE(m->ports));
		return RX_HANDLER_CONSUMED;
	}
	if (!snic_lid_is_ucast(h.dlid)) {
		why = SNIC_STAT_RX_DROP_BAD_DLID;
		goto drop;
	}
	entry = xa_load(&sw->lft, h.dlid);
	out = NULL;
	if (entry) {
		u32 num = snic_ar_route(sw, in, skb, &h,
					 xa_to_value(entry), &detour);

		out = num <= SNIC_MAX_PORTS ? rcu_dereference(sw->port[num]) :
					      NULL;
	}
	if (!out) {
		why = SNIC_STAT_FWD_DROP_NO_ROUTE;
		goto drop;
	}
	if (out == in) {
		why = SNIC_STAT_FWD_DROP_LOOP;
		goto drop;
	}
	/* In-group detours: the first hop keeps the SC and marks the
	 * packet; the next switch steps a marked packet's SC up
	 * (ar_detour_sc2sc) and clears the mark, so the second local hop
	 * holds a buffer of a higher VL than the first (ar.c). A mark from
	 * a host or a global link is cleared with no step (on multicast,
	 * above).
	 */
	if (unlikely(detour || (h.rc & SNIC_RC_DETOUR))) {
		err = 0;
		if ((h.rc & SNIC_RC_DETOUR) &&
		    READ_ONCE(in->ar.kind) == SNIC_AR_PORT_LOCAL)
			err = snic_sw_remap_sc(sw->ar.detour_sc2sc, skb);
		if (!err)
			err = snic_sw_detour_mark(skb, detour);
		if (err) {
			why = SNIC_STAT_FWD_DROP_NOMEM;
			goto drop;
		}
		if (detour)
			snic_count(&in->stats, SNIC_STAT_AR_DETOUR);
	}
	if (unlikely(!netif_running(out->dev) || !netif_carrier_ok(out->dev))) {
		why = SNIC_STAT_FWD_DROP_EGRESS;
		goto drop;
	}
	/* The egress sch_snic holds the buffer space (its hooks); without
	 * one, it is free at once.
	 */
	if (sch_snic_attached(out->dev)) {
		snic_crx_rx_switched(&in->crx, skb, h.sc, h.le, len);
		snic_sw_xmit(out, skb, len);
		snic_crx_rx_done(skb);
	} else {
		snic_crx_rx(&in->crx, h.sc, h.le, len);
		snic_sw_xmit(out, skb, len);
	}
	return RX_HANDLER_CONSUMED;

drop:
	snic_crx_rx(&in->crx, h.sc, h.le, len);
drop_bad:
	snic_count(&in->stats, why);
	kfree_skb(skb);
	return RX_HANDLER_CONSUMED;
}

int snic_sw_lft_set(struct snic_switch *sw, u32 dlid, u32 port)
{
	int err;

	err = xa_err(xa_store(&sw->lft, dlid, xa_mk_value(port), GFP_KERNEL));
	if (!err)
		snic_cfg_changed();
	return err;
}

int snic_sw_mft_set(struct snic_switch *sw, u32 mlid, u64 ports)
{
	unsigned long idx = mlid - SNIC_LID_MCAST_BASE;
	struct snic_mft_entry *m, *old;

	m = kzalloc(sizeof(*m), GFP_KERNEL);
	if (!m)
		return -ENOMEM;
	m->ports = ports;
	old = xa_store(&sw->mft, idx, m, GFP_KERNEL);
	if (xa_is_err(old)) {
		kfree(m);
		return xa_err(old);
	}
	if (old)
		kfree_rcu(old, rcu);
	snic_cfg_changed();
	return 0;
}

int snic_sw_mft_del(struct snic_switch *sw, u32 mlid)
{
	struct snic_mft_entry *m;

	m = xa_erase(&sw->mft, mlid - SNIC_LID_MCAST_BASE);
	if (!m)
		return -ENOENT;
	kfree_rcu(m, rcu);
	snic_cfg_changed();
	return 0;
}

struct snic_port *snic_sw_port(struct snic_switch *sw, u32 num)
{
	return num <= SNIC_MAX_PORTS ? rtnl_dereference(sw->port[num]) : NULL;
}

/* Caller holds RTNL. */
void snic_sw_set_sc2sc(struct snic_port *port, const u8 *map)
{
	bool remap = false;
	int i;

	for (i = 0; i < SNIC_NUM_SC; i++) {
		WRITE_ONCE(port->sc2sc[i], map[i]);
		remap |= map[i] != i;
	}
	WRITE_ONCE(port->sc_remap, remap);
	snic_cfg_changed();
}

int snic_sw_lft_del(struct snic_switch *sw, u32 dlid)
{
	if (!xa_erase(&sw->lft, dlid))
		return -ENOENT;
	snic_cfg_changed();
	return 0;
}

static void snic_port_free_rcu(struct rcu_head *head)
{
	struct snic_port *port = container_of(head, struct snic_port, rcu);

	snic_stats_free(&port->stats);
	kfree(port);
}

static void snic_port_release(struct snic_port *port)
{
	struct snic_switch *sw = port->sw;

	ASSERT_RTNL();
	list_del_rcu(&port->node);
	RCU_INIT_POINTER(sw->port[port->num], NULL);
	netdev_upper_dev_unlink(port->dev, sw->dev);
	netdev_rx_handler_unregister(port->dev);
	snic_crx_stop(&port->crx);
	netdev_put(port->dev, &port->dev_tracker);
	call_rcu(&port->rcu, snic_port_free_rcu);
}

static int snic_sw_add_port(struct net_device *dev, struct net_device *pdev,
			    struct netlink_ext_ack *extack)
{
	struct snic_switch *sw = netdev_priv(dev);
	struct snic_port *port;
	int err, i;
	u32 num;

	if (pdev->type != ARPHRD_ETHER || pdev->addr_len != ETH_ALEN ||
	    (pdev->flags & IFF_LOOPBACK)) {
		NL_SET_ERR_MSG_MOD(extack, "switch ports must be Ethernet");
		return -EINVAL;
	}
	if (snic_is_nic(pdev) || snic_is_switch(pdev)) {
		NL_SET_ERR_MSG_MOD(extack, "a snic device cannot be a port");
		return -EINVAL;
	}
	if (!net_eq(dev_net(dev), dev_net(pdev))) {
		NL_SET_ERR_MSG_MOD(extack, "port must be in the switch's netns");
		return -EINVAL;
	}
	if (netdev_is_rx_handler_busy(pdev)) {
		NL_SET_ERR_MSG_MOD(extack, "device is already in use (rx_handler)");
		return -EBUSY;
	}
	for (num = 1; num <= SNIC_MAX_PORTS; num++)
		if (!rtnl_dereference(sw->port[num]))
			break;
	if (num > SNIC_MAX_PORTS) {
		NL_SET_ERR_MSG_MOD(extack, "switch has no free port number");
		return -ENOSPC;
	}

	port = kzalloc(sizeof(*port), GFP_KERNEL);
	if (!port)
		return -ENOMEM;
	port->sw = sw;
	port->dev = pdev;
	port->num = num;
	for (i = 0; i < SNIC_NUM_SC; i++)
		port->sc2sc[i] = i;
	snic_ev_limit_init(&port->ev_rs);
	port->ev_up = netif_running(pdev) && netif_carrier_ok(pdev);
	err = snic_stats_init(&port->stats);
	if (err)
		goto err_free;
	err = snic_crx_init(&port->crx, pdev, &port->stats, true);
	if (err)
		goto err_stats;
	err = netdev_rx_handler_register(pdev, snic_sw_rx, port);
	if (err)
		goto err_crx;
	err = netdev_master_upper_dev_link(pdev, dev, NULL, NULL, extack);
	if (err)
		goto err_rx_handler;
	netdev_hold(pdev, &port->dev_tracker, GFP_KERNEL);
	list_add_tail_rcu(&port->node, &sw->ports);
	rcu_assign_pointer(sw->port[num], port);
	/* A sch_snic it already has takes the switch's default marking. */
	if (sw->cc.has_def)
		sch_snic_cc_apply(pdev, &sw->cc.def);
	return 0;

err_rx_handler:
	netdev_rx_handler_unregister(pdev);
err_crx:
	snic_crx_stop(&port->crx);
err_stats:
	snic_stats_free(&port->stats);
err_free:
	kfree(port);
	return err;
}

static int snic_sw_del_port(struct net_device *dev, struct net_device *pdev)
{
	struct snic_port *port = snic_sw_port_of(pdev);

	if (!port || port->sw != netdev_priv(dev))
		return -EINVAL;
	snic_port_release(port);
	return 0;
}

/* The switch device carries no traffic of its own. */
static netdev_tx_t snic_sw_xmit_self(struct sk_buff *skb,
				     struct net_device *dev)
{
	struct snic_switch *sw = netdev_priv(dev);

	snic_count(&sw->stats, SNIC_STAT_TX_DROP_NO_DLID);
	kfree_skb(skb);
	return NETDEV_TX_OK;
}

/* The counters, freed only by the destructor (see snic_nic_init()). */
static int snic_sw_init(struct net_device *dev)
{
	struct snic_switch *sw = netdev_priv(dev);

	return snic_stats_init(&sw->stats);
}

static void snic_sw_uninit(struct net_device *dev)
{
	struct snic_switch *sw = netdev_priv(dev);

	snic_ar_stop(&sw->ar);
}

static const struct net_device_ops snic_sw_netdev_ops = {
	.ndo_init		= snic_sw_init,
	.ndo_uninit		= snic_sw_uninit,
	.ndo_start_xmit		= snic_sw_xmit_self,
	.ndo_add_slave		= snic_sw_add_port,
	.ndo_del_slave		= snic_sw_del_port,
	.ndo_get_stats64	= snic_dev_get_stats64,
};

static void snic_sw_destructor(struct net_device *dev)
{
	struct snic_switch *sw = netdev_priv(dev);
	struct snic_mft_entry *m;
	unsigned long idx;

	/* No reader is left: the ports' rx handlers are gone. */
	xa_for_each(&sw->mft, idx, m)
		kfree(m);
	xa_destroy(&sw->mft);
	xa_destroy(&sw->lft);
	snic_ar_free(&sw->ar);
	snic_stats_free(&sw->stats);
}

static void snic_sw_setup(struct net_device *dev)
{
	ether_setup(dev);
	dev->netdev_ops = &snic_sw_netdev_ops;
	dev->ethtool_ops = &snic_ethtool_ops;
	dev->needs_free_netdev = true;
	dev->priv_destructor = snic_sw_destructor;
	dev->flags |= IFF_NOARP;
	dev->priv_flags |= IFF_NO_QUEUE;
	dev->priv_flags &= ~IFF_TX_SKB_SHARING;
	snic_compat_set_lltx(dev);
	snic_compat_set_netns_local(dev);
	eth_hw_addr_random(dev);
}

static int snic_sw_newlink(SNIC_NEWLINK_ARGS)
{
	struct snic_switch *sw = netdev_priv(dev);

	sw->dev = dev;
	INIT_LIST_HEAD(&sw->ports);
	xa_init(&sw->lft);
	xa_init(&sw->mft);
	snic_ar_init(&sw->ar);
	snic_sw_cc_init(&sw->cc);
	snic_ev_limit_init(&sw->ev_rs);
	/* On failure the destructor has freed what ndo_init allocated. */
	return register_netdevice(dev);
}

static void snic_sw_dellink(struct net_device *dev, struct list_head *head)
{
	struct snic_switch *sw = netdev_priv(dev);
	struct snic_port *port, *tmp;

	list_for_each_entry_safe(port, tmp, &sw->ports, node)
		snic_port_release(port);
	unregister_netdevice_queue(dev, head);
}

struct rtnl_link_ops snic_sw_link_ops = {
	.kind		= "snicsw",
	.priv_size	= sizeof(struct snic_switch),
	.setup		= snic_sw_setup,
	.newlink	= snic_sw_newlink,
	.dellink	= snic_sw_dellink,
};

/* Netdevice events on a device that may be a switch port. An error
 * refuses the event (the core undoes an MTU change).
 */
int snic_sw_netdev_event(unsigned long event, struct net_device *dev,
			 struct netlink_ext_ack *extack)
{
	struct snic_port *port = snic_sw_port_of(dev);

	if (!port)
		return 0;
	switch (event) {
	case NETDEV_CHANGEMTU:
		/* Its VL buffers must hold a frame of the new MTU. */
		if (!snic_crx_fits(&port->crx, dev->mtu)) {
			NL_SET_ERR_MSG_MOD(extack,
					   "a VL buffer of this switch port would hold no frame of this MTU (vlbuf)");
			return -EINVAL;
		}
		break;
	case NETDEV_UNREGISTER:
		snic_port_release(port);
		break;
	case NETDEV_UP:
	case NETDEV_DOWN:
	case NETDEV_CHANGE:
		/* Told first: what the monitor makes of it comes after. */
		snic_ev_link(dev, &port->ev_rs, &port->stats, &port->ev_up,
			     netif_running(dev) && netif_carrier_ok(dev),
			     READ_ONCE(port->sw->lid), port->num,
			     snic_sw_ftime(port->sw));
		snic_crx_link_reset(&port->crx);
		snic_ar_port_event(port->sw, port);
		break;
	}
	return 0;
}
