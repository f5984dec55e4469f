#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Deleting devices and unloading the module while traffic flows, with
# credit, qdisc and CCA pacing timers armed, SNIC_ITER times (default 5;
# make check-debug runs 100). Each round builds a fabric, floods it both
# ways and takes it apart under load: a switch port's qdisc replaced, a
# host link's qdisc deleted, a NIC's lower device deleted (the NIC goes
# with it), then either the switch deleted before rmmod (even rounds) or
# rmmod with the switch and a NIC still present (odd rounds). No warning
# (the harness scans the console), no device left behind, and the module
# loads again.
. "$(dirname "$0")/../lib.sh"

ITER=${SNIC_ITER:-5}
modules_load || { not_ok "modules load"; ktap_finish; }
flood() {
	bg $IP netns exec "$H1" ping -q -i 0.01 -w 60 10.0.0.2 >/dev/null 2>&1
	bg $IP netns exec "$H2" ping -q -i 0.01 -w 60 10.0.0.1 >/dev/null 2>&1
}

# round N: one fabric built and taken apart under load; the first
# failing step is reported
round() {
	SFX=${SFX%%r*}r$1
	fabric_2h1s || { echo "fabric setup"; return 1; }
	credits_on 128 || { echo "credits"; return 1; }
	pacing_on || { echo "pacing"; return 1; }
	flood
	# load really flows before the teardown starts
	waitfor 10000 '[ $(counter $H1 snic0 tx_paced) -gt 0 ]' ||
		{ echo "no paced traffic"; return 1; }
	$TC -n "$S1" qdisc replace dev p2 root pfifo ||
		{ echo "qdisc replace"; return 1; }
	$TC -n "$H1" qdisc del dev fab0 root ||
		{ echo "qdisc delete"; return 1; }
	$IP -n "$H2" link del fab0 || { echo "lower device delete"; return 1; }
	$IP -n "$H2" link show snic0 >/dev/null 2>&1 &&
		{ echo "snic0 outlived its lower device"; return 1; }
	if [ $(($1 % 2)) = 0 ]; then
		$IP -n "$S1" link del sw0 || { echo "switch delete"; return 1; }
		$IP -n "$S1" link show p1 | grep -q master &&
			{ echo "p1 still enslaved"; return 1; }
	fi
	/sbin/rmmod snic || { echo "rmmod"; return 1; }
	$IP -n "$H1" link show snic0 >/dev/null 2>&1 &&
		{ echo "snic0 left after rmmod"; return 1; }
	$IP -n "$S1" link show sw0 >/dev/null 2>&1 &&
		{ echo "sw0 left after rmmod"; return 1; }
	cleanup
	NETNS=""
	BGPIDS=""
	/sbin/modprobe snic || { echo "modprobe"; return 1; }
}

rounds() {
	i=0
	while [ $i -lt "$ITER" ]; do
		round $i || { echo "round $i"; cleanup; return 1; }
		i=$((i + 1))
	done
}
check "x$ITER: qdiscs, a NIC's lower device and the switch deleted, rmmod, under load" rounds
# after the last rmmod and modprobe, the module still works
SFX=${SFX%%r*}z
# (in this shell: the checks below use the names it sets)
if fabric_2h1s; then
	ok "a fabric is built after the rounds"
else
	not_ok "a fabric is built after the rounds"
fi
checke "traffic crosses it" 'waitfor 10000 "nsexec $H1 ping -c 1 -w 2 10.0.0.2"'
ktap_finish
