#!/usr/bin/env python3
"""roce_check.py - cross-check the C RoCEv2 notification builder/parser against scapy and tshark.

Three independent checks of cmodel/common/roce.c (docs/barrier.md section 5), for both layouts:
the FETCH_ADD layout (5.2, roce_fa_build/roce_fa_parse, described below) and the default UD
SEND_ONLY_WITH_IMMEDIATE layout (5.1, roce_ud_build/roce_ud_parse: the same three checks with
`roce_gen build-ud` / `parse-ud`, tshark decoding eth:ethertype:ip:udp:infiniband:data with BTH
opcode 101, DestQP 0xffffff, DETH Q_Key/SrcQP, ImmDt {SRC_ID, bar, 0} and the 8-byte increment,
and parser mutants of every UD rule of section 5.4 checks 1-8):

1. Builder: N seeded random field sets (plus edge cases) are built by the C builder
   (cmodel/test/roce_gen, which also writes a pcap) and by scapy (scripts/roce_oracle.py);
   every packet must be byte-identical (this covers the IPv4 checksum and the ICRC, which
   scapy computes itself with BTH.compute_icrc).
2. tshark: the C pcap is decoded by
       tshark -n -r FILE -o ip.check_checksum:TRUE -T fields -e ...
   (UDP port 4791 is decoded as InfiniBand/RoCEv2 by default, infiniband.rroce.port);
   every packet must decode as eth:ethertype:ip:udp:infiniband with a good IPv4 checksum,
   opcode 20 (RC FetchAdd) and the expected field values, and
       tshark -n -r FILE -o ip.check_checksum:TRUE -q -z expert
   must report no expert item at all (no Malformed, no errors, no warnings).
   tshark 4.0 does not verify the ICRC; check 1 does.
3. Parser: packets that break exactly one rule are built with scapy (checksums and ICRC
   recomputed by scapy unless the rule is the checksum itself); `roce_gen parse` must return
   the verdict of that rule (the first-match-wins drop order of section 5), and OK for changes
   to fields the ICRC masks (TOS, TTL, UDP checksum, BTH FECN/BECN/resv6).

Exit status 0 when everything matches, 1 on any difference (the first ones are printed).
Usage: roce_check.py --gen build/cmodel/roce_gen [--n 200] [--seed 1] [--out build/cmodel/roce]
"""
import argparse
import os
import random
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import roce_oracle  # noqa: E402
from roce_oracle import AtomicETH, BTH, IP, UDP, Ether  # noqa: E402
from scapy.compat import raw  # noqa: E402

FIELDS = ["dst_mac", "src_mac", "tos", "src_ip", "dst_ip", "psn", "udp_sport", "dest_qp",
          "va", "rkey", "add_data", "cmp_data"]
WIDTH = {"dst_mac": 48, "src_mac": 48, "tos": 8, "src_ip": 32, "dst_ip": 32, "psn": 24,
         "udp_sport": 16, "dest_qp": 24, "va": 64, "rkey": 32, "add_data": 64, "cmp_data": 64}
VERDICT = {"ok": 0, "trunc": 1, "long": 2, "malformed": 3, "ipcsum": 4, "not_roce": 5,
           "opcode": 6, "icrc": 7, "rkey": 8, "key": 8}


def mcast_mac(ip):
    return 0x01005e000000 | (ip & 0x7fffff)


def random_fields(rng):
    f = {}
    for k in FIELDS:
        w = WIDTH[k]
        r = rng.random()
        if r < 0.1:
            f[k] = 0
        elif r < 0.2:
            f[k] = (1 << w) - 1
        else:
            f[k] = rng.getrandbits(w)
    if rng.random() < 0.8:          # a notification: multicast group and its MAC
        f["dst_ip"] = 0xe0000000 | rng.getrandbits(28)
        f["dst_mac"] = mcast_mac(f["dst_ip"])
    # a station's source MAC is unicast (I/G bit clear); tshark warns on a group source
    f["src_mac"] &= ~(1 << 40)
    if rng.random() < 0.7:
        f["cmp_data"] = 0
    if rng.random() < 0.5:
        f["add_data"] = rng.randint(1, 16)
    if rng.random() < 0.5:
        f["va"] &= ~7
    return f


