#[=======================================================================[.rst:
dualgpu/62-targets
------------------

The commands that build one source tree for the platform :command:`dualgpu_decide` chose: ``.cu``
and ``.hip`` sources compile as CUDA on cuda and as HIP on rocm (without renaming or copying), and
are left out of the build on cpu. Everything is set on targets; no global flags are touched.

Search behaviour
^^^^^^^^^^^^^^^^

1. A target's GPU sources are the entries of its ``SOURCES`` ending in ``.cu`` or ``.hip``. Sources
   added later (``target_sources``) are treated the same at the end of the configure, in the
   top-level folder, where every source name is checked too: a GPU source given as a generator
   expression on rocm or cpu (which DualGPU cannot see, so could not compile as HIP), and a file
   name holding a character a shell interprets (compiler command lines go through one), stop the
   configure, naming the file.
2. On cuda, the target's CUDA sources compile with nvcc's ``--extended-lambda`` and
   ``--expt-relaxed-constexpr`` (``DUALGPU_NVCC_RELAXED``), so nvcc accepts what HIP's clang accepts
   without a flag: ``__device__`` lambdas (Thrust and CUB code passes them) and ``constexpr`` host
   functions such as ``std::min`` called in kernels. PyTorch builds its own kernels with both.
3. With ``DUALGPU_WARN_WAVE64`` on rocm, each GPU source of a target whose list has a 64-lane-wave
   architecture (the wave column of dualgpu/00-data) is read for ``warpSize`` and a hard-coded warp
   of 32 (``& 31``, ``% 32``, ``/ 32``, ``[32]``), the patterns that are wrong there
   (docs/porting.md#warpsize); a hit is a warning naming the first line.

Result variables
^^^^^^^^^^^^^^^^

``CMAKE_BUILD_TYPE``
  Set to ``Release`` in the cache when a single-config generator is given none (neither on the
  command line nor in the environment): nvcc optimises device code by default but HIP's clang
  compiles it at ``-O0``. Not in script mode.

Input variables
^^^^^^^^^^^^^^^

``DUALGPU_RDC``
  Default of the ``RDC`` keyword (``OFF``; CMake variable, else environment).
``DUALGPU_NVCC_RELAXED``
  ``OFF``: nvcc's own rules, without the two flags above (``ON`` by default; CMake variable, else
  environment).
``DUALGPU_WARN_WAVE64``
  ``ON``: the warning above (``OFF`` by default; CMake variable, else environment).
``DualGPU_PLATFORM``, ``DualGPU_GPU_LANGUAGE``, ``DualGPU_ARCHITECTURES``
  The decision of ``find_package(DualGPU)``.

The settings of :command:`dualgpu_target_compiler_launcher` (dualgpu/60-compiler-cache) and
:command:`dualgpu_target_parallel_architectures` (dualgpu/61-architectures) apply to every target
made here.

Commands
^^^^^^^^

.. command:: dualgpu_add_library

  .. versionadded:: 0.1

  ::

    dualgpu_add_library(<name> [STATIC|SHARED|MODULE|OBJECT] <sources>...
                        [RDC] [ARCHITECTURES <arch>...])

  Like ``add_library``, then :command:`dualgpu_target_gpu_sources`. ``RDC`` turns on relocatable
  device code (``DUALGPU_RDC`` sets the default). ``ARCHITECTURES`` overrides
  ``DualGPU_ARCHITECTURES`` for this target (any spelling :command:`dualgpu_parse_architectures`
  reads). An upper-case word that is no keyword and no file stops the configure.

.. command:: dualgpu_add_executable

  .. versionadded:: 0.1

  ::

    dualgpu_add_executable(<name> <sources>... [RDC] [ARCHITECTURES <arch>...])

  Like ``add_executable``, then :command:`dualgpu_target_gpu_sources`.

.. command:: dualgpu_target_gpu_sources

  .. versionadded:: 0.1

  ::

    dualgpu_target_gpu_sources(<target> [RDC] [ARCHITECTURES <arch>...])

  The step the commands above are made of, for targets you create yourself: sets the language of
  the target's GPU sources (on cpu: kept in the target as headers, ``LINKER_LANGUAGE CXX``), its
  ``<LANG>_ARCHITECTURES``, nvcc's relaxed rules (``DUALGPU_NVCC_RELAXED``), code object v6 for a
  generic AMD target, RDC, the compiler launcher
  (:command:`dualgpu_target_compiler_launcher`), and the device compiler's parallel jobs and
  compression (:command:`dualgpu_target_parallel_architectures`); links ``DualGPU::runtime``.

