#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# CCA's settings swept on the congestion tree, to find what meets the
# goals (victim share, hot link use and Jain's index all >= 0.95) or to
# show that no setting tried does.
#
#   make run EXP=examples/cca-sweep.sh [ARGS="quick"]
#   make run EXP=examples/cca-sweep.sh ARGS="[rounds R] [LABEL...]"
#
# The congestion tree of make bench (cca_*): fattree:2,1,4 at 25 Gb/s,
# h1 (over the spine), h6 and h5 (at half) into h8, the hot spot; the
# victim h2 -> h7 shares the spine -> leaf2 link with h1's hot flow;
# h5 -> h4 with h5's other half. Every NIC paces (cc_pacing 1). Each
# setting below is a run on a fabric of its own per round (R rounds, 1
# by default), with the traffic of make bench's cca_on runs (load 1.0,
# 1500-byte frames, 8 s of warm-up, 4 s measured; round R's seed is R:
# other arrivals, the same offered loads). One setting differs from
# opafm's defaults at a time, then a few combinations:
#
#   opafm       switch threshold 8 of 16 (half the VL buffer), every
#               packet marked; ccti_increase 5, ccti_timer 10 (x 1.024
#               us), CCT rising to 8300 ns (cct_max_delay), 128 entries;
#               BECN coalescing 10 us
#   thrT        the switches' cc_thr T (15: 1/16 of the buffer)
#   rateN       one packet in N marked (cc_rate, on every switch port)
#   incN        ccti_increase N
#   timerN      ccti_timer N
#   delayNS     cct_max_delay NS (the CCT's shape: its steepness)
#   winNS       becn_window NS (the BECN coalescing window)
#
# Per run: the victim's accepted load over its max-min fair share, the
# hot link's use (h8's accepted load), Jain's index over the three hot
# flows, and the fidelity. The table (cca-sweep.txt), a row per setting:
# each figure the median of its FAITHFUL runs with their min-max (a
# setting with none has no figures), the settings no other beats on all
# three medians (the Pareto front), the best for each figure, and
# whether one setting met all three goals. "quick" (make check) runs
# opafm's defaults and one other, briefly; LABEL... runs those only.
#
# In $SNIC_OUT (build/results/cca-sweep-DATE/ on the host): per run its
# report (run-LABEL-ROUND.json), cca-sweep.csv (a row per run),
# cca-sweep.txt, and cca-sweep.gp, which scripts/run.sh draws into
# cca-sweep.png (victim share against hot link use: the runs, each
# setting's medians with Jain's index as colour, the front ringed).
set -u
JQ=/usr/bin/gojq
IP=/usr/sbin/ip
secs=4 warm=8
# LABEL|fabric up's extra options|the NICs' settings|the switch ports'
POINTS='opafm|||
thr4|cc_thr 4||
thr12|cc_thr 12||
thr15|cc_thr 15||
rate4|||cc_rate 4
rate16|||cc_rate 16
inc1||ccti_increase 1|
inc2||ccti_increase 2|
inc10||ccti_increase 10|
timer5||ccti_timer 5|
timer20||ccti_timer 20|
timer40||ccti_timer 40|
delay4150||cct_max_delay 4150|
delay16600||cct_max_delay 16600|
win2000||becn_window 2000|
win40000||becn_window 40000|
thr12_inc2|cc_thr 12|ccti_increase 2|
thr15_inc1_timer5|cc_thr 15|ccti_increase 1 ccti_timer 5|
inc2_timer20||ccti_increase 2 ccti_timer 20|
thr12_rate4_inc2|cc_thr 12|ccti_increase 2|cc_rate 4
rate4_inc2||ccti_increase 2|cc_rate 4
thr12_rate4_inc3|cc_thr 12|ccti_increase 3|cc_rate 4'
want='' rounds=1
while [ $# -gt 0 ]; do
	case $1 in
	quick) secs=0.5 warm=1 want="opafm thr12_rate4_inc2" ;;
	rounds) rounds=${2:?rounds R}; shift ;;
	*) want="$want $1" ;;
	esac
	shift
done
for l in $want; do
	echo "$POINTS" | grep -q "^$l|" ||
		{ echo "cca-sweep: no setting \"$l\" (see the list at the top)" >&2; exit 2; }
