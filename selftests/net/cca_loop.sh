#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The CCA loop on an incast (snicctl fabric up star:3: h1 and h2 send to
# h3 through s1, 100 Gb/s links at time dilation 10000, FECN marking on
# the switch ports): the congested switch port marks FECN, h3 reflects
# every one as a BECN (in a standalone notification, or piggybacked on
# a packet to the source), h1 and h2 raise the CCTI of DLID 3 and pace
# it, then recover once the incast ends. Pacing is per DLID (a DLID
# with no BECN is never paced), can be switched off, tracks a bounded
# number of DLIDs with LRU replacement, generates its CCT from
# cct_max_delay and ccti_limit as opafm does (or takes a written one), and
# refuses bad settings.
. "$(dirname "$0")/../lib.sh"

modules_load || { not_ok "modules load"; ktap_finish; }
F=cc$(echo "$SFX" | cut -c1-4)
NETNS="$F-h1 $F-h2 $F-h3 $F-s1"
"$SNICCTL" fabric up star:3 name "$F" >/dev/null ||
	{ not_ok "fabric up star:3"; ktap_finish; }
# The hot port at a quarter of the line rate (2.5 Mb/s of wall time):
# two senders overrun it even on a debug kernel under TCG.
nsexec "$F-s1" "$SNICCTL" qdisc set p3 rate 25gbit
# Static neighbours: no ARP (queued, then dropped, behind the incast).
static_neigh "$F" 3

ctr() { counter "$F-$1" snic0 "$2"; }
# cc_field H DLID FIELD: a field of H's tracked DLID (snicctl cc show).
cc_field() {
	v=$(nsexec "$F-$1" "$SNICCTL" -j cc show snic0 |
		$JQ -r --argjson d "$2" --arg f "$3" \
			'first(.[] | select(.dlid == $d) | .[$f] | numbers)')
	echo "${v:-missing}"
}
# dev_field H FIELD: a field of H's snic0 (snicctl dev show).
dev_field() {
	v=$(nsexec "$F-$1" "$SNICCTL" -j dev show snic0 |
		$JQ -r --arg f "$2" 'first(.[] | .[$f] | numbers)')
	echo "${v:-missing}"
}
# incast SECONDS: h1 and h2 send 1000-byte UDP datagrams to h3.
incast() {
	nsexec "$F-h3" timeout 60 "$TOOLS/snic_xfer" -U 7200 $(($1 + 4)) \
		>/tmp/cc-h3.$SFX &
	sleep 0.5
	for h in h1 h2; do
		nsexec "$F-$h" "$TOOLS/snic_xfer" -u 10.0.0.3 7200 "$1" 1000 \
			>/tmp/cc-$h.$SFX &
	done
	wait
}
quiet() {
	waitfor 30000 "[ \"\$(vlx $F-h1 fab0 0 qlen)\" = 0 ] && \
		[ \"\$(vlx $F-h2 fab0 0 qlen)\" = 0 ] && \
		[ \"\$(vlx $F-s1 p3 0 qlen)\" = 0 ]"
}

# 1. The loop.
cn0=$(ctr h3 tx_cn)
incast 2
quiet
sent=$(cat /tmp/cc-h1.$SFX /tmp/cc-h2.$SFX | awk '{ n += $2 } END { print n }')
got=$(sed -n 's/^received \([0-9]*\).*/\1/p' /tmp/cc-h3.$SFX)
echo "# sent $sent received $got; s1 p3 marked $(vlx $F-s1 p3 0 fecn_marked);" \
	"h3 rx_fecn $(ctr h3 rx_fecn) tx_cn $(ctr h3 tx_cn)" \
	"coalesced $(ctr h3 becn_coalesced); h1 rx_becn $(ctr h1 rx_becn)" \
	"tx_paced $(ctr h1 tx_paced); h2 tx_paced $(ctr h2 tx_paced)"
checke "the switch port towards h3 marked FECN, h3 received them" \
	'[ $(vlx $F-s1 p3 0 fecn_marked) -gt 0 ] && [ $(ctr h3 rx_fecn) -gt 0 ]' ||
	true
# Without congestion nothing below can hold: stop here (failed above).
[ "$(vlx $F-s1 p3 0 fecn_marked)" -gt 0 ] 2>/dev/null || ktap_finish
checke "h3 answered with standalone notifications (UDP: no return traffic)" \
	'[ $(ctr h3 tx_cn) -gt $cn0 ]'
