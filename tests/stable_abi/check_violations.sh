#!/usr/bin/env bash
# check_violations.sh PYTHON WORK: `dualgpu check-abi --stable-abi 2.10` on abi_violations.c's library must
# fail on each of its three symbols, naming the symbol, the version it needs and the fix.
set -euo pipefail
python="$1" work="$2"
here="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
# shellcheck source=bin/lib/dualgpu-owned-dir.sh
. "$repo/bin/lib/dualgpu-owned-dir.sh"
dualgpu_owned_dir_remove "$work"
dualgpu_owned_dir_prepare "$work" "a library with ABI violations"
cc -shared -fPIC -o "$work/_violations.abi3.so" "$here/abi_violations.c"
set +e
out="$("$python" "$repo/python/dualgpu/check_abi.py" "$work/_violations.abi3.so" --stable-abi 2.10)"; rc=$?
set -e
printf '%s\n' "$out"
fail() { echo "FAIL: $*"; exit 1; }
[ "$rc" -eq 1 ] || fail "check-abi exited $rc, not 1"
grep -q "^FAIL torch-shims: .*calls aoti_torch_dtype_float8_e8m0fnu, added in torch 2.1[1-9], newer than its stable ABI 2.10" <<<"$out" \
  || fail "the shim newer than 2.10 was not named"
grep -q "fix: raise STABLE_ABI to 2.1[1-9], or stop calling aoti_torch_dtype_float8_e8m0fnu" <<<"$out" || fail "no fix for the shim"
if "$python" -c "import abi3info" 2>/dev/null; then
  grep -q "^FAIL abi3: .*uses PyUnicode_AsUTF8AndSize, in the limited API from Python 3.10 only" <<<"$out" || fail "PyUnicode_AsUTF8AndSize not named"
  grep -q "^FAIL abi3: .*uses PyCode_NewEmpty, outside CPython's limited API" <<<"$out" || fail "PyCode_NewEmpty not named"
fi
echo "ok: each violation named"
