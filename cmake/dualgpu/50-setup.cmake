#[=======================================================================[.rst:
dualgpu/50-setup
----------------

What ``find_package(DualGPU)`` does after the decision: the decision cached, the GPU language
enabled, ``DualGPU::runtime`` created, the summary line printed. Macros where ``enable_language()``
and ``find_package(Torch)`` must run at file scope. Not a public interface: ``DualGPU.cmake``
calls it.

Search behaviour
^^^^^^^^^^^^^^^^

1. The decision (:command:`dualgpu_decide`, and :command:`dualgpu_probe_torch`
   with a torch component) is cached. Its key is every input listed in
   ``_DUALGPU_DECISION_INPUTS`` (dualgpu/00-data), each as a CMake
   variable and as an environment variable, plus the DualGPU version, what of torch
   the components ask for, and the ``torch/version.py`` the interpreter found last
   time. Values that DualGPU or ``enable_language()`` wrote themselves
   (``CMAKE_<LANG>_ARCHITECTURES``, ``CMAKE_<LANG>_COMPILER``, ``Torch_DIR``) count as unset
   while they still hold what was written, so an unchanged re-configure starts
   no probe: neither Python nor the GPU tools. ``DUALGPU_REPROBE=ON`` asks
   again. A decision with errors, or without the torch asked for, is not
   cached.
2. On rocm, CMake's HIP language is pointed at the ROCm DualGPU found:
   ``CMAKE_HIP_COMPILER`` (unless set, or ``HIPCXX``), and on Debian-style
   layouts (``lib/<multiarch>/cmake/hip-lang``) a link folder in the build tree
   as ``CMAKE_HIP_COMPILER_ROCM_ROOT``; on cuda ``CMAKE_CUDA_COMPILER`` (unless
   set, or ``CUDACXX``).
3. ``CMAKE_<LANG>_ARCHITECTURES`` gets DualGPU's list unless the user set it,
   so plain ``add_library`` targets of the project build for it too; it follows
   DualGPU's list on later configures while it holds DualGPU's value.

Imported targets
^^^^^^^^^^^^^^^^

``DualGPU::runtime``
  ``DualGPU::headers``, ``DUALGPU_PLATFORM_CUDA|HIP|CPU``, and the GPU runtime:
  ``CUDA::cudart``, or on rocm the CUDA-to-HIP shim include folder, ``-include
  hip/hip_runtime.h``, ``--rocm-path``, ``--rocm-device-lib-path`` and ``hip::host``.

Result variables
^^^^^^^^^^^^^^^^

``DualGPU_GPU_LANGUAGE``
  ``CUDA``, ``HIP`` or empty.
``DualGPU_<name>`` of ``_DUALGPU_DECISION_RESULTS`` and, with a torch component, ``_DUALGPU_TORCH_RESULTS``
  Every result of :command:`dualgpu_decide` and :command:`dualgpu_probe_torch`, from the cache
  when nothing changed.
``CMAKE_<LANG>_ARCHITECTURES``, ``CMAKE_CUDA_COMPILER``, ``CMAKE_HIP_COMPILER``, ``CMAKE_HIP_COMPILER_ROCM_ROOT``
  Cache entries written as described above.
``ROCM_PATH``, ``HIP_DEVICE_LIB_PATH``, ``CMAKE_PREFIX_PATH`` (environment, rocm)
  The first two set for the rest of the configure when unset, and ``hip-lang``'s package folder
  appended to the last, so clang and CMake's HIP compiler check find ROCm.
``_DualGPU_HIP_TOOL_FLAGS``
  On rocm, ``-B<clang's folder>`` when an ``lld`` is there: the ``-fgpu-rdc`` device link then
  uses clang's own lld (:command:`dualgpu_target_rdc`).
``CMAKE_INCLUDE_SYSTEM_FLAG_CUDA``, ``CMAKE_CUDA20_STANDARD_COMPILE_OPTION``, ``CMAKE_CUDA_COMPILE_FEATURES``
  Before CMake 3.26: nvcc's system include flag in the form ccache's base folder rewrites, and
  C++20 for nvcc 12+ (torch 2.10+ headers need it).

Input variables
^^^^^^^^^^^^^^^

``DUALGPU_REPROBE``
  ``ON``: decide again even when the key did not change (CMake variable, else environment).
