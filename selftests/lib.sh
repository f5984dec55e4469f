#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The snic kselftests' fixtures: tool paths, snicctl in a netns, counters
# and xstats, errors with their extack, the fabrics the tests build. The
# generic part (KTAP output, waitfor/busywait, background jobs and CPU
# hogs, cleanup of namespaces on EXIT) is ktap.sh, next to this file,
# sourced from here: sourcing lib.sh prints the KTAP header and sets the
# EXIT trap (see ktap.sh). A test sources lib.sh alone:
#	. "$(dirname "$0")/../lib.sh"	(selftests/net/*.sh)
#	. "$(dirname "$0")/lib.sh"	(selftests/*.sh)
# The busybox ash runs its own ip/tc applets first: call them by full path.
# The helpers read JSON output (snicctl -j, tc -j) with jq: gojq ($JQ).

IP=/usr/sbin/ip
TC=/usr/sbin/tc
ETHTOOL=/usr/sbin/ethtool
RDMA=/usr/bin/rdma
JQ=/usr/bin/gojq
TOP=${TOP:-/snic}
# The guest's /init copies the binaries to tmpfs and exports these.
SNICCTL=${SNICCTL:-$TOP/userspace/snicctl/snicctl}
TOOLS=${TOOLS:-$TOP/selftests/tools}

# ktap.sh from this file's directory. A sourced file cannot ask busybox
# ash for its own path: it is the script's directory (selftests/*.sh),
# its parent (selftests/net/*.sh), or the tree's selftests (a script of
# run-vm.sh --script sourcing $TOP/selftests/lib.sh).
for _libdir in "$(dirname "$0")" "$(dirname "$0")/.." "$TOP/selftests"; do
	[ -f "$_libdir/lib.sh" ] && [ -f "$_libdir/ktap.sh" ] && break
done
# shellcheck source=selftests/ktap.sh
. "$_libdir/ktap.sh"
unset _libdir

# nsexec NS CMD...: CMD in netns NS. snicctl joins NS itself (-n, as
# ip -n): 0.03 s an exec under TCG against 0.16 s through ip netns exec,
# which also builds a mount namespace for every command.
nsexec() {
	local ns=$1

	shift
	if [ "$1" = "$SNICCTL" ]; then
		shift
		"$SNICCTL" -n "$ns" "$@"
	else
		$IP netns exec "$ns" "$@"
	fi
}

# The host's own Debian userland, read-only at $HOSTROOT: run-vm.sh
# shares the host's root ("hostroot") and init.sh mounts it, as
# virtme-ng boots a guest on its host. Programs that nobody here wrote
# and the initramfs has not run from there with their own libraries and
# modules: the kernel's YNL CLI (scripts/setup.sh unpacks it into
# $SNIC_CACHE/ynl) needs Debian's python3 with yaml and jsonschema.
# Inside, the tree is at $HOSTTOP (the share is read-only, so the mount
# points are directories the host has: the tree hides the host's /mnt,
# in the guest only) and the cache at its host path.
HOSTROOT=/host
HOSTTOP=/mnt
SNIC_CACHE=${SNIC_CACHE:-/var/cache/snic}

# hostroot_ready: the host root is mounted, with /proc, /sys, /dev, a
# tmpfs /tmp and the tree mounted into it (once a boot: each only if it
# is not there yet); otherwise says why, and fails.
hostroot_ready() {
	grep -q "^hostroot $HOSTROOT 9p " /proc/mounts || {
		echo "the host root is not mounted at $HOSTROOT (run-vm.sh's" \
			"hostroot 9p share; see init's lines on the console)"
		return 1
	}
	_hostmnt /proc -o bind /proc &&
		_hostmnt /sys -o rbind /sys &&
		_hostmnt /dev -o rbind /dev &&
		_hostmnt /tmp -t tmpfs tmp &&
		_hostmnt "$HOSTTOP" -o bind "$TOP" ||
		{ echo "cannot mount into $HOSTROOT"; return 1; }
}

