#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The intermediate switch of a Valiant path (ar_intm) on snicctl fabric up
# dragonfly:1,3,1,4 valpkt: 4 groups of 3 fully connected switches, one
# host and one global link each. The generator puts group i's global link
# k (to group k, or k + 1 from k = i on) on its switch k: in group 1, g1s0
# holds the link to group 0 (g0s0's), g1s1 the one to group 2 (g2s1's),
# g1s2 the one to group 3. h1 on g0s0 sends to h7 on g2s0, g0s0's BPT
# entry for group 2 set to its own global link alone: every datagram
# lands in group 1 on L = g1s0, over a global link, its DLID outside group
# 1's LIDs and its LFT on the local link to E = g1s1 (the exit to group
# 2): the one switch that draws. It sends a datagram on through the
# group's third switch I = g1s2 one time in three (of the three, L and E
# both mean the direct hop), marked as a detour: I steps its SC
# (ar_detour_sc2sc) and follows its LFT to E with no draw, as a packet
# that came over a local link does; g2s1, where it lands in group 2, holds
# its DLID: no draw either.
#  - ar_intm packet (valpkt's default): all 300 datagrams arrive; k, the
#    rise of L's ar_intm on its global port, is within 60..140 (100
#    expected), and its ar_detour rose by k; L sends k to I and 300 - k to
#    E on VL 1, I sends its k on to E on VL 2 (the step), E sends 300 - k
#    on VL 2 and k on VL 3 to group 2; I, E and g2s1 draw none;
#  - ar_intm off at L: none through I;
#  - ar_intm flow: one flow takes one path with all its datagrams (k 0 or
#    all); 32 flows of 3 take both, each flow whole (k a multiple of 3);
#  - the hop needs a step that raises the SC and room for three rises
#    after it: h1's SL 0 on SC 5 (6 at L) or SC 3 (4 at L): no hop, none
#    lost; on SC 2 (3 at L): hops, each hop's VL two above SC 0's;
#  - ar_intm 3 (raw): ERANGE with an extack; snicctl takes names only.
# kernels: 6.12
. "$(dirname "$0")/../lib.sh"

modules_load || { not_ok "modules load"; ktap_finish; }
F=ai$(echo "$SFX" | cut -c1-4)
"$SNICCTL" fabric up dragonfly:1,3,1,4 name "$F" valpkt >/dev/null ||
	{ not_ok "fabric up dragonfly:1,3,1,4 valpkt"; ktap_finish; }
J=$("$SNICCTL" -j fabric show "$F")
# Every link both ways, "a pa b pb"; the global ones alone. Ports follow
# the generator's link order (each switch: p1 its host, p2 and p3 its
# group mates, p4 its global link), read here rather than assumed.
both=$(echo "$J" | $JQ -r '.links[] | "\(.a) \(.pa) \(.b) \(.pb)"' |
	awk '{ print; print $3, $4, $1, $2 }')
glob=$(echo "$J" | $JQ -r '.links[] | select(.global) | "\(.a) \(.pa) \(.b) \(.pb)"' |
	awk '{ print; print $3, $4, $1, $2 }')
grp() { echo "$1" | sed 's/^g\([0-9]*\)s.*/\1/'; }
# port A B: A's port on its link to B
port() { echo "$both" | awk -v a="$1" -v b="$2" '$1 == a && $3 == b { print $2; exit }'; }
# host_on SW: the host on switch SW
host_on() {
	echo "$J" | $JQ -r --arg s "$1" 'first(.links[] | [.a, .b] | select(index($s)) |
		.[] | select(startswith("h")))'
}
# SN: the host on g0s0 (h1); L: the switch g0s0's global link leads to,
# PS and PL the link's ports; E: L's group mate with the global link to
# group 2 (PE, to D2); I: their third switch. H: the host on g2s0 (h7).
SN=$(host_on g0s0)
set -- $(echo "$glob" | awk '$1 == "g0s0" { print $2, $3, $4; exit }')
PS=${1:-} L=${2:-} PL=${3:-}
GI=$(grp "${L:-x}")
set -- $(echo "$glob" | awk -v g="g${GI}s" 'index($1, g) == 1 && $3 ~ /^g2s/ { print $1, $2, $3; exit }')
E=${1:-} PE=${2:-} D2=${3:-}
# L == E (L itself the exit) would leave no transit local hop to draw on
[ "$E" = "$L" ] && E=
I=$(echo "$both" | awk -v l="$L" -v e="$E" -v g="g${GI}s" \
	'$1 == l && index($3, g) == 1 && $3 != e { print $3; exit }')
