// SPDX-License-Identifier: GPL-2.0
/*
 * The host SuperNIC: rtnl kind "snic", an upper device on a fabric-facing
 * Ethernet device (ip link add snic0 link fab0 type snic).
 *
 * TX: the destination MAC gives the DLID (core/addr.h), skb->priority the
 * SC, and the application frame leaves on the lower device wrapped in a
 * 16B packet (L4 SNIC_L4_ETH).
 * RX: an rx_handler on the lower device takes every ETH_P_SNIC frame,
 * validates it (each reason to refuse has its own counter), and hands the
 * inner frame to the stack as received on the snic device. Frames of other
 * EtherTypes stay with the lower device.
 */
#include <linux/if_arp.h>
#include <net/rtnetlink.h>
#include <snic/sch_snic.h>

#include "snic.h"

#define SNIC_NIC_FEATURES	(NETIF_F_SG | NETIF_F_HW_CSUM | NETIF_F_HIGHDMA)

static rx_handler_result_t snic_nic_rx(struct sk_buff **pskb);

bool snic_is_nic(const struct net_device *dev)
{
	return dev->rtnl_link_ops == &snic_nic_link_ops;
}

static struct snic_nic *snic_nic_from_lower(const struct net_device *lower)
{
	if (rcu_access_pointer(lower->rx_handler) != snic_nic_rx)
		return NULL;
	return rtnl_dereference(lower->rx_handler_data);
}

/*
 * A packet to a paced DLID that leaves as it comes (its turn has come)
 * stops its TX queue while the link's queue (its sch_snic) holds more
 * of its VL than a full frame per TX queue and one more: enough to keep
 * the line busy. The rest wait in the NIC, before the pacer, as in an
 * HFI's send engine: parked for their turns, or in the TX queues. A
 * deep queue behind the pacer would go on sending at line rate what
 * came before the BECNs, and the CCTI would climb for as long. (The
 * pacer's timer sends what is due, whose turns were taken already, while
 * the link's queue is under a budget of its own, and waits for its room
 * hook past it, cc.c.) Traffic to DLIDs that are not paced queues in the
 * link as before: the link's per-VL queues let one VL pass another.
 */
#define SNIC_NIC_LINK_FRAMES_MAX	16

static u32 snic_nic_link_budget(const struct snic_nic *nic)
{
	u32 frames = min_t(u32, nic->dev->real_num_tx_queues,
			   SNIC_NIC_LINK_FRAMES_MAX) + 1;

	return frames * (READ_ONCE(nic->lower->mtu) + ETH_HLEN);
}

/*
 * After a packet to a paced DLID and @vl left TX queue @q: if the link's
 * queue for @vl is full, stop @q until the link's sch_snic says it has
 * room (its room hook, snic_nic_room()). Stop first, then set the bit the
 * hook looks for, then ask again: a hook that comes in between wakes a
 * queue that is stopped already (early, which is harmless), and one that
 * came before the bit is caught by the second look, which wakes the
 * queue whatever became of the bit. Neither wakes a queue that holds a
 * paced head meanwhile (the pacer does, cc.c; one woken all the same
 * requeues what it is given). True if @q is stopped.
 */
static bool snic_nic_link_wait(struct snic_nic *nic, u16 q, u8 vl)
{
	struct net_device *lower = nic->lower;
	u32 budget = snic_nic_link_budget(nic);
	struct netdev_queue *txq;

	if (q >= BITS_PER_LONG ||
	    likely(sch_snic_vl_room(lower, vl, budget, 0, false)))
		return false;
	txq = netdev_get_tx_queue(nic->dev, q);
	netif_tx_stop_queue(txq);
	/* The stop before the bit: the room hook tests the bit, then
	 * wakes the queue (clears the stop). Two set_bit()s are not
	 * ordered; were the bit seen first, the wake could come before
	 * the stop and leave the queue stopped with no bit to wake it.
	 */
	smp_mb__before_atomic();
	set_bit(q, &nic->link_wait);
	/* The stop and the bit before the second look, which registers
	 * under the qdisc's lock that its room hook runs under.
	 */
	smp_mb__after_atomic();
	if (sch_snic_vl_room(lower, vl, budget, 0, true)) {
		clear_bit(q, &nic->link_wait);
		/* (A queue that holds a paced head waits for the pacer.) */
		if (!snic_cc_held(&nic->cc, q))
			netif_tx_wake_queue(txq);
		return false;
	}
	snic_count(&nic->stats, SNIC_STAT_TX_LINK_WAIT);
	return true;
}

