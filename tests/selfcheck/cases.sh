#!/bin/sh
# Cases for ci/selfcheck.sh against real tool outputs (tests/fixtures, sources in SOURCES.md).
# Usage: sh cases.sh CASE_NAME | all        (CTest runs one case per test)
# Each case_* function sets up fake tools, runs the script and asserts the exact status
# of the checks it is about and the exact exit code (in text and --json mode).

# shellcheck source=tests/selfcheck/harness.sh
. "$(cd "$(dirname "$0")" && pwd)/harness.sh"

# ------------------------------------------------------------ compiler: hipcc

case_rocm_all_good() {
    rocm_machine
    run_selfcheck --platform rocm --min-hip 6.0 --expect-arch gfx942 --python "$PY"
    expect platform PASS; expect compiler PASS; expect device-files PASS; expect devices PASS
    expect expected-arch PASS; expect torch PASS; expect torch-build PASS
    expect torch-toolchain PASS; expect torch-arch PASS
    expect_exit 0
}

case_hipcc_rocm5_2_debian_traceback() {
    # Debian's hipcc prints a rocm_agent_enumerator traceback on a machine without a
    # driver, and still works: the compiler is fine, torch (ROCm 6.2) is a major apart.
    rocm_machine
    tool hipcc hipcc-version-rocm5.2-debian12.txt 0
    run_selfcheck --platform rocm --min-hip 5.0 --python "$PY"
    expect compiler PASS; expect torch-toolchain FAIL
    expect_exit 1
}

case_hipcc_rocm5_3_below_minimum() {
    rocm_machine
    tool hipcc hipcc-version-rocm5.3.0.txt 0
    run_selfcheck --platform rocm --min-hip 6.0 --python "$PY"
    expect compiler FAIL
    expect_exit 1
}

case_hipcc_rocm6_2_spack_short_version() {
    rocm_machine
    tool hipcc hipcc-version-rocm6.2-spack.txt 0
    run_selfcheck --platform rocm --min-hip 6.2 --python "$PY"
    expect compiler PASS; expect torch-toolchain PASS
    expect_exit 0
}

case_hipcc_rocm7_2_with_torch_rocm7_2() {
    rocm_machine
    tool hipcc hipcc-version-rocm7.2.1.txt 0
    torch torch-collect-env-rocm7.2-git.txt torch-arch-list-rocm7.2.txt
    run_selfcheck --platform rocm --min-hip 7.0 --python "$PY"
    expect compiler PASS; expect torch-build PASS; expect torch-toolchain PASS; expect torch-arch PASS
    expect_exit 0
}

case_hipcc_rocm6_2_with_torch_rocm7_2_major_mismatch() {
    rocm_machine
    torch torch-collect-env-rocm7.2-git.txt torch-arch-list-rocm7.2.txt
    run_selfcheck --platform rocm --python "$PY"
    expect compiler PASS; expect torch-toolchain FAIL
    expect_exit 1
}

case_hipcc_broken_binary_hipcc() {
    # hipcc.bin that cannot find clang prints "HIP version: 4.4.0-0" among its errors
    rocm_machine
    tool hipcc hipcc-version-broken-hipcc-bin-no-clang.txt 1
    run_selfcheck --platform rocm --python "$PY"
    expect compiler FAIL
    expect_exit 1
}

case_hipcc_broken_even_with_exit_0() {
    rocm_machine
    tool hipcc hipcc-version-broken-hipcc-bin-no-clang.txt 0
    run_selfcheck --platform rocm --python "$PY"
    expect compiler FAIL
    expect_exit 1
}

case_hipcc_broken_perl_hipcc() {
    rocm_machine
    tool hipcc hipcc-v-broken-perl-no-clang.txt 1
    run_selfcheck --platform rocm --python "$PY"
    expect compiler FAIL
    expect_exit 1
}

