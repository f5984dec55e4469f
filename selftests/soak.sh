#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# make soak [SOAK_SECONDS=N] (in the guest; not part of make check): a
# congested lossless fabric under periodic link flaps for N seconds
# (default 120), twice: a fat tree (fattree:2,2,2) with CCA, then a
# Dragonfly (dragonfly:1,2,1,3) with CCA and adaptive routing with ARN.
# Three hosts blast another (a congestion tree), which sends back to the
# first, and every FLAP seconds a link goes down for a moment (a
# leaf-to-spine link; on the Dragonfly, the global link of the hot path,
# so that ARN reroutes around it). Afterwards, with the fabric quiet:
#   - the lossless VLs dropped nothing but what is counted as lost to the
#     flaps (qdisc flushes, egress drops on a down port, frames lost on
#     a link going down) and to HoQ lifetimes: no tail drop, no overrun;
#   - 16B packets that entered the fabric (the hosts' data and
#     notifications, the switches' ARNs) = packets delivered or taken
#     in + counted losses, exactly (conservation; the flows use static
#     neighbours, so no broadcast is replicated during the run);
#   - per host pair (each sender has one destination, its datagrams are
#     numbered): every datagram arrived at most once and only at its
#     destination, each host's link took exactly what its application
#     sent, and the pairs' missing datagrams plus the notifications
#     that did not arrive equal the counted losses. (A drop counter
#     does not say whose packet it dropped, so the losses balance over
#     the pairs, not pair by pair);
#   - every link end has its whole credit buffer back;
#   - CCA was at work: the hot host answered FECNs, the senders paced it;
#   - on the Dragonfly, ARN was at work: the flapped link was detected,
#     its group told, and traffic routed around it.
# The fabric manager's CCA is active throughout (switch ports mark FECN,
# NICs reflect and pace); its notifications ride VL 15 and count in the
# conservation like data (a flap may drop them too). ARNs are consumed
# by the switches: in the conservation, not in the hosts' counts.
# Every phase runs with SOAK_HOGS (2) CPU hogs in the guest, busy loops
# competing with the softirqs that move the frames, and reports its
# fidelity (snicctl fabric health: FIDELITY lines) next to its results.
# Then a third phase of faults (link resets with the far NIC made again
# without credits, padded and late frames, module reloads: see faults()
# below). Prints KTAP and "BENCH soak_lost <packets>" (both fabrics).
. "$(dirname "$0")/lib.sh"

modules_load || { not_ok "modules load"; ktap_finish; }
SECS=${SOAK_SECONDS:-120}
FLAP=${SOAK_FLAP:-10}
NHOGS=${SOAK_HOGS:-2}
F=sk
trap '"$SNICCTL" fabric down $F >/dev/null 2>&1; cleanup' EXIT
lost_all=0

