#!/usr/bin/env python3
"""roce_oracle.py - independent scapy oracle for the barrier notification packet.

Builds the RoCEv2 FetchAdd notification of docs/barrier.md section 5 with scapy's own layers
(Ether / IP / UDP / scapy.contrib.roce.BTH, plus the 28-byte AtomicETH defined below, which
scapy.contrib.roce lacks). The ICRC is computed by scapy (BTH.compute_icrc), not by us.

Input: one JSON object per line (a file argument or stdin) with the variable fields, the same
names as struct roce_fa_fields in cmodel/common/roce.h:
    dst_mac, src_mac   int (48 bits) or "aa:bb:cc:dd:ee:ff"
    tos                int
    src_ip, dst_ip     int (32 bits) or "a.b.c.d"
    psn                int (24 bits; the IPv4 identification is psn & 0xffff)
    udp_sport          int
    dest_qp            int (24 bits)
    va, rkey, add_data, cmp_data   int
Output: one line of lowercase hex per packet (86 bytes).

Usage: roce_oracle.py [FILE.jsonl]    (also importable: build(fields) -> bytes)
"""
import json
import sys

from scapy.compat import raw
from scapy.fields import XIntField, XLongField
from scapy.layers.inet import IP, UDP
from scapy.layers.l2 import Ether
from scapy.packet import Packet, bind_layers
from scapy.contrib.roce import BTH

FETCH_ADD = 0x14
ROCE_PORT = 4791


class AtomicETH(Packet):
    """IBA 9.3.4 Atomic Extended Transport Header: VA(8) R_Key(4) Swap/Add(8) Compare(8)."""
    name = "AtomicETH"
    fields_desc = [
        XLongField("va", 0),
        XIntField("rkey", 0),
        XLongField("swap_add", 0),
        XLongField("compare", 0),
    ]


# RC and RD FETCH_ADD / COMPARE_SWAP carry an AtomicETH
for _op in (0x13, 0x14, 0x53, 0x54):
    bind_layers(BTH, AtomicETH, opcode=_op)


def mac_str(v):
    if isinstance(v, str):
        return v
    return ":".join("%02x" % ((v >> (8 * (5 - i))) & 0xff) for i in range(6))


def ip_str(v):
    if isinstance(v, str):
        return v
    return ".".join(str((v >> (8 * (3 - i))) & 0xff) for i in range(4))


def layers(f):
    """The scapy packet for field dict f (ICRC left to scapy)."""
    psn = f["psn"] & 0xffffff
    return (Ether(dst=mac_str(f["dst_mac"]), src=mac_str(f["src_mac"]), type=0x0800)
            / IP(version=4, ihl=5, tos=f["tos"], id=psn & 0xffff, flags="DF", frag=0,
                 ttl=64, proto=17, src=ip_str(f["src_ip"]), dst=ip_str(f["dst_ip"]))
            / UDP(sport=f["udp_sport"], dport=ROCE_PORT, chksum=0)
            / BTH(opcode=FETCH_ADD, solicited=0, migreq=0, padcount=0, version=0,
                  pkey=0xffff, fecn=0, becn=0, resv6=0, dqpn=f["dest_qp"] & 0xffffff,
                  ackreq=0, resv7=0, psn=psn)
            / AtomicETH(va=f["va"], rkey=f["rkey"], swap_add=f["add_data"],
                        compare=f["cmp_data"]))


def build(f):
    """Bytes of the notification for field dict f."""
    return raw(layers(f))


def main(argv):
    src = open(argv[1]) if len(argv) > 1 else sys.stdin
    for line in src:
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        print(build(json.loads(line)).hex())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
