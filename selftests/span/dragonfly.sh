#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Adaptive routing with ARN over two machines (run-span.sh): the
# Dragonfly of selftests/net/arn_loop.sh, dragonfly:1,2,1,3 ar, from a
# description (span/dragonfly.fab) that puts g0s0, g1s0, g1s1 and their
# hosts on m1 and g0s1, g2s0, g2s1 and theirs on m2: group 0 straddles
# the machines, its local link g0s0-g0s1 a GRETAP tunnel, as is the
# global link g1s1-g2s1; every snic0 at 1500 - 42 - 42 = 1416 bytes. h1 (g0s0, m1) reaches h5 (g2s0, m2) minimally
# through g0s1 and its global link to group 2.
#  - the same description gives both parts the same routes: g0s0's BPT
#    entry for h5 as on one machine;
#  - g0s1's global link fails (m2): g0s1 detects it and sends its ARN
#    over the tunnel; g0s0 (m1) takes it in, marks the link failed and
#    drops the candidate; h1 still reaches h5, now over g0s0's own
#    global link and group 1 (ar_alt), crossing the span at g1s1-g2s1;
#  - on recovery g0s1's second ARN crosses too: g0s0 forgets the
#    failure and the minimal candidate is back.
. "$(dirname "$0")/lib.sh"

modules_load || { not_ok "modules load"; ktap_finish; }
span_ready || { not_ok "one of several guests, with its underlay (run-span.sh)"; ktap_finish; }
F=sd
trap '"$SNICCTL" fabric down $F >/dev/null 2>&1; cleanup' EXIT
check "fabric up span/dragonfly.fab part $ME" \
	"$SNICCTL" fabric up "$(dirname "$0")/dragonfly.fab" name $F part "$ME"
pc() { port_counter "$F-$1" sw0 "$2" "$3"; }
links() { nsexec "$F-$1" "$SNICCTL" ar links sw0; }
bpt5() { nsexec "$F-g0s0" "$SNICCTL" bpt show sw0 | grep "^dlid 5 "; }
ping5() { nsexec "$F-$1" ping -c 3 -i 0.2 -w 15 10.0.0.5 >/dev/null; }
portf() {
	nsexec "$F-$1" "$SNICCTL" -j port show sw0 | $JQ -r --arg p "$2" \
		--arg f "$3" 'first(.[] | select(.ifname == $p) | .[$f] | numbers)'
}
span_sync up || { not_ok "the other guest's part"; ktap_finish; }

checke "every snic0 of $ME at the span's MTU over GRETAP, 1416" \
	'for h in $(if [ $ME = m1 ]; then echo h1 h3 h4; else echo h2 h5 h6; fi); do
		m=$(nsexec $F-$h cat /sys/class/net/snic0/mtu); echo "$h $m"
		[ "$m" = 1416 ] || exit 1
	 done'
checke "fabric check from $ME reaches every host of both parts" \
	'o=$("$SNICCTL" fabric check $F); echo "$o"; echo "$o" | grep -q "^check: 15/15 host pairs reachable"'
if [ "$ME" = m1 ]; then
	checke "g0s0's BPT entry for h5, h6 as on one machine: minimal via g0s1 (port 2, the tunnel), then its own global link" \
		'b=$(bpt5); echo "$b"; echo "$b" | grep -q "^dlid 5 last 6 cur 0 c0 2:3:l:l0.1:g1.2.3:+0 c1 3:5:g:g0.1.3:-:+0 "'
	checke "g0s0's port 2 is a GRETAP tunnel to m2 (key 4096 + link 2), local to switch 1 of its group" \
		'o=$($IP -n $F-g0s0 -d link show p2); echo "$o"
		 echo "$o" | grep -q "gretap remote 192.168.100.2 local 192.168.100.1 .*ikey 0.0.16.2 okey 0.0.16.2 " &&
		 nsexec $F-g0s0 "$SNICCTL" port show sw0 | grep -q "port 2 dev p2 .*ar_kind local ar_peer 1"'
	check "h1 reaches h5 (across the span)" ping5 h1
	tx0=$(pc g0s0 p3 tx_packets) alt0=$(pc g0s0 p1 ar_alt) rx0=$(pc g0s0 p2 rx_arn)
	span_put minimal 1
	span_get cut >/dev/null
	checke "g0s0 takes in g0s1's ARN over the tunnel (rx_arn on port 2)" \
		'waitfor 5000 "[ \$(pc g0s0 p2 rx_arn) -gt $rx0 ]"'
	checke "g0s0 knows: switch 1's global link to group 2 failed" \
		'waitfor 3000 "links g0s0 | grep -q \"global switch 1 peer_group 2 index 3 state failed metric 255\""'
	checke "g0s0's minimal candidate for h5 is out" \
		'bpt5 | grep -q "c0 2:3:l:l0.1:g1.2.3:failed"'
	check "h1 still reaches h5" ping5 h1
	checke "...over g0s0's own global link, through group 1 (ar_alt)" \
		'echo "p3 tx +$(( $(pc g0s0 p3 tx_packets) - tx0 )) ar_alt +$(( $(pc g0s0 p1 ar_alt) - alt0 ))"
		 [ $(pc g0s0 p3 tx_packets) -ge $((tx0 + 3)) ] && [ $(pc g0s0 p1 ar_alt) -gt $alt0 ]'
	span_put moved 1
	span_get recovered >/dev/null
	checke "g0s1's recovery ARN crosses too: g0s0 forgets the failure" \
		'waitfor 20000 "[ -z \"\$(links g0s0)\" ]"'
	checke "g0s0's minimal candidate is back" \
		'bpt5 | grep -q "c0 2:3:l:l0.1:g1.2.3:+0"'
else
	span_get minimal >/dev/null
	arn0=$(pc g0s1 p2 tx_arn)
	nsexec $F-g0s1 $IP link set p3 down
	checke "g0s1 detects its global link's failure" \
		'waitfor 3000 "[ \$(pc g0s1 p3 ar_detected) -ge 1 ]"'
	checke "...and sends its ARN into the tunnel to g0s0 (tx_arn on port 2)" \
		'waitfor 3000 "[ \$(pc g0s1 p2 tx_arn) -gt $arn0 ]"'
	span_put cut 1
	span_get moved >/dev/null
	check "h2 (g0s1) still reaches h5: through g0s0, across the span and back" ping5 h2
	checke "...g0s1 routed it off its failed link (ar_alt)" \
		'[ $(pc g0s1 p1 ar_alt) -gt 0 ]'
	nsexec $F-g0s1 $IP link set p3 up
	checke "g0s1 recovers" \
		'waitfor 10000 "[ \"\$(portf g0s1 p3 ar_failed)\" = 0 ]"'
	span_put recovered 1
fi
span_sync done
check "fabric down (this part)" "$SNICCTL" fabric down $F
ktap_finish
