#!/usr/bin/env bash
# ci/install-deps.sh [--for example|tests]: installs what one job needs, and nothing already there.
#   --for example   the README's main job (ci/run-example.sh): CMake, Ninja, a C++ compiler, and a Python
#                   with torch, pytest and scikit-build-core. No ROCm, no Debian torch, no shellcheck:
#                   a GPU machine needs none of them.
#   --for tests     the whole test suite on Debian 12 / Ubuntu (the default): also ROCm 5.2 (HIP compile
#                   tests, with hipSPARSE and hipRAND), Debian's torch 1.13 (the oldest torch supported), doctest, shellcheck, dash,
#                   and redis-server (the shared compiler cache's two-runner test starts one on 127.0.0.1).
# Idempotent: a second run only checks. apt needs root (or sudo). Without a reachable package mirror it
# names what is missing and how to get it, instead of failing inside apt or pip.
set -euo pipefail

job=tests
while [ $# -gt 0 ]; do
  case "$1" in
    --for) job="${2:-}"; shift 2 || { echo "install-deps: --for needs example or tests" >&2; exit 2; } ;;
    --for=*) job="${1#--for=}"; shift ;;
    -h|--help) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "install-deps: unknown option '$1' (use --for example|tests)" >&2; exit 2 ;;
  esac
done
case "$job" in example|tests) ;; *) echo "install-deps: --for '$job': use example or tests" >&2; exit 2 ;; esac

python="${DUALGPU_PYTHON:-python3}"
say() { echo "install-deps: $*"; }

# What the job needs: a check that it is there, and the package (apt / pip) that provides it.
need_cmd() {  # <command> <apt package> [pip package]
  command -v "$1" >/dev/null 2>&1 && return 0
  missing_what+=("$1")
  if command -v apt-get >/dev/null 2>&1; then missing_apt+=("$2"); elif [ -n "${3:-}" ]; then missing_pip+=("$3"); fi
}
need_module() {  # <python module> <pip package>: looked up (not imported: torch takes seconds) from /,
  # so that nothing in this folder answers
  (cd / && "$python" -c "import importlib.util, sys; sys.exit(importlib.util.find_spec('$1') is None)" >/dev/null 2>&1) \
    && return 0
  missing_what+=("python module $1")
  missing_pip+=("$2")
}
need_deb() {  # <apt package>: test-suite packages checked with dpkg (Debian/Ubuntu only)
  dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed" && return 0
  missing_what+=("$1")
  missing_apt+=("$1")
}

command -v "$python" >/dev/null 2>&1 || { say "no $python: install Python 3 (or set DUALGPU_PYTHON)"; exit 1; }
collect_missing() {
  missing_apt=() missing_pip=() missing_what=()
  need_cmd cmake cmake cmake
  need_cmd ninja ninja-build ninja
  command -v c++ >/dev/null 2>&1 || command -v g++ >/dev/null 2>&1 || need_cmd g++ g++
  need_module torch torch
  need_module pytest pytest
  need_module scikit_build_core scikit-build-core
  if [ "$job" = tests ]; then
    # Debian's cmake (3.25) by package: run-tests.sh runs /usr/bin/cmake besides pip's CMake 4.x.
    # libhipsparse-dev, libhiprand-dev: the HIP libraries Debian 12 has, for tests/libraries on ROCm 5.2;
    # librocrand-dev: the rocRAND headers hipRAND's include, which Debian 12's libhiprand-dev does not pull in.
    for p in cmake ninja-build g++ ccache python3 python3-pytest python3-yaml hipcc libamdhip64-dev rocminfo rocm-cmake rocm-device-libs \
             libhipsparse-dev libhiprand-dev librocrand-dev clang-15 lld-15 libtorch-dev python3-torch doctest-dev shellcheck dash \
             redis-server; do
      need_deb "$p"
    done
    need_module cmake cmake            # CMake 4.x from pip: every CMake-level test runs with 3.25 and 4.x
    need_module ninja ninja
    need_module pytest_benchmark pytest-benchmark
    need_module yaml PyYAML
    need_module numpy numpy
    need_module matplotlib matplotlib  # the benchmark charts (example-extension/bench/plot.py)
    # dualgpu check-abi: the manylinux policy (auditwheel) and the limited API's symbols (abi3audit)
    need_module auditwheel auditwheel
    need_module abi3audit abi3audit
    # the CMake modules' reference rendered as CMake's own is (docs/reference, test docs.reference)
    need_module sphinx sphinx
    need_module sphinxcontrib.moderncmakedomain sphinxcontrib-moderncmakedomain
  fi
}
collect_missing

# Installs; each step bounded, its failure reported with what remains missing.
if [ ${#missing_apt[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo"
  say "apt-get install ${missing_apt[*]}"
  if ! { timeout 300 $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive timeout 1800 \
         $sudo apt-get install -y -qq --no-install-recommends "${missing_apt[@]}" >/dev/null; }; then
    say "apt-get could not install ${missing_apt[*]} (no package mirror reachable, or a name this system lacks)"
  fi
fi
if [ ${#missing_pip[@]} -gt 0 ]; then
  say "pip install ${missing_pip[*]}"
  if ! timeout 1800 "$python" -m pip install -q --progress-bar off --timeout 30 --retries 2 "${missing_pip[@]}"; then
    say "pip could not install ${missing_pip[*]} (no package index reachable?)"
  fi
fi

# What is still missing after the attempts: say it, with how to get it, and fail.
collect_missing
if [ ${#missing_what[@]} -gt 0 ]; then
  say "missing for --for $job: ${missing_what[*]}"
  say "install them with your package manager or pip (for $python), then run this again"
  exit 1
fi
say "ready for $job (nvcc: $(command -v nvcc || echo 'not found; CUDA builds are skipped'))"
