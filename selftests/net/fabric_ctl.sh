#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Fabric-wide controls on fattree:2,1,2 (h1, h2 on leaf1; h3, h4 on
# leaf2; one spine): fabric list names the fabrics up and their sizes;
# fabric set changes a setting on every NIC, every switch, or the nodes
# named, and nowhere else; a bad setting is refused on every node with
# the kernel's or snicctl's message, a non-zero exit, and nothing
# changed; fabric link takes both ends of a named link down (h1 no
# longer reaches h3 across the cut) and up again (it does).
# kernels: 6.12
. "$(dirname "$0")/../lib.sh"

modules_load || { not_ok "modules load"; ktap_finish; }
F=fc$(echo "$SFX" | cut -c1-4)
trap '"$SNICCTL" fabric down $F >/dev/null 2>&1; cleanup' EXIT

checke "fabric list before up: $F not listed" \
	'out=$("$SNICCTL" fabric list); echo "$out"; ! echo "$out" | grep -q "^$F:"'
check "up fattree:2,1,2" "$SNICCTL" fabric up fattree:2,1,2 name "$F"
checke "fabric list: $F with 4 hosts, 3 switches, 6 links" \
	'out=$("$SNICCTL" fabric list); echo "$out"
	 echo "$out" | grep -q "^$F: hosts 4 switches 3 links 6 dilation [0-9]*$"'
checke "fabric list -j: the same as JSON" \
	'"$SNICCTL" -j fabric list | $JQ -e --arg f "$F" \
		"[.[] | select(.name == \$f)] | length == 1 and
		 (.[0] | .hosts == 4 and .switches == 3 and .links == 6)"'
checke "fabric list takes no argument: refused, exit 2" \
	'"$SNICCTL" fabric list x; [ $? -eq 2 ]'

# get NODE KEY: the key of NODE's device in dev show -j
get() {
	local d=snic0

	case $1 in h*) ;; *) d=sw0 ;; esac
	nsexec "$F-$1" "$SNICCTL" -j dev show $d | $JQ -r ".[0].$2"
}
checke "fabric set nics ccti_increase 3: set on the 4 hosts" \
	'out=$("$SNICCTL" fabric set "$F" nics ccti_increase 3); echo "$out"
	 [ "$out" = "fabric $F: set on 4 nodes" ]'
checke "every NIC has ccti_increase 3" \
	'for h in h1 h2 h3 h4; do echo "$h $(get $h ccti_increase)"
	 [ "$(get $h ccti_increase)" = 3 ] || exit 1; done'
checke "fabric set switches sw_marking 0: on the 3 switches, no NIC's cc_pacing touched" \
	'"$SNICCTL" fabric set "$F" switches sw_marking 0 &&
	 for s in leaf1 leaf2 spine1; do echo "$s $(get $s sw_marking)"
		[ "$(get $s sw_marking)" = 0 ] || exit 1; done &&
	 [ "$(get h1 cc_pacing)" = 1 ]'
checke "fabric set h1,h3 cc_pacing 0: those two only" \
	'"$SNICCTL" fabric set "$F" h1,h3 cc_pacing 0 &&
	 echo "$(get h1 cc_pacing) $(get h2 cc_pacing) $(get h3 cc_pacing) $(get h4 cc_pacing)" |
		tee /dev/stderr | grep -qx "0 1 0 1"'
checke "a bad value: every host refuses it, exit 1, each named; nothing changed" \
	'out=$("$SNICCTL" fabric set "$F" nics ccti_increase 99999999999 2>&1); rc=$?
	 echo "$out"; [ $rc -eq 1 ] &&
	 [ $(echo "$out" | grep -c "^Error: h[1-4]: not set$") -eq 4 ] &&
	 echo "$out" | grep -q "set on 0 nodes, 4 failed" &&
	 [ "$(get h2 ccti_increase)" = 3 ]'
checke "an unknown node: refused, named, exit 2, nothing set" \
	'out=$("$SNICCTL" fabric set "$F" h1,h9 ccti_increase 4 2>&1); rc=$?
	 echo "$out"; [ $rc -eq 2 ] && echo "$out" | grep -q "no node \"h9\"" &&
	 [ "$(get h1 ccti_increase)" = 3 ]'
checke "no setting: usage, exit 2" \
	'"$SNICCTL" fabric set "$F" nics; [ $? -eq 2 ]'
checke "a fabric that is not up: exit 2" \
	'"$SNICCTL" fabric set nosuch nics cc_pacing 1; [ $? -eq 2 ]'

# The link leaf1 - spine1 is h1's only way to h3.
addr3=$("$SNICCTL" -j fabric show "$F" | $JQ -r '.nodes[] | select(.name == "h3") | .addr')
ping3() { "$SNICCTL" fabric exec "$F" h1 -- ping -c 1 -W 2 "$addr3" >/dev/null; }
check "h1 reaches h3" ping3
# oper NODE DEV: its operstate
oper() { nsexec "$F-$1" cat /sys/class/net/$2/operstate; }
port_to() {	# port_to SW PEER: SW's port device towards PEER
	"$SNICCTL" -j fabric show "$F" | $JQ -r --arg s "$1" --arg p "$2" \
		'.links[] | if .a == $s and .b == $p then "p\(.pa)"
			    elif .b == $s and .a == $p then "p\(.pb)" else empty end'
}
pl=$(port_to leaf1 spine1) ps=$(port_to spine1 leaf1)
checke "fabric link leaf1 spine1 down: both ends ($pl, $ps) down" \
	'"$SNICCTL" fabric link "$F" leaf1 spine1 down &&
	 echo "leaf1 $pl $(oper leaf1 $pl), spine1 $ps $(oper spine1 $ps)" &&
	 [ "$(oper leaf1 $pl)" = down ] && [ "$(oper spine1 $ps)" = down ]'
checke "h1 no longer reaches h3" '! ping3'
checke "fabric link leaf1 spine1 up: h1 reaches h3 again" \
	'"$SNICCTL" fabric link "$F" leaf1 spine1 up && waitfor 20000 ping3'
checke "a link that does not exist: refused, named, exit 2" \
	'out=$("$SNICCTL" fabric link "$F" h1 h3 down 2>&1); rc=$?; echo "$out"
	 [ $rc -eq 2 ] && echo "$out" | grep -q "no link between h1 and h3"'
checke "a state other than down or up: usage, exit 2" \
	'"$SNICCTL" fabric link "$F" leaf1 spine1 sideways; [ $? -eq 2 ]'
check "down" "$SNICCTL" fabric down "$F"
checke "fabric list after down: $F not listed" \
	'! "$SNICCTL" fabric list | grep -q "^$F:"'
ktap_finish
