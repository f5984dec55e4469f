#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Emulated line rate: a sch_snic egress with a rate serializes frames at
# it. Assertions are about behaviour, with generous bounds (the precise
# fidelity is a benchmark): the shaped link carries between half and
# 105 % of its rate, the qdisc reports the rate and its throttling, and
# bad options are refused with an extack message.
. "$(dirname "$0")/../lib.sh"

modules_load || { not_ok "modules load"; ktap_finish; }
fabric_2h1s || { not_ok "fabric setup"; ktap_finish; }
RATE=500000	# bytes/s: 4 Mbit/s, about 330 full frames per second

check "qdisc set p2 rate 4mbit" nsexec "$S1" "$SNICCTL" qdisc set p2 rate 4mbit
checke "qdisc reports the rate" \
	'nsexec $S1 $SNICCTL -j qdisc show p2 | grep -q "\"rate\":$RATE"'
checke "a rate without a unit is refused by snicctl" \
	'! nsexec $S1 $SNICCTL qdisc set p2 rate 100 2>/dev/null'
checke "sc2vl naming VL 16 is refused with the kernel's extack" \
	'nsexec $S1 $SNICCTL qdisc set p2 sc2vl 16 2>&1 | grep -q "names a VL beyond the last"'
checke "limit 0 is refused (policy range)" \
	'nsexec $S1 $SNICCTL qdisc set p2 limit 0 2>&1 | grep -q "errno 34"'

# A TCP flow from h1 to h2 keeps the shaped link busy; measure what
# arrives at h2's end of the link over a few seconds.
rxf=/tmp/rate-rx.$SFX
bg $IP netns exec "$H2" timeout 120 "$TOOLS/snic_xfer" -l 5001 >"$rxf"
busywait 5000 grep -q listening "$rxf"
bg $IP netns exec "$H1" timeout 120 "$TOOLS/snic_xfer" -c 10.0.0.2 5001 6000000 >/dev/null
sleep 2
up() { cut -d' ' -f1 /proc/uptime; }
b0=$(link_stat "$H2" fab0 rx_bytes)
t0=$(up)
sleep 6
b1=$(link_stat "$H2" fab0 rx_bytes)
t1=$(up)
ratio=$(awk -v b="$((b1 - b0))" -v t0="$t0" -v t1="$t1" -v r="$RATE" \
	'BEGIN { printf "%.3f", b / (t1 - t0) / r }')
echo "# achieved/configured on an idle shaped link: $ratio ($((b1 - b0)) bytes in $t0..$t1 s)"
checke "achieved rate is within [0.5, 1.05] of the configured rate (got $ratio)" \
	'awk -v x="$ratio" "BEGIN { exit !(x >= 0.5 && x <= 1.05) }"'
checke "the qdisc throttled (serialization engaged)" \
	'[ "$(nsexec $S1 $SNICCTL -j qdisc show p2 | sed -n "s/.*\"throttled\":\([0-9]*\).*/\1/p")" -gt 0 ]'
check "qdisc set p2 rate 0 removes the limit" nsexec "$S1" "$SNICCTL" qdisc set p2 rate 0bit
ktap_finish