case_hipcc_missing() {
    tool rocminfo rocminfo-mi300x-vf.txt 0
    devfiles ok
    torch torch-collect-env-rocm6.2.txt torch-arch-list-rocm6.2.txt
    run_selfcheck --platform rocm --python "$PY"
    expect compiler FAIL; expect devices PASS
    expect_exit 1
}

# ------------------------------------------------------------ compiler: nvcc

case_cuda_all_good() {
    cuda_machine
    run_selfcheck --platform cuda --min-cuda 12.1 --expect-arch 9.0 --python "$PY"
    expect compiler PASS; expect devices PASS; expect expected-arch PASS
    expect torch-build PASS; expect torch-toolchain WARN; expect torch-arch PASS
    expect_exit 0
}

case_nvcc_cuda10_0_below_minimum() {
    cuda_machine
    tool nvcc nvcc-version-cuda10.0.txt 0
    run_selfcheck --platform cuda --min-cuda 11.0 --python "$PY"
    expect compiler FAIL
    expect_exit 1
}

case_nvcc_cuda10_2_parsed() {
    cuda_machine
    tool nvcc nvcc-version-cuda10.2.txt 0
    run_selfcheck --platform cuda --min-cuda 10.2 --python "$PY"
    expect compiler PASS; expect torch-toolchain FAIL
    expect_exit 1
}

case_nvcc_cuda11_8_below_minimum() {
    cuda_machine
    tool nvcc nvcc-version-cuda11.8.txt 0
    run_selfcheck --platform cuda --min-cuda 12.1 --python "$PY"
    expect compiler FAIL; expect torch-toolchain FAIL
    expect_exit 1
}

case_nvcc_cuda12_2_torch_cu121_no_driver() {
    tool nvcc nvcc-version-cuda12.2.txt 0
    tool nvidia-smi nvidia-smi-error-no-driver.txt 9
    torch torch-collect-env-cuda12.1.txt
    run_selfcheck --platform cuda --min-cuda 12.1 --python "$PY"
    expect compiler PASS; expect devices FAIL; expect torch-build PASS; expect torch-toolchain WARN
    expect_exit 1
}

case_nvcc_missing() {
    tool nvidia-smi nvidia-smi-csv-h100-x8.txt 0
    torch torch-collect-env-cuda13.2-pip.txt torch-arch-list-cuda13.2-pip.txt
    run_selfcheck --platform cuda --python "$PY"
    expect compiler FAIL; expect devices PASS; expect torch-arch PASS
    expect_exit 1
}

# ------------------------------------------------------------ devices: ROCm

case_rocminfo_mi210_x4() {
    rocm_machine
    tool rocminfo rocminfo-mi210-x4.txt 0
    run_selfcheck --platform rocm --expect-arch gfx90a:sramecc+:xnack- --python "$PY"
    expect devices PASS; expect expected-arch PASS; expect torch-arch PASS
    expect_exit 0
}

case_rocminfo_mi300x_expected_missing() {
    rocm_machine
    run_selfcheck --platform rocm --expect-arch gfx942,gfx90a --python "$PY"
    expect devices PASS; expect expected-arch FAIL
    expect_exit 1
}

case_rocminfo_generic_isa_is_not_a_gpu() {
    # "amdgcn-amd-amdhsa--gfx9-4-generic" is an ISA line of the MI300X, not a GPU agent
    rocm_machine
    run_selfcheck --platform rocm --expect-arch gfx9-4-generic --python "$PY"
    expect expected-arch FAIL
    expect_exit 1
}

case_rocminfo_rx7900xtx_rdna3() {
    rocm_machine
    tool rocminfo rocminfo-rx7900xtx.txt 0
    run_selfcheck --platform rocm --expect-arch gfx1100 --python "$PY"
    expect devices PASS; expect expected-arch PASS; expect torch-arch PASS
    expect_exit 0
}

case_rocminfo_rx6800_rdna2() {
    rocm_machine
    tool rocminfo rocminfo-rx6800-rdna2.txt 0
    run_selfcheck --platform rocm --expect-arch gfx1030 --python "$PY"
    expect devices PASS; expect expected-arch PASS; expect torch-arch PASS
    expect_exit 0
}

