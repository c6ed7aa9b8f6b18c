#!/usr/bin/env python3
"""nic_ack_check.py - cross-check the C ACK / NAK builder and parser (cmodel/nic_ack.c) against
scapy and tshark (issue 13; layout in docs/nic.md 3.5 and docs/nic_rel.md 10).

1. Builder: N seeded random ACKs (every response type, so every AETH syndrome, in turn) plus edge
   cases are built by the C builder (`test_nic_ack build`) and by scapy field by field (Ether / IP /
   UDP / scapy.contrib.roce BTH (which computes the ICRC) / scapy.contrib.roce AETH / the NXH layer
   below, written from the doc, not from the C); every packet must be byte-identical.
2. tshark: the C packets (a pcap written here from the C bytes) are decoded with scripts/nic.lua;
   every packet must decode as eth:ethertype:ip:udp:infiniband with a good IPv4 checksum, the BTH,
   AETH and NXH fields equal to the input, and `-q -z expert` must report no expert item.
3. Parser: scapy packets breaking exactly one rule (truncated, not RoCE, IPv4 checksum, lengths,
   ICRC, opcode / BTH fields, every unassigned AETH syndrome class and a non-zero MSN, NXH version /
   flags / message fields, a payload) must get that named verdict from `test_nic_ack parse`, the
   good ones OK with the same fields; tshark + nic.lua must raise an expert error on each AETH /
   NXH / payload break.
Exit status 0 when everything matches, 1 otherwise (the first differences are printed).
Usage: nic_ack_check.py --gen build/cmodel/test_nic_ack [--n 400] [--seed 1] [--out DIR]
"""
import argparse
import os
import random
import subprocess
import sys

from scapy.all import IP, UDP, Ether, Raw, raw, wrpcap
from scapy.contrib.roce import AETH, BTH

# the NXH layer (every message field 0 in an ACK) and the address formatters are the data
# packet oracle's, written from docs/nic.md 3.3
from nic_pkt_check import NXH, ip, mac

# response types (nic_rel_rx codes) -> AETH syndrome (docs/nic.md 3.5)
SYN = {1: 0x1F, 2: 0x1E, 3: 0x60, 4: 0x61}
NET = ["dst_mac", "src_mac", "tos", "ttl", "ip_id", "src_ip", "dst_ip", "udp_sport", "dest_qp"]
ACK = ["type", "seq", "handle", "epoch", "src_nid", "dst_nid", "vn", "half"]
WIDTH = {"dst_mac": 48, "src_mac": 48, "tos": 8, "ttl": 8, "ip_id": 16, "src_ip": 32, "dst_ip": 32,
         "udp_sport": 16, "dest_qp": 24, "seq": 24, "handle": 16, "epoch": 32, "src_nid": 16,
         "dst_nid": 16, "vn": 3, "half": 1}
V_OK, V_TRUNC, V_NOT_ROCE, V_IP_CSUM, V_LEN, V_ICRC, V_OPCODE, V_SYNDROME, V_NXH, V_PAYLOAD = range(10)


def scapy_ack(f, payload=b"", nxh=None, **o):
    x = dict(ver=1, half=f["half"], vn=f["vn"], src_nid=f["src_nid"], dst_nid=f["dst_nid"],
             handle=f["handle"], epoch=f["epoch"])
    x.update(nxh or {})
    return (Ether(dst=mac(f["dst_mac"]), src=mac(f["src_mac"]), type=o.get("ethertype", 0x0800))
            / IP(version=4, ihl=5, tos=f["tos"], id=f["ip_id"], flags="DF", frag=o.get("frag", 0),
                 ttl=f["ttl"], proto=o.get("proto", 17), src=ip(f["src_ip"]), dst=ip(f["dst_ip"]))
            / UDP(sport=f["udp_sport"], dport=o.get("dport", 4791), chksum=0)
            / BTH(opcode=o.get("opcode", 0xC1), solicited=o.get("se", 0), migreq=0, padcount=o.get("pad", 0),
                  version=o.get("tver", 0), pkey=o.get("pkey", 0xffff), fecn=0, becn=0, resv6=0,
                  dqpn=f["dest_qp"], ackreq=o.get("ackreq", 0), resv7=0, psn=f["seq"])
            / AETH(syndrome=o.get("syndrome", SYN.get(f["type"], 0)), msn=o.get("msn", 0))
            / NXH(**x)
            / Raw(payload))


def random_case(rng, t):
    f = {k: rng.getrandbits(w) for k, w in WIDTH.items()}
    f["type"] = t
    f["src_mac"] &= ~(1 << 40)
    f["udp_sport"] |= 0xC000
    f["ttl"] = rng.randrange(32, 256)   # tshark notes a TTL below 5
    return f


