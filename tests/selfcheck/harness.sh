# Test harness for ci/selfcheck.sh, sourced by cases.sh and seed_lines.sh.
#
# Each case builds a scratch folder whose bin/ holds fake tools (tiny sh scripts that
# cat a real output from tests/fixtures and exit with the tool's exit code) and whose
# utils/ links the few text utilities the script may use. The script then runs with
# PATH=bin:utils and an empty environment, so nothing from this machine leaks in.

HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
SCRIPT=${SELFCHECK_SCRIPT:-$REPO/ci/selfcheck.sh}   # another copy: to see a case fail on an old script
SHELL_UNDER_TEST=$(command -v "${SELFCHECK_SHELL:-sh}")
# The interpreter itself, not a pyenv shim (CTest passes it in; a shim costs a second per call).
PYTHON_REAL=${SELFCHECK_PYTHON:-$(python3 -c 'import sys; print(sys.executable)')}

# One scratch folder per case.
new_case() {
    CASE=$1
    # In /tmp, not $TMPDIR: a case run as nobody must reach $T, and $TMPDIR may be inside a private
    # folder (ci/run-tests.sh puts it in the build tree).
    T=$(mktemp -d /tmp/selfcheck-test.XXXXXX)
    mkdir -p "$T/bin" "$T/utils" "$T/spec" "$T/root"
    # Everything the script reads lives in $T (the fixtures here, the script itself and the fake torch
    # in run_selfcheck): a case run as nobody must read it, whatever the checkout's folders allow.
    cp -R "$REPO/tests/fixtures" "$T/fixtures"
    FIXTURES=$T/fixtures
    for u in awk cat cut grep head id ls sed tr timeout; do
        ln -s "$(command -v "$u")" "$T/utils/$u"
    done
    # The fake torch needs no site-packages: -S saves most of Python's start-up.
    PY=$T/utils/python-fake-torch
    printf '#!/bin/sh\nexec "%s" -S "$@"\n' "$PYTHON_REAL" >"$PY"
    chmod 755 "$PY"
    EXTRA_ENV=
    RAW_ENV=
    RUN_DIR=$T
    MEM_LIMIT_KB=unlimited
    TORCH_ENV=
    TORCH_ARCHS=
    EXPECTS=
    AS_NOBODY=0
}

cleanup() { [ -n "${T:-}" ] && rm -rf "$T"; }

# tool NAME FIXTURE EXIT_CODE [PATTERN]: NAME prints FIXTURE when its arguments match
# PATTERN (a case pattern, default any) and exits with EXIT_CODE. A later call for the
# same tool is tried first, so a case can override what a machine helper set up.
tool() {
    [ -f "$FIXTURES/$2" ] || { echo "harness: no fixture $2" >&2; exit 99; }
    printf '    %s) cat "%s"; exit %s ;;\n' "${4:-*}" "$FIXTURES/$2" "$3" >"$T/spec/$1.new"
    [ -f "$T/spec/$1" ] && cat "$T/spec/$1" >>"$T/spec/$1.new"
    mv "$T/spec/$1.new" "$T/spec/$1"
}

# Turn the collected branches into executable fakes.
build_tools() {
    for spec in "$T"/spec/*; do
        [ -e "$spec" ] || continue
        name=${spec##*/}
        {
            printf '#!/bin/sh\ncase "$*" in\n'
            cat "$spec"
            printf 'esac\necho "fake %s: no fixture for: $*" >&2\nexit 127\n' "$name"
        } >"$T/bin/$name"
        chmod 755 "$T/bin/$name"
    done
}

# devfiles ok|none|norender|noaccess: what /dev/kfd and /dev/dri look like.
devfiles() {
    rm -rf "$T/root/dev"
    AS_NOBODY=0
    case $1 in
        none) ;;
        ok|norender|noaccess)
            mkdir -p "$T/root/dev/dri"
            : >"$T/root/dev/kfd"
            [ "$1" = norender ] || : >"$T/root/dev/dri/renderD128"
            chmod 666 "$T/root/dev/kfd" "$T/root/dev/dri/"* 2>/dev/null
            if [ "$1" = noaccess ]; then
                chmod 000 "$T/root/dev/kfd"
                # root reads any file: drop to nobody so the permission check is real
                [ "$(id -u)" = 0 ] && AS_NOBODY=1
            fi ;;
    esac
}

# torch ENV_FIXTURE [ARCH_FIXTURE]: the fake torch module answers from these.
torch() { TORCH_ENV=$FIXTURES/$1; TORCH_ARCHS=${2:+$FIXTURES/$2}; }
no_torch() { TORCH_ENV=; TORCH_ARCHS=; }
with_python3() { printf '#!/bin/sh\nexec "%s" -S "$@"\n' "$PYTHON_REAL" >"$T/utils/python3"; chmod 755 "$T/utils/python3"; }
setenv() { EXTRA_ENV="$EXTRA_ENV $1"; }
# setenv_raw NAME=VALUE: one variable whose value may hold spaces or newlines.
setenv_raw() { RAW_ENV=$1; }

# tool_script NAME BODY: NAME is a fake tool that runs the sh code BODY (for tools that misbehave).
tool_script() {
    rm -f "$T/spec/$1"   # replaces a fixture-backed fake of the same name
    printf '#!/bin/sh\n%s\n' "$2" >"$T/bin/$1"
    chmod 755 "$T/bin/$1"
}