# soak TOPOLOGY "UP FLAGS" "SWITCHES" "HOSTS" HOT "FLAP SW:PORT..." VLS
soak() {
TOPO=$1 FLAGS=$2 SW=$3 HOSTS=$4 HOT=$5 FLAPS=$6 VLS=$7
HOTN=${HOT#h}
check "$TOPO up (lossless, HoQ lifetime 200 us fabric time${FLAGS:+, $FLAGS})" \
	"$SNICCTL" fabric up "$TOPO" name $F hoq 200 $FLAGS check
# No broadcast or multicast during the run (each would be delivered to
# several hosts): static neighbours, no IPv6 on the hosts.
for h in $HOSTS; do
	nsexec $F-$h sh -c 'echo 1 >/proc/sys/net/ipv6/conf/snic0/disable_ipv6'
	for d in $(echo "$HOSTS" | tr -d h); do
		[ "h$d" = "$h" ] && continue	# not a neighbour of itself
		nsexec $F-$h $IP neigh replace 10.0.0.$d lladdr 02:53:4e:00:00:0$d \
			dev snic0 nud permanent
	done
done
sleep 3

# counters: sum of a field over every qdisc/port of the fabric
data_deq() { vlsum "$F-$1" fab0 dequeued; }	# a host link's data packets
qsum() { vlsum "$F-$1" "$2" "$3"; }		# FIELD over the data VLs
ports() { nsexec "$F-$1" ls /sys/class/net | grep '^p[0-9]'; }
# entered delivered hoq flushed wire fwddrops taildrops overruns vethdrops
#   entered: data and congestion notifications (VL 15) that the hosts'
#     links took, and the ARNs the switches sent;
#   delivered: what the hosts took off their links (delivered or counted
#     as dropped there), and the ARNs the switches took in;
#   lost: HoQ discards, frames flushed by link resets, frames lost on the
#     wire (16B frames the link ends sent, sent_16b, minus the 16B frames
#     the far ends took: veth drops a frame sent as its peer goes down),
#     and what a switch could not forward: fwd_drop_egress (a down port),
#     fwd_drop_qdisc (its egress qdisc refused it: sch_snic's tail drops,
#     also counted in the qdisc's drops, asserted 0, and the noop qdisc
#     of a port that is down or not yet active again as it comes up,
#     which Debian's 6.1 counts nowhere else).
# veth's own tx_dropped counts link control frames (credit LIMITs and
# SYNCs) too, so it is only reported: as a link goes down it may drop a
# control frame, which is no packet of this accounting.
state() {
	e=0 d=0 hq=0 fl=0 w=0 fd=0 t=0 o=0 ld=0 an=0
	for h in $HOSTS; do
		# data packets and congestion notifications (VL 15)
		e=$((e + $(data_deq $h) + $(counter $F-$h snic0 tx_cn)))
		r=$(rx_total $F-$h snic0)
		d=$((d + r))
		w=$((w + $(sent16 $F-$h fab0) - r))
		ld=$((ld + $(link_stat $F-$h fab0 tx_dropped)))
	done
	for s in $SW; do
		for p in $(ports $s); do
			hq=$((hq + $(qsum $s $p hoq_discards)))
			fl=$((fl + $(nsexec $F-$s "$SNICCTL" -j qdisc show $p |
				$JQ -r 'first(.[] | .flushed | numbers)')))
			w=$((w + $(sent16 $F-$s $p)))
			ld=$((ld + $(link_stat $F-$s $p tx_dropped)))
			t=$((t + $(qsum $s $p drops)))
		done
		# (rx_packets is the device's, not ethtool's: ethtool -S shows
		# only the counters the link stats do not carry)
		set -- $(nsexec $F-$s $ETHTOOL -S sw0 | awk -v p="$(link_stat $F-$s sw0 rx_packets)" '
			BEGIN { rx = p }
			$1 ~ /^rx_drop_(truncated|bad_l2|bad_len|bad_pad|unknown_l4):$/ { rx += $2 }
			$1 == "rx_arn:" || $1 ~ /^rx_drop_arn_/ { arn += $2 }
			$1 == "tx_arn:" { tx += $2 }
			END { print rx + 0, arn + 0, tx + 0 }')
		# 16B frames the switch took off its links: forwarded,
		# consumed or counted as dropped
		w=$((w - $1))
		d=$((d + $2))
		e=$((e + $3))
		an=$((an + $3 - $2))
		fd=$((fd + $(counter $F-$s sw0 fwd_drop_egress) + \
			$(counter $F-$s sw0 fwd_drop_qdisc) + \
			$(counter $F-$s sw0 fwd_drop_no_route)))
		o=$((o + $(counter $F-$s sw0 rx_drop_credit_overrun)))
	done
	echo "$e $d $hq $fl $w $fd $t $o $ld $an"
}
# per host: data packets its link took, congestion notifications sent
# and taken in, receive drops at the NIC, the UDP layer's receive errors
hstate() {
	for h in $HOSTS; do
		# tx_cn, rx_cn and the receive drops from one ethtool -S
		echo "$h $(data_deq $h) $(nsexec $F-$h $ETHTOOL -S snic0 |
			awk '$1 == "tx_cn:" { t = $2 } $1 == "rx_cn:" { r = $2 }
			     $1 ~ /^rx_drop_/ && $1 !~ /^rx_drop_credit_/ { n += $2 }
			     END { print (t == "" ? "missing" : t),
					 (r == "" ? "missing" : r), n + 0 }') $(nsexec $F-$h awk '/^Udp:/ && $2 ~ /^[0-9]/ { print $4 }' /proc/net/snmp)"
	done
}
set -- $(state)
e0=$1 d0=$2 hq0=$3 fl0=$4 w0=$5 fd0=$6 t0=$7 o0=$8 ld0=$9 an0=${10}
hstate >/tmp/soak.h0

# Each sender has one destination: h1-h3 the hot host, which answers h1.
# Their datagrams are numbered, and the receivers count per sender.
rm -f /tmp/soak.sent.*
for h in $HOT h1; do
	nsexec $F-$h "$TOOLS/snic_xfer" -U 7000 $((SECS + 15)) >/tmp/soak.$h &
done
sleep 1
for h in h1 h2 h3; do
	nsexec $F-$h "$TOOLS/snic_xfer" -u 10.0.0.$HOTN 7000 "$SECS" 1000 \
		>/tmp/soak.sent.$h &
done
nsexec $F-$HOT "$TOOLS/snic_xfer" -u 10.0.0.1 7000 "$SECS" 1000 \
	>/tmp/soak.sent.$HOT &
hogs "$NHOGS"
flaps=0 t=0
set -- $FLAPS
while [ $t -lt "$SECS" ]; do
	sleep "$FLAP"
	t=$((t + FLAP))
	[ $t -lt "$SECS" ] || break
	eval "fl=\${$((flaps % $# + 1))}"
	nsexec $F-${fl%:*} $IP link set ${fl#*:} down
	sleep 0.2
	nsexec $F-${fl%:*} $IP link set ${fl#*:} up
	flaps=$((flaps + 1))
done
hogs 0
wait
echo "# $SECS s, $flaps link flaps, $NHOGS CPU hogs"
echo "FIDELITY soak_$TOPO $("$SNICCTL" -j fabric health $F | tr -d '{}"' | tr ',' ' ')"
quiet() {
	for h in $HOSTS; do
		[ "$(qsum $h fab0 qlen)" = 0 ] || return 1
	done
	for s in $SW; do
		for p in $(ports $s); do
			[ "$(qsum $s $p qlen)" = 0 ] || return 1
		done
	done
}
check "the fabric drains" waitfor 60000 quiet
sleep 2
set -- $(state)
entered=$(($1 - e0)) delivered=$(($2 - d0)) hoq=$(($3 - hq0)) flushed=$(($4 - fl0))
wire=$(($5 - w0)) fwdd=$(($6 - fd0)) tail=$(($7 - t0)) over=$(($8 - o0))
vethd=$(($9 - ld0)) arnmiss=$((${10} - an0))
lost=$((hoq + flushed + wire + fwdd))
echo "# entered $entered, delivered $delivered; counted lost $lost: HoQ $hoq, flushed by link resets $flushed, lost on the wire $wire (veth dropped $vethd frames, link control included), by the switch (egress down or refused) $fwdd; tail drops $tail, overruns $over"
echo "# $HOT $(grep received /tmp/soak.$HOT); h1 $(grep received /tmp/soak.h1)"
# Every drop counter that moved, for the record.
for h in $HOSTS; do
	echo "# $h: $(nsexec $F-$h $ETHTOOL -S snic0 | awk '$1 ~ /drop|flush/ && $2 != 0 { printf "%s %s ", $1, $2 }')fab0 tx_dropped $(link_stat $F-$h fab0 tx_dropped) rx_dropped $(link_stat $F-$h fab0 rx_dropped)"
done
for s in $SW; do
	echo "# $s: $(nsexec $F-$s $ETHTOOL -S sw0 | awk '$1 ~ /drop|flush/ && $2 != 0 { printf "%s %s ", $1, $2 }')$(for p in $(ports $s); do printf '%s tx_dropped %s rx_dropped %s ' $p $(link_stat $F-$s $p tx_dropped) $(link_stat $F-$s $p rx_dropped); done)"
done
hstate >/tmp/soak.h1st
# Per host pair (SRC DST): sent, received, duplicates; each line checked.
pairs() {
	for h in h1 h2 h3 $HOT; do
		d=$HOT
		[ $h = $HOT ] && d=h1
		echo "$h $d $(sed -n 's/^sent //p' /tmp/soak.sent.$h) $(awk -v a=10.0.0.${h#h} '$1 == "from" && $2 == a { print $4, $6 }' /tmp/soak.$d)"
	done
}
pairs >/tmp/soak.pairs
while read -r src dst sent got dup; do
	echo "# pair $src->$dst: sent $sent, received ${got:-0}, duplicates ${dup:-0}"
done </tmp/soak.pairs
# Per pair: what arrived was sent, once, to this destination alone.
pairs_sane() {
	while read -r src dst sent got dup; do
		isnum "$sent" && isnum "$got" && [ "$sent" -gt 0 ] &&
			[ "$got" -gt 0 ] && [ "$got" -le "$sent" ] &&
			[ "$dup" = 0 ] || { echo "$src->$dst: $sent $got $dup"; return 1; }
	done </tmp/soak.pairs
	# no datagram from anyone else: every sender a receiver saw is its pair's
	n=$(cat /tmp/soak.$HOT /tmp/soak.h1 | grep -c '^from ')
	[ "$n" = 4 ] || { echo "$n senders seen, 4 expected"; return 1; }
}
check "per host pair: every datagram arrived at most once, at its destination" pairs_sane
# Per sending host: its link took exactly the datagrams its application
# sent (nothing lost or added inside the host); hosts that send nothing
# put nothing on their link.
hosts_exact() {
	for f in /tmp/soak.h0 /tmp/soak.h1st; do
		[ "$(awk 'NF == 6 && $2 $3 $4 $5 $6 ~ /^[0-9]+$/' $f | wc -l)" = \
		  "$(echo $HOSTS | wc -w)" ] ||
			{ echo "$f: not a line of 6 counts per host"; cat $f; return 1; }
	done
	while read -r h deq rest; do
		d1=$(awk -v h=$h '$1 == h { print $2 }' /tmp/soak.h1st)
		want=$(sed -n 's/^sent //p' /tmp/soak.sent.$h 2>/dev/null)
		[ $((d1 - deq)) = "${want:-0}" ] ||
			{ echo "$h: link took $((d1 - deq)), sent ${want:-0}"; return 1; }
	done </tmp/soak.h0
}
check "per host: the link took exactly what the application sent" hosts_exact
# The pairs' missing datagrams, and the notifications and ARNs that did
# not arrive, are exactly the counted losses: those of the fabric, the
# hosts' receive drops and the receiving sockets' (a full socket buffer
# is no fabric loss)
set -- $(awk 'NR == FNR { tc[$1] = $3; rc[$1] = $4; hd[$1] = $5; ue[$1] = $6; next }
	{ c += $3 - tc[$1]; r += $4 - rc[$1]; d += $5 - hd[$1]; u += $6 - ue[$1] }
	END { print c - r, d, u }' /tmp/soak.h0 /tmp/soak.h1st)
cnmiss=$1 hostd=$2 sockd=$3
pmiss=$(awk '{ n += $3 - $4 } END { print n }' /tmp/soak.pairs)
echo "# pairs missing $pmiss datagrams, notifications missing $cnmiss, ARNs missing $arnmiss; host receive drops $hostd, socket receive errors $sockd"
checke "per pair conservation: missing datagrams + notifications + ARNs = counted losses" \
	'[ $((pmiss + cnmiss + arnmiss)) -eq $((lost + hostd + sockd)) ]'
checke "lossless VLs: no tail drop and no overrun in the fabric" \
	'[ $tail -eq 0 ] && [ $over -eq 0 ]'
checke "conservation: entered = delivered + counted losses" \
	'[ $entered -gt 0 ] && [ $entered -eq $((delivered + lost)) ]'
credits_back() {
	for v in $VLS; do
		for h in $HOSTS; do
			[ "$(vlx $F-$h fab0 $v credits)" = 256 ] ||
				{ echo "$h fab0 vl$v"; return 1; }
		done
		for s in $SW; do
			for p in $(ports $s); do
				[ "$(vlx $F-$s $p $v credits)" = 256 ] ||
					{ echo "$s $p vl$v"; return 1; }
				[ "$(crx_used $F-$s sw0 $p $v)" = 0 ] ||
					{ echo "$s $p vl$v used"; return 1; }
			done
		done
	done
}
check "every link end has its credits back" waitfor 20000 credits_back
paced=0
for h in h1 h2 h3; do
	paced=$((paced + $(counter $F-$h snic0 tx_paced)))
done
echo "# $HOT sent $(counter $F-$HOT snic0 tx_cn) notifications for $(counter $F-$HOT snic0 rx_fecn) FECNs; h1-h3 paced $paced packets"
checke "CCA at work: $HOT reflected FECNs, the senders paced" \
	'[ $(counter $F-$HOT snic0 tx_cn) -gt 0 ] && [ $paced -gt 0 ]'
if [ -n "$FLAGS" ]; then
	det=0 arn=0 alt=0
	for s in $SW; do
		det=$((det + $(counter $F-$s sw0 ar_detected)))
		arn=$((arn + $(counter $F-$s sw0 rx_arn)))
		alt=$((alt + $(counter $F-$s sw0 ar_alt)))
	done
	echo "# ARN: $det detections, $arn notifications taken in, $alt packets routed off the LFT's path"
	checke "ARN at work: flaps detected, groups told, traffic rerouted" \
		'[ $det -ge $flaps ] && [ $arn -gt 0 ] && [ $alt -gt 0 ]'
fi
check "fabric down" "$SNICCTL" fabric down $F
lost_all=$((lost_all + lost))
}

soak fattree:2,2,2 "" "leaf1 leaf2 spine1 spine2" "h1 h2 h3 h4" h4 \
	"leaf1:p3 leaf2:p3 leaf1:p4 leaf2:p4" 0
# h1, h2 (group 0) and h3 (group 1) blast h5 (group 2); the flaps take
# down the global links of the hot paths, group 0's and group 1's.
soak dragonfly:1,2,1,3 ar "g0s0 g0s1 g1s0 g1s1 g2s0 g2s1" \
	"h1 h2 h3 h4 h5 h6" h5 "g0s1:p3 g1s1:p3" "0 1 2"
# Phase 3: the faults a lossless link must survive, in rounds of traffic
# on star:3 (h1 and h2 blast h3), each round with one fault under load:
#   reset   h3's link down, its NIC deleted (its goodbye lost), the link
#           up, a NIC without credits made, and after a while credits on
#           it again;
#   frames  padded frames (1300 bytes of link padding past their LEN)
#           from h1's link and late ones (an epoch 16 rounds old, past
#           h2's qdisc) into the switch;
#   reload  between two rounds, the fabric down, snic.ko unloaded and
#           loaded, the fabric up again.
# After every round, the fabric quiet: no overrun and no tail drop on a
# credited VL (what is refused is counted: rx_drop_credit_outside), every
# link end's credits back, no TX queue of any NIC stopped; and for the
# rounds whose devices lived through them (frames, reload), exact
# conservation: the 16B frames the hosts' links sent and the late frames
# injected = what the hosts took in + the outside frames refused + the
# counted losses.
FHOSTS="h1 h2 h3"
fsum() {	# fsum: "sent rx outside lost overrun tail" of the star fabric
	local h p sent=0 rx=0 out=0 lost=0 ov=0 tail=0

	for h in $FHOSTS; do
		sent=$((sent + $(sent16 $F-$h fab0)))
		rx=$((rx + $(rx_total $F-$h snic0)))
		lost=$((lost + $(nsexec $F-$h "$SNICCTL" -j qdisc show fab0 |
			$JQ -r '.[0].flushed')))
	done
	for p in p1 p2 p3; do
		lost=$((lost + $(nsexec $F-s1 "$SNICCTL" -j qdisc show $p |
			$JQ -r '.[0].flushed') + $(vlsum $F-s1 $p hoq_discards)))
		tail=$((tail + $(vlsum $F-s1 $p drops)))
	done
	set -- $(nsexec $F-s1 $ETHTOOL -S sw0 | awk '
		$1 == "rx_drop_credit_outside:" { o = $2 }
		$1 == "rx_drop_credit_overrun:" { v = $2 }
		$1 ~ /^fwd_drop_/ { f += $2 }
		END { print o + 0, v + 0, f + 0 }')
	# A frame refused outside the credit count is counted by the
	# ingress (rx_drop_credit_outside) and, dropped at the egress, by
	# its qdisc (drops) and the switch (fwd_drop_qdisc) too: once here.
	out=$1 ov=$2 lost=$((lost + $3 - $1)) tail=$((tail - $1))
	echo "$sent $rx $out $lost $ov $tail"
}
fquiet() {
	local h p

	for h in $FHOSTS; do
		[ "$(vlsum $F-$h fab0 qlen)" = 0 ] || return 1
	done
	for p in p1 p2 p3; do
		[ "$(vlsum $F-s1 $p qlen)" = 0 ] || return 1
	done
}
fcredits() {	# every link end flow-controlled with its 256 credits back
	local h p

	for h in $FHOSTS; do
		[ "$(vlx $F-$h fab0 0 credits)" = 256 ] || { echo "$h fab0"; return 1; }
		[ -z "$(nsexec $F-$h "$SNICCTL" -j dev show snic0 |
			$JQ -r '.[0].txq_stopped[]?')" ] || { echo "$h txq stopped"; return 1; }
		[ "$(nsexec $F-$h "$SNICCTL" -j dev show snic0 |
			$JQ -r '.[0].cc_parked | numbers')" = 0 ] || { echo "$h parked"; return 1; }
	done
	for p in p1 p2 p3; do
		[ "$(vlx $F-s1 $p 0 credits)" = 256 ] || { echo "s1 $p"; return 1; }
		[ "$(crx_used $F-s1 sw0 $p 0)" = 0 ] || { echo "s1 $p used"; return 1; }
	done
}
fup() {
	"$SNICCTL" fabric up star:3 name $F >/dev/null || return 1
	for h in $FHOSTS; do
		nsexec $F-$h sh -c 'echo 1 >/proc/sys/net/ipv6/conf/snic0/disable_ipv6'
		for d in 1 2 3; do
			[ "h$d" = "$h" ] || nsexec $F-$h $IP neigh replace 10.0.0.$d \
				lladdr 02:53:4e:00:00:0$d dev snic0 nud permanent
		done
	done
}
frenic() {	# frenic [vlbuf B]: h3's NIC made again
	$IP -n $F-h3 link add snic0 link fab0 type snic &&
		nsexec $F-h3 "$SNICCTL" dev set snic0 lid 3 "$@" &&
		$IP -n $F-h3 addr add 10.0.0.3/8 dev snic0 &&
		nsexec $F-h3 sh -c 'echo 1 >/proc/sys/net/ipv6/conf/snic0/disable_ipv6' &&
		$IP -n $F-h3 link set snic0 up &&
		for d in 1 2; do
			nsexec $F-h3 $IP neigh replace 10.0.0.$d \
				lladdr 02:53:4e:00:00:0$d dev snic0 nud permanent
		done
}
faults() {
	local t=0 round=0 kind r=12 bad=0 cons=0 resets=0 reloads=0 injected=0

	check "faults: star:3 up" fup
	hogs "$NHOGS"
	while [ $t -lt "$SECS" ]; do
		case $((round % 3)) in
		0) kind=frames ;;
		1) kind=reset ;;
		2) kind=reload ;;
		esac
		if [ $kind = reload ]; then
			"$SNICCTL" fabric down $F >/dev/null
			/sbin/rmmod snic && /sbin/modprobe snic && fup ||
				{ bad=$((bad + 1)); echo "# round $round: reload failed"; break; }
			reloads=$((reloads + 1))
		fi
		waitfor 30000 fquiet
		set -- $(fsum)
		s0=$1 x0=$2 o0=$3 l0=$4 v0=$5 t0=$6 late=0
		nsexec $F-h3 "$TOOLS/snic_xfer" -U 7100 $((r + 20)) >/dev/null &
		pids=$!
		sleep 0.5
		for h in h1 h2; do
			nsexec $F-$h "$TOOLS/snic_xfer" -u 10.0.0.3 7100 $r 1000 \
				>/dev/null &
			pids="$pids $!"
		done
		case $kind in
		frames)
			sleep 2
			# (a wedged link would hold a raw socket's sends
			# for ever: 30 s at most, and the round fails)
			SNIC_INJECT_PAD=1300 nsexec $F-h1 timeout 30 \
				"$TOOLS/snic_inject" fab0 padded 100 3 1
			SNIC_INJECT_PAYLOAD=1000 nsexec $F-h2 timeout 30 \
				"$TOOLS/snic_inject" fab0 late 100 3 2 && late=100
			;;
		reset)
			sleep 2
			$IP -n $F-h3 link set fab0 down
			$IP -n $F-h3 link del snic0
			$IP -n $F-h3 link set fab0 up
			frenic
			sleep 3
			nsexec $F-h3 "$SNICCTL" dev set snic0 vlbuf 256
			resets=$((resets + 1))
			;;
		esac
		# its own jobs: a bare wait would wait for the CPU hogs too
		wait $pids
		injected=$((injected + late))
		waitfor 60000 fquiet || echo "# round $round ($kind): the fabric did not drain"
		if ! out=$(waitfor 20000 fcredits 2>&1; fcredits 2>&1); then
			bad=$((bad + 1))
			echo "# round $round ($kind): not every credit back: $out"
		fi
		set -- $(fsum)
		sent=$(($1 - s0)) rx=$(($2 - x0)) outs=$(($3 - o0)) lost=$(($4 - l0))
		over=$(($5 - v0)) tail=$(($6 - t0))
		# (h3's NIC made again in a reset round starts its counts
		# over: what the hosts took in is not known then)
		[ $kind != reset ] || rx="unknown (h3's NIC made again)"
		echo "# round $round ($kind): sent $sent (+ $late late), taken in $rx, refused outside $outs, lost $lost, overruns $over, tail drops $tail"
		[ $over -eq 0 ] && [ $tail -eq 0 ] ||
			{ bad=$((bad + 1)); echo "# round $round: a credited VL dropped"; }
		if [ $kind != reset ]; then
			if [ $((sent + late)) -eq $((rx + outs + lost)) ] && [ $sent -gt 0 ]; then
				cons=$((cons + 1))
			else
				bad=$((bad + 1))
				echo "# round $round: conservation broken"
			fi
		fi
		round=$((round + 1))
		t=$((t + r + 6))
	done
	hogs 0
	echo "# faults: $round rounds ($resets resets with the far NIC made again without credits, $reloads module reloads, $injected late frames), $cons conserved exactly, $bad bad"
	checke "faults: $round rounds: no drop on a credited VL, every credit back, no TX queue stopped, conservation exact" \
		'[ $round -ge 3 ] && [ $bad -eq 0 ]'
	check "faults: fabric down" "$SNICCTL" fabric down $F
}
faults

echo "BENCH soak_lost $lost_all"
echo "BENCH soak_seconds $SECS"
ktap_finish
