#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The snic generic netlink family refuses bad requests with the right
# errno and an extack message, and nothing changes when it does.
# kernels: 6.1 6.12
# check-debug: yes
. "$(dirname "$0")/../lib.sh"

modules_load || { not_ok "modules load"; ktap_finish; }
fabric_2h1s || { not_ok "fabric setup"; ktap_finish; }

nic=$(nsexec "$H1" cat /sys/class/net/snic0/ifindex)
sw=$(nsexec "$S1" cat /sys/class/net/sw0/ifindex)
lo=$(nsexec "$S1" cat /sys/class/net/lo/ifindex)
lft_before=$(nsexec "$S1" "$SNICCTL" -j lft show sw0)
lid_before=$(nsexec "$H1" "$SNICCTL" -j dev show snic0)

check "dev-set without ifindex: EINVAL, missing device ifindex" \
	expect_err "$H1" 22 "missing device ifindex" $SNICCTL raw dev-set dev/lid:u32=5
check "dev-set without lid: EINVAL, nothing to set" \
	expect_err "$H1" 22 "nothing to set" $SNICCTL raw dev-set ifindex:u32=$nic
check "dev-set lid 0: ERANGE, out of range" \
	expect_err "$H1" 34 "out of range" $SNICCTL raw dev-set ifindex:u32=$nic dev/lid:u32=0
check "dev-set lid 0xf00000 (multicast): ERANGE" \
	expect_err "$H1" 34 "out of range" $SNICCTL dev set snic0 lid 0xf00000
check "dev-set lid as u8: EINVAL, invalid attribute length" \
	expect_err "$H1" 22 "invalid attribute length" $SNICCTL raw dev-set ifindex:u32=$nic dev/lid:u8=3
check "dev-set with a reply-only attribute: EINVAL, unsupported attribute" \
	expect_err "$H1" 22 "nsupported attribute" $SNICCTL raw dev-set ifindex:u32=$nic ifname:str=x
check "dev-set on an unknown ifindex: ENODEV, no such device" \
	expect_err "$H1" 19 "no such device" $SNICCTL raw dev-set ifindex:u32=99999 dev/lid:u32=5
check "dev-set on a device of another netns: ENODEV" \
	expect_err "$H2" 19 "no such device" $SNICCTL raw dev-set ifindex:u32=$sw dev/lid:u32=5
checke "snicctl -n NETNS: the devices listed are that netns's" \
	'$SNICCTL -n $S1 dev show | grep -q "^sw0: kind snicsw" &&
	 ! $SNICCTL -n $H1 dev show | grep -q "^sw0:"'
checke "snicctl -n of an unknown netns: exit 1, the error names it" \
	'o=$($SNICCTL -n nosuch-$SFX dev show 2>&1); rc=$?; echo "$o";
	 [ $rc = 1 ] && echo "$o" | grep -q "netns \"nosuch-$SFX\": No such file"'
check "dev-set on lo: EOPNOTSUPP, not a snic device" \
	expect_err "$S1" 95 "not a snic device" $SNICCTL raw dev-set ifindex:u32=$lo dev/lid:u32=5
check "lft-set on a NIC: EOPNOTSUPP, not a snicsw switch" \
	expect_err "$H1" 95 "not a snicsw switch" $SNICCTL raw lft-set ifindex:u32=$nic lft/dlid:u32=3 lft/port:u32=1
check "lft-set port 65: ERANGE" \
	expect_err "$S1" 34 "out of range" $SNICCTL lft set sw0 dlid 3 port 65
check "lft-set without port: EINVAL, needs dlid and port" \
	expect_err "$S1" 22 "needs dlid and port" $SNICCTL raw lft-set ifindex:u32=$sw lft/dlid:u32=3
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
# A dump resumes by position in the netns's device list: one that lost a
# device between two parts says so (NLM_F_DUMP_INTR), one that lost none
# says nothing. snic_nlprobe runs the command after the first part.
D=d-$SFX
$IP netns add "$D"
NETNS="$NETNS $D"
i=0
while [ $i -lt 40 ]; do
	echo "link add dsw$i type snicsw"
	i=$((i + 1))
done >/tmp/dsw.$SFX
$IP -n "$D" -batch /tmp/dsw.$SFX
rm -f /tmp/dsw.$SFX
checke "40 switches in a netns of their own" \
	'[ $(nsexec $D $SNICCTL dev show | grep -c "kind snicsw") = 40 ]'
# "parts P devices D intr I first F": the dump took more than its first
# part (F < D), so the second resumed by position.
checke "a quiet dump of them: in parts, every device, no NLM_F_DUMP_INTR" \
	'o=$(nsexec $D $TOOLS/snic_nlprobe dump true); echo "$o"; set -- $o
	 [ "$4" = 40 ] && [ "$8" -lt 40 ] && [ "$6" = 0 ]'
checke "a device deleted between two parts: the dump says NLM_F_DUMP_INTR" \
	'o=$(nsexec $D $TOOLS/snic_nlprobe dump "$IP link del dsw0"); echo "$o"
	 set -- $o; [ "$8" -lt 39 ] && [ "$6" -gt 0 ]'

# DEV_SET is all or nothing: with CONFIG_FAULT_INJECTION (the debug
# kernel of make check's debug stage) each slab allocation on the
# request's path fails in turn, and the device shows all of the old
# settings or all of the new ones after each. The stock kernel cannot
# inject faults; it does not run this.
if [ -e /proc/self/fail-nth ] && [ -d /sys/kernel/debug/failslab ]; then
	echo N >/sys/kernel/debug/failslab/ignore-gfp-wait
	echo 0 >/sys/kernel/debug/failslab/verbose
	$IP -n "$D" link add dv0 type veth peer name dv1
	$IP -n "$D" link add dnic link dv0 type snic
	checke "DEV_SET under injected allocation failures: all or nothing each time" \
		'o=$(nsexec $D $TOOLS/snic_nlprobe atomic dnic); rc=$?
		 echo "$o" | grep -E "MIXED|^runs"; [ $rc = 0 ]'
	echo Y >/sys/kernel/debug/failslab/ignore-gfp-wait
else
	echo "# no fault injection in this kernel: DEV_SET's all-or-nothing runs on the debug kernel"
fi
ktap_finish