PLI=$(port "$L" "$I") PLE=$(port "$L" "$E") PIE=$(port "$I" "$E")
HN=$(host_on g2s0)
set -- $(echo "$J" | $JQ -r --arg h "$HN" \
	'.nodes[] | select(.name == $h) | "\(.addr) \(.lid)"')
HA=${1:-} HL=${2:-}
SA=$(echo "$J" | $JQ -r --arg h "$SN" '.nodes[] | select(.name == $h) | .addr')
found "$SN ($SA) on g0s0, its port $PS to L = $L (group $GI, port $PL); E = $E, its port $PE to $D2 (group 2); I = $I (L: p$PLI to I, p$PLE to E; I: p$PIE to E); $HN ($HA, LID $HL) on g2s0" \
	"transit group with a landing, an exit and a third switch" \
	SN SA PS L PL E PE D2 I PLI PLE PIE HN HA HL
[ "$GI" != 0 ] && [ "$GI" != 2 ] ||
	{ not_ok "the fabric: g0s0's global link leads to group $GI, not a transit group"
	  "$SNICCTL" fabric down "$F"; ktap_finish; }
pin g0s0 "$HL" "$PS" "$L"
# h1 knows H's MAC (its LID's) for good: no ARP crosses the fabric
check "$SN knows $HN's address" \
	nsexec "$F-$SN" $IP neigh replace "$HA" lladdr "$(printf '02:53:4e:%02x:%02x:%02x' \
	$((HL >> 16 & 255)) $((HL >> 8 & 255)) $((HL & 255)))" dev snic0 nud permanent

