#!/usr/bin/env python3
"""synth_report.py: the report half of fpga/open/synth.sh (docs/synth.md).

  synth_report.py row OUT_JSON key=value ...
      one top's row from its tool outputs: ECP5 figures and Fmax from the nextpnr report
      (build/synth/NAME.pnr.json; the last "Max frequency" lines of the nextpnr log when the report
      is missing), UltraScale+ figures from the Yosys `stat -json` of synth_xilinx
      (build/synth/NAME.xcup.stat.json), the verdict of the timing gate. Keys: name top params
      clk gate mode pnr_rc pnr_json pnr_log xstat t_ecp5 t_pnr t_xcup error.
  synth_report.py wrap PORTS_JSON TOP NAME OUT_V
      WRAP=reg: write a wrapper NAME__wrap with every input and output of TOP registered
      (PORTS_JSON: Yosys write_json of the elaborated top).
  synth_report.py table MODE REPORT_BASE ROW_JSON ...
      MODE synth: merge the rows into REPORT_BASE.json (rows of other tops from an earlier run stay,
      with their date), write REPORT_BASE.md; MODE timing: write REPORT_BASE.{json,md} from these rows.
      Prints one line per top and, for each gated top below its constraint,
      "TIMING FAIL top X: Fmax Y MHz < Z MHz". Exit status 1 when a gated top failed its
      constraint or a tool failed, else 0.

Verdicts (field "status"): PASS (gated, Fmax >= CLK_MHZ), FAIL (gated, Fmax < CLK_MHZ),
"not gated (later issue)" (GATE=0: reported, never fails), "no clocked path" (GATE=0 top without
a register-to-register path; a gated one is an ERROR: time it with WRAP=reg), ERROR (a tool failed or timed out). A gated top that
passes with less than THIN_MARGIN (5 %) headroom is flagged "PASS (thin margin)": it still passes,
but the next RTL change may move placement enough to fail it.
"""
import datetime
import json
import os
import re
import sys

THIN_MARGIN = 0.05
OUTDIR = os.environ.get("SYNTH_OUT_DIR", "build/synth")
NOT_GATED = "not gated (later issue)"

# UltraScale+ distributed-RAM / SRL primitives -> LUTs they occupy (UG574: a SLICEM has 8 LUTs;
# RAM32M16 and RAM64M8 take all 8, RAM32M/RAM64M 4, the xD dual-port ones two per 64 bits...)
LUTRAM_LUTS = {
    "RAM32X1S": 1, "RAM32X1D": 2, "RAM32M": 4, "RAM32M16": 8,
    "RAM64X1S": 1, "RAM64X1D": 2, "RAM64M": 4, "RAM64M8": 8,
    "RAM128X1S": 2, "RAM128X1D": 4, "RAM256X1S": 4, "RAM256X1D": 8, "RAM512X1S": 8,
    "SRL16E": 1, "SRLC16E": 1, "SRLC32E": 1,
}
FF_CELLS = ("FDRE", "FDSE", "FDCE", "FDPE")
LATCH_CELLS = ("LDCE", "LDPE")


def fnum(v):
    try:
        return float(v)
    except (TypeError, ValueError):
        return None


def ecp5_figures(pnr_json, pnr_log):
    """ECP5 utilisation and the worst clock's achieved Fmax (None: no clocked path or no data)."""
    util, fmax, clocks = {}, None, {}
    if pnr_json and os.path.exists(pnr_json) and os.path.getsize(pnr_json) > 0:
        try:
            r = json.load(open(pnr_json))
            util = {k: v.get("used", 0) for k, v in r.get("utilization", {}).items()}
            clocks = {k: v.get("achieved") for k, v in r.get("fmax", {}).items()}
        except (ValueError, OSError):
            pass
    if not clocks and pnr_log and os.path.exists(pnr_log):
        # fallback: the last "Max frequency" line per clock (post-route figures come last)
        for line in open(pnr_log, errors="replace"):
            m = re.search(r"Max frequency for clock '([^']*)': ([0-9.]+) MHz", line)
            if m:
                clocks[m.group(1)] = float(m.group(2))
        if not util:
            for line in open(pnr_log, errors="replace"):
                m = re.match(r"Info:\s+(\w+):\s+(\d+)/\s*(\d+)", line)
                if m:
                    util[m.group(1)] = int(m.group(2))
    vals = [v for v in clocks.values() if v is not None]
    if vals:
        fmax = min(vals)
    return util, fmax, sorted(clocks)


