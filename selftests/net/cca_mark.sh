#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# CCA at the switch: a data VL of an egress is congested while its backlog
# holds (16 - threshold) / 16 of the VL buffer, and then sets FECN on the
# eligible packets it sends; the destination NIC counts every one. A root
# marks; a victim (a VL that waited for downstream credits while
# congested) marks only with victim marking on; the marking rate and the
# minimum packet size select the subset. Marking is off by default.
# kernels: 6.12
. "$(dirname "$0")/../lib.sh"

modules_load || { not_ok "modules load"; ktap_finish; }
fabric_2h1s || { not_ok "fabric setup"; ktap_finish; }
BUF=128
credits_on $BUF || { not_ok "credits"; ktap_finish; }
# The bottleneck: the switch egress towards h2 at 1 Mbit/s (a debug
# kernel under TCG sends a few hundred datagrams a second).
nsexec "$S1" "$SNICCTL" qdisc set p2 rate 1mbit

# flood SIZE: h1 sends SIZE-byte UDP datagrams to h2 for 1 s, then the
# fabric drains (every credit back).
flood() {
	nsexec "$H2" timeout 30 "$TOOLS/snic_xfer" -U 7100 3 >/dev/null &
	sleep 0.5
	nsexec "$H1" "$TOOLS/snic_xfer" -u 10.0.0.2 7100 1 "$1" >/dev/null
	wait
	waitfor 30000 "[ \"\$(vlx $H1 fab0 0 qlen)\" = 0 ] && \
		[ \"\$(vlx $S1 p2 0 qlen)\" = 0 ] && \
		[ \"\$(vlx $H1 fab0 0 credits)\" = $BUF ]"
	[ -z "$mk" ] || echo "# p2 $(delta)"
}
# FECN-marked packets h2 took in: unicast (reflected) and multicast (ARP).
fecn_rx() {
	echo $(( $(counter "$H2" snic0 rx_fecn) + $(counter "$H2" snic0 rx_fecn_mcast) ))
}
# snap: the counters the cases compare, before and after a flood.
snap() {
	mk=$(vlx "$S1" p2 0 fecn_marked) sk=$(vlx "$S1" p2 0 mark_skipped)
	cg=$(vlx "$S1" p2 0 congested) fe=$(fecn_rx)
	isnum "$mk" && isnum "$sk" && isnum "$cg" && isnum "$fe"
}
delta() {
	mk1=$(vlx "$S1" p2 0 fecn_marked) sk1=$(vlx "$S1" p2 0 mark_skipped)
	cg1=$(vlx "$S1" p2 0 congested) fe1=$(fecn_rx)
	dm=$((mk1 - mk)) ds=$((sk1 - sk)) dc=$((cg1 - cg)) df=$((fe1 - fe))
	echo "marked $dm skipped $ds congested $dc h2 rx_fecn $df"
}

# 1. Off by default: a queue builds, nothing is marked.
snap
flood 1000
checke "marking off by default: p2 queues (backlog_max > 4 KB), marks nothing" \
	'delta; [ $(vlx $S1 p2 0 backlog_max) -gt 4096 ] && [ $dc -eq 0 ] &&
	 [ $dm -eq 0 ] && [ $df -eq 0 ]'

# 2. Threshold 8 of an 8 KB buffer: congested from 4 KB on; every eligible
#    packet is marked, and h2 sees exactly those.
check "p2: threshold 8, VL buffer 8192" \
	nsexec "$S1" "$SNICCTL" qdisc set p2 cc_thr 8 cc_buf 8192
checke "qdisc show reports the settings" \
	'nsexec $S1 $SNICCTL qdisc show p2 | grep "cc_thr 8,8,8" | grep -q "cc_buf 8192"'
snap
flood 1000
checke "p2's VL0 became congested and marked FECN" \
	'delta; [ $dc -ge 1 ] && [ $dm -gt 0 ] && [ $ds -eq 0 ]'
checke "h2 received every marked packet with FECN (lossless)" \
	'delta; [ $df -eq $dm ]'
checke "p2 is a root (never waited for credits): victim 0" \
	'[ "$(vlx $S1 p2 0 victim)" = 0 ]'
checke "time congested is reported (congested_ns > 0)" \
	'[ $(vlx $S1 p2 0 congested_ns) -gt 0 ]'
checke "h1 did not mark (no threshold on its link)" \
	'[ "$(vlx $H1 fab0 0 fecn_marked)" = 0 ]'

# 3. Marking rate 4: one eligible packet in four, the others skipped.
nsexec "$S1" "$SNICCTL" qdisc set p2 cc_rate 4
snap
flood 1000
checke "marking rate 4: 3 skipped per mark (+ < 3 per congestion episode)" \
	'delta; [ $dm -gt 0 ] && [ $ds -ge $((3 * dm)) ] &&
	 [ $ds -le $((3 * dm + 3 * dc)) ] && [ $df -eq $dm ]'