``DUALGPU_RDC``
  Shown in the summary line (CMake variable, else environment).
The variables of ``_DUALGPU_DECISION_INPUTS``
  Each as a CMake variable and from the environment, for the key.
``CMAKE_CUDA_COMPILER``, ``CUDACXX``, ``CMAKE_HIP_COMPILER``, ``HIPCXX``, ``CMAKE_<LANG>_ARCHITECTURES``, ``CMAKE_HIP_COMPILER_ROCM_ROOT``
  The user's choices, left as they are.
``DualGPU_FIND_QUIETLY``
  No summary line.

Commands
^^^^^^^^

Internal: ``DualGPU.cmake`` calls them in this order.

.. command:: _dualgpu_cached_decision

  ::

    _dualgpu_cached_decision(<torch>)

  The decision for ``<torch>`` (``NONE``, ``FULL`` or ``HEADERS``: what of torch the components
  ask for), from the cache when its key did not change; sets ``DualGPU_GPU_LANGUAGE``. A macro.

.. command:: _dualgpu_enable_gpu_language

  ::

    _dualgpu_enable_gpu_language()

  Steps 2 and 3 above, then ``enable_language(CUDA|HIP)``. A macro.

.. command:: _dualgpu_create_runtime_target

  ::

    _dualgpu_create_runtime_target()

  Creates ``DualGPU::runtime``.

.. command:: _dualgpu_summary

  ::

    _dualgpu_summary()

  ``Found DualGPU <version>: platform ...``, once per configure unless the answer changed.

#]=======================================================================]
include_guard(DIRECTORY)  # file-scope tables and defaults are per folder: a sibling folder that finds DualGPU gets them too
# Our own policies, whatever cmake_minimum_required() the including project has.
cmake_policy(VERSION 3.25...4.4)
include("${CMAKE_CURRENT_LIST_DIR}/40-torch.cmake")

# What DualGPU (or enable_language, or find_package(Torch)) writes into the user's variables: while
# such a variable still holds what was written (_DUALGPU_AUTO_<name>), it is no input of the decision.
set(_DUALGPU_WRITTEN_INPUTS CMAKE_CUDA_ARCHITECTURES CMAKE_HIP_ARCHITECTURES CMAKE_CUDA_COMPILER CMAKE_HIP_COMPILER Torch_DIR)

# The key of the cached decision: the inputs as the user set them, and the torch last found.
function(_dualgpu_decision_key out torch)
  set(text "${DUALGPU_VERSION}|torch-${torch}")
  foreach(name IN LISTS _DUALGPU_DECISION_INPUTS)
    set(value "${${name}}")
    if(name IN_LIST _DUALGPU_WRITTEN_INPUTS AND DEFINED _DUALGPU_AUTO_${name} AND value STREQUAL "${_DUALGPU_AUTO_${name}}")
      set(value "")
    endif()
    string(APPEND text "|${name}=${value}/$ENV{${name}}")
  endforeach()
  if(NOT torch STREQUAL "NONE")
    _dualgpu_pick_python(python)
    _dualgpu_torch_stamp(stamp "${python}")
    string(APPEND text "|torch=${stamp}")
  endif()
  string(MD5 key "${text}")
  set(${out} "${key}" PARENT_SCOPE)
endfunction()