def xcup_figures(xstat):
    if not xstat or not os.path.exists(xstat):
        return None
    try:
        s = json.load(open(xstat))
    except ValueError:
        return None
    cells = s.get("design", {}).get("num_cells_by_type", {})
    if not cells:   # older stat -json layout: the (single, flattened) module
        for m in s.get("modules", {}).values():
            cells = m.get("num_cells_by_type", {})
    luts = sum(cells.get("LUT%d" % i, 0) for i in range(1, 7))
    ramb36 = sum(v for k, v in cells.items() if k.startswith("RAMB36"))
    ramb18 = sum(v for k, v in cells.items() if k.startswith("RAMB18"))
    return {
        "lut": luts,
        "lut_by_size": {"LUT%d" % i: cells.get("LUT%d" % i, 0) for i in range(1, 7)},
        "ff": sum(cells.get(k, 0) for k in FF_CELLS),
        "latch": sum(cells.get(k, 0) for k in LATCH_CELLS),
        "ramb36": ramb36,
        "ramb18": ramb18,
        "bram36_eq": ramb36 + ramb18 / 2.0,
        "uram": sum(v for k, v in cells.items() if k.startswith("URAM")),
        "lutram_luts": sum(LUTRAM_LUTS[k] * v for k, v in cells.items() if k in LUTRAM_LUTS),
        "lutram_cells": {k: v for k, v in cells.items() if k in LUTRAM_LUTS},
        "dsp": sum(v for k, v in cells.items() if k.startswith("DSP48")),
        "carry": sum(v for k, v in cells.items() if k.startswith("CARRY")),
        "muxf": sum(v for k, v in cells.items() if k.startswith("MUXF")),
    }


def make_row(out, kv):
    gate = kv.get("gate", "1") == "1"
    clk = float(kv["clk"])
    util, fmax, clocks = ecp5_figures(kv.get("pnr_json"), kv.get("pnr_log"))
    err = kv.get("error", "")
    pnr_rc = int(kv.get("pnr_rc") or 0)
    if not err and pnr_rc != 0:
        log_fail = False
        if kv.get("pnr_log") and os.path.exists(kv["pnr_log"]):
            log_fail = any(re.search(r"ERROR: Max frequency for clock .*FAIL", l)
                           for l in open(kv["pnr_log"], errors="replace"))
        if not (gate and log_fail):
            err = "nextpnr exit %d%s" % (pnr_rc, " (timeout)" if pnr_rc in (124, 137) else "")
    if err:
        status = "ERROR"
    elif fmax is None and gate:
        status = "ERROR"
        err = "gated top has no clocked path (nothing to time: add WRAP=reg to its .tops line)"
    elif fmax is None:
        status = "no clocked path"
    elif not gate:
        status = NOT_GATED
    elif fmax < clk:
        status = "FAIL"
    elif fmax < clk * (1 + THIN_MARGIN):
        status = "PASS (thin margin)"
    else:
        status = "PASS"
    t = [int(kv.get(k) or 0) for k in ("t_ecp5", "t_pnr", "t_xcup")]
    row = {
        "name": kv["name"], "top": kv["top"], "params": kv.get("params") or "defaults",
        "mode": kv.get("mode", "synth"),
        "device": "LFE5UM-85F-CABGA381 speed 6", "clk_mhz": clk, "gated": gate,
        "status": status, "error": err,
        "fmax_mhz": round(fmax, 1) if fmax is not None else None,
        "clocks": clocks,
        "luts": util.get("TRELLIS_COMB", 0), "ffs": util.get("TRELLIS_FF", 0),
        "brams": util.get("DP16KD", 0), "ramw": util.get("TRELLIS_RAMW", 0),
        "mult18": util.get("MULT18X18D", 0),
        "wrap": kv.get("wrap", "0") == "1",
        "xcup": xcup_figures(kv.get("xstat")),
        "seconds": {"ecp5_synth": t[0], "pnr": t[1], "xcup_synth": t[2]},
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
    }
    json.dump(row, open(out, "w"), indent=1)


