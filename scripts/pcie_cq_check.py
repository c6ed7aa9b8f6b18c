#!/usr/bin/env python3
"""scripts/pcie_cq_check.py - independent check of the CC completions rtl/pcie_cq/pcie_cq.v sent.

Input: the file `tb_pcie_cq --cc-out FILE` writes (docs/pcie_cq.md 6.3):
    Q <first_be hex> <last_be hex> <disc beat or -1> <DW hex> ...   a CQ request as sent: descriptor
                                     DWs 0..3 then the payload DWs, in CQ order
    L <araddr hex> <rdata hex> <err>  an AXI-Lite read the RTL issued and the data it got
    C <DW hex> ...                    a CC TLP as the RTL sent it: descriptor DWs 0..2, payload DWs
Every CC TLP is parsed by cocotbext-pcie's UltraScale+ model (Tlp_us.unpack_us_cc on a
UsPcieFrame; PyPI cocotbext-pcie, pinned in scripts/setup), an implementation nobody here wrote,
and checked against the request that caused it, parsed with Tlp_us.unpack_us_cq (the library's
request-type table), with this script's own rules (docs/pcie_cq.md 3, 4):
  * completions in request order, one per non-posted request (PCIe: memory / locked / IO /
    config reads and writes, atomics) that was not dropped for discontinue on its only beat;
  * status SC iff a memory read of BAR 0 (aperture 20) inside the CSR window [0x80000, 0x100000)
    of 1..NRD DWs, else UR; SC: dword count = the request's, payload = the AXI-Lite read data
    of DW addresses offset, offset + 4, ... in order (a zero-length read: no read, one DW of 0);
  * requester ID, tag, TC, attributes = the request's, AT = descriptor DW0 [1:0]; completer function = the request's
    target function (descriptor DW3 [15:8]), bus 0, completer-ID enable 0; CplLk iff the request was a locked read;
  * memory reads: byte count = Tlp.get_be_byte_count() of the request (dword count 0: 4), lower
    address = address[6:2] and the first enabled byte's offset (first_be 0: 0, PCIe 3.0 table
    2-39; not Tlp.get_lower_address, whose `&` binds after `+`); other requests: 4 and 0;
  * the library's own packing of the parsed TLPs gives back our DWs exactly: Tlp_us.pack_us_cc of
    every completion, Tlp_us.pack_us_cq of every memory / IO / atomic request (so the
    testbench's CQ descriptors are the library's).
Prints one summary line; exit 1 on the first failure (printed), 2 if fewer than --min completions.
"""
import argparse
import sys
from collections import deque

from cocotbext.pcie.core.tlp import TlpType
from cocotbext.pcie.xilinx.us.interface import UsPcieFrame
from cocotbext.pcie.xilinx.us.tlp import Tlp_us

