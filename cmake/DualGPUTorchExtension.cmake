#[=======================================================================[.rst:
DualGPUTorchExtension
---------------------

Builds a torch extension: the command, the linker it links with, and the check
that its C++ compiler can share torch's ``libstdc++``. Loaded by
``find_package(DualGPU COMPONENTS Torch)``, after ``DualGPUTorch`` found torch.

Search Behavior
^^^^^^^^^^^^^^^

1. The C++ compiler (and on cuda the CUDA host compiler), when GNU, is asked
   for its shared ``libstdc++`` (``-print-file-name=libstdc++.so``, bounded by
   ``DUALGPU_PROBE_TIMEOUT``). Without one the extension would carry its own
   copy of the C++ library next to the one torch loads, and crash at the first
   ``std::ostream`` use: configure stops and names a compiler on ``PATH`` or in
   ``/usr/bin`` that has one.
2. The linker (``DUALGPU_LINKER``): ``AUTO`` (default) takes ``ld.lld``, else
   ``ld.gold``, found on ``PATH`` (``DUALGPU_LLD_PROGRAM`` /
   ``DUALGPU_GOLD_PROGRAM``); ``OFF`` keeps the toolchain's; any other value is
   a CMake linker type (``LLD``, ``GOLD``, ``MOLD``). Needs CMake 3.29
   (``LINKER_TYPE``); a project's ``CMAKE_LINKER_TYPE`` wins; not on rocm,
   where clang's own lld performs the ``-fgpu-rdc`` device link.

Imported Targets
^^^^^^^^^^^^^^^^

None: the extension links ``DualGPU::torch`` (``DualGPUTorch``) and
``DualGPU::runtime``.

Result Variables
^^^^^^^^^^^^^^^^

None. Cache: ``DUALGPU_LLD_PROGRAM``, ``DUALGPU_GOLD_PROGRAM``.

Commands
^^^^^^^^

.. command:: dualgpu_add_torch_extension

  ::

    dualgpu_add_torch_extension(<name> <sources>... [RDC] [ARCHITECTURES <arch>...])

  A ``SHARED`` library for ``torch.ops.load_library``: GPU sources for the
  platform (:command:`dualgpu_target_gpu_sources`), linked to ``DualGPU::torch``,
  ``TORCH_EXTENSION_NAME=<name>`` as ``torch.utils.cpp_extension`` defines it,
  the C++ standard torch's headers need for every language, the shared CUDA
  runtime torch uses, and the linker chosen above.
#]=======================================================================]
include_guard(DIRECTORY)  # file-scope tables and defaults are per folder: a sibling folder that finds DualGPU gets them too
# Our own policies, whatever cmake_minimum_required() the including project has.
cmake_policy(VERSION 3.25...4.4)
include("${CMAKE_CURRENT_LIST_DIR}/DualGPUProbes.cmake")

# The linker DualGPU gives torch extensions when DUALGPU_LINKER is AUTO: LLD, else GOLD, when the
# program is on the search path; "" when neither is, or this CMake predates LINKER_TYPE (3.29).
# Script-mode safe: the doctor reports it too.
function(_dualgpu_fast_linker out)
  set(result "")
  if(CMAKE_VERSION VERSION_GREATER_EQUAL 3.29)
    find_program(DUALGPU_LLD_PROGRAM NAMES ld.lld DOC "lld, the linker DualGPU prefers for torch extensions")
    find_program(DUALGPU_GOLD_PROGRAM NAMES ld.gold DOC "gold, DualGPU's second choice of linker")
    if(DUALGPU_LLD_PROGRAM)
      set(result LLD)
    elseif(DUALGPU_GOLD_PROGRAM)
      set(result GOLD)
    endif()
  endif()
  set(${out} "${result}" PARENT_SCOPE)
endfunction()

