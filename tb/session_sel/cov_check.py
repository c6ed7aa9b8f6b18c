#!/usr/bin/env python3
"""cov_check.py JSONL [JSONL...] - session_sel coverage over every seed of a lockstep run
(docs/session_sel.md section 9.1). A scenario writes cov_<class> for every class it declares (and
for any other class it reached). Sums them per (scenario, class) over the JSON lines, prints one
table (class x scenario totals) and exits 1 when a class some scenario declares has total 0 there
over all seeds, or when no line carries coverage at all."""
import json
import sys
from collections import OrderedDict


def main(paths):
    tot = OrderedDict()  # class -> {scenario: total}
    scens = []
    seeds = set()
    runs = 0
    for p in paths:
        with open(p) as f:
            for ln in f:
                ln = ln.strip()
                if not ln:
                    continue
                j = json.loads(ln)
                if j.get("block") != "session_sel":
                    continue
                sc = j.get("scenario")
                cov = {k[4:]: int(v) for k, v in j.items() if k.startswith("cov_")}
                if not cov:
                    continue
                runs += 1
                seeds.add(j.get("seed"))
                if sc not in scens:
                    scens.append(sc)
                for c, v in cov.items():
                    tot.setdefault(c, {})
                    tot[c][sc] = tot[c].get(sc, 0) + v
    if not tot:
        print("cov_check: FAIL: no coverage numbers (cov_*) in", " ".join(paths))
        return 1
    w = max(len(c) for c in tot)
    cw = max(10, max(len(s) for s in scens))
    print(f"session_sel coverage over {runs} scenario runs, {len(seeds)} seeds "
          f"(total per scenario; '-' = not declared there, '0!' = declared, never reached)")
    print(f"  {'class':<{w}}" + "".join(f" {s:>{cw}}" for s in scens))
    miss = []
    for c, per in tot.items():  # JSON order = the order of ss_cov.h
        cells = []
        for s in scens:
            if s not in per:
                cells.append("-")
            elif per[s] == 0:
                cells.append("0!")
                miss.append(f"{s}:{c}")
            else:
                cells.append(str(per[s]))
        print(f"  {c:<{w}}" + "".join(f" {x:>{cw}}" for x in cells))
    if miss:
        print(f"cov_check: FAIL: {len(miss)} declared class(es) never reached: {' '.join(miss)}")
        return 1
    print(f"cov_check: every declared class reached ({len(tot)} classes)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
