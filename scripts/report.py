#!/usr/bin/env python3
"""Aggregate lockstep results into build/report/summary.{json,md} and print one row per block.

Input: JSON-lines files written by the lockstep programs (--json FILE), one object per
scenario run with at least: block, scenario, seed, inputs, outputs_compared, cycles, mismatches.
Output: summary.json = list of per-block objects with keys block, scenarios, inputs,
outputs_compared, cycles, mismatches, seed (list of seeds run), tpc (input transactions per
cycle); summary.md = the same as a Markdown table. Exit status 1 if any run mismatched or a
block has no runs.

Coverage: every "cov_<class>" number of a JSON line (tb/common core.h, Harness::cover) is summed
per (block, scenario, class) over the seeds; the table is printed after the main table and
written to summary.json (key "coverage": {scenario: {class: total}}) and summary.md. With
--require-coverage (make test, make lockstep) a class whose total is 0 fails the report, naming
the block, scenario and class.
Usage: report.py [--require-coverage] OUT_DIR FILE.jsonl [FILE.jsonl ...]
"""
import json
import os
import sys


def main(argv):
    require_cov = "--require-coverage" in argv
    argv = [a for a in argv if a != "--require-coverage"]
    if len(argv) < 3:
        print(__doc__)
        return 2
    out_dir, files = argv[1], argv[2:]
    cov = {}  # block -> scenario -> class -> total
    blocks = {}
    for path in files:
        if not os.path.exists(path):
            print(f"report: missing {path}", file=sys.stderr)
            return 1
        with open(path) as f:
            for line in f:
                line = line.strip()
                if not line:
                    continue
                r = json.loads(line)
                b = blocks.setdefault(r["block"], {
                    "block": r["block"], "scenarios": set(), "runs": 0, "inputs": 0,
                    "outputs_compared": 0, "cycles": 0, "mismatches": 0, "seed": []})
                b["scenarios"].add(r["scenario"])
                b["runs"] += 1
                for k in ("inputs", "outputs_compared", "cycles", "mismatches"):
                    b[k] += int(r[k])
                if r["seed"] not in b["seed"]:
                    b["seed"].append(r["seed"])
                for k, v in r.items():
                    if k.startswith("cov_"):
                        c = cov.setdefault(r["block"], {}).setdefault(r["scenario"], {})
                        c[k[4:]] = c.get(k[4:], 0) + int(v)
    rows = []
    for name in sorted(blocks):
        b = blocks[name]
        b["scenarios"] = len(b["scenarios"])
        b["tpc"] = round(b["inputs"] / b["cycles"], 4) if b["cycles"] else 0.0
        if name in cov:
            b["coverage"] = cov[name]
        rows.append(b)
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, "summary.json"), "w") as f:
        json.dump(rows, f, indent=2)
    hdr = ("block", "scenarios", "runs", "inputs", "outputs_compared", "cycles", "mismatches",
           "seeds", "txn/cycle")
    lines = ["| " + " | ".join(hdr) + " |", "|" + "---|" * len(hdr)]
    for b in rows:
        lines.append("| " + " | ".join(str(x) for x in (
            b["block"], b["scenarios"], b["runs"], b["inputs"], b["outputs_compared"],
            b["cycles"], b["mismatches"], len(b["seed"]), b["tpc"])) + " |")
    unreached = []
    cov_lines = []
    for name in sorted(cov):
        for scen in sorted(cov[name]):
            cls = cov[name][scen]
            zero = sorted(c for c, v in cls.items() if v == 0)
            unreached += [f"{name}/{scen}/{c}" for c in zero]
            cov_lines.append(f"{name}/{scen}: {len(cls) - len(zero)}/{len(cls)} classes reached" +
                             (f"; NOT reached: {', '.join(zero)}" if zero else ""))
            cov_lines.append("    " + "  ".join(f"{c}={cls[c]}" for c in sorted(cls)))
    md = "# Lockstep regression summary\n\n" + "\n".join(lines) + "\n"
    if cov_lines:
        md += "\n## Coverage (totals over the seeds)\n\n```\n" + "\n".join(cov_lines) + "\n```\n"
    with open(os.path.join(out_dir, "summary.md"), "w") as f:
        f.write(md)
    fmt = "{:<14}{:>10}{:>6}{:>10}{:>18}{:>12}{:>12}{:>7}{:>11}"
    print(fmt.format(*hdr))
    for b in rows:
        print(fmt.format(b["block"], b["scenarios"], b["runs"], b["inputs"],
                         b["outputs_compared"], b["cycles"], b["mismatches"], len(b["seed"]),
                         b["tpc"]))
    if cov_lines:
        print("coverage (totals over the seeds):")
        for ln in cov_lines:
            print("  " + ln)
    if unreached:
        msg = "report: coverage class(es) never reached over the seeds: " + ", ".join(unreached)
        if require_cov:
            print(msg, file=sys.stderr)
            return 1
        print(msg + " (not required here: quick run)")
    bad = [b["block"] for b in rows if b["mismatches"]]
    if bad or not rows:
        print("report: mismatches in " + ", ".join(bad) if bad else "report: no runs",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
