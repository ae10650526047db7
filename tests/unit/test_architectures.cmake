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
expect_arch_error(rocm "gfx10.3-generic" "use gfx10-3-generic")
expect_arch_error(rocm "gfx13-generic" "not a generic target LLVM defines .known: gfx9-generic, gfx9-4-generic")
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

# Generic targets are architectures in every spelling place, features kept.
expect_arch(rocm "gfx11-generic" "gfx11-generic")
expect_arch(rocm "gfx9-generic;gfx9-4-generic,gfx10-1-generic gfx10-3-generic gfx12-generic"
  "gfx9-generic;gfx9-4-generic;gfx10-1-generic;gfx10-3-generic;gfx12-generic")
expect_arch(rocm "GFX11-Generic" "gfx11-generic")
expect_arch(rocm "amdgcn-amd-amdhsa--gfx9-4-generic:sramecc+:xnack-" "gfx9-4-generic:sramecc+:xnack-")
expect_arch_error(cuda "gfx11-generic" "platform is cuda")

# The table maps chips to the generic target that covers them, and back.
dualgpu_amd_target_info(info gfx1103)
expect_eq("gfx1103 is covered by" "${info_GENERIC}" "gfx11-generic")
dualgpu_amd_target_info(info gfx11-generic)
expect_eq("gfx11-generic kind" "${info_KIND}" "generic")
expect_eq("gfx11-generic members" "${info_MEMBERS}" "gfx1100;gfx1101;gfx1102;gfx1103;gfx1150;gfx1151;gfx1152")
expect_eq("gfx11-generic needs ROCm" "${info_MIN_ROCM}" "6.4")
dualgpu_amd_target_info(info gfx9-4-generic)
expect_eq("gfx9-4-generic members" "${info_MEMBERS}" "gfx940;gfx941;gfx942;gfx950")
dualgpu_amd_target_info(info gfx9-generic)
expect_eq("gfx9-generic leaves out CDNA" "${info_MEMBERS}" "gfx900;gfx902;gfx904;gfx906;gfx909;gfx90c")
dualgpu_amd_target_info(info gfx90a)
expect_eq("gfx90a has no generic target" "${info_GENERIC}" "")

# Code object v6 only where a generic target is built.
dualgpu_hip_code_object_flags(f "gfx90a;gfx11-generic:xnack-")
expect_eq("generic needs COV6" "${f}" "-mcode-object-version=6")
dualgpu_hip_code_object_flags(f "gfx90a;gfx1100")
expect_eq("no generic, no flag" "${f}" "")

# A well-formed target newer than the table passes on to the compiler check, with a warning.
dualgpu_parse_architectures(out err rocm "gfx90a;gfx1250")
expect_eq("unknown gfx passes" "${err}" "")
expect_eq("unknown gfx kept" "${out}" "gfx90a;gfx1250")
expect_match("unknown gfx warns" "${out_WARNINGS}" "'gfx1250' is not in DualGPU's architecture table .a newer chip..: passed on to the compiler check")
dualgpu_parse_architectures(out err cuda "sm_130")
expect_eq("newer capability passes" "${out}" "130-real")
expect_match("newer capability warns" "${out_WARNINGS}" "newer than DualGPU's table .up to 121.")
dualgpu_parse_architectures(out err rocm "gfx90a")
expect_eq("known target: no warning" "${out_WARNINGS}" "")

# "known:" lists come from the table: every capability of the table is named, 88 and 101 included.
dualgpu_parse_architectures(out err cuda "sm_13")
foreach(cc IN ITEMS 35 88 101 107 121)
  expect_match("known list names ${cc}" "${err}" "known: (.* )?${cc}[,)]")
endforeach()

# CMake's own keywords pass through (CMake resolves them); 'all' has no HIP meaning.
foreach(k native all all-major OFF)
  expect_arch(cuda "${k}" "${k}")
endforeach()
expect_arch(rocm "native" "native")
expect_arch(rocm "OFF" "OFF")
expect_arch_error(rocm "all-major" "CMake's keyword for CUDA only")

# NVIDIA names come from the same table.
dualgpu_cuda_capability_name(n 90)
expect_match("sm_90 is Hopper" "${n}" "^Hopper")
