#[=======================================================================[.rst:
DualGPUTargets
--------------

Commands that build one source tree for the platform :command:`dualgpu_decide`
chose. Everything is set on targets; no global flags are touched.

.. command:: dualgpu_add_library

  ::

    dualgpu_add_library(<name> [STATIC|SHARED|MODULE|OBJECT] <sources>...
                        [RDC] [ARCHITECTURES <arch>...])

  Like ``add_library``. ``.cu`` and ``.hip`` sources compile as CUDA on the cuda
  platform and as HIP on rocm (without renaming or copying); on cpu they are left
  out of the build. Links ``DualGPU::runtime``. ``RDC`` turns on relocatable device
  code (``DUALGPU_RDC`` sets the default). ``ARCHITECTURES`` overrides
  ``DualGPU_ARCHITECTURES`` for this target (any spelling
  :command:`dualgpu_parse_architectures` reads).

.. command:: dualgpu_add_executable

  ::

    dualgpu_add_executable(<name> <sources>... [RDC] [ARCHITECTURES <arch>...])

.. command:: dualgpu_target_gpu_sources

  ::

    dualgpu_target_gpu_sources(<target> [RDC] [ARCHITECTURES <arch>...])

  The step the commands above are made of, for targets you create yourself:
  sets the language of the target's GPU sources, its architectures, RDC and the
  compiler launcher.

.. command:: dualgpu_target_rdc

  ::

    dualgpu_target_rdc(<target>)

  Relocatable device code: ``CUDA_SEPARABLE_COMPILATION`` with device-symbol
  resolution on CUDA; ``-fgpu-rdc`` at compile and ``-fgpu-rdc --hip-link`` at link
  on HIP (propagated to consumers of static libraries).

.. command:: dualgpu_target_compiler_launcher

  ::

    dualgpu_target_compiler_launcher(<target>)

  Puts ccache or sccache (``DUALGPU_COMPILER_LAUNCHER``: ``AUTO`` default, ``OFF``,
  or a path) in front of the CXX, CUDA and HIP compilers, unless the user set
  ``CMAKE_<LANG>_COMPILER_LAUNCHER``. ``AUTO`` leaves a cache out, with a status
  line, when its cache folder cannot be written (``$HOME`` read-only or missing).

Build type: when a single-config generator is given no ``CMAKE_BUILD_TYPE`` (neither on the
command line nor in the environment), DualGPU sets ``Release``: nvcc optimises device code by
default but HIP's clang compiles it at ``-O0``.

