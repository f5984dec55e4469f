#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# In-group detours: one group of three fully connected switches s0, s1,
# s2 (arn_detour.fab; s0: p1 h1, p2 s1, p3 s2; s1: p1 h2, p2 s0, p3 s2;
# s2: p1 h3, p2 s0, p3 s1). snicctl fabric up ... ar gives each switch a
# BPT entry per other switch of its group: the direct link, and a detour
# through the third switch, marked "d", whose packets leave marked (16B
# RC bit 2) on their own SC, the next switch stepping it up by
# ar_detour_sc2sc (1,2,...,7,7) for the second hop: detours taken in
# turn around the group (s0 via s2, s2 via s1, s1 via s0) would close a
# credit loop on one VL if both hops shared it.
#  - with every link up, h1's traffic to h2 goes direct, on VL 0;
#  - the s0-s1 link fails: h1 -> h2 and the replies take the detour
#    through s2, counted in ar_detour where they came in; s0 sends them
#    to s2 on VL 0, and s2 forwards them to s1 on VL 1 (the SC step on
#    the second hop): no loss of the pings
#    after the failure is known, and s2 does not detour them again
#    (a packet that came over a local link follows the LFT);
#  - the link back, traffic goes direct again;
#  - frames a host marks as on a detour go direct, on VL 0: the mark
#    is a switch's, cleared with no step;
#  - a detour that is also global, and a detour map with an SC beyond
#    31, are refused with errno and extack.
# kernels: 6.12
. "$(dirname "$0")/../lib.sh"

modules_load || { not_ok "modules load"; ktap_finish; }
F=dt$(echo "$SFX" | cut -c1-4)
"$SNICCTL" fabric up "$(dirname "$0")/arn_detour.fab" name "$F" ar >/dev/null ||
	{ not_ok "fabric up arn_detour.fab ar"; ktap_finish; }
S0=$F-s0 S1=$F-s1 S2=$F-s2 H1=$F-h1
pc() { port_counter "$F-$1" sw0 "$2" "$3"; }
bpt() { nsexec "$F-$1" "$SNICCTL" bpt show sw0 | grep "^dlid $2 "; }
pings() {	# pings N: h1 pings h2 N times; prints the replies
	nsexec "$H1" ping -c "$1" -i 0.1 -w 30 10.0.0.2 |
		sed -n 's/.* \([0-9]*\) \(packets \)\{0,1\}received.*/\1/p'
}
vl() { vlx "$S2" p3 "$1" enqueued; }	# s2's egress to s1, per VL
vl01() { vlx "$S0" p3 "$1" enqueued; }	# s0's egress to s2: the first hop
vl12() { vlx "$S1" p1 "$1" enqueued; }	# s1's egress to h2
# n0 VL: the count of VL (an idle VL is not shown: none, 0)
n0() { case $1 in missing) echo 0 ;; *) echo "$1" ;; esac; }

bpt s0 2 | sed "s/^/# /"
checke "s0's entry for h2: the direct link, then the detour through s2 (d)" \
	'bpt s0 2 | grep -q " c0 2:1:l:[^ ]* c1 3:2:d:[^ ]*:+0"'
checke "s1's entry for h1: the direct link, then the detour through s2" \
	'bpt s1 1 | grep -q " c0 2:1:l:[^ ]* c1 3:2:d:[^ ]*:+0"'
checke "no entry for a host on the switch itself (h1 on s0)" \
	'[ -z "$(bpt s0 1)" ]'
checke "every switch steps a detour's SC up (ar_detour_sc2sc 1,2,..,7,7)" \
	'for s in s0 s1 s2; do nsexec $F-$s $SNICCTL dev show sw0 |
		grep -q "ar_detour_sc2sc 1,2,3,4,5,6,7,7,8," || exit 1; done'

v0=$(vl 0) v1=$(vl 1)
checke "all links up: h1 reaches h2 directly (no detour, nothing through s2)" \
	'n=$(pings 10); echo "$n replies"; [ "$n" -eq 10 ] &&
	 [ $(pc s0 p1 ar_detour) -eq 0 ] && [ $(vl 0) -eq $v0 ] && [ $(vl 1) -eq $v1 ]'

nsexec "$S0" $IP link set p2 down
checke "the s0-s1 link fails: both ends exclude their direct candidate" \
	'waitfor 10000 "bpt s0 2 | grep -q \" c0 [^ ]*:failed\" &&
	 bpt s1 1 | grep -q \" c0 [^ ]*:failed\""'
v0=$(vl 0) v1=$(vl 1) a2=$(pc s2 p2 ar_alt) f0=$(vl01 0) f1=$(vl01 1)
e1=$(n0 "$(vl12 1)") e2=$(n0 "$(vl12 2)")
checke "h1 -> h2 over the detour: every ping answered" \
	'n=$(pings 20); echo "$n replies"; [ "$n" -eq 20 ]'
checke "...each request counted in ar_detour on s0, each reply on s1" \
	'd0=$(pc s0 p1 ar_detour) d1=$(pc s1 p1 ar_detour);
	 echo "s0 +$d0 s1 +$d1"; [ $d0 -ge 20 ] && [ $d1 -ge 20 ]'
