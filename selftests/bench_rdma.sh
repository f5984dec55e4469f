# SPDX-License-Identifier: GPL-2.0
#
# RDMA over the fabric (issue 33): a section of selftests/bench.sh,
# sourced by it (its bench, sample, figure, ratio, fidelity and up).
#
# "fabric up fattree:2,2,2 ... rdma" at 10 Gb/s and dilation 10000 (1 Mb/s
# of wall time: at 100 Gb/s more than 10 % of the frames were later than
# their time on the link, UNFAITHFUL), h1 and h2 on leaf1, h3 and h4 on
# leaf2. Two paths from h1: to h2 through one switch (1hop), to h4
# through three (3hop: leaf1, a spine, leaf2). In each of three rounds,
# per path, one after the other:
#  - the rate: bytes/s the receiver's snic0 takes in the transfer's
#    steady state, from its 64 KB-th byte to its 576 KB-th (16B bytes on
#    the wire, headers and all, counted the same for both): an RDMA write
#    (perftest's ib_write_bw, 40 x 16 KB, 16 in flight) and one TCP
#    connection (snic_xfer, 1 MB, checked end to end);
#  - the round trip, on a fabric of its own at 2.5 Gb/s: ibv_rc_pingpong's
#    (64-byte sends, 20 iterations, usec/iter by its own wall clock) and
#    ping's (20, the mean), host to host.
# Then an RDMA write incast: h1, h2 and h3 write 24 x 16 KB each into h4
# at once (16 in flight, ACK timeout 4.3 s), CCA on and off (sw_marking 0
# on every switch; which first alternates by round, and each starts once
# no NIC paces): its completion time runs from the writers' start
# (their servers listening) to the last writer's end, in fabric us; it
# includes each writer's connection setup, the same on and off.
#   rdma_write_vs_tcp_1hop, _3hop   the RDMA rate over TCP's
#   rdma_write_gbps_1hop, _3hop     the RDMA rate, Gb/s of fabric time
#   rdma_rtt_vs_ping_1hop, _3hop    the RDMA round trip over ping's
#   rdma_rtt_us_1hop, _3hop         the RDMA round trip, fabric us
#   rdma_incast_fct_on_us, _off_us  the incast's completion time
#   rdma_incast_fct_on_vs_off       their ratio (CCA no worse: <= 1)
# Every run is followed by its fidelity (FIDELITY rdma_*).
RL=/tmp/bench-rdma.$SFX
RBN=40
rb_rx() { link_stat "$RB-h$1" snic0 rx_bytes; }
rb_past() { [ "$(rb_rx "$1")" -ge "$2" ]; }
# rb_rate HOST B0: bytes/s of wall time HOST's snic0 takes between the
# 64 KB-th and the 576 KB-th byte after B0 (nothing if it did not)
rb_rate() {
	local t0 t1

	busywait 120000 rb_past "$1" $(($2 + 65536)) || return 0
	t0=$(up)
	busywait 120000 rb_past "$1" $(($2 + 589824)) || return 0
	t1=$(up)
	awk -v a="$t0" -v b="$t1" 'BEGIN { if (b > a) printf "%.0f", 524288 / (b - a) }'
}
# rb_verbs PORT DST-ARGS -- SRC-ARGS: PROG's server on one device and,
# once it listens, its client through 127.0.0.1 on another, in the
# background; their pids in $rb_pids (the client's last)
rb_verbs() {
	local port=$1 prog=$2 s=""

	shift 2
	while [ "$1" != -- ]; do s="$s $1"; shift; done
	shift
	# shellcheck disable=SC2086
	hostrun - timeout 120 "$prog" -p "$port" $s >"$RL.s$port" 2>&1 &
	rb_pids=$!
	busywait 60000 listening "$port"
	hostrun - timeout 120 "$prog" -p "$port" "$@" 127.0.0.1 >"$RL.c$port" 2>&1 &
	rb_pids="$rb_pids $!"
}
rb_write() {	# rb_write DST: h1's RDMA write rate to DST (bytes/s, wall)
	local b0 r

	b0=$(rb_rx "$1")
	rb_verbs 18700 ib_write_bw -d "$RB-h$1" -x 1 -F -n $RBN -s 16384 -t 16 -u 20 -- \
		-d "$RB-h1" -x 1 -F -n $RBN -s 16384 -t 16 -u 20
	r=$(rb_rate "$1" "$b0")
	# shellcheck disable=SC2086
	wait $rb_pids
	grep -Eq "^ 16384[[:space:]]+$RBN[[:space:]]" "$RL.c18700" || {
		echo "# rdma write to h$1: $(tail -n 2 "$RL.c18700" | tr '\n' ' ')" >&2
		return 0
	}
	echo "$r"
}
rb_tcp() {	# rb_tcp DST: one TCP connection's rate h1 -> DST (bytes/s, wall)
	local b0 r p rx tx

	: >"$RL.tl"
	nsexec "$RB-h$1" timeout 120 "$TOOLS/snic_xfer" -l 5001 >"$RL.tl" &
	p=$!
	busywait 10000 grep -q listening "$RL.tl"
	b0=$(rb_rx "$1")
	nsexec "$RB-h1" timeout 120 "$TOOLS/snic_xfer" -c "10.0.0.$1" 5001 1048576 >"$RL.tc" &
	r=$(rb_rate "$1" "$b0")
	wait $p $!
	# the bytes and their checksum, as sent
	rx=$(sed -n 's/^received //p' "$RL.tl") tx=$(sed -n 's/^sent //p' "$RL.tc")
	if [ "${rx%% *}" != 1048576 ] || [ "$rx" != "$tx" ]; then
		echo "# tcp to h$1: $(cat "$RL.tl" "$RL.tc" | tr '\n' ' ')" >&2
		return 0
	fi
	echo "$r"
}
rb_rtt() {	# rb_rtt DST: ibv_rc_pingpong's round trip h1 <-> DST (us, wall)
	rb_verbs 18701 ibv_rc_pingpong -d "$RB-h$1" -g 1 -s 64 -n 20 -- \
		-d "$RB-h1" -g 1 -s 64 -n 20
	# shellcheck disable=SC2086
	wait $rb_pids
	sed -n 's/^20 iters in [0-9.]* seconds = \([0-9.]*\) usec\/iter$/\1/p' "$RL.c18701"
}
rb_ping() {	# rb_ping DST: ping's mean round trip h1 <-> DST (us, wall)
	# (ARP first: the RDMA devices' neighbours are permanent, snic0's not)
	hostrun "$RB-h1" ping -q -c 1 -w 5 "10.0.0.$1" >/dev/null 2>&1
	hostrun "$RB-h1" ping -q -c 20 -i 0.2 "10.0.0.$1" 2>&1 |
		sed -n 's|.* = [0-9.]*/\([0-9.]*\)/.*|\1|p' |
		awk '{ printf "%.0f", $1 * 1000 }'
}
rb_incast() {	# rb_incast: the incast's completion time (s, wall)
	local h s="" c="" t0 t1

	for h in 1 2 3; do
		hostrun - timeout 120 ib_write_bw -d "$RB-h4" -x 1 -F -p $((18710 + h)) \
			-n 24 -s 16384 -t 16 -u 20 >"$RL.s$h" 2>&1 &
		s="$s $!"
	done
	for h in 1 2 3; do
		busywait 60000 listening $((18710 + h))
	done
	t0=$(up)
	for h in 1 2 3; do
		hostrun - timeout 120 ib_write_bw -d "$RB-h$h" -x 1 -F -p $((18710 + h)) \
			-n 24 -s 16384 -t 16 -u 20 127.0.0.1 >"$RL.c$h" 2>&1 &
		c="$c $!"
	done
	# shellcheck disable=SC2086
	wait $c
	t1=$(up)
	# shellcheck disable=SC2086
	wait $s
	for h in 1 2 3; do
		grep -Eq '^ 16384[[:space:]]+24[[:space:]]' "$RL.c$h" || {
			echo "# incast writer h$h: $(tail -n 2 "$RL.c$h" | tr '\n' ' ')" >&2
			return 0
		}
	done
	awk -v a="$t0" -v b="$t1" 'BEGIN { if (b > a) printf "%.3f", b - a }'
}
# rb_cc_idle: no NIC of the fabric paces any DLID (every tracked CCTI 0),
# so that an incast does not start on what the one before left
rb_cc_idle() {
	local h

	for h in 1 2 3 4; do
		[ "$(nsexec "$RB-h$h" "$SNICCTL" -j cc show snic0 |
			$JQ '[.[] | select(.ccti > 0)] | length')" = 0 ] || return 1
	done
}
# rb_incast_cc 0|1: the incast with the switches' marking off or on, once
# no NIC paces (nothing if marking could not be set or pacing did not
# drain)
rb_incast_cc() {
	"$SNICCTL" fabric set $RB switches sw_marking "$1" >/dev/null &&
		busywait 60000 rb_cc_idle && rb_incast
}
# fabric-time units of wall ones at the fabric's dilation
rb_gbps() { num "$1" && awk -v r="$1" -v d="$RBD" 'BEGIN { printf "%.2f", r * 8 * d / 1e9 }'; }
rb_fabric_us() { num "$1" && awk -v t="$1" -v m="$2" -v d="$RBD" 'BEGIN { printf "%.3f", t * m / d }'; }

