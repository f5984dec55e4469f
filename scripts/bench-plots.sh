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
#   bench-routing.png  the 72-host Dragonfly's accepted load at offered
#                    1.0 per routing mode (df72_*: MIN, VAL per flow and
#                    per packet, UGAL-L, ARN), beside BookSim2's
#   bench-cca.png    the congestion tree's figures, CCA off, on and on
#                    at the tuned setting (cca_*, cca_*_tuned)
#   bench-routing-sweep.png  (make bench-full) accepted against offered
#                    load per routing mode, ADV+1 and uniform
#   bench-cca-time.png  the congestion tree's flows over time (accepted
#                    load per 20 fabric us), CCA off and on (SERIES cca_*)
#   bench-cca-episode.png  one congestion episode on that tree, CCA on: the
#                    queues of the two congested egresses and a hot
#                    source's CCTI (EPISODE cca_episode)
#   bench-latency-cdf.png  the 72-host Dragonfly's latency CDF per routing
#                    mode, uniform traffic at offered 0.5 (SERIES df72_*)
#   bench-arn-flips.png  ARN's accepted load over time as uniform and ADV+1
#                    traffic alternate every 50 fabric us (SERIES df72_arn_flips)
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
kernel=$(sed -n 's/^# vm: kernel \([^,]*\),.*/\1/p' "$log" | head -n 1)
unfaithful=$(awk '!$4' "$dat" | wc -l)
grep -q '^BENCH sweep_uniform_\|^BENCH df72\|^BENCH cca_' "$log" ||
	{ echo "bench-plots: nothing to plot in $log" >&2; exit 1; }

[ -s "$dat" ] && gnuplot <<EOF
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
[ -s "$dat" ] && echo "# plot written to $dir/bench-sweep.png"

# clustered bars, one group a line of $dat
bars='set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8 border -1
set boxwidth 0.9
set key left top
set grid ytics'
# the same with error bars: each bar "value min max" (3 columns)
ebars=$(printf '%s\n' "$bars" | sed 's/clustered gap 1/errorbars gap 1 lw 1/')

# val NAME: the value of BENCH NAME, or 0
val() { v=$(sed -n "s/^BENCH $1 //p" "$log" | head -n 1); echo "${v:-0}"; }
verdict() { sed -n "s/^FIDELITY $1 \([A-Z]*\).*/\1/p" "$log" | head -n 1; }
# verdicts RUN...: the runs' verdicts, one word when they agree
verdicts() { for r; do verdict "$r"; done | sort -u | paste -sd/; }
# lo NAME, hi NAME: the min and max of NAME's rounds (SPREAD), or its
# value when it was measured once
lo() { v=$(sed -n "s/^SPREAD $1 \([^ ]*\) .*/\1/p" "$log" | head -n 1); echo "${v:-$(val "$1")}"; }
hi() { v=$(sed -n "s/^SPREAD $1 [^ ]* \([^ ]*\) .*/\1/p" "$log" | head -n 1); echo "${v:-$(val "$1")}"; }
# bs ROUTING TRAFFIC: BookSim2's accepted load on the 72-host Dragonfly,
# 1/1-cycle channels (Documentation/booksim2-dragonfly.txt); "-" if none
bs() {
	awk -v r="$1" -v t="$2" '$1 == r && $2 == t && $3 == "1/1" { v = $5 }
		END { print v == "" ? "-" : v }' "$(dirname "$0")/../Documentation/booksim2-dragonfly.txt"
}
# vg NAME: the value of BENCH NAME, "-" (a gap) if it was not measured
vg() { v=$(sed -n "s/^BENCH $1 //p" "$log" | head -n 1); echo "${v:--}"; }
# vlh NAME: "value min max", "- - -" (a gap) for a figure not measured
vlh() {
	if grep -q "^BENCH $1 " "$log"; then
		echo "$(val "$1") $(lo "$1") $(hi "$1")"
	else
		echo "- - -"
	fi
}
date=$(date -u +%Y-%m-%d)

