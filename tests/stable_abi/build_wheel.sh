#!/usr/bin/env bash
# build_wheel.sh --out DIR [--platform cpu|cuda|rocm] [--archs LIST] [--python PY] [--stable-abi X.Y]
#                [--project SRC]
# One extension, built once as its users build it: `dualgpu new stable_ops DIR/project --stable-abi X.Y`
# (default 2.10; or a copy of SRC), then `pip wheel --no-build-isolation` of it against PY's torch
# (default python3) into DIR/wheels. Prints the wheel's path last. The same wheel is then installed and
# tested under other torch releases (tests/stable_abi/test_wheel.sh). DIR/project and DIR/wheels are
# replaced; DIR/project/build (pip's build-dir) is kept when SRC is given, so a rebuild is incremental.
set -euo pipefail
repo="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/../.." && pwd)"
out="" platform=cpu archs="" python=python3 stable_abi=2.10 source=""
while (($#)); do
  case "$1" in
    --out) out="$2"; shift 2 ;;
    --platform) platform="$2"; shift 2 ;;
    --archs) archs="$2"; shift 2 ;;
    --python) python="$2"; shift 2 ;;
    --stable-abi) stable_abi="$2"; shift 2 ;;
    --project) source="$2"; shift 2 ;;
    *) echo "build_wheel.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
[ -n "$out" ] || { echo "build_wheel.sh: give --out DIR" >&2; exit 2; }
# shellcheck source=bin/lib/dualgpu-owned-dir.sh
. "$repo/bin/lib/dualgpu-owned-dir.sh"
dualgpu_owned_dir_prepare "$out" "stable-ABI test builds"
out="$(cd "$out" && pwd)"
dualgpu_owned_dir_remove "$out/wheels"
dualgpu_owned_dir_prepare "$out/wheels" "built wheels"
if [ -n "$source" ]; then
  dualgpu_owned_dir_prepare "$out/project" "a copy of $source"
  cp -R "$source"/. "$out/project"/
else
  dualgpu_owned_dir_remove "$out/project"
  dualgpu_owned_dir_prepare "$out/project" "dualgpu new's project"
  DUALGPU_PYTHON="$python" "$repo/bin/dualgpu" new stable_ops "$out/project" --stable-abi "$stable_abi" --force >/dev/null
fi
defines=(-Ccmake.define.DualGPU_DIR="$repo/cmake")
[ -z "$archs" ] || defines+=(-Ccmake.define.DUALGPU_ARCHITECTURES="$archs")
# The platform by environment, where the wheel's version (dualgpu.wheel_version, from this checkout's
# python/) reads it too.
DUALGPU_PLATFORM="$platform" PYTHONPATH="$repo/python${PYTHONPATH:+:$PYTHONPATH}" "$python" -m pip wheel --no-build-isolation --no-deps --no-index -w "$out/wheels" "$out/project" "${defines[@]}" >&2
ls "$out"/wheels/*.whl
