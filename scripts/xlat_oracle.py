#!/usr/bin/env python3
"""xlat_oracle.py -- the NIC reference walk (cmodel/nic_xlat.c) against the Unicorn CPU emulator.

Issue 11 (seed 003 section 2.4, docs/nic_xlat.md section 3): real x86-64 4-level page tables,
built here at random for several PIDs (a CR3 each): 4 KiB, 2 MiB and 1 GiB pages, read-only
entries at every level, non-present entries, reserved bits (PML4E PS, the frame bits below a large
page), page-table subtrees shared between PIDs and leaf frames mapped twice (aliases). The same
tables go to Unicorn (PyPI `unicorn`, an x86-64 CPU in long mode with CR3 / CR4.PAE / EFER.LME,NXE /
CR0.PG,WP,PE set, its own MMU: UC_TLB_CPU) and to the C model's command-line front end
(build/nic/xlat_ref). For every query VA, Unicorn executes `mov rax, [rbx]` (and for a write
query `mov [rbx], rax`) with rbx = VA; the physical memory of the leaf frames is one MMIO region
whose 8-byte word at PA reads PA, so the value read is the PA Unicorn translated to. A #PF (or the #DF a #PF becomes without an IDT) with CR2 = VA is a fault, a #GP a
non-canonical VA. Every PA and every fault must agree with the C model; each class (4K / 2M / 1G
translation, not present, reserved bit, write to read-only, non-canonical) must be reached.

Physical addresses stay below 2^39: Unicorn's CPU model has fewer physical-address bits than
the NIC's MAXPHYADDR 52 (it would fault on bits 51:40, which the NIC accepts).

With --rtl BIN (the lockstep testbench build/nic/tb_nic_xlat), the same tables and queries also go
through the RTL (its `oracle` scenario: CR3s loaded by LOAD_CR3 commands, every query a request on
s_req, the walker's reads served from the same memory with random latency and order, in lockstep
with the C model); every RTL answer (PA, size, fault) must agree with Unicorn as well.

Usage: xlat_oracle.py --xlat-ref build/nic/xlat_ref [--rtl build/nic/tb_nic_xlat] [--n 20000]
                      [--seed 1] [--pids 6] [--work DIR]
Exit 0 when all agree, 1 on a disagreement (the first 10 are printed), 2 on a setup error.
"""
import argparse
import random
import struct
import subprocess
import sys

try:
    from unicorn import Uc, UcError, UC_ARCH_X86, UC_MODE_64, UC_TLB_CPU, UC_HOOK_INTR
    from unicorn.x86_const import UC_X86_REG_CR0, UC_X86_REG_CR3, UC_X86_REG_CR4, \
        UC_X86_REG_CR2, UC_X86_REG_RAX, UC_X86_REG_RBX, UC_X86_REG_MSR
except ImportError:
    print("xlat_oracle: the unicorn package is missing (scripts/setup installs it into .venv)",
          file=sys.stderr)
    sys.exit(2)

P, RW, US, PS = 0x1, 0x2, 0x4, 0x80
ADDR = 0x000ffffffffff000
PAGE = {1: 1 << 12, 2: 1 << 21, 3: 1 << 30}          # leaf level -> page size
TABLE_BASE = 0x01000000                               # page-table frames from 16 MiB up
DATA_MIN, DATA_MAX = 1 << 32, 1 << 39                 # leaf frames: [4 GiB, 512 GiB)
CODE_PA, CODE_VA = 0x00200000, 0x00007ff000000000     # the two instructions, mapped in every PID


class Tables:
    """Page tables in a dict {pa: 8-byte entry}; frames allocated upwards from TABLE_BASE."""

    def __init__(self, rng):
        self.rng = rng
        self.mem = {}
        self.next = TABLE_BASE
        self.frames = set()

    def frame(self):
        f = self.next
        self.next += 0x1000
        self.frames.add(f)
        return f

    def entry(self, table, idx):
        return self.mem.get(table + 8 * idx, 0)

    def set(self, table, idx, v):
        self.mem[table + 8 * idx] = v

    def map(self, root, va, level, leaf_entry):
        """Install leaf_entry at `level` (3 PDPE, 2 PDE, 1 PTE) for va, creating present,
        writable tables on the way; False when a leaf or a non-present entry is in the way."""
        table = root
        for lv in (4, 3, 2, 1):
            idx = (va >> (12 + 9 * (lv - 1))) & 0x1ff
            if lv == level:
                if self.entry(table, idx) & P:
                    return False
                self.set(table, idx, leaf_entry)
                return True
            e = self.entry(table, idx)
            if e == 0:
                nt = self.frame()
                e = nt | P | RW | (US if self.rng.random() < 0.5 else 0)
                self.set(table, idx, e)
            elif not (e & P) or (lv < 4 and e & PS):
                return False
            table = e & ADDR
        return False


