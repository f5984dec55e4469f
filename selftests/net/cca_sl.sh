#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Congestion control per SL (snicctl fabric up star:3; BECNs, FECNs and
# CNs injected from the switch, so every count is exact): each SL has its
# own ccti_increase, ccti_timer, trigger_threshold and ccti_min (OPA's
# HFICongestionSetting), and a NIC tracks a DLID per SL. The wire has no
# SL: a receiver takes the lowest SL its SL2SC maps to a packet's SC. A
# FECN makes a BECN owed per SL: it rides only on a data packet of that
# SL, else its CN names the SL. A NIC's SC2SL table may say otherwise (a
# fabric that escalates SCs). Bad per-SL settings are refused with an
# extack and change nothing.
# kernels: 6.12
. "$(dirname "$0")/../lib.sh"

modules_load || { not_ok "modules load"; ktap_finish; }
F=cs$(echo "$SFX" | cut -c1-4)
NETNS="$F-h1 $F-h2 $F-h3 $F-s1"
"$SNICCTL" fabric up star:3 name "$F" >/dev/null ||
	{ not_ok "fabric up star:3"; ktap_finish; }
nsexec "$F-h3" $IP neigh replace 10.0.0.1 lladdr 02:53:4e:00:00:01 \
	dev snic0 nud permanent

ctr() { counter "$F-$1" snic0 "$2"; }
# cc_field H DLID SL FIELD: a field of H's tracked (DLID, SL).
cc_field() {
	v=$(nsexec "$F-$1" "$SNICCTL" -j cc show snic0 |
		$JQ -r --argjson d "$2" --argjson s "$3" --arg f "$4" \
			'first(.[] | select(.dlid == $d and .sl == $s) | .[$f] | numbers)')
	echo "${v:-missing}"
}
# sl_set H SL: H's cc_sl entry for SL as "increase timer trigger min",
# or "missing" if its settings are SL 0's.
sl_set() {
	v=$(nsexec "$F-$1" "$SNICCTL" -j dev show snic0 |
		$JQ -r --argjson s "$2" \
			'first(.[] | .cc_sl[]? | select(.sl == $s) |
			 "\(.ccti_increase) \(.ccti_timer) \(.ccti_trigger) \(.ccti_min)")')
	echo "${v:-missing}"
}
# inject H CLASS SC SLID [SL]: one frame from the switch to H.
inject() {
	SNIC_INJECT_SC=$3 SNIC_INJECT_SL=${5:-1} nsexec "$F-s1" \
		"$TOOLS/snic_inject" "p${1#h}" "$2" 1 "${1#h}" "$4"
}

# 1. Settings: port-wide first, then each SL's over them.
check "h1: ccti_timer 0 for all, SL 3 increase 20 min 2, SL 4 increase 10 trigger 100" \
	nsexec "$F-h1" "$SNICCTL" dev set snic0 ccti_timer 0 \
		cc_sl 3:ccti_increase=20,ccti_min=2 \
		cc_sl 4:ccti_increase=10,ccti_trigger=100
checke "dev show: SL 3 and 4 differ from SL 0, the port-wide values are SL 0's" \
	'echo "sl3 $(sl_set h1 3) sl4 $(sl_set h1 4) sl5 $(sl_set h1 5)"
	 [ "$(sl_set h1 3)" = "20 0 8 2" ] && [ "$(sl_set h1 4)" = "10 0 100 0" ] &&
	 [ "$(sl_set h1 5)" = missing ] &&
	 nsexec $F-h1 $SNICCTL -j dev show snic0 |
	 $JQ -e ".[0] | .ccti_increase == 5 and .ccti_timer == 0"'
check "h1: SL 6 on SC 9 (sl2sc), SL 5 decays every 1.024 us" \
	nsexec "$F-h1" "$SNICCTL" dev set snic0 sl2sc 0,1,2,3,4,5,9 \
		cc_sl 5:ccti_timer=1

# 2. BECNs on data packets: the SL is the lowest that maps to the SC.
inject h1 becn 3 5
inject h1 becn 0 5
inject h1 becn 9 5
waitfor 3000 "[ \$(cc_field h1 5 6 becn) = 1 ]"
checke "a BECN on SC 3 raises (5, SL 3) by SL 3's increase from its floor: 22" \
	'[ "$(cc_field h1 5 3 ccti)" = 22 ] && [ "$(cc_field h1 5 3 becn)" = 1 ]'
checke "a BECN on SC 0 raises (5, SL 0) by 5, apart from SL 3" \
	'[ "$(cc_field h1 5 0 ccti)" = 5 ] && [ "$(cc_field h1 5 0 becn)" = 1 ]'
checke "SC 9 is SL 6's SC: (5, SL 6), three entries for one DLID" \
	'[ "$(cc_field h1 5 6 ccti)" = 5 ] &&
	 [ "$(nsexec $F-h1 $SNICCTL -j dev show snic0 | $JQ ".[0].cc_dlids")" = 3 ]'

# 3. A CN names its SL; the trigger is the SL's.
inject h1 cn 15 6 3
inject h1 cn 15 6 4
inject h1 becn 0 7
inject h1 becn 0 7
waitfor 3000 "[ \$(cc_field h1 7 0 becn) = 2 ]"
checke "CNs for SL 3 and SL 4: (6, SL 3) at 22, (6, SL 4) at 10" \
	'[ "$(cc_field h1 6 3 ccti)" = 22 ] && [ "$(cc_field h1 6 4 ccti)" = 10 ]'
