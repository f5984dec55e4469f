#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# make style: the kernel code must be clean under W=1, sparse (C=2) and
# checkpatch.pl --strict, and must also build against the 6.12 LTS
# headers. Prints KTAP, one case per gate; exits non-zero on any warning.

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
