// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer harness for the credit frame parser (drivers/snic/core/
 * credit.h), which every link end runs on frames its neighbour sends.
 * Checks, beyond "no crash": an accepted frame never names the
 * management VL, re-encoding it gives back the bytes it was decoded from
 * (counts outside the mask excepted), and the credit arithmetic on its
 * counts stays consistent.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "credit.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t again[SNIC_CREDIT_FRAME_LEN];
	struct snic_credit c;
	int i;

	if (snic_credit_decode(data, size, &c) != SNIC_CREDIT_OK)
		return 0;
	if (size < SNIC_CREDIT_FRAME_LEN || c.mask & (1u << SNIC_CREDIT_VL_MGMT))
		abort();
	snic_credit_encode(again, &c);
	if (memcmp(again, data, 4))
		abort();
	for (i = 0; i < SNIC_CREDIT_VLS; i++) {
		const uint8_t *p = data + 4 + 4 * i;

		if ((c.mask & (1u << i)) && memcmp(again + 4 + 4 * i, p, 4))
			abort();
		/* fits() and diff() agree for any pair of counters */
		if (snic_credit_fits(c.count[i], c.count[(i + 1) % 16], 1) !=
		    (snic_credit_diff(c.count[i], c.count[(i + 1) % 16] + 1) >= 0))
			abort();
	}
	return 0;
}
