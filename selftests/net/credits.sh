#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Lossless links: per-VL credit flow control (LIMIT frames from each
# receiver, SYNC frames from each sender). A slow switch egress backs the
# congestion up into the sending host's queue with no drop in the fabric;
# a VL without credits blocks alone; lost credit returns and lost data
# packets are repaired by the periodic frames; a link flap starts over;
# a head blocked past its lifetime is discarded by the qdisc's timer.
# (make check's debug stage leaves it to robust.sh, which drives the
# credit protocol's resets, forged frames and odd lengths there in a
# third of the time; make check-debug runs it.)
. "$(dirname "$0")/../lib.sh"

modules_load || { not_ok "modules load"; ktap_finish; }
fabric_2h1s || { not_ok "fabric setup"; ktap_finish; }
BUF=128

check "every link end gets $BUF credits on VLs 0..7" credits_on $BUF
checke "h1's qdisc learns VL0 is flow controlled with $BUF credits" \
	'waitfor 5000 "[ \"\$(vlx $H1 fab0 0 credits)\" = $BUF ]"'
checke "the switch egress towards h2 learns it too" \
	'waitfor 5000 "[ \"\$(vlx $S1 p2 0 credits)\" = $BUF ]"'
checke "port show reports the buffers (VL0 $BUF, none on VL8)" \
	'[ "$(crx_used $S1 sw0 p1 0)" = 0 ] && [ -z "$(crx_used $S1 sw0 p1 8)" ]'
check "ping across the lossless fabric" \
	nsexec "$H1" ping -c 2 -i 0.2 -w 10 10.0.0.2

# Conservation: the 16B frames h1's link sent (data, ND on VL7, and any
# congestion notification on VL 15) = what h2's NIC took in.
sent0() { sent16 "$H1" fab0; }
quiet() {	# the fabric is idle, every credit back: no data VL of h1's
	# link or of the switch's egress to h2 holds a frame (an ND frame
	# on VL 7 waiting there would count as sent and not yet taken in)
	waitfor 20000 "[ \"\$(vlsum $H1 fab0 qlen)\" = 0 ] && \
		[ \"\$(vlsum $S1 p2 qlen)\" = 0 ] && \
		[ \"\$(vlx $H1 fab0 0 credits)\" = $BUF ] && \
		[ \"\$(crx_used $S1 sw0 p1 0)\" = 0 ]"
}
SENT0='sent0' RX0='rx_total $H2 snic0'
CSNAP=/tmp/credits.h2.$SFX
snap() {	# h2's counters, for the diagnosis of a broken conservation
	nsexec "$H2" $ETHTOOL -S snic0 >"$CSNAP"
}
conserved() {	# conserved GAP0 SENT0: h1 sent, and h2 took in, the same
	# packets since the gap (sent - taken) was GAP0 and h1 had sent SENT0
	local g s

	settled -g "$RX0" "$SENT0"
	g=$SETTLED_GAP s=$(( $SETTLED_TX - $2 ))
	echo "h1 sent $s, gap $g (was $1)"
	[ "$g" -eq "$1" ] && [ "$s" -gt 0 ] && return 0
	# which of h2's counters moved, and h1's link per VL
	nsexec "$H2" $ETHTOOL -S snic0 | awk 'NR == FNR { c[$1] = $2; next }
		$2 != c[$1] && $1 !~ /bytes:$/ { print "h2", $1, $2 - c[$1] }' "$CSNAP" -
	nsexec "$H1" "$SNICCTL" qdisc show fab0
	return 1
}

# 1. A slow receiver: p2 serializes at 1 Mbit/s.
nsexec "$S1" "$SNICCTL" qdisc set p2 rate 1mbit
quiet
settled -g "$RX0" "$SENT0"
g0=$SETTLED_GAP s0=$SETTLED_TX d0=$(vlx "$S1" p2 0 drops)
snap
# VL0 on h1's link, as h1 sent it and as p1 took it in: totals may differ
# by what h1 sent while the fabric was being built, so compare the gap.
VL0S='vlx $H1 fab0 0 dequeued' VL0R='port_counter $S1 sw0 p1 rx_vl0_packets'
settled -g "$VL0R" "$VL0S"
v0=$SETTLED_GAP vs0=$SETTLED_TX
nsexec "$H2" timeout 10 "$TOOLS/snic_xfer" -U 7000 4 >/dev/null &
sleep 0.5
nsexec "$H1" "$TOOLS/snic_xfer" -u 10.0.0.2 7000 1 1000 >/dev/null
checke "the upstream queue (h1's link) grows: qlen_max >= 32" \
	'[ $(vlx $H1 fab0 0 qlen_max) -ge 32 ]'