checke "...and s2 sends the requests on to s1 on VL 1, not VL 0 (the SC step)" \
	'echo "vl0 +$(($(vl 0) - v0)) vl1 +$(($(vl 1) - v1))";
	 [ $(($(vl 1) - v1)) -ge 20 ] && [ $(($(vl 0) - v0)) -eq 0 ]'
checke "...s0 sent them to s2 on VL 0, as direct traffic: the second hop steps up" \
	'a=$(vl01 0) b=$(n0 "$(vl01 1)"); isnum "$f0" && isnum "$a" || exit 1
	 echo "vl0 +$((a - f0)) vl1 +$((b - $(n0 "$f1")))"
	 [ $((a - f0)) -ge 20 ] && [ $((b - $(n0 "$f1"))) -eq 0 ]'
checke "...and s2 cleared the mark: s1 gives them to h2 on VL 1, not stepped again" \
	'a=$(n0 "$(vl12 1)") b=$(n0 "$(vl12 2)")
	 echo "vl1 +$((a - e1)) vl2 +$((b - e2))"
	 [ $((a - e1)) -ge 20 ] && [ $((b - e2)) -eq 0 ]'
checke "s2 took them in transit, by its LFT: no second detour" \
	'[ $(pc s2 p2 ar_detour) -eq 0 ] && [ $(pc s2 p3 ar_detour) -eq 0 ] &&
	 [ $(pc s2 p2 ar_alt) -eq $a2 ]'

nsexec "$S0" $IP link set p2 up
checke "the link back: the direct candidates are usable again" \
	'waitfor 15000 "bpt s0 2 | grep -q \" c0 [^ ]*:+0\" &&
	 bpt s1 1 | grep -q \" c0 [^ ]*:+0\""'
# The hold-down (a cheaper path returns only after it) and a flowlet gap
# pass before the traffic moves back.
checke "...and h1's traffic goes direct again" \
	'waitfor 20000 "d=\$(pc s0 p1 ar_detour); pings 5 >/dev/null;
	 [ \$(pc s0 p1 ar_detour) -eq \$d ]"'

# Only a switch marks a detour: a host's mark is cleared, no SC step,
# neither at s0 nor at s1 (which would step it: it comes over a local
# port there).
g0=$(n0 "$(vl12 0)") g1=$(n0 "$(vl12 1)") d0=$(pc s0 p1 ar_detour)
nsexec "$H1" "$TOOLS/snic_inject" fab0 rc_detour 20 2 1 >/dev/null ||
	echo "# snic_inject rc_detour failed"
checke "frames h1 marks as on a detour (RC bit 2) reach h2 on VL 0: mark cleared, no step" \
	'waitfor 10000 "[ \$((\$(n0 \"\$(vl12 0)\") - g0)) -ge 20 ]"
	 a=$(n0 "$(vl12 0)") b=$(n0 "$(vl12 1)")
	 echo "vl0 +$((a - g0)) vl1 +$((b - g1))"
	 [ $((a - g0)) -ge 20 ] && [ $((b - g1)) -eq 0 ] &&
	 [ $(pc s0 p1 ar_detour) -eq $d0 ]'

s0if=$(nsexec "$S0" cat /sys/class/net/sw0/ifindex)
check "a candidate both global and a detour (raw): EINVAL" \
	expect_err "$S0" 22 "a detour's first link is a local one" \
	$SNICCTL raw bpt-set ifindex:u32=$s0if bpt/dlid:u32=9 \
	bpt/cand/port:u32=3 bpt/cand/cost:u32=2 bpt/cand/global:u32=1 \
	bpt/cand/detour:u32=1
check "a detour of value 2 (raw): ERANGE" \
	expect_err "$S0" 34 "" \
	$SNICCTL raw bpt-set ifindex:u32=$s0if bpt/dlid:u32=9 \
	bpt/cand/port:u32=3 bpt/cand/cost:u32=2 bpt/cand/detour:u32=2
check "a detour map naming SC 32 (raw): EINVAL" \
	expect_err "$S0" 22 "table entry beyond 31" \
	$SNICCTL raw dev-set ifindex:u32=$s0if \
	ar/detour-sc2sc:bytes=32,2,3,4,5,6,7,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
check "a detour map of 31 SCs (raw): ERANGE" \
	expect_err "$S0" 34 "size out of range" \
	$SNICCTL raw dev-set ifindex:u32=$s0if \
	ar/detour-sc2sc:bytes=1,2,3,4,5,6,7,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30
check "unprivileged detour map: EPERM" \
	expect_err "$S0" 1 "" $TOOLS/nocap $SNICCTL dev set sw0 ar_detour_sc2sc 0
checke "the refused requests changed nothing" \
	'nsexec $S0 $SNICCTL dev show sw0 | grep -q "ar_detour_sc2sc 1,2,3,4,5,6,7,7,8," &&
	 [ -z "$(bpt s0 9)" ]'
check "ar_detour_sc2sc 0: the identity again (not shown)" \
	nsexec "$S0" "$SNICCTL" dev set sw0 ar_detour_sc2sc 0
checke "...dev show leaves it out" \
	'! nsexec $S0 $SNICCTL dev show sw0 | grep -q ar_detour_sc2sc'
check "fabric down" "$SNICCTL" fabric down "$F"
ktap_finish
