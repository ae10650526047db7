#!/usr/bin/env python3
"""Builds of the extension's kernels (module_probe.cu, one shared library per variant) timed against each
other and against the peers of bench_bandwidth.py, at decode sizes, in three states:

    hot    the calls back to back (ours launched dependent, as in the benchmark's hot cases);
    after  each call after a kernel that adds 1 to one value: ours an ordinary launch, inputs in L2, and
           no flush to subtract: the cleanest view of one call's latency;
    cold   each call after the benchmark's 128 MiB L2 flush, timed as bench_bandwidth.py times it.

The preceding kernels alone are timed in alternation with each graph and subtracted pair by pair
(bench_bandwidth.Timer). Implementations in turn, each round starting with another; the median of the
rounds. GPU only.

    python3 example-extension/bench/module_probe.py before=/tmp/before.so after=/tmp/after.so \\
        [--case rms_norm:16x896 ...] [--dtype bfloat16] [--rounds 3] [--states hot,after,cold]

The peers and cases come from bench_bandwidth.py, which imports the extension: build it first, or point
DUALGPU_EXAMPLE_LIBRARY at a built _dualgpu_example.so. Build the probes with -rdc=true (BUILD_HINT): the
kernels then compile to the extension's own code; without it they can time differently (docs/benchmarks.md,
"decode-size calls"). Confirm a change in the extension's build, with bench_bandwidth.py --only, before
keeping it.

Prints one line per case and state: every implementation's µs per call. docs/benchmarks.md, section
"example-extension: decode-size calls", was measured this way.
"""
import argparse
import ctypes
import os
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
# torch and bench_bandwidth (which imports the extension) are imported once the arguments are checked, so
# that --help and a malformed argument answer at once (import_benchmark).
torch = bb = None

KIND = {"float32": 0, "float16": 1, "bfloat16": 2}  # scalar_kind's order


def kind(tensor):
    return KIND[str(tensor.dtype).removeprefix("torch.")]
CASES = ["rms_norm:1x896", "rms_norm:16x896", "rms_norm:64x896", "rms_norm:1x4096", "rms_norm:1x8192",
         "fused_add_rms_norm:1x576", "fused_add_rms_norm:16x896", "fused_add_rms_norm:1x4096",
         "silu_and_mul:1x4096", "silu_and_mul:1x2002", "silu_and_mul:16x2816"]


BUILD_HINT = ("build one with: nvcc -std=c++17 -O3 -arch=sm_90 -rdc=true -shared -Xcompiler -fPIC -DDUALGPU_PLATFORM_CUDA "
              "-Iinclude -Iexample-extension/csrc -Iexample-extension/csrc/cuda "
              "example-extension/bench/module_probe.cu -o NAME.so")


def load_build(spec):
    """NAME=LIBRARY as given on the command line: the library, checked to be a build of module_probe.cu."""
    name, sep, path = spec.partition("=")
    if not sep or not name or not path:
        sys.exit(f"module_probe.py: '{spec}' is not NAME=LIBRARY (e.g. before=/tmp/before.so)")
    try:
        lib = ctypes.CDLL(os.path.abspath(path))
    except OSError as e:
        sys.exit(f"module_probe.py: {name}: cannot load {path} ({e}); {BUILD_HINT}")
    missing = [f for f in ("probe_rms_norm", "probe_fused_add_rms_norm", "probe_silu_and_mul") if not hasattr(lib, f)]
    if missing:
        sys.exit(f"module_probe.py: {name}: {path} has no {', '.join(missing)}: not a build of module_probe.cu; "
                 f"{BUILD_HINT}")
    return name, module_ops(lib, path)


def module_ops(lib, path):
    """The three ops of one build, as the benchmark calls them (outputs allocated like the extension's)."""
    p, stream = ctypes.c_void_p, lambda: ctypes.c_void_p(torch.cuda.current_stream().cuda_stream)

    def check(err):
        if err:
            raise RuntimeError(f"{path}: launch error {err}")

    def rms_norm(x, w):
        out = torch.empty_like(x)
        check(lib.probe_rms_norm(p(out.data_ptr()), p(x.data_ptr()), p(w.data_ptr()), ctypes.c_float(bb.EPS),
                                 ctypes.c_long(x.shape[0]), ctypes.c_long(x.shape[1]), kind(x), stream()))
        return out

    def fused_add_rms_norm(x, r, w):
        check(lib.probe_fused_add_rms_norm(p(x.data_ptr()), p(r.data_ptr()), p(w.data_ptr()), ctypes.c_float(bb.EPS),
                                           ctypes.c_long(x.shape[0]), ctypes.c_long(x.shape[1]), kind(x),
                                           stream()))

    def silu_and_mul(x):
        d = x.shape[1] // 2
        out = torch.empty(x.shape[0], d, device=x.device, dtype=x.dtype)
        check(lib.probe_silu_and_mul(p(out.data_ptr()), p(x.data_ptr()), ctypes.c_long(x.shape[0]), ctypes.c_long(d),
                                     kind(x), stream()))
        return out

    return dict(rms_norm=rms_norm, fused_add_rms_norm=fused_add_rms_norm, silu_and_mul=silu_and_mul)


