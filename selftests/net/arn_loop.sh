#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Adaptive routing with ARN on a Dragonfly (snicctl fabric up
# dragonfly:1,2,1,3 ar: 3 groups of 2 switches, one host each; port 1
# the host, port 2 the local link, port 3 the global link). h1 (g0s0)
# reaches h5 (g2s0) minimally over g0s1's global link to group 2; the
# alternative is g0s0's own global link, through group 1.
#  - failure: g0s1's global link goes down; g0s1 applies it at once and
#    tells g0s0, which moves h5's traffic to its own global link; both
#    hosts of group 0 still reach h5; on recovery the minimal path
#    returns, after the hold-down;
#  - congestion: g0s1's global link slowed down under load is reported
#    congested, g0s0 penalises the path and moves, and returns once the
#    congestion is eliminated;
#  - port show gives each port's monitor state: its level and congested
#    state, a failure and how long the carrier has been back;
#  - detection by utilization (ar_detect util) with its own levels;
#  - the sender's settings: copies of a failure ARN (ar_repeat), its
#    refresh period (ar_refresh), the recovery hold (ar_recovery) and the
#    rate limit per port and type (ar_min_gap, counted in ar_limited);
#  - the ARNs' bytes as sent (tx_arn_bytes) are those the peer took in
#    on VL 15;
#  - the Best Path Table and port settings refuse bad values.
# kernels: 6.12
. "$(dirname "$0")/../lib.sh"

modules_load || { not_ok "modules load"; ktap_finish; }
F=ar$(echo "$SFX" | cut -c1-4)
"$SNICCTL" fabric up dragonfly:1,2,1,3 name "$F" ar >/dev/null ||
	{ not_ok "fabric up dragonfly:1,2,1,3 ar"; ktap_finish; }
S0=$F-g0s0 S1=$F-g0s1
pc() { port_counter "$F-$1" sw0 "$2" "$3"; }
links() { nsexec "$F-$1" "$SNICCTL" ar links sw0; }
bpt5() { nsexec "$S0" "$SNICCTL" bpt show sw0 | grep "^dlid 5 "; }
ping5() { nsexec "$F-$1" ping -c "${2:-3}" -i 0.2 -w 15 10.0.0.5 >/dev/null; }
# portf SW PORTDEV FIELD: a field of a switch port (snicctl -j port show):
# ar_level, the AR monitor's last sample of its egress, ar_congested,
# ar_failed, ar_up_us...
portf() {
	v=$(nsexec "$F-$1" "$SNICCTL" -j port show sw0 | $JQ -r --arg p "$2" \
		--arg f "$3" 'first(.[] | select(.ifname == $p) | .[$f] | numbers)')
	echo "${v:-missing}"
}
# pstate SW PORTDEV: "ar_failed ar_up_us" of a switch port, one reading
pstate() {
	nsexec "$F-$1" "$SNICCTL" -j port show sw0 | $JQ -r --arg p "$2" \
		'first(.[] | select(.ifname == $p) | "\(.ar_failed) \(.ar_up_us)")'
}

checke "g0s0: group 0, switch 0, ARN DLID 0xf10000, monitored every fabric us (10 ms of wall time at dilation 10000)" \
	'nsexec $S0 $SNICCTL dev show sw0 | grep -q "ar_dlid 0xf10000 ar_group 0 ar_switch 0 ar_life 400 ar_period 1"'
checke "the hosts take escalated SCs 0..7 for SL 0 (sc2sl, for CCA)" \
	'nsexec $F-h1 $SNICCTL -j dev show snic0 |
	 $JQ -e ".[0].sc2sl[0:9] == [0,0,0,0,0,0,0,0,8]"'
checke "g0s0's host LIDs are group 0's (1-2)" \
	'nsexec $S0 $SNICCTL dev show sw0 | grep -q "ar_slids 1-2"'