case_rocminfo_rx9070xt_rdna4_with_igpu() {
    # torch for ROCm 7.2 has gfx1201 but not the Raphael iGPU's gfx1036
    rocm_machine
    tool hipcc hipcc-version-rocm7.2.1.txt 0
    tool rocminfo rocminfo-rx9070xt-igpu-gfx1036.txt 0
    torch torch-collect-env-rocm7.2-git.txt torch-arch-list-rocm7.2.txt
    run_selfcheck --platform rocm --expect-arch gfx1201 --python "$PY"
    expect devices PASS; expect integrated-gpu WARN; expect expected-arch PASS; expect torch-arch FAIL
    expect_exit 1
}

case_rocminfo_igpu_hidden_by_hip_visible_devices() {
    rocm_machine
    tool hipcc hipcc-version-rocm7.2.1.txt 0
    tool rocminfo rocminfo-rx9070xt-igpu-gfx1036.txt 0
    torch torch-collect-env-rocm7.2-git.txt torch-arch-list-rocm7.2.txt
    setenv HIP_VISIBLE_DEVICES=0
    run_selfcheck --platform rocm --python "$PY"
    expect integrated-gpu WARN; expect env.HIP_VISIBLE_DEVICES PASS; expect torch-arch WARN
    expect_exit 0
}

case_rocminfo_rdna4_on_torch_rocm6_2() {
    # torch 2.5.1+rocm6.2 has no gfx1201: invalid device function at run time
    rocm_machine
    tool rocminfo rocminfo-rx9070xt-igpu-gfx1036.txt 0
    run_selfcheck --platform rocm --python "$PY"
    expect torch-arch FAIL
    expect_exit 1
}

case_rocminfo_rock_not_loaded() {
    rocm_machine
    tool rocminfo rocminfo-error-rock-not-loaded.txt 1
    run_selfcheck --platform rocm --python "$PY"
    expect device-files PASS; expect devices FAIL
    expect_exit 1
}

case_rocminfo_debian_no_driver_no_kfd() {
    rocm_machine
    tool rocminfo rocminfo-error-debian12-no-driver.txt 1
    devfiles none
    run_selfcheck --platform rocm --expect-arch gfx90a --python "$PY"
    expect device-files FAIL; expect devices FAIL; expect expected-arch WARN
    expect_exit 1
}

case_kfd_not_accessible_not_in_render_group() {
    rocm_machine
    tool rocminfo rocminfo-error-kfd-permission-denied.txt 1
    devfiles noaccess
    run_selfcheck --platform rocm --python "$PY"
    expect device-files FAIL; expect devices FAIL
    expect_exit 1
}

case_dri_without_render_node() {
    rocm_machine
    devfiles norender
    run_selfcheck --platform rocm --python "$PY"
    expect device-files FAIL; expect devices PASS
    expect_exit 1
}

case_rocm_agent_enumerator_fallback_with_apu() {
    # no rocminfo: Polaris gfx803 next to a Raven APU gfx902
    tool hipcc hipcc-version-rocm6.2.4.txt 0
    tool rocm_agent_enumerator rocm_agent_enumerator-gfx803-gfx902.txt 0
    devfiles ok
    torch torch-collect-env-rocm6.2.txt torch-arch-list-rocm6.2.txt
    run_selfcheck --platform rocm --python "$PY"
    expect devices PASS; expect integrated-gpu WARN; expect torch-arch FAIL
    expect_exit 1
}

case_rocm_agent_enumerator_no_kfd() {
    tool hipcc hipcc-version-rocm6.2.4.txt 0
    tool rocm_agent_enumerator rocm_agent_enumerator-error-no-kfd.txt 1
    devfiles ok
    torch torch-collect-env-rocm6.2.txt torch-arch-list-rocm6.2.txt
    run_selfcheck --platform rocm --python "$PY"
    expect devices FAIL
    expect_exit 1
}

