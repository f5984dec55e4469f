#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make bench's span figures (issue 14): the same fat-tree hot spot
# (selftests/span_bench.sh) on one guest, then split across two
# (selftests/qemu/run-span.sh), one after the other, three times
# (SPAN_BENCH_REPS); the shares are medians. Prints the runs' FIDELITY
# lines and
#   BENCH span_conservation_ok 1|0     every split run: every datagram of the three
#         flows arrived, on every tunnel each end took in exactly what the
#         other sent, and no link lost a frame (lost_credits 0)
#   BENCH span_single_victim_share X   h2 -> h3's received bytes over the
#   BENCH span_victim_share X          run at the link rate, over its max-min
#                                      fair share (0.5, fabric traffic's plan),
#                                      one guest / two
#   BENCH span_vs_single_victim_share X   their ratio (goal 0.95 .. 1.05)
#   BENCH span_underlay_rtt_us X       the guests' underlay round trip
#   BENCH span_underlay_oneway_fabric_ns X   what a crossing adds to a
#         frame's path in fabric time (half of it, over the dilation)
# The guests' output is kept in build/bench-span-{single,split}-K.log.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 1
mkdir -p build
REPS=${SPAN_BENCH_REPS:-3}
val() {	# val LOG FIELD...: the last value of "SPAN FIELD... VALUE"
	local log=$1

	shift
	awk -v k="SPAN $*" 'index($0, k " ") == 1 { v = $NF } END { print v }' "$log"
}
end() {	# end LOG NODE/DEV sent|took
	awk -v e="$2" -v f="$3" '$1 == "SPAN" && $2 == "end" && $3 == e {
		for (i = 4; i < NF; i++) if ($i == f) print $(i + 1) }' "$1"
}
# split_ok LOG: every datagram arrived, every tunnel conserved, no loss
split_ok() {
	local f s r pair a b

	for f in h1-h4 h2-h4 h2-h3; do
		s=$(val "$1" sent "$f") r=$(val "$1" received "$f")
		[ -n "$s" ] && [ "$s" -gt 0 ] && [ "$s" = "$r" ] || return 1
	done
	for pair in leaf1/p4:spine2/p1 spine1/p2:leaf2/p3; do
		a=${pair%:*} b=${pair#*:}
		[ -n "$(end "$1" "$a" sent)" ] &&
			[ "$(end "$1" "$a" sent)" = "$(end "$1" "$b" took)" ] &&
			[ "$(end "$1" "$b" sent)" = "$(end "$1" "$a" took)" ] || return 1
	done
	[ "$(grep -c '^FIDELITY span_m.* lost_credits:0 ' "$1")" -ge 2 ]
}
# stat NAME V...: the median of the reps' values as BENCH NAME, with
# SPREAD NAME min max reps; MISSING if a rep measured nothing.
stat() {
	local name=$1 n

	shift
	n=$(printf '%s\n' "$@" | grep -cEx '[0-9]+(\.[0-9]+)?')
	if [ "$n" -ne "$REPS" ]; then
		echo "MISSING $name $((REPS - n)) of $REPS runs measured nothing"
		smiss=1
		return
	fi
	printf '%s\n' "$@" | sort -n | awk -v n="$name" '{ v[NR] = $1 } END {
		printf "BENCH %s %s\nSPREAD %s %s %s %d\n", n, v[int((NR + 1) / 2)], n, v[1], v[NR], NR }'
}

# Alternately, so that both see the machine in the same states.
ok=1 ones=() twos=() rtts=() ratios=() runs= smiss=0
for k in $(seq "$REPS"); do
	one=build/bench-span-single-$k.log two=build/bench-span-split-$k.log
	selftests/qemu/run-vm.sh --script selftests/span_bench.sh --timeout 600 "$@" \
		>"$one" 2>&1
	selftests/qemu/run-span.sh --script selftests/span_bench.sh --timeout 600 "$@" \
		>"$two" 2>&1
	fid=$(grep -h '^FIDELITY ' "$one" "$two" | sed "s/^FIDELITY \([^ ]*\)/FIDELITY \1_$k/")
	[ -z "$fid" ] || printf '%s\n' "$fid"
	# the runs each rep must have a verdict for (one missing: not FAITHFUL)
	runs="$runs span_single_$k span_m1_$k span_m2_$k"
	for r in span_single_$k span_m1_$k span_m2_$k; do
		printf '%s\n' "$fid" | grep -q "^FIDELITY $r " ||
			echo "FIDELITY $r UNKNOWN no verdict in the run's log"
	done
	split_ok "$two" || ok=0
	a=$(val "$one" victim_share) b=$(val "$two" victim_share)
	ones+=("$a") twos+=("$b") rtts+=("$(val "$two" underlay_rtt_us)")
	# the ratio of each rep's pair, side by side
	ratios+=("$(awk -v a="$b" -v b="$a" 'BEGIN { if (a != "" && b > 0) printf "%.3f", a / b }')")
done
echo "# span victim shares: single ${ones[*]}, split ${twos[*]}"
echo "BENCH span_conservation_ok $ok"
echo "FROM span_conservation_ok$runs"
stat span_single_victim_share "${ones[@]}"
echo "FROM span_single_victim_share$runs"
stat span_victim_share "${twos[@]}"
echo "FROM span_victim_share$runs"
stat span_vs_single_victim_share "${ratios[@]}"
echo "FROM span_vs_single_victim_share$runs"
stat span_underlay_rtt_us "${rtts[@]}"
rtt=$(stat span_underlay_rtt_us "${rtts[@]}" | awk '$1 == "BENCH" { print $3 }')
if [ -n "$rtt" ]; then
	echo "BENCH span_underlay_oneway_fabric_ns $(awk -v r="$rtt" \
		'BEGIN { printf "%.0f", r * 1000 / 2 / 10000 }')"
else
	echo "MISSING span_underlay_oneway_fabric_ns no underlay round trip measured"
fi
[ "$ok" = 1 ] && [ "$smiss" = 0 ]
