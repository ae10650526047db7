#[=======================================================================[.rst:
DualGPUDoctor
-------------

Script-mode entry behind ``bin/dualgpu doctor``: runs the same decision as
``find_package(DualGPU)`` and writes what it chose and why, and whether the code
of torch (and of a built library) runs on each GPU seen.

::

  cmake -DDUALGPU_DOCTOR_OUT=<dir> [-DDUALGPU_DOCTOR_TORCH=OFF] [-DDUALGPU_DOCTOR_LIBRARY=<file>] -P DualGPUDoctor.cmake

Search behaviour
^^^^^^^^^^^^^^^^

1. Torch, unless ``DUALGPU_DOCTOR_TORCH`` is ``OFF``: :command:`dualgpu_probe_torch`, which in
   script mode imports it (its architectures and C++ ABI).
2. The decision: :command:`dualgpu_decide` (``WITH_TORCH`` when torch was found), and the
   settings checked as ``find_package(DualGPU)`` checks them.
3. With ``DUALGPU_DOCTOR_LIBRARY``: the GPU code in that file
   (:command:`dualgpu_code_objects_of_library`); a missing file is an error.
4. Will it run, per GPU seen, against torch's architectures and the library's code
   (:command:`dualgpu_coverage_report`).
5. The build tools DualGPU would put in a project's builds: ``ccache`` or ``sccache`` on ``PATH``,
   and the linker of torch extensions (dualgpu/63-torch-extension).

Result files
^^^^^^^^^^^^

``<dir>/doctor.json``
  The answer as JSON: version, platform, architectures and their sources, GPUs with their
  will-it-run, ROCm, toolchains, torch, library, build tools, warnings, errors, notes.
``<dir>/doctor.txt``
  The same in words.
``<dir>/status``
  ``ok``, or ``error`` when the decision has errors.

Each is written whole under a temporary name, then renamed.

Input variables
^^^^^^^^^^^^^^^

``DUALGPU_DOCTOR_OUT``
  The folder to write to (required).
``DUALGPU_DOCTOR_TORCH``
  ``OFF``: no torch (default ``ON``).
``DUALGPU_DOCTOR_LIBRARY``
  A built library to check.

Every variable and environment variable a configure reads (``DUALGPU_PLATFORM``,
``DUALGPU_ARCHITECTURES``, ...: see :module:`DualGPU`) is read the same way.

#]=======================================================================]
cmake_minimum_required(VERSION 3.25)
include("${CMAKE_CURRENT_LIST_DIR}/DualGPUVersion.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/dualgpu/40-torch.cmake")     # the decision and torch (and what they need)
include("${CMAKE_CURRENT_LIST_DIR}/dualgpu/35-will-it-run.cmake")  # will it run, per GPU
include("${CMAKE_CURRENT_LIST_DIR}/dualgpu/63-torch-extension.cmake")  # the linker choice it reports

if(NOT DUALGPU_DOCTOR_OUT)
  message(FATAL_ERROR "DualGPUDoctor.cmake: pass -DDUALGPU_DOCTOR_OUT=<dir>")
endif()
if(NOT DEFINED DUALGPU_DOCTOR_TORCH)
  set(DUALGPU_DOCTOR_TORCH ON)
endif()

set(with_torch "")
if(DUALGPU_DOCTOR_TORCH)
  dualgpu_probe_torch()
  if(DualGPU_TORCH_FOUND)
    set(with_torch WITH_TORCH)
  endif()
endif()
dualgpu_decide(${with_torch})
_dualgpu_check_settings(_doctor_setting_errors)  # what find_package checks before deciding
foreach(_doctor_e IN LISTS _doctor_setting_errors)
  list(APPEND DualGPU_ERRORS "${_doctor_e}")
endforeach()

# _doctor_json_set(<json-var> <text> <path>...): sets the string member at <path> to <text>.
function(_doctor_json_set json_var text)
  _dualgpu_json_string(v "${text}")
  string(JSON json SET "${${json_var}}" ${ARGN} "${v}")
  set(${json_var} "${json}" PARENT_SCOPE)
endfunction()

# _doctor_json_array(<out> <list-var>): a JSON array of strings; entries holding ';' stay whole.
function(_doctor_json_array out list_var)
  set(json "[]")
  set(i 0)
  foreach(item IN LISTS ${list_var})
    _doctor_json_set(json "${item}" ${i})
    math(EXPR i "${i} + 1")
  endforeach()
  set(${out} "${json}" PARENT_SCOPE)