/* The data VL of the link that @skb, an application frame, goes on. */
u8 snic_nic_vl(const struct snic_nic *nic, const struct sk_buff *skb)
{
	return sch_snic_sc2vl(nic->lower,
			      READ_ONCE(nic->sl2sc[skb->priority &
						   (SNIC_NUM_SL - 1)]));
}

/* sch_snic's room hook: @lower's queue has room for what waited (TX
 * queues, and the pacer's parked packets). Under its root lock.
 */
void snic_nic_room(struct net_device *lower)
{
	struct snic_nic *nic;
	unsigned int q;

	if (rcu_access_pointer(lower->rx_handler) != snic_nic_rx)
		return;
	nic = rcu_dereference(lower->rx_handler_data);
	if (!nic)
		return;
	for (q = 0; q < nic->dev->num_tx_queues && q < BITS_PER_LONG; q++)
		if (test_and_clear_bit(q, &nic->link_wait) &&
		    !snic_cc_held(&nic->cc, q))
			netif_tx_wake_queue(netdev_get_tx_queue(nic->dev, q));
	if (test_and_clear_bit(0, &nic->pace_wait))
		snic_cc_kick(&nic->cc);
}

/*
 * A new SL2SC table, and its inverse: an SC's SL is the lowest SL mapped
 * to it (an SC no SL maps to: the SL of its number). Under RTNL; the
 * datapath may see a mix of old and new entries for a moment.
 */
void snic_nic_set_sl2sc(struct snic_nic *nic, const u8 *map)
{
	u8 sc2sl[SNIC_NUM_SC];
	int i;

	for (i = 0; i < SNIC_NUM_SC; i++)
		sc2sl[i] = i;
	for (i = SNIC_NUM_SL - 1; i >= 0; i--)
		sc2sl[map[i]] = i;
	for (i = 0; i < SNIC_NUM_SL; i++)
		WRITE_ONCE(nic->sl2sc[i], map[i]);
	for (i = 0; i < SNIC_NUM_SC; i++)
		WRITE_ONCE(nic->sc2sl[i], sc2sl[i]);
}

/* A new SC2SL table (the SL congestion control gives each SC). RTNL. */
void snic_nic_set_sc2sl(struct snic_nic *nic, const u8 *map)
{
	int i;

	for (i = 0; i < SNIC_NUM_SC; i++)
		WRITE_ONCE(nic->sc2sl[i], map[i]);
}

/*
 * Encapsulate @skb and send it on the lower device. @flags: SNIC_TX_*;
 * SNIC_TX_RELEASED: it waited for its pacing (cc.c) and is due now.
 * Consumes @skb, unless it returns -EBUSY: its TX queue was woken while
 * it holds a paced head, and is stopped again (ndo_start_xmit only).
 * SNIC_TX_STOPPED if its TX queue is now stopped until the link has
 * room, else 0.
 */
