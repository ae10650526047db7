#!/usr/bin/env bash
# build_wheel.sh --out DIR [--platform cpu|cuda|rocm] [--archs LIST] [--python PY] [--stable-abi X.Y]
# One stable-ABI extension, built once: `dualgpu new stable_ops DIR/project --stable-abi X.Y` (default
# 2.10), then `pip wheel --no-build-isolation` of it against PY's torch (default python3) into
# DIR/wheels. Prints the wheel's path last. The same wheel is then installed and tested under other torch
# releases (tests/stable_abi/test_wheel.sh). Run from anywhere; DIR is emptied of what this script made.
set -euo pipefail
repo="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/../.." && pwd)"
out="" platform=cpu archs="" python=python3 stable_abi=2.10
while (($#)); do
  case "$1" in
    --out) out="$2"; shift 2 ;;
    --platform) platform="$2"; shift 2 ;;
    --archs) archs="$2"; shift 2 ;;
    --python) python="$2"; shift 2 ;;
    --stable-abi) stable_abi="$2"; shift 2 ;;
    *) echo "build_wheel.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
[ -n "$out" ] || { echo "build_wheel.sh: give --out DIR" >&2; exit 2; }
mkdir -p "$out"
out="$(cd "$out" && pwd)"
rm -rf -- "$out/project" "$out/wheels"
DUALGPU_PYTHON="$python" "$repo/bin/dualgpu" new stable_ops "$out/project" --stable-abi "$stable_abi" >/dev/null
defines=(-Ccmake.define.DualGPU_DIR="$repo/cmake" -Ccmake.define.DUALGPU_PLATFORM="$platform")
[ -z "$archs" ] || defines+=(-Ccmake.define.DUALGPU_ARCHITECTURES="$archs")
"$python" -m pip wheel --no-build-isolation --no-deps --no-index -w "$out/wheels" "$out/project" "${defines[@]}" >&2
ls "$out"/wheels/stable_ops-*-cp39-abi3-*.whl