# _dualgpu_has_shared_libstdcxx(<out> <compiler>): FALSE only when the compiler answers and names no
# absolute libstdc++.so; a compiler that fails to answer is left to CMake's own checks.
function(_dualgpu_has_shared_libstdcxx out compiler)
  _dualgpu_probe_timeout(timeout)
  _dualgpu_run_bounded(found rc "${timeout}" "${compiler}" -print-file-name=libstdc++.so)
  string(STRIP "${found}" found)
  set(${out} TRUE PARENT_SCOPE)
  if(rc STREQUAL "0" AND NOT IS_ABSOLUTE "${found}")
    set(${out} FALSE PARENT_SCOPE)
  endif()
endfunction()

# _dualgpu_compiler_with_shared_libstdcxx(<out> <rejected>): the first g++ / c++ on PATH, then in
# /usr/bin, that links a shared libstdc++ - what to suggest instead of <rejected>.
function(_dualgpu_compiler_with_shared_libstdcxx out rejected)
  get_filename_component(rejected "${rejected}" REALPATH)
  foreach(where IN ITEMS PATH /usr/bin)
    foreach(name IN ITEMS g++ c++)
      if(where STREQUAL "PATH")
        find_program(candidate NAMES ${name} NO_CACHE)
      else()
        find_program(candidate NAMES ${name} PATHS ${where} NO_DEFAULT_PATH NO_CACHE)
      endif()
      if(NOT candidate)
        continue()
      endif()
      get_filename_component(real "${candidate}" REALPATH)
      if(NOT real STREQUAL rejected)
        _dualgpu_has_shared_libstdcxx(shared "${candidate}")
        if(shared)
          set(${out} "${candidate}" PARENT_SCOPE)
          return()
        endif()
      endif()
      unset(candidate)
    endforeach()
  endforeach()
  set(${out} "" PARENT_SCOPE)
endfunction()

# A GNU compiler without a shared libstdc++ beside it (seen: a GCC built into /opt/gcc, set as CXX and
# CUDAHOSTCXX on a GPU machine) links libstdc++.a into the extension. The process already has the
# libstdc++.so torch loads; the second copy's locale facet ids clash with it and the first
# std::ostream << integer (a TORCH_CHECK message) crashes. Refuse such a compiler up front.
function(_dualgpu_check_shared_libstdcxx)
  foreach(lang CXX CUDA_HOST)
    if(lang STREQUAL "CXX")
      set(compiler "${CMAKE_CXX_COMPILER}")
      set(id "${CMAKE_CXX_COMPILER_ID}")
      set(variable "CXX / CMAKE_CXX_COMPILER")
    else()
      if(NOT DualGPU_PLATFORM STREQUAL "cuda" OR NOT CMAKE_CUDA_HOST_COMPILER)
        continue()
      endif()
      set(compiler "${CMAKE_CUDA_HOST_COMPILER}")
      set(id GNU)
      set(variable "CUDAHOSTCXX / CMAKE_CUDA_HOST_COMPILER")
    endif()
    if(NOT id STREQUAL "GNU" OR DEFINED _DUALGPU_SHARED_LIBSTDCXX_${lang})
      continue()
    endif()
    _dualgpu_has_shared_libstdcxx(shared "${compiler}")
    if(NOT shared)
      _dualgpu_compiler_with_shared_libstdcxx(alternative "${compiler}")
      if(alternative)
        set(fix "Set ${variable} to ${alternative} (it has one)")
      else()
        set(fix "No compiler on PATH or in /usr/bin has one: install your system's g++ and set ${variable} to it")
      endif()
      message(FATAL_ERROR "DualGPU: ${compiler} has no shared libstdc++ (-print-file-name=libstdc++.so finds none), "
        "so a torch extension built with it carries its own copy of the C++ library, which clashes with the "
        "libstdc++ torch loads and crashes at the first std::ostream use. ${fix}, and configure a fresh build folder.")
    endif()
    set(_DUALGPU_SHARED_LIBSTDCXX_${lang} TRUE CACHE INTERNAL "${compiler} links a shared libstdc++")
  endforeach()
endfunction()

