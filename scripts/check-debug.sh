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
selftests/qemu/run-vm.sh --debug --iter "${SNIC_ITER:-100}" "$@" | tee build/vm-debug.log
rc=${PIPESTATUS[0]}
echo "BENCH debug_suite_s $(($(date +%s) - start))"
exit "$rc"