checke "every FECN became a BECN or was folded into one" \
	'waitfor 5000 "[ \$(( \$(ctr h3 tx_cn) + \$(ctr h3 becn_coalesced) + \$(ctr h3 tx_becn_piggyback) )) -eq \$(ctr h3 rx_fecn) ]"'
checke "every notification h3 sent reached h1 or h2" \
	'waitfor 5000 "[ \$(( \$(ctr h1 rx_cn) + \$(ctr h2 rx_cn) )) -eq \$(ctr h3 tx_cn) ]"'
checke "h1 and h2 received BECNs and paced DLID 3" \
	'[ $(ctr h1 rx_becn) -gt 0 ] && [ $(ctr h2 rx_becn) -gt 0 ] &&
	 [ $(ctr h1 tx_paced) -gt 0 ] && [ $(ctr h2 tx_paced) -gt 0 ]'
checke "paced packets waited in the NIC, not in the link's queue (tx_link_wait)" \
	'echo "h1 $(ctr h1 tx_link_wait) h2 $(ctr h2 tx_link_wait)"
	 [ $(( $(ctr h1 tx_link_wait) + $(ctr h2 tx_link_wait) )) -gt 0 ]'
checke "cc show: DLID 3 tracked on h1 with its BECNs and paced packets" \
	'[ $(cc_field h1 3 becn) -gt 0 ] && [ $(cc_field h1 3 paced) -gt 0 ]'
checke "cc show: its first BECN came before its last, both in the past (fabric ns)" \
	'f=$(cc_field h1 3 becn_first_age_ns) l=$(cc_field h1 3 becn_last_age_ns)
	 echo "first $f ns ago, last $l ns ago"; [ "$l" -gt 0 ] && [ "$f" -ge "$l" ]'
checke "the congestion log recorded DLID 3 at or above the trigger (8)" \
	'nsexec $F-h1 $SNICCTL -j cc log snic0 | $JQ -e "any(.[]; .dlid == 3 and .ccti >= 8)"'
checke "still lossless: every datagram arrived" '[ "$sent" -eq "$got" ] || {
	nsexec $F-h1 $TC -s qdisc show dev snic0; nsexec $F-h3 cat /proc/net/snmp | grep Udp;
	nsexec $F-h3 $ETHTOOL -S snic0 | grep -v ": 0"; nsexec $F-s1 $SNICCTL qdisc show p3; false; }'
checke "the switch congestion log: every FECN p3 set, newest 96 as SLID 1|2 -> 3 on SC 0" \
	'n=$(vlx $F-s1 p3 0 fecn_marked)
	 echo "marked $n logged $(counter $F-s1 sw0 cc_log_entries)"
	 [ "$(counter $F-s1 sw0 cc_log_entries)" = "$n" ] &&
	 nsexec $F-s1 $SNICCTL -j dev show sw0 | $JQ -e ".[0].sw_cc_log_entries == $n" &&
	 nsexec $F-s1 $SNICCTL -j cc log sw0 |
	 $JQ -e "length == ([$n, 96] | min) and
		 all(.[]; (.slid == 1 or .slid == 2) and .dlid == 3 and .sc == 0 and .port == 3) and
		 ([.[].time_ns] == ([.[].time_ns] | sort | reverse))"'
checke "h1 paces nothing towards h2, which sent no BECN (not tracked)" \
	'nsexec $F-h1 $SNICCTL -j cc show snic0 |
	 $JQ -e "any(.[]; .dlid == 3) and all(.[]; .dlid != 2)"'

# 2. Recovery: one CCTI step per ccti_timer (10 x 1.024 us of fabric time:
#    ~100 ms of wall time at D = 10000) until 0.
checke "h1's CCTI for DLID 3 recovers to 0 after the incast" \
	'waitfor 30000 "[ \$(cc_field h1 3 ccti) -eq 0 ]"'

# 3. Piggyback: h1's TCP transfer to h3 during h2's incast; h3's ACKs to
#    h1 carry the BECNs owed to h1.
p0=$(ctr h3 tx_becn_piggyback)
nsexec "$F-h3" timeout 60 "$TOOLS/snic_xfer" -U 7201 6 >/dev/null &
nsexec "$F-h3" timeout 60 "$TOOLS/snic_xfer" -l 7202 >/tmp/cc-tcp.$SFX &
sleep 0.5
nsexec "$F-h2" "$TOOLS/snic_xfer" -u 10.0.0.3 7201 4 1000 >/dev/null &
nsexec "$F-h1" timeout 60 "$TOOLS/snic_xfer" -c 10.0.0.3 7202 2000000 \
	>/tmp/cc-tcps.$SFX
