#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Link latency (propagation delay) in fabric time: a fabric described
# with a default latency and one link's own is built with them on every
# link end's sch_snic; a packet's round trip takes at least the latency of
# every link it crosses, both ways, times the dilation (a lower bound: a
# busy host only adds to it); the links stay lossless (credits, whose
# frames take the latency too); a bad latency is refused with the
# kernel's reason; frames in flight when the link goes down never arrive
# and are counted (flushed), and the qdisc holds nothing after it; a new
# latency brings what is in flight in at once; with more in flight than
# the qdisc may keep (limit x 16 frames) the link waits and counts it.
# kernels: 6.1 6.12
. "$(dirname "$0")/../lib.sh"

modules_load || { not_ok "modules load"; ktap_finish; }
F=lt$(echo "$SFX" | cut -c1-4)
trap '"$SNICCTL" fabric down $F >/dev/null 2>&1; rm -f /tmp/lt.$SFX.fab /tmp/lt.$SFX; cleanup' EXIT

# h1 - s1 at the default latency, s1 - h2 at its own: one way is 20 + 50
# us of fabric time, 70 ms of wall time at dilation 1000.
cat >/tmp/lt.$SFX.fab <<EOF
fabric $F
dilation 1000
latency 20000
host h1
host h2
switch s1
link h1 s1
link s1 h2 latency 50000
EOF
check "up: a fabric with link latencies" \
	"$SNICCTL" fabric up /tmp/lt.$SFX.fab
lat_of() {	# lat_of NS DEV: what its sch_snic says its latency is
	nsexec "$1" "$SNICCTL" -j qdisc show "$2" | $JQ -r '.[0].latency_ns'
}
checke "show -j: each link's latency, the default or its own" \
	'"$SNICCTL" -j fabric show $F | $JQ -c "[.links[].latency_ns]" |
	 grep -qx "\[20000,50000\]"'
checke "each link end's qdisc has its link's latency" \
	'echo "$(lat_of $F-h1 fab0) $(lat_of $F-s1 p1) $(lat_of $F-s1 p2) $(lat_of $F-h2 fab0)";
	 [ "$(lat_of $F-h1 fab0) $(lat_of $F-s1 p1) $(lat_of $F-s1 p2) $(lat_of $F-h2 fab0)" = \
	   "20000 20000 50000 50000" ]'
checke "the links are flow controlled (credits came back over them)" \
	'waitfor 10000 "[ \"\$(vlx $F-h1 fab0 0 credits)\" = 256 ]"'
# Only the test's own frames: the hosts know each other for good (MACs
# from LIDs), no ARP crosses the fabric, and no IPv6 (router
# solicitations, MLD).
$IP -n "$F-h1" neigh replace 10.0.0.2 lladdr 02:53:4e:00:00:02 nud permanent dev snic0
$IP -n "$F-h2" neigh replace 10.0.0.1 lladdr 02:53:4e:00:00:01 nud permanent dev snic0
for h in h1 h2; do
	nsexec "$F-$h" sh -c 'echo 1 >/proc/sys/net/ipv6/conf/snic0/disable_ipv6'
done

# "ping -c 5" from h1 to h2: "RECEIVED MIN-RTT-MS"
pings() {
	nsexec "$F-h1" ping -c 5 -i 0.3 -W 5 10.0.0.2 | sed -n \
		-e 's/.* \([0-9]*\) \(packets \)*received.*/\1/p' \
		-e 's#.*min/avg/max[^=]*= \([0-9.]*\)/.*#\1#p' | tr '\n' ' '
}
checke "a round trip takes at least 2 x (20 + 50) us x 1000 = 140 ms of wall time, and no ping is lost" \
	'set -- $(pings); echo "received $1, min rtt $2 ms";
	 [ "$1" = 5 ] && awk -v r="$2" "BEGIN { exit !(r >= 140) }"'
checke "TCP with checked bytes from h1 to h2 over the long links" '
	bg nsexec $F-h2 timeout 120 $TOOLS/snic_xfer -l 6200 >/tmp/lt.$SFX
	busywait 5000 grep -q listening /tmp/lt.$SFX &&
	tx=$(nsexec $F-h1 timeout 120 $TOOLS/snic_xfer -c 10.0.0.2 6200 100000) &&
	waitfor 20000 "grep -q received /tmp/lt.$SFX" &&
	echo "$tx / $(cat /tmp/lt.$SFX)" &&
	[ "${tx#sent }" = "$(sed -n "s/^received //p" /tmp/lt.$SFX)" ]'
# the drops of every VL of NS DEV's sch_snic, summed
vl_drops() {
	nsexec "$1" "$SNICCTL" -j qdisc show "$2" | $JQ -r '[.[0] | to_entries[] |
		select(.key | test("^vl[0-9]+$")) | .value.drops] | add // "none"'
}
checke "no VL dropped a packet on any link end" \
	'for x in "$F-h1 fab0" "$F-s1 p1" "$F-s1 p2" "$F-h2 fab0"; do
		set -- $x; echo "$1 $2: $(vl_drops $1 $2) dropped"
		[ "$(vl_drops $1 $2)" = 0 ] || exit 1; done'

