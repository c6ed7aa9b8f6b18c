#!/usr/bin/env python3
"""Plot barrier latency vs N from the JSON written by tb/barrier/bench_latency.

Seed 001 ¶2 (home-counter baseline) vs ¶30-¶38 (multicast counters); note §6.

Usage: plot_barrier_latency.py [JSON_IN] [PNG_OUT]
  defaults: build/report/barrier_latency.json -> build/report/barrier_latency.png
Left panel: mean latency (solid) and maximum latency (dashed) from the last arrival to a
device's pass, ns, per variant. Right panel: link packets per barrier (log scale), the
bandwidth the multicast scheme spends for its latency.
"""
import json
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def main(argv):
    src = argv[1] if len(argv) > 1 else "build/report/barrier_latency.json"
    dst = argv[2] if len(argv) > 2 else "build/report/barrier_latency.png"
    with open(src, encoding="utf-8") as f:
        data = json.load(f)
    rows = data["rows"]
    variants = []
    for r in rows:
        if r["variant"] not in variants:
            variants.append(r["variant"])

    fig, (ax_lat, ax_pkt) = plt.subplots(1, 2, figsize=(12, 4.8))
    for v in variants:
        sel = sorted((r for r in rows if r["variant"] == v), key=lambda r: r["n"])
        ns = [r["n"] for r in sel]
        line = ax_lat.plot(ns, [r["lat_mean_ns"] for r in sel], marker="o", label=v + " mean")
        ax_lat.plot(ns, [r["lat_max_ns"] for r in sel], linestyle="--",
                    color=line[0].get_color(), label=v + " max")
        ax_pkt.plot(ns, [r["link_pkts_per_barrier"] for r in sel], marker="o", label=v)

    p = data["params"]
    ax_lat.set_xscale("log", base=2)
    ax_lat.set_xlabel("devices N")
    ax_lat.set_ylabel("latency from last arrival to pass (ns)")
    ax_lat.set_title("T1=%g ns, P=%g ns, t_iss=%g ns, t_rep=%g ns"
                     % (p["T1"], p["poll_P"], p["t_iss"], p["t_rep"]))
    ax_lat.grid(True, which="both", alpha=0.3)
    ax_lat.legend(fontsize=7, ncol=2)
    ax_pkt.set_xscale("log", base=2)
    ax_pkt.set_yscale("log")
    ax_pkt.set_xlabel("devices N")
    ax_pkt.set_ylabel("link packets per barrier")
    ax_pkt.set_title("fabric load (baseline 4(N-1), multicast N + N^2)")
    ax_pkt.grid(True, which="both", alpha=0.3)
    ax_pkt.legend(fontsize=7)
    fig.suptitle("Barrier latency: seed ¶2 home counter vs ¶30-¶38 multicast counters "
                 "(%d barriers per point)" % p["barriers"])
    fig.tight_layout()
    os.makedirs(os.path.dirname(dst) or ".", exist_ok=True)
    fig.savefig(dst, dpi=120)
    print("wrote " + dst)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