checke "h1's VL0 waited for credits (credit_stalls > 0)" \
	'[ $(vlx $H1 fab0 0 credit_stalls) -gt 0 ]'
checke "the switch queue holds no more than p1's buffer (<= 10 packets)" \
	'q=$(vlx $S1 p2 0 qlen_max); echo "p2 qlen_max $q"; [ $q -ge 1 ] && [ $q -le 10 ]'
check "the congestion drains and every credit comes back" quiet
checke "no drop at the switch egress" \
	'[ $(vlx $S1 p2 0 drops) -eq $d0 ] && [ $(port_counter $S1 sw0 p1 fwd_drop_egress) -eq 0 ] &&
	 [ $(port_counter $S1 sw0 p2 fwd_drop_qdisc) -eq 0 ]'
check "conservation: packets h1 sent = packets h2 took in" conserved "$g0" "$s0"
wait
checke "per-VL receive counters: p1 took on VL0 what h1 sent on VL0" \
	'settled -g "$VL0R" "$VL0S"
	 v=$SETTLED_GAP s=$(($SETTLED_TX - vs0))
	 echo "h1 sent $s on VL0, gap to p1 $v (was $v0)"
	 [ "$v" -eq "$v0" ] && [ "$s" -gt 0 ]'
nsexec "$S1" "$SNICCTL" qdisc set p2 rate 0bit

# 2. Credit returns lost: p1 drops its next 5 LIMIT frames.
l0=$(port_counter "$S1" sw0 p1 credit_limit_tx_dropped)
check "fault injection: p1 drops its next 5 credit returns" \
	nsexec "$S1" "$SNICCTL" port set sw0 p1 credit_drop 5
quiet
settled -g "$RX0" "$SENT0"
g0=$SETTLED_GAP s0=$SETTLED_TX
snap
nsexec "$H2" timeout 10 "$TOOLS/snic_xfer" -U 7001 3 >/dev/null &
sleep 0.5
nsexec "$H1" "$TOOLS/snic_xfer" -u 10.0.0.2 7001 1 1000 >/dev/null
wait
checke "5 credit returns were lost" \
	'waitfor 5000 "[ \$(port_counter $S1 sw0 p1 credit_limit_tx_dropped) -eq $((l0 + 5)) ]"'
check "the next ones restore every credit" quiet
check "conservation after lost credit returns" conserved "$g0" "$s0"
checke "h1 kept flow control all along (no credit timeout)" \
	'nsexec $H1 $SNICCTL qdisc show fab0 | grep -q "credit_timeouts 0"'

# 3. Data packets lost on the link (malformed: the switch cannot count
#    them): h1's credits for them come back through its SYNC frames.
rs0=$(port_counter "$S1" sw0 p1 credit_resyncs)
nsexec "$H1" "$TOOLS/snic_inject" fab0 bad_len 20 2 1
checke "p1 resynchronized its count to h1's (credit_resyncs grew)" \
	'waitfor 10000 "[ \$(port_counter $S1 sw0 p1 credit_resyncs) -gt $rs0 ]"'
check "h1 has all its credits again" quiet

# 4. Link down/up: both ends start over.
lr0=$(port_counter "$S1" sw0 p1 credit_link_resets)
nsexec "$H1" $IP link set fab0 down
nsexec "$H1" $IP link set fab0 up
checke "p1 saw the flap (credit_link_resets grew)" \
	'waitfor 5000 "[ \$(port_counter $S1 sw0 p1 credit_link_resets) -gt $lr0 ]"'
check "credits are back after the flap" quiet
check "ping after the flap" nsexec "$H1" ping -c 2 -i 0.2 -w 15 10.0.0.2

