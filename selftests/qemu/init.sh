#!/bin/busybox sh
# SPDX-License-Identifier: GPL-2.0
#
# /init of the test guest: mount the tree shared over 9p, install the
# freshly built modules, run the kselftests (or the demo), and report one
# verdict byte to qemu's isa-debug-exit (0 -> qemu exits 1 = pass,
# 1 -> qemu exits 3 = fail).

/bin/busybox --install -s /bin
export PATH=/usr/sbin:/usr/bin:/sbin:/bin
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
mount -t tmpfs tmp /tmp
mount -t tmpfs run /run
mkdir -p /dev/pts /dev/shm
mount -t devpts devpts /dev/pts

verdict() {
	sync
	printf "\\$(printf '%03o' "$1")" | dd of=/dev/port bs=1 seek=244 count=1 2>/dev/null
	echo o >/proc/sysrq-trigger
	sleep 5
}

for a in $(cat /proc/cmdline); do
	case "$a" in
	snictest.mode=*) mode=${a#snictest.mode=} ;;
	snictest.tests=*) tests=${a#snictest.tests=} ;;
	snictest.kver=*) kver=${a#snictest.kver=} ;;
	snictest.moddir=*) moddir=${a#snictest.moddir=} ;;
	snictest.debug=*) debug=${a#snictest.debug=} ;;
	snictest.iter=*) export SNIC_ITER=${a#snictest.iter=} ;;
	snictest.soak=*) export SOAK_SECONDS=${a#snictest.soak=} ;;
	snictest.plant=*) plant=${a#snictest.plant=} ;;
	snictest.script=*) script=${a#snictest.script=} ;;
	snictest.args=*) args=$(echo "${a#snictest.args=}" | tr ',' ' ') ;;
	snictest.cache=*) export SNIC_CACHE=${a#snictest.cache=} ;;
	snictest.out=*) out=${a#snictest.out=} ;;
	snictest.guest=*) export SNIC_GUEST=${a#snictest.guest=} ;;
	snictest.guests=*) export SNIC_GUESTS=${a#snictest.guests=} ;;
	snictest.span=*) export SNIC_SPAN=/snic/${a#snictest.span=} ;;
	esac
done

if [ "${debug:-0}" != 1 ]; then
	/sbin/modprobe virtio_pci && /sbin/modprobe 9pnet_virtio &&
		/sbin/modprobe 9p || { echo "init: cannot load 9p"; verdict 1; }
fi
mount -t 9p -o trans=virtio,version=9p2000.L,msize=524288,cache=none snic /snic ||
	{ echo "init: cannot mount the tree"; verdict 1; }
# The host's root, read-only (run-vm.sh's "hostroot" share), for the
# host programs that selftests/lib.sh's hostrun runs chrooted. Without it
# the run goes on: only the tests that need it fail, and say why. Cached
# (loose), unlike the tree: nothing the guest reads there changes during
# a run, and a python3 that starts in 1 s then took 10 to 15 under TCG,
# each start stat()ing and reading its modules over 9p again.
mount -t 9p -o ro,trans=virtio,version=9p2000.L,msize=524288,cache=loose hostroot /host ||
	echo "init: cannot mount the host root at /host: hostrun will fail"

# The modules under test, installed where modprobe (and so the kernel's
# autoload of sch_snic and rtnl-link-snic) finds them.
cp "/snic/$moddir/drivers/snic/snic.ko" "/snic/$moddir/drivers/sch_snic/sch_snic.ko" \
	"/lib/modules/$kver/extra/" || { echo "init: modules not built"; verdict 1; }
/sbin/depmod -a "$kver"
echo 1 >/proc/sys/kernel/panic_on_warn 2>/dev/null || true
# Every link end's frames wait in the sending CPU's backlog, which drops
# beyond this many (1000 by default): room for what the credits of the
# largest fabric the tests and benches build may have on its links at
# once (snicctl fabric up warns below that; the 72-host Dragonfly needs
# 664552), so that a busy guest makes frames late, not lost.
echo 2097152 >/proc/sys/net/core/netdev_max_backlog
/usr/sbin/ip link set lo up

cd /snic/selftests || verdict 1
# The tests exec snicctl and their tools thousands of times: from tmpfs,
# not over 9p (cache=none), where each exec reads the binary again
# (measured under TCG: snicctl 0.5 s an exec from the 9p tree, 0.03 s
# from tmpfs). lib.sh takes SNICCTL and TOOLS from the environment.
mkdir -p /run/snic/tools
cp /snic/userspace/snicctl/snicctl /run/snic/ && export SNICCTL=/run/snic/snicctl
for f in /snic/selftests/tools/*; do
	case "$f" in
	*.c) ;;
	*) [ -f "$f" ] && [ -x "$f" ] && cp "$f" /run/snic/tools/ ;;
	esac
done
export TOOLS=/run/snic/tools
# Receive timestamps on for good, before any traffic: the first socket
# that asks for them switches a static key (netif_rx's), live-patching
# the kernel's text, and qemu's multi-threaded TCG once let the other
# vCPU run the half-patched site (an int3 oops in netif_rx_internal, on
# 6.12, under load). Switched on now, while the guest is idle, it stays.
$TOOLS/snic_xfer -T &
results=/snic/${out:-build/vm}/results
# One of several guests (selftests/qemu/run-span.sh): eth0 on the other
# guests' segment is the underlay of a fabric over machines.
if [ -n "${SNIC_GUEST:-}" ]; then
	/sbin/modprobe virtio_net && /sbin/modprobe vxlan &&
		/sbin/modprobe ip_gre && /sbin/modprobe ip6_gre ||
		echo "init: cannot load the underlay's modules"
	/usr/sbin/ip link set eth0 up &&
		/usr/sbin/ip addr add "192.168.100.$SNIC_GUEST/24" dev eth0 ||
		echo "init: no eth0 for the underlay"
fi
# host_programs: the host's iperf3, python3, mpirun, tshark and gnuplot,
# the verbs programs (perftest's, ibv_*, rping), and "host CMD" for any
# other, in /run/snic/host (selftests/qemu/hostexec)
host_programs() {
	mkdir -p /run/snic/host
	cp /snic/selftests/qemu/hostexec /run/snic/hostexec
	for p in iperf3 python3 mpirun tshark gnuplot host \
		ib_write_bw ib_read_bw ib_send_bw ib_write_lat ib_read_lat \
		ib_send_lat ibv_rc_pingpong ibv_devinfo ibv_devices rping; do
		ln -sf ../hostexec "/run/snic/host/$p"
	done
}

# The whole kernel log, drained after every test (run_tests.sh) so that
# the ring buffer never overwrites a report: the host judges the run on
# it, not only on the console (which shows KERN_ERR and worse).
export SNIC_KLOG=$results/dmesg.txt
: >"$SNIC_KLOG"
if [ "${debug:-0}" = 1 ]; then
	# KUnit prints its KTAP at module load; keep the first load's.
	mount -t debugfs debugfs /sys/kernel/debug
	dmesg -c >>"$SNIC_KLOG"
	/sbin/modprobe snic
	dmesg >"$results/kunit.txt"
	dmesg -c >>"$SNIC_KLOG"
	echo clear >/sys/kernel/debug/kmemleak
fi
if [ "$mode" = plant ]; then
	# A harness self-test: a module that makes the kernel report a bug
	# (snictest.plant=NAME); the host expects this run to fail.
	/sbin/insmod "/snic/$moddir/selftests/qemu/plant/snic_plant_$plant.ko"
	sleep 1
	rc=0
elif [ "$mode" = shell ]; then
	# make shell: an interactive shell on the console, the modules
	# loaded, snicctl, the test tools and the host's programs by their
	# names; its end (exit, Ctrl-D) powers the guest off.
	host_programs
	export PATH="/run/snic:/run/snic/tools:$PATH:/run/snic/host"
	export SNIC_OUT=/snic/build/results
	mkdir -p "$SNIC_OUT"
	if /sbin/modprobe snic && /sbin/modprobe sch_snic; then
		loaded="snic and sch_snic loaded"
	else
		loaded="the modules did NOT load (see above)"
	fi
	cat <<-EOF

	snic shell: kernel $(uname -r), $loaded.
	  snicctl fabric up fattree:2,2,2 name ft     a fabric (snicctl help)
	  snicctl fabric exec ft h4 -- iperf3 -s -1   a host program, by name
	  The tree is /snic (results: \$SNIC_OUT, build/results on the host);
	  host programs: iperf3 python3 mpirun tshark gnuplot, or host CMD.
	  exit or Ctrl-D powers off.

	EOF
	cd /snic
	PS1='snic:\w# ' setsid cttyhack /bin/sh
	rc=0
elif [ "$mode" = demo ] || [ "$mode" = bench ] || [ "$mode" = bench_full ] ||
     [ "$mode" = soak ]; then
	echo SNIC-DEMO-BEGIN
	sh "./$mode.sh"
	rc=$?
	echo SNIC-DEMO-END
elif [ "$mode" = script ]; then
	# An experiment (scripts/run.sh): snicctl, the test tools and the
	# host's programs by their names, its results directory (the
	# script's own, which the host sees as build/results/NAME-DATE) in
	# $SNIC_OUT, its arguments.
	host_programs
	export PATH="/run/snic:/run/snic/tools:$PATH:/run/snic/host"
	export SNIC_OUT="/snic/$(dirname "$script")"
	echo SNIC-DEMO-BEGIN
	# split into words, never globbed
	set -f
	# shellcheck disable=SC2086
	sh "/snic/$script" ${args:-}
	rc=$?
	set +f
	echo SNIC-DEMO-END
else
	sh ./run_tests.sh "$tests" >"$results/ktap.txt.tmp" 2>&1
	rc=$?
	mv "$results/ktap.txt.tmp" "$results/ktap.txt"
	cat "$results/ktap.txt"
fi
if [ "${debug:-0}" = 1 ]; then
	# kmemleak reports an object once it is old enough and seen twice.
	/sbin/rmmod snic sch_snic 2>/dev/null
	sleep 6
	echo scan >/sys/kernel/debug/kmemleak
	sleep 1
	echo scan >/sys/kernel/debug/kmemleak
	cat /sys/kernel/debug/kmemleak >"$results/kmemleak.txt"
fi
dmesg -c >>"$SNIC_KLOG"
[ "$rc" -eq 0 ] && verdict 0
verdict 1
