// SPDX-License-Identifier: GPL-2.0
/*
 * OPA 16B L2 header codec. See hdr16b.h for the packet layout.
 *
 *   word 0: BECN[31] LEN[30:20] SLID[19:0]
 *   word 1: L2[30:29] FECN[28] RC[27:25] SC[24:20] DLID[19:0]
 *   word 2: PKEY[31:16] DLID[23:20] at [15:12] SLID[23:20] at [11:8] L4[7:0]
 *   word 3: LE[31:24] AGE[23:16] ENTROPY[15:0]
 */
#include "hdr16b.h"

static u32 get_le32(const u8 *p)
{
	return (u32)p[0] | (u32)p[1] << 8 | (u32)p[2] << 16 | (u32)p[3] << 24;
}

static void put_le32(u8 *p, u32 v)
{
	p[0] = v;
	p[1] = v >> 8;
	p[2] = v >> 16;
	p[3] = v >> 24;
}

void snic_16b_encode(const struct snic_16b *h, u8 *buf)
{
	u32 w0, w1, w2, w3;

	w0 = (u32)(h->becn & 1) << 31 | (u32)(h->len & SNIC_16B_LEN_MAX) << 20 |
	     (h->slid & 0xfffff);
	w1 = (u32)(h->l2 & 3) << 29 | (u32)(h->fecn & 1) << 28 |
	     (u32)(h->rc & 7) << 25 | (u32)(h->sc & 0x1f) << 20 |
	     (h->dlid & 0xfffff);
	w2 = (u32)h->pkey << 16 | ((h->dlid >> 20) & 0xf) << 12 |
	     ((h->slid >> 20) & 0xf) << 8 | h->l4;
	w3 = (u32)h->le << 24 | (u32)h->age << 16 | h->entropy;

	put_le32(buf, w0);
	put_le32(buf + 4, w1);
	put_le32(buf + 8, w2);
	put_le32(buf + 12, w3);
}

void snic_16b_decode(const u8 *buf, struct snic_16b *h)
{
	u32 w0 = get_le32(buf), w1 = get_le32(buf + 4);
	u32 w2 = get_le32(buf + 8), w3 = get_le32(buf + 12);

	h->becn = w0 >> 31;
	h->len = (w0 >> 20) & SNIC_16B_LEN_MAX;
	h->l2 = (w1 >> 29) & 3;
	h->fecn = (w1 >> 28) & 1;
	h->rc = (w1 >> 25) & 7;
	h->sc = (w1 >> 20) & 0x1f;
	h->pkey = w2 >> 16;
	h->dlid = snic_16b_dlid(buf);
	h->slid = snic_16b_slid(buf);
	h->l4 = w2 & 0xff;
	h->le = w3 >> 24;
	h->age = (w3 >> 16) & 0xff;
	h->entropy = w3 & 0xffff;
}

enum snic_16b_err snic_16b_parse(const u8 *hdr, size_t len, u8 tail,
				 struct snic_16b *h, size_t *payload_len)
{
	unsigned int pad;

	if (len < SNIC_16B_HDR_LEN + SNIC_16B_TRAILER_LEN)
		return SNIC_16B_ERR_TRUNCATED;
	snic_16b_decode(hdr, h);
	if (h->l2 != SNIC_16B_L2_TYPE)
		return SNIC_16B_ERR_L2;
	if ((size_t)h->len * SNIC_16B_FLIT != len)
		return SNIC_16B_ERR_LEN;
	pad = tail & 7;
	if (SNIC_16B_HDR_LEN + pad + SNIC_16B_TRAILER_LEN > len)
		return SNIC_16B_ERR_PAD;
	*payload_len = len - SNIC_16B_HDR_LEN - pad - SNIC_16B_TRAILER_LEN;
	return SNIC_16B_OK;
}

void snic_16b_put_trailer(u8 *buf, unsigned int pad)
{
	memset(buf, 0, pad + SNIC_16B_TRAILER_LEN);
	buf[pad + SNIC_16B_TRAILER_LEN - 1] = pad & 7;
}

bool snic_16b_same(const struct snic_16b *a, const struct snic_16b *b)
{
	return a->slid == b->slid && a->dlid == b->dlid && a->len == b->len &&
	       a->pkey == b->pkey && a->entropy == b->entropy &&
	       a->becn == b->becn && a->fecn == b->fecn && a->l2 == b->l2 &&
	       a->rc == b->rc && a->sc == b->sc && a->l4 == b->l4 &&
	       a->age == b->age && a->le == b->le;
}
