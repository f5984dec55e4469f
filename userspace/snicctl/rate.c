// SPDX-License-Identifier: GPL-2.0
/* Rates in tc's units (rate.h). */
#include <math.h>
#include <stdlib.h>
#include <strings.h>

#include "rate.h"

const char rate_units[] = "bit kbit mbit gbit tbit bps kbps mbps gbps tbps";

long long parse_rate(const char *s)
{
	static const struct { const char *unit; double mult; } units[] = {
		{ "bit", 1 / 8.0 }, { "kbit", 1e3 / 8 }, { "mbit", 1e6 / 8 },
		{ "gbit", 1e9 / 8 }, { "tbit", 1e12 / 8 }, { "bps", 1 },
		{ "kbps", 1e3 }, { "mbps", 1e6 }, { "gbps", 1e9 },
		{ "tbps", 1e12 },
	};
	char *end;
	double v;
	size_t i;

	v = strtod(s, &end);
	/* digits first: no "inf", "nan" or hex */
	if (end == s || ((*s < '0' || *s > '9') && *s != '.') ||
	    (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')))
		return -1;
	if (!isfinite(v) || v < 0)
		return -1;
	for (i = 0; i < sizeof(units) / sizeof(units[0]); i++)
		if (!strcasecmp(end, units[i].unit)) {
			v = v * units[i].mult + 0.5;
			return v < 9e18 ? (long long)v : -1;
		}
	return -1;
}
