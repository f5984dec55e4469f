#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# snicctl fabric traffic: every pattern sends where it says, the report
# accounts for every datagram (on a lossless fabric none is lost or
# misdelivered), latencies are ordered, and bad requests are refused.
# Behaviour only: no figure here depends on how fast the guest is.
# kernels: 6.12
. "$(dirname "$0")/../lib.sh"

modules_load || { not_ok "modules load"; ktap_finish; }
F=tr$(echo "$SFX" | cut -c1-4)
OUT=/tmp/traffic.$SFX
trap '"$SNICCTL" fabric down $F >/dev/null 2>&1; rm -f $OUT $OUT.txt; cleanup' EXIT

# tr ARGS...: run fabric traffic -j on $F into $OUT (and flat)
tr() {
	local rc

	"$SNICCTL" -j fabric traffic $F "$@" seconds 1 warmup 0.3 >$OUT
	rc=$?
	flat
	return $rc
}
# The report (-j) is one object, its hosts in "host" and, for pattern
# flows:, its flows in "flow":
#	{"fabric":F,"pattern":P,...,"host":[{"name":"h1","offered":0.2000,
#	 ...,"sources":N},...],"flow":[{"src":"h1","dst":"h4",...},...],
#	 "accepted_mean":...,"bins":[...],...,"sent":N,"received":N,...}
# flat: one jq reads it into $OUT.txt, for the checks to look up without
# starting jq again (0.1 s a start under TCG, and they read hundreds of
# values), one line each:
#	KEY VALUE...			a top-level value
#	host NAME KEY VALUE...		one of host NAME's entry
#	flow SRC DST KEY VALUE...	one of flow SRC-DST's entry
# a list as its numbers, one word each. jq prints a fraction as a number
# (0.3000 as 0.3): compare those with eq.
flat() {
	$JQ -r 'def words: if type == "array" then map(tostring) | join(" ")
			   else tostring end;
		(to_entries[] | select(.key != "host" and .key != "flow") |
		 "\(.key) \(.value | words)"),
		(.host[]? as $h | $h | to_entries[] |
		 "host \($h.name) \(.key) \(.value | words)"),
		(.flow[]? as $f | $f | to_entries[] |
		 "flow \($f.src) \($f.dst) \(.key) \(.value | words)")' \
		$OUT >$OUT.txt
}
# top KEY: a top-level value of the report
top() { awk -v k="$1" '$1 == k { print $2 }' $OUT.txt; }
# host NAME KEY: a value of host NAME's entry
host() {
	awk -v h="$1" -v k="$2" '$1 == "host" && $2 == h && $3 == k { print $4 }' \
		$OUT.txt
}
# flow SRC DST KEY: a value of flow SRC-DST's entry (pattern flows:)
flow() {
	awk -v s="$1" -v d="$2" -v k="$3" \
		'$1 == "flow" && $2 == s && $3 == d && $4 == k { print $5 }' $OUT.txt
}
pos() { awk -v v="$1" 'BEGIN { exit !(v > 0) }'; }
# eq A B: the numbers A and B are equal (A not empty)
eq() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a != "" && a + 0 == b + 0) }'; }
accounted() {	# every datagram in, none lost or misdelivered
	echo "sent $(top sent) received $(top received) lost $(top lost) misdelivered $(top misdelivered)"
	[ "$(top sent)" -gt 0 ] && [ "$(top received)" = "$(top sent)" ] &&
		[ "$(top lost)" = 0 ] && [ "$(top misdelivered)" = 0 ]
}

check "star:4 up" "$SNICCTL" fabric up star:4 name "$F"
check "permutation: runs" tr permutation load 0.2 seed 7
checke "permutation: every datagram accounted for, none lost" accounted
checke "the report's provenance: seed, warm-up, arrival, snicctl's version, the command" \
	'v=$("$SNICCTL" -V | cut -d" " -f2 | sed "s/,\$//")
	 echo "seed $(top seed) warmup_s $(top warmup_s) arrival $(top arrival) version $(top version) (snicctl -V: $v)"
	 grep "^command " $OUT.txt
	 [ "$(top seed)" = 7 ] && eq "$(top warmup_s)" 0.3 && [ "$(top arrival)" = const ] &&
	 [ "$(top version)" = "$v" ] &&
	 grep -qx "command snicctl fabric traffic $F permutation load 0.2 seed 7 seconds 1 warmup 0.3" $OUT.txt'