check "latency 0 (none) is accepted" \
	nsexec "$F-h1" "$SNICCTL" qdisc set fab0 latency 0
checke "latency 1000001 is refused: out of range" \
	'expect_err $F-h1 34 "out of range" $SNICCTL qdisc set fab0 latency 1000001'
check "latency 1000000 at dilation 10000 (10 s of wall time) is accepted" \
	nsexec "$F-h1" "$SNICCTL" qdisc set fab0 latency 1000000 dilation 10000

# In flight when the link goes down: h1's pings, 10 s on their way, are
# in h1's qdisc (in_flight_16b: only they are 16B frames there) when fab0
# goes down, at once.
xq() { nsexec "$F-h1" "$SNICCTL" -j qdisc show fab0 | $JQ -r ".[0].$1"; }
f0=$(xq flushed)
bg nsexec "$F-h1" ping -c 3 -i 0.2 -W 1 10.0.0.2
in_flight() { n=$(xq in_flight_16b); [ -n "$n" ] && [ "$n" -ge 1 ]; }
waitfor 5000 in_flight; st=$?
$IP -n "$F-h1" link set fab0 down
checke "pings in flight in h1's qdisc (in_flight_16b) when fab0 went down" \
	'echo "in flight: $n"; [ $st = 0 ]'
checke "what was in flight is counted as flushed, and nothing is in flight after" \
	'echo "flushed $(( $(xq flushed) - f0 )), in flight $(xq in_flight)";
	 [ $(( $(xq flushed) - f0 )) -ge "$n" ] && [ "$(xq in_flight)" = 0 ] &&
	 [ "$(xq in_flight_16b)" = 0 ]'
check "latency 20000 at dilation 1000 again" \
	nsexec "$F-h1" "$SNICCTL" qdisc set fab0 latency 20000 dilation 1000
check "fab0 up again" $IP -n "$F-h1" link set fab0 up
checke "h1 reaches h2 again" \
	'waitfor 30000 "nsexec $F-h1 ping -c 1 -W 2 10.0.0.2 >/dev/null"'

# A new latency brings what is in flight in: a ping 10 s on its way
# leaves at once, and its round trip is far shorter than those 10 s.
check "latency 1000000 at dilation 10000 again" \
	nsexec "$F-h1" "$SNICCTL" qdisc set fab0 latency 1000000 dilation 10000
p=/tmp/lt.$SFX
t0=$(now_ms)
bg sh -c "$IP netns exec $F-h1 ping -c 1 -W 60 10.0.0.2 >$p 2>&1"
answered() { grep -qE " 1 (packets )?received" $p; }
landed() { [ "$(xq in_flight_16b)" = 0 ]; }
waitfor 5000 in_flight; st=$?
nsexec "$F-h1" "$SNICCTL" qdisc set fab0 latency 0
waitfor 3000 landed; st2=$?
dt=$(( $(now_ms) - t0 ))
checke "the ping was in flight" 'echo "in flight: $n"; [ $st = 0 ]'
checke "latency 0: what was in flight left at once, not 10 s after it was sent" \
	'echo "in flight $(xq in_flight_16b) after $dt ms"; [ $st2 = 0 ] && [ $dt -lt 9000 ]'
checke "the ping is answered, in less than the old 10 s one way" \
	'waitfor 30000 answered; st=$?; cat $p; [ $st = 0 ] &&
	 sed -n "s/.*time=\([0-9.]*\).*/\1/p" $p | awk "{ exit !(\$1 < 9000) }"'

# More in flight than the qdisc keeps: at limit 2, 32 frames; 40 pings
# 10 s on their way fill it, and then the link waits.
check "limit 2, latency 1000000 at dilation 10000" \
	nsexec "$F-h1" "$SNICCTL" qdisc set fab0 limit 2 latency 1000000
full0=$(xq flight_full)
bg sh -c "$IP netns exec $F-h1 ping -c 40 -i 0.05 -W 1 10.0.0.2 >/dev/null 2>&1"
full() { [ "$(xq flight_full)" -gt "$full0" ]; }
checke "the link waited with 32 frames in flight (flight_full), never more" \
	'waitfor 8000 full; st=$?; f=$(xq in_flight)
	 echo "flight_full $(( $(xq flight_full) - full0 )), in flight $f"
	 [ $st = 0 ] && [ "$f" -le 32 ]'
check "limit 4096, latency 20000 at dilation 1000 again" \
	nsexec "$F-h1" "$SNICCTL" qdisc set fab0 limit 4096 latency 20000 dilation 1000
checke "h1 reaches h2 after it" \
	'waitfor 30000 "nsexec $F-h1 ping -c 1 -W 2 10.0.0.2 >/dev/null"'
check "down" "$SNICCTL" fabric down "$F"
ktap_finish