case_rocm_smi_fallback_mi210_x2() {
    tool hipcc hipcc-version-rocm6.2.4.txt 0
    tool rocm-smi rocm-smi-showproductname-mi210-x2.txt 0 --showproductname
    devfiles ok
    torch torch-collect-env-rocm6.2.txt torch-arch-list-rocm6.2.txt
    run_selfcheck --platform rocm --expect-arch gfx90a --python "$PY"
    expect devices PASS; expect expected-arch PASS; expect torch-arch PASS
    expect_exit 0
}

# ------------------------------------------------------------ ROCm 6.4 machines

# An MI300X VF under ROCm 6.4.0 (rocminfo with the gfx9-4-generic ISA line), hipcc of HIP 6.4,
# torch built with HIP 6.4 (its arch list: the 6.3 wheel's, which PyTorch's 6.4 builders share).
rocm6_4_mi300x() {
    tool hipcc hipcc-version-rocm6.4-arch.txt 0
    tool rocminfo rocminfo-mi300x-vf-rocm6.4.0.txt 0
    devfiles ok
    torch torch-collect-env-rocm6.4-vllm.txt torch-arch-list-rocm6.3.txt
}

# has_line REGEX WHAT: one line of the text output matches REGEX, else the case fails saying WHAT.
has_line() { printf '%s\n' "$OUT" | grep -q -- "$1" || fail "$2"; }

case_rocm6_4_mi300x_min_hip_6_4() {
    rocm6_4_mi300x
    run_selfcheck --platform rocm --min-hip 6.4 --expect-arch gfx942 --python "$PY"
    expect compiler PASS; expect devices PASS; expect expected-arch PASS; expect torch-build PASS
    expect torch-toolchain PASS; expect torch-arch PASS
    has_line '^PASS compiler  *HIP 6\.4\.43484 (>= 6\.4)$' "HIP 6.4.43484 not read from hipcc"
    has_line '^PASS devices  *rocminfo: gfx942 (AMD Instinct MI300X VF)$' "not exactly the one gfx942 agent"
    has_line '^PASS torch-toolchain  *torch and hipcc both use HIP 6\.4$' "torch's HIP 6.4 not matched"
    expect_exit 0
}

case_rocm6_4_hipcc_below_min_hip_7_0() {
    rocm6_4_mi300x
    run_selfcheck --platform rocm --min-hip 7.0 --python "$PY"
    expect compiler FAIL
    has_line '^FAIL compiler .*6\.4\.43484.*7\.0.* -- fix: install ROCm 7\.0 or newer' "the version found and the one needed are not named"
    expect_exit 1
}

case_rocm6_4_generic_isa_is_not_a_gpu() {
    # ROCm 6.4's rocminfo lists "amdgcn-amd-amdhsa--gfx9-4-generic:sramecc+:xnack-" under the MI300X
    rocm6_4_mi300x
    run_selfcheck --platform rocm --expect-arch gfx9-4-generic --python "$PY"
    expect devices PASS; expect expected-arch FAIL
    has_line '^FAIL expected-arch  *expected gfx9-4-generic not among the GPUs (gfx942) -- fix: ' "the missing target is not named"
    has_line '^PASS devices  *rocminfo: gfx942 (AMD Instinct MI300X VF)$' "an ISA line taken for a GPU"
    expect_exit 1
}

case_rocm6_4_rx7900gre_vega64() {
    # two discrete GPUs of two families (RDNA3 gfx1100, Vega gfx900), each with a generic ISA line;
    # torch 2.7.1+rocm6.3's wheel has code for both
    rocm6_4_mi300x
    tool rocminfo rocminfo-rx7900gre-vega64-rocm6.4.2.txt 0
    run_selfcheck --platform rocm --min-hip 6.4 --expect-arch gfx1100,gfx900 --python "$PY"
    expect devices PASS; expect expected-arch PASS; expect torch-arch PASS
    has_line '^PASS devices  *rocminfo: gfx1100 (Radeon RX 7900 GRE), gfx900 (Radeon RX Vega)$' "not exactly the two GPU agents"
    printf '%s\n' "$OUT" | grep -q 'integrated-gpu' && fail "a Vega 64 taken for an integrated GPU"
    expect_exit 0
}

