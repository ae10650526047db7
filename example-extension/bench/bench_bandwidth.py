#!/usr/bin/env python3
"""Memory-bandwidth benchmark: each op against PyTorch, in % of a device-to-device copy measured in
the same run.

Timing: CUDA events around ITERS back-to-back calls (after a warm-up), median of REPEATS such
windows. Inputs rotate through enough copies that one window's working set is >= 256 MB (well past
the H200's 50 MB L2), so no call finds its input in L2 from the call before. Bytes are the minimum
traffic: every input read once, every output written once (weights and tables counted once).

Implementations per case: dualgpu (this extension), eager (the PyTorch composite of bench_ops.py),
F.rms_norm (where it exists), compile (torch.compile of the composite, mode default, dynamic=False,
compiled before timing). The candidates behind the extension's kernel choices are compared, without
torch, by kernel_variants.cu.

    python bench/bench_bandwidth.py [--json out.json] [--png out.png] [--budget 300] [--quick]
                                    [--only rms_norm:16384x8192 ...] [--rounds 5]

--rounds N times every implementation N times, in turn (a, b, c, a, b, c, ...), so that a drift in
the GPU's clocks hits all of them alike; each reports the median of its rounds, and the summary the
range of the per-round speed-ups: what to look at when two paths are within a few percent.

Prints a Markdown table (and a target summary), writes the JSON after every case (a time-out keeps
what was measured) and the chart (plot.py plot_bandwidth: % of copy per case and implementation).
"""
import argparse
import json
import math
import os
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
if os.environ.get("DUALGPU_EXAMPLE_LIBRARY"):
    sys.path.insert(0, os.path.join(HERE, "..", "python"))

import torch  # noqa: E402
import torch.nn.functional as F  # noqa: E402

import dualgpu_example as ext  # noqa: E402
from bench_ops import eager_fused_add_rms_norm, eager_rms_norm, eager_rotary, eager_silu_and_mul  # noqa: E402

EPS = 1e-6
ROTATE_BYTES = 256 << 20  # per timing window, at least this much distinct input
MAX_SETS = 64
NORM_TARGET = 85.0  # % of copy, hidden 4096 and 8192


# ---- timing ----------------------------------------------------------------------------------
class Timer:
    def __init__(self, device, repeats, target_ms, max_iters):
        self.gpu = device == "cuda"
        self.repeats, self.target_ms, self.max_iters = repeats, target_ms, max_iters

    def sync(self):
        if self.gpu:
            torch.cuda.synchronize()

    def window(self, fn, argsets, iters):
        """Microseconds per call over one window of `iters` back-to-back calls."""
        n = len(argsets)
        if self.gpu:
            start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            start.record()
            for i in range(iters):
                fn(*argsets[i % n])
            end.record()
            end.synchronize()
            return start.elapsed_time(end) * 1e3 / iters
        t0 = time.perf_counter()
        for i in range(iters):
            fn(*argsets[i % n])
        return (time.perf_counter() - t0) * 1e6 / iters

    def measure(self, fn, argsets):
        """(median us per call, iterations per window, every window's us)."""
        for a in argsets[:2]:  # warm-up (torch.compile already compiled)
            fn(*a)
        self.sync()
        probe = self.window(fn, argsets, 5)
        iters = int(min(self.max_iters, max(20, self.target_ms * 1e3 / max(probe, 1e-3))))
        windows = [self.window(fn, argsets, iters) for _ in range(self.repeats)]
        return statistics.median(windows), iters, windows


def compiled(fn):
    """torch.compile of fn for one shape: fresh caches, static shapes, no silent eager fallback."""
    import torch._dynamo as dynamo
    for name in ("recompile_limit", "cache_size_limit", "accumulated_recompile_limit", "accumulated_cache_size_limit"):
        if hasattr(dynamo.config, name):
            setattr(dynamo.config, name, max(getattr(dynamo.config, name), 256))
    dynamo.reset()
    return torch.compile(fn, dynamic=False)


# ---- cases -----------------------------------------------------------------------------------
def esize(dtype):
    return torch.empty((), dtype=dtype).element_size()


def n_sets(bytes_per_call):
    return max(1, min(MAX_SETS, math.ceil(ROTATE_BYTES / max(bytes_per_call, 1))))


