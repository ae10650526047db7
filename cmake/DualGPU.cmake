#[=======================================================================[.rst:
DualGPU
-------

.. versionadded:: 0.1

What ``find_package(DualGPU [<version>] [REQUIRED] [COMPONENTS Torch|TorchStableABI])`` runs: one
C++/GPU source tree built for CUDA, ROCm/HIP or the CPU. Included at file scope, because languages
must be enabled there.

Search behaviour
^^^^^^^^^^^^^^^^

1. Settings with a fixed kind of value (``DUALGPU_RDC``, ``DUALGPU_ARCHITECTURE_JOBS``, ...) are
   checked; a wrong one stops here, naming the variable and the values accepted.
2. The platform, first that applies: ``DUALGPU_PLATFORM`` (variable, else environment); the torch
   build with ``COMPONENTS Torch``; the GPUs that ``rocminfo``, ``amdgpu-arch``,
   ``rocm_agent_enumerator`` and ``nvidia-smi`` see (each bounded by ``DUALGPU_PROBE_TIMEOUT``);
   the toolchains installed (both: cuda); cpu.
3. The architectures, first that is set: ``DUALGPU_ARCHITECTURES``; ``CMAKE_CUDA_ARCHITECTURES`` or
   ``CMAKE_HIP_ARCHITECTURES``; ``TORCH_CUDA_ARCH_LIST``, ``CUDAARCHS``, ``PYTORCH_ROCM_ARCH``,
   ``GPU_TARGETS``, ``AMDGPU_TARGETS``; the visible GPUs; the default list, with a warning. The list
   is checked against the compiler.
4. The decision is cached: a re-configure whose inputs did not change probes nothing
   (``DUALGPU_REPROBE=ON`` forces it).
5. The GPU language is enabled and ``DualGPU::runtime`` created; on rocm, a later
   ``find_package(CUDAToolkit)`` is redirected to the HIP libraries.
6. With a component: torch is found (``find_package(Torch)`` for ``Torch``; headers only for
   ``TorchStableABI``).
7. One summary line, ``Found DualGPU <version>: platform ...``, unless ``QUIET``.

Imported targets
^^^^^^^^^^^^^^^^

``DualGPU::headers``
  .. versionadded:: 0.1

  The include folder (exported by an installed copy).

``DualGPU::runtime``
  .. versionadded:: 0.1

  ``DUALGPU_PLATFORM_CUDA``, ``_HIP`` or ``_CPU``, the CUDA-to-HIP shim folder on HIP, the GPU runtime.

``DualGPU::torch``
  .. versionadded:: 0.1

  Torch's libraries and ABI flags (``COMPONENTS Torch``).

``DualGPU::torch_stable``
  .. versionadded:: 0.2

  Torch's include folder only (either component).

Result variables
^^^^^^^^^^^^^^^^

``DualGPU_FOUND``, ``DualGPU_VERSION``
  .. versionadded:: 0.1
``DualGPU_PLATFORM``, ``DualGPU_PLATFORM_SOURCE``
  .. versionadded:: 0.1

  ``cuda``, ``rocm`` or ``cpu``, and what chose it.
``DualGPU_GPU_LANGUAGE``
  .. versionadded:: 0.1

  ``CUDA``, ``HIP`` or empty.
``DualGPU_ARCHITECTURES``, ``DualGPU_ARCHITECTURES_SOURCE``
  .. versionadded:: 0.1
``DualGPU_TORCH_VERSION``
  .. versionadded:: 0.1

Input variables
^^^^^^^^^^^^^^^

Each is read as a CMake variable, else from the environment.

``DUALGPU_PLATFORM``
  .. versionadded:: 0.1

  ``cuda``, ``rocm`` (``hip``, ``amd``) or ``cpu``; detected when unset.
``DUALGPU_ARCHITECTURES``
  .. versionadded:: 0.1

  Any spelling (``sm_90``, ``9.0``, ``gfx90a:xnack-``, ``gfx11-generic``, ``native``, ...).
