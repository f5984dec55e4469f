#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# A switch's default port marking (snicctl dev set SW sw_cc_*, netlink
# sw-cc port-*): one setting for the whole switch that every port's
# sch_snic takes at once, and every port that comes later, whether its
# sch_snic is made before it joins or after; a port's own settings then
# override it for that port only, and a sch_snic elsewhere never sees it.
# Bad values are refused with an extack and change nothing.
# kernels: 6.12
. "$(dirname "$0")/../lib.sh"

modules_load || { not_ok "modules load"; ktap_finish; }
fabric_2h1s || { not_ok "fabric setup"; ktap_finish; }

# qfield DEV KEY: a setting of DEV's sch_snic in S1, as JSON.
qfield() {
	nsexec "$S1" "$SNICCTL" -j qdisc show "$1" |
		$JQ -c --arg k "$2" 'first(.[] | .[$k])'
}
T8='[8,8,8,8,8,8,8,8,8,8,8,8,8,8,8]'
R2='[2,2,2,2,2,2,2,2,2,2,2,2,2,2,2]'

checke "no default at first: the ports' marking is off (cc_thr 0)" \
	'[ "$(qfield p1 cc_thr)" = "[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]" ] &&
	 nsexec $S1 $SNICCTL -j dev show sw0 | $JQ -e ".[0] | has(\"sw_cc_thr\") | not"'
checke "a first default without thresholds: EINVAL, the ports untouched" \
	'expect_err $S1 22 "names its thresholds" $SNICCTL dev set sw0 sw_cc_rate 2 &&
	 [ "$(qfield p1 cc_rate)" = "[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]" ]'
check "sw0: default threshold 8, buffer 8192, rate 2, victims mark" \
	nsexec "$S1" "$SNICCTL" dev set sw0 sw_cc_thr 8 sw_cc_buf 8192 \
		sw_cc_rate 2 sw_cc_victim 1
checke "p1 and p2 took it at once" \
	'for p in p1 p2; do
		echo "$p $(qfield $p cc_thr) $(qfield $p cc_buf) $(qfield $p cc_rate) $(qfield $p cc_victim)"
		[ "$(qfield $p cc_thr)" = "$T8" ] && [ "$(qfield $p cc_buf)" = 8192 ] &&
		[ "$(qfield $p cc_rate)" = "$R2" ] && [ "$(qfield $p cc_victim)" = 1 ] || exit 1
	 done'
checke "dev show: the default, packet size as it was (0)" \
	'nsexec $S1 $SNICCTL -j dev show sw0 |
	 $JQ -e ".[0] | .sw_cc_thr == $T8 and .sw_cc_buf == 8192 and
		 .sw_cc_rate == $R2 and .sw_cc_victim == 1 and .sw_cc_pkt[0] == 0"'
check "sw0: the default's VL 0 packet size 16 only" \
	nsexec "$S1" "$SNICCTL" dev set sw0 sw_cc_pkt 16,0
checke "the rest of the default kept; the ports have packet size 16 on VL 0" \
	'[ "$(qfield p1 cc_thr)" = "$T8" ] &&
	 [ "$(qfield p2 cc_pkt)" = "[16,0,0,0,0,0,0,0,0,0,0,0,0,0,0]" ]'

# A port's own settings override the default for that port only.
check "p2's own threshold 4" nsexec "$S1" "$SNICCTL" qdisc set p2 cc_thr 4
checke "p2 has 4, p1 and the default keep 8" \
	'[ "$(qfield p2 cc_thr)" = "[4,4,4,4,4,4,4,4,4,4,4,4,4,4,4]" ] &&
	 [ "$(qfield p1 cc_thr)" = "$T8" ] &&
	 nsexec $S1 $SNICCTL -j dev show sw0 | $JQ -e ".[0].sw_cc_thr == $T8"'

# Later ports: a sch_snic made before the port joins, and one after.
$IP -n "$S1" link add p3 type veth peer name x3
$IP -n "$S1" link add p4 type veth peer name x4
check "p3: sch_snic first, then a port of sw0" \
	sh -c "$TC -n $S1 qdisc add dev p3 root snic &&
	       $IP -n $S1 link set p3 master sw0"
check "p4: a port of sw0 first, then its sch_snic" \
	sh -c "$IP -n $S1 link set p4 master sw0 &&
	       $TC -n $S1 qdisc add dev p4 root snic"
check "x3: a sch_snic on no port" $TC -n "$S1" qdisc add dev x3 root snic
checke "p3 and p4 took the default, x3 did not" \
	'echo "p3 $(qfield p3 cc_thr) p4 $(qfield p4 cc_thr) x3 $(qfield x3 cc_thr)"
	 [ "$(qfield p3 cc_thr)" = "$T8" ] && [ "$(qfield p4 cc_thr)" = "$T8" ] &&
	 [ "$(qfield p4 cc_rate)" = "$R2" ] && [ "$(qfield p3 cc_buf)" = 8192 ] &&
	 [ "$(qfield x3 cc_thr)" = "[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]" ]'

# Refusals: errno and extack, nothing changed.
checke "a default buffer of 10 bytes: ERANGE" \
	'expect_err $S1 34 "" $SNICCTL dev set sw0 sw_cc_buf 10'
checke "a threshold of 16 or a list of 16 VLs: refused before sending" \
	'! nsexec $S1 $SNICCTL dev set sw0 sw_cc_thr 16 2>/dev/null &&
	 ! nsexec $S1 $SNICCTL dev set sw0 sw_cc_rate 1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1 2>/dev/null'
checke "a NIC has no sw-cc: EOPNOTSUPP" \
	'expect_err $H1 95 "a switch" $SNICCTL dev set snic0 sw_cc_thr 8'
checke "nothing changed" \
	'nsexec $S1 $SNICCTL -j dev show sw0 |
	 $JQ -e ".[0] | .sw_cc_thr == $T8 and .sw_cc_buf == 8192" &&
	 [ "$(qfield p1 cc_buf)" = 8192 ]'
ktap_finish