wait
quiet
checke "h3 piggybacked BECNs on its ACKs to h1" \
	'echo "tx_becn_piggyback $(( $(ctr h3 tx_becn_piggyback) - p0 ))";
	 [ $(ctr h3 tx_becn_piggyback) -gt $p0 ]'
checke "the TCP bytes arrived intact" \
	'cat /tmp/cc-tcps.$SFX /tmp/cc-tcp.$SFX
	 [ "$(sed s/^sent// /tmp/cc-tcps.$SFX)" = "$(tail -n 1 /tmp/cc-tcp.$SFX | sed s/^received//)" ]'

# 4. Pacing off: BECNs still counted, nothing paced or tracked.
for h in h1 h2; do
	nsexec "$F-$h" "$SNICCTL" dev set snic0 cc_pacing 0
done
waitfor 30000 "[ \$(cc_field h1 3 ccti) = missing ]"
b0=$(ctr h1 rx_becn) t0=$(ctr h1 tx_paced)
incast 2
quiet
checke "cc_pacing 0: BECNs arrive, no packet is paced, no DLID tracked" \
	'[ $(ctr h1 rx_becn) -gt $b0 ] && [ $(ctr h1 tx_paced) -eq $t0 ] &&
	 [ "$(dev_field h1 cc_dlids)" = 0 ]'
for h in h1 h2; do
	nsexec "$F-$h" "$SNICCTL" dev set snic0 cc_pacing 1
done

# 4b. The switch's congestion control off (one setting): p3 congests but
#     marks nothing, nothing is logged, no BECN comes back.
check "s1: sw_marking 0" nsexec "$F-s1" "$SNICCTL" dev set sw0 sw_marking 0
m0=$(vlx $F-s1 p3 0 fecn_marked) l0=$(counter $F-s1 sw0 cc_log_entries)
f0=$(ctr h3 rx_fecn)
incast 2
quiet
checke "sw_marking 0: no FECN set or logged, h3 got none, cc_mark_off counted" \
	'echo "marked $(vlx $F-s1 p3 0 fecn_marked) off $(counter $F-s1 sw0 cc_mark_off)"
	 [ "$(vlx $F-s1 p3 0 fecn_marked)" = "$m0" ] &&
	 [ "$(counter $F-s1 sw0 cc_log_entries)" = "$l0" ] &&
	 [ "$(ctr h3 rx_fecn)" = "$f0" ] && [ "$(counter $F-s1 sw0 cc_mark_off)" -gt 0 ]'
check "s1: sw_marking 1" nsexec "$F-s1" "$SNICCTL" dev set sw0 sw_marking 1
checke "sw_marking on a NIC: EOPNOTSUPP" \
	'expect_err $F-h1 95 "a switch" $SNICCTL dev set snic0 sw_marking 0'

# 5. Bounded tracking: 2 DLIDs, BECNs from LIDs 5, 6, 7 (injected from the
#    switch into h1's link): the least recently used goes.
check "h1 tracks at most 2 DLIDs" \
	nsexec "$F-h1" "$SNICCTL" dev set snic0 cc_tracked 2
e0=$(ctr h1 cc_evictions)
for l in 5 6 7; do
	nsexec "$F-s1" "$TOOLS/snic_inject" p1 becn 1 1 $l
	waitfor 3000 "[ \$(cc_field h1 $l becn) = 1 ]"
done
checke "LRU: 2 tracked (6 and 7), LID 5 replaced and counted" \
	'[ "$(dev_field h1 cc_dlids)" = 2 ] && [ $(cc_field h1 5 becn) = missing ] &&
	 [ $(cc_field h1 7 becn) = 1 ] && [ $(ctr h1 cc_evictions) -eq $((e0 + 1)) ]'

# 6. Settings: the CCT generator, a custom CCT and bad values (errno +
#    extack, no change).
checke "the default CCT: opafm's generator, 128 entries to 8300 ns" \
	'[ "$(dev_field h1 cct_len)" = 128 ] && [ "$(dev_field h1 cct_max_delay)" = 8300 ]'
check "ccti_limit 300 beyond the generated table writes it anew" \
	nsexec "$F-h1" "$SNICCTL" dev set snic0 ccti_limit 300
checke "301 entries now, still to 8300 ns" \
	'[ "$(dev_field h1 cct_len)" = 301 ] && [ "$(dev_field h1 cct_max_delay)" = 8300 ]'
check "cct_max_delay 4000 with ccti_limit 40: a table of 41 entries" \
	nsexec "$F-h1" "$SNICCTL" dev set snic0 cct_max_delay 4000 ccti_limit 40
