#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Per-packet routing on a Dragonfly, as BookSim2's (snicctl fabric up
# dragonfly:1,2,1,3 valpkt: 3 groups of 2 switches, one host each; h1 on
# g0s0 reaches h5 in group 2 minimally over port 2 and g0s1's global
# link, or through group 1 over g0s0's own global link, port 3).
#  - Valiant per packet: one flow (ping) takes both paths, a draw per
#    packet (ar_alt counts those off the minimal path), and loses none;
#  - UGAL-L per packet: on an idle fabric every packet takes the minimal
#    path (its queue is not longer than the threshold); with g0s1's
#    global link slowed under h1's load, the credits back up into g0s0's
#    port 2, whose queue then outweighs the detour's: the packets whose
#    draw is the detour take it (ar_alt, port 3) and are delivered;
#  - the algorithms' names in dev show and ar_algo's range.
# kernels: 6.12
. "$(dirname "$0")/../lib.sh"

modules_load || { not_ok "modules load"; ktap_finish; }
F=ap$(echo "$SFX" | cut -c1-4)
"$SNICCTL" fabric up dragonfly:1,2,1,3 name "$F" valpkt >/dev/null ||
	{ not_ok "fabric up dragonfly:1,2,1,3 valpkt"; ktap_finish; }
S0=$F-g0s0 S1=$F-g0s1
pc() { port_counter "$F-$1" sw0 "$2" "$3"; }
# ping5 N: N pings h1 -> h5, every one answered ("N packets transmitted,
# N received": ping goes on past N requests when a reply is missing)
ping5() {
	o=$(nsexec "$F-h1" ping -c "$1" -i 0.05 -w 60 10.0.0.5)
	echo "$o" | tail -n 2
	echo "$o" | grep -Eq "^$1 packets transmitted, $1 (packets )?received"
}

checke "every switch routes per packet: ar_algo valiant-packet" \
	'for s in g0s0 g0s1 g1s0 g2s1; do
		nsexec $F-$s $SNICCTL dev show sw0 | grep -q "ar_algo valiant-packet" || exit 1
	 done'
a0=$(pc g0s0 p1 ar_alt) m0=$(pc g0s0 p2 tx_packets) d0=$(pc g0s0 p3 tx_packets)
checke "valiant per packet: h1 reaches h5, 40 pings, none lost" 'ping5 40'
checke "...one flow on both paths: some requests off the minimal path (ar_alt), not all" \
	'a=$(( $(pc g0s0 p1 ar_alt) - a0 )); echo "ar_alt +$a of 40"
	 [ $a -gt 0 ] && [ $a -lt 40 ] &&
	 [ $(pc g0s0 p3 tx_packets) -ge $((d0 + a)) ] &&
	 [ $(pc g0s0 p2 tx_packets) -ge $((m0 + 40 - a)) ]'

check "g0s0: ar_algo ugal" nsexec "$S0" "$SNICCTL" dev set sw0 ar_algo ugal
checke "...dev show names it" \
	'nsexec $S0 $SNICCTL dev show sw0 | grep -q "ar_algo ugal"'
a0=$(pc g0s0 p1 ar_alt)
checke "ugal: h1 reaches h5, 40 pings, none lost" 'ping5 40'
checke "...on an idle fabric, every packet the minimal path (ar_alt unchanged)" \
	'[ $(pc g0s0 p1 ar_alt) -eq $a0 ]'

check "g0s1's global link at 1 Gb/s of fabric time (for h1's load)" \
	nsexec "$S1" "$SNICCTL" qdisc set p3 rate 1gbit
a0=$(pc g0s0 p1 ar_alt) d0=$(pc g0s0 p3 tx_packets) q0=$(vlx "$S0" p2 0 qlen_max)
nsexec "$F-h5" timeout 30 "$TOOLS/snic_xfer" -U 7300 12 >/tmp/ap.$SFX &
r=$!
waitfor 10000 "grep -q listening /tmp/ap.$SFX"
nsexec "$F-h1" "$TOOLS/snic_xfer" -u 10.0.0.5 7300 4 1000 >/dev/null &
s=$!
checke "ugal under load: g0s0's port 2 backs up behind the slow link (its VL 0 held more than the threshold)" \
	'echo "qlen_max before: $q0"; [ "$q0" -lt 3 ] &&
	 waitfor 20000 "[ \$(vlx $S0 p2 0 qlen_max) -ge 3 ]"'
checke "...and the packets that drew the detour take it (ar_alt, port 3)" \
	'waitfor 20000 "[ \$(pc g0s0 p1 ar_alt) -gt $a0 ] && [ \$(pc g0s0 p3 tx_packets) -gt $d0 ]"'
wait $s
nsexec "$S1" "$SNICCTL" qdisc set p3 rate 0bit
wait $r
checke "...and h5 got the datagrams" \
	'n=$(sed -n "s/^received \([0-9]*\) bytes.*/\1/p" /tmp/ap.$SFX); echo "h5 got ${n:-none}"
	 [ "${n:-0}" -gt 0 ]'
rm -f /tmp/ap.$SFX
check "ar_algo 5 (raw): ERANGE" \
	expect_err "$S0" 34 "" $SNICCTL raw dev-set \
	ifindex:u32=$(nsexec "$S0" cat /sys/class/net/sw0/ifindex) ar/algorithm:u32=5
check "fabric down" "$SNICCTL" fabric down "$F"
ktap_finish
