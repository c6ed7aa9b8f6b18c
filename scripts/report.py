#!/usr/bin/env python3
"""Aggregate lockstep results into build/report/summary.{json,md} and print one row per block.

Input: JSON-lines files written by the lockstep programs (--json FILE), one object per
scenario run with at least: block, scenario, seed, inputs, outputs_compared, cycles, mismatches.
Output: summary.json = list of per-block objects with keys block, scenarios, inputs,
outputs_compared, cycles, mismatches, seed (list of seeds run), tpc (input transactions per
cycle); summary.md = the same as a Markdown table. Exit status 1 if any run mismatched or a
block has no runs.
Usage: report.py OUT_DIR FILE.jsonl [FILE.jsonl ...]
"""
import json
import os
import sys


def main(argv):
    if len(argv) < 3:
        print(__doc__)
        return 2
    out_dir, files = argv[1], argv[2:]
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
    rows = []
    for name in sorted(blocks):
        b = blocks[name]
        b["scenarios"] = len(b["scenarios"])
        b["tpc"] = round(b["inputs"] / b["cycles"], 4) if b["cycles"] else 0.0
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
    with open(os.path.join(out_dir, "summary.md"), "w") as f:
        f.write("# Lockstep regression summary\n\n" + "\n".join(lines) + "\n")
    fmt = "{:<14}{:>10}{:>6}{:>10}{:>18}{:>12}{:>12}{:>7}{:>11}"
    print(fmt.format(*hdr))
    for b in rows:
        print(fmt.format(b["block"], b["scenarios"], b["runs"], b["inputs"],
                         b["outputs_compared"], b["cycles"], b["mismatches"], len(b["seed"]),
                         b["tpc"]))
    bad = [b["block"] for b in rows if b["mismatches"]]
    if bad or not rows:
        print("report: mismatches in " + ", ".join(bad) if bad else "report: no runs",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
