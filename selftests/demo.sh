#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The demo (make demo): build a 2-host/1-switch snic fabric, ping across
# it, move 4 MB over TCP, and print a short report of what the fabric saw.
. "$(dirname "$0")/lib.sh" >/dev/null

modules_load || exit 1
fabric_2h1s || { echo "demo: fabric setup failed"; exit 1; }
echo "snic demo: hosts h1 (LID 1, 10.0.0.1) and h2 (LID 2, 10.0.0.2) on switch sw0"
echo
nsexec "$H1" ping -c 5 -i 0.2 -w 10 10.0.0.2 | tail -n 2
rxf=/tmp/demo-rx.$SFX
bg $IP netns exec "$H2" timeout 120 "$TOOLS/snic_xfer" -l 5001 >"$rxf"
busywait 5000 grep -q listening "$rxf"
t0=$(date +%s)
tx=$($IP netns exec "$H1" timeout 120 "$TOOLS/snic_xfer" -c 10.0.0.2 5001 4000000)
waitfor 10000 'grep -q received "$rxf"'
t1=$(date +%s)
rx=$(grep received "$rxf")
echo "TCP h1 -> h2: $tx; $rx ($((t1 - t0)) s wall time under TCG)"
[ "${tx#sent }" = "${rx#received }" ] && echo "TCP payload verified end to end" ||
	{ echo "TCP payload MISMATCH"; exit 1; }
echo
echo "switch ports (snicctl -s port show sw0):"
nsexec "$S1" "$SNICCTL" -s port show sw0
echo
echo "switch LFT (snicctl lft show sw0):"
nsexec "$S1" "$SNICCTL" lft show sw0
echo
echo "egress qdisc on the switch port to h2 (snicctl qdisc show p2):"
nsexec "$S1" "$SNICCTL" qdisc show p2
echo
echo "h2 snic0 (ip -s link):"
nsexec "$H2" $IP -s link show snic0