int snic_nic_send(struct snic_nic *nic, struct sk_buff *skb,
		  unsigned int flags)
{
	bool released = flags & SNIC_TX_RELEASED;
	struct net_device *lower = nic->lower;
	u16 q = skb_get_queue_mapping(skb);
	struct snic_16b h = {};
	unsigned int len = skb->len;
	bool paced = released;
	enum snic_stat why;
	int err;
	u8 sl;

	if (unlikely(!pskb_may_pull(skb, ETH_HLEN))) {
		why = SNIC_STAT_TX_DROP_NO_DLID;
		goto drop;
	}
	h.slid = READ_ONCE(nic->lid);
	if (unlikely(!h.slid)) {
		why = SNIC_STAT_TX_DROP_NO_LID;
		goto drop;
	}
	h.dlid = snic_mac_to_dlid(eth_hdr(skb)->h_dest);
	if (unlikely(!h.dlid)) {
		why = SNIC_STAT_TX_DROP_NO_DLID;
		goto drop;
	}
	if (unlikely(!netif_running(lower) || !netif_carrier_ok(lower))) {
		why = SNIC_STAT_TX_DROP_LINK_DOWN;
		goto drop;
	}
	h.sc = READ_ONCE(nic->sl2sc[skb->priority & (SNIC_NUM_SL - 1)]);
	sl = READ_ONCE(nic->sc2sl[h.sc]);
	/* CCA: wait for the DLID's pacing (parked, or held as the head). */
	if (!released) {
		switch (snic_cc_hold(&nic->cc, skb, h.dlid, sl, len, &paced)) {
		case SNIC_CC_TAKEN:
			return 0;
		case SNIC_CC_BUSY:
			return -EBUSY;
		default:
			break;
		}
	}
	h.becn = snic_cc_take_becn(&nic->cc, h.dlid, sl);
	h.l4 = SNIC_L4_ETH;
	h.pkey = 0xffff;
	h.entropy = skb_get_hash(skb) & 0xffff;

	err = snic_encap(skb, lower, &h);
	if (unlikely(err)) {
		why = err == -EMSGSIZE ? SNIC_STAT_TX_DROP_TOO_BIG :
					 SNIC_STAT_TX_DROP_NOMEM;
		goto drop;
	}
	skb->dev = lower;
	/* net_xmit_eval() evaluates its argument twice: never inline it. */
	err = dev_queue_xmit(skb);
	/* NET_XMIT_CN is no error but from the noop qdisc (see
	 * snic_sw_xmit()).
	 */
	if (likely(sch_snic_xmit_taken(lower, err))) {
		snic_count(&nic->stats, SNIC_STAT_TX_PACKETS);
		snic_stats_add(&nic->stats, SNIC_STAT_TX_BYTES, len);
		return paced && !(flags & SNIC_TX_NO_WAIT) &&
		       snic_nic_link_wait(nic, q, sch_snic_sc2vl(lower, h.sc)) ?
		       SNIC_TX_STOPPED : 0;
	}
	snic_count(&nic->stats, SNIC_STAT_TX_DROP_LOWER);
	return 0;

drop:
	snic_count(&nic->stats, why);
	kfree_skb(skb);
	return 0;
}

/* The TX queue: DLID-aware, so that only paced DLIDs share a queue with
 * paced DLIDs (cc.c). A frame too short for a DLID leaves on an open one
 * (and is dropped there, counted).
 */
static u16 snic_nic_select_queue(struct net_device *dev, struct sk_buff *skb,
				 struct net_device *sb_dev)
{
	struct snic_nic *nic = netdev_priv(dev);
	u32 dlid = 0;
	u8 sc;

	if (skb_headlen(skb) >= ETH_HLEN)
		dlid = snic_mac_to_dlid(((struct ethhdr *)skb->data)->h_dest);
	sc = READ_ONCE(nic->sl2sc[skb->priority & (SNIC_NUM_SL - 1)]);
	return snic_cc_select_queue(&nic->cc, dlid, READ_ONCE(nic->sc2sl[sc]),
				    skb_get_hash(skb));
}

static netdev_tx_t snic_nic_xmit(struct sk_buff *skb, struct net_device *dev)
{
	/* (Its queue is stopped: the stack keeps it until it is woken.) */
	if (snic_nic_send(netdev_priv(dev), skb, 0) == -EBUSY)
		return NETDEV_TX_BUSY;
	return NETDEV_TX_OK;
}

