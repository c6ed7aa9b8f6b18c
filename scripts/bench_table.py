#!/usr/bin/env python3
"""bench_table.py - the baseline vs multicast barrier comparison of `make bench`.

Reads build/report/barrier_latency.json (tb/barrier/bench_latency.c, discrete-event model
cmodel/barrier_sys.c; seed 001 ¶2 baseline vs ¶30-¶38 multicast counters; parameters in the
file, ns) and prints, per device count N: network traversals on the critical path, packets on
links per barrier, and the modelled mean / worst release latency of both schemes (polling
detection), with the latency ratio. Usage: bench_table.py FILE.json
"""
import json
import sys


def main(path):
    d = json.load(open(path))
    rows = {(r["n"], r["variant"]): r for r in d["rows"]}
    ns = sorted({r["n"] for r in d["rows"]})
    hdr = ("N", "base trav", "mcast trav", "base link pkts", "mcast link pkts",
           "base lat ns", "mcast lat ns", "base worst", "mcast worst", "speedup")
    print("  ".join("%13s" % h for h in hdr))
    for n in ns:
        b, m = rows.get((n, "baseline/poll")), rows.get((n, "multicast/poll"))
        if not b or not m:
            continue
        print("  ".join("%13s" % x for x in (
            n, b["crit_traversals"], m["crit_traversals"], "%.0f" % b["link_pkts_per_barrier"],
            "%.0f" % m["link_pkts_per_barrier"], "%.1f" % b["lat_mean_ns"],
            "%.1f" % m["lat_mean_ns"], "%.1f" % b["lat_max_ns"], "%.1f" % m["lat_max_ns"],
            "%.2fx" % (b["lat_mean_ns"] / m["lat_mean_ns"]))))
    p = d["params"]
    print("model parameters (%s): link %.0f, switch %.0f, poll period %.0f, %d barriers per point"
          % (p.get("units", "ns"), p["t_link"], p["t_sw"], p["poll_P"], p["barriers"]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
