# find_package(Torch) without its side effects, DualGPU::torch, and dualgpu_add_torch_extension().
# (Documented in DualGPUTorch.cmake.)
include_guard(GLOBAL)
# Our own policies, whatever cmake_minimum_required() the including project has.
cmake_policy(VERSION 3.25...4.4)

# Torch's CMake appends -gencode flags to CMAKE_CUDA_FLAGS (from TORCH_CUDA_ARCH_LIST or its own
# guess) and sets CMAKE_CUDA_ARCHITECTURES to OFF: both would override the architectures DualGPU
# chose for every CUDA target of the project. Save them, find torch, put them back. (Its warning
# "pytorch is not compatible with CMAKE_CUDA_ARCHITECTURES" stays: hiding the variable breaks the
# try_run torch uses to look for GPUs when TORCH_CUDA_ARCH_LIST is set by neither DualGPU nor the user.)
# The torch Python imports must win every search TorchConfig makes: its configs (Caffe2) under
# share/cmake and its libraries (libtorch, libc10, ...) under lib/. TorchConfig's find_library calls
# look in system folders before its own, so with Debian's libtorch-dev installed they would mix a
# second libtorch into the link. Results a previous configure cached from elsewhere are dropped.
macro(_dualgpu_pin_torch_searches cmake_prefix)
  get_filename_component(_dualgpu_torch_root "${cmake_prefix}/../.." ABSOLUTE)
  list(PREPEND CMAKE_PREFIX_PATH "${cmake_prefix}" "${_dualgpu_torch_root}")
  set(Caffe2_DIR "${cmake_prefix}/Caffe2")
  foreach(_dualgpu_lib TORCH_LIBRARY c10_LIBRARY c10_cuda_LIBRARY c10_hip_LIBRARY torch_cpu_LIBRARY
                       torch_cuda_LIBRARY torch_hip_LIBRARY kineto_LIBRARY)
    if(DEFINED CACHE{${_dualgpu_lib}} AND NOT "$CACHE{${_dualgpu_lib}}" MATCHES "^${_dualgpu_torch_root}/")
      unset(${_dualgpu_lib} CACHE)
    endif()
  endforeach()
endmacro()

macro(_dualgpu_find_torch)
  foreach(_v CMAKE_CUDA_FLAGS CMAKE_CUDA_ARCHITECTURES)
    set(_dualgpu_saved_defined_${_v} FALSE)
    if(DEFINED ${_v})
      set(_dualgpu_saved_defined_${_v} TRUE)
      set(_dualgpu_saved_${_v} "${${_v}}")
    endif()
  endforeach()
  # The torch Python imports comes first, for TorchConfig's own find_package(Caffe2) too:
  # a second libtorch in a system folder (Debian's libtorch-dev) must not be mixed in.
  set(_dualgpu_saved_prefix_path "${CMAKE_PREFIX_PATH}")
  if(DualGPU_TORCH_CMAKE_PREFIX AND (NOT DEFINED Torch_DIR OR Torch_DIR STREQUAL "${DualGPU_TORCH_CMAKE_PREFIX}/Torch"))
    _dualgpu_pin_torch_searches("${DualGPU_TORCH_CMAKE_PREFIX}")
  endif()
  # With no TORCH_CUDA_ARCH_LIST, torch's CMake compiles and runs a program to look for GPUs (a second
  # or more of every clean configure) only to pick the -gencode flags dropped below: name DualGPU's
  # architectures instead, as plain numbers ("9.0"), the spelling every torch release accepts.
  set(_dualgpu_torch_arch_list_set FALSE)
  if(DualGPU_PLATFORM STREQUAL "cuda" AND NOT DEFINED TORCH_CUDA_ARCH_LIST AND "$ENV{TORCH_CUDA_ARCH_LIST}" STREQUAL "")
    set(TORCH_CUDA_ARCH_LIST "")
    foreach(_dualgpu_arch IN LISTS DualGPU_ARCHITECTURES)
      if(_dualgpu_arch MATCHES "^([0-9]+)([0-9])")
        list(APPEND TORCH_CUDA_ARCH_LIST "${CMAKE_MATCH_1}.${CMAKE_MATCH_2}")
      endif()
    endforeach()
    list(REMOVE_DUPLICATES TORCH_CUDA_ARCH_LIST)
    set(_dualgpu_torch_arch_list_set TRUE)
  endif()
  find_package(Torch CONFIG QUIET)
  if(_dualgpu_torch_arch_list_set)
    unset(TORCH_CUDA_ARCH_LIST)
  endif()
  set(CMAKE_PREFIX_PATH "${_dualgpu_saved_prefix_path}")
  foreach(_v CMAKE_CUDA_FLAGS CMAKE_CUDA_ARCHITECTURES)
    if(_dualgpu_saved_defined_${_v})
      set(${_v} "${_dualgpu_saved_${_v}}")
    else()
      unset(${_v})
    endif()
  endforeach()
  if(NOT Torch_FOUND)
    set(DualGPU_NOT_FOUND_MESSAGE
      "DualGPU: torch not found (${DualGPU_TORCH_WHY}). Install it (pip install torch, or apt install libtorch-dev), set DUALGPU_PYTHON to an interpreter that imports it, or set Torch_DIR")
    if(DualGPU_FIND_REQUIRED)
      message(FATAL_ERROR "${DualGPU_NOT_FOUND_MESSAGE}")
    endif()
    set(DualGPU_FOUND FALSE)
  else()
    _dualgpu_create_torch_target()
  endif()
