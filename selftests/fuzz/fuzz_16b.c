// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer harness for the 16B parser (drivers/snic/core/hdr16b.c), the
 * code that every received fabric packet meets first. Checks, beyond "no
 * crash" (ASan/UBSan): a packet the parser accepts has a payload inside
 * it, and re-encoding the decoded header gives back the original bytes
 * (bits the format does not carry excepted).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "hdr16b.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct snic_16b h, h2;
	uint8_t hdr[SNIC_16B_HDR_LEN], again[SNIC_16B_HDR_LEN];
	size_t payload;

	if (size < 1)
		return 0;
	memset(hdr, 0, sizeof(hdr));
	memcpy(hdr, data, size < sizeof(hdr) ? size : sizeof(hdr));
	if (snic_16b_parse(size >= SNIC_16B_HDR_LEN ? data : hdr, size,
			   data[size - 1], &h, &payload) == SNIC_16B_OK) {
		if (payload + SNIC_16B_HDR_LEN + SNIC_16B_TRAILER_LEN > size)
			abort();
		if (h.len * SNIC_16B_FLIT != size || h.l2 != SNIC_16B_L2_TYPE)
			abort();
	}
	/* decode/encode round trip on the header bytes */
	snic_16b_decode(hdr, &h);
	snic_16b_encode(&h, again);
	snic_16b_decode(again, &h2);
	if (!snic_16b_same(&h, &h2))
		abort();
	/* only word 1 bit 31 and word 3 bits 31:24 are not carried */
	again[7] |= hdr[7] & 0x80;
	again[15] = hdr[15];
	if (memcmp(hdr, again, sizeof(hdr)))
		abort();
	return 0;
}
