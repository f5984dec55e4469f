#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make style: the kernel code must be clean under W=1, sparse (C=2) and
# checkpatch.pl --strict, and must also build against the 6.12 LTS
# headers; snicctl's --help, man page and README must agree on its
# commands, and make install-data must install the man pages and the
# dissector. Prints KTAP, one case per gate; exits non-zero on any warning.

set -u
top=$(cd "$(dirname "$0")/.." && pwd)
CACHE=${SNIC_CACHE:-/var/cache/snic}
# shellcheck disable=SC1091
[ -f "$CACHE/env.mk" ] && eval "$(sed -n 's/^\(KVER[0-9]*\) ?= \(.*\)$/\1=${\1:-\2}/p' "$CACHE/env.mk")"
KDIR=${KDIR:-/lib/modules/$KVER/build}
out=$top/build/style
mkdir -p "$out"
n=0
fail=0

gate() {
	local desc=$1 log=$2
	n=$((n + 1))
	if [ "$3" -eq 0 ] && ! grep -qE 'warning|error|WARNING|ERROR|CHECK:' "$log"; then
		echo "ok $n $desc"
	else
		fail=$((fail + 1))
		echo "not ok $n $desc"
		grep -E 'warning|error|WARNING|ERROR|CHECK:' "$log" | head -n 30 | sed 's/^/# /'
	fi
}

echo "KTAP version 1"
kbuild() {
	make -s -C "$KDIR" M="$top" clean >/dev/null 2>&1
	make -C "$KDIR" M="$top" "$@" modules 2>&1 |
		grep -vE 'Skipping BTF generation|^make|^  [A-Z]+ '
	return "${PIPESTATUS[0]}"
}
kbuild W=1 >"$out/w1.log"
gate "W=1 build against $KVER" "$out/w1.log" $?
kbuild C=2 >"$out/sparse.log"
gate "sparse (C=2) against $KVER" "$out/sparse.log" $?

