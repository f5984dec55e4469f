#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The snic generic netlink family refuses bad requests with the right
# errno and an extack message, and nothing changes when it does.
. "$(dirname "$0")/../lib.sh"

modules_load || { not_ok "modules load"; ktap_finish; }
fabric_2h1s || { not_ok "fabric setup"; ktap_finish; }

nic=$(nsexec "$H1" cat /sys/class/net/snic0/ifindex)
sw=$(nsexec "$S1" cat /sys/class/net/sw0/ifindex)
lo=$(nsexec "$S1" cat /sys/class/net/lo/ifindex)
lft_before=$(nsexec "$S1" "$SNICCTL" -j lft show sw0)
lid_before=$(nsexec "$H1" "$SNICCTL" -j dev show snic0)

check "dev-set without ifindex: EINVAL, missing device ifindex" \
	expect_err "$H1" 22 "missing device ifindex" $SNICCTL raw dev-set lid:u32=5
check "dev-set without lid: EINVAL, nothing to set" \
	expect_err "$H1" 22 "nothing to set" $SNICCTL raw dev-set ifindex:u32=$nic
check "dev-set lid 0: ERANGE, out of range" \
	expect_err "$H1" 34 "out of range" $SNICCTL raw dev-set ifindex:u32=$nic lid:u32=0
check "dev-set lid 0xf00000 (multicast): ERANGE" \
	expect_err "$H1" 34 "out of range" $SNICCTL dev set snic0 lid 0xf00000
check "dev-set lid as u8: EINVAL, invalid attribute length" \
	expect_err "$H1" 22 "invalid attribute length" $SNICCTL raw dev-set ifindex:u32=$nic lid:u8=3
check "dev-set with a reply-only attribute: EINVAL, unsupported attribute" \
	expect_err "$H1" 22 "nsupported attribute" $SNICCTL raw dev-set ifindex:u32=$nic ifname:str=x
check "dev-set on an unknown ifindex: ENODEV, no such device" \
	expect_err "$H1" 19 "no such device" $SNICCTL raw dev-set ifindex:u32=99999 lid:u32=5
check "dev-set on a device of another netns: ENODEV" \
	expect_err "$H2" 19 "no such device" $SNICCTL raw dev-set ifindex:u32=$sw lid:u32=5
checke "snicctl -n NETNS: the devices listed are that netns's" \
	'$SNICCTL -n $S1 dev show | grep -q "^sw0: kind snicsw" &&
	 ! $SNICCTL -n $H1 dev show | grep -q "^sw0:"'
checke "snicctl -n of an unknown netns: exit 1, the error names it" \
	'o=$($SNICCTL -n nosuch-$SFX dev show 2>&1); rc=$?; echo "$o";
	 [ $rc = 1 ] && echo "$o" | grep -q "netns \"nosuch-$SFX\": No such file"'
check "dev-set on lo: EOPNOTSUPP, not a snic device" \
	expect_err "$S1" 95 "not a snic device" $SNICCTL raw dev-set ifindex:u32=$lo lid:u32=5
check "lft-set on a NIC: EOPNOTSUPP, not a snicsw switch" \
	expect_err "$H1" 95 "not a snicsw switch" $SNICCTL raw lft-set ifindex:u32=$nic dlid:u32=3 port:u32=1
check "lft-set port 65: ERANGE" \
	expect_err "$S1" 34 "out of range" $SNICCTL lft set sw0 dlid 3 port 65
check "lft-set without port: EINVAL, needs dlid and port" \
	expect_err "$S1" 22 "needs dlid and port" $SNICCTL raw lft-set ifindex:u32=$sw dlid:u32=3
check "lft-del of an absent entry: ENOENT, no LFT entry" \
	expect_err "$S1" 2 "no LFT entry" $SNICCTL lft del sw0 dlid 77
check "lft dump without ifindex: EINVAL" \
	expect_err "$S1" 22 "missing device ifindex" $SNICCTL raw lft-get-dump
check "unprivileged dev set: EPERM" \
	expect_err "$H1" 1 "Operation not permitted" $TOOLS/nocap $SNICCTL dev set snic0 lid 9
check "unprivileged lft set: EPERM" \
	expect_err "$S1" 1 "Operation not permitted" $TOOLS/nocap $SNICCTL lft set sw0 dlid 9 port 1
check "unprivileged dump still works" \
	nsexec "$H1" "$TOOLS/nocap" "$SNICCTL" dev show snic0
checke "nothing changed: LFT dump identical" \
	'[ "$(nsexec $S1 $SNICCTL -j lft show sw0)" = "$lft_before" ]'
checke "nothing changed: LID identical" \
	'[ "$(nsexec $H1 $SNICCTL -j dev show snic0)" = "$lid_before" ]'
check "a good lft set/del round trip works" \
	sh -c "$IP netns exec $S1 $SNICCTL lft set sw0 dlid 9 port p2 && $IP netns exec $S1 $SNICCTL lft show sw0 | grep -q 'dlid 0x9 port 2' && $IP netns exec $S1 $SNICCTL lft del sw0 dlid 9"

# Concurrency: four writers on disjoint DLIDs and two dumpers at once;
# every request succeeds and the table ends exactly as the writers left it.
writer() {
	base=$1 j=0
	while [ $j -lt 40 ]; do
		nsexec "$S1" "$SNICCTL" lft set sw0 dlid $((base + j)) port 2 || return 1
		[ $((j % 2)) -eq 1 ] &&
			{ nsexec "$S1" "$SNICCTL" lft del sw0 dlid $((base + j)) || return 1; }
		j=$((j + 1))
	done
}
dumper() {
	j=0
	while [ $j -lt 40 ]; do
		nsexec "$S1" "$SNICCTL" -j lft show sw0 >/dev/null || return 1
		nsexec "$S1" "$SNICCTL" -s dev show >/dev/null || return 1
		j=$((j + 1))
	done
}
concurrent() {
	pids=""
	for b in 1000 2000 3000 4000; do
		writer $b &
		pids="$pids $!"
	done
	dumper &
	pids="$pids $!"
	dumper &
	pids="$pids $!"
	rc=0
	for p in $pids; do
		wait "$p" || rc=1
	done
	[ $rc -eq 0 ] || { echo "a writer or dumper failed"; return 1; }
	n=$(nsexec "$S1" "$SNICCTL" lft show sw0 | wc -l)
	[ "$n" -eq $((2 + 4 * 20)) ] || { echo "LFT has $n entries, want 82"; return 1; }
}
check "4 writers and 2 dumpers at once: all succeed, LFT ends consistent" concurrent
ktap_finish
