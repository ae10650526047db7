#[=======================================================================[.rst:
DualGPUToolchains
-----------------

Finds the CUDA and ROCm toolchains without enabling a language, so the same
answer is available in a configure and in ``cmake -P`` (``dualgpu doctor``).

.. command:: dualgpu_find_toolchains

  ::

    dualgpu_find_toolchains()

  Sets in the caller's scope:

  ``DualGPU_NVCC``, ``DualGPU_CUDA_VERSION``
    nvcc (``CMAKE_CUDA_COMPILER``, ``CUDACXX``, ``PATH``, ``CUDA_PATH``, ``/usr/local/cuda``) and its release.
  ``DualGPU_HIP_CLANG``, ``DualGPU_HIP_VERSION``, ``DualGPU_ROCM_ROOT``, ``DualGPU_ROCM_DEVICE_LIB_DIR``
    the clang that compiles HIP (``CMAKE_HIP_COMPILER``, ``HIPCXX``, ``hipconfig --hipclangpath``,
    ``<rocm>/llvm/bin``), the HIP release, the ROCm root and the device bitcode folder.
  ``DualGPU_TOOLCHAINS``
    records ``<platform>|<compiler>|<version>`` of what was found.
#]=======================================================================]
include_guard(GLOBAL)
# Our own policies, whatever cmake_minimum_required() the including project has.
cmake_policy(VERSION 3.25...4.4)
include("${CMAKE_CURRENT_LIST_DIR}/DualGPUProbes.cmake")  # DUALGPU_PROBE_TIMEOUT

function(_dualgpu_first_line out text)
  string(REGEX REPLACE "\n.*" "" text "${text}")
  string(STRIP "${text}" text)
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

# "Cuda compilation tools, release 12.2, V12.2.91" -> 12.2
function(dualgpu_cuda_version_from_nvcc out text)
  set(${out} "" PARENT_SCOPE)
  if(text MATCHES "release ([0-9]+\\.[0-9]+), V([0-9.]+)")
    set(${out} "${CMAKE_MATCH_1}" PARENT_SCOPE)
  endif()
endfunction()

# "HIP version: 6.2.41134-65d174c3e" -> 6.2.41134
function(dualgpu_hip_version_from_hipcc out text)
  set(${out} "" PARENT_SCOPE)
  if(text MATCHES "HIP version: ([0-9]+\\.[0-9]+(\\.[0-9]+)?)")
    set(${out} "${CMAKE_MATCH_1}" PARENT_SCOPE)
  endif()
endfunction()

function(_dualgpu_find_nvcc out)
  set(candidates "")
  if(CMAKE_CUDA_COMPILER)
    list(APPEND candidates "${CMAKE_CUDA_COMPILER}")
  endif()
  if(DEFINED ENV{CUDACXX})
    list(APPEND candidates "$ENV{CUDACXX}")
  endif()
  find_program(on_path nvcc NO_CACHE)
  if(on_path)
    list(APPEND candidates "${on_path}")
  endif()
  foreach(root IN ITEMS "$ENV{CUDA_PATH}" "$ENV{CUDA_HOME}" /usr/local/cuda)
    if(root AND EXISTS "${root}/bin/nvcc")
      list(APPEND candidates "${root}/bin/nvcc")
    endif()
  endforeach()
  foreach(c IN LISTS candidates)
    if(EXISTS "${c}" AND c MATCHES "nvcc[^/]*$")
      set(${out} "${c}" PARENT_SCOPE)
      return()
    endif()
  endforeach()
  set(${out} "" PARENT_SCOPE)
endfunction()

function(_dualgpu_clang_major out clang)
  set(${out} "" PARENT_SCOPE)
  if(EXISTS "${clang}")
    execute_process(COMMAND "${clang}" --version TIMEOUT ${DUALGPU_PROBE_TIMEOUT}
      OUTPUT_VARIABLE text ERROR_QUIET)
    if(text MATCHES "clang version ([0-9]+)")
      set(${out} "${CMAKE_MATCH_1}" PARENT_SCOPE)
    endif()
  endif()
endfunction()

