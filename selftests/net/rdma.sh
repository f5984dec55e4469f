#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Verbs programs nobody here wrote, unmodified, over the fabric, with two
# CPU hogs in the guest: "snicctl fabric up fattree:2,2,2 ... rdma"
# gives each host an RDMA device named after it (Soft-RoCE on an ipvlan
# device of its snic0, in the initial netns: fabric_rdma.c), ACTIVE, its
# GID the host's RDMA address; a second RDMA fabric on the machine is
# refused, said. Between h1 and h4 (across the spines): ibv_rc_pingpong
# with its received buffers checked (-c), perftest's RDMA write, read
# and send bandwidth and write and send latency (each prints its result
# row, and the receiving snic0 took at least the bytes moved), and rping
# over the RDMA connection manager with its data verified (-V). A host's
# RDMA traffic to itself loops back inside it. An MPI job over verbs
# (Open MPI with UCX, 4 ranks, one per host's RDMA device): an alltoall,
# every block checked, through every device and the fabric. An RDMA
# incast (h1, h2, h3 write into h4 at once) is paced by CCA: h4 saw
# FECNs, the writers BECNs and paced packets, and no switch dropped a
# frame on the lossless VL. "fabric down" deletes the RDMA devices, their
# routing rules, and puts the local table's rule back at pref 0. On a
# Dragonfly with adaptive routing, an RDMA write stream whose global
# link goes down midway is moved by ARN through another group and runs
# to its end. It passes on 6.12 too (run-vm.sh --kver 6.12...); make
# check runs it once, on 6.1: at 4 to 5 minutes it is the suite's
# longest test, and twice it put make check over its 30 minutes.
# kernels: 6.1
. "$(dirname "$0")/../lib.sh"

modules_load || { not_ok "modules load"; ktap_finish; }
hostroot_ready >/dev/null || { not_ok "the host's userland (hostrun)"; ktap_finish; }
F=rd$(echo "$SFX" | cut -c1-3)
"$SNICCTL" fabric up fattree:2,2,2 name "$F" rdma >/dev/null ||
	{ not_ok "fabric up fattree:2,2,2 rdma"; ktap_finish; }
# an aborted run takes the fabric down too: its rules are the initial
# netns's, which later tests share
F0=$F
rdma_cleanup() {
	"$SNICCTL" fabric down "$F0" >/dev/null 2>&1
	"$SNICCTL" fabric down "${F0}d" >/dev/null 2>&1
	cleanup
}
trap rdma_cleanup EXIT
L=/tmp/rdma.$SFX

# gid DEV: DEV's GID at index 1 (the IPv4 one: IPv6 is off on it)
gid() { cat "/sys/class/infiniband/$1/ports/1/gids/1"; }
# (the GIDs come from the addresses a moment after the devices)
waitfor 20000 '[ "$($RDMA link | grep -c "state ACTIVE")" = 4 ] &&
	[ "$(gid $F-h4)" = "0000:0000:0000:0000:0000:ffff:c612:0004" ]'
checke "an ACTIVE RDMA device per host, on its own netdev" \
	'out=$($RDMA link); echo "$out"
	 for h in 1 2 3 4; do
		echo "$out" | grep -q "^link $F-h$h/1 state ACTIVE .* netdev $F-h$h *$" || exit 1
	 done'
checke "...its GID the host's RDMA address (198.18.0.0/15 + LID)" \
	'for h in 1 2 3 4; do
		g=$(gid $F-h$h); echo "$F-h$h $g"
		[ "$g" = "0000:0000:0000:0000:0000:ffff:c612:000$h" ] || exit 1
	 done'
checke "fabric show names each host's RDMA device and address (text, -j)" \
	'"$SNICCTL" fabric show "$F" | grep -q "^host h4 .* rdma $F-h4 addr 198.18.0.4" &&
	 "$SNICCTL" -j fabric show "$F" |
		$JQ -e ".nodes[] | select(.name == \"h4\") | .rdma == \"$F-h4\" and .rdma_addr == \"198.18.0.4\""'
