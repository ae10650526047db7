#[=======================================================================[.rst:
dualgpu/63-torch-extension
--------------------------

Builds a torch extension: the command, the Python module and stable-ABI forms of it, the linker it
links with, the check that its C++ compiler can share torch's ``libstdc++``, and a CTest test of
its ABI. Used after ``find_package(DualGPU COMPONENTS Torch)`` (or ``TorchStableABI``) found torch
(dualgpu/40-torch).

Search behaviour
^^^^^^^^^^^^^^^^

1. The C++ compiler (and on cuda the CUDA host compiler), when GNU, is asked once per build folder
   for its shared ``libstdc++`` (``-print-file-name=libstdc++.so``, bounded by
   ``DUALGPU_PROBE_TIMEOUT``). Without one the extension would carry its own copy of the C++
   library next to the one torch loads, and crash at the first ``std::ostream`` use: configure
   stops and names a ``g++`` or ``c++`` on ``PATH`` or in ``/usr/bin`` that has one.
2. The linker (``DUALGPU_LINKER``): ``AUTO`` (default) takes ``ld.lld``, else ``ld.gold``, found on
   ``PATH`` (cached as ``DUALGPU_LLD_PROGRAM`` / ``DUALGPU_GOLD_PROGRAM``); ``OFF`` keeps the
   toolchain's; any other value is a CMake linker type (``LLD``, ``GOLD``, ``MOLD``). Only with
   CMake 3.29+ (``LINKER_TYPE``) and a GNU or Clang C++ compiler; a project's
   ``CMAKE_LINKER_TYPE`` wins; not on rocm, where clang's own lld performs the ``-fgpu-rdc``
   device link. A status line names the linker chosen.
3. Python's headers: ``find_package(Python COMPONENTS Interpreter Development.Module)`` for
   ``Python_EXECUTABLE`` when set (as scikit-build-core sets it), else for ``DualGPU_PYTHON``, the
   interpreter whose torch was found; its ``SOABI`` names the module's file suffix.
4. Under scikit-build-core, a wheel version that names a platform (``+cpu``, ``+cu<NNN>``,
   ``+rocm<X.Y>``, from ``SKBUILD_PROJECT_VERSION_FULL``) must match the platform DualGPU builds
   for, or configure stops.
5. ``dualgpu check-abi`` for :command:`dualgpu_add_abi_test`: ``python/dualgpu/check_abi.py`` of a
   checkout or ``cmake --install`` copy, else ``check_abi.py`` of the installed package.

Input variables
^^^^^^^^^^^^^^^

``DUALGPU_LINKER``
  ``AUTO``, ``OFF`` or a CMake linker type (CMake variable, else environment).
``DUALGPU_PROBE_TIMEOUT``
  Bounds each compiler run (dualgpu/10-util).
``CMAKE_LINKER_TYPE``
  Set by the project: no linker is chosen.
``Python_EXECUTABLE``
  The interpreter whose headers an extension uses; ``DualGPU_PYTHON`` when unset.
``DualGPU_PLATFORM``, ``DualGPU_GPU_LANGUAGE``, ``DualGPU_PYTHON``, ``DualGPU_TORCH_VERSION``
  The decision and the torch found (dualgpu/40-torch).
``SKBUILD_PROJECT_VERSION_FULL``
  The wheel's version under scikit-build-core.

The settings of :command:`dualgpu_target_gpu_sources` (dualgpu/62-targets) apply to the extension.

Commands
^^^^^^^^

.. command:: dualgpu_add_torch_extension

  .. versionadded:: 0.1

  ::

    dualgpu_add_torch_extension(<name> <sources>... [RDC] [ARCHITECTURES <arch>...]
                                [PYTHON_MODULE] [STABLE_ABI <major.minor>])

  A ``SHARED`` library for ``torch.ops.load_library``: GPU sources for the platform
  (:command:`dualgpu_target_gpu_sources`), linked to ``DualGPU::torch``,
  ``TORCH_EXTENSION_NAME=<name>`` as ``torch.utils.cpp_extension`` defines it, Python's headers
  when found (``torch/extension.h`` includes ``Python.h``), the C++ standard torch's headers need
  for every language, the shared CUDA runtime torch uses, and the linker chosen above.

  ``PYTHON_MODULE`` makes it an importable Python module (:command:`dualgpu_target_python_module`):
  ``import <name>`` loads it.

  ``STABLE_ABI <major.minor>`` builds against torch's stable ABI of that release
  (:command:`dualgpu_target_torch_stable_abi`) as a limited-API (abi3) Python module: one build for
  that torch and every later one, for Python 3.9 and later. Configure fails when the version is
  misspelt, older than 2.10, or newer than the torch found.

