#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# snicctl fabric record: a time series of the incast of star:3 (h1 and h2
# send to h3 through s1, its port to h3 at a quarter of the line rate),
# sampled every 20 us of fabric time (0.2 s of wall time at dilation
# 10000). The CSV has its header and a row per link end and VL that
# carried something and per tracked DLID of a NIC; its fabric time only
# grows; it shows the hot port's queue (s1 p3) building up and its FECN
# marks growing, credits held in s1's buffers, and the senders' CCTI of
# DLID 3 above 0; each row carries the kernel's monotonic time (mono_ns),
# so that it lines up with a traffic run and with tracepoints. -j gives
# the same as JSON lines.
# kernels: 6.12
. "$(dirname "$0")/../lib.sh"

modules_load || { not_ok "modules load"; ktap_finish; }
F=rc$(echo "$SFX" | cut -c1-4)
"$SNICCTL" fabric up star:3 name "$F" >/dev/null ||
	{ not_ok "fabric up star:3"; ktap_finish; }
nsexec "$F-s1" "$SNICCTL" qdisc set p3 rate 25gbit
static_neigh "$F" 3
R=/tmp/rec.$SFX.csv
# CLOCK_MONOTONIC now, ns (the kernel's, as the rows' mono_ns)
mono() { sed -n 's/^now at \([0-9]*\) nsecs.*/\1/p' /proc/timer_list | head -n 1; }
m0=$(mono)
"$SNICCTL" fabric record "$F" interval 20 samples 20 -o $R &
rec=$!
incast_udp "$F" 3 2 1 2
wait $rec
st=$?
m1=$(mono)
echo "# $(wc -l <$R) rows; the hot port's:"
grep "^[0-9]*,s1,p3,0," $R | head -5 | sed 's/^/#   /'
checke "fabric record ran to its 20th sample, 380 us of fabric time on" \
	'[ $st = 0 ] && t=$(tail -1 $R | cut -d, -f1) && echo "last $t" &&
	 [ "$t" -ge 380 ]'
checke "the CSV header" \
	'[ "$(head -1 $R)" = "t_us,node,dev,vl,qlen,backlog,used,marked,dlid,ccti,mono_ns" ]'
checke "each row's mono_ns is the kernel's CLOCK_MONOTONIC within the run, and its t_us moves with it (dilation 10000)" \
	'sed 1d $R | awk -F, -v a=$m0 -v b=$m1 "
		NR == 1 { s = \$11; u = \$1 }
		\$11 < a || \$11 > b || \$11 < p { print \"bad mono_ns: \" \$0; bad = 1; exit }
		int((\$11 - s) / 1000 / 10000) > \$1 - u + 1 || int((\$11 - s) / 1000 / 10000) < \$1 - u - 1 {
			print \"t_us and mono_ns disagree: \" \$0; bad = 1; exit }
		{ p = \$11; n++ } END { print n \" rows\"; exit bad || !n }"'
checke "its fabric time only grows" \
	'sed 1d $R | cut -d, -f1 | awk "\$1 < p { exit 1 } { p = \$1 }"'
checke "the hot port s1 p3 (VL 0) queued packets and bytes" \
	'grep "^[0-9]*,s1,p3,0," $R | awk -F, "\$5 > 0 && \$6 > 0 { ok = 1 } END { exit !ok }"'
checke "...and its FECN marks grew from sample to sample" \
	'grep "^[0-9]*,s1,p3,0," $R | awk -F, "NR == 1 { a = \$8 } { b = \$8 } END { exit !(b > a) }"'
checke "s1 held credits in a receive buffer (the senders' ports)" \
	'grep "^[0-9]*,s1,p[12],0," $R | awk -F, "\$7 > 0 { ok = 1 } END { exit !ok }"'
checke "h1 and h2 paced DLID 3 (CCTI above 0 in some sample)" \
	'grep -q "^[0-9]*,h1,snic0,,,,,,3,[1-9]" $R &&
	 grep -q "^[0-9]*,h2,snic0,,,,,,3,[1-9]" $R'
checke "-j: JSON lines with the same keys" \
	'"$SNICCTL" -j fabric record "$F" interval 1 samples 2 >$R.j &&
	 $JQ -e "select(.node == \"s1\" and .dev == \"p3\" and .vl == 0 and
		(.qlen | numbers) and (.marked | numbers) and (.mono_ns | numbers))" $R.j >/dev/null'
check "fabric down" "$SNICCTL" fabric down "$F"
ktap_finish
