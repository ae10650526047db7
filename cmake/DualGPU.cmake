#[=======================================================================[.rst:
DualGPU
-------

What ``find_package(DualGPU [COMPONENTS Torch|TorchStableABI])`` runs. Included at file scope,
because languages must be enabled there.

Inputs (CMake variables; the first two also as environment variables):

``DUALGPU_PLATFORM``       ``cuda``, ``rocm`` or ``cpu``; detected when unset.
``DUALGPU_ARCHITECTURES``  any spelling; detected when unset (see dualgpu/30-decide).
``DUALGPU_RDC``            default for the ``RDC`` keyword (OFF).
``DUALGPU_COMPILER_LAUNCHER`` ``AUTO`` (ccache or sccache when found), ``OFF`` or a path.
``DUALGPU_COMPILER_CACHE`` ccache's remote storage shared by CI runners (``redis://``, ``http(s)://``,
                           ``OFF``); ``DUALGPU_COMPILER_CACHE_READONLY`` (dualgpu/60-commands).
``DUALGPU_ARCHITECTURE_JOBS`` ``AUTO``, ``OFF`` or a number; ``DUALGPU_OFFLOAD_COMPRESS`` ``AUTO``, ``ON``,
                           ``OFF``: device compiles in parallel, HIP fat binaries compressed (dualgpu/60-commands).
``DUALGPU_LINKER``         ``AUTO`` (lld or gold for torch extensions, CMake >= 3.29), ``OFF``, or a
                           CMake linker type.
``DUALGPU_PYTHON``         the interpreter whose torch is used.
``DUALGPU_PROBE_TIMEOUT``  seconds each GPU tool may take (10; the torch probe 12 times that).
``DUALGPU_CHECK_TORCH_ARCHITECTURES`` ON imports torch at configure (2 to 4 s) to warn when it
                           was not built for the chosen architectures (OFF; the doctor always checks).
``DUALGPU_REPROBE``        ON re-runs the detection even when its inputs did not change.
``DUALGPU_CUDA_LIBRARIES`` OFF keeps CMake's own ``find_package(CUDAToolkit)`` on rocm (default: it
                           gives ``CUDA::cublas`` ... on the HIP libraries, see dualgpu/55-cuda-libraries).

Results: ``DualGPU_FOUND``, ``DualGPU_VERSION``, ``DualGPU_PLATFORM``,
``DualGPU_PLATFORM_SOURCE``, ``DualGPU_GPU_LANGUAGE`` (``CUDA``, ``HIP`` or empty),
``DualGPU_ARCHITECTURES``, ``DualGPU_ARCHITECTURES_SOURCE``, ``DualGPU_TORCH_VERSION``.

Targets: ``DualGPU::headers`` (exported), ``DualGPU::runtime``, ``DualGPU::torch``
(with ``COMPONENTS Torch``), ``DualGPU::torch_stable`` (with either component).

