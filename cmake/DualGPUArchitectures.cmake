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
include_guard(DIRECTORY)  # file-scope tables and defaults are per folder: a sibling folder that finds DualGPU gets them too
# Our own policies, whatever cmake_minimum_required() the including project has.
cmake_policy(VERSION 3.25...4.4)

# ---------------------------------------------------------------------------------------------
# The architecture table: everything DualGPU knows about GPU targets, as data. Messages ("known:"
# lists), the doctor's explanations, ci/selfcheck.sh's lists and docs/rocm.md derive from these rows
# (cmake/update_architecture_lists.cmake writes the copies; a unit test fails when one disagrees).
# Sources: LLVM's AMDGPUUsage processor and generic-processor tables, AMD's ROCm compatibility
# matrix, torch's named architectures (docs/rocm.md cites them).
# ---------------------------------------------------------------------------------------------

# NVIDIA compute capabilities: <major><minor>|<variants>|<name>. variants: a = has an
# architecture-specific sm_XYa, f = has a family sm_XYf. sm_13 or 8.5 is a typo, not a GPU.
set(_DUALGPU_CUDA_TABLE
  "35||Kepler (K40)"             "37||Kepler (K80)"
  "50||Maxwell"                  "52||Maxwell (M40, GTX 900)"       "53||Maxwell Tegra (Jetson Nano)"
  "60||Pascal (P100)"            "61||Pascal (P40, GTX 10)"         "62||Pascal Tegra (Jetson TX2)"
  "70||Volta (V100)"             "72||Volta Tegra (Jetson Xavier)"  "75||Turing (T4, RTX 20)"
  "80||Ampere (A100)"            "86||Ampere (A10, RTX 30)"         "87||Ampere Tegra (Jetson Orin)"
  "88||compute capability 8.8 (nvcc 13 lists it)"                   "89||Ada (L4, L40, RTX 40)"
  "90|a|Hopper (H100, H200)"     "100|af|Blackwell (B200, GB200)"   "101|af|Blackwell"
  "103|af|Blackwell Ultra (B300)" "107|af|Rubin (torch's name for 10.7)"     "110|af|Blackwell Tegra (Thor)"
  "120|af|Blackwell (RTX 50, RTX PRO 6000)"                          "121|af|Blackwell (DGX Spark GB10)")

# AMD targets: <gfx>|<family>|<wave size>|<kind>|<first ROCm>|<first LLVM>|<generic>|<products>.
# kind: dgpu, igpu (an APU: visible next to a discrete card it breaks hipErrorNoBinaryForGpu),
# generic (one code object for every row whose <generic> column names it; code object v6).
# <first ROCm> is the first release whose device libraries build it; <first LLVM> the first
# upstream clang that knows it (a unit test checks this column against the clang installed here).
set(_DUALGPU_AMD_TARGETS
  "gfx803|GCN4|64|dgpu|1.0|4||Fiji/Polaris (RX 400/500)"
  "gfx900|GCN5 Vega|64|dgpu|1.0|5|gfx9-generic|Vega 10 (MI25, Vega 56/64)"
  "gfx902|GCN5 Vega|64|igpu|1.0|6|gfx9-generic|Raven Ridge APU"
  "gfx904|GCN5 Vega|64|dgpu|1.0|7|gfx9-generic|Vega 12"
  "gfx906|GCN5 Vega|64|dgpu|1.0|7|gfx9-generic|Vega 20 (MI50/MI60, Radeon VII)"
  "gfx908|CDNA1|64|dgpu|3.5|10||MI100"
  "gfx909|GCN5 Vega|64|igpu|3.5|8|gfx9-generic|Raven 2 APU"
  "gfx90a|CDNA2|64|dgpu|4.0|13||MI210/MI250/MI250X"
  "gfx90c|GCN5 Vega|64|igpu|4.0|12|gfx9-generic|Renoir/Cezanne APU"
  "gfx940|CDNA3|64|dgpu|5.2|15|gfx9-4-generic|MI300 (early)"
  "gfx941|CDNA3|64|dgpu|5.7|17|gfx9-4-generic|MI300 (early)"
  "gfx942|CDNA3|64|dgpu|6.0|17|gfx9-4-generic|MI300X/MI300A/MI325X"
  "gfx950|CDNA4|64|dgpu|7.0|20|gfx9-4-generic|MI350X/MI355X"
  "gfx1010|RDNA1|32|dgpu|3.0|9|gfx10-1-generic|RX 5700"
  "gfx1011|RDNA1|32|dgpu|3.0|9|gfx10-1-generic|Radeon Pro V520"
  "gfx1012|RDNA1|32|dgpu|3.0|9|gfx10-1-generic|RX 5500"
  "gfx1013|RDNA1|32|igpu|4.5|13|gfx10-1-generic|RDNA1 APU"
  "gfx1030|RDNA2|32|dgpu|4.0|12|gfx10-3-generic|RX 6800/6900, W6800"
  "gfx1031|RDNA2|32|dgpu|4.0|12|gfx10-3-generic|RX 6700"
  "gfx1032|RDNA2|32|dgpu|4.0|12|gfx10-3-generic|RX 6600"
  "gfx1033|RDNA2|32|igpu|4.5|12|gfx10-3-generic|Van Gogh APU (Steam Deck)"
  "gfx1034|RDNA2|32|dgpu|4.5|13|gfx10-3-generic|RX 6500"
  "gfx1035|RDNA2|32|igpu|5.0|14|gfx10-3-generic|Rembrandt APU (680M)"
  "gfx1036|RDNA2|32|igpu|5.0|15|gfx10-3-generic|Raphael/Granite Ridge iGPU"
  "gfx1100|RDNA3|32|dgpu|5.5|15|gfx11-generic|RX 7900, W7900"
  "gfx1101|RDNA3|32|dgpu|5.5|15|gfx11-generic|RX 7800/7700"
  "gfx1102|RDNA3|32|dgpu|5.5|15|gfx11-generic|RX 7600"
  "gfx1103|RDNA3|32|igpu|5.5|15|gfx11-generic|Phoenix APU (780M)"
  "gfx1150|RDNA3.5|32|igpu|6.2|18|gfx11-generic|Strix Point APU (890M)"
  "gfx1151|RDNA3.5|32|igpu|6.2|18|gfx11-generic|Strix Halo APU (8060S)"
  "gfx1152|RDNA3.5|32|igpu|6.3|19|gfx11-generic|Krackan APU (860M)"
  "gfx1200|RDNA4|32|dgpu|6.3|18|gfx12-generic|RX 9060"
  "gfx1201|RDNA4|32|dgpu|6.3|18|gfx12-generic|RX 9070"
  "gfx9-generic|GCN5 Vega|64|generic|6.4|19||any of its members"
  "gfx9-4-generic|CDNA3/4|64|generic|6.4|20||any of its members"
  "gfx10-1-generic|RDNA1|32|generic|6.4|19||any of its members"
  "gfx10-3-generic|RDNA2|32|generic|6.4|19||any of its members"
  "gfx11-generic|RDNA3/3.5|32|generic|6.4|19||any of its members"
  "gfx12-generic|RDNA4|32|generic|6.4|19||any of its members")
