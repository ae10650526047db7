#!/usr/bin/env bash
# Two CI runners sharing one Redis server through DUALGPU_COMPILER_CACHE: each has its own copy of
# DualGPU and of the consumer project, in different folders, and an empty local ccache. Runner A
# builds first, runner B second; B must get >= 90 % remote hits and build in <= 0.3x A's time.
# Before them a pull request's build (DUALGPU_COMPILER_CACHE_READONLY=ON) must leave Redis empty.
#
# usage: two_runners.sh REPO PROJECT PLATFORM ARCHITECTURES|none CMAKE [PYTHON]
# Exits 77 (skipped) when redis-server, a ccache with remote storage, or ninja is missing.
set -euo pipefail
repo=$1 project=$2 platform=$3 archs=$4 cmake=$5 python=${6:-}

skip() { echo "SKIPPED: $*"; exit 77; }
command -v redis-server >/dev/null || skip "no redis-server (Debian: apt-get install redis-server)"
command -v ninja >/dev/null || skip "no ninja"
command -v ccache >/dev/null || skip "no ccache"
ccache --version | head -1 | grep -Eq 'version (4\.([6-9]|[1-9][0-9])|[5-9])' || skip "ccache older than 4.6"
ccache --version | grep -q redis-storage || skip "this ccache was built without Redis storage"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/dualgpu-two-runners.XXXXXX")
redis_pid=""
cleanup() {
  if [[ -n $redis_pid ]]; then kill "$redis_pid" 2>/dev/null || true; wait "$redis_pid" 2>/dev/null || true; fi
  rm -rf "$tmp"
}
trap cleanup EXIT

# A free port picked by the kernel; retried because another process may take it before Redis does.
for _ in 1 2 3 4 5; do
  port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  timeout 1800 redis-server --bind 127.0.0.1 --port "$port" --save "" --appendonly no --dir "$tmp" \
    >"$tmp/redis.log" 2>&1 &
  redis_pid=$!
  for _ in $(seq 50); do
    if redis-cli -h 127.0.0.1 -p "$port" ping 2>/dev/null | grep -q PONG; then break 2; fi
    kill -0 "$redis_pid" 2>/dev/null || break
    sleep 0.1
  done
  kill "$redis_pid" 2>/dev/null || true; wait "$redis_pid" 2>/dev/null || true; redis_pid=""
done
[[ -n $redis_pid ]] || { cat "$tmp/redis.log"; echo "FAIL: redis-server did not start"; exit 1; }

# Nothing from the caller's ccache set-up may help or hinder: the settings are DualGPU's own.
unset CCACHE_BASEDIR CCACHE_HASHDIR CCACHE_NOHASHDIR CCACHE_COMPILERCHECK CCACHE_REMOTE_STORAGE \
  CCACHE_REMOTE_ONLY CCACHE_SECONDARY_STORAGE CCACHE_DISABLE CCACHE_READONLY CCACHE_RECACHE
export CCACHE_CONFIGPATH="$tmp/ccache.conf"
: >"$CCACHE_CONFIGPATH"

extra_args=()
[[ -n $python ]] && extra_args+=("-DDUALGPU_PYTHON=$python")
[[ $archs != none ]] && extra_args+=("-DDUALGPU_ARCHITECTURES=$archs")

# run_runner <folder> [cmake-arg...]: copies DualGPU and the project there, builds, prints the build's seconds.
run_runner() {
  local root=$1
  shift
  mkdir -p "$root/dualgpu" "$root/ccache"
  cp -R "$repo/cmake" "$repo/include" "$root/dualgpu/"
  cp -R "$project" "$root/project"
  CCACHE_DIR="$root/ccache" timeout 600 "$cmake" -S "$root/project" -B "$root/project/build" -G Ninja \
    "-DDualGPU_DIR=$root/dualgpu/cmake" "-DDUALGPU_PLATFORM=$platform" \
    "-DDUALGPU_COMPILER_CACHE=redis://127.0.0.1:$port" "${extra_args[@]}" "$@" >"$root/configure.log" 2>&1 \
    || { cat "$root/configure.log"; echo "FAIL: configure in $root"; exit 1; }
  local start end
  start=$(date +%s.%N)
  CCACHE_DIR="$root/ccache" timeout 1200 "$cmake" --build "$root/project/build" >"$root/build.log" 2>&1 \
    || { cat "$root/build.log"; echo "FAIL: build in $root"; exit 1; }
  end=$(date +%s.%N)
  python3 -c "print($end - $start)"
}

# stat <runner> <key>: one counter of ccache --print-stats.
stat() { CCACHE_DIR="$1/ccache" ccache --print-stats | awk -v k="$2" '$1 == k { print $2 }'; }

# A pull request's build first: read-only, so it must leave the server empty.
run_runner "$tmp/runner-pr/_work" -DDUALGPU_COMPILER_CACHE_READONLY=ON >/dev/null
keys_after_pr=$(redis-cli -h 127.0.0.1 -p "$port" dbsize)
pr_misses=$(stat "$tmp/runner-pr/_work" remote_storage_miss)
seconds_a=$(run_runner "$tmp/runner-a/_work")
seconds_b=$(run_runner "$tmp/runner-b/checkouts")
hits=$(stat "$tmp/runner-b/checkouts" remote_storage_hit)
misses=$(stat "$tmp/runner-b/checkouts" remote_storage_miss)
a_misses=$(stat "$tmp/runner-a/_work" remote_storage_miss)

python3 - "$seconds_a" "$seconds_b" "$hits" "$misses" "$a_misses" "$platform" "$keys_after_pr" "$pr_misses" <<'EOF'
import sys
a, b, hits, misses, a_misses, platform = float(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]), sys.argv[6]
keys_after_pr, pr_misses = int(sys.argv[7]), int(sys.argv[8])
lookups = hits + misses
rate = hits / lookups if lookups else 0.0
print("runner A (empty cache): %.2f s build, %d compiles sent to Redis" % (a, a_misses))
print("runner B (other folders, empty local cache): %.2f s build, %d/%d remote hits = %.0f %%, time %.2fx A's"
      % (b, hits, lookups, 100 * rate, b / a))
print("read-only runner (a pull request) first: %d remote lookups, %d keys left in Redis" % (pr_misses, keys_after_pr))
failed = []
if pr_misses == 0:
    failed.append("the read-only runner never asked the remote storage")
if keys_after_pr != 0:
    failed.append("the read-only runner wrote %d keys to the remote storage" % keys_after_pr)
if a_misses == 0:
    failed.append("runner A compiled nothing through ccache: is the launcher in place?")
if rate < 0.9:
    failed.append("remote hit rate %.0f %% is below 90 %%" % (100 * rate))
if b > 0.3 * a:
    failed.append("runner B took %.2fx runner A's time, above 0.3x" % (b / a))
for f in failed:
    print("FAIL (%s): %s" % (platform, f))
sys.exit(1 if failed else 0)
EOF
