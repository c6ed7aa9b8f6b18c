#!/usr/bin/env bash
# expect_fail.sh "MESSAGE" CMD... - harness self-test: CMD runs a lockstep with an injected
# fault; it must exit non-zero AND its report must contain MESSAGE. Prints the report's
# first lines. Exit 0 when the fault was caught as expected, 1 otherwise.
set -u
msg=$1
shift
out=$("$@" 2>&1)
rc=$?
if [ $rc -ne 0 ] && grep -qF "$msg" <<< "$out"; then
    echo "selftest: caught as expected ($msg): $*"
    grep -E "FAIL|field|\*|reproduce" <<< "$out" | head -8 | sed 's/^/    /'
    exit 0
fi
echo "selftest: NOT caught (exit $rc, expected a report containing '$msg'): $*"
echo "$out" | tail -20
exit 1
