#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Boot Debian's kernel under qemu with this tree shared over 9p and run the
# kselftests (or the demo) inside, in the manner of WireGuard's
# tools/testing/selftests/wireguard/qemu: a small initramfs, one verdict
# byte through isa-debug-exit, the console kept for humans.
#
#   run-vm.sh [--test NAME]... [--demo] [--bench] [--bench-full] [--soak SECONDS] [--kvm] [--kver KVER] [--timeout S]
#             [--debug] [--iter N] [--mem MIB] [--plant NAME] [--script FILE
#             [--args "A B ..."] [--stream]]
#             [--shell] [--out DIR] [--guest I --guests N --netdev SPEC --span DIR]
#
# --shell boots the guest with an interactive shell on this terminal (make
# shell): the modules loaded, snicctl, the test tools and the host's
# iperf3, python3, mpirun, tshark and gnuplot by their names (any other
# as "host CMD": selftests/qemu/hostexec), the tree at /snic; exit or
# Ctrl-D powers the guest off.
# --script FILE runs FILE (a shell script of this tree, its path from the
# top) in the guest instead of the tests, with what the tests have
# (snicctl and the test tools on $SNICCTL and $TOOLS, selftests/lib.sh to
# source): an experiment or one benchmark, its output printed like the
# demo's; with --args, its arguments; with --stream, its output as it
# comes (scripts/run.sh, make run, runs experiments so).
# --debug boots the debug kernel (KASAN, lockdep, kmemleak, KUnit; built
# once by scripts/debug-kernel.sh) with panic_on_warn=1, runs the module's
# KUnit suites at load, and scans kmemleak after the suite.
# --iter sets SNIC_ITER in the guest; --mem the guest memory (1024 MiB).
# --out puts the initramfs, console and results in DIR (from the top;
# build/vm). --guest I of --guests N (selftests/qemu/run-span.sh starts
# them) gives the guest a virtio NIC on qemu's -netdev SPEC: eth0,
# 192.168.100.I/24 with vxlan and ip_gre loaded, the underlay of a fabric
# over several machines; DIR of --span is where the guests of one run
# meet (SNIC_SPAN in the guest, see selftests/span/lib.sh).
# --plant NAME (with --debug) loads selftests/qemu/plant/snic_plant_NAME.ko,
# a module that makes the kernel report a bug, and runs nothing else: a
# self-test of this verdict, which must then fail.
#
# Exit status: 0 when every test passed and neither the console nor the
# whole kernel log (drained into build/vm/results/dmesg.txt after every
# test, so that reports printed below the console's level count too)
# shows a kernel warning; 1 otherwise. Prints the guest's KTAP and, last, one line
# "N passed, N failed". A failing run's console log is kept in
# build/vm/console-<time>.log.

set -euo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
CACHE=${SNIC_CACHE:-/var/cache/snic}
# shellcheck disable=SC1091
[ -f "$CACHE/env.mk" ] && eval "$(sed -n 's/^\(KVER[0-9]*\) ?= \(.*\)$/\1=${\1:-\2}/p' "$CACHE/env.mk")"
KVER=${KVER:-}
accel=tcg
mode=tests
tests=()
debug=0
iter=
mem=1024
tmo=${VM_TIMEOUT:-1500}
outdir=build/vm
guest_i=
guests=
netdev=
span=
script_args=
stream=0

