#[=======================================================================[.rst:
dualgpu/30-decide
-----------------

The one decision DualGPU makes: which platform, which architectures, and why; every spelling of an
architecture people use, read into the one form CMake wants; and "will it run?" per GPU. Plain
functions that touch no target and run the same in a configure and in script mode:
``find_package(DualGPU)``, ``dualgpu doctor`` and the tests all call :command:`dualgpu_decide`.

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

Architecture spellings
""""""""""""""""""""""

CUDA entries come out in CMake's ``CUDA_ARCHITECTURES`` form (``80-real``, ``90a-real``,
``90-virtual``); HIP entries as target ids (``gfx90a``, ``gfx90a:xnack-``).

.. command:: dualgpu_parse_architectures

  .. versionadded:: 0.1

  ::

    dualgpu_parse_architectures(<out-list> <out-error> <platform> <spelling>)

  ``<platform>`` is ``cuda`` or ``rocm``. ``<spelling>`` may be a list separated
  by ``;``, ``,`` or spaces. Accepted CUDA spellings: ``sm_90``, ``sm_90a``,
  ``compute_90`` (PTX only), ``9.0``, ``9.0a``, ``8.6+PTX``, ``90`` (SASS and PTX,
  as CMake reads it), ``90-real``, ``90-virtual``, torch's names (``Ampere``,
  ``Hopper``, ...). Accepted HIP spellings: ``gfx90a``, ``gfx90a:xnack-``,
  ``amdgcn-amd-amdhsa--gfx90a:sramecc+:xnack-``. CMake's keywords (``native``, ``all``, ...) pass
  as they are. On failure ``<out-error>`` holds a message that names the bad entry; otherwise it is
  empty. ``<out-list>_WARNINGS`` names entries newer than DualGPU's table, passed on to the
  compiler's check.

.. command:: dualgpu_parse_torch_cuda_arch_list

  .. versionadded:: 0.1

  ::

    dualgpu_parse_torch_cuda_arch_list(<out-list> <out-error> <value>)

  Reads ``TORCH_CUDA_ARCH_LIST`` exactly as ``torch.utils.cpp_extension`` does
  (names expanded, ``+PTX`` adds PTX, no PTX otherwise) and returns the same
  architectures in CMake form.

.. command:: dualgpu_normalize_platform

  ::

    dualgpu_normalize_platform(<out> <out-error> <value>)

  ``cuda``, ``rocm`` or ``cpu`` for any spelling ``DUALGPU_PLATFORM`` accepts, in any case; else an
  error naming the variable.

The decision
""""""""""""

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

Will it run
"""""""""""

Does a list of code objects (torch's ``torch.cuda.get_arch_list()``, or what ``roc-obj-ls`` /
``cuobjdump`` find in a built library) hold code for a GPU? Pure functions over the architecture
table of dualgpu/00-data; ``dualgpu doctor`` prints their answers.

.. command:: dualgpu_gpu_verdict

  .. versionadded:: 0.2

  ::

    dualgpu_gpu_verdict(<out-prefix> <vendor> <gpu-arch> <code-list>)

  ``<vendor>`` ``amd`` or ``nvidia``; ``<gpu-arch>`` ``gfx1103`` or a capability ``89``; ``<code-list>``
  entries like ``gfx1100``, ``gfx11-generic:xnack-``, ``sm_90``, ``sm_90a``, ``compute_90``. Sets
  ``<out-prefix>_VERDICT`` (``native``, ``generic``, ``ptx`` or ``none``) and ``<out-prefix>_VIA``
  (the entry that runs there). Example: ``amd gfx1103 "gfx1100;gfx11-generic"`` -> ``generic``
  via ``gfx11-generic``; ``nvidia 89 "sm_80;compute_80"`` -> ``native`` via ``sm_80``.

.. command:: dualgpu_verdict_text

  ::

    dualgpu_verdict_text(<out> <vendor> <gpu-arch> <verdict> <via> <what>)

  One sentence for a verdict, with the fix when there is no code; ``<what>`` names the code's owner
  (``torch 2.5.1`` or ``libfoo.so``).

