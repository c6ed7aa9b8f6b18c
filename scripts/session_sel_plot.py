#!/usr/bin/env python3
"""session_sel_plot.py PREFIX - plot of the leaf-spine comparison written by
cmodel/session_sel_net.c (PREFIX.json, PREFIX_queues.csv): left, max and mean link utilisation
and packets through the degraded links per scheme; right, the complementary CDF of the queue
occupancy samples (all links, every slot). Writes PREFIX.png and prints a markdown table."""
import csv
import json
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def main():
    pre = sys.argv[1]
    res = json.load(open(pre + ".json"))
    rows = list(csv.DictReader(open(pre + "_queues.csv")))
    schemes = [s["scheme"] for s in res["schemes"]]
    fig, (a1, a2) = plt.subplots(1, 2, figsize=(11, 4.2))
    x = range(len(schemes))
    a1.bar([i - 0.2 for i in x], [s["max_link_util"] for s in res["schemes"]], 0.4, label="max link utilisation")
    a1.bar([i + 0.2 for i in x], [s["mean_link_util"] for s in res["schemes"]], 0.4, label="mean link utilisation")
    a1.axhline(1.0, color="k", lw=0.8, ls="--")
    a1.set_xticks(list(x))
    a1.set_xticklabels(schemes)
    a1.set_ylabel("offered / capacity")
    a1.set_title("%dx%d leaf-spine, %d QPs, load %.2f, 2 degraded links" %
                 (res["leaves"], res["spines"], res["qps"], res["load"]))
    for i, s in enumerate(res["schemes"]):
        a1.text(i, s["max_link_util"] + 0.03, "%d via degraded" % s["through_degraded"], ha="center", fontsize=8)
    a1.legend(fontsize=8)
    for s in schemes:
        h = [int(r[s]) for r in rows]
        tot = float(sum(h))
        ccdf, acc = [], 0
        for v in h:
            ccdf.append(max(1.0 - acc / tot, 1e-9))
            acc += v
        a2.semilogy([int(r["queue_len"]) for r in rows], ccdf, label=s)
    a2.set_xlabel("queue occupancy (packets)")
    a2.set_ylabel("P(queue >= x)")
    a2.set_title("queue occupancy tail (all links, every slot)")
    a2.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(pre + ".png", dpi=110)
    print("| scheme | max link util | mean link util | pkts via degraded links | delivered | dropped | queue p50 | p99 | p99.9 | max |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for s in res["schemes"]:
        print("| %s | %.3f | %.3f | %d | %d | %d | %.0f | %.0f | %.0f | %.0f |" % (
            s["scheme"], s["max_link_util"], s["mean_link_util"], s["through_degraded"], s["delivered"],
            s["dropped"], s["queue_p50"], s["queue_p99"], s["queue_p999"], s["queue_max"]))
    print("plot: %s.png" % pre)


if __name__ == "__main__":
    main()
