#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# scripts/bench.sh on the host, with a stub guest (no kernel): what
# make bench and make bench-full publish, and the progress they show.
# A scratch git tree holds this tree's scripts/ and Documentation pages
# and a stub selftests/qemu/run-vm.sh that prints canned figures and
# verdicts (and writes its console as a guest does); each case checks
# what bench.sh wrote where, its exit status and its stderr. KTAP.
top=$(cd "$(dirname "$0")/../.." && pwd)
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
n=0 fail=0
check() {	# check DESC CMD...: CMD's output shown when it fails
	local d=$1 out

	shift
	n=$((n + 1))
	if out=$("$@" 2>&1); then echo "ok $n $d"; else
		fail=$((fail + 1)); echo "not ok $n $d"
		echo "$out" | tail -n 8 | sed 's/^/# /'
	fi
}

echo "KTAP version 1"
r=$t/tree
mkdir -p "$r/selftests/qemu" "$r/Documentation"
cp -r "$top/scripts" "$r/"
cp "$top/Documentation/bench-full.rst" "$top/Documentation/benchmarks.rst" \
	"$r/Documentation/"
# The stub guest: every figure of the published bench-full page, one of
# them changed (ARN's ADV+1 at offered 1.0, to 0.0100); STUB_FID the ARN
# mode's verdict, STUB_MISS a figure not measured. Its console gets a
# comment line, then waits (up to 10 s) until the test saw that line on
# bench.sh's stderr: a stream, not the output at the end.
cat >"$r/selftests/qemu/run-vm.sh" <<'EOF'
#!/bin/sh
mkdir -p build/vm
c=build/vm/console.log
printf 'SeaBIOS\r\n# df72sweep min: a run ended\r\n' >"$c"
i=0
while [ ! -e "$STUB_SEEN" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
[ -e "$STUB_SEEN" ] || echo "# stub: the comment line was not shown while the guest ran"
sed -n 's/^\(df72sweep[a-z0-9_]*\)  *\([0-9.]*\)$/BENCH \1 \2/p' Documentation/bench-full.rst |
	sed 's/^BENCH df72sweep_arn_adv1_accepted_l100 .*/BENCH df72sweep_arn_adv1_accepted_l100 0.0100/'
[ -z "${STUB_MISS:-}" ] || echo "MISSING df72sweep_val_uniform_accepted_l100 not reported at offered 1.00"
echo "# vm: kernel stub"
echo "FIDELITY df72sweep_min FAITHFUL fabric:bf late_p99_ns:511 late_over_permille:3"
echo "FIDELITY df72sweep_arn ${STUB_FID:-FAITHFUL} fabric:bf late_p99_ns:511 late_over_permille:3"
EOF
chmod +x "$r/selftests/qemu/run-vm.sh"
printf 'build/\n' >"$r/.gitignore"
git -C "$r" init -q && git -C "$r" add -A &&
	git -C "$r" -c user.name=t -c user.email=t@t commit -qm stub ||
	{ echo "not ok 1 a scratch git tree"; echo "1..1"; exit 1; }

# full: run make bench-full's script in the scratch tree; $t/err gets
# its stderr, $t/seen appears when the stub's comment line came on it
full() {
	rm -rf "$r/build" "$t/seen" "$t/err"
	(cd "$r" && STUB_SEEN=$t/seen bash scripts/bench.sh --full 2> >(
		while IFS= read -r l; do
			printf '%s\n' "$l" >>"$t/err"
			case $l in "# df72sweep min: a run ended") : >"$t/seen" ;; esac
		done) >"$t/out")
	echo $? >"$t/rc"
	sleep 0.2	# the stderr reader's last lines
}

full
check "bench-full, a passing run of a clean tree: exit 0, the page written naming the commit" sh -c "
	cat '$t/out' | tail -n 4; [ \$(cat '$t/rc') = 0 ] &&
	grep -q \"from commit \$(git -C '$r' rev-parse --short=12 HEAD) \" '$r/Documentation/bench-full.rst' &&
	! grep -q 'Not published' '$r/Documentation/bench-full.rst'"
