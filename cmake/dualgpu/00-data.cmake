#[=======================================================================[.rst:
dualgpu/00-data
---------------

The tables every rule reads, and the commands that read them: the architecture tables (NVIDIA
capabilities with their ``a``/``f`` variants, AMD targets with family, wave size, kind, first
ROCm/LLVM and generic target), torch's architecture names, the variables a decision reads and its
defaults, which torch wheel first covers which AMD target, and the settings that take a fixed kind
of value. Nothing here decides: the rules in the files after this one ask the commands below.

Result variables
^^^^^^^^^^^^^^^^

Set when the file is included, for the files after it (internal: their form may change).

``_DUALGPU_CUDA_TABLE``
  One ``<major><minor>|<variants>|<name>`` row per NVIDIA compute capability; variants ``a`` (an
  architecture-specific ``sm_XYa`` exists) and ``f`` (a family ``sm_XYf`` exists).
``_DUALGPU_CUDA_CAPABILITIES``, ``_DUALGPU_CUDA_SPECIFIC_CAPABILITIES``, ``_DUALGPU_CUDA_FAMILY_CAPABILITIES``
  The capabilities of that table: all of them, those with ``a``, those with ``f``.
``_DUALGPU_AMD_TARGETS``, ``_DUALGPU_AMD_TARGET_NAMES``
  One ``<gfx>|<family>|<wave size>|<kind>|<first ROCm>|<first LLVM>|<generic>|<products>`` row per
  AMD target (kind ``dgpu``, ``igpu`` or ``generic``), and the names alone.
``_DUALGPU_GENERIC_CODE_OBJECT_FLAG``
  The flag a generic AMD target needs (code object version 6).
``_DUALGPU_TORCH_NAMED_ARCHES``
  ``torch.utils.cpp_extension``'s architecture names (``Ampere=8.0,8.6+PTX``), in its order.
``_DUALGPU_PLATFORM_SPELLINGS``
  ``DUALGPU_PLATFORM``'s spellings, ``<spelling>:<platform>``: read by
  :command:`dualgpu_normalize_platform` and by the commands (``dualgpu.platform_spellings()``).
``_DUALGPU_ARCHITECTURE_VARIABLES_cuda``, ``_DUALGPU_ARCHITECTURE_VARIABLES_rocm``
  The ecosystem's architecture variables of each platform, in the order they are read.
``_DUALGPU_DECISION_INPUTS``
  Every variable the decision reads, each as a CMake variable and from the environment: the key of
  the cached decision (dualgpu/50-setup).
``_DUALGPU_DECISION_RESULTS``, ``_DUALGPU_TORCH_RESULTS``
  What :command:`dualgpu_decide` and :command:`dualgpu_probe_torch` set, as ``DualGPU_<name>``.
``_DUALGPU_DEFAULT_CUDA_ARCHITECTURES``, ``_DUALGPU_DEFAULT_HIP_ARCHITECTURES``
  The lists built when no GPU is seen and nothing names one.
``_DUALGPU_TORCH_ROCM_WHEELS``
  ``<gfx>|<ROCm>|<index>``: the oldest ROCm whose official torch wheels carry a chip.
``_DUALGPU_SETTINGS``, ``_DUALGPU_SETTING_REGEX_<kind>``, ``_DUALGPU_SETTING_TEXT_<kind>``
  ``<name>:<kind>`` of each setting that takes a fixed kind of value, what each kind accepts, and
  the words of its error (checked by ``_dualgpu_check_settings``, dualgpu/10-util).

Commands
^^^^^^^^

Every rule asks these; none reads a row's columns itself. They work in script mode too.

.. command:: dualgpu_amd_target_info

  ::

    dualgpu_amd_target_info(<out-prefix> <gfx>)

  Sets ``<out-prefix>_FOUND``, ``_FAMILY``, ``_WAVE``, ``_KIND``, ``_MIN_ROCM``, ``_MIN_LLVM``,
  ``_GENERIC`` (the generic target covering it, or empty), ``_MEMBERS`` (for a generic target: its
  chips) and ``_DESCRIPTION``. A feature suffix (``gfx90a:xnack-``) is ignored. Example:
  ``gfx1103`` -> ``_KIND`` ``igpu``, ``_GENERIC`` ``gfx11-generic``.

.. command:: dualgpu_wave64_architectures

  ::

    dualgpu_wave64_architectures(<out> <architectures>)

  The entries whose wave is 64 lanes, from the table's wave column (unknown targets left out).

.. command:: dualgpu_amd_targets_of_kind

  ::

    dualgpu_amd_targets_of_kind(<out> <kind>)

  The AMD targets of one kind (``dgpu``, ``igpu`` or ``generic``), in table order.