.. command:: dualgpu_target_rdc

  .. versionadded:: 0.1

  ::

    dualgpu_target_rdc(<target>)

  Relocatable device code: ``CUDA_SEPARABLE_COMPILATION`` on CUDA, with device-symbol resolution
  on shared libraries, modules and executables; ``-fgpu-rdc`` at compile and
  ``-fgpu-rdc --hip-link`` at link on HIP (the link flags propagated to consumers of static and
  object libraries, where the device link happens).

#]=======================================================================]
include_guard(DIRECTORY)  # file-scope tables and defaults are per folder: a sibling folder that finds DualGPU gets them too
# Our own policies, whatever cmake_minimum_required() the including project has.
cmake_policy(VERSION 3.25...4.4)
include("${CMAKE_CURRENT_LIST_DIR}/60-compiler-cache.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/61-architectures.cmake")

if(NOT CMAKE_SCRIPT_MODE_FILE AND NOT CMAKE_BUILD_TYPE AND NOT CMAKE_CONFIGURATION_TYPES)
  set(CMAKE_BUILD_TYPE Release CACHE STRING "Build type (DualGPU's default when none is given: Release)" FORCE)
endif()

# (Patterns and settings live inside the functions or come as arguments: the deferred source check
# runs in the top-level folder, where this file's folder-scope variables may not exist.)
function(_dualgpu_gpu_sources out target)
  get_target_property(sources ${target} SOURCES)
  set(result "")
  foreach(s IN LISTS sources)
    if(s MATCHES "\\.(cu|hip)$" AND NOT s MATCHES "^\\$<")
      list(APPEND result "${s}")
    endif()
  endforeach()
  set(${out} "${result}" PARENT_SCOPE)
endfunction()

# _dualgpu_apply_source_languages(<target>): the target's .cu files compile in the GPU language (HIP
# on rocm, where CMake would not), or not at all on cpu. Idempotent: run again for later sources.
function(_dualgpu_apply_source_languages target platform language)
  _dualgpu_gpu_sources(gpu_sources ${target})
  if(NOT gpu_sources)
    return()
  endif()
  if(platform STREQUAL "cpu")
    # Kept in the target (IDEs still show them) but not compiled.
    set_source_files_properties(${gpu_sources} TARGET_DIRECTORY ${target} PROPERTIES HEADER_FILE_ONLY ON)
    # A library of GPU sources alone is empty here; CMake still needs a linker language.
    set_property(TARGET ${target} PROPERTY LINKER_LANGUAGE CXX)
  else()
    set_source_files_properties(${gpu_sources} TARGET_DIRECTORY ${target} PROPERTIES LANGUAGE ${language})
  endif()
endfunction()

# _dualgpu_check_target_sources(<target>): deferred to the end of the configure. Later-added .cu files
# get their language; a .cu hidden in a generator expression (which DualGPU cannot see, so could not
# compile as HIP) and a source name a shell would interpret stop the configure, naming the file.
function(_dualgpu_check_target_sources target platform language)
  # Characters that a shell reads in a file name: nvcc's command line and Makefile recipes go through
  # /bin/sh, so a source named k$(touch X).cu would run the command inside its name.
  set(shell_characters "[$`\"'\\;&|<>()*?!#~{}\n]|\\[|\\]")
  get_target_property(sources ${target} SOURCES)
  foreach(s IN LISTS sources)
    if(s MATCHES "^\\$<" AND s MATCHES "\\.(cu|hip)[>,:]" AND NOT platform STREQUAL "cuda")
      message(FATAL_ERROR "${target}: the GPU source '${s}' is given as a generator expression, which "
        "DualGPU cannot see at configure time (on ${platform} it marks each .cu file itself, or it would be "
        "left out): list the .cu file plainly, and choose it with if() around dualgpu_add_*() or target_sources()")
    endif()
    get_filename_component(name "${s}" NAME)
    if(NOT s MATCHES "^\\$<" AND name MATCHES "${shell_characters}")
      message(FATAL_ERROR "${target}: the source file name '${name}' holds '${CMAKE_MATCH_0}', which a shell "
        "would interpret (compiler command lines go through one): rename the file to letters, digits, '.', '_', '-' and spaces")
    endif()
  endforeach()
  _dualgpu_apply_source_languages(${target} ${platform} "${language}")
endfunction()