checke "each host's link rate in the report is its link's (h1's fab0 sch_snic, b/s)" \
	'r=$(nsexec $F-h1 "$SNICCTL" -j qdisc show fab0 | $JQ -r ".[0].rate")
	 echo "link_bps $(host h1 link_bps), sch_snic rate $r bytes/s"
	 [ -n "$r" ] && [ "$(host h1 link_bps)" = $((r * 8)) ]'
checke "permutation: each host hears from exactly one other" \
	'for h in h1 h2 h3 h4; do [ "$(host $h sources)" = 1 ] || exit 1; pos "$(host $h accepted)" || exit 1; done'
checke "IPv6 is off on every host's snic0 (no ND or MLD floods)" \
	'for h in h1 h2 h3 h4; do
		[ "$(nsexec $F-$h cat /proc/sys/net/ipv6/conf/snic0/disable_ipv6)" = 1 ] || exit 1
	 done'
checke "latency: fabric ns, p50 <= p99 <= max, one sample a datagram" \
	'p50=$(top latency_p50_ns) p99=$(top latency_p99_ns) max=$(top latency_max_ns)
	 echo "p50 $p50 p99 $p99 max $max n $(top latency_n)"
	 [ "$p50" -gt 0 ] && [ "$p50" -le "$p99" ] && [ "$p99" -le "$max" ] &&
	 [ "$(top latency_n)" -gt 0 ] && [ "$(top latency_n)" -le "$(top sent)" ]'
checke "the report states its dilation and its window in fabric time" \
	'[ "$(top dilation)" = 10000 ] && [ "$(top window_us)" = 100 ]'

# Raw samples and arrival processes: a row per datagram with its
# schedule (when the arrival process made it due), send and receive
# times; the schedule is the process's own, whatever the machine's speed
# did to the sends, so its gaps are asserted exactly.
S=/tmp/samples.$SFX.csv
# gaps: the schedule's gaps of each source's consecutive datagrams
gaps() { sed 1d $S | sort -t, -k1,1 -k3,3n |
	awk -F, '$1 == s && $3 == q + 1 { print $5 - p } { s = $1; q = $3; p = $5 }'; }
check "samples FILE: runs (permutation, const)" tr permutation load 0.2 seed 3 samples $S
checke "samples: its header, a row per datagram received, schedule <= send <= receive" \
	'echo "rows $(sed 1d $S | wc -l), received $(top received)"
	 [ "$(head -1 $S)" = "src,dst,seq,msg,sched_ns,send_ns,recv_ns,in_window" ] &&
	 [ "$(sed 1d $S | wc -l)" = "$(top received)" ] &&
	 sed 1d $S | awk -F, "\$5 > \$6 || \$6 > \$7 || \$1 == \$2 { print; bad = 1; exit } END { exit bad }"'
checke "samples: the window's latencies are the report's (max within a fabric ns)" \
	'm=$(sed 1d $S | awk -F, "\$8 == 1 && \$7 - \$6 > m { m = \$7 - \$6 } END { print m }")
	 echo "samples max $m, report max $(top latency_max_ns)"
	 [ $((m - $(top latency_max_ns))) -le 1 ] && [ $(($(top latency_max_ns) - m)) -le 1 ]'
checke "arrival const: every source's scheduled gap the same (to a fabric ns)" \
	'gaps | sort -n | sed -n "1p;\$p" | tr "\n" " "; echo
	 [ $(gaps | wc -l) -ge 100 ] && [ $(( $(gaps | sort -n | tail -1) - $(gaps | sort -n | head -1) )) -le 2 ]'
check "arrival poisson: runs" tr permutation load 0.2 seed 3 arrival poisson samples $S
checke "arrival poisson: exponential gaps, their coefficient of variation 1 (0.8..1.2)" \
	'gaps | awk "{ n++; s += \$1; q += \$1 * \$1 } END { m = s / n; c2 = (q / n - m * m) / (m * m)
		print n \" gaps, mean \" m \" ns, cv squared \" c2; exit !(n >= 100 && c2 > 0.64 && c2 < 1.44) }"'