# Generic code objects need code object version 6, which clang does not emit by default.
set(_DUALGPU_GENERIC_CODE_OBJECT_FLAG -mcode-object-version=6)

# torch.utils.cpp_extension's named architectures, in its order (combined names first,
# so that "Ampere+Tegra" is replaced before "Ampere").
set(_DUALGPU_TORCH_NAMED_ARCHES
  "Kepler+Tesla=3.7" "Kepler=3.5+PTX" "Maxwell+Tegra=5.3" "Maxwell=5.0,5.2+PTX"
  "Pascal=6.0,6.1+PTX" "Volta+Tegra=7.2" "Volta=7.0+PTX" "Turing=7.5+PTX"
  "Ampere+Tegra=8.7" "Ampere=8.0,8.6+PTX" "Ada=8.9+PTX" "Hopper=9.0+PTX"
  "Blackwell+Tegra=11.0" "Blackwell=10.0,10.3,12.0,12.1+PTX" "Rubin=10.7+PTX")

# Lists derived from the table, for membership tests and messages.
set(_DUALGPU_CUDA_CAPABILITIES "")
set(_DUALGPU_CUDA_SPECIFIC_CAPABILITIES "")
set(_DUALGPU_CUDA_FAMILY_CAPABILITIES "")
foreach(_dualgpu_row IN LISTS _DUALGPU_CUDA_TABLE)
  string(REPLACE "|" ";" _dualgpu_f "${_dualgpu_row}")
  list(GET _dualgpu_f 0 _dualgpu_cc)
  list(GET _dualgpu_f 1 _dualgpu_variants)
  list(APPEND _DUALGPU_CUDA_CAPABILITIES ${_dualgpu_cc})
  if(_dualgpu_variants MATCHES "a")
    list(APPEND _DUALGPU_CUDA_SPECIFIC_CAPABILITIES ${_dualgpu_cc})
  endif()
  if(_dualgpu_variants MATCHES "f")
    list(APPEND _DUALGPU_CUDA_FAMILY_CAPABILITIES ${_dualgpu_cc})
  endif()
endforeach()
set(_DUALGPU_AMD_TARGET_NAMES "")
foreach(_dualgpu_row IN LISTS _DUALGPU_AMD_TARGETS)
  string(REGEX REPLACE "\\|.*" "" _dualgpu_name "${_dualgpu_row}")
  list(APPEND _DUALGPU_AMD_TARGET_NAMES ${_dualgpu_name})
