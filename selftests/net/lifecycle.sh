#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Lifetimes and shapes the other tests do not drive, each under load:
#   - a multi-queue lower device (veth of 4 queues) carries a lossless VL;
#   - MTU extremes: a lower device of MTU 68 is refused, and refused as a
#     change under a NIC; jumbo frames (9000) cross the fabric whole, and
#     a NIC of MTU 68 works;
#   - sch_snic is a link's root qdisc: as a child it is refused;
#   - sch_snic cannot be unloaded while in use (a fabric up, snic.ko
#     loaded): EBUSY, and the fabric carries on;
#   - snic.ko unloaded with a fabric up, traffic flowing, dumps running
#     and a monitor subscribed to the events group; loaded again, a fabric
#     works;
#   - a host's netns and then the switch's deleted while traffic flows
#     through them.
# No warning (the harness scans the console), nothing left behind.
# kernels: 6.1 6.12
# check-debug: yes
. "$(dirname "$0")/../lib.sh"

modules_load || { not_ok "modules load"; ktap_finish; }
fabric_2h1s || { not_ok "fabric setup"; ktap_finish; }
BUF=128
check "every link end gets $BUF credits" credits_on $BUF
for h in "$H1" "$H2"; do
	$IP -n "$h" link set snic0 addrgenmode none 2>/dev/null
done
$IP -n "$H1" neigh replace 10.0.0.2 lladdr 02:53:4e:00:00:02 dev snic0 nud permanent
$IP -n "$H2" neigh replace 10.0.0.1 lladdr 02:53:4e:00:00:01 dev snic0 nud permanent
pings() { nsexec "$1" ping -c 3 -i 0.2 -w 15 "$2" >/dev/null; }

# A multi-queue lower device: h3's link is a veth of 4 queues each way.
H3=h3-$SFX
$IP netns add "$H3" && NETNS="$NETNS $H3"
$IP -n "$H3" link set lo up
mq() {
	$IP link add fab0 numtxqueues 4 numrxqueues 4 netns "$H3" type veth \
		peer name p3 numtxqueues 4 numrxqueues 4 netns "$S1" || return 1
	$IP -n "$S1" link set p3 master sw0 || return 1
	$TC -n "$S1" qdisc add dev p3 root snic || return 1
	nsexec "$S1" "$SNICCTL" qdisc set p3 limit 4096 || return 1
	$IP -n "$S1" link set p3 up
	nsexec "$S1" "$SNICCTL" port set sw0 p3 vlbuf $BUF || return 1
	nsexec "$S1" "$SNICCTL" lft set sw0 dlid 3 port p3 || return 1
	nsexec "$S1" "$SNICCTL" mft set sw0 mlid 0xf00000 ports p1,p2,p3 || return 1
	$TC -n "$H3" qdisc add dev fab0 root snic || return 1
	$IP -n "$H3" link set fab0 up
	$IP -n "$H3" link add snic0 link fab0 type snic || return 1
	nsexec "$H3" "$SNICCTL" dev set snic0 lid 3 vlbuf $BUF || return 1
	$IP -n "$H3" addr add 10.0.0.3/24 dev snic0
	$IP -n "$H3" link set snic0 up
}
check "h3 on a veth of 4 TX and 4 RX queues, sch_snic and credits on it" mq
checke "h3's link has 4 TX queues and is flow controlled" \
	'[ $($IP netns exec $H3 ls /sys/class/net/fab0/queues | grep -c "^tx-") = 4 ] &&
	 waitfor 5000 "[ \"\$(vlx $H3 fab0 0 credits)\" = $BUF ] && [ \"\$(vlx $S1 p3 0 credits)\" = $BUF ]"'
nsexec "$S1" "$SNICCTL" qdisc set p2 rate 2mbit
d0=$(port_counter "$S1" sw0 p3 rx_drop_credit_overrun)
nsexec "$H2" timeout 30 "$TOOLS/snic_xfer" -U 7100 8 >/tmp/lc.$SFX &
rx=$!
sleep 0.5
for p in 7201 7202 7203 7204; do
	SNIC_XFER_SPORT=$p nsexec "$H3" "$TOOLS/snic_xfer" -u 10.0.0.2 7100 2 1000 >/dev/null &
