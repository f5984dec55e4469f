#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Two hosts and one switch: ping both ways (IPv4 and IPv6), a TCP transfer
# with verified bytes, counters that agree hop by hop, the MAC derived from
# the LID, multi-queue TX, and SL -> SC -> VL visible in the qdisc.
. "$(dirname "$0")/../lib.sh"

modules_load || { not_ok "modules load"; ktap_finish; }
fabric_2h1s || { not_ok "fabric setup"; ktap_finish; }
ok "fabric setup: 2 hosts, 1 switch, sch_snic on every egress"

checke "snic0 MAC is derived from LID 1" \
	'[ "$(nsexec $H1 cat /sys/class/net/snic0/address)" = 02:53:4e:00:00:01 ]'
checke "snic0 has 4 TX queues" \
	'[ $(nsexec $H1 ls /sys/class/net/snic0/queues | grep -c tx-) -eq 4 ]'
checke "snicsw port numbers follow enslave order" \
	'nsexec $S1 $SNICCTL port show sw0 | grep -q "port 2 dev p2"'

# Conservation, hop by hop. Frames flooded before a host's snic0 existed
# never reach its counters, so record each hop's gap (sent - received)
# once the fabric is quiet; after thousands of packets it must be the same.
H1TX='counter $H1 snic0 tx_packets'
P1RX='port_counter $S1 sw0 p1 rx_packets'
P2TX='port_counter $S1 sw0 p2 tx_packets'
H2RX='rx_total $H2 snic0'
gap1=$(settled_gap "$H1TX" "$P1RX")
gap2=$(settled_gap "$P2TX" "$H2RX")

check "ping h1 -> h2 (ARP over broadcast DLID)" \
	nsexec "$H1" ping -c 3 -i 0.2 -w 10 10.0.0.2
check "ping h2 -> h1" nsexec "$H2" ping -c 3 -i 0.2 -w 10 10.0.0.1
check "ping6 h1 -> h2 (ND over broadcast DLID)" \
	nsexec "$H1" ping -6 -c 3 -i 0.2 -w 10 fd00::2

# TCP: 2 MB with a checksum of the stream at both ends, at priority 3.
rxf=/tmp/xfer-rx.$SFX
bg $IP netns exec "$H2" timeout 120 "$TOOLS/snic_xfer" -l 5001 >"$rxf"
busywait 5000 grep -q listening "$rxf"
tx=$($IP netns exec "$H1" timeout 120 "$TOOLS/snic_xfer" -c 10.0.0.2 5001 2000000 3)
waitfor 10000 'grep -q received "$rxf"'
rx=$(grep received "$rxf")
checke "TCP transfer of 2000000 bytes arrives intact" \
	'[ -n "$tx" ] && [ "${tx#sent }" = "${rx#received }" ] && [ "${tx% sum *}" = "sent 2000000" ]'
echo "# $tx / $rx"
checke "priority 3 rides VL3 on h1's fabric link" \
	'nsexec $H1 $SNICCTL -j qdisc show fab0 | grep -q "\"vl3\":{\"enqueued\":[1-9]"'
checke "priority 3 rides VL3 on the switch egress to h2" \
	'nsexec $S1 $SNICCTL -j qdisc show p2 | grep -q "\"vl3\":{\"enqueued\":[1-9]"'

hop1_conserved() { [ "$(settled_gap "$H1TX" "$P1RX")" -eq "$gap1" ]; }
hop2_conserved() { [ "$(settled_gap "$P2TX" "$H2RX")" -eq "$gap2" ]; }
check "conservation: h1 snic0 tx == switch p1 rx (gap $gap1 unchanged)" \
	busywait 5000 hop1_conserved
check "conservation: switch p2 tx == h2 snic0 rx + drops (gap $gap2 unchanged)" \
	busywait 5000 hop2_conserved
checke "ip -s link: snic0 rx counters match ethtool -S" \
	'[ "$(link_stat $H2 snic0 rx_packets)" = "$(counter $H2 snic0 rx_packets)" ] && [ $(link_stat $H2 snic0 rx_bytes) -gt 2000000 ]'
checke "switch forwarded without drops" \
	'[ "$(link_stat $S1 sw0 rx_dropped)" = 0 ] && [ $(link_stat $S1 sw0 tx_packets) -gt 1000 ]'
checke "dev show lists the snic device" \
	'nsexec $H1 $SNICCTL dev show | grep -q "snic0: kind snic lid 0x1 link fab0"'
checke "LFT dump shows both entries" \
	'[ $(nsexec $S1 $SNICCTL -j lft show sw0 | grep -o dlid | wc -l) -eq 2 ]'
ktap_finish