.. command:: dualgpu_code_objects_of_library

  .. versionadded:: 0.2

  ::

    dualgpu_code_objects_of_library(<out-list> <out-note> <file>)

  Lists the GPU code in a built library: ``roc-obj-ls`` (AMD) or ``cuobjdump --list-elf`` and
  ``--list-ptx`` (NVIDIA), each bounded by ``DUALGPU_PROBE_TIMEOUT``.

.. command:: dualgpu_code_objects_from_tool_output

  ::

    dualgpu_code_objects_from_tool_output(<out-list> <tool> <text>)

  The code objects in ``roc-obj-ls`` (``<tool>``) or ``cuobjdump`` output: ``gfx90a``, ``sm_90``,
  ``compute_90``.

.. command:: dualgpu_coverage_report

  ::

    dualgpu_coverage_report(<out-json> <out-text> <library> <library-code>)

  The doctor's will-it-run per GPU of ``DualGPU_GPUS``: a JSON array of
  ``{"torch": ..., "library": ...}`` verdicts (against ``DualGPU_TORCH_ARCH_LIST`` and
  ``<library-code>``) and the same as text lines.

#]=======================================================================]
include_guard(DIRECTORY)  # file-scope tables and defaults are per folder: a sibling folder that finds DualGPU gets them too
# Our own policies, whatever cmake_minimum_required() the including project has.
cmake_policy(VERSION 3.25...4.4)
include("${CMAKE_CURRENT_LIST_DIR}/20-detect.cmake")

# Splits on ';', ',' and whitespace. An empty entry between separators is kept as
# "<empty>" so that "8.6+PTX;;" is reported instead of silently shortened.
function(_dualgpu_split_spelling out value)
  string(STRIP "${value}" value)
  string(REPLACE "," ";" value "${value}")
  string(REGEX REPLACE "[ \t\r\n]*;[ \t\r\n]*" ";" value "${value}")
  string(REGEX REPLACE "[ \t\r\n]+" ";" value "${value}")
  set(items "")
  set(rest "${value}")
  # list(APPEND) drops nothing, but foreach over a list with ;; does: walk by hand.
  while(NOT rest STREQUAL "")
    string(FIND "${rest}" ";" pos)
    if(pos EQUAL -1)
      list(APPEND items "${rest}")
      set(rest "")
    else()
      string(SUBSTRING "${rest}" 0 ${pos} item)
      math(EXPR next "${pos} + 1")
      string(SUBSTRING "${rest}" ${next} -1 rest)
      if(item STREQUAL "")
        set(item "<empty>")
      endif()
      list(APPEND items "${item}")
      if(rest STREQUAL "")
        list(APPEND items "<empty>")
      endif()
    endif()
  endwhile()
  set(${out} "${items}" PARENT_SCOPE)
endfunction()