# _dualgpu_cached_decision(<torch>): the decision for <torch> (NONE, FULL or HEADERS: what of torch
# the components ask for), from the cache when its inputs did not change.
macro(_dualgpu_cached_decision torch)
  _dualgpu_decision_key(_dualgpu_key ${torch})
  set(_dualgpu_results ${_DUALGPU_DECISION_RESULTS})
  if(NOT "${torch}" STREQUAL "NONE")
    list(APPEND _dualgpu_results ${_DUALGPU_TORCH_RESULTS})
  endif()
  _dualgpu_setting_on(_dualgpu_reprobe DUALGPU_REPROBE OFF)
  if(NOT _dualgpu_reprobe AND DEFINED _DUALGPU_DECISION_KEY AND _DUALGPU_DECISION_KEY STREQUAL _dualgpu_key)
    foreach(_v IN LISTS _dualgpu_results)
      set(DualGPU_${_v} "${_DUALGPU_CACHED_${_v}}")
    endforeach()
  else()
    if("${torch}" STREQUAL "HEADERS")
      dualgpu_probe_torch()
      dualgpu_decide(WITH_TORCH TORCH_HEADERS_ONLY)
    elseif("${torch}" STREQUAL "FULL")
      dualgpu_probe_torch()
      dualgpu_decide(WITH_TORCH)
    else()
      dualgpu_decide()
    endif()
    # Not kept: a decision with errors, or without the torch asked for (installing it changes
    # nothing the key sees).
    if(NOT DualGPU_ERRORS AND ("${torch}" STREQUAL "NONE" OR DualGPU_TORCH_FOUND))
      foreach(_v IN LISTS _dualgpu_results)
        set(_DUALGPU_CACHED_${_v} "${DualGPU_${_v}}" CACHE INTERNAL "DualGPU decision")
      endforeach()
      # The probe may have found (another) torch: key on the one found now.
      _dualgpu_decision_key(_dualgpu_key ${torch})
      set(_DUALGPU_DECISION_KEY "${_dualgpu_key}" CACHE INTERNAL "inputs of the cached DualGPU decision")
    endif()
  endif()
  if(DualGPU_PLATFORM STREQUAL "cuda")
    set(DualGPU_GPU_LANGUAGE CUDA)
  elseif(DualGPU_PLATFORM STREQUAL "rocm")
    set(DualGPU_GPU_LANGUAGE HIP)
  else()
    set(DualGPU_GPU_LANGUAGE "")
  endif()
endmacro()

# Debian and Ubuntu install hip-lang under lib/<multiarch>/cmake, where CMake before 4.x does not
# look, and CMake's compiler check (a separate project) does not see CMAKE_PREFIX_PATH: point both
# at the real files through a small folder in the build tree and the environment of this configure.
function(_dualgpu_prepare_hip_environment)
  set(root "${DualGPU_ROCM_ROOT}")
  file(GLOB lang_dirs "${root}/lib/cmake/hip-lang" "${root}/lib/*/cmake/hip-lang")
  list(GET lang_dirs 0 lang_dir)
  if(lang_dir AND NOT EXISTS "${root}/lib/cmake/hip-lang/hip-lang-config.cmake" AND NOT DEFINED CMAKE_HIP_COMPILER_ROCM_ROOT)
    set(shim "${CMAKE_BINARY_DIR}/_dualgpu/rocm-root")
    file(MAKE_DIRECTORY "${shim}/lib/cmake")
    if(NOT EXISTS "${shim}/lib/cmake/hip-lang")
      file(CREATE_LINK "${lang_dir}" "${shim}/lib/cmake/hip-lang" SYMBOLIC)
    endif()
    set(CMAKE_HIP_COMPILER_ROCM_ROOT "${shim}" CACHE PATH "ROCm root for CMake's HIP language (set by DualGPU: a link to ${lang_dir})")
  endif()
  if(lang_dir)
    get_filename_component(packages "${lang_dir}" DIRECTORY)
    # string(FIND), not MATCHES: a ROCm root like /opt/c++/rocm is no regular expression.
    string(FIND "$ENV{CMAKE_PREFIX_PATH}" "${packages}" at)
    if(at EQUAL -1)
      set(ENV{CMAKE_PREFIX_PATH} "$ENV{CMAKE_PREFIX_PATH}:${packages}")
    endif()
  endif()
  # clang finds the HIP headers and device bitcode through these when no flag says where.
  if(NOT DEFINED ENV{ROCM_PATH} AND root)
    set(ENV{ROCM_PATH} "${root}")
  endif()
  if(NOT DEFINED ENV{HIP_DEVICE_LIB_PATH} AND DualGPU_ROCM_DEVICE_LIB_DIR)
    set(ENV{HIP_DEVICE_LIB_PATH} "${DualGPU_ROCM_DEVICE_LIB_DIR}")
  endif()
endfunction()

