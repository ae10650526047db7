#!/usr/bin/env bash
# test_wheel.sh PYTHON WHEEL TESTS SITE [--gpu]: unpacks WHEEL into SITE (a plain folder: no pip needed,
# so it works in a root filesystem without one) and runs the tests in TESTS with PYTHON and its torch: the
# stable-ABI promise, one build loaded by several torch and Python releases. The checkout's dualgpu
# package is put on the path for the project's ABI test.
# --gpu: the GPU tests must run and pass (exit 77 when no GPU is visible to PYTHON's torch).
set -euo pipefail
python="$1" wheel="$2" tests="$3" site="$4" gpu="${5:-}"
if [ "$gpu" = "--gpu" ] && ! "$python" -c 'import sys, torch; sys.exit(0 if torch.cuda.is_available() else 1)'; then
  echo "no GPU visible to $python's torch: skipped"; exit 77
fi
repo="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/../.." && pwd)"
# shellcheck source=bin/lib/dualgpu-owned-dir.sh
. "$repo/bin/lib/dualgpu-owned-dir.sh"
dualgpu_owned_dir_remove "$site"
dualgpu_owned_dir_prepare "$site" "the unpacked wheel"
"$python" -m zipfile -e "$wheel" "$site"
"$python" -c 'import sys, torch; print("Python", sys.version.split()[0], "torch", torch.__version__)'
select=()
[ "$gpu" = "--gpu" ] && select=(-m gpu)
# -p no:cacheprovider: the project folder may be another machine's or read-only.
PYTHONPATH="$site:$repo/python" "$python" -m pytest -p no:cacheprovider -v -rs "${select[@]}" "$tests" | tee "$site/pytest.log"
if [ "$gpu" = "--gpu" ] && grep -q SKIPPED "$site/pytest.log"; then
  echo "GPU tests were skipped although a GPU is visible: the wheel has no GPU kernels?"; exit 1
fi
