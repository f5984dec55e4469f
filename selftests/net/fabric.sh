#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The fabric manager: every generator builds a fabric whose hosts all
# reach each other (snicctl's self-check pings every pair), the fabric is
# lossless (credits on every link) and Dragonfly raises the SC at global
# hops; "down" leaves nothing behind. Bad descriptions are refused with a
# message naming the line, and nothing is created.
. "$(dirname "$0")/../lib.sh"

modules_load || { not_ok "modules load"; ktap_finish; }
F=fm$(echo "$SFX" | cut -c1-4)
leftover() {	# netns of the fabric still present
	$IP netns list | grep -c "^$F-"
}
trap '"$SNICCTL" fabric down $F >/dev/null 2>&1; cleanup' EXIT

up_no_drops() {	# leaf1's spine ports carried VL0 traffic, dropped none
	n=0
	for p in p3 p4; do
		d=$(vlx $F-leaf1 $p 0 dequeued)
		isnum "$d" || return 1
		n=$((n + d))
		[ "$(vlx $F-leaf1 $p 0 drops)" -eq 0 ] || return 1
	done
	echo "leaf1 up links sent $n packets on VL0"
	[ $n -gt 0 ]
}

for g in line:3 star:4 fattree:2,2,2 kfattree:4 dragonfly:1,2,1,3; do
	check "$g: up and every host pair pings" \
		"$SNICCTL" fabric up "$g" name "$F" check
	checke "$g: show -j lists its hosts with LIDs" \
		'"$SNICCTL" -j fabric show $F | $JQ -e --arg ns "$F-h1" \
			"any(.nodes[]; .kind == \"host\" and .ns == \$ns and .lid == 1)"'
	if [ "$g" = fattree:2,2,2 ]; then
		checke "fattree: the hosts' links are flow controlled" \
			'waitfor 5000 "[ \"\$(vlx $F-h1 fab0 0 credits)\" = 256 ]" ||
			 { nsexec $F-h1 $SNICCTL qdisc show fab0; nsexec $F-h1 $SNICCTL -s dev show snic0;
			   nsexec $F-leaf1 $SNICCTL -s port show sw0; false; }'
		checke "fattree: TCP with checked bytes from h1 to h4" '
			bg nsexec $F-h4 timeout 60 $TOOLS/snic_xfer -l 6100 >/tmp/fm.$SFX
			busywait 5000 grep -q listening /tmp/fm.$SFX &&
			tx=$(nsexec $F-h1 timeout 60 $TOOLS/snic_xfer -c 10.0.0.4 6100 200000) &&
			waitfor 10000 "grep -q received /tmp/fm.$SFX" &&
			[ "${tx#sent }" = "$(sed -n "s/^received //p" /tmp/fm.$SFX)" ]'
		check "fattree: leaf1's up links carried it without a drop" up_no_drops
	fi
	if [ "$g" = dragonfly:1,2,1,3 ]; then
		# g0s0's global link is its port 3 (1 host, 1 local, 1 global)
		checke "dragonfly: the global port raises SC0 to SC1 (VL1 on the wire)" \
			'[ $(vlx $F-g0s0 p3 1 dequeued) -gt 0 ] && [ $(vlx $F-g0s0 p3 0 dequeued) -eq 0 ]'
		checke "dragonfly: local links in the source group stay on VL0" \
			'[ $(vlx $F-g0s0 p2 0 dequeued) -gt 0 ]'
	fi
	check "$g: down" "$SNICCTL" fabric down "$F"
	checke "$g: no netns left" '[ $(leftover) -eq 0 ]'
done

# A described fabric: two switches in a line with an explicit LID, a
# per-link buffer and the VLArb weights programmed on every link end.
printf '# two switches\nfabric %s\nvlarb 16,48\nbuf 128\nswitch a\nswitch b\nhost x lid 7\nhost y\nlink x a\nlink a b buf 64\nlink y b\n' \
	"$F" >/tmp/desc.$SFX.fab
check "file: up and both hosts ping each other" \
	"$SNICCTL" fabric up /tmp/desc.$SFX.fab check
checke "file: x has LID 7, y the first free one" \
	'"$SNICCTL" fabric show $F | grep -q "host x .* lid 7 " && "$SNICCTL" fabric show $F | grep -q "host y .* lid 1 "'
checke "file: the VLArb weights are on every qdisc" \
	'nsexec $F-a $SNICCTL qdisc show p2 | grep -q "vlarb 16,48,64," &&
	 nsexec $F-y $SNICCTL qdisc show fab0 | grep -q "vlarb 16,48,64,"'
checke "file: the a-b link has 64 credits, the host links 128" \
	'waitfor 5000 "[ \"\$(vlx $F-a p2 0 credits)\" = 64 ] && [ \"\$(vlx $F-x fab0 0 credits)\" = 128 ]"'
check "file: down" "$SNICCTL" fabric down "$F"
# Bad input: a message naming the line and the problem; nothing built.
bad() {	# bad TEXT MESSAGE [ARG...]: a description with TEXT (fabric up
	# ARGs) is refused with MESSAGE
	printf "$1" >/tmp/bad.$SFX.fab
	m=$2
	shift 2
	if out=$("$SNICCTL" fabric up /tmp/bad.$SFX.fab name "$F" "$@" 2>&1); then
		echo "accepted: $out"
		return 1
	fi
	echo "$out"
	echo "$out" | grep -q "$m" && [ "$(leftover)" -eq 0 ] &&
		! "$SNICCTL" fabric show "$F" >/dev/null 2>&1
}
check "unknown keyword: refused, line named" \
	bad 'switch s1\nhots h1\n' "bad.$SFX.fab:2: unknown statement \"hots\""
check "duplicate LID: refused" \
	bad 'switch s1\nhost a lid 5\nhost b lid 5\nlink a s1\nlink b s1\n' \
	':3: duplicate LID 5'
check "dangling link: refused" \
	bad 'switch s1\nhost h1\nlink h1 s2\n' ':3: link names unknown node "s2"'
# a comment line of 600 bytes is one line: the error after it is on line 4
long=$(printf '%0600d' 0)
check "a line longer than 511 bytes is one line: the next error's line is right" \
	bad "switch s1\n# $long\nhost h1\nhots h2\n" "bad.$SFX.fab:4: unknown statement \"hots\""
check "a bad fabric name in a file: refused, the rule said" \
	bad 'fabric a-b\n' ':1: bad fabric name "a-b": 1 to 11 letters, digits or _'
# a ring of five switches, a host on each: its routes close a credit loop
ring5=$(for i in 0 1 2 3 4; do printf 'switch r%d\\nhost h%d\\nlink h%d r%d\\n' $i $i $i $i; done
	for i in 0 1 2 3 4; do printf 'link r%d r%d\\n' $i $(( (i + 1) % 5 )); done)
check "routes that close a credit loop: refused, the cycle named" \
	bad "$ring5" "the routes can deadlock, a credit loop (channel dependency cycle): r[0-4]:p[0-9] vl 0 -> "
checke "the same ring with loops: built anyway, and down" \
	'printf "$ring5" >/tmp/ring.$SFX.fab &&
	 "$SNICCTL" fabric up /tmp/ring.$SFX.fab name "$F" loops && "$SNICCTL" fabric down "$F" >/dev/null'
check "bad vlarb: refused" \
	bad 'vlarb 0,3\n' ':1: vlarb: up to 15 weights'
check "a link latency past 1 ms: refused" \
	bad 'switch s1\nhost h1\nlink h1 s1 latency 1000001\n' ':3: latency must be 0..1000000 ns'
check "a default latency that is no number: refused" \
	bad 'global_latency 10us\n' ':1: global_latency must be 0..1000000 ns'
check "duplicate node: refused" \
	bad 'switch s1\nswitch s1\n' ':2: duplicate node "s1" (first on line 1)'
check "host with two links: refused" \
	bad 'switch s1\nswitch s2\nhost h\nlink h s1\nlink h s2\n' \
	':5: host "h" has more than one link'
check "disconnected switch: refused" \
	bad 'switch s1\nswitch s2\nhost a\nhost b\nlink a s1\nlink b s2\n' \
	'has no path to host'
# Over machines (selftests/span has the fabrics that work): two machines,
# a switch on each, a host on each, the switches linked (a tunnel).
M2='machine a 192.168.100.1\nmachine b 192.168.100.2\nswitch s1 machine a\nswitch s2 machine b\nhost h1\nhost h2\nlink h1 s1\nlink h2 s2\nlink s1 s2\n'
check "a node on a machine not declared: refused" \
	bad 'machine a 192.168.100.1\nswitch s1 machine b\n' ':2: no machine "b" (declare it first)'
check "machines declared, a switch on none: refused" \
	bad 'machine a 192.168.100.1\nswitch s1\nhost h1\nlink h1 s1\n' \
	':2: node "s1" runs on no machine'
check "a part the description has no machine for: refused" \
	bad "$M2" 'part c: no such machine' part c
check "an underlay_mtu that leaves snic0 less than 1280 bytes: refused, the least said" \
	bad "underlay_mtu 1371\n$M2" 'underlay_mtu 1371 is too small .*(underlay_mtu 1372 at least)' part a
check "a part with no route to its peer machine: refused, nothing left behind" \
	bad "$M2" 'part a: no route to machine b (192.168.100.2) for link s1-s2' part a
check "a bad machine address: refused" \
	bad 'machine a 10.0.0.x\n' ':1: machine a: bad address "10.0.0.x"'
badgen() {	# badgen GENERATOR MESSAGE [ARG...]
	g=$1 m=$2
	shift 2
	if out=$("$SNICCTL" fabric up "$g" name "$F" "$@" 2>&1); then
		echo "accepted: $out"
		return 1
	fi
	echo "$out"
	echo "$out" | grep -q "$m" && [ "$(leftover)" -eq 0 ]
}
check "impossible Dragonfly (a*h < g-1): refused" \
	badgen dragonfly:2,4,2,10 "need a\*h >= g-1"
check "machines with one address: refused" \
	badgen fattree:2,2,2 "machines: two addresses or more" machines 192.168.100.1
check "unknown generator: refused" badgen torus:3 "unknown generator"
check "sizes with something after them: refused, naming them" \
	badgen fattree:2,2,2x 'bad sizes "2,2,2x": numbers separated by commas'
check "a trailing comma: refused" badgen star:3, 'bad sizes "3,"'

check "a star too big for a switch: refused" badgen star:65 "at most 64"
check "a fat tree of 4097 nodes (each switch within its ports): refused" \
	badgen fattree:64,1,63 "has 4097 nodes, more than 2048"

# dilation auto, and the fabric's health after traffic.
check "star:3 up with dilation auto: it says what it chose, 1..10000" sh -c '
	out=$("$0" fabric up star:3 name "$1" dilation auto) || exit 1
	echo "$out"
	d=$(echo "$out" | sed -n "s/^dilation auto: .*: dilation \([0-9]*\) .*/\1/p")
	[ -n "$d" ] && [ "$d" -ge 1 ] && [ "$d" -le 10000 ] &&
	"$0" fabric show "$1" | grep -q "dilation $d,"' "$SNICCTL" "$F"
nsexec "$F-h3" timeout 20 "$TOOLS/snic_xfer" -U 7600 4 >/dev/null &
sleep 0.5
nsexec "$F-h1" timeout 20 "$TOOLS/snic_xfer" -u 10.0.0.3 7600 1 1000 >/dev/null
wait
checke "fabric health -j: frames measured on every link end, a verdict" \
	'h=$("$SNICCTL" -j fabric health $F); echo "$h"
	 echo "$h" | $JQ -e ".link_ends == 6 and .frames > 100 and
		(.fidelity == \"FAITHFUL\" or .fidelity == \"UNFAITHFUL\")"'
checke "fabric health threshold 0 judges any late frame UNFAITHFUL, 1000 none" \
	'"$SNICCTL" fabric health $F threshold 1000 | grep -q " FAITHFUL " &&
	 { [ "$("$SNICCTL" -j fabric health $F | $JQ -r ".late_over | numbers")" -eq 0 ] ||
	   "$SNICCTL" fabric health $F threshold 0 | grep -q UNFAITHFUL; }'
# A run's own verdict: after a mark, the verdict covers what came after
# it alone (50 datagrams: 100 frames on h1's link and s1's port to h3,
# against the thousands of the fabric's life), and its exit status says
# it (0 FAITHFUL, 1 UNFAITHFUL).
checke "fabric health NAME mark: the next verdict covers only what came after (window mark), its exit status the verdict's" \
	'l=$("$SNICCTL" -j fabric health $F | $JQ .frames)
	 "$SNICCTL" fabric health $F mark || exit 1
	 nsexec "$F-h3" timeout 20 "$TOOLS/snic_xfer" -U 7601 4 >/dev/null &
	 sleep 0.5
	 nsexec "$F-h1" env SNIC_XFER_COUNT=50 timeout 20 "$TOOLS/snic_xfer" -u 10.0.0.3 7601 1 1000 >/dev/null
	 wait
	 h=$("$SNICCTL" -j fabric health $F); rc=$?
	 echo "life: $l frames; since the mark: $h; exit $rc"
	 echo "$h" | $JQ -e --argjson l "$l" \
		".window == \"mark\" and .frames >= 100 and .frames < \$l" >/dev/null &&
	 case $(echo "$h" | $JQ -r .fidelity) in
	 FAITHFUL) [ $rc = 0 ] ;;
	 UNFAITHFUL) [ $rc = 1 ] ;;
	 *) false ;;
	 esac'
