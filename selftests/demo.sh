#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The demo (make demo): the fabric manager builds a two-level fat tree
# (2 leaves, 2 spines, 2 hosts per leaf; 100 Gb/s links run 10000 times
# slower), every host pings every other, TCP crosses the spines with its
# bytes checked, then three hosts blast a fourth (a hot spot): the fabric
# is lossless, so the congestion backs up into the senders' queues and
# every packet that entered the fabric arrives.
. "$(dirname "$0")/lib.sh" >/dev/null

modules_load || exit 1
F=demo
trap '"$SNICCTL" fabric down $F >/dev/null 2>&1' EXIT
echo "snic demo: snicctl fabric up fattree:2,2,2 (a two-level fat tree)"
"$SNICCTL" fabric up fattree:2,2,2 name $F check || exit 1
echo
"$SNICCTL" fabric show $F | grep -v '^link' | sed 's/^/  /'
echo

rxf=/tmp/demo-rx.$SFX
bg $IP netns exec $F-h4 timeout 120 "$TOOLS/snic_xfer" -l 5001 >"$rxf"
busywait 5000 grep -q listening "$rxf"
t0=$(date +%s)
tx=$($IP netns exec $F-h1 timeout 120 "$TOOLS/snic_xfer" -c 10.0.0.4 5001 2000000)
waitfor 20000 'grep -q received "$rxf"'
t1=$(date +%s)
rx=$(grep received "$rxf")
echo "TCP h1 -> h4 over the spines: $tx; $rx ($((t1 - t0)) s wall time)"
[ "${tx#sent }" = "${rx#received }" ] && echo "TCP payload verified end to end" ||
	{ echo "TCP payload MISMATCH"; exit 1; }
echo

# The hot spot: h1, h2, h3 -> h4 for 3 s, UDP, 1000-byte datagrams.
nsexec $F-h4 timeout 30 "$TOOLS/snic_xfer" -U 7000 8 >/tmp/demo-hot.h4 &
sleep 0.5
for h in h1 h2 h3; do
	nsexec $F-$h "$TOOLS/snic_xfer" -u 10.0.0.4 7000 3 1000 >/tmp/demo-hot.$h &
done
sleep 1.5
q=$(vlx $F-h1 fab0 0 qlen)
nq=$(nsexec $F-h1 $TC -s qdisc show dev snic0 | sed -n 's/.*backlog [0-9]*b \([0-9]*\)p.*/\1/p' | head -n 1)
wait
sent=$(cat /tmp/demo-hot.h1 /tmp/demo-hot.h2 /tmp/demo-hot.h3 | awk '{ n += $2 } END { print n }')
got=$(sed -n 's/^received \([0-9]*\).*/\1/p' /tmp/demo-hot.h4)
drops=0
for ns in leaf1 leaf2 spine1 spine2 h1 h2 h3; do
	for p in $(nsexec $F-$ns ls /sys/class/net | grep -E '^(p[0-9]+|fab0)$'); do
		d=$(vlx $F-$ns $p 0 drops)
		isnum "$d" || exit 1
		drops=$((drops + d))
	done
done
echo "hot spot: h1, h2, h3 blast UDP at h4 for 3 s (3 links into 1)"
echo "  h1 mid-blast: NIC send queue $nq packets, link queue $q (the source holds the congestion)"
echo "  h1 credit stalls:                 $(vlx $F-h1 fab0 0 credit_stalls) ($(vlx $F-h1 fab0 0 credit_stall_ns) ns of fabric time waiting)"
echo "  switch queue towards h4:          at most $(vlx $F-leaf2 p2 0 qlen_max) packets (bounded by credits)"
echo "  FECN marked at that switch port:  $(vlx $F-leaf2 p2 0 fecn_marked) (congested $(vlx $F-leaf2 p2 0 congested_ns) ns of fabric time)"
paced=0
for h in h1 h2 h3; do
	paced=$((paced + $(counter $F-$h snic0 tx_paced)))
done
echo "  FECN received by h4:              $(counter $F-h4 snic0 rx_fecn), answered with $(counter $F-h4 snic0 tx_cn) notifications + $(counter $F-h4 snic0 tx_becn_piggyback) piggybacked BECNs"
echo "  BECNs received by h1, h2, h3:     $(counter $F-h1 snic0 rx_becn), $(counter $F-h2 snic0 rx_becn), $(counter $F-h3 snic0 rx_becn)"
echo "  packets paced towards h4 (CCA):   $paced (each waited for its inter-packet delay)"
echo "  h1's congestion log:              $(nsexec $F-h1 "$SNICCTL" cc log snic0 | wc -l) entries, highest CCTI $(nsexec $F-h1 "$SNICCTL" cc log snic0 | sed -n 's/.* ccti \([0-9]*\).*/\1/p' | sort -n | tail -n 1)"
echo "  packets dropped (hosts + fabric): $drops"
echo "  UDP datagrams sent / received:    $sent / $got"
[ "$drops" -eq 0 ] && [ "$sent" -eq "$got" ] &&
	echo "RESULT: lossless: every datagram sent into the hot spot arrived" ||
	{ echo "RESULT: datagrams were lost"; exit 1; }