function(dualgpu_target_rdc target)
  get_target_property(type ${target} TYPE)
  if(DualGPU_PLATFORM STREQUAL "cuda")
    set_property(TARGET ${target} PROPERTY CUDA_SEPARABLE_COMPILATION ON)
    if(type MATCHES "SHARED_LIBRARY|MODULE_LIBRARY|EXECUTABLE")
      set_property(TARGET ${target} PROPERTY CUDA_RESOLVE_DEVICE_SYMBOLS ON)
    endif()
  elseif(DualGPU_PLATFORM STREQUAL "rocm")
    target_compile_options(${target} PRIVATE $<$<COMPILE_LANGUAGE:HIP>:-fgpu-rdc>)
    # The device link happens where the final binary is linked: on this target, or on
    # whoever links this static archive.
    if(type STREQUAL "STATIC_LIBRARY" OR type STREQUAL "OBJECT_LIBRARY")
      set(scope INTERFACE)
    else()
      set(scope PRIVATE)
      set_property(TARGET ${target} PROPERTY LINKER_LANGUAGE HIP)
    endif()
    target_link_options(${target} ${scope} -fgpu-rdc --hip-link ${_DualGPU_HIP_TOOL_FLAGS})
    if(type STREQUAL "STATIC_LIBRARY")
      # clang 15's device link reads an archive's device code only when it comes as -L<dir> -l<name>;
      # the archive CMake passes by its full path is used for host code only. Later clang reads the
      # archive by its path too, and the same device code twice is a duplicate symbol (clang 21).
      set(old_clang "$<VERSION_LESS:$<HIP_COMPILER_VERSION>,16>")
      target_link_options(${target} INTERFACE
        "$<${old_clang}:-L$<TARGET_FILE_DIR:${target}>>" "$<${old_clang}:-l$<TARGET_FILE_BASE_NAME:${target}>>")
    endif()
  endif()
endfunction()

# DUALGPU_NVCC_RELAXED: nvcc takes the __device__ lambdas and constexpr host calls HIP's clang takes.
function(_dualgpu_nvcc_relaxed target)
  _dualgpu_setting_on(relaxed DUALGPU_NVCC_RELAXED ON)
  if(relaxed AND DualGPU_GPU_LANGUAGE STREQUAL "CUDA")
    target_compile_options(${target} PRIVATE "$<$<COMPILE_LANGUAGE:CUDA>:--extended-lambda;--expt-relaxed-constexpr>")
  endif()
endfunction()

