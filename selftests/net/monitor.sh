#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Notifications (the events group) and snicctl monitor, on the three
# switches of arn_detour.fab (s0: p1 h1, p2 s1, p3 s2; s1: p1 h2, p2 s0,
# p3 s2; s2: p1 h3, p2 s0, p3 s1), built with adaptive routing. One
# monitor per namespace of interest: s0's in JSON (-j, -n), s2's run by
# an unprivileged user (allowed: what events say, get commands show).
# An incast on h2 (h1 and h3 send, s1's port to h2 at a quarter of the
# line rate): s1 says its port 1 VL entered the congested state and then
# left it, h1 says the CCTI of DLID 2 crossed the trigger threshold up,
# then down, in that order. The s0-s1 link cut: s0 says link-down, the
# path change of its BPT entry for h2 and its own failed ARN; s2
# says it took the ARN in; the link back: link-up,
# the path back, a recovered ARN. A burst of 300 ARNs into s0's port 1:
# the port's rate limit (100 a second) holds the rest back, and every
# ARN is either an event the monitor printed or counted in
# events_suppressed.
# kernels: 6.12
. "$(dirname "$0")/../lib.sh"

modules_load || { not_ok "modules load"; ktap_finish; }
F=mo$(echo "$SFX" | cut -c1-4)
"$SNICCTL" fabric up "$(dirname "$0")/arn_detour.fab" name "$F" ar >/dev/null ||
	{ not_ok "fabric up arn_detour.fab ar"; ktap_finish; }
static_neigh "$F" 3
M=/tmp/mon.$SFX
# mon NAME CMD...: a monitor in the background, its events in $M.NAME;
# returns once it listens.
mon() {
	local n=$1

	shift
	"$@" >$M.$n 2>$M.$n.err &
	BGPIDS="$BGPIDS $!"
	waitfor 10000 "grep -q ready $M.$n.err"
}
# arx: the arn-rx events of s0's port 1 so far.
arx() { $JQ -c 'select(.type == "arn-rx" and .ifname == "p1")' $M.s0 | wc -l; }
# first NAME PATTERN: the line number of the first event matching.
first() { grep -n -m1 "$2" $M.$1 | cut -d: -f1; }
pc() { port_counter "$F-$1" sw0 "$2" "$3"; }

mon s0 "$SNICCTL" monitor -n "$F-s0" -j ready
checke "s0: snicctl monitor -n NETNS -j listens" "[ $? = 0 ]"
mon s1 nsexec "$F-s1" "$SNICCTL" monitor ready &&
	mon h1 nsexec "$F-h1" "$SNICCTL" monitor ready
checke "s1, h1: snicctl monitor listens" "[ $? = 0 ]"
mon s2 $IP netns exec "$F-s2" "$TOOLS/nocap" "$SNICCTL" monitor ready
checke "s2: an unprivileged user may listen too" "[ $? = 0 ]"

# 1. A congestion episode.
nsexec "$F-s1" "$SNICCTL" qdisc set p1 rate 25gbit
incast_udp "$F" 2 2 1 3
waitfor 30000 "[ \$(vlsum $F-s1 p1 qlen) = 0 ]"
checke "s1: its port 1 entered the congested state, then left it" \
	'waitfor 10000 "grep -q \"^p1: vl-uncongested lid 0x[0-9a-f]* port 1 vl \" $M.s1" &&
	 grep -m2 "^p1: vl-" $M.s1 | sed "s/^/# /" &&
	 a=$(first s1 "^p1: vl-congested .* port 1 vl ") &&
	 b=$(first s1 "^p1: vl-uncongested .* port 1 vl ") && [ "$a" -lt "$b" ]'
checke "h1: the CCTI of DLID 2 crossed the trigger threshold, up then down" \
	'waitfor 20000 "grep -q \"^snic0: ccti-below lid 0x1 dlid 0x2 \" $M.h1" &&
	 grep -m2 "^snic0: ccti-" $M.h1 | sed "s/^/# /" &&
	 a=$(first h1 "^snic0: ccti-above lid 0x1 dlid 0x2 sl [0-7] ccti [0-9]* threshold 8 ") &&
	 b=$(first h1 "^snic0: ccti-below lid 0x1 dlid 0x2 ") && [ "$a" -lt "$b" ] ||
	 { head -5 $M.h1; cat $M.h1.err; false; }'

# 2. The s0-s1 link fails and comes back (once the incast's congestion
#    of it is over: the direct path is s0's path to h2 again).
checke "s0's direct candidate for h2 carries no congestion penalty" \
	'waitfor 30000 "nsexec $F-s0 $SNICCTL bpt show sw0 | grep -q \"^dlid 2 .* c0 [^ ]*:+0\""'
