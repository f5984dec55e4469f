#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Emulated line rate: a sch_snic egress with a rate serializes frames at
# it. Assertions are about behaviour, never the host's speed (the
# precise fidelity is a benchmark): the shaped link carries traffic and
# never more than 105 % of its rate, the qdisc reports the rate and its
# throttling, and bad options are refused with an extack message.
# kernels: 6.12
. "$(dirname "$0")/../lib.sh"

modules_load || { not_ok "modules load"; ktap_finish; }
fabric_2h1s || { not_ok "fabric setup"; ktap_finish; }
RATE=500000	# bytes/s: 4 Mbit/s, about 330 full frames per second

check "qdisc set p2 rate 4mbit" nsexec "$S1" "$SNICCTL" qdisc set p2 rate 4mbit
checke "qdisc reports the rate" \
	'nsexec $S1 $SNICCTL -j qdisc show p2 | $JQ -e "any(.[]; .rate == $RATE)"'
checke "a rate without a unit is refused by snicctl" \
	'! nsexec $S1 $SNICCTL qdisc set p2 rate 100 2>/dev/null'
checke "sc2vl naming VL 16 is refused with the kernel's extack" \
	'nsexec $S1 $SNICCTL qdisc set p2 sc2vl 16 2>&1 | grep -q "names a VL beyond the last"'
checke "limit 0 is refused (policy range)" \
	'nsexec $S1 $SNICCTL qdisc set p2 limit 0 2>&1 | grep -q "errno 34"'

# A TCP flow from h1 to h2 keeps the shaped link busy; measure what
# arrives at h2's end of the link over a few seconds.
rxf=/tmp/rate-rx.$SFX
bg $IP netns exec "$H2" timeout 120 "$TOOLS/snic_xfer" -l 5001 >"$rxf"
busywait 5000 grep -q listening "$rxf"
bg $IP netns exec "$H1" timeout 120 "$TOOLS/snic_xfer" -c 10.0.0.2 5001 12000000 >/dev/null
sleep 2
up() { cut -d' ' -f1 /proc/uptime; }
achieved() {	# achieved SECONDS: bytes/s arriving at h2 / RATE
	b0=$(link_stat "$H2" fab0 rx_bytes)
	t0=$(up)
	sleep "$1"
	b1=$(link_stat "$H2" fab0 rx_bytes)
	t1=$(up)
	awk -v b="$((b1 - b0))" -v t0="$t0" -v t1="$t1" -v r="$RATE" \
		'BEGIN { printf "%.3f", b / (t1 - t0) / r }'
}
ratio=$(achieved 6)
echo "# achieved/configured on an idle shaped link: $ratio"
# The shaper's promise, whatever the host's speed: never faster than the
# rate (a slow host may send slower: that is the fidelity monitor's to
# report, not a failure here).
checke "achieved rate is above 0 and at most 1.05 of the configured rate (got $ratio)" \
	'awk -v x="$ratio" "BEGIN { exit !(x > 0 && x <= 1.05) }"'
checke "the qdisc throttled (serialization engaged)" \
	'[ "$(nsexec $S1 $SNICCTL -j qdisc show p2 | $JQ -r "first(.[] | .throttled)")" -gt 0 ]'

# Time dilation: the same link configured in fabric time, 40 Mbit/s with
# D = 10, runs at 4 Mbit/s of wall time.
check "qdisc set p2 rate 40mbit dilation 10" \
	nsexec "$S1" "$SNICCTL" qdisc set p2 rate 40mbit dilation 10
checke "qdisc reports the fabric rate and the dilation" \
	'nsexec $S1 $SNICCTL -j qdisc show p2 |
	 $JQ -e "any(.[]; .rate == $((RATE * 10)) and .dilation == 10)"'
checke "dilation 0 is refused (policy range)" \
	'nsexec $S1 $SNICCTL qdisc set p2 dilation 0 2>&1 | grep -q "errno 34"'
sleep 1
ratio=$(achieved 4)
echo "# dilated link: achieved wall rate / (fabric rate / D): $ratio"
checke "the wall rate is at most the fabric rate / D (1.05 of it), above 0 (got $ratio)" \
	'awk -v x="$ratio" "BEGIN { exit !(x > 0 && x <= 1.05) }"'
check "back to 4 Mbit/s, no dilation" \
	nsexec "$S1" "$SNICCTL" qdisc set p2 rate 4mbit dilation 1

# VL arbitration: two flows on VL1 and VL2 (priorities 1 and 2) share the
# shaped link by their VLArb weights, 16 and 48 (x 64 bytes): while both
# queues are backlogged VL2 sends about three times what VL1 sends.
vlbytes() {
	nsexec "$S1" "$SNICCTL" -j qdisc show p2 |
		$JQ -r --arg vl "vl$1" 'first(.[] | .[$vl].bytes? | numbers)'
}
check "qdisc set p2 vlarb 64,16,48" nsexec "$S1" "$SNICCTL" qdisc set p2 vlarb 64,16,48
checke "VLArb weight 0 is refused with the kernel's extack" \
	'nsexec $S1 $SNICCTL qdisc set p2 vlarb 0 2>&1 | grep -q "weights must be 1..255"'
