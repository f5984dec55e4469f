#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Topologies on the host, nothing built (no kernel): snicctl fabric export
# as DOT and node-link JSON, the three-level fat tree generator, the
# credit-loop check of the routes, and scripts/snic-nodelink2fab back
# from JSON to a description (a round trip gives the same fabric). KTAP.
top=$(cd "$(dirname "$0")/../.." && pwd)
ctl=$top/userspace/snicctl/snicctl
n2f=$top/scripts/snic-nodelink2fab
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
n=0 fail=0
ok() { n=$((n + 1)); echo "ok $n $1"; }
check() {	# check DESC CMD...: CMD's output shown when it fails
	d=$1
	shift
	if out=$("$@" 2>&1); then ok "$d"; else
		n=$((n + 1)); fail=$((fail + 1)); echo "not ok $n $d"
		echo "$out" | tail -n 5 | sed 's/^/# /'
	fi
}
# jsonq FILE EXPR: python's verdict on EXPR over the JSON in FILE (as g)
jsonq() { python3 -c "import json, sys; g = json.load(open(sys.argv[1])); sys.exit(0 if ($2) else 1)" "$1"; }

echo "KTAP version 1"
check "fattree:2,2,2 as DOT: 8 nodes, 8 links, hosts with LIDs, no credit loop" sh -c "
	'$ctl' fabric export fattree:2,2,2 dot >'$t/ft.dot' && cat '$t/ft.dot' &&
	grep -q '^graph \"f\" {' '$t/ft.dot' && [ \$(grep -c ' -- ' '$t/ft.dot') -eq 8 ] &&
	[ \$(grep -c 'shape=box' '$t/ft.dot') -eq 4 ] && grep -q 'label=\"h4.nLID 4\"' '$t/ft.dot' &&
	grep -q 'credit loop: none' '$t/ft.dot'"
check "kfattree:4 as node-link JSON: 16 hosts, 20 switches of 4 ports, 48 links, no credit loop" sh -c "
	'$ctl' fabric export kfattree:4 json >'$t/k4.json' &&
	python3 -c '