checke "g0s0: port 2 local to switch 1, port 3 global to group 1" \
	'o=$(nsexec $S0 $SNICCTL port show sw0); echo "$o";
	 echo "$o" | grep -q "port 2 dev p2 .*ar_kind local ar_peer 1" &&
	 echo "$o" | grep -q "port 3 dev p3 .*ar_kind global ar_peer 1"'
checke "BPT for group 2 (h5, h6: one entry, DLIDs 5-6): minimal via g0s1's global link (cost 3), then its own (cost 5 to group 2)" \
	'b=$(bpt5); echo "$b"; echo "$b" | grep -q "^dlid 5 last 6 cur 0 c0 2:3:l:l0.1:g1.2.3:+0 c1 3:5:g:g0.1.3:-:+0 flows -\{16\}$"'
checke "...and one for group 1 (DLIDs 3-4)" \
	'nsexec $S0 $SNICCTL bpt show sw0 | grep -q "^dlid 3 last 4 "'
checke "no BPT entry for a host of its own group" \
	'! nsexec $S0 $SNICCTL bpt show sw0 | grep -q "^dlid 2 "'
check "h1 reaches h5" ping5 h1
g1=$(pc g0s1 p3 tx_packets)
check "h1 reaches h5 (neighbours known)" ping5 h1
# Broadcast follows the MFT tree, which adaptive routing does not move:
# h2 learns h5's address now, while the tree is whole.
check "h2 reaches h5" ping5 h2 1
checke "minimal path: g0s1's global link carried it, nothing was diverted" \
	'[ $(pc g0s1 p3 tx_packets) -ge $((g1 + 3)) ] && [ $(pc g0s0 p1 ar_alt) -eq 0 ]'

# 1. Failure of g0s1's global link: 5 copies of its ARN (ar_repeat), no
#    refresh for 1000 s of wall time (ar_refresh 100000 fabric us, below a
#    lifetime of 200000).
check "g0s1: ar_repeat 5, ar_refresh 100000, ar_life 200000" \
	nsexec "$S1" "$SNICCTL" dev set sw0 ar_repeat 5 ar_refresh 100000 \
		ar_life 200000
checke "dev show: ar_refresh 100000 ar_repeat 5 ar_recovery 0 ar_min_gap 0" \
	'nsexec $S1 $SNICCTL dev show sw0 | grep -q "ar_refresh 100000 ar_repeat 5 ar_recovery 0 ar_min_gap 0"'
tx0=$(pc g0s0 p3 tx_packets) arn0=$(pc g0s1 p2 tx_arn)
ab0=$(pc g0s1 p2 tx_arn_bytes) rb0=$(pc g0s0 p2 rx_vl15_bytes)
nsexec "$S1" $IP link set p3 down
checke "g0s1 detects the failure" \
	'waitfor 3000 "[ \$(pc g0s1 p3 ar_detected) -eq 1 ]"'
checke "port show: p3 failed, its carrier not back (ar_failed 1, ar_up_us 0)" \
	'echo "ar_failed $(portf g0s1 p3 ar_failed) ar_up_us $(portf g0s1 p3 ar_up_us)"
	 [ "$(portf g0s1 p3 ar_failed)" = 1 ] && [ "$(portf g0s1 p3 ar_up_us)" = 0 ]'
checke "g0s1 tells g0s0 (tx_arn on its local port, rx_arn at g0s0)" \
	'waitfor 3000 "[ \$(pc g0s1 p2 tx_arn) -ge 1 ] && [ \$(pc g0s0 p2 rx_arn) -ge 1 ]"'
checke "g0s0 knows: switch 1's global link to group 2 failed" \
	'links g0s0 | grep -q "global switch 1 peer_group 2 index 3 state failed metric 255"'
checke "g0s0's minimal candidate for h5 is out" \
	'bpt5 | grep -q "c0 2:3:l:l0.1:g1.2.3:failed"'
checke "the failure ARN is repeated: 5 copies in all, no more (no refresh yet)" \
	'waitfor 3000 "[ \$(pc g0s1 p2 tx_arn) -ge $((arn0 + 5)) ]" && sleep 0.5 &&
	 echo "tx_arn $(( $(pc g0s1 p2 tx_arn) - arn0 ))" &&
	 [ $(pc g0s1 p2 tx_arn) -eq $((arn0 + 5)) ]'