for port in 5002 5003; do
	bg $IP netns exec "$H2" timeout 120 "$TOOLS/snic_xfer" -l $port >/dev/null
done
sleep 1
bg $IP netns exec "$H1" timeout 120 "$TOOLS/snic_xfer" -c 10.0.0.2 5002 8000000 1 >/dev/null
bg $IP netns exec "$H1" timeout 120 "$TOOLS/snic_xfer" -c 10.0.0.2 5003 8000000 2 >/dev/null
sleep 3
a0=$(vlbytes 1) c0=$(vlbytes 2)
sleep 6
a1=$(vlbytes 1) c1=$(vlbytes 2)
share=$(awk -v a=$((a1 - a0)) -v c=$((c1 - c0)) 'BEGIN { printf "%.2f", a ? c / a : 0 }')
echo "# VL2/VL1 bytes with weights 48/16: $share ($((c1 - c0)) / $((a1 - a0)))"
checke "VL2 gets about 3x VL1's share (bounds 2..4.5, got $share)" \
	'awk -v x="$share" "BEGIN { exit !(x >= 2 && x <= 4.5) }"'

# Head-of-queue lifetime: only a head older than the lifetime goes. At 8
# Mbit/s a head waits ~1.4 ms, so a 1 s lifetime discards nothing; at 16
# kbit/s a 1400-byte frame holds the link ~0.7 s, past a 100 ms lifetime.
hoq_total() {
	# every VL's, VL 15 too; 0 when snicctl printed nothing
	nsexec "$S1" "$SNICCTL" -j qdisc show p2 | $JQ -n -r \
		'[inputs | .[] | .[] | objects | .hoq_discards | numbers] | add // 0'
}
blast() {
	nsexec "$H2" "$TOOLS/snic_xfer" -U 6100 $(($1 + 1)) >/dev/null &
	sleep 0.5
	nsexec "$H1" "$TOOLS/snic_xfer" -u 10.0.0.2 6100 "$1" 1400 >/dev/null
	wait $!
}
check "qdisc set p2 rate 8mbit hoq 1000000 (1 s)" \
	nsexec "$S1" "$SNICCTL" qdisc set p2 rate 8mbit limit 500 hoq 1000000
h0=$(hoq_total)
blast 3
checke "a backlogged 8 Mbit/s link discards no head within its 1 s lifetime" \
	'[ "$(hoq_total)" -eq "$h0" ]'
check "qdisc set p2 rate 16kbit hoq 100000 (100 ms)" \
	nsexec "$S1" "$SNICCTL" qdisc set p2 rate 16kbit hoq 100000
blast 2
sleep 1
checke "heads held past the 100 ms lifetime are discarded and counted" \
	'[ "$(hoq_total)" -gt "$h0" ]'
# Fidelity: a shaped link measures how late each frame left against its
# model (xstats "late"), and refuses a rate whose arithmetic would wrap.
late_field() {
	nsexec "$S1" "$SNICCTL" -j qdisc show p2 |
		$JQ -r --arg f "$1" 'first(.[] | .late[$f]? | numbers)'
}
checke "the shaped link measured its frames' lateness (late.frames > 0)" \
	'n=$(late_field frames); echo "late: frames $n p99 $(late_field p99_ns) ns max $(late_field max_ns) ns"
	 [ "${n:-0}" -gt 0 ]'
check "a rate above 10 Tb/s is refused (ERANGE)" \
	expect_err "$S1" 34 "" $SNICCTL qdisc set p2 rate 11000gbit
checke "tc's units in any case: rate 1Tbit, then 2.5GBPS, as bytes/s" \
	'nsexec $S1 $SNICCTL qdisc set p2 rate 1Tbit &&
	 [ "$(nsexec $S1 $SNICCTL -j qdisc show p2 | $JQ -r ".[0].rate")" = 125000000000 ] &&
	 nsexec $S1 $SNICCTL qdisc set p2 rate 2.5GBPS &&
	 [ "$(nsexec $S1 $SNICCTL -j qdisc show p2 | $JQ -r ".[0].rate")" = 2500000000 ]'
checke "a rate without a unit is refused, naming the units" \
	'o=$(nsexec $S1 $SNICCTL qdisc set p2 rate 100 2>&1); rc=$?; echo "$o"
	 [ $rc != 0 ] && echo "$o" | grep -q "is not a rate: a number and a unit (bit kbit.*tbps)"'
check "qdisc set p2 rate 0 hoq 0 removes both" \
	nsexec "$S1" "$SNICCTL" qdisc set p2 rate 0bit hoq 0
check "traffic flows again" nsexec "$H1" ping -c 2 -i 0.2 -w 10 10.0.0.2
ktap_finish
