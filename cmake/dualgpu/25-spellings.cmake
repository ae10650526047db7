#[=======================================================================[.rst:
dualgpu/25-spellings
--------------------

Every spelling of a platform or an architecture that people and tools use, read into the one form
DualGPU and CMake work with. Pure functions over the tables of dualgpu/00-data, the same in a configure
and in ``cmake -P``: :command:`dualgpu_decide` reads every user's list through them, and so do the
per-source architecture lists of dualgpu/61-architectures.

Commands
^^^^^^^^

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

#]=======================================================================]
include_guard(DIRECTORY)  # file-scope tables and defaults are per folder: a sibling folder that finds DualGPU gets them too
# Our own policies, whatever cmake_minimum_required() the including project has.
cmake_policy(VERSION 3.25...4.4)
include("${CMAKE_CURRENT_LIST_DIR}/00-data.cmake")

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
