#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# An incast's flow completion time (FCT) slowdown, CCA off and on, as
# HPCC and Swift report it, and a short-message victim's beside it.
#
#   make run EXP=examples/incast-fct.sh [ARGS="[quick] [NIC-SETTING...]"]
#
# star:N+2 at 10 Gb/s: hosts h1..hN each send messages of 8 datagrams of
# 1500 bytes (12 KB) back to back at line rate to h(N+1), spaced to offer
# 0.05 of a link each, 0.8 of the hot link in all ("fabric traffic ...
# flows:h1-h(N+1),...,hN-h(N+1),h1-h(N+2)@V msg 8"). The victim: h1 also
# sends messages of the same size to h(N+2), whose link nothing else
# uses, offering V = 0.2 of h1's link; on the lossless fabric they wait
# behind h1's incast traffic in h1's NIC and link when the hot port
# backs up, unless CCA paces h1's DLID N+1 alone. A message's FCT runs
# from its first send to its last arrival, fabric time; its slowdown is
# over the p50 FCT of one sender alone (h1 -> h(N+1), nothing else).
# The incast's p50 and p99 and the victim's come from fabric traffic's
# per-datagram samples, each over its own messages, as the report takes
# its FCTs (a message counts when all 8 of its datagrams arrived, the
# first sent in the window). Each run on a
# fabric of its own: one sender alone, then N with every NIC's pacing
# off (cc_pacing 0), then on. "quick" runs N = 4 at 0.2 each, briefly
# (make check runs it so). Other arguments are CCA settings, in pairs:
# "cc_thr T" the switches' threshold (fabric up's, every run's), the
# others the NICs' for the run with pacing on ("snicctl dev set snic0
# ...", e.g. "ccti_increase 2"); examples/cca-sweep.sh tries some.
#
# In $SNIC_OUT (build/results/incast-fct-DATE/ on the host): one JSON
# report per run (run-N-PACING.json) and its samples
# (samples-N-PACING.csv), incast-fct.csv (senders, pacing, p50 and p99
# slowdown of the incast and of the victim, fidelity, and how many
# messages of each they are over) and incast-fct.gp,
# which scripts/run.sh draws into incast-fct.png.
set -u
JQ=/usr/bin/gojq
n=16 load=0.05 secs=20 warm=1 vload=0.2
# quick: 4 senders at 0.2 each (0.8 of the hot link, as 16 at 0.05)
[ "${1:-}" != quick ] || { n=4 load=0.2 secs=1.5 warm=0.3; shift; }
# the switches' threshold is fabric up's (every run's), the rest the
# NICs' (the run with pacing on)
up='' nic=''
while [ $# -ge 2 ]; do
	if [ "$1" = cc_thr ]; then up="$up $1 $2"; else nic="$nic $1 $2"; fi
	shift 2
done
[ $# = 0 ] || { echo "incast-fct: \"$1\" without a value" >&2; exit 2; }
csv=$SNIC_OUT/incast-fct.csv
echo "# senders pacing fct_p50_slowdown fct_p99_slowdown victim_p50_slowdown victim_p99_slowdown fidelity incast_msgs victim_msgs" >"$csv"
bad=0
base=
hot=h$((n + 1)) vic=h$((n + 2))
# fct SAMPLES SRC DST: the p50 and p99 FCT (fabric ns) of the messages
# from SRC (any, if empty) to DST in a run's samples, as fabric traffic
# takes them: begun in the window, all 8 datagrams arrived, from the
# first send to the last arrival; the rank ceil(q n) (with fewer than
# 100, p99 is the slowest); then how many. None: exit 1.
fct() {
	awk -F, -v src="$2" -v dst="$3" '
		function rank(q, m,    k) {
			k = int(q * m)
			return k < q * m ? k + 1 : k ? k : 1
		}
		NR > 1 && (src == "" || $1 == src) && $2 == dst {
			k = $1 " " $4
			if (!(k in first) || $6 < first[k]) { first[k] = $6; inw[k] = $8 }
			if ($7 > last[k]) last[k] = $7
			cnt[k]++
		}
		END {
			for (k in cnt)
				if (cnt[k] == 8 && inw[k] == 1)
					f[++m] = last[k] - first[k]
			if (!m)
				exit 1
			for (a = 2; a <= m; a++)
				for (c = a; c > 1 && f[c - 1] > f[c]; c--) {
					t = f[c]; f[c] = f[c - 1]; f[c - 1] = t
				}
			print f[rank(0.5, m)], f[rank(0.99, m)], m
		}' "$1"
}
# run SENDERS PACING [NIC-SETTING...]: one run, its CSV row
run() {
	s=$1 c=$2
	shift 2
	# shellcheck disable=SC2086
	snicctl fabric up "star:$((n + 2))" name ex rate 10gbit $up >/dev/null ||
		exit 1
	snicctl fabric set ex nics cc_pacing "$c" "$@" >/dev/null || exit 1
	snicctl fabric health ex mark >/dev/null
	if [ "$s" = 1 ]; then
		spec=h1-$hot
	else
		spec=$(awk -v n="$s" -v hot="$hot" -v vic="$vic" -v v="$vload" 'BEGIN {
			for (i = 1; i <= n; i++) printf "h%d-%s,", i, hot
			printf "h1-%s@%s", vic, v }')
	fi
	j=$SNIC_OUT/run-$s-$c.json
	smp=$SNIC_OUT/samples-$s-$c.csv
	snicctl -j fabric traffic ex "flows:$spec" load $load size 1500 msg 8 \
		seconds $secs warmup $warm seed 1 samples "$smp" >"$j" || exit 1
	v=$(snicctl -j fabric health ex | $JQ -r '.fidelity // "UNKNOWN"')
	v=${v:-UNKNOWN}
	echo "FIDELITY incast${s}_pacing$c $v"
	[ "$v" = FAITHFUL ] || bad=$((bad + 1))
	snicctl fabric down ex >/dev/null
	# a message short of a datagram would drop out of the FCTs unseen
	# (the slowest, most likely): none may be
	x=$($JQ -r '(.not_injected // 0) + (.lost // 0) + (.undelivered // 0) +
		(.misdelivered // 0) + (.socket_drops // 0)' "$j")
	[ "$x" = 0 ] ||
		{ echo "run-$s-$c.json: $x datagrams not injected, lost or undelivered" >&2; exit 1; }
	# FCTs from the samples, the incast's (into $hot) apart from the
	# victim's (fabric traffic's own p50 and p99 would mix them)
	inc=$(fct "$smp" "" "$hot") ||
		{ echo "no incast message completed in samples-$s-$c.csv" >&2; exit 1; }
	[ -n "$base" ] || base=${inc%% *}
	[ "$base" -gt 0 ] || { echo "no FCT alone to divide by" >&2; exit 1; }
	vf="- - 0"
	if [ "$s" != 1 ]; then
		vf=$(fct "$smp" h1 "$vic") ||
			{ echo "no victim message completed in samples-$s-$c.csv" >&2; exit 1; }
	fi
	echo "$s $c $inc $vf $v" | awk -v b="$base" '
		function sd(x) { return x == "-" ? "-" : sprintf("%.3f", x / b) }
		{ print $1, $2, sd($3), sd($4), sd($6), sd($7), $9, $5, $8 }' |
		tee -a "$csv"
}
run 1 1
run $n 0
# shellcheck disable=SC2086
run $n 1 $nic
set=$(echo "$up$nic" | sed 's/^ //; s/^$/opafm defaults/' | tr -d "\"\\\\")
cat >"$SNIC_OUT/incast-fct.gp" <<GP
set terminal png size 900,500 noenhanced
set output 'incast-fct.png'
set title "Incast of $n into 1 and a victim (h1 -> $vic), star:$((n + 2)) at 10 Gb/s, 12 KB messages (fabric time)\\nCCA: $set; $bad run(s) not FAITHFUL"
set ylabel 'FCT over one sender alone (p50)'
set style data histograms
set style fill solid 0.8 border -1
set boxwidth 0.9
set yrange [0:*]
set grid ytics
plot '< grep -v "^1 " incast-fct.csv' using 3:xtic(sprintf("%d senders, pacing %s", int(\$1), int(\$2) ? "on" : "off")) title 'incast p50', \\
     '' using 4 title 'incast p99', \\
     '' using 5 title 'victim p50', \\
     '' using 6 title 'victim p99'
GP
