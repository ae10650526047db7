# "Will it run?" verdicts over the architecture table: native, through a generic target, through
# PTX JIT, or no code. (The doctor's end-to-end cases on recorded machines are tests/doctor.)
include("${CMAKE_CURRENT_LIST_DIR}/expect.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/../../cmake/dualgpu/35-will-it-run.cmake")

function(expect_verdict vendor arch code verdict via)
  dualgpu_gpu_verdict(v ${vendor} ${arch} "${code}")
  expect_eq("${vendor} ${arch} on [${code}]" "${v_VERDICT}|${v_VIA}" "${verdict}|${via}")
endfunction()

# AMD: the exact chip first, else the generic target the table says covers it; features ignored.
expect_verdict(amd gfx1103 "gfx1100;gfx11-generic" generic gfx11-generic)
expect_verdict(amd gfx1100 "gfx11-generic;gfx1100" native gfx1100)
expect_verdict(amd gfx942 "gfx90a;gfx9-4-generic:sramecc+:xnack-" generic "gfx9-4-generic:sramecc+:xnack-")
expect_verdict(amd gfx90a "gfx9-generic;gfx942" none "")          # CDNA2 has no generic target
expect_verdict(amd gfx1103 "gfx1100;gfx1101;gfx1102" none "")     # a neighbour's code is not this chip's
expect_verdict(amd gfx1036 "gfx10-3-generic" generic gfx10-3-generic)
# NVIDIA: SASS within a major, 'a' only on its own chip, PTX JIT upwards.
expect_verdict(nvidia 89 "sm_75;sm_80;sm_86;sm_90" native sm_86)
expect_verdict(nvidia 70 "sm_75;sm_80;sm_86;sm_90;sm_100;sm_120" none "")
expect_verdict(nvidia 90 "sm_80;compute_90" ptx compute_90)
expect_verdict(nvidia 120 "sm_90a;compute_90a" none "")
expect_verdict(nvidia 90 "sm_90a" native sm_90a)
expect_verdict(nvidia 100 "sm_80;compute_80" ptx compute_80)

# The explanation names the fix and why the override is not one.
dualgpu_verdict_text(t amd gfx1103 none "" "torch 2.7.1")
expect_match("fix for torch" "${t}" "PYTORCH_ROCM_ARCH has gfx1103 or gfx11-generic")
expect_match("override" "${t}" "HSA_OVERRIDE_GFX_VERSION is not a fix")
# A chip the official wheels carry from some ROCm on: that wheel is named (gfx942 from ROCm 6.0).
dualgpu_verdict_text(t amd gfx942 none "" "torch 2.2.0.dev20231101+rocm5.7")
expect_match("wheel for torch" "${t}" "torch wheel for ROCm 6.0 or newer \\(from PyTorch's rocm6.0 wheel index")
dualgpu_verdict_text(t amd gfx1103 generic gfx11-generic "torch 2.7.1")
expect_match("generic explained" "${t}" "gfx1103 is covered by gfx11-generic")

# Tool outputs recorded here.
read_fixture(text roc-obj-ls-gfx1030-gfx90a-rocm5.2.txt)
dualgpu_code_objects_from_tool_output(c roc-obj-ls "${text}")
expect_eq("roc-obj-ls" "${c}" "gfx1030;gfx90a")
read_fixture(elf cuobjdump-list-elf-sm80.txt)
read_fixture(ptx cuobjdump-list-ptx-compute90.txt)
dualgpu_code_objects_from_tool_output(c cuobjdump "${elf}\n${ptx}")
expect_eq("cuobjdump" "${c}" "sm_80;compute_90")
