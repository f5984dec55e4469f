#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# A container's root: CAP_NET_ADMIN in a user namespace of its own, and
# none in the initial one. It builds and runs its own fabric in network
# namespaces that namespace owns: links, the snic and snicsw devices,
# sch_snic, and every mutating request of the snic family (which asks
# for CAP_NET_ADMIN over the netns that owns the device:
# GENL_UNS_ADMIN_PERM). The same root is refused for a device of a
# netns it does not own (the initial one), with EPERM, and nothing there
# changes; what anybody may read (dumps) it reads. The container: a
# process that made a user namespace (root mapped to root), a mount
# namespace (for /run/netns) and a network namespace; every command
# enters all three (nsenter), as a container's shell would.
# Not on the debug kernel: its minimal config has no CONFIG_USER_NS (the
# namespace this test is about), and the permission check it drives runs
# no code that KASAN or lockdep would tell anything about.
# kernels: 6.1 6.12
. "$(dirname "$0")/../lib.sh"

modules_load || { not_ok "modules load"; ktap_finish; }
mkdir -p /run/netns
unshare -r -m -n sh -c 'mount -t tmpfs uns /run/netns && exec sleep 1000' &
HOLDER=$!
BGPIDS="$BGPIDS $HOLDER"
sleep 0.5
W=/tmp/uns.$SFX
mkdir -p "$W"
# ip, tc, snicctl and the tools as the container's root runs them.
for t in ip:/usr/sbin/ip tc:/usr/sbin/tc snicctl:$SNICCTL; do
	printf '#!/bin/sh\nexec nsenter -t %s -U -m -n --preserve-credentials %s "$@"\n' \
		"$HOLDER" "${t#*:}" >"$W/${t%%:*}"
	chmod +x "$W/${t%%:*}"
done
in_c() { nsenter -t "$HOLDER" -U -m -n --preserve-credentials "$@"; }
trap 'rm -rf "$W"; cleanup' EXIT

checke "the container's root has no CAP_NET_ADMIN in the initial user namespace" \
	'in_c sh -c "grep CapEff /proc/self/status"; [ "$(readlink /proc/$HOLDER/ns/user)" != "$(readlink /proc/self/ns/user)" ]'

# The fabric of lib.sh, built by the container's root in its own netns.
ROOT_IP=$IP ROOT_TC=$TC ROOT_SNICCTL=$SNICCTL
IP=$W/ip TC=$W/tc SNICCTL=$W/snicctl
if fabric_2h1s; then
	ok "the container builds a 2-host fabric: veth, snicsw, sch_snic, snic, LIDs, LFT, MFT"
else
	not_ok "the container builds a 2-host fabric: veth, snicsw, sch_snic, snic, LIDs, LFT, MFT"
fi
check "... and lossless VLs (credits on every link end)" credits_on 128
check "... and CCA settings on a NIC" nsexec "$H1" "$SNICCTL" dev set snic0 ccti_increase 2
check "ping across the container's fabric" \
	nsexec "$H1" ping -c 2 -i 0.2 -w 10 10.0.0.2
checke "its VLs are flow controlled: the container's qdisc shows its credits" \
	'waitfor 5000 "[ \"\$(vlx $H1 fab0 0 credits)\" = 128 ]"'
check "LFT delete and add again" sh -c "
	$SNICCTL -n $S1 lft del sw0 dlid 2 && $SNICCTL -n $S1 lft set sw0 dlid 2 port p2"

# A device of the initial netns, which the container does not own.
IP=$ROOT_IP TC=$ROOT_TC SNICCTL=$ROOT_SNICCTL
$IP link add rfab type veth peer name rfabp
$IP link add rsnic link rfab type snic
$SNICCTL dev set rsnic lid 77
refused() {	# refused CMD...: the container's root, in the initial netns
	local out

	if out=$(nsenter -t "$HOLDER" -U --preserve-credentials "$@" 2>&1); then
		echo "accepted: $out"
		return 1
	fi
	echo "$out"
	echo "$out" | grep -q "not permitted"
}
check "dev set on the initial netns's NIC: EPERM" \
	refused "$SNICCTL" dev set rsnic lid 5
check "vlbuf on it: EPERM" refused "$SNICCTL" dev set rsnic vlbuf 64
check "ip link add of a snic there: EPERM" \
	refused /usr/sbin/ip link add rsnic2 link rfab type snic
checke "nothing changed: its LID is still 77" \
	'[ "$($SNICCTL -j dev show rsnic | $JQ ".[0].lid")" = 77 ]'
checke "but it reads (a dump needs no privilege)" \
	'[ "$(nsenter -t $HOLDER -U --preserve-credentials $SNICCTL -j dev show rsnic | $JQ ".[0].lid")" = 77 ]'

$IP link del rfab

# Torn down by the container itself.
IP=$W/ip TC=$W/tc SNICCTL=$W/snicctl
check "the container deletes its fabric" sh -c "
	for ns in $H1 $H2 $S1; do $IP netns del \$ns || exit 1; done"
NETNS=
IP=$ROOT_IP TC=$ROOT_TC SNICCTL=$ROOT_SNICCTL
ktap_finish
