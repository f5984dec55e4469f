// SPDX-License-Identifier: GPL-2.0
/*
 * 16B encapsulation and validation on skbs, over the codec in
 * core/hdr16b.c. The outer Ethernet header is link-local: its destination
 * is broadcast (every link is point to point) and switches forward frames
 * without rewriting it.
 */
#include "snic.h"

/*
 * Append the trailer (pad, ICRC, tail byte) of @skb, whose payload is
 * partly in page fragments, as a fragment of its own: the linear part
 * has no end to write at. @skb is not cloned (its fragments are its own).
 */
static int snic_encap_tail_frag(struct sk_buff *skb, unsigned int pad)
{
	unsigned int tail = pad + SNIC_16B_TRAILER_LEN;
	struct page *page;
	u8 *buf;

	buf = netdev_alloc_frag(SNIC_ENCAP_TLEN);
	if (!buf)
		return -ENOMEM;
	snic_16b_put_trailer(buf, pad);
	page = virt_to_head_page(buf);
	skb_fill_page_desc(skb, skb_shinfo(skb)->nr_frags, page,
			   buf - (u8 *)page_address(page), tail);
	skb->len += tail;
	skb->data_len += tail;
	/* A socket's skb keeps the truesize it was charged (its destructor
	 * gives back that much), as in pskb_expand_head().
	 */
	if (!skb->sk)
		skb->truesize += SNIC_ENCAP_TLEN;
	return 0;
}

/*
 * May a checksum left to the device (CHECKSUM_PARTIAL) leave through
 * @dev inside a 16B packet? Only if @dev never computes it: a veth hands
 * the skb, partial checksum and all, to its peer, where the next snic
 * (a switch port, a NIC) keeps it so up to the receiving stack. A device
 * that checksums (a NIC, a tunnel such as VXLAN or GRETAP whose lower
 * device computes it in software) would sum from csum_start to the end
 * of the frame, the 16B trailer included, and get it wrong: for those the
 * inner frame's checksum is computed by the snic, over the inner frame.
 */
static bool snic_csum_passes(const struct net_device *dev)
{
	return (dev->features & NETIF_F_HW_CSUM) && dev->rtnl_link_ops &&
	       !strcmp(dev->rtnl_link_ops->kind, "veth");
}

/*
 * Wrap the Ethernet frame in @skb into a 16B packet described by @h (LEN is
 * filled in here) and an outer Ethernet header from @lower. On error the
 * skb is the caller's still (unchanged but for its head, which may have
 * been reallocated).
 *
 * A paged skb (the snic has NETIF_F_SG) stays paged: the trailer goes in
 * a fragment of its own, and only the linear head is copied when it is
 * shared (TCP's clones). A checksum left to the device
 * (CHECKSUM_PARTIAL) stays so on a lower device that passes it on
 * (snic_csum_passes()); for any other it is computed here, before the
 * trailer.
 */
int snic_encap(struct sk_buff *skb, struct net_device *lower,
	       struct snic_16b *h)
{
	unsigned int payload = skb->len;
	unsigned int pad = snic_16b_pad(payload);
	unsigned int tail = pad + SNIC_16B_TRAILER_LEN;
	bool paged;
	int hroom, troom;
	struct ethhdr *eth;

	if (snic_16b_pkt_len(payload) > SNIC_16B_PKT_MAX ||
	    snic_16b_pkt_len(payload) > lower->mtu)
		return -EMSGSIZE;
	if (skb->ip_summed == CHECKSUM_PARTIAL && !snic_csum_passes(lower) &&
	    skb_checksum_help(skb))
		return -ENOMEM;
	/* A frag list, or no fragment left for the trailer: one piece. */
	if ((skb_has_frag_list(skb) ||
	     skb_shinfo(skb)->nr_frags >= MAX_SKB_FRAGS) &&
	    __skb_linearize(skb))
		return -ENOMEM;
	paged = skb_is_nonlinear(skb);
	hroom = SNIC_ENCAP_HLEN + LL_RESERVED_SPACE(lower) - skb_headroom(skb);
	troom = paged ? 0 : tail - skb_tailroom(skb);
	if (hroom > 0 || troom > 0 || skb_cloned(skb)) {
		if (pskb_expand_head(skb, max(hroom, 0), max(troom, 0),
				     GFP_ATOMIC))
			return -ENOMEM;
	}

