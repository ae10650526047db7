# shellcheck shell=bash
# Sourced by the packaging tests: fail(), the expected version, and a throw-away work folder.
#   REPO, CMAKE must be set by the caller.
set -euo pipefail
fail() { echo "FAIL: $*" >&2; exit 1; }
expected_version="$("$CMAKE" -P "$REPO/tests/packaging/print_version.cmake")"
[ -n "$expected_version" ] || fail "no version from cmake/DualGPUVersion.cmake"
work="$(mktemp -d "${TMPDIR:-/tmp}/dualgpu-packaging.XXXXXX")"
trap 'rm -rf -- "$work"' EXIT
