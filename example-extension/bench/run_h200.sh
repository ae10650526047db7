#!/usr/bin/env bash
# run_h200.sh: example-extension on one H200 (or any sm_90 GPU) in one go: build for sm_90, the GPU
# tests, the decode_step benchmark (graph vs eager at batch 1, 4, 16, 64), the bandwidth benchmark
# (each op against eager, F.rms_norm, torch.compile and Liger-Kernel where it imports, in % of a
# device-to-device copy) and the charts. Everything lands in $OUT (default ./h200-results); when that
# folder already holds files, in a new run-XXXXXX folder inside it (nothing is overwritten):
#   summary.txt        GPU, driver, torch, nvcc, cmake versions; each step's exit status and time;
#                      decode_step's speed-up per batch and the crossover; bench_bandwidth's case table
#   build.log          configure + build (sm_90)
#   tests.log          pytest tests/ (CPU and GPU; the GPU must be visible or this step fails)
#   bench.log          pytest-benchmark's decode table, bench_bandwidth.py's output, plot output
#   bench_decode.json  decode_step graph vs eager (pytest-benchmark JSON)     (RUN_H200_DECODE=0: not run)
#   bandwidth.json     bench_bandwidth.py: copy GB/s, then per op/shape/dtype/implementation µs, % of copy
#   bandwidth.md       per case: ours, the best peer (named), the ratio, % of copy, wall times
#   bench.png          decode_step time per step vs batch, graph vs eager
#   bandwidth.png      a panel per op and state (cold, hot, after): each case's best peer over ours
# The build goes to a fresh folder from mktemp -d, which the script owns and removes at exit
# (RUN_H200_KEEP_BUILD=1 keeps it, and says where); it never deletes a path it did not create.
# One deadline (RUN_H200_SECONDS, default 540) caps every step, so the script ends within 9 minutes.
# RUN_H200_ROUNDS=N times every bandwidth case's implementations N times in turn (default 2), and
# RUN_H200_SET=heldback times the held-back real-model shapes instead of the grid (bench/shapes.py).
#   bash example-extension/bench/run_h200.sh          (from anywhere; python3 must import torch)
set -u
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
project="$(dirname "$here")"
python="${PYTHON:-python3}"
out="${OUT:-$PWD/h200-results}"
mkdir -p "$out" || { echo "run_h200.sh: cannot create the output folder $out (set OUT)" >&2; exit 2; }
if [ -n "$(ls -A "$out" 2>/dev/null)" ]; then  # results of an earlier run stay as they are
  out="$(mktemp -d "$out/run-XXXXXX")" || { echo "run_h200.sh: cannot create a run folder in $out" >&2; exit 2; }
fi
build="$(mktemp -d "${TMPDIR:-/tmp}/dualgpu-example-h200.XXXXXX")" ||
  { echo "run_h200.sh: cannot create a build folder (mktemp -d in ${TMPDIR:-/tmp})" >&2; exit 2; }
cleanup() {
  if [ "${RUN_H200_KEEP_BUILD:-0}" = 1 ]; then echo "build kept in $build"; else rm -rf -- "$build"; fi
}
trap cleanup EXIT
summary="$out/summary.txt"
status=0
echo "run_h200.sh: results in $out"

deadline=$((SECONDS + ${RUN_H200_SECONDS:-540}))

step() {  # step <name> <seconds> <log> <command...>: runs it within min(seconds, time left), records its exit status
  local name="$1" limit="$2" log="$3"
  shift 3
  local start=$SECONDS left=$((deadline - SECONDS))
  [ "$left" -lt "$limit" ] && limit=$left
  if [ "$limit" -le 5 ]; then
    echo "$name: not run, the deadline has passed" | tee -a "$summary"
    status=1
    return 1
  fi
  timeout --kill-after=10 "$limit" "$@" >>"$log" 2>&1
  local rc=$?
  echo "$name: exit $rc in $((SECONDS - start)) s$([ $rc -eq 124 ] && echo " (time limit ${limit} s)")" | tee -a "$summary"
  [ $rc -eq 0 ] || status=1
  return $rc
}