# Nothing crosses a link whose ends are down: a window with no frame and
# no paced packet measured nothing, UNKNOWN, exit 3.
checke "fabric health with nothing measured since the mark: UNKNOWN, exit 3" \
	'for h in h1 h2 h3; do nsexec "$F-$h" $IP link set fab0 down; done
	 "$SNICCTL" fabric health $F mark || exit 1
	 h=$("$SNICCTL" -j fabric health $F); rc=$?
	 echo "$h; exit $rc"
	 [ $rc = 3 ] && echo "$h" | $JQ -e ".fidelity == \"UNKNOWN\" and .frames == 0" >/dev/null'
# A link end that cannot be read (its sch_snic gone) leaves the verdict
# unknowable: status 4 (unread), the node named, no verdict printed as if whole.
$TC -n "$F-h2" qdisc del dev fab0 root
checke "fabric health with a link end unreadable (h2's sch_snic deleted): status 4 (unread), h2 named" \
	'out=$("$SNICCTL" fabric health $F 2>&1); rc=$?; echo "$out; exit $rc"
	 [ $rc = 4 ] && echo "$out" | grep -q "node h2 could not be read whole" &&
	 ! echo "$out" | grep -q "FAITHFUL"'
checke "fabric record with h2 unreadable: exit 1, h2 named once, the other nodes' rows kept" \
	'out=$("$SNICCTL" fabric record $F samples 3 interval 10 2>/tmp/rec-err.$SFX); rc=$?
	 err=$(cat /tmp/rec-err.$SFX); rm -f /tmp/rec-err.$SFX; echo "$err; exit $rc"
	 [ $rc = 1 ] && [ "$(echo "$err" | grep -c "could not be read")" = 1 ] &&
	 echo "$err" | grep -q "h2 could not be read" &&
	 echo "$out" | grep -q "^[0-9]*,s1," && echo "$out" | grep -q "^[0-9]*,h1,fab0," &&
	 ! echo "$out" | grep -q ",h2,"'
