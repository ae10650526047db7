#[=======================================================================[.rst:
dualgpu/40-torch
----------------

Torch: finds the torch an extension will be loaded into, asks it what it was built for
(``torch_probe.py`` beside this file), and provides ``DualGPU::torch`` and
``DualGPU::torch_stable``. :command:`dualgpu_probe_torch` also runs in script mode
(``dualgpu doctor``); the targets are made by ``find_package(DualGPU COMPONENTS Torch|TorchStableABI)``.

Search behaviour
^^^^^^^^^^^^^^^^

1. ``Torch_DIR``, when set, is handed to ``find_package(Torch)`` as it is.
2. Else the torch that a Python interpreter imports - the one the extension
   will be loaded into: ``DUALGPU_PYTHON``, else ``Python3_EXECUTABLE`` /
   ``Python_EXECUTABLE`` (as scikit-build-core sets them; CMake variable, else
   environment), else ``python3`` / ``python`` on ``PATH``. Its ``share/cmake``
   folder is searched first by every ``find_package`` / ``find_library`` that
   ``TorchConfig.cmake`` makes, so a second libtorch in a system folder
   (Debian's ``libtorch-dev``) is never mixed in.
3. Else ``find_package(Torch)`` on CMake's default search path (Debian's
   ``libtorch-dev``, a libtorch zip on ``CMAKE_PREFIX_PATH``).

The interpreter runs isolated from the current folder: its working directory
is DualGPU's module folder, so a ``./torch/`` or ``./json.py`` where CMake or
the doctor was started is never imported (neither through Python's ``''``
entry nor through an empty ``PYTHONPATH`` entry). ``PYTHONPATH`` and the user
site stay in effect - HPC modules and Spack put torch there - which is why
DualGPU does not use ``python -I``. The run is bounded by 12 times
``DUALGPU_PROBE_TIMEOUT`` (loading libtorch from a network file system is
slow) and its output like every probe's.

A configure does not import torch: ``torch/version.py`` is read as text.
``DUALGPU_CHECK_TORCH_ARCHITECTURES=ON`` and the doctor import it, for the
architectures it was built for and its C++ ABI. In a configure the answer is
cached per interpreter and keyed on ``torch/version.py`` (path, time, size), so
reinstalling torch in the same environment is noticed; ``DUALGPU_REPROBE=ON``
asks again in any case.

