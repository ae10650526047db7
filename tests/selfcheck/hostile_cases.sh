#!/bin/sh
# Hostile and careless input for ci/selfcheck.sh (issue 14): what a user's folder, environment or a
# misbehaving tool may hold. Each case asserts the exact outcome; CTest runs one case per test,
# labelled "hostile" (tests/selfcheck/CMakeLists.txt).
# Usage: sh hostile_cases.sh CASE_NAME | all
# SELFCHECK_SCRIPT=<old copy of selfcheck.sh> runs the cases against that copy (they fail on the
# script before issue 14).

# shellcheck source=tests/selfcheck/harness.sh
. "$(cd "$(dirname "$0")" && pwd)/harness.sh"

# must TEXT: the text output holds TEXT; must_not TEXT: it does not.
must() { printf '%s\n' "$OUT" | grep -F -q -- "$1" || fail "output lacks '$1'"; }
must_not() { ! printf '%s\n' "$OUT" | grep -F -q -- "$1" || fail "output holds '$1'"; }
# within SECONDS: both runs (text and --json) took at most SECONDS together.
within() { [ "$ELAPSED" -le "$1" ] || fail "took $ELAPSED s, more than $1 s"; }

# bare_run ARGS...: the script with the case's fake tools and nothing else; sets OUT, RC, ERR.
# For outcomes decided before any check (usage errors, missing utilities).
bare_run() {
    build_tools
    cp "$SCRIPT" "$T/selfcheck.sh"
    # EXTRA_ENV is split on purpose: one NAME=value word per variable
    # shellcheck disable=SC2086
    OUT=$(cd "$RUN_DIR" && env -i PATH="$T/bin:$T/utils" HOME="$T" LC_ALL=C DUALGPU_SELFCHECK_DEV_ROOT="$T/root" \
        $EXTRA_ENV "$SHELL_UNDER_TEST" "$T/selfcheck.sh" "$@" 2>"$T/stderr"); RC=$?
    ERR=$(cat "$T/stderr")
}

# usage_refused MESSAGE ARGS...: exit 2, nothing on stdout, MESSAGE on stderr.
usage_refused() {
    u_msg=$1; shift
    bare_run "$@"
    [ "$RC" = 2 ] || fail "'$*' exits $RC, expected 2 (usage error)"
    [ -z "$OUT" ] || fail "'$*' printed checks before refusing"
    printf '%s\n' "$ERR" | grep -F -q -- "$u_msg" || fail "'$*': stderr lacks '$u_msg': $ERR"
}

# ------------------------------------------------------------ code in the current folder

# A ./torch/ where the check is started (a checkout of an untrusted pull request) must not be imported:
# it would run, and report its own version.
case_cwd_torch_package() {
    rocm_machine
    mkdir -p "$T/work/torch"
    printf 'open("%s/ran", "w").close()\n__version__ = "9.9.9"\n' "$T" >"$T/work/torch/__init__.py"
    RUN_DIR=$T/work
    run_selfcheck --platform rocm --python "$PY"
    [ ! -e "$T/ran" ] || fail "./torch/__init__.py of the current folder ran"
    must "PASS torch              torch 2.5.1+rocm6.2"
    must_not 9.9.9
    expect torch PASS; expect torch-build PASS
    expect_exit 0
}

# Nor a ./json.py, which torch imports at start-up.
case_cwd_json_module() {
    rocm_machine
    mkdir -p "$T/work"
    printf 'open("%s/ran", "w").close()\nraise SystemExit("the current folder'"'"'s json.py ran")\n' "$T" >"$T/work/json.py"
    RUN_DIR=$T/work
    run_selfcheck --platform rocm --python "$PY"
    [ ! -e "$T/ran" ] || fail "./json.py of the current folder ran"
    expect torch PASS
    expect_exit 0
}

# ------------------------------------------------------------ tools that misbehave

# A compiler that prints without end: read at most 1 MiB, in seconds, in bounded memory.
case_endless_output() {
    rocm_machine
    tool_script hipcc "exec $(command -v yes) 'HIP version: 6.2.41134-65d174c3e'"
    MEM_LIMIT_KB=262144
    run_selfcheck --platform rocm --python "$PY"
    expect compiler FAIL
    must "hipcc printed more than 1048576 bytes: stopped reading it"
    within 15
    expect_exit 1
}

# A tool that ignores SIGTERM is killed (timeout's kill-after), not waited for.
case_ignores_sigterm() {
    rocm_machine
    tool_script hipcc "trap '' TERM
cat '$FIXTURES/hipcc-version-rocm6.2.4.txt'
exec $(command -v sleep) 1000"
    setenv DUALGPU_SELFCHECK_TIMEOUT=2
    run_selfcheck --platform rocm --python "$PY"
    expect compiler FAIL
    must "hipcc gave no answer within 2 s and was stopped (DUALGPU_SELFCHECK_TIMEOUT sets the limit)"
    within 30
    expect_exit 1
}

# A tool that answers, then leaves a child holding its output: its answer counts, the child is not waited for.
case_orphan_holds_output() {
    rocm_machine
    tool_script hipcc "cat '$FIXTURES/hipcc-version-rocm6.2.4.txt'
$(command -v sleep) 1000 &
exit 0"
    run_selfcheck --platform rocm --python "$PY"
    expect compiler PASS
    within 15
    expect_exit 0
}

# The torch probe is bounded by DUALGPU_PROBE_TIMEOUT, the setting CMake and the doctor read, even
# when the interpreter ignores SIGTERM.
case_torch_probe_timeout() {
    rocm_machine
    printf '#!/bin/sh\ntrap "" TERM\nexec %s 1000\n' "$(command -v sleep)" >"$T/utils/python-hangs"
    chmod 755 "$T/utils/python-hangs"
    setenv DUALGPU_SELFCHECK_TIMEOUT=
    setenv DUALGPU_PROBE_TIMEOUT=2
    run_selfcheck --platform rocm --python "$T/utils/python-hangs"
    expect torch FAIL
    must "python-hangs gave no answer within 2 s and was stopped (DUALGPU_PROBE_TIMEOUT sets the limit)"
    within 30
    expect_exit 1
}