checke "a second RDMA fabric on the machine is refused, said (status 1)" \
	'out=$("$SNICCTL" fabric up star:2 name "${F}b" rdma 2>&1); st=$?; echo "$out"
	 [ $st = 1 ] && echo "$out" | grep -q "an RDMA fabric is up on this machine already"'

hogs 2
# verbs PORT SERVER-ARGS -- CLIENT-ARGS: PROG on h4's device (server,
# its QP numbers exchanged over TCP PORT) and, once it listens, on h1's
# (client, through 127.0.0.1: the programs' own exchange stays off the
# fabric); the client's output in $L, the server's in $L.srv. A server
# left waiting by a failed client is stopped.
verbs() {
	local port=$1 prog=$2 s="" p

	shift 2
	while [ "$1" != -- ]; do s="$s $1"; shift; done
	shift
	# shellcheck disable=SC2086
	hostrun - timeout 300 $prog $s >$L.srv 2>&1 &
	p=$!
	waitfor 60000 "listening $port || ! kill -0 $p"
	hostrun - timeout 300 "$prog" "$@" 127.0.0.1 >$L 2>&1 ||
		waitfor 10000 "! kill -0 $p" || hostrun - pkill -f "$prog"
	wait $p
}
# rx H: what host H's snic0 received, in bytes (said if unreadable)
rx() {
	local v

	v=$(counter "$F-h$1" snic0 rx_bytes 2>&1)
	isnum "$v" || echo "h$1 rx_bytes unreadable: \"$v\"" >&2
	echo "$v"
}

b0=$(rx 4)
verbs 18515 ibv_rc_pingpong -d "$F-h4" -g 1 -c -n 50 -s 4096 -- \
	-d "$F-h1" -g 1 -c -n 50 -s 4096
checke "ibv_rc_pingpong h1 <-> h4, received buffers checked (-c), over the fabric" \
	'tail -2 $L; grep -q "^409600 bytes in .* seconds" $L && ! grep -qi "error\|fail" $L $L.srv &&
	 r=$(( $(rx 4) - b0 )); echo "h4 snic0 took $r bytes"; [ "$r" -ge 204800 ]'
# perf NAME ROW-RE RX-HOST MIN-BYTES PROG ARGS...: a perftest run h1 ->
# h4, its result row, and RX-HOST's snic0 took MIN-BYTES or more.
perf() {
	local name=$1 re=$2 h=$3 min=$4 prog=$5 r0

	shift 5
	r0=$(rx "$h")
	verbs 18515 "$prog" -d "$F-h4" -x 1 -F "$@" -- -d "$F-h1" -x 1 -F "$@"
	checke "$name h1 -> h4: its result row, and the bytes crossed the fabric" \
		'grep -Eq "$re" $L || { tail -4 $L; tail -4 $L.srv; false; } &&
		 r=$(( $(rx $h) - r0 )); echo "h$h snic0 took $r bytes"; [ "$r" -ge "$min" ]'
}
perf ib_write_bw '^ 8192[[:space:]]+20[[:space:]]+[0-9.]+[[:space:]]+[0-9.]+' 4 163840 ib_write_bw -n 20 -s 8192
perf ib_read_bw '^ 8192[[:space:]]+20[[:space:]]+[0-9.]+[[:space:]]+[0-9.]+' 1 163840 ib_read_bw -n 20 -s 8192
perf ib_send_bw '^ 8192[[:space:]]+20[[:space:]]+[0-9.]+[[:space:]]+[0-9.]+' 4 163840 ib_send_bw -n 20 -s 8192
# (the latency tests' row: all 50 iterations done; its times need the
# CPU's clock rate, which perftest may fail to measure in a busy TCG guest
# and then prints as inf: a figure for make bench, not a check here)
perf ib_write_lat '^ 64[[:space:]]+50[[:space:]]' 4 3200 ib_write_lat -n 50 -s 64
perf ib_send_lat '^ 64[[:space:]]+50[[:space:]]' 4 3200 ib_send_lat -n 50 -s 64