def canonical(va48):
    return va48 | (0xffff000000000000 if va48 >> 47 else 0)


def build(rng, npids):
    t = Tables(rng)
    roots, maps = [], []          # maps: (pid, va_page, level, intended leaf entry)
    leaves = []                   # frames already used (aliases pick from here)
    for pid in range(npids):
        root = t.frame()
        roots.append(root)
        t.map(root, CODE_VA, 1, CODE_PA | P | RW)
        if pid and rng.random() < 0.5:           # share a PDPT subtree of an earlier PID
            other = roots[rng.randrange(pid)]
            for idx in range(512):
                e = t.entry(other, idx)
                if e & P and idx != (CODE_VA >> 39) & 0x1ff:
                    t.set(root, idx, e)
                    break
        for _ in range(rng.randrange(150, 300)):
            level = rng.choices((1, 2, 3), (60, 25, 15))[0]
            size = PAGE[level]
            hi = rng.random() < 0.2
            va = rng.randrange(0, 1 << 47) & ~(size - 1)
            if hi:
                va |= 1 << 47
            if rng.random() < 0.4 and maps:      # near an earlier mapping: shared tables below
                va = (maps[rng.randrange(len(maps))][1] & ~((1 << 30) - 1)) | (
                    rng.randrange(0, 1 << 30) & ~(size - 1))
            if leaves and rng.random() < 0.1:    # alias of an earlier leaf frame
                frame = leaves[rng.randrange(len(leaves))] & ~(size - 1)
                frame = max(frame, DATA_MIN)
            else:
                frame = rng.randrange(DATA_MIN, DATA_MAX) & ~(size - 1)
            e = frame | P | (RW if rng.random() < 0.8 else 0) | (US if rng.random() < 0.5 else 0)
            if level > 1:
                e |= PS
                if rng.random() < 0.3:
                    e |= 0x1000                  # PAT bit of a large page: not reserved
            r = rng.random()
            if r < 0.05:
                e &= ~P                          # not present (frame bits left in place)
            elif r < 0.08 and level > 1:         # reserved: a frame bit below the page
                e |= 1 << rng.randrange(13, 21 if level == 2 else 30)
            if rng.random() < 0.1:
                e |= rng.randrange(0, 1 << 11) << 52   # ignored bits 62:52
            va = canonical(va)
            if t.map(root, va, level, e):
                maps.append((pid, va, level, e))
                leaves.append(frame)
        # damage some intermediate entries: read-only, not present, PML4E with PS (reserved)
        for _ in range(3):
            pid_maps = [m for m in maps if m[0] == pid]
            if not pid_maps:
                break
            va = pid_maps[rng.randrange(len(pid_maps))][1]
            table, lv = root, 4
            stop = rng.randrange(1, 4)
            while lv > stop:
                e = t.entry(table, (va >> (12 + 9 * (lv - 1))) & 0x1ff)
                if not (e & P) or (lv < 4 and e & PS):
                    break
                table, lv = e & ADDR, lv - 1
            idx = (va >> (12 + 9 * (lv - 1))) & 0x1ff
            e = t.entry(table, idx)
            if not (e & P) or (lv < 4 and e & PS) or lv == 1 or (va >> 39) & 0x1ff == (CODE_VA >> 39) & 0x1ff:
                continue
            k = rng.randrange(3)
            t.set(table, idx, e & ~RW if k == 0 else e & ~P if k == 1 else (e | PS if lv == 4 else e & ~RW))
    return t, roots, maps