import json, sys, collections
g = json.load(open(sys.argv[1]))
kinds = collections.Counter(x[\"kind\"] for x in g[\"nodes\"])
deg = collections.Counter()
for l in g[\"links\"]:
    deg[l[\"source\"]] += 1; deg[l[\"target\"]] += 1
sw = [x[\"id\"] for x in g[\"nodes\"] if x[\"kind\"] == \"switch\"]
lids = sorted(x[\"lid\"] for x in g[\"nodes\"] if x[\"kind\"] == \"host\")
print(kinds, len(g[\"links\"]), g[\"graph\"][\"credit_loop\"])
sys.exit(not (kinds[\"host\"] == 16 and kinds[\"switch\"] == 20 and len(g[\"links\"]) == 48
              and all(deg[s] == 4 for s in sw) and lids == list(range(1, 17))
              and g[\"graph\"][\"credit_loop\"] is None and g[\"multigraph\"]))' '$t/k4.json'"
check "-j fabric export is the JSON" sh -c "
	'$ctl' -j fabric export kfattree:4 | cmp - '$t/k4.json'"
check "kfattree:3 (odd K): refused, exit 2, the rule said" sh -c "
	out=\$('$ctl' fabric export kfattree:3 2>&1); rc=\$?; echo \"\$out\"
	[ \$rc -eq 2 ] && echo \"\$out\" | grep -q 'even K'"
# A ring of five switches, a host on each: the route to the host two
# switches on is the short way round, one direction for every host,
# and the five routes' dependencies close a loop on VL 0.
{
	for i in 0 1 2 3 4; do echo "switch r$i"; echo "host h$i"; echo "link h$i r$i"; done
	for i in 0 1 2 3 4; do echo "link r$i r$(( (i + 1) % 5 ))"; done
} >"$t/ring5.fab"
check "a ring of five: its credit loop named, five channels on VL 0 (DOT comment, stderr)" sh -c "
	'$ctl' fabric export '$t/ring5.fab' >'$t/r5.dot' 2>'$t/r5.err'; cat '$t/r5.err'
	grep -q 'Warning: .*ring5.fab: the routes can deadlock, a credit loop: ' '$t/r5.err' &&
	l=\$(sed -n 's/.*credit loop: //p' '$t/r5.dot') &&
	[ \$(echo \"\$l\" | grep -o ' -> ' | wc -l) -eq 5 ] &&
	[ \$(echo \"\$l\" | grep -o 'vl 0' | wc -l) -eq 6 ] &&
	[ \"\$(echo \"\$l\" | sed 's/ -> .*//')\" = \"\$(echo \"\$l\" | sed 's/.* -> //')\" ]"
check "a ring of four with hosts on two switches (arn_ring.fab): no credit loop" sh -c "
	'$ctl' fabric export '$top/selftests/net/arn_ring.fab' 2>&1 | grep -q 'credit loop: none'"
check "the 72-host Dragonfly: no credit loop (the global hop's SC escalation counted)" sh -c "
	'$ctl' fabric export dragonfly:2,4,2,9 json | python3 -c '
import json, sys; sys.exit(json.load(sys.stdin)[\"graph\"][\"credit_loop\"] is not None)'"
check "round trip: dragonfly:1,2,1,3 to JSON, snic-nodelink2fab, the same fabric" sh -c "
	'$ctl' fabric export dragonfly:1,2,1,3 json >'$t/df.json' &&
	'$n2f' '$t/df.json' -o '$t/df.fab' && cat '$t/df.fab' &&
	'$ctl' fabric export dragonfly:1,2,1,3 dot | grep -v '^	//' >'$t/a.dot' &&
	'$ctl' fabric export '$t/df.fab' dot | grep -v '^	//' >'$t/b.dot' &&
	diff '$t/a.dot' '$t/b.dot'"
printf '%s\n' '{"directed": false, "multigraph": false, "graph": {},' \
	'"nodes": [{"id": "a"}, {"id": "x"}, {"id": "b"}],' \
	'"links": [{"source": "a", "target": "x"}, {"source": "x", "target": "b"}]}' >"$t/nx.json"
check "networkx's own node-link (no kinds): hosts are the nodes of one link" sh -c "
	'$n2f' '$t/nx.json' -o '$t/nx.fab' && cat '$t/nx.fab' &&
	grep -qx 'host a' '$t/nx.fab' && grep -qx 'switch x' '$t/nx.fab' &&
	'$ctl' fabric export '$t/nx.fab' | grep -q 'credit loop: none'"
printf '%s\n' '{"nodes": [{"id": "a"}], "links": [{"source": "a", "target": "zz"}]}' >"$t/bad.json"
check "a link to no node: refused, exit 1, named" sh -c "
	out=\$('$n2f' '$t/bad.json' 2>&1); rc=\$?; echo \"\$out\"
	[ \$rc -eq 1 ] && echo \"\$out\" | grep -q \"no node 'zz'\""
# A containerlab leaf-spine: SR Linux switches (one by the topology's
# default kind), linux hosts (one by its group's, named by a number),
# short and extended links, a link's vars, a label's LID, and management
# links (short, and extended with its one endpoint) that are no fabric
# links.
cat >"$t/ls.clab.yml" <<'CLAB'
name: leafspine
topology:
  defaults:
    kind: nokia_srlinux
  groups:
    servers: {kind: linux}
  nodes:
    spine1: {}
    leaf1: {kind: nokia_srlinux}
    leaf2:
      kind: nokia_srlinux
    h1: {kind: linux}
    h2:
      kind: linux
      labels: {snic-lid: "7"}
    h3: {group: servers, kind: linux}
    7: {group: servers}
  links:
    - endpoints: ["leaf1:e1-49", "spine1:e1-1"]
    - type: veth
      endpoints:
        - {node: leaf2, interface: e1-49}
        - {node: spine1, interface: e1-2}
      vars: {rate_bps: 50000000000, buf: 64}
    - endpoints: ["h1:eth1", "leaf1:e1-1"]
    - endpoints: ["h2:eth1", "leaf2:e1-1"]
    - endpoints: ["h3:eth1", "leaf2:e1-2"]
    - endpoints: ["h1:eth9", "mgmt-net:h1-mgmt"]
    - endpoints: ["7:eth1", "leaf1:e1-2"]
    - type: mgmt-net
      endpoint: {node: h3, interface: eth9}
      host-interface: h3-mgmt
CLAB
check "containerlab YAML: switches and hosts by kind and group, LID and link vars kept, management links left out and said" sh -c "
	'$n2f' '$t/ls.clab.yml' -o '$t/ls.fab' 2>'$t/ls.err'; cat '$t/ls.fab' '$t/ls.err'
	grep -qx 'fabric leafspine' '$t/ls.fab' &&
	[ \$(grep -c '^switch ' '$t/ls.fab') -eq 3 ] && [ \$(grep -c '^host ' '$t/ls.fab') -eq 4 ] &&
	grep -qx 'host h2 lid 7' '$t/ls.fab' && grep -qx 'host 7' '$t/ls.fab' &&
	grep -q '^link leaf2 spine1 rate 50000000000bit buf 64	# leaf2:e1-49 - spine1:e1-2\$' '$t/ls.fab' &&
	[ \$(grep -c '^link ' '$t/ls.fab') -eq 6 ] &&
	grep -q 'link 5 .*mgmt-net:h1-mgmt.*left out' '$t/ls.err' &&
	grep -q 'link 7 (mgmt-net, h3:eth9).*left out' '$t/ls.err' &&
	'$ctl' fabric export '$t/ls.fab' >'$t/ls.dot' && cat '$t/ls.dot' &&
	grep -q '7 nodes, 6 links; credit loop: none' '$t/ls.dot' &&
	grep -q '\"leaf2\" -- \"spine1\" \\[label=\"50G\"' '$t/ls.dot'"
sed 's/leaf2:e1-2"/leaf9:e1-2"/' "$t/ls.clab.yml" >"$t/bad.clab.yml"
check "containerlab: a link to no node refused, exit 1, named" sh -c "
	out=\$('$n2f' '$t/bad.clab.yml' 2>&1); rc=\$?; echo \"\$out\"
	[ \$rc -eq 1 ] && echo \"\$out\" | grep -q \"link 4 (h3 - leaf9): no node 'leaf9'\""
printf 'name: x\nnodes: [a]\n' >"$t/notclab.yml"
check "YAML that is no containerlab topology: refused, exit 1, said" sh -c "
	out=\$('$n2f' '$t/notclab.yml' 2>&1); rc=\$?; echo \"\$out\"
	[ \$rc -eq 1 ] && echo \"\$out\" | grep -q 'not a containerlab topology'"
# The Dragonfly's flow model (scripts/dragonfly-model.py) on the bench's
# shape: ADV+1's ceilings per routing, which the bench's figures are read
# against (a change of the generator's global links moves them).
m=$top/scripts/dragonfly-model.py
check "dragonfly model, ADV+1: MIN 1/8 (one global link), Valiant by group 1/2 (a local link at 2), by switch 9/17, best split 0.55-0.5625" sh -c "
	'$m' --iters 600 dragonfly:2,4,2,9 >'$t/dm.txt'; cat '$t/dm.txt'
	grep -qx 'min ceiling 0.1250 hottest g0s0>g1s0 8.000 (global 8.000 local 4.000 host 1.000)' '$t/dm.txt' &&
	grep -q '^val ceiling 0.5000 .* (global 1.778 local 2.000 ' '$t/dm.txt' &&
	grep -q '^valnode ceiling 0.5294 .* (global 1.778 local 1.889 ' '$t/dm.txt' &&
	awk '\$1 == \"best\" { exit !(\$3 >= 0.55 && \$3 <= 0.5625) }' '$t/dm.txt'"
check "dragonfly model, ADV+1: Valiant by group, then by switch where it lands (valsw, ar_intm) 9/16, the global links' (local 1.556)" sh -c "
	'$m' dragonfly:2,4,2,9 valsw >'$t/dv.txt'; cat '$t/dv.txt'
	grep -q '^valsw ceiling 0.5625 .* (global 1.778 local 1.556 ' '$t/dv.txt'"
check "dragonfly model: uniform MIN's ceiling is the host link's; a one-group fabric refused" sh -c "
	'$m' --pattern uniform dragonfly:2,4,2,9 min | tee '$t/du.txt' &&
	grep -q '^min ceiling 1.0000 ' '$t/du.txt' &&
	{ '$m' fattree:2,2,2 >'$t/ft.err' 2>&1; [ \$? -eq 1 ]; } && cat '$t/ft.err' &&
	grep -q 'fewer than two groups' '$t/ft.err'"
echo "1..$n"
echo "# $((n - fail)) passed, $fail failed"
[ $fail -eq 0 ]