# DUALGPU_WARN_WAVE64: the warp-of-32 assumptions that are wrong on a 64-wide wave.
function(_dualgpu_warn_wave64 target sources archs)
  dualgpu_wave64_architectures(wave64 "${archs}")
  _dualgpu_setting_on(warn DUALGPU_WARN_WAVE64 OFF)
  if(NOT warn OR NOT DualGPU_PLATFORM STREQUAL "rocm" OR NOT wave64)
    return()
  endif()
  list(JOIN wave64 ", " wave64)
  foreach(source IN LISTS sources)
    get_filename_component(path "${source}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    if(NOT EXISTS "${path}")
      continue()
    endif()
    file(STRINGS "${path}" hits REGEX "warpSize|& *31[^0-9]|% *32[^0-9]|/ *32[^0-9]|\\[32\\]")
    if(hits)
      list(LENGTH hits count)
      list(GET hits 0 first)
      string(STRIP "${first}" first)
      message(WARNING "dualgpu_target_gpu_sources(${target}): ${source} has ${count} line(s) that read warpSize "
        "or assume a warp of 32 (first: `${first}`). On ${wave64} a wave is 64 lanes: warpSize is 64 "
        "in device code while 32-bit-mask shuffles act on warps of 32, so code mixing the two is wrong. "
        "See docs/porting.md#warpsize "
        "(DUALGPU_WARN_WAVE64=OFF silences this).")
    endif()
  endforeach()
endfunction()

function(dualgpu_target_gpu_sources target)
  cmake_parse_arguments(PARSE_ARGV 1 ARG "RDC" "" "ARCHITECTURES")
  if(ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "dualgpu_target_gpu_sources(): unknown argument ${ARG_UNPARSED_ARGUMENTS}")
  endif()
  _dualgpu_gpu_sources(gpu_sources ${target})
  _dualgpu_apply_source_languages(${target} ${DualGPU_PLATFORM} "${DualGPU_GPU_LANGUAGE}")
  # Sources added later (target_sources) get the same treatment, and every source name is checked,
  # once the whole project is read: a deferred call at the end of the top-level folder.
  get_property(deferred TARGET ${target} PROPERTY _DUALGPU_SOURCES_CHECK_DEFERRED)
  if(NOT deferred)
    set_property(TARGET ${target} PROPERTY _DUALGPU_SOURCES_CHECK_DEFERRED ON)
    # A deferred call reads its arguments when it runs: the target's name goes in as text now.
    cmake_language(EVAL CODE
      "cmake_language(DEFER DIRECTORY [==[${CMAKE_SOURCE_DIR}]==] CALL _dualgpu_check_target_sources [==[${target}]==] ${DualGPU_PLATFORM} [==[${DualGPU_GPU_LANGUAGE}]==])")
  endif()
  if(NOT DualGPU_PLATFORM STREQUAL "cpu")
    set(archs "${DualGPU_ARCHITECTURES}")
    if(ARG_ARCHITECTURES)
      dualgpu_parse_architectures(archs err "${DualGPU_PLATFORM}" "${ARG_ARCHITECTURES}")
      if(err)
        message(FATAL_ERROR "dualgpu_target_gpu_sources(${target}): ARCHITECTURES ${err}")
      endif()
    endif()
    set_property(TARGET ${target} PROPERTY ${DualGPU_GPU_LANGUAGE}_ARCHITECTURES "${archs}")
    dualgpu_target_parallel_architectures(${target})
    _dualgpu_nvcc_relaxed(${target})
    _dualgpu_warn_wave64(${target} "${gpu_sources}" "${archs}")
    # Generic targets (gfx11-generic) exist only in code object v6, which clang does not emit by default.
    dualgpu_hip_code_object_flags(cov_flags "${archs}")
    if(cov_flags AND DualGPU_GPU_LANGUAGE STREQUAL "HIP")
      target_compile_options(${target} PRIVATE "$<$<COMPILE_LANGUAGE:HIP>:${cov_flags}>")
      target_link_options(${target} PRIVATE "$<$<LINK_LANGUAGE:HIP>:${cov_flags}>")
    endif()
    _dualgpu_setting_on(rdc DUALGPU_RDC OFF)
    if(ARG_RDC OR rdc)
      dualgpu_target_rdc(${target})
    endif()
  endif()
  target_link_libraries(${target} PRIVATE DualGPU::runtime)
  dualgpu_target_compiler_launcher(${target})
endfunction()

# Shared by the add_* commands: split <type>, <sources>, RDC and ARCHITECTURES.
# _dualgpu_parse_add_arguments(<command> [<option>...]): the keywords every dualgpu_add_* takes, plus the
# command's own options; a command's own one-value keywords are in _dualgpu_own_values (set before).
macro(_dualgpu_parse_add_arguments command)
  cmake_parse_arguments(PARSE_ARGV 1 ARG "RDC;STATIC;SHARED;MODULE;OBJECT;${ARGN}" "${_dualgpu_own_values}" "ARCHITECTURES")
  foreach(_k IN LISTS ARG_KEYWORDS_MISSING_VALUES)
    message(FATAL_ERROR "${command}(${name}): ${_k} needs a value")
  endforeach()
  set(_dualgpu_type "")
  foreach(_t STATIC SHARED MODULE OBJECT)
    if(ARG_${_t})
      list(APPEND _dualgpu_type ${_t})
    endif()
  endforeach()
  list(LENGTH _dualgpu_type _dualgpu_n)
  if(_dualgpu_n GREATER 1)
    message(FATAL_ERROR "${command}(${name}): give one of STATIC, SHARED, MODULE, OBJECT, not ${_dualgpu_type}")
  endif()
  set(_dualgpu_forward "")
  if(ARG_RDC)
    list(APPEND _dualgpu_forward RDC)
  endif()
  if(ARG_ARCHITECTURES)
    list(APPEND _dualgpu_forward ARCHITECTURES ${ARG_ARCHITECTURES})
  endif()
  set(_dualgpu_sources ${ARG_UNPARSED_ARGUMENTS})
  foreach(_s IN LISTS _dualgpu_sources)
    if(_s MATCHES "^[A-Z_]+$" AND NOT EXISTS "${CMAKE_CURRENT_SOURCE_DIR}/${_s}")
      string(REPLACE ";" " " _known "STATIC;SHARED;MODULE;OBJECT;RDC;ARCHITECTURES;${ARGN};${_dualgpu_own_values}")
      string(STRIP "${_known}" _known)
      message(FATAL_ERROR "${command}(${name}): unknown keyword ${_s} (known: ${_known})")
    endif()
  endforeach()
  if(NOT _dualgpu_sources)
    message(FATAL_ERROR "${command}(${name}): no sources given")
  endif()
endmacro()

function(dualgpu_add_library name)
  _dualgpu_parse_add_arguments(dualgpu_add_library)
  add_library(${name} ${_dualgpu_type} ${_dualgpu_sources})
  dualgpu_target_gpu_sources(${name} ${_dualgpu_forward})
endfunction()

function(dualgpu_add_executable name)
  _dualgpu_parse_add_arguments(dualgpu_add_executable)
  if(_dualgpu_type)
    message(FATAL_ERROR "dualgpu_add_executable(${name}): ${_dualgpu_type} is for libraries")
  endif()
  add_executable(${name} ${_dualgpu_sources})
  dualgpu_target_gpu_sources(${name} ${_dualgpu_forward})
endfunction()