def edge_cases():
    zero = {k: 0 for k in FIELDS}
    ones = {k: (1 << WIDTH[k]) - 1 for k in FIELDS}
    ones["src_mac"] = 0xfeffffffffff   # unicast
    golden = {"dst_mac": 0x01005e010203, "src_mac": 0x020000000001, "tos": 0x68,
              "src_ip": 0x0a000001, "dst_ip": 0xef010203, "psn": 0x101234, "udp_sport": 49152,
              "dest_qp": 0x123456, "va": 0x1000, "rkey": 0xdeadbeef, "add_data": 1,
              "cmp_data": 0}
    return [zero, ones, golden]


def fields_line(f):
    return " ".join("%x" % f[k] for k in FIELDS)


def run(cmd, inp=None):
    p = subprocess.run(cmd, input=inp, capture_output=True, text=True)
    return p.returncode, p.stdout, p.stderr


class Report:
    def __init__(self):
        self.errors = 0

    def fail(self, msg):
        self.errors += 1
        if self.errors <= 20:
            print("MISMATCH: " + msg)


def compare_builder(rep, gen, cmd, sets, pcap, line, build, what):
    """Check 1 for one layout: `roce_gen CMD pcap` (fields by line(f)) vs scapy's build(f).
    what: "" (FETCH_ADD) or "UD " in the messages."""
    rc, out, err = run([gen, cmd, pcap], "".join(line(f) + "\n" for f in sets))
    if rc != 0:
        rep.fail("roce_gen %s exited %d: %s" % (cmd, rc, err.strip()))
    ours = out.split()
    if len(ours) != len(sets):
        rep.fail("roce_gen built %d %spackets, expected %d" % (len(ours), what, len(sets)))
        return
    for i, (f, hx) in enumerate(zip(sets, ours)):
        ref = build(f).hex()
        if hx != ref:
            diff = [j // 2 for j in range(0, min(len(hx), len(ref)), 2) if hx[j:j + 2] != ref[j:j + 2]]
            rep.fail("%spacket %d fields %s\n  C     %s\n  scapy %s\n  differing bytes %s"
                     % (what, i, line(f), hx, ref, diff))
    print("builder%s: %d packets compared with scapy" % (" (UD)" if what else "", len(sets)))


def check_builder(rep, gen, sets, pcap):
    compare_builder(rep, gen, "build", sets, pcap, fields_line, roce_oracle.build, "")


TSHARK_FIELDS = ["frame.len", "frame.protocols", "eth.dst", "eth.src", "ip.dsfield", "ip.len",
                 "ip.id", "ip.flags", "ip.ttl", "ip.proto", "ip.checksum.status", "ip.src",
                 "ip.dst", "udp.srcport", "udp.dstport", "udp.length", "infiniband.bth.opcode",
                 "infiniband.bth.se", "infiniband.bth.tver", "infiniband.bth.p_key",
                 "infiniband.bth.destqp", "infiniband.bth.a", "infiniband.bth.psn",
                 "infiniband.reth.va", "infiniband.reth.r_key", "infiniband.atomiceth.swapdt",
                 "infiniband.atomiceth.cmpdt", "infiniband.invariant.crc", "_ws.expert",
                 "_ws.malformed"]


def fmt_mac(v):
    return roce_oracle.mac_str(v)


def expected_tshark(f, pkt):
    return {
        "frame.len": "86",
        "frame.protocols": "eth:ethertype:ip:udp:infiniband",
        "eth.dst": fmt_mac(f["dst_mac"]),
        "eth.src": fmt_mac(f["src_mac"]),
        "ip.dsfield": "0x%02x" % f["tos"],
        "ip.len": "72",
        "ip.id": "0x%04x" % (f["psn"] & 0xffff),
        "ip.flags": "0x02",
        "ip.ttl": "64",
        "ip.proto": "17",
        "ip.checksum.status": "1",      # good
        "ip.src": roce_oracle.ip_str(f["src_ip"]),
        "ip.dst": roce_oracle.ip_str(f["dst_ip"]),
        "udp.srcport": str(f["udp_sport"]),
        "udp.dstport": "4791",
        "udp.length": "52",
        "infiniband.bth.opcode": "20",  # RC FetchAdd
        "infiniband.bth.se": "0",
        "infiniband.bth.tver": "0",
        "infiniband.bth.p_key": "65535",
        "infiniband.bth.destqp": "0x%06x" % f["dest_qp"],
        "infiniband.bth.a": "0",
        "infiniband.bth.psn": str(f["psn"]),
        "infiniband.reth.va": "0x%016x" % f["va"],
        "infiniband.reth.r_key": "0x%08x" % f["rkey"],
        "infiniband.atomiceth.swapdt": str(f["add_data"]),
        "infiniband.atomiceth.cmpdt": str(f["cmp_data"]),
        # tshark shows bytes 82..85 as a big-endian number: the ICRC is sent LSB first
        "infiniband.invariant.crc": "0x" + pkt[82:86].hex(),
        "_ws.expert": "",
        "_ws.malformed": "",
    }


def norm(k, v):
    v = v.strip()
    if k == "ip.flags" and v:           # tshark 4.0 prints the 3 flag bits (0x02), later
        x = int(v, 0)                   # versions the 16-bit flags/fragment word (0x4000)
        return str(x >> 13 if x >= 0x100 else x)
    if k == "infiniband.bth.se":
        return {"False": "0", "True": "1"}.get(v, v)
    if k == "infiniband.bth.a":
        return {"False": "0", "True": "1"}.get(v, v)
    return v.lower()


def tshark_fields(rep, tshark, pcap, opts, fields, sets, expected, what):
    """Check 2, field part, for one layout: `tshark -T fields` (options opts) decodes every frame
    of pcap; each field must equal expected(f)[field] after norm(). Returns the rows, or None
    when tshark failed or decoded another number of frames. what: "" or "UD " in the messages."""
    cmd = [tshark, "-n", "-r", pcap, "-o", "ip.check_checksum:TRUE"] + opts
    for k in fields:
        cmd += ["-e", k]
    rc, out, err = run(cmd)
    if rc != 0:
        rep.fail("tshark exited %d: %s" % (rc, err.strip()))
        return None
    rows = out.rstrip("\n").split("\n")
    if len(rows) != len(sets):
        rep.fail("tshark decoded %d %sframes, expected %d" % (len(rows), what, len(sets)))
        return None
    for i, (f, row) in enumerate(zip(sets, rows)):
        cols = row.split("\t")
        cols += [""] * (len(fields) - len(cols))
        exp = expected(f)
        for k, got in zip(fields, cols):
            g, e = norm(k, got), norm(k, exp[k])
            if g != e:
                rep.fail("tshark %sframe %d field %s: got %r expected %r" % (what, i + 1, k, got, exp[k]))
    return rows


def check_tshark(rep, tshark, sets, pcap):
    errors_before = rep.errors
    rows = tshark_fields(rep, tshark, pcap, ["-T", "fields", "-E", "separator=\t", "-E", "occurrence=a",
                                             "-E", "aggregator=|"], TSHARK_FIELDS, sets,
                         lambda f: expected_tshark(f, roce_oracle.build(f)), "")
    if rows is None:
        return
    rc, out, err = run([tshark, "-n", "-r", pcap, "-o", "ip.check_checksum:TRUE", "-q",
                        "-z", "expert"])
    if rc != 0:
        rep.fail("tshark -z expert exited %d: %s" % (rc, err.strip()))
    body = [ln for ln in out.splitlines() if ln.strip() and not ln.startswith("=")]
    if body:
        rep.fail("tshark expert info is not empty:\n" + "\n".join(body[:20]))
    if rep.errors == errors_before:
        print("tshark: %d frames decoded as RoCEv2 FetchAdd, fields checked, expert info empty"
              % len(rows))


def mutators(layers, extra):
    """Mutant makers for one field set: layers() builds its scapy packet; extra names the
    layers after BTH. Returns (good bytes, the list [("ok", good, "ok")], var, rawmut):
    var(name, verdict, layer={attr: value}) appends the packet with those attributes set
    (scapy recomputes checksums and ICRC unless one is set), rawmut(name, verdict, fn)
    appends good with fn applied to its bytes."""
    good = raw(layers())
    out = [("ok", good, "ok")]
    names = dict({"ether": Ether, "ip": IP, "udp": UDP, "bth": BTH}, **extra)

    def var(name, verdict, **kw):
        p = layers()
        for layer, attrs in kw.items():
            for a, v in attrs.items():
                setattr(p[names[layer]], a, v)
        out.append((name, raw(p), verdict))

    def rawmut(name, verdict, fn):
        b = bytearray(good)
        fn(b)
        out.append((name, bytes(b), verdict))

    return good, out, var, rawmut


def mutants(f):
    """(name, packet bytes, expected verdict) for field set f; one broken rule each."""
    good, out, var, rawmut = mutators(lambda: roce_oracle.layers(f), {"aeth": AtomicETH})

    out.append(("trunc85", good[:85], "trunc"))
    out.append(("trunc14", good[:14], "trunc"))
    out.append(("long87", good + b"\x00", "long"))
    out.append(("long128", good + bytes(42), "long"))
    var("ethertype", "malformed", ether={"type": 0x86dd})
    rawmut("ihl6", "malformed", lambda b: b.__setitem__(14, 0x46))
    var("MF", "malformed", ip={"flags": "DF+MF"})
    var("frag", "malformed", ip={"frag": 1})
    var("evil bit", "malformed", ip={"flags": "evil+DF"})
    var("proto", "malformed", ip={"proto": 6})
    var("iplen", "malformed", ip={"len": 73})
    var("udplen", "malformed", udp={"len": 51})
    var("DF clear", "ok", ip={"flags": 0})
    var("ipcsum", "ipcsum", ip={"chksum": (roce_oracle.IP(good[14:34]).chksum ^ 0x0100)})
    var("dport", "not_roce", udp={"dport": 4792})
    var("opcode", "opcode", bth={"opcode": 0x13})
    var("tver", "opcode", bth={"version": 1})
    var("pkey", "opcode", bth={"pkey": 0x7fff})
    var("dqp", "opcode", bth={"dqpn": f["dest_qp"] ^ 1})
    var("se/m/pad", "ok", bth={"solicited": 1, "migreq": 1, "padcount": 3})
    var("ackreq", "ok", bth={"ackreq": 1})
    var("resv7", "ok", bth={"resv7": 0x7f})
    var("icrc", "icrc", bth={"icrc": 0x12345678 if good[82:86] != bytes.fromhex("78563412")
                             else 0x1})
    rawmut("payload", "icrc", lambda b: b.__setitem__(70, b[70] ^ 0x40))
    var("rkey", "rkey", aeth={"rkey": f["rkey"] ^ 0x80000000})
    # fields masked out of the ICRC (IBA A17.4): scapy recomputes, and the ICRC is unchanged
    var("tos", "ok", ip={"tos": f["tos"] ^ 0xff})
    var("ttl", "ok", ip={"ttl": 1})
    var("udpcsum", "ok", udp={"chksum": 0xbeef})
    var("fecn/becn", "ok", bth={"fecn": 1, "becn": 1, "resv6": 0x2a})
    return out


def check_parser(rep, gen, sets):
    cases = []
    for f in sets:
        for name, pkt, verdict in mutants(f):
            cases.append((f, name, pkt, verdict))
    # the masked-field mutants must carry the same ICRC as the unmodified packet
    for f, name, pkt, verdict in cases:
        if name in ("tos", "ttl", "udpcsum", "fecn/becn"):
            if pkt[82:86] != roce_oracle.build(f)[82:86]:
                rep.fail("scapy ICRC changed for masked field %s" % name)
    by_key = {}
    for f, name, pkt, verdict in cases:
        by_key.setdefault((f["dest_qp"], f["rkey"]), []).append((f, name, pkt, verdict))
    n = 0
    for (dqp, rkey), group in by_key.items():
        rc, out, err = run([gen, "parse", str(dqp), str(rkey)],
                           "".join(pkt.hex() + "\n" for _, _, pkt, _ in group))
        if rc != 0:
            rep.fail("roce_gen parse exited %d: %s" % (rc, err.strip()))
            continue
        lines = out.splitlines()
        for (f, name, pkt, verdict), line in zip(group, lines):
            n += 1
            toks = line.split()
            if int(toks[0]) != VERDICT[verdict]:
                rep.fail("parser: mutant %r of %s: verdict %s expected %d (%s)"
                         % (name, fields_line(f), toks[0], VERDICT[verdict], verdict))
            if name == "ok" and " ".join(toks[1:]) != " ".join(
                    "%0*x" % ((WIDTH[k] + 3) // 4, f[k]) for k in FIELDS):
                rep.fail("parser: decoded fields %s expected %s" % (toks[1:], fields_line(f)))
        if len(lines) != len(group):
            rep.fail("roce_gen parse returned %d lines for %d packets" % (len(lines), len(group)))
    print("parser: %d scapy-built packets (%d rules) checked against the section 5 drop order"
          % (n, len(mutants(sets[0]))))


# ------------------------------------------------------------------ UD layout (section 5.1)
UD_FIELDS = roce_oracle.UD_FIELDS
UD_WIDTH = {"dst_mac": 48, "src_mac": 48, "tos": 8, "src_ip": 32, "dst_ip": 32, "psn": 24,
            "udp_sport": 16, "qkey": 32, "src_qp": 24, "src_id": 8, "bar": 8, "imm_resv": 16,
            "inc": 64}


# The UD payload is the 8-byte increment. A receiver accepts at most INC_MAX (a 32-bit CSR), so
# the field sets keep increments below 2^32: a random 64-bit payload can look like another
# protocol to tshark's heuristic payload dissectors (EoIB), which real notifications never do.
NO_HEUR = []


def random_ud(rng):
    f = {}
    for k in UD_FIELDS:
        w = UD_WIDTH[k]
        r = rng.random()
        f[k] = 0 if r < 0.1 else (1 << w) - 1 if r < 0.2 else rng.getrandbits(w)
    if rng.random() < 0.8:
        f["dst_ip"] = 0xe0000000 | rng.getrandbits(28)
        f["dst_mac"] = mcast_mac(f["dst_ip"])
    f["src_mac"] &= ~(1 << 40)
    if rng.random() < 0.7:
        f["imm_resv"] = 0
    if f["src_qp"] < 2:      # QP0/QP1 are the management QPs (a device's SRC_QP is >= 2, 5.1)
        f["src_qp"] = 2 + rng.getrandbits(8)
    f["inc"] &= 0xffffffff
    if rng.random() < 0.5:
        f["inc"] = rng.randint(1, 16)
    return f


def ud_edge_cases():
    zero = {k: 0 for k in UD_FIELDS}
    zero["src_qp"] = 2
    ones = {k: (1 << UD_WIDTH[k]) - 1 for k in UD_FIELDS}
    ones["src_mac"] = 0xfeffffffffff
    ones["inc"] = 0xffffffff
    golden = {"dst_mac": 0x01005e010203, "src_mac": 0x020000000001, "tos": 0x68,
              "src_ip": 0x0a000001, "dst_ip": 0xef010203, "psn": 0x101234, "udp_sport": 49152,
              "qkey": 0x80010000, "src_qp": 0x11, "src_id": 3, "bar": 5, "imm_resv": 0, "inc": 1}
    return [zero, ones, golden]


def ud_line(f):
    return " ".join("%x" % f[k] for k in UD_FIELDS)


def check_builder_ud(rep, gen, sets, pcap):
    compare_builder(rep, gen, "build-ud", sets, pcap, ud_line, roce_oracle.build_ud, "UD ")


UD_TSHARK = ["frame.len", "frame.protocols", "eth.dst", "eth.src", "ip.dsfield", "ip.len", "ip.id",
             "ip.flags", "ip.ttl", "ip.proto", "ip.checksum.status", "ip.src", "ip.dst",
             "udp.srcport", "udp.dstport", "udp.length", "infiniband.bth.opcode",
             "infiniband.bth.se", "infiniband.bth.tver", "infiniband.bth.p_key",
             "infiniband.bth.destqp", "infiniband.bth.a", "infiniband.bth.psn",
             "infiniband.deth.q_key", "infiniband.deth.srcqp", "infiniband.immdt", "data.data",
             "infiniband.invariant.crc", "_ws.expert", "_ws.malformed"]


def expected_tshark_ud(f, pkt):
    return {
        "frame.len": "78", "frame.protocols": "eth:ethertype:ip:udp:infiniband:data",
        "eth.dst": fmt_mac(f["dst_mac"]), "eth.src": fmt_mac(f["src_mac"]),
        "ip.dsfield": "0x%02x" % f["tos"], "ip.len": "64", "ip.id": "0x%04x" % (f["psn"] & 0xffff),
        "ip.flags": "0x02", "ip.ttl": "64", "ip.proto": "17", "ip.checksum.status": "1",
        "ip.src": roce_oracle.ip_str(f["src_ip"]), "ip.dst": roce_oracle.ip_str(f["dst_ip"]),
        "udp.srcport": str(f["udp_sport"]), "udp.dstport": "4791", "udp.length": "44",
        "infiniband.bth.opcode": "101", "infiniband.bth.se": "0", "infiniband.bth.tver": "0",
        "infiniband.bth.p_key": "65535", "infiniband.bth.destqp": "0xffffff",
        "infiniband.bth.a": "0", "infiniband.bth.psn": str(f["psn"]),
        "infiniband.deth.q_key": "0x%016x" % f["qkey"],
        "infiniband.deth.srcqp": "0x%08x" % f["src_qp"],
        "infiniband.immdt": "%02x%02x%04x" % (f["src_id"], f["bar"], f["imm_resv"]),
        "data.data": "%016x" % f["inc"],
        "infiniband.invariant.crc": "0x" + pkt[74:78].hex(),
        "_ws.expert": "", "_ws.malformed": "",
    }


def check_tshark_ud(rep, tshark, sets, pcap):
    errors_before = rep.errors
    rows = tshark_fields(rep, tshark, pcap, NO_HEUR + ["-T", "fields", "-E", "separator=\t", "-E", "occurrence=f"],
                         UD_TSHARK, sets, lambda f: expected_tshark_ud(f, roce_oracle.build_ud(f)), "UD ")
    if rows is None:
        return
    rc, out, err = run([tshark, "-n", "-r", pcap, "-o", "ip.check_checksum:TRUE"] + NO_HEUR +
                       ["-q", "-z", "expert"])
    body = [ln for ln in out.splitlines() if ln.strip() and not ln.startswith("=")]
    if rc != 0 or body:
        rep.fail("tshark expert info (UD) is not empty:\n" + "\n".join(body[:20]))
    if rep.errors == errors_before:
        print("tshark (UD): %d frames decoded as RoCEv2 UD SEND_ONLY_WITH_IMMEDIATE, fields checked, "
              "expert info empty" % len(rows))


def mutants_ud(f):
    from roce_oracle import DETH, BarrierImmDt, BarrierInc
    good, out, var, rawmut = mutators(lambda: roce_oracle.layers_ud(f),
                                      {"deth": DETH, "imm": BarrierImmDt, "inc": BarrierInc})

    out.append(("trunc77", good[:77], "trunc"))
    out.append(("long79", good + b"\x00", "long"))
    out.append(("fa-length", good + bytes(8), "long"))
    var("ethertype", "malformed", ether={"type": 0x86dd})
    rawmut("ihl6", "malformed", lambda b: b.__setitem__(14, 0x46))
    var("MF", "malformed", ip={"flags": "DF+MF"})
    var("frag", "malformed", ip={"frag": 1})
    var("proto", "malformed", ip={"proto": 6})
    var("iplen", "malformed", ip={"len": 72})
    var("udplen", "malformed", udp={"len": 52})
    var("DF clear", "ok", ip={"flags": 0})
    var("ipcsum", "ipcsum", ip={"chksum": (IP(good[14:34]).chksum ^ 0x0100)})
    var("dport", "not_roce", udp={"dport": 4792})
    var("opcode RC send", "opcode", bth={"opcode": 0x05})
    var("opcode UD send", "opcode", bth={"opcode": 0x64})
    var("tver", "opcode", bth={"version": 1})
    var("pkey", "opcode", bth={"pkey": 0x7fff})
    var("dqp unicast", "opcode", bth={"dqpn": 0x000123})
    var("se/m", "ok", bth={"solicited": 1, "migreq": 1})
    var("ackreq", "ok", bth={"ackreq": 1})
    var("icrc", "icrc", bth={"icrc": 0x12345678 if good[74:78] != bytes.fromhex("78563412") else 1})
    rawmut("payload", "icrc", lambda b: b.__setitem__(70, b[70] ^ 0x40))
    rawmut("immdt", "icrc", lambda b: b.__setitem__(63, b[63] ^ 0x01))
    var("qkey", "key", deth={"qkey": f["qkey"] ^ 0x80000000})
    var("srcqp", "ok", deth={"srcqp": f["src_qp"] ^ 0x5})
    var("imm resv", "ok", imm={"resv": 0xbeef})
    var("tos", "ok", ip={"tos": f["tos"] ^ 0xff})
    var("ttl", "ok", ip={"ttl": 1})
    var("udpcsum", "ok", udp={"chksum": 0xbeef})
    var("fecn/becn", "ok", bth={"fecn": 1, "becn": 1, "resv6": 0x2a})
    return out


def check_parser_ud(rep, gen, sets):
    n = 0
    for f in sets:
        cases = mutants_ud(f)
        for name, pkt, verdict in cases:
            if name in ("tos", "ttl", "udpcsum", "fecn/becn") and pkt[74:78] != roce_oracle.build_ud(f)[74:78]:
                rep.fail("scapy ICRC changed for masked field %s (UD)" % name)
        rc, out, err = run([gen, "parse-ud", str(f["qkey"])], "".join(p.hex() + "\n" for _, p, _ in cases))
        if rc != 0:
            rep.fail("roce_gen parse-ud exited %d: %s" % (rc, err.strip()))
            continue
        lines = out.splitlines()
        if len(lines) != len(cases):
            rep.fail("roce_gen parse-ud returned %d lines for %d packets" % (len(lines), len(cases)))
        for (name, pkt, verdict), line in zip(cases, lines):
            n += 1
            toks = line.split()
            if int(toks[0]) != VERDICT[verdict]:
                rep.fail("parser (UD): mutant %r of %s: verdict %s expected %d (%s)"
                         % (name, ud_line(f), toks[0], VERDICT[verdict], verdict))
            if name == "ok" and " ".join(toks[1:]) != " ".join(
                    "%0*x" % ((UD_WIDTH[k] + 3) // 4, f[k]) for k in UD_FIELDS):
                rep.fail("parser (UD): decoded fields %s expected %s" % (toks[1:], ud_line(f)))
    print("parser (UD): %d scapy-built packets (%d rules) checked against the section 5.4 drop order"
          % (n, len(mutants_ud(sets[0]))))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--gen", required=True, help="path of the roce_gen binary")
    ap.add_argument("--n", type=int, default=200, help="random field sets (default 200)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", default="build/cmodel/roce", help="output folder")
    ap.add_argument("--tshark", default="tshark")
    a = ap.parse_args()

    os.makedirs(a.out, exist_ok=True)
    rng = random.Random(a.seed)
    sets = edge_cases() + [random_fields(rng) for _ in range(a.n)]
    pcap = os.path.join(a.out, "roce_c.pcap")
    rep = Report()
    check_builder(rep, a.gen, sets, pcap)
    check_tshark(rep, a.tshark, sets, pcap)
    check_parser(rep, a.gen, sets[:3] + sets[3:3 + min(a.n, 50)])
    ud_sets = ud_edge_cases() + [random_ud(rng) for _ in range(a.n)]
    ud_pcap = os.path.join(a.out, "roce_ud_c.pcap")
    check_builder_ud(rep, a.gen, ud_sets, ud_pcap)
    check_tshark_ud(rep, a.tshark, ud_sets, ud_pcap)
    check_parser_ud(rep, a.gen, ud_sets[:3] + ud_sets[3:3 + min(a.n, 30)])
    if rep.errors:
        print("roce_check: FAILED, %d mismatches (seed %d; rerun: %s)"
              % (rep.errors, a.seed, " ".join(sys.argv)))
        return 1
    print("roce_check: OK (seed %d, %d FA + %d UD field sets)" % (a.seed, len(sets), len(ud_sets)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