endfunction()

# _doctor_json_records(<out> <list-var> <member>...): a JSON array of objects, one per record of
# <list-var>; a record's '|'-separated fields become the string members named, in order.
function(_doctor_json_records out list_var)
  set(json "[]")
  set(i 0)
  foreach(record IN LISTS ${list_var})
    string(REPLACE "|" ";" fields "${record}")
    string(JSON json SET "${json}" ${i} "{}")
    set(k 0)
    foreach(member IN LISTS ARGN)
      list(GET fields ${k} value)
      _doctor_json_set(json "${value}" ${i} ${member})
      math(EXPR k "${k} + 1")
    endforeach()
    math(EXPR i "${i} + 1")
  endforeach()
  set(${out} "${json}" PARENT_SCOPE)
endfunction()

set(json "{}")
_doctor_json_set(json "${DUALGPU_VERSION}" version)
_doctor_json_set(json "${DualGPU_PLATFORM}" platform)
_doctor_json_set(json "${DualGPU_PLATFORM_SOURCE}" platform_source)
_doctor_json_set(json "${DualGPU_ARCHITECTURES_SOURCE}" architectures_source)
_doctor_json_array(a DualGPU_ARCHITECTURES)
string(JSON json SET "${json}" architectures "${a}")

# A GPU record is vendor|name|arch|kind; the JSON spells NVIDIA architectures sm_NN, and the kind
# becomes the flag `integrated` below, beside each GPU's verdict.
set(_doctor_gpu_records "")
foreach(g IN LISTS DualGPU_GPUS)
  string(REGEX REPLACE "^(nvidia[|][^|]*[|])" "\\1sm_" g "${g}")
  list(APPEND _doctor_gpu_records "${g}")
endforeach()
_doctor_json_records(gpus _doctor_gpu_records vendor name arch kind)
# Will it run? Per GPU, against torch's architecture list and, with --library, the library's code.
set(_doctor_library_code "")
if(DUALGPU_DOCTOR_LIBRARY)
  dualgpu_code_objects_of_library(_doctor_library_code _doctor_library_note "${DUALGPU_DOCTOR_LIBRARY}")
  if(_doctor_library_note MATCHES "no such file$")
    _dualgpu_add_message(DualGPU_ERRORS "${_doctor_library_note}")
  elseif(_doctor_library_note)
    _dualgpu_add_message(DualGPU_NOTES "${_doctor_library_note}")  # no GPU code found: every verdict says "none"
  endif()
  _doctor_json_array(_doctor_a _doctor_library_code)
  string(JSON json SET "${json}" library "{}")
  _doctor_json_set(json "${DUALGPU_DOCTOR_LIBRARY}" library path)
  string(JSON json SET "${json}" library code_objects "${_doctor_a}")
endif()
dualgpu_coverage_report(_doctor_coverage _doctor_coverage_text "${DUALGPU_DOCTOR_LIBRARY}" "${_doctor_library_code}")
string(JSON _doctor_n LENGTH "${gpus}")
if(_doctor_n GREATER 0)
  math(EXPR _doctor_n "${_doctor_n} - 1")
  foreach(_doctor_i RANGE ${_doctor_n})
    string(JSON _doctor_kind GET "${gpus}" ${_doctor_i} kind)
    string(JSON gpus REMOVE "${gpus}" ${_doctor_i} kind)
    if(_doctor_kind STREQUAL "igpu")
      string(JSON gpus SET "${gpus}" ${_doctor_i} integrated true)
    else()
      string(JSON gpus SET "${gpus}" ${_doctor_i} integrated false)
    endif()
    string(JSON _doctor_v GET "${_doctor_coverage}" ${_doctor_i})
    string(JSON gpus SET "${gpus}" ${_doctor_i} will_it_run "${_doctor_v}")
  endforeach()
endif()
# Where ROCm was found, in the order docs/rocm.md gives.
string(JSON json SET "${json}" rocm "{}")
_doctor_json_set(json "${DualGPU_ROCM_ROOT}" rocm root)
_doctor_json_set(json "${DualGPU_ROCM_VERSION}" rocm version)
_doctor_json_set(json "${DualGPU_ROCM_ROOT_SOURCE}" rocm found_by)
string(JSON json SET "${json}" gpus "${gpus}")

