#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Adversarial traffic on a Dragonfly: minimal routing (MIN), Valiant
# (VAL), adaptive routing with ARN (ARN), and BookSim2's per-packet
# Valiant (VALPKT) and UGAL-L (UGAL), swept over offered load.
#
#   make run EXP=examples/dragonfly-adv.sh [ARGS=quick]
#
# dragonfly:2,4,2,9 (72 hosts: 9 groups of 4 switches, 2 hosts and 2
# global links a switch) at 2.5 Gb/s, HoQ lifetime 500 fabric us, under
# ADV+1 (every host of group i sends to random hosts of group i+1, whose
# minimal paths share one global link): MIN is held to about 1/(a p) of
# a link, the others go around. Per routing mode a fabric of its own
# ("fabric up ... val", "ar intm flow", "valpkt" or "ugal"), and per offered load a run with its
# own fidelity window. BookSim2 on this shape: MIN 0.12, VAL 0.55 at
# saturation (Documentation/booksim2-dragonfly.txt). "quick" (make
# check) runs dragonfly:1,2,1,3 (6 hosts) at
# one load, briefly.
#
# In $SNIC_OUT (build/results/dragonfly-adv-DATE/ on the host): per run
# its report (run-MODE-LOAD.json) and verdict (health-MODE-LOAD.json),
# dragonfly-adv.csv (load, mode 0 MIN 1 VAL 2 ARN 3 VALPKT 4 UGAL, accepted load, mean
# latency, fidelity, mode's name) and dragonfly-adv.gp, which
# scripts/run.sh draws into dragonfly-adv.png. scripts/snic-plot draws
# the latency CDFs from the reports:
#   scripts/snic-plot cdf -o cdf.png MIN=run-min-1.0.json VAL=run-val-1.0.json
set -u
JQ=/usr/bin/gojq
topo=dragonfly:2,4,2,9 loads="0.2 0.4 0.6 0.8 1.0" secs=3 warm=1
[ "${1:-}" != quick ] || { topo=dragonfly:1,2,1,3 loads=1.0 secs=1 warm=0.3; }
csv=$SNIC_OUT/dragonfly-adv.csv
echo "# load mode accepted latency_mean_ns fidelity name" >"$csv"
bad=0
i=0
for mode in min val ar valpkt ugal; do
	opt=
	[ $mode = min ] || opt=$mode
	# ARN crosses its intermediate group through a switch drawn per flow,
	# as the bench's does (valpkt and ugal draw one per packet by default)
	[ $mode != ar ] || opt="ar intm flow"
	snicctl fabric up $topo name ex rate 2500mbit hoq 500 $opt >/dev/null || exit 1
	for load in $loads; do
		snicctl fabric health ex mark >/dev/null
		j=$SNIC_OUT/run-$mode-$load.json
		snicctl -j fabric traffic ex adv+1 load "$load" size 1500 \
			seconds $secs warmup $warm seed 1 >"$j" || exit 1
		snicctl -j fabric health ex >"$SNIC_OUT/health-$mode-$load.json"
		v=$($JQ -r .fidelity "$SNIC_OUT/health-$mode-$load.json")
		echo "FIDELITY ${mode}_load$load $v"
		[ "$v" = FAITHFUL ] || bad=$((bad + 1))
		$JQ -r --arg l "$load" --arg i "$i" --arg v "$v" --arg m "$mode" '
			"\($l) \($i) \(.accepted_mean * 10000 | round / 10000) \(.latency_mean_ns) \($v) \($m)"' \
			"$j" | tee -a "$csv"
	done
	snicctl fabric down ex >/dev/null
	i=$((i + 1))
done
cat >"$SNIC_OUT/dragonfly-adv.gp" <<GP
set terminal png size 800,500
set output 'dragonfly-adv.png'
set title "ADV+1 on $topo at 2.5 Gb/s (fabric time)\\n$bad run(s) not FAITHFUL"
set xlabel 'offered load (fraction of a host link)'
set ylabel 'accepted load (mean over hosts)'
set xrange [0:1.05]
set yrange [0:1.05]
set key top left
set grid
plot x title 'accepted = offered' with lines dashtype 2 lc rgb 'gray', \\
     'dragonfly-adv.csv' using 1:(\$2 == 0 ? \$3 : 1/0) title 'MIN' with linespoints lw 2 pt 7, \\
     '' using 1:(\$2 == 1 ? \$3 : 1/0) title 'VAL' with linespoints lw 2 pt 5, \\
     '' using 1:(\$2 == 2 ? \$3 : 1/0) title 'ARN' with linespoints lw 2 pt 9, \\
     '' using 1:(\$2 == 3 ? \$3 : 1/0) title 'VAL per packet' with linespoints lw 2 pt 11, \\
     '' using 1:(\$2 == 4 ? \$3 : 1/0) title 'UGAL-L' with linespoints lw 2 pt 13
GP