# _hostmnt DIR MOUNT-ARGS...: mount onto $HOSTROOT/DIR unless mounted.
_hostmnt() {
	local d=$HOSTROOT$1

	shift
	grep -q "^[^ ]* $d " /proc/mounts || mount "$@" "$d"
}

# hostrun NETNS CMD...: CMD, a program of the host (Debian's PATH),
# chrooted into $HOSTROOT, in netns NETNS ("-": the initial one). A netns
# is entered as nsexec does, through ip netns exec: its mount namespace
# gets a sysfs of NETNS at /sys, and here at the chroot's /sys too.
hostrun() {
	local ns=$1 why

	shift
	why=$(hostroot_ready) || { echo "hostrun: $why" >&2; return 1; }
	if [ "$ns" = - ]; then
		PATH=/usr/sbin:/usr/bin:/sbin:/bin chroot "$HOSTROOT" "$@"
	else
		PATH=/usr/sbin:/usr/bin:/sbin:/bin $IP netns exec "$ns" \
			sh -c 'mount -t sysfs sysfs "$0/sys" && exec chroot "$0" "$@"' \
			"$HOSTROOT" "$@"
	fi
}

# listening PORT: a TCP socket of this netns listens on PORT
listening() {
	awk -v p="$(printf ':%04X' "$1")" \
		'$2 ~ p "$" && $4 == "0A" { f = 1 } END { exit !f }' \
		/proc/net/tcp /proc/net/tcp6
}

# counter NS DEV NAME: one counter of a snic/snicsw device: ethtool -S's,
# or for packets and bytes, which ethtool leaves to rtnl_link_stats64, the
# device's ndo_get_stats64 (sysfs).
counter() {
	case $3 in
	rx_packets | rx_bytes | tx_packets | tx_bytes)
		link_stat "$1" "$2" "$3"
		return
		;;
	esac
	nsexec "$1" $ETHTOOL -S "$2" |
		awk -v n="$3:" '$1 == n { v = $2 } END { print v == "" ? "missing" : v }'
}

# rx_total NS DEV: every 16B packet a snic device took off its link,
# delivered or counted as dropped. The rx_drop_credit_* counters count
# link control frames (credit LIMITs and SYNCs), not 16B packets.
rx_total() {
	nsexec "$1" $ETHTOOL -S "$2" |
		awk -v n="$(link_stat "$1" "$2" rx_packets)" \
		    '$1 == "rx_mgmt:" ||
		     ($1 ~ /^rx_drop_/ && $1 !~ /^rx_drop_credit_/) { n += $2 }
		     END { print n }'
}

# settled RX TX: one read of two counts of the same frames, the
# receiver's (RX) first, then the sender's (TX), each a command printing
# one count (a function's name, or shell text eval'd here: it sees the
# caller's functions and variables). The counts go into SETTLED_RX and
# SETTLED_TX, their gap TX - RX into SETTLED_GAP (empty when either read
# is no integer: nothing, "missing"). Holds when the two are equal, so it
# is a waitfor predicate: waitfor evaluates it in the caller's shell, and
# the caller then judges and prints the counts of the read the poll
# stopped on (reading them again could count a later frame on one side).
# The receiver first: a frame that passes between the two reads counts
# on the sender's side only, widening the gap; it can never make up for
# one lost (read the other way round it could: it leaves after the
# sender's read and arrives before the receiver's). Call it as a
# command, not in $(...), for the counts to reach the caller.
#
# settled -g RX TX: read so until the gap is the same three reads in a
# row, 0.3 s apart (a frame still in flight under load, and 0.3 s is
# short for a busy TCG guest, is not taken for settled), for 20 reads at
# most; SETTLED_* hold the last read. Holds when the gap settled; fails
# at once on a read with no gap, and after the 20th read.
settled() {
	local _gap= _prev=none _prev2=none _i

	[ "$1" = -g ] && _gap=1 && shift
	for _i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
		SETTLED_RX=$(eval "$1")
		SETTLED_TX=$(eval "$2")
		SETTLED_GAP=
		# (arithmetic on a count that is none would end the shell)
		_int "$SETTLED_RX" && _int "$SETTLED_TX" &&
			SETTLED_GAP=$((SETTLED_TX - SETTLED_RX))
		[ -n "$_gap" ] || { [ "$SETTLED_GAP" = 0 ]; return; }
		[ -n "$SETTLED_GAP" ] || return 1
		[ "$SETTLED_GAP" = "$_prev" ] && [ "$SETTLED_GAP" = "$_prev2" ] &&
			return 0
		_prev2=$_prev
		_prev=$SETTLED_GAP
		sleep 0.3
	done
	return 1
}