# The ARNs' bytes since rb0 and ab0, as g0s0 took them in on VL 15 and
# as g0s1 sent them: settled reads the receiver's first, and the check
# judges the counts of the read its poll stopped on (lib.sh)
arn_rx() { echo $(( $(pc g0s0 p2 rx_vl15_bytes) - rb0 )); }
arn_tx() { echo $(( $(pc g0s1 p2 tx_arn_bytes) - ab0 )); }
checke "their bytes (tx_arn_bytes) are what g0s0 took in on VL 15 (rx_vl15_bytes)" \
	'waitfor 3000 "settled arn_rx arn_tx"
	 a=$SETTLED_TX r=$SETTLED_RX
	 echo "sent $a, taken in $r"; [ "$a" -gt 0 ] && [ "$a" -eq "$r" ]'
check "g0s1: ar_refresh 20 (200 ms of wall time)" \
	nsexec "$S1" "$SNICCTL" dev set sw0 ar_refresh 20
checke "while the failure lasts it is sent again every refresh period" \
	'waitfor 5000 "[ \$(pc g0s1 p2 tx_arn) -ge $((arn0 + 7)) ]"'
check "h1 still reaches h5" ping5 h1
checke "...over g0s0's own global link, through group 1 (ar_alt, ar_moves)" \
	'[ $(pc g0s0 p3 tx_packets) -gt $tx0 ] && [ $(pc g0s0 p1 ar_alt) -gt 0 ] &&
	 [ $(pc g0s0 p1 ar_moves) -ge 1 ]'
check "h2 (on g0s1) still reaches h5: g0s1 sends it to g0s0, which leaves the group" \
	ping5 h2
checke "...g0s1 routed it off its failed link (ar_alt)" \
	'[ $(pc g0s1 p1 ar_alt) -gt 0 ]'
checke "no packet of group 0 went into the failed link" \
	'[ $(pc g0s1 p1 fwd_drop_egress) -eq 0 ] && [ $(pc g0s1 p2 fwd_drop_egress) -eq 0 ]'

# 2. Recovery, held while the carrier is back for ar_recovery instead of
#    two monitor periods (2 us): first 100000 fabric us (1000 s of wall
#    time, longer than any check below takes), so that the hold is seen
#    however slow the machine; then 300, which the next sample applies
#    (the hold is read at every sample), and the failure is over.
nsexec "$S1" "$SNICCTL" dev set sw0 ar_recovery 100000 ar_refresh 0
nsexec "$S1" $IP link set p3 up
checke "port show: p3's carrier is back, the failure held beyond 100 fabric us" \
	'waitfor 20000 "pstate g0s1 p3 | grep -Eq \"^1 [1-9][0-9]{2,}\"" ||
	 { echo "ar_failed ar_up_us: $(pstate g0s1 p3)"; false; }'
check "g0s1: ar_recovery 300" nsexec "$S1" "$SNICCTL" dev set sw0 ar_recovery 300
checke "g0s1 recovers and tells g0s0: the failure is forgotten" \
	'waitfor 20000 "[ -z \"\$(links g0s0)\" ]"'
checke "port show: p3 recovered (ar_failed 0, ar_up_us 0)" \
	'[ "$(portf g0s1 p3 ar_failed)" = 0 ] && [ "$(portf g0s1 p3 ar_up_us)" = 0 ]'
nsexec "$S1" "$SNICCTL" dev set sw0 ar_recovery 0 ar_repeat 3 ar_life 400
checke "g0s0's minimal candidate is back in the table" \
	'bpt5 | grep -q "c0 2:3:l:l0.1:g1.2.3:+0"'