# ------------------------------------------------------------ text that is not what it seems

# Bytes that are not UTF-8 in a tool's output (a Latin-1 marketing name): --json stays valid UTF-8 JSON
# (expect_exit decodes it strictly), the bad bytes shown as U+FFFD.
case_json_non_utf8() {
    rocm_machine
    sed "s/Marketing Name:.*AMD Instinct.*/Marketing Name:          Carte graphique \\$(printf '\351')t\\$(printf '\351') \\$(printf '\377\376')/" \
        "$FIXTURES/rocminfo-mi300x-vf.txt" >"$FIXTURES/rocminfo-latin1.txt"
    grep -q "$(printf 'graphique \351t')" "$FIXTURES/rocminfo-latin1.txt" || fail "fixture edit did not apply"
    tool rocminfo rocminfo-latin1.txt 0
    run_selfcheck --platform rocm --python "$PY"
    printf '%s\n' "$JOUT" | "$PYTHON_REAL" -S -c 'import json, sys; json.loads(sys.stdin.buffer.read().decode("utf-8"))' ||
        fail "--json is not valid UTF-8 JSON"
    must "$(printf 'Carte graphique \357\277\275t\357\277\275 \357\277\275\357\277\275')"
    expect devices PASS
    expect_exit 0
}

# Under C.UTF-8, grep hides a line with a stray byte ("binary file matches"): the broken hipcc's
# "clang: error:" must still be seen.
case_c_utf8_clang_error() {
    rocm_machine
    printf 'HIP version: 6.2.41134-65d174c3e\n/opt/rocm/llvm/bin/clang: error: cannot find ROCm device library for gfx942; provide its path via --rocm-path (/home/j\374rgen/rocm)\n' \
        >"$FIXTURES/hipcc-latin1-clang-error.txt"
    tool hipcc hipcc-latin1-clang-error.txt 0
    setenv LC_ALL=C.UTF-8
    run_selfcheck --platform rocm --python "$PY"
    expect compiler FAIL
    must "hipcc is broken (HIP 6.2.41134, exit 0): /opt/rocm/llvm/bin/clang: error: cannot find ROCm device library"
    expect_exit 1
}

# A newline in CUDA_VISIBLE_DEVICES must not forge a check line, and the value is not a device list.
case_newline_in_cuda_visible_devices() {
    cuda_machine
    setenv_raw "CUDA_VISIBLE_DEVICES=0
PASS compiler           forged"
    run_selfcheck --platform cuda --python "$PY"
    ! printf '%s\n' "$OUT" | grep -q '^PASS compiler  *forged' || fail "a line was forged"
    must 'CUDA_VISIBLE_DEVICES='"'"'0\nPASS compiler           forged'"'"' is not a comma-separated list'
    expect env.CUDA_VISIBLE_DEVICES WARN; expect compiler PASS
    expect_exit 0
}

# ------------------------------------------------------------ options and settings

# 'gfx*' is a value, not a file name pattern: with a file gfx942 in the current folder it stays 'gfx*'.
case_expect_arch_glob() {
    rocm_machine
    mkdir -p "$T/work"
    : >"$T/work/gfx942"
    RUN_DIR=$T/work
    usage_refused "'gfx*' is neither a gfx target" --platform rocm --expect-arch 'gfx*'
    echo "ok [$CASE]"; cleanup
}

# A list with no entry expects nothing: a usage error, not a PASS.
case_expect_arch_empty_list() {
    rocm_machine
    usage_refused "--expect-arch ',' names no architecture" --platform rocm --expect-arch ,
    usage_refused "--expect-arch ' ; ' names no architecture" --platform rocm --expect-arch ' ; '
    echo "ok [$CASE]"; cleanup
}

# A switch with a value: --json=0 must not turn JSON on.
case_json_switch_with_value() {
    rocm_machine
    usage_refused "--json takes no value (not '--json=0')" --platform rocm --json=0
    usage_refused "--json takes no value (not '--json=1')" --platform rocm --json=1
    usage_refused "--help takes no value" --help=x
    echo "ok [$CASE]"; cleanup
}

# Without awk every check would give a false diagnosis: say what is missing instead.
case_missing_awk() {
    rocm_machine
    rm -f "$T/utils/awk"
    usage_refused "needs awk, not found on PATH" --platform rocm
    echo "ok [$CASE]"; cleanup
}

# A timeout that is not whole seconds is refused before any probe (nothing in it is run).
case_bad_timeout_value() {
    rocm_machine
    setenv "DUALGPU_PROBE_TIMEOUT=5;touch;$T/touched"
    usage_refused "DUALGPU_PROBE_TIMEOUT='5;touch;$T/touched' is not a number of seconds" --platform rocm
    [ ! -e "$T/touched" ] || fail "the timeout value ran a command"
    for bad in abc 0 -5 1.5 12345678; do
        EXTRA_ENV="DUALGPU_PROBE_TIMEOUT=$bad"
        usage_refused "DUALGPU_PROBE_TIMEOUT='$bad' is not a number of seconds" --platform rocm
    done
    EXTRA_ENV="DUALGPU_SELFCHECK_TIMEOUT=abc"
    usage_refused "DUALGPU_SELFCHECK_TIMEOUT='abc' is not a number of seconds" --platform rocm
    echo "ok [$CASE]"; cleanup
}

# ------------------------------------------------------------ driver

run_cases "$@"
