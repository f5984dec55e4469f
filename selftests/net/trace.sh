#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The snic:* tracepoints, read through tracefs, on the three-switch
# group of arn_detour.fab (s0: p1 h1, p2 s1, p3 s2; s1: p1 h2, p2 s0,
# p3 s2; s2: p1 h3, p2 s0, p3 s1) built with adaptive routing:
#  - every event of the system exists, with its documented fields;
#  - an incast on h2 (h1 and h3 send, s1's port to h2 at a quarter of the
#    line rate): one snic:fecn_mark per FECN that s1 counts, on the right
#    device, VL and LIDs; h2's snic:becn_tx (piggybacked or in CNs) to
#    the senders; h1's snic:becn_rx, one per BECN it counts, and its
#    snic:pace events raising the CCTI of DLID 2, then decaying it; the
#    fabric time of a device's events never goes back;
#  - a VL with no credits at h2: snic:credit_stall on s1's port, one per
#    stall it counts, and snic:hoq_discard once the head outlived its
#    lifetime, with its age;
#  - the s0-s1 link cut and restored: snic:arn_tx (failed, then
#    recovered) at s0, snic:arn_rx at s2, and snic:bpt_update at s0 for
#    DLID 2 from the direct candidate to the detour and back, by its own
#    monitor;
#  - events disabled, nothing more is written.
. "$(dirname "$0")/../lib.sh"

modules_load || { not_ok "modules load"; ktap_finish; }
T=/sys/kernel/tracing
[ -d $T/events ] || mount -t tracefs nodev $T 2>/dev/null
[ -d $T/events/snic ] || { not_ok "tracefs has the snic events"; ktap_finish; }
F=tr$(echo "$SFX" | cut -c1-4)
"$SNICCTL" fabric up "$(dirname "$0")/arn_detour.fab" name "$F" ar >/dev/null ||
	{ not_ok "fabric up arn_detour.fab ar"; ktap_finish; }
cleanup_trace() {
	echo 0 >$T/events/snic/enable
	echo >$T/trace
}
trap 'cleanup_trace; cleanup' EXIT
static_neigh "$F" 3
# The inode of a namespace: the events' netns field.
nsino() { nsexec "$F-$1" readlink /proc/self/ns/net | tr -dc 0-9; }
NS0=$(nsino s0) NS1=$(nsino s1) NS2=$(nsino s2) NH1=$(nsino h1) NH2=$(nsino h2)
TR=/tmp/trace.$SFX
# snap: the trace so far into $TR; ev NAME NETNS [DEV]: its lines of
# event NAME from devices of NETNS (named DEV).
snap() { cat $T/trace >$TR; }
# snapc FN: a snapshot that agrees with the counts FN prints, into $cnt:
# FN read before and after snap until both reads agree, so that no
# event of a sender still running falls between the counts and the
# snapshot.
snapc() {
	waitfor 20000 "cnt=\$($1); snap; [ \"\$($1)\" = \"\$cnt\" ]"
}
ev() { grep " $1: netns=$2 .* dev=${3:-[^ ]*} " $TR; }
fld() { sed -n "s/.* $1=\([^ ]*\).*/\1/p"; }	# fld NAME: values of a field
ctr() { counter "$F-$1" snic0 "$2"; }

echo 0 >$T/tracing_on
echo 8192 >$T/buffer_size_kb
echo >$T/trace
echo 1 >$T/events/snic/enable
echo 1 >$T/tracing_on

checke "the snic system has its nine events" \
	'for e in fecn_mark becn_rx becn_tx pace credit_stall hoq_discard \
		arn_tx arn_rx bpt_update; do
		[ "$(cat $T/events/snic/$e/enable 2>/dev/null)" = 1 ] || { echo "no $e"; exit 1; }
	 done'
checke "...with the device, LID, LIDs and fabric time in their formats" \
	'grep -q "field:u32 netns" $T/events/snic/pace/format &&
	 grep -q "field:u32 lid" $T/events/snic/becn_rx/format &&
	 grep -q "field:u64 ftime" $T/events/snic/arn_rx/format &&
	 grep -q "field:u32 dlid" $T/events/snic/fecn_mark/format &&
	 grep -q "field:u32 slid" $T/events/snic/hoq_discard/format &&
	 grep -q "field:u8 vl" $T/events/snic/credit_stall/format &&
	 grep -q "field:s8 cand" $T/events/snic/bpt_update/format'