# One CUDA spelling -> CMake CUDA_ARCHITECTURES entries. Sets <out> and <err>.
function(_dualgpu_cuda_arch_from_spelling out err spelling)
  set(${out} "" PARENT_SCOPE)
  set(${out}_WARNING "" PARENT_SCOPE)
  set(${err} "" PARENT_SCOPE)
  set(s "${spelling}")
  set(kinds "")
  if(s MATCHES "^sm_([0-9]+)([af]?)$")                     # nvcc's SASS name
    set(num "${CMAKE_MATCH_1}")
    set(sfx "${CMAKE_MATCH_2}")
    set(kinds real)
  elseif(s MATCHES "^compute_([0-9]+)([af]?)$")            # nvcc's PTX name
    set(num "${CMAKE_MATCH_1}")
    set(sfx "${CMAKE_MATCH_2}")
    set(kinds virtual)
  elseif(s MATCHES "^([0-9]+)\\.([0-9])([af]?)(\\+PTX)?$") # torch's 8.6 / 9.0a / 8.6+PTX
    set(num "${CMAKE_MATCH_1}${CMAKE_MATCH_2}")
    set(sfx "${CMAKE_MATCH_3}")
    set(kinds real)
    if(CMAKE_MATCH_4)
      list(APPEND kinds virtual)
    endif()
  elseif(s MATCHES "^([0-9]+)([af]?)-(real|virtual)$")    # CMake's own form
    set(num "${CMAKE_MATCH_1}")
    set(sfx "${CMAKE_MATCH_2}")
    set(kinds "${CMAKE_MATCH_3}")
  elseif(s MATCHES "^([0-9]+)([af]?)$")                    # CMake's bare form: SASS and PTX
    set(num "${CMAKE_MATCH_1}")
    set(sfx "${CMAKE_MATCH_2}")
    set(kinds real virtual)
  else()
    set(${err} "'${spelling}' is not a CUDA architecture (expected e.g. sm_90, 9.0, 90, 90-real, 8.6+PTX or a name like Hopper)" PARENT_SCOPE)
    return()
  endif()
  if(NOT num IN_LIST _DUALGPU_CUDA_CAPABILITIES)
    # Newer than every row: a GPU this table predates, so nvcc decides. Older: a typo.
    list(GET _DUALGPU_CUDA_CAPABILITIES -1 newest)
    if(num GREATER newest)
      set(${out}_WARNING "'${spelling}' (compute capability ${num}) is newer than DualGPU's table (up to ${newest}): passed on to nvcc's own check" PARENT_SCOPE)
    else()
      _dualgpu_known_text(known cuda)
      set(${err} "'${spelling}' names compute capability ${num}, which no NVIDIA GPU has (known: ${known})" PARENT_SCOPE)
      return()
    endif()
  endif()
  if(sfx STREQUAL "a" AND NOT num IN_LIST _DUALGPU_CUDA_SPECIFIC_CAPABILITIES)
    set(${err} "'${spelling}': only 90 and newer have architecture-specific ('a') variants" PARENT_SCOPE)
    return()
  endif()
  if(sfx STREQUAL "f" AND NOT num IN_LIST _DUALGPU_CUDA_FAMILY_CAPABILITIES)
    set(${err} "'${spelling}': only 100 and newer have family ('f') variants" PARENT_SCOPE)
    return()
  endif()
  set(result "")
  foreach(kind IN LISTS kinds)
    list(APPEND result "${num}${sfx}-${kind}")
  endforeach()
  set(${out} "${result}" PARENT_SCOPE)
endfunction()

# One HIP spelling -> a target id. Sets <out>, <out>_WARNING and <err>. A well-formed target the
# table does not know (a chip newer than this file) passes with a warning: the compiler check decides.
function(_dualgpu_hip_arch_from_spelling out err spelling)
  set(${out} "" PARENT_SCOPE)
  set(${out}_WARNING "" PARENT_SCOPE)
  set(${err} "" PARENT_SCOPE)
  string(TOLOWER "${spelling}" s)
  string(REGEX REPLACE "^amdgcn-amd-amdhsa--" "" s "${s}")  # rocminfo's ISA name
  if(s MATCHES "^gfx([0-9]+)\\.([0-9]+)-generic")
    set(${err} "'${spelling}' is not how LLVM spells it: use gfx${CMAKE_MATCH_1}-${CMAKE_MATCH_2}-generic" PARENT_SCOPE)
    return()
  endif()
  if(NOT s MATCHES "^(gfx[0-9a-f]+|gfx[0-9]+(-[0-9]+)?-generic)((:[a-z]+[+-])*)$")
    set(${err} "'${spelling}' is not an AMD GPU target (expected e.g. gfx90a, gfx942, gfx11-generic or gfx90a:xnack-)" PARENT_SCOPE)
    return()
  endif()
  set(base "${CMAKE_MATCH_1}")
  set(features "${CMAKE_MATCH_3}")
  # clang spells features in lower case but the sign matters; keep them as given.
  if(base STREQUAL "gfx000")
    set(${err} "'${spelling}' is the CPU agent placeholder, not a GPU" PARENT_SCOPE)
    return()
  endif()
  dualgpu_amd_target_info(info "${base}")
  if(NOT info_FOUND)
    if(base MATCHES "-generic$")
      dualgpu_amd_targets_of_kind(generics generic)
      list(JOIN generics ", " known)
      set(${err} "'${spelling}' is not a generic target LLVM defines (known: ${known})" PARENT_SCOPE)
      return()
    endif()
    set(${out}_WARNING "'${spelling}' is not in DualGPU's architecture table (a newer chip?): passed on to the compiler check" PARENT_SCOPE)
  endif()
  set(${out} "${base}${features}" PARENT_SCOPE)
endfunction()

