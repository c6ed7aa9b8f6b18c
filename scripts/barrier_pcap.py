#!/usr/bin/env python3
"""barrier_pcap.py - independent oracles for the barrier block's packets on the wire.

  barrier_pcap.py gen OUT.pcap [--seed N] [--n N]
      Builds, with scapy (scripts/roce_oracle.py), notifications for the configuration of the
      `directed` lockstep scenario (tb/barrier/tb_barrier_dev.cpp: DEST_QP 0x000123,
      R_Key 0x5eed0001, CNT_BASE 0x100000000000, GROUP_IP[b] = 239.0.1.b, INC_MAX 4, barrier 1
      disabled) and writes them with scapy's wrpcap: valid ones for every barrier, and ones
      that break one receive rule each (increment 0 / 5, wrong R_Key, wrong DestQP, disabled
      barrier, VA out of range or misaligned, truncated, long, bad IPv4 checksum, wrong UDP
      port). The lockstep replays them through the RTL and the C model (--pcap-in), which must
      agree on every verdict, counter and output.

  barrier_pcap.py check TX.pcap [TX.pcap ...]
      Checks the notifications the RTL emitted (the lockstep's --pcap-out captures):
      (1) tshark decodes every frame as eth:ethertype:ip:udp:infiniband, BTH opcode 20
          (RC FETCH_ADD), with a good IPv4 checksum, and `tshark -z expert` reports nothing;
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

DQP, RKEY, CNT_BASE, INC_MAX, NB_MIN = 0x000123, 0x5eed0001, 0x100000000000, 4, 2


def gip(b):
    return 0xef000100 + b


def fields(bar, add, psn, rkey=RKEY, dqp=DQP, va=None):
    g = gip(bar)
    return {"dst_mac": 0x01005e000000 | (g & 0x7fffff), "src_mac": 0x020000000042, "tos": 0,
            "src_ip": 0x0a000042, "dst_ip": g, "psn": psn, "udp_sport": 0xc001,
            "dest_qp": dqp, "va": CNT_BASE + 8 * bar if va is None else va, "rkey": rkey,
            "add_data": add, "cmp_data": 0}


def gen(args):
    rng = random.Random(args.seed)
    pkts, psn = [], 1
    for i in range(args.n):
        bar = rng.choice([0, 0, 2, 3, 1])
        pkts.append(roce_oracle.layers(fields(bar, rng.randint(1, INC_MAX), psn)))
        psn += 1
    bad = [fields(0, 0, psn), fields(0, INC_MAX + 1, psn + 1), fields(0, 1, psn + 2, rkey=RKEY ^ 1),
           fields(0, 1, psn + 3, dqp=DQP ^ 4), fields(0, 1, psn + 4, va=CNT_BASE + 4),
           fields(0, 1, psn + 5, va=CNT_BASE - 8), fields(0, 1, psn + 6, va=CNT_BASE + 8 * 4096)]
    pkts += [roce_oracle.layers(f) for f in bad]
    raw = roce_oracle.build(fields(0, 1, psn + 7))
    pkts.append(Ether(raw[:60]))                         # truncated
    pkts.append(Ether(raw + b"\x00" * 8))                # long
    b = bytearray(raw)
    b[24] ^= 0xff                                        # IPv4 checksum broken
    pkts.append(Ether(bytes(b)))
    p = roce_oracle.layers(fields(0, 1, psn + 8))
    p["UDP"].dport = 4792                                # not RoCEv2
    pkts.append(p)
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
               "-e", "frame.protocols", "-e", "infiniband.bth.opcode", "-e", "ip.checksum.status"]
        out = subprocess.run(cmd, capture_output=True, text=True)
        rows = [r.split("\t") for r in out.stdout.strip().split("\n") if r]
        if out.returncode != 0 or len(rows) != len(frames):
            print("%s: tshark failed or decoded %d of %d frames: %s" % (path, len(rows), len(frames),
                                                                       out.stderr.strip()))
            bad += 1
        for i, r in enumerate(rows):
            if r[0] != "eth:ethertype:ip:udp:infiniband" or r[1] != "20" or r[2] not in ("1", "Good"):
                print("%s frame %d: tshark decode %r" % (path, i + 1, r))
                bad += 1
        ex = subprocess.run(["tshark", "-n", "-r", path, "-o", "ip.check_checksum:TRUE", "-q",
                             "-z", "expert"], capture_output=True, text=True)
        body = [ln for ln in ex.stdout.split("\n") if ln.strip() and not ln.startswith("=")]
        if ex.returncode != 0 or body:
            print("%s: tshark expert info not empty:\n%s" % (path, "\n".join(body[:10])))
            bad += 1
        for i, b in enumerate(frames):
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
