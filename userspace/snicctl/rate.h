/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Rates in tc's units (tc(8)): bit, kbit, mbit, gbit, tbit (bits/s) and
 * bps, kbps, mbps, gbps, tbps (bytes/s), in any case ("100Gbit",
 * "100GBPS"). Pure C, host unit tested (selftests/unit).
 */
#ifndef _SNICCTL_RATE_H
#define _SNICCTL_RATE_H

/* @s as bytes per second; -1: not a rate (no unit, a bad number, a
 * negative one, or one too large). */
long long parse_rate(const char *s);

/* The units, for messages: "bit kbit ... tbps". */
extern const char rate_units[];

#endif
