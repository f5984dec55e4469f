#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Hand-made bad frames, sent with a raw packet socket, are counted drops
# each in its own counter, at a host NIC and at a switch port; good
# traffic still flows afterwards. (The harness fails the run on any
# kernel warning.)
# kernels: 6.1 6.12
# check-debug: yes
. "$(dirname "$0")/../lib.sh"

modules_load || { not_ok "modules load"; ktap_finish; }
fabric_2h1s || { not_ok "fabric setup"; ktap_finish; }
N=50

# Into h2's NIC: sent from the switch side of its link (p2).
inject_nic() {
	cls=$1 ctr=$2 dlid=${3:-2}
	before=$(counter "$H2" snic0 "$ctr")
	nsexec "$S1" "$TOOLS/snic_inject" p2 "$cls" $N "$dlid" 1 || return 1
	waitfor 10000 "[ \$(counter $H2 snic0 $ctr) -eq \$(( $before + $N )) ]"
}
for c in "truncated rx_drop_truncated" "bad_l2 rx_drop_bad_l2" \
	 "bad_len rx_drop_bad_len" "bad_pad rx_drop_bad_pad" \
	 "unknown_l4 rx_drop_unknown_l4" "short_inner rx_drop_bad_inner" \
	 "mgmt rx_mgmt" "mgmt_padded rx_mgmt" \
	 "cn_short rx_drop_mgmt_short" \
	 "cn_version rx_drop_mgmt_version" "cn_type rx_drop_mgmt_type" \
	 "cn_field rx_drop_mgmt_field"; do
	set -- $c
	check "NIC: $N x $1 counted in $2" inject_nic "$1" "$2"
done
# Link padding (a real NIC pads to 60 bytes) is trimmed, not refused:
# delivered (rx_packets also counts the fabric's own IPv6 chatter, so at
# least N), and nothing counted as a bad LEN.
padded_nic() {
	local b l
	b=$(counter "$H2" snic0 rx_packets) l=$(counter "$H2" snic0 rx_drop_bad_len)
	nsexec "$S1" "$TOOLS/snic_inject" p2 padded $N 2 1 || return 1
	waitfor 10000 "[ \$(counter $H2 snic0 rx_packets) -ge \$(( $b + $N )) ]" &&
		[ "$(counter "$H2" snic0 rx_drop_bad_len)" -eq "$l" ]
}
check "NIC: $N x padded delivered (padding trimmed), none a bad LEN" padded_nic
check "NIC: $N x good frame for another LID counted in rx_drop_bad_dlid" \
	inject_nic good rx_drop_bad_dlid 7

# Into the switch: sent from h1's side of its link (fab0).
inject_sw() {
	cls=$1 ctr=$2 dlid=$3
	before=$(port_counter "$S1" sw0 p1 "$ctr")
	nsexec "$H1" "$TOOLS/snic_inject" fab0 "$cls" $N "$dlid" 1 || return 1
	waitfor 10000 "[ \$(port_counter $S1 sw0 p1 $ctr) -eq \$(( $before + $N )) ]"
}
check "switch: $N x unknown DLID counted in fwd_drop_no_route" \
	inject_sw good fwd_drop_no_route 0x99
check "switch: $N x DLID of the ingress port counted in fwd_drop_loop" \
	inject_sw good fwd_drop_loop 1
check "switch: $N x DLID 0 counted in rx_drop_bad_dlid" \
	inject_sw good rx_drop_bad_dlid 0
check "switch: $N x truncated counted in rx_drop_truncated" \
	inject_sw truncated rx_drop_truncated 2
check "switch: $N x bad LEN counted in rx_drop_bad_len" \
	inject_sw bad_len rx_drop_bad_len 2
check "switch: $N x unknown L4 counted in rx_drop_unknown_l4" \
	inject_sw unknown_l4 rx_drop_unknown_l4 2
# Link padding is trimmed: the packet is forwarded, and h2 takes it. Not
# inject_sw's exact count: rx_packets also counts whatever else h1 sends
# meanwhile (an IPv6 router solicitation, an MLD report).
fwd_padded() {
	local b l
	b=$(counter "$H2" snic0 rx_packets)
	l=$(port_counter "$S1" sw0 p1 rx_drop_bad_len)
	nsexec "$H1" "$TOOLS/snic_inject" fab0 padded $N 2 1 || return 1
	waitfor 10000 "[ \$(counter $H2 snic0 rx_packets) -ge \$(( $b + $N )) ]" &&
		[ "$(port_counter "$S1" sw0 p1 rx_drop_bad_len)" = "$l" ]
}
check "switch: $N x padded forwarded, and taken by h2 (padding trimmed)" fwd_padded
checke "ip -s link: switch rx_dropped/rx_errors reflect the drops" \
	'[ $(link_stat $S1 sw0 rx_dropped) -ge $((3 * N)) ] && [ $(link_stat $S1 sw0 rx_errors) -ge $((2 * N)) ]'
check "ping still works after the injections" \
	nsexec "$H1" ping -c 2 -i 0.2 -w 10 10.0.0.2
ktap_finish
