#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Decode the VM's capture with tshark and the snic dissector, and check it.

selftests/net/capture.sh (in the VM) records h1's fabric link into
build/vm/capture/snic.pcap and lists what it injected in sent.txt
("CLASS SLID [VAR=VALUE...]"). This runs tshark once with
userspace/wireshark/snic.lua and checks, per frame class, that the
decoded fields equal what was sent, and that each malformed frame carries
the dissector's expert info of its kind. KTAP on stdout.

    scripts/wireshark-test.py [CAPTURE_DIR]   (default build/vm/capture)
"""
import os
import re
import subprocess
import sys

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LUA = os.path.join(TOP, 'userspace', 'wireshark', 'snic.lua')
FIELDS = [
    'frame.number', 'snic.slid', 'snic.dlid', 'snic.sc', 'snic.l2',
    'snic.l4', 'snic.becn', 'snic.fecn', 'snic.link_padding', 'eth.type',
    'icmp.type', 'snic.cn.sl', 'snic.cn.count', 'snic.arn.type',
    'snic.arn.metric', 'snic.arn.group', 'snic.arn.switch',
    'snic.arn.peer_group', 'snic.arn.index', 'snic.arn.from', 'snic.arn.to',
    'snic.arn.seq', 'snic.arn.lifetime', 'snic.arn.path_id',
    'snic.arn.flow.saddr', 'snic.arn.flow.daddr', 'snic.arn.flow.sport',
    'snic.arn.flow.dport', 'snic.arn.flow.proto', 'snic_credit.version',
    'snic_credit.type', 'snic_credit.mask', 'snic_credit.vl',
    '_ws.expert.message',
]

# Expert info the dissector gives each malformed kind.
EXPERT = {
    'truncated': 'Shorter than the 16B header and trailer',
    'bad_l2': 'L2 type is not 2 (16B)',
    'bad_len': 'Shorter than its LEN field says',
    'bad_pad': 'Pad count leaves no room for it',
    'unknown_l4': 'L4 is neither Ethernet nor management',
    'short_inner': 'Ethernet payload shorter than an Ethernet header',
    'cn_short': 'Management payload cut short',
    'cn_version': 'Unknown management version',
    'cn_type': 'Unknown management type',
    'cn_field': 'A CN field out of range',
    'arn_short': 'ARN cut short',
    'arn_version': 'ARN version is not 0',
    'arn_type': 'ARN type is not 1..4',
    'arn_field': 'ARN field out of range or missing',
    'credit_short': 'Shorter than a credit frame (100 bytes)',
    'credit_version': 'Unknown credit frame version',
    'credit_type': 'Unknown credit frame type',
    'credit_vl15': 'The management VL (15) in a mask',
}


def num(v):
    return int(v, 0) if v else None


def frames(pcap):
    cmd = ['tshark', '-n', '-X', 'lua_script:' + LUA, '-r', pcap, '-T',
           'fields', '-E', 'separator=|', '-E', 'occurrence=a',
           '-E', 'aggregator=;']
    for f in FIELDS:
        cmd += ['-e', f]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True)
    for line in out.stdout.splitlines():
        vals = line.split('|')
        yield dict(zip(FIELDS, vals))


def one(fr, k):
    """The first value of field k (the outer one: a 16B frame's inner
    Ethernet header comes after its outer one)."""
    v = fr.get(k, '')
    return v.split(';')[0] if v else ''


def experts(fr):
    return [e for e in fr.get('_ws.expert.message', '').split(';') if e]


def arn_ok(fr, env, typ, metric):
    ok = (num(one(fr, 'snic.arn.type')) == typ and
          num(one(fr, 'snic.arn.metric')) == metric and
          num(one(fr, 'snic.arn.group')) == 1 and
          num(one(fr, 'snic.arn.switch')) == 2 and
          num(one(fr, 'snic.arn.seq')) == int(env.get('SNIC_ARN_SEQ', 1)) and
          num(one(fr, 'snic.dlid')) == 0xf10000 and
          num(one(fr, 'snic.sc')) == 15 and not experts(fr))
    return ok


def check_class(c, env, fr):
    """Does frame fr decode as class c (sent with environment env)?"""
    ex = experts(fr)
    if c in EXPERT:
        if c == 'cn_field' and num(one(fr, 'snic.cn.sl')) != 32:
            return False
        if c == 'bad_l2' and num(one(fr, 'snic.l2')) != 1:
            return False
        if c == 'unknown_l4' and num(one(fr, 'snic.l4')) != 0x55:
            return False
        return EXPERT[c] in ex
    if c in ('good', 'fecn', 'becn', 'padded'):
        inner = fr.get('eth.type', '').split(';')
        return (num(one(fr, 'snic.l4')) == 0x78 and '0x88b7' in inner and
                num(one(fr, 'snic.fecn')) == (c == 'fecn') and
                num(one(fr, 'snic.becn')) == (c == 'becn') and
                bool(fr.get('snic.link_padding')) == (c == 'padded') and
                num(one(fr, 'snic.dlid')) == 2 and not ex)
    if c in ('cn', 'mgmt_padded'):
        return (num(one(fr, 'snic.cn.sl')) == 1 and
                num(one(fr, 'snic.cn.count')) == 1 and
                num(one(fr, 'snic.becn')) == (c == 'cn') and
                bool(fr.get('snic.link_padding')) == (c == 'mgmt_padded') and
                num(one(fr, 'snic.sc')) == 15 and not ex)
    if c == 'arn_cong':
        ok = arn_ok(fr, env, 1, 100) and \
            num(one(fr, 'snic.arn.peer_group')) == 3 and \
            num(one(fr, 'snic.arn.index')) == 4
        if 'SNIC_ARN_PATH' in env:
            ok = ok and num(one(fr, 'snic.arn.path_id')) == \
                int(env['SNIC_ARN_PATH'], 0)
        if 'SNIC_ARN_FLOW' in env:
            sa, da, sp, dp, pr = env['SNIC_ARN_FLOW'].split(',')
            ok = ok and (one(fr, 'snic.arn.flow.saddr') == sa and
                         one(fr, 'snic.arn.flow.daddr') == da and
                         num(one(fr, 'snic.arn.flow.sport')) == int(sp) and
                         num(one(fr, 'snic.arn.flow.dport')) == int(dp) and
                         num(one(fr, 'snic.arn.flow.proto')) == int(pr))
        return ok
    if c == 'arn_cong_life':
        return arn_ok(fr, env, 1, 100) and \
            num(one(fr, 'snic.arn.lifetime')) == 2000000
    if c == 'arn_fail':
        return arn_ok(fr, env, 3, 255)
    if c == 'arn_recover':
        return arn_ok(fr, env, 4, 0)
    if c == 'arn_elim':
        return arn_ok(fr, env, 2, 200)
    if c == 'arn_local':
        return arn_ok(fr, env, 1, 100) and \
            num(one(fr, 'snic.arn.from')) == 2 and \
            num(one(fr, 'snic.arn.to')) == 0 and \
            not fr.get('snic.arn.peer_group')
    if c == 'sync_vl9':
        return (num(one(fr, 'snic_credit.type')) == 2 and
                num(one(fr, 'snic_credit.mask')) == 0x0200 and
                one(fr, 'snic_credit.vl') == '9' and not ex)
    return False


def main():
    d = sys.argv[1] if len(sys.argv) > 1 else os.path.join(TOP, 'build',
                                                           'vm', 'capture')
    pcap, sent = os.path.join(d, 'snic.pcap'), os.path.join(d, 'sent.txt')
    print('KTAP version 1')
    if not os.path.exists(pcap) or not os.path.exists(sent):
        print('1..1')
        print('not ok 1 a capture of the VM (%s: run the capture test)' % d)
        return 1
    fr = list(frames(pcap))
    classes = []
    with open(sent) as f:
        for line in f:
            w = line.split()
            env = dict(kv.split('=', 1) for kv in w[2:])
            classes.append((w[0], int(w[1]), env))
    checks = []

    def check(desc, ok, diag=''):
        checks.append((desc, ok, diag))

    by_slid = {}
    for x in fr:
        s = num(one(x, 'snic.slid'))
        if s is not None:
            by_slid.setdefault(s, []).append(x)
    for c, slid, env in classes:
        extra = ' '.join('%s=%s' % kv for kv in sorted(env.items())
                         if kv[0] != 'SNIC_ARN_SEQ')
        desc = 'decoded as sent: %s%s' % (c, ' ' + extra if extra else '')
        if c.startswith(('credit_', 'sync_')) or c == 'truncated':
            # No SLID to find it by: the one frame of its kind.
            hits = [x for x in fr if check_class(c, env, x)]
            check(desc, len(hits) == 1, '%d frames' % len(hits))
            continue
        got = by_slid.get(slid, [])
        check(desc, len(got) == 1 and check_class(c, env, got[0]),
              'SLID 0x%x: %s' % (slid, got))
    ping = [x for x in fr if one(x, 'icmp.type') == '8' and
            num(one(x, 'snic.slid')) == 1 and num(one(x, 'snic.dlid')) == 2]
    pong = [x for x in fr if one(x, 'icmp.type') == '0' and
            num(one(x, 'snic.slid')) == 2 and num(one(x, 'snic.dlid')) == 1]
    check("h1's pings in 16B (SLID 1 -> DLID 2), ICMP by Wireshark's own "
          'dissector inside, and the replies', len(ping) >= 3 and
          len(pong) >= 3, '%d requests, %d replies' % (len(ping), len(pong)))
    # the version the kernel speaks, from the core's own header
    with open(os.path.join(TOP, 'drivers/snic/core/credit.h')) as f:
        ver = int(re.search(r'#define SNIC_CREDIT_VERSION\s+(\d+)',
                            f.read()).group(1))
    for t, name in ((1, 'LIMIT'), (2, 'SYNC')):
        n = [x for x in fr if num(one(x, 'snic_credit.type')) == t and
             num(one(x, 'snic_credit.version')) == ver and not experts(x)]
        check('the link\'s own credit frames: %s' % name, len(n) >= 1,
              '%d frames' % len(n))
    print('1..%d' % len(checks))
    bad = 0
    for i, (desc, ok, diag) in enumerate(checks, 1):
        print('%sok %d %s' % ('' if ok else 'not ', i, desc))
        if not ok:
            bad += 1
            print('# %s' % diag)
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