``DUALGPU_WARN_WAVE64`` (``OFF``): on rocm with a 64-wide-wave target (gfx9: gfx90a, gfx940,
gfx942), warn at configure for each GPU source that reads ``warpSize`` or hard-codes a
warp of 32 (``& 31``, ``% 32``, ``/ 32``, ``[32]``), the patterns that are wrong there
(docs/porting.md#warpsize).
#]=======================================================================]
include_guard(DIRECTORY)  # file-scope tables and defaults are per folder: a sibling folder that finds DualGPU gets them too

if(NOT CMAKE_SCRIPT_MODE_FILE AND NOT CMAKE_BUILD_TYPE AND NOT CMAKE_CONFIGURATION_TYPES)
  set(CMAKE_BUILD_TYPE Release CACHE STRING "Build type (DualGPU's default when none is given: Release)" FORCE)
endif()
# Our own policies, whatever cmake_minimum_required() the including project has.
cmake_policy(VERSION 3.25...4.4)
include("${CMAKE_CURRENT_LIST_DIR}/DualGPUProbes.cmake")  # _dualgpu_run_bounded

set(_DUALGPU_GPU_SOURCE_REGEX "\\.(cu|hip)$")

function(_dualgpu_gpu_sources out target)
  get_target_property(sources ${target} SOURCES)
  set(result "")
  foreach(s IN LISTS sources)
    if(s MATCHES "${_DUALGPU_GPU_SOURCE_REGEX}" AND NOT s MATCHES "^\\$<")
      list(APPEND result "${s}")
    endif()
  endforeach()
  set(${out} "${result}" PARENT_SCOPE)
endfunction()

# _dualgpu_compiler_cache_writable(<out> <launcher>): whether the cache folder the launcher will use
# can be written. A found ccache whose default folder cannot be made ($HOME not writable) fails
# every compile, so AUTO leaves it out and says why, once. The answer is cached per folder.
function(_dualgpu_compiler_cache_writable out launcher)
  set(inputs "${launcher}|$ENV{HOME}|$ENV{XDG_CACHE_HOME}|$ENV{CCACHE_DIR}|$ENV{CCACHE_CONFIGPATH}|$ENV{SCCACHE_DIR}")
  string(MD5 key "${inputs}")
  if(NOT DEFINED _DUALGPU_CACHE_UNWRITABLE_${key})
    _dualgpu_find_unwritable_cache_dir(dir "${launcher}")
    set(_DUALGPU_CACHE_UNWRITABLE_${key} "${dir}" CACHE INTERNAL "the cache folder ${launcher} cannot write, if any")
  endif()
  set(dir "${_DUALGPU_CACHE_UNWRITABLE_${key}}")
  get_property(said GLOBAL PROPERTY _DUALGPU_SAID_CACHE_UNWRITABLE)
  if(dir AND NOT said)
    set_property(GLOBAL PROPERTY _DUALGPU_SAID_CACHE_UNWRITABLE TRUE)
    message(STATUS "DualGPU: no compiler cache: ${launcher} cannot write its cache folder ${dir} "
      "(set CCACHE_DIR to a writable folder, or DUALGPU_COMPILER_LAUNCHER=OFF to silence this)")
  endif()
  if(dir)
    set(${out} FALSE PARENT_SCOPE)
  else()
    set(${out} TRUE PARENT_SCOPE)
  endif()
endfunction()

# _dualgpu_find_unwritable_cache_dir(<out> <launcher>): the launcher's cache folder when it cannot be
# made or written, else "".
function(_dualgpu_find_unwritable_cache_dir out launcher)
  get_filename_component(name "${launcher}" NAME)
  _dualgpu_probe_timeout(timeout)
  set(dir "")
  if(name MATCHES "^sccache")
    if(DEFINED ENV{SCCACHE_DIR})
      set(dir "$ENV{SCCACHE_DIR}")
    elseif(DEFINED ENV{XDG_CACHE_HOME})
      set(dir "$ENV{XDG_CACHE_HOME}/sccache")
    else()
      set(dir "$ENV{HOME}/.cache/sccache")
    endif()
  else()
    # ccache 4 says where its cache is (its own rules: CCACHE_DIR, config files, XDG, ~/.ccache).
    _dualgpu_run_bounded(dir rc "${timeout}" "${launcher}" -k cache_dir)
    string(STRIP "${dir}" dir)
    if(NOT rc STREQUAL "0" OR NOT IS_ABSOLUTE "${dir}")
      set(dir "$ENV{HOME}/.ccache")
      if(DEFINED ENV{CCACHE_DIR})
        set(dir "$ENV{CCACHE_DIR}")
      endif()
    endif()
  endif()
  _dualgpu_run_bounded(ignored rc "${timeout}" sh -c "mkdir -p \"$0\" && test -w \"$0\"" "${dir}")
  if(rc STREQUAL "0")
    set(dir "")
  endif()
  set(${out} "${dir}" PARENT_SCOPE)
endfunction()

function(dualgpu_target_compiler_launcher target)
  if(DEFINED DUALGPU_COMPILER_LAUNCHER)
    set(choice "${DUALGPU_COMPILER_LAUNCHER}")
  else()
    set(choice AUTO)
  endif()
  if(NOT choice OR choice STREQUAL "OFF")
    return()
  endif()
  if(choice STREQUAL "AUTO")
    find_program(DUALGPU_CCACHE_PROGRAM NAMES ccache sccache DOC "compiler cache DualGPU puts in front of compilers")
    set(launcher "${DUALGPU_CCACHE_PROGRAM}")
    if(launcher)
      _dualgpu_compiler_cache_writable(writable "${launcher}")
      if(NOT writable)
        return()
      endif()
    endif()
  else()
    set(launcher "${choice}")
  endif()
  if(NOT launcher)
    return()
  endif()
  foreach(lang IN ITEMS CXX CUDA HIP)
    if(NOT CMAKE_${lang}_COMPILER_LAUNCHER)
      set_property(TARGET ${target} PROPERTY ${lang}_COMPILER_LAUNCHER "${launcher}")
    endif()
  endforeach()
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

# DUALGPU_WARN_WAVE64: the warp-of-32 assumptions that are wrong on a 64-wide wave.
function(_dualgpu_warn_wave64 target sources archs)
  set(wave64 ${archs})
  list(FILTER wave64 INCLUDE REGEX "^gfx9")
  if(NOT DUALGPU_WARN_WAVE64 OR NOT DualGPU_PLATFORM STREQUAL "rocm" OR NOT wave64)
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
  if(DualGPU_PLATFORM STREQUAL "cpu")
    # Kept in the target (IDEs still show them) but not compiled.
    if(gpu_sources)
      set_source_files_properties(${gpu_sources} TARGET_DIRECTORY ${target} PROPERTIES HEADER_FILE_ONLY ON)
      # A library of GPU sources alone is empty here; CMake still needs a linker language.
      set_property(TARGET ${target} PROPERTY LINKER_LANGUAGE CXX)
    endif()
  else()
    if(gpu_sources)
      set_source_files_properties(${gpu_sources} TARGET_DIRECTORY ${target} PROPERTIES LANGUAGE ${DualGPU_GPU_LANGUAGE})
    endif()
    set(archs "${DualGPU_ARCHITECTURES}")
    if(ARG_ARCHITECTURES)
      dualgpu_parse_architectures(archs err "${DualGPU_PLATFORM}" "${ARG_ARCHITECTURES}")
      if(err)
        message(FATAL_ERROR "dualgpu_target_gpu_sources(${target}): ARCHITECTURES ${err}")
      endif()
    endif()
    set_property(TARGET ${target} PROPERTY ${DualGPU_GPU_LANGUAGE}_ARCHITECTURES "${archs}")
    _dualgpu_warn_wave64(${target} "${gpu_sources}" "${archs}")
    # Generic targets (gfx11-generic) exist only in code object v6, which clang does not emit by default.
    dualgpu_hip_code_object_flags(cov_flags "${archs}")
    if(cov_flags AND DualGPU_GPU_LANGUAGE STREQUAL "HIP")
      target_compile_options(${target} PRIVATE "$<$<COMPILE_LANGUAGE:HIP>:${cov_flags}>")
      target_link_options(${target} PRIVATE "$<$<LINK_LANGUAGE:HIP>:${cov_flags}>")
    endif()
    if(ARG_RDC OR DUALGPU_RDC)
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
