#[=======================================================================[.rst:
DualGPUArchitectures
--------------------

Pure functions that read every spelling of a GPU architecture people use and
turn it into the one form CMake wants. They touch no target and run the same
in a configure and in script mode (``cmake -P``).

CUDA entries come out in CMake's ``CUDA_ARCHITECTURES`` form (``80-real``,
``90a-real``, ``90-virtual``); HIP entries as target ids (``gfx90a``,
``gfx90a:xnack-``).

.. command:: dualgpu_parse_architectures

  ::

    dualgpu_parse_architectures(<out-list> <out-error> <platform> <spelling>)

  ``<platform>`` is ``cuda`` or ``rocm``. ``<spelling>`` may be a list separated
  by ``;``, ``,`` or spaces. Accepted CUDA spellings: ``sm_90``, ``sm_90a``,
  ``compute_90`` (PTX only), ``9.0``, ``9.0a``, ``8.6+PTX``, ``90`` (SASS and PTX,
  as CMake reads it), ``90-real``, ``90-virtual``, torch's names (``Ampere``,
  ``Hopper``, ...). Accepted HIP spellings: ``gfx90a``, ``gfx90a:xnack-``,
  ``amdgcn-amd-amdhsa--gfx90a:sramecc+:xnack-``. On failure ``<out-error>`` holds
  a message that names the bad entry; otherwise it is empty.

.. command:: dualgpu_parse_torch_cuda_arch_list

  ::

    dualgpu_parse_torch_cuda_arch_list(<out-list> <out-error> <value>)

  Reads ``TORCH_CUDA_ARCH_LIST`` exactly as ``torch.utils.cpp_extension`` does
  (names expanded, ``+PTX`` adds PTX, no PTX otherwise) and returns the same
  architectures in CMake form.
#]=======================================================================]
include_guard(GLOBAL)
# Our own policies, whatever cmake_minimum_required() the including project has.
cmake_policy(VERSION 3.25...4.4)

# torch.utils.cpp_extension's named architectures, in its order (combined names first,
# so that "Ampere+Tegra" is replaced before "Ampere").
set(_DUALGPU_TORCH_NAMED_ARCHES
  "Kepler+Tesla=3.7" "Kepler=3.5+PTX" "Maxwell+Tegra=5.3" "Maxwell=5.0,5.2+PTX"
  "Pascal=6.0,6.1+PTX" "Volta+Tegra=7.2" "Volta=7.0+PTX" "Turing=7.5+PTX"
  "Ampere+Tegra=8.7" "Ampere=8.0,8.6+PTX" "Ada=8.9+PTX" "Hopper=9.0+PTX"
  "Blackwell+Tegra=11.0" "Blackwell=10.0,10.3,12.0,12.1+PTX" "Rubin=10.7+PTX")

# Compute capabilities that exist (as "<major><minor>"); sm_13 or 8.5 is a typo, not a GPU.
set(_DUALGPU_CUDA_CAPABILITIES
  35 37 50 52 53 60 61 62 70 72 75 80 86 87 88 89 90 100 101 103 107 110 120 121)
# Capabilities with architecture-specific ('a') and family ('f') variants.
set(_DUALGPU_CUDA_SPECIFIC_CAPABILITIES 90 100 101 103 107 110 120 121)
set(_DUALGPU_CUDA_FAMILY_CAPABILITIES 100 101 103 107 110 120 121)

# AMD targets: <gfx>|<wave size>|<kind>|<first ROCm that builds it>|<what it is>.
# kind: dgpu, igpu (an APU: visible next to a discrete card it breaks hipErrorNoBinaryForGpu).
set(_DUALGPU_AMD_TARGETS
  "gfx803|64|dgpu|1.0|Fiji/Polaris (RX 400/500)"
  "gfx900|64|dgpu|1.0|Vega 10 (MI25, Vega 56/64)"
  "gfx902|64|igpu|1.0|Raven Ridge APU"
  "gfx904|64|dgpu|1.0|Vega 12"
  "gfx906|64|dgpu|1.0|Vega 20 (MI50/MI60, Radeon VII)"
  "gfx908|64|dgpu|3.5|CDNA1 (MI100)"
  "gfx909|64|igpu|3.5|Raven 2 APU"
  "gfx90a|64|dgpu|4.0|CDNA2 (MI210/MI250/MI250X)"
  "gfx90c|64|igpu|4.0|Renoir/Cezanne APU"
  "gfx940|64|dgpu|5.2|CDNA3 (MI300 early)"
  "gfx941|64|dgpu|5.7|CDNA3 (MI300 early)"
  "gfx942|64|dgpu|6.0|CDNA3 (MI300X/MI300A/MI325X)"
  "gfx950|64|dgpu|7.0|CDNA4 (MI350X/MI355X)"
  "gfx1010|32|dgpu|3.0|RDNA1 (RX 5700)"
  "gfx1011|32|dgpu|3.0|RDNA1 (Radeon Pro V520)"
  "gfx1012|32|dgpu|3.0|RDNA1 (RX 5500)"
  "gfx1013|32|igpu|4.5|RDNA1 APU"
  "gfx1030|32|dgpu|4.0|RDNA2 (RX 6800/6900, W6800)"
  "gfx1031|32|dgpu|4.0|RDNA2 (RX 6700)"
  "gfx1032|32|dgpu|4.0|RDNA2 (RX 6600)"
  "gfx1033|32|igpu|4.5|RDNA2 APU (Van Gogh)"
  "gfx1034|32|dgpu|4.5|RDNA2 (RX 6500)"
  "gfx1035|32|igpu|5.0|RDNA2 APU (Rembrandt)"
  "gfx1036|32|igpu|5.0|RDNA2 APU (Raphael/Granite Ridge iGPU)"
  "gfx1100|32|dgpu|5.5|RDNA3 (RX 7900, W7900)"
  "gfx1101|32|dgpu|5.5|RDNA3 (RX 7800/7700)"
  "gfx1102|32|dgpu|5.5|RDNA3 (RX 7600)"
  "gfx1103|32|igpu|5.5|RDNA3 APU (Phoenix)"
  "gfx1150|32|igpu|6.2|RDNA3.5 APU (Strix Point)"
  "gfx1151|32|igpu|6.2|RDNA3.5 APU (Strix Halo)"
  "gfx1152|32|igpu|6.3|RDNA3.5 APU (Krackan)"
  "gfx1200|32|dgpu|6.3|RDNA4 (RX 9060)"
  "gfx1201|32|dgpu|6.3|RDNA4 (RX 9070)")