done
csv=$SNIC_OUT/cca-sweep.csv
echo "# run victim_share hot_util jain fidelity label round" >"$csv"
r=1 i=0
while [ $r -le "$rounds" ]; do
	# each round its own seed: other arrivals, the same offered loads
	echo "$POINTS" | while IFS='|' read -r label up nic port; do
	[ -z "$want" ] || case " $want " in *" $label "*) ;; *) continue ;; esac
	i=$((i + 1))
	# shellcheck disable=SC2086
	snicctl fabric up fattree:2,1,4 name ex rate 25gbit $up >/dev/null ||
		exit 1
	# shellcheck disable=SC2086
	snicctl fabric set ex nics cc_pacing 1 $nic >/dev/null || exit 1
	if [ -n "$port" ]; then
		# every switch port (iproute2's ip: busybox's has no -n),
		# each setting read back
		for sw in leaf1 leaf2 spine1; do
			ports=$($IP -n "ex-$sw" -br link |
				sed -n 's/^\(p[0-9]*\)[@ ].*/\1/p')
			[ -n "$ports" ] || { echo "cca-sweep: no ports on $sw" >&2; exit 1; }
			for p in $ports; do
				# shellcheck disable=SC2086
				snicctl -n "ex-$sw" qdisc set "$p" $port || exit 1
				# shellcheck disable=SC2086
				set -- $port
				while [ $# -ge 2 ]; do
					snicctl -n "ex-$sw" -j qdisc show "$p" |
						$JQ -e --arg k "$1" --argjson v "$2" \
						'.[0][$k] | if type == "array" then .[0] else . end | . == $v' \
						>/dev/null || { echo "cca-sweep: $sw $p: $1 is not $2" >&2; exit 1; }
					shift 2
				done
			done
		done
	fi
	snicctl fabric health ex mark >/dev/null
	j=$SNIC_OUT/run-$label-$r.json
	snicctl -j fabric traffic ex flows:h1-h8,h6-h8,h5-h8@0.5,h2-h7,h5-h4@0.5 \
		load 1.0 size 1500 seconds $secs warmup $warm seed $r >"$j" ||
		exit 1
	v=$(snicctl -j fabric health ex | $JQ -r '.fidelity // "UNKNOWN"')
	v=${v:-UNKNOWN}
	snicctl fabric down ex >/dev/null
	# a figure whose flow is missing from the report is no row at all,
	# and a run without its row fails the sweep
	row=$($JQ -r --arg i "$i" --arg v "$v" --arg l "$label" --arg r "$r" '
		def r: . * 1000 | round / 1000;
		def f(s; d): first(.flow[] | select(.src == s and .dst == d));
		(f("h2"; "h7") | .accepted / .fair) as $vs |
		(first(.host[] | select(.name == "h8")) | .accepted) as $hot |
		[f("h1"; "h8"), f("h6"; "h8"), f("h5"; "h8") | .accepted] as $x |
		($x | add) as $s | ($x | map(. * .) | add) as $q |
		select(($x | length) == 3 and $q > 0) |
		"\($i) \($vs | r) \($hot | r) \($s * $s / 3 / $q | r) \($v) \($l) \($r)"' \
		"$j")
	[ -n "$row" ] ||
		{ echo "cca-sweep: $label round $r: no figures in $j" >&2; exit 1; }
	echo "FIDELITY $label-$r $v"
	echo "$row" | tee -a "$csv"
	done || exit 1
	r=$((r + 1))
	i=$(((r - 1) * 100))
done
# The table, a row per setting: each figure the median of its FAITHFUL
# runs (min-max beside it), a setting with none has no figures; the
# Pareto front over those medians (no other setting at least as good on
# all three and better on one), the best of each figure, and the goals.
awk -v pts="$POINTS" '
function med(s,    a, n, k, l, t) {
	n = split(s, a, " ")
	for (k = 2; k <= n; k++)
		for (l = k; l > 1 && a[l - 1] > a[l]; l--) {
			t = a[l]; a[l] = a[l - 1]; a[l - 1] = t
		}
	lo = a[1]; hi = a[n]
	return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
BEGIN {
	n = split(pts, line, "\n")
	for (k = 1; k <= n; k++) {
		split(line[k], f, "|")
		s = f[2] " " f[3] " " f[4]
		gsub(/  +/, " ", s); sub(/^ /, "", s); sub(/ $/, "", s)
		set[f[1]] = s == "" ? "(opafm defaults)" : s
	}
}
/^[0-9]/ {
	if (!($6 in runs)) { order[++m] = $6 }
	runs[$6]++
	if ($5 != "FAITHFUL") { unf[$6]++; next }
	V[$6] = V[$6] " " $2; H[$6] = H[$6] " " $3; J[$6] = J[$6] " " $4
}
END {
	printf "%-18s %-19s %-19s %-19s %-6s %s\n", "setting", "victim", "hot", "jain",
		"runs", "flags, options"
	for (a = 1; a <= m; a++) {
		l = order[a]
		if (V[l] == "")
			continue
		v[l] = med(V[l]); rv[l] = sprintf("%.3f (%.3f-%.3f)", v[l], lo, hi)
		# more than its fair share is no better than all of it
		cv[l] = v[l] > 1 ? 1 : v[l]
		h[l] = med(H[l]); rh[l] = sprintf("%.3f (%.3f-%.3f)", h[l], lo, hi)
		j[l] = med(J[l]); rj[l] = sprintf("%.3f (%.3f-%.3f)", j[l], lo, hi)
		ok[l] = 1
	}
	for (a = 1; a <= m; a++) {
		l = order[a]
		if (!ok[l])
			continue
		front = 1
		for (b = 1; b <= m && front; b++) {
			o = order[b]
			if (o != l && ok[o] && cv[o] >= cv[l] && h[o] >= h[l] &&
			    j[o] >= j[l] && (cv[o] > cv[l] || h[o] > h[l] || j[o] > j[l]))
				front = 0
		}
		pf[l] = front
		if (bv == "" || cv[l] > cv[bv]) bv = l
		if (bh == "" || h[l] > h[bh]) bh = l
		if (bj == "" || j[l] > j[bj]) bj = l
		if (v[l] >= 0.95 && h[l] >= 0.95 && j[l] >= 0.95) met = met " " l
	}
	for (a = 1; a <= m; a++) {
		l = order[a]
		fl = (pf[l] ? "front " : "") (l == bv ? "best-victim " : "") \
		     (l == bh ? "best-hot " : "") (l == bj ? "best-jain " : "")
		nr = sprintf("%d/%d", runs[l] - unf[l], runs[l])
		if (ok[l])
			printf "%-18s %-19s %-19s %-19s %-6s %s%s\n", l, rv[l], rh[l], rj[l], nr, fl, set[l]
		else
			printf "%-18s %-19s %-19s %-19s %-6s %s\n", l, "-", "-", "-", nr, "no FAITHFUL run: " set[l]
	}
	print "runs: FAITHFUL of all; figures: the median of the FAITHFUL runs (min-max)"
	if (!m)
		print "no run gave its figures"
	else if (met != "")
		print "goals (median victim, hot and Jain all >= 0.95) met by:" met
	else
		print "goals (median victim, hot and Jain all >= 0.95): met by no setting tried"
}' "$csv" >"$SNIC_OUT/cca-sweep.txt"
cat "$SNIC_OUT/cca-sweep.txt"
# each setting's medians, and the front's, for the plot
awk 'NR > 1 && $2 ~ /^[0-9.]+$/ { print $1, $2, $4, $6 }' \
	"$SNIC_OUT/cca-sweep.txt" >"$SNIC_OUT/cca-sweep-med.dat"
awk 'NR > 1 && $2 ~ /^[0-9.]+$/ && / front / { print $2, $4 }' \
	"$SNIC_OUT/cca-sweep.txt" >"$SNIC_OUT/cca-sweep-front.dat"
nf=$(awk '/^[0-9]/ && $5 != "FAITHFUL"' "$csv" | wc -l)
cat >"$SNIC_OUT/cca-sweep.gp" <<GP
set terminal png size 900,600 noenhanced
set output 'cca-sweep.png'
set title "CCA settings on the congestion tree, fattree:2,1,4 at 25 Gb/s (fabric time)\\n$nf run(s) not FAITHFUL; goals: all three >= 0.95"
set xlabel "victim share (accepted over max-min fair)"
set ylabel "hot link use"
set cblabel "Jain's index, hot flows"
set grid
set key bottom left
set offsets 0.02, 0.02, 0.01, 0.01
plot 'cca-sweep.csv' using 2:3 title 'a run' with points pt 7 ps 0.6 lc rgb 'gray', \\
     'cca-sweep-med.dat' using 2:3:4 title 'a setting, its median (colour: Jain)' with points pt 7 ps 1.5 palette, \\
     '' using 2:3:1 notitle with labels offset 0,0.8 font ',8', \\
     'cca-sweep-front.dat' using 1:2 title 'on the Pareto front (victim, hot, Jain)' with points pt 6 ps 2.5 lc rgb 'black'
GP