# expect CHECK STATUS: the line of CHECK must carry STATUS.
expect() { EXPECTS="$EXPECTS $1=$2"; }

# The case's memory limit (hostile_cases.sh: output without end must not fill memory). dash and bash
# both have ulimit -v.
limit_memory() {
    # shellcheck disable=SC3045
    [ "$MEM_LIMIT_KB" = unlimited ] || ulimit -v "$MEM_LIMIT_KB"
}

# run_selfcheck ARGS...: run in text and JSON mode; sets OUT, RC, JOUT, JRC.
run_selfcheck() {
    build_tools
    cp "$SCRIPT" "$T/selfcheck.sh"
    rm -rf "$T/fake_torch"
    cp -R "$HERE/fake_torch" "$T/fake_torch"
    chmod -R a+rX "$T"
    # EXTRA_ENV is split on purpose: one NAME=value word per variable
    # shellcheck disable=SC2086
    set -- env -i PATH="$T/bin:$T/utils" HOME="$T" LC_ALL=C \
        DUALGPU_SELFCHECK_DEV_ROOT="$T/root" DUALGPU_SELFCHECK_TIMEOUT=20 \
        PYTHONPATH="$T/fake_torch" DUALGPU_FAKE_TORCH_ENV="$TORCH_ENV" \
        DUALGPU_FAKE_TORCH_ARCHS="$TORCH_ARCHS" $EXTRA_ENV ${RAW_ENV:+"$RAW_ENV"} \
        "$SHELL_UNDER_TEST" "$T/selfcheck.sh" "$@"
    if [ "$AS_NOBODY" = 1 ]; then
        set -- setpriv --reuid=65534 --regid=65534 --clear-groups "$@"
    fi
    STARTED=$(date +%s)
    OUT=$(cd "$RUN_DIR" && limit_memory && "$@" 2>"$T/stderr"); RC=$?
    JOUT=$(cd "$RUN_DIR" && limit_memory && "$@" --json 2>/dev/null); JRC=$?
    # shellcheck disable=SC2034  # read by hostile_cases.sh
    ELAPSED=$(($(date +%s) - STARTED))
}

fail() {
    echo "FAILED [$CASE]: $1"
    echo "--- output (exit $RC):"; printf '%s\n' "$OUT"
    echo "--- stderr:"; cat "$T/stderr" 2>/dev/null
    cleanup
    exit 1
}

# expect_exit CODE: check the exit status, every expected line, and the JSON form.
expect_exit() {
    [ "$RC" = "$1" ] || fail "exit status $RC, expected $1"
    for e in $EXPECTS; do
        e_name=${e%%=*} e_status=${e#*=}
        e_lines=$(printf '%s\n' "$OUT" | grep -E "^(PASS|WARN|FAIL) +$e_name( |\$)")
        [ -n "$e_lines" ] || fail "no line for check '$e_name'"
        [ "$(printf '%s\n' "$e_lines" | wc -l)" -eq 1 ] || fail "more than one line for '$e_name'"
        e_got=${e_lines%% *}
        [ "$e_got" = "$e_status" ] || fail "check '$e_name' is $e_got, expected $e_status"
        case $e_got in WARN|FAIL) printf '%s\n' "$e_lines" | grep -q -- ' -- fix: .' ||
            fail "check '$e_name' is $e_got without a remedy" ;; esac
    done
    [ "$JRC" = "$1" ] || fail "--json exit status $JRC, expected $1"
    # shellcheck disable=SC2086
    printf '%s\n' "$JOUT" | "$PYTHON_REAL" -S "$HERE/check_json.py" "$OUT" $EXPECTS ||
        fail "--json output wrong: $JOUT"
    [ -z "${SELFCHECK_VERBOSE:-}" ] || printf "%s\n" "$OUT"
    echo "ok [$CASE] exit $RC"
    cleanup
}

# The two machines most cases start from.
# A ROCm machine where everything fits: MI300X, hipcc 6.2, torch 2.5.1+rocm6.2.
rocm_machine() {
    tool hipcc hipcc-version-rocm6.2.4.txt 0
    tool rocminfo rocminfo-mi300x-vf.txt 0
    devfiles ok
    torch torch-collect-env-rocm6.2.txt torch-arch-list-rocm6.2.txt
}

# A CUDA machine: 8x H100, nvcc 13.0, torch 2.15.0+cu132 (built with CUDA 13.2).
cuda_machine() {
    tool nvcc nvcc-version-cuda13.0.txt 0
    tool nvidia-smi nvidia-smi-csv-h100-x8.txt 0
    torch torch-collect-env-cuda13.2-pip.txt torch-arch-list-cuda13.2-pip.txt
}

# run_cases CASE | all: the driver of a file of case_* functions (the file that sourced this one).
run_cases() {
    if [ "${1:-all}" = all ]; then
        failed=0
        cases=$(sed -n 's/^case_\([a-z0-9_]*\)() {$/\1/p' "$0")
        while read -r c; do
            ( new_case "$c"; "case_$c" ) || failed=$((failed + 1))
        done <<EOF
$cases
EOF
        echo "${0##*/}: $failed failed"
        [ "$failed" = 0 ]
    else
        new_case "$1"
        "case_$1"
    fi
}
