#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# make bench: run selftests/bench.sh in one guest boot, print its BENCH
# lines and record them with the date and the commit measured in
# Documentation/benchmarks.rst, the plots beside it (scripts/bench-plots.sh;
# the run's output is kept in build/bench.log). Each figure is compared
# with the last published run's: every change beyond the figure's spread
# (its rounds' min-max; 10 % for a figure measured once) is reported,
# signed. Only a passing run (no figure missing, no UNFAITHFUL run, the
# guest's exit 0) of a clean tree (nothing uncommitted) is published;
# any other writes its table and plots to build/bench-doc/, says why and
# fails. make bench-full (--full) is the same for selftests/bench_full.sh's
# sweeps, into Documentation/bench-full.rst (its log build/bench-full.log).
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 1
# make bench-full: the 72-host sweeps (selftests/bench_full.sh), their
# table in Documentation/bench-full.rst, their plot beside it.
# The changed figures as a list of the page ("- none." when none).
changes_list() {
	if [ -n "$changes" ]; then
		printf '%s\n' "$changes" | sed 's/^/- /'
	else
		echo "- none."
	fi
}
# make bench-full's page: its figures, each mode's fidelity and the plot
# (written after the checks below, which it shares with make bench).
full_doc() {
	echo ".. SPDX-License-Identifier: GPL-2.0"
	echo
	echo "==================================="
	echo "Benchmarks: the 72-host Dragonfly"
	echo "==================================="
	echo
	echo "Written by \`\`make bench-full\`\` on $(date -u +%Y-%m-%d) from commit $commit ($(printf '%s\n' "$out" | sed -n 's/^# vm: //p')),"
	echo "2 cores under qemu TCG, $wall s of wall time in all. See"
	echo "selftests/bench_full.sh for the method: dragonfly:2,4,2,9 at 2.5 Gb/s"
	echo "and dilation 10000, per routing mode (MIN, VAL, ARN) and pattern"
	echo "(ADV+1, uniform) the accepted load (fraction of host link rate, mean"
	echo "over the hosts) and the mean latency (fabric ns) at each offered load"
	echo "(l10 .. l100: percent of link rate), 3 s of wall time (300 fabric us)"
	echo "a point, and the saturation load (the highest offered load below the"
	echo "first whose mean latency reaches 3x that at offered 0.1). BookSim2's"
	echo "saturation throughput on this shape, 10/100 and 1/1-cycle channels"
	echo "(Documentation/booksim2-dragonfly.txt):"
	awk '!/^#/ { s[$1 " " $2] = s[$1 " " $2] (s[$1 " " $2] == "" ? "" : "/") $4 }
	     END { printf "ADV+1 MIN %s, UGAL-L %s, VAL %s; uniform MIN %s, UGAL-L %s, VAL %s.\n",
		s["MIN adv1"], s["UGAL-L adv1"], s["VAL adv1"], s["MIN uniform"],
		s["UGAL-L uniform"], s["VAL uniform"] }' Documentation/booksim2-dragonfly.txt
	echo "Only a passing run (no figure missing, every mode FAITHFUL, the"
	echo "guest's exit 0) of a clean tree is published here."
	[ -z "$why_not" ] || { echo; echo "Not published: $why_not."; }
	echo
	echo "==========================================  ============"
	echo "figure                                      value"
	echo "==========================================  ============"
	printf '%s\n' "$lines" "$miss" | awk '
		$1 == "BENCH" { printf "%-42s  %s\n", $2, $3 }
		$1 == "MISSING" { w = $3; for (i = 4; i <= NF; i++) w = w " " $i
			printf "%-42s  missing: %s\n", $2, w }'
	echo "==========================================  ============"
	echo
	echo "Changes against the figures published before this run (more than"
	echo "10 % either way; each figure is measured once):"
	echo
	changes_list
	echo
	echo "Fidelity (\`\`snicctl fabric health\`\` over each mode's points):"
	echo
	printf '%s\n' "$fid" | sed -n 's/^FIDELITY \([^ ]*\) \([A-Z]*\) .*late_p99_ns:\([0-9]*\).*late_over_permille:\([0-9]*\).*/- \1: \2 (late p99 \3 fabric ns, \4 per mille late)/p'
	echo
	echo ".. image:: bench-routing-sweep.png"
	echo "   :alt: accepted load against offered load per routing mode"
}
# Progress on stderr while the guest runs: its comment lines (each run
# says what it measured as it ends, fabric traffic its phases) and
# fidelity verdicts, from the console as they come. The figures are
# still the console's as the guest left it: a guest booted again after a
# TCG fault streams twice. The follower ends with this script, however
# it ends (tail --pid, and the traps below).
watcher=
watch_start() {
	local c=$top/build/vm/console.log a prev=

	for a in "$@"; do
		if [ "$prev" = --out ]; then
			# run-vm.sh's --out is under the tree, given so or not
			c=$top/${a#"$top"/}/console.log
		fi
		prev=$a
	done
	mkdir -p "$(dirname "$c")"
	: >"$c"
	(tail --pid=$$ -n +1 -F "$c" 2>/dev/null |
		sed -un 's/\r$//; /^# /p; /^FIDELITY /p' >&2) &
	watcher=$!
}
watch_stop() {
	[ -n "$watcher" ] || return 0
	sleep 1		# tail's last poll
	pkill -P "$watcher" 2>/dev/null
	kill "$watcher" 2>/dev/null
	wait "$watcher" 2>/dev/null
	watcher=
}
trap watch_stop EXIT
trap 'exit 130' INT
trap 'exit 143' TERM HUP
full= doc_only=
[ "${1:-}" != --full ] || { full=1; shift; }
[ "${1:-}" != --doc ] || doc_only=1
[ -z "$full" ] || [ -z "$doc_only" ] ||
	{ echo "bench.sh: --doc rewrites make bench's page only" >&2; exit 2; }
# --doc: rewrite Documentation/benchmarks.rst and the plots from the last
# run's build/bench.log (after a change to this text), without a run: the
# commit, the tree's state and the guest's status are the log's own.
if [ -n "$doc_only" ]; then
	out=$(cat build/bench.log) || exit 1
	set -- $(printf '%s\n' "$out" | sed -n 's/^# bench: commit \([^ ]*\) dirty \([01]\) guest \([0-9]*\)$/\1 \2 \3/p')
	[ $# -eq 3 ] || { echo "# bench --doc: build/bench.log says not what it measured"; exit 1; }
	commit=$1 dirty=$2 rc=$3
else
	# What is measured, taken before the run (a commit during it is no
	# part of it).
	commit=$(git rev-parse --short=12 HEAD 2>/dev/null || echo unknown)
	dirty=0
	# (the pages and plots a bench writes are its output, not a change)
	[ -z "$(git status --porcelain --untracked-files=no -- . \
		':!Documentation/benchmarks.rst' ':!Documentation/bench-full.rst' \
		':!Documentation/*.png' 2>/dev/null)" ] || dirty=1
fi
if [ -n "$full" ]; then
	t0=$(date +%s)
	watch_start "$@"
	out=$(selftests/qemu/run-vm.sh --bench-full --timeout 3600 "$@")
	rc=$?
	watch_stop
	wall=$(( $(date +%s) - t0 ))
	out=$(printf '%s\n# bench: commit %s dirty %s guest %s\n' \
		"$out" "$commit" "$dirty" "$rc")
	printf '%s\n' "$out"
	mkdir -p build
	printf '%s\n' "$out" >build/bench-full.log
elif [ -z "$doc_only" ]; then
	# The host part first, on a quiet machine: the core's per-DLID state
	# (selftests/unit/bench_dlid.c).
	host=$(make -s -C selftests/unit bench 2>&1) || { printf '%s\n' "$host"; exit 1; }
	# about 28 minutes on this workplace's machines in 2026-12 (25 in
	# November): a limit with room, not run-vm.sh's 1500 s
	watch_start "$@"
	out=$(selftests/qemu/run-vm.sh --bench --timeout 3600 "$@")
	rc=$?
	watch_stop
	# Issue 14: the same hot spot on one guest and split across two.
	span=$(scripts/bench-span.sh "$@") || rc=1
	# BookSim2's figures on the same Dragonfly, measured once (its
	# file says how), beside snic's
	bsim=$(scripts/booksim-table.sh --bench) || rc=1
	out=$(printf '%s\n%s\n%s\n%s\n# bench: commit %s dirty %s guest %s\n' \
		"$host" "$out" "$span" "$bsim" "$commit" "$dirty" "$rc")
	printf '%s\n' "$out"
	mkdir -p build
	printf '%s\n' "$out" >build/bench.log
fi
lines=$(printf '%s\n' "$out" | grep '^BENCH ')
fid=$(printf '%s\n' "$out" | grep '^FIDELITY ')
miss=$(printf '%s\n' "$out" | grep '^MISSING ')
spread=$(printf '%s\n' "$out" | grep '^SPREAD ')
[ -n "$lines" ] || { echo "# bench: the run printed no figure: nothing written"; exit 1; }
# A figure that was not measured fails the bench, as an UNFAITHFUL run
# does (the guest's exit status).
[ -z "$miss" ] || rc=1
# Any run not FAITHFUL (the span runs' too) but the CPU-hog and pacing
# runs and the sampled episode (selftests/bench.sh says why), whose
# verdicts are reported: a failed run.
unf=$(printf '%s\n' "$fid" | grep -v '_hogs\|_timing\|_episode' |
	awk '$1 == "FIDELITY" && $3 != "FAITHFUL" { printf "%s%s", n++ ? " " : "", $2 }')
[ -z "$unf" ] || rc=1
# The reasons, each said: figures missing, runs not FAITHFUL, a guest
# that timed out or crashed (whose later figures never printed at all).
why_not=
[ -z "$miss" ] || why_not="$(printf '%s\n' "$miss" | wc -l) figure(s) missing"
[ -z "$unf" ] || why_not="${why_not:+$why_not; }runs not FAITHFUL: $unf"
g=$(printf '%s\n' "$out" | grep -m1 -E '^# VM (timed out|exited with status)' | sed 's/^# //')
[ -z "$g" ] || why_not="${why_not:+$why_not; }the guest failed (${g}): the figures after that point are absent"
[ "$rc" -eq 0 ] || why_not=${why_not:-"the run failed"}
if [ "$dirty" = 1 ]; then
	why_not="${why_not:+$why_not; }the tree had uncommitted changes: the run measured no commit"
	commit="$commit+"
fi
pub=Documentation/benchmarks.rst
[ -z "$full" ] || pub=Documentation/bench-full.rst
doc=$pub
plots=Documentation
if [ -n "$why_not" ]; then
	mkdir -p build/bench-doc
	doc=build/bench-doc/${pub#Documentation/}
	plots=build/bench-doc
fi

# The changes against the last published run: a figure whose published
# value lies outside this run's min-max (its spread), or, measured once,
# more than 10 % away; signed, in per cent of the published value.
changes=$( {
	# the first table's rows: after its header's closing rule, to the next
	awk '/^figure  *value/ { t = 1; next } t == 1 && /^====/ { t = 2; next }
	     t == 2 && /^====/ { exit }
	     t == 2 && $1 ~ /^[a-z0-9_]+$/ && $2 ~ /^[0-9.]+$/ { print "OLD", $1, $2 }' \
		"$pub" 2>/dev/null
	printf '%s\n' "$lines" "$spread"
} | awk '
	$1 == "OLD" { old[$2] = $3 }
	$1 == "BENCH" { v[$2] = $3; order[n++] = $2 }
	$1 == "SPREAD" { lo[$2] = $3; hi[$2] = $4 }
	END {
		for (i = 0; i < n; i++) {
			f = order[i]
			if (!(f in old)) continue
			o = old[f]; x = v[f]
			if (f in lo) out = o < lo[f] || o > hi[f]
			else out = o == 0 ? x != 0 : (x - o) / o > 0.10 || (o - x) / o > 0.10
			if (!out) continue
			if (o == 0) printf "%s %s -> %s\n", f, o, x
			else printf "%s %s -> %s (%+.1f %%%s)\n", f, o, x, 100 * (x - o) / o,
				(f in lo) ? ", outside this run\x27s min-max" : ", one run"
		}
	}')
if [ -n "$changes" ]; then
	echo "# bench: changes against the published run ($pub):"
	printf '%s\n' "$changes" | sed 's/^/CHANGED /'
fi
if [ -n "$full" ]; then
	full_doc >"$doc"
	echo "# table written to $doc${why_not:+ (not published: $why_not)}"
	scripts/bench-plots.sh build/bench-full.log "$plots" ||
		echo "# bench: no plots (scripts/bench-plots.sh failed)"
	[ -z "$why_not" ] || { echo "# bench-full: not published: $why_not"; exit 1; }
	exit 0
fi
{
	echo ".. SPDX-License-Identifier: GPL-2.0"
	echo
	echo "=========="
	echo "Benchmarks"
	echo "=========="
	echo
	echo "Written by \`\`make bench\`\` on $(date -u +%Y-%m-%d) from commit $commit ($(printf '%s\n' "$out" | sed -n 's/^# vm: //p')),"
	echo "2 cores under qemu TCG. Absolute speeds under TCG mean little; the"
	echo "ratios compare two configurations measured one after the other in"
	echo "the same boot (see selftests/bench.sh for each method). A figure"
	echo "measured over rounds is their median, with the rounds' min-max and"
	echo "their number after it: that spread is how noisy it is. A figure"
	echo "whose measurement failed is listed as missing, with the reason."
	[ -z "$why_not" ] || { echo; echo "Not published: $why_not."; }
	echo
	echo "==================================  =================================="
	echo "figure                              value"
	echo "==================================  =================================="
	printf '%s\n' "$lines" "$spread" "$miss" | awk '
		$1 == "BENCH" { v[$2] = $3; order[n++] = $2 }
		$1 == "SPREAD" { sp[$2] = sprintf(" (%s-%s, %d)", $3, $4, $5) }
		$1 == "MISSING" { w = $3; for (i = 4; i <= NF; i++) w = w " " $i
			v[$2] = "missing: " w; order[n++] = $2 }
		END { for (i = 0; i < n; i++)
			printf "%-34s  %s%s\n", order[i], v[order[i]], sp[order[i]] }'
	echo "==================================  =================================="
	echo
	echo "Changes against the run published before this one (a figure outside"
	echo "this run's min-max, or more than 10 % away when measured once):"
	echo
	changes_list
	echo
	echo "How noisy: the figures measured over rounds, by their spread (max -"
	echo "min over the median; 10 % or more is noisy), the noisiest first;"
	echo "the others were measured once:"
	echo
	if [ -n "$spread" ]; then
		printf '%s\n' "$lines" "$spread" | awk '
			$1 == "BENCH" { v[$2] = $3 }
			$1 == "SPREAD" && ($2 in v) && v[$2] > 0 {
				printf "%.1f %s %s %s %s %s\n", 100 * ($4 - $3) / v[$2], $2, v[$2], $3, $4, $5 }' |
			sort -rn | awk '{ printf "- %s %s (%s-%s, %d rounds): %.1f %%%s\n",
				$2, $3, $4, $5, $6, $1, ($1 >= 10 ? ", noisy" : "") }'
	else
		echo "- none."
	fi
	echo
	echo "Fidelity of each shaped run (\`\`snicctl fabric health\`\`: the share of"
	echo "frames that left later than their own time on the link against the"
	echo "line-rate model, and of paced packets that left early; FAITHFUL up to"
	echo "100 per mille, snicctl's default). A result whose run was UNFAITHFUL"
	echo "is suspect, and the bench fails, but for the runs made with CPU hogs"
	echo "on purpose (\`\`*_hogs*\`\`): their figures must hold however"
	echo "unfaithful the timing, and their verdicts say how unfaithful it was;"
	echo "and for the pacing runs (\`\`*_timing*\`\`), whose figure is itself"
	echo "the pacer's timing fidelity: their link's frames last 0.17 ms of wall"
	echo "time, shorter than this guest keeps faithful, and its verdict is given;"
	echo "and for the CCA episode (\`\`cca_episode\`\`), which gives a plot and no"
	echo "figure, and whose sampling (a reader process every 0.05 s) is what"
	echo "loads the guest: the plot's title gives its verdict."
	echo
	echo "==============================  ==========  =========================="
	echo "run                             verdict     late p99 (fabric ns), over"
	echo "==============================  ==========  =========================="
	printf '%s\n' "$fid" | awk '{ p = "-"; o = "-"
		for (i = 4; i <= NF; i++) {
			if ($i ~ /^late_p99_ns/) { split($i, a, ":"); p = a[2] != "" ? a[2] : $(i + 1) }
			if ($i ~ /^late_over_permille/) { split($i, a, ":"); o = a[2] != "" ? a[2] : $(i + 1) }
		}
		printf "%-30s  %-10s  %s ns, %s per mille\n", $2, $3, p, o }'
	echo "==============================  ==========  =========================="
	echo
	echo "Goals (issue 9): idle_rate_fidelity and idle_rate_fidelity_hogs >= 0.98,"
	echo "lossless_hogs_drops 0, fidelity_late_p99_ns below"
	echo "fidelity_late_p99_threshold_ns (1024 ns, the CCA's time unit; the bench"
	echo "fails at or above it; fidelity_frame_ns gives the scale);"
	echo "(issue 4) switch_vs_bridge_pps >= 1.0, snic_vs_veth_pps >= 0.9"
	echo "(issue 10: >= 1.2 and >= 0.9; the goals met and missed are listed"
	echo "at the end);"
	echo "dragonfly72_up_s is reported (the guest has 1 GiB). A lossless hot"
	echo "spot drops nothing in the fabric and delivers every packet the"
	echo "senders' links carried (ratio 1.000). tree_victim_gain was bimodal"
	echo "(about 1.8, or below 1 in about one run of four) while the kernel's"
	echo "hash picked the NIC's TX queue, and the victim flow shared the paced"
	echo "one's queue one time in four; the queue choice is DLID-aware since"
	echo "2026-12-02 (paced DLIDs have queues of their own)."
	echo
	echo "The load sweep (issue 10, \`\`snicctl fabric traffic\`\`): uniform random"
	echo "traffic on fattree:2,2,2 (4 hosts) at 25 Gb/s and dilation 10000,"
	echo "1500-byte frames, 3 s of wall time per point (300 us of fabric time),"
	echo "each point on a fabric of its own with its own fidelity. Accepted"
	echo "load is the mean over the hosts of what each received, as a fraction"
	echo "of its link's rate (BookSim's accepted rate); latency is fabric ns from"
	echo "the send to the kernel's receive stamp, mean over every datagram sent"
	echo "in the window. The saturation load is the highest offered load below"
	echo "the first whose mean latency reaches 3x the zero-load latency (the"
	echo "mean at offered 0.02, over 10 s of wall time: a frame meets another"
	echo "at a hop about 2 % of the time). Each hop adds the frame's serialization time (sch_snic"
	echo "hands a frame to its device when its last byte is across: 480 fabric"
	echo "ns for 1500 bytes at 25 Gb/s), so the zero-load latency is about one"
	echo "frame time per link crossed plus the software path over the dilation;"
	echo "no propagation delay or switch pipeline is modelled."
	echo
	echo "lru_*: the NIC's per-DLID CCA state (the core code snic.ko runs,"
	echo "built on the host: selftests/unit/bench_dlid.c), a 1024-entry table,"
	echo "per packet the transmit path's lookup and every 64th packet a BECN,"
	echo "with 64 and with 10000 active destinations; the goal (issue 10):"
	echo "the cost stays flat, no entry still pacing is evicted, at most 128"
	echo "bytes per tracked DLID."
	echo
	echo "CCA on a congestion tree (issue 10, \`\`fabric traffic flows:\`\`):"
	echo "fattree:2,1,4 at 25 Gb/s and dilation 10000, 1500-byte frames, 4 s of"
	echo "wall time (400 fabric us) after a warm-up until stable (measurement.md):"
	echo "8 s, 800 fabric us. h1 (over the spine), h6"
	echo "(full load) and h5 (half) into h8: N = 3 hot senders. The victim h2 ->"
	echo "h7 shares the spine -> leaf2 link with h1's hot flow but not h8's"
	echo "link; its max-min fair share is 2/3 of its link (computed, not typed"
	echo "in: fabric traffic's \`\`fair\`\`, progressive filling over the routes and"
	echo "the offered loads). The same-NIC victim"
	echo "h5 -> h4 (h5's other half) crosses nothing congested. Each run on a"
	echo "fabric of its own: the same-NIC victim alone, then all flows with CCA"
	echo "off (\`\`cc_pacing 0\`\`) and on, five times alternated (each of"
	echo "those figures the median of the five rounds, with their min-max: the"
	echo "victim's share with CCA on is bimodal from run to run),"
	echo "then on with 1 s of warm-up (100"
	echo "fabric us: *_transient, the first episode and its recovery in the"
	echo "window). cca_victim_share: the victim's"
	echo "accepted load over its fair share (goal with CCA >= 0.90; without,"
	echo "about 1/(N+1) of the link is expected); cca_same_nic_victim: the"
	echo "same-NIC victim's accepted load over its rate alone (goal >= 0.95);"
	echo "cca_hot_link_util: h8's accepted load (goal >= 0.95); cca_jain: Jain's"
	echo "index over the three hot flows (each demands at least its fair third;"
	echo "goal >= 0.95); *_off: the same with CCA off; *_tuned: with CCA on at"
	echo "the setting that met all three goals in every round of"
	echo "examples/cca-sweep.sh (Documentation/cca-sweep.rst): switch threshold"
	echo "12 of 16 (\`\`cc_thr 12\`\`) and \`\`ccti_increase 2\`\`, a third run in each of"
	echo "the five rounds (goals >= 0.95 each). cca_best_*: the better of the"
	echo "two settings' medians for each of the three (a victim share above 1"
	echo "counted as 1), and cca_one_setting_meets_all 1 when one setting's"
	echo "medians meet all three goals at once (the sweep of 22 settings is"
	echo "Documentation/cca-sweep.rst). cca_reaction_us: from"
	echo "the first hot packet (to h8) a switch marked with FECN, as sch_snic's"
	echo "fecn_mark tracepoint stamps it (CLOCK_MONOTONIC), to the first BECN"
	echo "at any hot source (the NIC's age of its first BECN against the"
	echo "kernel's clock read just after the dump: up to about 1 us late),"
	echo "fabric us. The destination sends its first CN one coalescing window"
	echo "(becn_window, 10 fabric us) after the first FECN: that sets the floor."
	echo
	echo "Where a definition differs from measurement.md's, and why:"
	echo "cca_reaction_us starts at the first marked packet, which leaves its"
	echo "queue when that queue is above threshold: the crossing plus that"
	echo "packet's wait in the queue, a little later than measurement.md's first"
	echo "packet held above threshold. cca_recovery_us starts at the first paced"
	echo "gap, which follows the one (so the last) BECN within one IPD. The"
	echo "zero-load latency is measured at offered 0.02, not extrapolated to 0:"
	echo "queueing there adds about 2 % of a frame time a hop."
	echo
	echo "Pacing accuracy and cost (issue 10): one NIC on a bare link (no switch,"
	echo "no credits; 10 Gb/s, dilation 200) paces N = 1, 100 and 1000 DLIDs at"
	echo "once, each at CCTI 1 of a one-delay table (IPD = (4N - 1) Tp: the"
	echo "link at a quarter of its rate, about 1450 frames/s of wall time in"
	echo "all; slots of 0.69 ms, 69 ms and 690 ms of wall time), a UDP socket"
	echo "per DLID kept backlogged (selftests/tools/snic_pace); then sch_fq"
	echo "paces the same flows on a bare veth (SO_MAX_PACING_RATE, per-packet:"
	echo "low_rate_threshold above the rate), same boot. The gaps between one"
	echo "destination's departures from the pacer are stamped by a packet"
	echo "socket: sch_fq's as its veth takes them, snic's as the NIC hands them"
	echo "to its link (a mirror of the link device's egress, before its qdisc);"
	echo "pacing_err_mean_N, _p99_N: mean and p99 of"
	echo "\|gap - slot\| / slot, slot = Tp + IPD (sch_fq: the frame over its"
	echo "rate); the goal is <= 0.02 mean, <= 0.10 p99. pacing_irq_per_pkt_N:"
	echo "the pacer's hrtimer expiries (snic_cc_fire; sch_fq's qdisc_watchdog)"
	echo "per packet sent, from a hist trigger on timer:hrtimer_expire_entry;"
	echo "pacing_irq_vs_fq_N their ratio (goal <= 1). Unsuffixed: the worst over"
	echo "N (in each of three rounds of N = 1, 100, 1000; every pacing figure is"
	echo "the median of the rounds). pacing_wire_err_mean_N, _p99_N: the same"
	echo "gaps as snic's frames leave the link model, which holds each for its"
	echo "time on the wire by a timer of its own (whose lateness adds to the"
	echo "gap) and serializes turns that fall together (a frame waits behind"
	echo "the others): the link's jitter, which sch_fq's bare veth does not"
	echo "have, judged by the runs' fidelity verdicts. cca_recovery_us: on the same NIC at dilation 2000, a DLID"
	echo "at line rate gets one BECN to CCTI 20 of a linear table (IPD = CCTI x"
	echo "Tp), ccti_timer 10: from its first paced gap until 8 gaps in a row"
	echo "average line rate (within 1.25 Tp), fabric us, beside the model's"
	echo "20 x 10 x 1.024 us (cca_recovery_model_us)."
	echo
	echo "Generators (issue 10): 64-byte UDP datagrams per second arriving over"
	echo "one snic link from one userspace UDP socket (snic_xfer, what \`\`fabric"
	echo "traffic\`\` opens per host) and from Linux's pktgen on the sending"
	echo "snic0 (no socket, no qdisc). fabric_hop_pps: a whole fat tree"
	echo "(fattree:2,1,2 by \`\`fabric up\`\`, dilation 1, 100 Gb/s, credits and"
	echo "sch_snic on every link), every host blasting raw 16B frames at the"
	echo "host across the spine (three hops): 16B data frames all switches took"
	echo "off their links per second; bridge_hop_pps: the same tree of Linux"
	echo "bridges, same blaster, learned unicast MACs."
	echo
	echo "Incast (FCT slowdown as HPCC and Swift report it): star:17 at 10 Gb/s,"
	echo "h1..h16 into h17, messages of 8 datagrams of 1500 bytes (12 KB) back"
	echo "to back at line rate, spaced to offer 0.05 of a link each (0.8 of"
	echo "h17's in all), 8 s of wall time (800 fabric us). The flow completion"
	echo "time of a message runs from its first send to its last arrival"
	echo "(fabric time); incast_fct_*: its p50 and p99 over incast_fct_alone_ns,"
	echo "the p50 of one sender alone; CCA off, on with opafm's defaults, and on"
	echo "with the CCA study's setting (cc_thr 12, ccti_increase 2:"
	echo "incast_fct_p99_tuned_vs_off), medians of three rounds."
	echo
	echo "RDMA (issue 33; selftests/bench_rdma.sh): \`\`fabric up fattree:2,2,2 ... rdma\`\`"
	echo "(Soft-RoCE on every host) at 10 Gb/s and dilation 10000, h1 to h2"
	echo "through one switch (1hop) and h1 to h4 through three (3hop), three"
	echo "rounds. rdma_write_vs_tcp_*: the bytes/s the receiver's snic0 takes in"
	echo "an RDMA write's steady state (perftest's ib_write_bw, 40 x 16 KB, 16 in"
	echo "flight; from its 64 KB-th byte to its 576 KB-th, 16B bytes on the wire)"
	echo "over one TCP connection's, measured the same way, same boot;"
	echo "rdma_write_gbps_*: that RDMA rate in Gb/s of fabric time (headers"
	echo "included). rdma_rtt_vs_ping_*: ibv_rc_pingpong's round trip (64-byte"
	echo "sends, its own clock) over ping's, on a fabric of their own at 2.5"
	echo "Gb/s (at 10 Gb/s their small frames run later than their time on the"
	echo "wire: UNFAITHFUL); rdma_rtt_us_*: that round trip in fabric us. The"
	echo "incast: h1, h2 and h3 write 24 x 16 KB each into h4 at once; its"
	echo "completion time runs from the writers' start to the last one's end"
	echo "(fabric us, each writer's connection setup included), CCA on and off"
	echo "(sw_marking 0; which first alternates by round, and each starts once"
	echo "no NIC paces), and rdma_incast_fct_on_vs_off their ratio."
	echo
	echo "Routing on the 72-host Dragonfly (issue 10; dragonfly:2,4,2,9: p=2,"
	echo "a=4, h=2, g=9) at 2.5 Gb/s and dilation 10000, HoQ lifetime 500 fabric"
	echo "us, 1500-byte frames, 3 s of wall time (300 fabric us) measured per"
	echo "point after a warm-up, 6 s (600 fabric us: the steady state) at"
	echo "offered 1.0 and 1 s below, each mode on a fabric of its own in the same boot"
	echo "(ADV+1 at offered 1.0 three times: df72_*_adv1 is their median):"
	echo "MIN (the LFT), VAL (\`\`fabric up ... val\`\`: per flow a random"
	echo "non-minimal BPT candidate, an intermediate group out of up to 7, per"
	echo "flow, not per packet as textbook VAL), ARN (\`\`... ar intm flow\`\`:"
	echo "adaptive with ARN, CCA on as everywhere, and where a packet lands in"
	echo "its intermediate group a switch of that group drawn per flow to cross"
	echo "it through), and BookSim2's two per packet: VALPKT (\`\`... valpkt\`\`,"
	echo "Valiant through a random intermediate group, then a random switch of"
	echo "it: BookSim2's random intermediate node) and UGAL (\`\`... ugal\`\`,"
	echo "UGAL-L, the same draw). arn_adv1_before and valgrp_adv1: ARN and VALPKT"
	echo "with \`\`intm off\`\` (straight from where the packet lands to the exit"
	echo "switch; ARN as benched before 2026-12-07), ADV+1 three times each in"
	echo "the same boot. df72_*_adv1 is the accepted load at"
	echo "offered 1.0 under ADV+1 (every host of group i to random hosts of group"
	echo "i+1), BookSim's saturation throughput (BookSim2's below; MIN's bound"
	echo "is 1/(a p) = 0.125); the goal for ARN is 0.50."
	echo "df72_*_uniform: the same under uniform random traffic (goal ARN >="
	echo "0.95 x MIN); df72_*_avg_hops: switch-to-switch"
	echo "links crossed per packet at uniform 0.5 (measurement.md: 16B data"
	echo "packets the switches took off their links over those the hosts did,"
	echo "less one; minimal <= 3, Valiant <= 5; goal <= 2.4); lost: datagrams injected"
	echo "and never received over the six runs; hoq_discards: heads discarded"
	echo "after waiting 500 fabric us, over every switch port (a deadlock would"
	echo "show here; goal 0). min_adv1, val_adv1, arn_adv1, min_uniform and"
	echo "arn_uniform_vs_min repeat them under the names of issue 10;"
	echo "valpkt_adv1, valpkt_uniform, ugal_adv1 and ugal_uniform under those"
	echo "of issue 32."
	echo "df72_arn_adv1_hot_channel_load and df72_valpkt_adv1_hot_channel_load:"
	echo "over the three ADV+1 runs, the busiest directed channel's data bytes"
	echo "(its sending end's sch_snic, VLs 0-14) over the mean of the hosts'"
	echo "links up: a channel at L carries L times a host's load, so when it is"
	echo "full the hosts get 1/L of a link (*_hot_channel_bound). The bench's"
	echo "log names the channel. scripts/dragonfly-model.py gives what each"
	echo "routing asks of its busiest channel with every draw even (Valiant by"
	echo "group 2.0: ceiling 0.5000; by switch, BookSim2's, 0.5294; by group"
	echo "and then by switch where the packet lands, as \`\`intm\`\` does, 0.5625,"
	echo "the global channels' bound; the best split over ARN's candidates"
	echo "0.558)."
	echo "arn_overhead (ARN mode, over its runs): the management VL's bytes"
	echo "(rx_vl15_bytes: ARNs and the CCA's congestion notifications) over all"
	echo "16B bytes the switches took off their links; arn_overhead_arn_only: the"
	echo "ARNs' own bytes (tx_arn_bytes, sent and relayed) over the same (goal"
	echo "< 0.01)."
	echo "arn_linkcut_us: under uniform load 0.3, a global link of g0s0 goes"
	echo "down; the fabric us until the three other switches of group 0 list it"
	echo "as failed (polled with snicctl, the kernel's monotonic clock read"
	echo "before the cut and after the last poll: the polls' own cost, a few"
	echo "fabric us, is in it; goal < 1000);"
	echo "arn_linkcut_lost: datagrams lost beyond those the link's two ends"
	echo "dropped (goal 0). Phase flips (ARN): uniform and ADV+1 alternate every"
	echo "50 fabric us at offered 0.4, \`\`fabric traffic ... flip adv+1\`\` in 10 us"
	echo "bins; a phase has converged from the first bin after which every bin"
	echo "accepts within 15 % of the offered load; arn_flip_converge_us is the"
	echo "mean time to it over the ADV+1 phases (a phase that never converges"
	echo "counts 50 us; arn_flip_unconverged counts them; the goal is two refresh"
	echo "periods, 2 fabric us, below the bins' resolution), _uniform the same"
	echo "for the uniform phases, arn_flip_accepted_* the mean accepted load per"
	echo "kind of phase. *_path_changes_per_kpkt: DLID choices changed"
	echo "(ar_moves) per 1000 packets delivered, under steady uniform traffic at"
	echo "0.5 (df72_*: the second of two runs, so that entries the saturated"
	echo "run left on detours come back in the first) and during the flips"
	echo "(arn_flip_*). 10 % of the global links down (ARN): a seeded pick of"
	echo "4 of the 36 global links is set down; arn_fail10_vs_intact: uniform"
	echo "traffic's accepted load at offered 1.0 with them down over the intact"
	echo "fabric's, side by side (NVIDIA reports 98 % of line rate with 10 % of"
	echo "links failed on Spectrum-X; goal >= 0.98); arn_fail10_converge_us: the"
	echo "fabric us until every other switch of both groups of each cut link"
	echo "listed it failed, by then each BPT entry through it refreshed (polled:"
	echo "an upper bound); arn_fail10_lost: datagrams the run with the links"
	echo "down lost, after that (goal 0)."
	echo "lost counts datagrams still missing once nothing had"
	echo "arrived for a wall second; past saturation the drain goes on while"
	echo "datagrams arrive (MIN under ADV+1 at offered 1.0 holds about 30 s of"
	echo "wall time in its sources' queues)."
	echo
	echo "Beside BookSim2 on the same shape (Documentation/booksim2-dragonfly.txt"
	echo "says how its figures were measured: the accepted load at the lowest"
	echo "offered load past its saturation, with 10/100-cycle channels as it"
	echo "ships and with 1/1, the closer to make bench's links, which have"
	echo "no propagation delay: a link's latency, sch_snic's, is 0 here):"
	echo
	printf '%s\n' "$lines" | scripts/booksim-table.sh
	echo
	printf '%s\n' "$lines" | awk '$2 == "df72_fabric_us_per_wall_s" { s = $3 }
		$2 == "booksim_df72_us_per_wall_s" { b = $3 }
		END { if (s != "" && b != "")
			printf "Speed: snic runs this Dragonfly'"'"'s fabric at %s fabric us per wall\nsecond (1 / dilation: it keeps up, its runs are FAITHFUL), BookSim2\nsimulates it at %s (a cycle taken as one 1500-byte frame'"'"'s time\nat 2.5 Gb/s), %.0f times as fast, on the same machine: snic runs\nthe kernels and applications a simulator models.\n\n", s, b, b / s }'
	echo "VAL/pkt and UGAL-L route as BookSim2 does, per packet"
	echo "(drivers/snic/core/arn.h): each packet draws an intermediate group,"
	echo "1 in 9 each, the source's and the destination's standing for the"
	echo "minimal path; VAL takes the draw, UGAL-L only when the minimal"
	echo "path's egress queue is longer than twice the drawn one's plus 30"
	echo "flits (as 64-byte credits), BookSim2's ugal_dragonflynew rule. A"
	echo "packet that crossed its group's local link draws again among that"
	echo "switch's global links, whose shares stay as drawn."
	echo
	echo "MIN agrees. VAL per flow does not, for a stated reason: snic's VAL picks per"
	echo "flow one of the BPT's non-minimal candidates (an intermediate group"
	echo "reached through the source group's own global links), BookSim2's per"
	echo "packet a random intermediate node, so that its load spreads evenly"
	echo "over every global link while snic's flows collide on some (the flow"
	echo "model of issue 32 gives 0.28-0.42 for per-flow VAL over such"
	echo "candidates, 0.5455 for per-packet VAL). VAL per packet closes most"
	echo "of that gap; what is left under ADV+1 is a local channel, measured"
	echo "and modelled (2026-12-07). snic's VAL per packet draws an intermediate"
	echo "group and crosses it minimally, so the local link between where a"
	echo "pair of groups' traffic lands in it and where it leaves carries that"
	echo "traffic, its own group's to its global link and arrivals for its"
	echo "hosts: 2.0 times a host's load with every draw even, a ceiling of"
	echo "0.5000 (scripts/dragonfly-model.py), where BookSim2's random"
	echo "intermediate switch spreads it (0.5294 on snic's arrangement of the"
	echo "global links). In a run its busiest channel was such a link at 2.14"
	echo "times a host's load, bound 0.468, accepted 0.4575"
	echo "(df72_valpkt_adv1_hot_channel_*): snic's VAL per packet runs at its"
	echo "own draw's ceiling, and the rest of the gap to BookSim2's is the draw."
	echo "ARN ends at the same 0.466 on the same kind of channel (2.13, bound"
	echo "0.469, accepted 0.4663): a switch that sees it congest tells its own"
	echo "group, whose switches forward packets from global links minimally,"
	echo "and the sources that chose that intermediate group are in other"
	echo "groups. The best split over ARN's candidates would reach 0.558."
	echo "Ruled out before (2026-12-06): the buffers (256, 1024 and 4096"
	echo "credits a VL alike), CCA (off: 0.451), the load past saturation."
	echo "UGAL-L accepts more than BookSim2's under ADV+1 and about as much"
	echo "under uniform traffic; why, is not measured. ARN is not UGAL-L: it moves"
	echo "flows (flowlets) when a switch sees its egress congest and tells its"
	echo "group, where UGAL-L weighs, per packet, the local queue of the"
	echo "minimal path against one random Valiant path's; it is listed beside"
	echo "BookSim2's adaptive routing for scale. BookSim2's UGAL-L and VAL"
	echo "deadlock at offered 1.0 on this shape (the reference file says why);"
	echo "snic's VAL and ARN discard no head there (df72_*_hoq_discards), their"
	echo "SC escalating per global hop."
	echo
	echo "The datapath (issue 10): snic_vs_veth_pps compares 64-byte UDP"
	echo "datagrams over snic0 (its TX queues mq + pfifo, as \`\`fabric up\`\` makes"
	echo "them) with a bare veth, which has no qdisc; veth_pfifo_vs_veth_pps is"
	echo "what a pfifo costs veth (nothing: an empty pfifo is bypassed), so"
	echo "snic_vs_veth_pfifo_pps is the snic's own cost: the 16B encapsulation,"
	echo "a second pass through the receive path and its counters."
	echo "stacked_vs_veth_pps is what stacking any device with a qdisc on the"
	echo "veth costs: a VLAN device (8021q) with the same pfifo, Linux's own"
	echo "thinnest stacked device; snic_vs_stacked_pps the snic against it."
	echo "snic_vs_veth_tcp: one TCP connection's bytes/s (32 MB, checked end to"
	echo "end), with the snic's paged skbs and checksums left to the device."
	echo
	echo "The episode (bench-cca-episode.png): one more run of the CCA tree,"
	echo "CCA on, sampled every 0.05 s of wall time (no figure comes from it):"
	echo "the VL0 queues of the two congested egresses, leaf2 to h8 (the hot"
	echo "spot) and spine1 to leaf2 (h1's hot flow and h2's victim share it),"
	echo "and h1's CCTI towards h8. The CCTI climbs while either queue is"
	echo "congested and decays one step per ccti_timer (10.24 us) after. Until"
	echo "the NIC kept a paced DLID's packets out of its link's queue"
	echo "(\`\`tx_link_wait\`\`, snic.rst), the sources went on sending what that"
	echo "queue held for as long as it took to drain, the CCTI reached 115"
	echo "(25 shares the link) and the hot link ran at 0.61 for the next 800"
	echo "fabric us; now it peaks at about 75 and the hot spot's queue drains"
	echo "in 165 fabric us (from 220). What remains throttled after the queues"
	echo "drain is CCA's own sawtooth (ccti_timer)."
	echo
	echo ".. image:: bench-sweep.png"
	echo "   :alt: accepted load and mean latency against offered load"
	echo
	echo ".. image:: bench-routing.png"
	echo "   :alt: accepted load at offered 1.0 per routing mode, beside BookSim2"
	echo
	echo ".. image:: bench-cca.png"
	echo "   :alt: CCA off and on: victim share, same-NIC victim, hot link, Jain"
	echo
	echo ".. image:: bench-cca-time.png"
	echo "   :alt: the congestion tree's flows over time, 20 fabric us a bin, CCA off and on"
	echo
	echo ".. image:: bench-cca-episode.png"
	echo "   :alt: one congestion episode, CCA on: the congested queues and a hot source's CCTI"
	echo
	echo ".. image:: bench-latency-cdf.png"
	echo "   :alt: latency CDF per routing mode on the 72-host Dragonfly, uniform at 0.5"
	echo
	echo ".. image:: bench-arn-flips.png"
	echo "   :alt: ARN's accepted load over time under uniform / ADV+1 phase flips"
	echo
	echo "The 72-host load sweeps per routing mode (\`\`make bench-full\`\`) are in"
	echo "bench-full.rst."
	echo
	printf '%s\n' "$out" | scripts/bench-goals.sh
} >"$doc"
echo "# table written to $doc${why_not:+ (not published: $why_not)}"
scripts/bench-plots.sh build/bench.log "$plots" ||
	echo "# bench: no plots (scripts/bench-plots.sh failed)"
[ -z "$miss" ] || { echo "# bench: figures missing:"; printf '%s\n' "$miss"; }
[ -z "$why_not" ] || { echo "# bench: not published: $why_not"; exit 1; }