case_rocm6_4_gfx11_generic_isa_is_not_a_gpu() {
    rocm6_4_mi300x
    tool rocminfo rocminfo-rx7900gre-vega64-rocm6.4.2.txt 0
    run_selfcheck --platform rocm --expect-arch gfx11-generic --python "$PY"
    expect devices PASS; expect expected-arch FAIL
    has_line '^FAIL expected-arch  *expected gfx11-generic not among the GPUs (gfx1100 gfx900) -- fix: ' "an ISA line taken for a GPU"
    expect_exit 1
}

case_rocm6_4_hipcc_with_torch_rocm6_2() {
    # hipcc of ROCm 6.4, torch 2.5.1+rocm6.2 (which has gfx942): another minor warns
    rocm6_4_mi300x
    torch torch-collect-env-rocm6.2.txt torch-arch-list-rocm6.2.txt
    run_selfcheck --platform rocm --expect-arch gfx942 --python "$PY"
    expect compiler PASS; expect torch-toolchain WARN; expect torch-arch PASS
    expect_exit 0
}

case_rocm6_4_library_without_their_code() {
    # a library built for gfx1030 and gfx90a runs on neither GPU; each verdict names its own rebuild
    rocm6_4_mi300x
    tool rocminfo rocminfo-rx7900gre-vega64-rocm6.4.2.txt 0
    tool roc-obj-ls roc-obj-ls-gfx1030-gfx90a-rocm5.2.txt 0
    library libk_hip.so
    run_selfcheck --platform rocm --python "$PY" --library "$LIB"
    expect library PASS; expect library.gfx1100 FAIL; expect library.gfx900 FAIL; expect torch-arch PASS
    has_line '^FAIL library.gfx1100 .* -- fix: rebuild with gfx1100 or gfx11-generic in DUALGPU_ARCHITECTURES' "no gfx1100 rebuild named"
    has_line '^FAIL library.gfx900 .* -- fix: rebuild with gfx900 or gfx9-generic in DUALGPU_ARCHITECTURES' "no gfx900 rebuild named"
    expect_exit 1
}

# ------------------------------------------------------------ devices: CUDA

case_nvidia_smi_mixed_gpus() {
    # TITAN V (7.0) next to an RTX 5880 Ada (8.9); torch cu132 starts at sm_75
    cuda_machine
    tool nvidia-smi nvidia-smi-csv-mixed-titanv-rtx5880.txt 0
    run_selfcheck --platform cuda --expect-arch 8.9 --python "$PY"
    expect devices PASS; expect expected-arch WARN; expect torch-arch FAIL
    expect_exit 1
}

case_nvidia_smi_mixed_gpus_expect_both() {
    cuda_machine
    tool nvidia-smi nvidia-smi-csv-mixed-titanv-rtx5880.txt 0
    run_selfcheck --platform cuda --expect-arch sm_70,89 --python "$PY"
    expect expected-arch PASS
    expect_exit 1
}

case_nvidia_smi_old_driver_no_compute_cap() {
    cuda_machine
    tool nvidia-smi nvidia-smi-csv-error-old-driver.txt 2 '*compute_cap*'
    tool nvidia-smi nvidia-smi-L-titanv-rtx5880.txt 0 -L
    run_selfcheck --platform cuda --expect-arch 7.0 --python "$PY"
    expect devices WARN; expect expected-arch WARN
    expect_exit 0
}

case_nvidia_smi_no_driver() {
    cuda_machine
    tool nvidia-smi nvidia-smi-error-no-driver.txt 9
    run_selfcheck --platform cuda --python "$PY"
    expect devices FAIL
    expect_exit 1
}

