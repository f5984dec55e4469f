#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# A CCA hot spot swept over offered load, CCA off and on.
#
#   make run EXP=examples/cca-hotspot.sh [ARGS=quick]
#
# fattree:2,1,4 at 25 Gb/s (h1-h4 on leaf1, h5-h8 on leaf2, one spine):
# h1 (over the spine), h6 and h5 (at half) send to h8, the hot spot; h2
# sends to h7, a victim that shares the spine -> leaf2 link with h1's
# hot flow but not h8's link. At each offered load, with every NIC's
# pacing off (cc_pacing 0) and on: the victim's accepted load over its
# max-min fair share (fabric traffic computes it from the routes), the
# hot link's use, and the run's fidelity, each run on a fabric of its
# own. "quick" runs one load, briefly (make check runs it so).
#
# In $SNIC_OUT (build/results/cca-hotspot-DATE/ on the host): one JSON
# report per run (run-PACING-LOAD.json), cca-hotspot.csv and
# cca-hotspot.gp, which scripts/run.sh draws into cca-hotspot.png.
set -u
JQ=/usr/bin/gojq
loads="0.4 0.6 0.8 1.0" secs=2 warm=4
[ "${1:-}" != quick ] || { loads=1.0 secs=0.5 warm=1; }
csv=$SNIC_OUT/cca-hotspot.csv
echo "# load pacing victim_share hot_util fidelity" >"$csv"
bad=0
for cc in 0 1; do
	for load in $loads; do
		snicctl fabric up fattree:2,1,4 name ex rate 25gbit >/dev/null || exit 1
		for h in h1 h2 h3 h4 h5 h6 h7 h8; do
			snicctl -n ex-$h dev set snic0 cc_pacing $cc || exit 1
		done
		# the verdict covers this run only, not the fabric's setup
		snicctl fabric health ex mark >/dev/null
		j=$SNIC_OUT/run-$cc-$load.json
		snicctl -j fabric traffic ex flows:h1-h8,h6-h8,h5-h8@0.5,h2-h7 \
			load "$load" size 1500 seconds $secs warmup $warm seed 1 >"$j" ||
			exit 1
		v=$(snicctl -j fabric health ex | $JQ -r .fidelity)
		echo "FIDELITY pacing${cc}_load$load $v"
		[ "$v" = FAITHFUL ] || bad=$((bad + 1))
		snicctl fabric down ex >/dev/null
		$JQ -r --arg l "$load" --arg c "$cc" --arg v "$v" '
			(.flow[] | select(.src == "h2" and .dst == "h7")) as $f |
			(.host[] | select(.name == "h8")) as $h |
			"\($l) \($c) \($f.accepted / $f.fair * 1000 | round / 1000) \($h.accepted) \($v)"' \
			"$j" | tee -a "$csv"
	done
done
cat >"$SNIC_OUT/cca-hotspot.gp" <<GP
set terminal png size 800,500
set output 'cca-hotspot.png'
set title "CCA hot spot, fattree:2,1,4 at 25 Gb/s (fabric time)\\n$bad run(s) not FAITHFUL"
set xlabel 'offered load (fraction of a host link)'
set ylabel 'fraction'
set yrange [0:1.2]
set key bottom left
plot 'cca-hotspot.csv' using 1:(\$2 == 0 ? \$3 : 1/0) title 'victim share, pacing off' with linespoints lw 2, \\
     '' using 1:(\$2 == 1 ? \$3 : 1/0) title 'victim share, pacing on' with linespoints lw 2, \\
     '' using 1:(\$2 == 1 ? \$4 : 1/0) title 'hot link use, pacing on' with linespoints dashtype 2
GP