DB_END = 0x80000
POSTED = {1, 12, 13, 14, 15}
PACKABLE = {0, 1, 2, 3, 4, 5, 6, 7}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    ap.add_argument("--min", type=int, default=1000)
    ap.add_argument("--nrd", type=int, default=8)
    a = ap.parse_args()
    exp = deque()       # requests owed a completion
    reads = deque()     # AXI-Lite reads: (addr, data)
    n = nsc = nur = nlk = nreq = npk = 0
    with open(a.file) as f:
        for lineno, line in enumerate(f, 1):
            w = line.split()
            errs = []
            if w[0] == "Q":
                fbe, lbe, disc = int(w[1], 16), int(w[2], 16), int(w[3])
                dws = [int(x, 16) for x in w[4:]]
                nreq += 1
                rtype = (dws[2] >> 11) & 0xf
                nbeats = (len(dws) + 7) // 8
                if rtype in POSTED or (disc == 0 and nbeats == 1):
                    continue
                pkt = UsPcieFrame()
                pkt.data = list(dws)
                pkt.first_be, pkt.last_be = fbe, lbe
                npl = len(dws) - 4   # tuser byte_en as the core gives it (the RTL does not use it)
                pkt.byte_en = [0] * 4 + [fbe] * (npl >= 1) + [0xf] * max(npl - 2, 0) + [lbe] * (npl > 1)
                t = Tlp_us.unpack_us_cq(pkt)
                t.bar_id = (dws[3] >> 16) & 7
                t.bar_aperture = (dws[3] >> 19) & 0x3f
                if rtype in PACKABLE:
                    t.discontinue = False
                    back = Tlp_us(t).pack_us_cq()
                    if back.data != dws or back.first_be != fbe or back.last_be != lbe:
                        errs.append("library's pack_us_cq of the parsed request differs from ours")
                    npk += 1
                if not errs:
                    exp.append((lineno, t, dws, fbe))
                    continue
            elif w[0] == "L":
                reads.append((int(w[1], 16), int(w[2], 16)))
                continue
            else:
                dws = [int(x, 16) for x in w[1:]]
                pkt = UsPcieFrame()
                pkt.data = list(dws)
                c = Tlp_us.unpack_us_cc(pkt)
                if not exp:
                    errs.append("completion with no request owed one")
                else:
                    qline, t, qd, fbe = exp.popleft()
                    memrd = t.fmt_type in (TlpType.MEM_READ, TlpType.MEM_READ_64, TlpType.MEM_READ_LOCKED,
                                           TlpType.MEM_READ_LOCKED_64)
                    locked = t.fmt_type in (TlpType.MEM_READ_LOCKED, TlpType.MEM_READ_LOCKED_64)
                    off = t.address & 0xfffff
                    dwc = qd[2] & 0x7ff
                    sc = (t.fmt_type in (TlpType.MEM_READ, TlpType.MEM_READ_64) and t.bar_id == 0 and
                          t.bar_aperture == 20 and 1 <= dwc <= a.nrd and off >= DB_END and
                          off + 4 * dwc <= 2 * DB_END)
                    if int(c.status) != (0 if sc else 1):
                        errs.append(f"status {int(c.status)} != {0 if sc else 1}")
                    if (c.fmt_type == TlpType.CPL_LOCKED) != locked:
                        errs.append(f"CplLk {c.fmt_type} for a locked read {locked}")
                    if int(c.requester_id) != int(t.requester_id) or c.tag != t.tag:
                        errs.append("requester ID / tag differ from the request's")
                    if int(c.tc) != int(t.tc) or int(c.attr) != int(t.attr) or int(c.at) != qd[0] & 3:
                        errs.append("TC / attr / AT differ from the request's")
                    fn = (qd[3] >> 8) & 0xff   # config requests: the library leaves completer_id unset
                    if (c.completer_id.function != fn or c.completer_id.bus != 0 or
                            c.completer_id.device != 0 or c.completer_id_enable):
                        errs.append(f"completer ID {c.completer_id} / enable {c.completer_id_enable}")
                    if c.ep:
                        errs.append("poisoned")
                    if memrd:
                        bc = t.get_be_byte_count() if dwc else 4
                        la = (t.address & 0x7c) + (0 if fbe == 0 else t.get_first_be_offset())
                    else:
                        bc, la = 4, 0
                    if c.byte_count != bc:
                        errs.append(f"byte count {c.byte_count} != {bc}")
                    if c.lower_address != la:
                        errs.append(f"lower address {c.lower_address:#x} != {la:#x}")
                    if sc:
                        if c.length != dwc:
                            errs.append(f"dword count {c.length} != {dwc}")
                        if dwc == 1 and fbe == 0:
                            want = [0]
                        else:
                            want = []
                            for i in range(dwc):
                                if not reads:
                                    errs.append("fewer AXI-Lite reads than DWs")
                                    break
                                ra, rd = reads.popleft()
                                if ra != off + 4 * i:
                                    errs.append(f"AXI-Lite read {ra:#x} != {off + 4 * i:#x}")
                                want.append(rd)
                        if dws[3:] != want:
                            errs.append(f"payload {[hex(x) for x in dws[3:]]} != read data {[hex(x) for x in want]}")
                        nsc += 1
                    else:
                        if c.length != 0 or len(dws) != 3:
                            errs.append("UR completion with data")
                        nur += 1
                    nlk += locked
                    back = Tlp_us(c).pack_us_cc()
                    if back.data != dws:
                        errs.append("library's pack_us_cc of the parsed completion differs from ours")
                    if errs:
                        errs.append(f"request at line {qline}: {t!r}")
                n += 1
            if errs:
                print(f"pcie_cq_check: {a.file}:{lineno}: " + "; ".join(errs))
                return 1
    if exp or reads:
        print(f"pcie_cq_check: {len(exp)} completions owed and never sent, {len(reads)} AXI-Lite reads unused")
        return 1
    print(f"pcie_cq_check: {n} CC completions ({nsc} SC, {nur} UR, {nlk} CplLk) of {nreq} CQ requests parsed and "
          f"checked by cocotbext-pcie Tlp_us, {npk} requests re-packed by pack_us_cq, 0 failed")
    if n < a.min:
        print(f"pcie_cq_check: fewer than --min {a.min} completions")
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
