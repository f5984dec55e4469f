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
i=0
echo "KTAP version 1"
echo "1..$n"
for t in $list; do
	i=$((i + 1))
	start=$(date +%s)
	out=$(timeout 600 sh "net/$t.sh" 2>&1)
	rc=$?
	secs=$(($(date +%s) - start))
	printf '%s\n' "$out" | sed 's/^/    /'
	# A script that died before reporting a failure still fails a case.
	if [ $rc -ne 0 ] && ! printf '%s\n' "$out" | grep -q '^not ok '; then
		echo "    not ok 999 $t exited with status $rc"
	fi
	if [ $rc -eq 0 ]; then
		echo "ok $i $t # ${secs}s"
	else
		echo "not ok $i $t # ${secs}s"
		fails=$((fails + 1))
	fi
done
[ $fails -eq 0 ]