hostrun - timeout 300 rping -s -a 198.18.0.4 -C 20 -V >$L.srv 2>&1 &
p=$!
waitfor 60000 "$RDMA res show cm_id | grep -q \"state LISTEN .*comm rping\" || ! kill -0 $p"
hostrun - timeout 300 rping -c -a 198.18.0.4 -I 198.18.0.1 -C 20 -v -V >$L 2>&1
st=$?
[ $st = 0 ] || waitfor 10000 "! kill -0 $p" || hostrun - pkill -f "rping -s"
wait $p
checke "rping h1 -> h4 over the RDMA CM: 20 pings, data verified (-V)" \
	'tail -3 $L; [ $st = 0 ] && [ "$(grep -c "^ping data: rdma-ping-" $L)" = 20 ] &&
	 ! grep -qi "error\|fail" $L $L.srv'

# A host's RDMA traffic to itself loops back inside it, as on a machine
# of its own (its address is local in its table too): nothing of it
# leaves through its snic0.
# sent DEV: what an RDMA device sent, in packets (looped back included)
sent() { $RDMA stat show link "$1/1" | awk '{ for (i = 1; i < NF; i++) if ($i == "sent_pkts") print $(i + 1) }'; }
t0=$(counter "$F-h1" snic0 tx_bytes) s0=$(sent "$F-h1")
verbs 18516 ibv_rc_pingpong -d "$F-h1" -g 1 -c -n 50 -s 4096 -p 18516 -- \
	-d "$F-h1" -g 1 -c -n 50 -s 4096 -p 18516
checke "ibv_rc_pingpong h1 -> h1 (its own address): looped back inside h1, not through the fabric" \
	'tail -1 $L; t=$(( $(counter $F-h1 snic0 tx_bytes) - t0 )) s=$(( $(sent $F-h1) - s0 ))
	 echo "h1 rxe sent $s packets, its snic0 $t bytes"
	 grep -q "^409600 bytes in .* seconds" $L && ! grep -qi "error\|fail" $L $L.srv &&
	 [ "$s" -ge 200 ] && [ "$t" -lt 8192 ]'

# MPI over verbs: Debian's Open MPI with UCX (pml ucx; rc_verbs for data,
# ud_verbs to connect), 4 ranks, rank r on host h(r+1)'s RDMA device.
# Verbs programs run in the initial netns, where the devices are; the
# launcher's own TCP stays on loopback (ns-rsh with SNIC_MPI_NS=-: every
# "machine" there, under the host's name). UCX_UD_ETH_DGID_CHECK=n:
# rdma_rxe leaves a UD completion's sl 0, which UCX reads as "IPv6
# header" and then drops every IPv4 RoCE packet as not its own.
# UCX_UD_TIMEOUT, UCX_RC_TIMEOUT: under TCG with CPU hogs a peer may
# answer later than UCX's defaults (30 s without a UD ack, RC's 1 s
# ack timeout x 7 retries) allow, and UCX then aborts the rank (a rank
# died on signal 6 once in make check, 2026-12-06).
# snic_mpi checks every message it receives.
mpi_verbs() {
	local apps="" i

	for i in 1 2 3 4; do
		apps="$apps${apps:+ : }-np 1 --host 10.0.0.$i env UCX_NET_DEVICES=$F-h$i:1 $HOSTTOP/selftests/mpi/snic_mpi $*"
	done
	# shellcheck disable=SC2086
	hostrun - env SNIC_MPI_NS=- OMPI_MCA_plm_rsh_agent="$HOSTTOP/selftests/mpi/ns-rsh" \
		UCX_TLS=rc_verbs,ud_verbs,self UCX_IB_GID_INDEX=1 UCX_UD_ETH_DGID_CHECK=n \
		UCX_UD_TIMEOUT=300s UCX_RC_TIMEOUT=10s \
		unshare --uts sh -c 'hostname 10.0.0.1 && exec "$@"' sh \
		timeout 300 mpirun.openmpi --allow-run-as-root --mca plm_rsh_no_tree_spawn 1 \
		--mca pml ucx --mca btl self --mca oob_tcp_if_include lo --bind-to none \
		$apps >$L 2>&1 || {
		# ranks left behind would hold their devices (fabric down)
		hostrun - pkill -x snic_mpi
		false
	}
}
# io: every host's snic0 bytes, "RX TX" a line, h1 to h4
io() {
	for h in 1 2 3 4; do
		echo "$(counter "$F-h$h" snic0 rx_bytes) $(counter "$F-h$h" snic0 tx_bytes)"
	done
}
# io_grew MIN: every host's snic0 took and sent MIN bytes or more since
# $L.io0 was written
io_grew() {
	io >"$L.io1"
	awk -v m="$1" 'NR == FNR { r0[FNR] = $1; t0[FNR] = $2; next }
		{ r = $1 - r0[FNR]; t = $2 - t0[FNR]
		  print "h" FNR " snic0 took " r " bytes, sent " t
		  if (r < m || t < m) bad = 1 } END { exit bad }' "$L.io0" "$L.io1"
}
io >"$L.io0"
check "MPI over verbs (Open MPI, UCX): alltoall of 4 ranks, 64 KiB to each, twice" \
	mpi_verbs alltoall 65536 2
