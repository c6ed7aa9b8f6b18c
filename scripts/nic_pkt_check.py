#!/usr/bin/env python3
"""nic_pkt_check.py - cross-check the C NIC packet builder/parser against scapy and tshark.

Three independent checks of cmodel/nic_pkt.c (docs/nic.md section 3: RoCEv2 with a BTH opcode
from the IBA manufacturer-specific range and the 32-byte NIC extension header NXH):

1. Builder: N seeded random field sets plus edge cases (payload 0..3 bytes and 4096, every flag,
   maximum field values) are built by the C builder (cmodel/test/nic_pkt_gen, which also writes a
   pcap) and by scapy (Ether / IP / UDP / scapy.contrib.roce.BTH / the NXH layer below / payload
   and pad); every packet must be byte-identical. scapy computes the IPv4 checksum and the ICRC
   (BTH.compute_icrc) itself.
2. tshark: the C pcap is decoded with the Lua dissector scripts/nic.lua; every packet must decode
   as eth:ethertype:ip:udp:infiniband with a good IPv4 checksum, the BTH fields and every NXH field
   equal to the input, and `-q -z expert` must report no expert item at all (no Malformed, no
   error, no warning). tshark does not verify the ICRC; check 1 does.
3. Parser: packets that break exactly one rule of section 3.4 are built with scapy (checksums and
   ICRC recomputed by scapy unless the rule is the checksum itself); `nic_pkt_gen parse` must
   return that rule's verdict, and OK with the same fields for the unmodified packets.

With --pcap FILE (packets the RTL emitted, e.g. tb_nic_pkt_tx --pcap): every packet must parse OK
with the C parser, be byte-identical to what scapy builds from the parsed fields and payload (so
scapy recomputes the IPv4 checksum and the ICRC of the RTL's packet), and decode in tshark with the
Lua dissector without any expert item.

Exit status 0 when everything matches, 1 on any difference (the first ones are printed).
With --probes FILE: the probes of check 3 (scapy packets, good ones and one-rule breaks) are written
as lines "verdict hex" for the RTL receive parser (tb_nic_pkt_rx --scenario oracle), nothing else.
Usage: nic_pkt_check.py --gen build/cmodel/nic_pkt_gen [--n 300] [--seed 1] [--out DIR]
       nic_pkt_check.py --gen build/cmodel/nic_pkt_gen --pcap FILE
       nic_pkt_check.py --gen build/cmodel/nic_pkt_gen [--n 60] --probes FILE
"""
import argparse
import os
import random
import subprocess
import sys

from scapy.all import IP, UDP, Ether, Packet, Raw, raw
from scapy.fields import BitField, ByteField, IntField, LongField, ShortField
from scapy.contrib.roce import BTH

FIELDS = ["dst_mac", "src_mac", "tos", "ttl", "ip_id", "src_ip", "dst_ip", "udp_sport", "opcode",
          "dest_qp", "ack_req", "psn", "flags", "vn", "src_nid", "dst_nid", "handle", "epoch",
          "msg_len", "offset", "target_addr", "msg_id", "eq_handle"]
WIDTH = {"dst_mac": 48, "src_mac": 48, "tos": 8, "ttl": 8, "ip_id": 16, "src_ip": 32, "dst_ip": 32,
         "udp_sport": 16, "dest_qp": 24, "ack_req": 1, "psn": 24, "flags": 4, "vn": 3, "src_nid": 16,
         "dst_nid": 16, "handle": 16, "epoch": 32, "msg_len": 32, "offset": 32, "target_addr": 64,
         "msg_id": 16, "eq_handle": 16}
# data packets only: 0xC1 is the ACK / NAK layout (BTH / AETH / NXH, docs/nic.md 3.5), checked by
# scripts/nic_ack_check.py; the C parser still accepts 0xC1 in the data layout (tb_nic_pkt_rx)
OPS = (0xC0,)
# verdicts (enum nic_pkt_verdict)
V_OK, V_TRUNC, V_NOT_ROCE, V_IP_CSUM, V_LEN, V_ICRC, V_OPCODE, V_NXH, V_RANGE = range(9)