case_nvidia_smi_missing() {
    tool nvcc nvcc-version-cuda13.0.txt 0
    torch torch-collect-env-cuda13.2-pip.txt torch-arch-list-cuda13.2-pip.txt
    run_selfcheck --platform cuda --python "$PY"
    expect devices FAIL
    expect_exit 1
}

case_cuda_expect_missing_capability() {
    cuda_machine
    run_selfcheck --platform cuda --expect-arch 10.0 --python "$PY"
    expect expected-arch FAIL
    expect_exit 1
}

# ------------------------------------------------------------ torch

case_torch_cpu_build_on_rocm() {
    rocm_machine
    torch torch-collect-env-cpu-debian12.txt
    run_selfcheck --platform rocm --python "$PY"
    expect torch PASS; expect torch-build FAIL
    has_line "^FAIL torch-build .* -- fix: install torch from PyTorch's rocm6.2 wheel index" "the fix names no wheel index for hipcc's ROCm 6.2"
    expect_exit 1
}

case_torch_cuda_build_on_rocm() {
    rocm_machine
    torch torch-collect-env-cuda12.1.txt
    run_selfcheck --platform rocm --python "$PY"
    expect torch-build FAIL
    expect_exit 1
}

case_torch_rocm_build_on_cuda() {
    cuda_machine
    torch torch-collect-env-rocm6.2.txt torch-arch-list-rocm6.2.txt
    run_selfcheck --platform cuda --python "$PY"
    expect torch-build FAIL
    has_line "^FAIL torch-build .* -- fix: install torch from PyTorch's cu130 wheel index" "the fix names no wheel index for nvcc's CUDA 13.0"
    expect_exit 1
}

case_torch_cpu_build_on_cuda() {
    cuda_machine
    torch torch-collect-env-cpu-debian12.txt
    run_selfcheck --platform cuda --python "$PY"
    expect torch-build FAIL
    expect_exit 1
}

case_torch_rocm_without_plus_rocm_in_version() {
    # "2.9.0a0+git1c57644" is a ROCm 7.0 build: torch.version.hip says so, not the name
    rocm_machine
    tool hipcc hipcc-version-rocm7.2.1.txt 0
    tool rocminfo rocminfo-error-rock-not-loaded.txt 1
    torch torch-collect-env-rocm7.0-no-plus.txt
    run_selfcheck --platform rocm --python "$PY"
    expect torch-build PASS; expect torch-toolchain WARN
    expect_exit 1
}

case_torch_not_installed() {
    rocm_machine
    no_torch
    run_selfcheck --platform rocm --python "$PY"
    expect torch FAIL
    expect_exit 1
}

case_python_missing() {
    rocm_machine
    run_selfcheck --platform rocm
    expect torch FAIL
    expect_exit 1
}

case_python_found_on_path() {
    rocm_machine
    with_python3
    run_selfcheck --platform rocm
    expect torch PASS; expect torch-build PASS
    expect_exit 0
}

case_python_option_not_found() {
    rocm_machine
    run_selfcheck --platform rocm --python /nonexistent/bin/python
    expect torch FAIL
    expect_exit 1
}

# ------------------------------------------------------------ environment

case_env_hsa_override_reported() {
    rocm_machine
    setenv HSA_OVERRIDE_GFX_VERSION=10.3.0
    run_selfcheck --platform rocm --python "$PY"
    expect env.HSA_OVERRIDE_GFX_VERSION WARN
    expect_exit 0
}

case_env_cuda_visible_devices_empty() {
    cuda_machine
    setenv CUDA_VISIBLE_DEVICES=
    run_selfcheck --platform cuda --python "$PY"
    expect env.CUDA_VISIBLE_DEVICES WARN
    expect_exit 0
}

# ------------------------------------------------------------ platform choice

case_auto_picks_rocm() {
    rocm_machine
    run_selfcheck --python "$PY"
    expect platform PASS; expect compiler PASS
    expect_exit 0
}

