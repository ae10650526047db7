#!/usr/bin/env bash
# The whole test suite, from a fresh machine: installs what is missing, configures the suite once with
# Debian's CMake 3.25 (and runs every CMake-level test with pip's CMake 4.x too), builds, runs CTest.
# Every HIP test runs with Debian 12's ROCm 5.2 and with ROCm 6.4 in a Debian sid root (ci/rocm-root.sh);
# `ctest -L rocm6.4` (or rocm5.2) selects one toolchain.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$repo/ci/install-deps.sh" --for tests
# The second AMD toolchain, ROCm 6.4 (Debian sid root, about 2 minutes the first time, then reused).
# DUALGPU_TEST_ROCM_ROOT=OFF runs without it (its tests then show as skipped).
if [ "${DUALGPU_TEST_ROCM_ROOT:-}" != OFF ]; then
  "$repo/ci/rocm-root.sh" ensure >/dev/null
fi
export PATH="/usr/local/cuda/bin:$PATH"
build="${DUALGPU_TEST_BUILD_DIR:-$repo/build-tests}"
cmake3=/usr/bin/cmake
cmake4="$(python3 -c 'import cmake, os; print(os.path.join(cmake.CMAKE_BIN_DIR, "cmake"))')"
export OMP_NUM_THREADS=1   # 2 cores: parallel tests, not threads fighting inside each
# Temporary files in the build tree, emptied per run: Debian's clang 15 leaves two empty directories
# in $TMPDIR for every HIP compile (llvm/llvm-project#100468, fixed in later clang), hundreds a run.
# The folder is DualGPU's own (bin/lib/dualgpu-owned-dir.sh): emptied only when this script made it.
# shellcheck source=bin/lib/dualgpu-owned-dir.sh
. "$repo/bin/lib/dualgpu-owned-dir.sh"
export TMPDIR="$build/dualgpu-test-tmp"
dualgpu_owned_dir_remove "$TMPDIR"
dualgpu_owned_dir_prepare "$TMPDIR" "the test suite's temporary files (ci/run-tests.sh)"
"$cmake3" -S "$repo" -B "$build" -G Ninja "-DDUALGPU_TEST_CMAKES=$cmake3;$cmake4" -DBUILD_TESTING=ON
"$cmake3" --build "$build"
cd "$build"
ctest -j2 --output-on-failure --timeout 1500 "$@"
