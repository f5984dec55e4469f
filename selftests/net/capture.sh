#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# A capture of every frame class for the Wireshark dissector
# (userspace/wireshark/snic.lua): on snicctl fabric up star:2 (h1, h2 on
# s1), tcpdump (the host's, through hostrun) records h1's fabric link
# while h1 pings h2 (16B packets carrying Ethernet, both ways, and the
# link's credit frames) and snic_inject sends one frame of each class it
# knows: good, FECN, BECN, padded ones, CNs, ARNs of every type and
# parameter (PEER_GROUP, LOCAL_LINK, SEQ, LIFETIME, PATH_ID, FLOW), and
# every malformed kind (16B, management, ARN, credit). Each injected
# frame carries its own SLID (0x100 + its index), and the list of what
# was sent goes next to the capture in build/vm/capture/; tcpdump must
# have seen every frame. scripts/wireshark-test.py (make check, after
# the VM) decodes the capture with tshark and the dissector and checks
# each decoded field against what was sent.
. "$(dirname "$0")/../lib.sh"

modules_load || { not_ok "modules load"; ktap_finish; }
hostroot_ready >/dev/null || { not_ok "the host's userland (hostrun)"; ktap_finish; }
F=cp$(echo "$SFX" | cut -c1-4)
"$SNICCTL" fabric up star:2 name "$F" >/dev/null ||
	{ not_ok "fabric up star:2"; ktap_finish; }
D=$TOP/build/vm/capture
rm -rf "$D"
mkdir -p "$D"
hostrun "$F-h1" tcpdump -Z root -U -n -i fab0 -w /mnt/build/vm/capture/snic.pcap \
	2>"$D/tcpdump.err" &
tcpd=$!
checke "tcpdump (the host's) listens on h1's fab0" \
	'waitfor 20000 "grep -q listening $D/tcpdump.err"'

check "h1 pings h2 three times over the fabric" \
	nsexec "$F-h1" ping -c 3 -i 0.2 -w 15 10.0.0.2
i=0
# inject CLASS DLID [VAR=VALUE...]: one frame of CLASS from h1's fab0,
# SLID 0x100 + i, with snic_inject's environment VARs.
inject() {
	local c=$1 dlid=$2 slid=$((0x100 + i))

	shift 2
	echo "$c $slid $*" >>"$D/sent.txt"
	nsexec "$F-h1" env "$@" "$TOOLS/snic_inject" fab0 "$c" 1 "$dlid" $slid ||
		echo "inject $c failed"
	i=$((i + 1))
}
out=$(
for c in good fecn becn padded cn mgmt_padded cn_short cn_version cn_type \
	 cn_field truncated bad_l2 bad_len bad_pad unknown_l4 short_inner \
	 credit_short credit_version credit_type credit_vl15 sync_vl9; do
	inject $c 2
done
for c in arn_cong arn_cong_life arn_fail arn_recover arn_elim arn_local \
	 arn_short arn_version arn_type arn_field; do
	inject $c 0xf10000 SNIC_ARN_SEQ=$((i + 1))
done
inject arn_cong 0xf10000 SNIC_ARN_SEQ=99 SNIC_ARN_PATH=0x1234
inject arn_cong 0xf10000 SNIC_ARN_SEQ=100 \
	SNIC_ARN_FLOW=10.0.0.1,10.0.0.2,5001,7000,17
)
checke "snic_inject sent one frame of each of the $(wc -l <$D/sent.txt) classes" \
	"[ -z \"$out\" ] || { echo \"$out\"; false; }"
sleep 1
# $tcpd is the subshell of hostrun: tcpdump itself is told to stop.
kill -INT $(pidof tcpdump) 2>/dev/null
wait $tcpd
cat "$D/tcpdump.err" | sed 's/^/# /'
checke "tcpdump kept every frame (none dropped by the kernel)" \
	'grep -q "^0 packets dropped by kernel" $D/tcpdump.err &&
	 n=$(sed -n "s/^\([0-9]*\) packets captured/\1/p" $D/tcpdump.err) &&
	 [ "$n" -ge $(($(wc -l <$D/sent.txt) + 6)) ]'
checke "the capture is a pcap file" \
	'[ "$(od -An -tx1 -N4 $D/snic.pcap | tr -d " ")" = d4c3b2a1 ]'
check "fabric down" "$SNICCTL" fabric down "$F"
ktap_finish
