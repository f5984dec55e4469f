#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""
dragonfly-model.py [--pattern adv+1|uniform] [--channels] [--iters N] FABRIC

A flow-level model of a Dragonfly's channels: for each routing, the load
every directed channel carries per unit of load offered by each host,
and so the accepted load no routing of that kind can exceed (1 over the
busiest channel's load, at most 1). FABRIC is a description snicctl
knows ("dragonfly:2,4,2,9", a file) or the node-link JSON of snicctl
fabric export. Groups are the switches joined by links not marked
global, numbered in the order of their first switch; ADV+1 sends each
host's load evenly to the hosts of the next group.

Routings (as snic's and BookSim2's draw, evenly, with no queues):
  min      the minimal path: a local hop, the group's one global link to
           the destination group, a local hop
  val      per packet through a random intermediate group, 1 in g each,
           the source's and the destination's standing for the minimal
           path, minimal in and out of it (snic's valpkt with ar_intm
           off, drivers/snic/core/arn.h)
  valnode  per packet through a random intermediate switch, minimal to it
           and on from it (BookSim2's Valiant: a random intermediate node)
  valsw    val's draw of the group, then the switch L it lands on in the
           intermediate group draws one of the group's switches, 1 in a
           each: L itself or E (the one with the link on to the
           destination group) cross minimally, L to E; any other I takes
           L to I, then I to E; none when L is E (snic's valpkt, its
           ar_intm packet by default, drivers/snic/ar.c)
  best     the best split of each source switch's traffic to each
           destination switch over the minimal path and the paths through
           each intermediate group (ARN's candidates, the group's global
           links): the ceiling of any routing that chooses among them,
           found by multiplicative weights (within about 1 %)

Channels are switch-to-switch links in each direction and each host's
link both ways. Each routing prints one line, "ROUTING ceiling C hottest
A>B L (global G local Lo host H)", L the busiest channel's load per unit;
--channels adds one line per channel, "channel A>B CLASS LOAD", to set
beside what a run measured (examples/dragonfly-channels.sh).
"""
import argparse
import collections
import json
import math
import os
import subprocess
import sys


def load_fabric(arg):
    if arg.endswith('.json'):
        with open(arg) as f:
            return json.load(f)
    ctl = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                       '..', 'userspace', 'snicctl', 'snicctl')
    out = subprocess.run([ctl, 'fabric', 'export', arg, 'json'],
                         check=True, capture_output=True, text=True)
    return json.loads(out.stdout)


class Fabric:
    def __init__(self, g):
        kind = {n['id']: n['kind'] for n in g['nodes']}
        self.hosts = [n['id'] for n in g['nodes'] if n['kind'] == 'host']
        self.switches = [n['id'] for n in g['nodes'] if n['kind'] == 'switch']
        self.host_sw = {}
        self.glink = {}		# (group, group) -> (switch, switch)
        local = collections.defaultdict(set)
        glob = []
        for l in g['links']:
            a, b = l['source'], l['target']
            if kind[a] == 'host':
                self.host_sw[a] = b
            elif kind[b] == 'host':
                self.host_sw[b] = a
            elif l.get('global'):
                glob.append((a, b))
            else:
                local[a].add(b)
                local[b].add(a)
        self.group = {}
        n = 0
        for s in self.switches:
            if s in self.group:
                continue
            todo = [s]
            while todo:
                x = todo.pop()
                if x not in self.group:
                    self.group[x] = n
                    todo.extend(local[x])
            n += 1
        self.ngroups = n
        self.members = [[s for s in self.switches if self.group[s] == k]
                        for k in range(n)]
        for a, b in glob:
            ga, gb = self.group[a], self.group[b]
            # the first global link between two groups routes minimally
            self.glink.setdefault((ga, gb), (a, b))
            self.glink.setdefault((gb, ga), (b, a))

    def minimal(self, s, d):
        """The switches a minimal path from s to d crosses."""
        if s == d:
            return [s]
        gs, gd = self.group[s], self.group[d]
        if gs == gd:
            return [s, d]
        a, b = self.glink[(gs, gd)]
        return ([s] if s == a else [s, a]) + ([b] if b == d else [b, d])

    def demands(self, pattern):
        """(source switch, destination switch) -> load, each host 1."""
        dem = collections.Counter()
        for h in self.hosts:
            s = self.host_sw[h]
            if pattern == 'adv+1':
                g = (self.group[s] + 1) % self.ngroups
                dst = [d for d in self.hosts if self.group[self.host_sw[d]] == g]
            else:
                dst = [d for d in self.hosts if d != h]
            for d in dst:
                dem[(s, self.host_sw[d])] += 1.0 / len(dst)
        return dem

    def paths(self, s, d, routing):
        """[(weight, switch path)] of a routing's draw from s to d."""
        gs, gd = self.group[s], self.group[d]
        if routing == 'min' or gs == gd:
            return [(1.0, self.minimal(s, d))]
        if routing == 'valnode':
            w = 1.0 / len(self.switches)
            return [(w, self.minimal(s, r)[:-1] + self.minimal(r, d))
                    for r in self.switches]
        p = []
        w = 1.0 / self.ngroups
        for k in range(self.ngroups):
            if k in (gs, gd):
                p.append((w, self.minimal(s, d)))
                continue
            a, b = self.glink[(gs, k)]
            e = self.glink[(k, gd)][0]
            if routing != 'valsw' or b == e:
                p.append((w, self.minimal(s, a) + self.minimal(b, d)))
                continue
            # landed on b, which draws among its group's switches
            sw = self.members[k]
            for i in sw:
                mid = [b] if i in (b, e) else [b, i]
                p.append((w / len(sw), self.minimal(s, a) + mid +
                          self.minimal(mid[-1], d)[1:]))
        return p


def hops(path):
    return list(zip(path, path[1:]))


def oblivious(fab, dem, routing):
    load = collections.Counter()
    for (s, d), x in dem.items():
        for w, p in fab.paths(s, d, routing):
            for e in hops(p):
                load[e] += x * w
    return load


def best_split(fab, dem, iters):
    """Min-max channel load over the group candidates, by averaging
    best responses to exponential prices (multiplicative weights)."""
    cands = {}
    for (s, d) in dem:
        cands[(s, d)] = [hops(p) for _, p in fab.paths(s, d, 'val')]
        # the minimal path once, whatever stands for it
        seen, uniq = set(), []
        for c in cands[(s, d)]:
            if tuple(c) not in seen:
                seen.add(tuple(c))
                uniq.append(c)
        cands[(s, d)] = uniq
    load = collections.Counter()
    beta = 40.0
    for t in range(1, iters + 1):
        top = max(load.values()) if load else 0.0
        price = {e: math.exp(beta * (v - top)) for e, v in load.items()}
        new = collections.Counter()
        for c, x in dem.items():
            p = min(cands[c], key=lambda p: sum(price.get(e, 0.0) for e in p))
            for e in p:
                new[e] += x
        for e in set(load) | set(new):
            load[e] += (new[e] - load[e]) / t
    return load


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[1])
    ap.add_argument('fabric')
    ap.add_argument('--pattern', default='adv+1', choices=['adv+1', 'uniform'])
    ap.add_argument('--channels', action='store_true')
    ap.add_argument('--iters', type=int, default=2000)
    ap.add_argument('routings', nargs='*',
                    default=['min', 'val', 'valnode', 'valsw', 'best'])
    a = ap.parse_args()
    fab = Fabric(load_fabric(a.fabric))
    if fab.ngroups < 2:
        sys.exit('dragonfly-model: fewer than two groups')
    dem = fab.demands(a.pattern)
    for r in a.routings:
        if r == 'best':
            load = best_split(fab, dem, a.iters)
        elif r in ('min', 'val', 'valnode', 'valsw'):
            load = oblivious(fab, dem, r)
        else:
            sys.exit(f'dragonfly-model: no routing "{r}"')
        # each host's link carries its own load, 1, both ways
        peak = {'global': 0.0, 'local': 0.0, 'host': 1.0}
        for (u, v), x in load.items():
            c = 'global' if fab.group[u] != fab.group[v] else 'local'
            peak[c] = max(peak[c], x)
        (u, v), m = max(load.items(), key=lambda kv: kv[1])
        print(f"{r} ceiling {min(1.0, 1.0 / max(m, 1.0)):.4f} hottest {u}>{v} {m:.3f} "
              f"(global {peak['global']:.3f} local {peak['local']:.3f} host 1.000)")
        if a.channels:
            for (u, v), x in sorted(load.items()):
                c = 'global' if fab.group[u] != fab.group[v] else 'local'
                print(f"channel {r} {u}>{v} {c} {x:.4f}")


if __name__ == '__main__':
    main()
