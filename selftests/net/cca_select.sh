#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Selective pacing at a NIC: h1 paces DLID 2 (h2) after a BECN and sends
# to it and, at the same time, to 100 DLIDs that are not paced (3..102,
# which the switch has no route for: it drops them, counted). The NIC's
# TX queues are DLID-aware (half open, half paced):
#  - every packet to DLID 2 leaves on a paced queue, every packet to the
#    others on an open one (the per-queue qdiscs' counts of snic0's mq);
#  - only the paced queues stall (tx_queue_N_stalls), and they do;
#  - every datagram to the unpaced DLIDs left h1: the switch got it, or
#    h1's link (no credits here) refused it, counted;
#  - once DLID 2's CCTI decays to 0 and its paced queue has drained, its
#    packets take the open queues again.
# The rate the unpaced DLIDs keep is a figure of make bench
# (cca_same_nic_victim), not asserted here.
# kernels: 6.12
. "$(dirname "$0")/../lib.sh"

NQ=8		# snic0's TX queues: 0..3 open, 4..7 paced
SECS=4

modules_load || { not_ok "modules load"; ktap_finish; }
fabric_2h1s || { not_ok "fabric setup"; ktap_finish; }
# snic0's queues as the fabric manager makes them: mq, a pfifo per TX
# queue (Debian's fq_codel would drop what waits for the pacer).
nsexec "$H1" $TC qdisc replace dev snic0 root handle 1: mq
for q in 1 2 3 4 5 6 7 8; do
	nsexec "$H1" $TC qdisc replace dev snic0 parent 1:$q pfifo limit 1000
done
nsexec "$H1" "$SNICCTL" qdisc set fab0 rate 1gbit
# Neighbours for good both ways: h1 sends DLID 2 nothing but the flows
# below, not even an ARP reply.
neigh_2h1s
# DLIDs 3..102 at 10.0.1.3..102, neighbours for good: no ARP.
d=3
while [ $d -le 102 ]; do
	printf 'neigh replace 10.0.1.%d lladdr 02:53:4e:00:00:%02x dev snic0 nud permanent\n' \
		$d $d
	d=$((d + 1))
done >/tmp/cca_select.neigh.$SFX
nsexec "$H1" $IP addr add 10.0.1.1/24 dev snic0
check "h1 knows 100 more DLIDs (ip -batch)" \
	nsexec "$H1" $IP -batch /tmp/cca_select.neigh.$SFX
rm -f /tmp/cca_select.neigh.$SFX
# A table whose one delay (60 x Tp) holds every packet; no recovery.
nsexec "$H1" "$SNICCTL" dev set snic0 cct 0:0,0:60 ccti_limit 1 \
	ccti_trigger 1 ccti_timer 0 ccti_increase 1

cc_field() {	# cc_field FIELD: of h1's DLID 2
	local v
	v=$(nsexec "$H1" "$SNICCTL" -j cc show snic0 | $JQ -r --arg f "$1" \
		'first(.[] | select(.dlid == 2) | .[$f] | numbers)')
	echo "${v:-missing}"
}
# qsent FIRST LAST: packets the qdiscs of snic0's TX queues FIRST..LAST
# (0-based) sent; queue N is mq's class :N+1 (tc -s -j qdisc show).
qsent() {
	nsexec "$H1" $TC -s -j qdisc show dev snic0 |
		$JQ -r --argjson a "$1" --argjson b "$2" '
		def hex: explode | map(if . >= 97 then . - 87 else . - 48 end) |
			reduce .[] as $d (0; . * 16 + $d);
		[.[] | select(.parent != null and (.parent | test("^1:[0-9a-f]+$"))) |
		 select(.parent | ltrimstr("1:") | hex - 1 | . >= $a and . <= $b) |
		 .packets] | add // 0'
}
# stalls FIRST LAST: heads held on snic0's TX queues FIRST..LAST
stalls() {
	nsexec "$H1" $ETHTOOL -S snic0 | awk -v a="$1" -v b="$2" '
		$1 ~ /^tx_queue_[0-9]+_stalls:$/ {
			q = $1; gsub(/[^0-9]/, "", q)
			if (q + 0 >= a && q + 0 <= b) { n += $2; seen++ }
		}
		END { if (seen != b - a + 1) print "missing"; else print n + 0 }'
}
qlen() {	# packets waiting in snic0's qdiscs
	nsexec "$H1" $TC -s -j qdisc show dev snic0 |
		$JQ '[.[] | .qlen] | add // 0'
}

checke "ethtool -S lists a stall counter per TX queue" \
	'n=$(nsexec $H1 $ETHTOOL -S snic0 | grep -c "^ *tx_queue_[0-9]*_stalls:")
	 echo "$n of $NQ"; [ "$n" = $NQ ]'
