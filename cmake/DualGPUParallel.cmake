#[=======================================================================[.rst:
DualGPUParallel
---------------

One GPU source built for several architectures compiles them one after another unless the device
compiler is told otherwise; a build with fewer sources than cores then leaves cores idle. This
module tells it, and compresses HIP fat binaries where the toolchain can.

.. command:: dualgpu_target_parallel_architectures

  ::

    dualgpu_target_parallel_architectures(<target>)

  Reads the target's ``CUDA_ARCHITECTURES`` / ``HIP_ARCHITECTURES`` and adds, for its GPU sources:

  * nvcc 11.2+: ``--threads=<n>`` when a source compiles for two or more architectures
    (``80-real`` and ``90-virtual`` count one each, a plain ``90`` two);
  * clang: ``--offload-jobs=<n>`` (LLVM 20+) or ``-parallel-jobs=<n>`` (ROCm's LLVM) where the
    found clang has one of them (clang 15 has neither), at compile and at an RDC device link;
  * clang: ``--offload-compress`` where it exists (LLVM 18+, ROCm 6.1+), at compile and at an RDC
    device link: the fat binary holds each target's code object compressed.

Variables (each also read from the environment):

``DUALGPU_ARCHITECTURE_JOBS``
  How many of one source's architectures compile at once. ``AUTO`` (default): one per
  architecture, at most the machine's logical cores, so a lone source uses the machine and a
  full build (already one compile per core) is not oversubscribed by more than the list's length;
  ``OFF`` or ``1``: one after another (the compilers' default); a number: that many.
``DUALGPU_OFFLOAD_COMPRESS``
  ``AUTO`` (default): compress where the HIP compiler can; ``OFF``: never; ``ON``: compress, and fail
  at configure when the compiler cannot.
#]=======================================================================]
include_guard(GLOBAL)
# Our own policies, whatever cmake_minimum_required() the including project has.
cmake_policy(VERSION 3.25...4.4)
include("${CMAKE_CURRENT_LIST_DIR}/DualGPUProbes.cmake")  # _dualgpu_run_bounded
include("${CMAKE_CURRENT_LIST_DIR}/DualGPUDetect.cmake")  # _dualgpu_setting

# _dualgpu_device_compiles(<out> <architectures>): how many device compilations one source makes.
# Example: 80-real;90-real;90-virtual -> 3 ; 90 -> 2 (code and PTX) ; gfx90a;gfx942 -> 2 ;
# all -> 1000 (CMake's keywords name many).
function(_dualgpu_device_compiles out archs)
  set(count 0)
  foreach(arch IN LISTS archs)
    if(arch MATCHES "^(all|all-major|native)$")
      math(EXPR count "${count} + 1000")
    elseif(arch MATCHES "^[0-9]+[af]?$")
      math(EXPR count "${count} + 2")
    else()
      math(EXPR count "${count} + 1")
    endif()
  endforeach()
  set(${out} ${count} PARENT_SCOPE)
endfunction()

# _dualgpu_parallel_flags(<out> LANGUAGE <CUDA|HIP> ARCHITECTURES <arch>... JOBS <AUTO|OFF|n>
#   CORES <n> COMPRESS <AUTO|ON|OFF> [NVCC_VERSION <v>] [CLANG_HELP <text>]): the device compiler's
# flags for that list, from what the compiler is known to accept. Pure, so unit tests can drive it.
# Example: LANGUAGE CUDA ARCHITECTURES 80-real 90-real JOBS AUTO CORES 16 NVCC_VERSION 13.0 -> --threads=2
# Example: LANGUAGE HIP ARCHITECTURES gfx90a gfx942 gfx1100 JOBS AUTO CORES 2 COMPRESS AUTO
#          CLANG_HELP "--offload-compress ... --offload-jobs=<value>" -> --offload-jobs=2;--offload-compress
function(_dualgpu_parallel_flags out)
  cmake_parse_arguments(PARSE_ARGV 1 ARG "" "LANGUAGE;JOBS;CORES;COMPRESS;NVCC_VERSION;CLANG_HELP" "ARCHITECTURES")
  set(flags "")
  _dualgpu_device_compiles(compiles "${ARG_ARCHITECTURES}")
  set(jobs 1)
  # An empty JOBS is AUTO: before CMake 3.31 (CMP0174) cmake_parse_arguments leaves ARG_JOBS undefined for
  # an empty value, and if(ARG_JOBS STREQUAL "") would then compare the name itself.
  if(NOT DEFINED ARG_JOBS OR "${ARG_JOBS}" STREQUAL "" OR "${ARG_JOBS}" STREQUAL "AUTO")
    set(jobs ${compiles})
    if(ARG_CORES GREATER 0 AND jobs GREATER ARG_CORES)
      set(jobs ${ARG_CORES})
    endif()
  elseif(ARG_JOBS MATCHES "^[0-9]+$")
    set(jobs ${ARG_JOBS})
  elseif(ARG_JOBS)
    message(FATAL_ERROR "DUALGPU_ARCHITECTURE_JOBS='${ARG_JOBS}': give AUTO, OFF or a number of jobs")
  endif()
  if(compiles LESS 2)
    set(jobs 1)
  endif()
  if(ARG_LANGUAGE STREQUAL "CUDA")
    if(jobs GREATER 1 AND ARG_NVCC_VERSION VERSION_GREATER_EQUAL 11.2)
      list(APPEND flags "--threads=${jobs}")
    endif()
  elseif(ARG_LANGUAGE STREQUAL "HIP")
    if(jobs GREATER 1)
      if(ARG_CLANG_HELP MATCHES "--offload-jobs=")
        list(APPEND flags "--offload-jobs=${jobs}")
      elseif(ARG_CLANG_HELP MATCHES "-parallel-jobs=")
        list(APPEND flags "-parallel-jobs=${jobs}")
      endif()
    endif()
    set(compress "${ARG_COMPRESS}")
    if(compress STREQUAL "")
      set(compress AUTO)
    endif()
    if(compress STREQUAL "AUTO" OR compress)
      if(ARG_CLANG_HELP MATCHES "--offload-compress")
        list(APPEND flags "--offload-compress")
      elseif(NOT compress STREQUAL "AUTO")
        message(FATAL_ERROR "DUALGPU_OFFLOAD_COMPRESS=${compress} but this HIP compiler has no "
          "--offload-compress (it needs LLVM 18 / ROCm 6.1 or newer): use a newer ROCm, or set "
          "DUALGPU_OFFLOAD_COMPRESS=AUTO")
      endif()
    endif()
  endif()
  set(${out} "${flags}" PARENT_SCOPE)
endfunction()

function(dualgpu_target_parallel_architectures target)
  set(lang "${DualGPU_GPU_LANGUAGE}")
  if(NOT lang MATCHES "^(CUDA|HIP)$")
    return()
  endif()
  get_target_property(archs ${target} ${lang}_ARCHITECTURES)
  if(NOT archs)
    return()
  endif()
  _dualgpu_setting(jobs jobs_origin DUALGPU_ARCHITECTURE_JOBS)
  _dualgpu_setting(compress compress_origin DUALGPU_OFFLOAD_COMPRESS)
  cmake_host_system_information(RESULT cores QUERY NUMBER_OF_LOGICAL_CORES)
  set(help "")
  if(lang STREQUAL "HIP")
    _dualgpu_tool_answer(help "(--offload-jobs=|-parallel-jobs=|--offload-compress)" "${CMAKE_HIP_COMPILER}" --help-hidden)
  endif()
  _dualgpu_parallel_flags(flags LANGUAGE ${lang} ARCHITECTURES ${archs} JOBS "${jobs}" CORES ${cores}
    COMPRESS "${compress}" NVCC_VERSION "${CMAKE_CUDA_COMPILER_VERSION}" CLANG_HELP "${help}")
  if(flags)
    target_compile_options(${target} PRIVATE "$<$<COMPILE_LANGUAGE:${lang}>:${flags}>")
    if(lang STREQUAL "HIP")
      # With -fgpu-rdc the code objects are made, and bundled, at the device link.
      target_link_options(${target} PRIVATE "$<$<LINK_LANGUAGE:HIP>:${flags}>")
    endif()
  endif()
endfunction()
