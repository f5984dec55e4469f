#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Lossless whatever the host is doing: a hot spot (star:3, two hosts into
# one) with 0 and 4 CPU hogs in the guest, an incast (star:7, six into
# one) with 2 and a congestion tree (fattree:2,2,2, two into one plus a
# victim flow) with 4 (busy loops, competing with the softirqs that
# move the frames: a frame waits in one CPU's backlog while another CPU
# sends the frames after it). CCA pacing is off, so that only the credits
# hold the congestion. For every run, with the fabric quiet again:
#   - no switch counted a credit overrun, no credited VL dropped a frame
#     (qdisc drops, HoQ discards, forwarding drops);
#   - conservation: every 16B frame the hosts' links sent (data and
#     congestion notifications) was taken in by a host, exactly;
#   - every link end has its whole buffer back.
# Prints the late frames and written-off credits (the protocol's repair
# of reordering and loss: core/credit.h) as diagnostics. Links that delay
# some frames beyond two SYNC periods: their credits are written off,
# the frames come after all, and fabric health calls that late, not lost.
# kernels: 6.12
. "$(dirname "$0")/../lib.sh"

modules_load || { not_ok "modules load"; ktap_finish; }
F=ll$(echo "$SFX" | cut -c1-4)
SECS=${LOSSLESS_SECONDS:-2}
trap '"$SNICCTL" fabric down $F >/dev/null 2>&1; cleanup' EXIT

nodes() {	# nodes host|switch: the fabric's nodes of that kind
	"$SNICCTL" -j fabric show $F |
		$JQ -r --arg k "$1" '.nodes[] | select(.kind == $k) | .name'
}
ports() { nsexec "$F-$1" ls /sys/class/net | grep '^p[0-9]'; }

# The sums and all_back read every link end's JSON through one jq (jq
# takes 0.1 s to start under TCG, and these run in loops), not one jq an
# end as lib.sh's port_counter, vlsum, sent16, vlx and crx_used would.
# A sum fails, printing nothing, when an end lacks its number, as
# port_counter and sent16 did; all_back fails when one is missing.
# TOTAL: the numbers of a list added up, an error for a missing one
TOTAL='if all(type == "number") then add // 0 else error("missing: \(.)") end'

# sum over the switches' ports of a switch-port counter
sw_sum() {
	local s

	for s in $SWITCHES; do
		nsexec "$F-$s" "$SNICCTL" -j -s port show sw0
	done | $JQ -n -r --arg c "$1" "[inputs[] | .stats[\$c]] | $TOTAL"
}
# sum over the switches' ports of a qdisc field, data VLs
q_sum() {
	local s p

	for s in $SWITCHES; do
		for p in $(ports "$s"); do
			nsexec "$F-$s" "$SNICCTL" -j qdisc show "$p"
		done
	done | vl_total "$1"
}
h_sent() {
	local h

	for h in $HOSTS; do
		nsexec "$F-$h" "$SNICCTL" -j qdisc show fab0
	done | $JQ -n -r "[inputs | .[0].sent_16b] | $TOTAL"
}
h_rx() {
	local h n=0

	for h in $HOSTS; do
		n=$((n + $(rx_total "$F-$h" snic0)))
	done
	echo $n
}
# Every link end holds nothing and has its whole buffer (256 credits):
# the VL0 credits of every end's sch_snic (the hosts' fab0, the switches'
# ports), the VL0 buffer in use at every switch port.
all_back() {
	local s p h ends="" nports=0

	for h in $HOSTS; do
		ends="$ends $F-$h/fab0"
	done
	for s in $SWITCHES; do
		for p in $(ports "$s"); do
			ends="$ends $F-$s/$p"
			nports=$((nports + 1))
		done
	done
	for p in $ends; do
		nsexec "${p%/*}" "$SNICCTL" -j qdisc show "${p#*/}"
	done | $JQ -n -e --argjson n "$(echo $ends | wc -w)" \
		'[inputs | .[0].vl0.credits] | length == $n and all(. == 256)' \
		>/dev/null || return 1
	for s in $SWITCHES; do
		nsexec "$F-$s" "$SNICCTL" -j port show sw0
	done | $JQ -n -e --argjson n $nports \
		'[inputs[] | .vl0.used] | length == $n and all(. == 0)' >/dev/null
}

