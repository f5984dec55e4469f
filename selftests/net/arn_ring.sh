#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# ARN delivery through the group's tree: group 0 is a ring of four
# switches r0-r1-r2-r3-r0 (r2 is no neighbour of r0), group 1 one switch
# x0 behind r0's global link. snicctl fabric up ... ar gives each group's
# ARN DLID an MFT entry per switch, the group's spanning tree (here r0-r1,
# r0-r3, r3-r2; the r1-r2 link is left out).
#  - r0's global link fails: r0 sends its ARN along the tree, r3 relays
#    it to r2, and every switch of the ring learns the failure, each copy
#    once (no stale repeat), none over the link left out;
#  - without the tree (MFT entries deleted) r0 falls back to one copy per
#    local port and nobody relays: r2 hears nothing, which is why the
#    tree is needed;
#  - an MFT with a loop in it (every ring link) carries each ARN around
#    once at most: a relay needs a newer sequence number;
#  - an ARN a host sends is learned by its switch, never relayed.
# kernels: 6.12
. "$(dirname "$0")/../lib.sh"

modules_load || { not_ok "modules load"; ktap_finish; }
F=rg$(echo "$SFX" | cut -c1-4)
TOPO=$(dirname "$0")/arn_ring.fab
# r0: p1 h1, p2 r1, p3 r3, p4 x0; r1: p1 r0, p2 r2; r2: p1 r1, p2 r3,
# p3 h2; r3: p1 r2, p2 r0.
"$SNICCTL" fabric up "$TOPO" name "$F" ar >/dev/null ||
	{ not_ok "fabric up ring ar"; ktap_finish; }
ARN=0xf10000
FAILED="global switch 0 peer_group 1 index 4 state failed"
pc() { port_counter "$F-$1" sw0 "$2" "$3"; }
links() { nsexec "$F-$1" "$SNICCTL" ar links sw0; }
mft() { nsexec "$F-$1" "$SNICCTL" mft show sw0 | grep "mlid $ARN "; }
# sum SW COUNTER PORTS...: a counter over ports of a switch
sum() {
	s=$1 c=$2 n=0
	shift 2
	for p; do n=$((n + $(pc "$s" "$p" "$c"))); done
	echo $n
}

checke "r0's tree ports: r1 and r3 (ports 2,3), not the global link" \
	'm=$(mft r0); echo "$m"; echo "$m" | grep -q "ports 2,3$"'
checke "r1's: r0 only (port 1); r3's: r2 and r0 (ports 1,2); r2's: r3 (port 2)" \
	'mft r1 | grep -q "ports 1$" && mft r3 | grep -q "ports 1,2$" &&
	 mft r2 | grep -q "ports 2$"'
checke "x0, alone in its group, has no tree" '[ -z "$(mft x0)" ]'

# 1. Delivery along the tree.
nsexec "$F-r0" $IP link set p4 down
for s in r1 r3 r2; do
	checke "$s learns r0's failed global link" \
		"waitfor 5000 \"links $s | grep -q '$FAILED'\""
done
checke "r3 relayed it to r2 (tx_arn_relay on r3 p1)" \
	'[ $(pc r3 p1 tx_arn_relay) -ge 1 ]'
checke "r1, a leaf, relayed nothing" \
	'[ $(sum r1 tx_arn_relay p1 p2) -eq 0 ]'
checke "the link left out of the tree carried no ARN (r1 p2, r2 p1)" \
	'[ $(sum r1 tx_arn p2) -eq 0 ] && [ $(pc r1 p2 tx_arn_relay) -eq 0 ] &&
	 [ $(pc r2 p1 rx_arn) -eq 0 ] && [ $(pc r2 p1 tx_arn_relay) -eq 0 ]'
checke "every switch took each copy once (arn_stale 0 on r1, r2, r3)" \
	'[ $(sum r1 arn_stale p1 p2) -eq 0 ] && [ $(sum r2 arn_stale p1 p2) -eq 0 ] &&
	 [ $(sum r3 arn_stale p1 p2) -eq 0 ]'
# Only what came from a switch of the group is relayed: an ARN a host
# sends to the group's DLID reaches its own switch alone.
rel=$(sum r0 tx_arn_relay p2 p3)
SNIC_ARN_SEQ=1 SNIC_ARN_ORIGIN=0.5 SNIC_ARN_PEER=1.9 \
	nsexec "$F-h1" "$TOOLS/snic_inject" fab0 arn_fail 1 $ARN 1
checke "an ARN from a host is learned by its switch (r0)..." \
	"waitfor 5000 \"links r0 | grep -q 'global switch 5 peer_group 1 index 9 state failed'\""
checke "...and relayed to no one" \
	'sleep 1; [ $(sum r0 tx_arn_relay p2 p3) -eq $rel ] &&
	 ! links r1 | grep -q "global switch 5" && ! links r3 | grep -q "global switch 5"'

# 2. Without the tree: one copy per local port, nothing relayed.
for s in r0 r1 r2 r3; do
	nsexec "$F-$s" "$SNICCTL" mft del sw0 mlid $ARN
done
sleep 1		# a relayed copy still queued arrives
r2rx=$(sum r2 rx_arn p1 p2) r0tx=$(sum r0 tx_arn p2 p3)
nsexec "$F-r0" $IP link set p4 up
checke "without the tree r0 still tells its neighbours (the recovery)" \
	'waitfor 5000 "[ -z \"\$(links r1)\" ] && [ -z \"\$(links r3)\" ]" &&
	 [ $(sum r0 tx_arn p2 p3) -gt $r0tx ]'
checke "...but r2 hears nothing: no one relays" \
	'[ $(sum r2 rx_arn p1 p2) -eq $r2rx ] &&
	 [ $(sum r3 tx_arn_relay p1 p2) -eq $(pc r3 p1 tx_arn_relay) ]'

checke "r2's failed state ends with its lifetime: no refresh reached it" \
	'waitfor 15000 "[ -z \"\$(links r2)\" ]"'

# 3. An MFT with a loop: every ring link on every ring switch.
for s in r0 r1 r2 r3; do
	nsexec "$F-$s" "$SNICCTL" mft set sw0 mlid $ARN ports \
		$([ $s = r0 ] && echo 2,3 || echo 1,2)
done
rel0=$(($(sum r1 tx_arn_relay p1 p2) + $(sum r2 tx_arn_relay p1 p2) +
	$(sum r3 tx_arn_relay p1 p2)))
tx0=$(sum r0 tx_arn p2 p3)
nsexec "$F-r0" $IP link set p4 down
checke "over a looped MFT r2 learns the failure too" \
	"waitfor 5000 \"links r2 | grep -q '$FAILED'\""
sleep 1
checke "each ARN went round once at most: relays <= 3 per ARN r0 sent, stale copies dropped" \
	'rel=$(($(sum r1 tx_arn_relay p1 p2) + $(sum r2 tx_arn_relay p1 p2) +
		$(sum r3 tx_arn_relay p1 p2) - rel0))
	 arns=$((($(sum r0 tx_arn p2 p3) - tx0) / 2))
	 echo "relays $rel, ARNs $arns"
	 [ $arns -ge 1 ] && [ $rel -le $((3 * arns)) ] &&
	 [ $(($(sum r1 arn_stale p1 p2) + $(sum r2 arn_stale p1 p2) +
	      $(sum r3 arn_stale p1 p2))) -ge 1 ]'
nsexec "$F-r0" $IP link set p4 up
check "fabric down" "$SNICCTL" fabric down "$F"
ktap_finish