checke "dev show reports it" \
	'[ "$(dev_field h1 cct_len)" = 41 ] && [ "$(dev_field h1 cct_max_delay)" = 4000 ] &&
	 [ "$(dev_field h1 ccti_limit)" = 40 ]'
check "cct and cct_max_delay together: EINVAL" \
	expect_err "$F-h1" 22 "not both" $SNICCTL dev set snic0 cct 0:0,0:1 cct_max_delay 100
check "cct_max_delay beyond 14-bit multipliers: ERANGE" \
	expect_err "$F-h1" 34 "" $SNICCTL dev set snic0 cct_max_delay 20000000
checke "the refused requests changed nothing" \
	'[ "$(dev_field h1 cct_len)" = 41 ] && [ "$(dev_field h1 cct_max_delay)" = 4000 ]'
check "a custom 3-entry CCT with ccti_limit 2" \
	nsexec "$F-h1" "$SNICCTL" dev set snic0 cct 0:0,3:8,3:24 ccti_limit 2 ccti_trigger 2
checke "dev show reports it (a written table: cct_max_delay 0)" \
	'[ "$(dev_field h1 ccti_limit)" = 2 ] && [ "$(dev_field h1 cct_len)" = 3 ] &&
	 [ "$(dev_field h1 cct_max_delay)" = 0 ]'
check "ccti_limit beyond a written CCT: EINVAL (it is not regenerated)" \
	expect_err "$F-h1" 22 "below the CCT" $SNICCTL dev set snic0 ccti_limit 3
check "ccti_min above ccti_limit: EINVAL" \
	expect_err "$F-h1" 22 "ccti_min must not be above" $SNICCTL dev set snic0 ccti_min 5
check "ccti_trigger above ccti_limit: EINVAL" \
	expect_err "$F-h1" 22 "trigger_threshold" $SNICCTL dev set snic0 ccti_trigger 9
nic1=$(nsexec "$F-h1" cat /sys/class/net/snic0/ifindex)
check "a CCT entry without its multiplier (raw): EINVAL" \
	expect_err "$F-h1" 22 "needs shift and multiplier" \
	$SNICCTL raw dev-set ifindex:u32=$nic1 cc/cct-entry/shift:u32=1
check "a CCT entry shift of 4 (raw): ERANGE" \
	expect_err "$F-h1" 34 "out of range" \
	$SNICCTL raw dev-set ifindex:u32=$nic1 cc/cct-entry/shift:u32=4 \
	cc/cct-entry/multiplier:u32=1
check "cc_tracked 0: ERANGE" \
	expect_err "$F-h1" 34 "" $SNICCTL dev set snic0 cc_tracked 0
check "becn_window beyond 100 ms: ERANGE" \
	expect_err "$F-h1" 34 "" $SNICCTL dev set snic0 becn_window 200000000
check "cc_pacing 2: ERANGE" \
	expect_err "$F-h1" 34 "" $SNICCTL dev set snic0 cc_pacing 2
check "CCA settings on a switch: EOPNOTSUPP" \
	expect_err "$F-s1" 95 "a NIC's" $SNICCTL dev set sw0 ccti_increase 3
check "unprivileged CCA change: EPERM" \
	expect_err "$F-h1" 1 "" $TOOLS/nocap $SNICCTL dev set snic0 ccti_increase 3
checke "the refused requests changed nothing" \
	'[ "$(dev_field h1 ccti_limit)" = 2 ] && [ "$(dev_field h1 ccti_min)" = 0 ] &&
	 [ "$(dev_field h1 cc_tracked)" = 2 ] && [ "$(dev_field h1 cc_pacing)" = 1 ] &&
	 [ "$(dev_field h1 ccti_increase)" = 5 ]'

# 7. Deleting a NIC while it holds paced packets: no leak, no warning.
nsexec "$F-h1" "$SNICCTL" dev set snic0 cct 0:0,0:1000,0:1000 ccti_timer 0
nsexec "$F-s1" "$TOOLS/snic_inject" p1 becn 3 1 3
nsexec "$F-h1" "$TOOLS/snic_xfer" -u 10.0.0.3 7203 1 1000 >/dev/null
checke "h1 paced DLID 3 again (IPD 1000 x Tp)" \
	'waitfor 3000 "[ \$(ctr h1 tx_paced) -gt $t0 ]"'
check "deleting snic0 with a paced head held" nsexec "$F-h1" $IP link del snic0
check "fabric down" "$SNICCTL" fabric down "$F"
ktap_finish