n0=$(wc -l <$M.s0)
nsexec "$F-s0" $IP link set p2 down
# What s0 said after the cut. Its monitor may see the port down before the
# notifier runs, and s1 loses the link too: its ARN (relayed by s2) may
# reach s0 and move the path before s0's own monitor does.
after_cut() { tail -n +$((n0 + 1)) $M.s0; }
own='"type":"arn-tx","arn-type":"failed"'
path2='"type":"bpt-path",.*"dlid":2,"last":2,'
checke "s0: link-down of port 2, the path of DLID 2 and its own ARN" \
	'waitfor 10000 "after_cut | grep -v relay | grep -q \"\$own\" &&
		after_cut | grep -q \"\$path2\"" &&
	 after_cut | $JQ -e "select(.type == \"link-down\" and .port == 2)" >/dev/null ||
	 { after_cut | head -5; false; }'
checke "...the path: DLID 2 from candidate 0 (port 2) to 1 (port 3)" \
	'after_cut | $JQ -e "select(.type == \"bpt-path\") | select(.dlid == 2 and
		.last == 2 and .\"cand-old\" == 0 and .cand == 1 and
		.\"port-old\" == 2 and .port == 3 and
		(.why == \"monitor\" or .why == \"arn\"))" >/dev/null'
checke "...the ARN: failed, its own, about the local link, to its ports" \
	'after_cut | $JQ -e "select(.type == \"arn-tx\") | select(.\"arn-type\" == \"failed\" and
		.metric == 255 and .link == \"local\" and (.relay | not) and .ports > 0)" \
		>/dev/null'
checke "s2 (unprivileged listener): took the failed ARN in" \
	'waitfor 10000 "grep -q \"^p[23]: arn-rx failed .* res applied\" $M.s2"'
nsexec "$F-s0" $IP link set p2 up
checke "the link back: link-up, the path back to port 2, a recovered ARN" \
	'waitfor 20000 "grep -q \"\\\"recovered\\\"\" $M.s0" &&
	 $JQ -e "select(.type == \"link-up\" and .port == 2)" $M.s0 >/dev/null &&
	 $JQ -e "select(.type == \"bpt-path\" and .dlid == 2 and .cand == 0 and
		.port == 2)" $M.s0 >/dev/null'
# (the complete lines of a copy: the monitor still writes, the ARN's
# repeats and s1's own)
checke "every line of the JSON monitor is one event object" \
	'cp $M.s0 $M.s0.copy; n=$(wc -l <$M.s0.copy)
	 [ $(head -n $n $M.s0.copy | $JQ -c "select(.ifname and .type and .ftime)" | wc -l) -eq $n ]'

# 3. A burst over the rate limit. However long the 300 take to arrive
# (a busy host may spread them over seconds), the limit lets the first
# 100 through and at most 100 more per second of that time: the rest are
# suppressed and counted. The bounds are computed from the time the
# burst took, so a slow host loosens them, never fails them.
rx0=$(pc s0 p1 rx_arn) su0=$(pc s0 p1 events_suppressed)
n0=$(arx)
t0=$(cut -d' ' -f1 /proc/uptime)
SNIC_ARN_SEQ=1 SNIC_ARN_ORIGIN=0.5 SNIC_ARN_PEER=1.9 \
	nsexec "$F-h1" "$TOOLS/snic_inject" fab0 arn_cong 300 0xf10000 1
checke "300 ARNs into s0's port 1: all counted" \
	'waitfor 10000 "[ \$(($(pc s0 p1 rx_arn) - rx0)) -eq 300 ]"'
t1=$(cut -d' ' -f1 /proc/uptime)
# at most the burst plus one more per started second
cap=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%d", 100 * (int(b - a) + 2) }')
checke "...every one printed or counted (arn-rx events + suppressed = ARNs)" \
	'waitfor 10000 "[ \$((\$(arx) - n0 + \$(pc s0 p1 events_suppressed) - su0)) -eq 300 ]" ||
	 { echo "events $(($(arx) - n0))"; false; }'
checke "...the burst of 100 printed, at most 100 a second more; the rest suppressed" \
	'n=$(($(arx) - n0)) su=$(($(pc s0 p1 events_suppressed) - su0))
	 echo "$n events, $su suppressed, in $t0..$t1 s: at most $cap printed"
	 [ $n -ge 100 ] && [ $n -le $cap ] && [ $((n + su)) -eq 300 ]'
checke "monitor count x: refused, blaming the number, not count" \
	'o=$("$SNICCTL" monitor count x 2>&1); rc=$?; echo "$o"
	 [ $rc = 1 ] && echo "$o" | grep -q "count needs a number of events, 0\.\.[0-9]* (0: no end; not \"x\")"'
check "fabric down" "$SNICCTL" fabric down "$F"
ktap_finish