# Deliberate exemptions, per file: Qdisc/Qdisc_ops are the kernel's own
# names; compat.[ch] exist to test kernel versions; core_types.h is the
# host-side type shim of the kernel-independent core; stat_list.h is an
# X-macro list (as include/net/dropreason-core.h): a bare list of FN()
# uses, FN taken many times; trace.h files are the TRACE_EVENT() language
# (as include/trace/events/*.h: open-ended macro calls, field macros).
cp_dir="$CACHE/linux-tools/scripts"
checkpatch() {
	local extra=$1
	shift
	perl "$cp_dir/checkpatch.pl" --strict --no-tree --terse --show-types \
		--ignore "FILE_PATH_CHANGES,SPDX_LICENSE_TAG$extra" -f "$@"
}
rc=0
: >"$out/checkpatch.log"
cd "$top" || exit 1
for f in $(git ls-files 'drivers/*.[ch]' 'include/*.h'); do
	case "$f" in
	drivers/sch_snic/qdisc.c|drivers/snic/cc.c) extra=,CAMELCASE ;;
	drivers/snic/compat.[ch]) extra=,LINUX_VERSION_CODE,CONSTANT_COMPARISON,MACRO_ARG_REUSE ;;
	drivers/snic/core/core_types.h) extra=,PREFER_KERNEL_TYPES ;;
	drivers/snic/core/stat_list.h) extra=,COMPLEX_MACRO,MACRO_ARG_REUSE ;;
	drivers/*/trace.h) extra=,COMPLEX_MACRO,MACRO_ARG_REUSE,OPEN_ENDED_LINE,PARENTHESIS_ALIGNMENT ;;
	*) extra= ;;
	esac
	checkpatch "$extra" "$f" >>"$out/checkpatch.log" 2>&1 || rc=1
done
cd - >/dev/null || exit 1
gate "checkpatch.pl --strict" "$out/checkpatch.log" $rc

# The netlink contract: the spec valid against the kernel's schema (ynl-gen
# validates it with jsonschema before it generates anything), and what it
# generates (uapi header, policies and ops, the counters' spec and doc
# tables from stat_list.h) identical to what the tree holds.
"$top/scripts/ynl-regen.sh" --check >"$out/ynl.log" 2>&1
rc=$?
[ $rc = 0 ] || sed -i 's/^/ERROR: /' "$out/ynl.log"
gate "spec valid, generated files current (ynl-regen.sh --check)" "$out/ynl.log" $rc

# snic.rst's list of tests comes from the tests' own leading comments.
python3 "$top/scripts/snic-tests.py" --rst "$top/Documentation/networking/snic.rst" |
	diff -u "$top/Documentation/networking/snic.rst" - >"$out/tests.log" 2>&1
rc=$?
[ $rc = 0 ] || sed -i 's/^/ERROR: /' "$out/tests.log"
gate "snic.rst's list of tests current (scripts/snic-tests.py)" "$out/tests.log" $rc

# snicctl's commands, said alike by --help, snicctl.8 and the README:
# every object of snicctl.c's table and every fabric subcommand.
{
	ctl=$top/userspace/snicctl
	help=$("$ctl/snicctl" --help 2>&1)
	objs=$(sed -n 's/^\t{ "\([a-z]*\)", do_[a-z]* },$/\1/p' "$ctl/snicctl.c")
	[ -n "$objs" ] || echo "ERROR: no objects read from snicctl.c"
	subs="up down show health check exec export list set link record traffic"
	for o in $objs help; do
		echo "$help" | grep -qE "^  $o( |$)" || echo "ERROR: --help lacks $o"
		grep -qE "^\.BI? \"?$o[ \"]|^\.B $o$" "$top/Documentation/snicctl.8" ||
			echo "ERROR: snicctl.8 lacks $o"
		sed -n '/Its commands (/,/raw, help/p' "$top/README" | grep -qw "$o" ||
			echo "ERROR: the README's list of commands lacks $o"
	done
	for c in $subs; do
		echo "$help" | grep -qE "^  fabric ([a-z|]*\|)?$c[ |]" ||
			echo "ERROR: --help lacks fabric $c"
		grep -qE "^\.BI \"fabric ([a-z|]*\|)?$c[ |\"]" "$top/Documentation/snicctl.8" ||
			echo "ERROR: snicctl.8 lacks fabric $c"
		grep -q "fabric (up, down, show, health, check, exec, export, list, set, link, record, traffic)" "$top/README" ||
			echo "ERROR: the README's list of fabric commands is not $subs"
	done
} >"$out/commands.log" 2>&1
gate "snicctl's commands: --help, snicctl.8 and the README agree" "$out/commands.log" 0

# make install's files that need no root, into a scratch DESTDIR: the man
# pages (rendered by groff without a warning) and the dissector.
{
	d=$(mktemp -d)
	make -s -C "$top" install-data DESTDIR="$d" PREFIX=/usr \
		WS_LUA_DIR=/usr/lib/wireshark/plugins || echo "ERROR: make install-data failed"
	for m in snicctl tc-snic; do
		cmp -s "$top/Documentation/$m.8" "$d/usr/share/man/man8/$m.8" ||
			echo "ERROR: $m.8 not installed in man8"
		groff -man -ww -z "$d/usr/share/man/man8/$m.8" 2>&1 | sed 's/^/ERROR: groff: /'
	done
	cmp -s "$top/userspace/wireshark/snic.lua" "$d/usr/lib/wireshark/plugins/snic.lua" ||
		echo "ERROR: snic.lua not installed among the Lua plugins"
	rm -rf "$d"
} >"$out/install.log" 2>&1
gate "make install-data: man pages (groff-clean) and snic.lua in place" "$out/install.log" 0

if [ -n "${KVER612:-}" ] && [ -d "/lib/modules/$KVER612/build" ]; then
	b612=$(mktemp -d)
	cp -r "$top/Kbuild" "$top/drivers" "$top/include" "$b612/"
	find "$b612" -name '*.o' -o -name '*.ko' -o -name '*.cmd' | xargs rm -f
	make -C "/lib/modules/$KVER612/build" M="$b612" W=1 modules 2>&1 |
		grep -vE 'Skipping BTF generation|^make|^  [A-Z]+ ' >"$out/b612.log"
	gate "W=1 build against $KVER612" "$out/b612.log" "${PIPESTATUS[0]}"
	rm -rf "$b612"
else
	n=$((n + 1)); fail=$((fail + 1))
	echo "not ok $n W=1 build against the 6.12 LTS headers # not installed (run scripts/setup.sh)"
fi
# Leave the tree built for the stock kernel.
make -s -C "$KDIR" M="$top" modules >/dev/null 2>&1
echo "1..$n"
[ $fail -eq 0 ]