# 1. A congestion episode.
nsexec "$F-s1" "$SNICCTL" qdisc set p1 rate 25gbit
mk0=$(vlsum "$F-s1" p1 fecn_marked) rb0=$(ctr h1 rx_becn)
incast_udp "$F" 2 2 1 3
waitfor 30000 "[ \$(vlsum $F-s1 p1 qlen) = 0 ]"
# (h1's and h3's NICs may still release parked packets, and h2 owes CNs
# for a window after its last FECN)
episode1() { echo "$(vlsum "$F-s1" p1 fecn_marked) $(ctr h1 rx_becn)"; }
snapc episode1 || echo "# the counts still moved after 20 s"
mk=$((${cnt% *} - mk0)) rb=$((${cnt#* } - rb0))
echo "# s1 p1 marked $mk, h1 rx_becn +$rb; $(wc -l <$TR) events, such as"
for e in fecn_mark becn_tx becn_rx pace; do
	grep -m1 " $e: " $TR | sed 's/^ */# /'
done
checke "one fecn_mark per FECN s1's port to h2 counted ($mk)" \
	'n=$(ev fecn_mark $NS1 p1 | wc -l); echo "$n events"
	 [ $mk -gt 0 ] && [ $n -eq $mk ]'
# The incast is rerouted in part (in-group detours): their SC is stepped.
checke "...each to DLID 2 from h1 or h3, on the VL of its SC" \
	'ev fecn_mark $NS1 p1 | grep -v " vl=\([0-7]\) .* sc=\1 slid=0x[13] dlid=0x2 " |
	 head -3 | grep . && exit 1; true'
checke "h2 sent BECNs to h1 and h3 (snic:becn_tx, lid 0x2, via a CN or piggybacked)" \
	'ev becn_tx $NH2 snic0 | grep -q "lid=0x2 .* dlid=0x1 sl=[0-7] via=" &&
	 ev becn_tx $NH2 snic0 | grep -q "lid=0x2 .* dlid=0x3 sl=[0-7] via="'
checke "...the CNs' counts add up to at most the FECNs h2 received" \
	'c=$(ev becn_tx $NH2 snic0 | fld count | awk "{ n += \$1 } END { print n + 0 }")
	 echo "counted $c, rx_fecn $(ctr h2 rx_fecn)"
	 [ $c -ge 1 ] && [ $c -le $(ctr h2 rx_fecn) ]'
checke "one snic:becn_rx at h1 per BECN it counted ($rb), from SLID 2" \
	'n=$(ev becn_rx $NH1 snic0 | grep -c "lid=0x1 .* slid=0x2 sl=[0-7] via=")
	 echo "$n events"; [ $rb -gt 0 ] && [ $n -eq $rb ]'
checke "h1's snic:pace raised the CCTI of DLID 2, with an IPD" \
	'ev pace $NH1 snic0 | grep "dlid=0x2 sl=[0-7] ccti=0->" | head -1 |
	 grep -q "ccti=0->[1-9][0-9]* ipd=[1-9]"'
# The decay is lazy, taken at the DLID's next packet: if the incast's
# last packets left before a timer period had passed since its last
# BECN, only the next one shows it (a ping from h1 each try).
checke "...and its recovery timer decays it again (ccti=k->k-1)" \
	'waitfor 20000 "nsexec $F-h1 ping -c 1 -W 1 10.0.0.2 >/dev/null; snap
		ev pace $NH1 snic0 | fld ccti |
		awk -F\"->\" \"\\\$2 < \\\$1 { ok = 1 } END { exit !ok }\""'
checke "h1's fabric time never goes back from one event to the next" \
	'ev "[a-z_]*" $NH1 snic0 | fld ftime |
	 awk "\$1 < p { print \"back: \" p \" -> \" \$1; exit 1 } { p = \$1 }"'

# 2. A VL without credits (h2 gives VL 1 a buffer of one frame, 24
#    credits, and drops every LIMIT it would send; a 1400-byte
#    datagram's frame takes all 24): the port stalls, and its head is
#    discarded after the lifetime (100 fabric us).
echo >$T/trace
nsexec "$F-h2" "$SNICCTL" dev set snic0 vlbuf 128,24
waitfor 5000 "[ \"\$(vlx $F-s1 p1 1 credits)\" = 24 ]"
nsexec "$F-h2" "$SNICCTL" dev set snic0 credit_drop 1000000
SNIC_XFER_COUNT=1 nsexec "$F-h1" "$TOOLS/snic_xfer" -u 10.0.0.2 7009 0 1400 1 >/dev/null
waitfor 5000 "[ \"\$(vlx $F-s1 p1 1 credits)\" = 0 ]" ||
	echo "# s1 p1 VL 1 kept $(vlx "$F-s1" p1 1 credits) credits"
echo >$T/trace
st0=$(vlx "$F-s1" p1 1 credit_stalls) hq0=$(vlx "$F-s1" p1 1 hoq_discards)
nsexec "$F-s1" "$SNICCTL" qdisc set p1 hoq 100
nsexec "$F-h1" timeout 8 "$TOOLS/snic_xfer" -c 10.0.0.2 7002 1000 1 \
	>/dev/null 2>&1 &
pids=$!
waitfor 15000 "[ \$(vlx $F-s1 p1 1 hoq_discards) -gt $hq0 ]"
# (the sender still retries its SYN, each a new stall and discard)
episode2() { echo "$(vlx "$F-s1" p1 1 credit_stalls) $(vlx "$F-s1" p1 1 hoq_discards)"; }
snapc episode2 || echo "# the counts still moved after 20 s"
st=$((${cnt% *} - st0)) hq=$((${cnt#* } - hq0))
echo "# s1 p1 VL 1: credit_stalls +$st hoq_discards +$hq"
checke "one snic:credit_stall (stalled) on s1's p1 VL 1 per stall counted" \
	'n=$(ev credit_stall $NS1 p1 | grep -c " vl=1 .* stalled ")
	 echo "$n events"; [ $st -gt 0 ] && [ $n -eq $st ]'
checke "one snic:hoq_discard per discard, h1's packet, older than 100 us" \
	'ev hoq_discard $NS1 p1 | grep " vl=1 " | sed "s/^/# /"
	 n=$(ev hoq_discard $NS1 p1 | grep -c " vl=1 .* slid=0x1 dlid=0x2 ")
	 [ $hq -gt 0 ] && [ $n -eq $hq ] &&
	 ev hoq_discard $NS1 p1 | fld age | awk "\$1 < 100000 { exit 1 }"'
wait $pids
nsexec "$F-s1" "$SNICCTL" qdisc set p1 hoq 0
nsexec "$F-h2" "$SNICCTL" dev set snic0 credit_drop 0 vlbuf 128

# 3. The s0-s1 link fails, and comes back.
echo >$T/trace
nsexec "$F-s0" $IP link set p2 down
waitfor 10000 "snap; ev bpt_update $NS0 sw0 | grep -q dlid=0x2"
checke "s0 sent a failed ARN of its own about its local link to s1" \
	'ev arn_tx $NS0 sw0 | grep -q "type=failed metric=255 .* local=[0-9]*:[0-9]* .* relay=0"'
checke "s2 took it in (snic:arn_rx, applied)" \
	'waitfor 10000 "snap; ev arn_rx $NS2 sw0 | grep -q \"type=failed .* res=applied\""'
checke "s0's entry for h2 moved from the direct link to the detour (monitor)" \
	'ev bpt_update $NS0 sw0 | grep -q "dlid=0x2\.\.0x2 cand=0->1 port=2->3 why=monitor"'
nsexec "$F-s0" $IP link set p2 up
checke "the link back: s0 says recovered, and the entry returns to it" \
	'waitfor 20000 "snap; ev arn_tx $NS0 sw0 | grep -q type=recovered &&
		ev bpt_update $NS0 sw0 | grep -q \"dlid=0x2\.\.0x2 cand=1->0 port=3->2\""'

# 4. Disabled: silent.
echo 0 >$T/events/snic/enable
echo >$T/trace
nsexec "$F-h1" ping -c 3 -i 0.2 -w 10 10.0.0.2 >/dev/null
nsexec "$F-s0" $IP link set p2 down
sleep 1
nsexec "$F-s0" $IP link set p2 up
# (ftrace prints an event as "NAME: fields", and every snic event's
# fields start with netns=: the pattern that found them above)
checke "events disabled: the same link cut writes nothing in the trace" \
	'snap; n=$(grep -c ": netns=[0-9]* " $TR); echo "$n snic events"; [ "$n" = 0 ]'
check "fabric down" "$SNICCTL" fabric down "$F"
ktap_finish
