#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Deleting devices and unloading the modules while traffic flows (credit
# and CCA pacing timers armed) leaves no warning (the harness scans the
# console) and no device behind.
. "$(dirname "$0")/../lib.sh"

modules_load || { not_ok "modules load"; ktap_finish; }
flood() {
	bg $IP netns exec "$H1" ping -q -i 0.01 -w 30 10.0.0.2 >/dev/null 2>&1
	bg $IP netns exec "$H2" ping -q -i 0.01 -w 30 10.0.0.1 >/dev/null 2>&1
}

fabric_2h1s || { not_ok "fabric setup"; ktap_finish; }
credits_on 128 || { not_ok "credits"; ktap_finish; }
pacing_on || { not_ok "pacing"; ktap_finish; }
flood
sleep 1
check "delete the switch under load" nsexec "$S1" $IP link del sw0
check "ports are released (no master)" \
	sh -c "! $IP netns exec $S1 $IP link show p1 | grep -q master"
check "delete a NIC's lower device under load removes the NIC" \
	sh -c "$IP netns exec $H2 $IP link del fab0 && ! $IP netns exec $H2 $IP link show snic0 2>/dev/null"
cleanup
NETNS=""
BGPIDS=""

SFX=${SFX}b
fabric_2h1s || { not_ok "second fabric setup"; ktap_finish; }
credits_on 128 || { not_ok "credits"; ktap_finish; }
pacing_on || { not_ok "pacing"; ktap_finish; }
flood
sleep 1
check "replace the qdisc on a switch port under load" \
	nsexec "$S1" $TC qdisc replace dev p2 root pfifo
check "delete the qdisc on a host link under load" \
	nsexec "$H1" $TC qdisc del dev fab0 root
check "rmmod snic with devices present and traffic flowing" /sbin/rmmod snic
check "no snic device is left" \
	sh -c "! $IP netns exec $H1 $IP link show snic0 2>/dev/null && ! $IP netns exec $S1 $IP link show sw0 2>/dev/null"
check "modprobe snic again" /sbin/modprobe snic
ktap_finish