checke "qdisc show of a device without sch_snic: exit 1, said" \
	'out=$(nsexec "$F-h2" "$SNICCTL" qdisc show fab0 2>&1); rc=$?; echo "$out; exit $rc"
	 [ $rc = 1 ] && echo "$out" | grep -q "Error: fab0 has no sch_snic qdisc"'
checke "qdisc set DEV with nothing to set: exit 1, said" \
	'out=$(nsexec "$F-h1" "$SNICCTL" qdisc set fab0 2>&1); rc=$?; echo "$out; exit $rc"
	 [ $rc = 1 ] && echo "$out" | grep -q "nothing to set"'
"$SNICCTL" fabric down "$F" >/dev/null
checke "fabric health of a fabric that is not up: exit 2" \
	'"$SNICCTL" fabric health $F 2>/dev/null; [ $? -eq 2 ]'

# A netns in the way (the user's own) makes up fail before it builds
# anything; neither up nor down touches it.
$IP netns add "$F-s1"
NETNS="$NETNS $F-s1"
checke "up fails when a netns of the fabric's name exists: it says whose" \
	'out=$("$SNICCTL" fabric up star:2 name "$F" 2>&1); rc=$?; echo "$out"
	 [ $rc -ne 0 ] && echo "$out" | grep -q "netns \"$F-s1\" exists and is not fabric"'
