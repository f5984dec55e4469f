#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make check: setup (idempotent), build, host unit tests, fuzz smoke,
# style gates, the DKMS build, the VM suite on the stock 6.1 kernel and
# on the 6.12 LTS (each test on the kernels its leading comment names:
# scripts/snic-tests.py), the two-guest tests, the examples (each of
# examples/ run as make run runs it), make shell driven through a
# pseudo-terminal, the Wireshark decode and,
# when the debug kernel is cached, its stage. The 6.12 and debug-kernel
# suites run in the background beside the others (two tracks: the
# guests wait more than they compute). Ends with one line
# "N passed, N failed" summing every test case of every stage; a stage
# that exits non-zero without a failed case of its own adds one (a
# compile error, a crash, an abort), and a stage that could not run is
# said in that line. SNIC_CHECK_STAGES="unit fuzz ..." runs only the
# stages it names (unit fuzz style dkms vm vm612 span examples shell
# wireshark debug), and the final line says which it left out.

set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 1
CACHE=${SNIC_CACHE:-/var/cache/snic}
start=$(date +%s)
pass=0
fail=0
notes=()
left=()
recap=()	# each stage's count, and a failing stage's failures

# want NAME: whether SNIC_CHECK_STAGES (when set) names stage NAME
want() {
	[ -z "${SNIC_CHECK_STAGES:-}" ] && return 0
	[[ " $SNIC_CHECK_STAGES " == *" $1 "* ]] && return 0
	left+=("$1")
	return 1
}

# ktap LOG: its top-level KTAP results ("ok N", "not ok N"), as "P F"
ktap() {
	echo "$(grep -cE '^ok [0-9]+' "$1") $(grep -cE '^not ok [0-9]+' "$1")"
}

# verdict LOG: its last "N passed, N failed" line, as "P F" ("0 0" if none)
verdict() {
	local line f

	line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$1" | tail -n 1)
	[ -n "$line" ] || { echo "0 0"; return; }
	f=${line#* passed, }
	echo "${line%% passed*} ${f%% failed*}"
}

# stage NAME COUNT CMD...: run CMD, its output on the console and in
# build/NAME.log; COUNT (ktap or verdict) reads its cases. A non-zero
# exit with no failed case, or no case at all, is one failure more.
stage() {
	local name=$1 how=$2 log=build/$1.log rc p f why=

	shift 2
	"$@" 2>&1 | tee "$log"
	rc=${PIPESTATUS[0]}
	read -r p f < <($how "$log")
	if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
		why="not ok - stage $name exited with status $rc"
		f=1
	elif [ "$p" -eq 0 ] && [ "$f" -eq 0 ]; then
		why="not ok - stage $name ran no test"
		f=1
	fi
	[ -z "$why" ] || echo "$why"
	pass=$((pass + p))
	fail=$((fail + f))
	echo "# $name: $p passed, $f failed ($(date +%T))"
	recap+=("# $name: $p passed, $f failed")
	[ "$f" -eq 0 ] ||
		recap+=("$({ grep -E '^ *not ok|^# VM |^# boot |^# the guest died' "$log" |
			head -n 20
			# a kernel report's first lines: CI shows only the tail
			grep -A 6 -m 1 '^# kernel warnings' "$log"
			grep -A 80 -m 1 '^# first report, in context' "$log" |
				grep -E 'snic-test:|Oops|BUG|WARNING|RIP:|Call Trace|KASAN|UBSAN|panic|^# first' |
				head -n 12
			[ -z "$why" ] || echo "$why"; })")
}

mkdir -p build
echo "# setup"
bash scripts/setup.sh || { echo "0 passed, 1 failed (setup failed)"; exit 1; }
# the kernels setup chose (as the Makefile reads them)
eval "$(sed -n 's/^\(KVER[0-9]*\) ?= \(.*\)$/\1=${\1:-\2}/p' "$CACHE/env.mk")"
echo "# build"
if ! make -s all >build/make.log 2>&1; then
	cat build/make.log
	echo "0 passed, 1 failed (the build failed)"
	exit 1
fi

if want style; then
	echo "# style: W=1, sparse, checkpatch --strict, 6.12 build"
	stage style ktap scripts/style.sh
fi
if want dkms; then
	echo "# dkms: the DKMS tree built against both header versions"
	stage dkms ktap scripts/dkms.sh test
fi

# The VM suite: every test once, on the kernel(s) its leading comment
# names ("# kernels: ..."; the stock 6.1 when it names none).
# The debug stage's kernel is a 6.12 too: when it runs, its tests do not
# run again on the stock 6.12.
DEBUG_TESTS=$(python3 scripts/snic-tests.py --debug)
debug_cached='' run_debug='' run_vm='' run_vm612=''
scripts/debug-kernel.sh --cached >/dev/null 2>&1 && debug_cached=1
[ -n "$debug_cached" ] && want debug && run_debug=1
want vm && run_vm=1
want vm612 && run_vm612=1

# vm_stage KVER OUT: the VM suite's tests for kernel KVER, in OUT
vm_stage() {
	local k=$1 out=$2 t tests args=()

	for t in $(python3 scripts/snic-tests.py --kernel "$k"); do
		[ "$k" = "$KVER612" ] && [ -n "$run_debug" ] &&
			[[ " $DEBUG_TESTS " == *" $t "* ]] && continue
		args+=(--test "$t")
	done
	tests=$(printf '%s\n' "${args[@]}" | grep -v -- --test | tr '\n' ' ')
	echo "# vm: kselftests on $k: $tests ($(date +%T))"
	stage "vm-$k" verdict selftests/qemu/run-vm.sh --kver "$k" \
		--out "$out" "${args[@]}"
}