.. command:: dualgpu_add_abi_test

  .. versionadded:: 0.2

  ::

    dualgpu_add_abi_test(<target>)

  A CTest test ``<target>.check_abi`` that runs ``dualgpu check-abi`` on the built library with
  ``DualGPU_PYTHON`` (``--stable-abi`` from ``STABLE_ABI``): it fails on a libtorch C++ symbol or a
  shim newer than the declared release. Without ``check_abi.py`` or a Python, a warning and no
  test.

.. command:: dualgpu_target_torch_stable_abi

  .. versionadded:: 0.2

  ::

    dualgpu_target_torch_stable_abi(<target> <major.minor>)

  ``TORCH_TARGET_VERSION`` and ``TORCH_STABLE_ONLY`` on ``<target>``, which links
  ``DualGPU::torch_stable`` (headers) and no libtorch library; the target property
  ``DUALGPU_STABLE_ABI`` and a string in the built library hold the release, for
  ``dualgpu check-abi``.

.. command:: dualgpu_target_python_module

  .. versionadded:: 0.2

  ::

    dualgpu_target_python_module(<target> [LIMITED_API])

  ``Python::Module``, no ``lib`` prefix, the interpreter's suffix (``.abi3.so`` and
  ``Py_LIMITED_API`` for 3.9 with ``LIMITED_API``), and a weak ``PyInit_<file base name>``
  returning an empty module (a ``PyInit_`` of the sources' own wins). Configure stops when Python's
  headers are not found.

#]=======================================================================]
include_guard(DIRECTORY)  # file-scope tables and defaults are per folder: a sibling folder that finds DualGPU gets them too
# Our own policies, whatever cmake_minimum_required() the including project has.
cmake_policy(VERSION 3.25...4.4)
include("${CMAKE_CURRENT_LIST_DIR}/62-targets.cmake")

set(_DUALGPU_TORCH_EXTENSION_MODULE_DIR "${CMAKE_CURRENT_LIST_DIR}")

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
# gold relink faster than GNU ld (docs/benchmarks.md, "Linking torch extensions").
# DUALGPU_LINKER: AUTO (default) takes lld, else gold, when the compiler can reach one;
# OFF keeps the toolchain's; or a CMake linker type (LLD, GOLD, MOLD, ...). Needs CMake 3.29
# (LINKER_TYPE); a project's own CMAKE_LINKER_TYPE wins. Not on rocm: the HIP link carries its own
# -fgpu-rdc device link through clang's lld already.
function(_dualgpu_choose_linker target)
  _dualgpu_setting(choice source DUALGPU_LINKER)
  string(TOUPPER "${choice}" choice)
  if(choice STREQUAL "")
    set(choice AUTO)
  elseif(NOT choice MATCHES "^[A-Z_]+$")
    message(FATAL_ERROR "DUALGPU_LINKER='${choice}' (${source}): use AUTO, OFF or a CMake linker type (LLD, GOLD, MOLD)")
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

# _dualgpu_stable_abi_version(<out-hex> <version>): TORCH_TARGET_VERSION for "major.minor", as torch's
# torch/csrc/stable/version.h spells it (major << 56 | minor << 48). Example: 2.10 -> 0x020a000000000000.
function(_dualgpu_stable_abi_version out version)
  string(REGEX MATCH "^([0-9]+)\\.([0-9]+)$" ok "${version}")
  if(NOT ok OR CMAKE_MATCH_1 GREATER 255 OR CMAKE_MATCH_2 GREATER 255)
    set(${out} "" PARENT_SCOPE)
    return()
  endif()
  set(hex "0x")
  foreach(part "${CMAKE_MATCH_1}" "${CMAKE_MATCH_2}")
    math(EXPR digits "${part}" OUTPUT_FORMAT HEXADECIMAL)
    string(REGEX REPLACE "^0x" "" digits "${digits}")
    string(LENGTH "${digits}" n)
    if(n EQUAL 1)
      set(digits "0${digits}")
    endif()
    string(APPEND hex "${digits}")
  endforeach()
  set(${out} "${hex}000000000000" PARENT_SCOPE)
endfunction()

#[[ dualgpu_target_torch_stable_abi(<target> <major.minor>): <target> compiles against torch's stable
ABI of that release only: TORCH_TARGET_VERSION hides every newer shim and every header outside the
stable ABI (torch's headers #error), and nothing of libtorch is linked. ]]

function(dualgpu_target_torch_stable_abi target version)
  set(minimum 2.10)  # the first torch with TORCH_TARGET_VERSION and torch/csrc/stable/version.h
  _dualgpu_stable_abi_version(hex "${version}")
  if(NOT hex)
    message(FATAL_ERROR "STABLE_ABI '${version}' for ${target}: give a torch release as major.minor, e.g. STABLE_ABI ${minimum}")
  endif()
  if(version VERSION_LESS minimum)
    message(FATAL_ERROR "STABLE_ABI ${version} for ${target}: torch's stable ABI can be targeted from torch ${minimum} on: use STABLE_ABI ${minimum} or newer")
  endif()
  if(DualGPU_TORCH_VERSION AND DualGPU_TORCH_VERSION VERSION_LESS minimum)
    message(FATAL_ERROR "STABLE_ABI ${version} for ${target}: the torch found is ${DualGPU_TORCH_VERSION} (${DualGPU_PYTHON}), older than ${minimum}, "
      "the first with a stable ABI to target: build against torch ${version} or newer (pip install 'torch>=${version}', or set DUALGPU_PYTHON); what it builds loads into torch ${version} and later")
  endif()
  string(REGEX MATCH "^[0-9]+\\.[0-9]+" found_minor "${DualGPU_TORCH_VERSION}")
  if(found_minor AND version VERSION_GREATER found_minor)
    message(FATAL_ERROR "STABLE_ABI ${version} for ${target} is newer than the torch found, ${DualGPU_TORCH_VERSION} (${DualGPU_PYTHON}): "
      "lower STABLE_ABI to ${found_minor} or less, or build against torch ${version} or newer")
  endif()
  if(NOT TARGET DualGPU::torch_stable)
    message(FATAL_ERROR "STABLE_ABI ${version} for ${target}: no stable-ABI headers were found - ask for them with find_package(DualGPU REQUIRED COMPONENTS TorchStableABI)")
  endif()
  target_link_libraries(${target} PRIVATE DualGPU::torch_stable)
  # TORCH_STABLE_ONLY: torch's other switch that turns its non-stable headers into #errors.
  target_compile_definitions(${target} PRIVATE TORCH_TARGET_VERSION=${hex} TORCH_STABLE_ONLY)
  set_property(TARGET ${target} PROPERTY DUALGPU_STABLE_ABI "${version}")
  # The version, readable in the built library: `dualgpu check-abi` checks the shims against it.
  set(source "${CMAKE_CURRENT_BINARY_DIR}/_dualgpu/stable_abi_${target}.cpp")
  file(CONFIGURE OUTPUT "${source}" CONTENT [=[
// Written by DualGPU (dualgpu_target_torch_stable_abi): the stable ABI this library targets, for `dualgpu check-abi`.
extern "C" __attribute__((used, visibility("hidden"))) const char dualgpu_stable_abi[] = "dualgpu-stable-abi: @version@";
]=] @ONLY)
  target_sources(${target} PRIVATE "${source}")
endfunction()

#[[ dualgpu_target_python_module(<target> [LIMITED_API]): <target> becomes a Python extension module
named after its file, as torch.utils.cpp_extension builds one: Python's headers, no "lib" prefix, the
interpreter's suffix (".abi3.so" with LIMITED_API, which also defines Py_LIMITED_API for Python 3.9),
and a PyInit_<name> that returns an empty module, so "import <name>" loads the library and runs its
op registrations. A PyInit_<name> in the sources (PYBIND11_MODULE, extension-cpp's own) takes its
place: DualGPU's is a weak symbol. ]]

function(dualgpu_target_python_module target)
  cmake_parse_arguments(PARSE_ARGV 1 ARG "LIMITED_API" "" "")
  if(ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "dualgpu_target_python_module(${target}): unknown argument ${ARG_UNPARSED_ARGUMENTS} (known: LIMITED_API)")
  endif()
  _dualgpu_find_python_module(python_target)
  if(NOT python_target)
    message(FATAL_ERROR "dualgpu_target_python_module(${target}): Python's headers were not found for ${Python_EXECUTABLE}: "
      "install them (Debian/Ubuntu: apt install python3-dev) or set Python_EXECUTABLE to an interpreter that has them")
  endif()
  target_link_libraries(${target} PRIVATE ${python_target})
  set(source "${CMAKE_CURRENT_BINARY_DIR}/_dualgpu/python_module_${target}.cpp")
  file(CONFIGURE OUTPUT "${source}" CONTENT [=[
// Written by DualGPU (dualgpu_target_python_module): the module "import" finds, so that loading it
// runs the library's op registrations. Weak: a PyInit_ of the sources' own wins at link time.
#include <Python.h>

#define DUALGPU_PYINIT_NAME_(name) PyInit_##name
#define DUALGPU_PYINIT_NAME(name) DUALGPU_PYINIT_NAME_(name)
#define DUALGPU_STRINGIFY_(name) #name
#define DUALGPU_STRINGIFY(name) DUALGPU_STRINGIFY_(name)

extern "C" __attribute__((weak, visibility("default"))) PyObject* DUALGPU_PYINIT_NAME(DUALGPU_PYTHON_MODULE)(void) {
  static PyModuleDef module = {PyModuleDef_HEAD_INIT, DUALGPU_STRINGIFY(DUALGPU_PYTHON_MODULE), nullptr, -1, nullptr,
                               nullptr, nullptr, nullptr, nullptr};
  return PyModule_Create(&module);
}
]=] @ONLY)
  target_sources(${target} PRIVATE "${source}")
  # The module's name is the file's, whatever OUTPUT_NAME is set to after this call.
  set_property(SOURCE "${source}" APPEND PROPERTY COMPILE_DEFINITIONS "DUALGPU_PYTHON_MODULE=$<TARGET_FILE_BASE_NAME:${target}>")
  set_target_properties(${target} PROPERTIES PREFIX "")
  if(ARG_LIMITED_API)
    # 3.9: the oldest Python torch 2.10 supports; scikit-build-core's wheel.py-api = "cp39" tags it so.
    target_compile_definitions(${target} PRIVATE Py_LIMITED_API=0x03090000)
    set_target_properties(${target} PROPERTIES SUFFIX ".abi3.so")
  else()
    set_target_properties(${target} PROPERTIES SUFFIX "${_DUALGPU_PYTHON_MODULE_SUFFIX}")
  endif()
endfunction()

function(dualgpu_add_abi_test target)
  # check_abi.py: beside cmake/ in a checkout or `cmake --install` copy, inside the package when pip-installed.
  set(script "")
  foreach(candidate "${_DUALGPU_TORCH_EXTENSION_MODULE_DIR}/../../python/dualgpu/check_abi.py"
                    "${_DUALGPU_TORCH_EXTENSION_MODULE_DIR}/../../check_abi.py")
    if(NOT script AND EXISTS "${candidate}")
      get_filename_component(script "${candidate}" ABSOLUTE)
    endif()
  endforeach()
  if(NOT script OR NOT DualGPU_PYTHON)
    message(WARNING "dualgpu_add_abi_test(${target}): no test added: no check_abi.py beside ${_DUALGPU_TORCH_EXTENSION_MODULE_DIR} "
      "or no Python (set DUALGPU_PYTHON; a DualGPU copy without python/ needs reinstalling: pip install dualgpu)")
    return()
  endif()
  set(stable "")
  get_target_property(version ${target} DUALGPU_STABLE_ABI)
  if(version)
    set(stable --stable-abi "${version}")
  endif()
  add_test(NAME ${target}.check_abi COMMAND "${DualGPU_PYTHON}" "${script}" "$<TARGET_FILE:${target}>" ${stable})
endfunction()

# _dualgpu_find_python_module(<out-target>): Python's Development.Module for the interpreter whose torch
# is used (as scikit-build-core sets Python_EXECUTABLE, else DualGPU's); "" when its headers are missing.
function(_dualgpu_find_python_module out)
  if(NOT TARGET Python::Module)
    if(NOT DEFINED Python_EXECUTABLE AND DualGPU_PYTHON)
      set(Python_EXECUTABLE "${DualGPU_PYTHON}")
    endif()
    find_package(Python QUIET COMPONENTS Interpreter Development.Module)
  endif()
  if(NOT TARGET Python::Module)
    set(${out} "" PARENT_SCOPE)
    return()
  endif()
  if(NOT DEFINED CACHE{_DUALGPU_PYTHON_MODULE_SUFFIX})
    set(suffix ".so")
    if(Python_SOABI)
      set(suffix ".${Python_SOABI}.so")
    endif()
    set(_DUALGPU_PYTHON_MODULE_SUFFIX "${suffix}" CACHE INTERNAL "file suffix of a Python extension module")
  endif()
  set(${out} Python::Module PARENT_SCOPE)
endfunction()

# A wheel whose version names a platform (0.1.0+cu130, from dualgpu.wheel_version under scikit-build-core)
# must hold a build for that platform: the name is decided before CMake runs, from the environment.
function(_dualgpu_check_wheel_platform name)
  if(NOT SKBUILD_PROJECT_VERSION_FULL MATCHES "\\+(cpu|cu[0-9]+|rocm[0-9.]+)$")
    return()
  endif()
  set(named rocm)
  if(CMAKE_MATCH_1 STREQUAL "cpu")
    set(named cpu)
  elseif(CMAKE_MATCH_1 MATCHES "^cu")
    set(named cuda)
  endif()
  if(NOT named STREQUAL DualGPU_PLATFORM)
    message(FATAL_ERROR "dualgpu_add_torch_extension(${name}): the wheel is named ${SKBUILD_PROJECT_VERSION_FULL}, "
      "a ${named} build, but DualGPU builds for ${DualGPU_PLATFORM} (${DualGPU_PLATFORM_SOURCE}): set DUALGPU_PLATFORM="
      "${DualGPU_PLATFORM} in the environment (the wheel's name reads it there, not from -Ccmake.define)")
  endif()
endfunction()

function(dualgpu_add_torch_extension name)
  _dualgpu_check_shared_libstdcxx()
  _dualgpu_check_wheel_platform(${name})
  set(_dualgpu_own_values STABLE_ABI)
  _dualgpu_parse_add_arguments(dualgpu_add_torch_extension PYTHON_MODULE)
  if(_dualgpu_type)
    message(FATAL_ERROR "dualgpu_add_torch_extension(${name}): the library type is fixed (SHARED) - remove ${_dualgpu_type}")
  endif()
  if(NOT TARGET DualGPU::torch AND NOT (DEFINED ARG_STABLE_ABI AND TARGET DualGPU::torch_stable))
    if(DEFINED ARG_STABLE_ABI)
      message(FATAL_ERROR "dualgpu_add_torch_extension(${name}): torch was not found - ask for it with find_package(DualGPU REQUIRED COMPONENTS TorchStableABI)")
    elseif(TARGET DualGPU::torch_stable)
      message(FATAL_ERROR "dualgpu_add_torch_extension(${name}): this project asked for torch's headers only (COMPONENTS TorchStableABI): "
        "give STABLE_ABI <major.minor>, or ask for COMPONENTS Torch to link libtorch")
    endif()
    message(FATAL_ERROR "dualgpu_add_torch_extension(${name}): torch was not found - ask for it with find_package(DualGPU REQUIRED COMPONENTS Torch)")
  endif()
  # SHARED so that torch.ops.load_library() and C++ tests can both load it.
  add_library(${name} SHARED ${_dualgpu_sources})
  dualgpu_target_gpu_sources(${name} ${_dualgpu_forward})
  # As torch.utils.cpp_extension does, so TORCH_LIBRARY(TORCH_EXTENSION_NAME, m) works.
  target_compile_definitions(${name} PRIVATE TORCH_EXTENSION_NAME=${name})
  set(standard 17)
  if(DEFINED ARG_STABLE_ABI)
    dualgpu_target_torch_stable_abi(${name} "${ARG_STABLE_ABI}")
    # The stable headers (torch/headeronly) compile as C++17 for every torch release.
    dualgpu_target_python_module(${name} LIMITED_API)
  else()
    target_link_libraries(${name} PRIVATE DualGPU::torch)
    # The C++ standard torch's headers need (17, or 20 from torch 2.10 on), for the device compilers
    # too: torch states it as cxx_std_NN, which reaches CXX sources only.
    get_target_property(features torch INTERFACE_COMPILE_FEATURES)
    if(features MATCHES "cxx_std_([0-9]+)")
      set(standard "${CMAKE_MATCH_1}")
    endif()
    if(ARG_PYTHON_MODULE)
      dualgpu_target_python_module(${name})
    else()
      # torch/extension.h includes Python.h, as torch.utils.cpp_extension provides it; without Python's
      # headers the library still builds for torch.ops.load_library().
      _dualgpu_find_python_module(python_target)
      if(python_target)
        target_link_libraries(${name} PRIVATE ${python_target})
      endif()
    endif()
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