checke "...every block checked: 32, no error" \
	'grep -v "UCX  INFO" $L | tail -2; grep -q "^verified ranks 4 messages 32 errors 0$" $L ||
	 { grep -iE "error|fatal|timeout|unhandled|abort" $L | head -n 6; false; }'
# (each rank sends 3 x 64 KiB and takes as much, twice)
checke "...through the fabric: every host's snic0 sent and took its 6 x 64 KiB" \
	'io_grew $((6 * 65536))'

# drops: what a lossless VL must never lose, over every switch: credit
# overruns, forwarding drops at a full egress or qdisc, and what the
# ports' qdiscs dropped or discarded (HoQ). Not tx_drop_no_dlid: a frame
# to a LID no route knows (an IGMP report's multicast) is counted and
# dropped as on any fabric.
drops() {
	local s

	for s in spine1 spine2 leaf1 leaf2; do
		nsexec "$F-$s" $ETHTOOL -S sw0 |
			awk '$1 ~ /^(rx_drop_credit_overrun|fwd_drop_egress|fwd_drop_qdisc):$/ { n += $2 }
			     END { print n + 0 }'
		nsexec "$F-$s" $TC -s qdisc show |
			awk '/dropped/ { sub(",", "", $7); n += $7 } END { print n + 0 }'
	done | awk '{ n += $1 } END { print n }'
}
sum() { for h in 1 2 3; do counter "$F-h$h" snic0 "$1"; done | awk '{ n += $1 } END { print n }'; }
# 16 writes in flight each, and an ACK timeout of 4.3 s (-u 20): the
# fabric is dilated, its links 10 Mb/s of wall time, and RoCE's timers
# run in wall time (Documentation/networking/snic.rst, "RDMA").
f0=$(counter "$F-h4" snic0 rx_fecn) c0=$(sum rx_becn) t0=$(sum tx_paced) d0=$(drops)
# Each writer writes 100 x 16 KB (a count: -D's seconds flake on a busy
# machine, where a writer can complete none in them), started once the
# three servers listen: at 10 Mb/s of wall time each takes seconds, and
# they overlap
# (each waited for by its pid: a bare wait would wait for the hogs; the
# timeouts are a net, not a limit: a loaded machine running three guests
# took more than 120 s for 200 writes each).
p=
for h in 1 2 3; do
	hostrun - timeout 300 ib_write_bw -d "$F-h4" -x 1 -F -p $((18600 + h)) \
		-n 100 -s 16384 -t 16 -u 20 >$L.s$h 2>&1 &
	p="$p $!"
done
for h in 1 2 3; do
	waitfor 60000 "listening $((18600 + h))"
	listening $((18600 + h)) || { tail -3 $L.s$h; break; }
done
for h in 1 2 3; do
	hostrun - timeout 300 ib_write_bw -d "$F-h$h" -x 1 -F -p $((18600 + h)) \
		-n 100 -s 16384 -t 16 -u 20 127.0.0.1 >$L.c$h 2>&1 &
	p="$p $!"
done
# shellcheck disable=SC2086
wait $p
checke "RDMA incast h1, h2, h3 -> h4: every writer's result row" \
	'for h in 1 2 3; do grep -Eq "^ 16384[[:space:]]+100[[:space:]]+[0-9.]+" $L.c$h ||
		{ tail -5 $L.c$h; exit 1; }; done'