{
  date -u
  nvidia-smi --query-gpu=name,compute_cap,driver_version,memory.total --format=csv
  "$python" -c 'import torch; print("torch", torch.__version__, "cuda", torch.version.cuda, "gpu", torch.cuda.is_available())'
  nvcc --version | tail -n 2
  cmake --version | head -n 1
  echo "cores: $(nproc)"
  echo
} >"$summary" 2>&1

# Build: sm_90 machine code only (no PTX, no other architectures), Release, in the fresh folder.
if step configure 60 "$out/build.log" cmake -G Ninja -S "$project" -B "$build" -DCMAKE_BUILD_TYPE=Release \
     -DDUALGPU_PLATFORM=cuda -DDUALGPU_ARCHITECTURES=90-real -DDUALGPU_PYTHON="$(command -v "$python")" &&
   step build 200 "$out/build.log" cmake --build "$build" --parallel "$(nproc)"; then
  export DUALGPU_EXAMPLE_LIBRARY="$build/_dualgpu_example.so"
  export PYTHONPATH="$project/python${PYTHONPATH:+:$PYTHONPATH}"
  # The GPU tests must run, not skip: fail loudly when this build or torch sees no GPU.
  step gpu-visible 30 "$out/tests.log" "$python" -c \
    'import sys, dualgpu_example as e; print("has_gpu_kernels:", e.has_gpu_kernels()); sys.exit(0 if e.has_gpu_kernels() else 1)'
  step tests 150 "$out/tests.log" "$python" -m pytest -q -p no:cacheprovider -rs "$project/tests"
  if [ "${RUN_H200_DECODE:-1}" != 0 ]; then
    step bench-decode 70 "$out/bench.log" "$python" -m pytest -q -p no:cacheprovider "$here/bench_ops.py" -k decode_step \
      --benchmark-json="$out/bench_decode.json" --benchmark-columns=min,median,mean,stddev,rounds
  fi
  # bench_bandwidth.py skips torch.compile past --budget and further cases past 1.3x it; it writes
  # its JSON after every case, so a time-out keeps what was measured.
  left=$((deadline - SECONDS - 30))
  step bench-bandwidth "$left" "$out/bench.log" "$python" "$here/bench_bandwidth.py" --json "$out/bandwidth.json" \
    --md "$out/bandwidth.md" --budget $((left * 70 / 100)) --rounds "${RUN_H200_ROUNDS:-2}" \
    --set "${RUN_H200_SET:-grid}"
  if [ -s "$out/bandwidth.json" ]; then
    step plot-bandwidth 20 "$out/bench.log" "$python" "$here/plot.py" "$out/bandwidth.json" "$out/bandwidth.png"
    "$python" -c 'import json, sys; d = json.load(open(sys.argv[1]))
print("\nbandwidth: copy %.0f GB/s on %s" % (d["copy"]["gbps"], d["device"]))
print(d.get("summary_md", "(bench_bandwidth did not finish: see bench.log and the JSON)"))' "$out/bandwidth.json" >>"$summary" 2>&1
  fi
  if [ -s "$out/bench_decode.json" ]; then
    step plot 30 "$out/bench.log" "$python" "$here/plot.py" "$out/bench_decode.json" "$out/bench.png"
    "$python" - "$here" "$out/bench_decode.json" >>"$summary" 2>&1 <<'PY'
import sys
sys.path.insert(0, sys.argv[1])
import plot
print("\n".join(plot.decode_summary(plot.decode_times(plot.load(sys.argv[2:])))))
PY
  fi
fi
echo "overall: $([ $status -eq 0 ] && echo ok || echo FAILED)" | tee -a "$summary"
exit $status
