#!/usr/bin/env bash
# Hostile and careless input for `bin/dualgpu smoke`, the wrapper that builds and runs the smoke program
# (issue 14). Usage: hostile_wrapper.sh CASE. Each case asserts the exact exit status, message and what
# is left on disk. All but torch_dir_defines_no_torch stop before CMake runs.
set -uo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
dualgpu=${DUALGPU_COMMAND:-$repo/bin/dualgpu}   # another copy: to see the cases fail on an old wrapper
work=$(mktemp -d "${TMPDIR:-/tmp}/dualgpu-smoke-hostile.XXXXXX")
trap 'rm -rf "$work"' EXIT

fail() { echo "FAILED: $*"; echo "--- exit $rc, output:"; printf '%s\n' "$out"; exit 1; }
# run ARGS...: the wrapper, with its exit status in rc and stdout+stderr in out.
run() { out=$("$dualgpu" smoke "$@" 2>&1); rc=$?; }
expect_rc() { [[ $rc == "$1" ]] || fail "exit status $rc, expected $1"; }
# expect_text TEXT: the output holds TEXT, line breaks (CMake wraps its messages) read as spaces.
expect_text() { [[ $(printf '%s' "$out" | tr -s ' \n' '  ') == *"$1"* ]] || fail "output lacks '$1'"; }

# A TorchConfig.cmake folder whose version file says 9.9.9 and whose config defines nothing.
fake_torch() {
  mkdir -p "$work/faketorch"
  printf '# defines no torch\n' >"$work/faketorch/TorchConfig.cmake"
  printf 'set(PACKAGE_VERSION "9.9.9")\nset(PACKAGE_VERSION_COMPATIBLE TRUE)\n' >"$work/faketorch/TorchConfigVersion.cmake"
}

# A user's project folder: precious files, no stamp.
user_folder() {
  mkdir -p "$work/project/src"
  echo 'int main() {}' >"$work/project/src/main.cpp"
  echo 'notes' >"$work/project.configure.log"
}

expect_user_folder_intact() {
  [[ -f $work/project/src/main.cpp ]] || fail "the user's folder was emptied"
  [[ $(ls -A "$work/project") == src ]] || fail "something was written into the user's folder: $(ls -A "$work/project")"
  [[ $(cat "$work/project.configure.log") == notes ]] || fail "a file next to the folder was overwritten"
}

case_rebuild_user_folder() {
  fake_torch; user_folder
  run --torch-dir "$work/faketorch" --build-dir "$work/project" --rebuild --build-only
  expect_rc 2
  expect_text "$work/project was not created by DualGPU (no .dualgpu-owned in it): not deleting it"
  expect_user_folder_intact
}

case_build_in_user_folder() {
  fake_torch; user_folder
  run --torch-dir "$work/faketorch" --build-dir "$work/project" --build-only
  expect_rc 2
  expect_text "$work/project is not empty and was not created by DualGPU"
  expect_user_folder_intact
}

case_rebuild_through_symlink() {
  fake_torch; user_folder
  ln -s "$work/project" "$work/link"
  run --torch-dir "$work/faketorch" --build-dir "$work/link" --rebuild --build-only
  expect_rc 2
  expect_text "$work/link is a symbolic link"
  expect_user_folder_intact
}

# A folder whose CMakeCache.txt names another project is a user's: refused like any other.
case_build_in_other_cmake_tree() {
  fake_torch; user_folder
  printf 'CMAKE_PROJECT_NAME:STATIC=my_project\n' >"$work/project/CMakeCache.txt"
  run --torch-dir "$work/faketorch" --build-dir "$work/project" --rebuild --build-only
  expect_rc 2
  expect_text "$work/project was not created by DualGPU"
  [[ -f $work/project/src/main.cpp && ! -e $work/project/.dualgpu-owned ]] || fail "the folder was adopted"
}

case_missing_option_value() {
  for args in "--torch-dir" "--build-dir" "--build-dir||--rebuild" "--torch-dir||--build-only" "--build-dir|--rebuild"; do
    IFS='|' read -r -a argv <<<"$args"
    run "${argv[@]}"
    expect_rc 2
    expect_text "needs a value"
  done
}

case_torch_dir_defines_no_torch() {
  fake_torch
  run --torch-dir "$work/faketorch" --build-dir "$work/build" --build-only
  expect_rc 2
  expect_text "faketorch/TorchConfig.cmake defines no torch"
  [[ $out != *9.9.9* ]] || fail "the wrapper announced the fake version"
  [[ ! -e $work/build/dualgpu-smoke ]] || fail "a program was built"
}

"case_$1"
echo "ok [$1]"
