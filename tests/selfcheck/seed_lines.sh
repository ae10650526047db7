#!/bin/sh
# The migration guide's "self-check list, one line in CI", run against real outputs,
# next to ci/selfcheck.sh on the same machine. Each row shows the seed line's verdict
# (its exit status) is wrong where ours is right.
#
#   hipcc --version | grep -q "HIP 5" || exit 1
#   rocminfo | grep -q "gfx908" || exit 1
#   python -c "import torch; print(torch.version.hip)" || exit 1

# shellcheck source=tests/selfcheck/harness.sh
. "$(cd "$(dirname "$0")" && pwd)/harness.sh"

# seed_rc COMMAND: exit status of one seed line run with the case's fake tools.
seed_rc() {
    build_tools
    env -i PATH="$T/bin:$T/utils" PYTHONPATH="$HERE/fake_torch" DUALGPU_FAKE_TORCH_ENV="$TORCH_ENV" \
        DUALGPU_FAKE_TORCH_ARCHS="$TORCH_ARCHS" "$SHELL_UNDER_TEST" -c "$1" >/dev/null 2>&1
    echo $?
}

SEED_HIPCC='hipcc --version | grep -q "HIP 5" || exit 1'
SEED_ROCMINFO_1201='rocminfo | grep -q "gfx1201" || exit 1'
SEED_ROCMINFO_908='rocminfo | grep -q "gfx908" || exit 1'
SEED_TORCH='python3 -c "import torch; print(torch.version.hip)" || exit 1'

# 1. hipcc: "HIP 5" never appears ("HIP version: 5.3..."), so the line fails on ROCm 5
#    as well as on 6 and 7. Ours reads the version and compares it.
#    (Exit 1 for 5.3 and 7.2 comes from torch-toolchain: that torch is built for ROCm 6.2.)
for row in hipcc-version-rocm5.3.0.txt:1 hipcc-version-rocm6.2.4.txt:0 hipcc-version-rocm7.2.1.txt:1; do
    fixture=${row%:*}
    new_case "seed-hipcc-$fixture"
    tool hipcc "$fixture" 0
    tool rocminfo rocminfo-mi300x-vf.txt 0
    devfiles ok
    torch torch-collect-env-rocm6.2.txt torch-arch-list-rocm6.2.txt
    [ "$(seed_rc "$SEED_HIPCC")" = 1 ] || fail "seed hipcc line was expected to fail on $fixture"
    run_selfcheck --platform rocm --min-hip 5.0 --python "$PY"
    expect compiler PASS
    expect_exit "${row#*:}"
done

# 2a. rocminfo with the driver missing: the seed line exits 1 with no word of why;
#     ours says the module is not loaded and how to load it.
new_case seed-rocminfo-no-driver
tool hipcc hipcc-version-rocm6.2.4.txt 0
tool rocminfo rocminfo-error-rock-not-loaded.txt 1
devfiles ok
torch torch-collect-env-rocm6.2.txt torch-arch-list-rocm6.2.txt
out=$(build_tools; env -i PATH="$T/bin:$T/utils" "$SHELL_UNDER_TEST" -c "$SEED_ROCMINFO_908" 2>&1); rc=$?
if [ "$rc" != 1 ] || [ -n "$out" ]; then fail "seed rocminfo line: exit $rc, output '$out'"; fi
run_selfcheck --platform rocm --expect-arch gfx908 --python "$PY"
expect devices FAIL
printf '%s\n' "$OUT" | grep -q 'ROCk module is NOT loaded.*fix: load it' || fail "no explanation of the missing driver"
expect_exit 1

# 2b. rocminfo that mentions the wanted target next to a GPU the build does not cover:
#     the seed line passes; the first HIP call would die with hipErrorNoBinaryForGpu.
new_case seed-rocminfo-igpu
tool hipcc hipcc-version-rocm7.2.1.txt 0
tool rocminfo rocminfo-rx9070xt-igpu-gfx1036.txt 0
devfiles ok
torch torch-collect-env-rocm7.2-git.txt torch-arch-list-rocm7.2.txt
[ "$(seed_rc "$SEED_ROCMINFO_1201")" = 0 ] || fail "seed rocminfo line was expected to pass"
run_selfcheck --platform rocm --expect-arch gfx1201 --python "$PY"
expect expected-arch PASS; expect integrated-gpu WARN; expect torch-arch FAIL
expect_exit 1

# 2c. rocminfo's generic ISA line is not a GPU: grep finds "gfx9-4-generic", ours does not.
new_case seed-rocminfo-generic-isa
tool hipcc hipcc-version-rocm6.2.4.txt 0
tool rocminfo rocminfo-mi300x-vf.txt 0
devfiles ok
torch torch-collect-env-rocm6.2.txt torch-arch-list-rocm6.2.txt
[ "$(seed_rc 'rocminfo | grep -q "gfx9-4-generic" || exit 1')" = 0 ] || fail "grep was expected to match the ISA line"
run_selfcheck --platform rocm --expect-arch gfx9-4-generic --python "$PY"
expect expected-arch FAIL
expect_exit 1

# 3. torch: a CUDA or CPU build prints "None" and exits 0, so the seed line passes.
for fixture in torch-collect-env-cuda12.1.txt torch-collect-env-cpu-debian12.txt; do
    new_case "seed-torch-$fixture"
    tool hipcc hipcc-version-rocm6.2.4.txt 0
    tool rocminfo rocminfo-mi300x-vf.txt 0
    devfiles ok
    torch "$fixture"
    with_python3
    [ "$(seed_rc "$SEED_TORCH")" = 0 ] || fail "seed torch line was expected to pass on $fixture"
    run_selfcheck --platform rocm
    expect torch-build FAIL
    expect_exit 1
done

# 3b. and a real ROCm build whose version lacks "+rocm" is fine for ours.
new_case seed-torch-rocm-no-plus
tool hipcc hipcc-version-rocm7.2.1.txt 0
tool rocminfo rocminfo-mi300x-vf.txt 0
devfiles ok
torch torch-collect-env-rocm7.0-no-plus.txt
with_python3
run_selfcheck --platform rocm
expect torch-build PASS
expect_exit 0
echo "seed lines: every wrong verdict reproduced, ours right"
