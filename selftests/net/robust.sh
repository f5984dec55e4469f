#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# What an odd frame or one reconfiguration must not break, each case a
# wedge or a leak a review found (each of these checks failed before its
# fix), on a 2-host fabric with lossless VLs:
#   1. frames longer on the wire than their 16B LEN (link padding) hold
#      and give back the same credits: none held for good;
#   2. frames outside the credit count (late: an old epoch, as a sender
#      that never SYNCs makes them) are held up to a buffer's worth, the
#      rest dropped and counted: the switch's queue stays bounded;
#   3. a NIC deleted while its link was down (its goodbye lost): the
#      switch's egress probes again and follows a new NIC without
#      credits, or none, and one with credits after;
#   4. a receiver made with the wall clock 100 days back is still taken
#      for the new receiver it is (sessions are not the clock);
#   5. link ends that map SCs to VLs differently agree on the counts;
#   6. a switch whose monitor sees 10 global links fail at once detects
#      every one (it used to stop sampling at 8 pending notes);
#   7. dev-get of a NIC with 512 TX queues, and the dump around it;
#   8. a BPT candidate through no port is refused;
#   9. a paced NIC whose link's queue is full stops and wakes its TX
#      queues, with both CPUs busy: none stays stopped;
#  10. a link that flaps under load loses only what is counted: as it
#      comes up, the switch port on its far end has carrier before
#      linkwatch activates its qdisc, and the noop qdisc's drops in
#      between were taken for sent (6.1 counts them nowhere).
# kernels: 6.1 6.12
# check-debug: yes
. "$(dirname "$0")/../lib.sh"

modules_load || { not_ok "modules load"; ktap_finish; }
fabric_2h1s || { not_ok "fabric setup"; ktap_finish; }
BUF=128
check "every link end gets $BUF credits on VLs 0..7" credits_on $BUF
checke "h1's and p2's qdiscs are flow controlled with $BUF credits" \
	'waitfor 5000 "[ \"\$(vlx $H1 fab0 0 credits)\" = $BUF ] && [ \"\$(vlx $S1 p2 0 credits)\" = $BUF ]"'
# h1 knows h2 for good: the frames below need no ARP.
$IP -n "$H1" neigh replace 10.0.0.2 lladdr 02:53:4e:00:00:02 dev snic0 nud permanent

