#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# A local reroute in transit (snicctl fabric up dragonfly:1,2,2,5 ar: 5
# groups of 2 switches, one host each, two global links a switch). A
# switch S of group 0 sends everything for the host H of g2s0 through an
# intermediate group X (its BPT entry set to that one candidate); in X
# the LFT takes it to X's switch Z with the global link to group 2
# (picked so that Z has a global link to a fourth group).
#  - that link down: group X reroutes the requests, out of another
#    global link (to a group whose LFT goes on to group 2): Z itself, or
#    ahead of it X's switch where they enter, once Z's ARN told it that
#    its minimal path failed. Every ping is answered, each request
#    counted in ar_reroute where it came in, none dropped in group X;
#  - the reroute raises the SC, as every global hop must, and only with
#    room for two more raises (the global hops the path may still take):
#    a packet that reaches Z at SC 4 (S's host's SL 0 mapped to SC 3) is
#    rerouted, one at SC 5 (SL 0 on SC 4) is not but dropped and counted
#    (fwd_drop_egress), so that no path can close a credit loop.
#  - a switch Z2 whose other global link is the one a packet came in on
#    (from group 0) has no global link to reroute to when its link to
#    group D2 goes down: it takes one local hop to its group mate, which
#    knows (from Z2's ARN) that its own minimal path runs back through
#    the failure and reroutes ahead of it, out of its own global links.
#    Every ping is answered, counted at both, none dropped in the group;
#    the hop leaves marked as an in-group detour (ar_detour), its SC
#    stepped at the mate (the requests leave it on VL 3, not 2), and is
#    taken only with room for that step and three rises: a request that
#    reaches Z2 at SC 4 is dropped there.
# kernels: 6.12
. "$(dirname "$0")/../lib.sh"

modules_load || { not_ok "modules load"; ktap_finish; }
F=rr$(echo "$SFX" | cut -c1-4)
"$SNICCTL" fabric up dragonfly:1,2,2,5 name "$F" ar >/dev/null ||
	{ not_ok "fabric up dragonfly:1,2,2,5 ar"; ktap_finish; }
J=$("$SNICCTL" -j fabric show "$F")
# global links "a pa b pb", each once
links=$(echo "$J" | $JQ -r '.links[] | select(.global) | "\(.a) \(.pa) \(.b) \(.pb)"')
grp() { echo "$1" | sed 's/^g\([0-9]*\)s.*/\1/'; }
# both directions of every global link: "a pa b pb"
both=$(echo "$links" | awk '{ print; print $3, $4, $1, $2 }')
# A switch S of group 0, a global port PA of S to an intermediate group
# X (not group 2) whose switch Z with the link to group 2 has another
# global link, to a group other than 0 and 2: where Z reroutes to.
S= PA= XS= Z= PZ= GX=
for s in g0s0 g0s1; do
	for pa in $(echo "$both" | awk -v s=$s '$1 == s && $3 !~ /^g2s/ { print $2 }'); do
		xs=$(echo "$both" | awk -v s=$s -v p="$pa" '$1 == s && $2 == p { print $3 }')
		gx=$(grp "$xs")
		set -- $(echo "$both" | awk -v x="g${gx}s" 'index($1, x) == 1 && $3 ~ /^g2s/ { print $1, $2; exit }')
		echo "$both" | awk -v z="$1" -v p="$2" '$1 == z && $2 != p && $3 !~ /^g[02]s/ { f = 1 }
			END { exit !f }' || continue
		S=$s PA=$pa XS=$xs GX=$gx Z=$1 PZ=$2
		break 2
	done
done
# SH: the host on S
SH=$(echo "$J" | $JQ -r --arg s "$S" 'first(.links[] | [.a, .b] | select(index($s)) |
	.[] | select(startswith("h")))')
# H: the host on g2s0, its address and LID
H=$(echo "$J" | $JQ -r 'first(.links[] | [.a, .b] | select(index("g2s0")) |
	.[] | select(startswith("h")))')
set -- $(echo "$J" | $JQ -r --arg h "$H" \
	'.nodes[] | select(.name == $h) | "\(.name) \(.addr) \(.lid)"')
H=${1:-} HA=${2:-} HL=${3:-}
found "$SH on $S, its port $PA to $XS (group $GX), $Z port $PZ to group 2, $H ($HA, LID $HL) on g2s0" \
	"intermediate group and switches as needed" PA XS Z PZ HL SH
