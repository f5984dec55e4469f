#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# A fat tree over two machines (selftests/qemu/run-span.sh: guests m1
# and m2, their eth0 one segment). fattree:2,2,2 split by leaves: leaf1
# with h1, h2 and spine1 on m1, leaf2 with h3, h4 and spine2 on m2; the
# links leaf1-spine2 (link 3) and leaf2-spine1 (link 6) are VXLAN
# tunnels over eth0. Both guests run this script, each checking what
# its machine holds, and meet in $SNIC_SPAN (span/lib.sh):
#  - each part holds its nodes only; a spanning link's end is a VXLAN
#    device (VNI 4096 + link index) under the link end's name, with
#    sch_snic on it; every snic0, tunnel or not, has the span's MTU
#    (1500 - 50 VXLAN - 42 16B = 1408);
#  - fabric check from each part reaches the other part's hosts;
#  - TCP h1 (m1) -> h4 (m2): the bytes and their sum arrive;
#  - a hot spot on h4: h1, h2 (m1) and h3 (m2) send UDP to h4; leaf2
#    marks FECN (m2), h4 returns BECNs over the tunnels, h1 and h2 (m1)
#    receive them and pace: the CCA loop crosses the machines;
#  - lossless: every datagram of every sender arrived; no credit
#    overrun or drop on either part; per spanning link, every 16B
#    packet one end sent the other took in; every credit back;
#  - fabric health on each part measures the underlay to the other
#    machine; a slow underlay (netem delay on m1's eth0) is a slow
#    link; a lossy one (netem loss) is a lossy link: fabric health on
#    m2 counts the credits written off and says UNFAITHFUL, and the
#    credits come back once the underlay is clean.
. "$(dirname "$0")/lib.sh"

modules_load || { not_ok "modules load"; ktap_finish; }
span_ready || { not_ok "one of several guests, with its underlay (run-span.sh)"; ktap_finish; }
F=sp
trap '"$SNICCTL" fabric down $F >/dev/null 2>&1; cleanup' EXIT
check "fabric up fattree:2,2,2 machines $MACHINES part $ME" \
	"$SNICCTL" fabric up fattree:2,2,2 name $F machines "$MACHINES" part "$ME"
# local KIND: this part's nodes of a kind (host, switch)
local_nodes() {
	"$SNICCTL" -j fabric show $F |
		$JQ -r --arg k "$1" '.nodes[] | select(.kind == $k and .local) | .name'
}
HOSTS=$(local_nodes host) SWITCHES=$(local_nodes switch)
ports() { nsexec "$F-$1" ls /sys/class/net | grep '^p[0-9]'; }
ctr() { counter "$F-$1" snic0 "$2"; }

if [ "$ME" = m1 ]; then
	checke "m1 holds h1, h2, leaf1, spine1" \
		'n=$(echo $HOSTS $SWITCHES); echo "$n"; [ "$n" = "h1 h2 spine1 leaf1" ]'
	TUN="leaf1/p4:4099 spine1/p2:4102"
else
	checke "m2 holds h3, h4, spine2, leaf2" \
		'n=$(echo $HOSTS $SWITCHES); echo "$n"; [ "$n" = "h3 h4 spine2 leaf2" ]'
	TUN="spine2/p1:4099 leaf2/p3:4102"
