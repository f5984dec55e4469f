#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# run.sh SECONDS FUZZER...: run each libFuzzer harness for SECONDS over a
# scratch copy of its seed corpus; print KTAP and BENCH lines.
secs=$1
shift
cd "$(dirname "$0")" || exit 1
n=0 fail=0 execs=0 crashes=0
echo "KTAP version 1"
for f in "$@"; do
	n=$((n + 1))
	corpus=corpus/${f#fuzz_}
	work=$(mktemp -d)
	cp "$corpus"/* "$work/"
	log=$(mktemp)
	./"$f" -max_total_time="$secs" -max_len=16384 -print_final_stats=1 \
		-artifact_prefix="$work/crash-" "$work" >"$log" 2>&1
	rc=$?
	e=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
	cov=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1 | cut -d' ' -f2)
	execs=$((execs + ${e:-0}))
	if [ $rc -eq 0 ]; then
		echo "ok $n $f: ${e:-0} execs, coverage ${cov:-?} edges, no crash"
	else
		fail=$((fail + 1))
		crashes=$((crashes + 1))
		echo "not ok $n $f: crash after ${e:-?} execs (rc $rc)"
		grep -E 'ERROR|SUMMARY|abort' "$log" | head -n 10 | sed 's/^/# /'
		mkdir -p ../../build/fuzz
		cp "$work"/crash-* ../../build/fuzz/ 2>/dev/null
		echo "# reproducer kept in build/fuzz/"
	fi
	rm -rf "$work" "$log"
done
echo "1..$n"
echo "BENCH fuzz_execs $execs"
echo "BENCH fuzz_crashes $crashes"
[ $fail -eq 0 ]
