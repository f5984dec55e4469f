#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Regenerate what comes from the netlink spec, as the kernel's
# tools/net/ynl/ynl-regen.sh does, with the kernel's own generator
# (tools/net/ynl of linux-source-6.12, unpacked by scripts/setup.sh):
#
#   Documentation/netlink/specs/snic.yaml  (its stats set, from the
#       counter list drivers/snic/core/stat_list.h: scripts/snic-stats.py)
#   -> include/uapi/linux/snic.h            (uapi header)
#   -> drivers/snic/netlink-gen.[ch]        (policies, split ops)
#
#   ynl-regen.sh          rewrite the files that differ
#   ynl-regen.sh --check  rewrite nothing; list what differs and fail
#
# ynl-gen finds the spec's schema (Documentation/netlink/<protocol>.yaml)
# next to the spec's directory and the root by a MAINTAINERS file: the
# spec is run from a scratch tree that has both.

set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
CACHE=${SNIC_CACHE:-/var/cache/snic}
YNL=${YNL:-$CACHE/ynl}
check=0
[ "${1:-}" = --check ] && check=1

gen=$YNL/tools/net/ynl/ynl-gen-c.py
if [ ! -f "$gen" ]; then
	echo "ynl-regen: $gen missing (run scripts/setup.sh)" >&2
	exit 1
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/root/Documentation/netlink/specs" "$tmp/out"
touch "$tmp/root/MAINTAINERS"
cp "$YNL"/Documentation/netlink/*.yaml "$tmp/root/Documentation/netlink/"
spec=$tmp/root/Documentation/netlink/specs/snic.yaml

python3 "$top/scripts/snic-stats.py" --yaml \
	"$top/Documentation/netlink/specs/snic.yaml" >"$spec"

run() {	# MODE KIND OUT
	# ynl-gen names the header a source includes after its own name.
	local o
	o=$tmp/gen/$(basename "$3")
	mkdir -p "$tmp/gen"
	python3 "$gen" --mode "$1" "--$2" --spec "$spec" -o "$o" >"$tmp/log" 2>&1 || {
		cat "$tmp/log" >&2
		echo "ynl-regen: ynl-gen-c.py --mode $1 --$2 failed" >&2
		exit 1
	}
	mv "$o" "$tmp/out/$(echo "$3" | tr / _)"
}

run uapi header include/uapi/linux/snic.h
run kernel header drivers/snic/netlink-gen.h
run kernel source drivers/snic/netlink-gen.c
cp "$spec" "$tmp/out/Documentation_netlink_specs_snic.yaml"
python3 "$top/scripts/snic-stats.py" --rst \
	"$top/Documentation/networking/snic.rst" \
	>"$tmp/out/Documentation_networking_snic.rst"

rc=0
for f in Documentation/netlink/specs/snic.yaml include/uapi/linux/snic.h \
	 drivers/snic/netlink-gen.h drivers/snic/netlink-gen.c \
	 Documentation/networking/snic.rst; do
	new=$tmp/out/$(echo "$f" | tr / _)
	if ! cmp -s "$new" "$top/$f"; then
		if [ $check = 1 ]; then
			echo "ynl-regen: $f differs from what the spec generates:" >&2
			diff -u "$top/$f" "$new" | head -20 >&2 || true
			rc=1
		else
			cp "$new" "$top/$f"
			echo "	GEN	$f"
		fi
	fi
done
exit $rc
