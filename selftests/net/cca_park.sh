#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# What the NIC parks for paced DLIDs (cc_parked: packets waiting for
# their DLID's turn in the NIC, not in a qdisc) is never lost and never
# left behind when the state it waits in goes away under load, with two
# CPU hogs in the guest:
#   - 32 paced DLIDs through a table of 8: DLIDs are evicted again and
#     again (cc_evictions) while packets are parked; what was parked for
#     them goes out unpaced, and once the senders stop the NIC drains:
#     nothing parked, no TX queue stopped, and every datagram the
#     senders' sockets took arrived at the other end of the link (the
#     only frames there: IPv6 is off on the NIC);
#   - the table reallocated (cc_tracked) and pacing switched off while
#     packets are parked: the same;
#   - the device set down while packets are parked: each is dropped and
#     counted (tx_drop_paced_flush), nothing stays parked; up again, it
#     paces as before;
#   - the device deleted while packets are parked (ip link del returns,
#     the kernel reports nothing: run_tests.sh judges its log).
# Each case first waits until packets are parked (its precondition, a
# count, not a time): a host of any speed gets there, a slower one
# sooner (the senders' datagrams come faster than the 0.7 s slots, also
# on a debug kernel under TCG), and the senders run until the case stops
# them.
# kernels: 6.1 6.12
. "$(dirname "$0")/../lib.sh"

modules_load || { not_ok "modules load"; ktap_finish; }
A=ka-$SFX B=kb-$SFX
NETNS="$A $B"
$IP netns add "$A" && $IP netns add "$B"
$IP link add fab0 netns "$A" type veth peer name sink0 netns "$B"
$IP -n "$B" link set sink0 up
$TC -n "$A" qdisc add dev fab0 root snic
# no frame on the link but the senders' (delivered(), below)
nsexec "$A" sh -c 'echo 1 >/proc/sys/net/ipv6/conf/fab0/disable_ipv6'
$IP -n "$A" link set fab0 up
$IP -n "$A" link add snic0 link fab0 type snic
nsexec "$A" "$SNICCTL" dev set snic0 lid 1
$IP -n "$A" addr add 10.0.0.1/24 dev snic0
nsexec "$A" sh -c 'echo 1 >/proc/sys/net/ipv6/conf/snic0/disable_ipv6'
$IP -n "$A" link set snic0 up
# 10 Gb/s at dilation 200: a 1078-byte frame is 862 fabric ns; CCTI 1
# (IPD 4095 Tp) gives each DLID a slot of about 0.7 s of wall time.
nsexec "$A" "$SNICCTL" qdisc set fab0 rate 10gbit dilation 200 limit 4096
nsexec "$A" "$SNICCTL" qdisc nic snic0
N=32
# Destination i: 10.1.0.i, DLID 100 + i (again after a down, which
# flushes the device's routes and neighbours).
neighs() {
	$IP -n "$A" route replace 10.1.0.0/16 dev snic0
	dlid_neighs "$A" $N
}
neighs
nsexec "$A" "$SNICCTL" dev set snic0 cct 0:0,0:4095 ccti_limit 1 \
	ccti_trigger 1 ccti_timer 0 ccti_increase 1 cc_tracked 8
hogs 2

dev() { nsexec "$A" "$SNICCTL" -j dev show snic0; }
parked() { dev | $JQ -r '.[0].cc_parked | numbers'; }
stopped() { dev | $JQ -c '.[0].txq_stopped'; }
# BECNs from all N DLIDs: each is paced at CCTI 1 (or enters the table,
# evicting another, when it is full)
becns() { SNIC_INJECT_SLIDS=$N nsexec "$B" "$TOOLS/snic_inject" sink0 becn $N 1 100; }
# send: every DLID's socket kept backlogged, in the background, until
# sent_stop (ip execs the sender: $! is its pid), which leaves the
# datagrams its sockets took in $SENT
SENT=0
send() {
	$IP netns exec "$A" "$TOOLS/snic_pace" send 10.1.0.0 $N 7500 1000 600 \
		5000000 >/tmp/park-sent.$SFX 2>&1 &
	s=$!
	BGPIDS="$BGPIDS $s"
}
send_stop() {
	kill -TERM $s 2>/dev/null
	wait $s 2>/dev/null
	SENT=$(sed -n 's/^sent \([0-9]*\) .*/\1/p' /tmp/park-sent.$SFX)
	rm -f /tmp/park-sent.$SFX
}
# (the precondition of a case: seen once; the count comes and goes as
# the pacer sends what was parked and the senders refill it, so a second
# read may find 0)
some_parked() { p=$(parked); [ -n "$p" ] && [ "$p" -gt 0 ]; }
drained() { [ "$(parked)" = 0 ] && [ "$(stopped)" = "[]" ]; }
state() { echo "parked $(parked), stopped queues $(stopped)"; }
rx() { link_stat "$B" sink0 rx_packets; }
# delivered R0 WHAT: every datagram sent arrived (the NIC drained first;
# what it sent last may still wait in fab0's qdisc, at the link's rate)
delivered() {
	local r

	[ -n "$SENT" ] && waitfor 60000 "[ \$((\$(rx) - ${1:?})) -eq $SENT ]"
	r=$(( $(rx) - $1 ))
	echo "$2: sent $SENT, arrived $r"
	[ -n "$SENT" ] && [ "$SENT" -gt 0 ] && [ "$r" -eq "$SENT" ]
}