# S's entry for H's group: one candidate, through group X
pin "$S" "$HL" "$PA" "group $GX"
# zsum STAT: a counter summed over Z's ports (drops count where the
# packet came in)
ssum() {	# ssum SW STAT
	nsexec "$F-$1" "$SNICCTL" -j -s port show sw0 |
		$JQ --arg s "$2" '[.[] | .stats[$s] | numbers] | add // "missing"'
}
# gsum GROUP STAT: summed over the group's two switches
gsum() { echo $(( $(ssum "g$1s0" "$2") + $(ssum "g$1s1" "$2") )); }
zsum() { gsum "$GX" "$1"; }
rr() { zsum ar_reroute; }
drops() { echo $(( $(zsum fwd_drop_egress) + $(zsum fwd_drop_loop) )); }
ping_n() {	# ping_n FROM ADDR N: N pings, every one answered
	o=$(nsexec "$F-$1" ping -c "$3" -i 0.05 -w 60 "$2")
	echo "$o" | tail -n 2
	echo "$o" | grep -Eq "^$3 packets transmitted, $3 (packets )?received"
}
ping_h() { ping_n "$SH" "$HA" "$1"; }	# SH -> H
r0=$(rr)
checke "$SH reaches $H through group $GX (20 pings), no reroute while the link is up" \
	'ping_h 20 && [ "$(rr)" = "$r0" ]'
check "$Z's global link to group 2 down" \
	nsexec "$F-$Z" $IP link set "p$PZ" down
d0=$(drops) r0=$(rr)
checke "$SH still reaches $H, every one of 20 pings answered" 'ping_h 20'
checke "...each request rerouted in group $GX (ar_reroute), none dropped there" \
	'echo "ar_reroute +$(( $(rr) - r0 )), dropped +$(( $(drops) - d0 ))"
	 [ $(( $(rr) - r0 )) -ge 20 ] && [ "$(drops)" -eq "$d0" ]'
# SH's SL 0 on SC 3: SC 4 at Z, room for three more rises (5, 6, 7)
check "$SH: SL 0 on SC 3" \
	nsexec "$F-$SH" "$SNICCTL" dev set snic0 sl2sc 3,1,2,3,4,5,6,7
r0=$(rr)
checke "at SC 4, three rises left: rerouted, every one of 10 pings answered" \
	'ping_h 10 && [ $(( $(rr) - r0 )) -ge 10 ]'
# SC 4: SC 5 at Z, room for two rises only (6, 7)
check "$SH: SL 0 on SC 4" \
	nsexec "$F-$SH" "$SNICCTL" dev set snic0 sl2sc 4,1,2,3,4,5,6,7
d0=$(zsum fwd_drop_egress) r0=$(rr)
checke "at SC 5, two rises left: no reroute, the requests are dropped at $Z, counted (fwd_drop_egress)" \
	'! nsexec $F-$SH ping -c 5 -i 0.05 -w 3 $HA >/dev/null;
	 echo "ar_reroute +$(( $(rr) - r0 )), fwd_drop_egress +$(( $(zsum fwd_drop_egress) - d0 ))"
	 [ "$(rr)" = "$r0" ] && [ $(( $(zsum fwd_drop_egress) - d0 )) -ge 5 ]'

# The local hop: Z2, a switch of another group than 0 and 2 with a global
# link from group 0 (S2's port) and one to group D2; Z3 its group mate.
checke "$Z's link up again, $SH: SL 0 on SC 0" \
	'nsexec "$F-$Z" $IP link set "p$PZ" up &&
	 nsexec "$F-$SH" "$SNICCTL" dev set snic0 sl2sc 0,1,2,3,4,5,6,7'
set -- $(echo "$both" | awk '$1 ~ /^g[134]s/ && $3 ~ /^g0s/ { print $1, $2, $3, $4; exit }')
Z2=${1:-} S2=${3:-} PA2=${4:-}
G2=$(grp "$Z2")
set -- $(echo "$both" | awk -v z="$Z2" '$1 == z && $3 !~ /^g0s/ { print $2, $3; exit }')
PZ2=${1:-} D2=$(grp "${2:-x}")
case $Z2 in *s0) Z3=${Z2%s0}s1 ;; *) Z3=${Z2%s1}s0 ;; esac
SH2=$(echo "$J" | $JQ -r --arg s "$S2" 'first(.links[] | [.a, .b] | select(index($s)) |
	.[] | select(startswith("h")))')
H2=$(echo "$J" | $JQ -r --arg s "g${D2}s0" 'first(.links[] | [.a, .b] | select(index($s)) |
	.[] | select(startswith("h")))')
