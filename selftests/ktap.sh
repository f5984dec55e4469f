#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Generic helpers of a shell kselftest, after the kernel's
# tools/testing/selftests/net/lib.sh and kselftest/ktap_helpers.sh: KTAP
# output, polling instead of sleeps, background jobs and namespaces
# cleaned up on EXIT. Nothing here knows snic; selftests/lib.sh (the
# snic fixtures) sources this file, and a test sources lib.sh.
# POSIX sh: the guest runs the tests with busybox ash.
#
# Sourcing prints the KTAP header ("KTAP version 1"); redirect the "."
# to /dev/null to run without KTAP (a demo, a benchmark).
#
# KTAP, one line a case (the runner indents them under the script's own
# result line):
#   ok DESC               a passed case:  "ok N DESC"
#   not_ok DESC           a failed case:  "not ok N DESC"
#   check DESC CMD...     one case: CMD succeeds; on failure its output,
#                         "# "-prefixed, at most 20 lines
#   checke DESC EXPR      the same with EXPR, shell text eval'd here (it
#                         sees this script's functions and variables)
#   ktap_finish           the plan ("1..N") and exit: 0 when no case failed
# There is no skip: a case that cannot run fails, and says why.
#
# Polling (every 50 ms, until a deadline in wall time):
#   waitfor TIMEOUT_MS EXPR     until EXPR (eval'd) holds; 1 on timeout
#   busywait TIMEOUT_MS CMD...  until CMD succeeds; 1 on timeout
#   now_ms                      milliseconds since boot
#
# Background work, stopped by cleanup:
#   bg CMD...    CMD in the background, its pid in $BGPIDS
#   hogs N       N busy loops competing for the CPUs; hogs 0 stops them
#
# Cleanup: cleanup stops the hogs, kills $BGPIDS and deletes the network
# namespaces named in $NETNS (a test sets it when it creates them). It is
# the EXIT trap; a test that sets its own trap calls cleanup from it.
#
# Variables:
#   SFX     a random suffix (8 hex digits) for the names of this run's
#           namespaces and temporary files
#   NETNS   namespaces cleanup deletes (ip netns del)
#   IP      the ip(8) that cleanup runs (default /usr/sbin/ip: busybox's
#           own ip applet, found first, has no netns)

SFX=$(head -c4 /dev/urandom | od -An -tx1 | tr -d ' \n')

ktap_n=0
ktap_fail=0
echo "KTAP version 1"

ok() {
	ktap_n=$((ktap_n + 1))
	echo "ok $ktap_n $*"
}

not_ok() {
	ktap_n=$((ktap_n + 1))
	ktap_fail=$((ktap_fail + 1))
	echo "not ok $ktap_n $*"
}

# check DESC CMD...: one test case, passing when CMD succeeds.
check() {
	local desc=$1 out

	shift
	if out=$("$@" 2>&1); then
		ok "$desc"
	else
		not_ok "$desc"
		printf '%s\n' "$out" | sed 's/^/# /' | head -n 20
	fi
}

# checke DESC EXPR: like check, with EXPR evaluated in this shell.
checke() {
	local desc=$1 out

	if out=$(eval "$2" 2>&1); then
		ok "$desc"
	else
		not_ok "$desc"
		printf '%s\n' "$out" | sed 's/^/# /' | head -n 20
	fi
}

# now_ms: milliseconds since boot (/proc/uptime), for deadlines. busybox
# date has no %N, and uptime's hundredths are enough for 50 ms polls.
now_ms() {
	local up

	read -r up _ </proc/uptime
	echo $(((${up%.*} * 100 + 1${up#*.} - 100) * 10))
}

# waitfor TIMEOUT_MS EXPR: evaluate EXPR every 50 ms until it holds, for
# at most TIMEOUT_MS of wall time (a slow EXPR counts against it: the
# deadline is a time, not a number of polls). EXPR is tried at least
# twice, the last time after the deadline, so a poll delayed past it by a
# busy machine still gets its answer.
waitfor() {
	local end=$(($(now_ms) + $1))

	while ! eval "$2" >/dev/null 2>&1; do
		[ "$(now_ms)" -ge "$end" ] && { eval "$2" >/dev/null 2>&1; return; }
		sleep 0.05
	done
	return 0
}

# busywait TIMEOUT_MS CMD...: retry CMD every 50 ms until it succeeds, as
# waitfor, for at most TIMEOUT_MS of wall time.
busywait() {
	local end=$(($(now_ms) + $1))

	shift
	while ! "$@" >/dev/null 2>&1; do
		[ "$(now_ms)" -ge "$end" ] && { "$@" >/dev/null 2>&1; return; }
		sleep 0.05
	done
	return 0
}

ktap_finish() {
	echo "1..$ktap_n"
	[ "$ktap_fail" -eq 0 ]
	exit $?
}

NETNS=""
BGPIDS=""
# bg CMD...: run CMD in the background; cleanup kills it.
bg() {
	"$@" &
	BGPIDS="$BGPIDS $!"
}

# hogs N: N busy loops in the guest, competing with the test's work for
# its CPUs (the loads a guarantee must hold under); hogs 0 stops them,
# and so does cleanup.
HOGS=""
hogs() {
	local k=0 p

	for p in $HOGS; do
		kill "$p" 2>/dev/null
	done
	HOGS=""
	while [ $k -lt "$1" ]; do
		sh -c 'while :; do :; done' &
		HOGS="$HOGS $!"
		k=$((k + 1))
	done
}

cleanup() {
	local p ns

	hogs 0
	for p in $BGPIDS; do
		kill "$p" 2>/dev/null
	done
	for ns in $NETNS; do
		"${IP:-/usr/sbin/ip}" netns del "$ns" 2>/dev/null
	done
}
trap cleanup EXIT