# 1: evictions while packets are parked
e0=$(counter "$A" snic0 cc_evictions) r0=$(rx) both=0
send
k=0
while [ $k -lt 10 ]; do
	e=$(counter "$A" snic0 cc_evictions)
	becns
	waitfor 5000 some_parked &&
		[ "$(counter "$A" snic0 cc_evictions)" -gt "$e" ] && both=$((both + 1))
	k=$((k + 1))
done
send_stop
checke "evictions: DLIDs were evicted while packets were parked" \
	'e=$(( $(counter "$A" snic0 cc_evictions) - e0 ))
	 echo "evictions $e, rounds with both $both of $k"; [ "$e" -gt 0 ] && [ $both -gt 0 ]'
checke "evictions: the NIC drains (nothing parked, no TX queue stopped)" \
	'waitfor 60000 drained; state; drained'
checke "evictions: every datagram sent arrived" 'delivered $r0 evictions'

# 2: the table reallocated, and pacing off, with packets parked
check "cc_tracked 64" nsexec "$A" "$SNICCTL" dev set snic0 cc_tracked 64
r0=$(rx)
becns
send
checke "reallocation: packets are parked before it" 'waitfor 20000 some_parked; st=$?; state; [ $st = 0 ]'
check "cc_tracked 16 (the table reallocated) under load" \
	nsexec "$A" "$SNICCTL" dev set snic0 cc_tracked 16
becns
checke "pacing off: packets are parked before it" 'waitfor 20000 some_parked; st=$?; state; [ $st = 0 ]'
check "cc_pacing 0 under load" nsexec "$A" "$SNICCTL" dev set snic0 cc_pacing 0
check "cc_pacing 1" nsexec "$A" "$SNICCTL" dev set snic0 cc_pacing 1
becns
send_stop
checke "reallocation and pacing off under load: the NIC drains" \
	'waitfor 60000 drained; state; drained'
checke "reallocation and pacing off: every datagram sent arrived" \
	'delivered $r0 "reallocation and pacing off"'

# 3: down with packets parked: each dropped and counted. Whether any is
# parked at the instant of the down is the host's timing (the pacer
# sends what was parked and the senders refill it, and the read that
# saw some comes before the down): a down that found none parked proves
# nothing and is tried again, up to 5 times, each after packets were
# seen parked; nothing may stay parked after any of them.
tries=0 f=0 stay=0 seen=0
while [ $tries -lt 5 ]; do
	tries=$((tries + 1))
	becns
	f0=$(counter "$A" snic0 tx_drop_paced_flush)
	send
	waitfor 20000 some_parked && seen=$((seen + 1))
	$IP -n "$A" link set snic0 down
	f=$(( $(counter "$A" snic0 tx_drop_paced_flush) - f0 ))
	[ "$(parked)" = 0 ] || stay=1
	send_stop
	[ "$f" -gt 0 ] && break
	$IP -n "$A" link set snic0 up
	neighs
done
checke "down under load, packets parked before it: what was parked is dropped and counted, nothing stays" \
	'echo "tries $tries, parked before $seen, flushed $f"; state
	 [ $seen = $tries ] && [ $stay = 0 ] && [ "$f" -gt 0 ]'
check "up again" $IP -n "$A" link set snic0 up
neighs
becns
p0=$(counter "$A" snic0 tx_paced)
send
paced_grew() { [ $(( $(counter "$A" snic0 tx_paced) - p0 )) -gt 0 ]; }
checke "up again: it paces (tx_paced grows, packets are parked)" \
	'waitfor 20000 some_parked; st=$?; waitfor 20000 paced_grew
	 p=$(( $(counter "$A" snic0 tx_paced) - p0 ))
	 state; echo "paced $p"; [ $st = 0 ] && [ "$p" -gt 0 ]'

# 4: deleted with packets parked
checke "delete: packets are parked before it" 'waitfor 20000 some_parked; st=$?; state; [ $st = 0 ]'
check "deleted with packets parked" $IP -n "$A" link del snic0
send_stop
ktap_finish
