#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# make bench's span figures (scripts/bench.sh runs this once on one guest
# and once split across two, run-span.sh --script): the fat-tree hot spot
# of bench.sh's tree_*, CCA on. fattree:2,2,2 at 25 Gb/s and dilation 10000 (split by
# leaves: h1, h2 on m1, h3, h4 on m2); h1 and h2 blast h4 with 1000-byte
# UDP datagrams for SECS seconds and h2 also sends to h3, the victim,
# whose path is free past h2's own link. Each guest prints what it holds:
#   SPAN sent FLOW N        a sender's datagrams (FLOW: h1-h4, h2-h4, h2-h3)
#   SPAN received FLOW N    a receiver's, per sender
#   SPAN victim_share X     h3's received bytes over SECS at the link rate,
#                           over its max-min fair share (0.5: h2's link
#                           split between its two flows; above 1 when
#                           CCA paces h2's hot flow below its share and
#                           the victim takes the rest of h2's link)
#   SPAN underlay_rtt_us X  m1's ping round trip to m2 over eth0 (mean)
#   SPAN end NODE/DEV sent N took N   a tunnel end's 16B packets sent (its
#                           sch_snic) and taken in (its port)
#   FIDELITY RUN VERDICT ...  this guest's fabric health (bench.sh's
#                           format; lost_credits among its figures)
# scripts/bench.sh pairs them up.
. "${TOP:-/snic}/selftests/span/lib.sh"

SECS=${SPAN_BENCH_SECONDS:-4}
# 25 Gb/s links, 2.5 Mb/s of wall time at dilation 10000: two TCG guests
# on two cores keep up with that (at 100 Gb/s neither guest was faithful)
GBIT=${SPAN_BENCH_GBIT:-25}
F=bs
modules_load || exit 1
if span_ready; then
	"$SNICCTL" fabric up fattree:2,2,2 name $F dilation 10000 \
		rate ${GBIT}gbit machines "$MACHINES" part "$ME" >/dev/null || exit 1
	span=1
else
	"$SNICCTL" fabric up fattree:2,2,2 name $F dilation 10000 \
		rate ${GBIT}gbit >/dev/null || exit 1
	span=0
fi
here() { [ -e "/run/netns/$F-$1" ]; }
for h in 1 2 3 4; do
	here h$h || continue
	for d in 1 2 3 4; do
		[ $h = $d ] || nsexec $F-h$h $IP neigh replace 10.0.0.$d \
			lladdr 02:53:4e:00:00:0$d dev snic0 nud permanent
	done
done
[ $span = 0 ] || span_sync up || exit 1
# The underlay's round trip, which a frame crossing machines adds to its
# path (one way: half of it, divided by the dilation, in fabric time).
if [ $span = 1 ] && [ $ME = m1 ]; then
	echo "SPAN underlay_rtt_us $(ping -q -c 20 -i 0.05 192.168.100.2 |
		sed -n 's|.* = [0-9.]*/\([0-9.]*\)/.*|\1|p' | awk '{ printf "%.0f", $1 * 1000 }')"
fi

if here h3; then
	nsexec $F-h3 "$TOOLS/snic_xfer" -U 6003 $((SECS + 30)) >/tmp/bs-v &
	nsexec $F-h4 "$TOOLS/snic_xfer" -U 6004 $((SECS + 30)) >/tmp/bs-h &
	sleep 0.5
	[ $span = 0 ] || span_put ready 1
fi
if here h1; then
	[ $span = 0 ] || span_get ready >/dev/null || exit 1
	nsexec $F-h1 "$TOOLS/snic_xfer" -u 10.0.0.4 6004 "$SECS" 1000 >/tmp/bs-1 &
	nsexec $F-h2 "$TOOLS/snic_xfer" -u 10.0.0.4 6004 "$SECS" 1000 >/tmp/bs-2 &
	nsexec $F-h2 "$TOOLS/snic_xfer" -u 10.0.0.3 6003 "$SECS" 1000 >/tmp/bs-3 &
fi
wait
if here h1; then
	echo "SPAN sent h1-h4 $(sed -n 's/^sent //p' /tmp/bs-1)"
	echo "SPAN sent h2-h4 $(sed -n 's/^sent //p' /tmp/bs-2)"
	echo "SPAN sent h2-h3 $(sed -n 's/^sent //p' /tmp/bs-3)"
fi
if here h3; then
	for h in 1 2; do
		echo "SPAN received h$h-h4 $(sed -n "s/^from 10.0.0.$h received \([0-9]*\) .*/\1/p" /tmp/bs-h)"
	done
	v=$(sed -n 's/^from 10.0.0.2 received \([0-9]*\) .*/\1/p' /tmp/bs-v)
	echo "SPAN received h2-h3 $v"
	# Its max-min fair share (h2 sends to h4 and h3 alike, h1 to h4),
	# and the dilation, as fabric traffic plans them on this fabric:
	# the rate it received over the link's wall rate (GBIT Gb/s over
	# the dilation), over that share. None when the victim's receiver
	# said nothing or the plan gave no share.
	p=$("$SNICCTL" -j fabric traffic $F flows:h1-h4@1,h2-h4@0.5,h2-h3@0.5 plan)
	fair=$(echo "$p" | $JQ -r '.flow[] | select(.src == "h2" and .dst == "h3") | .fair | numbers')
	dil=$(echo "$p" | $JQ -r '.dilation | numbers')
	[ -z "$v" ] || [ -z "$fair" ] || [ -z "$dil" ] ||
		echo "SPAN victim_share $(awk -v n="$v" -v s="$SECS" -v g="$GBIT" -v d="$dil" -v f="$fair" \
		'BEGIN { printf "%.3f", n * 1000 * 8 / (s * g * 1e9 / d) / f }')"
fi
# Quiet again before the tunnel ends are read.
sleep 3
[ $span = 0 ] || span_sync sent
for e in leaf1/p4 spine1/p2 spine2/p1 leaf2/p3; do
	[ $span = 1 ] && here "${e%/*}" || continue
	s=$(nsexec $F-${e%/*} "$SNICCTL" -j qdisc show ${e#*/} | $JQ '.[0].sent_16b')
	t=$(nsexec $F-${e%/*} "$SNICCTL" -j -s port show sw0 | $JQ --arg p "${e#*/}" \
		'first(.[] | select(.ifname == $p) | .stats |
		 .rx_packets + (.rx_mgmt // 0) +
		 ([to_entries[] | select((.key | test("^rx_drop_")) and
			(.key | test("^rx_drop_credit_") | not)) | .value] | add // 0))')
	echo "SPAN end $e sent $s took $t"
done
h=$("$SNICCTL" -j fabric health $F)
[ $span = 1 ] && run=span_$ME || run=span_single
echo "FIDELITY $run $(echo "$h" | $JQ -r .fidelity) $(echo "$h" | tr -d '{}"' | tr ',' ' ')"
[ $span = 0 ] || span_sync done
"$SNICCTL" fabric down $F >/dev/null