# Routing on the 72-host Dragonfly: accepted load at offered 1.0 per mode,
# beside BookSim2's figures for the same shape.
if grep -q '^BENCH df72_min_adv1 ' "$log"; then
	{
		echo "MIN $(vlh df72_min_adv1) $(vg df72_min_uniform) $(bs MIN adv1) $(bs MIN uniform)"
		echo "VAL/flow $(vlh df72_val_adv1) $(vg df72_val_uniform) $(bs VAL adv1) $(bs VAL uniform)"
		echo "VAL/pkt $(vlh df72_valpkt_adv1) $(vg df72_valpkt_uniform) $(bs VAL adv1) $(bs VAL uniform)"
		echo "UGAL-L $(vlh df72_ugal_adv1) $(vg df72_ugal_uniform) $(bs UGAL-L adv1) $(bs UGAL-L uniform)"
		echo "ARN $(vlh df72_arn_adv1) $(vg df72_arn_uniform) $(bs UGAL-L adv1) $(bs UGAL-L uniform)"
	} >"$dat"
	gnuplot <<PLOT
set terminal png size 900,580
set output "$dir/bench-routing.png"
set title "dragonfly:2,4,2,9 (72 hosts) at 2.5 Gb/s, dilation 10000: accepted load at offered 1.0 (fabric time)\n$date, kernel ${kernel:-?}; fidelity MIN $(verdict df72_min), VAL/flow $(verdict df72_val),\nVAL/pkt $(verdict df72_valpkt), UGAL-L $(verdict df72_ugal), ARN $(verdict df72_arn)"
set ylabel "accepted load (mean over hosts)"
set yrange [0:1]
$ebars
set datafile missing "-"
plot "$dat" using 2:3:4:xtic(1) title "ADV+1 (snic; 3 runs, median, min-max)" lc rgb "red", \
     "" using 5:5:5 title "uniform (snic)" lc rgb "blue", \
     "" using 6:6:6 title "ADV+1 (BookSim2, 1/1 cycles; VAL/flow and /pkt: VAL; ARN: UGAL-L)" lc rgb "#ffb0b0", \
     "" using 7:7:7 title "uniform (BookSim2)" lc rgb "#b0b0ff"
PLOT
	echo "# plot written to $dir/bench-routing.png"
fi

# CCA on the congestion tree: off, on (opafm's defaults) and on at the
# tuned setting (cca_*_tuned), against the goals.
if grep -q '^BENCH cca_victim_share ' "$log"; then
	{
		# (the tuned setting has no same-NIC victim figure: "-")
		echo "\"victim share\" $(vlh cca_victim_share_off) $(vlh cca_victim_share) $(vlh cca_victim_share_tuned) 0.90"
		echo "\"same-NIC victim\" $(vlh cca_same_nic_victim_off) $(vlh cca_same_nic_victim) - - - 0.95"
		echo "\"hot link util.\" $(vlh cca_hot_link_util_off) $(vlh cca_hot_link_util) $(vlh cca_hot_link_util_tuned) 0.95"
		echo "\"Jain (hot)\" $(vlh cca_jain_off) $(vlh cca_jain) $(vlh cca_jain_tuned) 0.95"
	} >"$dat"
	gnuplot <<PLOT
set terminal png size 900,620
set output "$dir/bench-cca.png"
set title "CCA on a congestion tree, fattree:2,1,4 at 25 Gb/s, dilation 10000 (fabric time)\n$date, kernel ${kernel:-?}; fidelity off $(verdicts cca_off_1 cca_off_2 cca_off_3 cca_off_4 cca_off_5), on $(verdicts cca_on_1 cca_on_2 cca_on_3 cca_on_4 cca_on_5), tuned $(verdicts cca_tuned_1 cca_tuned_2 cca_tuned_3 cca_tuned_4 cca_tuned_5)\n5 rounds, median, min-max"
set ylabel "fraction"
set yrange [0:1.1]
set datafile missing "-"
$ebars
set key below
plot "$dat" using 2:3:4:xtic(1) title "CCA off" lc rgb "gray", \
     "" using 5:6:7 title "CCA on (opafm's defaults)" lc rgb "dark-green", \
     "" using 8:9:10 title "CCA on, cc_thr 12, ccti_increase 2" noenhanced lc rgb "orange", \
     "" using 11:11:11 title "goal (opafm's; tuned: 0.95 each)" lc rgb "#c0e0c0"
PLOT
	echo "# plot written to $dir/bench-cca.png"
fi

