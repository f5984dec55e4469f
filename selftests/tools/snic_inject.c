// SPDX-License-Identifier: GPL-2.0
/*
 * snic_inject IFACE CLASS COUNT DLID SLID
 *
 * Send COUNT hand-made fabric frames of one class out of IFACE through a
 * raw packet socket, bypassing any snic device. Classes:
 *   good         valid 16B packet carrying an Ethernet frame
 *   mgmt         valid congestion notification (L4 0x08), BECN clear
 *   cn           valid congestion notification with BECN set
 *   cn_short     management payload of 4 bytes
 *   cn_version   management version 9
 *   cn_type      management type 7
 *   cn_field     CN for SL 32
 *   fecn         valid 16B Ethernet packet with FECN set
 *   becn         valid 16B Ethernet packet with BECN set
 *   rc_detour    valid 16B Ethernet packet with RC bit 2 set (an in-group
 *                detour's mark, which only a switch may set)
 *   truncated    10 bytes: shorter than the 16B header
 *   bad_l2       L2 type 1 instead of 2 (16B)
 *   bad_len      LEN one flit longer than the bytes sent
 *   padded       a good packet followed by $SNIC_INJECT_PAD bytes of link
 *                padding (24 by default): longer on the wire than its LEN
 *   late         a good packet stamped (LE) with an epoch 16 rounds before
 *                the one the far end's receiver last applied (read off
 *                the LIMIT frames IFACE receives), sent past IFACE's
 *                qdisc: late, outside the credit count, as a sender that
 *                never SYNCs or stamps old epochs makes them
 *   mgmt_padded  a congestion notification (BECN clear) padded to the
 *                Ethernet minimum of 60 bytes, as a real NIC sends it
 *   bad_pad      pad count larger than the packet can hold
 *   unknown_l4   L4 type 0x55
 *   short_inner  L4 Ethernet with a 6-byte payload (no room for a header)
 * and link-local credit frames (EtherType 0x88B6; DLID and SLID unused):
 *   credit_short    10 bytes: shorter than a credit frame
 *   credit_version  version 9
 *   credit_type     type 7
 *   credit_vl15     a LIMIT for the management VL
 *   sync_vl9        a SYNC for VL 9
 * and forgeries of the frames the link carries, made from one that IFACE
 * sends (it waits up to 3 s for one; IFACE's end must be a receiver that
 * flow-controls VL 0, or a sender it gates, for the SYNCs):
 *   credit_stale    its LIMIT with sequence numbers 1000 and more behind:
 *                   stale, ignored (credit_limit_stale)
 *   credit_absurd   its LIMIT with sequence numbers 1000 and more ahead
 *                   and VL 0's count 2^30 beyond: absurd, ignored
 *                   (rx_drop_credit_absurd); the receiver's own LIMITs,
 *                   stale after it, start the sender over
 *   sync_forged     its SYNC with an epoch 100 ahead and every count 500
 *                   beyond: the receiver rebases to it, and the sender's
 *                   own repeated SYNC undoes it
 * and adaptive routing notifications (16B management to DLID, as if from
 * switch 2 of group 1 about its global link to group 3, link index 4;
 * sequence numbers from $SNIC_ARN_SEQ, default 1, one more per packet):
 *   arn_cong        congestion detected, metric 100
 *   arn_cong_life   the same with a LIFETIME of $SNIC_ARN_LIFE us, default
 *                   2 s
 *   arn_fail        failure detected (metric 255)
 *   arn_recover     failure recovered
 *   arn_elim        congestion eliminated
 *   arn_local       congestion of the intra-group link 2 -> 0
 *   arn_short       a parameter cut short
 *   arn_version     version 1
 *   arn_type        type 9
 *   arn_field       no ORIGIN
 *   arn_group       from group 7
 *   arn_self        from switch 0 (the receiver's own number)
 * ($SNIC_ARN_ORIGIN, $SNIC_ARN_PEER, $SNIC_ARN_FLOW and $SNIC_ARN_PATH
 * change the origin, the link and name a flow: arn_env() below).
 * With $SNIC_INJECT_SLIDS set to N, frame i comes from SLID + i % N: one
 * run makes a NIC track N destinations. $SNIC_INJECT_SRC and
 * $SNIC_INJECT_DST (xx:xx:xx:xx:xx:xx) replace the outer Ethernet source
 * (02:00:00:00:00:99) and destination (broadcast), for a bridge to learn.
 * $SNIC_INJECT_PAYLOAD is the L4 payload of good, padded and late
 * frames (64 bytes by default).
 * $SNIC_INJECT_SC is the SC of the frames that are not management (0),
 * $SNIC_INJECT_SL the SL a CN names (1).
 */