def queries(rng, roots, maps, n):
    q = []
    for _ in range(n):
        r = rng.random()
        w = 1 if rng.random() < 0.3 else 0
        if r < 0.85 and maps:
            pid, va, level, _ = maps[rng.randrange(len(maps))]
            va += rng.randrange(0, PAGE[level]) & ~7
            if rng.random() < 0.05:              # the same VA through another PID's tables
                pid = rng.randrange(len(roots))
        elif r < 0.97:
            pid, va = rng.randrange(len(roots)), canonical(rng.randrange(0, 1 << 48) & ~7)
        else:
            pid = rng.randrange(len(roots))
            va = (rng.randrange(1, 0x1ffff) << 47) | (rng.randrange(0, 1 << 47) & ~7)
        q.append((roots[pid], va, w))
    return q


class Cpu:
    def __init__(self, t):
        self.uc = uc = Uc(UC_ARCH_X86, UC_MODE_64)
        uc.ctl_set_tlb_mode(UC_TLB_CPU)
        uc.mem_map(TABLE_BASE, t.next - TABLE_BASE)     # the table frames, one region
        for pa, v in t.mem.items():
            uc.mem_write(pa, struct.pack('<Q', v))
        uc.mem_map(CODE_PA, 0x1000)
        uc.mem_write(CODE_PA, bytes.fromhex('488b03' '488903'))   # mov rax,[rbx]; mov [rbx],rax
        # data: one MMIO region whose 8-byte word at PA reads PA (writes are dropped)
        uc.mmio_map(DATA_MIN, DATA_MAX - DATA_MIN, self._mmio_read, None, self._mmio_write, None)
        uc.reg_write(UC_X86_REG_CR4, 1 << 5)                        # PAE
        uc.reg_write(UC_X86_REG_MSR, (0xC0000080, (1 << 8) | (1 << 10) | (1 << 11)))  # EFER
        uc.reg_write(UC_X86_REG_CR0, 0x80010001)                    # PG, WP, PE
        self.trap = None
        uc.hook_add(UC_HOOK_INTR, self._intr)
        self.ctx = uc.context_save()
        self.cr3 = None          # CR3 loaded now (None: restore the saved context first)

    def _intr(self, uc, intno, _ud):
        self.trap = (intno, uc.reg_read(UC_X86_REG_CR2))
        uc.emu_stop()

    @staticmethod
    def _mmio_read(_uc, offset, size, _ud):
        # the bytes [offset, offset + size) of the little-endian word PA (Unicorn splits an
        # 8-byte access into 4-byte ones)
        word = DATA_MIN + (offset & ~7)
        return (word >> (8 * (offset & 7))) & ((1 << (8 * size)) - 1)

    @staticmethod
    def _mmio_write(_uc, _offset, _size, _value, _ud):
        pass

    def run(self, cr3, va, start, rax=0):
        if self.cr3 != cr3:      # a fresh context after a trap or for another PID
            self.uc.context_restore(self.ctx)
            self.uc.reg_write(UC_X86_REG_CR3, cr3)
            self.cr3 = cr3
        self.uc.reg_write(UC_X86_REG_RBX, va)
        self.uc.reg_write(UC_X86_REG_RAX, rax)
        self.trap = None
        try:
            self.uc.emu_start(start, start + 3)
        except UcError as e:
            self.cr3 = None
            return ('error', str(e))
        if self.trap:
            self.cr3 = None
            intno, cr2 = self.trap
            if intno == 13:
                return ('gp',)
            if intno in (8, 14) and cr2 == va:
                return ('pf',)
            return ('trap', intno, cr2)
        return ('ok', self.uc.reg_read(UC_X86_REG_RAX))

    def translate(self, cr3, va, write):
        r = self.run(cr3, va, CODE_VA)
        if r[0] != 'ok' or not write:
            return r
        pa = r[1]
        w = self.run(cr3, va, CODE_VA + 3, rax=pa)
        return ('ok', pa) if w[0] == 'ok' else w


