#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# An incast's flow completion time (FCT) slowdown, CCA off and on, as
# HPCC and Swift report it.
#
#   make run EXP=examples/incast-fct.sh [ARGS=quick]
#
# star:N+1 at 10 Gb/s: hosts h1..hN each send messages of 8 datagrams of
# 1500 bytes (12 KB) back to back at line rate to h(N+1), spaced to offer
# 0.05 of a link each, 0.8 of the hot link in all ("fabric traffic ...
# incast:N msg 8"). A message's
# FCT runs from its first send to its last arrival, fabric time; its
# slowdown is over the p50 FCT of one sender alone (incast:1). Each run
# on a fabric of its own: one sender alone, then N with every NIC's
# pacing off (cc_pacing 0), then on. "quick" runs N = 4 at 0.2 each,
# briefly (make check runs it so).
#
# In $SNIC_OUT (build/results/incast-fct-DATE/ on the host): one JSON
# report per run (run-N-PACING.json), incast-fct.csv (senders, pacing,
# p50 and p99 slowdown, fidelity) and incast-fct.gp, which scripts/run.sh
# draws into incast-fct.png.
set -u
JQ=/usr/bin/gojq
n=16 load=0.05 secs=4 warm=1
# quick: 4 senders at 0.2 each (0.8 of the hot link, as 16 at 0.05)
[ "${1:-}" != quick ] || { n=4 load=0.2 secs=1.5 warm=0.3; }
csv=$SNIC_OUT/incast-fct.csv
echo "# senders pacing fct_p50_slowdown fct_p99_slowdown fidelity" >"$csv"
bad=0
base=
# run SENDERS PACING: one run, its CSV row
run() {
	snicctl fabric up "star:$((n + 1))" name ex rate 10gbit >/dev/null || exit 1
	snicctl fabric set ex nics cc_pacing "$2" >/dev/null || exit 1
	snicctl fabric health ex mark >/dev/null
	j=$SNIC_OUT/run-$1-$2.json
	snicctl -j fabric traffic ex "incast:$1" load $load size 1500 msg 8 \
		seconds $secs warmup $warm seed 1 >"$j" || exit 1
	v=$(snicctl -j fabric health ex | $JQ -r .fidelity)
	echo "FIDELITY incast${1}_pacing$2 $v"
	[ "$v" = FAITHFUL ] || bad=$((bad + 1))
	snicctl fabric down ex >/dev/null
	[ "$($JQ -r '.fct_n // 0' "$j")" -gt 0 ] ||
		{ echo "no message completed in run-$1-$2.json" >&2; exit 1; }
	[ -n "$base" ] || base=$($JQ -r .fct_p50_ns "$j")
	$JQ -r --arg n "$1" --arg c "$2" --arg v "$v" --argjson b "$base" '
		"\($n) \($c) \(.fct_p50_ns / $b * 1000 | round / 1000) \(.fct_p99_ns / $b * 1000 | round / 1000) \($v)"' \
		"$j" | tee -a "$csv"
}
run 1 1
run $n 0
run $n 1
cat >"$SNIC_OUT/incast-fct.gp" <<GP
set terminal png size 800,500
set output 'incast-fct.png'
set title "Incast of $n into 1, star:$((n + 1)) at 10 Gb/s, 12 KB messages (fabric time)\\n$bad run(s) not FAITHFUL"
set ylabel 'FCT over one sender alone (p50)'
set style data histograms
set style fill solid 0.8 border -1
set boxwidth 0.9
set yrange [0:*]
set grid ytics
plot 'incast-fct.csv' using 3:xtic(sprintf("%d senders, pacing %s", int(\$1), int(\$2) ? "on" : "off")) title 'p50', \\
     '' using 4 title 'p99'
GP