function(dualgpu_parse_architectures out err platform spelling)
  set(${out} "" PARENT_SCOPE)
  set(${out}_WARNINGS "" PARENT_SCOPE)
  set(${err} "" PARENT_SCOPE)
  if(NOT platform MATCHES "^(cuda|rocm)$")
    set(${err} "architectures only apply to the cuda and rocm platforms, not '${platform}'" PARENT_SCOPE)
    return()
  endif()
  # CMake's own keywords (CMAKE_<LANG>_ARCHITECTURES, CUDAARCHS) stay as they are: CMake acts on them.
  string(STRIP "${spelling}" keyword)
  dualgpu_architecture_keyword(is_keyword "${keyword}")
  if(is_keyword)
    if(platform STREQUAL "rocm" AND keyword MATCHES "^all")
      set(${err} "'${keyword}' is CMake's keyword for CUDA only: name the AMD targets (e.g. gfx90a gfx942 gfx11-generic)" PARENT_SCOPE)
      return()
    endif()
    set(${out} "${keyword}" PARENT_SCOPE)
    return()
  endif()
  _dualgpu_split_spelling(items "${spelling}")
  if(NOT items)
    set(${err} "the architecture list is empty" PARENT_SCOPE)
    return()
  endif()
  # Vendor mixing is a user error worth naming, not just "unknown entry".
  set(has_gfx FALSE)
  set(has_nv FALSE)
  foreach(item IN LISTS items)
    if(item MATCHES "^(amdgcn-amd-amdhsa--)?[gG][fF][xX]")
      set(has_gfx TRUE)
    elseif(item MATCHES "^(sm_|compute_|[0-9])")
      set(has_nv TRUE)
    endif()
  endforeach()
  if(has_gfx AND has_nv)
    set(${err} "'${spelling}' mixes AMD (gfx...) and NVIDIA architectures - one build targets one vendor: give one list per platform" PARENT_SCOPE)
    return()
  endif()
  if(platform STREQUAL "cuda" AND has_gfx)
    set(${err} "'${spelling}' lists AMD targets but the platform is cuda (set DUALGPU_PLATFORM=rocm to build for AMD)" PARENT_SCOPE)
    return()
  endif()
  if(platform STREQUAL "rocm" AND has_nv)
    set(${err} "'${spelling}' lists NVIDIA architectures but the platform is rocm (set DUALGPU_PLATFORM=cuda to build for NVIDIA)" PARENT_SCOPE)
    return()
  endif()
  set(result "")
  set(warnings "")
  foreach(item IN LISTS items)
    if(item STREQUAL "<empty>")
      set(${err} "'${spelling}' has an empty entry (a stray separator): remove it" PARENT_SCOPE)
      return()
    endif()
    if(platform STREQUAL "cuda")
      _dualgpu_expand_torch_names(expanded "${item}")
      foreach(one IN LISTS expanded)
        _dualgpu_cuda_arch_from_spelling(entries e "${one}")
        if(e)
          set(${err} "${e}" PARENT_SCOPE)
          return()
        endif()
        list(APPEND warnings ${entries_WARNING})
        list(APPEND result ${entries})
      endforeach()
    else()
      _dualgpu_hip_arch_from_spelling(entry e "${item}")
      if(e)
        set(${err} "${e}" PARENT_SCOPE)
        return()
      endif()
      list(APPEND warnings ${entry_WARNING})
      list(APPEND result "${entry}")
    endif()
  endforeach()
  list(REMOVE_DUPLICATES result)
  set(${out} "${result}" PARENT_SCOPE)
  set(${out}_WARNINGS "${warnings}" PARENT_SCOPE)
endfunction()

# Replaces torch's architecture names inside one entry ("Ampere" -> "8.0;8.6+PTX").
function(_dualgpu_expand_torch_names out item)
  foreach(pair IN LISTS _DUALGPU_TORCH_NAMED_ARCHES)
    string(REGEX MATCH "^([^=]+)=(.*)$" _ "${pair}")
    string(REPLACE "${CMAKE_MATCH_1}" "${CMAKE_MATCH_2}" item "${item}")
  endforeach()
  string(REPLACE "," ";" item "${item}")
  set(${out} "${item}" PARENT_SCOPE)
endfunction()