``DUALGPU_RDC``
  .. versionadded:: 0.1

  Default of the ``RDC`` keyword (``OFF``).
``DUALGPU_COMPILER_LAUNCHER``
  .. versionadded:: 0.1

  ``AUTO`` (ccache or sccache when found), ``OFF`` or a program.
``DUALGPU_COMPILER_CACHE``, ``DUALGPU_COMPILER_CACHE_READONLY``
  .. versionadded:: 0.2

  ccache's remote storage shared by CI runners (``redis://``, ``redis+unix:``, ``http(s)://``,
  ``OFF``), and ``ON`` to only read it.
``DUALGPU_ARCHITECTURE_JOBS``, ``DUALGPU_OFFLOAD_COMPRESS``
  .. versionadded:: 0.2

  ``AUTO``, ``OFF`` or a number; ``AUTO``, ``ON`` or ``OFF``: device compiles in parallel, HIP fat
  binaries compressed.
``DUALGPU_LINKER``
  .. versionadded:: 0.2

  ``AUTO`` (lld or gold for torch extensions, CMake 3.29+), ``OFF``, or a CMake linker type.
``DUALGPU_PYTHON``
  .. versionadded:: 0.1

  The interpreter whose torch is used.
``DUALGPU_PROBE_TIMEOUT``
  .. versionadded:: 0.1

  Seconds each GPU tool may take (10; the torch probe 12 times that).
``DUALGPU_CHECK_TORCH_ARCHITECTURES``
  .. versionadded:: 0.1

  ``ON`` imports torch at configure to warn when it was not built for the chosen architectures.
``DUALGPU_REPROBE``
  .. versionadded:: 0.1

  ``ON`` re-runs the detection even when its inputs did not change.
``DUALGPU_CUDA_LIBRARIES``
  .. versionadded:: 0.2

  ``OFF`` keeps CMake's own ``find_package(CUDAToolkit)`` on rocm.
``DUALGPU_NVCC_RELAXED``
  .. versionadded:: 0.2

  ``OFF``: CUDA sources compile without nvcc's ``--extended-lambda`` and ``--expt-relaxed-constexpr``.
``DUALGPU_WARN_WAVE64``
  .. versionadded:: 0.2

  ``ON``: warn for GPU sources that assume a warp of 32 when a target has 64-lane waves.

Commands
^^^^^^^^

Defined in ``dualgpu/25-spellings.cmake`` (``dualgpu_parse_architectures``),
``dualgpu/30-decide.cmake`` (``dualgpu_decide``), ``dualgpu/35-will-it-run.cmake`` (``dualgpu_gpu_verdict``),
``dualgpu/55-cuda-libraries.cmake``, and the target commands in ``dualgpu/60-compiler-cache.cmake``
(the compiler launcher), ``dualgpu/61-architectures.cmake`` (parallel device jobs, per-source
architectures), ``dualgpu/62-targets.cmake`` (``dualgpu_add_library``, ``dualgpu_add_executable``,
``dualgpu_target_gpu_sources``) and ``dualgpu/63-torch-extension.cmake``; each file's reference
follows.
#]=======================================================================]
# The package's code, in the order it runs: each file reads only what the ones before it define
# (dualgpu/<NN>-<job>.cmake; the number is that order, so a reader meets data before rules).
include("${CMAKE_CURRENT_LIST_DIR}/DualGPUVersion.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/dualgpu/00-data.cmake")            # tables, names, defaults
include("${CMAKE_CURRENT_LIST_DIR}/dualgpu/10-util.cmake")            # bounded runner, messages, JSON
include("${CMAKE_CURRENT_LIST_DIR}/dualgpu/20-detect.cmake")          # GPUs and toolchains seen
include("${CMAKE_CURRENT_LIST_DIR}/dualgpu/25-spellings.cmake")       # every spelling of a platform or architecture
include("${CMAKE_CURRENT_LIST_DIR}/dualgpu/30-decide.cmake")          # platform, architectures, and why
include("${CMAKE_CURRENT_LIST_DIR}/dualgpu/35-will-it-run.cmake")     # which built code runs on which GPU
include("${CMAKE_CURRENT_LIST_DIR}/dualgpu/40-torch.cmake")           # torch
include("${CMAKE_CURRENT_LIST_DIR}/dualgpu/50-setup.cmake")           # language, DualGPU::runtime, summary
include("${CMAKE_CURRENT_LIST_DIR}/dualgpu/55-cuda-libraries.cmake")  # rocm: CUDA:: on the HIP libraries
include("${CMAKE_CURRENT_LIST_DIR}/dualgpu/60-compiler-cache.cmake")  # ccache or sccache in front of the compilers
include("${CMAKE_CURRENT_LIST_DIR}/dualgpu/61-architectures.cmake")   # parallel device jobs, per-source architectures
include("${CMAKE_CURRENT_LIST_DIR}/dualgpu/62-targets.cmake")         # dualgpu_add_library/executable, GPU sources
include("${CMAKE_CURRENT_LIST_DIR}/dualgpu/63-torch-extension.cmake") # dualgpu_add_torch_extension and its linker

