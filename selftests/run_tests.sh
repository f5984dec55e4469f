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
echo "KTAP version 1"
echo "1..$n"
for t in $list; do
	i=$((i + 1))
	start=$(date +%s)
	: >/tmp/out.$$
	# A timestamped mark in the kernel log: a report names its test.
	[ -w /dev/kmsg ] && echo "snic-test: $t starts" >/dev/kmsg
	# Stream the subtests (indented) to stdout and to the console, so a
	# hang shows where it is.
	{ timeout "$tmo" sh "net/$t.sh" 2>&1; echo $? >/tmp/rc.$$; } |
		while IFS= read -r line; do
			printf '    %s\n' "$line"
			printf '%s\n' "$line" >>/tmp/out.$$
			[ -w /dev/console ] && printf '[%s] %s\n' "$t" "$line" >/dev/console
		done
	rc=$(cat /tmp/rc.$$)
	secs=$(($(date +%s) - start))
	# A script that died before reporting a failure still fails a case.
	if [ "$rc" -ne 0 ] && ! grep -q '^not ok ' /tmp/out.$$ 2>/dev/null; then
		echo "    not ok 999 $t exited with status $rc"
	fi
	rm -f /tmp/out.$$ /tmp/rc.$$
	if [ $rc -eq 0 ]; then
		echo "ok $i $t # ${secs}s"
	else
		echo "not ok $i $t # ${secs}s"
		fails=$((fails + 1))
	fi
done
[ $fails -eq 0 ]