while [ $# -gt 0 ]; do
	case "$1" in
	--test) tests+=("$2"); shift 2 ;;
	--demo) mode=demo; shift ;;
	--bench) mode=bench; shift ;;
	--bench-full) mode=bench_full; shift ;;
	--soak) mode=soak; soak=$2; shift 2 ;;
	--kvm) accel=kvm; shift ;;
	--kver) KVER=$2; shift 2 ;;
	--timeout) tmo=$2; shift 2 ;;
	--debug) debug=1; shift ;;
	--iter) iter=$2; shift 2 ;;
	--mem) mem=$2; shift 2 ;;
	--plant) mode=plant; plant=$2; shift 2 ;;
	--shell) mode=shell; shift ;;
	--script) mode=script; script=$2; shift 2 ;;
	--args) script_args=$2; shift 2 ;;
	--stream) stream=1; shift ;;
	--out) outdir=$2; shift 2 ;;
	--guest) guest_i=$2; shift 2 ;;
	--guests) guests=$2; shift 2 ;;
	--netdev) netdev=$2; shift 2 ;;
	--span) span=$2; shift 2 ;;
	*) echo "run-vm.sh: unknown argument '$1'" >&2; exit 2 ;;
	esac
done

moddir=.
# The stock kernel's modules are the tree's own (make); another kernel's
# (--kver, the 6.12 LTS) are built out of the tree in build/mod-KVER,
# against its headers (scripts/setup.sh installs them).
DEFKVER=$(sed -n 's/^KVER ?= //p' "$CACHE/env.mk" 2>/dev/null)
if [ $debug -eq 0 ] && [ -n "$KVER" ] && [ -n "$DEFKVER" ] &&
   [ "$KVER" != "$DEFKVER" ]; then
	moddir=build/mod-$KVER
	mkdir -p "$top/$moddir"
	# The sources with their times (tar keeps them): what did not
	# change since the last build there is not built again.
	tar -C "$top" -cf - --exclude='*.o' --exclude='*.ko' \
		--exclude='*.cmd' --exclude='*.mod' --exclude='*.mod.c' \
		--exclude='.*' --exclude=modules.order Kbuild drivers include |
		tar -C "$top/$moddir" -xf -
	make -s -C "/lib/modules/$KVER/build" M="$top/$moddir" modules \
		>"$top/build/mod-$KVER.log" 2>&1 ||
		{ cat "$top/build/mod-$KVER.log"; exit 2; }
fi
if [ $debug -eq 1 ]; then
	# The debug kernel, and the module built against it out of the tree.
	ksrc=$("$top/scripts/debug-kernel.sh") || exit 2
	KVER=$(make -s -C "$ksrc" kernelrelease)
	moddir=build/debug-mod
	rm -rf "${top:?}/$moddir"
	mkdir -p "$top/$moddir"
	cp -r "$top/Kbuild" "$top/drivers" "$top/include" "$top/$moddir/"
	find "$top/$moddir" \( -name '*.o' -o -name '*.ko' -o -name '*.cmd' \) -delete
	make -s -C "$ksrc" M="$top/$moddir" modules >"$top/build/debug-mod.log" 2>&1 ||
		{ cat "$top/build/debug-mod.log"; exit 2; }
	if [ "$mode" = plant ]; then
		mkdir -p "$top/$moddir/selftests/qemu"
		rm -rf "$top/$moddir/selftests/qemu/plant"
		cp -r "$top/selftests/qemu/plant" "$top/$moddir/selftests/qemu/"
		make -s -C "$ksrc" M="$top/$moddir/selftests/qemu/plant" modules \
			>>"$top/build/debug-mod.log" 2>&1 ||
			{ cat "$top/build/debug-mod.log"; exit 2; }
	fi
	guest="$top/build/vm/debug-guest"
	mkdir -p "$guest/root/lib/modules/$KVER"
	cp "$ksrc/modules.builtin" "$ksrc/modules.builtin.modinfo" \
		"$ksrc/modules.order" "$guest/root/lib/modules/$KVER/"
	ln -sf "$ksrc/vmlinux" "$guest/vmlinux"
	want_mods=""
	: "${VM_TIMEOUT:=2400}"
	tmo=$VM_TIMEOUT
else
	guest="$CACHE/guest/$KVER"
	want_mods="virtio_pci 9pnet_virtio 9p veth bridge sch_netem sch_tbf
