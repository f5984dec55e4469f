#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# run.sh EXP [--args "A B ..."] [run-vm.sh's flags: --kver KVER ...]: run an experiment, a shell
# script from anywhere on the host (make run EXP=FILE [ARGS="..."]), in a
# guest with the modules loaded, and keep what it made.
#
# The script runs under the guest's busybox sh, as root, in
# /snic/selftests, with snicctl and the test tools on PATH (snicctl,
# snic_xfer, ...), selftests/lib.sh to source (. /snic/selftests/lib.sh:
# hostrun for the host's own programs, nsexec, counters), its ARGS as
# "$@" (words without commas: they travel on the guest kernel's command
# line, commas between them), and a results directory in $SNIC_OUT: what it writes there
# appears on the host as build/results/NAME-DATE/ (NAME: the script's
# file name without .sh). Its output is shown as it comes.
#
# After the run, in that directory:
#   experiment.sh   the script as run
#   output.log      everything it printed
#   manifest.txt    the commit measured (with "+" when the tree had
#                   uncommitted changes), kernel, accel, guest size, the
#                   command line and arguments, the script's sha256,
#                   start, end and exit status, snicctl's version, and
#                   every fidelity verdict the run printed: lines
#                   "FIDELITY RUN VERDICT ..." and snicctl fabric
#                   health's "fabric NAME: ... VERDICT" lines
#   *.png           each *.gp the script left there, drawn by gnuplot
# Exit status (and the manifest's): 0 when the script exited 0 and the
# guest reported no kernel warning, else 1 (2: bad arguments).
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
exp=${1:-}
[ -n "$exp" ] && [ -f "$exp" ] || {
	echo "usage: run.sh EXPERIMENT.sh [--args \"A B ...\"] [--kver KVER] [--timeout S]" >&2
	echo "run.sh: no experiment file \"$exp\"" >&2
	exit 2
}
shift
vmflags=() args= mem=1024
while [ $# -gt 0 ]; do
	case "$1" in
	--args) args=$2; shift 2 ;;
	--mem) mem=$2; vmflags+=("$1" "$2"); shift 2 ;;
	*) vmflags+=("$1"); shift ;;	# run-vm.sh's: --kver KVER, --timeout S ...
	esac
done
name=$(basename "$exp" .sh)
case "$args" in
*,*) echo "run.sh: ARGS travel comma-separated: no commas inside them" >&2; exit 2 ;;
esac
case "$name" in
*[!A-Za-z0-9_.-]*|'') echo "run.sh: a name of letters, digits, . _ - please: \"$name\"" >&2; exit 2 ;;
esac
stamp=$(date +%Y%m%d-%H%M%S)
rel=build/results/$name-$stamp
res=$top/$rel
mkdir -p "$res"
cp "$exp" "$res/experiment.sh"
commit=$(git -C "$top" rev-parse --short HEAD 2>/dev/null || echo none)
[ -z "$(git -C "$top" status --porcelain -- drivers include userspace selftests 2>/dev/null)" ] ||
	commit="$commit+"
started=$(date -u +%FT%TZ)
echo "# run: $exp in a guest; results in $rel" >&2
"$top/selftests/qemu/run-vm.sh" --script "$rel/experiment.sh" \
	${args:+--args "$args"} --stream --out build/run "${vmflags[@]}" 2>&1 |
	tee "$res/output.log"
rc=${PIPESTATUS[0]}
ended=$(date -u +%FT%TZ)
guest=$(sed -n 's/^# vm: kernel \([^,]*\), accel \([^,]*\),.*/\1 \2/p' "$res/output.log" | tail -n 1)
{
	echo "experiment: $exp"
	echo "sha256: $(sha256sum "$res/experiment.sh" | cut -d' ' -f1)"
	echo "command: make run EXP=$exp${args:+ ARGS=\"$args\"}"
	echo "arguments: ${args:-none}"
	echo "commit: $commit"
	echo "kernel: ${guest% *}"
	echo "accel: ${guest#* }"
	echo "guest: 2 vCPUs, $mem MiB"
	echo "snicctl: $("$top/userspace/snicctl/snicctl" -V 2>/dev/null)"
	echo "started: $started"
	echo "ended: $ended"
	echo "exit status: $rc"
	echo "fidelity:"
	v=$(grep -E '^FIDELITY |^fabric [^ ]*: dilation [0-9]+ (FAITHFUL|UNFAITHFUL|UNKNOWN)' \
		"$res/output.log")
	printf '%s\n' "${v:-none printed (the experiment asked for no verdict)}" | sed 's/^/  /'
} >"$res/manifest.txt"
for gp in "$res"/*.gp; do
	[ -e "$gp" ] || continue
	(cd "$res" && gnuplot "$(basename "$gp")") >>"$res/output.log" 2>&1 ||
		echo "# run: gnuplot failed on $(basename "$gp")" >&2
done
echo "# run: exit status $rc; $(ls "$res" | tr '\n' ' ')" >&2
echo "# run: results in $rel" >&2
exit "$rc"
