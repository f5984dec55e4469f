#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Selective per-DLID pacing keeps every paced DLID at its own rate:
# a NIC on a bare link paces 32 DLIDs at once, each at the same CCTI
# (IPD = 31 Tp: the link at a quarter of its rate), each with a UDP
# socket kept backlogged, and over the run every DLID gets its turns:
# the departures per DLID on the link (counted off a packet socket) are
# within 15 % of their mean (with two CPU hogs in the guest), none left
# early (tx_paced_early), and no head was held behind an AQM
# (tx_paced_behind_aqm 0). Counts of turns, not times: a slower host
# makes fewer turns for every DLID alike. Then the same with Debian's
# default qdisc (fq_codel) left on the NIC's queues: what waits for its
# turn is parked in the NIC, per DLID, not in the qdisc, so its AQM has
# nothing to drop and the shares hold (with the heads held in the TX
# queues, 2026-12-02, it dropped what waited and pacing_err_mean_100
# went from 0.02 to 6.4). Last, one DLID flooded past what the NIC parks
# for it (64 packets): its queue stalls, the head waits in fq_codel, and
# the counter says so. And 128 DLIDs paced alike share their turns:
# whenever the host let their first packets leave, each took one of the
# slot's 8 phases (core/cca.h), so the NIC's pacing timer wakes up at
# its deadlines (cc_timer_wakeups) at most 8 times a slot, 0.0625 times
# a packet it sends paced (tx_paced), and the 1 s poll: at most 0.1
# (with a phase of its own per DLID, the first packets spread by the
# host, 0.19-0.28 at 100 DLIDs: benchmarks, pacing_irq_per_pkt_100).
# kernels: 6.1 6.12
. "$(dirname "$0")/../lib.sh"

modules_load || { not_ok "modules load"; ktap_finish; }
A=fa-$SFX B=fb-$SFX
NETNS="$A $B"
$IP netns add "$A" && $IP netns add "$B"
$IP link add fab0 netns "$A" type veth peer name sink0 netns "$B"
$IP -n "$B" link set sink0 up
$TC -n "$A" qdisc add dev fab0 root snic
$IP -n "$A" link set fab0 up
$IP -n "$A" link add snic0 link fab0 type snic
nsexec "$A" "$SNICCTL" dev set snic0 lid 1
$IP -n "$A" addr add 10.0.0.1/24 dev snic0
$IP -n "$A" link set snic0 up
# 10 Gb/s at dilation 200: a 1078-byte frame is 862 fabric ns, 0.17 ms
# of wall time; 32 DLIDs at a quarter of the link: a slot of 22 ms each.
nsexec "$A" "$SNICCTL" qdisc set fab0 rate 10gbit dilation 200 limit 4096
$IP -n "$A" route add 10.1.0.0/16 dev snic0
# dlids N: destinations 10.1.0.0.. (DLIDs 100..) up to N, a quarter of
# the link among them: IPD (4N - 1) Tp at CCTI 1
dlids() {
	N=$1
	dlid_neighs "$A" $N
	nsexec "$A" "$SNICCTL" dev set snic0 cct 0:0,0:$((4 * N - 1)) \
		ccti_limit 1 ccti_trigger 1 ccti_timer 0 ccti_increase 1
}
# paced: a BECN from each of the N DLIDs; all at CCTI 1
paced() {
	SNIC_INJECT_SLIDS=$N nsexec "$B" "$TOOLS/snic_inject" sink0 becn $N 1 100
	waitfor 10000 "[ \$(nsexec $A $SNICCTL -j cc show snic0 |
		$JQ '[.[] | select(.ccti == 1)] | length') -ge $N ]"
}
dlids 32

# run: pace the 32 DLIDs for 8 s; "min max mean n" of departures per DLID
run() {
	paced || { echo "not every DLID is paced"; return 1; }
	# (the IPv4 destination of a 16B frame on fab0: outer Ethernet 14,
	# 16B header 16, inner Ethernet 14, then offset 16 in the IP header)
	nsexec "$A" "$TOOLS/snic_pace" series fab0 60 7500 7 >/tmp/fair.$SFX &
	nsexec "$A" "$TOOLS/snic_pace" send 10.1.0.0 $N 7500 1000 8 5000000 >/dev/null
	wait
	# the first two departures of each (its queue filling) left out
	awk '{ n[$2]++ } END { for (k in n) print n[k] }' /tmp/fair.$SFX |
		awk '{ v = $1 - 2; s += v; c++; if (c == 1 || v < lo) lo = v; if (v > hi) hi = v }
		     END { if (c) printf "%d %d %.1f %d\n", lo, hi, s / c, c }'
}

qdrops() {	# qdrops DEV: packets DEV's qdiscs (mq's children) dropped
	$TC -n "$A" -s -j qdisc show dev "$1" |
		$JQ -r '[.[] | select(.root != true) | .drops | numbers] | add // "x"'
}
stalls() {	# stalls: heads held on snic0's TX queues so far
	nsexec "$A" $ETHTOOL -S snic0 |
		awk '$1 ~ /^tx_queue_[0-9]+_stalls:$/ { n += $2; c++ } END { print c ? n : "x" }'
}

