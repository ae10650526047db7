# Every spelling users write, normalised to CMake's form; bad ones rejected with the reason.
include("${CMAKE_CURRENT_LIST_DIR}/expect.cmake")

# CUDA: nvcc, torch and CMake spellings.
expect_arch(cuda "sm_90" "90-real")
expect_arch(cuda "sm_90a" "90a-real")
expect_arch(cuda "compute_90" "90-virtual")
expect_arch(cuda "9.0" "90-real")
expect_arch(cuda "9.0a" "90a-real")
expect_arch(cuda "8.6+PTX" "86-real;86-virtual")
expect_arch(cuda "90" "90-real;90-virtual")
expect_arch(cuda "90a-real;90-virtual" "90a-real;90-virtual")
expect_arch(cuda "10.0;12.0" "100-real;120-real")
expect_arch(cuda "Ampere" "80-real;86-real;86-virtual")
expect_arch(cuda "Ampere+Tegra" "87-real")
expect_arch(cuda "sm_80, sm_90" "80-real;90-real")
expect_arch(cuda " 8.0  9.0 " "80-real;90-real")
expect_arch(cuda "sm_90;9.0;90-real" "90-real")

# HIP: target ids, with features kept, rocminfo's ISA names, any case.
expect_arch(rocm "gfx90a" "gfx90a")
expect_arch(rocm "GFX942" "gfx942")
expect_arch(rocm "gfx90a:xnack-" "gfx90a:xnack-")
expect_arch(rocm "amdgcn-amd-amdhsa--gfx90a:sramecc+:xnack-" "gfx90a:sramecc+:xnack-")
expect_arch(rocm "gfx90a;gfx942,gfx1100 gfx1201" "gfx90a;gfx942;gfx1100;gfx1201")
expect_arch(rocm "gfx90a;gfx90a" "gfx90a")

# Bad input: each names what is wrong.
expect_arch_error(rocm "gfx9999" "not a known AMD GPU target")
expect_arch_error(rocm "gfx000" "CPU agent")
expect_arch_error(rocm "vega" "not an AMD GPU target")
expect_arch_error(cuda "sm_13" "compute capability 13")
expect_arch_error(cuda "8.5" "compute capability 85")
expect_arch_error(cuda "8.6+PTX;;" "empty entry")
expect_arch_error(cuda "sm_80a" "only 90 and newer")
expect_arch_error(cuda "Volta2" "not a CUDA architecture")
expect_arch_error(cuda "gfx90a;sm_80" "mixes AMD")
expect_arch_error(rocm "gfx90a;sm_80" "mixes AMD")
expect_arch_error(cuda "gfx90a" "platform is cuda")
expect_arch_error(rocm "sm_90" "platform is rocm")
expect_arch_error(cuda "" "empty")
expect_arch_error(cpu "sm_90" "only apply to the cuda and rocm")

# TORCH_CUDA_ARCH_LIST is stricter, as torch is: only M.m[a][+PTX] and names.
dualgpu_parse_torch_cuda_arch_list(out err "sm_90")
expect_match("torch rejects sm_90" "${err}" "not in torch's form")
dualgpu_parse_torch_cuda_arch_list(out err "Ampere Hopper")
expect_eq("torch names" "${out}" "80-real;86-real;86-virtual;90-real;90-virtual")

# Facts about AMD targets the rest of DualGPU relies on.
dualgpu_amd_target_info(info gfx942)
expect_eq("gfx942 wave size" "${info_WAVE}" "64")
dualgpu_amd_target_info(info gfx1100)
expect_eq("gfx1100 wave size" "${info_WAVE}" "32")
dualgpu_amd_target_info(info gfx1036)
expect_eq("gfx1036 is integrated" "${info_KIND}" "igpu")
