#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Service levels on the wire: skb priority -> SL -> SC at the NIC (SL2SC),
# SC -> SC at a switch egress (SC2SC, the Dragonfly VL escalation), SC ->
# VL at every qdisc. The qdiscs classify by the SC in the 16B header, so
# their per-VL counters show the SC each hop put on the wire. Bad tables
# are refused with an extack message.
# kernels: 6.12
. "$(dirname "$0")/../lib.sh"

modules_load || { not_ok "modules load"; ktap_finish; }
fabric_2h1s || { not_ok "fabric setup"; ktap_finish; }

vl_enq() {	# vl_enq NS DEV VL: packets the VL queue took
	n=$(nsexec "$1" "$SNICCTL" -j qdisc show "$2" |
		$JQ -r --arg vl "vl$3" 'first(.[] | .[$vl].enqueued? | numbers)')
	echo "${n:-0}"
}
xfer() {	# xfer PORT PRIO: 300 kB from h1 to h2, checked
	rxf=/tmp/sl-rx.$SFX.$1
	bg $IP netns exec "$H2" timeout 60 "$TOOLS/snic_xfer" -l "$1" >"$rxf"
	busywait 5000 grep -q listening "$rxf" || return 1
	tx=$($IP netns exec "$H1" timeout 60 "$TOOLS/snic_xfer" -c 10.0.0.2 "$1" 300000 "$2")
	waitfor 10000 'grep -q received "$rxf"' || return 1
	[ "${tx#sent }" = "$(sed -n 's/^received //p' "$rxf")" ]
}

check "h1: SL3 -> SC5" nsexec "$H1" "$SNICCTL" dev set snic0 sl2sc 0,1,2,5
checke "dev show reports the SL2SC table" \
	'nsexec $H1 $SNICCTL dev show snic0 | grep -q "sl2sc 0,1,2,5,4,5,6,7,0"'
check "switch: frames leaving p2 on SC5 carry SC6" \
	nsexec "$S1" "$SNICCTL" port set sw0 p2 sc2sc 0,1,2,3,4,6
checke "port show reports the SC2SC table" \
	'nsexec $S1 $SNICCTL port show sw0 | grep -q "port 2 dev p2 sc2sc 0,1,2,3,4,6,6,7"'
h1v3=$(vl_enq "$H1" fab0 3) h1v5=$(vl_enq "$H1" fab0 5)
p2v5=$(vl_enq "$S1" p2 5) p2v6=$(vl_enq "$S1" p2 6)
check "TCP at priority 3 arrives intact through the remaps" xfer 5001 3
checke "h1's link carries it on VL5 (SL3 -> SC5), not VL3" \
	'[ $(vl_enq $H1 fab0 5) -gt $((h1v5 + 100)) ] && [ $(vl_enq $H1 fab0 3) -eq $h1v3 ]'
checke "the switch egress p2 carries it on VL6 (SC5 -> SC6), not VL5" \
	'[ $(vl_enq $S1 p2 6) -gt $((p2v6 + 100)) ] && [ $(vl_enq $S1 p2 5) -eq $p2v5 ]'
checke "the reverse path (p1, no remap) keeps the SC the NIC chose" \
	'[ $(vl_enq $S1 p1 0) -gt 0 ] && [ $(vl_enq $S1 p1 6) -eq 0 ]'

check "SL2SC entry 32: EINVAL, table entry beyond 31" \
	expect_err "$H1" 22 "entry beyond 31" $SNICCTL dev set snic0 sl2sc 32
check "SL2SC of the wrong length: ERANGE" \
	expect_err "$H1" 34 "" $SNICCTL raw dev-set ifindex:u32=$(nsexec "$H1" cat /sys/class/net/snic0/ifindex) dev/sl2sc:bytes=1,2,3
check "SL2SC on a switch: EOPNOTSUPP, only a snic NIC" \
	expect_err "$S1" 95 "only a snic NIC" $SNICCTL dev set sw0 sl2sc 1
check "SC2SC for a port that does not exist: ENOENT, no such port" \
	expect_err "$S1" 2 "no such port" $SNICCTL port set sw0 9 sc2sc 1
check "SC2SC entry 40: EINVAL" \
	expect_err "$S1" 22 "entry beyond 31" $SNICCTL port set sw0 p2 sc2sc 40
check "unprivileged port set: EPERM" \
	expect_err "$S1" 1 "not permitted" $TOOLS/nocap $SNICCTL port set sw0 p2 sc2sc 1
checke "the refused requests changed nothing" \
	'nsexec $S1 $SNICCTL port show sw0 | grep -q "port 2 dev p2 sc2sc 0,1,2,3,4,6,6,7"'
ktap_finish
