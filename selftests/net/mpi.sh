#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# An MPI job over the fabric, unmodified: Debian's Open MPI (mpirun,
# orted, its TCP transport) runs selftests/mpi/snic_mpi, 8 ranks on the
# 8 hosts of a fat tree (fattree:2,2,4: h1-h4 on leaf1, h5-h8 on leaf2,
# two spines, so 2:1 oversubscribed between the leaves), through the
# host's userland (hostrun). Open MPI starts its daemons with a remote
# shell; selftests/mpi/ns-rsh is one whose "machines" are the hosts'
# netns, each with a hostname of its own. Every message is checked by
# the rank that receives it (snic_mpi prints "verified ... errors 0").
#  - a latency/bandwidth pair between h1 and h8 (across the spines);
#  - an alltoall of the 8 ranks, CCA on (the default marking): the
#    switches set FECN and the hosts pace, and the data is intact;
#  - the same alltoall with CCA off (sw_marking 0 on every switch): no
#    FECN, intact too; both times are printed.
# Every host took part (its snic0 received packets) and the lossless
# fabric dropped nothing.
. "$(dirname "$0")/../lib.sh"

modules_load || { not_ok "modules load"; ktap_finish; }
hostroot_ready >/dev/null || { not_ok "the host's userland (hostrun)"; ktap_finish; }
F=mp$(echo "$SFX" | cut -c1-4)
"$SNICCTL" fabric up fattree:2,2,4 name "$F" >/dev/null ||
	{ not_ok "fabric up fattree:2,2,4"; ktap_finish; }
N=8
HOSTS=$(for i in $(seq $N); do printf "10.0.0.%d," $i; done)
HOSTS=${HOSTS%,}
SWITCHES="leaf1 leaf2 spine1 spine2"

# The hosts' netns where ns-rsh finds them (the chroot's /tmp), named by
# address: the names in mpirun's --host.
NSD=/tmp/snic-mpi.$SFX
mkdir -p "$HOSTROOT$NSD/ns"
for i in $(seq $N); do
	touch "$HOSTROOT$NSD/ns/10.0.0.$i" &&
		mount --bind "/run/netns/$F-h$i" "$HOSTROOT$NSD/ns/10.0.0.$i"
done
mpi_cleanup() {
	for i in $(seq $N); do
		umount "$HOSTROOT$NSD/ns/10.0.0.$i" 2>/dev/null
	done
	rm -rf "$HOSTROOT$NSD"
}

O=/tmp/mpi.$SFX
# mpi ARGS...: snic_mpi ARGS on the 8 hosts, rank r on h(r+1); mpirun
# in h1, named as ns-rsh names the others (Open MPI refuses the guest's
# hostname, "(none)"). Output in $O, status returned.
mpi() {
	hostrun "$F-h1" env SNIC_MPI_NS="$NSD/ns" \
		OMPI_MCA_plm_rsh_agent="$HOSTTOP/selftests/mpi/ns-rsh" \
		unshare --uts sh -c 'hostname 10.0.0.1 && exec "$@"' sh \
		timeout 300 mpirun.openmpi --allow-run-as-root -np $N --host "$HOSTS" \
		--mca plm_rsh_no_tree_spawn 1 \
		--mca btl tcp,self --mca btl_tcp_if_include 10.0.0.0/8 \
		--mca oob_tcp_if_include 10.0.0.0/8 --bind-to none \
		"$HOSTTOP/selftests/mpi/snic_mpi" "$@" >"$O" 2>&1
}
verified() {
	cat "$O"
	grep -q "^verified ranks $N messages $1 errors 0$" "$O"
}
ctr() { counter "$F-$1" snic0 "$2"; }
# sum_hosts NAME: a counter summed over the hosts.
sum_hosts() {
	local i s=0

	for i in $(seq $N); do
		s=$((s + $(ctr "h$i" "$1")))
	done
	echo $s
}
# drops: every packet drop counter of the switch ports and hosts, "NODE
# PORT NAME VALUE" a line (rx_drop_credit_* count credit
# frames, link control, not packets: those a link end takes before its
# qdisc is there).
drops() {
	local n

	for n in $SWITCHES; do
		"$SNICCTL" -n "$F-$n" -j -s port show sw0 |
			$JQ -r --arg n "$n" '.[] | .ifname as $p | .stats |
				to_entries[] | select((.key | test("drop")) and
					(.key | test("^rx_drop_credit_") | not)) |
				"\($n) \($p) \(.key) \(.value)"'
	done
	for n in $(seq $N); do
		nsexec "$F-h$n" $ETHTOOL -S snic0 |
			awk -v n="h$n" '$1 ~ /drop/ && $1 !~ /^rx_drop_credit_/ { print n, "snic0", $1, $2 }'
	done
}

