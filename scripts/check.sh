#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make check: setup (idempotent), build, host unit tests, style gates and
# the VM suite; ends with one line "N passed, N failed" summing every test
# case of every stage.

set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 1
start=$(date +%s)
pass=0
fail=0

count() {	# count FILE: add its top-level KTAP results
	local p f
	p=$(grep -cE '^ok [0-9]+' "$1")
	f=$(grep -cE '^not ok [0-9]+' "$1")
	pass=$((pass + p))
	fail=$((fail + f))
}

add_verdict() {	# add_verdict LOG: add its last line, "N passed, N failed"
	local line f

	line=$(tail -n 1 "$1")
	case "$line" in
	*" passed, "*" failed")
		pass=$((pass + ${line%% passed*}))
		f=${line#* passed, }
		fail=$((fail + ${f%% failed}))
		;;
	*)	fail=$((fail + 1)) ;;
	esac
}

mkdir -p build
echo "# setup"
bash scripts/setup.sh || { echo "0 passed, 1 failed"; exit 1; }
echo "# build"
if ! make -s all >build/make.log 2>&1; then
	cat build/make.log
	echo "0 passed, 1 failed"
	exit 1
fi

echo "# unit: host tests of drivers/snic/core"
make -s unit 2>&1 | tee build/unit.ktap
count build/unit.ktap

echo "# fuzz: libFuzzer harnesses, 5 s each (make fuzz runs them longer)"
make -s -C selftests/fuzz run SECONDS=5 2>&1 | tee build/fuzz.ktap
count build/fuzz.ktap

echo "# style: W=1, sparse, checkpatch --strict, 6.12 build"
scripts/style.sh 2>&1 | tee build/style.ktap
count build/style.ktap

echo "# dkms: the DKMS tree built against both header versions"
scripts/dkms.sh test 2>&1 | tee build/dkms.ktap
count build/dkms.ktap

echo "# vm: kselftests in a qemu guest ($(date +%T))"
selftests/qemu/run-vm.sh 2>&1 | tee build/vm.log
add_verdict build/vm.log

echo "# span: one fabric over two guests, tunnels between them ($(date +%T))"
selftests/qemu/run-span.sh --guests 2 2>&1 | tee build/span.log
add_verdict build/span.log

echo "# wireshark: the VM's capture decoded by tshark and snic.lua"
python3 scripts/wireshark-test.py 2>&1 | tee build/wireshark.ktap
count build/wireshark.ktap

# The debug-kernel suite (issue: CI runs it when it fits): it runs here
# whenever the debug kernel is cached (make check-debug builds it once,
# ~18 minutes), and its cases count like the others. Here it runs the
# tests that drive the kernel's error, teardown and concurrency paths
# (faults, teardown, refused registrations, malformed input, netlink,
# credits, pacing under reconfiguration, the CCA and ARN loops,
# multicast); the others (line rate, marking, service levels, lossless
# under hogs, fabric builds) run the same code on the stock kernel above,
# and all of them run in make check-debug. The debug kernel is 3x slower:
# the whole list would take CI past 30 minutes, and so would five rounds
# of the fault loops (SNIC_ITER): make check runs three, make check-debug
# a hundred.
# The list: the tests whose leading comment says "check-debug: yes"
# (scripts/snic-tests.py, which writes snic.rst's list of tests too).
DEBUG_TESTS=$(python3 scripts/snic-tests.py --debug)
if scripts/debug-kernel.sh --cached >/dev/null 2>&1; then
	echo "# check-debug: $DEBUG_TESTS on the cached debug kernel ($(date +%T))"
	args=()
	for t in $DEBUG_TESTS; do
		args+=(--test "$t")
	done
	SNIC_ITER=3 scripts/check-debug.sh "${args[@]}" 2>&1 | tee build/vm-debug.log
	line=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' build/vm-debug.log | tail -n 1)
	case "$line" in
	*" passed, "*" failed")
		pass=$((pass + ${line%% passed*}))
		f=${line#* passed, }
		fail=$((fail + ${f%% failed}))
		;;
	*)	fail=$((fail + 1)) ;;
	esac
	# The verdict itself: a run whose kernel log holds a report fails,
	# even one printed below the console's level (the planted modules
	# of selftests/qemu/plant).
	echo "# harness: planted kernel reports fail the run"
	k=0
	for p in "rcu suspicious RCU usage" "lock possible circular locking"; do
		set -- $p
		name=$1
		shift
		k=$((k + 1))
		out=$(selftests/qemu/run-vm.sh --debug --plant "$name" 2>&1)
		if [ "$(printf '%s\n' "$out" | tail -n 1)" = "plant: fail" ] &&
		   printf '%s\n' "$out" | grep -q "$*"; then
			echo "ok $k harness: a planted $name report ($*) fails the run"
			pass=$((pass + 1))
		else
			echo "not ok $k harness: a planted $name report ($*) fails the run"
			printf '%s\n' "$out" | tail -n 20 | sed 's/^/# /'
			fail=$((fail + 1))
		fi
	done
else
	echo "# check-debug: no cached debug kernel; run make check-debug (builds it once)"
fi

echo "# check: $(($(date +%s) - start)) s"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
