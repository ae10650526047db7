#!/usr/bin/env bash
# The main job, from a fresh machine: installs what is missing, then builds example-extension for the
# platform DualGPU decides here (the configure's and doctor's decision) and runs its tests.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$repo/ci/install-deps.sh" --for example
exec "$repo/bin/dualgpu" example "$@"
