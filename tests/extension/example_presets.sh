#!/usr/bin/env bash
# example-extension's CMakePresets.json as a user runs it: `cmake --list-presets` names the four, and
# `cmake --preset cpu` configures with Ninja, a Release build and platform cpu, writing
# compile_commands.json. -B puts the build in the test's own folder, not the preset's build/cpu.
# Usage: example_presets.sh <example-extension> <build folder> <cmake> <python with torch>
set -euo pipefail
source=$1 binary=$2 cmake=$3 python=$4
fail() { echo "FAIL: $1" >&2; exit 1; }
listed=$(cd "$source" && "$cmake" --list-presets)
[ "$(printf '%s\n' "$listed" | grep -cE '^  "(default|cuda|rocm|cpu)" ')" = 4 ] || fail "cmake --list-presets: $listed"
(cd "$source" && "$cmake" --preset cpu -B "$binary" -DDUALGPU_PYTHON="$python") > "$binary.log" 2>&1 ||
  fail "cmake --preset cpu: $(tail -20 "$binary.log")"
grep -q "^-- Found DualGPU .*: platform cpu " "$binary.log" || fail "no 'Found DualGPU ... platform cpu' line"
for expected in "CMAKE_GENERATOR:INTERNAL=Ninja" "CMAKE_BUILD_TYPE:STRING=Release"; do
  grep -qx "$expected" "$binary/CMakeCache.txt" || fail "$expected not in $binary/CMakeCache.txt"
done
# The CMakeLists asks for the compile database editors read; on cpu it lists the op's .cpp files.
grep -q '"file": ".*/csrc/rms_norm.cpp"' "$binary/compile_commands.json" ||
  fail "no compile_commands.json entry for csrc/rms_norm.cpp"
echo "example presets: 4 listed; cpu configures with Ninja, Release, platform cpu, and a compile_commands.json"
