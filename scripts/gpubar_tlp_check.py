#!/usr/bin/env python3
"""scripts/gpubar_tlp_check.py - independent check of the TLP headers gpubar_xlat emitted.

Input: the file `tb_gpubar --tlp-out FILE` writes, one request per line:
    <32 hex digits: header bytes 0..15> <len in bytes, decimal> <byte address, hex>
Every header is parsed by cocotbext-pcie (an implementation nobody here wrote; PyPI
cocotbext-pcie, tested with 0.2.16): Tlp.unpack on the header (12 bytes for a 3-DW header, 16 for
a 4-DW one) plus a payload of Length DW for writes, then
  * its own Tlp.check(): length vs payload, no 4 KiB crossing of a memory request;
  * byte count from Length and the byte enables (Tlp.get_be_byte_count) == the request's len;
  * address (Tlp.address + first-BE offset) == the request's byte address;
  * a memory request (MEM_READ / MEM_WRITE, _64 for 4-DW), 4-DW iff the address >= 4 GiB,
    3-DW header's bytes 12..15 zero, TC / attributes / TD / EP / AT zero;
  * the header the library builds itself (Tlp.set_addr_be + pack_header) for the same type,
    requester ID, tag, address and length is byte-identical to ours.
Caveats of the library read before trusting it (docs/gpubar.md 6.3): its length range check
`0 > length > 1024` can never fire (so we check 1 <= Length <= 128 ourselves), and
get_lower_address() has an operator-precedence slip (not used here).
Prints one summary line; exit 1 on the first failing request (printed), 2 if fewer than --min
requests were checked.
"""
import argparse
import sys

from cocotbext.pcie.core.tlp import Tlp, TlpType


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("files", nargs="+")
    ap.add_argument("--min", type=int, default=1, help="fail unless at least this many requests were checked")
    a = ap.parse_args()
    n = nw = n4 = 0
    for fn in a.files:
        with open(fn) as f:
            for lineno, line in enumerate(f, 1):
                hx, ln, ad = line.split()
                hdr, ln, addr = bytes.fromhex(hx), int(ln), int(ad, 16)
                four = hdr[0] & 0x20 != 0
                write = hdr[0] & 0x40 != 0
                hsize = 16 if four else 12
                ndw = (hdr[2] & 3) << 8 | hdr[3]
                pkt = hdr[:hsize] + (bytes(4 * ndw) if write else b"")
                errs = []
                t = Tlp.unpack(pkt)
                ok = t.check()
                if not ok:
                    errs.append("Tlp.check() failed")
                want = (TlpType.MEM_WRITE_64 if four else TlpType.MEM_WRITE) if write else \
                       (TlpType.MEM_READ_64 if four else TlpType.MEM_READ)
                if t.fmt_type != want:
                    errs.append(f"type {t.fmt_type} != {want}")
                if four != (addr >= 1 << 32):
                    errs.append("4-DW header iff address >= 4 GiB")
                if not four and hdr[12:16] != bytes(4):
                    errs.append("3-DW header: bytes 12..15 not zero")
                if not 1 <= t.length <= 128:
                    errs.append(f"Length {t.length} out of 1..128")
                if t.get_be_byte_count() != ln:
                    errs.append(f"byte count from Length/BEs {t.get_be_byte_count()} != len {ln}")
                if t.address + t.get_first_be_offset() != addr:
                    errs.append(f"address {t.address:#x} + first-BE offset != {addr:#x}")
                if int(t.tc) or int(t.attr) or t.td or t.ep or int(t.at) or t.th or t.ln or t.ph:
                    errs.append("TC / Attr / TD / EP / AT / TH / LN / PH not zero")
                ref = Tlp()
                ref.fmt_type = want
                ref.requester_id = t.requester_id
                ref.tag = t.tag
                ref.set_addr_be(addr, ln)
                if bytes(ref.pack_header()) != hdr[:hsize]:
                    errs.append(f"library header {bytes(ref.pack_header()).hex()} != ours {hdr[:hsize].hex()}")
                if errs:
                    print(f"gpubar_tlp_check: {fn}:{lineno}: {hx} len {ln} addr {addr:#x}: " + "; ".join(errs))
                    print(f"  parsed: {t!r}")
                    return 1
                n += 1
                nw += write
                n4 += four
    print(f"gpubar_tlp_check: {n} requests ({nw} writes, {n4} 4-DW headers) parsed and checked by cocotbext-pcie, 0 failed")
    if n < a.min:
        print(f"gpubar_tlp_check: fewer than --min {a.min} requests")
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