endforeach()
unset(_dualgpu_row)
unset(_dualgpu_f)

# dualgpu_amd_target_info(<out-prefix> <gfx>): sets <out-prefix>_FOUND, _FAMILY, _WAVE, _KIND,
# _MIN_ROCM, _MIN_LLVM, _GENERIC (the generic target covering it, or empty), _MEMBERS (for a
# generic target: its member chips), _DESCRIPTION.
# Example: dualgpu_amd_target_info(i gfx1103) -> i_KIND=igpu, i_GENERIC=gfx11-generic.
function(dualgpu_amd_target_info prefix target)
  string(REGEX REPLACE ":.*$" "" base "${target}")
  string(TOLOWER "${base}" base)
  set(${prefix}_FOUND FALSE PARENT_SCOPE)
  foreach(field FAMILY WAVE KIND MIN_ROCM MIN_LLVM GENERIC MEMBERS DESCRIPTION)
    set(${prefix}_${field} "" PARENT_SCOPE)
  endforeach()
  set(members "")
  set(found FALSE)
  foreach(row IN LISTS _DUALGPU_AMD_TARGETS)
    string(REPLACE "|" ";" fields "${row}")
    list(GET fields 0 name)
    list(GET fields 6 generic)
    if(generic STREQUAL base)
      list(APPEND members "${name}")
    endif()
    if(name STREQUAL base)
      set(found TRUE)
      set(i 1)
      foreach(field FAMILY WAVE KIND MIN_ROCM MIN_LLVM GENERIC DESCRIPTION)
        list(GET fields ${i} value)
        set(${prefix}_${field} "${value}" PARENT_SCOPE)
        math(EXPR i "${i} + 1")
      endforeach()
    endif()
  endforeach()
  set(${prefix}_FOUND ${found} PARENT_SCOPE)
  set(${prefix}_MEMBERS "${members}" PARENT_SCOPE)
endfunction()

# dualgpu_amd_targets_of_kind(<out> <kind>): table rows of one kind (dgpu, igpu, generic), in table order.
function(dualgpu_amd_targets_of_kind out kind)
  set(result "")
  foreach(row IN LISTS _DUALGPU_AMD_TARGETS)
    string(REPLACE "|" ";" fields "${row}")
    list(GET fields 3 k)
    if(k STREQUAL kind)
      list(GET fields 0 name)
      list(APPEND result "${name}")
    endif()
  endforeach()
  set(${out} "${result}" PARENT_SCOPE)
endfunction()

# dualgpu_cuda_capability_name(<out> <cc>): "90" -> "Hopper (H100, H200)"; empty when unknown.
function(dualgpu_cuda_capability_name out cc)
  set(${out} "" PARENT_SCOPE)
  foreach(row IN LISTS _DUALGPU_CUDA_TABLE)
    if(row MATCHES "^${cc}\\|[^|]*\\|(.*)$")
      set(${out} "${CMAKE_MATCH_1}" PARENT_SCOPE)
      return()
    endif()
  endforeach()
endfunction()

# dualgpu_hip_code_object_flags(<out> <architectures>): the flags a HIP target needs for this list.
# Example: "gfx90a;gfx11-generic" -> "-mcode-object-version=6"; "gfx90a" -> "".
function(dualgpu_hip_code_object_flags out archs)
  set(${out} "" PARENT_SCOPE)
  foreach(a IN LISTS archs)
    if(a MATCHES "^gfx[0-9a-f-]+-generic")
      set(${out} "${_DUALGPU_GENERIC_CODE_OBJECT_FLAG}" PARENT_SCOPE)
      return()
    endif()
  endforeach()
endfunction()

# "known:" text of the table for messages, e.g. "gfx803, gfx900, ..., gfx12-generic".
function(_dualgpu_known_text out platform)
  if(platform STREQUAL "cuda")
    list(JOIN _DUALGPU_CUDA_CAPABILITIES ", " text)
  else()
    list(JOIN _DUALGPU_AMD_TARGET_NAMES ", " text)
  endif()
  set(${out} "${text}" PARENT_SCOPE)
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

# dualgpu_cuda_arch_base(<out> <entry>): "90a-real" -> "90" (for comparing with torch's sm list).
function(dualgpu_cuda_arch_base out entry)
  string(REGEX REPLACE "^([0-9]+).*$" "\\1" base "${entry}")
  set(${out} "${base}" PARENT_SCOPE)
endfunction()

# dualgpu_architecture_keyword(<out> <value>): TRUE for CMake's own architecture keywords
# (native, all, all-major, OFF), which CMake resolves itself and DualGPU passes through.
function(dualgpu_architecture_keyword out value)
  if(value MATCHES "^(native|all|all-major|OFF|off)$")
    set(${out} TRUE PARENT_SCOPE)
  else()
    set(${out} FALSE PARENT_SCOPE)
  endif()
endfunction()