# _int V: V is an integer (a count, or a difference of two)
_int() {
	case ${1#-} in
	'' | *[!0-9]*) return 1 ;;
	esac
}

# found DESC WHAT VAR...: fabric $F is as DESC says when every VAR is set
# (what a test read of its shape); else no WHAT was found, and the test
# ends with the fabric down
found() {
	local d=$1 w=$2 v

	shift 2
	for v; do
		eval "[ -n \"\${$v:-}\" ]" && continue
		not_ok "the fabric: no $w found"
		"$SNICCTL" fabric down "$F"
		ktap_finish
	done
	ok "the fabric: $d"
}

# pin SW LID PORT WHAT: switch SW of fabric $F: its BPT entry for LID's
# group set to one candidate, PORT (global; WHAT it leads to), checked
pin() {
	set -- "$1" "$3" "$4" $(nsexec "$F-$1" "$SNICCTL" bpt show sw0 |
		awk -v d="$2" '$1 == "dlid" && $2 <= d && $4 >= d { print $2, $4; exit }')
	check "$1: the BPT entry for dlid ${4:-?}-${5:-?} through $3 only" \
		nsexec "$F-$1" "$SNICCTL" bpt set sw0 dlid "${4:-}-${5:-}" "$2:4:g"
}

# link_stat NS DEV FIELD (rx_packets, tx_packets, rx_dropped...) from sysfs.
link_stat() {
	nsexec "$1" cat "/sys/class/net/$2/statistics/$3"
}

# snicctl -j port show SW: a list of its ports,
#	[{"port":1,"ifname":"p1",...,"vl0":{"buf":B,"used":U},...,
#	  "stats":{"rx_packets":N,...}},...]
# (a "vlN" for each VL with a credit buffer; "stats" with -s).

# port_counter NS SW PORTDEV NAME: a counter of one switch port (netlink).
port_counter() {
	local v

	v=$(nsexec "$1" "$SNICCTL" -j -s port show "$2" |
		$JQ -r --arg p "$3" --arg c "$4" \
			'first(.[] | select(.ifname == $p) | .stats[$c] | numbers)')
	# An unknown port or counter is an error, never an empty number.
	[ -n "$v" ] || { echo "no counter $4 on $3" >&2; return 1; }
	echo "$v"
}

# expect_err NS ERRNO TEXT CMD...: CMD (snicctl, usually) fails in NS, and
# its error names errno ERRNO and contains TEXT (the kernel's extack).
expect_err() {
	local ns=$1 eno=$2 text=$3 out

	shift 3
	if out=$(nsexec "$ns" "$@" 2>&1); then
		echo "unexpected success: $out"
		return 1
	fi
	echo "$out"
	echo "$out" | grep -q "errno $eno" && echo "$out" | grep -q "$text"
}

modules_load() {
	/sbin/modprobe snic && /sbin/modprobe sch_snic
}

