#!/usr/bin/env python3
"""mcast_pcap.py PCAP... -- packet oracle of the mcast encapsulation (docs/mcast.md section 3).

For every frame the RTL emitted on m_axis_fab (written by tb_mcast --pcap-out), two independent
decoders must agree with each other and with the layout rules:
  * scapy reads the raw frame (Ether) and this script unpacks the header with struct;
  * tshark decodes it with the Lua dissector scripts/mcast.lua (-X lua_script:...), and its
    fields (mcast.*) must equal the struct values; no expert info (malformed) may be raised;
    the inner frame must be decoded as Ethernet again (eth.dst of the inner frame).
Rules checked: EtherType 0x88B5, version 1, type 0/1, record 0 = destination switch with
subtree size = NREC, child sizes partition the list, frame length = 26 + 4 NREC + inner_len.
Prints one line per file and "N passed, N failed"; exit status 1 on any failure."""
import struct
import subprocess
import sys

from scapy.all import Ether, rdpcap

FIELDS = ["frame.number", "mcast.ver", "mcast.type", "mcast.group", "mcast.nrec", "mcast.mtid",
          "mcast.src_sw", "mcast.dst_sw", "mcast.root_sw", "mcast.root_seq", "mcast.inner_len",
          "mcast.rec.sw", "mcast.rec.size", "mcast.rec.bmp", "_ws.expert", "eth.dst"]


def tshark(path):
    cmd = ["tshark", "-X", "lua_script:scripts/mcast.lua", "-r", path, "-T", "fields", "-E",
           "separator=/t", "-E", "occurrence=a", "-E", "aggregator=,"]
    for f in FIELDS:
        cmd += ["-e", f]
    out = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
    return [dict(zip(FIELDS, line.split("\t"))) for line in out.splitlines()]


def ints(s):
    return [int(x, 0) for x in s.split(",") if x != ""]


def main(paths):
    passed = failed = 0
    for path in paths:
        pkts = rdpcap(path)
        rows = tshark(path)
        if len(rows) != len(pkts):
            print(f"{path}: tshark decoded {len(rows)} frames, scapy read {len(pkts)}")
            failed += 1
            continue
        bad = 0
        for i, (p, row) in enumerate(zip(pkts, rows)):
            raw = bytes(p)
            e = Ether(raw)
            errs = []
            if e.type != 0x88B5:
                errs.append(f"EtherType 0x{e.type:04x}")
            vt, grp, nrec, mtid, src, dst, root, _rsvd, seq, ilen = struct.unpack(">BBBBBBBBHH", raw[14:26])
            recs = [struct.unpack(">BBH", raw[26 + 4 * r:30 + 4 * r]) for r in range(nrec)]
            if vt >> 4 != 1 or (vt & 15) > 1:
                errs.append(f"version/type 0x{vt:02x}")
            if len(raw) != 26 + 4 * nrec + ilen:
                errs.append(f"length {len(raw)} != 26 + 4*{nrec} + {ilen}")
            if not recs or recs[0][0] != dst or recs[0][1] != nrec:
                errs.append("record 0 is not the destination switch with subtree size NREC")
            pos = 1
            for r in range(1, nrec):
                if r == pos:
                    if recs[r][1] == 0 or r + recs[r][1] > nrec:
                        errs.append("subtree sizes do not partition the list")
                        break
                    pos = r + recs[r][1]
            want = {"mcast.ver": [vt >> 4], "mcast.type": [vt & 15], "mcast.group": [grp], "mcast.nrec": [nrec],
                    "mcast.mtid": [mtid], "mcast.src_sw": [src], "mcast.dst_sw": [dst], "mcast.root_sw": [root],
                    "mcast.root_seq": [seq], "mcast.inner_len": [ilen], "mcast.rec.sw": [r[0] for r in recs],
                    "mcast.rec.size": [r[1] for r in recs], "mcast.rec.bmp": [r[2] for r in recs]}
            for k, v in want.items():
                got = ints(row.get(k, ""))
                if got != v:
                    errs.append(f"tshark {k} = {got}, struct = {v}")
            mexp = [x for x in row.get("_ws.expert", "").split(",") if "mcast" in x or "subtree" in x]
            if mexp:
                errs.append("tshark mcast expert info: " + ",".join(mexp))
            inner_dst = ":".join(f"{b:02x}" for b in raw[26 + 4 * nrec:32 + 4 * nrec])
            if inner_dst not in row.get("eth.dst", "").split(","):
                errs.append(f"inner frame not decoded as Ethernet (dst {inner_dst}; tshark eth.dst {row.get('eth.dst')})")
            if errs:
                bad += 1
                if bad <= 5:
                    print(f"{path} frame {i + 1}: " + "; ".join(errs))
        print(f"{path}: {len(pkts)} frames, {len(pkts) - bad} agree (scapy/struct vs tshark + mcast.lua)")
        passed += len(pkts) - bad
        failed += bad
        if not pkts:
            print(f"{path}: no frames")
            failed += 1
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