# the fabric is idle and every credit back on h1's and h2's links
quiet() {
	waitfor 20000 "[ \"\$(vlsum $H1 fab0 qlen)\" = 0 ] &&
		[ \"\$(vlsum $S1 p2 qlen)\" = 0 ] &&
		[ \"\$(vlx $H1 fab0 0 credits)\" = $BUF ] &&
		[ \"\$(vlx $S1 p2 0 credits)\" = $BUF ] &&
		[ \"\$(crx_used $S1 sw0 p1 0)\" = 0 ]" || {
		echo "h1 fab0: qlen $(vlsum "$H1" fab0 qlen) credits $(vlx "$H1" fab0 0 credits);" \
			"p2: qlen $(vlsum "$S1" p2 qlen) credits $(vlx "$S1" p2 0 credits);" \
			"p1 VL0 used $(crx_used "$S1" sw0 p1 0)"
		return 1
	}
}
pings() { nsexec "$H1" ping -c 3 -i 0.2 -w 15 10.0.0.2 >/dev/null; }
burst() {	# burst SECONDS: h1 blasts h2 with 1000-byte datagrams
	nsexec "$H2" timeout 30 "$TOOLS/snic_xfer" -U 7300 $(($1 + 4)) >/dev/null &
	sleep 0.5
	nsexec "$H1" "$TOOLS/snic_xfer" -u 10.0.0.2 7300 "$1" 1000 >/dev/null
	wait $!
}
overruns() { port_counter "$S1" sw0 p1 rx_drop_credit_overrun; }
fallbacks() { nsexec "$S1" "$SNICCTL" -j qdisc show p2 | $JQ -r '.[0].hello_fallbacks'; }

# 1. 300 frames of 102 bytes by their LEN, each with 1300 bytes of link
# padding after it: a port that charged the padding and gave back the
# trimmed frame leaked 20 credits a frame, and its VL wedged.
# (a wedged VL holds h1's link's queue full, and the raw socket's sends
# would wait for ever: 30 s at most)
check "300 padded frames (LEN 102 bytes, 1402 on the wire) into p1" \
	env SNIC_INJECT_PAD=1300 timeout 30 $IP netns exec "$H1" "$TOOLS/snic_inject" fab0 padded 300 2 1
check "p1 gave back what they held: every credit back" quiet
check "the link carries on: ping h1 -> h2" pings

# 2. Late frames (an epoch 16 rounds old) into a slow egress (100 kbit/s:
# 84 ms a frame): a buffer's worth (128 credits: 7 frames of 17) is held,
# the rest refused, and the queue they wait in stays as short.
nsexec "$S1" "$SNICCTL" qdisc set p2 rate 100kbit
o0=$(port_counter "$S1" sw0 p1 rx_drop_credit_outside)
check "400 late frames of 1000 bytes into p1, towards a 100 kbit/s p2" \
	env SNIC_INJECT_PAYLOAD=1000 timeout 30 $IP netns exec "$H1" "$TOOLS/snic_inject" fab0 late 400 2 1
checke "a buffer's worth of them held, the rest dropped and counted (rx_drop_credit_outside)" \
	'waitfor 5000 "[ \$(port_counter $S1 sw0 p1 rx_drop_credit_outside) -ge $((o0 + 350)) ]"
	 o=$(( $(port_counter $S1 sw0 p1 rx_drop_credit_outside) - o0 ))
	 q=$(vlx $S1 p2 0 qlen_max) u=$(crx_used $S1 sw0 p1 0)
	 echo "refused $o, p2 VL0 queue at most $q, p1 VL0 holds $u credits"
	 [ $o -ge 350 ] && [ $o -le 400 ] && [ "$q" -le 12 ] && [ "$u" -le $((2 * BUF)) ]'
nsexec "$S1" "$SNICCTL" qdisc set p2 rate 0bit
check "the late frames left: every credit back" quiet

# 3. h2's NIC goes while its link is down: its goodbye cannot go, and
# p2 kept VL0 gated with no credit for good. p2 probes again (a link
# reset) and follows whatever answers: a NIC without credits ...
renic() {	# renic [vlbuf B]: a new snic0 on h2's link
	$IP -n "$H2" link add snic0 link fab0 type snic || return 1
	nsexec "$H2" "$SNICCTL" dev set snic0 lid 2 "$@" || return 1
	$IP -n "$H2" addr add 10.0.0.2/24 dev snic0
	$IP -n "$H2" link set snic0 up
	$IP -n "$H2" neigh replace 10.0.0.1 lladdr 02:53:4e:00:00:01 dev snic0 nud permanent
}
flap_del() {	# h2's link down, its NIC deleted, the link up
	$IP -n "$H2" link set fab0 down && $IP -n "$H2" link del snic0 &&
		$IP -n "$H2" link set fab0 up
}
flap_renic() { flap_del && renic; }
check "h2: link down, snic0 deleted, link up; a new snic0 without credits" \
	flap_renic
checke "p2 follows it: VL0 not flow controlled any more" \
	'waitfor 10000 "[ \"\$(vlx $S1 p2 0 credits)\" = missing ]"'
check "ping h1 -> h2 reaches the new NIC" pings
# ... or nothing at all: p2 waits 8 sync periods of carrier for an
# answer, then sends without flow control (hello_fallbacks).
nsexec "$H2" "$SNICCTL" dev set snic0 vlbuf $BUF
waitfor 5000 "[ \"\$(vlx $S1 p2 0 credits)\" = $BUF ]"
f0=$(fallbacks)
flap_del
checke "with no NIC on h2's link, p2 gives up waiting: hello_fallbacks +1, VL0 not gated" \
	'waitfor 10000 "[ \$(fallbacks) -gt $f0 ] && [ \"\$(vlx $S1 p2 0 credits)\" = missing ]"'
nsexec "$H1" "$TOOLS/snic_xfer" -u 10.0.0.2 7300 1 1000 >/dev/null
checke "h1's frames for it pass p2 and hold nothing at p1" \
	'waitfor 10000 "[ \"\$(vlsum $S1 p2 qlen)\" = 0 ] && [ \"\$(crx_used $S1 sw0 p1 0)\" = 0 ]"'
check "a NIC with credits on h2's link again" renic vlbuf $BUF
checke "p2 flow-controls VL0 with its $BUF credits" \
	'waitfor 10000 "[ \"\$(vlx $S1 p2 0 credits)\" = $BUF ]"'
check "ping h1 -> h2" pings
check "quiet again" quiet

# 4. The wall clock 100 days back: a receiver made now must still be met
# as the new one (sessions were the clock in seconds, compared in a
# 97-day window: this one would have been older than its predecessor).
t0=$(date +%s)
date -s "@$((t0 - 8640000))" >/dev/null
$IP -n "$H2" link del snic0
check "h2's NIC re-made with the clock 100 days back" renic vlbuf $BUF
checke "p2 follows it: VL0 flow controlled with its $BUF credits" \
	'waitfor 10000 "[ \"\$(vlx $S1 p2 0 credits)\" = $BUF ]"'
date -s "@$(($(date +%s) + 8640000))" >/dev/null
check "ping h1 -> h2" pings
echo "# h2's receiver took $(counter "$H2" snic0 credit_resessions) new session(s) above its sender's"

# 5. h1's link puts SC 0 on VL 1, p1's own map on VL 0: p1 counts by
# h1's map (its SYNCs carry it), so nothing overruns.
nsexec "$H1" "$SNICCTL" qdisc set fab0 sc2vl 1,1,2,3,4,5,6,7
nsexec "$S1" "$SNICCTL" qdisc set p2 rate 1mbit
v0=$(port_counter "$S1" sw0 p1 rx_vl1_packets) ov0=$(overruns)
checke "h1 maps SC 0 to VL 1: its VL 1 is flow controlled" \
	'waitfor 5000 "[ \"\$(vlx $H1 fab0 1 credits)\" = $BUF ]"'
burst 1
checke "p1 counts h1's frames on VL 1, as h1 sent them, and nothing overruns" \
	'v=$(( $(port_counter $S1 sw0 p1 rx_vl1_packets) - v0 )) o=$(( $(overruns) - ov0 ))
	 echo "VL1 packets $v, overruns $o"; [ $v -gt 100 ] && [ $o -eq 0 ]'
nsexec "$S1" "$SNICCTL" qdisc set p2 rate 0bit
checke "every credit back on h1's VL 1" \
	'waitfor 20000 "[ \"\$(vlx $H1 fab0 1 credits)\" = $BUF ] && [ \"\$(crx_used $S1 sw0 p1 1)\" = 0 ]"'
nsexec "$H1" "$SNICCTL" qdisc set fab0 sc2vl 0,1,2,3,4,5,6,7

# 6. Ten global links of one switch fail at once; the monitor's period
# is 10 s and each failure is told 255 times: only port events run it.
A=a-$SFX B=b-$SFX
$IP netns add "$A" && $IP netns add "$B" && NETNS="$NETNS $A $B"
$IP -n "$A" link add sw0 type snicsw
for i in 1 2 3 4 5 6 7 8 9 10; do
	$IP link add "p$i" netns "$A" type veth peer name "q$i" netns "$B"
	$IP -n "$A" link set "p$i" master sw0
	$IP -n "$A" link set "p$i" up
	$IP -n "$B" link set "q$i" up
done
$IP -n "$A" link set sw0 up
nsexec "$A" "$SNICCTL" dev set sw0 ar_dlid 0xf10000 ar_group 0 ar_switch 0 \
	ar_repeat 255 ar_period 10000000 >/dev/null
for i in 1 2 3 4 5 6 7 8 9 10; do
	nsexec "$A" "$SNICCTL" port set sw0 $i ar_kind global ar_peer $i
done
sleep 0.5
for i in 1 2 3 4 5 6 7 8 9 10; do
	$IP -n "$B" link set "q$i" down
done
detected() {
	nsexec "$A" "$SNICCTL" -j -s port show sw0 |
		$JQ -r '[.[] | select(.stats.ar_detected == 1)] | length'
}
checke "all 10 failures detected (ar_detected on every port), within a period" \
	'waitfor 5000 "[ \$(detected) = 10 ]"; echo "$(detected) of 10 detected"; [ $(detected) = 10 ]'

# 7. A NIC of 512 TX queues: its reply is larger than a page.
$IP -n "$H1" link add fab9 type veth peer name fab9p
$IP -n "$H1" link add snic9 numtxqueues 512 link fab9 type snic
check "dev show of a NIC with 512 TX queues" \
	sh -c "$SNICCTL -n $H1 dev show snic9 | grep -q snic9"
check "the dev dump lists it and snic0" \
	sh -c "[ \$($SNICCTL -n $H1 -j dev show | $JQ -r '[.[] | .ifname] | sort | join(\",\")') = snic0,snic9 ]"
$IP -n "$H1" link del fab9

# 8. A BPT candidate through a port the switch does not have.
check "a BPT candidate through port 9 of a 2-port switch: ENODEV" \
	expect_err "$S1" 19 "not a port of this switch" $SNICCTL bpt set sw0 dlid 7 9:1:g

# 9. Paced DLIDs on every SL (a BECN for each; half a frame's time
# between packets, never recovering), a link whose VL queues fill (p2 at
# 1 Mbit/s, so credits back up into h1's link), both CPUs busy: h1's TX
# queues stop and wake thousands of times; none may stay stopped.
nsexec "$H1" "$SNICCTL" dev set snic0 cct 0:0,0:1 ccti_limit 1 ccti_trigger 1 \
	ccti_timer 0 || not_ok "pacing settings"
for sc in 0 1 2 3 4 5 6 7; do
	SNIC_INJECT_SC=$sc nsexec "$S1" "$TOOLS/snic_inject" p1 becn 1 1 2
done
checke "h1 paces DLID 2 on its 8 SLs" \
	'waitfor 5000 "[ \$(nsexec $H1 $SNICCTL -j cc show snic0 | $JQ \"[.[] | select(.dlid == 2 and .ccti > 0)] | length\") = 8 ]"'
nsexec "$S1" "$SNICCTL" qdisc set p2 rate 1mbit
w0=$(counter "$H1" snic0 tx_link_wait)
hogs 2
nsexec "$H2" timeout 40 "$TOOLS/snic_xfer" -U 7400 20 >/dev/null &
rx=$!
sleep 0.5
tx=
for p in 0 1 2 3 4 5 6 7; do
	for k in 6 7; do
		SNIC_XFER_SPORT=$((k * 100 + 7000 + p)) nsexec "$H1" \
			"$TOOLS/snic_xfer" -u 10.0.0.2 7400 6 1000 $p >/dev/null &
		tx="$tx $!"
	done
done
wait $tx
hogs 0
kill $rx 2>/dev/null
nsexec "$S1" "$SNICCTL" qdisc set p2 rate 0bit
checke "h1's TX queues waited for the link: tx_link_wait grew" \
	'w=$(( $(counter $H1 snic0 tx_link_wait) - w0 )); echo "$w link waits"; [ $w -gt 0 ]'
checke "once the link drained, no TX queue of h1's NIC is stopped, nothing waits in it" \
	'waitfor 20000 "[ -z \"\$(nsexec $H1 $SNICCTL -j dev show snic0 | $JQ -r \".[0].txq_stopped[]?\")\" ]";
	 s=$(nsexec $H1 $SNICCTL -j dev show snic0 | $JQ -c ".[0].txq_stopped")
	 k=$(nsexec $H1 $SNICCTL -j dev show snic0 | $JQ -r ".[0].cc_parked | numbers")
	 echo "stopped: $s, parked: $k"; [ "$s" = "[]" ] && [ "$k" = 0 ]'

# 10. h2's link flaps 12 times while h1 blasts h2. Every 16B frame h1's
# link sent left through p2 or is counted lost at the switch: forwarded
# to a port without carrier (fwd_drop_egress), refused by its qdisc or
# dropped by the noop qdisc of a port not yet active (fwd_drop_qdisc),
# flushed from p2's queue by the link reset, or discarded at its head.
# h2 sends nothing: static neighbours, no IPv6.
$IP -n "$H2" neigh replace 10.0.0.1 lladdr 02:53:4e:00:00:01 dev snic0 nud permanent
for ns in "$H1" "$H2"; do
	nsexec "$ns" sh -c 'echo 1 >/proc/sys/net/ipv6/conf/snic0/disable_ipv6'
done
sw_lost() {	# what the switch counts as not sent (every frame it took
	# in is h1's): refused at ingress or egress (overruns and frames
	# outside the credit count are refused by p2's qdisc, in
	# fwd_drop_qdisc), not forwarded, flushed or discarded at p2
	echo $(( $(counter "$S1" sw0 fwd_drop_egress) + $(counter "$S1" sw0 fwd_drop_qdisc) +
		 $(counter "$S1" sw0 fwd_drop_no_route) + $(counter "$S1" sw0 fwd_drop_nomem) +
		 $(counter "$S1" sw0 fwd_drop_loop) +
		 $(nsexec "$S1" "$SNICCTL" -j qdisc show p2 | $JQ -r '.[0].flushed') +
		 $(vlsum "$S1" p2 hoq_discards) ))
}
# fwd_drop_qdisc less p2's own drops: the noop qdisc's, as p2 comes up
noop_drops() { echo $(( $(counter "$S1" sw0 fwd_drop_qdisc) - $(vlsum "$S1" p2 drops) )); }
check "quiet before the flaps" quiet
a0=$(sent16 "$H1" fab0) b0=$(sent16 "$S1" p2) l0=$(sw_lost) n0=$(noop_drops)
nsexec "$H2" timeout 60 "$TOOLS/snic_xfer" -U 7500 40 >/dev/null &
rx=$!
sleep 0.5
nsexec "$H1" timeout 60 "$TOOLS/snic_xfer" -u 10.0.0.2 7500 12 1000 >/dev/null &
tx=$!
k=0
while [ $k -lt 12 ]; do
	sleep 0.5
	$IP -n "$H2" link set fab0 down
	sleep 0.1
	$IP -n "$H2" link set fab0 up
	k=$((k + 1))
done
wait $tx
{ kill $rx; wait $rx; } 2>/dev/null
if out=$(quiet 2>&1); then
	ok "quiet after 12 flaps of h2's link under load"
	checke "every frame h1's link sent left through p2 or is counted lost at the switch" \
		'a=$(( $(sent16 $H1 fab0) - a0 )) b=$(( $(sent16 $S1 p2) - b0 ))
		 l=$(( $(sw_lost) - l0 )) n=$(( $(noop_drops) - n0 ))
		 echo "h1 sent $a, p2 sent $b, the switch counts $l lost ($n by noop): $((a - b - l)) unaccounted"
		 [ $a -gt 0 ] && [ $a -eq $((b + l)) ]'
	# The case saw what it is about: frames reached p2 in the window
	# between its carrier and its qdisc (139 of them in 12 flaps under
	# TCG here); a machine on which that window never opens says so.
	checke "frames met p2's noop qdisc as it came up, and were counted" \
		'n=$(( $(noop_drops) - n0 )); echo "$n dropped by noop"; [ $n -gt 0 ]'
else
	not_ok "quiet after 12 flaps of h2's link under load"
	echo "# $out"
	not_ok "conservation over the flaps (the fabric did not drain)"
	not_ok "the noop window (the fabric did not drain)"
fi
ktap_finish