``find_package(Torch)`` runs with ``CMAKE_CUDA_FLAGS`` and
``CMAKE_CUDA_ARCHITECTURES`` saved and put back (torch's CMake would override
DualGPU's architectures for every CUDA target), and on cuda, when no
``TORCH_CUDA_ARCH_LIST`` is set, with DualGPU's architectures as
``TORCH_CUDA_ARCH_LIST`` (torch's CMake would otherwise compile and run a
program to look for GPUs).

Imported targets
^^^^^^^^^^^^^^^^

``DualGPU::torch_stable``
  Torch's include folder only, for stable-ABI extensions (``STABLE_ABI``):
  created with ``COMPONENTS TorchStableABI`` (then without ``find_package(Torch)``:
  a torch of any vendor, headers only) and with ``COMPONENTS Torch`` when the
  torch found has stable-ABI headers (2.10 and newer).

``DualGPU::torch``
  ``TORCH_LIBRARIES``, ``_GLIBCXX_USE_CXX11_ABI`` for every language (the
  device compilers compile host code too), and on rocm the ``amdhip64`` that
  torch's wheel ships (cached as ``DUALGPU_TORCH_AMDHIP64``). Created by
  ``find_package(DualGPU COMPONENTS Torch)``.

Result variables
^^^^^^^^^^^^^^^^

Set by :command:`dualgpu_probe_torch`:

``DualGPU_TORCH_FOUND``, ``DualGPU_TORCH_VERSION``
  Whether the interpreter imports torch, and its version (``2.4.1``, no local part).
``DualGPU_TORCH_CUDA``, ``DualGPU_TORCH_HIP``
  The build's CUDA or HIP version, empty for the other.
``DualGPU_TORCH_ARCH_LIST``, ``DualGPU_TORCH_CXX11_ABI``
  ``sm_90`` / ``gfx90a`` entries, and ``0``/``1``: when torch was imported.
``DualGPU_TORCH_CMAKE_PREFIX``
  Its ``share/cmake``.
``DualGPU_PYTHON``, ``DualGPU_TORCH_WHY``
  The interpreter asked, and why torch was not found.

When the component's torch is not found, ``DualGPU_FOUND`` is ``FALSE`` and
``DualGPU_NOT_FOUND_MESSAGE`` says why (an error with ``REQUIRED``).

Input variables
^^^^^^^^^^^^^^^

``DUALGPU_PYTHON``, ``Python3_EXECUTABLE``, ``Python_EXECUTABLE``
  The interpreter (CMake variable, else environment); a name is found on
  ``PATH``, a relative path is read from the folder CMake was started in.
``Torch_DIR``
  Torch's CMake package, used as it is.
``TORCH_CUDA_ARCH_LIST``
  Left to torch's CMake when set (CMake variable or environment).
``DUALGPU_CHECK_TORCH_ARCHITECTURES``, ``DUALGPU_REPROBE``
  Switches (CMake variable, else environment): import torch in a configure; ask again.
``DUALGPU_PROBE_TIMEOUT``
  Twelve times it bounds the probe (dualgpu/10-util).
``DualGPU_PLATFORM``, ``DualGPU_ARCHITECTURES``
  The decision, when torch's CMake package is found.

Commands
^^^^^^^^

.. command:: dualgpu_probe_torch

  .. versionadded:: 0.1

  ::

    dualgpu_probe_torch()

  Sets the result variables above. Works in a configure and in script mode.

The command that builds an extension, :command:`dualgpu_add_torch_extension`,
is in dualgpu/63-torch-extension.

#]=======================================================================]
include_guard(DIRECTORY)  # file-scope tables and defaults are per folder: a sibling folder that finds DualGPU gets them too
# Our own policies, whatever cmake_minimum_required() the including project has.
cmake_policy(VERSION 3.25...4.4)
include("${CMAKE_CURRENT_LIST_DIR}/30-decide.cmake")

# The probe is torch_probe.py beside this file (its docstring says what it prints).
set(_DUALGPU_TORCH_PROBE_FILE "${CMAKE_CURRENT_LIST_DIR}/torch_probe.py")

function(_dualgpu_pick_python out)
  set(python "")
  foreach(var IN ITEMS DUALGPU_PYTHON Python3_EXECUTABLE Python_EXECUTABLE)
    if(DEFINED ${var} AND NOT "${${var}}" STREQUAL "")
      set(python "${${var}}")
    elseif(DEFINED ENV{${var}} AND NOT "$ENV{${var}}" STREQUAL "")
      set(python "$ENV{${var}}")
    endif()
    if(python)
      break()
    endif()
  endforeach()
  if(python STREQUAL "")
    find_program(found NAMES python3 python NO_CACHE)
    set(python "${found}")
  elseif(NOT python MATCHES "/")
    find_program(found NAMES "${python}" NO_CACHE)
    set(python "${found}")
  elseif(NOT IS_ABSOLUTE "${python}" AND DEFINED ENV{PWD})
    # The probe runs in another folder: a relative path means the one CMake was started in.
    get_filename_component(python "${python}" ABSOLUTE BASE_DIR "$ENV{PWD}")
  endif()
  if(NOT python)
    set(python "")
  endif()
  set(${out} "${python}" PARENT_SCOPE)
endfunction()

# _dualgpu_torch_stamp(<out> <python>): what a configure remembers of the torch <python> imported
# last time - torch/version.py's path, time and size - so a torch reinstalled in the same
# environment is asked again. Empty when that torch was never found.
function(_dualgpu_torch_stamp out python)
  string(MD5 key "${python}")
  set(file "${_DUALGPU_TORCH_VERSION_FILE_${key}}")
  set(stamp "")
  if(file AND EXISTS "${file}")
    file(TIMESTAMP "${file}" time "%s")
    file(SIZE "${file}" size)
    set(stamp "${file}|${time}|${size}")
  endif()
  set(${out} "${stamp}" PARENT_SCOPE)
endfunction()

# _dualgpu_ask_python_for_torch(<out-json> <out-why> <python> [full]): one isolated, bounded run.
function(_dualgpu_ask_python_for_torch out_json out_why python)
  set(${out_json} "" PARENT_SCOPE)
  _dualgpu_probe_timeout(timeout 12)
  _dualgpu_run_bounded(text rc "${timeout}" "${python}" "${_DUALGPU_TORCH_PROBE_FILE}" ${ARGN})
  if(text MATCHES "(^|\n)dualgpu-torch-probe: ([^\n]*)")
    set(${out_json} "${CMAKE_MATCH_2}" PARENT_SCOPE)
    set(${out_why} "" PARENT_SCOPE)
    return()
  endif()
  string(STRIP "${text}" text)
  string(REGEX REPLACE "\n.*" "" first "${text}")
  if(rc STREQUAL "timeout")
    set(why "${python} gave no answer within ${timeout} s (12 x DUALGPU_PROBE_TIMEOUT)")
  elseif(first STREQUAL "")
    set(why "${python} printed nothing (exit ${rc})")
  else()
    set(why "${python} gave no answer (exit ${rc}): ${first}")
  endif()
  set(${out_why} "${why}" PARENT_SCOPE)
endfunction()

function(dualgpu_probe_torch)
  _dualgpu_pick_python(python)
  set(DualGPU_PYTHON "${python}" PARENT_SCOPE)
  set(DualGPU_TORCH_FOUND FALSE PARENT_SCOPE)
  if(NOT python)
    set(DualGPU_TORCH_WHY "no Python interpreter found (set DUALGPU_PYTHON)" PARENT_SCOPE)
    return()
  endif()
  # Importing torch only where its answer is used: the doctor (a script) and the architecture check.
  # (CMAKE_ROLE is a global property, not a variable.)
  get_property(role GLOBAL PROPERTY CMAKE_ROLE)
  set(mode "")
  _dualgpu_setting_on(check_archs DUALGPU_CHECK_TORCH_ARCHITECTURES OFF)
  _dualgpu_setting_on(reprobe DUALGPU_REPROBE OFF)
  if(NOT role STREQUAL "PROJECT" OR check_archs)
    set(mode full)
  endif()
  string(MD5 key "${python}")
  _dualgpu_torch_stamp(stamp "${python}")
  set(cached "_DUALGPU_TORCH_PROBE_${key}${mode}")
  if(role STREQUAL "PROJECT" AND NOT reprobe AND stamp AND DEFINED ${cached}
     AND "${${cached}_STAMP}" STREQUAL stamp)
    set(json "${${cached}}")
  else()
    _dualgpu_ask_python_for_torch(json why "${python}" ${mode})
    if(why)
      set(DualGPU_TORCH_WHY "${why}" PARENT_SCOPE)
      return()
    endif()
    string(JSON file ERROR_VARIABLE err GET "${json}" version_file)
    if(role STREQUAL "PROJECT" AND file AND NOT err)
      set(_DUALGPU_TORCH_VERSION_FILE_${key} "${file}" CACHE INTERNAL "torch/version.py that ${python} imports")
      _dualgpu_torch_stamp(stamp "${python}")
      set(${cached} "${json}" CACHE INTERNAL "what ${python} says of torch")
      set(${cached}_STAMP "${stamp}" CACHE INTERNAL "the torch/version.py that answer came from")
    endif()
  endif()
  _dualgpu_json_fields(torch "${json}" found why version cuda hip cxx11_abi cmake_prefix arch_list)
  if(NOT torch_found)
    set(DualGPU_TORCH_WHY "${torch_why}" PARENT_SCOPE)
    return()
  endif()
  foreach(field version cuda hip cxx11_abi cmake_prefix arch_list)
    string(TOUPPER "${field}" F)
    set(DualGPU_TORCH_${F} "${torch_${field}}" PARENT_SCOPE)
  endforeach()
  set(DualGPU_TORCH_FOUND TRUE PARENT_SCOPE)
endfunction()

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
    # string(FIND), not MATCHES: a path is no regular expression (a venv under ~/c++/ is common).
    if(DEFINED CACHE{${_dualgpu_lib}})
      string(FIND "$CACHE{${_dualgpu_lib}}" "${_dualgpu_torch_root}/" _dualgpu_at)
      if(NOT _dualgpu_at EQUAL 0)
        unset(${_dualgpu_lib} CACHE)
      endif()
    endif()
  endforeach()
endmacro()

# _dualgpu_find_torch(<torch>): FULL finds torch's CMake package (DualGPU::torch, and
# DualGPU::torch_stable where torch has the headers); HEADERS makes DualGPU::torch_stable alone.
macro(_dualgpu_find_torch torch)
  if("${torch}" STREQUAL "HEADERS")
    _dualgpu_create_torch_stable_target(REQUIRED)
  else()
    _dualgpu_find_torch_config()
    if(TARGET DualGPU::torch)
      _dualgpu_create_torch_stable_target(OPTIONAL)
    endif()
  endif()
endmacro()

# DualGPU::torch_stable: the include folder of the torch the probe found, nothing to link. A stable-ABI
# extension calls torch's C shims only, which resolve from the libtorch already loaded (the
# extension's Python package makes them visible: docs/cmake.md, "Torch's stable ABI").
# _dualgpu_create_torch_stable_target(REQUIRED|OPTIONAL): REQUIRED (TorchStableABI alone) makes a
# torch without the headers a not-found package; OPTIONAL leaves the target out.
function(_dualgpu_create_torch_stable_target need)
  set(include "")
  if(DualGPU_TORCH_CMAKE_PREFIX)
    get_filename_component(include "${DualGPU_TORCH_CMAKE_PREFIX}/../../include" ABSOLUTE)
  elseif(TARGET torch)
    get_target_property(dirs torch INTERFACE_INCLUDE_DIRECTORIES)
    list(GET dirs 0 include)
  endif()
  if(NOT include OR NOT EXISTS "${include}/torch/csrc/stable/library.h")
    if(need STREQUAL "OPTIONAL")
      return()  # an older torch: only STABLE_ABI builds need the target, and they say why it is missing
    endif()
    string(CONCAT DualGPU_NOT_FOUND_MESSAGE "DualGPU: torch ${DualGPU_TORCH_VERSION} (${DualGPU_PYTHON}) has no stable-ABI headers "
      "(torch/csrc/stable/library.h under '${include}'): install torch 2.10 or newer with its headers (pip's torch has them), "
      "or set DUALGPU_PYTHON to an interpreter whose torch does")
    if(DualGPU_FIND_REQUIRED)
      message(FATAL_ERROR "${DualGPU_NOT_FOUND_MESSAGE}")
    endif()
    set(DualGPU_FOUND FALSE PARENT_SCOPE)
    set(DualGPU_NOT_FOUND_MESSAGE "${DualGPU_NOT_FOUND_MESSAGE}" PARENT_SCOPE)
    return()
  endif()
  add_library(DualGPU::torch_stable INTERFACE IMPORTED)
  target_include_directories(DualGPU::torch_stable INTERFACE "${include}")
endfunction()

macro(_dualgpu_find_torch_config)
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
  set(_dualgpu_torch_dir_was_defined FALSE)
  if(DEFINED Torch_DIR)
    set(_dualgpu_torch_dir_was_defined TRUE)
  endif()
  find_package(Torch CONFIG QUIET)
  # find_package wrote Torch_DIR: no input of the next configure's cached decision (dualgpu/50-setup).
  if(NOT _dualgpu_torch_dir_was_defined AND DEFINED Torch_DIR)
    set(_DUALGPU_AUTO_Torch_DIR "${Torch_DIR}" CACHE INTERNAL "written by find_package(Torch)")
  endif()
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