checke "the failed up made nothing, and left the user's netns" \
	'[ "$($IP netns list | grep "^$F-" | cut -d" " -f1)" = "$F-s1" ]'
checke "down of a fabric that is not up: exit 2, the user's netns kept" \
	'"$SNICCTL" fabric down "$F" 2>&1; [ $? -eq 2 ] && $IP netns list | grep -q "^$F-s1"'
checke "show and check of a fabric that is not up: exit 2" \
	'"$SNICCTL" fabric show "$F" 2>&1; a=$?; "$SNICCTL" fabric check "$F" 2>&1; b=$?
	 echo "show $a, check $b"; [ $a -eq 2 ] && [ $b -eq 2 ]'
checke "fabric up with a word it does not take: exit 2, nothing built" \
	'"$SNICCTL" fabric up star:2 name "$F" bogus 2>&1; rc=$?; echo "exit $rc"
	 [ $rc -eq 2 ] && ! "$SNICCTL" fabric show "$F" >/dev/null 2>&1'
$IP netns del "$F-s1"
# A user's netns named like a node of a fabric's, another fabric up:
# down deletes the fabric's nodes, not it.
$IP netns add "$F-mywork"
NETNS="$NETNS $F-mywork"
check "up star:2 beside a user's $F-mywork" "$SNICCTL" fabric up star:2 name "$F"
checke "down deletes the fabric's 3 netns and keeps $F-mywork" \
	'out=$("$SNICCTL" fabric down "$F"); echo "$out"
	 echo "$out" | grep -q "3 netns deleted" &&
	 [ "$($IP netns list | grep "^$F-" | cut -d" " -f1)" = "$F-mywork" ]'