sleep 1		# the hold-down (50 fabric us: 500 ms) and a flowlet gap
# Each ping takes the flow bucket of its own ICMP id, so buckets moved
# during the failure and idle since may still name candidate 1: the
# entry's majority ("cur") says nothing; the bucket of this ping and
# the counters do.
g1=$(pc g0s1 p3 tx_packets) alt0=$(pc g0s0 p1 ar_alt)
check "h1 reaches h5" ping5 h1
checke "...minimally again, after the hold-down (g0s1's global link, no ar_alt)" \
	'echo "g0s1 p3 +$(( $(pc g0s1 p3 tx_packets) - g1 )) ar_alt +$(( $(pc g0s0 p1 ar_alt) - alt0 ))"
	 [ $(pc g0s1 p3 tx_packets) -ge $((g1 + 3)) ] &&
	 [ $(pc g0s0 p1 ar_alt) -eq $alt0 ] &&
	 bpt5 | grep -Eq " flows [-0-9]*0"'

# 2b. The rate limit per port and type: with ar_min_gap far beyond the
#     last failure and recovery ARNs, the next failure of p3 and its
#     recovery are applied at g0s1 but not sent (ar_limited).
check "g0s1: ar_min_gap 100000 (and no refresh meanwhile)" \
	nsexec "$S1" "$SNICCTL" dev set sw0 ar_min_gap 100000 ar_refresh 100000 \
		ar_life 200000
d0=$(pc g0s1 p3 ar_detected) l0=$(pc g0s1 p3 ar_limited)
arn0=$(pc g0s1 p2 tx_arn)
nsexec "$S1" $IP link set p3 down
checke "a second failure within the gap: detected and limited, not sent" \
	'waitfor 3000 "[ \$(pc g0s1 p3 ar_limited) -eq $((l0 + 1)) ]" &&
	 [ $(pc g0s1 p3 ar_detected) -eq $((d0 + 1)) ] &&
	 [ "$(portf g0s1 p3 ar_failed)" = 1 ] && sleep 0.3 &&
	 [ $(pc g0s1 p2 tx_arn) -eq $arn0 ] && [ -z "$(links g0s0)" ]'
nsexec "$S1" $IP link set p3 up
checke "its recovery within the gap too: limited, not sent" \
	'waitfor 3000 "[ \$(pc g0s1 p3 ar_limited) -eq $((l0 + 2)) ]" &&
	 [ "$(portf g0s1 p3 ar_failed)" = 0 ] && [ $(pc g0s1 p2 tx_arn) -eq $arn0 ]'
nsexec "$S1" "$SNICCTL" dev set sw0 ar_min_gap 0 ar_refresh 0 ar_life 400

# 3. Congestion on g0s1's global link: 1 Gb/s of fabric time (100 kb/s
#    wall) and h2 blasting h5. g0s1 itself would route h2's traffic
#    around its congested link (and the congestion would come and go):
#    without its BPT entry for h5, it keeps to the LFT.
nsexec "$S1" "$SNICCTL" bpt del sw0 dlid 5
nsexec "$S1" "$SNICCTL" qdisc set p3 rate 1gbit
nsexec "$F-h5" timeout 30 "$TOOLS/snic_xfer" -U 7300 12 >/dev/null &
sleep 0.5
nsexec "$F-h2" "$TOOLS/snic_xfer" -u 10.0.0.5 7300 4 1000 >/dev/null &
checke "g0s1 finds its global link congested" \
	'waitfor 8000 "[ \$(pc g0s1 p3 ar_detected) -gt $((d0 + 1)) ]"'
checke "port show reports p3's monitor at or above the set level (192), congested" \
	'waitfor 3000 "[ \$(portf g0s1 p3 ar_level) -ge 192 ] && [ \$(portf g0s1 p3 ar_congested) = 1 ]"'
checke "g0s0 learns it: switch 1's global link congested" \
	'waitfor 3000 "links g0s0 | grep -q \"global switch 1 peer_group 2 index 3 state congested\""'
checke "g0s0 penalises the minimal candidate for h5" \
	'b=$(bpt5); echo "$b"; echo "$b" | grep -Eq "c0 2:3:l:l0.1:g1.2.3:\+[1-9]"'
