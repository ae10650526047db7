#!/usr/bin/env bash
# ci/install-deps.sh on a machine without a package mirror (apt-get and pip fail, as on the GPU machine):
# the main job's set-up touches only what it needs and names what is missing instead of failing in apt.
#   install_deps_offline.sh <repo>
set -euo pipefail
repo="$(cd "$1" && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf -- "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
real_python="$(command -v python3)"
real_dpkg_query="$(command -v dpkg-query || true)"

mkdir "$tmp/bin"
cat > "$tmp/bin/apt-get" <<SH
#!/bin/sh
echo "apt-get \$*" >> "$tmp/apt.log"
[ "\$1" = update ] && exit 0  # lists load; the packages are not there
echo "E: Unable to locate package (no mirror)" >&2
exit 100
SH
printf '#!/bin/sh\nexec "$@"\n' > "$tmp/bin/sudo"
# A Python without scikit-build-core, whose pip reaches no index.
cat > "$tmp/bin/python-offline" <<SH
#!/bin/sh
case "\$*" in
  *"scikit_build_core"*) exit 1 ;;
  "-m pip "*) echo "pip \$*" >> "$tmp/pip.log"; echo "ERROR: No matching distribution found" >&2; exit 1 ;;
esac
exec "$real_python" "\$@"
SH
# dpkg-query that reports shellcheck as absent (everything else as the real one says).
cat > "$tmp/bin/dpkg-query" <<SH
#!/bin/sh
case "\$*" in *shellcheck*) exit 1 ;; esac
exec ${real_dpkg_query:-false} "\$@"
SH
chmod +x "$tmp/bin/"*
export PATH="$tmp/bin:$PATH"

# 1. The main job on a machine that has everything it needs: nothing is installed, apt is never asked.
out="$("$repo/ci/install-deps.sh" --for example 2>&1)" || fail "--for example on a complete machine: $out"
grep -q "^install-deps: ready for example" <<<"$out" || fail "no 'ready' line: $out"
[ ! -e "$tmp/apt.log" ] || fail "--for example asked apt for: $(cat "$tmp/apt.log")"

# 2. One Python package missing, no index: exit 1, the package named; still no apt (ROCm, Debian torch...).
rc=0
out="$(DUALGPU_PYTHON="$tmp/bin/python-offline" "$repo/ci/install-deps.sh" --for example 2>&1)" || rc=$?
[ "$rc" = 1 ] || fail "--for example without scikit-build-core: exit $rc: $out"
grep -q "^install-deps: missing for --for example: python module scikit_build_core$" <<<"$out" || fail "missing not named: $out"
grep -q "pip install .*scikit-build-core" "$tmp/pip.log" || fail "pip was not tried for scikit-build-core"
[ ! -e "$tmp/apt.log" ] || fail "--for example asked apt for: $(cat "$tmp/apt.log")"

# 3. The test suite's set-up with an apt package missing and no mirror: apt tried for that one only, then named.
if command -v dpkg >/dev/null 2>&1; then
  rc=0
  out="$("$repo/ci/install-deps.sh" --for tests 2>&1)" || rc=$?
  [ "$rc" = 1 ] || fail "--for tests without shellcheck: exit $rc: $out"
  grep -q "apt-get could not install shellcheck" <<<"$out" || fail "apt failure not explained: $out"
  grep -q "^install-deps: missing for --for tests: shellcheck$" <<<"$out" || fail "missing not named: $out"
  grep -q "^apt-get install .*shellcheck$" "$tmp/apt.log" || fail "apt was not asked for shellcheck: $(cat "$tmp/apt.log")"
fi
echo "install-deps without a mirror: all checks passed"
