#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The snic generic netlink family through a client nobody here wrote: the
# kernel's YNL CLI (tools/net/ynl/cli.py of linux-source-6.12, unpacked by
# scripts/setup.sh) reading only Documentation/netlink/specs/snic.yaml, run
# by the host's python3 (hostrun). The spec must be valid against the
# kernel's schema and describe the family as the kernel speaks it: what
# the CLI dumps and sets agrees with sysfs, snicctl and ethtool, and a
# refusal reaches it with the kernel's extack.
. "$(dirname "$0")/../lib.sh"

YNL=$SNIC_CACHE/ynl
# The paths as the chroot sees them: the tree at $HOSTTOP, the cache at
# its host path.
SPEC=$HOSTTOP/Documentation/netlink/specs/snic.yaml
# cli.py looks for the schema beside the spec's directory, where this
# tree has none: the kernel's, of the protocol the spec names.
proto=$(sed -n 's/^protocol: *//p' "$TOP/Documentation/netlink/specs/snic.yaml")
SCHEMA=$YNL/Documentation/netlink/${proto:-genetlink}.yaml

# ynl NS ARGS...: cli.py on the snic family in netns NS, replies as JSON.
# The spec is validated against the schema once, by the first check:
# again at every call it would cost 2 s of TCG each.
ynl() {
	local ns=$1

	shift
	hostrun "$ns" python3 "$YNL/tools/net/ynl/cli.py" --spec "$SPEC" \
		--no-schema --output-json "$@"
}

# jsq EXPR: the python expression EXPR on the JSON document of stdin (r),
# printed (busybox has no JSON parser; the host's python3 has one).
jsq() {
	hostrun - python3 -c 'import json, sys
r = json.load(sys.stdin)
print(eval(sys.argv[1]))' "$1"
}

# A guest without the host's userland or a host without setup.sh's CLI
# fails here, saying which: this test cannot be skipped into a pass.
if ! why=$(hostroot_ready); then
	not_ok "the host's root at $HOSTROOT: $why"
	ktap_finish
fi
ok "the host's root at $HOSTROOT, the tree at $HOSTTOP in it"
for f in "$YNL/tools/net/ynl/cli.py" "$SCHEMA"; do
	if ! hostrun - test -s "$f"; then
		not_ok "no $f on the host (run scripts/setup.sh)"
		ktap_finish
	fi
done
check "the host's python3 imports yaml and jsonschema" \
	hostrun - python3 -c 'import yaml, jsonschema'

modules_load || { not_ok "modules load"; ktap_finish; }
fabric_2h1s || { not_ok "fabric setup"; ktap_finish; }

nic=$(nsexec "$H1" cat /sys/class/net/snic0/ifindex)
fab=$(nsexec "$H1" cat /sys/class/net/fab0/ifindex)
sw=$(nsexec "$S1" cat /sys/class/net/sw0/ifindex)
p1=$(nsexec "$S1" cat /sys/class/net/p1/ifindex)
p2=$(nsexec "$S1" cat /sys/class/net/p2/ifindex)

# The spec is loaded, validated against the schema and the family
# resolved before anything is sent: a spec that is not valid fails here.
checke "cli.py takes the spec, valid against the $proto schema" \
	'o=$(hostrun $H1 python3 $YNL/tools/net/ynl/cli.py --spec $SPEC \
		--schema $SCHEMA --list-ops 2>&1); echo "$o"
	 echo "$o" | grep -q "^dev-get "'

# devs NS: the dump of NS's devices, one "ifname:kind:ifindex" each.
devs() {
	ynl "$1" --dump dev-get |
		jsq '" ".join(sorted("%s:%s:%s" % (d["ifname"], d["kind"], d["ifindex"]) for d in r))'
}
checke "dev-get dump in H1: snic0, a nic, its ifindex" \
	'o=$(devs $H1); echo "$o"; [ "$o" = "snic0:nic:$nic" ]'
checke "dev-get dump in S1: sw0, a switch, its ifindex" \
	'o=$(devs $S1); echo "$o"; [ "$o" = "sw0:switch:$sw" ]'