class NXH(Packet):
    """The NIC extension header (docs/nic.md 3.3), written here from the doc, not from the C."""
    name = "NXH"
    fields_desc = [BitField("ver", 1, 4), BitField("first", 0, 1), BitField("last", 0, 1),
                   BitField("reset", 0, 1), BitField("half", 0, 1), BitField("vn", 0, 3),
                   BitField("rsvd", 0, 5), ShortField("src_nid", 0), ShortField("dst_nid", 0),
                   ShortField("handle", 0), IntField("epoch", 0), IntField("msg_len", 0),
                   IntField("offset", 0), LongField("target_addr", 0), ShortField("msg_id", 0),
                   ShortField("eq_handle", 0)]


def mac(v):
    return ":".join("%02x" % ((v >> (8 * (5 - i))) & 0xff) for i in range(6))


def ip(v):
    return ".".join(str((v >> (8 * (3 - i))) & 0xff) for i in range(4))


def scapy_pkt(f, payload, ver=1, rsvd=0, pad_byte=0, **over):
    pad = (4 - len(payload) % 4) % 4
    fl = f["flags"]
    return (Ether(dst=mac(f["dst_mac"]), src=mac(f["src_mac"]), type=over.get("ethertype", 0x0800))
            / IP(version=4, ihl=5, tos=f["tos"], id=f["ip_id"], flags="DF", frag=0, ttl=f["ttl"],
                 proto=over.get("proto", 17), src=ip(f["src_ip"]), dst=ip(f["dst_ip"]))
            / UDP(sport=f["udp_sport"], dport=over.get("dport", 4791), chksum=0)
            / BTH(opcode=over.get("opcode", f["opcode"]), solicited=0, migreq=0, padcount=pad,
                  version=over.get("tver", 0), pkey=over.get("pkey", 0xffff), fecn=0, becn=0, resv6=0,
                  dqpn=f["dest_qp"], ackreq=f["ack_req"], resv7=0, psn=f["psn"])
            / NXH(ver=ver, first=fl >> 3 & 1, last=fl >> 2 & 1, reset=fl >> 1 & 1, half=fl & 1,
                  vn=f["vn"], rsvd=rsvd, src_nid=f["src_nid"], dst_nid=f["dst_nid"], handle=f["handle"],
                  epoch=f["epoch"], msg_len=f["msg_len"], offset=f["offset"],
                  target_addr=f["target_addr"], msg_id=f["msg_id"], eq_handle=f["eq_handle"])
            / Raw(payload + bytes([pad_byte] * pad)))


def random_case(rng, edge=None):
    f = {k: rng.getrandbits(w) for k, w in WIDTH.items()}
    f["opcode"] = rng.choice(OPS)
    f["src_mac"] &= ~(1 << 40)     # unicast source
    f["udp_sport"] |= 0xC000       # the NIC's flow entropy lies in 0xC000-0xFFFF (docs/nic.md 3.1)
    f["ttl"] = rng.randrange(32, 256)
    plen = edge if edge is not None else rng.choice([0, 1, 2, 3, rng.randrange(4, 64),
                                                     rng.randrange(64, 4097), 1024, 4096])
    f["msg_len"] = max(f["msg_len"] % (1 << 21), plen)
    f["offset"] = rng.randrange(0, f["msg_len"] - plen + 1)
    return f, bytes(rng.getrandbits(8) for _ in range(plen))


def line(f, payload):
    return " ".join("%x" % f[k] for k in FIELDS) + " " + (payload.hex() if payload else "-")