# dualgpu_amd_target_info(<out-prefix> <gfx>): sets <out-prefix>_FOUND, _WAVE, _KIND, _MIN_ROCM, _DESCRIPTION.
function(dualgpu_amd_target_info prefix target)
  string(REGEX REPLACE ":.*$" "" base "${target}")
  set(${prefix}_FOUND FALSE PARENT_SCOPE)
  foreach(row IN LISTS _DUALGPU_AMD_TARGETS)
    string(REPLACE "|" ";" fields "${row}")
    list(GET fields 0 name)
    if(name STREQUAL base)
      list(GET fields 1 wave)
      list(GET fields 2 kind)
      list(GET fields 3 min_rocm)
      list(GET fields 4 description)
      set(${prefix}_FOUND TRUE PARENT_SCOPE)
      set(${prefix}_WAVE "${wave}" PARENT_SCOPE)
      set(${prefix}_KIND "${kind}" PARENT_SCOPE)
      set(${prefix}_MIN_ROCM "${min_rocm}" PARENT_SCOPE)
      set(${prefix}_DESCRIPTION "${description}" PARENT_SCOPE)
      return()
    endif()
  endforeach()
endfunction()

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
    set(${err} "'${spelling}' names compute capability ${num}, which no NVIDIA GPU has (known: 35 ... 90, 100, 103, 110, 120, 121)" PARENT_SCOPE)
    return()
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

# One HIP spelling -> a target id. Sets <out> and <err>.
function(_dualgpu_hip_arch_from_spelling out err spelling)
  set(${out} "" PARENT_SCOPE)
  set(${err} "" PARENT_SCOPE)
  string(TOLOWER "${spelling}" s)
  string(REGEX REPLACE "^amdgcn-amd-amdhsa--" "" s "${s}")  # rocminfo's ISA name
  if(NOT s MATCHES "^(gfx[0-9a-f]+)((:[a-z]+[+-])*)$")
    set(${err} "'${spelling}' is not an AMD GPU target (expected e.g. gfx90a, gfx942 or gfx90a:xnack-)" PARENT_SCOPE)
    return()
  endif()
  set(base "${CMAKE_MATCH_1}")
  set(features "${CMAKE_MATCH_2}")
  # clang spells features in lower case but the sign matters; keep them as given.
  if(base STREQUAL "gfx000")
    set(${err} "'${spelling}' is the CPU agent placeholder, not a GPU" PARENT_SCOPE)
    return()
  endif()
  dualgpu_amd_target_info(info "${base}")
  if(NOT info_FOUND)
    set(${err} "'${spelling}' is not a known AMD GPU target (known: gfx803 ... gfx90a, gfx942, gfx950, gfx1030 ... gfx1201)" PARENT_SCOPE)
    return()
  endif()
  set(${out} "${base}${features}" PARENT_SCOPE)
endfunction()

function(dualgpu_parse_architectures out err platform spelling)
  set(${out} "" PARENT_SCOPE)
  set(${err} "" PARENT_SCOPE)
  if(NOT platform MATCHES "^(cuda|rocm)$")
    set(${err} "architectures only apply to the cuda and rocm platforms, not '${platform}'" PARENT_SCOPE)
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
        list(APPEND result ${entries})
      endforeach()
    else()
      _dualgpu_hip_arch_from_spelling(entry e "${item}")
      if(e)
        set(${err} "${e}" PARENT_SCOPE)
        return()
      endif()
      list(APPEND result "${entry}")
    endif()
  endforeach()
  list(REMOVE_DUPLICATES result)
  set(${out} "${result}" PARENT_SCOPE)
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

# dualgpu_cuda_arch_base(<out> <entry>): "90a-real" -> "90" (for comparing with torch's sm list).
function(dualgpu_cuda_arch_base out entry)
  string(REGEX REPLACE "^([0-9]+).*$" "\\1" base "${entry}")
  set(${out} "${base}" PARENT_SCOPE)
endfunction()