# 5. A VL without credits blocks alone; HoQ discards its head on time.
#    (A VL buffer holds at least a frame of its link's MTU: h2 gives VL1
#    one of 24 credits and sends no LIMIT any more, and a 1400-byte
#    datagram's frame, 1478 bytes, takes all 24.)
tmo0=$(nsexec "$S1" "$SNICCTL" -j qdisc show p2 | $JQ -r '.[0].credit_timeouts')
check "h2 gives VL1 a buffer of one frame (24 credits)" \
	nsexec "$H2" "$SNICCTL" dev set snic0 vlbuf $BUF,24
# First a lifetime no check below outlasts (600 s), so that the head is
# seen waiting whatever the machine's speed; then 1 s, which applies at
# once to the head waiting (its lifetime restarts at the change).
check "p2: head-of-queue lifetime 600 s" \
	nsexec "$S1" "$SNICCTL" qdisc set p2 hoq 600000000
checke "p2 learns VL1 has 24 credits" \
	'waitfor 5000 "[ \"\$(vlx $S1 p2 1 credits)\" = 24 ]"'
nsexec "$H2" "$SNICCTL" dev set snic0 credit_drop 1000000
SNIC_XFER_COUNT=1 nsexec "$H1" "$TOOLS/snic_xfer" -u 10.0.0.2 7009 0 1400 1 >/dev/null
checke "a 1400-byte datagram at priority 1 takes p2's VL1 credits, all 24" \
	'waitfor 5000 "[ \"\$(vlx $S1 p2 1 credits)\" = 0 ]" || { vlx $S1 p2 1 credits; false; }'
hq0=$(vlx "$S1" p2 1 hoq_discards)
bg nsexec "$H1" timeout 8 "$TOOLS/snic_xfer" -c 10.0.0.2 7002 1000 1
checke "a TCP SYN at priority 1 waits at p2's VL1 (blocked on credits)" \
	'waitfor 20000 "[ \$(vlx $S1 p2 1 qlen) -ge 1 ]" && [ $(vlx $S1 p2 1 credit_stalls) -ge 1 ]'
check "VL0 traffic passes meanwhile" \
	nsexec "$H1" ping -c 2 -i 0.2 -w 10 10.0.0.2
checke "not discarded before its lifetime" '[ $(vlx $S1 p2 1 hoq_discards) -eq $hq0 ]'
check "p2: head-of-queue lifetime 1 s" nsexec "$S1" "$SNICCTL" qdisc set p2 hoq 1000000
checke "VL1's head is discarded once past its lifetime, with no new credit" \
	'waitfor 15000 "[ \$(vlx $S1 p2 1 hoq_discards) -gt $hq0 ]"'
checke "the discards gave p1's VL1 credits back" \
	'waitfor 15000 "[ \$(crx_used $S1 sw0 p1 1) = 0 ]"'
nsexec "$H2" "$SNICCTL" dev set snic0 credit_drop 0 vlbuf $BUF
checke "h2 speaks again: p2's VL1 has its $BUF credits" \
	'waitfor 10000 "[ \"\$(vlx $S1 p2 1 credits)\" = $BUF ]"'

# 6. A receiver that goes silent is counted, and its sender stays flow
#    controlled: it never sends beyond the credits it has, and when the
#    receiver speaks again the whole buffer is back.
nsexec "$S1" "$SNICCTL" qdisc set p2 hoq 0
tmo0=$(nsexec "$S1" "$SNICCTL" -j qdisc show p2 | $JQ -r '.[0].credit_timeouts')
check "h2 stops sending credit limits (drops them all)" \
	nsexec "$H2" "$SNICCTL" dev set snic0 credit_drop 1000000
checke "p2 counts the silence (credit_timeouts +1)" \
	'waitfor 15000 "[ \$(nsexec $S1 $SNICCTL -j qdisc show p2 | $JQ -r \".[0].credit_timeouts\") = $((tmo0 + 1)) ]"'