# series NAME: "x y" lines of SERIES NAME (x: bin start, fabric us)
series() {
	sed -n "s/^SERIES $1 //p" "$log" | head -n 1 |
		awk '{ for (i = 2; i <= NF; i++) printf "%g %s\n", (i - 2) * $1, $i
			printf "%g %s\n", (NF - 1) * $1, $NF }'
}
if grep -q '^SERIES cca_on_h2-h7 ' "$log"; then
	for r in off on; do
		for f in h2-h7 h5-h4 h1-h8; do
			series "cca_${r}_$f" >"$dat.$r.$f"
		done
	done
	gnuplot <<PLOT
set terminal png size 900,560
set output "$dir/bench-cca-time.png"
set title "Congestion tree over time, fattree:2,1,4, 25 Gb/s, dilation 10000 (fabric time)\n$date, kernel ${kernel:-?}; fidelity off $(verdict cca_off_1), on $(verdict cca_on_1) (the first of 5 rounds)"
set xlabel "time in the window (fabric us)"
set ylabel "accepted load (fraction of the source's link)"
set yrange [0:1.05]
set key below maxrows 3
set grid
plot $(val cca_victim_fair_share) title "victim's fair share" with lines dashtype 2 lc rgb "gray", \
     "$dat.off.h2-h7" using 1:2 title "victim h2-h7, CCA off" with steps lw 2 lc rgb "#e08080", \
     "$dat.on.h2-h7" using 1:2 title "victim h2-h7, CCA on" with steps lw 2 lc rgb "dark-red", \
     "$dat.off.h5-h4" using 1:2 title "same-NIC h5-h4, off" with steps lw 2 lc rgb "#80a0e0", \
     "$dat.on.h5-h4" using 1:2 title "same-NIC h5-h4, on" with steps lw 2 lc rgb "dark-blue", \
     "$dat.off.h1-h8" using 1:2 title "hot h1-h8, off" with steps lw 1 lc rgb "#a0d0a0", \
     "$dat.on.h1-h8" using 1:2 title "hot h1-h8, on" with steps lw 1 lc rgb "dark-green"
PLOT
	rm -f "$dat".*
	echo "# plot written to $dir/bench-cca-time.png"
fi
if grep -q '^EPISODE cca_episode ' "$log"; then
	sed -n "s/^EPISODE cca_episode //p" "$log" >"$dat.ep"
	gnuplot <<PLOT
set terminal png size 900,560
set output "$dir/bench-cca-episode.png"
set title "One congestion episode, CCA on, fattree:2,1,4, 25 Gb/s, dilation 10000 (fabric time)\n$date, kernel ${kernel:-?}; fidelity $(verdict cca_episode)"
set xlabel "time since the first sends (fabric us)"
set ylabel "VL0 queue at the congested egress (packets)"
set y2label "CCTI of h1 towards h8"
set ytics nomirror
set y2tics
set yrange [0:*]
set y2range [0:*]
set key below maxrows 1
set grid
plot "$dat.ep" using 1:3 title "leaf2 -> h8" with steps lw 2 lc rgb "dark-red", \
     "$dat.ep" using 1:4 title "spine1 -> leaf2" with steps lw 2 lc rgb "dark-green", \
     "$dat.ep" using 1:2 axes x1y2 title "CCTI, h1 -> h8" with linespoints lw 2 pt 7 ps 0.5 lc rgb "dark-blue"
PLOT
	rm -f "$dat".*
	echo "# plot written to $dir/bench-cca-episode.png"
fi
if grep -q '^SERIES df72_min_uniform_l0.5_latency_cdf_ns ' "$log"; then
	for m in min val arn; do
		sed -n "s/^SERIES df72_${m}_uniform_l0.5_latency_cdf_ns 0 //p" "$log" |
			head -n 1 | awk 'BEGIN { split("0.01 0.05 0.10 0.20 0.30 0.40 0.50 0.60 0.70 0.80 0.90 0.95 0.99 0.999", q) }
				{ for (i = 1; i <= NF; i++) printf "%.3f %s\n", $i / 1000, q[i] }' >"$dat.$m"
	done
	gnuplot <<PLOT