endmacro()

function(_dualgpu_create_torch_target)
  add_library(DualGPU::torch INTERFACE IMPORTED)
  target_link_libraries(DualGPU::torch INTERFACE ${TORCH_LIBRARIES})
  if(NOT DualGPU_TORCH_VERSION AND DEFINED Torch_VERSION)
    set(DualGPU_TORCH_VERSION "${Torch_VERSION}" PARENT_SCOPE)
  endif()
  # torch puts -D_GLIBCXX_USE_CXX11_ABI on its C++ flags; nvcc and clang-HIP compile host code
  # too and must agree with libtorch's ABI, so state it for every language.
  # The probe knows it when it imported torch; else TorchConfig states it when libtorch was built with
  # the old ABI (=0), and says nothing from the torch releases that only build the new one (=1).
  set(abi "${DualGPU_TORCH_CXX11_ABI}")
  if(abi STREQUAL "" AND TORCH_CXX_FLAGS MATCHES "_GLIBCXX_USE_CXX11_ABI=([01])")
    set(abi "${CMAKE_MATCH_1}")
  elseif(abi STREQUAL "")
    set(abi 1)
  endif()
  target_compile_definitions(DualGPU::torch INTERFACE _GLIBCXX_USE_CXX11_ABI=${abi})
  # On ROCm, link the HIP runtime torch itself loads (its wheel ships one), not a second copy.
  if(DualGPU_PLATFORM STREQUAL "rocm" AND DualGPU_TORCH_CMAKE_PREFIX)
    get_filename_component(torch_lib "${DualGPU_TORCH_CMAKE_PREFIX}/../../lib" ABSOLUTE)
    find_library(DUALGPU_TORCH_AMDHIP64 amdhip64 PATHS "${torch_lib}" NO_DEFAULT_PATH)
    if(DUALGPU_TORCH_AMDHIP64)
      target_link_libraries(DualGPU::torch INTERFACE "${DUALGPU_TORCH_AMDHIP64}")
    endif()
  endif()
  # A torch built for CUDA needs the extension on cuda (or cpu); say so instead of failing to link.
  if(DualGPU_PLATFORM STREQUAL "rocm" AND CAFFE2_USE_CUDA)
    message(FATAL_ERROR "DualGPU: platform rocm, but the torch found at ${Torch_DIR} is a CUDA build: point DUALGPU_PYTHON or Torch_DIR at a ROCm build of torch, or set DUALGPU_PLATFORM=cuda")
  endif()
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
    execute_process(COMMAND "${compiler}" -print-file-name=libstdc++.so TIMEOUT ${DUALGPU_PROBE_TIMEOUT}
      OUTPUT_VARIABLE found OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET RESULT_VARIABLE rc)
    if(rc STREQUAL "0" AND NOT IS_ABSOLUTE "${found}")
      set(suggestion "e.g. the system's /usr/bin/g++")  # name one that is installed here and has it
      foreach(candidate IN ITEMS /usr/bin/g++ /usr/bin/c++ /usr/bin/clang++)
        execute_process(COMMAND "${candidate}" -print-file-name=libstdc++.so TIMEOUT ${DUALGPU_PROBE_TIMEOUT}
          OUTPUT_VARIABLE alt OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET RESULT_VARIABLE alt_rc)
        if(alt_rc STREQUAL "0" AND IS_ABSOLUTE "${alt}" AND NOT candidate STREQUAL compiler)
          set(suggestion "${candidate} has one here")
          break()
        endif()
      endforeach()
      message(FATAL_ERROR "DualGPU: ${compiler} has no shared libstdc++ (-print-file-name=libstdc++.so finds none), "
        "so a torch extension built with it carries its own copy of the C++ library, which clashes with the "
        "libstdc++ torch loads and crashes at the first std::ostream use. Set ${variable} to a compiler with a "
        "shared libstdc++ (${suggestion}) and configure a fresh build folder.")
    endif()
    set(_DUALGPU_SHARED_LIBSTDCXX_${lang} TRUE CACHE INTERNAL "${compiler} links a shared libstdc++")
  endforeach()
endfunction()

# Every rebuild of an extension relinks it against torch's libraries, which are large: GNU ld took
# 0.5 to 0.9 s for example-extension on the CPU machine, gold 0.3 s, lld 0.15 s, out of a 3 s
# rebuild. DUALGPU_LINKER: AUTO (default) takes lld, else gold, when the compiler can reach one;
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
