#!/usr/bin/env bash
# What find_package(DualGPU COMPONENTS Torch) adds to a configure over find_package(Torch) alone.
# Two small projects, each configured once, then re-configured N times (the cached case users live in);
# prints the medians. usage: bench/configure/overhead.sh [runs=5]   (uses python3's torch and cmake on PATH)
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
runs="${1:-5}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
prefix="$(python3 -c 'import torch; print(torch.utils.cmake_prefix_path)')"
echo 'at::Tensor f(const at::Tensor& x) { return x; }' > "$work/ops.cpp"
sed -i '1i #include <ATen/ATen.h>' "$work/ops.cpp"
mkdir -p "$work/torch" "$work/dualgpu"
cat > "$work/torch/CMakeLists.txt" <<TXT
cmake_minimum_required(VERSION 3.25)
project(plain LANGUAGES CXX)
find_package(Torch REQUIRED)
add_library(ops SHARED $work/ops.cpp)
target_link_libraries(ops PRIVATE \${TORCH_LIBRARIES})
TXT
cat > "$work/dualgpu/CMakeLists.txt" <<TXT
cmake_minimum_required(VERSION 3.25)
project(withdualgpu LANGUAGES CXX)
find_package(DualGPU 0.1 REQUIRED COMPONENTS Torch)
dualgpu_add_torch_extension(ops $work/ops.cpp)
TXT
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
measure() {  # <dir> <extra args...>: first configure, then the median of re-configures
  local dir="$1"; shift
  local t0 t1
  t0=$(date +%s%N); cmake -S "$work/$dir" -B "$work/$dir/b" -G Ninja "$@" >/dev/null 2>&1; t1=$(date +%s%N)
  printf '%-8s first %d ms' "$dir" $(( (t1 - t0) / 1000000 ))
  for _ in $(seq "$runs"); do
    t0=$(date +%s%N); cmake -S "$work/$dir" -B "$work/$dir/b" >/dev/null 2>&1; t1=$(date +%s%N)
    echo $(( (t1 - t0) / 1000000 ))
  done | median | xargs printf ', re-configure median %d ms\n'
}
measure torch "-DCMAKE_PREFIX_PATH=$prefix" -DCMAKE_CUDA_ARCHITECTURES=90-real
measure dualgpu "-DDualGPU_DIR=$repo/cmake" -DDUALGPU_ARCHITECTURES=90-real
