#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Write the seed corpus of fuzz_16b: valid packets and one of each
malformed class (same classes as selftests/tools/snic_inject)."""
import os
import struct
import sys

def hdr(length, slid=1, dlid=2, l2=2, l4=0x78, sc=0, becn=0, fecn=0):
    w0 = (becn << 31) | ((length & 0x7ff) << 20) | (slid & 0xfffff)
    w1 = (l2 << 29) | (fecn << 28) | (sc << 20) | (dlid & 0xfffff)
    w2 = (0xffff << 16) | (((dlid >> 20) & 0xf) << 12) | (((slid >> 20) & 0xf) << 8) | l4
    return struct.pack('<IIII', w0, w1, w2, 0x1234)

def pkt(payload, **kw):
    pad = (8 - (16 + payload + 5) % 8) % 8
    total = 16 + payload + pad + 5
    return hdr(total // 8, **kw) + bytes(payload + pad + 4) + bytes([pad])

out = sys.argv[1]
seeds = {
    'valid_eth64': pkt(64),
    'valid_eth14': pkt(14),
    'valid_mgmt': pkt(8, l4=0x08),
    'valid_fecn_becn': pkt(100, fecn=1, becn=1, sc=5),
    'valid_bigdlid': pkt(32, dlid=0xf00000, slid=0xabcdef),
    'truncated': hdr(5)[:10],
    'bad_l2': pkt(64, l2=1),
    'bad_len': hdr(12) + bytes(64 + 5 + 3),
    'bad_pad': hdr(3) + bytes(7) + bytes([7]),
}
os.makedirs(out, exist_ok=True)
for name, data in seeds.items():
    with open(os.path.join(out, name), 'wb') as f:
        f.write(data)