fi
checke "its tunnel ends: VXLAN, VNI 4096 + link index, remote the other machine, sch_snic on them" \
	'for t in $TUN; do
		e=${t%:*} vni=${t#*:}
		o=$($IP -n $F-${e%/*} -d link show ${e#*/}); echo "$o" | head -3
		echo "$o" | grep -q "vxlan id $vni remote 192.168.100.[12] local 192.168.100.${ME#m} " &&
			! echo "$o" | grep -q "remote 192.168.100.${ME#m} " &&
			$TC -n $F-${e%/*} qdisc show dev ${e#*/} | grep -q "^qdisc snic" || exit 1
	 done'
checke "every snic0 has the span's MTU, 1408" \
	'for h in $HOSTS; do
		m=$(nsexec $F-$h cat /sys/class/net/snic0/mtu); echo "$h $m"
		[ "$m" = 1408 ] || exit 1
	 done'
span_sync up || { not_ok "the other guest's part"; ktap_finish; }

checke "fabric check from $ME reaches every host of both parts" \
	'o=$("$SNICCTL" fabric check $F); echo "$o"; echo "$o" | grep -q "^check: 6/6 host pairs reachable"'
checke "fabric traffic, which drives every host from one process, refuses a part (status 2, said)" \
	'o=$("$SNICCTL" fabric traffic $F uniform 2>&1); st=$?; echo "$o"
	 [ $st = 2 ] && echo "$o" | grep -q "is part $ME of a fabric over 2 machines"'
checke "...but plans on it: fair shares over the whole fabric's routes" \
	'o=$("$SNICCTL" -j fabric traffic $F flows:h1-h4@1,h2-h4@0.5,h2-h3@0.5 plan); echo "$o"
	 [ "$(echo "$o" | $JQ -r ".flow[] | select(.src == \"h2\" and .dst == \"h3\") | .fair")" = 0.5 ]'
# Static neighbours (the snic0 MAC follows the LID): no ARP behind an
# incast.
for h in $HOSTS; do
	for d in 1 2 3 4; do
		[ "$h" = "h$d" ] || nsexec $F-$h $IP neigh replace 10.0.0.$d \
			lladdr 02:53:4e:00:00:0$d dev snic0 nud permanent
	done
done
span_sync pinged

# TCP h1 -> h4 across the span.
B=300000
if [ "$ME" = m2 ]; then
	nsexec $F-h4 timeout 120 "$TOOLS/snic_xfer" -l 7301 >/tmp/tcp.$SFX &
	p=$!
	waitfor 20000 "nsexec $F-h4 cat /proc/net/tcp | grep -q ':1C85 '"
	span_put tcp.listening 1
	wait $p
	span_put tcp.rx "$(tail -n 1 /tmp/tcp.$SFX)"
	echo "# h4: $(cat /tmp/tcp.$SFX)"
else
	span_get tcp.listening >/dev/null
	sent=$(nsexec $F-h1 timeout 120 "$TOOLS/snic_xfer" -c 10.0.0.4 7301 $B)
	checke "TCP h1 (m1) -> h4 (m2): $B bytes, the sum h1 sent is the sum h4 received" \
		'rx=$(span_get tcp.rx); echo "h1: $sent; h4: $rx"
		 [ "${sent#sent }" = "${rx#received }" ] && [ "${sent% sum*}" = "sent $B" ]'
fi
span_sync tcp

# The hot spot on h4, CCA on (the default marking).
SECS=3
ends_qdisc() {	# the sch_snic of each of this part's link ends, -j, a line each
	local s p h

	for h in $HOSTS; do
		nsexec $F-$h "$SNICCTL" -j qdisc show fab0
	done
	for s in $SWITCHES; do
		for p in $(ports $s); do
			nsexec $F-$s "$SNICCTL" -j qdisc show $p
		done
	done
}
q_sum() {	# q_sum FIELD: a counter summed over this part's link ends
	ends_qdisc | $JQ -n "[inputs[] | .$1 // 0] | add"
}
sw_sum() {	# sw_sum COUNTER: summed over this part's switch ports
	local s

	for s in $SWITCHES; do
		nsexec $F-$s "$SNICCTL" -j -s port show sw0
	done | $JQ -n --arg c "$1" '[inputs[] | .stats[$c] // 0] | add'
}
o0=$(sw_sum rx_drop_credit_overrun) d0=$(q_sum drops) fw0=$(sw_sum fwd_drop_qdisc)
if [ "$ME" = m2 ]; then
	f0=$(ctr h4 rx_fecn)
	nsexec $F-h4 timeout 60 "$TOOLS/snic_xfer" -U 7200 $((SECS + 10)) >/tmp/inc.$SFX &
	p=$!
	sleep 0.5
	span_put inc.ready 1
	nsexec $F-h3 "$TOOLS/snic_xfer" -u 10.0.0.4 7200 $SECS 1000 >/tmp/h3.$SFX
	span_put inc.sent.h3 "$(cat /tmp/h3.$SFX)"
	wait $p
	echo "# h4: $(tr '\n' ' ' </tmp/inc.$SFX)"
	for h in 1 2 3; do
		s=$(span_get inc.sent.h$h)
		checke "h$h's datagrams to h4 all arrived (${s})" \
			'r=$(sed -n "s/^from 10.0.0.$h received \([0-9]*\) dup 0$/\1/p" /tmp/inc.$SFX)
			 [ -n "$r" ] && [ "sent $r" = "$s" ]'
	done
	checke "leaf2 marked FECN on h4's port, h4 received them and returned BECNs" \
		'm=$(vlx $F-leaf2 p2 0 fecn_marked) r=$(( $(ctr h4 rx_fecn) - f0 ))
		 b=$(( $(ctr h4 tx_cn) + $(ctr h4 tx_becn_piggyback) ))
		 echo "marked $m rx_fecn $r becn out $b"; [ $m -gt 0 ] && [ $r -gt 0 ] && [ $b -gt 0 ]'
else
	b1=$(ctr h1 rx_becn) b2=$(ctr h2 rx_becn)
	p1=$(ctr h1 tx_paced) p2=$(ctr h2 tx_paced)
	span_get inc.ready >/dev/null
	for h in h1 h2; do
		nsexec $F-$h "$TOOLS/snic_xfer" -u 10.0.0.4 7200 $SECS 1000 >/tmp/$h.$SFX &
		pids="${pids:-} $!"
	done
	# these only: a plain wait would wait for the hogs of a busy run too
	wait $pids
	for h in h1 h2; do
		span_put inc.sent.$h "$(cat /tmp/$h.$SFX)"
	done
	checke "h1 and h2 (m1) received BECNs from h4 (m2), over the tunnels" \
		'x=$(( $(ctr h1 rx_becn) - b1 )) y=$(( $(ctr h2 rx_becn) - b2 ))
		 echo "h1 $x h2 $y"; [ $x -gt 0 ] && [ $y -gt 0 ]'
	checke "...and paced their packets to h4 (tx_paced)" \
		'x=$(( $(ctr h1 tx_paced) - p1 )) y=$(( $(ctr h2 tx_paced) - p2 ))
		 echo "h1 $x h2 $y"; [ $x -gt 0 ] && [ $y -gt 0 ]'
fi

# Quiet again: every credit back on this part's link ends, no loss.
all_back() {
	local s

	ends_qdisc | $JQ -n -e '[inputs | .[0].vl0.credits] | length == 8 and all(. == 256)' \
		>/dev/null || return 1
	for s in $SWITCHES; do
		nsexec $F-$s "$SNICCTL" -j port show sw0
	done | $JQ -n -e '[inputs[] | .vl0.used] | length == 6 and all(. == 0)' >/dev/null
}
checke "$ME: every credit back on its 8 link ends, the fabric quiet" 'waitfor 60000 all_back'
checke "$ME: no credit overrun, no qdisc or forwarding drop" \
	'o=$(( $(sw_sum rx_drop_credit_overrun) - o0 )) d=$(( $(q_sum drops) - d0 ))
	 fw=$(( $(sw_sum fwd_drop_qdisc) - fw0 ))
	 echo "overruns $o drops $d fwd_drop_qdisc $fw"; [ $o -eq 0 ] && [ $d -eq 0 ] && [ $fw -eq 0 ]'
span_sync quiet

# Per spanning link: the 16B packets one end sent (its sch_snic), the
# other took in (its port's packets, management and drops).
sent16() { nsexec $F-$1 "$SNICCTL" -j qdisc show $2 | $JQ '.[0].sent_16b'; }
took() {
	nsexec $F-$1 "$SNICCTL" -j -s port show sw0 | $JQ --arg p "$2" \
		'first(.[] | select(.ifname == $p) | .stats |
		 .rx_packets + (.rx_mgmt // 0) +
		 ([to_entries[] | select((.key | test("^rx_drop_")) and
			(.key | test("^rx_drop_credit_") | not)) | .value] | add // 0))'
}
for t in $TUN; do
	e=${t%:*}
	span_put "sent.$e" "$(sent16 ${e%/*} ${e#*/})"
	span_put "took.$e" "$(took ${e%/*} ${e#*/})"
done
if [ "$ME" = m1 ]; then
	checke "link leaf1-spine2: what each end sent, the other took in" \
		'a=$(span_get sent.leaf1/p4) b=$(span_get took.spine2/p1)
		 c=$(span_get sent.spine2/p1) d=$(span_get took.leaf1/p4)
		 echo "leaf1 sent $a spine2 took $b; spine2 sent $c leaf1 took $d"
		 [ "$a" -gt 0 ] && [ "$a" = "$b" ] && [ "$c" -gt 0 ] && [ "$c" = "$d" ]'
	checke "link leaf2-spine1: the same" \
		'a=$(span_get sent.leaf2/p3) b=$(span_get took.spine1/p2)
		 c=$(span_get sent.spine1/p2) d=$(span_get took.leaf2/p3)
		 echo "leaf2 sent $a spine1 took $b; spine1 sent $c leaf2 took $d"
		 [ "$a" -gt 0 ] && [ "$a" = "$b" ] && [ "$c" -gt 0 ] && [ "$c" = "$d" ]'
fi
span_sync counted

# A lossy underlay: m1's eth0 drops 10 % of what it sends (netem), so the
# tunnels lose frames from m1 to m2, not the other way. fabric health
# (each part's) counted no loss so far; now m2's link ends write off the
# credits of frames that never came and its health says so (UNFAITHFUL);
# m1's ends lost nothing. The credit protocol repairs the loss: once the
# underlay is clean again, every credit is back on both parts.
lost() { "$SNICCTL" -j fabric health $F | $JQ .lost_credits; }
checke "$ME: fabric health counted no frame lost on a link so far" '[ "$(lost)" = 0 ]'
checke "$ME: fabric health measures the underlay to the other machine: round trip, one way in fabric ns, slow beyond a frame" \
	'u=$("$SNICCTL" -j fabric health $F | $JQ -c ".underlay"); echo "$u"
	 echo "$u" | $JQ -e "length == 1 and .[0].machine == \"m$((3 - ${ME#m}))\" and
		.[0].rtt_us > 0 and .[0].frame_ns == 120 and
		.[0].slow == (.[0].oneway_ns > .[0].frame_ns)" >/dev/null'
if [ "$ME" = m1 ]; then
	check "m1: netem delay 40ms on eth0" $TC qdisc replace dev eth0 root netem delay 40ms
	checke "m1: a slow underlay is a slow link: rtt beyond 40 ms, 2000 fabric ns one way, slow" \
		'u=$("$SNICCTL" -j fabric health $F | $JQ -c ".underlay[0]"); echo "$u"
		 echo "$u" | $JQ -e ".rtt_us >= 40000 and .oneway_ns >= 2000 and .slow" >/dev/null'
	$TC qdisc del dev eth0 root
fi
span_sync clean
if [ "$ME" = m1 ]; then
	check "m1: netem loss 10% on eth0, the underlay" \
		$TC qdisc replace dev eth0 root netem loss 10%
	for h in $HOSTS; do
		nsexec $F-$h ping -q -c 60 -i 0.05 -w 30 10.0.0.4 >/dev/null &
		pings="${pings:-} $!"
	done
	wait $pings
	$TC qdisc del dev eth0 root
	checke "m1: its link ends lost nothing (the loss is on the way to m2)" \
		'[ "$(lost)" = 0 ]'
fi
span_sync lossy
if [ "$ME" = m2 ]; then
	checke "m2: fabric health reports the frames its tunnel ends lost, UNFAITHFUL" \
		'h=$("$SNICCTL" -j fabric health $F); echo "$h"
		 [ "$(echo "$h" | $JQ .lost_credits)" -gt 0 ] &&
		 [ "$(echo "$h" | $JQ -r .fidelity)" = UNFAITHFUL ]'
fi
checke "$ME: the loss repaired, every credit back" 'waitfor 60000 all_back'
span_sync repaired
check "fabric down (this part)" "$SNICCTL" fabric down $F
ktap_finish