check "a BECN from h2 makes h1 pace DLID 2" \
	nsexec "$S1" "$TOOLS/snic_inject" p1 becn 1 1 2
checke "DLID 2 is tracked at CCTI 1" 'waitfor 5000 "[ \$(cc_field ccti) = 1 ]"'

po0=$(qsent 0 3) pp0=$(qsent 4 7) hotpids=""
nr0=$(port_counter "$S1" sw0 p1 fwd_drop_no_route)
dl0=$(counter "$H1" snic0 tx_drop_lower)
# 8 flows to DLID 2 (UDP ports 7400..7407), one spray over the 100 others.
# h2 listens on the 8 ports: no ICMP error comes back to fail a send that
# went out (IP_RECVERR reports it at the next one).
for p in 7400 7401 7402 7403 7404 7405 7406 7407; do
	nsexec "$H2" timeout $((SECS + 60)) "$TOOLS/snic_xfer" -U $p \
		$((SECS + 50)) >/dev/null &
done
sleep 1
for p in 7400 7401 7402 7403 7404 7405 7406 7407; do
	nsexec "$H1" timeout $((SECS + 30)) "$TOOLS/snic_xfer" -u 10.0.0.2 $p \
		$SECS 1000 >/tmp/cca_select.hot.$p.$SFX &
	hotpids="$hotpids $!"
done
nsexec "$H1" timeout $((SECS + 30)) "$TOOLS/snic_xfer" -s 10.0.1.3 100 7500 \
	$SECS 200 >/tmp/cca_select.victims.$SFX
wait $hotpids	# the senders; the receivers stop 2 s after their last
hot=$(cat /tmp/cca_select.hot.*.$SFX | awk '{ n += $2 } END { print n + 0 }')
vic=$(awk '{ print $2 }' /tmp/cca_select.victims.$SFX)
rm -f /tmp/cca_select.*.$SFX
checke "h1 sent to both: DLID 2's flows and the 100 others" \
	'echo "to DLID 2: $hot, to the others: $vic"; [ "$hot" -gt 0 ] && [ "$vic" -ge 100 ]'
checke "DLID 2's paced queue drains" 'waitfor 120000 "[ \$(qlen) = 0 ]"'
# h1's link (no credits here) may refuse a datagram when the victims
# outrun it: counted (tx_drop_lower), and DLID 2's never are (the NIC
# waits for the link's room before a paced packet, tx_link_wait).
checke "every datagram to an unpaced DLID reached the switch (no route there) or was counted refused by h1's link" \
	'n=$(port_counter $S1 sw0 p1 fwd_drop_no_route) d=$(counter $H1 snic0 tx_drop_lower)
	 echo "sent $vic, the switch dropped $((n - nr0)) for want of a route, h1'"'"'s link refused $((d - dl0))"
	 [ $((n - nr0 + d - dl0)) -eq "$vic" ]'
checke "every packet to DLID 2 left on a paced queue (4..7), and nothing else did" \
	'p=$(qsent 4 7); echo "paced queues sent $((p - pp0)), DLID 2 took $hot"
	 [ $((p - pp0)) -eq "$hot" ]'
checke "the unpaced DLIDs' packets left on the open queues (0..3)" \
	'o=$(qsent 0 3); echo "open queues sent $((o - po0)), to the others $vic"
	 [ $((o - po0)) -ge "$vic" ]'
checke "the open queues never stalled" \
	's=$(stalls 0 3); echo "open queues stalled $s times"; [ "$s" = 0 ]'
checke "the paced queues stalled for DLID 2" \
	's=$(stalls 4 7); echo "paced queues stalled $s times"; isnum "$s" && [ "$s" -gt 0 ]'

# Recovery: CCTI 0 at the next step, then DLID 2 is open again.
check "DLID 2 recovers (ccti_timer 1)" \
	nsexec "$H1" "$SNICCTL" dev set snic0 ccti_timer 1
checke "DLID 2 back at CCTI 0" 'waitfor 10000 "[ \$(cc_field ccti) = 0 ]"'
pp1=$(qsent 4 7) po1=$(qsent 0 3)
checke "a ping h1 -> h2 leaves on an open queue now" \
	'nsexec $H1 ping -c 3 -i 0.2 -w 10 10.0.0.2 >/dev/null &&
	 p=$(qsent 4 7) o=$(qsent 0 3)
	 echo "paced queues +$((p - pp1)), open queues +$((o - po1))"
	 [ "$p" -eq "$pp1" ] && [ $((o - po1)) -ge 3 ]'
ktap_finish