a0=$(pc g0s0 p1 ar_alt)
check "h1 reaches h5 during the congestion" ping5 h1
checke "...around it, over g0s0's own global link (ar_alt grew)" \
	'[ $(pc g0s0 p1 ar_alt) -gt $a0 ]'
wait
nsexec "$S1" "$SNICCTL" qdisc set p3 rate 0bit
checke "the congestion is eliminated: g0s0 forgets it" \
	'waitfor 20000 "[ -z \"\$(links g0s0)\" ]"'
checke "...and p3's monitor samples below the clear level (64) again, not congested" \
	'waitfor 3000 "[ \$(portf g0s1 p3 ar_level) -lt 64 ] && [ \$(portf g0s1 p3 ar_congested) = 0 ]"'

# 3b. Detection by utilization (ar_detect util: the queue ignored), with
#     its own levels, sampled every 20 fabric us (200 ms of wall time, a
#     few packets at 1 Gb/s): h2 blasts h5 again over p3.
check "g0s1: ar_detect util, ar_util_thr 200:100, ar_period 20" \
	nsexec "$S1" "$SNICCTL" dev set sw0 ar_detect util ar_util_thr 200:100 \
		ar_period 20
nsexec "$S1" "$SNICCTL" qdisc set p3 rate 1gbit
d1=$(pc g0s1 p3 ar_detected)
nsexec "$F-h5" timeout 30 "$TOOLS/snic_xfer" -U 7301 14 >/dev/null &
sleep 0.5
nsexec "$F-h2" "$TOOLS/snic_xfer" -u 10.0.0.5 7301 6 1000 >/dev/null &
checke "p3's utilization reaches 200 of 255 and congests it" \
	'waitfor 10000 "[ \$(portf g0s1 p3 ar_util) -ge 200 ] && [ \$(portf g0s1 p3 ar_congested) = 1 ]" &&
	 [ $(pc g0s1 p3 ar_detected) -gt $d1 ] ||
	 { echo "ar_util $(portf g0s1 p3 ar_util) ar_level $(portf g0s1 p3 ar_level)"; false; }'
checke "g0s0 learns it" \
	'waitfor 3000 "links g0s0 | grep -q \"global switch 1 peer_group 2 index 3 state congested\""'
wait
checke "idle again: the utilization falls below 100, the congestion is eliminated" \
	'waitfor 20000 "[ -z \"\$(links g0s0)\" ]" && [ $(portf g0s1 p3 ar_util) -le 100 ] &&
	 [ "$(portf g0s1 p3 ar_congested)" = 0 ]'
nsexec "$S1" "$SNICCTL" qdisc set p3 rate 0bit
nsexec "$S1" "$SNICCTL" dev set sw0 ar_detect queue ar_period 1

# 4. Bad settings: errno + extack, nothing changed.
check "a candidate on port 0: ERANGE" \
	expect_err "$S0" 34 "out of range" \
	$SNICCTL bpt set sw0 dlid 5 0:3:l
check "a BPT entry for a multicast DLID: ERANGE" \
	expect_err "$S0" 34 "out of range" \
	$SNICCTL bpt set sw0 dlid 0xf00001 2:3:l
check "utilization set level not above its clear level: EINVAL" \
	expect_err "$S0" 22 "above the clear level" \
	$SNICCTL dev set sw0 ar_util_thr 100:100
check "a refresh period not below the lifetime (400): EINVAL" \
	expect_err "$S0" 22 "below the lifetime" $SNICCTL dev set sw0 ar_refresh 400
check "ar_repeat 0: ERANGE" \
	expect_err "$S0" 34 "" $SNICCTL dev set sw0 ar_repeat 0
check "ar_min_gap beyond 100 s of fabric time: ERANGE" \
	expect_err "$S0" 34 "" $SNICCTL dev set sw0 ar_min_gap 100000001
checke "...nothing changed" \
	'nsexec $S0 $SNICCTL dev show sw0 | grep -q "ar_repeat 3 ar_recovery 0 ar_min_gap 0"'