def run(cmd, inp):
    r = subprocess.run(cmd, input=inp, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit("%s failed (%d): %s" % (" ".join(cmd), r.returncode, r.stderr[-2000:]))
    return r.stdout


def probe_list(cases):
    """scapy probes of check 3: per case the unmodified packet (V_OK) and one packet per broken
    rule of docs/nic.md 3.4; a list of (verdict, packet bytes, fields or None, payload length)."""
    out = []
    for i, (f, p) in enumerate(cases[:60]):
        good = raw(scapy_pkt(f, p))
        out.append((V_OK, good, f, len(p)))
        muts = [(V_TRUNC, good[:89]), (V_NOT_ROCE, raw(scapy_pkt(f, p, ethertype=0x86dd))),
                (V_NOT_ROCE, raw(scapy_pkt(f, p, proto=6))), (V_NOT_ROCE, raw(scapy_pkt(f, p, dport=4792))),
                (V_IP_CSUM, good[:24] + bytes([good[24] ^ 0x01]) + good[25:]),
                (V_LEN, good + b"\0\0\0\0"),
                (V_ICRC, good[:-1] + bytes([good[-1] ^ 0x80])),
                (V_OPCODE, raw(scapy_pkt(f, p, opcode=0xC2))), (V_OPCODE, raw(scapy_pkt(f, p, pkey=0x7fff))),
                (V_OPCODE, raw(scapy_pkt(f, p, tver=1))),
                (V_NXH, raw(scapy_pkt(f, p, ver=2))), (V_NXH, raw(scapy_pkt(f, p, rsvd=1)))]
        if len(p) % 4:
            muts.append((V_RANGE, raw(scapy_pkt(f, p, pad_byte=0x5a))))
        if f["msg_len"] < 0xFFFFFFFF and f["offset"] + len(p) <= f["msg_len"]:
            g = dict(f, offset=f["msg_len"] - len(p) + 1)
            muts.append((V_RANGE, raw(scapy_pkt(g, p))))
        for vd, m in muts:
            out.append((vd, m, None, None))
    return out


def main(argv):
    ap = argparse.ArgumentParser()
    ap.add_argument("--gen", required=True)
    ap.add_argument("--n", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", default="build/oracles/nic_pkt")
    ap.add_argument("--lua", default=os.path.join(os.path.dirname(__file__), "nic.lua"))
    ap.add_argument("--pcap")
    ap.add_argument("--probes", help="write the scapy probes of check 3 as lines 'verdict hex' to this file "
                    "and stop (the RTL receive parser's oracle: tb_nic_pkt_rx --scenario oracle)")
    a = ap.parse_args(argv)
    if a.pcap:
        return check_pcap(a)
    os.makedirs(a.out, exist_ok=True)
    rng = random.Random(a.seed)
    cases = [random_case(rng, e) for e in (0, 1, 2, 3, 4096)]
    f, p = random_case(rng, 8)
    f.update(flags=0xF, vn=7, psn=0xFFFFFF, dest_qp=0xFFFFFF, epoch=0xFFFFFFFF, msg_len=0xFFFFFFFF,
             offset=0xFFFFFFF7, target_addr=(1 << 64) - 1, handle=0xFFFF)
    cases.append((f, p))
    cases += [random_case(rng) for _ in range(a.n)]
    if a.probes:
        pl = probe_list(cases)
        with open(a.probes, "w") as fp:
            fp.writelines("%d %s\n" % (vd, m.hex()) for vd, m, _, _ in pl)
        print("nic_pkt_check: %d scapy probes (%d one-rule breaks) written to %s"
              % (len(pl), sum(vd != V_OK for vd, _, _, _ in pl), a.probes))
        return 0
    errs = []

    # 1. builder: C vs scapy
    pcap = os.path.join(a.out, "nic_pkt.pcap")
    hexes = run([a.gen, "build", pcap], "\n".join(line(f, p) for f, p in cases) + "\n").split()
    for i, ((f, p), h) in enumerate(zip(cases, hexes)):
        s = raw(scapy_pkt(f, p)).hex()
        if s != h:
            errs.append("builder: case %d differs from scapy\n  C     %s\n  scapy %s" % (i, h[:240], s[:240]))

    # 2. tshark with the Lua dissector
    tf = ["frame.protocols", "ip.checksum.status", "infiniband.bth.opcode", "infiniband.bth.destqp",
          "infiniband.bth.psn", "infiniband.bth.a", "nxh.ver", "nxh.first", "nxh.last", "nxh.reset",
          "nxh.half", "nxh.vn", "nxh.src_nid", "nxh.dst_nid", "nxh.handle", "nxh.epoch", "nxh.msg_len",
          "nxh.offset", "nxh.target_addr", "nxh.msg_id", "nxh.eq_handle", "nxh.payload_len"]
    base = ["tshark", "-n", "-X", "lua_script:" + a.lua, "-r", pcap, "-o", "ip.check_checksum:TRUE"]
    out = run(base + ["-T", "fields", "-E", "separator=|"] + sum([["-e", x] for x in tf], []), "")
    rows = out.strip("\n").split("\n")
    if len(rows) != len(cases):
        errs.append("tshark: %d packets decoded, %d built" % (len(rows), len(cases)))
    for i, (r, (f, p)) in enumerate(zip(rows, cases)):
        v = r.split("|")
        b = lambda x: "1" if x else "0"
        exp = ["eth:ethertype:ip:udp:infiniband", "1", str(f["opcode"]), "0x%06x" % f["dest_qp"], str(f["psn"]),
               None, "1", None, None, None, None, str(f["vn"]), str(f["src_nid"]), str(f["dst_nid"]),
               "0x%04x" % f["handle"], str(f["epoch"]), str(f["msg_len"]), str(f["offset"]),
               "0x%016x" % f["target_addr"], str(f["msg_id"]), str(f["eq_handle"]), str(len(p))]
        flags = [v[5] in ("1", "True"), v[7] in ("1", "True"), v[8] in ("1", "True"), v[9] in ("1", "True"),
                 v[10] in ("1", "True")]
        want_flags = [bool(f["ack_req"]), bool(f["flags"] & 8), bool(f["flags"] & 4), bool(f["flags"] & 2),
                      bool(f["flags"] & 1)]
        bad = [(tf[j], v[j], e) for j, e in enumerate(exp) if e is not None and (j >= len(v) or v[j] != e)]
        if flags != want_flags:
            bad.append(("flags", [b(x) for x in flags], [b(x) for x in want_flags]))
        if bad:
            errs.append("tshark: packet %d: %s" % (i + 1, bad[:4]))
    ex = run(base + ["-q", "-z", "expert"], "")
    if any(w in ex for w in ("Error", "Warn", "Malformed", "Note", "Chat")):
        errs.append("tshark expert items:\n" + ex[-1500:])

    # 3. parser: unmodified packets OK with the same fields, one broken rule each -> its verdict
    pl = probe_list(cases)
    probes = [m.hex() for _, m, _, _ in pl]
    want = [(vd, f, plen) for vd, _, f, plen in pl]
    got = run([a.gen, "parse"], "\n".join(probes) + "\n").strip("\n").split("\n")
    nmut = 0
    for i, (g, (vd, f, plen)) in enumerate(zip(got, want)):
        t = g.split()
        if int(t[0]) != vd:
            errs.append("parser: probe %d: verdict %s, expected %d" % (i, t[0], vd))
        elif vd == V_OK:
            vals = [int(x, 16) for x in t[1:]]
            if vals != [f[k] for k in FIELDS] + [plen]:
                errs.append("parser: probe %d: fields differ" % i)
        else:
            nmut += 1
    for e in errs[:10]:
        print(e)
    print("nic_pkt_check: %d packets built by C and scapy, decoded by tshark + nic.lua; %d parser probes "
          "(%d rule breaks); %d errors" % (len(cases), len(probes), nmut, len(errs)))
    return 1 if errs else 0


def check_pcap(a):
    """Packets emitted by the RTL: C parser OK, scapy rebuild identical, tshark clean."""
    from scapy.utils import rdpcap
    pkts = [bytes(p) for p in rdpcap(a.pcap)]
    errs = []
    if not pkts:
        errs.append("no packets in " + a.pcap)
    got = run([a.gen, "parse"], "\n".join(p.hex() for p in pkts) + "\n").strip("\n").split("\n")
    for i, (p, g) in enumerate(zip(pkts, got)):
        t = g.split()
        if int(t[0]) != V_OK:
            errs.append("packet %d: C parser verdict %s" % (i + 1, t[0]))
            continue
        f = dict(zip(FIELDS, [int(x, 16) for x in t[1:1 + len(FIELDS)]]))
        plen = int(t[-1], 16)
        s = raw(scapy_pkt(f, p[86:86 + plen]))
        if s != p:
            errs.append("packet %d: scapy rebuild differs (RTL %s.. vs scapy %s..)" % (i + 1, p[-8:].hex(), s[-8:].hex()))
    base = ["tshark", "-n", "-X", "lua_script:" + a.lua, "-r", a.pcap, "-o", "ip.check_checksum:TRUE"]
    out = run(base + ["-T", "fields", "-e", "frame.protocols", "-e", "ip.checksum.status", "-e", "nxh.ver"], "")
    for i, r in enumerate(out.strip("\n").split("\n")):
        if r.split("\t") != ["eth:ethertype:ip:udp:infiniband", "1", "1"]:
            errs.append("tshark: packet %d decodes as %s" % (i + 1, r))
    ex = run(base + ["-q", "-z", "expert"], "")
    if any(w in ex for w in ("Error", "Warn", "Malformed", "Note", "Chat")):
        errs.append("tshark expert items:\n" + ex[-1500:])
    for e in errs[:10]:
        print(e)
    print("nic_pkt_check: %s: %d RTL packets parsed by C, rebuilt by scapy, decoded by tshark + nic.lua; %d errors"
          % (a.pcap, len(pkts), len(errs)))
    return 1 if errs else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
