#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# BECN coalescing at a destination NIC for many sources: the switch hands
# h1 data packets with FECN set from 200 sources (SLIDs 1000..1199), two
# from each, within one coalescing window.
#  - each source is owed one BECN: the second FECN of each folds into it
#    (becn_coalesced), none goes uncoalesced;
#  - when the window ends, one notification per source leaves (tx_cn), to
#    each of the 200 (the switch, which has no route to them, counts
#    them), and FECNs = CNs + folded + piggybacked; their bytes
#    (tx_cn_bytes) are those the switch took in on VL 15;
#  - past the table's 4096 sources, a new source's BECN leaves at once,
#    counted (becn_uncoalesced).
# No wall-clock window: the window is 100 ms of fabric time at h1's
# dilation 10000 (1000 s of wall time) while the FECNs come, so that
# they all fall in it however slow the machine; it is then ended by
# running h1's clock at dilation 1, which also checks that the NIC's
# timer follows a dilation change (the owed BECNs are due at a fabric
# time, not at the wall time the timer was first set to).
# kernels: 6.12
. "$(dirname "$0")/../lib.sh"

modules_load || { not_ok "modules load"; ktap_finish; }
fabric_2h1s || { not_ok "fabric setup"; ktap_finish; }
ctr() { counter "$H1" snic0 "$1"; }
# A window of 100 ms of fabric time, 1000 s of wall time at dilation
# 10000. h1's link queue holds every CN of a window's end (4200 below).
slow() { nsexec "$H1" "$SNICCTL" qdisc set fab0 dilation 10000; }
# fast: h1's link at dilation 1. Nothing else happens at h1's NIC: its
# timer sees the change within a second of wall time (it never waits
# longer) and is set again for the window's end in fabric time.
fast() { nsexec "$H1" "$SNICCTL" qdisc set fab0 dilation 1; }
check "h1's window: 100 ms of fabric time, dilation 10000" \
	sh -c "$SNICCTL -n $H1 qdisc set fab0 dilation 10000 limit 8192 &&
	       $SNICCTL -n $H1 dev set snic0 becn_window 100000000"
f0=$(ctr rx_fecn) c0=$(ctr becn_coalesced) u0=$(ctr becn_uncoalesced)
cn0=$(ctr tx_cn) pb0=$(ctr tx_becn_piggyback)
cb0=$(ctr tx_cn_bytes) rb0=$(port_counter "$S1" sw0 p1 rx_vl15_bytes)
nr0=$(port_counter "$S1" sw0 p1 fwd_drop_no_route)
check "the switch sends h1 400 FECNs from 200 sources" \
	nsexec "$S1" env SNIC_INJECT_SLIDS=200 "$TOOLS/snic_inject" p1 fecn 400 1 1000
checke "h1 took the 400 FECNs" \
	'waitfor 20000 "[ \$(ctr rx_fecn) -eq $((f0 + 400)) ]"; echo "rx_fecn $(($(ctr rx_fecn) - f0))"
	 [ $(ctr rx_fecn) -eq $((f0 + 400)) ]'
checke "one BECN owed per source: 200 FECNs folded, none uncoalesced" \
	'c=$(($(ctr becn_coalesced) - c0)) u=$(($(ctr becn_uncoalesced) - u0))
	 echo "folded $c, uncoalesced $u"; [ $c -eq 200 ] && [ $u -eq 0 ]'
checke "no CN before the window ends" \
	'n=$(($(ctr tx_cn) - cn0)); echo "tx_cn $n"; [ $n -eq 0 ]'
check "h1's link at dilation 1 (nothing else at h1)" fast
checke "at the window's end, one CN to each of the 200 sources" \
	'waitfor 60000 "[ \$(ctr tx_cn) -ge $((cn0 + 200)) ]"
	 n=$(($(ctr tx_cn) - cn0)); echo "tx_cn $n"; [ $n -eq 200 ]'
# The CNs' bytes since rb0 and cb0, as the switch took them in on VL 15
# and as h1 sent them: settled reads the receiver's first, and the check
# judges the counts of the read its poll stopped on (lib.sh)
cn_rx() { echo $(($(port_counter $S1 sw0 p1 rx_vl15_bytes) - rb0)); }
cn_tx() { echo $(($(ctr tx_cn_bytes) - cb0)); }
checke "their bytes (tx_cn_bytes) are what the switch took in on VL 15 (rx_vl15_bytes)" \
	'waitfor 10000 "settled cn_rx cn_tx"
	 b=$SETTLED_TX r=$SETTLED_RX
	 echo "sent $b, taken in $r"; [ "$b" -gt 0 ] && [ "$b" -eq "$r" ]'
checke "the 200 CNs reached the switch (no route to the sources there)" \
	'waitfor 10000 "[ \$(port_counter $S1 sw0 p1 fwd_drop_no_route) -ge $((nr0 + 200)) ]"
	 n=$(($(port_counter $S1 sw0 p1 fwd_drop_no_route) - nr0)); echo "$n"; [ $n -eq 200 ]'
checke "every FECN answered once: CNs + folded + piggybacked = FECNs" \
	'a=$(( $(ctr tx_cn) - cn0 + $(ctr becn_coalesced) - c0 + $(ctr tx_becn_piggyback) - pb0 ))
	 echo "$a of $(( $(ctr rx_fecn) - f0 ))"; [ $a -eq $(( $(ctr rx_fecn) - f0 )) ]'

# 4200 sources in one window: the table holds 4096, the other 104 go at
# once. Dilation 10000 again: the window is 1000 s of wall time.
check "h1 at dilation 10000 again" slow
f0=$(ctr rx_fecn) u0=$(ctr becn_uncoalesced) cn0=$(ctr tx_cn)
check "the switch sends h1 4200 FECNs from 4200 sources" \
	nsexec "$S1" env SNIC_INJECT_SLIDS=4200 "$TOOLS/snic_inject" p1 fecn 4200 1 10000
checke "h1 took them" 'waitfor 30000 "[ \$(ctr rx_fecn) -eq $((f0 + 4200)) ]"'
checke "104 found the table of owed BECNs full: sent at once, counted" \
	'u=$(($(ctr becn_uncoalesced) - u0)) n=$(($(ctr tx_cn) - cn0))
	 echo "uncoalesced $u, tx_cn $n before the window ends"; [ $u -eq 104 ] && [ $n -eq 104 ]'
check "h1's clock at dilation 1 again" fast
checke "the other 4096 leave at the window's end" \
	'waitfor 120000 "[ \$(ctr tx_cn) -ge $((cn0 + 4200)) ]"
	 n=$(($(ctr tx_cn) - cn0)); echo "tx_cn $n"; [ $n -eq 4200 ]'
ktap_finish