sch_prio sch_ingress cls_matchall act_mirred ifb sch_fq pktgen 8021q
virtio_net vxlan ip_gre ip6_gre rdma_rxe crc32_generic rdma_ucm ipvlan"
fi
if [ -z "$KVER" ] || [ ! -s "$guest/vmlinux" ]; then
	echo "run-vm.sh: no guest kernel for '$KVER' in $CACHE (run scripts/setup.sh)" >&2
	exit 2
fi

out="$top/$outdir"
mkdir -p "$out"
rm -rf "$out/results"
mkdir -p "$out/results"

# --- initramfs -----------------------------------------------------------
mods="$guest/root/lib/modules/$KVER"
[ -s "$mods/modules.dep" ] || depmod -b "$guest/root" "$KVER"

init=$out/initramfs
rm -rf "$init"
mkdir -p "$init"/{bin,sbin,usr/bin,usr/sbin,lib,lib64,proc,sys,dev,tmp,run,snic,host,etc,var,root}
ln -s ../run "$init/var/run"

for m in $want_mods; do
	modprobe -d "$guest/root" -S "$KVER" --show-depends "$m" |
		awk '$1 == "insmod" { print $2 }'
done | sort -u | while read -r f; do
	rel=${f#"$guest/root"}
	mkdir -p "$init$(dirname "$rel")"
	cp "$f" "$init$rel"
done
mkdir -p "$init/lib/modules/$KVER"
cp "$mods"/modules.builtin "$mods"/modules.builtin.modinfo "$mods"/modules.order \
	"$init/lib/modules/$KVER/"
mkdir -p "$init/lib/modules/$KVER/extra"

cp /bin/busybox "$init/bin/busybox"
copy_bin() {
	local b=$1 dst=$2 lib
	cp "$b" "$init$dst"
	for lib in $(ldd "$b" 2>/dev/null | awk '/=>/ { print $3 } /ld-linux/ { print $1 }'); do
		[ -e "$lib" ] || continue
		mkdir -p "$init$(dirname "$lib")"
		cp -L "$lib" "$init$lib"
	done
}
copy_bin /usr/sbin/ip /usr/sbin/ip
copy_bin /usr/sbin/tc /usr/sbin/tc
copy_bin /usr/sbin/ethtool /usr/sbin/ethtool
copy_bin /usr/bin/rdma /usr/bin/rdma
# gojq (jq in Go, 0.1 s to start under TCG where jq 1.6 takes 0.3 s):
# the tests read snicctl's and tc's -j output with it (selftests/lib.sh).
copy_bin /usr/bin/gojq /usr/bin/gojq
copy_bin /usr/bin/kmod /usr/bin/kmod
for t in modprobe insmod rmmod lsmod depmod modinfo; do
	ln -sf /usr/bin/kmod "$init/sbin/$t"
done
depmod -b "$init" "$KVER"
cp "$top/selftests/qemu/init.sh" "$init/init"
chmod +x "$init/init"
printf 'root:x:0:0::/root:/bin/sh\nnobody:x:65534:65534::/:/bin/false\n' >"$init/etc/passwd"
printf 'root:x:0:\nnogroup:x:65534:\n' >"$init/etc/group"
(cd "$init" && find . | cpio -o -H newc --quiet | gzip -1) >"$out/initramfs.cpio.gz"

# --- boot ------------------------------------------------------------------
append="console=ttyS0 panic=-1 panic_on_oops=1 quiet loglevel=4 ${VM_EXTRA_APPEND:-}"
append+=" snictest.mode=$mode snictest.kver=$KVER snictest.moddir=$moddir"
[ $debug -eq 1 ] && append+=" panic_on_warn=1 kunit.enable=1 snictest.debug=1"
[ -n "$iter" ] && append+=" snictest.iter=$iter"
[ -n "${soak:-}" ] && append+=" snictest.soak=$soak"
[ -n "${plant:-}" ] && append+=" snictest.plant=$plant"
[ -n "${script:-}" ] && append+=" snictest.script=$script"
[ -n "$script_args" ] && append+=" snictest.args=$(echo "$script_args" | tr ' ' ',')"
append+=" snictest.out=$outdir"
[ -n "$guest_i" ] && append+=" snictest.guest=$guest_i snictest.guests=${guests:-1} snictest.span=$span"
nic=(-nic none)
[ -n "$netdev" ] && nic=(-netdev "$netdev,id=span"
	-device "virtio-net-pci,netdev=span,mac=52:54:00:5a:00:$(printf %02x "$guest_i")")
# The cache (absolute), where the guest finds scripts/setup.sh's YNL CLI
# in the host's root.
append+=" snictest.cache=$(cd "$CACHE" 2>/dev/null && pwd || echo "$CACHE")"
[ ${#tests[@]} -gt 0 ] && append+=" snictest.tests=$(IFS=,; echo "${tests[*]}")"
console="$out/console.log"
cpu=max
[ "$accel" = kvm ] && cpu=host

# The host's own root, read-only, as virtme-ng boots a guest on it: the
# guest runs programs of the host that nobody here wrote and the
# initramfs has not (selftests/lib.sh's hostrun: Debian's python3 with
# yaml and jsonschema, for the kernel's YNL CLI). Every mount of the host
# shows through it: multidevs=remap keeps their inode numbers apart.
# A guest that died of "Oops: int3" is booted again (twice at most, and
# not one of a span, whose peers cannot wait): QEMU 7.2's multi-threaded
# TCG, Debian's, can run a stale translation of kernel text that another
# vCPU patched (a static key flipped with text_poke_bp(): the sched_clock
# key at late init, netstamp_needed as a socket asks for timestamps), so
# the guest executes an int3 of a patch that is over and panics. It hit
# two of eighteen 6.12 boots in one evening here (at 3.5 s, in sched_clock_cpu(); once in
# netif_rx_internal() after 20 min), never the 6.1. snic places no int3.
# The same fault also shows as a double fault whose saved RFLAGS holds
# bits no x86-64 CPU can hold (VM, or bits 22 and up): one hit a 6.12
# make check at the traffic test's first run, RIP just past a jump
# label's NOP in kmem_cache_alloc_node(), EFLAGS 3faa7382. Such a frame
# is the emulator's, not the guest's, so it is booted again too; a
# double fault with a possible RFLAGS (a real stack overflow) is not.
# The run is said and kept (console-<time>-int3-N.log); another kernel
# report fails the run as always.
#
# tcg_fault CONSOLE: what of QEMU's TCG killed the guest, if the first
# kernel report is one of those two; false otherwise.
tcg_fault() {
	local first fl
	first=$(tr -d '\r' <"$1" |
		grep -m1 -oE 'Oops: [a-z0-9 ]+|BUG:|WARNING:|KASAN|UBSAN|kernel BUG' || true)
	case $first in
	"Oops: int3") echo "stale int3"; return 0 ;;
	"Oops: double fault"*)
		fl=$(tr -d '\r' <"$1" | sed -n '/Oops: double fault/,$s/.*EFLAGS: \([0-9a-f]\{1,16\}\).*/\1/p' |
			head -n 1)
		# RFLAGS' bits a 64-bit CPU can hold: 0x3d7fd7 (no VM)
		[ -n "$fl" ] && (( (0x$fl & ~0x3d7fd7) != 0 )) || return 1
		echo "double fault with an impossible RFLAGS $fl"
		return 0 ;;
	esac
	return 1
}
# The guest, one machine for both: the tree at /snic, the host's root
# read-only at /host, isa-debug-exit for the guest's status.
# shellcheck disable=SC2054
qemu=(qemu-system-x86_64
	-machine q35 -accel "$accel" -cpu "$cpu" -m "$mem" -smp 2
	-nographic -no-reboot "${nic[@]}"
	-kernel "$guest/vmlinux" -initrd "$out/initramfs.cpio.gz"
	-append "$append"
	-virtfs "local,path=$top,mount_tag=snic,security_model=none"
	-virtfs "local,path=/,mount_tag=hostroot,security_model=none,readonly=on,multidevs=remap"
	-device isa-debug-exit,iobase=0xf4,iosize=0x01)
# --shell: the console is this terminal, for as long as the shell runs
# (no timeout, nothing judged): make shell.
if [ "$mode" = shell ]; then
	echo "# snic shell: kernel $KVER under qemu ($accel), the tree at /snic; exit or Ctrl-D powers off (Ctrl-A x kills qemu)"
	set +e
	"${qemu[@]}"
	rc=$?
	# isa-debug-exit: 1 is the guest's "0" (the shell ended)
	[ $rc -eq 1 ] && exit 0
	echo "# snic shell: qemu exited with status $rc"
	exit 1
fi
start=$(date +%s)
boot=1
# --stream: the output between the markers as it comes, not at the end
if [ "$stream" = 1 ]; then
	: >"$console"
	# (sed quits at the end marker and says so; tail goes at its next
	# write, or when killed below)
	rm -f "$out/stream.done"
	(tail -n +1 -F "$console" 2>/dev/null | {
		sed -un 's/\r$//; /SNIC-DEMO-END/q; /SNIC-DEMO-BEGIN/,${/SNIC-DEMO-/d;p}'
		: >"$out/stream.done"; }) &
	streamer=$!
	# whatever ends this script ends the stream too (make run's tee
	# would wait for it)
	trap 'pkill -P "$streamer" 2>/dev/null || true; kill "$streamer" 2>/dev/null || true' EXIT
fi
while :; do
	set +e
	timeout --foreground "$tmo" "${qemu[@]}" \
		</dev/null >"$console" 2>&1
	rc=$?
	set -e
	[ "$accel" = tcg ] && [ -z "$guest_i" ] && [ $boot -lt 3 ] &&
		why=$(tcg_fault "$console") || break
	keep="$out/console-$(date +%Y%m%d-%H%M%S)-int3-$boot.log"
	tr -d '\r' <"$console" >"$keep"
	echo "# boot $boot: the guest died of QEMU TCG's $why ($(tr -d '\r' <"$console" |
		grep -m1 -oE 'RIP: [^ ]+' || echo 'no RIP'), after $(($(date +%s) - start)) s; kept in ${keep#"$top"/}): booting again"
	boot=$((boot + 1))
	rm -rf "$out/results"
	mkdir -p "$out/results"
done
secs=$(($(date +%s) - start))
if [ "$stream" = 1 ]; then
	# the last lines: up to 10 s for the stream to reach the end
	# marker (a guest that died printed none: then it is cut)
	for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
		[ ! -e "$out/stream.done" ] || break
		sleep 0.5
	done
	pkill -P "$streamer" 2>/dev/null || true
	kill "$streamer" 2>/dev/null || true
	wait "$streamer" 2>/dev/null || true	# (set -e: its 143 is no failure)
fi

# --- verdict ---------------------------------------------------------------
tr -d '\r' <"$console" >"$console.txt"
warn=0
warn_re='BUG:|WARNING:|Oops|Call Trace|KASAN|UBSAN|kernel BUG|unreferenced object|scheduling while atomic|possible circular locking|possible recursive locking|inconsistent lock state|suspicious RCU usage|refcount_t:|ODEBUG'
klog="$out/results/dmesg.txt"
[ -f "$klog" ] || : >"$klog"
{ grep -hE "$warn_re" "$console.txt" "$klog" || true; } | sort -u >"$out/warnings.txt"
[ -s "$out/warnings.txt" ] && warn=1
ktap="$out/results/ktap.txt"
[ -f "$ktap" ] || : >"$ktap"
if [ $debug -eq 1 ]; then
	# KUnit's KTAP from the first load of snic.ko: one more test whose
	# cases are the suite's.
	kunit="$out/results/kunit.txt"
	[ -f "$kunit" ] || : >"$kunit"
	kt=$(sed -n 's/^\[[ 0-9.]*\] //p' "$kunit" |
		sed -n '/# Subtest: snic_core/,/ok [0-9]* snic_core/p')
	if [ -n "$kt" ]; then
		printf '%s\n' "$kt" | sed 's/^ *\(# Subtest\)/    \1/' >>"$ktap"
	else
		printf '    not ok 1 KUnit suite snic_core did not run\n' >>"$ktap"
	fi
	if [ -s "$out/results/kmemleak.txt" ]; then
		echo "# kmemleak:"
		sed 's/^/#   /' "$out/results/kmemleak.txt" | head -n 40
		printf '    not ok 1 kmemleak found unreferenced objects\n' >>"$ktap"
	else
		printf '    ok 1 kmemleak: no unreferenced object after the suite\n' >>"$ktap"
	fi
fi
if [ "$mode" = tests ]; then
	cat "$ktap"
elif [ "$stream" = 0 ]; then
	sed -n '/SNIC-DEMO-BEGIN/,/SNIC-DEMO-END/p' "$console.txt" | sed '1d;$d'
fi

# Only the leaves count: subtests of a script are indented, the script's
# own summary line is not counted again. A skipped case proves nothing:
# it counts as failed.
pass=$(grep -E '^    ok [0-9]+' "$ktap" | grep -vc '# *SKIP' || true)
fail=$(grep -cE '^    not ok [0-9]+|^    ok [0-9]+.*# *SKIP' "$ktap" || true)
verdict=pass
case $rc in
1) ;;
124) echo "# VM timed out after ${tmo}s"; verdict=fail ;;
3) verdict=fail ;;
*) echo "# VM exited with status $rc (panic or crash)"; verdict=fail ;;
esac
# A guest that died mid-suite wrote no KTAP: say in which test it died
# and how far the suite had come (run_tests.sh marks each test's start
# in the kernel log, which reaches the console).
case $rc in
1 | 3) ;;	# the suite ran to its end
*)
	if [ "$mode" = tests ]; then
		# the console's marks are live; the kernel log's, drained
		# after each test, may lag one test behind
		re='snic-test: [^ ]+ starts'
		last=$({ grep -oE "$re" "$console.txt" || grep -oE "$re" "$klog" || true; } |
			tail -n 1 | cut -d' ' -f2)
		n=$({ grep -hoE "$re" "$console.txt" "$klog" || true; } | sort -u | grep -c . || true)
		echo "# the guest died in test ${last:-(none: before the first test)}," \
			"after $n test(s) started"
	fi
	;;