check "snicctl fabric exec NAME h1 -- ping h8" \
	"$SNICCTL" fabric exec "$F" h1 -- ping -c 1 -w 10 10.0.0.8
checke "ns-rsh runs a command in a host's netns, under the host's name" \
	'o=$(hostrun - env SNIC_MPI_NS=$NSD/ns $HOSTTOP/selftests/mpi/ns-rsh -x 10.0.0.8 \
		"hostname; ip -4 -br addr show snic0" 2>&1); echo "$o";
	 [ "$(echo "$o" | head -1)" = 10.0.0.8 ] && echo "$o" | grep -q " 10.0.0.8/8"'
checke "...and refuses a host it has no netns for (status 255, said)" \
	'o=$(hostrun - env SNIC_MPI_NS=$NSD/ns $HOSTTOP/selftests/mpi/ns-rsh 10.0.0.9 true 2>&1)
	 st=$?; echo "$o"; [ $st = 255 ] && echo "$o" | grep -q "no namespace for host \"10.0.0.9\""'
rx0=$(ctr h8 rx_packets)
check "pingpong h1 <-> h8 (8 ranks, rank 7 on h8): 20 x 8 bytes, 20 x 64 KiB, every message checked" \
	mpi pingpong 8 65536 20
checke "...verified: 80 messages, no error" 'verified 80'
D=$("$SNICCTL" fabric show "$F" | sed -n 's/.* dilation \([0-9]*\),.*/\1/p')
awk -v d="${D:-1}" '/^pingpong/ && $6 == "latency_us" { l = $7 }
	/^pingpong/ && $6 == "mbyte_s" { b = $7 }
	END { printf "# pingpong: latency %s us, bandwidth %s MB/s of wall time;" \
		" at dilation %d, %.2f us and %.1f Gb/s of fabric time\n",
		l, b, d, l / d, b * d * 8 / 1000 }' "$O"
checke "...no faster than the emulated line rate (100 Gb/s, 12500 MB/s, at dilation $D)" \
	'awk -v d=$D "/^pingpong .* mbyte_s / { ok = \$7 > 0 && \$7 <= 12500 / d * 1.05 }
		END { exit !ok }" "$O"'
checke "...and it crossed the fabric: h8 received the 20 x 64 KiB" \
	'[ $(( $(ctr h8 rx_bytes) - rx0 )) -ge $((20 * 65536)) ]'

# Each rank's snic0 packets before the alltoall.
i=1
for i in $(seq $N); do
	eval "rx_h$i=\$(ctr h$i rx_packets)"
done
fecn0=$(sum_hosts rx_fecn) becn0=$(sum_hosts rx_becn)
check "alltoall, CCA on: 8 ranks, 64 KiB to each, 4 times" \
	mpi alltoall 65536 4
checke "...verified: 256 blocks, no error" 'verified 256'
on=$(sed -n 's/^alltoall .* seconds //p' "$O")
fecn=$(( $(sum_hosts rx_fecn) - fecn0 )) becn=$(( $(sum_hosts rx_becn) - becn0 ))
echo "# CCA on: alltoall $on s, FECN received $fecn, BECN received $becn"
checke "...every host took part (its snic0 received packets)" \
	'for i in $(seq $N); do
		eval "r=\$rx_h$i"
		[ $(ctr h$i rx_packets) -gt $((r + 100)) ] || { echo "h$i"; exit 1; }
	 done'
checke "...the oversubscribed uplinks congested: FECN marked, BECN returned" \
	'[ $fecn -gt 0 ] && [ $becn -gt 0 ]'

for s in $SWITCHES; do
	nsexec "$F-$s" "$SNICCTL" dev set sw0 sw_marking 0 || not_ok "$s: sw_marking 0"
done
fecn0=$(sum_hosts rx_fecn)
check "alltoall, CCA off (sw_marking 0 on every switch)" \
	mpi alltoall 65536 4
checke "...verified: 256 blocks, no error" 'verified 256'
off=$(sed -n 's/^alltoall .* seconds //p' "$O")
echo "# CCA off: alltoall $off s; CCA on: $on s"
checke "...no FECN with CCA off" '[ $(sum_hosts rx_fecn) -eq $fecn0 ]'
checke "the lossless fabric dropped nothing in all three jobs" \
	'drops >/tmp/drops.$SFX; echo "$(wc -l </tmp/drops.$SFX) drop counters"
	 awk "\$4 != 0" /tmp/drops.$SFX
	 [ $(wc -l </tmp/drops.$SFX) -gt 100 ] && awk "\$4 != 0 { exit 1 }" /tmp/drops.$SFX'

mpi_cleanup
check "fabric down" "$SNICCTL" fabric down "$F"
ktap_finish
