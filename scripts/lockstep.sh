#!/usr/bin/env bash
# lockstep.sh BIN JSON "SEEDS" [ARGS...] - run a lockstep binary once per seed (two at a time),
# appending one JSON line per scenario to JSON. Prints one line per seed; on the first failing
# seed prints its whole output (the mismatch report with the reproduce command) and exits 1.
set -u
bin=$1 json=$2 seeds=$3
shift 3
logdir=$(mktemp -d)
export bin json logdir
run_one() {
    s=$1; shift
    if "$bin" --seed "$s" --json "$json" --quiet "$@" > "$logdir/$s.log" 2>&1; then
        printf '%-40s seed %-3s %s\n' "$bin" "$s" "$(grep -c ' 0 failed' "$logdir/$s.log") scenario(s) passed"
    else
        cat "$logdir/$s.log"
        echo "lockstep: FAILED: $bin --seed $s $*"
        return 255   # stops xargs
    fi
}
export -f run_one
printf '%s\n' $seeds | xargs -P "${JOBS:-2}" -I{} bash -c 'run_one "$@"' _ {} "$@"
rc=$?
rm -rf "$logdir"
exit $((rc != 0))
