#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Build (once) the debug kernel of make check-debug from Debian's
# linux-source-6.12 with selftests/qemu/debug.config, and cache it outside
# the clone in $SNIC_CACHE/debug/<key>, key = hash(source package version,
# fragment). Prints the build directory (KDIR for the module, vmlinux for
# the harness). About 18 minutes cold on 2 cores; instant when cached.

set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
CACHE=${SNIC_CACHE:-/var/cache/snic}
frag=$top/selftests/qemu/debug.config
log() { printf 'debug-kernel: %s\n' "$*" >&2; }

ver=$(apt-cache policy linux-source-6.12 | sed -n 's/ *Candidate: //p')
# --cached: no package lists to say it, so not cached (nothing updated)
[ -n "$ver" ] && [ "$ver" != "(none)" ] || [ "${1:-}" != --cached ] || exit 1
[ -n "$ver" ] && [ "$ver" != "(none)" ] || { apt-get update -qq;
	ver=$(apt-cache policy linux-source-6.12 | sed -n 's/ *Candidate: //p'); }
key=$( (echo "$ver"; cat "$frag") | sha256sum | cut -c1-16)
dir=$CACHE/debug/$key
src=$dir/linux
if [ -s "$dir/done" ]; then
	echo "$src"
	exit 0
fi
# --cached: only say whether the kernel is there, never build it.
[ "${1:-}" = --cached ] && exit 1

missing=()
for p in bison flex libelf-dev libssl-dev bc; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' ||
		missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
	log "installing ${missing[*]}"
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
		--no-install-recommends "${missing[@]}" >/dev/null
fi

log "building the debug kernel ($ver, key $key) in $dir"
rm -rf "$dir"
mkdir -p "$dir"
(
	cd "$dir"
	apt-get download -qq linux-source-6.12 >/dev/null
	dpkg-deb --fsys-tarfile linux-source-6.12_*.deb |
		tar -x --wildcards '*/linux-source-6.12.tar.xz'
	rm -f ./*.deb
	tar -xJf usr/src/linux-source-6.12.tar.xz
	rm -rf usr
	mv linux-source-6.12 linux
)
cd "$src"
make -s KCONFIG_ALLCONFIG="$frag" allnoconfig
make -s olddefconfig
bad=0
while read -r line; do
	case "$line" in ''|'#'*) continue ;; esac
	grep -qxF "$line" .config || { log "fragment line lost: $line"; bad=1; }
done <"$frag"
[ $bad -eq 0 ] || exit 1
start=$(date +%s)
make -j"$(nproc)" all >"$dir/build.log" 2>&1 ||
	{ tail -n 30 "$dir/build.log" >&2; exit 1; }
log "built in $(($(date +%s) - start)) s"
date +%s >"$dir/done"
echo "$src"
