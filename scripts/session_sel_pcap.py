#!/usr/bin/env python3
"""session_sel_pcap.py PCAP CSV - independent oracles for the IP/UDP fields session_sel writes.

The lockstep (tb/session_sel/tb_session_sel.cpp --pcap-out PREFIX) writes every m_desc decision
with status OK as a RoCEv2 packet (cmodel/session_sel_pkt.c: Eth / IPv4 with the block's ToS,
source and destination IP / UDP with the chosen session's ports / BTH RC SEND_ONLY with DestQP and
PSN / 16 zero bytes / ICRC) and the same fields, as the RTL emitted them, to CSV. Checks:
  (1) tshark (decode-as infiniband on the sessions' UDP destination ports, since SRDMA ports are
      not 4791, seed [0015], [0025]) decodes every frame as eth:ethertype:ip:udp:infiniband with a
      good IPv4 header checksum, and its ip.src, ip.dst, DSCP, ECN, udp.srcport, udp.dstport,
      BTH DestQP and PSN equal the CSV row;
  (2) every frame is byte-identical to the packet scapy (scapy.contrib.roce, which computes the
      ICRC itself) builds from the CSV row.
Exit status 0 when every frame passes, 1 otherwise.
"""
import csv
import subprocess
import sys

from scapy.compat import raw
from scapy.contrib.roce import BTH
from scapy.layers.inet import IP, UDP
from scapy.layers.l2 import Ether
from scapy.packet import Raw
from scapy.utils import rdpcap


def ip_str(v):
    return ".".join(str((v >> (8 * (3 - i))) & 0xff) for i in range(4))


def build(r):
    psn = r["psn"] & 0xffffff
    return raw(Ether(dst="02:00:00:00:00:02", src="02:00:00:00:00:01", type=0x0800)
               / IP(version=4, ihl=5, tos=r["tos"], id=psn & 0xffff, flags="DF", frag=0, ttl=64, proto=17,
                    src=ip_str(r["src_ip"]), dst=ip_str(r["dst_ip"]))
               / UDP(sport=r["sport"], dport=r["dport"], chksum=0)
               / BTH(opcode=0x04, solicited=0, migreq=0, padcount=0, version=0, pkey=0xffff, fecn=0, becn=0,
                     resv6=0, dqpn=r["dest_qpn"], ackreq=0, resv7=0, psn=psn)
               / Raw(b"\x00" * 16))


def main():
    pcap, csvf = sys.argv[1], sys.argv[2]
    rows = [{k: int(v) for k, v in r.items()} for r in csv.DictReader(open(csvf))]
    frames = [bytes(p) for p in rdpcap(pcap)]
    bad = 0
    if len(rows) != len(frames) or not frames:
        print("session_sel_pcap: %d frames, %d CSV rows" % (len(frames), len(rows)))
        return 1
    ports = sorted({r["dport"] for r in rows})
    cmd = ["tshark", "-n", "-r", pcap, "-o", "ip.check_checksum:TRUE"]
    for p in ports:
        cmd += ["-d", "udp.port==%d,infiniband" % p]
    cmd += ["-T", "fields", "-E", "separator=,"]
    fields = ["frame.protocols", "ip.checksum.status", "ip.src", "ip.dst", "ip.dsfield.dscp", "ip.dsfield.ecn",
              "udp.srcport", "udp.dstport", "infiniband.bth.opcode", "infiniband.bth.destqp", "infiniband.bth.psn"]
    for f in fields:
        cmd += ["-e", f]
    out = subprocess.run(cmd, capture_output=True, text=True)
    dec = [ln.split(",") for ln in out.stdout.strip().split("\n") if ln]
    if out.returncode != 0 or len(dec) != len(frames):
        print("session_sel_pcap: tshark failed or decoded %d of %d frames: %s" % (len(dec), len(frames),
                                                                                 out.stderr.strip()[:300]))
        return 1
    for i, (d, r, b) in enumerate(zip(dec, rows, frames)):
        want = ["eth:ethertype:ip:udp:infiniband", None, ip_str(r["src_ip"]), ip_str(r["dst_ip"]),
                str(r["tos"] >> 2), str(r["tos"] & 3), str(r["sport"]), str(r["dport"]), "4",
                str(r["dest_qpn"]), str(r["psn"])]
        ok = d[1] in ("1", "Good") and d[0].startswith("eth:ethertype:ip:udp:infiniband")
        d[9] = str(int(d[9], 0)) if d[9] else d[9]   # DestQP is printed in hex
        for j, w in enumerate(want):
            if j > 0 and w is not None and d[j].strip() != w:
                ok = False
        if not ok:
            if bad < 5:
                print("frame %d: tshark %r, expected %r" % (i + 1, d, want))
            bad += 1
        ref = build(r)
        if ref != b:
            if bad < 5:
                diff = [j for j in range(max(len(ref), len(b))) if j >= len(ref) or j >= len(b) or ref[j] != b[j]]
                print("frame %d: differs from scapy at bytes %s" % (i + 1, diff[:16]))
            bad += 1
    print("session_sel_pcap: %d frames (%d UDP destination ports): tshark decode + fields + scapy byte identity: %s"
          % (len(frames), len(ports), "OK" if not bad else "FAIL (%d)" % bad))
    return 0 if not bad else 1


if __name__ == "__main__":
    sys.exit(main())