# TORCH_CUDA_ARCH_LIST as torch reads it: entries are "M.m", "M.ma" or either with "+PTX",
# after names are expanded; everything else (including "90" or "sm_90") is an error there.
function(dualgpu_parse_torch_cuda_arch_list out err value)
  set(${out} "" PARENT_SCOPE)
  set(${err} "" PARENT_SCOPE)
  string(STRIP "${value}" value)
  if(value STREQUAL "" OR value STREQUAL "native")
    set(${err} "TORCH_CUDA_ARCH_LIST='${value}' names no architecture" PARENT_SCOPE)
    return()
  endif()
  string(REPLACE " " ";" value "${value}")
  _dualgpu_split_spelling(items "${value}")
  set(result "")
  foreach(item IN LISTS items)
    _dualgpu_expand_torch_names(expanded "${item}")
    foreach(one IN LISTS expanded)
      if(NOT one MATCHES "^[0-9]+\\.[0-9]a?(\\+PTX)?$")
        if(one STREQUAL "<empty>")
          set(one "")
        endif()
        set(${err} "TORCH_CUDA_ARCH_LIST entry '${one}' is not in torch's form (e.g. 8.0, 9.0a, 8.6+PTX, Ampere) - torch itself rejects it" PARENT_SCOPE)
        return()
      endif()
      _dualgpu_cuda_arch_from_spelling(entries e "${one}")
      if(e)
        set(${err} "TORCH_CUDA_ARCH_LIST: ${e}" PARENT_SCOPE)
        return()
      endif()
      list(APPEND result ${entries})
    endforeach()
  endforeach()
  list(REMOVE_DUPLICATES result)
  set(${out} "${result}" PARENT_SCOPE)
endfunction()

function(dualgpu_normalize_platform out err value)
  string(TOLOWER "${value}" v)
  foreach(entry IN LISTS _DUALGPU_PLATFORM_SPELLINGS)
    string(REPLACE ":" ";" entry "${entry}")
    list(GET entry 0 spelling)
    if(v STREQUAL spelling)
      list(GET entry 1 platform)
      set(${out} ${platform} PARENT_SCOPE)
      set(${err} "" PARENT_SCOPE)
      return()
    endif()
  endforeach()
  set(${out} "" PARENT_SCOPE)
  set(${err} "DUALGPU_PLATFORM='${value}' is not a platform: use cuda, rocm or cpu" PARENT_SCOPE)
endfunction()

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

function(dualgpu_gpu_verdict prefix vendor arch code)
  set(verdict none)
  set(via "")
  if(vendor STREQUAL "amd")
    dualgpu_amd_target_info(info "${arch}")
    foreach(c IN LISTS code)
      string(REGEX REPLACE ":.*$" "" base "${c}")
      if(base STREQUAL arch)
        set(verdict native)
        set(via "${c}")
        break()
      elseif(info_GENERIC AND base STREQUAL info_GENERIC)
        set(verdict generic)
        set(via "${c}")
      endif()
    endforeach()
  else()
    # SASS sm_XY runs on X.Y and later minors of the same major ('a' only on X.Y itself, 'f' on
    # the family's later minors); PTX compute_XY is compiled by the driver for anything >= X.Y.
    math(EXPR dev_major "${arch} / 10")
    set(best -1)  # the newest SASS that runs here is the one the driver loads
    foreach(c IN LISTS code)
      if(NOT c MATCHES "^(sm|compute)_([0-9]+)([af]?)$")
        continue()
      endif()
      set(kind "${CMAKE_MATCH_1}")
      set(cc "${CMAKE_MATCH_2}")
      set(sfx "${CMAKE_MATCH_3}")
      math(EXPR major "${cc} / 10")
      if(kind STREQUAL "sm")
        if(((sfx STREQUAL "a" AND cc EQUAL arch) OR (NOT sfx STREQUAL "a" AND major EQUAL dev_major AND NOT cc GREATER arch))
           AND cc GREATER best)
          set(verdict native)
          set(via "${c}")
          set(best ${cc})
        endif()
      elseif(NOT verdict STREQUAL "native" AND ((sfx STREQUAL "" AND NOT cc GREATER arch) OR cc EQUAL arch))
        set(verdict ptx)
        set(via "${c}")
      endif()
    endforeach()
  endif()
  set(${prefix}_VERDICT "${verdict}" PARENT_SCOPE)
  set(${prefix}_VIA "${via}" PARENT_SCOPE)