/* A 16B management packet for this NIC: a congestion notification (its
 * BECN was taken by the caller) or a refused one.
 */
static enum snic_stat snic_nic_mgmt(struct snic_nic *nic, struct sk_buff *skb,
				    const struct snic_16b *h, size_t payload)
{
	u8 buf[SNIC_CN_LEN];
	struct snic_cn cn;
	const u8 *p;

	p = skb_header_pointer(skb, SNIC_16B_HDR_LEN,
			       min_t(size_t, payload, sizeof(buf)), buf);
	if (!p)
		return SNIC_STAT_RX_DROP_MGMT_SHORT;
	switch (snic_cn_decode(p, payload, &cn)) {
	case SNIC_MGMT_OK:
		break;
	case SNIC_MGMT_ESHORT:
		return SNIC_STAT_RX_DROP_MGMT_SHORT;
	case SNIC_MGMT_EVERSION:
		return SNIC_STAT_RX_DROP_MGMT_VERSION;
	case SNIC_MGMT_ETYPE:
		return SNIC_STAT_RX_DROP_MGMT_TYPE;
	default:
		return SNIC_STAT_RX_DROP_MGMT_FIELD;
	}
	snic_count(&nic->stats, SNIC_STAT_RX_CN);
	if (h->becn)
		snic_cc_becn(&nic->cc, h->slid, cn.sl, true);
	return 0;
}

static rx_handler_result_t snic_nic_rx(struct sk_buff **pskb)
{
	struct sk_buff *skb = *pskb;
	struct snic_nic *nic;
	struct snic_16b h;
	size_t payload;
	enum snic_stat why;

	if (skb->protocol == htons(ETH_P_SNIC_CREDIT)) {
		nic = rcu_dereference(skb->dev->rx_handler_data);
		snic_crx_frame(&nic->crx, skb);
		return RX_HANDLER_CONSUMED;
	}
	if (skb->protocol != htons(ETH_P_SNIC))
		return RX_HANDLER_PASS;
	nic = rcu_dereference(skb->dev->rx_handler_data);

	skb = skb_share_check(skb, GFP_ATOMIC);
	if (!skb)
		return RX_HANDLER_CONSUMED;
	*pskb = skb;

	why = snic_16b_rx(skb, &h, &payload);
	if (why)
		goto drop;
	/* A host's buffer empties on delivery: credits go back at once,
	 * whatever becomes of the packet.
	 */
	snic_crx_rx(&nic->crx, h.sc, h.le, skb->len + ETH_HLEN);
	if (h.dlid != READ_ONCE(nic->lid) && !snic_lid_is_mcast(h.dlid)) {
		why = SNIC_STAT_RX_DROP_BAD_DLID;
		goto drop;
	}
	if (h.l4 == SNIC_L4_MGMT) {
		/* Never reflected: a FECN on management traffic. */
		why = snic_nic_mgmt(nic, skb, &h, payload);
		if (why)
			goto drop;
		snic_count(&nic->stats, SNIC_STAT_RX_MGMT);
		consume_skb(skb);
		return RX_HANDLER_CONSUMED;
	}
	if (h.l4 != SNIC_L4_ETH) {
		why = SNIC_STAT_RX_DROP_UNKNOWN_L4;
		goto drop;
	}
	if (payload < ETH_HLEN) {
		why = SNIC_STAT_RX_DROP_BAD_INNER;
		goto drop;
	}
	if (unlikely(!(nic->dev->flags & IFF_UP))) {
		why = SNIC_STAT_RX_DROP_DEV_DOWN;
		goto drop;
	}

	/* CCA: a BECN slows us down towards its source; a FECN is owed
	 * back to the source (not for multicast).
	 */
	if (h.becn)
		snic_cc_becn(&nic->cc, h.slid, READ_ONCE(nic->sc2sl[h.sc]),
			     false);
	if (h.fecn && !snic_lid_is_mcast(h.dlid))
		snic_cc_fecn(&nic->cc, h.slid, READ_ONCE(nic->sc2sl[h.sc]));
	else if (h.fecn)
		snic_count(&nic->stats, SNIC_STAT_RX_FECN_MCAST);

	skb_pull_rcsum(skb, SNIC_16B_HDR_LEN);
	if (pskb_trim_rcsum(skb, payload) || !pskb_may_pull(skb, ETH_HLEN)) {
		why = SNIC_STAT_RX_DROP_BAD_INNER;
		goto drop;
	}
	skb->dev = nic->dev;
	/* The outer frame was broadcast; eth_type_trans() only ever lowers
	 * pkt_type from PACKET_HOST, so start the inner frame from there.
	 */
	skb->pkt_type = PACKET_HOST;
	skb->protocol = eth_type_trans(skb, nic->dev);
	skb_reset_network_header(skb);
	skb_reset_mac_len(skb);
	snic_count(&nic->stats, SNIC_STAT_RX_PACKETS);
	snic_stats_add(&nic->stats, SNIC_STAT_RX_BYTES, payload);
	return RX_HANDLER_ANOTHER;

drop:
	snic_count(&nic->stats, why);
	kfree_skb(skb);
	return RX_HANDLER_CONSUMED;
}

