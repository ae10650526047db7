#!/usr/bin/env bash
# `cmake --install`, then every command from the installed prefix alone; and a symlinked `dualgpu`.
#   install_commands.sh <repo> <cmake>
REPO="$(cd "$1" && pwd)" CMAKE="$2"
source "$REPO/tests/packaging/common.sh"
prefix="$work/prefix"
"$CMAKE" -S "$REPO" -B "$work/pkg" -G Ninja -DBUILD_TESTING=OFF "-DCMAKE_INSTALL_PREFIX=$prefix" > "$work/log" 2>&1 \
  || { cat "$work/log"; fail "configure of the package"; }
"$CMAKE" --install "$work/pkg" > "$work/log" 2>&1 || { cat "$work/log"; fail "cmake --install"; }

check_dualgpu() {  # <how it is reached> <dualgpu command>: every command works, nothing of the checkout used
  local how="$1" dg="$2" out
  [ "$("$dg" --version)" = "$expected_version" ] || fail "$how: --version says '$("$dg" --version)', expected $expected_version"
  [ -f "$("$dg" --cmake-dir)/DualGPUConfig.cmake" ] || fail "$how: --cmake-dir $("$dg" --cmake-dir) has no DualGPUConfig.cmake"
  [ -f "$("$dg" --include-dir)/dualgpu/runtime.hpp" ] || fail "$how: --include-dir has no dualgpu/runtime.hpp"
  "$dg" --help | grep -q "^  new <name>" || fail "$how: --help lists no commands"
  out="$("$dg" doctor --no-torch --json)" || fail "$how: doctor failed: $out"
  python3 -c 'import json, sys; d = json.loads(sys.argv[1]); assert d["platform"] in ("cuda", "rocm", "cpu"), d' "$out" \
    || fail "$how: doctor --json is not a platform report: $out"
  "$dg" selfcheck --help | grep -q -- "--platform" || fail "$how: selfcheck --help"
  out="$("$dg" example --help)" || fail "$how: example --help failed"
  grep -q "^usage: dualgpu example" <<<"$out" || fail "$how: example --help printed no usage: $out"
  out="$("$dg" smoke --torch-dir "$work/no-torch" 2>&1)" && fail "$how: smoke accepted a folder without torch"
  grep -q "no TorchConfig.cmake in $work/no-torch" <<<"$out" || fail "$how: smoke: $out"
  rm -rf "$work/new_$how"
  "$dg" new my_ops "$work/new_$how" > /dev/null || fail "$how: new failed"
  "$REPO/bin/dualgpu" new my_ops "$work/new_checkout" > /dev/null 2>&1 || true
  diff -r "$work/new_checkout" "$work/new_$how" || fail "$how: new made another project than the checkout's (diff above)"
}

[ -L "$prefix/bin/dualgpu" ] || fail "no $prefix/bin/dualgpu link"
check_dualgpu installed "$prefix/bin/dualgpu"
ln -s "$prefix/bin/dualgpu" "$work/linked-installed"
check_dualgpu linked_installed "$work/linked-installed"
ln -s "$REPO/bin/dualgpu" "$work/linked-checkout"
check_dualgpu linked_checkout "$work/linked-checkout"

# Plain CMake finds the installed package from the prefix (no DualGPU_DIR), version range included.
"$CMAKE" -S "$REPO/tests/projects/minimal" -B "$work/consumer" -G Ninja "-DCMAKE_PREFIX_PATH=$prefix" \
  -DDUALGPU_PLATFORM=cpu "-DWANT_VERSION=0.1...<$(( ${expected_version%%.*} + 1 ))" > "$work/log" 2>&1 \
  || { cat "$work/log"; fail "a consumer did not configure against the installed prefix"; }
grep -q "^DualGPU_DIR:PATH=$prefix/share/dualgpu/cmake$" "$work/consumer/CMakeCache.txt" \
  || fail "the consumer did not use the installed package: $(grep DualGPU_DIR "$work/consumer/CMakeCache.txt")"
echo "cmake --install and linked dualgpu: all checks passed"
