#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# bench-plots.sh LOG [DIR]: the PNG plots of a make bench run, from its
# output (the BENCH and FIDELITY lines; "make bench" keeps it in
# build/bench.log), into DIR (Documentation/). gnuplot (gnuplot-nox,
# installed by scripts/setup.sh) draws them.
#
#   bench-sweep.png  accepted load and mean latency against offered load
#                    (sweep_uniform_*): fabric time, each point with its
#                    fidelity verdict
set -u
log=${1:?usage: bench-plots.sh LOG [DIR]}
dir=${2:-$(dirname "$0")/../Documentation}
command -v gnuplot >/dev/null || { echo "bench-plots: no gnuplot (scripts/setup.sh)" >&2; exit 1; }
dat=$(mktemp)
trap 'rm -f "$dat"' EXIT

# offered accepted latency_us faithful(1/0)
for pct in $(sed -n 's/^BENCH sweep_uniform_accepted_l\([0-9]*\) .*/\1/p' "$log"); do
	acc=$(sed -n "s/^BENCH sweep_uniform_accepted_l$pct //p" "$log")
	lat=$(sed -n "s/^BENCH sweep_uniform_latency_mean_ns_l$pct //p" "$log")
	v=$(sed -n "s/^FIDELITY sweep_uniform_l$pct \([A-Z]*\).*/\1/p" "$log")
	awk -v p="$pct" -v a="$acc" -v l="$lat" -v f="$v" \
		'BEGIN { printf "%.2f %s %.3f %d\n", p / 100, a, l / 1000, f == "FAITHFUL" }'
done >"$dat"
[ -s "$dat" ] || { echo "bench-plots: no sweep in $log" >&2; exit 1; }
kernel=$(sed -n 's/^# vm: kernel \([^,]*\),.*/\1/p' "$log" | head -n 1)
unfaithful=$(awk '!$4' "$dat" | wc -l)

gnuplot <<EOF
set terminal png size 900,560
set output "$dir/bench-sweep.png"
set title "Uniform random traffic, fattree:2,2,2 at 25 Gb/s, dilation 10000 (fabric time)\n$(date -u +%Y-%m-%d), kernel ${kernel:-?}, $unfaithful of $(wc -l <"$dat") points UNFAITHFUL"
set xlabel "offered load (fraction of host link rate)"
set ylabel "accepted load (mean over hosts)"
set y2label "mean latency (fabric us, log)"
set xrange [0:1.05]
set yrange [0:1.05]
set logscale y2
set y2tics
set ytics nomirror
set key left top
set grid
plot x title "accepted = offered" with lines dashtype 2 lc rgb "gray", \
     "$dat" using 1:2 title "accepted" with linespoints lw 2 pt 7 lc rgb "blue", \
     "$dat" using 1:3 axes x1y2 title "mean latency" with linespoints lw 2 pt 5 lc rgb "red"
EOF
echo "# plot written to $dir/bench-sweep.png"
