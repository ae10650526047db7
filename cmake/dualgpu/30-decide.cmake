#[=======================================================================[.rst:
dualgpu/30-decide
-----------------

The one decision DualGPU makes: which platform, which architectures, and why. Plain functions that
touch no target and run the same in a configure and in script mode: ``find_package(DualGPU)``,
``dualgpu doctor`` and the tests all call :command:`dualgpu_decide`.

Search behaviour
^^^^^^^^^^^^^^^^

Platform, first that applies:

1. ``DUALGPU_PLATFORM``: ``cuda`` (``nvidia``), ``rocm`` (``hip``, ``amd``) or ``cpu``.
2. The torch build, when torch is used: ``torch.version.hip`` -> rocm,
   ``torch.version.cuda`` -> cuda, neither -> cpu. A ``DUALGPU_PLATFORM`` of ``cuda`` or ``rocm``
   with a torch built for something else is an error, unless only torch's headers are used.
3. Visible GPUs: AMD -> rocm, NVIDIA -> cuda (both: the one whose toolchain is installed; both
   installed: cuda).
4. Installed toolchains: nvcc -> cuda, a HIP clang -> rocm (both: cuda).
5. cpu.

The chosen platform needs its compiler, whatever chose it: cuda without nvcc, or rocm without a
HIP compiler, is an error.

Architectures, first that is set:

1. ``DUALGPU_ARCHITECTURES``.
2. ``CMAKE_CUDA_ARCHITECTURES`` / ``CMAKE_HIP_ARCHITECTURES`` set by the user (not while it holds
   the list DualGPU wrote there).
3. The ecosystem's variables: on cuda ``TORCH_CUDA_ARCH_LIST`` (read as torch reads it) then
   ``CUDAARCHS``; on rocm ``PYTORCH_ROCM_ARCH``, then ``GPU_TARGETS``, then ``AMDGPU_TARGETS``.
4. Visible GPUs of the platform's vendor (on cuda also PTX of the newest; integrated AMD GPUs are
   left out when a discrete one is present, with a warning). A list that is ``native`` asks for
   this step, and is an error when no GPU is seen.
5. The default list (``_DUALGPU_DEFAULT_CUDA_ARCHITECTURES`` /
   ``_DUALGPU_DEFAULT_HIP_ARCHITECTURES``) less what the compiler cannot build, with a warning
   that no GPU was seen.

A list from steps 1 to 4 is checked against the compiler
(:command:`dualgpu_check_compiler_accepts`); an architecture it cannot build is an error. When
torch's architecture list is known, an architecture torch's own kernels were not built for is a
warning.

Result variables
^^^^^^^^^^^^^^^^

Set by :command:`dualgpu_decide` in the caller's scope, with the toolchain variables of
:command:`dualgpu_find_toolchains`:

``DualGPU_PLATFORM``, ``DualGPU_PLATFORM_SOURCE``
  ``cuda``, ``rocm`` or ``cpu``, and what chose it.
``DualGPU_ARCHITECTURES``, ``DualGPU_ARCHITECTURES_SOURCE``
  The list in CMake's form (empty on cpu), and where it came from.
``DualGPU_GPUS``
  The GPUs seen (records of :command:`dualgpu_probe_gpus`).
``DualGPU_WARNINGS``, ``DualGPU_ERRORS``, ``DualGPU_NOTES``
  Messages: warnings to print, errors that make the package not found, notes for the doctor.

Input variables
^^^^^^^^^^^^^^^

Each is read as a CMake variable, else from the environment.

``DUALGPU_PLATFORM``, ``DUALGPU_ARCHITECTURES``
  The platform and architectures, as above.
``CMAKE_CUDA_ARCHITECTURES``, ``CMAKE_HIP_ARCHITECTURES``
  CMake variables only.
``TORCH_CUDA_ARCH_LIST``, ``CUDAARCHS``, ``PYTORCH_ROCM_ARCH``, ``GPU_TARGETS``, ``AMDGPU_TARGETS``
  The ecosystem's lists.
``DUALGPU_PROBE_TIMEOUT``
  Checked before any tool runs (dualgpu/10-util).
``DualGPU_TORCH_FOUND``, ``DualGPU_TORCH_VERSION``, ``DualGPU_TORCH_CUDA``, ``DualGPU_TORCH_HIP``, ``DualGPU_TORCH_ARCH_LIST``
  With ``WITH_TORCH``: the caller's answer of :command:`dualgpu_probe_torch`.