macro(_dualgpu_enable_gpu_language)
  if(DualGPU_GPU_LANGUAGE)
    set(_dualgpu_lang ${DualGPU_GPU_LANGUAGE})
    foreach(_dualgpu_v IN LISTS _DUALGPU_WRITTEN_INPUTS)
      set(_dualgpu_was_defined_${_dualgpu_v} FALSE)
      if(DEFINED ${_dualgpu_v})
        set(_dualgpu_was_defined_${_dualgpu_v} TRUE)
      endif()
    endforeach()
    if(_dualgpu_lang STREQUAL "HIP")
      if(NOT DEFINED CMAKE_HIP_COMPILER AND NOT DEFINED ENV{HIPCXX})
        set(CMAKE_HIP_COMPILER "${DualGPU_HIP_CLANG}" CACHE FILEPATH "HIP compiler (found by DualGPU)")
      endif()
      _dualgpu_prepare_hip_environment()
      # Flags clang needs at a -fgpu-rdc link: its own lld. Debian's /usr/bin/lld can belong to
      # another LLVM than clang (LLVM 14 against clang 15) and then rejects clang's bitcode.
      get_filename_component(_dualgpu_clang_real "${DualGPU_HIP_CLANG}" REALPATH)
      get_filename_component(_dualgpu_clang_bin "${_dualgpu_clang_real}" DIRECTORY)
      set(_DualGPU_HIP_TOOL_FLAGS "")
      if(EXISTS "${_dualgpu_clang_bin}/lld")
        set(_DualGPU_HIP_TOOL_FLAGS "-B${_dualgpu_clang_bin}")
      endif()
    elseif(NOT DEFINED CMAKE_CUDA_COMPILER AND NOT DEFINED ENV{CUDACXX})
      set(CMAKE_CUDA_COMPILER "${DualGPU_NVCC}" CACHE FILEPATH "CUDA compiler (found by DualGPU)")
    endif()
    # Plain targets of the project get DualGPU's list too, unless the user chose one; while it holds
    # DualGPU's own value it follows DualGPU's choice.
    if(NOT DEFINED CMAKE_${_dualgpu_lang}_ARCHITECTURES OR (DEFINED _DUALGPU_AUTO_CMAKE_${_dualgpu_lang}_ARCHITECTURES
       AND CMAKE_${_dualgpu_lang}_ARCHITECTURES STREQUAL "${_DUALGPU_AUTO_CMAKE_${_dualgpu_lang}_ARCHITECTURES}"))
      set(CMAKE_${_dualgpu_lang}_ARCHITECTURES "${DualGPU_ARCHITECTURES}" CACHE STRING "${_dualgpu_lang} architectures (chosen by DualGPU)" FORCE)
      set(_DUALGPU_AUTO_CMAKE_${_dualgpu_lang}_ARCHITECTURES "${DualGPU_ARCHITECTURES}" CACHE INTERNAL "written by DualGPU")
    endif()
    get_property(_dualgpu_enabled GLOBAL PROPERTY ENABLED_LANGUAGES)
    if(NOT _dualgpu_lang IN_LIST _dualgpu_enabled)
      enable_language(${_dualgpu_lang})
    endif()
    # Remember what was written here, so the next configure's key does not take it for user input.
    foreach(_dualgpu_v IN LISTS _DUALGPU_WRITTEN_INPUTS)
      if(NOT _dualgpu_was_defined_${_dualgpu_v} AND DEFINED ${_dualgpu_v})
        set(_DUALGPU_AUTO_${_dualgpu_v} "${${_dualgpu_v}}" CACHE INTERNAL "written by DualGPU or enable_language")
      endif()
    endforeach()
    # CMake before 3.26 spells nvcc's system include folders "-isystem=<dir>", a form ccache's base_dir
    # does not rewrite: each clone's absolute include path then enters the hash and a shared cache never
    # hits across clones. nvcc takes "-isystem <dir>" as well, which ccache rewrites.
    if(_dualgpu_lang STREQUAL "CUDA" AND CMAKE_INCLUDE_SYSTEM_FLAG_CUDA STREQUAL "-isystem=")
      set(CMAKE_INCLUDE_SYSTEM_FLAG_CUDA "-isystem ")
    endif()
    # CMake before 3.26 does not know that nvcc 12+ compiles C++20, which torch 2.10+ headers
    # require (torch states cxx_std_20, which CMake applies to CUDA sources too): teach it.
    if(_dualgpu_lang STREQUAL "CUDA" AND CMAKE_CUDA_COMPILER_VERSION VERSION_GREATER_EQUAL 12.0
       AND NOT DEFINED CMAKE_CUDA20_STANDARD_COMPILE_OPTION)
      set(CMAKE_CUDA20_STANDARD_COMPILE_OPTION "-std=c++20")
      set(CMAKE_CUDA20_EXTENSION_COMPILE_OPTION "-std=c++20")
      list(APPEND CMAKE_CUDA20_COMPILE_FEATURES cuda_std_20)
      list(APPEND CMAKE_CUDA_COMPILE_FEATURES cuda_std_20)
    endif()
  endif()
