#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# make bench: run selftests/bench.sh in one guest boot, print its BENCH
# lines and record them with the date in Documentation/benchmarks.rst.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 1
out=$(selftests/qemu/run-vm.sh --bench "$@")
rc=$?
printf '%s\n' "$out"
lines=$(printf '%s\n' "$out" | grep '^BENCH ')
[ $rc -eq 0 ] && [ -n "$lines" ] || exit 1
doc=Documentation/benchmarks.rst
{
	echo ".. SPDX-License-Identifier: GPL-2.0"
	echo
	echo "=========="
	echo "Benchmarks"
	echo "=========="
	echo
	echo "Written by \`\`make bench\`\` on $(date -u +%Y-%m-%d) ($(printf '%s\n' "$out" | sed -n 's/^# vm: //p')),"
	echo "2 cores under qemu TCG. Absolute speeds under TCG mean little; the"
	echo "ratios compare two configurations measured one after the other in"
	echo "the same boot (see selftests/bench.sh for each method)."
	echo
	echo "==================================  ============"
	echo "figure                              value"
	echo "==================================  ============"
	printf '%s\n' "$lines" | awk '{ printf "%-34s  %s\n", $2, $3 }'
	echo "==================================  ============"
	echo
	echo "Goals (issue 4): switch_vs_bridge_pps >= 1.0, snic_vs_veth_pps >= 0.9,"
	echo "idle_rate_fidelity >= 0.98; dragonfly72_up_s is reported (the guest"
	echo "has 1 GiB). A lossless hot spot drops nothing in the fabric and"
	echo "delivers every packet the senders' links carried (ratio 1.000)."
} >"$doc"
echo "# table written to $doc"
