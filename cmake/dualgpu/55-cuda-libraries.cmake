#[=======================================================================[.rst:
dualgpu/55-cuda-libraries
-------------------------

The CUDA libraries' CMake targets on the rocm platform, backed by their HIP twins, so that a CUDA
project's ``find_package(CUDAToolkit)`` and ``target_link_libraries(... CUDA::cublas)`` build for
AMD unchanged.

Search behaviour
^^^^^^^^^^^^^^^^

On rocm, ``find_package(DualGPU)`` makes a later ``find_package(CUDAToolkit)``
load DualGPU's targets instead of CMake's ``FindCUDAToolkit`` (which would find
NVIDIA's libraries when nvcc is installed, and those cannot link into a HIP build).
It does so through ``CMAKE_FIND_PACKAGE_REDIRECTS_DIR``, CMake's own mechanism for
package overrides. So call ``find_package(DualGPU)`` first; a ``CUDA::`` target
that exists already when it runs is reported with a warning. On cuda and cpu
nothing changes.

Each HIP library is found with ``find_package(<package> CONFIG QUIET)`` hinted at the ROCm root
DualGPU found (``DualGPU_ROCM_ROOT``), its config files' policy warnings and status lines kept
quiet.

Imported targets
^^^^^^^^^^^^^^^^

``find_package(CUDAToolkit)`` (after ``find_package(DualGPU)``, rocm only) or
:command:`dualgpu_cuda_library_targets` creates ``INTERFACE IMPORTED`` targets:

=====================  ==========================================================
``CUDA::cudart``       ``DualGPU::runtime`` (also ``CUDA::cudart_static``)
``CUDA::toolkit``      ``DualGPU::runtime``, plus hipCUB and rocThrust when found
                       (what CUB and thrust map to)
``CUDA::cublas``       hipBLAS (``roc::hipblas``)
``CUDA::cublasLt``     hipBLASLt (``roc::hipblaslt``)
``CUDA::cusparse``     hipSPARSE (``roc::hipsparse``)
``CUDA::curand``       hipRAND (``hip::hiprand``)
``CUDA::cufft``        hipFFT (``hip::hipfft``)
``CUDA::cusolver``     hipSOLVER (``roc::hipsolver``)
=====================  ==========================================================

Each also links ``DualGPU::runtime``, whose include folder maps the CUDA headers
(``<cublas_v2.h>`` ...). A HIP library that is not installed leaves its target
empty, and any target of the project that links it fails at the end of configure
with the package to install, e.g.
``CUDA::cufft (linked by fft_app) is hipFFT on the rocm platform, and hipFFT was not
found: install libhipfft-dev (Debian sid) or hipfft-dev (AMD's ROCm repository)``.

Result variables
^^^^^^^^^^^^^^^^

After ``find_package(CUDAToolkit)`` on rocm, or :command:`dualgpu_cuda_library_targets`:

``CUDAToolkit_FOUND``, ``CUDAToolkit_VERSION``
  ``TRUE``, and the HIP version (a CUDA version asked for is accepted); ``find_package`` only.
``CUDAToolkit_INCLUDE_DIRS``
  DualGPU's CUDA-to-HIP header folder; ``find_package`` only.
``DualGPU_CUDA_LIBRARIES_FOUND``, ``DualGPU_CUDA_LIBRARIES_MISSING``
  The ``CUDA::`` names whose HIP library was / was not found.

Input variables
^^^^^^^^^^^^^^^

``DUALGPU_CUDA_LIBRARIES``
  ``OFF`` keeps CMake's own ``find_package(CUDAToolkit)`` on rocm (CMake variable, else environment).
``DualGPU_PLATFORM``, ``DualGPU_ROCM_ROOT``, ``DualGPU_HIP_VERSION``
  The decision: the targets are made on rocm only, from this ROCm.

Commands
^^^^^^^^

.. command:: dualgpu_cuda_library_targets

  .. versionadded:: 0.2

  ::

    dualgpu_cuda_library_targets()

  Creates the targets above now (rocm only, after ``find_package(DualGPU)``; nothing elsewhere),
  for a project that links ``CUDA::`` names without calling ``find_package(CUDAToolkit)``.

#]=======================================================================]
include_guard(GLOBAL)
# Our own policies, whatever cmake_minimum_required() the including project has.
cmake_policy(VERSION 3.25...4.4)

# CUDA:: name | HIP package (find_package name) | its target | its name | what to install, by distribution.
set(_DUALGPU_CUDA_LIBRARY_TABLE
  "cublas|hipblas|roc::hipblas|hipBLAS|libhipblas-dev (Debian 13 or sid, Ubuntu 24.04+) or hipblas-dev (AMD's ROCm repository). Debian 12 has none: use a Debian sid root (ci/rocm-root.sh) or a ROCm container image"
  "cublasLt|hipblaslt|roc::hipblaslt|hipBLASLt|libhipblaslt-dev (Debian sid) or hipblaslt-dev (AMD's ROCm repository, ROCm 6.0+). Debian 12 and 13 have none"
  "cusparse|hipsparse|roc::hipsparse|hipSPARSE|libhipsparse-dev (Debian 12 and later, Ubuntu) or hipsparse-dev (AMD's ROCm repository)"
  "curand|hiprand|hip::hiprand|hipRAND|libhiprand-dev and librocrand-dev (Debian 12 and later, Ubuntu: Debian 12's hipRAND does not pull in rocRAND) or hiprand-dev (AMD's ROCm repository)"
  "cufft|hipfft|hip::hipfft|hipFFT|libhipfft-dev (Debian sid) or hipfft-dev (AMD's ROCm repository). Debian 12 has none"
  "cusolver|hipsolver|roc::hipsolver|hipSOLVER|libhipsolver-dev (Debian sid) or hipsolver-dev (AMD's ROCm repository). Debian 12 has none")

# Header-only libraries CUB and thrust map to, added to CUDA::toolkit when found.
set(_DUALGPU_CUDA_HEADER_LIBRARIES "hipcub|hip::hipcub" "rocthrust|roc::rocthrust")

set(_DUALGPU_CUDA_LIBRARIES_MODULE "${CMAKE_CURRENT_LIST_FILE}")

# Finds one HIP package quietly: ROCm 5's config files ask for a CMake policy version CMake 4 refuses
# (and would warn about it to the user, who cannot change them), and each HIP package's
# find_dependency(hip) prints hip's status lines again.
function(_dualgpu_find_hip_library package)
  set(CMAKE_POLICY_VERSION_MINIMUM 3.5)
  set(CMAKE_WARN_DEPRECATED OFF)
  set(CMAKE_MESSAGE_LOG_LEVEL WARNING)
  find_package(${package} CONFIG QUIET HINTS "${DualGPU_ROCM_ROOT}")
endfunction()

function(dualgpu_cuda_library_targets)
  if(NOT DualGPU_PLATFORM STREQUAL "rocm" OR NOT TARGET DualGPU::runtime)
    return()
  endif()
  foreach(name cudart cudart_static toolkit)
    if(NOT TARGET CUDA::${name})
      add_library(CUDA::${name} INTERFACE IMPORTED)
      target_link_libraries(CUDA::${name} INTERFACE DualGPU::runtime)
    endif()
  endforeach()
  foreach(entry IN LISTS _DUALGPU_CUDA_HEADER_LIBRARIES)
    string(REPLACE "|" ";" entry "${entry}")
    list(GET entry 0 package)
    list(GET entry 1 hip_target)
    _dualgpu_find_hip_library(${package})
    if(TARGET ${hip_target})
      target_link_libraries(CUDA::toolkit INTERFACE ${hip_target})
    endif()
  endforeach()
  set(found "")
  set(missing "")
  foreach(entry IN LISTS _DUALGPU_CUDA_LIBRARY_TABLE)
    string(REPLACE "|" ";" entry "${entry}")
    list(GET entry 0 name)
    list(GET entry 1 package)
    list(GET entry 2 hip_target)
    list(GET entry 3 hip_name)
    list(GET entry 4 install)
    if(TARGET CUDA::${name})
      continue()
    endif()
    add_library(CUDA::${name} INTERFACE IMPORTED)
    target_link_libraries(CUDA::${name} INTERFACE DualGPU::runtime)
    _dualgpu_find_hip_library(${package})
    if(TARGET ${hip_target})
      target_link_libraries(CUDA::${name} INTERFACE ${hip_target})
      list(APPEND found ${name})
    else()
      list(APPEND missing ${name})
      set_property(GLOBAL APPEND PROPERTY _DUALGPU_MISSING_CUDA_LIBRARIES "${name}|${hip_name}|${install}")
    endif()
  endforeach()
  set(DualGPU_CUDA_LIBRARIES_FOUND "${found}" PARENT_SCOPE)
  set(DualGPU_CUDA_LIBRARIES_MISSING "${missing}" PARENT_SCOPE)
  # The targets that link a missing library are known only once the project is read: check then.
  get_property(scheduled GLOBAL PROPERTY _DUALGPU_CUDA_LINK_CHECK_SCHEDULED)
  if(missing AND NOT scheduled)
    set_property(GLOBAL PROPERTY _DUALGPU_CUDA_LINK_CHECK_SCHEDULED TRUE)
    cmake_language(DEFER DIRECTORY "${CMAKE_SOURCE_DIR}" CALL _dualgpu_check_cuda_library_links)
  endif()
endfunction()

function(_dualgpu_targets_below out dir)
  get_property(targets DIRECTORY "${dir}" PROPERTY BUILDSYSTEM_TARGETS)
  get_property(subdirs DIRECTORY "${dir}" PROPERTY SUBDIRECTORIES)
  foreach(sub IN LISTS subdirs)
    _dualgpu_targets_below(more "${sub}")
    list(APPEND targets ${more})
  endforeach()
  set(${out} "${targets}" PARENT_SCOPE)
endfunction()

# Every project target that links a CUDA:: library whose HIP twin is missing: one error each.
function(_dualgpu_check_cuda_library_links)
  get_property(missing GLOBAL PROPERTY _DUALGPU_MISSING_CUDA_LIBRARIES)
  _dualgpu_targets_below(targets "${CMAKE_SOURCE_DIR}")
  foreach(target IN LISTS targets)
    get_target_property(links ${target} LINK_LIBRARIES)
    get_target_property(interface_links ${target} INTERFACE_LINK_LIBRARIES)
    set(all_links "${links};${interface_links}")
    foreach(entry IN LISTS missing)
      string(REPLACE "|" ";" entry "${entry}")
      list(GET entry 0 name)
      list(GET entry 1 hip_name)
      list(GET entry 2 install)
      if(all_links MATCHES "(^|[;<>:,])CUDA::${name}($|[;<>,])")
        message(SEND_ERROR "CUDA::${name} (linked by ${target}) is ${hip_name} on the rocm platform, and ${hip_name} "
          "was not found: install ${install}. See docs/porting.md#libraries.")
      endif()
    endforeach()
  endforeach()
endfunction()

# On rocm: find_package(CUDAToolkit) loads the targets above (called by find_package(DualGPU)).
function(_dualgpu_redirect_cuda_toolkit)
  if(NOT DualGPU_PLATFORM STREQUAL "rocm" OR NOT CMAKE_FIND_PACKAGE_REDIRECTS_DIR)
    return()
  endif()
  _dualgpu_setting_on(wanted DUALGPU_CUDA_LIBRARIES ON)
  if(NOT wanted)
    return()
  endif()
  if(TARGET CUDA::cudart)
    get_target_property(ours CUDA::cudart INTERFACE_LINK_LIBRARIES)
    if(NOT ours STREQUAL "DualGPU::runtime")
      message(WARNING "find_package(CUDAToolkit) ran before find_package(DualGPU): its CUDA:: targets name NVIDIA's "
        "libraries, which a rocm build cannot link. Call find_package(DualGPU) first; on rocm it makes "
        "find_package(CUDAToolkit) give the HIP libraries (docs/cmake.md, CUDA libraries).")
    endif()
    return()
  endif()
  get_target_property(shim_dirs DualGPU::runtime INTERFACE_INCLUDE_DIRECTORIES)
  file(WRITE "${CMAKE_FIND_PACKAGE_REDIRECTS_DIR}/cudatoolkit-config.cmake"
    "# Written by find_package(DualGPU) on the rocm platform: the CUDA libraries' targets on their HIP twins.\n"
    "include(\"${_DUALGPU_CUDA_LIBRARIES_MODULE}\")\n"
    "dualgpu_cuda_library_targets()\n"
    "set(CUDAToolkit_INCLUDE_DIRS \"${shim_dirs}\")\n"
    "if(NOT CUDAToolkit_FIND_QUIETLY AND DualGPU_CUDA_LIBRARIES_MISSING)\n"
    "  list(TRANSFORM DualGPU_CUDA_LIBRARIES_MISSING PREPEND CUDA:: OUTPUT_VARIABLE _dualgpu_missing)\n"
    "  list(JOIN _dualgpu_missing \", \" _dualgpu_missing)\n"
    "  message(STATUS \"CUDAToolkit on rocm (DualGPU): no HIP library installed for \${_dualgpu_missing}\")\n"
    "endif()\n")
  file(WRITE "${CMAKE_FIND_PACKAGE_REDIRECTS_DIR}/cudatoolkit-config-version.cmake"
    "# A CUDA version asked for has no meaning on HIP: any is accepted, the HIP version is reported.\n"
    "set(PACKAGE_VERSION \"${DualGPU_HIP_VERSION}\")\n"
    "set(PACKAGE_VERSION_COMPATIBLE TRUE)\n")
endfunction()