FAULT = {0: 'none', 1: 'noncanon', 2: 'not_present', 3: 'rsvd', 4: 'write'}
SIZE = {0: '4K', 1: '2M', 2: '1G'}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--xlat-ref', required=True)
    ap.add_argument('--n', type=int, default=20000)
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--pids', type=int, default=6)
    ap.add_argument('--rtl', help='lockstep testbench: run the queries through the RTL too')
    ap.add_argument('--work', default='build/nic', help='folder of the --rtl input / output files')
    a = ap.parse_args()
    rng = random.Random(a.seed)
    t, roots, maps = build(rng, a.pids)
    q = queries(rng, roots, maps, a.n)
    inp = ''.join('m %x %x\n' % (pa, v) for pa, v in t.mem.items())
    inp += ''.join('q %x %x %x\n' % (cr3, va, w) for cr3, va, w in q)
    p = subprocess.run([a.xlat_ref], input=inp, capture_output=True, text=True)
    if p.returncode != 0:
        print('xlat_oracle: %s failed: %s' % (a.xlat_ref, p.stderr.strip()), file=sys.stderr)
        return 2
    ref = [l.split() for l in p.stdout.splitlines()]
    if len(ref) != len(q):
        print('xlat_oracle: %d answers for %d queries' % (len(ref), len(q)), file=sys.stderr)
        return 2
    rtl = None
    if a.rtl:
        pid_of = {cr3: pid for pid, cr3 in enumerate(roots)}
        tin = '%s/oracle_s%d.in' % (a.work, a.seed)
        tout = '%s/oracle_s%d.out' % (a.work, a.seed)
        with open(tin, 'w') as f:
            f.write(''.join('m %x %x\n' % (pa, v) for pa, v in t.mem.items()))
            f.write(''.join('c %x %x\n' % (pid, cr3) for pid, cr3 in enumerate(roots)))
            f.write(''.join('q %x %x %x\n' % (pid_of[cr3], va, w) for cr3, va, w in q))
        p = subprocess.run([a.rtl, '--scenario', 'oracle', '--seed', str(a.seed), '--tables', tin,
                            '--out', tout, '--quiet'], capture_output=True, text=True)
        if p.returncode != 0:
            print('xlat_oracle: %s failed:\n%s' % (a.rtl, (p.stdout + p.stderr)[-3000:]), file=sys.stderr)
            return 1
        rtl = [l.split() for l in open(tout).read().splitlines()]
        if len(rtl) != len(q):
            print('xlat_oracle: the RTL answered %d of %d queries' % (len(rtl), len(q)), file=sys.stderr)
            return 2
    cpu = Cpu(t)
    classes = {k: 0 for k in ('4K', '2M', '1G', 'not_present', 'rsvd', 'write', 'noncanon')}
    bad = []
    def agrees(r, u):
        pa, size, fault = int(r[0], 16), SIZE[int(r[1])], FAULT.get(int(r[2]), 'code %s' % r[2])
        if fault == 'none':
            return u == ('ok', pa), size, pa, fault
        if fault == 'noncanon':
            return u == ('gp',), fault, pa, fault
        return u == ('pf',), fault, pa, fault

    rtl_checked = 0
    for i in sorted(range(len(q)), key=lambda k: q[k][0]):
        (cr3, va, w), r = q[i], ref[i]
        u = cpu.translate(cr3, va, w)
        ok, cls, pa, fault = agrees(r, u)
        classes[cls] += 1
        if not ok:
            bad.append('  cr3 %x va %016x %s: model %s pa %x (%s), unicorn %s' % (
                cr3, va, 'write' if w else 'read', fault, pa, cls, u))
        if rtl is not None:
            ok, cls, pa, fault = agrees(rtl[i], u)
            rtl_checked += 1
            if not ok:
                bad.append('  cr3 %x va %016x %s: RTL %s pa %x (%s), unicorn %s' % (
                    cr3, va, 'write' if w else 'read', fault, pa, cls, u))
    print('xlat_oracle: %d translations (%d PIDs, %d mappings, %d table words, seed %d): %s' % (
        len(q), a.pids, len(maps), len(t.mem), a.seed,
        ', '.join('%s %d' % kv for kv in classes.items())))
    if bad:
        print('xlat_oracle: %d disagreements with Unicorn, first ones:' % len(bad))
        print('\n'.join(bad[:10]))
        return 1
    missing = [k for k, v in classes.items() if v == 0]
    if missing:
        print('xlat_oracle: classes never reached: %s' % ', '.join(missing))
        return 1
    if rtl is not None:
        print('xlat_oracle: the RTL (%s) agrees with Unicorn on all %d translations' % (a.rtl, rtl_checked))
    print('xlat_oracle: the model agrees with Unicorn on every translation and fault')
    return 0


if __name__ == '__main__':
    sys.exit(main())
