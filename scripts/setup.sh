#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Prepare a fresh Debian 12 machine (as root) to build and test snic:
#   - Debian packages (one apt-get call, skipped when all are present),
#   - the 6.12 LTS headers (second build target),
#   - the guest kernels (Debian's own images, downloaded and unpacked, never
#     installed), with an uncompressed vmlinux for qemu's PVH entry,
#   - checkpatch.pl and kselftest_harness.h from linux-source-6.1,
#   - the kernel's YNL CLI and netlink schemas from linux-source-6.12.
#
# Everything downloaded is cached outside the clone in $SNIC_CACHE
# (default /var/cache/snic). A second run does nothing but checks.
# Prints "setup: ok (N s)" and the cache facts on success.

set -euo pipefail

start=$(date +%s)
CACHE=${SNIC_CACHE:-/var/cache/snic}
mkdir -p "$CACHE"

log() { printf 'setup: %s\n' "$*" >&2; }

PKGS="build-essential bc kmod cpio xz-utils zstd gzip pkg-config qemu-system-x86
busybox-static iproute2 ethtool sparse libnl-3-dev libnl-genl-3-dev
libnl-route-3-dev linux-headers-amd64 clang git python3 gnuplot-nox groff-base
python3-yaml python3-jsonschema gojq dkms tshark tcpdump iperf3
openmpi-bin libopenmpi-dev perftest ibverbs-utils rdmacm-utils ibverbs-providers"

missing=()
for p in $PKGS; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' ||
		missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
	log "installing ${missing[*]}"
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq
	apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# The stock guest/build kernel: the ABI the headers metapackage depends on.
KVER=$(dpkg-query -W -f='${Depends}' linux-headers-amd64 |
	sed -n 's/.*linux-headers-\([0-9.-]*-amd64\).*/\1/p')
[ -n "$KVER" ] || { log "cannot determine KVER"; exit 1; }

# The 6.12 LTS target: the newest 6.12.N+deb12 that apt knows.
kver612() {
	apt-cache search --names-only '^linux-headers-6\.12\.[0-9]+\+deb12-amd64$' |
		awk '{print $1}' | sed 's/^linux-headers-//' | sort -V | tail -n 1 || true
}
KVER612=$(find /lib/modules -maxdepth 2 -path '*/6.12.*+deb12-amd64/build' \
	2>/dev/null | sed 's|/lib/modules/||;s|/build||' | sort -V | tail -n 1)
if [ -z "$KVER612" ]; then
	KVER612=$(kver612)
	if [ -z "$KVER612" ]; then
		apt-get update -qq
		KVER612=$(kver612)
	fi
	[ -n "$KVER612" ] || { log "no 6.12 headers in apt"; exit 1; }
	log "installing linux-headers-$KVER612"
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
		--no-install-recommends "linux-headers-$KVER612" >/dev/null
fi

