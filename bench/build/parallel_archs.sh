#!/usr/bin/env bash
# Clean builds of one project for several GPU architectures, with and without DualGPU's parallel
# multi-architecture settings (and, for HIP, with and without --offload-compress): wall time and
# binary size of each, written as JSON. The same CMake project each time; only these variables change:
#   plain     DUALGPU_ARCHITECTURE_JOBS=OFF   DUALGPU_OFFLOAD_COMPRESS=OFF  (what compilers do by default)
#   parallel  DUALGPU_ARCHITECTURE_JOBS=AUTO  DUALGPU_OFFLOAD_COMPRESS=OFF
#   compress  DUALGPU_ARCHITECTURE_JOBS=AUTO  DUALGPU_OFFLOAD_COMPRESS=ON   (hip only)
#
# usage: bench/build/parallel_archs.sh cuda|hip [JSON-FILE]
#   cuda  example-extension/ (the torch extension, RDC) for ARCHS (default 80 86 89 90 100 120, -real);
#         needs torch for DUALGPU_PYTHON (default python3)
#   hip   the example's torch-free kernels (tests/extension/gpu_kernels, RDC) for ARCHS (default gfx90a
#         gfx942 gfx1100 gfx1201); on the CI machine run it inside the ROCm 6.4 root:
#         ci/rocm-root.sh exec -- bench/build/parallel_archs.sh hip
# JSON-FILE defaults to $OUT/parallel_archs_<platform>.json (OUT defaults to the current folder).
# REPEAT (default 1) clean builds per variant; the JSON keeps each and the ratios use the fastest.
# The compiler cache is off (DUALGPU_COMPILER_LAUNCHER=OFF): every build compiles everything.
set -euo pipefail
platform=${1:?usage: parallel_archs.sh cuda|hip [JSON-FILE]}
repo=$(cd "$(dirname "$0")/../.." && pwd)
out_file=${2:-${OUT:-.}/parallel_archs_${platform}.json}
repeat=${REPEAT:-1}
cmake=${CMAKE:-cmake}
work=$(mktemp -d "${TMPDIR:-/tmp}/dualgpu-parallel-archs.XXXXXX")
trap 'rm -rf "$work"' EXIT

case $platform in
  cuda)
    archs=${ARCHS:-80-real 86-real 89-real 90-real 100-real 120-real}
    source="$repo/example-extension"
    binary_glob="_dualgpu_example*.so"
    extra=("-DDUALGPU_PYTHON=${DUALGPU_PYTHON:-python3}")
    variants=(plain parallel)
    ;;
  hip)
    archs=${ARCHS:-gfx90a gfx942 gfx1100 gfx1201}
    source="$repo/tests/extension/gpu_kernels"
    binary_glob="libexample_gpu_kernels.so"
    extra=()
    variants=(plain parallel compress)
    ;;
  *) echo "parallel_archs.sh: platform '$platform': give cuda or hip" >&2; exit 2 ;;
esac

now() { python3 -c 'import time; print(time.monotonic())'; }
settings() {
  case $1 in
    plain) echo "-DDUALGPU_ARCHITECTURE_JOBS=OFF -DDUALGPU_OFFLOAD_COMPRESS=OFF" ;;
    parallel) echo "-DDUALGPU_ARCHITECTURE_JOBS=AUTO -DDUALGPU_OFFLOAD_COMPRESS=OFF" ;;
    compress) echo "-DDUALGPU_ARCHITECTURE_JOBS=AUTO -DDUALGPU_OFFLOAD_COMPRESS=ON" ;;
  esac
}

results="$work/results.txt"
: >"$results"
for ((run = 1; run <= repeat; run++)); do
  for variant in "${variants[@]}"; do
    build="$work/build-$variant-$run"  # a new folder: every build is clean
    # shellcheck disable=SC2046  # settings() gives separate arguments on purpose
    "$cmake" -S "$source" -B "$build" -G Ninja "-DDualGPU_DIR=$repo/cmake" "-DDUALGPU_PLATFORM=${platform/hip/rocm}" \
      "-DDUALGPU_ARCHITECTURES=${archs// /,}" -DDUALGPU_COMPILER_LAUNCHER=OFF $(settings "$variant") "${extra[@]}" \
      >"$build.configure.log" 2>&1 || { cat "$build.configure.log"; exit 1; }
    flags=$(grep -o -- '--threads=[0-9]*\|--offload-jobs=[0-9]*\|-parallel-jobs=[0-9]*\|--offload-compress' \
      "$build/build.ninja" | sort -u | tr '\n' ' ' || true)
    start=$(now)
    "$cmake" --build "$build" >"$build.build.log" 2>&1 || { tail -50 "$build.build.log"; exit 1; }
    end=$(now)
    binary=$(find "$build" -maxdepth 1 -name "$binary_glob" | head -1)
    size=$(stat -c %s "$binary")
    echo "$variant $run $start $end $size ${flags:-none}" >>"$results"
    echo "$platform $variant run $run: $(python3 -c "print(round($end - $start, 1))") s, $size bytes, flags: ${flags:-none}"
  done
done

mkdir -p "$(dirname "$out_file")"
python3 - "$results" "$out_file" "$platform" "$archs" "$(nproc)" "$(cd "$repo" && git rev-parse --short HEAD 2>/dev/null || echo unknown)" <<'EOF'
import json, sys
results, out_file, platform, archs, cores, commit = sys.argv[1:7]
runs = {}
for line in open(results):
    variant, run, start, end, size, *flags = line.split()
    runs.setdefault(variant, {"build_s": [], "binary_bytes": None, "flags": " ".join(flags)})
    runs[variant]["build_s"].append(round(float(end) - float(start), 2))
    runs[variant]["binary_bytes"] = int(size)
plain = min(runs["plain"]["build_s"])
ratios = {v: round(min(r["build_s"]) / plain, 3) for v, r in runs.items()}
sizes = {v: round(r["binary_bytes"] / runs["plain"]["binary_bytes"], 3) for v, r in runs.items()}
report = {"platform": platform, "architectures": archs.split(), "cores": int(cores), "commit": commit,
          "variants": runs, "time_vs_plain": ratios, "size_vs_plain": sizes}
json.dump(report, open(out_file, "w"), indent=2)
print(json.dumps({"time_vs_plain": ratios, "size_vs_plain": sizes}))
print("written:", out_file)
EOF
