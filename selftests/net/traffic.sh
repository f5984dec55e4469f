#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# snicctl fabric traffic: every pattern sends where it says, the report
# accounts for every datagram (on a lossless fabric none is lost or
# misdelivered), latencies are ordered, and bad requests are refused.
# Behaviour only: no figure here depends on how fast the guest is.
. "$(dirname "$0")/../lib.sh"

modules_load || { not_ok "modules load"; ktap_finish; }
F=tr$(echo "$SFX" | cut -c1-4)
OUT=/tmp/traffic.$SFX
trap '"$SNICCTL" fabric down $F >/dev/null 2>&1; rm -f $OUT; cleanup' EXIT

# tr ARGS...: run fabric traffic -j on $F into $OUT
tr() { "$SNICCTL" -j fabric traffic $F "$@" seconds 1 warmup 0.3 >$OUT; }
# top KEY: a top-level number of the report
top() { sed 's/"host":\[.*\]//' $OUT | sed -n "s/.*\"$1\":\([0-9.]*\).*/\1/p"; }
# host NAME KEY: a number of host NAME's entry
host() {
	sed 's/},{/}\n{/g' $OUT | grep "\"name\":\"$1\"" |
		sed -n "s/.*\"$2\":\([0-9.]*\).*/\1/p"
}
pos() { awk -v v="$1" 'BEGIN { exit !(v > 0) }'; }
accounted() {	# every datagram in, none lost or misdelivered
	echo "sent $(top sent) received $(top received) lost $(top lost) misdelivered $(top misdelivered)"
	[ "$(top sent)" -gt 0 ] && [ "$(top received)" = "$(top sent)" ] &&
		[ "$(top lost)" = 0 ] && [ "$(top misdelivered)" = 0 ]
}

check "star:4 up" "$SNICCTL" fabric up star:4 name "$F"
check "permutation: runs" tr permutation load 0.2 seed 7
checke "permutation: every datagram accounted for, none lost" accounted
checke "permutation: each host hears from exactly one other" \
	'for h in h1 h2 h3 h4; do [ "$(host $h sources)" = 1 ] || exit 1; pos "$(host $h accepted)" || exit 1; done'
checke "latency: fabric ns, p50 <= p99 <= max, one sample a datagram" \
	'p50=$(top latency_p50_ns) p99=$(top latency_p99_ns) max=$(top latency_max_ns)
	 echo "p50 $p50 p99 $p99 max $max n $(top latency_n)"
	 [ "$p50" -gt 0 ] && [ "$p50" -le "$p99" ] && [ "$p99" -le "$max" ] &&
	 [ "$(top latency_n)" -gt 0 ] && [ "$(top latency_n)" -le "$(top sent)" ]'
checke "the report states its dilation and its window in fabric time" \
	'[ "$(top dilation)" = 10000 ] && [ "$(top window_us)" = 100 ]'

check "incast:3: runs" tr incast:3 load 0.2
checke "incast:3: only h4 receives, from 3 hosts; h4 sends nothing" \
	'[ "$(host h4 sources)" = 3 ] && [ "$(host h4 sent)" = 0 ] &&
	 for h in h1 h2 h3; do [ "$(host $h received)" = 0 ] || exit 1; pos "$(host $h injected)" || exit 1; done'
checke "incast:3: every datagram accounted for, none lost" accounted

check "hotspot:1: runs" tr hotspot:1 load 0.2
checke "hotspot:1: h1 -> h4, victims h2 and h3 to each other, h4 silent" \
	'[ "$(host h4 sources)" = 1 ] && [ "$(host h4 sent)" = 0 ] &&
	 [ "$(host h1 received)" = 0 ] && [ "$(host h2 sources)" = 1 ] &&
	 [ "$(host h3 sources)" = 1 ] && pos "$(host h2 injected)"'
checke "hotspot:1: every datagram accounted for, none lost" accounted
checke "hotspot:2 on 4 hosts: one victim alone, refused" \
	'o=$("$SNICCTL" fabric traffic $F hotspot:2 2>&1); rc=$?; echo "$o"
	 [ $rc = 1 ] && echo "$o" | grep -q "leaves one victim"'
check "all2all: runs" tr all2all load 0.2
checke "all2all: each host hears from all three others, nothing lost" \
	'for h in h1 h2 h3 h4; do [ "$(host $h sources)" = 3 ] || exit 1; done; accounted'
checke "text output: one line per host and the summary" \
	'o=$("$SNICCTL" fabric traffic $F uniform load 0.1 seconds 0.3 warmup 0.1); echo "$o"
	 echo "$o" | grep -q "^fabric $F: uniform load 0.1000 size 10[0-9][0-9] hosts 4" &&
	 [ $(echo "$o" | grep -c "^ *h[1-4]: offered 0.1000") = 4 ] &&
	 echo "$o" | grep -q "latency [0-9]* datagrams p50"'

checke "adv+1 on a star: exit 1, names why" \
	'o=$("$SNICCTL" fabric traffic $F adv+1 2>&1); rc=$?; echo "$o"
	 [ $rc = 1 ] && echo "$o" | grep -q "needs a fabric of groups"'
checke "incast:4 on 4 hosts: exit 1, needs 5 hosts" \
	'o=$("$SNICCTL" fabric traffic $F incast:4 2>&1); rc=$?; echo "$o"
	 [ $rc = 1 ] && echo "$o" | grep -q "needs 5 hosts"'
checke "a bad pattern, load 0 or size 40: usage or error, exit 1" \
	'! "$SNICCTL" fabric traffic $F zigzag 2>/dev/null &&
	 ! "$SNICCTL" fabric traffic $F uniform load 0 2>/dev/null &&
	 o=$("$SNICCTL" fabric traffic $F uniform size 40 2>&1); [ $? = 1 ] &&
	 echo "$o" | grep -q "below the smallest frame"'
checke "size 9000 beyond snic0's MTU: exit 1, says so" \
	'o=$("$SNICCTL" fabric traffic $F uniform size 9000 2>&1); rc=$?; echo "$o"
	 [ $rc = 1 ] && echo "$o" | grep -q "MTU"'
"$SNICCTL" fabric down $F >/dev/null

# ADV+1 on a small Dragonfly: 3 groups of 2 switches, one host each.
check "dragonfly:1,2,1,3 up" "$SNICCTL" fabric up dragonfly:1,2,1,3 name "$F"
check "adv+1: runs" tr adv+1 load 0.2 seed 3
checke "adv+1: each host hears only from the 2 hosts of the group before" \
	'for h in h1 h2 h3 h4 h5 h6; do s=$(host $h sources); [ "$s" -ge 1 ] && [ "$s" -le 2 ] || exit 1; done'
checke "adv+1: every datagram accounted for, none lost" accounted
check "uniform: runs" tr uniform load 0.2 seed 3
checke "uniform: hosts hear from other groups too (more than 2 sources)" \
	'n=0; for h in h1 h2 h3 h4 h5 h6; do [ "$(host $h sources)" -gt 2 ] && n=$((n + 1)); done
	 echo "$n hosts with more than 2 sources"; [ $n -gt 0 ]'
ktap_finish