The toolchain search reads the inputs of dualgpu/20-detect.

Commands
^^^^^^^^

The spellings of every list are read by dualgpu/25-spellings; what a built library's code runs on,
by dualgpu/35-will-it-run.

.. command:: dualgpu_decide

  .. versionadded:: 0.1

  ::

    dualgpu_decide([WITH_TORCH [TORCH_HEADERS_ONLY]] [NO_PROBE] [NO_COMPILER_CHECK])

  Finds the toolchains, runs the GPU tools, and decides as above; sets the result variables.
  ``WITH_TORCH`` takes the torch build into account (``DualGPU_TORCH_*`` set by
  :command:`dualgpu_probe_torch`). ``TORCH_HEADERS_ONLY`` (added after 0.2.0): only torch's
  headers will be used (``COMPONENTS TorchStableABI``), so a torch built for another platform is
  no error. ``NO_PROBE`` skips running GPU tools. ``NO_COMPILER_CHECK`` does not ask the compiler
  what it can build.

#]=======================================================================]
include_guard(DIRECTORY)  # file-scope tables and defaults are per folder: a sibling folder that finds DualGPU gets them too
# Our own policies, whatever cmake_minimum_required() the including project has.
cmake_policy(VERSION 3.25...4.4)
include("${CMAKE_CURRENT_LIST_DIR}/20-detect.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/25-spellings.cmake")

function(_dualgpu_gpus_of_vendor out vendor)
  set(result "")
  foreach(g IN LISTS DualGPU_GPUS)
    if(g MATCHES "^${vendor}\\|")
      list(APPEND result "${g}")
    endif()
  endforeach()
  set(${out} "${result}" PARENT_SCOPE)
endfunction()

# Decides the platform. Uses DualGPU_GPUS, DualGPU_TOOLCHAINS, DualGPU_TORCH_* from the caller.
# <headers-only>: TorchStableABI alone, whose headers serve any platform (no mismatch error).
function(_dualgpu_decide_platform with_torch headers_only)
  set(platform "")
  set(source "")
  set(errors "")
  _dualgpu_setting(value origin DUALGPU_PLATFORM)
  if(NOT value STREQUAL "")
    dualgpu_normalize_platform(platform e "${value}")
    if(e)
      _dualgpu_add_message(errors "${e}")
    endif()
    set(source "${origin}")
  endif()

  set(torch_platform "")
  if(with_torch AND DualGPU_TORCH_FOUND)
    if(DualGPU_TORCH_HIP)
      set(torch_platform rocm)
      set(torch_what "a ROCm build (HIP ${DualGPU_TORCH_HIP})")
    elseif(DualGPU_TORCH_CUDA)
      set(torch_platform cuda)
      set(torch_what "a CUDA build (CUDA ${DualGPU_TORCH_CUDA})")
    else()
      set(torch_platform cpu)
      set(torch_what "a CPU-only build")
    endif()
    # Stable-ABI only (COMPONENTS TorchStableABI): torch's headers are the same for every vendor.
    if(platform AND NOT platform STREQUAL "cpu" AND NOT platform STREQUAL torch_platform AND NOT headers_only)
      _dualgpu_add_message(errors
        "DUALGPU_PLATFORM=${platform} but torch ${DualGPU_TORCH_VERSION} is ${torch_what}: install a ${platform} build of torch (or point DUALGPU_PYTHON / Torch_DIR at one), or set DUALGPU_PLATFORM=${torch_platform}")
    endif()
    if(NOT platform)
      set(platform "${torch_platform}")
      set(source "torch ${DualGPU_TORCH_VERSION} is ${torch_what}")
    endif()
  endif()

  set(have_cuda FALSE)
  set(have_rocm FALSE)
  foreach(t IN LISTS DualGPU_TOOLCHAINS)
    if(t MATCHES "^cuda\\|")
      set(have_cuda TRUE)
    elseif(t MATCHES "^rocm\\|")
      set(have_rocm TRUE)
    endif()
  endforeach()

  if(NOT platform)
    _dualgpu_gpus_of_vendor(amd amd)
    _dualgpu_gpus_of_vendor(nvidia nvidia)
    if(amd AND NOT nvidia)
      set(platform rocm)
      set(source "AMD GPU visible")
    elseif(nvidia AND NOT amd)
      set(platform cuda)
      set(source "NVIDIA GPU visible")
    elseif(amd AND nvidia)
      if(have_rocm AND NOT have_cuda)
        set(platform rocm)
        set(source "AMD and NVIDIA GPUs visible, only the ROCm toolchain installed")
      else()
        set(platform cuda)
        set(source "AMD and NVIDIA GPUs visible - chose cuda (set DUALGPU_PLATFORM=rocm for AMD)")
      endif()
    endif()
  endif()

  if(NOT platform)
    if(have_cuda AND have_rocm)
      set(platform cuda)
      set(source "no GPU visible - CUDA and ROCm toolchains both installed, cuda chosen (set DUALGPU_PLATFORM=rocm for AMD)")
    elseif(have_cuda)
      set(platform cuda)
      set(source "no GPU visible - CUDA toolchain installed (nvcc ${DualGPU_CUDA_VERSION})")
    elseif(have_rocm)
      set(platform rocm)
      set(source "no GPU visible - ROCm toolchain installed (HIP ${DualGPU_HIP_VERSION})")
    else()
      set(platform cpu)
      set(source "no GPU and no CUDA or ROCm toolchain found")
    endif()
  endif()

  # The chosen platform needs its compiler, whatever chose it.
  if(platform STREQUAL "cuda" AND NOT have_cuda)
    _dualgpu_add_message(errors "platform cuda (${source}) but no nvcc found: install the CUDA toolkit, put nvcc on PATH or set CMAKE_CUDA_COMPILER - or set DUALGPU_PLATFORM=cpu")
  elseif(platform STREQUAL "rocm" AND NOT have_rocm)
    _dualgpu_add_message(errors "platform rocm (${source}) but no HIP compiler found: install ROCm (hipcc), set ROCM_PATH or CMAKE_HIP_COMPILER - or set DUALGPU_PLATFORM=cpu")
  endif()

  set(DualGPU_PLATFORM "${platform}" PARENT_SCOPE)
  set(DualGPU_PLATFORM_SOURCE "${source}" PARENT_SCOPE)
  _dualgpu_append_messages(DualGPU_ERRORS errors)
  set(DualGPU_ERRORS "${DualGPU_ERRORS}" PARENT_SCOPE)