def parse_case(spec):
    """op:ROWSxWIDTH as (op, rows, width), or the program ends naming the form."""
    op, _, shape = spec.partition(":")
    rows, _, width = shape.partition("x")
    if op not in ("rms_norm", "fused_add_rms_norm", "silu_and_mul") or not (rows.isdigit() and width.isdigit()):
        sys.exit(f"module_probe.py: --case '{spec}': give op:ROWSxWIDTH with op rms_norm, fused_add_rms_norm or "
                 f"silu_and_mul (e.g. rms_norm:16x896)")
    return op, int(rows), int(width)


def make_case(op, rows, width, dtype):
    if op == "silu_and_mul":
        return bb.case_silu(rows, width // 2, dtype, "cuda")
    return bb.case_rms_norm(rows, width, dtype, "cuda", op == "fused_add_rms_norm")


def import_benchmark():
    global torch, bb
    try:
        import torch as torch_module
        import bench_bandwidth as bench_module
    except ImportError as e:
        sys.exit(f"module_probe.py: {e}. It needs torch and the built extension (bench_bandwidth.py imports it): "
                 "build example-extension, or set DUALGPU_EXAMPLE_LIBRARY to a built _dualgpu_example.so")
    torch, bb = torch_module, bench_module


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("modules", nargs="+", metavar="NAME=LIBRARY", help="a build of module_probe.cu")
    ap.add_argument("--case", action="append", help="op:ROWSxWIDTH (silu_and_mul: the input's width)")
    ap.add_argument("--dtype", default="bfloat16", choices=["float32", "float16", "bfloat16"])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--states", default="hot,after,cold")
    args = ap.parse_args()
    cases = [parse_case(spec) for spec in args.case or CASES]
    states = args.states.split(",")
    if not set(states) <= {"hot", "after", "cold"}:
        sys.exit(f"module_probe.py: --states '{args.states}': a comma-separated subset of hot,after,cold")
    import_benchmark()
    builds = dict(load_build(m) for m in args.modules)
    if len(builds) != len(args.modules):
        sys.exit("module_probe.py: two builds share a NAME; give each its own")
    if not torch.cuda.is_available():
        print("module_probe.py: no GPU visible")
        return 2
    bb.LIGER, bb.LIGER_ERROR = bb.liger_ops()
    dtype = getattr(torch, args.dtype)
    flush, flush_note = bb.l2_flush.make_flush(bb.FLUSH_BYTES, "cuda")
    if flush_note:
        print(f"note: {flush_note}", flush=True)
    preceding = bb.preceding_calls("cuda", flush)  # the benchmark's own: its after and flush-cold states
    before = {"hot": None, "after": preceding["kernel"], "cold": preceding["flush"]}
    timer = bb.Timer("cuda", 9, reset=flush)
    for op, rows, width in cases:
        case = make_case(op, rows, width, dtype)
        argsets = [case["new_set"](i) for i in range(4)]
        fns = {name: bb.prepare(case, argsets, impl, True, 1e9) for name, impl in case["impls"].items()
               if name in ("compile", "liger")}
        fns.update({name: ops[case["op"]] for name, ops in builds.items()})
        names, line = list(fns), f"{case['op']:19s} {case['shape']:>9s}"
        for state in states:
            times = {name: [] for name in names}
            for r in range(args.rounds):
                alone = timer.capture(lambda: None, [()], 40, 1, before[state]) if before[state] else None
                for name in names[r % len(names):] + names[:r % len(names)]:
                    graph = timer.capture(fns[name], argsets, 40, 4, before[state])
                    times[name].append(timer.gpu_us(graph, 40, minus=alone))
                    del graph
            line += f" | {state}: " + " ".join(f"{n} {statistics.median(times[n]):.2f}" for n in names)
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
