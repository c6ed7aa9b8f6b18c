#!/usr/bin/env python3
"""roce_oracle.py - independent scapy oracle for the barrier notification packets.

Builds the two layouts of docs/barrier.md section 5 with scapy's own layers (Ether / IP / UDP /
scapy.contrib.roce.BTH, plus the headers scapy.contrib.roce lacks, defined below from IBA 9.3:
DETH (8 bytes), ImmDt (4 bytes, here {SRC_ID, bar, reserved}) and the 28-byte AtomicETH):
  UD (default, 5.1): BTH opcode 0x65 (UD SEND_ONLY_WITH_IMMEDIATE), DestQP 0xFFFFFF, DETH, ImmDt,
     8-byte increment payload; 78 bytes. build_ud(fields) / layers_ud(fields).
  FA (5.2): BTH opcode 0x14 (RC FETCH_ADD), AtomicETH; 86 bytes. build(fields) / layers(fields).
The ICRC is computed by scapy (BTH.compute_icrc), not by us.

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
from scapy.fields import ByteField, ShortField, X3BytesField, XIntField, XLongField
from scapy.layers.inet import IP, UDP
from scapy.layers.l2 import Ether
from scapy.packet import Packet, bind_layers
from scapy.contrib.roce import BTH

FETCH_ADD = 0x14
UD_SEND_IMM = 0x65
MCAST_QPN = 0xffffff
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


class DETH(Packet):
    """IBA 9.3.3 Datagram Extended Transport Header: Q_Key(4) reserved(1) SrcQP(3)."""
    name = "DETH"
    fields_desc = [XIntField("qkey", 0), ByteField("resv", 0), X3BytesField("srcqp", 0)]


class BarrierImmDt(Packet):
    """IBA 9.3.6 ImmDt (4 bytes), barrier layout: SRC_ID, bar, 2 reserved bytes."""
    name = "ImmDt"
    fields_desc = [ByteField("src_id", 0), ByteField("bar", 0), ShortField("resv", 0)]


class BarrierInc(Packet):
    """The UD notification's payload: the 64-bit increment."""
    name = "BarrierInc"
    fields_desc = [XLongField("inc", 0)]


bind_layers(BTH, DETH, opcode=UD_SEND_IMM)
bind_layers(DETH, BarrierImmDt)
bind_layers(BarrierImmDt, BarrierInc)

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


UD_FIELDS = ["dst_mac", "src_mac", "tos", "src_ip", "dst_ip", "psn", "udp_sport", "qkey",
             "src_qp", "src_id", "bar", "imm_resv", "inc"]


def layers_ud(f):
    """The scapy UD SEND_ONLY_WITH_IMMEDIATE notification (section 5.1) for field dict f
    (names as struct roce_ud_fields in cmodel/common/roce.h; ICRC left to scapy)."""
    psn = f["psn"] & 0xffffff
    return (Ether(dst=mac_str(f["dst_mac"]), src=mac_str(f["src_mac"]), type=0x0800)
            / IP(version=4, ihl=5, tos=f["tos"], id=psn & 0xffff, flags="DF", frag=0,
                 ttl=64, proto=17, src=ip_str(f["src_ip"]), dst=ip_str(f["dst_ip"]))
            / UDP(sport=f["udp_sport"], dport=ROCE_PORT, chksum=0)
            / BTH(opcode=UD_SEND_IMM, solicited=0, migreq=0, padcount=0, version=0,
                  pkey=0xffff, fecn=0, becn=0, resv6=0, dqpn=MCAST_QPN,
                  ackreq=0, resv7=0, psn=psn)
            / DETH(qkey=f["qkey"], resv=0, srcqp=f["src_qp"] & 0xffffff)
            / BarrierImmDt(src_id=f["src_id"], bar=f["bar"], resv=f.get("imm_resv", 0))
            / BarrierInc(inc=f["inc"]))


def build_ud(f):
    """Bytes of the UD notification for field dict f."""
    return raw(layers_ud(f))


def main(argv):
    src = open(argv[1]) if len(argv) > 1 else sys.stdin
    for line in src:
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        f = json.loads(line)
        print((build_ud(f) if "qkey" in f else build(f)).hex())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