``COMPONENTS TorchStableABI`` (for ``dualgpu_add_torch_extension(... STABLE_ABI <version>)``
only) uses the torch found for its headers alone: no ``find_package(Torch)``, and a torch of
any vendor serves any platform (a CUDA or CPU torch's headers build for rocm).
#]=======================================================================]
# The package's code, in the order it runs: each file reads only what the ones before it define
# (dualgpu/<NN>-<job>.cmake; the number is that order, so a reader meets data before rules).
include("${CMAKE_CURRENT_LIST_DIR}/DualGPUVersion.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/dualgpu/00-data.cmake")            # tables, names, defaults
include("${CMAKE_CURRENT_LIST_DIR}/dualgpu/10-util.cmake")            # bounded runner, messages, JSON
include("${CMAKE_CURRENT_LIST_DIR}/dualgpu/20-detect.cmake")          # GPUs and toolchains seen
include("${CMAKE_CURRENT_LIST_DIR}/dualgpu/30-decide.cmake")          # platform, architectures, will-it-run
include("${CMAKE_CURRENT_LIST_DIR}/dualgpu/40-torch.cmake")           # torch
include("${CMAKE_CURRENT_LIST_DIR}/dualgpu/50-setup.cmake")           # language, DualGPU::runtime, summary
include("${CMAKE_CURRENT_LIST_DIR}/dualgpu/55-cuda-libraries.cmake")  # rocm: CUDA:: on the HIP libraries
include("${CMAKE_CURRENT_LIST_DIR}/dualgpu/60-commands.cmake")        # dualgpu_add_* and dualgpu_target_*

set(DualGPU_VERSION "${DUALGPU_VERSION}")
set(_dualgpu_with_torch FALSE)
# Headers only (TorchStableABI alone): read by the platform decision and _dualgpu_find_torch.
set(_DUALGPU_TORCH_STABLE_ONLY FALSE)
foreach(_dualgpu_c IN LISTS DualGPU_FIND_COMPONENTS)
  if(_dualgpu_c STREQUAL "Torch")
    set(_dualgpu_with_torch TRUE)
  elseif(_dualgpu_c STREQUAL "TorchStableABI")
    set(_dualgpu_with_torch TRUE)
    if(NOT "Torch" IN_LIST DualGPU_FIND_COMPONENTS)
      set(_DUALGPU_TORCH_STABLE_ONLY TRUE)
    endif()
  else()
    set(DualGPU_FOUND FALSE)
    set(DualGPU_NOT_FOUND_MESSAGE "unknown component '${_dualgpu_c}' (DualGPU has: Torch, TorchStableABI)")
    return()
  endif()
endforeach()

# _dualgpu_not_found(<heading>): DualGPU_ERRORS as the package's not-found message; an error when REQUIRED.
macro(_dualgpu_not_found heading)
  list(JOIN DualGPU_ERRORS "\n  " _dualgpu_text)
  set(DualGPU_NOT_FOUND_MESSAGE "${heading}:\n  ${_dualgpu_text}\n(run bin/dualgpu doctor for the whole picture)")
  if(DualGPU_FIND_REQUIRED)
    message(FATAL_ERROR "${DualGPU_NOT_FOUND_MESSAGE}")
  endif()
  set(DualGPU_FOUND FALSE)
endmacro()

if(NOT TARGET DualGPU::runtime)
  _dualgpu_cached_decision(${_dualgpu_with_torch})
  if(DualGPU_ERRORS)
    _dualgpu_not_found("DualGPU cannot build here")
    return()
  endif()
  if(NOT DualGPU_FIND_QUIETLY)
    foreach(_dualgpu_w IN LISTS DualGPU_WARNINGS)
      message(WARNING "DualGPU: ${_dualgpu_w}")
    endforeach()
  endif()
  _dualgpu_enable_gpu_language()
  _dualgpu_create_runtime_target()
  _dualgpu_redirect_cuda_toolkit()  # rocm: find_package(CUDAToolkit) gives the HIP libraries
  if(_dualgpu_with_torch)
    _dualgpu_find_torch()
    if(DEFINED DualGPU_FOUND AND NOT DualGPU_FOUND)
      return()
    endif()
  endif()
  _dualgpu_summary()
elseif(_dualgpu_with_torch AND NOT TARGET DualGPU::torch)
  # An earlier find_package(DualGPU) of this folder (or a parent) set up the GPU language without
  # torch: add the component now, on the platform already chosen.
  get_target_property(_dualgpu_defs DualGPU::runtime INTERFACE_COMPILE_DEFINITIONS)
  _dualgpu_cached_decision(TRUE)
  if(NOT DualGPU_ERRORS AND NOT "DUALGPU_PLATFORM_${DualGPU_GPU_LANGUAGE}" IN_LIST _dualgpu_defs
     AND NOT (DualGPU_PLATFORM STREQUAL "cpu" AND "DUALGPU_PLATFORM_CPU" IN_LIST _dualgpu_defs))
    list(APPEND DualGPU_ERRORS "an earlier find_package(DualGPU) without COMPONENTS Torch set up ${_dualgpu_defs}, and torch asks for platform ${DualGPU_PLATFORM} (${DualGPU_PLATFORM_SOURCE}): ask for Torch in the first find_package(DualGPU) of the project, or set DUALGPU_PLATFORM")
  endif()
  if(DualGPU_ERRORS)
    _dualgpu_not_found("DualGPU cannot add torch here")
    return()
  endif()
  _dualgpu_find_torch()
  if(DEFINED DualGPU_FOUND AND NOT DualGPU_FOUND)
    return()
  endif()
  _dualgpu_summary()
endif()
set(DualGPU_FOUND TRUE)