set terminal png size 900,560
set output "$dir/bench-latency-cdf.png"
set title "Latency CDF, dragonfly:2,4,2,9, uniform at offered 0.5, 2.5 Gb/s, D 10000 (fabric time)\n$date, kernel ${kernel:-?}; fidelity MIN $(verdict df72_min), VAL $(verdict df72_val), ARN $(verdict df72_arn)"
set xlabel "latency (fabric us, log)"
set ylabel "fraction of datagrams"
set logscale x
set yrange [0:1.02]
set key left top
set grid
plot "$dat.min" using 1:2 title "MIN" with linespoints lw 2 pt 7, \
     "$dat.val" using 1:2 title "VAL" with linespoints lw 2 pt 5, \
     "$dat.arn" using 1:2 title "ARN" with linespoints lw 2 pt 9
PLOT
	rm -f "$dat".*
	echo "# plot written to $dir/bench-latency-cdf.png"
fi

if grep -q '^SERIES df72_arn_flips ' "$log"; then
	series df72_arn_flips >"$dat"
	gnuplot <<PLOT
set terminal png size 900,480
set output "$dir/bench-arn-flips.png"
set title "ARN under phase flips, dragonfly:2,4,2,9, offered 0.4, 2.5 Gb/s, D 10000 (fabric time)\n$date, kernel ${kernel:-?}; uniform, then ADV+1, every 50 us; fidelity $(verdict df72_arn_flips)"
set xlabel "time in the window (fabric us; ADV+1 in the shaded phases)"
set ylabel "accepted load (mean over hosts)"
set yrange [0:1]
set grid
set key right top
$(for k in 1 3 5 7; do echo "set object $k rect from $((k * 50)),0 to $((k * 50 + 50)),1 behind fc rgb '#eeeeee' fs solid noborder"; done)
plot 0.4 title "offered" with lines dashtype 2 lc rgb "gray", \
     "$dat" using 1:2 title "accepted, 10 us bins" with steps lw 2 lc rgb "dark-blue"
PLOT
	echo "# plot written to $dir/bench-arn-flips.png"
fi

# make bench-full: accepted load against offered load per routing mode on
# the 72-host Dragonfly, ADV+1 and uniform.
if grep -q '^BENCH df72sweep_' "$log"; then
	for m in min val arn; do
		for p in adv1 uniform; do
			for pct in $(sed -n "s/^BENCH df72sweep_${m}_${p}_accepted_l\([0-9]*\) .*/\1/p" "$log"); do
				echo "$(awk -v p="$pct" 'BEGIN { printf "%.2f", p / 100 }') $(val "df72sweep_${m}_${p}_accepted_l$pct")"
			done >"$dat.$m.$p"
		done
	done
	gnuplot <<PLOT
set terminal png size 1200,520
set output "$dir/bench-routing-sweep.png"
set multiplot layout 1,2 title "dragonfly:2,4,2,9 (72 hosts) at 2.5 Gb/s, dilation 10000 (fabric time); $date, kernel ${kernel:-?}\nfidelity MIN $(verdict df72sweep_min), VAL $(verdict df72sweep_val), ARN $(verdict df72sweep_arn)"
set xlabel "offered load (fraction of host link rate)"
set ylabel "accepted load (mean over hosts)"
set xrange [0:1.05]
set yrange [0:1.05]
set key left top
set grid
set title "ADV+1 (BookSim2: MIN $(bs MIN adv1), UGAL-L $(bs UGAL-L adv1), VAL $(bs VAL adv1))"
plot x title "accepted = offered" with lines dashtype 2 lc rgb "gray", \
     "$dat.min.adv1" using 1:2 title "MIN" with linespoints lw 2 pt 7, \
     "$dat.val.adv1" using 1:2 title "VAL" with linespoints lw 2 pt 5, \
     "$dat.arn.adv1" using 1:2 title "ARN" with linespoints lw 2 pt 9
set title "uniform random (BookSim2: MIN $(bs MIN uniform), UGAL-L $(bs UGAL-L uniform), VAL $(bs VAL uniform))"
plot x title "accepted = offered" with lines dashtype 2 lc rgb "gray", \
     "$dat.min.uniform" using 1:2 title "MIN" with linespoints lw 2 pt 7, \
     "$dat.val.uniform" using 1:2 title "VAL" with linespoints lw 2 pt 5, \
     "$dat.arn.uniform" using 1:2 title "ARN" with linespoints lw 2 pt 9
unset multiplot
PLOT
	rm -f "$dat".*
	echo "# plot written to $dir/bench-routing-sweep.png"
fi