/* Set the LID and the MAC address derived from it. Caller holds RTNL. */
int snic_nic_set_lid(struct snic_nic *nic, u32 lid)
{
	u8 mac[ETH_ALEN];

	ASSERT_RTNL();
	snic_lid_to_mac(lid, mac);
	WRITE_ONCE(nic->lid, lid);
	if (ether_addr_equal(nic->dev->dev_addr, mac))
		return 0;
	eth_hw_addr_set(nic->dev, mac);
	call_netdevice_notifiers(NETDEV_CHANGEADDR, nic->dev);
	return 0;
}

static int snic_nic_open(struct net_device *dev)
{
	struct snic_nic *nic = netdev_priv(dev);

	netif_stacked_transfer_operstate(nic->lower, dev);
	WRITE_ONCE(nic->link_wait, 0);
	netif_tx_start_all_queues(dev);
	return 0;
}

static int snic_nic_stop(struct net_device *dev)
{
	struct snic_nic *nic = netdev_priv(dev);

	netif_tx_stop_all_queues(dev);
	/* Paced heads are not sent once the device is down. */
	snic_cc_flush(&nic->cc);
	return 0;
}

/*
 * Everything the device owns is allocated here and freed only by its
 * destructor, which register_netdevice() also calls when it fails after
 * this succeeded (as macvlan and veth do it).
 */
static int snic_nic_init(struct net_device *dev)
{
	struct snic_nic *nic = netdev_priv(dev);
	int err;

	err = snic_stats_init(&nic->stats);
	if (err)
		return err;
	err = snic_cc_init(&nic->cc, nic, dev->num_tx_queues);
	if (err) {
		snic_stats_free(&nic->stats);
		return err;
	}
	netdev_hold(nic->lower, &nic->lower_tracker, GFP_KERNEL);
	return 0;
}

static void snic_nic_uninit(struct net_device *dev)
{
	struct snic_nic *nic = netdev_priv(dev);

	snic_cc_stop(&nic->cc);
	netdev_put(nic->lower, &nic->lower_tracker);
}

static int snic_nic_change_mtu(struct net_device *dev, int mtu)
{
	struct snic_nic *nic = netdev_priv(dev);

	if (mtu + SNIC_MTU_OVERHEAD > nic->lower->mtu)
		return -EINVAL;
	WRITE_ONCE(dev->mtu, mtu);
	return 0;
}

static int snic_nic_get_iflink(const struct net_device *dev)
{
	const struct snic_nic *nic = netdev_priv(dev);

	return READ_ONCE(nic->lower->ifindex);
}

