#!/usr/bin/env bash
# Checks `dualgpu new`: a complete project, bad names refused, existing files never overwritten.
#   new_scaffold.sh <path to bin/dualgpu>
set -euo pipefail
dualgpu="$1"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

# A project with every file, no placeholder left, DualGPU's cmake dir as the HINTS.
"$dualgpu" new my_ops "$tmp/my_ops" > "$tmp/out.txt"
for f in CMakeLists.txt pyproject.toml csrc/ops.cpp csrc/kernels.cu csrc/kernels.h \
         python/my_ops/__init__.py tests/test_ops.py; do
  [ -f "$tmp/my_ops/$f" ] || fail "missing $f"
done
if grep -rn '@[A-Z_]*@' "$tmp/my_ops"; then fail "placeholders left (above)"; fi
cmake_dir="$(cd "$(dirname "$dualgpu")/../cmake" && pwd)"
grep -q "HINTS \"$cmake_dir\"" "$tmp/my_ops/CMakeLists.txt" || fail "CMakeLists.txt has no HINTS $cmake_dir"
grep -q "next:" "$tmp/out.txt" || fail "no next steps printed"
ls -a "$tmp" | grep -q '^\.dualgpu-new' && fail "staging folder left behind"

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
expect_refusal "reserved word" import "$tmp/a"
expect_refusal "reserved word" class "$tmp/a"
expect_refusal "reserved word" namespace "$tmp/a"
[ -e "$tmp/a" ] && fail "a refused name still wrote $tmp/a"

# A non-empty dir is refused; --force adds missing files and keeps the user's.
expect_refusal "not empty.*--force" my_ops "$tmp/my_ops"
echo "// user code" > "$tmp/my_ops/csrc/ops.cpp"
rm "$tmp/my_ops/README.md"
"$dualgpu" new my_ops "$tmp/my_ops" --force > "$tmp/out.txt"
[ "$(cat "$tmp/my_ops/csrc/ops.cpp")" = "// user code" ] || fail "--force overwrote csrc/ops.cpp"
[ -f "$tmp/my_ops/README.md" ] || fail "--force did not restore the missing README.md"
grep -q "csrc/ops.cpp" "$tmp/out.txt" || fail "--force did not list the kept csrc/ops.cpp"
echo "dualgpu new: all checks passed"