settled -g "$RX0" "$SENT0"
g0=$SETTLED_GAP s0=$SETTLED_TX
snap
nsexec "$H2" timeout 20 "$TOOLS/snic_xfer" -U 7003 12 >/tmp/credits.rx.$SFX &
busywait 5000 grep -q listening /tmp/credits.rx.$SFX
# (a sender whose packets the fabric holds blocks in its socket: a
#  lossless fabric backs up into the application)
nsexec "$H1" timeout 5 "$TOOLS/snic_xfer" -u 10.0.0.2 7003 1 1000 >/dev/null
checke "p2 stays flow controlled and holds what it may not send" \
	'c=$(vlx $S1 p2 0 credits) q=$(vlx $S1 p2 0 qlen); echo "credits $c qlen $q"
	 [ "$c" -ge 0 ] && [ "$c" -lt 20 ] && [ "$q" -gt 0 ]'
check "h2 speaks again" nsexec "$H2" "$SNICCTL" dev set snic0 credit_drop 0
checke "p2 has the whole buffer again" \
	'waitfor 10000 "[ \"\$(vlx $S1 p2 0 credits)\" = $BUF ] && [ \"\$(vlx $S1 p2 0 qlen)\" = 0 ]"'
wait
check "conservation across the silence" conserved "$g0" "$s0"
check "the fabric is quiet with every credit back" quiet

# 8. Every way a held packet leaves the switch without being sent gives
#    its ingress buffer back (h1's credits all return): a slow egress
#    whose queue limit is far below what the ingress buffer holds (held
#    packets are bounded by that buffer, not the queue limit: no drop),
#    an egress port that goes down under load, and an egress qdisc
#    replaced under load (its queue flushed, then a qdisc that is no
#    sch_snic).
burst() {	# burst SECONDS: h1 blasts h2, in the background
	nsexec "$H2" timeout $(($1 + 10)) "$TOOLS/snic_xfer" -U 7004 $(($1 + 5)) >/dev/null &
	sleep 0.5
	nsexec "$H1" timeout $(($1 + 10)) "$TOOLS/snic_xfer" -u 10.0.0.2 7004 "$1" 1000 >/dev/null &
}
nsexec "$S1" "$SNICCTL" qdisc set p2 rate 1mbit limit 2
d0=$(vlx "$S1" p2 0 drops)
burst 2
checke "a queue limit of 2 with $BUF credits held: p2 queues past it" \
	'waitfor 5000 "[ \$(vlx $S1 p2 0 qlen) -gt 2 ]"'
wait
check "and drops nothing; every credit comes back" quiet
checke "p2 dropped nothing at its queue limit" '[ "$(vlx $S1 p2 0 drops)" -eq $d0 ]'
nsexec "$S1" "$SNICCTL" qdisc set p2 limit 4096
burst 3
sleep 1.5
check "p2 down under load" $IP -n "$S1" link set p2 down
wait
$IP -n "$S1" link set p2 up
checke "after the egress went down under load, every credit comes back" \
	'waitfor 20000 "[ \"\$(vlx $H1 fab0 0 credits)\" = $BUF ] && [ \"\$(crx_used $S1 sw0 p1 0)\" = 0 ]"'
burst 3
sleep 1.5
check "p2's qdisc replaced by pfifo under load" $TC -n "$S1" qdisc replace dev p2 root pfifo
sleep 1
check "and back to snic" $TC -n "$S1" qdisc replace dev p2 root snic
wait
checke "after the egress qdisc was replaced under load, every credit comes back" \
	'waitfor 20000 "[ \"\$(vlx $H1 fab0 0 credits)\" = $BUF ] && [ \"\$(crx_used $S1 sw0 p1 0)\" = 0 ]"'
nsexec "$S1" "$SNICCTL" qdisc set p2 rate 0bit limit 4096
waitfor 10000 "[ \"\$(vlx $S1 p2 0 credits)\" = $BUF ]"