def run(cmd, inp):
    r = subprocess.run(cmd, input=inp, capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit("%s failed (%d): %s" % (" ".join(cmd), r.returncode, r.stderr[-2000:]))
    return r.stdout


def probes(cases):
    """(verdict, bytes, fields or None, tshark must flag it)"""
    out = []
    for f in cases[:40]:
        g = raw(scapy_ack(f))
        out.append((V_OK, g, f, False))
        m = [(V_TRUNC, g[:93], False),
             (V_NOT_ROCE, raw(scapy_ack(f, ethertype=0x86dd)), False),
             (V_NOT_ROCE, raw(scapy_ack(f, proto=6)), False),
             (V_NOT_ROCE, raw(scapy_ack(f, dport=4792)), False),
             (V_NOT_ROCE, raw(scapy_ack(f, frag=1)), False),
             (V_IP_CSUM, g[:24] + bytes([g[24] ^ 0x01]) + g[25:], False),
             (V_LEN, g + b"\0\0\0\0", False),
             (V_ICRC, g[:-1] + bytes([g[-1] ^ 0x80]), False),
             (V_OPCODE, raw(scapy_ack(f, opcode=0xC0)), False),
             (V_OPCODE, raw(scapy_ack(f, opcode=0x11)), False),    # IBA RC ACKNOWLEDGE
             (V_OPCODE, raw(scapy_ack(f, pkey=0x7fff)), False),
             (V_OPCODE, raw(scapy_ack(f, tver=1)), False),
             (V_OPCODE, raw(scapy_ack(f, se=1)), False),
             (V_OPCODE, raw(scapy_ack(f, pad=1)), False),
             (V_OPCODE, raw(scapy_ack(f, ackreq=1)), False),
             (V_SYNDROME, raw(scapy_ack(f, msn=1 << random.Random(f["seq"]).randrange(24))), True),
             (V_NXH, raw(scapy_ack(f, nxh={"ver": 2})), True),
             (V_NXH, raw(scapy_ack(f, nxh={"rsvd": 1})), True),
             (V_NXH, raw(scapy_ack(f, nxh={"first": 1})), True),
             (V_NXH, raw(scapy_ack(f, nxh={"last": 1})), True),
             (V_NXH, raw(scapy_ack(f, nxh={"reset": 1})), True),
             (V_NXH, raw(scapy_ack(f, nxh={"msg_len": 64})), True),
             (V_NXH, raw(scapy_ack(f, nxh={"target_addr": 1 << 63})), True),
             (V_NXH, raw(scapy_ack(f, nxh={"eq_handle": 1})), True),
             (V_PAYLOAD, raw(scapy_ack(f, payload=b"\xaa\xbb\xcc\xdd")), True)]
        # every syndrome that is not one of the four: other ACK credit codes, RNR NAK (001),
        # reserved (010), other NAK codes (011 + 2..31), reserved (1xx); a sample per case
        bad = [s for s in range(256) if s not in SYN.values()]
        for s in random.Random(f["epoch"]).sample(bad, 6) + [0x00, 0x20, 0x62, 0x64]:
            m.append((V_SYNDROME, raw(scapy_ack(f, syndrome=s)), True))
        out += [(v, b, None, t) for v, b, t in m]
    return out


def main(argv):
    ap = argparse.ArgumentParser()
    ap.add_argument("--gen", required=True)
    ap.add_argument("--n", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", default="build/oracles/nic_ack")
    ap.add_argument("--lua", default=os.path.join(os.path.dirname(__file__), "nic.lua"))
    a = ap.parse_args(argv)
    os.makedirs(a.out, exist_ok=True)
    rng = random.Random(a.seed)
    cases = []
    for t in (1, 2, 3, 4):      # edge cases per type
        f = random_case(rng, t)
        f.update(seq=0, handle=0, epoch=0, vn=0, half=0, dest_qp=0)
        cases.append(f)
        f = random_case(rng, t)
        f.update(seq=0xFFFFFF, handle=0xFFFF, epoch=0xFFFFFFFF, vn=7, half=1, dest_qp=0xFFFFFF,
                 src_nid=0xFFFF, dst_nid=0xFFFF)
        cases.append(f)
    cases += [random_case(rng, 1 + i % 4) for i in range(a.n)]
    errs = []

    # 1. builder: C vs scapy
    inp = "\n".join(" ".join("%x" % f[k] for k in NET + ACK) for f in cases) + "\n"
    hexes = run([a.gen, "build"], inp).split()
    if len(hexes) != len(cases):
        errs.append("builder: %d packets for %d cases" % (len(hexes), len(cases)))
    for i, (f, h) in enumerate(zip(cases, hexes)):
        s = raw(scapy_ack(f)).hex()
        if s != h:
            errs.append("builder: case %d differs from scapy\n  C     %s\n  scapy %s" % (i, h, s))
    pcap = os.path.join(a.out, "nic_ack.pcap")
    wrpcap(pcap, [Ether(bytes.fromhex(h)) for h in hexes])

    # 2. tshark + nic.lua on the C packets
    tf = ["frame.protocols", "ip.checksum.status", "infiniband.bth.opcode", "infiniband.bth.destqp",
          "infiniband.bth.psn", "infiniband.bth.a", "nxh.aeth.syndrome", "nxh.aeth.msn", "nxh.ack_type",
          "nxh.ver", "nxh.first", "nxh.last", "nxh.reset", "nxh.half", "nxh.vn", "nxh.src_nid",
          "nxh.dst_nid", "nxh.handle", "nxh.epoch", "nxh.payload_len"]
    base = ["tshark", "-n", "-X", "lua_script:" + a.lua, "-r", pcap, "-o", "ip.check_checksum:TRUE"]
    out = run(base + ["-T", "fields", "-E", "separator=|"] + sum([["-e", x] for x in tf], []), "")
    rows = out.strip("\n").split("\n")
    if len(rows) != len(cases):
        errs.append("tshark: %d packets decoded, %d built" % (len(rows), len(cases)))
    F = lambda x: x in ("0", "False")
    T = lambda x: x in ("1", "True")
    seen = set()
    for i, (r, f) in enumerate(zip(rows, cases)):
        v = r.split("|")
        exp = ["eth:ethertype:ip:udp:infiniband", "1", str(0xC1), "0x%06x" % f["dest_qp"], str(f["seq"]), None,
               "0x%02x" % SYN[f["type"]], "0", str(f["type"]), "1", None, None, None, None, str(f["vn"]),
               str(f["src_nid"]), str(f["dst_nid"]), "0x%04x" % f["handle"], str(f["epoch"]), "0"]
        bad = [(tf[j], v[j] if j < len(v) else None, e) for j, e in enumerate(exp)
               if e is not None and (j >= len(v) or v[j] != e)]
        if len(v) == len(tf) and not (F(v[5]) and F(v[10]) and F(v[11]) and F(v[12]) and
                                      (T(v[13]) if f["half"] else F(v[13]))):
            bad.append(("flags a/first/last/reset/half", v[5], v[10:14]))
        if bad:
            errs.append("tshark: packet %d: %s" % (i + 1, bad[:4]))
        else:
            seen.add(v[6])
    if seen != {"0x%02x" % s for s in SYN.values()}:
        errs.append("tshark: syndromes decoded %s" % sorted(seen))
    ex = run(base + ["-q", "-z", "expert"], "")
    if any(w in ex for w in ("Error", "Warn", "Malformed", "Note", "Chat")):
        errs.append("tshark expert items:\n" + ex[-1500:])

    # 3. parser: C verdicts of scapy probes; tshark flags the AETH / NXH / payload breaks
    pl = probes(cases)
    got = run([a.gen, "parse"], "\n".join(b.hex() for _, b, _, _ in pl) + "\n").strip("\n").split("\n")
    nbrk = 0
    for i, (g, (vd, b, f, _)) in enumerate(zip(got, pl)):
        t = g.split()
        if int(t[0]) != vd:
            errs.append("parser: probe %d: verdict %s, expected %d (%s)" % (i, t[0], vd, b.hex()))
        elif vd == V_OK:
            if [int(x, 16) for x in t[1:]] != [f[k] for k in NET + ACK]:
                errs.append("parser: probe %d: fields differ" % i)
        else:
            nbrk += 1
    flag = [(b, vd) for vd, b, _, t in pl if t]
    bp = os.path.join(a.out, "nic_ack_bad.pcap")
    wrpcap(bp, [Ether(b) for b, _ in flag])
    out = run(["tshark", "-n", "-X", "lua_script:" + a.lua, "-r", bp, "-T", "fields", "-e", "_ws.expert.severity"], "")
    sev = out.strip("\n").split("\n")
    miss = [i for i, s in enumerate(sev) if not s.strip()]
    if len(sev) != len(flag) or miss:
        errs.append("tshark: %d of %d broken ACKs without an expert item (first: %s)"
                    % (len(miss), len(flag), flag[miss[0]][0].hex() if miss else "-"))
    for e in errs[:10]:
        print(e)
    print("nic_ack_check: %d ACK/NAK packets (types %s) built by C and scapy, decoded by tshark + nic.lua; "
          "%d parser probes (%d rule breaks, %d flagged by the dissector); %d errors"
          % (len(cases), "/".join(str(sum(f["type"] == t for f in cases)) for t in (1, 2, 3, 4)), len(pl),
             nbrk, len(flag) - len(miss), len(errs)))
    return 1 if errs else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
