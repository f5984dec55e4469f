#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Per-flow paths and per-flow ARN on a Dragonfly (snicctl fabric up
# dragonfly:1,2,1,3 ar, as arn_loop.sh: h1 on g0s0 reaches group 2
# minimally over g0s1's global link, port 2 of g0s0; the alternative is
# g0s0's own global link, port 3).
#  - the BPT holds one entry per destination group (a DLID range) with a
#    path per flow bucket (the 16B ENTROPY's);
#  - an ARN naming one flow (FLOW: its 5-tuple) and g0s1's global link
#    moves that flow to g0s0's own global link, at once, and no other:
#    another flow to the same host keeps the minimal path, the link's own
#    state is untouched (ar links is empty);
#  - an "eliminated" for the same flow and link brings it back, and a
#    notice ends with its lifetime.
# kernels: 6.12
. "$(dirname "$0")/../lib.sh"

modules_load || { not_ok "modules load"; ktap_finish; }
F=af$(echo "$SFX" | cut -c1-4)
"$SNICCTL" fabric up dragonfly:1,2,1,3 name "$F" ar >/dev/null ||
	{ not_ok "fabric up dragonfly:1,2,1,3 ar"; ktap_finish; }
S0=$F-g0s0 H1=$F-h1 H5=$F-h5
ARN=0xf10000
pc() { port_counter "$F-$1" sw0 "$2" "$3"; }
# arn CLASS SEQ: a notification about g0s1's global link to group 2
# (index 3) naming flow 10.0.0.1:4000 -> 10.0.0.5:5001 UDP, into g0s0.
# g0s1's own sequence numbers follow its clock (us): ours are 1000 s
# ahead of it, so that none of its is newer meanwhile.
SEQ=$(awk '{ printf "%d", ($1 * 1000000 + 1000000000) % 4294967296 }' /proc/uptime)
arn() {
	SNIC_ARN_SEQ=$((SEQ + $2)) SNIC_ARN_ORIGIN=0.1 SNIC_ARN_PEER=2.3 \
	SNIC_ARN_LIFE=100000000 SNIC_ARN_FLOW=10.0.0.1,10.0.0.5,4000,5001,17 \
		nsexec "$H1" "$TOOLS/snic_inject" fab0 "$1" 1 $ARN 1
}
# flow SPORT: 1 s of UDP from h1:SPORT to h5:5001; prints datagrams h5 got
flow() {
	nsexec "$H5" "$TOOLS/snic_xfer" -U 5001 4 > /tmp/af.$SFX &
	sleep 0.3
	SNIC_XFER_SPORT=$1 nsexec "$H1" "$TOOLS/snic_xfer" -u 10.0.0.5 5001 1 \
		200 >/dev/null
	wait
	sed -n 's/^received \([0-9]*\) .*/\1/p' /tmp/af.$SFX
}
# run SPORT: send a flow; sets GOT (datagrams) and the deltas of g0s0's
# port 2 and 3 TX packets (D2, D3) and of its flow moves (DM)
run() {
	a2=$(pc g0s0 p2 tx_packets) a3=$(pc g0s0 p3 tx_packets)
	am=$(pc g0s0 p1 ar_flow_moved)
	GOT=$(flow "$1")
	D2=$(($(pc g0s0 p2 tx_packets) - a2))
	D3=$(($(pc g0s0 p3 tx_packets) - a3))
	DM=$(($(pc g0s0 p1 ar_flow_moved) - am))
	echo "got $GOT p2 +$D2 p3 +$D3 moved +$DM"
}

# The flows fill the links: the switches' congestion monitors would move
# every flow; only notifications move flows here.
for s in g0s0 g0s1; do
	nsexec "$F-$s" "$SNICCTL" dev set sw0 ar_lost_route 1
done
check "h1 reaches h5" nsexec "$H1" ping -c 2 -i 0.2 -w 15 10.0.0.5
checke "one BPT entry for group 2 (DLIDs 5-6), 16 flow buckets" \
	'nsexec $S0 $SNICCTL -j bpt show sw0 |
	 $JQ -e "[.[] | select(.dlid == 5 and .last == 6 and (.flows | length) == 16)] | length == 1"'
checke "flow 4000 goes minimally (g0s0 port 2), none moved" \
	'run 4000; [ "${GOT:-0}" -gt 20 ] && [ $D2 -ge $GOT ] && [ $D3 -lt 10 ] && [ $DM -eq 0 ]'
checke "the BPT shows its bucket on candidate 0" \
	'nsexec $S0 $SNICCTL -j bpt show sw0 |
	 $JQ -e "[.[] | select(.dlid == 5) | .flows[] | select(. != 255)] | length >= 1 and all(. == 0)"'

arn arn_cong_life 0
checke "a per-flow ARN is taken in (rx_arn) and leaves the link's state alone" \
	'waitfor 3000 "[ \$(pc g0s0 p1 rx_arn) -ge 1 ]" &&
	 [ -z "$(nsexec $S0 $SNICCTL ar links sw0)" ]'
checke "flow 4000, named, leaves by g0s0's own global link (port 3), each packet counted" \
	'run 4000; [ "${GOT:-0}" -gt 20 ] && [ $D3 -ge $GOT ] && [ $D2 -lt 10 ] && [ $DM -ge $GOT ]'
checke "flow 4001 to the same host keeps the minimal path" \
	'run 4001; [ "${GOT:-0}" -gt 20 ] && [ $D2 -ge $GOT ] && [ $D3 -lt 10 ] && [ $DM -eq 0 ]'
arn arn_elim 1
checke "congestion eliminated for that flow and link: flow 4000 is back" \
	'waitfor 3000 "[ \$(pc g0s0 p1 rx_arn) -ge 2 ]" &&
	 run 4000; [ "${GOT:-0}" -gt 20 ] && [ $D2 -ge $GOT ] && [ $DM -eq 0 ]'
# A notice lives as long as its LIFETIME: 100 fabric us (1 s of wall
# time at dilation 10000), with no ARN after it.
SNIC_ARN_SEQ=$((SEQ + 2)) SNIC_ARN_ORIGIN=0.1 SNIC_ARN_PEER=2.3 \
	SNIC_ARN_LIFE=100 SNIC_ARN_FLOW=10.0.0.1,10.0.0.5,4000,5001,17 \
	nsexec "$H1" "$TOOLS/snic_inject" fab0 arn_cong_life 1 $ARN 1
checke "a notice of 100 fabric us, then nothing: flow 4000 keeps the minimal path after it" \
	'waitfor 3000 "[ \$(pc g0s0 p1 rx_arn) -ge 3 ]" && sleep 2 &&
	 run 4000; [ "${GOT:-0}" -gt 20 ] && [ $D2 -ge $GOT ] && [ $DM -eq 0 ]'
rm -f /tmp/af.$SFX
check "fabric down" "$SNICCTL" fabric down "$F"
ktap_finish