set(DualGPU_VERSION "${DUALGPU_VERSION}")
# What of torch the components ask for, passed to each step that needs it: NONE, FULL (Torch:
# find_package(Torch)) or HEADERS (TorchStableABI alone: its headers, a torch of any vendor).
set(_dualgpu_torch NONE)
foreach(_dualgpu_c IN LISTS DualGPU_FIND_COMPONENTS)
  if(_dualgpu_c STREQUAL "Torch")
    set(_dualgpu_torch FULL)
  elseif(_dualgpu_c STREQUAL "TorchStableABI")
    if(NOT _dualgpu_torch STREQUAL "FULL")
      set(_dualgpu_torch HEADERS)
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

# Settings that take a fixed kind of value are checked first, every time (they are not part of the
# cached decision): a wrong one stops here, before anything is probed or built.
_dualgpu_check_settings(DualGPU_ERRORS)
if(DualGPU_ERRORS)
  _dualgpu_not_found("DualGPU's settings are wrong")
  return()
endif()

if(NOT TARGET DualGPU::runtime)
  _dualgpu_cached_decision(${_dualgpu_torch})
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
  if(NOT _dualgpu_torch STREQUAL "NONE")
    _dualgpu_find_torch(${_dualgpu_torch})
    if(DEFINED DualGPU_FOUND AND NOT DualGPU_FOUND)
      return()
    endif()
  endif()
  _dualgpu_summary()
elseif(NOT _dualgpu_torch STREQUAL "NONE" AND NOT TARGET DualGPU::torch)
  # An earlier find_package(DualGPU) of this folder (or a parent) set up the GPU language without
  # torch: add the component now, on the platform already chosen.
  get_target_property(_dualgpu_defs DualGPU::runtime INTERFACE_COMPILE_DEFINITIONS)
  _dualgpu_cached_decision(${_dualgpu_torch})
  if(NOT DualGPU_ERRORS AND NOT "DUALGPU_PLATFORM_${DualGPU_GPU_LANGUAGE}" IN_LIST _dualgpu_defs
     AND NOT (DualGPU_PLATFORM STREQUAL "cpu" AND "DUALGPU_PLATFORM_CPU" IN_LIST _dualgpu_defs))
    list(APPEND DualGPU_ERRORS "an earlier find_package(DualGPU) without COMPONENTS Torch set up ${_dualgpu_defs}, and torch asks for platform ${DualGPU_PLATFORM} (${DualGPU_PLATFORM_SOURCE}): ask for Torch in the first find_package(DualGPU) of the project, or set DUALGPU_PLATFORM")
  endif()
  if(DualGPU_ERRORS)
    _dualgpu_not_found("DualGPU cannot add torch here")
    return()
  endif()
  _dualgpu_find_torch(${_dualgpu_torch})
  if(DEFINED DualGPU_FOUND AND NOT DualGPU_FOUND)
    return()
  endif()
  _dualgpu_summary()
endif()
set(DualGPU_FOUND TRUE)