case_auto_picks_cuda() {
    cuda_machine
    run_selfcheck --python "$PY"
    expect platform PASS; expect compiler PASS
    expect_exit 0
}

case_auto_nothing_installed() {
    run_selfcheck
    expect platform FAIL
    expect_exit 1
}

case_auto_both_toolchains_driver_decides() {
    tool hipcc hipcc-version-rocm6.2.4.txt 0
    tool rocminfo rocminfo-error-rock-not-loaded.txt 1
    tool nvcc nvcc-version-cuda13.0.txt 0
    tool nvidia-smi nvidia-smi-csv-mixed-titanv-rtx5880.txt 0
    tool nvidia-smi nvidia-smi-L-titanv-rtx5880.txt 0 -L
    torch torch-collect-env-cuda13.2-pip.txt torch-arch-list-cuda13.2-pip.txt
    run_selfcheck --expect-arch 7.0,8.9 --python "$PY"
    expect platform PASS; expect expected-arch PASS; expect torch-arch FAIL
    expect_exit 1
}

case_auto_both_toolchains_no_gpu() {
    tool hipcc hipcc-version-rocm5.2-debian12.txt 0
    tool rocminfo rocminfo-error-debian12-no-driver.txt 1
    tool nvcc nvcc-version-cuda13.0.txt 0
    run_selfcheck
    expect platform FAIL
    expect_exit 1
}

# ------------------------------------------------------------ --library: does the built extension run here?

# library NAME: an (empty) file standing for the extension's library; the fake tools answer for it.
library() { LIB=$T/$1; : >"$LIB"; }

case_library_native_mi210() {
    rocm_machine
    tool rocminfo rocminfo-mi210-x4.txt 0
    tool roc-obj-ls roc-obj-ls-gfx1030-gfx90a-rocm5.2.txt 0
    library libk_hip.so
    run_selfcheck --platform rocm --python "$PY" --library "$LIB"
    expect library PASS; expect library.gfx90a PASS
    printf '%s\n' "$OUT" | grep -q '^PASS library.gfx90a  *runs natively (libk_hip.so has gfx90a)$' || fail "no native verdict"
    printf '%s\n' "$OUT" | grep -q '^PASS library  *libk_hip.so has gfx1030 gfx90a (roc-obj-ls)$' || fail "code objects not listed"
    expect_exit 0
}

case_library_as_nobody() {
    # As an unprivileged user where the tests run as root: reading the library's code needs no more.
    # (No Python here: that user cannot run the test machine's interpreter, so torch fails.)
    rocm_machine
    tool rocminfo rocminfo-mi210-x4.txt 0
    tool roc-obj-ls roc-obj-ls-gfx1030-gfx90a-rocm5.2.txt 0
    library libk_hip.so
    [ "$(id -u)" = 0 ] && AS_NOBODY=1
    run_selfcheck --platform rocm --library "$LIB"
    expect library PASS; expect library.gfx90a PASS; expect torch FAIL
    expect_exit 1
}

case_library_odd_file_name() {
    # Spaces, a quote and a command substitution in the name: one argument, never run, shown as it is.
    rocm_machine
    tool rocminfo rocminfo-mi210-x4.txt 0
    tool roc-obj-ls roc-obj-ls-gfx1030-gfx90a-rocm5.2.txt 0
    library "lib k'\$(touch pwned).so"
    run_selfcheck --platform rocm --python "$PY" --library "$LIB"
    expect library PASS; expect library.gfx90a PASS
    printf '%s\n' "$OUT" | grep -F -q "runs natively (lib k'\$(touch pwned).so has gfx90a)" || fail "file name not shown as it is"
    if [ -e "$T/pwned" ] || [ -e /pwned ]; then fail "a command in the file name ran"; fi
    expect_exit 0
}

