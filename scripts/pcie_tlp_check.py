#!/usr/bin/env python3
"""scripts/pcie_tlp_check.py - independent check of the RQ TLPs rtl/pcie/pcie_req.v emitted.

Input: the file `tb_pcie --tlp-out FILE` writes (docs/pcie.md 5.3):
    C <mrrs bytes> <mps bytes>
    R <addr hex> <len>                     a NIC read, in acceptance order
    W <addr hex> <len> <beats hex>         a NIC write and its 32-byte beats
    Q <first_be hex> <last_be hex> <DW hex> ...   an RQ TLP as the RTL sent it: the descriptor
                                           DWs 0..3 then the payload DWs (tdata order, tkeep
                                           lanes only), tuser[3:0] / [7:4]
Every RQ TLP is parsed by cocotbext-pcie's UltraScale+ model (Tlp_us.unpack_us_rq on a
UsPcieFrame; PyPI cocotbext-pcie, pinned in scripts/setup), an implementation nobody here wrote,
and checked against the NIC request stream, with this script's own splitting rules:
  * Tlp.check() (length vs payload, no 4 KiB crossing); MEM_READ / MEM_WRITE, _64 iff the
    address is >= 4 GiB (the library's rule: the core sends a 4-DW header then);
  * reads in order: each NIC read is covered by consecutive TLPs, address (Tlp.address + first-BE
    offset) = the running byte address, byte count (Length and byte enables) = up to the next
    MRRS boundary or the read's end; tag < 64; EP, TC, attributes, AT, requester-ID enable 0;
  * writes in order: the same at MPS, and every enabled payload byte equals the NIC write's byte
    at that host address;
  * the library's own packing (Tlp_us.pack_us_rq) of the parsed TLP gives back our DWs and byte
    enables exactly.
Prints one summary line; exit 1 on the first failing TLP (printed), 2 if fewer than --min TLPs.
"""
import argparse
import sys
from collections import deque

from cocotbext.pcie.core.tlp import TlpType
from cocotbext.pcie.xilinx.us.interface import UsPcieFrame
from cocotbext.pcie.xilinx.us.tlp import Tlp_us


def chunks(addr, length, size):
    out = []
    while length:
        n = min(length, size - (addr & (size - 1)))
        out.append((addr, n))
        addr += n
        length -= n
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    ap.add_argument("--min", type=int, default=1000)
    ap.add_argument("--ntag", type=int, default=64)
    a = ap.parse_args()
    mrrs = mps = None
    exp_rd, exp_wr = deque(), deque()
    n = nr = nw = n64 = 0
    with open(a.file) as f:
        for lineno, line in enumerate(f, 1):
            w = line.split()
            if w[0] == "C":
                mrrs, mps = int(w[1]), int(w[2])
                continue
            if w[0] == "R":
                exp_rd.extend(chunks(int(w[1], 16), int(w[2]), mrrs))
                continue
            if w[0] == "W":
                addr, ln, data = int(w[1], 16), int(w[2]), bytes.fromhex(w[3])
                base = addr & ~31
                for ca, cn in chunks(addr, ln, mps):
                    exp_wr.append((ca, cn, {x: data[x - base] for x in range(ca, ca + cn)}))
                continue
            fbe, lbe = int(w[1], 16), int(w[2], 16)
            dws = [int(x, 16) for x in w[3:]]
            pkt = UsPcieFrame()
            pkt.data = list(dws)
            pkt.first_be, pkt.last_be = fbe, lbe
            errs = []
            t = Tlp_us.unpack_us_rq(pkt)
            write = t.fmt_type in (TlpType.MEM_WRITE, TlpType.MEM_WRITE_64)
            if not t.check():
                errs.append("Tlp.check() failed")
            q = exp_wr if write else exp_rd
            if not q:
                errs.append("TLP beyond the NIC requests")
                ea = en = None
            else:
                ea, en, *rest = q.popleft()
                addr = t.address + t.get_first_be_offset()
                want = ((TlpType.MEM_WRITE_64 if ea >> 32 else TlpType.MEM_WRITE) if write else
                        (TlpType.MEM_READ_64 if ea >> 32 else TlpType.MEM_READ))
                if t.fmt_type != want:
                    errs.append(f"type {t.fmt_type} != {want}")
                if addr != ea:
                    errs.append(f"address {addr:#x} != expected {ea:#x}")
                if t.get_be_byte_count() != en:
                    errs.append(f"byte count {t.get_be_byte_count()} != expected {en}")
                if write:
                    got = t.data
                    off = t.address
                    for x, v in rest[0].items():
                        if got[x - off] != v:
                            errs.append(f"payload byte at {x:#x}: {got[x - off]:#04x} != {v:#04x}")
                            break
                elif t.tag >= a.ntag:
                    errs.append(f"tag {t.tag} >= {a.ntag}")
            if t.ep or int(t.tc) or int(t.attr) or int(t.at) or t.requester_id_enable or int(t.requester_id):
                errs.append("EP / TC / Attr / AT / requester ID (enable) not zero")
            back = Tlp_us(t).pack_us_rq()
            if back.data != dws or back.first_be != fbe or back.last_be != lbe:
                errs.append("library's pack_us_rq of the parsed TLP differs from ours")
            if errs:
                print(f"pcie_tlp_check: {a.file}:{lineno}: " + "; ".join(errs))
                print(f"  parsed: {t!r}")
                return 1
            n += 1
            nw += write
            nr += not write
            n64 += ea is not None and ea >> 32 != 0
    if exp_rd or exp_wr:
        print(f"pcie_tlp_check: {len(exp_rd)} read / {len(exp_wr)} write TLPs expected and never sent")
        return 1
    print(f"pcie_tlp_check: {n} RQ TLPs ({nr} reads, {nw} writes, {n64} 64-bit addresses) parsed and checked by "
          f"cocotbext-pcie Tlp_us, 0 failed")
    if n < a.min:
        print(f"pcie_tlp_check: fewer than --min {a.min} TLPs")
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
