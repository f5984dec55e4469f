/* SPDX-License-Identifier: GPL-2.0 */
/*
 * xorshift64* (Vigna): a small, fast, reproducible generator for the
 * host tools and benchmarks that need the same draws from the same seed
 * (snicctl fabric traffic, selftests/unit/bench_dlid). Not for anything
 * an adversary may predict: the kernel uses get_random_*().
 */
#ifndef _SNIC_CORE_XORSHIFT_H
#define _SNIC_CORE_XORSHIFT_H

#include "core_types.h"

#define SNIC_XORSHIFT_SEED	88172645463325252ULL

static inline u64 snic_xorshift64s(u64 *state)
{
	u64 x = *state;

	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	*state = x;
	return x * 2685821657736338717ULL;
}

#endif /* _SNIC_CORE_XORSHIFT_H */
