#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# A topology of your own, written by hand: a dumbbell whose middle link
# is the bottleneck, and a victim that never crosses it.
#
#   make run EXP=examples/dumbbell.sh [ARGS=quick]
#
# s1 holds h1, h2, h3 and s2 holds h4, h5, h6, every host link at
# 25 Gb/s, the s1-s2 link at 10 Gb/s (the description below, written to
# $SNIC_OUT/dumbbell.fab: a "host"/"switch" line per node, a "link" line
# per cable, rates and buffers per link or for all; snic.rst, Fabric
# manager, has the format). h1, h2 and h3 send to h4, h5 and h6 across
# the bottleneck; h1 also sends to h2, through s1 only. Without CCA the
# lossless bottleneck backs up into s1 and h1's NIC, and h1's victim
# flow to h2 waits behind it; with CCA h1 paces DLID 4 alone and the
# victim goes on. Per run: the victim's accepted load over its max-min
# fair share, the bottleneck's use, Jain's index over the three crossing
# flows, and the fidelity. "quick" (make check) runs briefly.
#
# In $SNIC_OUT (build/results/dumbbell-DATE/ on the host): dumbbell.fab,
# per run (PACING 0, 1) its report (run-PACING.json), its verdict
# (health-PACING.json) and its queues and CCTIs over time
# (record-PACING.csv, "snicctl fabric record"), dumbbell.csv and
# dumbbell.gp, which scripts/run.sh draws into dumbbell.png. On the host,
# scripts/snic-plot draws the standard figures from those files, e.g.
#   scripts/snic-plot record -o q.png --health health-1.json record-1.csv
set -u
JQ=/usr/bin/gojq
secs=3 warm=4
[ "${1:-}" != quick ] || { secs=0.5 warm=1; }
fab=$SNIC_OUT/dumbbell.fab
cat >"$fab" <<'EOF'
# A dumbbell: two switches, three hosts on each, one slow link between.
rate 25gbit
switch s1
switch s2
host h1
host h2
host h3
host h4
host h5
host h6
link h1 s1
link h2 s1
link h3 s1
link h4 s2
link h5 s2
link h6 s2
link s1 s2 rate 10gbit
EOF
csv=$SNIC_OUT/dumbbell.csv
echo "# pacing victim_share bottleneck_use jain fidelity" >"$csv"
bad=0
for cc in 0 1; do
	snicctl fabric up "$fab" name ex >/dev/null || exit 1
	snicctl fabric set ex nics cc_pacing $cc >/dev/null || exit 1
	snicctl fabric health ex mark >/dev/null
	# the queues and CCTIs over the run, every 100 fabric us (1 s of
	# wall time at the fabric's dilation, 10000), until it is over: the
	# recording starts before the traffic and ends (SIGTERM, between two
	# samples) once it holds a sample begun after the traffic ended,
	# however long the traffic took to start on a busy machine
	r=$SNIC_OUT/record-$cc.csv
	snicctl fabric record ex interval 100 -o "$r" &
	rec=$!
	j=$SNIC_OUT/run-$cc.json
	snicctl -j fabric traffic ex flows:h1-h4,h2-h5,h3-h6,h1-h2@0.3 \
		load 0.6 size 1500 seconds $secs warmup $warm seed 1 >"$j" ||
		{ kill $rec; wait $rec; snicctl fabric down ex; exit 1; }
	# the traffic's end on CLOCK_MONOTONIC, the clock of the record's
	# mono_ns (its last column): wait for a sample begun after it
	end=$(sed -n 's/^now at \([0-9]*\) nsecs.*/\1/p' /proc/timer_list |
	      head -n 1)
	t=0
	until tail -n 1 "$r" | awk -F, -v e="$end" '$NF + 0 > e + 0 { ok = 1 }
						  END { exit !ok }' ||
	      [ $t -ge 600 ] || ! kill -0 $rec 2>/dev/null; do
		sleep 0.1
		t=$((t + 1))
	done
	kill -TERM $rec 2>/dev/null
	wait $rec || echo "dumbbell: fabric record failed (run $cc)" >&2
	snicctl -j fabric health ex >"$SNIC_OUT/health-$cc.json"
	v=$($JQ -r '.fidelity // "UNKNOWN"' "$SNIC_OUT/health-$cc.json")
	v=${v:-UNKNOWN}
	echo "FIDELITY pacing$cc $v"
	[ "$v" = FAITHFUL ] || bad=$((bad + 1))
	snicctl fabric down ex >/dev/null
	# the crossing flows' accepted loads are fractions of a 25 Gb/s host
	# link: their sum x 2.5 is the 10 Gb/s link's use
	$JQ -r --arg c "$cc" --arg v "$v" '
		def r: . * 1000 | round / 1000;
		[.flow[] | select(.dst != "h2") | .accepted] as $x |
		(.flow[] | select(.src == "h1" and .dst == "h2")) as $vf |
		($x | add) as $s | ($x | map(. * .) | add) as $q |
		"\($c) \($vf.accepted / $vf.fair | r) \($s * 2.5 | r) \(if $q > 0 then $s * $s / (3 * $q) | r else 0 end) \($v)"' \
		"$j" | tee -a "$csv"
done
cat >"$SNIC_OUT/dumbbell.gp" <<GP
set terminal png size 800,500
set output 'dumbbell.png'
set title "Dumbbell, 25 Gb/s hosts, a 10 Gb/s middle (fabric time)\\n$bad run(s) not FAITHFUL"
set ylabel 'fraction'
set yrange [0:1.2]
set style data histograms
set style fill solid 0.8 border -1
set boxwidth 0.9
set grid ytics
set key top left
plot 'dumbbell.csv' using 2:xtic(int(\$1) ? "CCA on" : "CCA off") title "victim h1-h2 over its fair share", \\
     '' using 3 title 'bottleneck use', \\
     '' using 4 title "Jain's index, crossing flows"
GP
