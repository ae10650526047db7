#!/usr/bin/env bash
# Installs what DualGPU's example and test suite need on Debian 12 / Ubuntu, and nothing already there.
# Idempotent: a second run only checks. Needs root (or sudo) for apt.
set -euo pipefail

apt_packages=(
  cmake ninja-build ccache g++ python3 python3-pytest python3-yaml   # build, Debian's own Python for torch 1.13
  hipcc libamdhip64-dev rocminfo rocm-cmake rocm-device-libs clang-15 lld-15  # ROCm 5.2: HIP compile tests
  libtorch-dev python3-torch doctest-dev                                       # the old torch users meet; doctest
  shellcheck dash                                                              # the self-check script's tests
)
pip_packages=(torch cmake ninja pytest pytest-benchmark scikit-build-core PyYAML numpy)

missing=()
for p in "${apt_packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo"
  echo "install-deps: apt-get install ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

python="${DUALGPU_PYTHON:-python3}"
need_pip=()
for p in "${pip_packages[@]}"; do
  "$python" -m pip show -q "$p" >/dev/null 2>&1 || need_pip+=("$p")
done
if [ ${#need_pip[@]} -gt 0 ]; then
  echo "install-deps: pip install ${need_pip[*]}"
  "$python" -m pip install -q --progress-bar off "${need_pip[@]}"
fi
echo "install-deps: ready (nvcc: $(command -v nvcc || echo 'not found; CUDA builds are skipped'))"