$IP netns del "$F-mywork"
check "a second up of a fabric that is up: refused" sh -c "
	$SNICCTL fabric up star:2 name $F >/dev/null &&
	! $SNICCTL fabric up star:2 name $F 2>&1 | grep -q 'is up already' && exit 1
	$SNICCTL fabric down $F >/dev/null"
checke "name of 11 characters: up, and down" \
	'"$SNICCTL" fabric up star:2 name "${F}abcdefghijk" >/dev/null 2>&1 && exit 1
	 n=$(echo "${F}abcdefghijk" | cut -c1-11)
	 "$SNICCTL" fabric up star:2 name "$n" && "$SNICCTL" fabric down "$n" >/dev/null'
checke "name of 12 characters, or with a slash: refused (exit 2), the rule said, nothing built" \
	'for n in abcdefghijkl a/b; do
		out=$("$SNICCTL" fabric up star:2 name $n 2>&1); rc=$?; echo "$out"
		[ $rc -eq 2 ] && echo "$out" | grep -q "1 to 11 letters, digits or _" || exit 1
	 done; [ $(leftover) -eq 0 ]'
# The wire must hold what credits admit: below every credited VL's buffer
# of every link end (2 links, 4 ends, 8 VLs of 256 credits: 8192) and
# 1000 more, the CPUs' backlog limit is named with what is needed; up
# goes on and leaves the machine's setting as it is.
bl=$(cat /proc/sys/net/core/netdev_max_backlog)
checke "up with net.core.netdev_max_backlog below star:2's 9192: warned, the need said, left as it is" \
	'echo 9191 >/proc/sys/net/core/netdev_max_backlog
	 out=$("$SNICCTL" fabric up star:2 name $F 2>&1) || exit 1
	 "$SNICCTL" fabric down $F >/dev/null; echo "$out"
	 echo "$out" | grep -q "Warning: fabric $F: net.core.netdev_max_backlog is 9191, below the 9192 frames" &&
	 [ "$(cat /proc/sys/net/core/netdev_max_backlog)" = 9191 ] || exit 1
	 echo 9192 >/proc/sys/net/core/netdev_max_backlog
	 out=$("$SNICCTL" fabric up star:2 name $F 2>&1) || exit 1
	 "$SNICCTL" fabric down $F >/dev/null; echo "$out"
	 ! echo "$out" | grep -q netdev_max_backlog'
echo "$bl" >/proc/sys/net/core/netdev_max_backlog
check "up star:2 rate 25gbit" "$SNICCTL" fabric up star:2 name "$F" rate 25gbit
checke "rate: every link end runs at 25 Gb/s (3125000000 bytes/s)" \
	'[ "$(nsexec $F-h1 $SNICCTL -j qdisc show fab0 | $JQ -r "first(.[] | .rate)")" = 3125000000 ] &&
	 [ "$(nsexec $F-s1 $SNICCTL -j qdisc show p2 | $JQ -r "first(.[] | .rate)")" = 3125000000 ]'
"$SNICCTL" fabric down "$F" >/dev/null
checke "fabric check of a fabric of one host: no pair to check, status 3; up ... check builds it (0)" \
	'"$SNICCTL" fabric up star:1 name $F >/dev/null || exit 1
	 out=$("$SNICCTL" fabric check $F 2>&1); rc=$?; echo "$out; status $rc"
	 "$SNICCTL" fabric down $F >/dev/null
	 [ $rc = 3 ] && echo "$out" | grep -q "^check: no pair of hosts to check$" || exit 1
	 "$SNICCTL" fabric up star:1 name $F check >/dev/null; rc=$?
	 "$SNICCTL" fabric down $F >/dev/null; [ $rc = 0 ]'
checke "rate beyond 10 Tb/s, or not a rate: usage, nothing built" \
	'! "$SNICCTL" fabric up star:2 name $F rate 20000gbit 2>/dev/null &&
	 ! "$SNICCTL" fabric up star:2 name $F rate fast 2>/dev/null &&
	 [ $(leftover) -eq 0 ]'
ktap_finish
