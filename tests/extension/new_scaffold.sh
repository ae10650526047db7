#!/usr/bin/env bash
# Checks `dualgpu new`: a complete project, bad names refused, existing files never overwritten.
#   new_scaffold.sh <path to bin/dualgpu>
set -euo pipefail
dualgpu="$1"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

# A project with every file (an op in three files), no placeholder left, no path of this checkout:
# DualGPU is required by version in pyproject.toml and found by find_package with a version range.
"$dualgpu" new my_ops "$tmp/my_ops" > "$tmp/out.txt"
for f in CMakeLists.txt CMakePresets.json pyproject.toml README.md csrc/scale_add.cpp csrc/cuda/scale_add.cu \
         python/my_ops/__init__.py python/my_ops/ops/__init__.py python/my_ops/ops/scale_add.py tests/test_scale_add.py; do
  [ -f "$tmp/my_ops/$f" ] || fail "missing $f"
done
[ "$(find "$tmp/my_ops/csrc" "$tmp/my_ops/python/my_ops/ops" -type f ! -name __init__.py | wc -l)" = 3 ] \
  || fail "the op is not in three files: $(find "$tmp/my_ops/csrc" "$tmp/my_ops/python" -type f)"
if grep -rn '@[A-Z_]*@' "$tmp/my_ops"; then fail "placeholders left (above)"; fi
checkout="$(cd "$(dirname "$dualgpu")/.." && pwd)"
if grep -rnF "$checkout" "$tmp/my_ops"; then fail "the project names the checkout's path (above)"; fi
version="$("$dualgpu" --version)"
grep -q "requires = \[\"scikit-build-core>=0.10\", \"dualgpu>=${version%.*},<$(( ${version%%.*} + 1 ))\"\]" \
  "$tmp/my_ops/pyproject.toml" || fail "pyproject.toml does not pin dualgpu: $(grep requires "$tmp/my_ops/pyproject.toml")"
grep -q "^find_package(DualGPU ${version%.*}\.\.\.<$(( ${version%%.*} + 1 )) REQUIRED COMPONENTS Torch)$" \
  "$tmp/my_ops/CMakeLists.txt" || fail "CMakeLists.txt does not ask for the pinned range"
grep -q "file(GLOB op_sources CONFIGURE_DEPENDS csrc/\*.cpp csrc/cuda/\*.cu)" "$tmp/my_ops/CMakeLists.txt" \
  || fail "CMakeLists.txt does not glob the ops"
# The kernel file stays torch-free and check.hpp-free (docs/CONTRACTS.md).
! grep -nE "include.*(torch|ATen|check\.hpp)" "$tmp/my_ops/csrc/cuda/scale_add.cu" || fail "the .cu includes torch or check.hpp"
# User code writes the CUDA spelling (include/dualgpu/runtime.hpp): DUALGPU_RT is DualGPU's own headers'.
! grep -n "DUALGPU_RT" "$tmp/my_ops/csrc/"*.cpp "$tmp/my_ops/csrc/cuda/"*.cu || fail "the template uses DUALGPU_RT (above)"
# The presets file is one the oldest CMake the project supports with presets (3.25, version 6) reads.
if command -v cmake > /dev/null; then
  [ "$(cd "$tmp/my_ops" && cmake --list-presets | grep -cE '^  "(default|cuda|rocm|cpu)"')" = 4 ] \
    || fail "cmake --list-presets: $(cd "$tmp/my_ops" && cmake --list-presets 2>&1)"
fi
[ "$(wc -l < "$tmp/my_ops/CMakeLists.txt")" -le 60 ] || fail "CMakeLists.txt grew past ~50 lines"
grep -q "next:" "$tmp/out.txt" || fail "no next steps printed"
compgen -G "$tmp/.dualgpu-new.*" > /dev/null && fail "staging folder left behind"

# Bad names: exit 2, the message says what to do.
expect_refusal() {  # <pattern> <args...>
  local pattern="$1"; shift
  if "$dualgpu" new "$@" > "$tmp/msg.txt" 2>&1; then fail "accepted: new $*"; fi
  grep -q "$pattern" "$tmp/msg.txt" || fail "new $*: expected '$pattern' in: $(cat "$tmp/msg.txt")"
}
expect_refusal "not a valid name.*letters, digits" 1abc "$tmp/a"
expect_refusal "not a valid name" "my-ops" "$tmp/a"
expect_refusal "not a valid name" "a;rm -rf x" "$tmp/a"
expect_refusal "not a valid name" "../evil" "$tmp/a"
expect_refusal "C++ keyword" import "$tmp/a"
expect_refusal "C++ keyword" class "$tmp/a"
expect_refusal "C++ keyword" namespace "$tmp/a"
[ -e "$tmp/a" ] && fail "a refused name still wrote $tmp/a"

# A non-empty dir is refused; --force adds missing files and keeps the user's.
expect_refusal "not empty.*--force" my_ops "$tmp/my_ops"
echo "// user code" > "$tmp/my_ops/csrc/scale_add.cpp"
rm "$tmp/my_ops/README.md"
"$dualgpu" new my_ops "$tmp/my_ops" --force > "$tmp/out.txt"
[ "$(cat "$tmp/my_ops/csrc/scale_add.cpp")" = "// user code" ] || fail "--force overwrote csrc/scale_add.cpp"
[ -f "$tmp/my_ops/README.md" ] || fail "--force did not restore the missing README.md"
grep -q "csrc/scale_add.cpp" "$tmp/out.txt" || fail "--force did not list the kept csrc/scale_add.cpp"
echo "dualgpu new: all checks passed"