wakeups() {	# the pacing timer's wake-ups at its deadlines so far
	nsexec "$A" "$SNICCTL" -j dev show snic0 | $JQ -r '.[0].cc_timer_wakeups | numbers'
}

check "snic0's TX queues made FIFOs (snicctl qdisc nic)" \
	nsexec "$A" "$SNICCTL" qdisc nic snic0
e0=$(counter "$A" snic0 tx_paced_early) q0=$(counter "$A" snic0 tx_paced_behind_aqm)
# (with both CPUs busy: a slower host gives every DLID fewer turns alike)
hogs 2
set -- $(run)
hogs 0
lo=${1:-0} hi=${2:-0} mean=${3:-0} n=${4:-0}
checke "FIFOs: every one of the $N DLIDs left, each enough times to count" \
	'echo "per DLID: min $lo max $hi mean $mean over $n DLIDs"
	 [ "$n" = $N ] && [ "$lo" -ge 10 ]'
checke "FIFOs: each DLID got its share of turns, within 15 % of the mean" \
	'echo "turns: min $lo max $hi mean $mean"
	 awk -v lo=$lo -v hi=$hi -v m=$mean "BEGIN { exit !(lo >= 0.85 * m && hi <= 1.15 * m) }"'
checke "FIFOs: no DLID left early, no head held behind an AQM" \
	'e=$(( $(counter $A snic0 tx_paced_early) - e0 )) q=$(( $(counter $A snic0 tx_paced_behind_aqm) - q0 ))
	 echo "early $e, behind an AQM $q"; [ $e -eq 0 ] && [ $q -eq 0 ]'

# Debian's default qdisc under the NIC's queues: nothing waits there.
waitfor 20000 "[ \"\$(vlx $A fab0 0 qlen)\" = 0 ]"
$TC -n "$A" qdisc replace dev snic0 root handle 1: mq
for q in 1 2 3 4 5 6 7 8; do
	$TC -n "$A" qdisc replace dev snic0 parent 1:$q fq_codel
done
e0=$(counter "$A" snic0 tx_paced_early) q0=$(counter "$A" snic0 tx_paced_behind_aqm)
d0=$(qdrops snic0)
hogs 2
set -- $(run)
hogs 0
lo=${1:-0} hi=${2:-0} mean=${3:-0} n=${4:-0}
checke "fq_codel under the NIC: every DLID got its share of turns, within 15 % of the mean" \
	'echo "turns: min $lo max $hi mean $mean over $n DLIDs"
	 [ "$n" = $N ] && [ "$lo" -ge 10 ] &&
	 awk -v lo=$lo -v hi=$hi -v m=$mean "BEGIN { exit !(lo >= 0.85 * m && hi <= 1.15 * m) }"'
checke "fq_codel under the NIC: it dropped nothing, no head waited in it, none left early" \
	'd=$(qdrops snic0) e=$(( $(counter $A snic0 tx_paced_early) - e0 ))
	 q=$(( $(counter $A snic0 tx_paced_behind_aqm) - q0 ))
	 echo "fq_codel drops $d0 -> $d, early $e, behind an AQM $q"
	 isnum "$d" && [ "$d" = "$d0" ] && [ $e -eq 0 ] && [ $q -eq 0 ]'
# One DLID flooded (a UDP socket's whole send buffer, far more than the
# 64 packets the NIC parks for one DLID).
s0=$(stalls)
nsexec "$A" timeout 30 "$TOOLS/snic_xfer" -u 10.1.0.0 7500 3 1000 >/dev/null
checke "a flooded DLID stalls its queue once its 64 are parked, and its held heads are counted behind fq_codel" \
	's=$(stalls) q=$(( $(counter $A snic0 tx_paced_behind_aqm) - q0 ))
	 echo "stalls $s0 -> $s, heads behind an AQM $q"
	 isnum "$s" && [ "$s" -gt "$s0" ] && [ $q -gt 0 ]'
# 128 DLIDs on the FIFOs, a quarter of the link among them (a slot of
# 88 ms of wall time each), 6 s of backlog.
$TC -n "$A" qdisc del dev snic0 root
check "snic0's TX queues made FIFOs again" nsexec "$A" "$SNICCTL" qdisc nic snic0
waitfor 20000 "[ \"\$(vlx $A fab0 0 qlen)\" = 0 ]"
dlids 128
check "all $N DLIDs paced" paced
w0=$(wakeups) p0=$(counter "$A" snic0 tx_paced)
nsexec "$A" "$TOOLS/snic_pace" send 10.1.0.0 $N 7500 1000 6 40000000 >/dev/null
checke "$N DLIDs paced alike share their turns: at most 0.1 timer wake-ups a paced packet" \
	'w=$(wakeups) p=$(counter $A snic0 tx_paced)
	 isnum "$w0" && isnum "$w" && isnum "$p0" && isnum "$p" || exit 1
	 w=$((w - w0)) p=$((p - p0))
	 echo "wake-ups $w for $p paced packets"
	 [ $p -ge $((4 * N)) ] && [ $((w * 10)) -le $p ]'
rm -f /tmp/fair.$SFX
ktap_finish
