#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Broadcast follows the MFT, so a topology with a loop works: switches
# s1, s2, s3 in a triangle, h1 on s1, h2 on s2, unicast routes over
# s1-s2, and the broadcast spanning tree s1-s2-s3 (the s1-s3 link is left
# out). ARP works, the left-out link carries no broadcast, and there is
# no storm. A multicast DLID without an MFT entry is a counted drop.
# kernels: 6.12
. "$(dirname "$0")/../lib.sh"

modules_load || { not_ok "modules load"; ktap_finish; }
H1=h1-$SFX H2=h2-$SFX S1=s1-$SFX S2=s2-$SFX S3=s3-$SFX
NETNS="$H1 $H2 $S1 $S2 $S3"
setup() {
	for ns in $NETNS; do
		$IP netns add "$ns" || return 1
		nsexec "$ns" $IP link set lo up
	done
	link() {	# link NS1 DEV1 NS2 DEV2
		$IP link add "$2" netns "$1" type veth peer name "$4" netns "$3"
	}
	link "$H1" fab0 "$S1" h1 && link "$H2" fab0 "$S2" h2 &&
	link "$S1" s2 "$S2" s1 && link "$S2" s3 "$S3" s2 &&
	link "$S1" s3 "$S3" s1 || return 1
	for s in "$S1:h1 s2 s3" "$S2:h2 s1 s3" "$S3:s1 s2"; do
		ns=${s%%:*}
		nsexec "$ns" $IP link add sw0 type snicsw || return 1
		for p in ${s#*:}; do
			nsexec "$ns" $IP link set "$p" master sw0 || return 1
			nsexec "$ns" $TC qdisc add dev "$p" root snic || return 1
			nsexec "$ns" $IP link set "$p" up
		done
		nsexec "$ns" $IP link set sw0 up
	done
	i=1
	for h in "$H1" "$H2"; do
		nsexec "$h" $IP link set fab0 up
		nsexec "$h" $IP link add snic0 link fab0 type snic || return 1
		nsexec "$h" "$SNICCTL" dev set snic0 lid $i || return 1
		nsexec "$h" $IP addr add 10.0.0.$i/24 dev snic0
		nsexec "$h" $IP link set snic0 up
		i=$((i + 1))
	done
	nsexec "$S1" "$SNICCTL" lft set sw0 dlid 1 port h1 &&
	nsexec "$S1" "$SNICCTL" lft set sw0 dlid 2 port s2 &&
	nsexec "$S2" "$SNICCTL" lft set sw0 dlid 2 port h2 &&
	nsexec "$S2" "$SNICCTL" lft set sw0 dlid 1 port s1
}
check "triangle of three switches, two hosts" setup

check "without an MFT entry ARP cannot resolve" \
	sh -c "! $IP netns exec $H1 ping -c 1 -w 2 10.0.0.2"
checke "the broadcast DLID without an MFT entry is a counted drop at s1" \
	'[ $(port_counter $S1 sw0 h1 fwd_drop_no_route) -gt 0 ]'

# Spanning tree s1-s2-s3: s1 {h1, s2}, s2 {h2, s1, s3}, s3 {s2}.
mft() {
	nsexec "$S1" "$SNICCTL" mft set sw0 mlid 0xf00000 ports h1,s2 &&
	nsexec "$S2" "$SNICCTL" mft set sw0 mlid 0xf00000 ports h2,s1,s3 &&
	nsexec "$S3" "$SNICCTL" mft set sw0 mlid 0xf00000 ports s2
}
check "program the broadcast spanning tree" mft
checke "mft show lists the entry" \
	'nsexec $S2 $SNICCTL mft show sw0 | grep -q "mlid 0xf00000 ports 1,2,3"'
s13=$(port_counter "$S1" sw0 s3 tx_packets)
check "ping h1 -> h2 across the loop" nsexec "$H1" ping -c 3 -i 0.2 -w 10 10.0.0.2
check "ping6 h2 -> h1 (ND) across the loop" \
	nsexec "$H2" ping -6 -c 2 -i 0.2 -w 10 fe80::53:4eff:fe00:1%snic0
checke "the link left out of the tree carries nothing from s1" \
	'[ $(port_counter $S1 sw0 s3 tx_packets) -eq $s13 ]'
sleep 1
checke "no broadcast storm: s3 flooded only a handful of copies" \
	'[ $(port_counter $S3 sw0 s2 fwd_flood_copies) -lt 50 ] && [ $(port_counter $S3 sw0 s1 fwd_flood_copies) -eq 0 ]'

check "MFT key that is a unicast LID: ERANGE" \
	expect_err "$S1" 34 "out of range" $SNICCTL mft set sw0 mlid 5 ports 1
check "LFT key that is a multicast LID: ERANGE" \
	expect_err "$S1" 34 "out of range" $SNICCTL lft set sw0 dlid 0xf00001 port 1
check "MFT set without ports: EINVAL" \
	expect_err "$S1" 22 "needs dlid and ports" $SNICCTL raw mft-set \
	ifindex:u32=$(nsexec "$S1" cat /sys/class/net/sw0/ifindex) mft/dlid:u32=0xf00001
check "MFT del of an absent entry: ENOENT" \
	expect_err "$S1" 2 "no MFT entry" $SNICCTL mft del sw0 mlid 0xf00009
check "unprivileged MFT set: EPERM" \
	expect_err "$S1" 1 "not permitted" $TOOLS/nocap $SNICCTL mft set sw0 mlid 0xf00001 ports 1
ktap_finish