set -- $(echo "$J" | $JQ -r --arg h "$H2" \
	'.nodes[] | select(.name == $h) | "\(.addr) \(.lid)"')
HA2=${1:-} HL2=${2:-}
found "$SH2 on $S2, its port $PA2 to $Z2, $Z2 port $PZ2 to group $D2 ($H2, LID $HL2), $Z3 its group mate" \
	"switch with a global link from group 0" Z2 PZ2 HL2 SH2
pin "$S2" "$HL2" "$PA2" "$Z2"
ping_h2() { ping_n "$SH2" "$HA2" "$1"; }
g2drops() { echo $(( $(gsum "$G2" fwd_drop_egress) + $(gsum "$G2" fwd_drop_loop) )); }
checke "$SH2 reaches $H2 through $Z2 (10 pings)" 'ping_h2 10'
check "$Z2's global link to group $D2 down" \
	nsexec "$F-$Z2" $IP link set "p$PZ2" down
z3_knows() {
	nsexec "$F-$Z3" "$SNICCTL" bpt show sw0 |
		awk -v d="$HL2" '$1 == "dlid" && $2 <= d && $4 >= d' |
		grep -q " c0 [^ ]*:failed"
}
checke "$Z3 knows: its minimal path to group $D2 failed" 'waitfor 60000 z3_knows'
# z3vl VL: packets Z3's global ports sent on VL VL
z3vl() {
	local n=0 p v

	for p in $(echo "$both" | awk -v z="$Z3" '$1 == z { print $2 }'); do
		v=$(vlx "$F-$Z3" "p$p" "$1" dequeued)
		n=$((n + ${v:-0}))
	done
	echo $n
}
d0=$(g2drops) r2=$(ssum "$Z2" ar_reroute) r3=$(ssum "$Z3" ar_reroute)
t2=$(ssum "$Z2" ar_detour) v2=$(z3vl 2) v3=$(z3vl 3)
checke "$SH2 still reaches $H2, every one of 20 pings answered" 'ping_h2 20'
# SC 1 after the global hop into Z2's group, 2 by Z3's step, 3 out of
# Z3's global link: an unstepped request would leave on VL 2
checke "...leaving $Z3 on VL 3: its SC stepped there, then raised by the global hop" \
	'echo "VL 3 +$(( $(z3vl 3) - v3 )), VL 2 +$(( $(z3vl 2) - v2 ))"
	 [ $(( $(z3vl 3) - v3 )) -ge 20 ] && [ $(( $(z3vl 2) - v2 )) -lt 20 ]'
checke "...each request rerouted by $Z2 (a local hop, marked: ar_detour) and by $Z3 (its global links), none dropped in group $G2" \
	'echo "$Z2 ar_reroute +$(( $(ssum $Z2 ar_reroute) - r2 )) ar_detour +$(( $(ssum $Z2 ar_detour) - t2 )), $Z3 ar_reroute +$(( $(ssum $Z3 ar_reroute) - r3 )), dropped +$(( $(g2drops) - d0 ))"
	 [ $(( $(ssum $Z2 ar_reroute) - r2 )) -ge 20 ] &&
	 [ $(( $(ssum $Z2 ar_detour) - t2 )) -ge 20 ] &&
	 [ $(( $(ssum $Z3 ar_reroute) - r3 )) -ge 20 ] && [ "$(g2drops)" -eq "$d0" ]'
# SL 0 on SC 3: SC 4 at Z2, the step to 5 leaves two rises (6, 7)
check "$SH2: SL 0 on SC 3" \
	nsexec "$F-$SH2" "$SNICCTL" dev set snic0 sl2sc 3,1,2,3,4,5,6,7
d0=$(ssum "$Z2" fwd_drop_egress) r2=$(ssum "$Z2" ar_reroute)
checke "at SC 4, no room for the step and three rises: no local hop, the requests are dropped at $Z2, counted" \
	'! nsexec $F-$SH2 ping -c 5 -i 0.05 -w 3 $HA2 >/dev/null;
	 echo "ar_reroute +$(( $(ssum $Z2 ar_reroute) - r2 )), fwd_drop_egress +$(( $(ssum $Z2 fwd_drop_egress) - d0 ))"
	 [ "$(ssum $Z2 ar_reroute)" = "$r2" ] && [ $(( $(ssum $Z2 fwd_drop_egress) - d0 )) -ge 5 ]'
check "fabric down" "$SNICCTL" fabric down "$F"
ktap_finish
