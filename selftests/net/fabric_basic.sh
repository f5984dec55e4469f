#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Two hosts and one switch: ping both ways (IPv4 and IPv6), a TCP transfer
# with verified bytes, counters that agree hop by hop, the MAC derived from
# the LID, multi-queue TX, and SL -> SC -> VL visible in the qdisc.
# kernels: 6.12
. "$(dirname "$0")/../lib.sh"

modules_load || { not_ok "modules load"; ktap_finish; }
fabric_2h1s || { not_ok "fabric setup"; ktap_finish; }
ok "fabric setup: 2 hosts, 1 switch, sch_snic on every egress"

checke "snic0 MAC is derived from LID 1" \
	'[ "$(nsexec $H1 cat /sys/class/net/snic0/address)" = 02:53:4e:00:00:01 ]'
checke "snic0 has 8 TX queues (4 open, 4 for paced DLIDs)" \
	'[ $(nsexec $H1 ls /sys/class/net/snic0/queues | grep -c tx-) -eq 8 ]'
checke "snicsw port numbers follow enslave order" \
	'nsexec $S1 $SNICCTL port show sw0 | grep -q "port 2 dev p2"'

# Conservation, hop by hop. Frames flooded before a host's snic0 existed
# never reach its counters, so record each hop's gap (sent - received)
# once the fabric is quiet; after thousands of packets it must be the same.
H1TX='counter $H1 snic0 tx_packets'
P1RX='port_counter $S1 sw0 p1 rx_packets'
P2TX='port_counter $S1 sw0 p2 tx_packets'
H2RX='rx_total $H2 snic0'
settled -g "$P1RX" "$H1TX"
gap1=$SETTLED_GAP
settled -g "$H2RX" "$P2TX"
gap2=$SETTLED_GAP

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
	'nsexec $H1 $SNICCTL -j qdisc show fab0 | $JQ -e "any(.[]; .vl3.enqueued > 0)"'
checke "priority 3 rides VL3 on the switch egress to h2" \
	'nsexec $S1 $SNICCTL -j qdisc show p2 | $JQ -e "any(.[]; .vl3.enqueued > 0)"'

hop1_conserved() { settled -g "$P1RX" "$H1TX"; [ "$SETTLED_GAP" -eq "$gap1" ]; }
hop2_conserved() { settled -g "$H2RX" "$P2TX"; [ "$SETTLED_GAP" -eq "$gap2" ]; }
check "conservation: h1 snic0 tx == switch p1 rx (gap $gap1 unchanged)" \
	busywait 5000 hop1_conserved
check "conservation: switch p2 tx == h2 snic0 rx + drops (gap $gap2 unchanged)" \
	busywait 5000 hop2_conserved
checke "packets and bytes only in rtnl_link_stats64: ip -s link has them, ethtool -S not" \
	'[ $(link_stat $H2 snic0 rx_bytes) -gt 2000000 ] &&
	 [ $(link_stat $H2 snic0 rx_packets) -gt 0 ] &&
	 ! nsexec $H2 $ETHTOOL -S snic0 | grep -qE "^ *(rx|tx)_(packets|bytes):"'
checke "switch forwarded without drops" \
	'[ "$(link_stat $S1 sw0 rx_dropped)" = 0 ] && [ $(link_stat $S1 sw0 tx_packets) -gt 1000 ]'
checke "dev show lists the snic device" \
	'nsexec $H1 $SNICCTL dev show | grep -q "snic0: kind snic lid 0x1 link fab0"'
checke "LFT dump shows both entries" \
	'[ "$(nsexec $S1 $SNICCTL -j lft show sw0 | $JQ length)" -eq 2 ]'
# A qdisc of the user's that drops and says NET_XMIT_CN is no drop of
# snic's: it took the packet, or dropped one and counted that itself.
# pfifo_head_drop under a tbf drops its oldest packet for each new one
# past its limit and answers CN, which tbf passes up.
headdrop() {	# headdrop NS DEV
	$TC -n "$1" qdisc replace dev "$2" root handle 1: tbf rate 1mbit \
		burst 3000 latency 2s &&
	$TC -n "$1" qdisc add dev "$2" parent 1:1 pfifo_head_drop limit 2
}
hd_drops() {	# hd_drops NS DEV: what the pfifo_head_drop counted
	local v

	v=$($TC -n "$1" -j -s qdisc show dev "$2" | $JQ -r \
		'first(.[] | select(.kind == "pfifo_head_drop") | .drops | numbers)')
	echo "${v:-missing}"
}
flood() {	# flood: 2 s of h1 -> h2 at far more than 1 Mbit/s
	nsexec "$H2" timeout 15 "$TOOLS/snic_xfer" -U 7010 8 >/dev/null &
	sleep 0.5
	nsexec "$H1" timeout 10 "$TOOLS/snic_xfer" -u 10.0.0.2 7010 2 1000 >/dev/null
	wait
}
check "h1's fab0: a tbf over a pfifo_head_drop of 2" headdrop "$H1" fab0
l0=$(counter "$H1" snic0 tx_drop_lower)
t0=$(counter "$H1" snic0 tx_packets)
flood
checke "its NET_XMIT_CN is no tx_drop_lower: the qdisc counted the drops" \
	'd=$(hd_drops $H1 fab0) l=$(counter $H1 snic0 tx_drop_lower)
	 t=$(counter $H1 snic0 tx_packets)
	 echo "qdisc drops $d, tx_drop_lower $((l - l0)), tx_packets $((t - t0))"
	 [ "$d" -gt 0 ] && [ "$l" -eq "$l0" ] && [ $((t - t0)) -gt "$d" ]'
$TC -n "$H1" qdisc replace dev fab0 root snic
check "switch port p2: a tbf over a pfifo_head_drop of 2" headdrop "$S1" p2
q0=$(port_counter "$S1" sw0 p2 fwd_drop_qdisc)
t0=$(port_counter "$S1" sw0 p2 tx_packets)
flood
checke "its NET_XMIT_CN is no fwd_drop_qdisc: the qdisc counted the drops" \
	'd=$(hd_drops $S1 p2) q=$(port_counter $S1 sw0 p2 fwd_drop_qdisc)
	 t=$(port_counter $S1 sw0 p2 tx_packets)
	 echo "qdisc drops $d, fwd_drop_qdisc $((q - q0)), tx_packets $((t - t0))"
	 [ "$d" -gt 0 ] && [ "$q" -eq "$q0" ] && [ $((t - t0)) -gt "$d" ]'
$TC -n "$S1" qdisc replace dev p2 root snic
check "ping h1 -> h2 with sch_snic back" nsexec "$H1" ping -c 2 -i 0.2 -w 10 10.0.0.2
ktap_finish
