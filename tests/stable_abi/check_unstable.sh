#!/usr/bin/env bash
# check_unstable.sh PYTHON WORK: the ABI check must tell a build that uses at::Tensor from a stable one.
#   1. a plain PYTHON_MODULE build imports as a module, and `dualgpu check-abi` reports the libtorch C++
#      symbols it needs (exit 0: it does not claim to be stable);
#   2. the same library checked as --stable-abi 2.10 fails, naming an at:: symbol and the fix;
#   3. the same source with STABLE_ABI 2.10 does not compile: torch's headers refuse it.
set -euo pipefail
python="$1" work="$2"
here="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
fail() { echo "FAIL: $*"; exit 1; }
# shellcheck source=bin/lib/dualgpu-owned-dir.sh
. "$repo/bin/lib/dualgpu-owned-dir.sh"
dualgpu_owned_dir_remove "$work"
dualgpu_owned_dir_prepare "$work" "the unstable build"
cmake -G Ninja -S "$here/unstable" -B "$work" -DDualGPU_DIR="$repo/cmake" -DDUALGPU_PLATFORM=cpu \
  -DDUALGPU_PYTHON="$python" >"$work.configure.log" 2>&1 || { cat "$work.configure.log"; fail "configure"; }
cmake --build "$work" --target unstable_ops || fail "the plain build"
library="$(ls "$work"/unstable_ops.cpython-*.so)" || fail "no unstable_ops.cpython-*.so: not named as a Python module"
"$python" -c "import sys, torch; sys.path.insert(0, sys.argv[1]); import unstable_ops" "$work" || fail "import unstable_ops"

set +e
plain="$("$python" "$repo/python/dualgpu/check_abi.py" "$library")"; plain_rc=$?
strict="$("$python" "$repo/python/dualgpu/check_abi.py" "$library" --stable-abi 2.10)"; strict_rc=$?
cmake --build "$work" --target aten_under_stable_abi >"$work.stable.log" 2>&1; stable_rc=$?
set -e
printf '%s\n' "--- check-abi:" "$plain" "--- check-abi --stable-abi 2.10:" "$strict"
[ "$plain_rc" -eq 0 ] || fail "check-abi without --stable-abi exited $plain_rc"
grep -q "^INFO torch-c++: unstable_ops.*is not a stable-ABI build" <<<"$plain" || fail "no INFO naming the libtorch C++ symbols"
[ "$strict_rc" -eq 1 ] || fail "check-abi --stable-abi 2.10 exited $strict_rc, not 1"
grep -q "^FAIL torch-c++: .*uses libtorch's C++ API: at::" <<<"$strict" || fail "no FAIL naming an at:: symbol"
grep -q "fix: use torch/csrc/stable and torch/headeronly only" <<<"$strict" || fail "no fix given"
[ "$stable_rc" -ne 0 ] || fail "at::Tensor compiled under STABLE_ABI 2.10"
grep -q "should not be included when either TORCH_STABLE_ONLY or TORCH_TARGET_VERSION is defined" "$work.stable.log" \
  || { tail -20 "$work.stable.log"; fail "the STABLE_ABI build failed, but not on torch's stable-only guard"; }
echo "ok: the unstable build is refused by check-abi --stable-abi and by a STABLE_ABI compile"