# rb_up NAME RATE FIGURE...: the fabric, its RDMA devices ACTIVE, its
# dilation in RBD; else it goes down again, and each FIGURE gets a round
# that measured nothing, said why
rb_up() {
	local why=

	RB=$1
	if ! hostroot_ready >/dev/null; then
		why="no host userland (hostrun)"
	elif ! "$SNICCTL" fabric up fattree:2,2,2 name "$RB" rate "$2" rdma >/dev/null; then
		why="fabric up $RB failed"
	elif ! waitfor 20000 '[ "$($RDMA link | grep -c "^link $RB-h.*state ACTIVE")" = 4 ]'; then
		why="$RB's RDMA devices not ACTIVE"
	else
		RBD=$("$SNICCTL" -j fabric show "$RB" | $JQ -r '.dilation')
		num "$RBD" && [ "$RBD" -gt 0 ] || why="$RB's dilation unread (\"$RBD\")"
	fi
	if [ -z "$why" ]; then
		"$SNICCTL" fabric health "$RB" mark >/dev/null
		return 0
	fi
	"$SNICCTL" fabric down "$RB" >/dev/null 2>&1
	shift 2
	for f; do
		sample "$f" "" "$why"
	done
	return 1
}
# rb_vs M REF RATIO ABS FN: over one switch (h1 -> h2, "1hop") and
# three (h1 -> h4, "3hop"), rb_M's measure and rb_REF's, each run's
# fidelity (rdma_M_HOPS, rdma_REF_HOPS), their ratio (rdma_RATIO_HOPS)
# and FN of M's measure (rdma_ABS_HOPS)
rb_vs() {
	local p n d x y

	for p in 1hop:2 3hop:4; do
		n=${p%:*} d=${p#*:}
		x=$("rb_$1" "$d")
		fidelity "rdma_$1_$n" $RB
		y=$("rb_$2" "$d")
		fidelity "rdma_$2_$n" $RB
		sample "rdma_$3_$n" "$(ratio "$x" "$y")"
		sample "rdma_$4_$n" "$("$5" "$x")"
	done
}
rb_rtt_us() { rb_fabric_us "$1" 1; }
if rb_up rb 10gbit rdma_write_vs_tcp_1hop rdma_write_gbps_1hop \
	rdma_write_vs_tcp_3hop rdma_write_gbps_3hop rdma_incast_fct_on_us \
	rdma_incast_fct_off_us rdma_incast_fct_on_vs_off; then
	for round in $(seq "${RB_ROUNDS:-3}"); do
		rb_vs write tcp write_vs_tcp write_gbps rb_gbps
		# on first in odd rounds, off first in even ones
		for cc in $([ $((round % 2)) = 1 ] && echo "1 0" || echo "0 1"); do
			if [ "$cc" = 1 ]; then
				on=$(rb_incast_cc 1)
				fidelity rdma_incast_on $RB
			else
				off=$(rb_incast_cc 0)
				fidelity rdma_incast_off $RB
			fi
		done
		sample rdma_incast_fct_on_us "$(rb_fabric_us "$on" 1000000)"
		sample rdma_incast_fct_off_us "$(rb_fabric_us "$off" 1000000)"
		sample rdma_incast_fct_on_vs_off "$(ratio "$on" "$off")"
	done
	"$SNICCTL" fabric down $RB >/dev/null
fi
# The round trips on a fabric of their own at 2.5 Gb/s (250 kb/s of wall
# time): their frames are small, and at 10 Gb/s the guest's timer
# lateness exceeds the time on the wire of more than 10 % of them
# (UNFAITHFUL, 104 and 128 per mille in a trial).
if rb_up rl 2500mbit rdma_rtt_vs_ping_1hop rdma_rtt_us_1hop \
	rdma_rtt_vs_ping_3hop rdma_rtt_us_3hop; then
	for round in $(seq "${RB_ROUNDS:-3}"); do
		rb_vs rtt ping rtt_vs_ping rtt_us rb_rtt_us
	done
	"$SNICCTL" fabric down $RB >/dev/null
fi
for n in 1hop 3hop; do
	RUNS="rdma_write_$n rdma_tcp_$n" figure "rdma_write_vs_tcp_$n"
	RUNS="rdma_write_$n" figure "rdma_write_gbps_$n" %.2f
	RUNS="rdma_rtt_$n rdma_ping_$n" figure "rdma_rtt_vs_ping_$n"
	RUNS="rdma_rtt_$n" figure "rdma_rtt_us_$n"
done
RUNS=rdma_incast_on figure rdma_incast_fct_on_us %.1f
RUNS=rdma_incast_off figure rdma_incast_fct_off_us %.1f
RUNS="rdma_incast_on rdma_incast_off" figure rdma_incast_fct_on_vs_off
RUNS=
rm -f "$RL".*
