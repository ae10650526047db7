# The device compiler's flags for multi-architecture sources: nvcc --threads, clang's offload jobs and
# --offload-compress, each only where the list has several architectures or the compiler has it.
include("${CMAKE_CURRENT_LIST_DIR}/expect.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/../../cmake/dualgpu/61-architectures.cmake")
set(clang15_help "-flto-jobs=<value>  Controls the backend parallelism of -flto=thin")
set(clang21_help "--offload-compress  Compress offload device binaries (HIP only)\n--offload-jobs=<value>  Specify the number of threads")
set(rocm_llvm_help "-parallel-jobs=<value>  Number of parallel jobs")

function(expect_flags what expected)
  _dualgpu_parallel_flags(flags ${ARGN})
  expect_eq("${what}" "${flags}" "${expected}")
endfunction()

expect_flags("nvcc, two architectures" "--threads=2" LANGUAGE CUDA ARCHITECTURES 80-real 90-real JOBS AUTO CORES 16 NVCC_VERSION 13.0)
expect_flags("nvcc, six real and one PTX, capped at the cores" "--threads=4"
  LANGUAGE CUDA ARCHITECTURES 80-real 86-real 89-real 90-real 100-real 120-real 120-virtual JOBS AUTO CORES 4 NVCC_VERSION 13.0)
expect_flags("nvcc, a plain 90 is code and PTX" "--threads=2" LANGUAGE CUDA ARCHITECTURES 90 JOBS AUTO CORES 16 NVCC_VERSION 12.4)
expect_flags("nvcc, one architecture" "" LANGUAGE CUDA ARCHITECTURES 90a-real JOBS AUTO CORES 16 NVCC_VERSION 13.0)
expect_flags("nvcc, one architecture, a number" "" LANGUAGE CUDA ARCHITECTURES 90a-real JOBS 4 CORES 16 NVCC_VERSION 13.0)
expect_flags("nvcc before 11.2" "" LANGUAGE CUDA ARCHITECTURES 80-real 90-real JOBS AUTO CORES 16 NVCC_VERSION 11.1)
expect_flags("nvcc, OFF" "" LANGUAGE CUDA ARCHITECTURES 80-real 90-real JOBS OFF CORES 16 NVCC_VERSION 13.0)
expect_flags("nvcc, a number" "--threads=3" LANGUAGE CUDA ARCHITECTURES 80-real 90-real JOBS 3 CORES 16 NVCC_VERSION 13.0)
expect_flags("nvcc, CMake's all" "--threads=16" LANGUAGE CUDA ARCHITECTURES all JOBS AUTO CORES 16 NVCC_VERSION 13.0)

expect_flags("clang 21, four targets" "--offload-jobs=4;--offload-compress"
  LANGUAGE HIP ARCHITECTURES gfx90a gfx942 gfx1100 gfx1201 JOBS AUTO CORES 16 COMPRESS AUTO CLANG_HELP "${clang21_help}")
expect_flags("clang 21, one target: compressed, no jobs" "--offload-compress"
  LANGUAGE HIP ARCHITECTURES gfx942 JOBS AUTO CORES 16 COMPRESS AUTO CLANG_HELP "${clang21_help}")
expect_flags("clang 21, compression off" "--offload-jobs=2"
  LANGUAGE HIP ARCHITECTURES gfx90a gfx942 JOBS AUTO CORES 16 COMPRESS OFF CLANG_HELP "${clang21_help}")
expect_flags("clang 15 has neither" "" LANGUAGE HIP ARCHITECTURES gfx90a gfx1030 JOBS AUTO CORES 16 COMPRESS AUTO CLANG_HELP "${clang15_help}")
expect_flags("ROCm's LLVM spelling" "-parallel-jobs=2" LANGUAGE HIP ARCHITECTURES gfx90a gfx1030 JOBS AUTO CORES 16 CLANG_HELP "${rocm_llvm_help}")
expect_flags("no language" "" LANGUAGE CXX ARCHITECTURES 80-real 90-real JOBS AUTO CORES 16)
