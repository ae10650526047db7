#[=======================================================================[.rst:
dualgpu/00-data
---------------

The tables every rule reads.

Data only: the architecture tables (NVIDIA capabilities with their ``a``/``f`` variants, AMD targets
with family, wave size, APU, first ROCm/LLVM, generic target), torch's architecture names, the
variables a decision reads and the defaults, and which torch wheel first covers which AMD target.
No function here decides anything: the rules in the files after this one read these tables.

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