static const struct net_device_ops snic_nic_netdev_ops = {
	.ndo_init		= snic_nic_init,
	.ndo_open		= snic_nic_open,
	.ndo_stop		= snic_nic_stop,
	.ndo_uninit		= snic_nic_uninit,
	.ndo_start_xmit		= snic_nic_xmit,
	.ndo_select_queue	= snic_nic_select_queue,
	.ndo_change_mtu		= snic_nic_change_mtu,
	.ndo_get_stats64	= snic_dev_get_stats64,
	.ndo_get_iflink		= snic_nic_get_iflink,
	.ndo_validate_addr	= eth_validate_addr,
};

static void snic_nic_destructor(struct net_device *dev)
{
	struct snic_nic *nic = netdev_priv(dev);

	snic_cc_free(&nic->cc);
	snic_stats_free(&nic->stats);
}

static void snic_nic_setup(struct net_device *dev)
{
	ether_setup(dev);
	dev->netdev_ops = &snic_nic_netdev_ops;
	dev->ethtool_ops = &snic_ethtool_ops;
	dev->needs_free_netdev = true;
	dev->priv_destructor = snic_nic_destructor;
	dev->priv_flags &= ~IFF_TX_SKB_SHARING;
	dev->max_mtu = SNIC_MTU_MAX;
	dev->needed_tailroom = SNIC_ENCAP_TLEN;
	/* Paged skbs and checksums left to the lower device (wire.c):
	 * TCP's segments are neither copied nor summed on the way.
	 */
	dev->features |= SNIC_NIC_FEATURES;
	dev->hw_features |= SNIC_NIC_FEATURES;
	snic_compat_set_lltx(dev);
	snic_compat_set_netns_local(dev);
}

static int snic_nic_newlink(SNIC_NEWLINK_ARGS)
{
	struct snic_nic *nic = netdev_priv(dev);
	struct net_device *lower;
	u8 sl2sc[SNIC_NUM_SL];
	int err, i;

	if (!tb[IFLA_LINK]) {
		NL_SET_ERR_MSG_MOD(extack, "snic needs a lower device (link DEV)");
		return -EINVAL;
	}
	lower = __dev_get_by_index(src_net, nla_get_u32(tb[IFLA_LINK]));
	if (!lower) {
		NL_SET_ERR_MSG_ATTR(extack, tb[IFLA_LINK],
				    "lower device not found");
		return -ENODEV;
	}
	if (!net_eq(dev_net(dev), dev_net(lower))) {
		NL_SET_ERR_MSG_MOD(extack,
				   "snic must be in its lower device's netns");
		return -EINVAL;
	}
	if (lower->type != ARPHRD_ETHER || lower->addr_len != ETH_ALEN ||
	    (lower->flags & IFF_LOOPBACK)) {
		NL_SET_ERR_MSG_ATTR(extack, tb[IFLA_LINK],
				    "lower device must be Ethernet");
		return -EINVAL;
	}
	if (snic_is_nic(lower) || snic_is_switch(lower)) {
		NL_SET_ERR_MSG_ATTR(extack, tb[IFLA_LINK],
				    "lower device cannot be a snic device");
		return -EINVAL;
	}
	if (netdev_is_rx_handler_busy(lower)) {
		NL_SET_ERR_MSG_ATTR(extack, tb[IFLA_LINK],
				    "lower device is already in use (rx_handler)");
		return -EBUSY;
	}
	if (lower->mtu < SNIC_MTU_OVERHEAD + ETH_MIN_MTU) {
		NL_SET_ERR_MSG_ATTR(extack, tb[IFLA_LINK],
				    "lower device MTU too small for 16B encapsulation");
		return -EINVAL;
	}

	if (tb[IFLA_MTU] && dev->mtu + SNIC_MTU_OVERHEAD > lower->mtu) {
		NL_SET_ERR_MSG_MOD(extack, "MTU too large for the lower device");
		return -EINVAL;
	}

	nic->dev = dev;
	nic->lower = lower;
	for (i = 0; i < SNIC_NUM_SL; i++)
		sl2sc[i] = i & 7;
	snic_nic_set_sl2sc(nic, sl2sc);
	snic_crx_init(&nic->crx, lower, &nic->stats, false);
	snic_ev_limit_init(&nic->ev_rs);
	nic->ev_up = netif_running(lower) && netif_carrier_ok(lower);
	if (!tb[IFLA_MTU])
		dev->mtu = min_t(unsigned int, lower->mtu - SNIC_MTU_OVERHEAD,
				 SNIC_MTU_MAX);
	dev->needed_headroom = SNIC_ENCAP_HLEN + LL_RESERVED_SPACE(lower);
	snic_lid_to_mac(0, (u8 *)dev->perm_addr);
	eth_hw_addr_set(dev, dev->perm_addr);

	/* On failure the destructor has freed what ndo_init allocated. */
	err = register_netdevice(dev);
	if (err)
		return err;
	err = netdev_rx_handler_register(lower, snic_nic_rx, nic);
	if (err)
		goto err_unregister;
	err = netdev_upper_dev_link(lower, dev, extack);
	if (err)
		goto err_rx_handler;
	netif_stacked_transfer_operstate(lower, dev);
	return 0;

err_rx_handler:
	netdev_rx_handler_unregister(lower);
err_unregister:
	/* The destructor frees the rest once the device is gone. */
	unregister_netdevice(dev);
	return err;
}