checke "arrival poisson: the report says it" '[ "$(top arrival)" = poisson ]'
check "arrival onoff:4,12: runs" tr permutation load 0.2 seed 3 arrival onoff:4,12 samples $S
checke "arrival onoff:4,12: bursts at 4 times the rate (gaps of about 102 ns), silences of 12 us, nothing between" \
	'gaps | awk "\$1 < 200 { on++; next } \$1 >= 11800 { off++; next } { print \"gap \" \$1; bad = 1; exit }
		END { print on \" gaps in bursts, \" off \" silences\"; exit bad || !(on >= 50 && off >= 8) }"'
checke "arrival onoff that would send above line rate while ON: refused, said" \
	'out=$("$SNICCTL" fabric traffic $F permutation load 0.2 arrival onoff:1,9 seconds 1 2>&1); rc=$?
	 echo "$out"; [ $rc -ne 0 ] && echo "$out" | grep -q "at most 1"'
checke "arrival bogus: refused, exit 2, the values it takes said" \
	'out=$("$SNICCTL" fabric traffic $F permutation arrival bogus seconds 1 2>&1); rc=$?
	 echo "$out; exit $rc"; [ $rc -eq 2 ] && echo "$out" | grep -q "const, poisson or onoff:ON,OFF"'
printf '# half single datagrams, half 8\n1 0.5\n8 1\n' >$S.dist
check "msgdist FILE: runs" tr permutation load 0.2 seed 3 msgdist $S.dist samples $S
checke "msgdist: messages of 1 and of 8 datagrams, none longer; mean 4.5; FCTs measured" \
	'sed 1d $S | awk -F, "{ n[\$1 \" \" \$4]++ } END { for (k in n) c[n[k]]++
		for (l in c) print l \" datagrams: \" c[l] \" messages\" }" | sort -n | tee /tmp/md.$SFX
	 echo "msg_mean $(top msg_mean) fct_n $(top fct_n)"
	 grep -q "^1 datagrams" /tmp/md.$SFX && grep -q "^8 datagrams" /tmp/md.$SFX &&
	 awk "\$1 > 8 { exit 1 }" /tmp/md.$SFX &&
	 eq "$(top msg_mean)" 4.5 && [ "$(top fct_n)" -gt 0 ]'
printf '1 0.5\n8 0.4\n' >$S.bad
checke "msgdist with a falling CUMPROB: refused, the line named" \
	'out=$("$SNICCTL" fabric traffic $F permutation msgdist $S.bad seconds 1 2>&1); rc=$?
	 echo "$out"; [ $rc -ne 0 ] && echo "$out" | grep -q "$S.bad:2:"'
rm -f $S $S.dist $S.bad /tmp/md.$SFX

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

check "flows: runs" tr flows:h1-h4@0.2,h1-h2@0.1,h3-h2
checke "flows: each flow delivered in full, to its destination only" \
	'for f in h1:h4 h1:h2 h3:h2; do
		s=$(flow ${f%:*} ${f#*:} sent) r=$(flow ${f%:*} ${f#*:} received)
		echo "$f sent $s received $r"; [ "${s:-0}" -gt 0 ] && [ "$s" = "$r" ] || exit 1
	 done
	 [ "$(host h2 sources)" = 2 ] && [ "$(host h4 sources)" = 1 ] &&
	 [ "$(host h3 received)" = 0 ] && [ "$(host h4 sent)" = 0 ] && accounted'
checke "flows: h1 offers the sum of its flows (0.3), h3 the default (0.5)" \
	'eq "$(host h1 offered)" 0.3 && eq "$(host h3 offered)" 0.5 &&
	 eq "$(host h2 offered)" 0'
checke "flows: h1 sends twice as much to h4 as to h2 (weighted round robin)" \
	'a=$(flow h1 h4 sent) b=$(flow h1 h2 sent); echo "h1-h4 $a h1-h2 $b"
	 [ $((a - 2 * b)) -ge -2 ] && [ $((a - 2 * b)) -le 2 ]'
checke "flows: each flow's max-min fair share is what it offers when nothing is full" \
	'echo "fair $(flow h1 h4 fair) $(flow h1 h2 fair) $(flow h3 h2 fair)"
	 eq "$(flow h1 h4 fair)" 0.2 && eq "$(flow h1 h2 fair)" 0.1 && eq "$(flow h3 h2 fair)" 0.5'
check "flows: 1.6 of a link offered into h2: runs" \
	tr flows:h1-h2@0.8,h3-h2@0.8,h3-h4@0.2
checke "flows: the two into h2 are owed half its link each, h3-h4 its 0.2" \
	'echo "fair $(flow h1 h2 fair) $(flow h3 h2 fair) $(flow h3 h4 fair)"
	 eq "$(flow h1 h2 fair)" 0.5 && eq "$(flow h3 h2 fair)" 0.5 && eq "$(flow h3 h4 fair)" 0.2'
checke "flows: plan prints the same fair shares and sends nothing" \
	'p0=$(link_stat $F-h1 snic0 tx_packets)
	 "$SNICCTL" -j fabric traffic $F flows:h1-h2@0.8,h3-h2@0.8,h3-h4@0.2 plan >$OUT || exit 1
	 flat; echo "fair $(flow h1 h2 fair) $(flow h3 h2 fair) $(flow h3 h4 fair)"
	 eq "$(flow h1 h2 fair)" 0.5 && eq "$(flow h3 h2 fair)" 0.5 &&
	 eq "$(flow h3 h4 fair)" 0.2 && [ -z "$(flow h1 h2 sent)" ] &&
	 [ "$(link_stat $F-h1 snic0 tx_packets)" = "$p0" ]'
checke "plan: for flows: only, exit 1, saying why" \
	'o=$("$SNICCTL" fabric traffic $F uniform plan 2>&1); rc=$?; echo "$o"
	 [ $rc = 1 ] && echo "$o" | grep -q "^Error: plan: for flows: only"'
checke "flows: bad specs refused, exit 1, saying why" \
	'for spec in h1-h9 h1-h1 h1h2 h1-h2,h1-h2 h1-h2@0 h1-h2@0.6,h1-h3@0.6; do
		o=$("$SNICCTL" fabric traffic $F "flows:$spec" 2>&1); rc=$?
		echo "$spec: $o"; [ $rc = 1 ] && echo "$o" | grep -q "^Error: flows:" || exit 1
	 done'
check "incast:3 in messages of 4 (msg 4): runs" tr incast:3 load 0.2 msg 4
checke "msg 4: flow completion times, p50 <= p99 <= max, at most one a message" \
	'n=$(top fct_n) p50=$(top fct_p50_ns) p99=$(top fct_p99_ns) max=$(top fct_max_ns)
	 echo "messages $n fct p50 $p50 p99 $p99 max $max, sent $(top sent)"
	 [ "$(top msg)" = 4 ] && [ "${n:-0}" -gt 0 ] && [ $((n * 4)) -le "$(top sent)" ] &&
	 [ "$p50" -gt 0 ] && [ "$p50" -le "$p99" ] && [ "$p99" -le "$max" ] && accounted'
# list NAME: the numbers of top-level list NAME (bins, latency_cdf_ns);
# not with tr, which is the traffic run here
list() { awk -v k="$1" '$1 == k { $1 = ""; print substr($0, 2) }' $OUT.txt; }
# flow_bins SRC DST: flow SRC-DST's accepted load per bin
flow_bins() {
	awk -v s="$1" -v d="$2" '$1 == "flow" && $2 == s && $3 == d && $4 == "bins" {
		$1 = $2 = $3 = $4 = ""; print substr($0, 5) }' $OUT.txt
}
# mean_is V A B C...: the mean of A B C... is V, to 0.001
mean_is() { v=$1; shift; echo "$*" | awk -v v="$v" '{ for (i = 1; i <= NF; i++) s += $i }
	END { d = s / NF - v; exit !(NF > 0 && d < 0.001 && d > -0.001) }'; }
check "flows: in 4 bins (bins 4): runs" tr flows:h1-h4@0.3,h3-h2@0.1 load 0.2 bins 4
checke "bins: 4 of the window, over all hosts and per flow, averaging to the accepted load" \
	'b=$(list bins); echo "bins $b, bin_us $(top bin_us), accepted_mean $(top accepted_mean)"
	 [ $(echo $b | wc -w) = 4 ] && [ "$(top bin_us)" = 25 ] &&
	 mean_is "$(top accepted_mean)" $b || exit 1
	 for f in h1:h4 h3:h2; do
		fb=$(flow_bins ${f%:*} ${f#*:})
		echo "$f bins $fb accepted $(flow ${f%:*} ${f#*:} accepted)"
		[ $(echo $fb | wc -w) = 4 ] && mean_is "$(flow ${f%:*} ${f#*:} accepted)" $fb || exit 1
	 done'
checke "latency CDF: 14 quantiles, in order, p50 and max agree with the report" \
	'q=$(list latency_cdf_ns); echo "cdf $q p50 $(top latency_p50_ns) max $(top latency_max_ns)"
	 set -- $q; [ $# = 14 ] && [ "$7" = "$(top latency_p50_ns)" ] &&
	 [ "${14}" -le "$(top latency_max_ns)" ] &&
	 echo "$q" | awk "{ for (i = 2; i <= NF; i++) if (\$i < \$(i - 1)) exit 1 }"'
checke "bins 0 or bins 1001: usage, exit 2" \
	'"$SNICCTL" fabric traffic $F uniform bins 0 2>/dev/null; a=$?
	 "$SNICCTL" fabric traffic $F uniform bins 1001 2>/dev/null; b=$?
	 echo "exit $a, $b"; [ $a = 2 ] && [ $b = 2 ]'
checke "msg 0 or msg 2000: usage, exit 2" \
	'"$SNICCTL" fabric traffic $F incast:3 msg 0 2>/dev/null; a=$?
	 "$SNICCTL" fabric traffic $F incast:3 msg 2000 2>/dev/null; b=$?
	 echo "exit $a, $b"; [ $a = 2 ] && [ $b = 2 ]'
checke "adv+1 on a star: exit 1, names why" \
	'o=$("$SNICCTL" fabric traffic $F adv+1 2>&1); rc=$?; echo "$o"
	 [ $rc = 1 ] && echo "$o" | grep -q "needs a fabric of groups"'
checke "incast:4 on 4 hosts: exit 1, needs 5 hosts" \
	'o=$("$SNICCTL" fabric traffic $F incast:4 2>&1); rc=$?; echo "$o"
	 [ $rc = 1 ] && echo "$o" | grep -q "needs 5 hosts"'
checke "a bad pattern or load 0: usage, exit 2; size 40: an error, exit 1" \
	'"$SNICCTL" fabric traffic $F zigzag 2>/dev/null; a=$?
	 "$SNICCTL" fabric traffic $F uniform load 0 2>/dev/null; b=$?
	 echo "exit $a, $b"; [ $a = 2 ] && [ $b = 2 ] &&
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
check "adv+1 flip uniform every 1000000: runs" \
	tr adv+1 flip uniform every 1000000 load 0.2 seed 3
checke "a phase longer than the run: adv+1 only (2 sources at most each)" \
	'echo "flip $(top flip) every $(top every_us)"
	 [ "$(top every_us)" = 1000000 ] &&
	 for h in h1 h2 h3 h4 h5 h6; do [ "$(host $h sources)" -le 2 ] || exit 1; done; accounted'
check "adv+1 flip uniform every 5: runs" tr adv+1 flip uniform every 5 load 0.2 seed 3
checke "phases of 5 fabric us: the uniform ones reach other groups too" \
	'n=0; for h in h1 h2 h3 h4 h5 h6; do [ "$(host $h sources)" -gt 2 ] && n=$((n + 1)); done
	 echo "$n hosts with more than 2 sources"; [ $n -gt 0 ] && accounted'
checke "flip with a fixed-target pattern, or no pattern: exit 1" \
	'o=$("$SNICCTL" fabric traffic $F permutation flip uniform 2>&1); rc=$?; echo "$o"
	 [ $rc = 1 ] && echo "$o" | grep -q "uniform and adv+H patterns only" &&
	 ! "$SNICCTL" fabric traffic $F uniform flip zigzag 2>/dev/null &&
	 ! "$SNICCTL" fabric traffic $F uniform flip adv+1 every 0 2>/dev/null'
check "uniform: runs" tr uniform load 0.2 seed 3
checke "uniform: hosts hear from other groups too (more than 2 sources)" \
	'n=0; for h in h1 h2 h3 h4 h5 h6; do [ "$(host $h sources)" -gt 2 ] && n=$((n + 1)); done
	 echo "$n hosts with more than 2 sources"; [ $n -gt 0 ]'
ktap_finish