_doctor_json_records(tools DualGPU_TOOLCHAINS platform compiler version)
string(JSON json SET "${json}" toolchains "${tools}")

if(DualGPU_TORCH_FOUND)
  set(torch "{}")
  foreach(field version cuda hip cxx11_abi)
    string(TOUPPER "${field}" F)
    _doctor_json_set(torch "${DualGPU_TORCH_${F}}" ${field})
  endforeach()
  _doctor_json_array(ta DualGPU_TORCH_ARCH_LIST)
  string(JSON torch SET "${torch}" arch_list "${ta}")
  _doctor_json_set(torch "${DualGPU_PYTHON}" python)
  string(JSON json SET "${json}" torch "${torch}")
else()
  string(JSON json SET "${json}" torch "null")
endif()
# Build tools DualGPU puts in a project's builds: the compiler cache (DUALGPU_COMPILER_LAUNCHER=AUTO)
# and the linker of torch extensions (DUALGPU_LINKER=AUTO).
find_program(_doctor_cache NAMES ccache sccache)
if(NOT _doctor_cache)
  set(_doctor_cache "")
endif()
_dualgpu_fast_linker(_doctor_linker)
string(TOLOWER "${_doctor_linker}" _doctor_linker)
if(NOT _doctor_linker)
  set(_doctor_linker default)
endif()
string(JSON json SET "${json}" build_tools "{}")
_doctor_json_set(json "${_doctor_cache}" build_tools compiler_cache)
_doctor_json_set(json "${_doctor_linker}" build_tools linker)

# The compilers a torch extension would be built with here (CXX, else c++; nvcc's host compiler
# CUDAHOSTCXX, else g++) and whether each links a shared libstdc++: the check find_package makes
# (_dualgpu_has_shared_libstdcxx), with the compiler it suggests instead; `dualgpu example` takes that one.
string(JSON json SET "${json}" build_tools compilers "{}")
set(_doctor_compiler_text "")
foreach(_doctor_role cxx cuda_host)
  if(_doctor_role STREQUAL "cxx")
    set(_doctor_c "$ENV{CXX}")
    set(_doctor_default c++)
  else()
    set(_doctor_c "$ENV{CUDAHOSTCXX}")
    set(_doctor_default g++)
  endif()
  separate_arguments(_doctor_c UNIX_COMMAND "${_doctor_c}")  # CXX="ccache g++": the compiler is the first word
  if(_doctor_c)
    list(GET _doctor_c 0 _doctor_c)
  else()
    set(_doctor_c ${_doctor_default})
  endif()
  find_program(_doctor_path NAMES "${_doctor_c}" NO_CACHE)
  string(JSON json SET "${json}" build_tools compilers ${_doctor_role} "{}")
  _doctor_json_set(json "${_doctor_c}" build_tools compilers ${_doctor_role} compiler)
  set(_doctor_instead "")
  if(_doctor_path)
    _dualgpu_has_shared_libstdcxx(_doctor_shared "${_doctor_path}")
    if(_doctor_shared)
      string(JSON json SET "${json}" build_tools compilers ${_doctor_role} shared_libstdcxx true)
    else()
      string(JSON json SET "${json}" build_tools compilers ${_doctor_role} shared_libstdcxx false)
      _dualgpu_compiler_with_shared_libstdcxx(_doctor_instead "${_doctor_path}")
      string(APPEND _doctor_compiler_text "  compiler       ${_doctor_c} has no shared libstdc++ (torch extensions need one)")
      if(_doctor_instead)
        string(APPEND _doctor_compiler_text ": use ${_doctor_instead}\n")
      else()
        string(APPEND _doctor_compiler_text ": install your system's g++\n")
      endif()
    endif()
  else()
    string(JSON json SET "${json}" build_tools compilers ${_doctor_role} shared_libstdcxx null)
  endif()
  _doctor_json_set(json "${_doctor_instead}" build_tools compilers ${_doctor_role} instead)
  unset(_doctor_path)
endforeach()

foreach(kind WARNINGS ERRORS NOTES)
  _doctor_json_array(a DualGPU_${kind})
  string(TOLOWER "${kind}" key)
  string(JSON json SET "${json}" ${key} "${a}")