static void snic_nic_dellink(struct net_device *dev, struct list_head *head)
{
	struct snic_nic *nic = netdev_priv(dev);

	netdev_upper_dev_unlink(nic->lower, dev);
	netdev_rx_handler_unregister(nic->lower);
	snic_crx_stop(&nic->crx);
	unregister_netdevice_queue(dev, head);
}

static unsigned int snic_nic_num_txqueues(void)
{
	return SNIC_DEFAULT_TXQ;
}

struct rtnl_link_ops snic_nic_link_ops = {
	.kind			= "snic",
	.priv_size		= sizeof(struct snic_nic),
	.setup			= snic_nic_setup,
	.newlink		= snic_nic_newlink,
	.dellink		= snic_nic_dellink,
	.get_num_tx_queues	= snic_nic_num_txqueues,
};

/*
 * Netdevice events on a device that may be a snic's lower device. An
 * error refuses the event (the core undoes a lower MTU change the snic
 * cannot follow).
 */
int snic_nic_netdev_event(unsigned long event, struct net_device *lower,
			  struct list_head *kill, struct netlink_ext_ack *extack)
{
	struct snic_nic *nic = snic_nic_from_lower(lower);
	int err = 0;

	if (!nic)
		return 0;
	switch (event) {
	case NETDEV_UP:
	case NETDEV_DOWN:
	case NETDEV_CHANGE:
		netif_stacked_transfer_operstate(lower, nic->dev);
		snic_crx_link_reset(&nic->crx);
		snic_ev_link(nic->dev, &nic->ev_rs, &nic->stats, &nic->ev_up,
			     netif_running(lower) && netif_carrier_ok(lower),
			     READ_ONCE(nic->lid), 0, snic_nic_ftime(nic));
		break;
	case NETDEV_CHANGEMTU:
		/* Its VL buffers must hold a frame of the new MTU, or that
		 * frame would wait for good: the change is undone.
		 */
		if (!snic_crx_fits(&nic->crx, lower->mtu)) {
			NL_SET_ERR_MSG_MOD(extack,
					   "a VL buffer of the snic on it would hold no frame of this MTU (vlbuf)");
			err = -EINVAL;
			break;
		}
		/* The snic follows a lower MTU down; if it cannot (below
		 * its minimum), the lower device's change is undone.
		 */
		if (nic->dev->mtu + SNIC_MTU_OVERHEAD > lower->mtu)
			err = dev_set_mtu(nic->dev,
					  (int)lower->mtu - SNIC_MTU_OVERHEAD);
		break;
	case NETDEV_UNREGISTER:
		snic_nic_dellink(nic->dev, kill);
		break;
	}
	return err;
}
