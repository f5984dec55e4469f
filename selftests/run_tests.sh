#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Run the snic kselftests (net/*.sh, or those named in $1, comma
# separated) and print one KTAP document: each script is a test whose
# checks are its indented subtests.

cd "$(dirname "$0")" || exit 1
list=$(echo "$1" | tr ',' ' ')
[ -n "$list" ] || list=$(cd net && ls ./*.sh | sed 's|^\./||; s|\.sh$||')
n=$(echo "$list" | wc -w)
fails=0
# A test may take 300 s, plus 40 s per iteration of its fault loops
# (faults.sh on the debug kernel: about 25 s per iteration).
tmo=$((300 + 40 * ${SNIC_ITER:-5}))
i=0

# hang_report TEST: every process but kernel threads, with its state, its
# wait channel and, for the blocked ones, its kernel stack; then the
# blocked tasks as the kernel lists them (sysrq w). To the console.
hang_report() {
	{
		echo "# $1: near its time limit; processes:"
		for d in /proc/[0-9]*; do
			[ -r "$d/cmdline" ] || continue
			cmd=$(tr '\0' ' ' <"$d/cmdline" 2>/dev/null)
			[ -n "$cmd" ] || continue
			st=$(sed -n 's/^State:[[:space:]]*//p' "$d/status" 2>/dev/null)
			echo "# ${d#/proc/} [$st] wchan=$(cat "$d/wchan" 2>/dev/null) $cmd"
			case "$st" in
			D*) sed 's/^/#     /' "$d/stack" 2>/dev/null ;;
			esac
		done
		if [ -w /proc/sysrq-trigger ]; then
			echo w >/proc/sysrq-trigger
			dmesg | tail -n 150 | sed 's/^/# dmesg: /'
		fi
	} >/dev/console 2>&1
}

# leftovers: the named netns (netns:NAME) and the snic devices of the
# initial netns that exist now, on one line.
leftovers() {
	{
		/usr/sbin/ip netns list | sed 's/^/netns:/; s/ .*//'
		/usr/sbin/ip -o link show | awk '{ n = $2; sub(/:$/, "", n);
			sub(/@.*/, "", n); if (n ~ /^(snic|sw)[0-9]/) print n }'
	} 2>/dev/null | tr '\n' ' ' | sed 's/ $//'
}

echo "KTAP version 1"
echo "1..$n"
for t in $list; do
	i=$((i + 1))
	start=$(date +%s)
	# net/NAME.sh, or DIR/NAME.sh named so (span/NAME: several guests)
	case $t in
	*/*) f=$t.sh ;;
	*) f=net/$t.sh ;;
	esac
	: >/tmp/out.$$
	# A timestamped mark in the kernel log: a report names its test.
	# (and on the console, which shows only KERN_ERR and worse: a guest
	# that dies in this test is said to have died in it, run-vm.sh)
	[ -w /dev/kmsg ] && echo "snic-test: $t starts" >/dev/kmsg
	echo "snic-test: $t starts" >/dev/console 2>/dev/null
	# The test runs in a process group of its own (setsid; the pgid is
	# its pid, written to /tmp/pg.$$), so that nothing it started
	# outlives it: busybox's timeout signals the script alone, and its
	# children would go on running into the next test (and, holding the
	# pipe below, keep this loop waiting).
	# Ten seconds before the limit a watchdog shows what the test's
	# processes wait for (a hang is diagnosed from the console, not
	# guessed at); five seconds after it, it kills the whole group.
	: >/tmp/pg.$$
	( sleep $((tmo - 10)) && hang_report "$t" && sleep 15 &&
		kill -KILL -- -"$(cat /tmp/pg.$$)" ) >/dev/null 2>&1 &
	wd=$!
	# Stream the subtests (indented) to stdout and to the console, so a
	# hang shows where it is.
	{ setsid sh -c 'echo $$ >"$0"; exec timeout "$1" sh "$2"' \
		/tmp/pg.$$ "$tmo" "$f" 2>&1; echo $? >/tmp/rc.$$; } |
		while IFS= read -r line; do
			printf '    %s\n' "$line"
			printf '%s\n' "$line" >>/tmp/out.$$
			[ -w /dev/console ] && printf '[%s] %s\n' "$t" "$line" >/dev/console
		done
	kill $wd 2>/dev/null
	wait $wd 2>/dev/null
	pg=$(cat /tmp/pg.$$)
	[ -n "$pg" ] && kill -KILL -- -"$pg" 2>/dev/null
	rc=$(cat /tmp/rc.$$)
	secs=$(($(date +%s) - start))
	# A script that died before reporting a failure still fails a case.
	if [ "$rc" -ne 0 ] && ! grep -q '^not ok ' /tmp/out.$$ 2>/dev/null; then
		echo "    not ok 999 $t exited with status $rc"
	fi
	# A test cleans up after itself: a netns or a snic device left
	# behind fails it (and is removed, so the next test starts clean).
	left=$(leftovers)
	if [ -n "$left" ]; then
		echo "    not ok 998 $t left behind: $left"
		for x in $left; do
			case $x in
			netns:*) /usr/sbin/ip netns del "${x#netns:}" ;;
			*) /usr/sbin/ip link del "$x" ;;
			esac
		done
		rc=1
	fi
	rm -f /tmp/out.$$ /tmp/rc.$$ /tmp/pg.$$
	# The kernel log so far, for the host to judge (init.sh).
	[ -n "$SNIC_KLOG" ] && dmesg -c >>"$SNIC_KLOG"
	if [ $rc -eq 0 ]; then
		echo "ok $i $t # ${secs}s"
	else
		echo "not ok $i $t # ${secs}s"
		fails=$((fails + 1))
	fi
done
[ $fails -eq 0 ]