endfunction()

# Architectures from the devices of the platform's vendor.
function(_dualgpu_archs_from_gpus out platform)
  set(result "")
  set(warnings "")
  if(platform STREQUAL "cuda")
    _dualgpu_gpus_of_vendor(gpus nvidia)
    set(caps "")
    foreach(g IN LISTS gpus)
      string(REPLACE "|" ";" f "${g}")
      list(GET f 2 cap)
      list(APPEND caps "${cap}")
    endforeach()
    list(REMOVE_DUPLICATES caps)
    list(SORT caps COMPARE NATURAL)
    foreach(cap IN LISTS caps)
      list(APPEND result "${cap}-real")
    endforeach()
    # As torch does: PTX of the newest so the build also runs on GPUs newer than any seen.
    if(caps)
      list(GET caps -1 newest)
      list(APPEND result "${newest}-virtual")
    endif()
  elseif(platform STREQUAL "rocm")
    _dualgpu_gpus_of_vendor(gpus amd)
    set(discrete "")
    set(integrated "")
    foreach(g IN LISTS gpus)
      string(REPLACE "|" ";" f "${g}")
      list(GET f 1 name)
      list(GET f 2 arch)
      list(GET f 3 kind)
      if(kind STREQUAL "igpu")
        list(APPEND integrated "${arch}")
        set(igpu_name_${arch} "${name}")
      else()
        list(APPEND discrete "${arch}")
      endif()
    endforeach()
    list(REMOVE_DUPLICATES discrete)
    list(REMOVE_DUPLICATES integrated)
    set(result ${discrete})
    foreach(arch IN LISTS integrated)
      if(discrete)
        _dualgpu_add_message(warnings
          "integrated GPU ${arch} (${igpu_name_${arch}}) is visible next to the discrete GPU: it is left out of the build, so a HIP program fails with hipErrorNoBinaryForGpu unless it is hidden - set HIP_VISIBLE_DEVICES to the discrete GPUs, or add ${arch} to DUALGPU_ARCHITECTURES if you mean to run on it")
      else()
        list(APPEND result "${arch}")
        _dualgpu_add_message(warnings "only an integrated GPU (${arch}, ${igpu_name_${arch}}) is visible - building for it")
      endif()
    endforeach()
  endif()
  set(${out} "${result}" PARENT_SCOPE)
  _dualgpu_append_messages(DualGPU_WARNINGS warnings)
  set(DualGPU_WARNINGS "${DualGPU_WARNINGS}" PARENT_SCOPE)