check "deleting a BPT entry that is not there: ENOENT" \
	expect_err "$S0" 2 "no BPT entry for this DLID" $SNICCTL bpt del sw0 dlid 77
check "a local port's peer beyond 2047: ERANGE" \
	expect_err "$S0" 34 "a local link's peer is a switch number" \
	$SNICCTL port set sw0 2 ar_kind local ar_peer 3000
check "ar_thr with set below clear: EINVAL" \
	expect_err "$S0" 22 "the set level must be above the clear level" \
	$SNICCTL dev set sw0 ar_thr 10:20
check "ar_samples 0:1: ERANGE" \
	expect_err "$S0" 34 "out of range" $SNICCTL dev set sw0 ar_samples 0:1
check "ar_slids 9-3: EINVAL" \
	expect_err "$S0" 22 "the min host LID is above the max" \
	$SNICCTL dev set sw0 ar_slids 9-3
check "ar_algo 5 (raw): ERANGE" \
	expect_err "$S0" 34 "" $SNICCTL raw dev-set \
	ifindex:u32=$(nsexec "$S0" cat /sys/class/net/sw0/ifindex) ar/algorithm:u32=5
s0if=$(nsexec "$S0" cat /sys/class/net/sw0/ifindex)
check "ar_period above 10 s: ERANGE" \
	expect_err "$S0" 34 "" $SNICCTL dev set sw0 ar_period 10000001
check "ar_kind 3 (raw): ERANGE" \
	expect_err "$S0" 34 "" $SNICCTL raw port-set ifindex:u32=$s0if \
	port/num:u32=2 port/ar-kind:u32=3 port/ar-peer:u32=1
check "ar_kind without its peer (raw): EINVAL" \
	expect_err "$S0" 22 "an ARN port kind goes with its peer" \
	$SNICCTL raw port-set ifindex:u32=$s0if port/num:u32=2 port/ar-kind:u32=1
check "a candidate without its cost (raw): EINVAL" \
	expect_err "$S0" 22 "a candidate needs its port and cost" \
	$SNICCTL raw bpt-set ifindex:u32=$s0if bpt/dlid:u32=5 \
	bpt/cand/port:u32=2
check "a candidate of 3 links (raw): E2BIG" \
	expect_err "$S0" 7 "2 links at most" \
	$SNICCTL raw bpt-set ifindex:u32=$s0if bpt/dlid:u32=5 \
	bpt/cand/port:u32=2 bpt/cand/cost:u32=3 bpt/cand/link:u32=1 \
	bpt/cand/link:u32=2 bpt/cand/link:u32=3
check "a bpt set that names the flow buckets (raw, replies only): EINVAL" \
	expect_err "$S0" 22 "replies only" \
	$SNICCTL raw bpt-set ifindex:u32=$s0if bpt/dlid:u32=5 \
	bpt/flows:bytes=0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0 \
	bpt/cand/port:u32=2 bpt/cand/cost:u32=3
check "a DLID range beyond 4096 DLIDs: ERANGE" \
	expect_err "$S0" 34 "dlid-last must be" $SNICCTL bpt set sw0 \
	dlid 5-5000 2:3:l
check "a DLID range that ends before it starts: ERANGE" \
	expect_err "$S0" 34 "dlid-last must be" $SNICCTL bpt set sw0 \
	dlid 9-5 2:3:l
check "a BPT of 9 candidates: E2BIG" \
	expect_err "$S0" 7 "8 candidates at most" $SNICCTL bpt set sw0 dlid 5 \
	2:3:l 2:3:l 2:3:l 2:3:l 2:3:l 2:3:l 2:3:l 2:3:l 2:3:l
check "unprivileged bpt set: EPERM" \
	expect_err "$S0" 1 "" $TOOLS/nocap $SNICCTL bpt set sw0 dlid 5 2:3:l
