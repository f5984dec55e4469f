#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Operations under load, SNIC_ITER times each (default 5; make
# check-debug runs 100): link down/up on both ends of a link, MTU changes
# of a NIC's lower device, moving a switch port to another netns and back,
# replacing the qdiscs, deleting and re-creating a NIC, with credit, qdisc
# and CCA pacing timers armed. No warning (the
# harness scans the console), and traffic resumes after each class.
# check-debug: yes
. "$(dirname "$0")/../lib.sh"

ITER=${SNIC_ITER:-5}
modules_load || { not_ok "modules load"; ktap_finish; }
fabric_2h1s || { not_ok "fabric setup"; ktap_finish; }
# Lossless links and a shaped port: credit and qdisc timers are armed.
credits_on 128 || { not_ok "credits"; ktap_finish; }
nsexec "$S1" "$SNICCTL" qdisc set p2 rate 20mbit
pacing_on || { not_ok "pacing"; ktap_finish; }
bg $IP netns exec "$H1" ping -q -i 0.01 -w $((600 + 40 * ITER)) 10.0.0.2 >/dev/null 2>&1
bg $IP netns exec "$H2" ping -q -i 0.01 -w $((600 + 40 * ITER)) 10.0.0.1 >/dev/null 2>&1
X=x-$SFX
$IP netns add "$X"
NETNS="$NETNS $X"
# Traffic resumes: a reply within 30 s (neighbour entries that failed
# while a link was gone must be resolved again first).
resumes() { waitfor 30000 'nsexec $H1 ping -c 1 -w 2 10.0.0.2'; }
checke "pacing armed: the hosts hold packets for each other's DLID" \
	'waitfor 10000 "[ \$(counter $H1 snic0 tx_paced) -gt 0 ] && [ \$(counter $H2 snic0 tx_paced) -gt 0 ]"'

flap() {
	i=0
	while [ $i -lt "$ITER" ]; do
		$IP -n "$H1" link set fab0 down
		$IP -n "$S1" link set p1 down
		$IP -n "$S1" link set p1 up
		$IP -n "$H1" link set fab0 up || return 1
		i=$((i + 1))
	done
	resumes
}
check "link down/up on both ends x$ITER, traffic resumes" flap

mtu() {
	i=0
	while [ $i -lt "$ITER" ]; do
		$IP -n "$H1" link set fab0 mtu 1200 || return 1
		m=$($IP -n "$H1" link show snic0 | sed -n 's/.* mtu \([0-9]*\).*/\1/p')
		[ "$m" -le $((1200 - 42)) ] || { echo "snic0 mtu $m over 1200"; return 1; }
		$IP -n "$H1" link set fab0 mtu 1500 || return 1
		$IP -n "$H1" link set snic0 mtu 1458 || return 1
		i=$((i + 1))
	done
	resumes
}
check "lower MTU change x$ITER lowers snic0 MTU with it, traffic resumes" mtu
checke "snic0 MTU above what the lower device carries is refused" \
	'! nsexec $H1 $IP link set snic0 mtu 1459'
# A lower MTU that leaves the snic less than its minimum (68) is refused
# with the snic's error, and both keep their MTUs.
checke "a lower MTU snic0 cannot follow (100) is refused; both keep theirs" \
	'! $IP -n $H1 link set fab0 mtu 100 2>/dev/null &&
	 $IP -n $H1 link show fab0 | grep -q " mtu 1500 " &&
	 $IP -n $H1 link show snic0 | grep -q " mtu 1458 "'

netns_move() {
	i=0
	while [ $i -lt "$ITER" ]; do
		$IP -n "$S1" link set p2 netns "$X" || return 1
		nsexec "$S1" "$SNICCTL" port show sw0 | grep -q ' p2' &&
			{ echo "p2 still a port after leaving the netns"; return 1; }
		$IP -n "$X" link set p2 netns "$S1" || return 1
		$IP -n "$S1" link set p2 master sw0 || return 1
		$TC -n "$S1" qdisc replace dev p2 root snic || return 1
		nsexec "$S1" "$SNICCTL" port set sw0 p2 vlbuf 128 || return 1
		$IP -n "$S1" link set p2 up || return 1
		i=$((i + 1))
	done
	resumes
}
check "switch port moved to another netns and back x$ITER, traffic resumes" netns_move

qdisc_churn() {
	i=0
	while [ $i -lt "$ITER" ]; do
		$TC -n "$S1" qdisc replace dev p1 root pfifo || return 1
		$TC -n "$S1" qdisc replace dev p1 root snic || return 1
		$TC -n "$H2" qdisc del dev fab0 root || return 1
		$TC -n "$H2" qdisc add dev fab0 root snic || return 1
		i=$((i + 1))
	done
	resumes
}
check "qdisc replace/delete under load x$ITER, traffic resumes" qdisc_churn

# The receive path applies LIMIT frames to the sender's qdisc: replacing
# that qdisc while LIMITs arrive every 100 us must never touch the one
# being destroyed (its lock, its timers).
limit_churn() {
	nsexec "$H1" "$SNICCTL" dev set snic0 credit_period 100 || return 1
	nsexec "$S1" "$SNICCTL" port set sw0 p2 credit_period 100 || return 1
	r0=$(port_counter "$S1" sw0 p1 credit_limit_rx)
	i=0
	while [ $i -lt $((ITER * 4)) ]; do
		$TC -n "$S1" qdisc replace dev p1 root pfifo || return 1
		$TC -n "$S1" qdisc replace dev p1 root snic || return 1
		$TC -n "$H2" qdisc replace dev fab0 root pfifo || return 1
		$TC -n "$H2" qdisc replace dev fab0 root snic || return 1
		i=$((i + 1))
	done
	nsexec "$H1" "$SNICCTL" dev set snic0 credit_period 100000 || return 1
	nsexec "$S1" "$SNICCTL" port set sw0 p2 credit_period 100000 || return 1
	resumes || return 1
	# The LIMITs really did arrive during the churn.
	r1=$(port_counter "$S1" sw0 p1 credit_limit_rx)
	isnum "$r0" && isnum "$r1" && [ $((r1 - r0)) -gt 100 ]
}
check "qdiscs replaced x$((ITER * 4)) while LIMITs arrive every 100 us" limit_churn

nic_churn() {
	i=0
	while [ $i -lt "$ITER" ]; do
		$IP -n "$H2" link del snic0 || return 1
		$IP -n "$H2" link add snic0 link fab0 type snic || return 1
		nsexec "$H2" "$SNICCTL" dev set snic0 lid 2 vlbuf 128 || return 1
		$IP -n "$H2" addr add 10.0.0.2/24 dev snic0 || return 1
		$IP -n "$H2" link set snic0 up || return 1
		i=$((i + 1))
	done
	$IP -n "$H1" neigh flush dev snic0
	resumes
}
check "NIC deleted and re-created under load x$ITER, traffic resumes" nic_churn
ktap_finish