endfunction()

# _dualgpu_decide_architectures(<platform> <check-compiler>): the architectures and where they came
# from; <check-compiler> ON asks the found compiler whether it builds them (dualgpu_check_compiler_accepts).
function(_dualgpu_decide_architectures platform check_compiler)
  set(archs "")
  set(source "")
  set(errors "")
  set(warnings "")
  if(platform STREQUAL "cpu")
    set(DualGPU_ARCHITECTURES "" PARENT_SCOPE)
    set(DualGPU_ARCHITECTURES_SOURCE "none (cpu platform)" PARENT_SCOPE)
    return()
  endif()

  set(env_names ${_DUALGPU_ARCHITECTURE_VARIABLES_${platform}})
  if(platform STREQUAL "cuda")
    set(lang CUDA)
  else()
    set(lang HIP)
  endif()

  # 1 and 2: explicit lists
  _dualgpu_setting(value origin DUALGPU_ARCHITECTURES)
  if(value STREQUAL "" AND DEFINED CMAKE_${lang}_ARCHITECTURES
     AND NOT "${CMAKE_${lang}_ARCHITECTURES}" STREQUAL "" AND NOT "${CMAKE_${lang}_ARCHITECTURES}" STREQUAL "${_DUALGPU_AUTO_CMAKE_${lang}_ARCHITECTURES}")
    set(value "${CMAKE_${lang}_ARCHITECTURES}")
    set(origin "CMAKE_${lang}_ARCHITECTURES")
  endif()
  # 3: the ecosystem's variables
  if(value STREQUAL "")
    foreach(name IN LISTS env_names)
      _dualgpu_setting(value origin ${name})
      if(NOT value STREQUAL "")
        break()
      endif()
    endforeach()
  endif()

  if(NOT value STREQUAL "")
    set(source "${origin}")
    if(origin MATCHES "^TORCH_CUDA_ARCH_LIST")
      dualgpu_parse_torch_cuda_arch_list(archs e "${value}")
    else()
      dualgpu_parse_architectures(archs e "${platform}" "${value}")
      list(APPEND warnings ${archs_WARNINGS})
    endif()
    if(e)
      _dualgpu_add_message(errors "${origin}='${value}': ${e}")
    elseif(archs STREQUAL "native")
      # CMake's "native" means the GPUs of this machine: the same answer DualGPU's probe gives.
      _dualgpu_archs_from_gpus(archs "${platform}")
      set(source "visible GPUs (${origin}=native)")
      if(NOT archs)
        _dualgpu_add_message(errors "${origin}=native asks for the GPUs of this machine, and none was seen: name the architectures instead (e.g. ${_DUALGPU_DEFAULT_${lang}_ARCHITECTURES})")
      endif()
    endif()
  else()
    # 4: visible devices
    _dualgpu_archs_from_gpus(archs "${platform}")
    if(archs)
      set(source "visible GPUs")
    else()
      # 5: the default, filtered by what the compiler can build
      set(source "default list (no GPU seen)")
      set(candidates ${_DUALGPU_DEFAULT_${lang}_ARCHITECTURES})
      foreach(a IN LISTS candidates)
        set(e "")
        if(check_compiler)
          dualgpu_check_compiler_accepts(e "${platform}" "${a}")
        endif()
        if(e)
          _dualgpu_add_message(warnings "default architecture ${a} left out: ${e}")
        else()
          list(APPEND archs "${a}")
        endif()
      endforeach()
      list(JOIN archs " " shown)
      list(JOIN env_names ", " env_text)
      _dualgpu_add_message(warnings
        "no ${platform} GPU was seen, so DualGPU builds for its default list ${shown} - set DUALGPU_ARCHITECTURES (or CMAKE_${lang}_ARCHITECTURES, or ${env_text}) to choose")
    endif()
  endif()

  dualgpu_architecture_keyword(archs_are_keyword "${archs}")
  if(check_compiler AND archs AND NOT errors AND NOT source MATCHES "^default")
    dualgpu_check_compiler_accepts(e "${platform}" "${archs}")
    if(e)
      _dualgpu_add_message(errors "${e}")
    endif()
  endif()
  # A compiler that knows gfx950 (LLVM 20+) can come with libraries that do not: rocPRIM before
  # ROCm 7.0 stops with "support for 128-bit atomics not implemented" for it, and hipCUB and
  # rocThrust include rocPRIM.
  if(platform STREQUAL "rocm" AND DualGPU_HIP_VERSION AND DualGPU_HIP_VERSION VERSION_LESS 7.0)
    foreach(a IN LISTS archs)
      if(a MATCHES "^gfx950")
        _dualgpu_add_message(warnings "${a} with HIP ${DualGPU_HIP_VERSION}: kernels that include hipCUB, rocThrust or rocPRIM do not compile for it before ROCm 7.0 (rocPRIM's 128-bit atomics); plain HIP code does")
      endif()
    endforeach()
  endif()

  # What torch runs on: an extension built for a GPU torch has no kernels for helps nobody.
  if(DualGPU_TORCH_FOUND AND DualGPU_TORCH_ARCH_LIST AND archs AND NOT archs_are_keyword)
    set(missing "")
    foreach(a IN LISTS archs)
      if(platform STREQUAL "cuda")
        if(a MATCHES "-virtual$")
          continue()
        endif()
        dualgpu_cuda_arch_base(base "${a}")
        set(name "sm_${base}")
      else()
        string(REGEX REPLACE ":.*$" "" name "${a}")
        # A generic target runs on its members: torch must have code for each (its own or the generic one).
        dualgpu_amd_target_info(info "${name}")
        if(info_KIND STREQUAL "generic" AND NOT name IN_LIST DualGPU_TORCH_ARCH_LIST)
          set(lacking "")
          foreach(member IN LISTS info_MEMBERS)
            if(NOT member IN_LIST DualGPU_TORCH_ARCH_LIST)
              list(APPEND lacking "${member}")
            endif()
          endforeach()
          if(lacking)
            list(JOIN lacking " " lacking)
            list(APPEND missing "${a} (its members ${lacking})")
          endif()
          continue()
        endif()
      endif()
      if(NOT name IN_LIST DualGPU_TORCH_ARCH_LIST)
        list(APPEND missing "${a}")
      endif()
    endforeach()
    if(missing)
      list(JOIN missing ", " m)
      list(JOIN DualGPU_TORCH_ARCH_LIST ", " t)
      _dualgpu_add_message(warnings "torch ${DualGPU_TORCH_VERSION} was not built for ${m} (it has ${t}): torch's own kernels will not run there")
    endif()
  endif()

  set(DualGPU_ARCHITECTURES "${archs}" PARENT_SCOPE)
  set(DualGPU_ARCHITECTURES_SOURCE "${source}" PARENT_SCOPE)
  _dualgpu_append_messages(DualGPU_ERRORS errors)
  set(DualGPU_ERRORS "${DualGPU_ERRORS}" PARENT_SCOPE)
  _dualgpu_append_messages(DualGPU_WARNINGS warnings)
  set(DualGPU_WARNINGS "${DualGPU_WARNINGS}" PARENT_SCOPE)
