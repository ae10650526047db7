#!/usr/bin/env bash
# The pip way, as a new user takes it: fresh venv -> pip install <checkout> -> dualgpu --version ->
# dualgpu new my_ops DIR -> move DIR elsewhere -> pip install --no-build-isolation DIR (CPU) -> its
# pytest passes; the generated tree names no path of the checkout; plain CMake configures it with
# -DDualGPU_DIR=$(python -m dualgpu --cmake-dir). Offline: the venv sees this machine's torch and
# scikit-build-core (--system-site-packages), and pip is given --no-index.
#   wheel_flow.sh <repo> <cmake> <python>
REPO="$(cd "$1" && pwd)" CMAKE="$2" PYTHON="$3"
source "$REPO/tests/packaging/common.sh"
(cd / && "$PYTHON" -c "import torch, scikit_build_core, pytest") 2>/dev/null \
  || { echo "$PYTHON lacks torch, scikit-build-core or pytest: the pip flow cannot be tried here"; exit 77; }
venv="$work/venv"
"$PYTHON" -m venv --system-site-packages "$venv"
py="$venv/bin/python"
export DUALGPU_PYTHON="$py" PIP_DISABLE_PIP_VERSION_CHECK=1
"$py" -m pip install -q --no-build-isolation --no-index --no-deps "$REPO" || fail "pip install <checkout>"

# The wheel is pure and carries the files the commands need.
wheel_dir="$work/wheel"
"$py" -m pip wheel -q --no-build-isolation --no-index --no-deps -w "$wheel_dir" "$REPO" || fail "pip wheel"
ls "$wheel_dir"/dualgpu-"$expected_version"-py3-none-any.whl > /dev/null || fail "no pure wheel: $(ls "$wheel_dir")"

[ "$("$venv/bin/dualgpu" --version)" = "$expected_version" ] || fail "dualgpu --version: $("$venv/bin/dualgpu" --version)"
[ "$("$py" -m dualgpu --version)" = "$expected_version" ] || fail "python -m dualgpu --version"
[ "$("$py" -c 'import importlib.metadata as m; print(m.version("dualgpu"))')" = "$expected_version" ] || fail "wheel metadata version"
cmake_dir="$("$py" -m dualgpu --cmake-dir)"
case "$cmake_dir" in "$venv"/*/site-packages/dualgpu/cmake) ;; *) fail "--cmake-dir is not the installed package's: $cmake_dir" ;; esac
[ -f "$cmake_dir/DualGPUConfig.cmake" ] || fail "no DualGPUConfig.cmake in $cmake_dir"

# dualgpu new, then the project moved to where the checkout was never seen.
(cd "$work" && "$venv/bin/dualgpu" new my_ops gen > /dev/null) || fail "dualgpu new"
mkdir "$work/elsewhere"
mv "$work/gen" "$work/elsewhere/my_ops"
proj="$work/elsewhere/my_ops"
! grep -rnF -e "$REPO" -e "$work" -e "$(readlink -f "$REPO")" "$proj" || fail "the generated tree names a path (above)"
grep -q "\"dualgpu>=${expected_version%.*},<$(( ${expected_version%%.*} + 1 ))\"" "$proj/pyproject.toml" \
  || fail "pyproject.toml does not pin dualgpu: $(grep requires "$proj/pyproject.toml")"

# Adding an op is three files (and its test), as the project's README says: no list to edit.
for f in csrc/scale_add.cpp csrc/cuda/scale_add.cu python/my_ops/ops/scale_add.py tests/test_scale_add.py; do
  sed 's/scale_add/scale_add2/g' "$proj/$f" > "$proj/${f/scale_add/scale_add2}"
done

# pip builds it (CPU), with no DualGPU_DIR: the dualgpu package is found through scikit-build-core.
# The platform by environment: the wheel's version (dualgpu.wheel_version, +cpu) reads it there too.
(cd "$work" && DUALGPU_PLATFORM=cpu "$py" -m pip install -q --no-build-isolation --no-index "$proj" \
   -Cbuild-dir="$work/build-pip") > "$work/pip.log" 2>&1 \
  || { tail -40 "$work/pip.log"; fail "pip install --no-build-isolation <generated project>"; }
grep -q "DualGPU_DIR:PATH=$cmake_dir" "$work/build-pip/CMakeCache.txt" \
  || fail "the build did not use the installed dualgpu: $(grep DualGPU_DIR "$work/build-pip/CMakeCache.txt")"
grep -q "^DualGPU_ROOT:PATH=${cmake_dir%/cmake}$" "$work/build-pip/CMakeCache.txt" \
  || fail "scikit-build-core did not pass the cmake.root entry point: $(grep DualGPU_ROOT "$work/build-pip/CMakeCache.txt")"
# Its tests pass against the installed package (run outside the project, so nothing imports from it).
(cd "$work" && "$py" -m pytest -q -p no:cacheprovider "$proj/tests") || fail "the generated project's tests"
(cd "$work" && "$py" -m pytest -q -p no:cacheprovider "$proj/tests" -k "self_test and scale_add2" -rs) | grep -q "1 passed" \
  || fail "the self-test (through dualgpu.smoke) did not run"
(cd "$work" && "$py" -c "import my_ops, torch; x = torch.ones(3); assert my_ops.scale_add2(x, x, 2.0).tolist() == [3.0] * 3
assert sorted(my_ops.ops.modules) == ['scale_add', 'scale_add2'], my_ops.ops.modules") || fail "the added op is not there"

# Plain CMake finds the same package when told where it is (configure only: the torch build was done above).
"$CMAKE" -S "$proj" -B "$work/build-cmake" -G Ninja -DDUALGPU_PLATFORM=cpu -DDualGPU_DIR="$cmake_dir" \
  -DDUALGPU_PYTHON="$py" > "$work/cmake.log" 2>&1 || { tail -30 "$work/cmake.log"; fail "plain CMake configure"; }
echo "pip: checkout -> venv -> dualgpu new -> pip install (moved) -> pytest: all checks passed"