# The debug-kernel suite runs whenever the debug kernel is cached (make
# check-debug builds it once, 6 to 18 minutes), its cases counted like
# the others: the tests whose leading comment says "check-debug: yes"
# (the kernel's error, teardown and concurrency paths), two rounds of
# the fault loops (make check-debug runs every test, a hundred rounds).
debug_stage() {
	local t k p name args=()

	echo "# check-debug: $DEBUG_TESTS on the cached debug kernel ($(date +%T))"
	for t in $DEBUG_TESTS; do
		args+=(--test "$t")
	done
	SNIC_ITER=2 stage vm-debug verdict scripts/check-debug.sh \
		--out build/vm-debug "${args[@]}"
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
		out=$(selftests/qemu/run-vm.sh --debug --plant "$name" \
			--out build/vm-plant 2>&1)
		if [ "$(printf '%s\n' "$out" | tail -n 1)" = "plant: fail" ] &&
		   printf '%s\n' "$out" | grep -q "$*"; then
			echo "ok $k harness: a planted $name report ($*) fails the run"
			pass=$((pass + 1))
		else
			echo "not ok $k harness: a planted $name report ($*) fails the run"
			recap+=("not ok $k harness: a planted $name report ($*) fails the run")
			printf '%s\n' "$out" | tail -n 20 | sed 's/^/# /'
			fail=$((fail + 1))
		fi
	done
}

# Two tracks, as two cores allow: the guests spend much of their time
# waiting (timers, the tests' own sleeps), so that one after another
# the suite kept 1.15 of the 2 cores busy and took 49 minutes. The 6.12
# suite and then the debug kernel's run in the background, each in an
# output directory of its own, their output in build/track2.log; it is
# shown whole, and counted, once the first track is over.
rm -f build/track2.count build/track2.recap
if [ -n "$run_vm612$run_debug" ]; then
	# a process group of its own (job control for this one fork), so
	# that an interrupted check takes the track, its guests too, with it
	set -m
	(
		pass=0 fail=0 recap=()
		[ -z "$run_vm612" ] || vm_stage "$KVER612" "build/vm-$KVER612"
		[ -z "$run_debug" ] || debug_stage
		echo "$pass $fail" >build/track2.count
		[ ${#recap[@]} -eq 0 ] || printf '%s\n' "${recap[@]}" >build/track2.recap
	) </dev/null >build/track2.log 2>&1 &
	track2=$!
	set +m
	trap 'kill -TERM -- -"$track2" 2>/dev/null' EXIT
	trap 'exit 130' INT
	trap 'exit 143' TERM
	echo "# the 6.12 and debug-kernel suites run in the background from $(date +%T): build/track2.log"
fi
if want unit; then
	echo "# unit: host tests of drivers/snic/core"
	stage unit ktap make -s unit
fi
if want fuzz; then
	echo "# fuzz: libFuzzer harnesses, 5 s each (make fuzz runs them longer)"
	stage fuzz ktap make -s -C selftests/fuzz run SECONDS=5
fi
[ -z "$run_vm" ] || vm_stage "$KVER" build/vm

if want span; then
	echo "# span: one fabric over two guests, tunnels between them ($(date +%T))"
	stage span verdict selftests/qemu/run-span.sh --guests 2
fi

if want examples; then
	echo "# examples: each of examples/ run by make run's script, quick"
	stage examples ktap scripts/run-test.sh
fi

if want shell; then
	echo "# shell: make shell's console driven through a pseudo-terminal"
	stage shell ktap python3 scripts/shell-test.py
fi

if want wireshark; then
	echo "# wireshark: the VM's capture decoded by tshark and snic.lua"
	stage wireshark ktap python3 scripts/wireshark-test.py
fi

[ -n "$debug_cached" ] ||
	notes+=("the debug-kernel stage did not run: no cached debug kernel (make check-debug builds it)")
if [ -n "${track2:-}" ]; then
	echo "# waiting for the background track ($(date +%T))"
	wait "$track2"
	rc=$?
	echo "# background track: the 6.12 and debug-kernel suites (build/track2.log)"
	cat build/track2.log
	if [ -s build/track2.count ]; then
		read -r p f <build/track2.count
		pass=$((pass + p))
		fail=$((fail + f))
		if [ -s build/track2.recap ]; then
			mapfile -t r <build/track2.recap
			recap+=("${r[@]}")
		fi
	else
		echo "not ok - the background track exited with status $rc and counted nothing"
		recap+=("not ok - the background track exited with status $rc and counted nothing")
		fail=$((fail + 1))
	fi
fi
[ ${#left[@]} -eq 0 ] ||
	notes+=("stages left out by SNIC_CHECK_STAGES: ${left[*]}")

# The stages again, so that the end of the log (all that a CI page may
# show) says which failed and how.
echo "# stages:"
printf '%s\n' "${recap[@]}"
echo "# check: $(($(date +%s) - start)) s"
if [ ${#notes[@]} -gt 0 ]; then
	echo "$pass passed, $fail failed ($(IFS=';'; echo "${notes[*]}"))"
else
	echo "$pass passed, $fail failed"
fi
[ "$fail" -eq 0 ]
