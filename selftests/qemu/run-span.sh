#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Several guests, one fabric: run-span.sh [--guests N] [--test span/NAME]...
# [run-vm.sh options] (every test of selftests/span if none is named) boots N guests (2) at once, each run-vm.sh with an
# output directory of its own (build/vm-span/gI: initramfs, console,
# results) and a virtio NIC on one segment: qemu socket netdevs, one
# guest listening and the other connecting for two, a multicast socket
# for more. Guest I has 192.168.100.I on eth0, the underlay of
# "snicctl fabric up ... part mI". The guests meet in build/vm-span/sync
# (SNIC_SPAN in the guest, selftests/span/lib.sh). Every guest runs the
# same tests, each doing its machine's part, and prints its own KTAP and
# verdict; the last line adds them up: "N passed, N failed". The exit
# status is 0 only if every guest passed.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
guests=2
args=()
while [ $# -gt 0 ]; do
	case "$1" in
	--guests) guests=$2; shift 2 ;;
	*) args+=("$1"); shift ;;
	esac
done
[ "$guests" -ge 2 ] 2>/dev/null && [ "$guests" -le 8 ] ||
	{ echo "run-span.sh: --guests 2..8" >&2; exit 2; }
# No test named (nor a script): every selftests/span/*.sh but its lib.
case " ${args[*]} " in
*" --test "* | *" --script "*) ;;
*)
	for t in "$top"/selftests/span/*.sh; do
		[ "${t##*/}" = lib.sh ] || args+=(--test "span/$(basename "$t" .sh)")
	done
	;;
esac

span=build/vm-span
rm -rf "${top:?}/$span"
mkdir -p "$top/$span/sync"
# A port nobody listens on.
port=$((20000 + RANDOM % 20000))
while ss -ltnu 2>/dev/null | grep -q ":$port "; do
	port=$((port + 1))
done

start=$(date +%s)
pids=()
for i in $(seq "$guests"); do
	if [ "$guests" -eq 2 ]; then
		[ "$i" -eq 1 ] && nd="socket,listen=127.0.0.1:$port" ||
			nd="socket,connect=127.0.0.1:$port"
	else
		nd="socket,mcast=230.0.0.1:$port,localaddr=127.0.0.1"
	fi
	"$top/selftests/qemu/run-vm.sh" --out "$span/g$i" --guest "$i" \
		--guests "$guests" --netdev "$nd" --span "$span/sync" \
		"${args[@]}" >"$top/$span/g$i.log" 2>&1 &
	pids+=($!)
	# The listener first: the other guest's qemu connects at start.
	if [ "$guests" -eq 2 ] && [ "$i" -eq 1 ]; then
		for _ in $(seq 100); do
			ss -ltn 2>/dev/null | grep -q "127.0.0.1:$port " && break
			sleep 0.2
		done
	fi
done
rc=0
for i in $(seq "$guests"); do
	wait "${pids[$((i - 1))]}" || rc=1
done

pass=0
fail=0
for i in $(seq "$guests"); do
	log=$top/$span/g$i.log
	echo "# guest $i of $guests (output in $span/g$i):"
	line=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$log" | tail -n 1)
	grep -vE '^[0-9]+ passed, [0-9]+ failed$' "$log"
	if [ -n "$line" ]; then
		echo "# guest $i: $line"
		pass=$((pass + ${line%% passed*}))
		line=${line#* passed, }
		fail=$((fail + ${line%% failed}))
	else
		echo "# guest $i: no verdict"
		fail=$((fail + 1))
	fi
done
[ $rc -eq 0 ] || [ $fail -gt 0 ] || fail=1
echo "# span: $guests guests, $(($(date +%s) - start))s"
echo "$pass passed, $fail failed"
[ $rc -eq 0 ] && [ $fail -eq 0 ]