# 4. Minimum packet size 2 KB: 1000-byte packets are not eligible.
nsexec "$S1" "$SNICCTL" qdisc set p2 cc_rate 0 cc_pkt 32
snap
flood 1000
checke "packet_size 32 x 64 B: congested, but 1000-byte packets not marked" \
	'delta; [ $dc -ge 1 ] && [ $dm -eq 0 ] && [ $ds -eq 0 ] && [ $df -eq 0 ]'

# 4b. Per VL (SwitchPortCongestionSetting has both per VL): VL 0's own
#     packet size 32 keeps its 1000-byte packets from marking; VL 1's
#     settings do not touch VL 0's.
check "p2: cc_pkt 32,0 (VL 0 32, the other VLs 0)" \
	nsexec "$S1" "$SNICCTL" qdisc set p2 cc_pkt 32,0
checke "qdisc show: cc_pkt 32,0,0,..., cc_rate 0 on every VL" \
	'nsexec $S1 $SNICCTL qdisc show p2 | grep -q "cc_pkt 32,0,0,0,0,0,0,0,0,0,0,0,0,0,0 cc_rate 0,0,0,"'
snap
flood 1000
checke "VL 0's packet size 32 x 64 B: congested, not marked" \
	'delta; [ $dc -ge 1 ] && [ $dm -eq 0 ] && [ $df -eq 0 ]'
check "p2: cc_pkt 0,32, cc_rate 2,7" \
	nsexec "$S1" "$SNICCTL" qdisc set p2 cc_pkt 0,32 cc_rate 2,7
snap
flood 1000
checke "VL 0 marks one in two (its rate 2), whatever VL 1's size and rate" \
	'delta; [ $dm -gt 0 ] && [ $ds -ge $dm ] && [ $ds -le $((dm + dc)) ] &&
	 [ $df -eq $dm ]'
checke "a list of 16 data VLs is refused (15 at most)" \
	'! nsexec $S1 $SNICCTL qdisc set p2 cc_rate 0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0 2>/dev/null'
nsexec "$S1" "$SNICCTL" qdisc set p2 cc_pkt 0 cc_rate 0 cc_thr 0

# 5. A victim: h1's own link waits for the switch's credits while p2 is
#    the root. Marking on h1's link, victims excluded, then included.
#    h1 does not pace: a NIC keeps what it sends to a paced DLID out of
#    its link's queue (tx_link_wait), and this case needs that queue.
check "h1 paces nothing (cc_pacing 0)" \
	nsexec "$H1" "$SNICCTL" dev set snic0 cc_pacing 0
check "h1's link: threshold 8, buffer 8192, victims do not mark" \
	nsexec "$H1" "$SNICCTL" qdisc set fab0 cc_thr 8 cc_buf 8192 cc_victim 0
v0=$(vlx "$H1" fab0 0 fecn_marked)
mk=
flood 1000
checke "h1's VL0: congested, waited for credits (victim 1), marked nothing" \
	'[ $(vlx $H1 fab0 0 congested) -ge 1 ] && [ "$(vlx $H1 fab0 0 victim)" = 1 ] &&
	 [ "$(vlx $H1 fab0 0 fecn_marked)" = "$v0" ]'
nsexec "$H1" "$SNICCTL" qdisc set fab0 cc_victim 1
fe=$(counter "$H2" snic0 rx_fecn)
flood 1000
checke "with victim marking on, the victim marks, and h2 sees it" \
	'v1=$(vlx $H1 fab0 0 fecn_marked); echo "h1 marked $((v1 - v0))";
	 [ $v1 -gt $v0 ] && [ $(counter $H2 snic0 rx_fecn) -gt $fe ]'

# 6. Bad settings are refused and change nothing.
check "threshold 16: EINVAL, 0..15" \
	expect_err "$S1" 22 "thresholds must be 0..15" \
	$SNICCTL qdisc set p2 cc_thr 16
check "VL buffer 10 bytes: ERANGE" \
	expect_err "$S1" 34 "" $SNICCTL qdisc set p2 cc_buf 10
check "victim marking 2: ERANGE" \
	expect_err "$S1" 34 "" $SNICCTL qdisc set p2 cc_victim 2
check "unprivileged threshold change: EPERM" \
	expect_err "$S1" 1 "" $TOOLS/nocap $SNICCTL qdisc set p2 cc_thr 4
checke "the refused requests changed nothing" \
	'nsexec $S1 $SNICCTL qdisc show p2 | grep "cc_thr 0,0,0" | grep -q "cc_buf 8192"'
checke "no drop anywhere in the fabric" \
	'[ "$(vlx $S1 p2 0 drops)" = 0 ] && [ "$(vlx $H1 fab0 0 drops)" = 0 ] &&
	 [ $(port_counter $S1 sw0 p1 fwd_drop_egress) -eq 0 ] &&
	 [ $(port_counter $S1 sw0 p2 fwd_drop_qdisc) -eq 0 ]'
ktap_finish
