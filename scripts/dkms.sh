#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# The DKMS side of snic (dkms.conf at the top of the tree):
#
#   dkms.sh stage DIR   copy what DKMS builds from (dkms.conf, Kbuild,
#                       drivers/, include/: sources only) into DIR
#   dkms.sh install     stage it as /usr/src/snic-VERSION and have DKMS
#                       build and install the modules for the running
#                       kernel (and every later one: AUTOINSTALL)
#   dkms.sh remove      undo install
#   dkms.sh test [KVER...]  KTAP: stage into a scratch DKMS tree (nothing
#                       outside it is touched) and build for each KVER
#                       (default: the testbed's two header versions),
#                       checking each module's vermagic
#
# make install / make uninstall call install / remove (as root).

set -u
top=$(cd "$(dirname "$0")/.." && pwd)
CACHE=${SNIC_CACHE:-/var/cache/snic}
VERSION=$(sed -n 's/^PACKAGE_VERSION="\(.*\)"/\1/p' "$top/dkms.conf")

stage() {
	local dest=$1 f

	mkdir -p "$dest" || return 1
	cd "$top" || return 1
	for f in dkms.conf Kbuild $(find drivers include \( -name '*.[ch]' \
			-o -name Kbuild \) ! -name '*.mod.c' | sort); do
		install -D -m 0644 "$f" "$dest/$f" || return 1
	done
}

case "${1:-}" in
stage)
	[ $# = 2 ] || { echo "usage: dkms.sh stage DIR" >&2; exit 2; }
	stage "$2"
	;;
install)
	src=/usr/src/snic-$VERSION
	dkms remove -m snic -v "$VERSION" --all >/dev/null 2>&1
	rm -rf "$src"
	stage "$src" && dkms install -m snic -v "$VERSION"
	;;
remove)
	dkms remove -m snic -v "$VERSION" --all
	rm -rf "/usr/src/snic-$VERSION"
	;;
test)
	shift
	kvers=("$@")
	if [ ${#kvers[@]} = 0 ]; then
		[ -f "$CACHE/env.mk" ] &&
			kvers=($(sed -n 's/^KVER\(612\)\{0,1\} *?\{0,1\}= *//p' "$CACHE/env.mk"))
	fi
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
	mkdir -p "$tmp/dkms"
	echo "KTAP version 1"
	echo "1..$((${#kvers[@]} + 1))"
	n=1
	if stage "$tmp/src/snic-$VERSION" >"$tmp/stage.log" 2>&1 &&
	   dkms add -m snic -v "$VERSION" --sourcetree "$tmp/src" \
		--dkmstree "$tmp/dkms" >>"$tmp/stage.log" 2>&1; then
		echo "ok $n dkms add snic/$VERSION (a staged tree)"
	else
		echo "not ok $n dkms add snic/$VERSION"
		sed 's/^/# /' "$tmp/stage.log"
	fi
	for k in "${kvers[@]}"; do
		n=$((n + 1))
		log=$tmp/build-$k.log
		dkms build -m snic -v "$VERSION" -k "$k" --sourcetree "$tmp/src" \
			--dkmstree "$tmp/dkms" >"$log" 2>&1
		rc=$?
		bad=
		for m in snic sch_snic; do
			ko=$tmp/dkms/snic/$VERSION/$k/x86_64/module/$m.ko
			[ -f "$ko" ] || ko=$ko.xz
			v=$(modinfo -F vermagic "$ko" 2>/dev/null)
			case "$v" in
			"$k "*) ;;
			*) bad="$bad $m.ko: vermagic '$v'" ;;
			esac
		done
		if [ $rc = 0 ] && [ -z "$bad" ]; then
			echo "ok $n dkms build for $k: snic.ko and sch_snic.ko"
		else
			echo "not ok $n dkms build for $k (rc $rc)$bad"
			tail -n 20 "$log" | sed 's/^/# /'
			find "$tmp/dkms" -name make.log -exec tail -n 20 {} \; |
				sed 's/^/# /'
		fi
	done
	;;
*)
	echo "usage: dkms.sh stage DIR | install | remove | test [KVER...]" >&2
	exit 2
	;;
esac