# 7. Bad credit frames and settings.
inject() {	# inject NS DEV CLASS COUNTERNS COUNTERDEV COUNTER [port]
	if [ -n "$7" ]; then
		b=$(port_counter "$4" sw0 "$5" "$6")
	else
		b=$(counter "$4" "$5" "$6")
	fi
	nsexec "$1" "$TOOLS/snic_inject" "$2" "$3" 20 0 0 || return 1
	if [ -n "$7" ]; then
		waitfor 3000 "[ \$(port_counter $4 sw0 $5 $6) -eq \$(( $b + 20 )) ]"
	else
		waitfor 3000 "[ \$(counter $4 $5 $6) -eq \$(( $b + 20 )) ]"
	fi
}
for c in "credit_short rx_drop_credit_malformed" \
	 "credit_version rx_drop_credit_malformed" \
	 "credit_type rx_drop_credit_malformed" \
	 "credit_vl15 rx_drop_credit_bad_vl" \
	 "credit_stale credit_limit_stale" \
	 "credit_absurd rx_drop_credit_absurd" \
	 "sync_vl9 rx_drop_credit_bad_vl"; do
	set -- $c
	check "NIC: 20 x $1 counted in $2" inject "$S1" p2 "$1" "$H2" snic0 "$2"
	check "switch: 20 x $1 counted in $2" \
		inject "$H1" fab0 "$1" "$S1" p1 "$2" port
done
check "credits are intact after the bad frames" quiet
# A SYNC forged on h1's link (from a copy of h1's own, epoch 100 ahead,
# counts 500 beyond): the switch rebases to it; h1's own SYNC, repeated
# because nothing acknowledged it, rebases it back (core/credit.h, 9).
forged_sync() {
	local r0 s0

	r0=$(port_counter "$S1" sw0 p1 credit_resyncs)
	s0=$(port_counter "$S1" sw0 p1 credit_sync_repeats)
	nsexec "$H1" "$TOOLS/snic_inject" fab0 sync_forged 1 0 0 || return 1
	waitfor 10000 "[ \$(port_counter $S1 sw0 p1 credit_resyncs) -ge \$(( $r0 + 2 )) ] &&
		[ \$(port_counter $S1 sw0 p1 credit_sync_repeats) -gt $s0 ]" || {
		echo "resyncs $r0 -> $(port_counter "$S1" sw0 p1 credit_resyncs)," \
			"stale SYNCs $s0 -> $(port_counter "$S1" sw0 p1 credit_sync_repeats)"
		return 1
	}
	quiet
}
check "a SYNC forged on the link is undone by the sender's own, every credit back" \
	forged_sync
settled -g "$RX0" "$SENT0"
g0=$SETTLED_GAP s0=$SETTLED_TX
nsexec "$H2" timeout 10 "$TOOLS/snic_xfer" -U 7000 3 >/dev/null &
sleep 0.5
nsexec "$H1" "$TOOLS/snic_xfer" -u 10.0.0.2 7000 1 1000 >/dev/null
wait
check "after the forgeries, a burst crosses with nothing lost" \
	conserved "$g0" "$s0"
check "vlbuf for VL15: EINVAL, not flow controlled" \
	expect_err "$H1" 22 "management VL is not flow controlled" \
	$SNICCTL dev set snic0 vlbuf 1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1
check "credit period 5 us: ERANGE" \
	expect_err "$S1" 34 "" $SNICCTL port set sw0 p1 credit_period 5
check "qdisc SYNC period 5 us: ERANGE" \
	expect_err "$H1" 34 "" $SNICCTL qdisc set fab0 sync 5
check "vlbuf of the wrong length: ERANGE" \
	expect_err "$H1" 34 "" $SNICCTL raw dev-set ifindex:u32=$(nsexec "$H1" cat /sys/class/net/snic0/ifindex) credit/vl-buf:bytes=1,2,3
check "vlbuf on the switch device: EOPNOTSUPP, per port" \
	expect_err "$S1" 95 "per port" $SNICCTL dev set sw0 vlbuf 4
check "unprivileged vlbuf: EPERM" \
	expect_err "$H1" 1 "not permitted" $TOOLS/nocap $SNICCTL dev set snic0 vlbuf 4
# (quiet waits: a frame of h1's own, ND or MLD, may hold credits now)
checke "the refused requests changed nothing: buffers as they were, every credit back" \
	'b=$(nsexec $S1 $SNICCTL -j port show sw0 |
	   $JQ -r "first(.[] | select(.ifname == \"p1\") | .vl0.buf | numbers)")
	 echo "p1 vl0 buf $b, h1 fab0 vl0 credits $(vlx $H1 fab0 0 credits)"
	 [ "$b" = $BUF ] && quiet'
rm -f "$CSNAP" /tmp/credits.rx.$SFX
ktap_finish