#include <arpa/inet.h>
#include <linux/if_packet.h>
#include <net/ethernet.h>
#include <net/if.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include "hdr16b.h"
#include "cca.h"
#include "addr.h"
#include "arn.h"
#include "credit.h"

static const char *const classes[] = {
	"good", "mgmt", "cn", "cn_short", "cn_version", "cn_type", "cn_field",
	"fecn", "becn", "rc_detour", "truncated", "bad_l2", "bad_len",
	"bad_pad", "padded",
	"credit_stale", "sync_forged", "late",
	"mgmt_padded",
	"unknown_l4", "short_inner", "credit_short", "credit_version",
	"credit_type", "credit_vl15", "credit_absurd", "sync_vl9",
	"arn_cong", "arn_cong_life", "arn_fail", "arn_recover", "arn_elim",
	"arn_local", "arn_short", "arn_version", "arn_type", "arn_field",
	"arn_group", "arn_self",
};

static uint32_t arn_seq = 1;
static uint32_t arn_life = 2000000;

/*
 * The environment's overrides: $SNIC_ARN_ORIGIN "GROUP.SWITCH",
 * $SNIC_ARN_PEER "PEERGROUP.INDEX" (a global link of the origin), and a
 * per-flow ARN: $SNIC_ARN_FLOW "SADDR,DADDR,SPORT,DPORT,PROTO" (IPv4),
 * $SNIC_ARN_PATH the flow's 16B ENTROPY.
 */
static void arn_env(struct snic_arn *a)
{
	const char *o = getenv("SNIC_ARN_ORIGIN"), *p = getenv("SNIC_ARN_PEER");
	const char *f = getenv("SNIC_ARN_FLOW"), *id = getenv("SNIC_ARN_PATH");
	unsigned int x, y, sp, dp, pr;
	char sa[32], da[32];
	struct in_addr in;

	if (o && sscanf(o, "%u.%u", &x, &y) == 2) {
		a->group = x;
		a->sw = y;
		if (a->params & SNIC_ARN_P_LOCAL_LINK)
			a->from = y;
	}
	if (p && sscanf(p, "%u.%u", &x, &y) == 2) {
		a->peer_group = x;
		a->index = y;
	}
	if (f && sscanf(f, "%31[^,],%31[^,],%u,%u,%u", sa, da, &sp, &dp,
			&pr) == 5) {
		a->params |= SNIC_ARN_P_FLOW;
		if (inet_pton(AF_INET, sa, &in) == 1)
			a->saddr = ntohl(in.s_addr);
		if (inet_pton(AF_INET, da, &in) == 1)
			a->daddr = ntohl(in.s_addr);
		a->sport = sp;
		a->dport = dp;
		a->proto = pr;
	}
	if (id) {
		a->params |= SNIC_ARN_P_PATH_ID;
		a->path_id = strtoul(id, NULL, 0);
	}
}

static size_t build_arn(const char *cls, uint8_t *pl)
{
	struct snic_arn a = {
		.type = SNIC_ARN_CONGESTED, .metric = 100,
		.params = SNIC_ARN_P_ORIGIN | SNIC_ARN_P_PEER_GROUP |
			  SNIC_ARN_P_SEQ,
		.group = 1, .sw = 2, .peer_group = 3, .index = 4,
		.seq = arn_seq,
	};
	size_t n;

	if (!strcmp(cls, "arn_cong_life")) {
		a.params |= SNIC_ARN_P_LIFETIME;
		a.lifetime_us = arn_life;
	} else if (!strcmp(cls, "arn_fail")) {
		a.type = SNIC_ARN_FAILED;
		a.metric = 255;
	} else if (!strcmp(cls, "arn_recover")) {
		a.type = SNIC_ARN_RECOVERED;
		a.metric = 0;
	} else if (!strcmp(cls, "arn_elim")) {
		a.type = SNIC_ARN_ELIMINATED;
		a.metric = 200;
	} else if (!strcmp(cls, "arn_local")) {
		a.params = SNIC_ARN_P_ORIGIN | SNIC_ARN_P_LOCAL_LINK |
			   SNIC_ARN_P_SEQ;
		a.from = 2;
		a.to = 0;
	} else if (!strcmp(cls, "arn_group")) {
		a.group = 7;
	} else if (!strcmp(cls, "arn_self")) {
		a.sw = 0;
	}
	arn_env(&a);
	n = snic_arn_encode(&a, pl, SNIC_ARN_LEN_MAX);
	if (!strcmp(cls, "arn_short"))
		n = 10;
	else if (!strcmp(cls, "arn_version"))
		pl[1] = 0x10;
	else if (!strcmp(cls, "arn_type"))
		pl[0] = 9;
	else if (!strcmp(cls, "arn_field")) {
		/* ORIGIN's bit cleared, its bytes gone */
		pl[3] &= ~SNIC_ARN_P_ORIGIN;
		memmove(pl + 4, pl + 8, n - 8);
		n -= 4;
	}
	return n;
}

