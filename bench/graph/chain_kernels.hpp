// The kernels every column of the benchmark runs: a chain of N tiny kernels on one small
// buffer (one block of 128 threads), so launch overhead, not work, is what is measured.
// Declared here, defined in chain_kernels.cu, so torch-facing code stays a plain .cpp.
#pragma once
#include "dualgpu/runtime.hpp"

void dualgpu_bench_chain(float* x, int n, int kernels, dualgpu::stream_t s);