endfunction()

macro(_dualgpu_export_decision)
  foreach(_v IN LISTS _DUALGPU_DECISION_RESULTS)
    set(DualGPU_${_v} "${DualGPU_${_v}}" PARENT_SCOPE)
  endforeach()
endmacro()

function(dualgpu_decide)
  cmake_parse_arguments(PARSE_ARGV 0 ARG "WITH_TORCH;TORCH_HEADERS_ONLY;NO_PROBE;NO_COMPILER_CHECK" "" "")
  if(ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "dualgpu_decide(): unknown argument ${ARG_UNPARSED_ARGUMENTS}")
  endif()
  set(DualGPU_WARNINGS "")
  set(DualGPU_ERRORS "")
  set(DualGPU_NOTES "")
  set(DualGPU_GPUS "")
  dualgpu_find_toolchains()
  if(NOT ARG_NO_PROBE)
    dualgpu_probe_gpus(DualGPU_GPUS probe_notes)
    _dualgpu_append_messages(DualGPU_NOTES probe_notes)
  endif()
  _dualgpu_decide_platform("${ARG_WITH_TORCH}" "${ARG_TORCH_HEADERS_ONLY}")
  if(DualGPU_PLATFORM)
    # Tests of precedence alone (NO_COMPILER_CHECK) do not ask a compiler what it can build.
    set(check_compiler ON)
    if(ARG_NO_COMPILER_CHECK)
      set(check_compiler OFF)
    endif()
    _dualgpu_decide_architectures("${DualGPU_PLATFORM}" ${check_compiler})
  endif()
  _dualgpu_export_decision()
endfunction()
