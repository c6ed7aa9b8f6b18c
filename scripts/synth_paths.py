#!/usr/bin/env python3
"""synth_paths.py - every failing setup endpoint of a placed-and-routed top, from nextpnr's SDF.

nextpnr-ecp5 reports one critical path per clock; a top far from its constraint has thousands of
failing endpoints, and fixing them one P&R run at a time is slow. This script reads the SDF that
fpga/open/synth.sh asks nextpnr to write (--sdf: cell IOPATH delays, INTERCONNECT delays of the
routed nets, SETUPHOLD checks) and runs a plain static timing analysis on it:

  arrival(start)  = clock-to-output of a flip-flop (TRELLIS_FF CLK->Q) or RAM (WCK->..., block
                    RAM DP16KD CLKA / CLKB -> DO*)
  arrival(node)   = max over its fan-in of arrival + cell or net delay (max corner)
  slack(endpoint) = period - setup - arrival, for every input with a SETUPHOLD check

Single clock, no clock skew (out-of-context tops have one clock net on the global network), the
max value of each min:typ:max triple. Its worst slack matches nextpnr's "Max frequency" line to
within rounding (checked on barrier_ctr: -3.12 ns here, 90.3 MHz there).

Output: a summary line, then one line per register (flip-flop bits grouped by the name before
_TRELLIS_FF_Q, RAM cells by the memory) with failing endpoints: worst slack (ns), number of
failing bits, the start register of its worst path, and the endpoint pin (DI/M data, CE enable,
LSR set/reset, WD/WAD/WRE RAM write port). With --path NAME (repeatable), the worst path into
each register whose name contains NAME, node by node with arrival times.

Usage: scripts/synth_paths.py FILE.sdf [--clock-mhz 125] [--top 40] [--path NAME ...]
Exit status 0 (a report, not a gate: the gate is synth.sh's Fmax check).
Source: docs/synth.md "Failing endpoints".
"""
import argparse
import collections
import re
import sys


def delay_max(triples):
    """Largest number in one or two SDF '(min:typ:max)' groups (ps)."""
    vals = [float(x) for t in triples for x in t.strip('()').split(':') if x != '']
    return max(vals) if vals else 0.0


def parse(path):
    sdf = open(path).read()
    unesc = lambda s: s.replace('\\', '')
    edges = collections.defaultdict(list)   # node -> [(node, delay ps)]
    starts = {}                              # node -> clock-to-output (ps)
    setup = {}                               # endpoint node -> setup (ps)
    net = re.compile(r'\(INTERCONNECT (\S+) (\S+) (\([^)]*\)) (\([^)]*\))\)')
    for m in net.finditer(sdf):
        edges[unesc(m.group(1))].append((unesc(m.group(2)), delay_max(m.group(3, 4))))
    iopath = re.compile(r'\(IOPATH (\S+) (\S+) (\([^)]*\)) (\([^)]*\))\)')
    check = re.compile(r'\(SETUPHOLD \((?:posedge|negedge) (\S+)\) \(posedge (?:CLK\w*|WCK)\) '
                       r'(\([^)]*\)) (\([^)]*\))\)')
    for chunk in sdf.split('\n  (CELL\n')[1:]:
        m = re.match(r'\s*\(CELLTYPE "(\w+)"\)\n\s*\(INSTANCE ([^)]*)\)(.*)', chunk, re.S)
        if not m or m.group(1) == 'top':
            continue
        inst, body = unesc(m.group(2)), m.group(3)
        for p in iopath.finditer(body):
            d = delay_max(p.group(3, 4))
            if p.group(1) in ('CLK', 'WCK') or p.group(1).startswith('CLK'):   # (DP16KD: CLKA / CLKB)
                starts[inst + '/' + p.group(2)] = d
            else:
                edges[inst + '/' + p.group(1)].append((inst + '/' + p.group(2), d))
        for c in check.finditer(body):
            n = inst + '/' + c.group(1)
            setup[n] = max(setup.get(n, 0.0), delay_max(c.group(2, 3)))
    return edges, starts, setup


def analyse(edges, starts):
    """Longest arrival per node (topological order), its start point and predecessor."""
    indeg = collections.Counter()
    nodes = set(edges) | set(starts)
    for a, outs in edges.items():
        for b, _ in outs:
            indeg[b] += 1
            nodes.add(b)
    queue = collections.deque(n for n in nodes if indeg[n] == 0)
    arr, src, pred = {}, {}, {}
    while queue:
        n = queue.popleft()
        if n in starts and starts[n] > arr.get(n, -1.0):
            arr[n], src[n] = starts[n], n
        for b, d in edges.get(n, ()):
            if n in arr and arr[n] + d > arr.get(b, -1.0):
                arr[b], src[b], pred[b] = arr[n] + d, src[n], n
            indeg[b] -= 1
            if indeg[b] == 0:
                queue.append(b)
    return arr, src, pred


def group(node):
    """RTL register or memory name of a flip-flop / RAM pin."""
    inst = node.rsplit('/', 1)[0]
    inst = re.sub(r'_TRELLIS_FF_Q(_\d+)?$', '', inst)
    return re.sub(r'\.\d+\$(DPRAM_COMB\d|RAMW.*)$', ' [RAM]', inst)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('sdf')
    ap.add_argument('--clock-mhz', type=float, default=125.0)
    ap.add_argument('--top', type=int, default=40, help='registers listed (default 40)')
    ap.add_argument('--path', action='append', default=[], help='print the worst path into NAME')
    a = ap.parse_args()
    period = 1e6 / a.clock_mhz
    edges, starts, setup = parse(a.sdf)
    arr, src, pred = analyse(edges, starts)
    res = sorted((period - s - arr[n], n) for n, s in setup.items() if n in arr)
    if not res:
        print(f'synth_paths: no timed endpoint in {a.sdf}')
        return 0
    fail = [r for r in res if r[0] < 0]
    worst = res[0][0]
    print(f'{a.sdf}: {len(res)} endpoints, {len(fail)} failing at {a.clock_mhz:g} MHz, worst slack '
          f'{worst / 1000:.2f} ns (Fmax {1e6 / (period - worst):.1f} MHz)')
    groups = collections.OrderedDict()
    for sl, n in fail:
        g = groups.setdefault(group(n), [sl, 0, n])
        g[1] += 1
    if groups:
        print(f'{"slack ns":>8} {"bits":>5}  register <- start of its worst path  [pin]')
    for k, (sl, cnt, n) in list(groups.items())[:a.top]:
        print(f'{sl / 1000:8.2f} {cnt:5d}  {k} <- {group(src[n])}  [{n.rsplit("/", 1)[1]}]')
    if len(groups) > a.top:
        print(f'... {len(groups) - a.top} more registers')
    for want in a.path:
        cand = [(sl, n) for sl, n in res if want in group(n)]
        if not cand:
            print(f'--path {want}: no endpoint')
            continue
        sl, n = cand[0]
        path = [n]
        while path[-1] in pred:
            path.append(pred[path[-1]])
        print(f'--- worst path into {group(n)}: slack {sl / 1000:.2f} ns')
        chain = 0
        for x in reversed(path):
            if x.endswith(('/FCI', '/FCO')):      # carry chain: one line for the run
                chain += 1
                continue
            if chain:
                print(f'          ... carry chain, {chain // 4} CCU2C')
                chain = 0
            print(f'  {arr[x] / 1000:6.2f}  {x}')
    return 0


if __name__ == '__main__':
    sys.exit(main())