done
wait $rx
nsexec "$S1" "$SNICCTL" qdisc set p2 rate 0bit
checke "4 flows over the 4 queues into a slow port: received, nothing overran" \
	'n=$(awk "\$1 == \"received\" { print \$2 }" /tmp/lc.$SFX)
	 o=$(( $(port_counter $S1 sw0 p3 rx_drop_credit_overrun) - d0 ))
	 echo "received ${n:-none}, overruns $o"; [ "${n:-0}" -gt 100 ] && [ $o -eq 0 ]'
checke "every credit back on h3's link" \
	'waitfor 20000 "[ \"\$(vlx $H3 fab0 0 credits)\" = $BUF ] && [ \"\$(crx_used $S1 sw0 p3 0)\" = 0 ]"'
rm -f /tmp/lc.$SFX

# MTU extremes.
check "a lower device of MTU 68 under h3's NIC: refused" \
	sh -c "! $IP -n $H3 link set fab0 mtu 68 2>/dev/null &&
		[ \$($IP -n $H3 -j link show fab0 | $JQ '.[0].mtu') = 1500 ]"
check "a new NIC on a lower device of MTU 68: refused, with the reason" sh -c "
	$IP -n $H3 link add lo68 mtu 68 type veth peer name lo68p mtu 68 &&
	out=\$($IP -n $H3 link add snic8 link lo68 type snic 2>&1); rc=\$?
	$IP -n $H3 link del lo68; echo \"\$out\"
	[ \$rc -ne 0 ] && echo \"\$out\" | grep -q 'MTU too small'"
# A VL buffer holds a frame of its link's MTU, or that frame would wait
# for good: 128 credits (8 KB) hold no 9000-byte frame.
# (a notifier's refusal carries no message: the kernel passes it none)
check "MTU 9000 on p1, whose VL buffers are $BUF credits: refused (EINVAL), MTU kept" sh -c "
	! $IP -n $S1 link set p1 mtu 9000 2>/dev/null &&
	[ \$($IP -n $S1 -j link show p1 | $JQ '.[0].mtu') = 1500 ]"
check "MTU 9000 on h1's link, whose NIC's VL buffers are $BUF credits: refused" sh -c "
	! $IP -n $H1 link set fab0 mtu 9000 2>/dev/null &&
	[ \$($IP -n $H1 -j link show fab0 | $JQ '.[0].mtu') = 1500 ]"
check "a VL buffer of 8 credits (512 bytes) on a link of MTU 1500: refused, with the reason" \
	expect_err "$S1" 22 "must hold a frame of the link" $SNICCTL port set sw0 p3 vlbuf 8
jumbo() {
	credits_on 256 &&
	$IP -n "$H1" link set fab0 mtu 9000 && $IP -n "$S1" link set p1 mtu 9000 &&
		$IP -n "$S1" link set p2 mtu 9000 && $IP -n "$H2" link set fab0 mtu 9000 &&
		$IP -n "$H1" link set snic0 mtu 8900 && $IP -n "$H2" link set snic0 mtu 8900
}
check "jumbo links (9000) and NICs (8900), VL buffers of 256 credits" jumbo
whole() {	# whole SIZE: pings of SIZE cross p1 in one frame each
	local b0 n0 b n

	b0=$(port_counter "$S1" sw0 p1 rx_bytes) n0=$(port_counter "$S1" sw0 p1 rx_packets)
	nsexec "$H1" ping -c 3 -i 0.2 -w 15 -s "$1" 10.0.0.2 >/dev/null || return 1
	b=$(( $(port_counter "$S1" sw0 p1 rx_bytes) - b0 ))
	n=$(( $(port_counter "$S1" sw0 p1 rx_packets) - n0 ))
	echo "p1 took $n frames, $b bytes"
	# (a fragmented ping would be 2 frames or more; one frame may be
	# another's: an ARP)
	[ "$n" -ge 3 ] && [ "$n" -le 4 ] && [ "$b" -ge $((3 * $1)) ]
}
check "an 8800-byte ping crosses whole: one frame each" whole 8800
small() {
	$IP -n "$H1" link set snic0 mtu 68 && $IP -n "$H2" link set snic0 mtu 68 &&
		nsexec "$H1" ping -c 3 -i 0.2 -w 15 -s 40 10.0.0.2 >/dev/null
}
check "a NIC of MTU 68, the least: a 40-byte ping crosses" small
for h in "$H1" "$H2"; do
	$IP -n "$h" link set snic0 mtu 1458