def fmt_f(v):
    return "-" if v is None else "%.1f" % v


def md_table(rows, title, show_xcup):
    md = ["# %s" % title, "",
          "ECP5: Yosys synth_ecp5 + nextpnr-ecp5 (LFE5UM-85F, CABGA381, speed 6, out of context, "
          "router2, seed 1); Fmax is the worst clock's achieved figure after routing. "
          "UltraScale+: Yosys synth_xilinx -family xcup -flatten (estimate, no place and route). "
          "Seconds: ECP5 synthesis / place and route / UltraScale+ synthesis.", ""]
    hdr = ["name", "top parameters", "CLK MHz", "Fmax MHz", "gate", "LUT4", "FF", "DP16KD",
           "RAMW", "MULT18"]
    if show_xcup:
        hdr += ["US+ LUT", "US+ FF", "US+ BRAM36 (RAMB36+RAMB18/2)", "US+ LUTRAM (LUTs)",
                "US+ DSP"]
    hdr += ["seconds", "date"]
    md.append("| " + " | ".join(hdr) + " |")
    md.append("|" + "---|" * len(hdr))
    for r in rows:
        s = r["seconds"]
        cells = [r["name"], r["params"], "%g" % r["clk_mhz"], fmt_f(r["fmax_mhz"]),
                 r["status"] + (": " + r["error"] if r["error"] else ""),
                 str(r["luts"]), str(r["ffs"]), str(r["brams"]), str(r["ramw"]), str(r["mult18"])]
        if show_xcup:
            x = r.get("xcup")
            if x:
                cells += [str(x["lut"]), str(x["ff"]),
                          "%g (%d+%d)" % (x["bram36_eq"], x["ramb36"], x["ramb18"]),
                          str(x["lutram_luts"]), str(x["dsp"])]
            else:
                cells += ["-"] * 5
        cells += ["%d / %d / %d" % (s["ecp5_synth"], s["pnr"], s["xcup_synth"]), r["date"]]
        md.append("| " + " | ".join(cells) + " |")
    return "\n".join(md) + "\n"


def table(mode, base, row_files):
    rows, missing = [], []
    for f in row_files:
        if os.path.exists(f):
            rows.append(json.load(open(f)))
        else:
            missing.append(os.path.basename(f).split(".row")[0])
    new_names = {r["name"] for r in rows}
    if mode == "synth" and os.path.exists(base + ".json"):
        # keep the other tops' last figures (with their date) so that `synth.sh TOP` refreshes one
        # row; a row whose name is no longer in any .tops is dropped by synth.sh (KEEP_NAMES)
        keep = set(os.environ.get("KEEP_NAMES", "").split())
        try:
            old = json.load(open(base + ".json")).get("synth", [])
        except ValueError:
            old = []
        order = os.environ.get("KEEP_NAMES", "").split()
        merged = {r["name"]: r for r in old if r.get("name") in keep and r["name"] not in new_names}
        merged.update({r["name"]: r for r in rows})
        rows = [merged[n] for n in order if n in merged] + \
               [r for n, r in merged.items() if n not in order]
    fails, errors = [], []
    print("%-20s %8s %9s %-26s %8s %7s %6s %8s %8s %6s" %
          ("name", "CLK MHz", "Fmax MHz", "verdict", "LUT4", "FF", "EBR", "US+ LUT", "US+ FF",
           "BRAM36"))
    for r in rows:
        x = r.get("xcup") or {}
        verdict = r["status"] if r["name"] in new_names else "%s (%s)" % (r["status"], r["date"][:10])
        print("%-20s %8g %9s %-26s %8d %7d %6d %8s %8s %6s" %
              (r["name"], r["clk_mhz"], fmt_f(r["fmax_mhz"]), verdict, r["luts"], r["ffs"],
               r["brams"], x.get("lut", "-"), x.get("ff", "-"), x.get("bram36_eq", "-")))
        if r["name"] not in new_names:
            continue   # an earlier run's figures: reported, not judged again
        if r["status"] == "FAIL":
            fails.append(r)
        elif r["status"] == "ERROR":
            errors.append(r)
        elif r["status"] == NOT_GATED and r["fmax_mhz"] is not None and r["fmax_mhz"] < r["clk_mhz"]:
            print("timing: %s Fmax %.1f MHz < %g MHz: %s" %
                  (r["name"], r["fmax_mhz"], r["clk_mhz"], NOT_GATED))
    title = ("Open synthesis and timing" if mode == "synth" else
             "Timing gate (make timing: gated tops, ECP5 place and route only)")
    json.dump({mode: rows}, open(base + ".json", "w"), indent=2)
    open(base + ".md", "w").write(md_table(rows, title, mode == "synth"))
    for r in errors:
        print("synth: %s FAILED: %s (logs: %s/%s.*)" % (r["name"], r["error"], OUTDIR, r["name"]))
    for n in missing:
        print("synth: %s FAILED: no result (see the messages above)" % n)
    for r in fails:
        print("TIMING FAIL top %s: Fmax %.1f MHz < %g MHz (log: %s/%s.nextpnr.log)" %
              (r["name"], r["fmax_mhz"], r["clk_mhz"], OUTDIR, r["name"]))
    return 1 if (fails or errors or missing) else 0


