/* SPDX-License-Identifier: GPL-2.0 */
/*
 * OPA 16B L2 header codec (kernel-independent).
 *
 * A 16B packet, as carried after the outer Ethernet header, is
 *
 *   | 16B header (16 bytes) | L4 payload | pad (0..7) | ICRC (4) | tail (1) |
 *
 * and its total length is a whole number of 8-byte flits, given by the
 * header's LEN field. The tail byte carries the pad count in bits 2:0
 * (bits 7:3 are reserved, sent as zero, ignored on receive); the ICRC is
 * reserved (sent as zero, not checked: an emulated link does not corrupt).
 * The layout of the four little-endian header words is in
 * include/uapi/linux/snic.h and Documentation/networking/snic.rst.
 */
#ifndef _SNIC_CORE_HDR16B_H
#define _SNIC_CORE_HDR16B_H

#include "core_types.h"

#define SNIC_16B_HDR_LEN	16
#define SNIC_16B_TRAILER_LEN	5	/* ICRC (4) + tail byte (1) */
#define SNIC_16B_FLIT		8
#define SNIC_16B_LEN_MAX	0x7ff	/* LEN is 11 bits of flits */
#define SNIC_16B_PKT_MAX	(SNIC_16B_LEN_MAX * SNIC_16B_FLIT)
#define SNIC_16B_L2_TYPE	2
#define SNIC_LID_MASK		0xffffff

struct snic_16b {
	u32 slid;	/* 24 bits */
	u32 dlid;	/* 24 bits */
	u16 len;	/* 11 bits, in flits */
	u16 pkey;
	u16 entropy;
	u8 becn;	/* 1 bit */
	u8 fecn;	/* 1 bit */
	u8 l2;		/* 2 bits */
	u8 rc;		/* 3 bits */
	u8 sc;		/* 5 bits */
	u8 l4;
	u8 age;
	u8 le;		/* link epoch: the sending link end's (credit.h) */
};

/* Why a received 16B packet is refused; one drop counter each. */
enum snic_16b_err {
	SNIC_16B_OK = 0,
	SNIC_16B_ERR_TRUNCATED,	/* shorter than the header or the trailer */
	SNIC_16B_ERR_L2,	/* L2 type is not 16B */
	SNIC_16B_ERR_LEN,	/* LEN does not match the bytes received */
	SNIC_16B_ERR_PAD,	/* pad count leaves no room for the payload */
};

static inline u32 snic_16b_word(const u8 *buf, unsigned int i)
{
	buf += 4 * i;
	return (u32)buf[0] | (u32)buf[1] << 8 | (u32)buf[2] << 16 |
	       (u32)buf[3] << 24;
}

/* The SLID and DLID of the 16B header @buf (the layout is hdr16b.c's). */
static inline u32 snic_16b_slid(const u8 *buf)
{
	return (snic_16b_word(buf, 0) & 0xfffff) |
	       ((snic_16b_word(buf, 2) >> 8) & 0xf) << 20;
}

static inline u32 snic_16b_dlid(const u8 *buf)
{
	return (snic_16b_word(buf, 1) & 0xfffff) |
	       ((snic_16b_word(buf, 2) >> 12) & 0xf) << 20;
}

void snic_16b_encode(const struct snic_16b *h, u8 *buf);
void snic_16b_decode(const u8 *buf, struct snic_16b *h);

/*
 * Check a received 16B packet of @len bytes (header through tail): @hdr
 * holds its first SNIC_16B_HDR_LEN bytes (read only when @len covers them),
 * @tail its last byte. On success fill @h and @payload_len (the L4 payload
 * without pad and trailer) and return SNIC_16B_OK.
 */
enum snic_16b_err snic_16b_parse(const u8 *hdr, size_t len, u8 tail,
				 struct snic_16b *h, size_t *payload_len);

/* Pad count and total 16B packet length for an L4 payload of @payload_len. */
static inline unsigned int snic_16b_pad(size_t payload_len)
{
	return (SNIC_16B_FLIT -
		((SNIC_16B_HDR_LEN + payload_len + SNIC_16B_TRAILER_LEN) %
		 SNIC_16B_FLIT)) % SNIC_16B_FLIT;
}

static inline size_t snic_16b_pkt_len(size_t payload_len)
{
	return SNIC_16B_HDR_LEN + payload_len + snic_16b_pad(payload_len) +
	       SNIC_16B_TRAILER_LEN;
}

/* Whether two decoded headers are equal field by field. */
bool snic_16b_same(const struct snic_16b *a, const struct snic_16b *b);

/* Write pad, ICRC and tail after a payload; @buf points just past it. */
void snic_16b_put_trailer(u8 *buf, unsigned int pad);

#endif /* _SNIC_CORE_HDR16B_H */
