#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# CCA pacing at a NIC under reconfiguration: h1 paces DLID 2 (h2) after a
# BECN, with many flows on its four paced TX queues.
#  - Packets of one DLID from several queues, parked for their turns,
#    leave one slot (Tp + IPD) apart, never in a burst: never less than
#    half a slot apart, even after a late wake-up (tx_paced_early, and the
#    DLID's early count).
#  - Changing the link's time dilation under paced load wedges no queue
#    and does not stop CCTI decay: the NIC's fabric clock rebases itself.
#  - A reconfiguration that forgets the DLIDs sends what was parked for
#    them: every datagram arrives.
. "$(dirname "$0")/../lib.sh"

modules_load || { not_ok "modules load"; ktap_finish; }
fabric_2h1s || { not_ok "fabric setup"; ktap_finish; }
nsexec "$H1" "$SNICCTL" qdisc set fab0 rate 20mbit
nsexec "$H1" $IP neigh replace 10.0.0.2 lladdr 02:53:4e:00:00:02 dev snic0 nud permanent
# A table whose one delay (60 x Tp) holds every packet; no recovery.
nsexec "$H1" "$SNICCTL" dev set snic0 cct 0:0,0:60 ccti_limit 1 \
	ccti_trigger 1 ccti_timer 0 ccti_increase 1
becn() { nsexec "$S1" "$TOOLS/snic_inject" p1 becn 1 1 2; }
cc_field() {	# cc_field FIELD: of h1's DLID 2
	local v
	v=$(nsexec "$H1" "$SNICCTL" -j cc show snic0 | $JQ -r --arg f "$1" \
		'first(.[] | select(.dlid == 2) | .[$f] | numbers)')
	echo "${v:-missing}"
}
RX=/tmp/pacing.rx.$SFX
# flows SECONDS: 16 UDP flows from h1 to h2 (ports 7400..7415): DLID 2 is
# paced, so they take snic0's paced TX queues (4 of its 8), every one.
flows() {
	local p=7400

	while [ $p -lt 7416 ]; do
		nsexec "$H2" timeout $(($1 + 20)) "$TOOLS/snic_xfer" -U $p \
			$(($1 + 10)) >"$RX.$p" &
		p=$((p + 1))
	done
	sleep 1
	p=7400
	while [ $p -lt 7416 ]; do
		nsexec "$H1" timeout $(($1 + 10)) "$TOOLS/snic_xfer" -u 10.0.0.2 \
			$p "$1" 200 >/dev/null &
		p=$((p + 1))
	done
}
received() { cat "$RX".* 2>/dev/null | sed -n 's/^received \([0-9]*\).*/\1/p' |
	awk '{ n += $1 } END { print n + 0 }'; }

check "a BECN from h2 makes h1 pace DLID 2" becn
checke "DLID 2 is tracked at CCTI 1" 'waitfor 5000 "[ \$(cc_field ccti) = 1 ]"'
e0=$(counter "$H1" snic0 tx_paced_early)
p0=$(counter "$H1" snic0 tx_paced)
flows 6
sleep 3
checke "packets of several queues wait for DLID 2 (tx_paced grows)" \
	'waitfor 10000 "[ \$(counter $H1 snic0 tx_paced) -gt $((p0 + 20)) ]"'

# 1. Dilation changes under paced load.
check "h1's link: dilation 1 -> 100 under paced load" \
	nsexec "$H1" "$SNICCTL" qdisc set fab0 dilation 100
p1=$(counter "$H1" snic0 tx_paced)
checke "paced traffic goes on (no queue wedged at the new dilation)" \
	'waitfor 20000 "[ \$(counter $H1 snic0 tx_paced) -gt $((p1 + 5)) ]"'
check "dilation back to 1" nsexec "$H1" "$SNICCTL" qdisc set fab0 dilation 1
p2=$(counter "$H1" snic0 tx_paced)
checke "paced traffic goes on again" \
	'waitfor 20000 "[ \$(counter $H1 snic0 tx_paced) -gt $((p2 + 5)) ]"'
wait
checke "no paced packet left early: no burst on any queue" \
	'e=$(counter $H1 snic0 tx_paced_early) d=$(cc_field early)
	 echo "tx_paced_early $((e - e0)), DLID 2 early $d, paced $(cc_field paced)"
	 [ "$e" -eq "$e0" ] && [ "$d" = 0 ] && [ "$(cc_field paced)" -gt 20 ]'

# 2. CCTI decay survives a dilation change: a table that recovers, one
#    CCTI every 65535 x 1.024 us of fabric time (67 ms).  The BECN lands
#    at dilation 100, where a step takes 6.7 s of wall time, so reading
#    the CCTI back does not race its decay however slow the host is;
#    then dilation 10 (670 ms a step) must carry the decay on to 0.
nsexec "$H1" "$SNICCTL" dev set snic0 cct 0:0,0:1,0:1,0:1,0:1,0:1,0:1,0:1 \
	ccti_limit 7 ccti_increase 7 ccti_timer 65535
nsexec "$H1" "$SNICCTL" qdisc set fab0 dilation 100
becn
checke "a BECN raises DLID 2 to CCTI 7 (minus what decayed since)" \
	'waitfor 5000 "[ \$(cc_field ccti) -ge 5 ]"'
nsexec "$H1" "$SNICCTL" qdisc set fab0 dilation 10
checke "after dilation 100 -> 10 the CCTI still decays, to 0" \
	'waitfor 30000 "[ \$(cc_field ccti) = 0 ]"'
nsexec "$H1" "$SNICCTL" qdisc set fab0 dilation 1

# 3. Forgetting the DLIDs releases what waited for them.
nsexec "$H1" "$SNICCTL" dev set snic0 cct 0:0,0:60 ccti_limit 1 ccti_timer 0 \
	ccti_increase 1
becn
waitfor 5000 "[ \$(cc_field ccti) = 1 ]"
r0=$(received)
flows 4
sleep 2
check "cc_tracked changes under paced load (every DLID forgotten)" \
	nsexec "$H1" "$SNICCTL" dev set snic0 cc_tracked 512
checke "DLID 2 is not tracked any more" '[ "$(cc_field ccti)" = missing ]'
wait
checke "every flow's datagrams arrived after the reconfiguration" \
	'r=$(received); echo "received $((r - r0)) more"; [ $r -gt $((r0 + 100)) ]'
check "ping h1 -> h2 after it all" nsexec "$H1" ping -c 2 -i 0.2 -w 10 10.0.0.2
rm -f "$RX".*
ktap_finish
