#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# booksim-table.sh < BENCH-LINES: the table of Documentation/benchmarks.rst
# that puts the 72-host Dragonfly's accepted load at offered 1.0 (df72_*,
# make bench) beside BookSim2's on the same shape
# (Documentation/booksim2-dragonfly.txt, which says how those were
# measured): per routing and traffic, snic's figure, BookSim2's with
# 10/100 and 1/1 cycle channels, their ratio against 1/1 (snic's links
# have no propagation delay), and whether snic is within 10 % of it.
#
# booksim-table.sh --bench: BookSim2's figures as make bench reports them
# beside snic's (BENCH and SPREAD lines, from the same file: measured once,
# not by each make bench): the accepted load past saturation with 1/1-cycle
# channels (booksim_{min,val,ugal}_adv1, booksim_{min,val}_uniform) and
# how many fabric us it simulates per wall second (booksim_df72_us_per_wall_s).
set -u
ref=$(dirname "$0")/../Documentation/booksim2-dragonfly.txt
[ -r "$ref" ] || { echo "booksim-table: no $ref" >&2; exit 1; }
if [ "${1:-}" = --bench ]; then
	awk '$1 == "#" && $2 == "speed:" && NF == 6 {
		print "BENCH booksim_df72_us_per_wall_s " $3
		print "SPREAD booksim_df72_us_per_wall_s " $4 " " $5 " " $6 }
	     $1 !~ /^#/ && $3 == "1/1" && $2 == "adv1" && $1 != "UGAL-L" {
		print "BENCH booksim_" tolower($1) "_adv1 " $5 }
	     $1 == "UGAL-L" && $2 == "adv1" && $3 == "1/1" {
		print "BENCH booksim_ugal_adv1 " $5 }
	     $1 !~ /^#/ && $3 == "1/1" && $2 == "uniform" && $1 != "UGAL-L" {
		print "BENCH booksim_" tolower($1) "_uniform " $5 }' "$ref"
	exit 0
fi
{
	sed 's/^/REF /' "$ref" | grep -v '^REF #'
	cat
} | awk '
	$1 == "REF" { acc[$2 " " $3 " " $4] = $6; next }
	$1 == "BENCH" { v[$2] = $3 }
	function row(r, b, t, f,   x, s, q, w, rt) {
		x = (f in v) ? v[f] : "missing"
		s = acc[b " " t " 10/100"]; q = acc[b " " t " 1/1"]
		if (x == "missing" || q == "") { w = "-"; rt = "-" }
		else { rt = sprintf("%.3f", x / q)
		       w = (x / q >= 0.9 && x / q <= 1.1) ? "yes" : "no" }
		printf "%-15s  %-7s  %-7s  %-9s  %-9s  %-6s  %s\n", r, t == "adv1" ? "ADV+1" : t,
			x, s, q, rt, w
	}
	END {
		rule = "===============  =======  =======  =========  =========  ======  ======"
		print rule
		printf "%-15s  %-7s  %-7s  %-9s  %-9s  %-6s  %s\n", "snic", "traffic",
			"snic", "BookSim2", "BookSim2", "ratio", "within"
		printf "%-15s  %-7s  %-7s  %-9s  %-9s  %-6s  %s\n", "(BookSim2)", "",
			"", "10/100", "1/1", "to 1/1", "10 %"
		print rule
		row("MIN (MIN)", "MIN", "adv1", "df72_min_adv1")
		row("MIN (MIN)", "MIN", "uniform", "df72_min_uniform")
		row("VAL/flow (VAL)", "VAL", "adv1", "df72_val_adv1")
		row("VAL/flow (VAL)", "VAL", "uniform", "df72_val_uniform")
		row("VAL/pkt (VAL)", "VAL", "adv1", "df72_valpkt_adv1")
		row("VAL/pkt (VAL)", "VAL", "uniform", "df72_valpkt_uniform")
		row("UGAL-L (UGAL-L)", "UGAL-L", "adv1", "df72_ugal_adv1")
		row("UGAL-L (UGAL-L)", "UGAL-L", "uniform", "df72_ugal_uniform")
		row("ARN (UGAL-L)", "UGAL-L", "adv1", "df72_arn_adv1")
		row("ARN (UGAL-L)", "UGAL-L", "uniform", "df72_arn_uniform")
		print rule
	}'