/*
 * The next credit frame of @type that @ifindex sends, into @c: 0, or -1
 * if none went in 3 s. Outgoing frames reach only ETH_P_ALL taps.
 */
static int snoop(int ifindex, uint8_t type, bool out, struct snic_credit *c)
{
	struct sockaddr_ll sll = { .sll_family = AF_PACKET,
				   .sll_protocol = htons(ETH_P_ALL),
				   .sll_ifindex = ifindex };
	struct timeval tv = { .tv_sec = 3 };
	uint8_t buf[512];
	int fd, rc = -1;

	fd = socket(AF_PACKET, SOCK_RAW, htons(ETH_P_ALL));
	if (fd < 0 || bind(fd, (struct sockaddr *)&sll, sizeof(sll)) ||
	    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv))) {
		perror("snoop");
		goto out;
	}
	for (;;) {
		struct sockaddr_ll from;
		socklen_t fl = sizeof(from);
		ssize_t n = recvfrom(fd, buf, sizeof(buf), 0,
				     (struct sockaddr *)&from, &fl);

		if (n < 0)
			break;
		if ((from.sll_pkttype == PACKET_OUTGOING) != out || n < 14 ||
		    buf[12] != 0x88 || buf[13] != 0xb6 ||
		    snic_credit_decode(buf + 14, n - 14, c) ||
		    c->type != type || (type == SNIC_CREDIT_SYNC && !c->mask))
			continue;
		rc = 0;
		break;
	}
out:
	if (fd >= 0)
		close(fd);
	if (rc)
		fprintf(stderr, "snic_inject: no credit frame of type %u went out\n",
			type);
	return rc;
}

/* The frame a forgery is made from (snoop()), once. */
static struct snic_credit forge_base;
static int forge_n;

static size_t build_forged(const char *cls, int ifindex, uint8_t *f)
{
	struct snic_credit c;
	int i;

	if (!forge_n && snoop(ifindex, strcmp(cls, "sync_forged") ?
			      SNIC_CREDIT_LIMIT : SNIC_CREDIT_SYNC, true,
			      &forge_base))
		return 0;
	c = forge_base;
	forge_n++;
	if (!strcmp(cls, "credit_stale")) {
		c.seq -= 1000 + forge_n;
		for (i = 0; i < SNIC_CREDIT_VLS; i++)
			c.count[i] += 1u << 30;
	} else if (!strcmp(cls, "credit_absurd")) {
		c.seq += 1000 + forge_n;
		c.count[0] += 1u << 30;
	} else {
		c.epoch += 100;
		for (i = 0; i < SNIC_CREDIT_VLS; i++)
			c.count[i] += 500;
	}
	f[12] = 0x88;
	f[13] = 0xb6;
	snic_credit_encode(f + 14, &c);
	return 14 + SNIC_CREDIT_FRAME_LEN;
}

static size_t build_credit(const char *cls, uint8_t *f)
{
	struct snic_credit c = { .type = SNIC_CREDIT_LIMIT, .mask = 1 };
	uint8_t *p = f + 14;

	f[12] = 0x88;
	f[13] = 0xb6;
	c.count[0] = 1u << 30;
	if (!strcmp(cls, "credit_vl15"))
		c.mask = 1u << 15;
	if (!strcmp(cls, "sync_vl9")) {
		c.type = SNIC_CREDIT_SYNC;
		c.mask = 1u << 9;
	}
	snic_credit_encode(p, &c);
	if (!strcmp(cls, "credit_version"))
		p[0] = 9;
	if (!strcmp(cls, "credit_type"))
		p[1] = 7;
	if (!strcmp(cls, "credit_short"))
		return 14 + 10;
	return 14 + SNIC_CREDIT_FRAME_LEN;
}