	if (paged) {
		if (snic_encap_tail_frag(skb, pad))
			return -ENOMEM;
	} else {
		snic_16b_put_trailer(skb_put(skb, tail), pad);
	}
	h->len = (SNIC_16B_HDR_LEN + payload + tail) / SNIC_16B_FLIT;
	h->l2 = SNIC_16B_L2_TYPE;
	snic_16b_encode(h, skb_push(skb, SNIC_16B_HDR_LEN));

	eth = skb_push(skb, ETH_HLEN);
	eth_broadcast_addr(eth->h_dest);
	ether_addr_copy(eth->h_source, lower->dev_addr);
	eth->h_proto = htons(ETH_P_SNIC);
	skb_reset_mac_header(skb);
	skb_set_network_header(skb, ETH_HLEN);
	skb->protocol = htons(ETH_P_SNIC);
	return 0;
}

/*
 * A 16B packet (at skb->data, outer Ethernet header included, link
 * padding trimmed) whose inner checksum is left to the device leaves
 * through @dev. Unless @dev passes it on as it is (snic_csum_passes()),
 * compute it now over the inner frame only: a device that checksums
 * could not tell the trailer from the data.
 */
int snic_16b_csum(struct sk_buff *skb, const struct net_device *dev)
{
	int start = skb_checksum_start_offset(skb);
	int off = start + skb->csum_offset;
	__wsum csum;
	int end;
	u8 tail;

	if (skb->ip_summed != CHECKSUM_PARTIAL || snic_csum_passes(dev))
		return 0;
	if (skb_copy_bits(skb, skb->len - 1, &tail, 1))
		return -EINVAL;
	end = (int)skb->len - SNIC_16B_TRAILER_LEN - (tail & 7);
	if (start < SNIC_ENCAP_HLEN || off + (int)sizeof(__sum16) > end)
		return -EINVAL;
	if (skb_ensure_writable(skb, off + sizeof(__sum16)))
		return -ENOMEM;
	csum = skb_checksum(skb, start, end - start, 0);
	*(__sum16 *)(skb->data + off) = csum_fold(csum) ?: CSUM_MANGLED_0;
	skb->ip_summed = CHECKSUM_NONE;
	return 0;
}

/*
 * Validate the 16B packet at skb->data (the outer Ethernet header already
 * pulled). Does not change the skb beyond pulling the header into the
 * linear area and trimming link padding, so a switch can forward it as it
 * came. Returns 0 or the counter of the reason to drop it.
 */
enum snic_stat snic_16b_rx(struct sk_buff *skb, struct snic_16b *h,
			   size_t *payload_len)
{
	unsigned int len = skb->len, plen;
	u8 tail;

	if (len < SNIC_16B_HDR_LEN + SNIC_16B_TRAILER_LEN ||
	    !pskb_may_pull(skb, SNIC_16B_HDR_LEN))
		return SNIC_STAT_RX_DROP_TRUNCATED;
	/* Bytes beyond LEN are link padding (a real NIC pads a frame to the
	 * Ethernet minimum): trimmed, as ip_rcv() trims to tot_len. A frame
	 * shorter than its LEN is refused (rx_drop_bad_len).
	 */
	snic_16b_decode(skb->data, h);
	plen = h->len * SNIC_16B_FLIT;
	if (plen >= SNIC_16B_HDR_LEN + SNIC_16B_TRAILER_LEN && plen < len) {
		if (pskb_trim_rcsum(skb, plen))
			return SNIC_STAT_RX_DROP_TRUNCATED;
		len = plen;
	}
	if (skb_copy_bits(skb, len - 1, &tail, 1))
		return SNIC_STAT_RX_DROP_TRUNCATED;

	switch (snic_16b_parse(skb->data, len, tail, h, payload_len)) {
	case SNIC_16B_OK:
		return 0;
	case SNIC_16B_ERR_TRUNCATED:
		return SNIC_STAT_RX_DROP_TRUNCATED;
	case SNIC_16B_ERR_L2:
		return SNIC_STAT_RX_DROP_BAD_L2;
	case SNIC_16B_ERR_LEN:
		return SNIC_STAT_RX_DROP_BAD_LEN;
	case SNIC_16B_ERR_PAD:
		return SNIC_STAT_RX_DROP_BAD_PAD;
	}
	return SNIC_STAT_RX_DROP_TRUNCATED;
}
