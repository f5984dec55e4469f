#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Deleting devices and unloading the module while traffic flows, with
# credit, qdisc and CCA pacing timers armed, SNIC_ITER times (default 5;
# make check-debug runs 100). Each round builds a fabric, floods it both
# ways, waits until packets are really paced, and takes it apart under
# load: a switch port's qdisc replaced, a host link's qdisc deleted, a
# NIC's lower device deleted (the NIC goes with it), then either the
# switch deleted before rmmod (even rounds) or rmmod with the switch and
# a NIC still present (odd rounds), and modprobe. No warning (the harness
# scans the console), no device left behind, the module loads again, and
# the rounds are counted: a loop that ends early fails.
# check-debug: yes
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
	# load really flows, and is paced, before the teardown starts
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
		sw_del=$((sw_del + 1))
	else
		$IP -n "$S1" link show sw0 >/dev/null &&
			$IP -n "$H1" link show snic0 >/dev/null ||
			{ echo "sw0 or snic0 gone before rmmod"; return 1; }
		live=$((live + 1))
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

# The round counter is this script's own: the helpers keep theirs local
# (fabric_2h1s once left its host counter in a global "i" here, and the
# loop ran 1 round of 3, or forever at 5).
rounds() {
	rnd=0 sw_del=0 live=0
	while [ $rnd -lt "$ITER" ]; do
		round $rnd || { echo "round $rnd"; cleanup; return 1; }
		rnd=$((rnd + 1))
	done
	echo "rounds $rnd switch_deleted $sw_del rmmod_with_devices $live"
}
res=$(rounds 2>&1)
rc=$?
if [ $rc = 0 ]; then
	ok "x$ITER: qdiscs, a NIC's lower device and the switch deleted, rmmod, under load"
else
	not_ok "x$ITER: qdiscs, a NIC's lower device and the switch deleted, rmmod, under load"
fi
printf '%s\n' "$res" | sed 's/^/# /' | tail -n 20
checke "every round ran: $ITER, the switch deleted in $(((ITER + 1) / 2)), rmmod with devices present in $((ITER / 2))" \
	'[ "$(printf "%s\n" "$res" | tail -n 1)" = "rounds $ITER switch_deleted $(((ITER + 1) / 2)) rmmod_with_devices $((ITER / 2))" ]'
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