# dev NS IFINDEX: one device (dev-get do), as "ifname lid link-ifindex".
dev() {
	ynl "$1" --do dev-get --json "{\"ifindex\": $2}" |
		jsq '"%s %s %s" % (r["ifname"], r["dev"]["lid"], r["dev"].get("link-ifindex"))'
}
checke "dev-get snic0: LID 1 (fabric_2h1s), its lower device fab0" \
	'o=$(dev $H1 $nic); echo "$o"; [ "$o" = "snic0 1 $fab" ]'

# lid_is LID: snic0's LID as snicctl and the MAC (02:53:4e + the LID)
# show it.
lid_is() {
	local show mac

	show=$(nsexec "$H1" "$SNICCTL" dev show snic0)
	mac=$(nsexec "$H1" cat /sys/class/net/snic0/address)
	echo "$show"
	echo "$mac"
	echo "$show" | grep -qE " lid $(printf '0x%x' "$1")( |$)" &&
		[ "$mac" = "$(printf '02:53:4e:%02x:%02x:%02x' $(($1 >> 16)) \
			$((($1 >> 8) & 0xff)) $(($1 & 0xff)))" ]
}
checke "dev-set lid 0x1234 by cli.py: snicctl and the MAC show it" \
	'ynl $H1 --do dev-set --json "{\"ifindex\": $nic, \"dev\": {\"lid\": 4660}}" &&
	 lid_is 4660'
checke "dev-set lid 1 back by cli.py" \
	'ynl $H1 --do dev-set --json "{\"ifindex\": $nic, \"dev\": {\"lid\": 1}}" &&
	 lid_is 1'

# lft S1: sw0's LFT (lft-get dump), one "dlid:port" each, sorted.
lft() {
	ynl "$S1" --dump lft-get --json "{\"ifindex\": $sw}" |
		jsq '" ".join("%d:%d" % e for e in sorted((m["lft"]["dlid"], m["lft"]["port"]) for m in r if m["ifindex"] == '"$sw"'))'
}
checke "lft-get dump: fabric_2h1s's entries" \
	'o=$(lft); echo "$o"; [ "$o" = "1:1 2:2" ]'
checke "lft-set dlid 3 port 1 by cli.py: in the dump and in snicctl's" \
	'ynl $S1 --do lft-set --json "{\"ifindex\": $sw, \"lft\": {\"dlid\": 3, \"port\": 1}}" &&
	 o=$(lft) && echo "$o" && [ "$o" = "1:1 2:2 3:1" ] &&
	 nsexec $S1 $SNICCTL lft show sw0 | grep -q "dlid 0x3 port 1"'
checke "lft-del dlid 3 by cli.py: gone from the dump" \
	'ynl $S1 --do lft-del --json "{\"ifindex\": $sw, \"lft\": {\"dlid\": 3}}" &&
	 o=$(lft) && echo "$o" && [ "$o" = "1:1 2:2" ]'

# ports: sw0's ports (port-get dump), one "num:ifname:ifindex" each.
ports() {
	ynl "$S1" --dump port-get --json "{\"ifindex\": $sw}" |
		jsq '" ".join(sorted("%d:%s:%d" % (m["port"]["num"], m["port"]["ifname"], m["port"]["ifindex"]) for m in r))'
}
checke "port-get dump: ports 1 and 2 are p1 and p2" \
	'o=$(ports); echo "$o"; [ "$o" = "1:p1:$p1 2:p2:$p2" ]'

