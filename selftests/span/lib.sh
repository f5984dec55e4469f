#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The fixtures of the tests that span guests (selftests/qemu/run-span.sh):
# lib.sh's, and a meeting place. Each guest is machine m$SNIC_GUEST at
# 192.168.100.$SNIC_GUEST; $SNIC_SPAN is a directory of the tree that
# every guest sees at once (9p without cache), where a guest leaves
# values for the others:
#	span_put KEY VALUE	for every guest to read
#	span_get KEY [MS]	KEY's value once a guest put it (waits up to
#				MS, 120000: a guest may boot later); fails
#				if none came
#	span_sync NAME		every guest reached NAME
# Keys are per test run: the directory is new for each run-span.sh.
for _d in "$(dirname "$0")/.." "${TOP:-/snic}/selftests"; do
	[ -f "$_d/lib.sh" ] && break
done
# shellcheck source=selftests/lib.sh
. "$_d/lib.sh"
unset _d

ME=m${SNIC_GUEST:-0}
GUESTS=${SNIC_GUESTS:-1}
MACHINES=$(for i in $(seq "$GUESTS"); do printf "192.168.100.%d," "$i"; done)
MACHINES=${MACHINES%,}

span_put() {
	local k

	k=$(echo "$1" | tr / _)
	[ -n "${SNIC_SPAN:-}" ] || return 1
	echo "$2" >"$SNIC_SPAN/.$k.$SNIC_GUEST" && mv "$SNIC_SPAN/.$k.$SNIC_GUEST" "$SNIC_SPAN/$k"
}

span_get() {
	local i=0 n=$((${2:-120000} / 100)) k

	k=$(echo "$1" | tr / _)
	[ -n "${SNIC_SPAN:-}" ] || return 1
	while [ ! -f "$SNIC_SPAN/$k" ]; do
		i=$((i + 1))
		[ $i -le $n ] || { echo "span_get: no $1 after ${2:-120000} ms" >&2; return 1; }
		sleep 0.1
	done
	cat "$SNIC_SPAN/$k"
}

span_sync() {
	local g

	span_put "sync.$1.$ME" 1 || return 1
	for g in $(seq "$GUESTS"); do
		span_get "sync.$1.m$g" >/dev/null || return 1
	done
}

# span_ready: this guest is one of several, with its underlay.
span_ready() {
	[ -n "${SNIC_GUEST:-}" ] && [ -n "${SNIC_SPAN:-}" ] && [ "$GUESTS" -ge 2 ] &&
		$IP -4 addr show dev eth0 2>/dev/null | grep -q "192.168.100.$SNIC_GUEST/"
}
