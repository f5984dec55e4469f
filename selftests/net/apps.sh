#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Programs nobody here wrote, unmodified, over the fabric: iperf3 (the
# host's Debian binary, through hostrun) on a two-level fat tree
# (fattree:2,2,2: h1, h2 on leaf1, h3, h4 on leaf2, two spines; 100 Gb/s
# links at dilation 10000, so 10 Mb/s of wall time) and on a Dragonfly
# (dragonfly:1,2,1,3 with adaptive routing). TCP h1 -> h4 across the
# spines: the bytes the receiver got are those iperf3 sent (all but what
# was in flight at the end), at a rate no faster than the emulated line
# rate; UDP at 5 Mb/s, lossless: every datagram sent arrived (iperf3's
# own loss count 0). On the Dragonfly, UDP h1 -> h5 (group 0 -> group
# 2): none lost either. snicctl fabric exec runs a command in a node's
# namespace by fabric and node name, and refuses a node it does not
# know.
. "$(dirname "$0")/../lib.sh"

modules_load || { not_ok "modules load"; ktap_finish; }
hostroot_ready >/dev/null || { not_ok "the host's userland (hostrun)"; ktap_finish; }
F=ap$(echo "$SFX" | cut -c1-4)
"$SNICCTL" fabric up fattree:2,2,2 name "$F" >/dev/null ||
	{ not_ok "fabric up fattree:2,2,2"; ktap_finish; }
J=/tmp/iperf.$SFX
# iperf NETNS-SERVER NETNS-CLIENT ADDR ARGS...: one iperf3 run, the
# client's JSON report in $J.
iperf() {
	local s=$1 c=$2 a=$3 p

	shift 3
	hostrun "$s" iperf3 -s -1 -p 5201 >/dev/null 2>&1 &
	p=$!
	waitfor 20000 "hostrun $s ss -ltn 2>/dev/null | grep -q :5201"
	hostrun "$c" iperf3 -c "$a" -p 5201 -J "$@" >$J 2>&1
	wait $p
}
jq_() { $JQ -r "$1" $J; }

check "snicctl fabric exec NAME h1 -- ping h4 (a command in a host's netns)" \
	"$SNICCTL" fabric exec "$F" h1 -- ping -c 1 -w 10 10.0.0.4
checke "fabric exec refuses a node it does not know (status 2, said)" \
	'out=$("$SNICCTL" fabric exec "$F" h9 -- true 2>&1); st=$?; echo "$out";
	 [ $st = 2 ] && echo "$out" | grep -q "no node \"h9\""'

iperf "$F-h4" "$F-h1" 10.0.0.4 -t 3
echo "# TCP h1 -> h4: sent $(jq_ .end.sum_sent.bytes) received" \
	"$(jq_ .end.sum_received.bytes) bytes at" \
	"$(jq_ .end.sum_received.bits_per_second) bit/s"
checke "iperf3 TCP h1 -> h4 across the spines: the bytes sent arrived" \
	's=$(jq_ .end.sum_sent.bytes) r=$(jq_ .end.sum_received.bytes);
	 [ "$r" -gt 0 ] && [ $((r * 2)) -ge "$s" ] && [ "$r" -le "$s" ] ||
	 { head -c 600 $J; false; }'
checke "...no faster than the emulated line rate (10 Mb/s of wall time)" \
	'b=$(jq_ ".end.sum_received.bits_per_second | floor");
	 [ "$b" -gt 0 ] && [ "$b" -le 10500000 ]'

iperf "$F-h4" "$F-h2" 10.0.0.4 -u -b 5M -l 1000 -t 3
echo "# UDP h2 -> h4: $(jq_ .end.sum.packets) datagrams, $(jq_ .end.sum.lost_packets) lost"
checke "iperf3 UDP h2 -> h4 at 5 Mb/s: every datagram arrived (lossless)" \
	'[ "$(jq_ .end.sum.packets)" -gt 100 ] &&
	 [ "$(jq_ .end.sum.lost_packets)" = 0 ] || { head -c 600 $J; false; }'
check "fabric down" "$SNICCTL" fabric down "$F"

"$SNICCTL" fabric up dragonfly:1,2,1,3 name "$F" ar >/dev/null ||
	{ not_ok "fabric up dragonfly:1,2,1,3 ar"; ktap_finish; }
iperf "$F-h5" "$F-h1" 10.0.0.5 -u -b 2M -l 1000 -t 3
echo "# Dragonfly UDP h1 -> h5: $(jq_ .end.sum.packets) datagrams, $(jq_ .end.sum.lost_packets) lost"
checke "iperf3 UDP h1 -> h5 across the Dragonfly's groups: none lost" \
	'[ "$(jq_ .end.sum.packets)" -gt 100 ] &&
	 [ "$(jq_ .end.sum.lost_packets)" = 0 ] || { head -c 600 $J; false; }'
check "fabric down" "$SNICCTL" fabric down "$F"
ktap_finish