.. command:: dualgpu_cuda_capability_name

  ::

    dualgpu_cuda_capability_name(<out> <cc>)

  The table's name of a compute capability (``90`` -> ``Hopper (H100, H200)``); empty when unknown.

.. command:: dualgpu_hip_code_object_flags

  ::

    dualgpu_hip_code_object_flags(<out> <architectures>)

  The flags a HIP target needs for this list: ``_DUALGPU_GENERIC_CODE_OBJECT_FLAG`` when it holds a
  generic target, else empty.

.. command:: dualgpu_cuda_arch_base

  ::

    dualgpu_cuda_arch_base(<out> <entry>)

  The capability of a CMake-style CUDA entry: ``90a-real`` -> ``90``.

.. command:: dualgpu_architecture_keyword

  ::

    dualgpu_architecture_keyword(<out> <value>)

  ``TRUE`` for CMake's own architecture keywords (``native``, ``all``, ``all-major``, ``OFF``),
  which CMake resolves itself and DualGPU passes through.

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

# DUALGPU_PLATFORM's spellings, <spelling>:<platform> (matched in lower case). Read by
# dualgpu_normalize_platform and by the commands (python/dualgpu: platform_spellings()).
set(_DUALGPU_PLATFORM_SPELLINGS cuda:cuda nvidia:cuda rocm:rocm hip:rocm amd:rocm cpu:cpu)

# The ecosystem's architecture variables of each platform, in the order they are read.
set(_DUALGPU_ARCHITECTURE_VARIABLES_cuda TORCH_CUDA_ARCH_LIST CUDAARCHS)

set(_DUALGPU_ARCHITECTURE_VARIABLES_rocm PYTORCH_ROCM_ARCH GPU_TARGETS AMDGPU_TARGETS)

# Everything the decision reads (each as a CMake variable and as an environment variable): the one
# list a configure's cache key is made of (dualgpu/50-setup.cmake). PATH stands for the tools found.
set(_DUALGPU_DECISION_INPUTS DUALGPU_PLATFORM DUALGPU_ARCHITECTURES CMAKE_CUDA_ARCHITECTURES CMAKE_HIP_ARCHITECTURES
  ${_DUALGPU_ARCHITECTURE_VARIABLES_cuda} ${_DUALGPU_ARCHITECTURE_VARIABLES_rocm}
  DUALGPU_PYTHON Python3_EXECUTABLE Python_EXECUTABLE Torch_DIR DUALGPU_CHECK_TORCH_ARCHITECTURES
  CMAKE_CUDA_COMPILER CMAKE_HIP_COMPILER CUDACXX HIPCXX ROCM_PATH HIP_PATH CUDA_PATH PATH)

# What dualgpu_decide sets, as DualGPU_<name>.
set(_DUALGPU_DECISION_RESULTS PLATFORM PLATFORM_SOURCE ARCHITECTURES ARCHITECTURES_SOURCE GPUS WARNINGS ERRORS NOTES
  NVCC CUDA_VERSION HIP_CLANG HIP_VERSION ROCM_ROOT ROCM_ROOT_SOURCE ROCM_VERSION ROCM_DEVICE_LIB_DIR TOOLCHAINS)

# SASS for Ampere and Hopper runs on every later GPU of the same major version,
# and Hopper's PTX is JIT-compiled on anything newer: the smallest list that runs everywhere >= 8.0.
set(_DUALGPU_DEFAULT_CUDA_ARCHITECTURES 80-real 90-real 90-virtual)

# AMD code objects do not carry over between targets: the data-centre parts and the common
# RDNA cards. Targets the found ROCm cannot build are dropped with a warning.
set(_DUALGPU_DEFAULT_HIP_ARCHITECTURES gfx90a gfx942 gfx1030 gfx1100 gfx1201)

# The oldest ROCm whose official torch wheels were seen to carry a chip, "gfx|ROCm|index": from the
# lists those wheels print (docs/rocm.md, "torch release -> ROCm versions", with sources). Chips not
# here are in no released wheel (gfx1103) or in every one (gfx90a).
set(_DUALGPU_TORCH_ROCM_WHEELS
  "gfx942|6.0|rocm6.0" "gfx1101|6.2.4|rocm6.2.4" "gfx1102|6.2.4|rocm6.2.4" "gfx1200|6.2.4|rocm6.2.4"
  "gfx1201|6.2.4|rocm6.2.4" "gfx950|7.2|rocm7.2" "gfx1150|7.2|rocm7.2" "gfx1151|7.2|rocm7.2")