#define ETH_P_SNIC 0x88B5

/* The MAC address in environment variable @name, if set, into @mac. */
static void env_mac(const char *name, uint8_t *mac)
{
	const char *v = getenv(name);
	unsigned int b[6], i;

	if (v && sscanf(v, "%x:%x:%x:%x:%x:%x", &b[0], &b[1], &b[2], &b[3],
			&b[4], &b[5]) == 6)
		for (i = 0; i < 6; i++)
			mac[i] = b[i];
}

/* The epoch of a late frame: 16 before the far receiver's (once). */
static int late_epoch = -1;

static size_t build(const char *cls, int ifindex, uint32_t dlid,
		    uint32_t slid, uint8_t *f)
{
	struct snic_16b h = { .dlid = dlid, .slid = slid, .l2 = SNIC_16B_L2_TYPE,
			      .l4 = 0x78, .pkey = 0xffff };
	uint8_t *p = f + 14, *pl = p + SNIC_16B_HDR_LEN;
	const char *sc = getenv("SNIC_INJECT_SC");
	const char *sl = getenv("SNIC_INJECT_SL");
	const char *plen = getenv("SNIC_INJECT_PAYLOAD");
	const char *padlen = getenv("SNIC_INJECT_PAD");
	size_t payload = 64, len;
	unsigned int pad;

	if (sc)
		h.sc = strtoul(sc, NULL, 0) & 31;
	if (plen && (!strcmp(cls, "good") || !strcmp(cls, "padded") ||
		     !strcmp(cls, "late")))
		payload = strtoul(plen, NULL, 0);
	if (payload > 8192)
		payload = 8192;
	if (!strcmp(cls, "late")) {
		if (late_epoch < 0) {
			struct snic_credit c;

			if (snoop(ifindex, SNIC_CREDIT_LIMIT, false, &c))
				return 0;
			late_epoch = (uint8_t)(c.epoch - 16);
		}
		h.le = late_epoch;
	}
	memset(f, 0xff, 6);
	memcpy(f + 6, "\x02\x00\x00\x00\x00\x99", 6);
	env_mac("SNIC_INJECT_DST", f);
	env_mac("SNIC_INJECT_SRC", f + 6);
	f[12] = ETH_P_SNIC >> 8;
	f[13] = ETH_P_SNIC & 0xff;
	if (!strncmp(cls, "credit_", 7) || !strncmp(cls, "sync_", 5))
		return build_credit(cls, f);

	if (!strcmp(cls, "truncated")) {
		snic_16b_encode(&h, p);
		return 14 + 10;
	}
	if (!strcmp(cls, "short_inner"))
		payload = 6;
	if (!strncmp(cls, "arn_", 4)) {
		payload = build_arn(cls, pl);
		h.l4 = 0x08;
		h.sc = 15;
		goto finish;
	}
	if (!strcmp(cls, "mgmt") || !strcmp(cls, "mgmt_padded") ||
	    !strncmp(cls, "cn", 2)) {
		struct snic_cn cn = { .sl = 1, .count = 1 };

		if (sl)
			cn.sl = strtoul(sl, NULL, 0);

		snic_cn_encode(pl, &cn);
		payload = SNIC_CN_LEN;
		if (!strcmp(cls, "cn_short"))
			payload = 4;
		if (!strcmp(cls, "cn_version"))
			pl[0] = 9;
		if (!strcmp(cls, "cn_type"))
			pl[1] = 7;
		if (!strcmp(cls, "cn_field"))
			pl[2] = SNIC_CC_NUM_SL;
		h.l4 = 0x08;
		h.sc = 15;
		h.becn = strncmp(cls, "mgmt", 4) != 0;
		goto finish;
	}
	h.fecn = !strcmp(cls, "fecn");
	h.becn = !strcmp(cls, "becn");
	if (!strcmp(cls, "rc_detour"))
		h.rc = SNIC_RC_DETOUR;
	/* Inner Ethernet frame: to the DLID's MAC, from the SLID's. */
	memset(pl, 0, payload);
	if (payload >= 14) {
		snic_lid_to_mac(dlid, pl);
		snic_lid_to_mac(slid, pl + 6);
		pl[12] = 0x88;
		pl[13] = 0xb7;
	}
	if (!strcmp(cls, "unknown_l4"))
		h.l4 = 0x55;
	else if (!strcmp(cls, "bad_l2"))
		h.l2 = 1;
finish:
	pad = snic_16b_pad(payload);
	snic_16b_put_trailer(pl + payload, pad);
	h.len = snic_16b_pkt_len(payload) / SNIC_16B_FLIT;
	if (!strcmp(cls, "bad_len"))
		h.len += 1;
	if (!strcmp(cls, "bad_pad")) {
		/* 3 flits in all: header + 3 bytes + trailer, pad count 7. */
		h.len = 3;
		snic_16b_encode(&h, p);
		memset(pl, 0, 8);
		pl[7] = 7;
		return 14 + 24;
	}
	snic_16b_encode(&h, p);
	len = 14 + snic_16b_pkt_len(payload);
	if (!strcmp(cls, "padded")) {
		size_t n = padlen ? strtoul(padlen, NULL, 0) : 24;

		if (n > 4096)
			n = 4096;
		memset(f + len, 0, n);
		len += n;
	}
	if (!strcmp(cls, "mgmt_padded") && len < 60) {
		memset(f + len, 0, 60 - len);
		len = 60;
	}
	return len;
}