endmacro()

function(_dualgpu_create_runtime_target)
  add_library(DualGPU::runtime INTERFACE IMPORTED)
  target_link_libraries(DualGPU::runtime INTERFACE DualGPU::headers)
  if(DualGPU_PLATFORM STREQUAL "cuda")
    target_compile_definitions(DualGPU::runtime INTERFACE DUALGPU_PLATFORM_CUDA)
    find_package(CUDAToolkit QUIET)
    if(TARGET CUDA::cudart)
      target_link_libraries(DualGPU::runtime INTERFACE CUDA::cudart)
    endif()
  elseif(DualGPU_PLATFORM STREQUAL "rocm")
    target_compile_definitions(DualGPU::runtime INTERFACE DUALGPU_PLATFORM_HIP)
    # CUDA spellings (<cuda_runtime.h>, cudaMalloc) resolve to HIP through the shim folder.
    target_include_directories(DualGPU::runtime BEFORE INTERFACE "${_DualGPU_INCLUDE_DIR}/dualgpu/on_hip")
    # nvcc includes cuda_runtime.h in every .cu file: the shim's (HIP's runtime and the CUDA names).
    target_compile_options(DualGPU::runtime INTERFACE
      "$<$<COMPILE_LANGUAGE:HIP>:SHELL:-include \"${_DualGPU_INCLUDE_DIR}/dualgpu/on_hip/cuda_runtime.h\">"
      "$<$<COMPILE_LANGUAGE:HIP>:--rocm-path=${DualGPU_ROCM_ROOT}>")
    if(DualGPU_ROCM_DEVICE_LIB_DIR)
      target_compile_options(DualGPU::runtime INTERFACE
        "$<$<COMPILE_LANGUAGE:HIP>:--rocm-device-lib-path=${DualGPU_ROCM_DEVICE_LIB_DIR}>")
    endif()
    # C++ files calling the HIP runtime (compiled by the host compiler) need hip::host.
    # hip-config.cmake of ROCm <= 5.x asks for cmake_minimum_required(< 3.5), which CMake 4 refuses
    # and CMake < 3.10 is deprecated for; it also prints a status line. None of it is the user's.
    set(CMAKE_POLICY_VERSION_MINIMUM 3.10)
    set(CMAKE_MESSAGE_LOG_LEVEL NOTICE)
    find_package(hip CONFIG QUIET HINTS "${DualGPU_ROCM_ROOT}")
    if(TARGET hip::host)
      target_link_libraries(DualGPU::runtime INTERFACE hip::host)
    endif()
  else()
    target_compile_definitions(DualGPU::runtime INTERFACE DUALGPU_PLATFORM_CPU)
  endif()
endfunction()

function(_dualgpu_summary)
  if(DualGPU_FIND_QUIETLY)
    return()
  endif()
  list(JOIN DualGPU_ARCHITECTURES ";" archs)
  set(line "Found DualGPU ${DUALGPU_VERSION}: platform ${DualGPU_PLATFORM} (${DualGPU_PLATFORM_SOURCE})")
  if(NOT DualGPU_PLATFORM STREQUAL "cpu")
    string(APPEND line ", architectures ${archs} (${DualGPU_ARCHITECTURES_SOURCE})")
    _dualgpu_setting_on(rdc DUALGPU_RDC OFF)
    if(rdc)
      string(APPEND line ", rdc ON")
    else()
      string(APPEND line ", rdc OFF")
    endif()
  endif()
  if(DualGPU_TORCH_VERSION)
    string(APPEND line ", torch ${DualGPU_TORCH_VERSION}")
  endif()
  # Once per configure, as CMake's own Found lines: a second folder that finds DualGPU prints nothing
  # new unless the answer changed (torch added).
  get_property(printed GLOBAL PROPERTY _DUALGPU_SUMMARY_PRINTED)
  if(NOT printed STREQUAL line)
    message(STATUS "${line}")
    set_property(GLOBAL PROPERTY _DUALGPU_SUMMARY_PRINTED "${line}")
  endif()
endfunction()
