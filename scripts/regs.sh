#!/usr/bin/env bash
# scripts/regs.sh - generate every block's CSR artefacts from its SystemRDL source (docs/regs.md).
#
#   scripts/regs.sh            regenerate (files whose content is unchanged are not touched)
#   scripts/regs.sh --check    regenerate into a temporary folder and fail (exit 1, with a diff)
#                              when a committed output differs from its .rdl (make regs-check)
#
# Per block (table below): rdl/<block>.rdl ->
#   cmodel/regs/<block>_regs.h   C header, PeakRDL-cheader (field _bm/_bp/_bw/_reset macros and a
#                                packed struct whose offsetof() gives each register's address)
#   <rtl dir>/<block>_regs.vh    Verilog localparams for the RTL decode (scripts/regs.py --vh)
#   docs/regs/<block>.md         Markdown table, one row per register (scripts/regs.py --md)
# Needs .venv with systemrdl-compiler, peakrdl and peakrdl-cheader (scripts/setup installs them).
# Deterministic: no dates or absolute paths in any output.
set -euo pipefail
cd "$(dirname "$0")/.."

# block  prefix  address-bits  rtl-dir
BLOCKS=(
    "session_sel     SS 16 rtl/session_sel"
    "mcast_pe        MC 16 rtl/mcast"
    "barrier_dev     BD 16 rtl/barrier"
    "barrier_fanout  BF 16 rtl/barrier"
    "nic_xlat        NX 12 rtl/nic"
    "nic_cmdq        NCQ 12 rtl/nic"
    "nic_txdma       TD 12 rtl/nic"
    "nic_eq          EQ 12 rtl/nic"
    "nic_rsrc        NR 12 rtl/nic"
    "nic_rxdma       RD 12 rtl/nic"
    "nic_pkt_rx      PR 12 rtl/nic"
    "nic_top         NT 12 rtl/nic"
    "gpubar          GB 12 rtl/gpubar"
)

CHECK=0
[ "${1:-}" = --check ] && CHECK=1
PY=.venv/bin/python
PEAKRDL=.venv/bin/peakrdl
for t in "$PY" "$PEAKRDL"; do
    [ -x "$t" ] || { echo "regs.sh: $t missing: run scripts/setup" >&2; exit 2; }
done

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
rc=0
for line in "${BLOCKS[@]}"; do
    read -r blk prefix aw rtldir <<< "$line"
    rdl=rdl/$blk.rdl
    [ -f "$rdl" ] || continue
    mkdir -p "$TMP/$blk"
    # same file name in the temporary folder: the header's include guard derives from it
    "$PEAKRDL" c-header "$rdl" -o "$TMP/$blk/${blk}_regs.h" >/dev/null
    "$PY" scripts/regs.py "$rdl" --prefix "$prefix" --addr-width "$aw" \
        --vh "$TMP/$blk/${blk}_regs.vh" --md "$TMP/$blk/$blk.md"
    for pair in "${blk}_regs.h:cmodel/regs/${blk}_regs.h" "${blk}_regs.vh:$rtldir/${blk}_regs.vh" \
                "$blk.md:docs/regs/$blk.md"; do
        src=$TMP/$blk/${pair%%:*} dst=${pair#*:}
        if [ $CHECK = 1 ]; then
            if ! cmp -s "$src" "$dst"; then
                echo "regs-check: $dst is stale vs $rdl (run: make regs)" >&2
                diff -u "$dst" "$src" | head -20 >&2 || true
                rc=1
            fi
        elif ! cmp -s "$src" "$dst"; then
            mkdir -p "$(dirname "$dst")"
            cp "$src" "$dst"
            echo "regs: wrote $dst"
        fi
    done
done
[ $CHECK = 1 ] && [ $rc = 0 ] && echo "regs-check: generated CSR files match their .rdl"
exit $rc
