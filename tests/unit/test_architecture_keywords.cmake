# CMake's own architecture keywords in the places users set them (issue 14): CMAKE_CUDA_ARCHITECTURES=
# native|all|all-major|OFF and CUDAARCHS=native are accepted; "native" is the GPUs the probes see,
# here fake rocminfo / nvidia-smi printing outputs recorded on real machines.
include("${CMAKE_CURRENT_LIST_DIR}/expect.cmake")

string(RANDOM LENGTH 8 _tag)
set(T "${CMAKE_CURRENT_BINARY_DIR}/arch-keywords-${_tag}")
file(MAKE_DIRECTORY "${T}/none")

function(fake_tool name fixture)
  file(WRITE "${T}/${name}/${name}" "#!/bin/sh\nexec /bin/cat '${DUALGPU_TEST_FIXTURES}/${fixture}'\n")
  file(CHMOD "${T}/${name}/${name}" PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE)
endfunction()
fake_tool(rocminfo rocminfo-780m-gfx1103-apu.txt)
fake_tool(nvidia-smi nvidia-smi-csv-h100-x8.txt)

foreach(v DUALGPU_PLATFORM DUALGPU_ARCHITECTURES TORCH_CUDA_ARCH_LIST CUDAARCHS PYTORCH_ROCM_ARCH GPU_TARGETS AMDGPU_TARGETS)
  unset(ENV{${v}})
endforeach()

# decide(<tools folder> <platform>): the decision with only that folder on PATH.
macro(decide tools platform)
  set(ENV{PATH} "${T}/${tools}")
  set(DUALGPU_PLATFORM ${platform})
  dualgpu_decide(NO_COMPILER_CHECK)
endmacro()

# native = the visible GPUs, with the keyword named as the source.
set(CMAKE_CUDA_ARCHITECTURES native)
decide(nvidia-smi cuda)
expect_eq("native on 8x H100" "${DualGPU_ARCHITECTURES}" "90-real;90-virtual")
expect_eq("native source" "${DualGPU_ARCHITECTURES_SOURCE}" "visible GPUs (CMAKE_CUDA_ARCHITECTURES=native)")
expect_eq("no error" "${DualGPU_ERRORS}" "")
unset(CMAKE_CUDA_ARCHITECTURES)

set(ENV{CUDAARCHS} native)
decide(nvidia-smi cuda)
expect_eq("CUDAARCHS=native" "${DualGPU_ARCHITECTURES}" "90-real;90-virtual")
decide(none cuda)
expect_match("native without a GPU names the fix" "${DualGPU_ERRORS}"
  "CUDAARCHS .environment.=native asks for the GPUs of this machine, and none was seen: name the architectures instead")
unset(ENV{CUDAARCHS})

set(CMAKE_HIP_ARCHITECTURES native)
decide(rocminfo rocm)
expect_eq("native on a 780M APU" "${DualGPU_ARCHITECTURES}" "gfx1103")
unset(CMAKE_HIP_ARCHITECTURES)

# all, all-major and OFF: CMake's to resolve; DualGPU passes them on and checks nothing against them.
foreach(k all all-major OFF)
  set(CMAKE_CUDA_ARCHITECTURES ${k})
  decide(none cuda)
  expect_eq("${k} kept" "${DualGPU_ARCHITECTURES}" "${k}")
  expect_eq("${k} source" "${DualGPU_ARCHITECTURES_SOURCE}" "CMAKE_CUDA_ARCHITECTURES")
  expect_eq("${k} no error" "${DualGPU_ERRORS}" "")
endforeach()
unset(CMAKE_CUDA_ARCHITECTURES)

# Generic targets from every place the ecosystem spells HIP architectures.
foreach(place DUALGPU_ARCHITECTURES CMAKE_HIP_ARCHITECTURES PYTORCH_ROCM_ARCH GPU_TARGETS AMDGPU_TARGETS)
  set(${place} "gfx942 gfx11-generic")
  decide(none rocm)
  expect_eq("${place} generic" "${DualGPU_ARCHITECTURES}" "gfx942;gfx11-generic")
  expect_match("${place} named" "${DualGPU_ARCHITECTURES_SOURCE}" "^${place}")
  unset(${place})
endforeach()


# A generic target is checked against torch member by member: torch 2.7.1+rocm6.3 (recorded list)
# has gfx1100-gfx1102 but not gfx1103 or the gfx115x APUs.
file(READ "${DUALGPU_TEST_FIXTURES}/torch-arch-list-rocm6.3.txt" _text)
string(REGEX MATCHALL "gfx[0-9a-f]+" _torch_archs "${_text}")
set(DualGPU_TORCH_FOUND TRUE)
set(DualGPU_TORCH_VERSION 2.7.1)
set(DualGPU_TORCH_HIP 6.3)
set(DualGPU_TORCH_ARCH_LIST ${_torch_archs})
set(DUALGPU_ARCHITECTURES "gfx942;gfx11-generic;gfx12-generic")
set(ENV{PATH} "${T}/none")
set(DUALGPU_PLATFORM rocm)
dualgpu_decide(WITH_TORCH NO_COMPILER_CHECK)
expect_match("generic members torch lacks" "${DualGPU_WARNINGS}"
  "torch 2.7.1 was not built for gfx11-generic .its members gfx1103 gfx1150 gfx1151 gfx1152.")
string(REGEX MATCH "was not built for (.*) \\(it has" _missing "${DualGPU_WARNINGS}")
if(CMAKE_MATCH_1 MATCHES "gfx12-generic|gfx942")
  message(FATAL_ERROR "torch has gfx1200, gfx1201 and gfx942: no warning for them: ${DualGPU_WARNINGS}")
endif()

file(REMOVE_RECURSE "${T}")
