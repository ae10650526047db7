#!/usr/bin/env bash
# build_for_rocm.sh PROJECT WORK ARCHS PYTHON: a stable-ABI project built for AMD GPUs with plain CMake
# against the headers of PYTHON's torch (any vendor: no ROCm build of torch is needed), then checked:
# a code object for each of ARCHS (comma-separated) and `dualgpu check-abi` passes (no libtorch C++ symbol,
# no shim newer than the declared STABLE_ABI). Compile and link only: no AMD GPU runs it.
set -euo pipefail
project="$1" work="$2" archs="$3" python="$4"
repo="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/../.." && pwd)"
fail() { echo "FAIL: $*"; exit 1; }
# shellcheck source=bin/lib/dualgpu-owned-dir.sh
. "$repo/bin/lib/dualgpu-owned-dir.sh"
dualgpu_owned_dir_remove "$work"
dualgpu_owned_dir_prepare "$work" "a rocm build"
cmake -G Ninja -S "$project" -B "$work" -DDualGPU_DIR="$repo/cmake" -DDUALGPU_PLATFORM=rocm \
  -DDUALGPU_ARCHITECTURES="${archs//,/;}" -DDUALGPU_PYTHON="$python" || fail "configure"
cmake --build "$work" || fail "build"
library="$(ls "$work"/_*.abi3.so)" || fail "no abi3 module built"

# Code objects: roc-obj-ls where ROCm ships it, else the .hip_fatbin section through clang's bundler.
if command -v roc-obj-ls >/dev/null; then
  found="$(roc-obj-ls "$library" | sed -n 's/.*amdgcn-amd-amdhsa--\([a-z0-9-]*\).*/\1/p')"
else
  bundler="$(command -v clang-offload-bundler || printf '%s\n' /usr/lib/llvm-*/bin/clang-offload-bundler | tail -1)"
  objcopy --dump-section .hip_fatbin="$work/fatbin" "$library" "$work/stripped" || fail "no .hip_fatbin section"
  found="$("$bundler" --list --type=o --input="$work/fatbin" | sed -n 's/.*amdgcn-amd-amdhsa-[a-z]*-\([a-z0-9-]*\).*/\1/p')"
fi
found="$(sort -u <<<"$found" | xargs)"
expected="$(tr ',' '\n' <<<"$archs" | sort -u | xargs)"
echo "code objects: $found"
[ "$found" = "$expected" ] || fail "code objects '$found', expected '$expected'"
# The project's own ABI test (dualgpu_add_abi_test): check-abi with the library's STABLE_ABI.
ctest --test-dir "$work" -R check_abi --output-on-failure || fail "check-abi"