def case_rms_norm(rows, hidden, dtype, device, fused):
    es = esize(dtype)
    per_call = rows * hidden * es * (4 if fused else 2) + hidden * es
    sets = n_sets(per_call)
    w = torch.rand(hidden, device=device, dtype=dtype) + 0.5
    if fused:
        # In place: the residual grows by x each call; x stays normalised. Scaled so nothing overflows.
        argsets = [(torch.randn(rows, hidden, device=device, dtype=dtype) * 1e-3,
                    torch.randn(rows, hidden, device=device, dtype=dtype), w) for _ in range(sets)]
        impls = {"dualgpu": lambda x, r, w: ext.fused_add_rms_norm(x, r, w, EPS),
                 "eager": lambda x, r, w: eager_fused_add_rms_norm(x, r, w, EPS),
                 "compile": ("compile", eager_fused_add_rms_norm, lambda f: (lambda x, r, w: f(x, r, w, EPS)))}
    else:
        argsets = [(torch.randn(rows, hidden, device=device, dtype=dtype), w) for _ in range(sets)]
        impls = {"dualgpu": lambda x, w: ext.rms_norm(x, w, EPS),
                 "eager": lambda x, w: eager_rms_norm(x, w, EPS)}
        if hasattr(F, "rms_norm"):
            impls["F.rms_norm"] = lambda x, w: F.rms_norm(x, (hidden,), w, EPS)
        impls["compile"] = ("compile", eager_rms_norm, lambda f: (lambda x, w: f(x, w, EPS)))
    return dict(op="fused_add_rms_norm" if fused else "rms_norm", shape=f"{rows}x{hidden}", bytes=per_call,
                argsets=argsets, impls=impls, norm_target=hidden in (4096, 8192) and rows >= 1024)


def case_silu(rows, d, dtype, device):
    es = esize(dtype)
    per_call = rows * d * es * 3
    argsets = [(torch.randn(rows, 2 * d, device=device, dtype=dtype),) for _ in range(n_sets(per_call))]
    impls = {"dualgpu": ext.silu_and_mul, "eager": eager_silu_and_mul,
             "compile": ("compile", eager_silu_and_mul, lambda f: f)}
    return dict(op="silu_and_mul", shape=f"{rows}x{2 * d}", bytes=per_call, argsets=argsets, impls=impls,
                norm_target=False)