# What dualgpu_probe_torch sets, as DualGPU_<name> (a cached decision restores them).
set(_DUALGPU_TORCH_RESULTS TORCH_FOUND TORCH_VERSION TORCH_CUDA TORCH_HIP TORCH_ARCH_LIST TORCH_CXX11_ABI
  TORCH_CMAKE_PREFIX TORCH_WHY PYTHON)

# ---------------------------------------------------------------------------------------------
# The settings DualGPU reads (a CMake variable, else the environment: _dualgpu_setting) that take
# a fixed kind of value, each checked once, up front, by _dualgpu_check_settings (10-util.cmake).
# <name>:<kind>. The platform, the timeout and the architecture lists have readers of their own
# (dualgpu_normalize_platform, _dualgpu_probe_timeout, dualgpu_parse_architectures), whose errors
# name the variable the same way.
# ---------------------------------------------------------------------------------------------
set(_DUALGPU_SETTINGS
  DUALGPU_ARCHITECTURE_JOBS:jobs DUALGPU_OFFLOAD_COMPRESS:auto_bool DUALGPU_LINKER:linker
  DUALGPU_COMPILER_CACHE:remote_storage DUALGPU_COMPILER_LAUNCHER:program DUALGPU_PYTHON:interpreter
  DUALGPU_COMPILER_CACHE_READONLY:bool DUALGPU_RDC:bool DUALGPU_REPROBE:bool
  DUALGPU_CHECK_TORCH_ARCHITECTURES:bool DUALGPU_CUDA_LIBRARIES:bool DUALGPU_NVCC_RELAXED:bool
  DUALGPU_WARN_WAVE64:bool)
# Per kind: the values accepted besides a CMake false constant (OFF, 0, NO, ...: each setting can be
# turned off), as a regular expression matched against the value and its upper case (CMake compares
# its constants so), and the text that follows "<name>='<value>'" in the error.
set(_dualgpu_bool_words "ON|OFF|TRUE|FALSE|YES|NO|Y|N|1|0")
set(_DUALGPU_SETTING_REGEX_bool "^(${_dualgpu_bool_words})$")
set(_DUALGPU_SETTING_TEXT_bool ": give ON or OFF")
set(_DUALGPU_SETTING_REGEX_jobs "^(AUTO|[0-9]+)$")
set(_DUALGPU_SETTING_TEXT_jobs ": give AUTO, OFF or a number of jobs")
set(_DUALGPU_SETTING_REGEX_auto_bool "^(AUTO|${_dualgpu_bool_words})$")
set(_DUALGPU_SETTING_TEXT_auto_bool ": give AUTO, ON or OFF")
set(_DUALGPU_SETTING_REGEX_linker "^[A-Z_]+$")
set(_DUALGPU_SETTING_TEXT_linker ": use AUTO, OFF or a CMake linker type (LLD, GOLD, MOLD)")
set(_DUALGPU_SETTING_REGEX_remote_storage "^((redis|https?)://[^ |]+|redis\\+unix:[^ |]+)$")
set(_DUALGPU_SETTING_TEXT_remote_storage " is no remote storage DualGPU knows: give redis://HOST:PORT[/DB], redis+unix:SOCKET, http(s)://HOST[:PORT]/PATH, or OFF")
set(_DUALGPU_SETTING_REGEX_program "^AUTO$")  # or a path that exists, or a name found on PATH
set(_DUALGPU_SETTING_TEXT_program ": give AUTO, OFF, or a program that exists (a path, or a name on PATH)")
set(_DUALGPU_SETTING_REGEX_interpreter "^$")  # a path that exists, or a name found on PATH
set(_DUALGPU_SETTING_TEXT_interpreter ": give a Python interpreter that exists (a path, or a name on PATH)")
unset(_dualgpu_bool_words)

# ---------------------------------------------------------------------------------------------
# Readers of the tables above: every rule asks these, none reads a row's columns itself.
# ---------------------------------------------------------------------------------------------

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

# dualgpu_wave64_architectures(<out> <architectures>): the entries whose wave is 64 lanes, read from
# the table's wave column (feature suffixes such as ':xnack-' ignored, unknown targets left out).
# Example: "gfx803;gfx90a:xnack-;gfx1100;gfx9-generic" -> "gfx803;gfx90a:xnack-;gfx9-generic".
function(dualgpu_wave64_architectures out archs)
  set(result "")
  foreach(a IN LISTS archs)
    string(REGEX REPLACE ":.*" "" base "${a}")
    dualgpu_amd_target_info(info "${base}")
    if(info_FOUND AND info_WAVE STREQUAL "64")
      list(APPEND result "${a}")
    endif()
  endforeach()
  set(${out} "${result}" PARENT_SCOPE)
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