checke "the refused requests changed nothing" \
	'bpt5 | grep -q "c0 2:3:l:l0.1:g1.2.3:+0 c1 3:5:g:g0.1.3:-:+0" &&
	 nsexec $S0 $SNICCTL port show sw0 | grep -q "port 2 dev p2 .*ar_kind local ar_peer 1" &&
	 nsexec $S0 $SNICCTL dev show sw0 | grep -q "ar_thr 192:64 ar_samples 3:3 .*ar_slids 1-2"'
check "bpt del sw0 dlid 5" nsexec "$S0" "$SNICCTL" bpt del sw0 dlid 5
checke "...the entry is gone for DLID 5, and still there for DLID 6" \
	'[ -z "$(bpt5)" ] && nsexec $S0 $SNICCTL bpt show sw0 | grep -q "^dlid 6 cur "'
check "bpt set sw0 dlid 40-43: one entry for four DLIDs" \
	nsexec "$S0" "$SNICCTL" bpt set sw0 dlid 40-43 2:3:l 3:5:g
checke "...shown once, as a range" \
	'[ $(nsexec $S0 $SNICCTL bpt show sw0 | grep -c "^dlid 4[0-3] ") -eq 1 ] &&
	 nsexec $S0 $SNICCTL bpt show sw0 | grep -q "^dlid 40 last 43 cur 0 c0 2:3:l"'
check "bpt del sw0 dlid 41 splits it" nsexec "$S0" "$SNICCTL" bpt del sw0 dlid 41
checke "...into 40 and 42-43, the same entry" \
	'b=$(nsexec $S0 $SNICCTL bpt show sw0); echo "$b" | grep "^dlid 4";
	 echo "$b" | grep -q "^dlid 40 cur 0 c0 2:3:l" &&
	 echo "$b" | grep -q "^dlid 42 last 43 cur 0 c0 2:3:l" &&
	 ! echo "$b" | grep -q "^dlid 41 "'
check "bpt del sw0 dlid 40-43 deletes what is left" \
	nsexec "$S0" "$SNICCTL" bpt del sw0 dlid 40-43
checke "...nothing of it is left" \
	'! nsexec $S0 $SNICCTL bpt show sw0 | grep -q "^dlid 4[0-3] "'
check "h1 still reaches h5 (by the LFT)" ping5 h1 2

# 5. A switch deleted and created again: its group takes its ARNs at
#    once (its sequence numbers follow the clock, above the numbers its
#    predecessor used), not as stale.
recreate() {
	$IP -n "$S1" link del sw0 || return 1
	$IP -n "$S1" link add sw0 type snicsw || return 1
	for p in p1 p2 p3; do
		$IP -n "$S1" link set "$p" master sw0 || return 1
	done
	$IP -n "$S1" link set sw0 up
	nsexec "$S1" "$SNICCTL" dev set sw0 ar_group 0 ar_switch 1 ar_slids 1-2 \
		ar_life 100 ar_dlid 0xf10000 ar_period 1 &&
	nsexec "$S1" "$SNICCTL" port set sw0 2 ar_kind local ar_peer 0 &&
	nsexec "$S1" "$SNICCTL" port set sw0 3 ar_kind global ar_peer 2
}
nsexec "$S1" $IP link set p3 up
checke "g0s0 has forgotten g0s1's failure (recovered or expired)" \
	'waitfor 10000 "! links g0s0 | grep -q \"switch 1 peer_group 2\""'
check "g0s1's switch deleted and created again" recreate
st0=$(pc g0s0 p2 arn_stale)
nsexec "$S1" $IP link set p3 down
checke "its first failure ARN is honoured at once: g0s0 knows the link failed" \
	'waitfor 3000 "links g0s0 | grep -q \"global switch 1 peer_group 2 index 3 state failed\""'
checke "...and took none of its ARNs for stale" '[ $(pc g0s0 p2 arn_stale) -eq $st0 ]'
nsexec "$S1" $IP link set p3 up

# 6. Down with the monitors running: no warning, no leak.
check "fabric down" "$SNICCTL" fabric down "$F"
ktap_finish
