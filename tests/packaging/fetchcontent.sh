#!/usr/bin/env bash
# FetchContent with FIND_PACKAGE_ARGS: from a local git URL when DualGPU is not installed, and the
# installed copy (no download) when find_package finds one. Both build a DualGPU consumer.
#   fetchcontent.sh <repo> <cmake>
REPO="$(cd "$1" && pwd)" CMAKE="$2"
source "$REPO/tests/packaging/common.sh"
command -v git > /dev/null || { echo "no git: FetchContent from a git URL cannot be tried"; exit 77; }

# A git repository of this working tree (committed or not), tagged with its version as a release would be.
src="$work/dualgpu.git"
mkdir -p "$src"
(cd "$REPO" && git ls-files -z --cached --others --exclude-standard -- CMakeLists.txt cmake include bin \
   | xargs -0 cp --parents -t "$src")
git -C "$src" init -q
git -C "$src" -c user.name=test -c user.email=test@example.com add -A
git -C "$src" -c user.name=test -c user.email=test@example.com commit -qm "DualGPU $expected_version"
git -C "$src" tag "v$expected_version"

consumer="$REPO/tests/packaging/fetch_consumer"
common=(-G Ninja -DDUALGPU_PLATFORM=cpu "-DDUALGPU_GIT_URL=file://$src" "-DDUALGPU_GIT_TAG=v$expected_version"
        -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF)

# 1. Not installed anywhere: fetched from git, then find_package(DualGPU) answers with the fetched tree.
"$CMAKE" -S "$consumer" -B "$work/fetched" "${common[@]}" > "$work/log" 2>&1 \
  || { cat "$work/log"; fail "configure with FetchContent from git"; }
grep -q "fetch_consumer: DualGPU $expected_version fetched, from " "$work/log" || { cat "$work/log"; fail "not fetched"; }
[ -f "$work/fetched/_deps/dualgpu-src/cmake/DualGPUConfig.cmake" ] || fail "no fetched sources in _deps"
"$CMAKE" --build "$work/fetched" > "$work/log" 2>&1 || { cat "$work/log"; fail "build of the fetched consumer"; }

# 2. Installed: FIND_PACKAGE_ARGS finds it and nothing is fetched.
"$CMAKE" -S "$REPO" -B "$work/pkg" -G Ninja -DBUILD_TESTING=OFF "-DCMAKE_INSTALL_PREFIX=$work/prefix" > /dev/null
"$CMAKE" --install "$work/pkg" > /dev/null
"$CMAKE" -S "$consumer" -B "$work/found" "${common[@]}" "-DCMAKE_PREFIX_PATH=$work/prefix" > "$work/log" 2>&1 \
  || { cat "$work/log"; fail "configure with an installed DualGPU"; }
grep -q "fetch_consumer: DualGPU $expected_version found, from $work/prefix/share/dualgpu/cmake$" "$work/log" \
  || { cat "$work/log"; fail "the installed DualGPU was not used"; }
[ ! -e "$work/found/_deps/dualgpu-src" ] || fail "fetched although installed"
"$CMAKE" --build "$work/found" > "$work/log" 2>&1 || { cat "$work/log"; fail "build against the installed DualGPU"; }
echo "FetchContent (git URL, and FIND_PACKAGE_ARGS finding an installed copy): all checks passed"
