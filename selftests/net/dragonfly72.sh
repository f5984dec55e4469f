#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The 72-host Dragonfly (p=2, a=4, h=2, g=9: 36 switches, 162 links)
# builds inside the 1 GiB guest, a sample of host pairs (2 per host,
# spread over the groups) ping each other, and down removes it all. The
# wall time and the guest memory it takes are reported (the benchmark
# prints them as BENCH dragonfly72_up_s / dragonfly72_mem_mib).
. "$(dirname "$0")/../lib.sh"

modules_load || { not_ok "modules load"; ktap_finish; }
F=df$(echo "$SFX" | cut -c1-4)
trap '"$SNICCTL" fabric down $F >/dev/null 2>&1; cleanup' EXIT
avail() { awk '$1 == "MemAvailable:" { print int($2 / 1024) }' /proc/meminfo; }

m0=$(avail)
t0=$(date +%s)
check "dragonfly:2,4,2,9 up" "$SNICCTL" fabric up dragonfly:2,4,2,9 name "$F"
t1=$(date +%s)
m1=$(avail)
echo "# dragonfly72: up in $((t1 - t0)) s, guest memory used $((m0 - m1)) MiB (of $(awk '$1 == "MemTotal:" { print int($2 / 1024) }' /proc/meminfo))"
checke "72 hosts and 36 switches, each in its netns" \
	'[ $($IP netns list | grep -c "^$F-h") -eq 72 ] && [ $($IP netns list | grep -c "^$F-g") -eq 36 ]'
check "144 host pairs across the groups ping each other" \
	"$SNICCTL" fabric check "$F" pairs 2
checke "a far pair: h1 (group 0) and h72 (group 8)" \
	'nsexec $F-h1 ping -c 1 -W 10 10.0.0.72'
check "down" "$SNICCTL" fabric down "$F"
checke "no netns left" '[ $($IP netns list | grep -c "^$F-") -eq 0 ]'
ktap_finish