esac
if [ $warn -eq 1 ]; then
	echo "# kernel warnings (console and kernel log):"
	sed 's/^/#   /' "$out/warnings.txt" | head -n 40
	# The first report whole, with the test lines before it, so that
	# CI's log alone says what happened and where.
	src=$console.txt
	grep -qE "$warn_re" "$src" || src=$klog
	first=$(grep -nE "$warn_re" "$src" | head -n 1 | cut -d: -f1)
	echo "# first report, in context (${src##*/}):"
	sed -n "$((first > 15 ? first - 15 : 1)),$((first + 60))p" "$src" |
		sed 's/^/#   /'
	verdict=fail
	fail=$((fail + 1))
fi
if [ "$mode" = tests ] && [ "$pass" -eq 0 ] && [ "$fail" -eq 0 ]; then
	echo "# no test ran"
	verdict=fail
	fail=1
fi
if [ "$verdict" = fail ]; then
	keep="$out/console-$(date +%Y%m%d-%H%M%S).log"
	cp "$console.txt" "$keep"
	cp "$klog" "${keep%.log}.dmesg"
	echo "# console kept in ${keep#"$top"/}"
	[ "$fail" -gt 0 ] || fail=1
fi
echo "# vm: kernel $KVER, accel $accel, ${secs}s"
if [ "$mode" != tests ]; then
	echo "$mode: $verdict"
else
	echo "$pass passed, $fail failed"
fi
[ "$verdict" = pass ]