endfunction()

# dualgpu_verdict_text(<out> <vendor> <gpu-arch> <verdict> <via> <what>): one sentence with the fix.
# <what> names the code's owner: "torch 2.5.1" or "libfoo.so".
function(dualgpu_verdict_text out vendor arch verdict via what)
  if(verdict STREQUAL "native")
    set(t "runs natively (${what} has ${via})")
  elseif(verdict STREQUAL "generic")
    set(t "runs through the generic target ${via} (${what} has no ${arch} code object; ${arch} is covered by ${via})")
  elseif(verdict STREQUAL "ptx")
    set(t "runs through PTX JIT of ${via}: the driver compiles it at the first launch (slow start, needs a driver at least as new as the CUDA that built it); add sm_${arch} for SASS")
  elseif(vendor STREQUAL "amd")
    dualgpu_amd_target_info(info "${arch}")
    set(alt "")
    if(info_GENERIC)
      set(alt " or ${info_GENERIC}")
    endif()
    if(what MATCHES "^torch")
      set(fix "install a torch wheel whose PYTORCH_ROCM_ARCH has ${arch}${alt} (docs/rocm.md lists them), or build torch with PYTORCH_ROCM_ARCH=${arch}")
      foreach(w IN LISTS _DUALGPU_TORCH_ROCM_WHEELS)
        if(w MATCHES "^${arch}\\|([^|]+)\\|(.+)$")
          set(fix "install a torch wheel for ROCm ${CMAKE_MATCH_1} or newer (from PyTorch's ${CMAKE_MATCH_2} wheel index, or a later rocmX.Y one: their PYTORCH_ROCM_ARCH has ${arch}), or build torch with PYTORCH_ROCM_ARCH=${arch}")
        endif()
      endforeach()
    else()
      set(fix "rebuild with ${arch}${alt} in DUALGPU_ARCHITECTURES")
    endif()
    set(t "no code: ${what} has no code object for ${arch} - ${fix}. HSA_OVERRIDE_GFX_VERSION is not a fix: it makes ROCm load code built for another chip, whose instructions and registers differ, which gives wrong results, hangs or page faults")
  else()
    math(EXPR major "${arch} / 10")
    math(EXPR minor "${arch} % 10")
    if(what MATCHES "^torch")
      set(fix "install a torch wheel built for sm_${arch} (a newer CUDA index), or build torch with TORCH_CUDA_ARCH_LIST=${major}.${minor}")
    else()
      set(fix "rebuild with ${major}.${minor} in DUALGPU_ARCHITECTURES (or a lower ${major}.x, or PTX of an older one)")
    endif()
    set(t "no code: ${what} has neither SASS nor PTX that runs on sm_${arch} - ${fix}")
  endif()
  set(${out} "${t}" PARENT_SCOPE)
endfunction()

# roc-obj-ls prints "<n>  hipv4-amdgcn-amd-amdhsa--gfx90a  file://..."; cuobjdump prints
# "ELF file    1: x.sm_90.cubin" and "PTX file    1: x.sm_90.ptx" (PTX is named by its compute_ version).
function(dualgpu_code_objects_from_tool_output out tool text)
  set(result "")
  if(tool STREQUAL "roc-obj-ls")
    string(REGEX MATCHALL "amdgcn-amd-amdhsa--gfx[0-9a-z-]+(:[a-z]+[+-])*" hits "${text}")
    foreach(h IN LISTS hits)
      string(REPLACE "amdgcn-amd-amdhsa--" "" h "${h}")
      list(APPEND result "${h}")
    endforeach()
  else()
    string(REGEX MATCHALL "(ELF|PTX) file +[0-9]+: [^\n]*\\.sm_[0-9]+[af]?\\.(cubin|ptx)" hits "${text}")
    foreach(h IN LISTS hits)
      string(REGEX MATCH "sm_([0-9]+[af]?)\\.(cubin|ptx)$" _ "${h}")
      if(CMAKE_MATCH_2 STREQUAL "ptx")
        list(APPEND result "compute_${CMAKE_MATCH_1}")
      else()
        list(APPEND result "sm_${CMAKE_MATCH_1}")
      endif()
    endforeach()
  endif()
  list(REMOVE_DUPLICATES result)
  set(${out} "${result}" PARENT_SCOPE)