def make_wrapper(port_json, top, name, out):
    """WRAP=reg: a wrapper NAME__wrap that registers every input and every output of TOP on the
    top's clock (a 1-bit input named clk, aclk or clock; else a new input clk), so that out of
    context nextpnr times the input -> logic -> output paths of TOP register to register (a purely
    combinational top has no other path to time)."""
    mods = json.load(open(port_json)).get("modules", {})
    mod = mods.get(top) or next((m for k, m in mods.items()
                                 if m.get("attributes", {}).get("top")), None)
    if mod is None:
        raise SystemExit("synth_report.py wrap: %s not in %s" % (top, port_json))
    ports = mod["ports"]
    clk = next((p for p in ("clk", "aclk", "clock") if p in ports and
                ports[p]["direction"] == "input" and len(ports[p]["bits"]) == 1), None)
    lines = ["// generated by fpga/open/synth.sh (WRAP=reg): registered I/O around %s" % top,
             "module %s__wrap (" % name]
    decl = []
    if clk is None:
        decl.append("    input wire clk")
    for p, v in ports.items():
        w = len(v["bits"])
        rng = "[%d:0] " % (w - 1) if w > 1 else ""
        if v["direction"] == "input":
            decl.append("    input wire %s%s" % (rng, p))
        elif v["direction"] == "output":
            decl.append("    output reg %s%s" % (rng, p))
        else:
            raise SystemExit("synth_report.py wrap: inout port %s of %s" % (p, top))
    lines.append(",\n".join(decl) + "\n);")
    ck = clk or "clk"
    conns = []
    for p, v in ports.items():
        w = len(v["bits"])
        rng = "[%d:0] " % (w - 1) if w > 1 else ""
        if p == clk:
            conns.append("        .%s(%s)" % (p, p))
        elif v["direction"] == "input":
            lines.append("    reg %sw_%s;\n    always @(posedge %s) w_%s <= %s;" % (rng, p, ck, p, p))
            conns.append("        .%s(w_%s)" % (p, p))
        else:
            lines.append("    wire %sw_%s;\n    always @(posedge %s) %s <= w_%s;" % (rng, p, ck, p, p))
            conns.append("        .%s(w_%s)" % (p, p))
    lines.append("    %s u_dut (\n%s\n    );" % (top, ",\n".join(conns)))
    lines.append("endmodule")
    open(out, "w").write("\n".join(lines) + "\n")


def main():
    if len(sys.argv) == 6 and sys.argv[1] == "wrap":
        make_wrapper(*sys.argv[2:])
        return 0
    if len(sys.argv) >= 3 and sys.argv[1] == "row":
        kv = dict(a.split("=", 1) for a in sys.argv[3:])
        make_row(sys.argv[2], kv)
        return 0
    if len(sys.argv) >= 4 and sys.argv[1] == "table":
        return table(sys.argv[2], sys.argv[3], sys.argv[4:])
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main())