done

# sch_snic as a child qdisc.
check "sch_snic under prio: EOPNOTSUPP, never a child" sh -c "
	$TC -n $H3 qdisc add dev lo root handle 1: prio &&
	out=\$($TC -n $H3 qdisc add dev lo parent 1:1 snic 2>&1); rc=\$?
	$TC -n $H3 qdisc del dev lo root; echo \"\$out\"
	[ \$rc -ne 0 ] && echo \"\$out\" | grep -q 'never a child'"

# Unloading the modules with a fabric up.
flood() {
	$IP netns exec "$H1" ping -q -i 0.01 -w 120 10.0.0.2 >/dev/null 2>&1 &
	BGPIDS="$BGPIDS $!"
	$IP netns exec "$H2" ping -q -i 0.01 -w 120 10.0.0.1 >/dev/null 2>&1 &
	H2PING=$!
	BGPIDS="$BGPIDS $!"
}
flood
check "rmmod sch_snic with its qdiscs in use: refused (busy)" \
	sh -c "! /sbin/rmmod sch_snic 2>/dev/null && grep -q '^sch_snic ' /proc/modules"
check "the fabric carries on" pings "$H1" 10.0.0.2
nsexec "$S1" "$SNICCTL" monitor >/tmp/lc.mon.$SFX 2>&1 &
mon=$!
( while :; do
	nsexec "$S1" "$SNICCTL" -j -s port show sw0 >/dev/null 2>&1
	nsexec "$H1" "$SNICCTL" -j dev show >/dev/null 2>&1
  done ) &
dumps=$!
sleep 1
# A dump holds the module while it runs: rmmod is refused then (busy),
# and goes through between two dumps.
unload() {
	local k=0

	while ! /sbin/rmmod snic 2>/dev/null; do
		k=$((k + 1))
		[ $k -lt 200 ] || { echo "still refused after $k tries"; return 1; }
		sleep 0.1
	done
	echo "unloaded after $k refusals"
}
check "rmmod snic under load, dumps running, a monitor subscribed" unload
kill $dumps 2>/dev/null
wait $dumps 2>/dev/null
checke "its devices went with it: no snic0 on the hosts, no sw0" \
	'! $IP -n $H1 link show snic0 2>/dev/null && ! $IP -n $S1 link show sw0 2>/dev/null'
kill $mon 2>/dev/null
wait $mon 2>/dev/null
rm -f /tmp/lc.mon.$SFX
check "snic loads again" /sbin/modprobe snic
cleanup
NETNS=
BGPIDS=

# Netns deleted while traffic flows through them.
SFX=${SFX}b
fabric_2h1s || not_ok "a fabric again"
credits_on $BUF || not_ok "credits again"
check "ping across the new fabric" pings "$H1" 10.0.0.2
flood
nsexec "$H1" "$TOOLS/snic_xfer" -u 10.0.0.2 7100 30 1000 >/dev/null 2>&1 &
BGPIDS="$BGPIDS $!"
sleep 1
# (a netns lives on while a process is in it: h2's ping goes first)
kill $H2PING
wait $H2PING 2>/dev/null
check "h2's netns deleted while h1 blasts it" $IP netns del "$H2"
checke "the switch lost that port, p1 carries on" \
	'waitfor 10000 "! $IP -n $S1 link show p2 >/dev/null 2>&1"
	 ports=$(nsexec $S1 $SNICCTL -j port show sw0 | $JQ -r "[.[] | .ifname] | join(\",\")")
	 echo "ports: $ports"; [ "$ports" = p1 ]'
check "the switch's netns deleted while h1 blasts through it" $IP netns del "$S1"
checke "h1's NIC went with its link" \
	'waitfor 10000 "! $IP -n $H1 link show snic0 >/dev/null 2>&1"'
NETNS="$H1"
ktap_finish