# fabric_2h1s: hosts H1 and H2 (snic0, LIDs 1 and 2, 10.0.0.1/2 and
# fd00::1/2, FIFO TX queues) on switch S1 (sw0, ports p1 -> H1 and p2 ->
# H2), sch_snic on every fabric egress, LFT for both LIDs.
fabric_2h1s() {
	local ns p h i

	H1=h1-$SFX H2=h2-$SFX S1=s1-$SFX
	NETNS="$H1 $H2 $S1"
	for ns in $NETNS; do
		$IP netns add "$ns" || return 1
		$IP -n "$ns" link set lo up
	done
	$IP link add fab0 netns "$H1" type veth peer name p1 netns "$S1" || return 1
	$IP link add fab0 netns "$H2" type veth peer name p2 netns "$S1" || return 1
	$IP -n "$S1" link add sw0 type snicsw || return 1
	for p in p1 p2; do
		$IP -n "$S1" link set "$p" master sw0 || return 1
		$TC -n "$S1" qdisc add dev "$p" root snic || return 1
		$IP -n "$S1" link set "$p" up
	done
	$IP -n "$S1" link set sw0 up
	# Broadcast (ARP, ND) follows the MFT: here, every port.
	nsexec "$S1" "$SNICCTL" mft set sw0 mlid 0xf00000 ports p1,p2 || return 1
	i=1
	for h in "$H1" "$H2"; do
		$TC -n "$h" qdisc add dev fab0 root snic || return 1
		$IP -n "$h" link set fab0 up
		$IP -n "$h" link add snic0 link fab0 type snic || return 1
		# FIFO TX queues, as fabric up makes them (an AQM drops what
		# waits for the pacer)
		nsexec "$h" "$SNICCTL" qdisc nic snic0 || return 1
		nsexec "$h" "$SNICCTL" dev set snic0 lid $i || return 1
		$IP -n "$h" addr add 10.0.0.$i/24 dev snic0
		$IP -n "$h" -6 addr add fd00::$i/64 dev snic0 nodad
		$IP -n "$h" link set snic0 up
		nsexec "$S1" "$SNICCTL" lft set sw0 dlid $i port p$i || return 1
		i=$((i + 1))
	done
}

# neigh_2h1s: h1 and h2 of fabric_2h1s know each other's address for
# good: neither sends the other an ARP request or reply, only the test's
# own traffic (h2 may answer a datagram with an ICMP error, which needs
# h1's address).
neigh_2h1s() {
	nsexec "$H1" $IP neigh replace 10.0.0.2 lladdr 02:53:4e:00:00:02 \
		dev snic0 nud permanent &&
	nsexec "$H2" $IP neigh replace 10.0.0.1 lladdr 02:53:4e:00:00:01 \
		dev snic0 nud permanent
}

# snicctl -j qdisc show DEV: a list of DEV's sch_snic (one), its options
# and xstats,
#	[{"handle":H,...,"rate":R,"throttled":N,...,
#	  "vl0":{"enqueued":N,...,"credits":C,...},...,
#	  "dilation":D,...,"sent_16b":N,...,"late":{"frames":N,...}}]
# (a "vlN" for each VL that took or dropped a packet or is flow
# controlled, "credits" only then; "late" once a frame was measured).

# vlx NS DEV VL FIELD: one per-VL xstat of DEV's sch_snic (snicctl -j).
vlx() {
	local v

	v=$(nsexec "$1" "$SNICCTL" -j qdisc show "$2" |
		$JQ -r --arg vl "vl$3" --arg f "$4" \
			'first(.[] | .[$vl][$f]? | numbers)')
	# missing: any arithmetic test on it fails
	echo "${v:-missing}"
}

# isnum V: V is a count (helpers print "missing" for what they cannot find).
isnum() {
	case $1 in
	'' | *[!0-9]*) echo "not a count: '$1'"; return 1 ;;
	esac
}

# vlsum NS DEV FIELD: a per-VL xstat of DEV's sch_snic summed over the
# data VLs (VL 15, the management VL, left out).
vlsum() {
	nsexec "$1" "$SNICCTL" -j qdisc show "$2" | vl_total "$3"
}

# vl_total FIELD: the same over every snicctl -j qdisc show document on
# stdin (one jq for many link ends: under TCG gojq takes 0.1 s to start);
# 0 when there is none.
vl_total() {
	$JQ -n -r --arg f "$1" '[inputs | .[] | to_entries[] |
		select(.key | test("^vl[0-9]+$")) | select(.key != "vl15") |
		.value[$f] | numbers] | add // 0'
}

# sent16 NS DEV: the 16B frames DEV's sch_snic sent, on every VL (data,
# and the congestion notifications of VL 15; not the credit frames).
sent16() {
	nsexec "$1" "$SNICCTL" -j qdisc show "$2" |
		$JQ -r 'first(.[] | .sent_16b | numbers)'
}