checke "...CCA paced it: FECNs at h4, BECNs and paced packets at the writers" \
	'f=$(( $(counter $F-h4 snic0 rx_fecn) - f0 )) c=$(( $(sum rx_becn) - c0 ))
	 t=$(( $(sum tx_paced) - t0 )); echo "fecn $f becn $c paced $t"
	 [ "$f" -gt 0 ] && [ "$c" -gt 0 ] && [ "$t" -gt 0 ]'
checke "...and no switch dropped a frame (lossless VL)" \
	'd=$(( $(drops) - d0 )); echo "drops $d"; [ "$d" = 0 ] || {
		for s in spine1 spine2 leaf1 leaf2; do
			echo "$s: $(nsexec "$F-$s" $ETHTOOL -S sw0 | grep -E "credit_overrun|fwd_drop" | grep -v ": 0$" | tr -d "\n")"
			nsexec "$F-$s" $TC -s qdisc show | grep -B1 "dropped [1-9]"
		done; false; }'

check "fabric down" "$SNICCTL" fabric down "$F"
checke "...its RDMA devices and rules are gone, the local rule back at pref 0" \
	'$RDMA link; $IP rule
	 ! $RDMA link | grep -q "^link $F-" &&
	 ! $IP rule | grep -q "^2000[01]:" && $IP rule | grep -q "^0:.*lookup local"'

# ARN under an RDMA stream: dragonfly:1,2,1,3 with adaptive routing
# (groups of two switches, one host each; port 3 the global link). h1
# (g0s0) writes 400 x 16 KB to h5 (g2s0), minimally over g0s1's global
# link to group 2; once h5 has taken 64 KB of it, that link goes down:
# g0s1 tells g0s0, which moves h5's traffic to its own global link,
# through group 1, and the stream goes on to its end.
F=${F}d
"$SNICCTL" fabric up dragonfly:1,2,1,3 name "$F" ar rdma >/dev/null ||
	{ not_ok "fabric up dragonfly:1,2,1,3 ar rdma"; ktap_finish; }
waitfor 20000 '[ "$(gid $F-h5)" = "0000:0000:0000:0000:0000:ffff:c612:0005" ]'
pc() { port_counter "$F-$1" sw0 "$2" "$3"; }
t0=$(pc g0s0 p3 tx_packets) m0=$(pc g0s0 p1 ar_moves) r0=$(rx 5)
hostrun - timeout 300 ib_write_bw -d "$F-h5" -x 1 -F -n 400 -s 16384 -t 16 \
	-u 18 >$L.srv 2>&1 &
p=$!
waitfor 60000 "listening 18515 || ! kill -0 $p"
hostrun - timeout 300 ib_write_bw -d "$F-h1" -x 1 -F -n 400 -s 16384 -t 16 \
	-u 18 127.0.0.1 >$L 2>&1 &
p="$p $!"
waitfor 60000 '[ $(( $(rx 5) - r0 )) -ge 65536 ]'
nsexec "$F-g0s1" $IP link set p3 down
# shellcheck disable=SC2086
wait $p
checke "RDMA write h1 -> h5 across the Dragonfly, its global link cut midway: its result row" \
	'grep -Eq "^ 16384[[:space:]]+400[[:space:]]+[0-9.]+" $L ||
	 { tail -5 $L; tail -3 $L.srv; false; }'
checke "...ARN moved it through group 1 (g0s0: ar_moves, its global link's packets)" \
	'm=$(( $(pc g0s0 p1 ar_moves) - m0 )) t=$(( $(pc g0s0 p3 tx_packets) - t0 ))
	 echo "ar_moves $m, g0s0 p3 tx_packets $t"; [ "$m" -ge 1 ] && [ "$t" -gt 100 ]'
hogs 0
check "fabric down" "$SNICCTL" fabric down "$F"
trap cleanup EXIT
checke "...its RDMA devices are gone when it returns (a netns made next works)" \
	'$RDMA link; ! $RDMA link | grep -q "^link $F-" &&
	 $IP netns add "$F-x" && $IP netns del "$F-x"'
ktap_finish