endforeach()

# The same in words.
list(JOIN DualGPU_ARCHITECTURES " " archs)
set(text "DualGPU ${DUALGPU_VERSION} doctor\n")
string(APPEND text "  platform       ${DualGPU_PLATFORM}  (${DualGPU_PLATFORM_SOURCE})\n")
if(NOT DualGPU_PLATFORM STREQUAL "cpu")
  string(APPEND text "  architectures  ${archs}  (${DualGPU_ARCHITECTURES_SOURCE})\n")
endif()
foreach(g IN LISTS DualGPU_GPUS)
  string(REPLACE "|" ";" f "${g}")
  list(GET f 0 vendor)
  list(GET f 1 name)
  list(GET f 2 arch)
  list(GET f 3 kind)
  string(APPEND text "  gpu            ${vendor} ${name} (${arch}${kind})\n")
endforeach()
string(REPLACE "dgpu)" ")" text "${text}")
string(REPLACE "igpu)" ", integrated)" text "${text}")
foreach(t IN LISTS DualGPU_TOOLCHAINS)
  string(REPLACE "|" " " t "${t}")
  string(APPEND text "  toolchain      ${t}\n")
endforeach()
if(DualGPU_TORCH_FOUND)
  string(APPEND text "  torch          ${DualGPU_TORCH_VERSION} (cuda '${DualGPU_TORCH_CUDA}', hip '${DualGPU_TORCH_HIP}') from ${DualGPU_PYTHON}\n")
elseif(DUALGPU_DOCTOR_TORCH)
  string(APPEND text "  torch          not found (${DualGPU_TORCH_WHY})\n")
endif()
if(_doctor_cache)
  string(APPEND text "  build tools    compiler cache ${_doctor_cache}")
else()
  string(APPEND text "  build tools    no compiler cache (install ccache: unchanged files then rebuild from the cache)")
endif()
if(_doctor_linker STREQUAL "default")
  if(CMAKE_VERSION VERSION_LESS 3.29)
    string(APPEND text "; torch extensions link with the toolchain's linker (choosing one needs CMake 3.29)\n")
  else()
    string(APPEND text "; torch extensions link with the toolchain's linker (install lld or gold: faster relinks)\n")
  endif()
else()
  string(APPEND text "; torch extensions link with ${_doctor_linker} (DUALGPU_LINKER=OFF keeps the default)\n")
endif()
string(APPEND text "${_doctor_compiler_text}")
if(DualGPU_ROCM_ROOT)
  string(APPEND text "  rocm           ${DualGPU_ROCM_ROOT} (ROCm ${DualGPU_ROCM_VERSION}; found by ${DualGPU_ROCM_ROOT_SOURCE})\n")
else()
  string(APPEND text "  rocm           not found (looked at ROCM_PATH, HIP_PATH, rocm-sdk, hipconfig, amdclang++/hipcc on PATH, /opt/rocm, /opt/rocm-X.Y, /usr)\n")
endif()
if(DUALGPU_DOCTOR_LIBRARY)
  list(JOIN _doctor_library_code " " _doctor_codes)
  string(APPEND text "  library        ${DUALGPU_DOCTOR_LIBRARY}: ${_doctor_codes}\n")
endif()
string(APPEND text "${_doctor_coverage_text}")
foreach(w IN LISTS DualGPU_WARNINGS)
  string(APPEND text "  warning: ${w}\n")
endforeach()
foreach(e IN LISTS DualGPU_ERRORS)
  string(APPEND text "  ERROR: ${e}\n")
endforeach()
foreach(n IN LISTS DualGPU_NOTES)
  string(APPEND text "  note: ${n}\n")
endforeach()

# Written whole to a temporary name first, then renamed: no half-written report.
foreach(name doctor.json doctor.txt status)
  set(content_doctor.json "${json}\n")
  set(content_doctor.txt "${text}")
  if(DualGPU_ERRORS)
    set(content_status "error\n")
  else()
    set(content_status "ok\n")
  endif()
  file(WRITE "${DUALGPU_DOCTOR_OUT}/.${name}.tmp" "${content_${name}}")
  file(RENAME "${DUALGPU_DOCTOR_OUT}/.${name}.tmp" "${DUALGPU_DOCTOR_OUT}/${name}")
endforeach()