# crx_used NS SW PORTDEV VL: credits held in a switch port's VL buffer
# (nothing when the VL has none).
crx_used() {
	nsexec "$1" "$SNICCTL" -j port show "$2" |
		$JQ -r --arg p "$3" --arg vl "vl$4" \
			'first(.[] | select(.ifname == $p) | .[$vl].used? | numbers)'
}

# static_neigh F N: hosts F-h1..F-hN (10.0.0.1..N) know each other's
# MAC for good: no ARP, which an incast would queue and drop.
static_neigh() {
	local h d

	for h in $(seq "$2"); do
		for d in $(seq "$2"); do
			[ "$h" = "$d" ] || nsexec "$1-h$h" $IP neigh replace \
				10.0.0.$d lladdr 02:53:4e:00:00:0$d dev snic0 \
				nud permanent
		done
	done
}

# incast_udp F D SECONDS S...: hosts F-hS... send 1000-byte UDP datagrams
# to F-hD for SECONDS; returns when they are done (waiting for those
# processes only: a test's hogs go on).
incast_udp() {
	local f=$1 d=$2 secs=$3 pids h

	shift 3
	nsexec "$f-h$d" timeout 60 "$TOOLS/snic_xfer" -U 7200 $((secs + 4)) \
		>/dev/null &
	pids=$!
	sleep 0.5
	for h in "$@"; do
		nsexec "$f-h$h" "$TOOLS/snic_xfer" -u 10.0.0.$d 7200 "$secs" 1000 \
			>/dev/null &
		pids="$pids $!"
	done
	wait $pids
}

# pacing_on: CCA pacing timers armed under the fault tests' ping floods
# (each host sends 200 packets/s: its pings and its replies): both hosts'
# links at 20 Mbit/s, a table whose only delay (60 x Tp, ~3.6 ms) holds
# many of them yet keeps up, never recovering, and a BECN from each host
# to the other.
pacing_on() {
	local h

	for h in "$H1" "$H2"; do
		nsexec "$h" "$SNICCTL" qdisc set fab0 rate 20mbit || return 1
		nsexec "$h" "$SNICCTL" dev set snic0 cct 0:0,0:60 \
			ccti_limit 1 ccti_trigger 1 ccti_timer 0 || return 1
	done
	nsexec "$S1" "$TOOLS/snic_inject" p1 becn 1 1 2 &&
		nsexec "$S1" "$TOOLS/snic_inject" p2 becn 1 2 1
}

# credits_on BUF: every link end of fabric_2h1s flow-controls VLs 0..7
# with BUF credits, and the switch queues are long enough never to drop.
credits_on() {
	local p h

	for p in p1 p2; do
		nsexec "$S1" "$SNICCTL" qdisc set "$p" limit 4096 || return 1
		nsexec "$S1" "$SNICCTL" port set sw0 "$p" vlbuf "$1" || return 1
	done
	for h in "$H1" "$H2"; do
		nsexec "$h" "$SNICCTL" dev set snic0 vlbuf "$1" || return 1
	done
}

# sat_step LOAD MEAN: one point of a load sweep, lowest load first, for
# BookSim's saturation load (../spec/measurement.md): the first point's
# mean latency is the zero-load one ($zl); $sat is the highest load below
# the first ($knee) whose mean latency reaches 3x it. Set zl= sat=0 knee=
# before a sweep.
sat_step() {
	[ -n "$zl" ] || zl=${2:-0}
	[ -z "$knee" ] || return 0
	if [ "${2:-0}" -gt 0 ] && [ "$2" -lt $((3 * zl)) ]; then
		sat=$1
	else
		knee=$1
	fi
}

# dlid_neighs NS N: on NS's snic0, destinations 10.1.0.0 .. 10.1.0.N-1
# (N up to 155) reach DLIDs 100 .. 100 + N - 1
dlid_neighs() {
	local i=0

	while [ $i -lt "$2" ]; do
		$IP -n "$1" neigh replace 10.1.0.$i \
			lladdr 02:53:4e:00:00:$(printf %02x $((100 + i))) \
			dev snic0 nud permanent
		i=$((i + 1))
	done
}
