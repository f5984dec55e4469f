#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Registrations the kernel refuses after the device's ndo_init ran: an
# ifindex free in the caller's netns but taken in the target one gives
# -EBUSY from register_netdevice(), which then calls ndo_uninit and the
# destructor itself. Whatever ndo_init allocated is freed once (the debug
# kernel's KASAN and kmemleak, and the verdict, catch a double free or a
# leak); SNIC_ITER x 10 refusals of each kind, then working devices.
# kernels: 6.1 6.12
# check-debug: yes
. "$(dirname "$0")/../lib.sh"

ITER=$((${SNIC_ITER:-5} * 10))
modules_load || { not_ok "modules load"; ktap_finish; }
A=ra-$SFX B=rb-$SFX
NETNS="$A $B"
$IP netns add "$A" && $IP netns add "$B" || { not_ok "netns"; ktap_finish; }
# B: the NIC's lower device fab0 (index 300), and index 301 taken.
$IP -n "$B" link add fab0 index 300 type veth peer name fabq index 301
$IP -n "$B" link set fab0 up
# A: a fab0 of the same index, so that "link fab0" names B's, and the
# ids by which A names B.
$IP -n "$A" link add fab0 index 300 type veth peer name fabr index 302
# (the lower is named relative to the target netns: B names itself 7)
$IP netns exec "$B" $IP netns set "$B" 7

refused() {	# refused KIND ARGS...: ITER refusals with EBUSY, nothing left
	local kind=$1 i=0 out

	shift
	while [ $i -lt "$ITER" ]; do
		if out=$($IP -n "$A" link add x9 index 301 "$@" netns "$B" \
			type "$kind" 2>&1); then
			echo "registered: $kind"
			return 1
		fi
		case $out in
		*"resource busy"*) ;;
		*) echo "unexpected: $out"; return 1 ;;
		esac
		i=$((i + 1))
	done
	! $IP -n "$B" link show x9 >/dev/null 2>&1 &&
		! $IP -n "$A" link show x9 >/dev/null 2>&1
}
check "snicsw: $ITER registrations refused with EBUSY, nothing left behind" \
	refused snicsw
check "snic: $ITER registrations refused with EBUSY, nothing left behind" \
	refused snic link fab0 link-netnsid 7
checke "fab0 is free again (no rx_handler left on it)" \
	'$IP -n "$B" link add snic0 link fab0 type snic'
check "then a working NIC: its LID and counters" \
	nsexec "$B" "$SNICCTL" dev set snic0 lid 5
check "and a working switch" $IP -n "$B" link add sw0 type snicsw
checke "both show up" \
	'nsexec "$B" "$SNICCTL" dev show | grep -q snic0 &&
	 nsexec "$B" "$SNICCTL" dev show | grep -q sw0'
$IP -n "$B" link del snic0
$IP -n "$B" link del sw0
ktap_finish