def case_rotary(tokens, heads, kv_heads, head_size, dtype, device, max_pos=8192):
    es = esize(dtype)
    angles = torch.arange(max_pos, device=device).float()[:, None] * torch.rand(head_size // 2, device=device)
    cache = torch.cat([angles.cos(), angles.sin()], -1).to(dtype)  # norm-preserving: values stay bounded
    positions0 = torch.randint(0, max_pos, (tokens,), device=device)
    unique_rows = positions0.unique().numel()
    per_call = 2 * tokens * (heads + kv_heads) * head_size * es + tokens * 8 + unique_rows * head_size * es
    argsets = []
    for i in range(n_sets(per_call)):
        positions = positions0 if i == 0 else positions0[torch.randperm(tokens, device=device)]
        argsets.append((positions, torch.randn(tokens, heads * head_size, device=device, dtype=dtype),
                        torch.randn(tokens, kv_heads * head_size, device=device, dtype=dtype), head_size, cache))
    impls = {"dualgpu": ext.rotary_embedding, "eager": eager_rotary, "compile": ("compile", eager_rotary, lambda f: f)}
    return dict(op="rotary_embedding", shape=f"{tokens}t {heads}q/{kv_heads}kv x{head_size}", bytes=per_call,
                argsets=argsets, impls=impls, norm_target=False)


OPS = {"rms": "rms_norm", "fused": "fused_add_rms_norm", "silu": "silu_and_mul", "rotary": "rotary_embedding"}


def spec_name(spec):
    """'op:shape' as --only takes it (rms_norm:4096x4096, silu_and_mul:4096x28672, rotary_embedding:4096t)."""
    kind, rows, width = spec[0], spec[1], spec[2]
    shape = f"{rows}t" if kind == "rotary" else f"{rows}x{2 * width if kind == 'silu' else width}"
    return f"{OPS[kind]}:{shape}"


def cases(device, quick, only=()):
    dtypes = [torch.bfloat16, torch.float32]
    if quick:  # a smoke run (CPU, or a fast look at a GPU)
        specs = [("rms", 64, 256), ("fused", 64, 256), ("silu", 64, 512), ("rotary", 64, 4, 2, 64)]
    else:
        # Priority first: a time-out still leaves the headline numbers.
        specs = [("rms", 4096, 4096), ("fused", 4096, 4096), ("silu", 4096, 14336), ("rotary", 4096, 32, 8, 128),
                 ("rms", 16384, 8192), ("fused", 16384, 8192), ("rms", 4096, 8192), ("fused", 4096, 8192),
                 ("rms", 64, 4096), ("fused", 64, 4096),
                 ("silu", 64, 14336), ("rms", 131072, 128)]  # the last: a q/k norm, 4096 tokens x 32 heads of 128
    unknown = set(only) - {spec_name(s) for s in specs}
    if unknown:
        sys.exit(f"--only {', '.join(sorted(unknown))}: no such case; the cases are "
                 f"{', '.join(spec_name(s) for s in specs)}")
    for spec in specs:
        if only and spec_name(spec) not in only:
            continue
        for dtype in dtypes:
            kind = spec[0]
            if kind in ("rms", "fused"):
                yield lambda s=spec, t=dtype: case_rms_norm(s[1], s[2], t, device, s[0] == "fused"), dtype
            elif kind == "silu":
                yield lambda s=spec, t=dtype: case_silu(s[1], s[2], t, device), dtype
            else:
                yield lambda s=spec, t=dtype: case_rotary(*s[1:], t, device), dtype


# ---- main ------------------------------------------------------------------------------------
def measure_copy(timer, device, quick):
    nbytes = (64 << 20) if quick else (1 << 30)
    src = torch.empty(nbytes, dtype=torch.uint8, device=device).random_()
    dst = torch.empty_like(src)
    us, iters, windows = timer.measure(lambda: dst.copy_(src), [()])
    del src, dst
    return dict(bytes=2 * nbytes, us=us, gbps=2 * nbytes / us / 1e3, iters=iters, windows=windows)


def table(results, copy):
    lines = [f"Device-to-device copy: {copy['gbps']:.0f} GB/s (read + written, {copy['bytes'] >> 20} MiB per call) = 100 %",
             "", "| op | shape | dtype | impl | µs | GB/s | % of copy | vs best PyTorch |",
             "|---|---|---|---|---:|---:|---:|---:|"]
    for r in results:
        vs = f"{r['speedup_vs_torch']:.2f}x" if r.get("speedup_vs_torch") else ""
        us = f"{r['us']:.2f}" if r["us"] is not None else r.get("error", "n/a")
        gb = f"{r['gbps']:.0f}" if r["us"] is not None else ""
        pct = f"{r['pct_copy']:.1f}" if r["us"] is not None else ""
        lines.append(f"| {r['op']} | {r['shape']} | {r['dtype']} | {r['impl']} | {us} | {gb} | {pct} | {vs} |")
    return "\n".join(lines)


def summarise(case_rows):
    """Per case: the extension, the best PyTorch path, and the targets."""
    by_case = {}
    for r in case_rows:
        if r["us"] is not None:
            by_case.setdefault((r["op"], r["shape"], r["dtype"]), []).append(r)
    lines = ["", "| op | shape | dtype | dualgpu µs (% copy) | best PyTorch | speed-up | targets |",
             "|---|---|---|---:|---|---:|---|"]
    for (op, shape, dtype), rows in by_case.items():
        auto = next((r for r in rows if r["impl"] == "dualgpu"), None)
        torch_rows = [r for r in rows if not r["impl"].startswith("dualgpu")]
        if not auto:
            continue
        best_t = min(torch_rows, key=lambda r: r["us"]) if torch_rows else None
        checks = []
        if best_t:
            checks.append("faster than PyTorch" if auto["us"] < best_t["us"] else "SLOWER than PyTorch")
        if auto.get("norm_target"):
            checks.append(f">= {NORM_TARGET:.0f}% ok" if auto["pct_copy"] >= NORM_TARGET else f"< {NORM_TARGET:.0f}% MISS")
        bt = f"{best_t['impl']} {best_t['us']:.2f}" if best_t else ""
        sp = f"{best_t['us'] / auto['us']:.2f}x" if best_t else ""
        if best_t and len(auto.get("rounds_us", [])) > 1 and len(best_t.get("rounds_us", [])) == len(auto["rounds_us"]):
            per_round = [t / a for t, a in zip(best_t["rounds_us"], auto["rounds_us"])]
            sp += f" ({min(per_round):.3f}-{max(per_round):.3f}x over {len(per_round)} rounds)"
        lines.append(f"| {op} | {shape} | {dtype} | {auto['us']:.2f} ({auto['pct_copy']:.0f}%) | {bt} | {sp} | "
                     f"{', '.join(checks)} |")
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--json", default=os.path.join(HERE, "bandwidth.json"))
    ap.add_argument("--png", default=None, help="chart of %% of copy (needs matplotlib)")
    ap.add_argument("--budget", type=float, default=300.0,
                    help="seconds: past it, torch.compile is skipped; past 1.3x, remaining cases are")
    ap.add_argument("--repeats", type=int, default=7)
    ap.add_argument("--rounds", type=int, default=1, help="time the implementations in turn this many times")
    ap.add_argument("--only", action="append", default=[], metavar="OP:SHAPE",
                    help="run only this case (repeatable), e.g. rms_norm:16384x8192")
    ap.add_argument("--window-ms", type=float, default=8.0, help="target GPU time per timing window")
    ap.add_argument("--max-iters", type=int, default=200)
    ap.add_argument("--no-compile", action="store_true")
    ap.add_argument("--quick", action="store_true", help="small shapes (a smoke run; the default off a GPU)")
    args = ap.parse_args()

    t0 = time.monotonic()
    device = "cuda" if ext.has_gpu_kernels() and torch.cuda.is_available() else "cpu"
    quick = args.quick or device == "cpu"
    use_compile = device == "cuda" and not args.no_compile and hasattr(torch, "compile")
    timer = Timer(device, args.repeats, args.window_ms, args.max_iters)
    info = dict(kind="bandwidth", device=torch.cuda.get_device_name() if device == "cuda" else "cpu",
                torch=torch.__version__, cuda=torch.version.cuda, quick=quick,
                timing=f"CUDA events, median of {args.repeats} windows of up to {args.max_iters} back-to-back calls"
                       f" ({args.window_ms} ms target), inputs rotated over >= {ROTATE_BYTES >> 20} MiB")
    copy = measure_copy(timer, device, quick)
    print(f"copy: {copy['gbps']:.0f} GB/s ({copy['us']:.1f} us per {copy['bytes'] >> 20} MiB)", flush=True)
    results = []

    def save():
        with open(args.json, "w") as f:
            json.dump(dict(info, copy=copy, results=results, elapsed_s=time.monotonic() - t0), f, indent=1)

    for make, dtype in cases(device, quick, args.only):
        elapsed = time.monotonic() - t0
        if elapsed > 1.3 * args.budget:
            print(f"budget: {elapsed:.0f} s spent, remaining cases skipped", flush=True)
            break
        case = make()
        dname = str(dtype).replace("torch.", "")
        impls = dict(case["impls"])
        case_rows, fns = [], {}
        for name, impl in impls.items():
            row = dict(op=case["op"], shape=case["shape"], dtype=dname, impl=name, bytes=case["bytes"],
                       sets=len(case["argsets"]), norm_target=case["norm_target"] and name == "dualgpu", us=None)
            try:
                if isinstance(impl, tuple) and impl[0] == "compile":
                    if not use_compile:
                        continue
                    if time.monotonic() - t0 > args.budget:
                        row["error"] = "skipped (budget)"
                        case_rows.append(row)
                        continue
                    tc = time.monotonic()
                    fn = impl[2](compiled(impl[1]))
                    fn(*case["argsets"][0])  # compiles here, outside the timed windows
                    timer.sync()
                    row["compile_s"] = round(time.monotonic() - tc, 1)
                else:
                    fn = impl
                fns[name] = fn
            except Exception as e:  # one failing path (a compile error) must not lose the rest
                row["error"] = f"{type(e).__name__}: {str(e).splitlines()[0][:120] if str(e) else ''}"
                print(f"{case['op']} {case['shape']} {dname} {name}: {row['error']}", flush=True)
            case_rows.append(row)
        rows_by_name = {r["impl"]: r for r in case_rows}
        for _ in range(args.rounds):  # in turn: a, b, c, a, b, c, ...
            for name, fn in fns.items():
                row = rows_by_name[name]
                if "error" in row:
                    continue
                try:
                    us, iters, windows = timer.measure(fn, case["argsets"])
                except Exception as e:
                    row["error"] = f"{type(e).__name__}: {str(e).splitlines()[0][:120] if str(e) else ''}"
                    print(f"{case['op']} {case['shape']} {dname} {name}: {row['error']}", flush=True)
                    continue
                row.setdefault("rounds_us", []).append(us)
                row.update(iters=iters, windows=row.get("windows", []) + windows)
        for row in case_rows:
            if row.get("rounds_us") and "error" not in row:
                us = statistics.median(row["rounds_us"])
                row.update(us=us, gbps=case["bytes"] / us / 1e3, pct_copy=100 * case["bytes"] / us / 1e3 / copy["gbps"])
        torch_best = min((r["us"] for r in case_rows if r["us"] and not r["impl"].startswith("dualgpu")), default=None)
        for r in case_rows:
            if r["us"] and r["impl"].startswith("dualgpu") and torch_best:
                r["speedup_vs_torch"] = torch_best / r["us"]
        results.extend(case_rows)
        del case
        if device == "cuda":
            torch.cuda.empty_cache()
        save()
        print(table(case_rows, copy).split("\n", 4)[-1], flush=True)

    print()
    print(table(results, copy))
    info["summary_md"] = summarise(results)
    print(info["summary_md"])
    print(f"\nbench_bandwidth: {time.monotonic() - t0:.0f} s; JSON {args.json}", flush=True)
    save()
    if args.png:
        import plot
        with open(args.json) as f:
            plot.plot_bandwidth(json.load(f), args.png)
    return 0


if __name__ == "__main__":
    sys.exit(main())
