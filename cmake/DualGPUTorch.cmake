#[=======================================================================[.rst:
DualGPUTorch
------------

Finds libtorch and asks it what it was built for.

Which torch: ``Torch_DIR`` when set; else the torch that the Python interpreter
imports (``DUALGPU_PYTHON``, else ``Python3_EXECUTABLE`` / ``Python_EXECUTABLE``
as scikit-build-core sets them, else ``python3`` on ``PATH``) — the one the
extension will be loaded into; else ``find_package(Torch)`` on CMake's default
search path (Debian's ``libtorch-dev``, a libtorch zip on ``CMAKE_PREFIX_PATH``).

.. command:: dualgpu_probe_torch

  ::

    dualgpu_probe_torch()

  Sets ``DualGPU_TORCH_FOUND``, ``DualGPU_TORCH_VERSION``, ``DualGPU_TORCH_CUDA``,
  ``DualGPU_TORCH_HIP``, ``DualGPU_TORCH_ARCH_LIST`` (``sm_90`` / ``gfx90a``),
  ``DualGPU_TORCH_CXX11_ABI``, ``DualGPU_TORCH_CMAKE_PREFIX`` and ``DualGPU_PYTHON``.
  A configure does not import torch (that takes 2 to 4 s): ``DualGPU_TORCH_ARCH_LIST`` and
  ``DualGPU_TORCH_CXX11_ABI`` stay empty (the ABI then comes from TorchConfig) unless
  ``DUALGPU_CHECK_TORCH_ARCHITECTURES`` is ON; ``dualgpu doctor`` always fills them. In a
  configure the answer is cached per interpreter, so a re-configure does not start Python again.

.. command:: dualgpu_add_torch_extension

  ::

    dualgpu_add_torch_extension(<name> <sources>... [RDC] [ARCHITECTURES <arch>...])

  A shared library for ``torch.ops.load_library``: GPU sources for the platform,
  linked to torch, the GPU runtime torch loads, and ``DualGPU::runtime``.
  Needs ``find_package(DualGPU COMPONENTS Torch)``.
#]=======================================================================]
include_guard(GLOBAL)
# Our own policies, whatever cmake_minimum_required() the including project has.
cmake_policy(VERSION 3.25...4.4)

# Prints one JSON object; failures print {"found": false, "why": ...} and exit 0 so CMake can report them.
# Without "full" on its command line it does not import torch (seconds: libtorch is loaded): where torch
# is and torch/version.py (read as text) say all that a configure needs. "full" imports torch and adds
# the architectures it was built for and its C++ ABI (doctor, DUALGPU_CHECK_TORCH_ARCHITECTURES).
set(_DUALGPU_TORCH_PROBE [=[
import importlib.util, json, os, sys
try:
    spec = importlib.util.find_spec("torch")
except Exception as e:
    spec = None
if spec is None or not spec.submodule_search_locations:
    print(json.dumps({"found": False, "why": "No module named 'torch'"})); sys.exit(0)
root = list(spec.submodule_search_locations)[0]
version = {}
try:
    with open(os.path.join(root, "version.py")) as f:
        exec(f.read(), version)
except Exception as e:
    print(json.dumps({"found": False, "why": "%s: %s" % (type(e).__name__, e)})); sys.exit(0)
out = {"found": True, "version": str(version.get("__version__", "")).split("+")[0],
       "cuda": version.get("cuda") or "", "hip": version.get("hip") or "", "arch_list": [], "cxx11_abi": "",
       "cmake_prefix": os.path.join(root, "share", "cmake")}
if "full" in sys.argv[1:]:
    try:
        import torch
    except Exception as e:
        print(json.dumps({"found": False, "why": "%s: %s" % (type(e).__name__, e)})); sys.exit(0)
    try:
        out["arch_list"] = list(torch.cuda.get_arch_list())
    except Exception:
        pass
    abi = getattr(torch._C, "_GLIBCXX_USE_CXX11_ABI", None)
    out["cxx11_abi"] = "" if abi is None else str(int(abi))
print(json.dumps(out))
]=])

function(_dualgpu_pick_python out)
  foreach(var IN ITEMS DUALGPU_PYTHON Python3_EXECUTABLE Python_EXECUTABLE)
    if(DEFINED ${var} AND NOT "${${var}}" STREQUAL "")
      set(${out} "${${var}}" PARENT_SCOPE)
      return()
    endif()
    if(DEFINED ENV{${var}} AND NOT "$ENV{${var}}" STREQUAL "")
      set(${out} "$ENV{${var}}" PARENT_SCOPE)
      return()
    endif()
  endforeach()
  find_program(python NAMES python3 python NO_CACHE)
  set(${out} "${python}" PARENT_SCOPE)
endfunction()

function(_dualgpu_json_get out json)
  string(JSON value ERROR_VARIABLE err GET "${json}" ${ARGN})
  if(err)
    set(value "")
  endif()
  set(${out} "${value}" PARENT_SCOPE)
endfunction()

function(dualgpu_probe_torch)
  _dualgpu_pick_python(python)
  set(DualGPU_PYTHON "${python}" PARENT_SCOPE)
  set(DualGPU_TORCH_FOUND FALSE PARENT_SCOPE)
  # Importing torch only where its answer is used: the doctor (a script) and the architecture check.
  # (CMAKE_ROLE is a global property, not a variable.)
  get_property(role GLOBAL PROPERTY CMAKE_ROLE)
  set(mode "")
  if(NOT role STREQUAL "PROJECT" OR DUALGPU_CHECK_TORCH_ARCHITECTURES)
    set(mode full)
  endif()
  set(key "")
  if(python)
    string(MD5 key "${python}${mode}")
  endif()
  if(key AND DEFINED _DUALGPU_TORCH_PROBE_${key} AND role STREQUAL "PROJECT")
    set(json "${_DUALGPU_TORCH_PROBE_${key}}")
  elseif(python)
    execute_process(COMMAND "${python}" -c "${_DUALGPU_TORCH_PROBE}" ${mode}
      TIMEOUT 120 RESULT_VARIABLE rc OUTPUT_VARIABLE json ERROR_VARIABLE err OUTPUT_STRIP_TRAILING_WHITESPACE)
    if(NOT rc STREQUAL "0")
      string(REGEX REPLACE "\n.*" "" err "${err}")
      set(json "{\"found\": false, \"why\": \"${python} failed: ${rc}\"}")
    endif()
    if(role STREQUAL "PROJECT")
      set(_DUALGPU_TORCH_PROBE_${key} "${json}" CACHE INTERNAL "what ${python} says of torch")
    endif()
  else()
    set(json "{\"found\": false, \"why\": \"no Python interpreter found\"}")
  endif()
  _dualgpu_json_get(found "${json}" found)
  if(NOT found)
    _dualgpu_json_get(why "${json}" why)
    set(DualGPU_TORCH_WHY "${why}" PARENT_SCOPE)
    return()
  endif()
  foreach(field version cuda hip cxx11_abi cmake_prefix)
    _dualgpu_json_get(v "${json}" ${field})
    string(TOUPPER "${field}" F)
    set(DualGPU_TORCH_${F} "${v}" PARENT_SCOPE)
  endforeach()
  string(JSON n ERROR_VARIABLE err LENGTH "${json}" arch_list)
  set(archs "")
  if(n GREATER 0)
    math(EXPR last "${n} - 1")
    foreach(i RANGE ${last})
      _dualgpu_json_get(a "${json}" arch_list ${i})
      list(APPEND archs "${a}")
    endforeach()
  endif()
  set(DualGPU_TORCH_ARCH_LIST "${archs}" PARENT_SCOPE)
  set(DualGPU_TORCH_CMAKE_PREFIX "" PARENT_SCOPE)
  _dualgpu_json_get(prefix "${json}" cmake_prefix)
  set(DualGPU_TORCH_CMAKE_PREFIX "${prefix}" PARENT_SCOPE)
  set(DualGPU_TORCH_FOUND TRUE PARENT_SCOPE)
endfunction()

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
