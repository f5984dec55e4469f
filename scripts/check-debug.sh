#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make check-debug: the whole VM suite on the debug kernel (KASAN, lockdep,
# DEBUG_ATOMIC_SLEEP, kmemleak, DEBUG_OBJECTS_TIMERS, KUnit) with
# panic_on_warn=1, then a kmemleak scan. Any report fails the run. The
# kernel is built once (about 18 minutes) and cached by scripts/debug-kernel.sh.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 1
start=$(date +%s)
scripts/debug-kernel.sh >/dev/null || { echo "0 passed, 1 failed"; exit 1; }
# Every test but dragonfly72: building 108 netns under KASAN and lockdep
# in TCG takes longer than a test may run (with the tools on tmpfs: still
# building after 500 s, and then the 1 GB guest ran out of memory; with
# --mem 3072 and a 1500-s limit, still building at the limit), and
# fabric.sh runs the same code on smaller fabrics. Arguments (--test
# NAME) override the list; others (--out DIR) go to run-vm.sh.
args=("$@")
if [[ " $* " != *" --test "* ]]; then
	for t in selftests/net/*.sh; do
		t=$(basename "$t" .sh)
		[ "$t" = dragonfly72 ] || args+=(--test "$t")
	done
fi
# The fault loops grow with the iterations: so does the VM's time limit.
: "${VM_TIMEOUT:=$((3000 + 60 * ${SNIC_ITER:-100}))}"
export VM_TIMEOUT
mkdir -p build
selftests/qemu/run-vm.sh --debug --iter "${SNIC_ITER:-100}" "${args[@]}" | tee build/vm-debug.log
rc=${PIPESTATUS[0]}
echo "BENCH debug_suite_s $(($(date +%s) - start))"
exit "$rc"
