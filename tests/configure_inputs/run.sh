#!/usr/bin/env bash
# run.sh <case> [<DualGPU cmake dir>]: one hostile-input case (cases.sh) against a DualGPU package
# (default: this checkout's cmake/; give another copy's to see whether a case failed there).
# Exit 0 when DualGPU behaves as the case requires, 1 otherwise, 77 when a toolchain is missing.
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
CASE=$1
DUALGPU_CMAKE_DIR=${2:-$REPO/cmake}
CMAKE=${CMAKE:-cmake}
T=$(mktemp -d /tmp/dualgpu-hostile.XXXXXX)
children=()
cleanup() {
    for pid in "${children[@]}"; do kill "$pid" 2>/dev/null; done
    # fake tools started by this case write their background child's pid here
    for f in "$T"/*.pid; do [ -f "$f" ] && kill "$(cat "$f")" 2>/dev/null; done
    rm -rf "$T"
}
trap cleanup EXIT
mkdir -p "$T/bin"
fail() { echo "FAIL $CASE: $*"; [ -f "$T/log" ] && tail -n 40 "$T/log"; exit 1; }
skip() { echo "SKIP $CASE: $*"; exit 77; }

# fake <tool> <sh body>: a tool on PATH ahead of the real ones.
fake() { printf '#!/bin/sh\n%s\n' "$2" > "$T/bin/$1"; chmod +x "$T/bin/$1"; }

# configure <limit-seconds> [VAR=value ...] -- [cmake args]: configures the hostile project into
# $T/build (or $BUILD); sets rc, secs and the log in $T/log.
configure() {
    local limit=$1; shift
    local envs=()
    while [ $# -gt 0 ] && [ "$1" != -- ]; do envs+=("$1"); shift; done
    [ "${1:-}" = -- ] && shift
    local start=$SECONDS
    env PATH="$T/bin:$PATH" "${envs[@]}" timeout -k 5 "$limit" "$CMAKE" -S "$HERE/project" -B "${BUILD:-$T/build}" \
        -G "${GENERATOR:-Ninja}" "-DDualGPU_DIR=$DUALGPU_CMAKE_DIR" "$@" > "$T/log" 2>&1
    rc=$?
    secs=$((SECONDS - start))
}
expect_refused() {  # expect_refused <regex>: configure failed, naming the problem
    [ "$rc" != 0 ] || fail "configure succeeded; expected a refusal matching [$1]"
    [ "$rc" != 124 ] && [ "$rc" != 137 ] || fail "configure hung (killed after its limit)"
    tr '\n' ' ' < "$T/log" | sed 's/  */ /g' | grep -Eq -- "$1" || fail "the error does not match [$1]"
}
expect_ok() {
    [ "$rc" = 0 ] || fail "configure failed (rc $rc, ${secs}s)"
}

. "$HERE/cases.sh"
type "case_$CASE" >/dev/null 2>&1 || { echo "no case '$CASE' in cases.sh"; exit 2; }
"case_$CASE"
echo "PASS $CASE"