# Every rebuild of an extension relinks it against torch's libraries, which are large, and lld or
# gold do that several times faster than GNU ld (docs/benchmarks.md, "Linking"). DUALGPU_LINKER: AUTO (default) takes lld, else gold, when the compiler can reach one;
# OFF keeps the toolchain's; or a CMake linker type (LLD, GOLD, MOLD, ...). Needs CMake 3.29
# (LINKER_TYPE); a project's own CMAKE_LINKER_TYPE wins. Not on rocm: the HIP link carries its own
# -fgpu-rdc device link through clang's lld already.
function(_dualgpu_choose_linker target)
  if(DEFINED DUALGPU_LINKER)
    string(TOUPPER "${DUALGPU_LINKER}" choice)
  else()
    set(choice AUTO)
  endif()
  if(NOT choice MATCHES "^[A-Z_]+$")
    message(FATAL_ERROR "DUALGPU_LINKER='${DUALGPU_LINKER}': use AUTO, OFF or a CMake linker type (LLD, GOLD, MOLD)")
  endif()
  if(choice STREQUAL "OFF" OR DEFINED CMAKE_LINKER_TYPE OR CMAKE_VERSION VERSION_LESS 3.29
     OR DualGPU_PLATFORM STREQUAL "rocm" OR NOT CMAKE_CXX_COMPILER_ID MATCHES "^(GNU|Clang)$")
    return()
  endif()
  if(choice STREQUAL "AUTO")
    _dualgpu_fast_linker(choice)
    if(NOT choice)
      return()
    endif()
  endif()
  set_property(TARGET ${target} PROPERTY LINKER_TYPE ${choice})
  string(TOLOWER "${choice}" linker)
  message(STATUS "DualGPU: ${target} links with ${linker} (faster relinks against torch; DUALGPU_LINKER=OFF keeps the default)")
endfunction()

function(dualgpu_add_torch_extension name)
  _dualgpu_check_shared_libstdcxx()
  if(NOT TARGET DualGPU::torch)
    message(FATAL_ERROR "dualgpu_add_torch_extension(${name}): torch was not found - ask for it with find_package(DualGPU REQUIRED COMPONENTS Torch)")
  endif()
  _dualgpu_parse_add_arguments(dualgpu_add_torch_extension)
  if(_dualgpu_type)
    message(FATAL_ERROR "dualgpu_add_torch_extension(${name}): the library type is fixed (SHARED) - remove ${_dualgpu_type}")
  endif()
  # SHARED so that torch.ops.load_library() and C++ tests can both load it.
  add_library(${name} SHARED ${_dualgpu_sources})
  dualgpu_target_gpu_sources(${name} ${_dualgpu_forward})
  target_link_libraries(${name} PRIVATE DualGPU::torch)
  # As torch.utils.cpp_extension does, so TORCH_LIBRARY(TORCH_EXTENSION_NAME, m) works.
  target_compile_definitions(${name} PRIVATE TORCH_EXTENSION_NAME=${name})
  # The C++ standard torch's headers need (17, or 20 from torch 2.10 on), for the device compilers
  # too: torch states it as cxx_std_NN, which reaches CXX sources only.
  set(standard 17)
  get_target_property(features torch INTERFACE_COMPILE_FEATURES)
  if(features MATCHES "cxx_std_([0-9]+)")
    set(standard "${CMAKE_MATCH_1}")
  endif()
  target_compile_features(${name} PRIVATE cxx_std_${standard})
  if(DualGPU_GPU_LANGUAGE)
    set(lang ${DualGPU_GPU_LANGUAGE})
    set_target_properties(${name} PROPERTIES ${lang}_STANDARD ${standard})
  endif()
  if(DualGPU_PLATFORM STREQUAL "cuda")
    # One CUDA runtime in the process: the shared one torch also uses.
    set_target_properties(${name} PROPERTIES CUDA_RUNTIME_LIBRARY Shared)
  endif()
  _dualgpu_choose_linker(${name})
endfunction()
