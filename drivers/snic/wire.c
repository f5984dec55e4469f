// SPDX-License-Identifier: GPL-2.0
/*
 * 16B encapsulation and validation on skbs, over the codec in
 * core/hdr16b.c. The outer Ethernet header is link-local: its destination
 * is broadcast (every link is point to point) and switches forward frames
 * without rewriting it.
 */
#include "snic.h"

/*
 * Wrap the Ethernet frame in @skb into a 16B packet described by @h (LEN is
 * filled in here) and an outer Ethernet header from @lower. On error the
 * skb is untouched and still the caller's.
 */
int snic_encap(struct sk_buff *skb, struct net_device *lower,
	       struct snic_16b *h)
{
	unsigned int payload = skb->len;
	unsigned int pad = snic_16b_pad(payload);
	unsigned int tail = pad + SNIC_16B_TRAILER_LEN;
	int hroom, troom;
	struct ethhdr *eth;

	if (snic_16b_pkt_len(payload) > SNIC_16B_PKT_MAX ||
	    snic_16b_pkt_len(payload) > lower->mtu)
		return -EMSGSIZE;
	if (skb_linearize(skb))
		return -ENOMEM;
	hroom = SNIC_ENCAP_HLEN + LL_RESERVED_SPACE(lower) - skb_headroom(skb);
	troom = tail - skb_tailroom(skb);
	if (hroom > 0 || troom > 0 || skb_cloned(skb)) {
		if (pskb_expand_head(skb, max(hroom, 0), max(troom, 0),
				     GFP_ATOMIC))
			return -ENOMEM;
	}

	snic_16b_put_trailer(skb_put(skb, tail), pad);
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
		return SNIC_STAT_RX_TRUNCATED;
	/* Bytes beyond LEN are link padding (a real NIC pads a frame to the
	 * Ethernet minimum): trimmed, as ip_rcv() trims to tot_len. A frame
	 * shorter than its LEN is refused (rx_drop_bad_len).
	 */
	snic_16b_decode(skb->data, h);
	plen = h->len * SNIC_16B_FLIT;
	if (plen >= SNIC_16B_HDR_LEN + SNIC_16B_TRAILER_LEN && plen < len) {
		if (pskb_trim_rcsum(skb, plen))
			return SNIC_STAT_RX_TRUNCATED;
		len = plen;
	}
	if (skb_copy_bits(skb, len - 1, &tail, 1))
		return SNIC_STAT_RX_TRUNCATED;

	switch (snic_16b_parse(skb->data, len, tail, h, payload_len)) {
	case SNIC_16B_OK:
		return 0;
	case SNIC_16B_ERR_TRUNCATED:
		return SNIC_STAT_RX_TRUNCATED;
	case SNIC_16B_ERR_L2:
		return SNIC_STAT_RX_BAD_L2;
	case SNIC_16B_ERR_LEN:
		return SNIC_STAT_RX_BAD_LEN;
	case SNIC_16B_ERR_PAD:
		return SNIC_STAT_RX_BAD_PAD;
	}
	return SNIC_STAT_RX_TRUNCATED;
}