function(_dualgpu_find_hip_clang out_clang out_root)
  set(root "")
  if(DEFINED ENV{ROCM_PATH})
    set(root "$ENV{ROCM_PATH}")
  endif()
  find_program(hipconfig hipconfig NO_CACHE)
  if(NOT root AND hipconfig)
    execute_process(COMMAND "${hipconfig}" --rocmpath TIMEOUT ${DUALGPU_PROBE_TIMEOUT}
      OUTPUT_VARIABLE root ERROR_QUIET RESULT_VARIABLE rc)
    _dualgpu_first_line(root "${root}")
    if(NOT rc STREQUAL "0" OR NOT IS_DIRECTORY "${root}")
      set(root "")
    endif()
  endif()
  if(NOT root AND IS_DIRECTORY /opt/rocm)
    set(root /opt/rocm)
  endif()
  set(${out_root} "${root}" PARENT_SCOPE)

  set(candidates "")
  if(CMAKE_HIP_COMPILER)
    list(APPEND candidates "${CMAKE_HIP_COMPILER}")
  endif()
  if(DEFINED ENV{HIPCXX})
    list(APPEND candidates "$ENV{HIPCXX}")
  endif()
  # hipcc knows which clang it drives (Debian's runs clang++-15 while /usr/bin/clang++ is clang 14).
  find_program(hipcc hipcc HINTS "${root}/bin" NO_CACHE)
  if(hipcc)
    execute_process(COMMAND "${hipcc}" --version TIMEOUT ${DUALGPU_PROBE_TIMEOUT}
      OUTPUT_VARIABLE text ERROR_QUIET RESULT_VARIABLE rc)
    if(rc STREQUAL "0" AND text MATCHES "clang version ([0-9]+)" )
      set(major "${CMAKE_MATCH_1}")
      if(text MATCHES "InstalledDir: ([^\n]+)")
        string(STRIP "${CMAKE_MATCH_1}" bindir)
        list(APPEND candidates "${bindir}/clang++-${major}")
        _dualgpu_clang_major(m "${bindir}/clang++")
        if(m STREQUAL major)
          list(APPEND candidates "${bindir}/clang++")
        endif()
      endif()
    endif()
  endif()
  if(root)
    list(APPEND candidates "${root}/llvm/bin/clang++" "${root}/lib/llvm/bin/clang++")
  endif()
  foreach(c IN LISTS candidates)
    if(EXISTS "${c}")
      set(${out_clang} "${c}" PARENT_SCOPE)
      return()
    endif()
  endforeach()
  set(${out_clang} "" PARENT_SCOPE)
endfunction()

# Where the device bitcode (oclc_isa_version_*.bc) lives differs between ROCm releases
# and distributions (Debian: <root>/lib/<multiarch>/amdgcn/bitcode).
function(_dualgpu_find_device_lib_dir out root clang)
  set(${out} "" PARENT_SCOPE)
  set(patterns
    "${root}/amdgcn/bitcode" "${root}/lib/llvm/amdgcn/bitcode"
    "${root}/lib/*/amdgcn/bitcode" "${root}/lib/llvm/lib/clang/*/lib/amdgcn/bitcode")
  if(clang)
    get_filename_component(real "${clang}" REALPATH)
    get_filename_component(bindir "${real}" DIRECTORY)
    list(APPEND patterns "${bindir}/../amdgcn/bitcode" "${bindir}/../lib/clang/*/lib/amdgcn/bitcode")
  endif()
  foreach(p IN LISTS patterns)
    file(GLOB hits LIST_DIRECTORIES true "${p}")
    foreach(h IN LISTS hits)
      if(EXISTS "${h}/ockl.bc")
        get_filename_component(h "${h}" ABSOLUTE)
        set(${out} "${h}" PARENT_SCOPE)
        return()
      endif()
    endforeach()
  endforeach()
endfunction()

function(dualgpu_find_toolchains)
  set(toolchains "")
  _dualgpu_find_nvcc(nvcc)
  set(cuda_version "")
  if(nvcc)
    execute_process(COMMAND "${nvcc}" --version TIMEOUT ${DUALGPU_PROBE_TIMEOUT}
      OUTPUT_VARIABLE text ERROR_VARIABLE text RESULT_VARIABLE rc)
    dualgpu_cuda_version_from_nvcc(cuda_version "${text}")
    if(NOT cuda_version)
      list(APPEND DualGPU_NOTES "nvcc at ${nvcc} did not report a release (${rc}) - ignoring it")
      set(nvcc "")
    else()
      list(APPEND toolchains "cuda|${nvcc}|${cuda_version}")
    endif()
  endif()

  _dualgpu_find_hip_clang(clang root)
  set(hip_version "")
  set(device_libs "")
  if(clang)
    find_program(hipconfig hipconfig HINTS "${root}/bin" NO_CACHE)
    if(hipconfig)
      execute_process(COMMAND "${hipconfig}" --version TIMEOUT ${DUALGPU_PROBE_TIMEOUT}
        OUTPUT_VARIABLE text ERROR_QUIET)
      if(text MATCHES "^([0-9]+\\.[0-9]+(\\.[0-9]+)?)")
        set(hip_version "${CMAKE_MATCH_1}")
      endif()
    endif()
    _dualgpu_find_device_lib_dir(device_libs "${root}" "${clang}")
    if(NOT hip_version AND NOT device_libs)
      # A plain clang without HIP runtime or device libraries is not a ROCm toolchain.
      set(clang "")
    else()
      list(APPEND toolchains "rocm|${clang}|${hip_version}")
    endif()
  endif()

  set(DualGPU_NVCC "${nvcc}" PARENT_SCOPE)
  set(DualGPU_CUDA_VERSION "${cuda_version}" PARENT_SCOPE)
  set(DualGPU_HIP_CLANG "${clang}" PARENT_SCOPE)
  set(DualGPU_HIP_VERSION "${hip_version}" PARENT_SCOPE)
  set(DualGPU_ROCM_ROOT "${root}" PARENT_SCOPE)
  set(DualGPU_ROCM_DEVICE_LIB_DIR "${device_libs}" PARENT_SCOPE)
  set(DualGPU_TOOLCHAINS "${toolchains}" PARENT_SCOPE)
  set(DualGPU_NOTES "${DualGPU_NOTES}" PARENT_SCOPE)
