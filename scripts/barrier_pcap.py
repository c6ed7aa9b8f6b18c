#!/usr/bin/env python3
"""barrier_pcap.py - independent oracles for the barrier block's packets on the wire.

  barrier_pcap.py gen OUT.pcap [--seed N] [--n N]
      Builds, with scapy (scripts/roce_oracle.py), notifications in the default UD layout
      (docs/barrier.md 5.1) for the configuration of the `directed` lockstep scenario
      (tb/barrier/tb_barrier_dev.cpp: Q_Key 0x5eed0001, GROUP_IP[b] = 239.0.1.b, INC_MAX 4,
      barrier 1 disabled), from source index 5 with PSNs 1, 2, ... (the scenario's own peer is
      source 0), and writes them with scapy's wrpcap: valid ones for every barrier, a duplicate,
      a stale and a gapped PSN, a source index out of range, and ones that break one receive
      rule each (increment 0 / 5, wrong Q_Key, unicast DestQP, RC opcode, disabled barrier,
      barrier out of range, truncated, long, bad IPv4 checksum, wrong UDP port). The lockstep
      replays them through the RTL and the C model (--pcap-in), which must agree on every
      verdict, counter and output.

  barrier_pcap.py check TX.pcap [TX.pcap ...]
      Checks the notifications the RTL emitted (the lockstep's --pcap-out captures), in either
      layout (5.1 UD, 5.2 FETCH_ADD):
      (1) tshark decodes every frame as eth:ethertype:ip:udp:infiniband(:data), BTH opcode 101
          (UD SEND_ONLY_WITH_IMMEDIATE) or 20 (RC FETCH_ADD), with a good IPv4 checksum, and
          `tshark -z expert` reports nothing;
      (2) each frame is byte-identical to the packet scapy builds from the fields read back
          from it (this covers the IPv4 checksum and the ICRC, which scapy computes).
      Exit status 0 when every frame passes, 1 otherwise.
"""
import argparse
import os
import random
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import roce_oracle  # noqa: E402
from scapy.utils import rdpcap, wrpcap  # noqa: E402
from scapy.layers.l2 import Ether  # noqa: E402

QKEY, INC_MAX, SRC = 0x5eed0001, 4, 5


def gip(b):
    return 0xef000100 + b


def fields(bar, inc, psn, qkey=QKEY, src=SRC, gbar=None):
    g = gip(bar if gbar is None else gbar)
    return {"dst_mac": 0x01005e000000 | (g & 0x7fffff), "src_mac": 0x020000000042, "tos": 0,
            "src_ip": 0x0a000042, "dst_ip": g, "psn": psn, "udp_sport": 0xc001, "qkey": qkey,
            "src_qp": 0x42, "src_id": src, "bar": bar, "imm_resv": 0, "inc": inc}


def gen(args):
    rng = random.Random(args.seed)
    lay = roce_oracle.layers_ud
    pkts, psn = [], 1
    for i in range(args.n):
        bar = rng.choice([0, 0, 2, 3, 1])
        pkts.append(lay(fields(bar, rng.randint(1, INC_MAX), psn)))
        psn += 1
    pkts.append(lay(fields(0, 1, psn - 1)))               # duplicate of the last one
    pkts.append(lay(fields(0, 1, psn - 5)))               # stale
    psn += 3
    pkts.append(lay(fields(0, 1, psn)))                   # gap of 3
    psn += 1
    pkts.append(lay(fields(0, 1, 1, src=200)))            # source index out of range
    bad = [fields(0, 0, psn), fields(0, INC_MAX + 1, psn + 1), fields(0, 1, psn + 2, qkey=QKEY ^ 1),
           fields(200, 1, psn + 3, gbar=0), fields(0, 1, psn + 4, gbar=7)]
    pkts += [lay(f) for f in bad]                         # inc 0, inc 5, Q_Key, bar >= NB, dst IP
    p = lay(fields(0, 1, psn + 5))
    p["BTH"].dqpn = 0x000123                              # unicast DestQP
    pkts.append(p)
    p = lay(fields(0, 1, psn + 6))
    p["BTH"].opcode = 0x05                                # RC SEND_ONLY_WITH_IMMEDIATE
    pkts.append(p)
    raw = roce_oracle.build_ud(fields(0, 1, psn + 7))
    pkts.append(Ether(raw[:60]))                         # truncated
    pkts.append(Ether(raw + b"\x00" * 8))                # long (the FETCH_ADD length)
    b = bytearray(raw)
    b[24] ^= 0xff                                        # IPv4 checksum broken
    pkts.append(Ether(bytes(b)))
    p = lay(fields(0, 1, psn + 8))
    p["UDP"].dport = 4792                                # not RoCEv2
    pkts.append(p)
    pkts.append(lay(fields(1, 1, psn + 9)))              # disabled barrier (sequence still advances)
    pkts.append(lay(fields(2, 1, psn + 10)))             # in order again
    wrpcap(args.out, pkts)
    print("wrote %d scapy-built packets to %s" % (len(pkts), args.out))
    return 0