case_library_mi300x_no_code() {
    # MI300X (gfx942) against a library built for gfx1030 and gfx90a: torch 2.5.1+rocm6.2 runs, the library not.
    rocm_machine
    tool roc-obj-ls roc-obj-ls-gfx1030-gfx90a-rocm5.2.txt 0
    library libk_hip.so
    run_selfcheck --platform rocm --python "$PY" --library "$LIB"
    expect library PASS; expect library.gfx942 FAIL; expect torch-arch PASS
    printf '%s\n' "$OUT" | grep -q '^FAIL library.gfx942 .*no code: libk_hip.so has no code object for gfx942 -- fix: rebuild with gfx942 or gfx9-4-generic in DUALGPU_ARCHITECTURES' ||
        fail "no-code verdict without the rebuild that fixes it"
    printf '%s\n' "$OUT" | grep -q 'HSA_OVERRIDE_GFX_VERSION is not a fix' || fail "override not ruled out"
    expect_exit 1
}

case_library_h100_ptx_jit() {
    # H100 (9.0) against SASS sm_80 (another major: does not run) and PTX compute_90 (JIT-compiled).
    cuda_machine
    tool cuobjdump cuobjdump-list-elf-sm80.txt 0 '*--list-elf*'
    tool cuobjdump cuobjdump-list-ptx-compute90.txt 0 '*--list-ptx*'
    library libk_cuda.so
    run_selfcheck --platform cuda --python "$PY" --library "$LIB"
    expect library PASS; expect library.sm_90 WARN
    printf '%s\n' "$OUT" | grep -q '^PASS library  *libk_cuda.so has sm_80 compute_90 (cuobjdump)$' || fail "code objects not listed"
    printf '%s\n' "$OUT" | grep -q '^WARN library.sm_90  *runs through PTX JIT of compute_90: .* -- fix: add 9.0 to DUALGPU_ARCHITECTURES for SASS (sm_90)$' ||
        fail "no PTX JIT verdict"
    expect_exit 0
}

case_library_without_gpu_code() {
    rocm_machine
    tool_script roc-obj-ls 'exit 0'
    library libhost_only.so
    run_selfcheck --platform rocm --python "$PY" --library "$LIB"
    expect library FAIL
    printf '%s\n' "$OUT" | grep -q '^FAIL library  *roc-obj-ls finds no GPU code in .*libhost_only.so' || fail "no-GPU-code not said"
    printf '%s\n' "$OUT" | grep -q '^[A-Z]* library\.' && fail "per-GPU verdicts without code objects"
    expect_exit 1
}

case_library_missing_file() {
    rocm_machine
    usage_case 2 --platform rocm --library "$T/no-such-lib.so"
    grep -q "no such file: '$T/no-such-lib.so'" "$T/stderr" || fail "the missing file is not named"
    usage_case 2 --library
    usage_case 2 --platform rocm --library "$T"
    grep -q "'$T' is a folder" "$T/stderr" || fail "a folder is not called one"
    echo "ok [$CASE] a missing library is a usage error"
    cleanup
}

# ------------------------------------------------------------ usage

# usage_case EXPECTED_EXIT ARGS...: wrong usage exits 2 before any check runs.
usage_case() {
    u_want=$1; shift
    build_tools
    OUT=$(env -i PATH="$T/bin:$T/utils" "$SHELL_UNDER_TEST" "$SCRIPT" "$@" 2>"$T/stderr"); RC=$?
    [ "$RC" = "$u_want" ] || fail "'$*' exits $RC, expected $u_want"
    if [ "$u_want" = 2 ]; then
        [ -z "$OUT" ] || fail "'$*' printed checks before the usage error"
        grep -q . "$T/stderr" || fail "'$*' gave no message"
    fi
}

case_usage_errors() {
    usage_case 2 --platform metal
    usage_case 2 --frobnicate
    usage_case 2 --min-hip six
    usage_case 2 --min-cuda 12.x
    usage_case 2 --expect-arch navi31
    usage_case 2 --python
    usage_case 2 --platform=
    usage_case 0 --help
    echo "ok [$CASE] usage errors exit 2"
    cleanup
}

# ------------------------------------------------------------ driver

run_cases "$@"
