#!/usr/bin/env bash
# dualgpu example's decisions without a build: --help prints help (and builds nothing); a C++ compiler
# without a shared libstdc++ (as the GPU machine's default) is replaced by one that has it, in one line;
# the platform is DualGPU's own detection.
#   example_choices.sh <repo>
set -euo pipefail
repo="$(cd "$1" && pwd)"
fail() { echo "FAIL: $*" >&2; exit 1; }
DUALGPU_EXAMPLE_BUILD_DIR="$(mktemp -u)"  # must never be created
export DUALGPU_EXAMPLE_BUILD_DIR

out="$("$repo/bin/dualgpu" example --help)" || fail "example --help failed"
grep -q "^usage: dualgpu example" <<<"$out" || fail "example --help: $out"
[ ! -e "$DUALGPU_EXAMPLE_BUILD_DIR" ] || fail "example --help started a build"

fake="$repo/tests/configure/fake-compiler/g++"  # answers -print-file-name=libstdc++.so with the bare name
out="$(CXX="$fake" DUALGPU_PLATFORM=cpu "$repo/bin/dualgpu" example --dry-run)" || fail "--dry-run failed: $out"
if command -v g++ > /dev/null && [[ "$(g++ -print-file-name=libstdc++.so)" == /* ]]; then  # a replacement exists here
  line="$(grep -c "has no shared libstdc++" <<<"$out")"
  [ "$line" = 1 ] || fail "expected one line naming the replacement: $out"
  grep -q "^dualgpu example: $fake has no shared libstdc++ (torch extensions need one): using /" <<<"$out" || fail "$out"
  chosen="$(sed -n 's/.*: using \(.*\)$/\1/p' <<<"$out")"
  [[ "$("$chosen" -print-file-name=libstdc++.so)" == /* ]] || fail "the replacement $chosen has no shared libstdc++ either"
  grep -q -- "-DCMAKE_CXX_COMPILER=$chosen" <<<"$out" || fail "configure not given $chosen: $out"
fi
# A compiler that has one is kept as it is.
out="$(CXX=g++ DUALGPU_PLATFORM=cpu "$repo/bin/dualgpu" example --dry-run)"
! grep -q "CMAKE_CXX_COMPILER\|has no shared" <<<"$out" || fail "a good compiler was replaced: $out"

# The platform is DualGPU's one decision, doctor --json's (the configure's, tests/cli/decision_agrees.py),
# printed as CMake's Found DualGPU line.
out="$(env -u DUALGPU_PLATFORM "$repo/bin/dualgpu" example --dry-run)" || fail "--dry-run (detected) failed: $out"
want="$(env -u DUALGPU_PLATFORM "$repo/bin/dualgpu" doctor --json | python3 -c 'import json, sys; r = json.load(sys.stdin); print(r["platform"])')"
grep -q "^dualgpu example: Found DualGPU [0-9.]*: platform $want (" <<<"$out" || fail "expected platform $want: $out"
[ ! -e "$DUALGPU_EXAMPLE_BUILD_DIR" ] || fail "--dry-run created the build folder"
echo "dualgpu example choices: all checks passed"