def be(b, off, n):
    return int.from_bytes(b[off:off + n], "big")


def check(args):
    bad = 0
    total = 0
    for path in args.pcaps:
        frames = [bytes(p) for p in rdpcap(path)]
        total += len(frames)
        if not frames:
            print("%s: no frames" % path)
            continue
        cmd = ["tshark", "-n", "-r", path, "-o", "ip.check_checksum:TRUE", "-T", "fields",
               "-e", "frame.protocols", "-e", "infiniband.bth.opcode", "-e", "ip.checksum.status",
               "-e", "frame.len"]
        out = subprocess.run(cmd, capture_output=True, text=True)
        rows = [r.split("\t") for r in out.stdout.strip().split("\n") if r]
        if out.returncode != 0 or len(rows) != len(frames):
            print("%s: tshark failed or decoded %d of %d frames: %s" % (path, len(rows), len(frames),
                                                                       out.stderr.strip()))
            bad += 1
        for i, r in enumerate(rows):
            ok_ud = r[0] == "eth:ethertype:ip:udp:infiniband:data" and r[1] == "101" and r[3] == "78"
            ok_fa = r[0] == "eth:ethertype:ip:udp:infiniband" and r[1] == "20" and r[3] == "86"
            if not (ok_ud or ok_fa) or r[2] not in ("1", "Good"):
                print("%s frame %d: tshark decode %r" % (path, i + 1, r))
                bad += 1
        ex = subprocess.run(["tshark", "-n", "-r", path, "-o", "ip.check_checksum:TRUE", "-q",
                             "-z", "expert"], capture_output=True, text=True)
        body = [ln for ln in ex.stdout.split("\n") if ln.strip() and not ln.startswith("=")]
        if ex.returncode != 0 or body:
            print("%s: tshark expert info not empty:\n%s" % (path, "\n".join(body[:10])))
            bad += 1
        for i, b in enumerate(frames):
            if len(b) == 78:     # UD (5.1)
                f = {"dst_mac": be(b, 0, 6), "src_mac": be(b, 6, 6), "tos": b[15],
                     "src_ip": be(b, 26, 4), "dst_ip": be(b, 30, 4), "psn": be(b, 51, 3),
                     "udp_sport": be(b, 34, 2), "qkey": be(b, 54, 4), "src_qp": be(b, 59, 3),
                     "src_id": b[62], "bar": b[63], "imm_resv": be(b, 64, 2), "inc": be(b, 66, 8)}
                ref = roce_oracle.build_ud(f)
            else:                # FETCH_ADD (5.2)
                f = {"dst_mac": be(b, 0, 6), "src_mac": be(b, 6, 6), "tos": b[15],
                     "src_ip": be(b, 26, 4), "dst_ip": be(b, 30, 4), "psn": be(b, 51, 3),
                     "udp_sport": be(b, 34, 2), "dest_qp": be(b, 47, 3), "va": be(b, 54, 8),
                     "rkey": be(b, 62, 4), "add_data": be(b, 66, 8), "cmp_data": be(b, 74, 8)}
                ref = roce_oracle.build(f)
            if ref != b:
                diff = [j for j in range(max(len(ref), len(b)))
                        if j >= len(ref) or j >= len(b) or ref[j] != b[j]]
                print("%s frame %d: differs from scapy at bytes %s" % (path, i + 1, diff[:16]))
                bad += 1
    print("barrier_pcap check: %d frames in %d capture(s): tshark decode + expert + scapy "
          "byte identity: %s" % (total, len(args.pcaps), "OK" if not bad and total else "FAIL"))
    return 0 if not bad and total else 1


def main():
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    g = sub.add_parser("gen")
    g.add_argument("out")
    g.add_argument("--seed", type=int, default=1)
    g.add_argument("--n", type=int, default=64)
    c = sub.add_parser("check")
    c.add_argument("pcaps", nargs="+")
    a = ap.parse_args()
    return gen(a) if a.cmd == "gen" else check(a)


if __name__ == "__main__":
    sys.exit(main())
