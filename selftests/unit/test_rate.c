// SPDX-License-Identifier: GPL-2.0
/*
 * Host unit tests of snicctl's rates in tc's units (userspace/snicctl/
 * rate.c): every unit, any case, and what is no rate.
 */
#include "unit.h"
#include "rate.h"

void test_rate(void)
{
	static const struct { const char *s; long long v; } ok[] = {
		{ "100gbit", 12500000000LL }, { "100Gbit", 12500000000LL },
		{ "100GBIT", 12500000000LL }, { "1tbit", 125000000000LL },
		{ "10mbit", 1250000 }, { "8kbit", 1000 }, { "800bit", 100 },
		{ "100gbps", 100000000000LL }, { "2.5Gbps", 2500000000LL },
		{ "1kbps", 1000 }, { "3bps", 3 }, { "0bit", 0 },
		{ ".5mbit", 62500 },
	};
	static const char *const bad[] = {
		"", "100", "gbit", "100gbitx", "100 gbit", "-1gbit", "infgbit",
		"nangbit", "1e30tbps", "100gb", "x100gbit", "0x10gbit",
	};
	unsigned int i, good = 0, refused = 0;

	for (i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
		long long v = parse_rate(ok[i].s);

		if (v == ok[i].v)
			good++;
		else
			printf("# %s: %lld, not %lld\n", ok[i].s, v, ok[i].v);
	}
	CHECK(good == sizeof(ok) / sizeof(ok[0]),
	      "rates: every tc unit, bits and bytes, in any case, tbit too");
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		if (parse_rate(bad[i]) == -1)
			refused++;
		else
			printf("# \"%s\" taken for a rate\n", bad[i]);
	}
	CHECK(refused == sizeof(bad) / sizeof(bad[0]),
	      "rates: no unit, a bad unit, a sign, inf, nan, hex, too large: refused");
}
