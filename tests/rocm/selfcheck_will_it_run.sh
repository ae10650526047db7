#!/bin/sh
# ci/selfcheck.sh's "will it run?" on recorded machines: the 780M APU (gfx1103) against torch
# wheels' recorded architecture lists. Uses the selfcheck suite's harness (fake tools, fake torch).
# Usage: sh selfcheck_will_it_run.sh CASE_NAME | all
# shellcheck source=tests/selfcheck/harness.sh
. "$(cd "$(dirname "$0")/../selfcheck" && pwd)/harness.sh"
HERE=$REPO/tests/selfcheck   # the harness finds fake_torch and check_json.py there

apu_780m() {
    tool hipcc hipcc-version-rocm7.2.1.txt 0
    tool rocminfo rocminfo-780m-gfx1103-apu.txt 0
    devfiles ok
}

case_780m_on_torch_rocm7_2() {
    # ROCm 7.2 wheels carry gfx1150/gfx1151 but neither gfx1103 nor gfx11-generic.
    apu_780m
    torch torch-collect-env-rocm7.2-git.txt torch-arch-list-rocm7.2.txt
    run_selfcheck --platform rocm --python "$PY"
    expect devices PASS; expect integrated-gpu PASS; expect torch-arch FAIL
    expect_exit 1
    printf '%s\n' "$OUT" | grep -q "HSA_OVERRIDE_GFX_VERSION is no fix" || fail "the override is not explained"
}

case_780m_on_torch_rocm6_2() {
    apu_780m
    tool hipcc hipcc-version-rocm6.2.4.txt 0
    torch torch-collect-env-rocm6.2.txt torch-arch-list-rocm6.2.txt
    run_selfcheck --platform rocm --expect-arch gfx1103 --python "$PY"
    expect expected-arch PASS; expect torch-arch FAIL
    expect_exit 1
}

# The script's own functions and lists, cut out of it (it runs main when sourced): generic targets
# count, neighbours do not. No recorded torch carries a generic target, so lists stand in here.
case_gfx_code_runs() {
    eval "$(sed -n -e '/^# BEGIN architecture lists/,/^# END architecture lists/p' \
        -e '/^gfx_base()/p' -e '/^generic_of_gfx() {/,/^}/p' -e '/^gfx_code_runs() {/,/^}/p' "$SCRIPT")"
    for c in "gfx1103|gfx1100 gfx11-generic|generic:gfx11-generic" "gfx1100|gfx11-generic gfx1100|native" \
             "gfx942|gfx90a gfx9-4-generic:sramecc+:xnack-|generic:gfx9-4-generic" "gfx90a|gfx9-generic gfx942|" \
             "gfx1103|gfx1100 gfx1101 gfx1102|" "gfx1036|gfx10-3-generic|generic:gfx10-3-generic"; do
        gpu=${c%%|*} rest=${c#*|}
        got=$(gfx_code_runs "$gpu" "${rest%|*}")
        [ "$got" = "${rest##*|}" ] || fail "gfx_code_runs $gpu '${rest%|*}' printed '$got', expected '${rest##*|}'"
    done
    echo "ok [$CASE]"
    cleanup
}

run_case() { new_case "$1"; "case_$1"; }
if [ "${1:-all}" = all ]; then
    for c in 780m_on_torch_rocm7_2 780m_on_torch_rocm6_2 gfx_code_runs; do ( run_case "$c" ) || exit 1; done
else
    run_case "$1"
fi
