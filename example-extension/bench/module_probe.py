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

Prints one line per case and state: every implementation's µs per call. docs/benchmarks.md, section
"example-extension: decode-size calls", was measured this way.
"""
import argparse
import ctypes
import os
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import torch  # noqa: E402

import bench_bandwidth as bb  # noqa: E402

KIND = {torch.float32: 0, torch.float16: 1, torch.bfloat16: 2}
CASES = ["rms_norm:1x896", "rms_norm:16x896", "rms_norm:64x896", "rms_norm:1x4096", "rms_norm:1x8192",
         "fused_add_rms_norm:1x576", "fused_add_rms_norm:16x896", "fused_add_rms_norm:1x4096",
         "silu_and_mul:1x4096", "silu_and_mul:1x2002", "silu_and_mul:16x2816"]


def module_ops(path):
    """The three ops of one build, as the benchmark calls them (outputs allocated like the extension's)."""
    lib = ctypes.CDLL(path)
    p, stream = ctypes.c_void_p, lambda: ctypes.c_void_p(torch.cuda.current_stream().cuda_stream)

    def check(err):
        if err:
            raise RuntimeError(f"{path}: launch error {err}")

    def rms_norm(x, w):
        out = torch.empty_like(x)
        check(lib.probe_rms_norm(p(out.data_ptr()), p(x.data_ptr()), p(w.data_ptr()), ctypes.c_float(bb.EPS),
                                 ctypes.c_long(x.shape[0]), ctypes.c_long(x.shape[1]), KIND[x.dtype], stream()))
        return out

    def fused_add_rms_norm(x, r, w):
        check(lib.probe_fused_add_rms_norm(p(x.data_ptr()), p(r.data_ptr()), p(w.data_ptr()), ctypes.c_float(bb.EPS),
                                           ctypes.c_long(x.shape[0]), ctypes.c_long(x.shape[1]), KIND[x.dtype],
                                           stream()))

    def silu_and_mul(x):
        d = x.shape[1] // 2
        out = torch.empty(x.shape[0], d, device=x.device, dtype=x.dtype)
        check(lib.probe_silu_and_mul(p(out.data_ptr()), p(x.data_ptr()), ctypes.c_long(x.shape[0]), ctypes.c_long(d),
                                     KIND[x.dtype], stream()))
        return out

    return dict(rms_norm=rms_norm, fused_add_rms_norm=fused_add_rms_norm, silu_and_mul=silu_and_mul)


def make_case(spec, dtype):
    op, shape = spec.split(":")
    rows, width = (int(v) for v in shape.split("x"))
    if op == "silu_and_mul":
        return bb.case_silu(rows, width // 2, dtype, "cuda")
    return bb.case_rms_norm(rows, width, dtype, "cuda", op == "fused_add_rms_norm")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("modules", nargs="+", metavar="NAME=LIBRARY", help="a build of module_probe.cu")
    ap.add_argument("--case", action="append", help="op:ROWSxWIDTH (silu_and_mul: the input's width)")
    ap.add_argument("--dtype", default="bfloat16", choices=["float32", "float16", "bfloat16"])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--states", default="hot,after,cold")
    args = ap.parse_args()
    if not torch.cuda.is_available():
        print("module_probe.py: no GPU visible")
        return 2
    bb.LIGER, bb.LIGER_ERROR = bb.liger_ops()
    builds = {name: module_ops(path) for name, path in (m.split("=", 1) for m in args.modules)}
    dtype = getattr(torch, args.dtype)
    flush_buffer = torch.empty(bb.FLUSH_BYTES, dtype=torch.uint8, device="cuda")
    one = torch.zeros(1, device="cuda")
    before = {"hot": None, "after": lambda: one.add_(1), "cold": lambda: flush_buffer.fill_(1)}
    states = args.states.split(",")
    timer = bb.Timer("cuda", 9)
    for spec in args.case or CASES:
        case = make_case(spec, dtype)
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