# same_counters NS IFINDEX DEV: DEV's counters as cli.py reads them
# (dev-get, the stats nest; a NIC's per-TX-queue stalls from the cc nest,
# one txq-stalls a queue) are ethtool -S's, the same names (verbatim)
# and values, and traffic counted in some. Counters move while cli.py
# runs: each is between ethtool's reads before and after it.
same_counters() {
	local before cli after

	before=$(nsexec "$1" $ETHTOOL -S "$3") &&
		cli=$(ynl "$1" --do dev-get --json "{\"ifindex\": $2}") &&
		after=$(nsexec "$1" $ETHTOOL -S "$3") || return 1
	printf '%s\n@@\n%s\n@@\n%s\n' "$before" "$cli" "$after" |
		hostrun - python3 -c 'import json, sys
def eth(t):
    return {k.strip(): int(v) for k, v in
            (l.split(":") for l in t.splitlines()[1:] if ":" in l)}
b, c, a = sys.stdin.read().split("\n@@\n")
c = json.loads(c)
b, a, s = eth(b), eth(a), c.get("stats", {})
for i, v in enumerate(c.get("cc", {}).get("txq-stalls", [])):
    s["tx_queue_%d_stalls" % i] = v
bad = [k for k in sorted(set(b) | set(s))
       if not (k in s and k in b and k in a and b[k] <= s[k] <= a[k])]
for k in bad:
    print("%s: ethtool %s, cli.py %s, ethtool %s" % (k, b.get(k), s.get(k), a.get(k)))
print("%d counters, %d differ, %d counted" % (len(s), len(bad), sum(s.values())))
sys.exit(1 if bad or not sum(s.values()) else 0)'
}
check "ping h1 -> h2" nsexec "$H1" ping -c 5 -i 0.2 -w 10 10.0.0.2
check "snic0's counters by cli.py equal ethtool -S's" \
	same_counters "$H1" "$nic" snic0
check "sw0's counters by cli.py equal ethtool -S's" \
	same_counters "$S1" "$sw" sw0

# refused ERRTEXT MSG BADATTR ARGS...: cli.py ARGS fails with the
# kernel's error (its strerror ERRTEXT) and an extack whose msg contains
# MSG and, unless BADATTR is -, that names BADATTR (cli.py's path of the
# attribute, as .nest.attr) as the bad attribute.
refused() {
	local text=$1 msg=$2 bad=$3 out

	shift 3
	if out=$(ynl "$@" 2>&1); then
		echo "unexpected success: $out"
		return 1
	fi
	echo "$out"
	echo "$out" | grep -q "^Netlink error: $text" &&
		echo "$out" | grep -q "extack: {.*'msg': '[^']*$msg" &&
		{ [ "$bad" = - ] || echo "$out" | grep -q "'bad-attr': '$bad'"; }
}
checke "dev-set lid 0 by cli.py: ERANGE, extack out of range at .dev.lid" \
	'refused "Numerical result out of range" "out of range" .dev.lid $H1 \
		--do dev-set --json "{\"ifindex\": $nic, \"dev\": {\"lid\": 0}}"'
checke "lft-set on a NIC by cli.py: EOPNOTSUPP, extack not a snicsw switch" \
	'refused "Operation not supported" "not a snicsw switch" - $H1 \
		--do lft-set --json "{\"ifindex\": $nic, \"lft\": {\"dlid\": 3, \"port\": 1}}"'
# One SL's settings, a multi-attr nest in the cc nest.
checke "dev-set cc sl-setting sl 7 increase 9 by cli.py: dev-get lists it, SL 0 as was" \
	'ynl $H1 --do dev-set --json "{\"ifindex\": $nic, \"cc\": {\"sl-setting\": [{\"sl\": 7, \"increase\": 9}]}}" &&
	 o=$(ynl $H1 --do dev-get --json "{\"ifindex\": $nic}" |
	     jsq "sorted((s[\"sl\"], s[\"increase\"]) for s in r[\"cc\"][\"sl-setting\"] if s[\"increase\"] != 5)") &&
	 echo "$o" && [ "$o" = "[(7, 9)]" ]'
checke "dev-set cc sl-setting sl 32 by cli.py: ERANGE, extack out of range" \
	'refused "Numerical result out of range" "out of range" - $H1 \
		--do dev-set --json "{\"ifindex\": $nic, \"cc\": {\"sl-setting\": [{\"sl\": 32, \"increase\": 1}]}}"'
checke "dev-set cc sl-setting without sl by cli.py: EINVAL, extack names its SL" \
	'refused "Invalid argument" "names its SL" - $H1 \
		--do dev-set --json "{\"ifindex\": $nic, \"cc\": {\"sl-setting\": [{\"increase\": 1}]}}"'
checke "nothing changed: LID 1, the LFT as it was" \
	'o=$(dev $H1 $nic); echo "$o"; [ "$o" = "snic0 1 $fab" ] &&
	 o=$(lft) && echo "$o" && [ "$o" = "1:1 2:2" ]'
ktap_finish