endfunction()

function(dualgpu_code_objects_of_library out out_note file)
  set(${out} "" PARENT_SCOPE)
  set(${out_note} "" PARENT_SCOPE)
  if(NOT EXISTS "${file}" OR IS_DIRECTORY "${file}")
    set(${out_note} "--library ${file}: no such file" PARENT_SCOPE)
    return()
  endif()
  set(notes "")
  foreach(tool roc-obj-ls cuobjdump)
    find_program(exe ${tool} HINTS /usr/local/cuda/bin NO_CACHE)
    if(NOT exe)
      list(APPEND notes "${tool} not found")
      continue()
    endif()
    set(text "")
    if(tool STREQUAL "roc-obj-ls")
      _dualgpu_probe(text rc "${exe}" "${file}")
    else()
      foreach(flag --list-elf --list-ptx)
        _dualgpu_probe(part rc "${exe}" ${flag} "${file}")
        string(APPEND text "${part}\n")
      endforeach()
    endif()
    unset(exe)
    # Bounded like every probe: a lister that hangs or prints without end is named, not believed.
    if(rc STREQUAL "timeout")
      list(APPEND notes "${tool}: no answer within ${DUALGPU_PROBE_TIMEOUT} s (DUALGPU_PROBE_TIMEOUT)")
      continue()
    elseif(rc STREQUAL "too much output")
      list(APPEND notes "${tool}: printed more than ${_DUALGPU_PROBE_OUTPUT_LIMIT} bytes - ignored")
      continue()
    endif()
    dualgpu_code_objects_from_tool_output(found ${tool} "${text}")
    if(found)
      set(${out} "${found}" PARENT_SCOPE)
      return()
    endif()
    list(APPEND notes "${tool} found no GPU code")
  endforeach()
  list(JOIN notes ", " notes)
  set(${out_note} "--library ${file}: ${notes}" PARENT_SCOPE)
endfunction()

# Used by the doctor: per GPU a JSON object {"torch": {...}|null, "library": {...}|null} and text lines.
# Reads DualGPU_GPUS, DualGPU_TORCH_*, and the library's code list <library-code> named <library>.
function(dualgpu_coverage_report out_json out_text library library_code)
  set(json "[]")
  set(text "")
  set(i 0)
  foreach(g IN LISTS DualGPU_GPUS)
    string(REPLACE "|" ";" f "${g}")
    list(GET f 0 vendor)
    list(GET f 2 arch)
    set(entry "{\"torch\": null, \"library\": null}")
    set(line "")
    foreach(source torch library)
      if(source STREQUAL "torch")
        if(NOT DualGPU_TORCH_FOUND)
          continue()
        endif()
        set(code "${DualGPU_TORCH_ARCH_LIST}")
        set(what "torch ${DualGPU_TORCH_VERSION}")
      else()
        if(NOT library)
          continue()
        endif()
        set(code "${library_code}")
        get_filename_component(what "${library}" NAME)
      endif()
      dualgpu_gpu_verdict(v "${vendor}" "${arch}" "${code}")
      dualgpu_verdict_text(t "${vendor}" "${arch}" "${v_VERDICT}" "${v_VIA}" "${what}")
      _dualgpu_json_string(quoted "${t}")
      string(JSON entry SET "${entry}" ${source}
        "{\"verdict\": \"${v_VERDICT}\", \"via\": \"${v_VIA}\", \"explanation\": ${quoted}}")
      string(APPEND line "\n    ${source}: ${t}")
    endforeach()
    string(JSON json SET "${json}" ${i} "${entry}")
    if(line)
      if(vendor STREQUAL "nvidia")
        set(arch "sm_${arch}")
      endif()
      string(APPEND text "  will it run    gpu ${i} (${arch}):${line}\n")
    endif()
    math(EXPR i "${i} + 1")
  endforeach()
  set(${out_json} "${json}" PARENT_SCOPE)
  set(${out_text} "${text}" PARENT_SCOPE)
endfunction()