pc() { port_counter "$F-$1" sw0 "p$2" "$3" 2>/dev/null || echo missing; }
ssum() {	# ssum SW STAT: summed over SW's ports
	local v

	v=$(nsexec "$F-$1" "$SNICCTL" -j -s port show sw0 |
		$JQ -r --arg s "$2" '[.[] | .stats[$s] | numbers] | add // "missing"')
	echo "${v:-missing}"
}
# n0 VL: the count of VL (an idle VL is not shown: none, 0)
n0() { case $1 in missing) echo 0 ;; *) echo "$1" ;; esac; }
vq() { n0 "$(vlx "$F-$1" "p$2" "$3" dequeued)"; }	# vq SW PORT VL: sent on VL
# rd V: the counters a round reads, on one line: L's ar_intm and
# ar_detour (its global port), the ar_intm of I, E and D2; the packets
# L sent to I and to E on VL V (the VL a datagram lands on at L), I to E
# on V + 1, E to group 2 on V + 1 (direct) and V + 2 (through I)
rd() {
	echo "$(pc "$L" "$PL" ar_intm) $(pc "$L" "$PL" ar_detour)" \
		"$(ssum "$I" ar_intm) $(ssum "$E" ar_intm) $(ssum "$D2" ar_intm)" \
		"$(vq "$L" "$PLI" "$1") $(vq "$L" "$PLE" "$1")" \
		"$(vq "$I" "$PIE" $(($1 + 1))) $(vq "$E" "$PE" $(($1 + 1)))" \
		"$(vq "$E" "$PE" $(($1 + 2)))"
}
# delta A B: B - A, field by field ("missing" where either is no count)
delta() {
	echo "$1 $2" | awk '{ n = NF / 2
		for (i = 1; i <= n; i++) {
			a = $i; b = $(i + n)
			printf "%s%s", (i > 1 ? " " : ""),
				(a ~ /^[0-9]+$/ && b ~ /^[0-9]+$/ ? b - a : "missing")
		}
		print "" }'
}
OUT=/tmp/ai.$SFX
# round N FLOWS V: FLOWS flows of N datagrams (200 bytes) h1 -> H, UDP
# from source ports 7801, 7802, ..., landing at L on VL V; H counts them.
# Sets TOT (datagrams sent), GOT and DUP (those H got from h1, those
# whose number it had seen: of another flow, or twice) and the rises of rd's counters: K, DT, DI, DE, DG, LI, LE,
# IE, ED, EH. Counts only: H's receiver ends 2 s after the last datagram.
round() {
	local n=$1 fl=$2 v=$3 a

	a=$(rd "$v")
	nsexec "$F-$HN" timeout 120 "$TOOLS/snic_xfer" -U 7700 100 >"$OUT" &
	RP=$!
	waitfor 20000 "grep -q listening $OUT"
	# one shell in h1's netns sends the flows one after the other (no
	# netns entered between two: the receiver stops after 2 s idle)
	nsexec "$F-$SN" sh -c 'f=1
		while [ $f -le "$1" ]; do
			SNIC_XFER_COUNT=$2 SNIC_XFER_SPORT=$((7800 + f)) \
				timeout 60 "$3" -u "$4" 7700 1 200 >/dev/null
			f=$((f + 1))
		done' sh "$fl" "$n" "$TOOLS/snic_xfer" "$HA"
	wait "$RP"
	set -- $(awk -v s="$SA" '$1 == "from" && $2 == s { g = $4; d = $6 }
		END { print g + 0, d + 0 }' "$OUT") $(delta "$a" "$(rd "$v")")
	TOT=$((n * fl)) GOT=$1 DUP=$2 XDUP=$(((fl - 1) * n)) K=$3 DT=$4 DI=$5 DE=$6 DG=$7
	LI=$8 LE=$9 IE=${10} ED=${11} EH=${12}
	SAID="sent $TOT, got $GOT (dup $DUP); L: ar_intm +$K ar_detour +$DT;"
	SAID="$SAID ar_intm I +$DI E +$DE $D2 +$DG; VL $v L->I +$LI L->E +$LE;"
	SAID="$SAID VL $((v + 1)) I->E +$IE E->g2 +$ED; VL $((v + 2)) E->g2 +$EH"
	echo "# $SAID"
}
# all: every datagram arrived, once (each flow numbers its datagrams
# from 1, so the receiver, which tells senders by address, counts those
# of every flow after the first as repeats of the first's: XDUP)
all() { echo "$SAID"; [ "$GOT" = "$TOT" ] && [ "$DUP" = "$XDUP" ]; }
# none: no hop through I (nothing drawn, nothing to I), all by the LFT
none() {
	[ "$K" = 0 ] && [ "$DT" = 0 ] && [ "$LI" = 0 ] && [ "$IE" = 0 ] &&
		[ "$LE" = "$TOT" ]
}
# vls: the VLs of the round: k through I (L->I on V, I->E on V + 1, E's
# on V + 2), the rest direct (L->E on V, E's on V + 1)
vls() {
	[ "$LI" -eq "$K" ] && [ "$IE" -eq "$K" ] && [ "$EH" -eq "$K" ] &&
		[ "$LE" -eq $((TOT - K)) ] && [ "$ED" -eq $((TOT - K)) ]
}
# intm SW: SW's ar_intm as dev show names it
intm() { nsexec "$F-$1" "$SNICCTL" dev show sw0 | sed -n 's/.* ar_intm \([a-z]*\).*/\1/p'; }
# sl SC: h1's SL 0 on SC SC
sl() { nsexec "$F-$SN" "$SNICCTL" dev set snic0 sl2sc "$1,1,2,3,4,5,6,7"; }
set_intm() {	# set_intm MODE: L's ar_intm MODE, dev show says it
	nsexec "$F-$L" "$SNICCTL" dev set sw0 ar_intm "$1" && [ "$(intm "$L")" = "$1" ]
}

checke "every switch on the path: ar_intm packet (valpkt's default)" \
	'for s in g0s0 $L $I $E $D2; do
		echo "$s: ar_intm $(intm $s)"; [ "$(intm $s)" = packet ] || exit 1
	 done'
round 300 1 1
checke "ar_intm packet: all 300 datagrams $SN -> $HN arrive, none twice" all
checke "...L ($L) sends k of them through I, 1 in 3 expected (60 <= k <= 140), each counted in ar_intm and ar_detour on its global port" \
	'echo "$SAID"; isnum "$K" && [ "$K" -ge 60 ] && [ "$K" -le 140 ] && [ "$DT" = "$K" ]'
checke "...L sends k to I and 300 - k to E on VL 1, I its k on to E on VL 2 (the step), E 300 - k on VL 2 and k on VL 3 to group 2" \
	'echo "$SAID"; vls'
checke "...only L draws: I (in over a local link), E and $D2 (the DLID of its group) none" \
	'echo "$SAID"; [ "$DI" = 0 ] && [ "$DE" = 0 ] && [ "$DG" = 0 ]'

check "L: ar_intm off" set_intm off
round 150 1 1
checke "ar_intm off at L: all 150 arrive, all by the LFT to E, none through I" \
	'all && none'

check "L: ar_intm flow" set_intm flow
round 150 1 1
checke "ar_intm flow: one flow of 150, all arrive, all on one path (k 0 or 150)" \
	'all && { [ "$K" = 0 ] || [ "$K" = 150 ]; } && [ "$DT" = "$K" ] && vls'
round 3 32 1
checke "...32 flows of 3: all 96 arrive, both paths taken (0 < k < 96), each flow whole (k a multiple of 3)" \
	'all && isnum "$K" && [ "$K" -gt 0 ] && [ "$K" -lt 96 ] && [ $((K % 3)) = 0 ] &&
	 [ "$DT" = "$K" ] && vls'

check "L: ar_intm packet" set_intm packet
# SC 5 at h1, 6 at L: the step to 7 leaves no rise
check "$SN: SL 0 on SC 5" sl 5
round 300 1 6
checke "at SC 6 on landing, no room for the step and three rises: no hop, all 300 arrive" \
	'all && none'
# SC 3 at h1, 4 at L: the step to 5 leaves two rises (6, 7)
check "$SN: SL 0 on SC 3" sl 3
round 60 1 4
checke "at SC 4 on landing (two rises left after the step): no hop, all 60 arrive" \
	'all && none'
# SC 2 at h1, 3 at L: the step to 4 leaves three (5, 6, 7)
check "$SN: SL 0 on SC 2" sl 2
round 60 1 3
checke "at SC 3 on landing (three rises left after the step): hops (k > 0), all 60 arrive, each counted in ar_detour" \
	'all && isnum "$K" && [ "$K" -gt 0 ] && [ "$DT" = "$K" ]'
checke "...on VLs two above SC 0's: L->I on VL 3, I->E on 4, E->group 2 on 5 (and 4 direct)" \
	'echo "$SAID"; vls'
check "$SN: SL 0 on SC 0 again" sl 0
rm -f "$OUT"

lif=$(nsexec "$F-$L" cat /sys/class/net/sw0/ifindex)
check "ar_intm 3 (raw): ERANGE, out of range" \
	expect_err "$F-$L" 34 "out of range" \
	$SNICCTL raw dev-set ifindex:u32=$lif ar/intm:u32=3
checke "ar_intm 3: snicctl takes names only (off, packet, flow)" \
	'! nsexec "$F-$L" "$SNICCTL" dev set sw0 ar_intm 3'
checke "the refused requests changed nothing: L's ar_intm packet" \
	'[ "$(intm $L)" = packet ]'
check "fabric down" "$SNICCTL" fabric down "$F"
ktap_finish