int main(int argc, char **argv)
{
	struct sockaddr_ll sll = { .sll_family = AF_PACKET };
	static uint8_t frame[16384];
	const char *seq = getenv("SNIC_ARN_SEQ");
	const char *life = getenv("SNIC_ARN_LIFE");
	const char *slids = getenv("SNIC_INJECT_SLIDS");
	unsigned long span = slids ? strtoul(slids, NULL, 0) : 1;
	long count, i;
	size_t len, c;
	int fd;

	if (argc != 6) {
		fprintf(stderr, "usage: snic_inject IFACE CLASS COUNT DLID SLID\n");
		return 2;
	}
	sll.sll_ifindex = if_nametoindex(argv[1]);
	sll.sll_halen = 6;
	memset(sll.sll_addr, 0xff, 6);
	if (!sll.sll_ifindex) {
		perror(argv[1]);
		return 1;
	}
	count = strtol(argv[3], NULL, 0);
	if (seq)
		arn_seq = strtoul(seq, NULL, 0);
	if (life)
		arn_life = strtoul(life, NULL, 0);
	for (c = 0; c < sizeof(classes) / sizeof(classes[0]); c++)
		if (!strcmp(argv[2], classes[c]))
			break;
	if (c == sizeof(classes) / sizeof(classes[0])) {
		fprintf(stderr, "snic_inject: unknown class %s\n", argv[2]);
		return 2;
	}
	fd = socket(AF_PACKET, SOCK_RAW, 0);
	if (fd < 0) {
		perror("socket");
		return 1;
	}
	/* Late frames keep the epoch they were made with: not through the
	 * link's sch_snic, which stamps its own (and counts them).
	 */
	if (!strcmp(argv[2], "late")) {
		int one = 1;

		if (setsockopt(fd, SOL_PACKET, PACKET_QDISC_BYPASS, &one,
			       sizeof(one))) {
			perror("PACKET_QDISC_BYPASS");
			return 1;
		}
	}
	for (i = 0; i < count; i++) {
		if (!strcmp(argv[2], "credit_stale") ||
		    !strcmp(argv[2], "credit_absurd") ||
		    !strcmp(argv[2], "sync_forged")) {
			memset(frame, 0xff, 6);
			memcpy(frame + 6, "\x02\x00\x00\x00\x00\x99", 6);
			len = build_forged(argv[2], sll.sll_ifindex, frame);
			if (!len)
				return 1;
		} else {
			len = build(argv[2], sll.sll_ifindex,
				    strtoul(argv[4], NULL, 0),
				    strtoul(argv[5], NULL, 0) + i % (span ?: 1),
				    frame);
			if (!len)
				return 1;
		}
		arn_seq++;
		if (sendto(fd, frame, len, 0, (struct sockaddr *)&sll,
			   sizeof(sll)) != (ssize_t)len) {
			perror("sendto");
			return 1;
		}
	}
	close(fd);
	return 0;
}
