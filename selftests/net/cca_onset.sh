#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Pacing that starts under a backlog: h1 sends a UDP flow to DLID 2 (h2);
# its open TX queue holds it back (a token bucket of 100 kb/s on each
# open queue, a twentieth of the link's 2 Mb/s), and a BECN paces DLID 2
# (one delay of 8 Tp, for good) while it does. The packets queued
# before the BECN leave unheld, from the open queue, each taking DLID
# 2's slot; the new ones wait on the paced queues, parked for their
# turns. A turn that comes less than half a slot after such an unheld
# departure waits for the rest of that half. Asserted, on counts:
#  - turns were put off so (tx_paced_deferred);
#  - every packet the stack handed snic0 leaves it: its qdiscs drain,
#    nothing stays parked (cc_parked), and the NIC handed its link (or
#    dropped, counted) all its qdiscs sent it: a turn put off is still
#    one the NIC's timer serves.
# kernels: 6.1 6.12
. "$(dirname "$0")/../lib.sh"

SECS=6

modules_load || { not_ok "modules load"; ktap_finish; }
fabric_2h1s || { not_ok "fabric setup"; ktap_finish; }
# snic0's queues: mq; on the open ones (1..4) a token bucket slower than
# the link, so that packets to DLID 2 still wait there when the BECN
# comes and then leave unheld, one by one, among the paced ones; a
# short pfifo on the paced ones (5..8: what waits for the pacer drains
# within seconds).
nsexec "$H1" $TC qdisc replace dev snic0 root handle 1: mq
for q in 1 2 3 4; do
	nsexec "$H1" $TC qdisc replace dev snic0 parent 1:$q tbf rate 100kbit \
		burst 1600 limit 60000
done
for q in 5 6 7 8; do
	nsexec "$H1" $TC qdisc replace dev snic0 parent 1:$q pfifo limit 16
done
nsexec "$H1" "$SNICCTL" qdisc set fab0 rate 2mbit
neigh_2h1s
# One delay (8 x Tp) holds every packet; no recovery.
nsexec "$H1" "$SNICCTL" dev set snic0 cct 0:0,0:8 ccti_limit 1 \
	ccti_trigger 1 ccti_timer 0 ccti_increase 1

qsent() {	# qsent FIRST LAST: packets snic0's TX queues FIRST..LAST sent
	nsexec "$H1" $TC -s -j qdisc show dev snic0 |
		$JQ -r --argjson a "$1" --argjson b "$2" '
		[.[] | select(.parent != null and (.parent | test("^1:[1-8]$"))) |
		 select(.parent | ltrimstr("1:") | tonumber - 1 | . >= $a and . <= $b) |
		 .packets] | add // 0'
}
qlen() {	# packets waiting in the qdiscs of snic0's TX queues
	nsexec "$H1" $TC -s -j qdisc show dev snic0 |
		$JQ '[.[] | select(.parent != null and (.parent | test("^1:[1-8]$"))) |
		      .qlen] | add // 0'
}
parked() {	# packets h1's NIC keeps for their pacing
	nsexec "$H1" "$SNICCTL" -j dev show snic0 | $JQ -r '.[0].cc_parked | numbers'
}
# What the NIC handed its link (tx_packets) or dropped, counted: the
# packets its qdiscs sent it less those it still keeps (parked, held).
nic_out() {
	echo $(($(counter "$H1" snic0 tx_packets) + $(nsexec "$H1" $ETHTOOL -S snic0 |
		awk '$1 ~ /^tx_drop_/ { n += $2 } END { print n + 0 }')))
}
# One flow (UDP port 7400): its unheld departures come less often than
# DLID 2's turns, so that most turns are its own paced ones.
rxpids="" txpids=""
for p in 7400; do
	nsexec "$H2" timeout $((SECS + 90)) "$TOOLS/snic_xfer" -U $p \
		$((SECS + 80)) >/dev/null &
	rxpids="$rxpids $!"
done
sleep 1
q0=$(qsent 0 7) t0=$(nic_out)
for p in 7400; do
	nsexec "$H1" timeout $((SECS + 30)) "$TOOLS/snic_xfer" -u 10.0.0.2 \
		$p $SECS 1000 >/tmp/cca_onset.tx.$p.$SFX &
	txpids="$txpids $!"
done
# The open queues' backlog first (their token buckets hold it).
checke "a backlog waits on the open TX queues" \
	'waitfor 20000 "q=\$(qlen); [ \"\$q\" -ge 10 ]"; echo "qlen $q"; [ "$q" -ge 10 ]'
d0=$(counter "$H1" snic0 tx_paced_deferred)
check "a BECN from h2 makes h1 pace DLID 2" \
	nsexec "$S1" "$TOOLS/snic_inject" p1 becn 1 1 2
wait $txpids
sent=$(cat /tmp/cca_onset.tx.*.$SFX | awk '{ n += $2 } END { print n + 0 }')
rm -f /tmp/cca_onset.tx.*.$SFX
# What snic0's NIC sent or dropped since t0 (the receiver's count) and
# what its qdiscs sent it since q0 (the sender's)
nic_since() { echo $(($(nic_out) - t0)); }
qdisc_since() { echo $(($(qsent 0 7) - q0)); }
# drained: read the counts once, q and k, then t and s through settled
# (the NIC's before the qdiscs', so that a frame passing between the two
# reads can only make them differ, never make up for one lost), and hold
# when they show a drained snic0. The assertion below judges the values
# of the last read, the one waitfor stopped on: reading them again could
# count a stray frame (one the stack sends later) in the NIC's count and
# not in the qdiscs'.
drained() {
	q=$(qlen) k=$(parked)
	settled nic_since qdisc_since
	t=$SETTLED_RX s=$SETTLED_TX
	[ "$q" = 0 ] && [ "$k" = 0 ] && [ "$s" = "$t" ]
}
checke "h1's snic0 drains: its qdiscs are empty, nothing is parked, and its link got every packet they sent" \
	'waitfor 120000 drained
	 echo "sent $sent; the qdiscs hold $q, sent $s; parked $k; the NIC sent or dropped $t"
	 [ "$q" = 0 ] && [ "$k" = 0 ] && [ "$s" = "$t" ]'
checke "turns came too close after unheld departures and were put off" \
	'd=$(counter $H1 snic0 tx_paced_deferred); echo "tx_paced_deferred $((d - d0))"
	 isnum "$d" && [ $((d - d0)) -gt 0 ]'
kill $rxpids 2>/dev/null
wait $rxpids 2>/dev/null
ktap_finish