checke "the log: (6, SL 3) and (7, SL 0) crossed 8; (6, SL 4) at 10 is below SL 4's 100" \
	'nsexec $F-h1 $SNICCTL -j cc log snic0 |
	 $JQ -e "any(.[]; .dlid == 6 and .sl == 3 and .ccti == 22) and
		 any(.[]; .dlid == 7 and .sl == 0 and .ccti == 10) and
		 all(.[]; .sl != 4)"'

# 4. Each SL decays at its own timer: SL 5's every 1.024 us, the others'
#    never (ccti_timer 0).
inject h1 becn 5 8
waitfor 3000 "[ \$(cc_field h1 8 5 becn) = 1 ]"
checke "(8, SL 5) decays to 0 while (5, SL 0) stays at 5" \
	'waitfor 30000 "[ \$(cc_field h1 8 5 ccti) = 0 ]" &&
	 [ "$(cc_field h1 5 0 ccti)" = 5 ] && [ "$(cc_field h1 5 3 ccti)" = 22 ]'

# 5. Owed per SL: a FECN on SC 3 from h1 makes h3 owe h1 a BECN on SL 3,
#    held (a window of 1000 s of wall time) until a packet of SL 3 goes.
check "h3: a BECN window of 0.1 fabric s" \
	nsexec "$F-h3" "$SNICCTL" dev set snic0 becn_window 100000000
p0=$(ctr h3 tx_becn_piggyback) c0=$(ctr h3 tx_cn)
inject h3 fecn 3 1
waitfor 3000 "[ \$(ctr h3 rx_fecn) -ge 1 ]"
nsexec "$F-h3" "$TOOLS/snic_xfer" -u 10.0.0.1 7300 0.3 200 0 >/dev/null
checke "packets of SL 0 to h1 do not carry the BECN owed on SL 3" \
	'[ $(ctr h3 tx_becn_piggyback) -eq $p0 ] && [ "$(cc_field h1 3 3 becn)" = missing ]'
nsexec "$F-h3" "$TOOLS/snic_xfer" -u 10.0.0.1 7300 0.3 200 3 >/dev/null
checke "one of SL 3 does: h1 paces (3, SL 3) at 22, no CN sent" \
	'waitfor 3000 "[ \$(cc_field h1 3 3 ccti) = 22 ]" &&
	 [ $(ctr h3 tx_becn_piggyback) -eq $((p0 + 1)) ] &&
	 [ $(ctr h3 tx_cn) -eq $c0 ] && [ "$(cc_field h1 3 0 becn)" = missing ]'
check "h3: the default BECN window" \
	nsexec "$F-h3" "$SNICCTL" dev set snic0 becn_window 10000
inject h3 fecn 4 1
checke "a FECN on SC 4 with nothing to h1: a CN for SL 4, (3, SL 4) at 10" \
	'waitfor 10000 "[ \$(cc_field h1 3 4 ccti) = 10 ]" &&
	 [ $(ctr h3 tx_cn) -eq $((c0 + 1)) ]'

# 6. Refusals: errno and extack, nothing changed.
checke "SL 3's ccti_min above ccti_limit: EINVAL" \
	'expect_err $F-h1 22 "ccti_min must not be above ccti_limit" \
		$SNICCTL dev set snic0 cc_sl 3:ccti_min=200'
checke "SL 4's trigger above ccti_limit: EINVAL" \
	'expect_err $F-h1 22 "trigger_threshold must not be above ccti_limit" \
		$SNICCTL dev set snic0 ccti_increase 7 cc_sl 4:ccti_trigger=128'
checke "snicctl refuses SL 32 and an unknown key before sending" \
	'! nsexec $F-h1 $SNICCTL dev set snic0 cc_sl 32:ccti_min=1 2>/dev/null &&
	 ! nsexec $F-h1 $SNICCTL dev set snic0 cc_sl 3:ccti_foo=1 2>/dev/null'
checke "nothing changed" \
	'[ "$(sl_set h1 3)" = "20 0 8 2" ] && [ "$(sl_set h1 4)" = "10 0 100 0" ] &&
	 nsexec $F-h1 $SNICCTL -j dev show snic0 | $JQ -e ".[0].ccti_increase == 5"'
check "port-wide values again set every SL" \
	nsexec "$F-h1" "$SNICCTL" dev set snic0 ccti_increase 5 ccti_timer 10 \
		ccti_trigger 8 ccti_min 0
checke "no SL differs from SL 0 now" \
	'nsexec $F-h1 $SNICCTL -j dev show snic0 | $JQ -e ".[0].cc_sl == []"'

# 7. An SC2SL of its own (as where switches escalate SCs): SC 2 is SL 0.
check "h1: sc2sl 0,1,0 (SCs not named: their own number)" \
	nsexec "$F-h1" "$SNICCTL" dev set snic0 sc2sl 0,1,0
inject h1 becn 2 9
waitfor 3000 "[ \$(cc_field h1 9 0 becn) = 1 ]"
# (SL 0 decays again now: its BECN count, not its CCTI, is the witness.)
checke "a BECN on SC 2 counts for (9, SL 0), not (9, SL 2)" \
	'[ "$(cc_field h1 9 0 becn)" = 1 ] && [ "$(cc_field h1 9 2 becn)" = missing ] &&
	 nsexec $F-h1 $SNICCTL -j dev show snic0 | $JQ -e ".[0].sc2sl[0:4] == [0,1,0,3]"'
checke "an SC2SL entry of 32: EINVAL" \
	'expect_err $F-h1 22 "entry beyond 31" $SNICCTL dev set snic0 sc2sl 32'
check "fabric down" "$SNICCTL" fabric down "$F"
ktap_finish