endfunction()

# dualgpu_check_compiler_accepts(<out-error> <platform> <architectures>)
# Asks the found compiler whether it can build each architecture, so an unsupported one
# fails at configure with the release it needs, not halfway through the build.
function(dualgpu_check_compiler_accepts out platform archs)
  set(${out} "" PARENT_SCOPE)
  if(_DUALGPU_SKIP_COMPILER_CHECK)
    return()
  endif()
  if(platform STREQUAL "cuda" AND DualGPU_NVCC)
    execute_process(COMMAND "${DualGPU_NVCC}" --list-gpu-arch TIMEOUT ${DUALGPU_PROBE_TIMEOUT}
      OUTPUT_VARIABLE text ERROR_QUIET RESULT_VARIABLE rc)
    if(NOT rc STREQUAL "0")
      return()  # nvcc older than 11.5 has no --list-gpu-arch: nothing to check against
    endif()
    string(REGEX MATCHALL "compute_[0-9]+" known "${text}")
    string(REPLACE "compute_" "" known "${known}")
    foreach(a IN LISTS archs)
      dualgpu_cuda_arch_base(base "${a}")
      if(NOT base IN_LIST known)
        list(JOIN known ", " known_text)
        set(${out} "nvcc ${DualGPU_CUDA_VERSION} cannot build '${a}' (it builds ${known_text}): drop it from the list or use a CUDA toolkit that supports it" PARENT_SCOPE)
        return()
      endif()
    endforeach()
  elseif(platform STREQUAL "rocm" AND DualGPU_HIP_CLANG)
    foreach(a IN LISTS archs)
      string(REGEX REPLACE ":.*$" "" base "${a}")
      dualgpu_amd_target_info(info "${base}")
      set(need "")
      if(info_FOUND)
        set(need " (${base} needs ROCm ${info_MIN_ROCM} or newer)")
      endif()
      set(have "this toolchain")
      if(DualGPU_HIP_VERSION)
        set(have "HIP ${DualGPU_HIP_VERSION}")
      endif()
      execute_process(COMMAND "${DualGPU_HIP_CLANG}" -x hip "--offload-arch=${a}" -nogpulib -nogpuinc
          --cuda-device-only -E -o "${_DUALGPU_NULL}" "${_DUALGPU_NULL}"
        TIMEOUT ${DUALGPU_PROBE_TIMEOUT} RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE err)
      if(NOT rc STREQUAL "0")
        _dualgpu_first_line(err "${err}")
        if(err MATCHES "invalid target ID")
          set(err "its clang does not know this target")
        endif()
        set(${out} "${have} (${DualGPU_HIP_CLANG}) cannot build '${a}'${need}: ${err}" PARENT_SCOPE)
        return()
      endif()
      string(REGEX REPLACE "^gfx" "" num "${base}")
      if(DualGPU_ROCM_DEVICE_LIB_DIR AND NOT EXISTS "${DualGPU_ROCM_DEVICE_LIB_DIR}/oclc_isa_version_${num}.bc")
        set(${out} "${have} has no device library for '${a}' in ${DualGPU_ROCM_DEVICE_LIB_DIR}${need}: install a newer ROCm or drop it from the list" PARENT_SCOPE)
        return()
      endif()
    endforeach()
  endif()
endfunction()

if(CMAKE_HOST_WIN32)
  set(_DUALGPU_NULL NUL)
else()
  set(_DUALGPU_NULL /dev/null)
endif()