old=$(git -C "$r" show HEAD:Documentation/bench-full.rst |
	sed -n 's/^df72sweep_arn_adv1_accepted_l100  *\([0-9.]*\)$/\1/p')
check "... the figure that moved (ARN ADV+1 at 1.0, $old to 0.0100) reported (CHANGED) and listed on the page" sh -c "
	grep -q '^CHANGED df72sweep_arn_adv1_accepted_l100 $old -> 0.0100 (-' '$t/out' &&
	grep -q '^- df72sweep_arn_adv1_accepted_l100 $old -> 0.0100' '$r/Documentation/bench-full.rst'"
check "... the guest's comment line shown on stderr while it ran, the figures not" sh -c "
	cat '$t/err'; [ -e '$t/seen' ] && ! grep -q 'stub: the comment line was not shown' '$t/out' &&
	! grep -q '^BENCH' '$t/err'"
git -C "$r" checkout -q -- Documentation

STUB_FID=UNFAITHFUL full
check "bench-full with a mode UNFAITHFUL: exit 1, nothing published, build/bench-doc/ says why" sh -c "
	tail -n 2 '$t/out'; [ \$(cat '$t/rc') = 1 ] && git -C '$r' diff --quiet -- Documentation/bench-full.rst &&
	grep -q '^Not published: runs not FAITHFUL: df72sweep_arn\\.' '$r/build/bench-doc/bench-full.rst' &&
	[ -s '$r/build/bench-doc/bench-routing-sweep.png' ]"
STUB_MISS=1 full
check "bench-full with a figure missing: exit 1, nothing published, the figure listed as missing" sh -c "
	[ \$(cat '$t/rc') = 1 ] && git -C '$r' diff --quiet -- Documentation/bench-full.rst &&
	grep -q '1 figure(s) missing' '$r/build/bench-doc/bench-full.rst' &&
	grep -q 'df72sweep_val_uniform_accepted_l100  *missing: not reported' '$r/build/bench-doc/bench-full.rst'"
echo '# a change' >>"$r/scripts/bench-goals.sh"
full
check "bench-full of a tree with uncommitted changes: exit 1, nothing published" sh -c "
	[ \$(cat '$t/rc') = 1 ] && git -C '$r' diff --quiet -- Documentation/bench-full.rst &&
	grep -q 'the tree had uncommitted changes' '$r/build/bench-doc/bench-full.rst'"
git -C "$r" checkout -q -- scripts

# make bench's page from a kept log (--doc, no run): the same rules
mkdir -p "$r/build"
printf 'BENCH switch_pps 100\nFIDELITY tree UNFAITHFUL late_p99_ns:1023 late_over_permille:338\n# bench: commit 0123456789ab dirty 0 guest 0\n' \
	>"$r/build/bench.log"
check "bench --doc of a log with an UNFAITHFUL run: exit 1, benchmarks.rst untouched, build/bench-doc/ says why" sh -c "
	cd '$r' && bash scripts/bench.sh --doc; rc=\$?; [ \$rc = 1 ] &&
	git diff --quiet -- Documentation/benchmarks.rst &&
	grep -q '^Not published: runs not FAITHFUL: tree\\.' build/bench-doc/benchmarks.rst"
printf 'BENCH switch_pps 100\nFIDELITY tree FAITHFUL late_p99_ns:511 late_over_permille:3\n# bench: commit 0123456789ab dirty 0 guest 0\n' \
	>"$r/build/bench.log"
check "bench --doc of a passing log: benchmarks.rst written, naming the log's commit" sh -c "
	cd '$r' && bash scripts/bench.sh --doc >/dev/null 2>&1
	grep -q 'from commit 0123456789ab ' Documentation/benchmarks.rst"
echo "1..$n"
echo "# $((n - fail)) passed, $fail failed"
[ $fail -eq 0 ]