# run TOPOLOGY HOGS "SRC:DST ...": blast for SECS, then check.
run() {
	local topo=$1 hogs=$2 flows=$3 f g0 s0 name
	name="$topo, $hogs hogs${REORDER:+, $REORDER links}"

	"$SNICCTL" fabric up "$topo" name $F dilation 1000 >/dev/null ||
		{ not_ok "$name: fabric up"; return; }
	HOSTS=$(nodes host) SWITCHES=$(nodes switch)
	[ -z "$REORDER" ] || $REORDER || { not_ok "$name: reordering links"; return; }
	# No multicast during the run (a switch replicates it: one packet
	# sent, several taken in): no IPv6, static neighbours.
	for h in $HOSTS; do
		nsexec "$F-$h" "$SNICCTL" dev set snic0 cc_pacing 0
		nsexec "$F-$h" sh -c 'echo 1 >/proc/sys/net/ipv6/conf/snic0/disable_ipv6'
		for d in $(echo "$HOSTS" | tr -d h); do
			[ "h$d" = "$h" ] || nsexec "$F-$h" $IP neigh replace \
				10.0.0.$d lladdr 02:53:4e:00:00:0$d dev snic0 nud permanent
		done
	done
	sleep 1
	o0=$(sw_sum rx_drop_credit_overrun) d0=$(q_sum drops)
	hq0=$(q_sum hoq_discards) fw0=$(sw_sum fwd_drop_qdisc)
	eg0=$(sw_sum fwd_drop_egress)
	settled -g h_rx h_sent
	g0=$SETTLED_GAP s0=$SETTLED_TX
	# One receiver per destination; it reports each sender's count.
	rxs=
	for f in $flows; do
		case " $rxs " in *" ${f#*:} "*) continue ;; esac
		rxs="$rxs ${f#*:}"
		nsexec "$F-${f#*:}" timeout $((SECS + 30)) "$TOOLS/snic_xfer" \
			-U 7500 $((SECS + 20)) >"/tmp/ll.$SFX.${f#*:}" &
	done
	sleep 1
	hogs "$hogs"
	for f in $flows; do
		d=${f#*:}
		nsexec "$F-${f%:*}" timeout $((SECS + 20)) "$TOOLS/snic_xfer" -u \
			10.0.0.${d#h} 7500 "$SECS" 1000 >/dev/null &
	done
	sleep "$SECS"
	hogs 0
	wait
	checke "$name: every credit back, the fabric quiet" 'waitfor 60000 all_back'
	checke "$name: no overrun, no drop on a credited VL" \
		'o=$(( $(sw_sum rx_drop_credit_overrun) - o0 )) d=$(( $(q_sum drops) - d0 ))
		 hq=$(( $(q_sum hoq_discards) - hq0 )) fw=$(( $(sw_sum fwd_drop_qdisc) - fw0 ))
		 eg=$(( $(sw_sum fwd_drop_egress) - eg0 ))
		 echo "overruns $o qdisc drops $d hoq $hq fwd_drop_qdisc $fw fwd_drop_egress $eg"
		 [ $o -eq 0 ] && [ $d -eq 0 ] && [ $hq -eq 0 ] && [ $fw -eq 0 ] && [ $eg -eq 0 ]'
	checke "$name: every flow's datagrams arrived (the run saw its traffic)" \
		'ok=0; for f in $flows; do
			n=$(awk -v a="10.0.0.$(echo ${f%:*} | tr -d h)" \
				"\$1 == \"from\" && \$2 == a { print \$4 }" "/tmp/ll.$SFX.${f#*:}")
			echo "$f: ${n:-none} received"
			[ "${n:-0}" -gt 0 ] || ok=1
		 done; [ $ok = 0 ]'
	checke "$name: conservation: what the hosts sent, the hosts took in" \
		'settled -g h_rx h_sent
		 g=$SETTLED_GAP s=$(( $SETTLED_TX - s0 ))
		 echo "gap $g (was $g0), $s frames sent"
		 [ "$g" -eq "$g0" ] && [ "$s" -gt 0 ]'
	rm -f /tmp/ll.$SFX.*
	echo "# $name: overtaken $(sw_sum credit_overtaken) late $(sw_sum credit_late)" \
		"written off $(sw_sum credit_written_off) excess $(sw_sum credit_excess)" \
		"joining $(sw_sum credit_joining)"
	[ -z "$REORDER" ] || checke "$name, reordering links: frames came after the SYNC that closed their epoch" \
		'[ $(sw_sum credit_overtaken) -gt 0 ]'
	[ "$REORDER" != late ] || checke "$name, frames late beyond two SYNC periods: written off, then taken in, and fabric health counts them late, not lost" \
		'w=$(sw_sum credit_written_off) l=$(sw_sum credit_late) c=$(sw_sum credit_late_credits)
		 h=$("$SNICCTL" -j fabric health $F | $JQ -r "\"\(.lost_credits) \(.written_off_credits) \(.late_credits) \(.late_frames)\"")
		 echo "switches: written off $w, late $l frames of $c credits; fabric health: lost written_off late_credits late_frames: $h"
		 set -- $h
		 [ "$w" -gt 0 ] && [ "$l" -gt 0 ] && [ "$c" -ge "$l" ] &&
		 [ "$1" = 0 ] && [ "$2" -gt 0 ] && [ "$3" = "$2" ] && [ "$4" -gt 0 ]'
	"$SNICCTL" fabric down $F >/dev/null
}

# The hot spot idle and with both CPUs busy twice over, the incast and
# the tree with hogs (each run costs some 15 s of make check's 30
# minutes: the counts between run the same code).
for hogs in 0 4; do
	run star:3 $hogs "h1:h3 h2:h3"
done
run star:7 2 "h1:h7 h2:h7 h3:h7 h4:h7 h5:h7 h6:h7"
run fattree:2,2,2 4 "h1:h4 h2:h4 h2:h3"

# Links that reorder and delay every kind of frame, data, LIMITs and
# SYNCs alike: each switch port's ingress goes through an IFB device
# whose netem sends 70 % of the frames at once and delays the others by
# 5 ms (ifb hands them back to the port as received on it), so that
# SYNCs overtake the data they account for: the case that broke the
# FIFO-only protocol. late: 3 % of the 16B frames (data: not the SYNCs,
# whose delayed repeats would restart the count and leave nothing to
# write off) delayed by 700 ms, beyond two SYNC periods (100 ms each):
# their credits are written off as lost and they come after all, late,
# not lost (fabric health nets them out).
NETEM="delay 5ms reorder 70%" NETEM_PROTO=all
reorder() {
	local s p

	for s in $SWITCHES; do
		for p in $(ports "$s"); do
			$IP -n "$F-$s" link add "i$p" type ifb || return 1
			$IP -n "$F-$s" link set "i$p" up
			$TC -n "$F-$s" qdisc add dev "i$p" root netem $NETEM \
				limit 100000 || return 1
			$TC -n "$F-$s" qdisc add dev "$p" handle ffff: ingress
			$TC -n "$F-$s" filter add dev "$p" parent ffff: \
				protocol "$NETEM_PROTO" matchall \
				action mirred egress redirect dev "i$p" || return 1
		done
	done
}
REORDER=reorder
run star:3 2 "h1:h3 h2:h3"
late() { NETEM="delay 700ms reorder 97%" NETEM_PROTO=0x88b5 reorder; }
REORDER=late
run star:3 0 "h1:h3 h2:h3"
REORDER=
ktap_finish
