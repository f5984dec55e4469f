#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make check's "examples" stage: every experiment of examples/ run as a
# user runs it (scripts/run.sh, what make run calls), at the size its
# "quick" argument gives, from a copy outside the tree; then what the
# user gets is checked: the results directory, the manifest with its
# provenance and one fidelity verdict per run, the CSV, the plot, and
# the output shown while the guest ran, not only at its end; then
# scripts/snic-plot on the examples' reports, records and verdicts. KTAP.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
n=0 fail=0
ok() { n=$((n + 1)); echo "ok $n $1"; }
not_ok() { n=$((n + 1)); fail=$((fail + 1)); echo "not ok $n $1"; [ -z "${2:-}" ] || echo "# $2"; }
check() {	# check DESC CMD...
	local d=$1

	shift
	if out=$("$@" 2>&1); then ok "$d"; else not_ok "$d" "$(echo "$out" | tail -n 3 | tr '\n' ' ')"; fi
}

echo "KTAP version 1"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for exp in "$top"/examples/*.sh; do
	name=$(basename "$exp" .sh)
	# the user's copy, anywhere on the host
	cp "$exp" "$tmp/$name.sh"
	ls -d "$top"/build/results/"$name"-* 2>/dev/null >"$tmp/before"
	# each line of what run.sh shows, stamped as it arrives
	"$top/scripts/run.sh" "$tmp/$name.sh" --args quick 2>&1 |
		while IFS= read -r line; do echo "$(date +%s) $line"; done >"$tmp/$name.out"
	rc=${PIPESTATUS[0]}
	res=$(ls -d "$top"/build/results/"$name"-* 2>/dev/null | grep -vxF -f "$tmp/before" | tail -n 1)
	sed 's/^[0-9]* /# /' "$tmp/$name.out" | tail -n 20
	if [ "$rc" = 0 ]; then ok "$name: make run's script exited 0"; else
		not_ok "$name: make run's script exited $rc"; fi
	if [ -z "$res" ] || [ ! -d "$res" ]; then
		not_ok "$name: a results directory build/results/$name-DATE"
		continue
	fi
	ok "$name: results in ${res#"$top"/}"
	m=$res/manifest.txt
	check "$name: the manifest names the commit, kernel, command, script hash and exit status" \
		sh -c "grep -Eq '^commit: [0-9a-f]{7,}\\+?\$' '$m' && grep -q '^kernel: [0-9]' '$m' &&
		       grep -q '^command: make run EXP=' '$m' && grep -Eq '^sha256: [0-9a-f]{64}\$' '$m' &&
		       grep -q '^exit status: 0\$' '$m' && grep -q '^snicctl: snicctl ' '$m'"
	runs=$(grep -c '^[0-9]' "$res/$name.csv" 2>/dev/null)
	fids=$(grep -cE '^  FIDELITY [^ ]+ (FAITHFUL|UNFAITHFUL|UNKNOWN)' "$m" 2>/dev/null)
	if [ "${runs:-0}" -gt 0 ] && [ "$runs" = "$fids" ]; then
		ok "$name: $runs run(s) in the CSV, each with its fidelity verdict in the manifest"
	else
		not_ok "$name: runs and verdicts" "CSV rows ${runs:-none}, verdicts ${fids:-none}"
	fi
	check "$name: every CSV row's figures are numbers" \
		awk '/^[0-9]/ { for (i = 1; i <= 4; i++) if ($i !~ /^[0-9.]+$/) exit 1; r++ } END { exit !r }' \
		"$res/$name.csv"
	check "$name: its plot, drawn from its .gp" test -s "$res/$name.png"
	# streamed: the experiment's first verdict came well before the guest
	# was done (the line run-vm.sh prints after it powers off)
	t1=$(grep -m1 ' FIDELITY ' "$tmp/$name.out" | cut -d' ' -f1)
	t2=$(grep -m1 ' # vm: kernel ' "$tmp/$name.out" | cut -d' ' -f1)
	if [ -n "$t1" ] && [ -n "$t2" ] && [ $((t2 - t1)) -ge 5 ]; then
		ok "$name: its output shown as it came ($((t2 - t1)) s before the guest was done)"
	else
		not_ok "$name: its output shown as it came" "first verdict at ${t1:-?}, guest done at ${t2:-?}"
	fi
done

# scripts/snic-plot on what the examples wrote, as a user runs it on the
# host: accepted against offered load and the latency CDFs of
# dragonfly-adv's reports, one line per routing mode; dumbbell's record
# of queues and CCTIs; each with the runs' verdicts in its title.
plot=$top/scripts/snic-plot
df=$(ls -d "$top"/build/results/dragonfly-adv-* 2>/dev/null | tail -n 1)
db=$(ls -d "$top"/build/results/dumbbell-* 2>/dev/null | tail -n 1)
if [ -n "$df" ] && [ -n "$db" ]; then
	set -- "$df"/run-min-*.json
	l=${1##*/run-min-}
	l=${l%.json}
	check "snic-plot load: MIN, VAL, ARN accepted against offered, verdicts in the title" \
		sh -c "'$plot' load -o '$tmp/load.png' --health '$df/health-min-$l.json' \
			MIN='$df/run-min-$l.json' VAL='$df/run-val-$l.json' ARN='$df/run-ar-$l.json' &&
		       test -s '$tmp/load.png' && [ \$(grep -o ' index ' '$tmp/load.gp' | wc -l) -eq 3 ] &&
		       grep -Eq 'fidelity: (FAITHFUL|UNFAITHFUL|UNKNOWN)' '$tmp/load.gp'"
	check "snic-plot cdf: a CDF per report, 14 quantiles each" \
		sh -c "'$plot' cdf -o '$tmp/cdf.png' MIN='$df/run-min-$l.json' ARN='$df/run-ar-$l.json' &&
		       test -s '$tmp/cdf.png' && [ \$(grep -c '^[0-9]' '$tmp/cdf.dat') -eq 28 ] &&
		       grep -q 'fidelity not given' '$tmp/cdf.gp'"
	check "snic-plot record: queues and CCTIs over fabric time" \
		sh -c "'$plot' record -o '$tmp/rec.png' --health '$db/health-1.json' '$db/record-1.csv' &&
		       test -s '$tmp/rec.png' && grep -q ' index 0 ' '$tmp/rec.gp'"
	check "snic-plot refuses what is not a traffic report, saying so, exit 1" \
		sh -c "out=\$('$plot' load -o '$tmp/x.png' '$db/record-1.csv' 2>&1); rc=\$?; echo \"\$out\"
		       [ \$rc -eq 1 ] && echo \"\$out\" | grep -q 'snic-plot: '"
else
	not_ok "snic-plot: the examples' results to plot" "dragonfly-adv ${df:-missing}, dumbbell ${db:-missing}"
fi
echo "1..$n"
echo "$((n - fail)) passed, $fail failed"
[ "$fail" = 0 ]