# Unpack a kernel image package into $CACHE/guest/<kver>/ and produce an
# uncompressed vmlinux (the extract-vmlinux approach: find the compressed
# payload inside the bzImage and decompress it).
extract_vmlinux() {
	local img=$1 out=$2 spec magic cmd pos
	for spec in '\xFD7zXZ\x00|xz -dc' '\x28\xB5\x2F\xFD|zstd -dc' \
		    '\x1F\x8B\x08|gzip -dc'; do
		magic=${spec%%|*}
		cmd=${spec#*|}
		for pos in $(LC_ALL=C grep -obUaP "$magic" "$img" | cut -d: -f1 |
			     head -n 5); do
			tail -c +$((pos + 1)) "$img" | $cmd >"$out.tmp" 2>/dev/null || true
			if [ -s "$out.tmp" ] && head -c4 "$out.tmp" | grep -q 'ELF'; then
				mv "$out.tmp" "$out"
				return 0
			fi
		done
	done
	rm -f "$out.tmp"
	return 1
}

fetch_guest() {
	local kv=$1 dir="$CACHE/guest/$1"
	[ -s "$dir/vmlinux" ] && [ -d "$dir/root/lib/modules/$kv" ] && return 0
	log "fetching guest kernel $kv"
	rm -rf "$dir"
	mkdir -p "$dir"
	(
		cd "$dir"
		local pkg="linux-image-$kv"
		# The signed image may be listed without a version to fetch
		# (the archive then has only the -unsigned build of it).
		case $(apt-cache policy "$pkg" 2>/dev/null |
		       sed -n 's/ *Candidate: //p') in
		"" | "(none)") pkg="linux-image-$kv-unsigned" ;;
		esac
		apt-get download -qq "$pkg" >/dev/null
		dpkg-deb -x ./*.deb root
		rm -f ./*.deb
	)
	extract_vmlinux "$dir/root/boot/vmlinuz-$kv" "$dir/vmlinux" ||
		{ log "cannot extract vmlinux for $kv"; exit 1; }
}
fetch_guest "$KVER"
fetch_guest "$KVER612"

# source_extract VER DEST PATTERN...: the files of linux-source-VER that
# match the patterns (tar wildcards below the source's top directory),
# into DEST (created; what was there is replaced).
source_extract() {
	local ver=$1 dest=$2 tmp

	shift 2
	tmp=$(mktemp -d)
	(
		cd "$tmp" &&
		apt-get download -qq "linux-source-$ver" >/dev/null &&
		dpkg-deb --fsys-tarfile linux-source-"$ver"_*.deb |
			tar -x --wildcards "*/linux-source-$ver.tar.xz" &&
		rm -f ./*.deb &&
		mkdir out &&
		tar -xJf "usr/src/linux-source-$ver.tar.xz" -C out \
			--strip-components=1 --wildcards "$@" &&
		rm -rf "$dest" && mkdir -p "$(dirname "$dest")" &&
		mv out "$dest"
	) || { rm -rf "$tmp"; log "cannot extract $* from linux-source-$ver"; exit 1; }
	rm -rf "$tmp"
}

# checkpatch.pl (+ its data files) and kselftest_harness.h: only shipped in
# the kernel source package.
tools="$CACHE/linux-tools"
if [ ! -s "$tools/scripts/checkpatch.pl" ] ||
   [ ! -s "$tools/tools/testing/selftests/kselftest_harness.h" ]; then
	log "fetching checkpatch and kselftest headers from linux-source-6.1"
	source_extract 6.1 "$tools" \
		'*/scripts/checkpatch.pl' '*/scripts/spelling.txt' \
		'*/scripts/const_structs.checkpatch' \
		'*/tools/testing/selftests/kselftest_harness.h' \
		'*/tools/testing/selftests/kselftest.h'
fi

# The kernel's YNL CLI (tools/net/ynl: cli.py and its lib) and the
# schemas that its specs are validated against (Documentation/netlink),
# from linux-source-6.12: selftests/net/ynl_cli.sh drives the snic family
# through it, a client nobody here wrote, run in the guest by Debian's
# python3 (with python3-yaml and python3-jsonschema, above) of this
# machine's root, which run-vm.sh shares read-only; scripts/ynl-regen.sh
# generates with its ynl-gen-c.py. Compiled here once: the guest cannot
# write the __pycache__ of a read-only share and would compile the
# modules again at every call, slowly under TCG.
ynl="$CACHE/ynl"
if [ ! -s "$ynl/tools/net/ynl/cli.py" ] ||
   [ ! -s "$ynl/Documentation/netlink/genetlink.yaml" ]; then
	log "fetching the YNL CLI and netlink schemas from linux-source-6.12"
	source_extract 6.12 "$ynl" '*/tools/net/ynl' '*/Documentation/netlink'
	/usr/bin/python3 -m compileall -q "$ynl/tools/net/ynl" >/dev/null
fi

cat >"$CACHE/env.mk" <<EOF
# generated by scripts/setup.sh
KVER ?= $KVER
KVER612 ?= $KVER612
SNIC_CACHE ?= $CACHE
EOF

log "ok ($(($(date +%s) - start)) s) KVER=$KVER KVER612=$KVER612 cache=$CACHE"
