#!/usr/bin/env python3
"""Memory-bandwidth benchmark: each op against every peer, in % of a device-to-device copy measured
in the same run, on a named set of shapes (bench/shapes.py: the grid the kernels are tuned on, and a
held-back set of real-model shapes reported apart).

GPU time: a CUDA graph of back-to-back calls (launch cost removed), replayed for about 2 ms to bring
the clocks up from idle, then --repeats times back to back; the median per call. Every implementation
of a case gets the same graph. Every case is timed with cold inputs, and those of up to 16 MiB with hot
inputs too, twice (argument_sets()):
  cold   no input is in L2 when read: distinct inputs over 256 MiB a graph, the calls back to back; or
         for calls under 256 KiB an L2 flush before each call, the flushes' own time subtracted (the
         flushes alone replayed in alternation with each implementation's graph, the median of the
         pairs' differences). The flush (l2_flush.py) writes with an evict_last hint, which ordinary
         writes leave in L2 where a kernel loaded with it, then discards its own lines: L2 is empty.
         Every timing, in every state, also starts with one flush, so that no implementation reads
         what the one timed before it left in L2;
  hot    a few MiB of inputs cycled, all in L2, the calls back to back;
  after  the same inputs, each call behind a kernel of another op (one value added to), as behind a
         GEMM in a model; that kernel's time subtracted as the flushes' are.
Back to back, a kernel launched dependent (the extension's: dualgpu/launch.hpp) overlaps the call before
it; behind another op's kernel it cannot, and the peers' kernels never do: the after state is the one a
call in a model sees. Implementations are timed in turn over --rounds rounds, each round and each case
starting with the next one, so that none is always the first after a cold GPU; each reports the median
of its rounds (a case timed behind a flush or a kernel takes at least PAIRED_ROUNDS). Eager wall time:
the same calls launched one by one from Python, per call.
Bytes are the minimum traffic: every input read once, every output written once (weights and tables
counted once).

Peers per case: eager (the PyTorch composite of bench_ops.py), F.rms_norm (where it exists), compile
(torch.compile of the composite, default mode, one compile per op, dtype and width with the row count
dynamic), liger (Liger-Kernel's Triton ops, when `liger_kernel` imports; skipped with a note
otherwise). Each peer is compared with ours doing the same work: fused_add_rms_norm is timed in both its
forms, and Liger-Kernel's op, which writes new tensors, is set against ours with inplace=False, eager and
compile, which write x and the residual in place, against ours in place (OURS_FOR; the table names the form
where it is the new tensors). The candidates behind the extension's kernel choices are compared, without
torch, by kernel_variants.cu.

    python bench/bench_bandwidth.py [--set grid|heldback|quick] [--rounds 3] [--json out.json] [--md out.md]
                                    [--png out.png] [--budget 300] [--only rms_norm:1000x4100 ...]

Prints one line per case and temperature (ours, the best peer named, the ratio with its range over the
rounds, % of copy, wall times) and a min / median line per op (how many below 1.0, and of those how many
in every round); writes the JSON after every case (a time-out keeps what was
measured), a Markdown table (--md) and the chart (plot.py plot_bandwidth).
"""
import argparse
import collections
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
import l2_flush  # noqa: E402
import shapes  # noqa: E402
from to_result import paired_round_ratios  # noqa: E402
from bench_ops import eager_fused_add_rms_norm, eager_rms_norm, eager_rotary, eager_silu_and_mul  # noqa: E402

EPS = 1e-6
COLD_BYTES = 256 << 20  # a cold case: each graph reads at least this much distinct input (5x the H200's L2)
HOT_BYTES = 8 << 20  # a hot case: all its inputs together, well inside any L2
HOT_LIMIT = 16 << 20  # calls up to this size (inputs and outputs) are timed hot as well as cold
FLUSH_BYTES = 128 << 20  # written before each call of a small cold case: more than twice any L2
HELD_BYTES = 2 << 30  # at most this much of a graph's outputs held at once (Timer.capture)
MAX_SETS = 1024
WARM_US = 2000.0  # GPU time replayed before each timing
PAIRED_REPEATS = 15  # pairs (what precedes the calls alone, then with the calls) a case timed behind a flush or kernel
# A figure of a call of a few µs timed behind a flush can sit at one of two levels for a whole graph
# (docs/benchmarks.md, "how cold the flush-cold state is"): at least three rounds for a case
# timed behind a flush or another kernel, so that one round at the other level does not move the median
# (with two, the median is their mean).
PAIRED_ROUNDS = 3


# ---- timing ----------------------------------------------------------------------------------
class Timer:
    def __init__(self, device, repeats, reset=None):
        """reset: an L2 flush run before each graph is timed, so that no implementation reads what the
        one timed before it left in L2 (l2_flush.py: lines loaded with evict_last outlast ordinary writes)."""
        self.gpu = device == "cuda"
        self.repeats = repeats
        self.reset = reset if self.gpu else None

    def sync(self):
        if self.gpu:
            torch.cuda.synchronize()

    def wall_us(self, fn, argsets, calls):
        """Microseconds per call of `calls` eager calls, synchronised at the end."""
        self.sync()
        t0 = time.perf_counter()
        for i in range(calls):
            fn(*argsets[i % len(argsets)])
        self.sync()
        return (time.perf_counter() - t0) * 1e6 / calls

    def capture(self, fn, argsets, calls, keep, before=None):
        """`calls` calls of fn, the argument sets in turn, each after a call of `before` (an L2 flush, another
        op's kernel) if given, as a CUDA graph (off a GPU: the calls to make).
        The outputs of the last `keep` calls stay allocated while capturing, so that a call's outputs
        land where none of those calls wrote: an implementation that allocates its outputs (out of
        place) writes as much distinct memory as one that writes in place into the rotated inputs,
        instead of rewriting one block that stays in L2."""
        if not self.gpu:
            return lambda: [(before and before(), fn(*argsets[i % len(argsets)])) for i in range(calls)]
        side = torch.cuda.Stream()
        side.wait_stream(torch.cuda.current_stream())
        with torch.cuda.stream(side):  # warm-up off the default stream, as torch's capture rules ask
            for a in argsets[:3]:
                fn(*a)
        torch.cuda.current_stream().wait_stream(side)
        torch.cuda.synchronize()
        graph = torch.cuda.CUDAGraph()
        held = collections.deque(maxlen=keep)
        with torch.cuda.graph(graph):
            for i in range(calls):
                if before:
                    before()
                held.append(fn(*argsets[i % len(argsets)]))
        del held
        graph.replay()  # the first replay also uploads the graph
        torch.cuda.synchronize()
        return graph

    def gpu_us(self, graph, calls, minus=None):
        """Median us per call over replays of a captured graph of `calls` calls: GPU time without launch
        cost. Off a GPU: the wall time. `minus`: a graph of what precedes the calls (flushes) alone, replayed
        alternately with `graph` (PAIRED_REPEATS pairs): the median of the pairs' differences. A
        difference of two long replays is noisier than either, and a pair taken back to back shares
        the GPU's state, which one flush time for all implementations did not."""
        if self.reset:
            self.reset()
        if minus is not None:
            return self.paired_us(graph, minus, calls)
        if not self.gpu:
            times = []
            for _ in range(self.repeats):
                t0 = time.perf_counter()
                graph()
                times.append((time.perf_counter() - t0) * 1e6 / calls)
            return statistics.median(times)
        events = [torch.cuda.Event(enable_timing=True) for _ in range(self.repeats + 1)]
        events[0].record()
        graph.replay()
        events[1].record()
        events[1].synchronize()
        # Warm-up: replays back to back for about WARM_US, so that the GPU's clocks have left idle (a
        # short kernel timed from idle runs at a lower clock, and by how much varies run to run).
        for _ in range(max(2, min(1000, int(WARM_US / max(events[0].elapsed_time(events[1]) * 1e3, 1.0))))):
            graph.replay()
        # Then the timed replays, back to back too (no host round trip between them): one event between
        # each two, a time per replay.
        events[0].record()
        for e in events[1:]:
            graph.replay()
            e.record()
        events[-1].synchronize()
        times = [a.elapsed_time(b) * 1e3 / calls for a, b in zip(events, events[1:])]
        return statistics.median(times)

    def paired_us(self, graph, minus, calls):
        """GPU only: what precedes the calls is captured only there (time_case)."""
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        minus.replay()  # also uploads both graphs
        graph.replay()
        end.record()
        end.synchronize()
        # Pairs back to back for about WARM_US, clocks up from idle (a pair of flushes' graphs is over
        # 1 ms; of the after state's one-value kernels, about a tenth of that).
        for _ in range(max(2, min(1000, int(WARM_US / max(start.elapsed_time(end) * 1e3, 1.0))))):
            minus.replay()
            graph.replay()
        # Back to back, no host round trip between replays: an event between each two.
        marks = [torch.cuda.Event(enable_timing=True) for _ in range(2 * PAIRED_REPEATS + 1)]
        marks[0].record()
        for i in range(PAIRED_REPEATS):
            minus.replay()
            marks[2 * i + 1].record()
            graph.replay()
            marks[2 * i + 2].record()
        marks[-1].synchronize()
        return statistics.median((marks[2 * i + 1].elapsed_time(marks[2 * i + 2]) -
                                  marks[2 * i].elapsed_time(marks[2 * i + 1])) * 1e3 / calls
                                 for i in range(PAIRED_REPEATS))


_COMPILED = {}


def compiled(key, fn):
    """torch.compile of fn, one per key (op, dtype, width): the row count is marked dynamic by the
    caller, so the rows of the grid share one compile (plus one for a single row, which torch
    always specialises)."""
    if key in _COMPILED:
        return _COMPILED[key]
    import torch._dynamo as dynamo
    for name in ("recompile_limit", "cache_size_limit", "accumulated_recompile_limit", "accumulated_cache_size_limit"):
        if hasattr(dynamo.config, name):
            setattr(dynamo.config, name, max(getattr(dynamo.config, name), 1024))
    _COMPILED[key] = torch.compile(fn)
    return _COMPILED[key]


def liger_ops():
    """Liger-Kernel's forward ops for our three ops, or None (with the reason) when it does not import."""
    try:
        from liger_kernel.ops.fused_add_rms_norm import LigerFusedAddRMSNormFunction
        from liger_kernel.ops.rms_norm import LigerRMSNormFunction
        from liger_kernel.ops.swiglu import LigerFusedGateUpSiLUMulFunction
    except Exception as e:  # not installed, or a triton it cannot use
        return None, f"{type(e).__name__}: {e}"
    return dict(rms_norm=lambda x, w: LigerRMSNormFunction.apply(x, w, EPS),
                fused_add_rms_norm=lambda x, r, w: LigerFusedAddRMSNormFunction.apply(x, r, w, EPS),
                silu_and_mul=lambda x: LigerFusedGateUpSiLUMulFunction.apply(x)), None


LIGER, LIGER_ERROR = None, None

# Each peer is compared with ours doing the same work: fused_add_rms_norm's Liger-Kernel op writes new
# tensors, the other peers (and ours by default) write x and the residual in place. Any other peer and op:
# "dualgpu".
OURS = "dualgpu"
OURS_NEW_TENSORS = "dualgpu (new tensors)"
OURS_FOR = {("fused_add_rms_norm", "liger"): OURS_NEW_TENSORS}


# ---- cases -----------------------------------------------------------------------------------
def esize(dtype):
    return torch.empty((), dtype=dtype).element_size()


def temperatures(bytes_per_call):
    """Every case is timed cold; one whose inputs and outputs fit in a third of L2 is timed hot too, back
    to back (hot) and behind another op's kernel (after)."""
    return ["cold", "hot", "after"] if bytes_per_call <= HOT_LIMIT else ["cold"]


def argument_sets(bytes_per_call, temp):
    """(how many argument sets, what precedes each call: None, "flush" (an L2 flush) or "kernel" (another
    op's one-value kernel); either is timed apart and subtracted).
    Cold: as in a prefill, no input is in L2 when it is read: enough sets for COLD_BYTES of distinct
    inputs a graph, each read once a replay, back to back; where that takes more than MAX_SETS sets
    (calls under 256 KiB), a few sets and an L2 flush before every call instead. Hot: as in a decode step
    whose inputs the kernel before has just written: sets totalling HOT_BYTES at most, cycled, so every
    input is in L2, back to back. After: the hot sets, each call behind another op's kernel."""
    per_call = max(bytes_per_call, 1)
    if temp in ("hot", "after"):
        return max(1, min(64, HOT_BYTES // per_call)), ("kernel" if temp == "after" else None)
    cold = math.ceil(COLD_BYTES / per_call)
    return (cold, None) if cold <= MAX_SETS else (4, "flush")


def case_rms_norm(rows, hidden, dtype, device, fused):
    es = esize(dtype)
    per_call = rows * hidden * es * (4 if fused else 2) + hidden * es
    w = torch.rand(hidden, device=device, dtype=dtype) + 0.5
    op = "fused_add_rms_norm" if fused else "rms_norm"
    key = (op, str(dtype), hidden)
    if fused:
        # In place: the residual grows by x each call; x stays normalised. Scaled so nothing overflows.
        def new_set(i):
            return (torch.randn(rows, hidden, device=device, dtype=dtype) * 1e-3,
                    torch.randn(rows, hidden, device=device, dtype=dtype), w)
        # Both forms of ours: in place, as eager and compile (the composite writes x and the residual), and
        # into new tensors, as Liger-Kernel (OURS_FOR pairs each peer with the form that does its work).
        impls = {"dualgpu": lambda x, r, w: ext.fused_add_rms_norm(x, r, w, EPS),
                 OURS_NEW_TENSORS: lambda x, r, w: ext.fused_add_rms_norm(x, r, w, EPS, inplace=False),
                 "eager": lambda x, r, w: eager_fused_add_rms_norm(x, r, w, EPS),
                 "compile": ("compile", key, eager_fused_add_rms_norm, lambda f: (lambda x, r, w: f(x, r, w, EPS)))}
    else:
        def new_set(i):
            return (torch.randn(rows, hidden, device=device, dtype=dtype), w)
        impls = {"dualgpu": lambda x, w: ext.rms_norm(x, w, EPS),
                 "eager": lambda x, w: eager_rms_norm(x, w, EPS)}
        if hasattr(F, "rms_norm"):
            impls["F.rms_norm"] = lambda x, w: F.rms_norm(x, (hidden,), w, EPS)
        impls["compile"] = ("compile", key, eager_rms_norm, lambda f: (lambda x, w: f(x, w, EPS)))
    if LIGER and device == "cuda":
        impls["liger"] = LIGER[op]
    return dict(op=op, shape=f"{rows}x{hidden}", rows=rows, bytes=per_call, new_set=new_set, impls=impls)


def case_silu(rows, d, dtype, device):
    es = esize(dtype)
    per_call = rows * d * es * 3

    def new_set(i):
        return (torch.randn(rows, 2 * d, device=device, dtype=dtype),)
    impls = {"dualgpu": ext.silu_and_mul, "eager": eager_silu_and_mul,
             "compile": ("compile", ("silu_and_mul", str(dtype), d), eager_silu_and_mul, lambda f: f)}
    if LIGER and device == "cuda":
        impls["liger"] = LIGER["silu_and_mul"]
    return dict(op="silu_and_mul", shape=f"{rows}x{2 * d}", rows=rows, bytes=per_call, new_set=new_set, impls=impls)


def case_rotary(tokens, heads, kv_heads, head_size, dtype, device, max_pos=8192):
    es = esize(dtype)
    angles = torch.arange(max_pos, device=device).float()[:, None] * torch.rand(head_size // 2, device=device)
    cache = torch.cat([angles.cos(), angles.sin()], -1).to(dtype)  # norm-preserving: values stay bounded
    positions0 = torch.randint(0, max_pos, (tokens,), device=device)
    unique_rows = positions0.unique().numel()
    per_call = 2 * tokens * (heads + kv_heads) * head_size * es + tokens * 8 + unique_rows * head_size * es

    def new_set(i):
        positions = positions0 if i == 0 else positions0[torch.randperm(tokens, device=device)]
        return (positions, torch.randn(tokens, heads * head_size, device=device, dtype=dtype),
                torch.randn(tokens, kv_heads * head_size, device=device, dtype=dtype), head_size, cache)
    impls = {"dualgpu": ext.rotary_embedding, "eager": eager_rotary,
             "compile": ("compile", ("rotary", str(dtype), heads, kv_heads, head_size), eager_rotary, lambda f: f)}
    return dict(op="rotary_embedding", shape=f"{tokens}t {heads}q/{kv_heads}kv x{head_size}", rows=tokens,
                bytes=per_call, new_set=new_set, impls=impls)


OPS = {"rms": "rms_norm", "fused": "fused_add_rms_norm", "silu": "silu_and_mul", "rotary": "rotary_embedding"}


def spec_name(spec):
    """'op:shape' as --only takes it (rms_norm:1000x4100, silu_and_mul:300x2002, rotary_embedding:4096t)."""
    kind, rows, width = spec[0], spec[1], spec[2]
    shape = f"{rows}t" if kind == "rotary" else f"{rows}x{2 * width if kind == 'silu' else width}"
    return f"{OPS[kind]}:{shape}"


def cases(device, set_name, only=(), dtypes=None):
    make_specs, set_dtypes = shapes.SETS[set_name]
    specs = make_specs()
    dtypes = dtypes or [getattr(torch, d) for d in (set_dtypes or ["bfloat16", "float16", "float32"])]
    unknown = set(only) - {spec_name(s) for s in specs}
    if unknown:
        sys.exit(f"--only {', '.join(sorted(unknown))}: no such case in --set {set_name}; the cases are "
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
def measure_copy(timer, device, quick, calls=10):
    """100 %: a device-to-device copy by torch's copy kernel, timed eagerly (a graph would turn it into
    a memcpy node, which the copy engines run, slower); at 1 GiB a call the launch cost is noise."""
    nbytes = (64 << 20) if quick else (1 << 30)
    src = torch.empty(nbytes, dtype=torch.uint8, device=device).random_()
    dst = torch.empty_like(src)
    dst.copy_(src)
    if timer.gpu:
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        times = []
        for _ in range(timer.repeats):
            start.record()
            for _ in range(calls):
                dst.copy_(src)
            end.record()
            end.synchronize()
            times.append(start.elapsed_time(end) * 1e3 / calls)
        us = statistics.median(times)
    else:
        us = timer.wall_us(lambda: dst.copy_(src), [()], calls)
    del src, dst
    return dict(bytes=2 * nbytes, us=us, gbps=2 * nbytes / us / 1e3, calls=calls)


def is_ours(row):
    return row["impl"] in (OURS, OURS_NEW_TENSORS)


def best_peer(rows, key):
    """(peer, ours): the peer whose time over ours (in the peer's form, OURS_FOR) is least, with that row of
    ours; (None, None) where no pair has both times."""
    by_impl = {r["impl"]: r for r in rows}
    pairs = [(r, by_impl.get(OURS_FOR.get((r["op"], r["impl"]), OURS))) for r in rows
             if not is_ours(r) and r.get(key) is not None]
    pairs = [(peer, ours) for peer, ours in pairs if ours is not None and ours.get(key) is not None]
    return min(pairs, key=lambda p: p[0][key] / p[1][key]) if pairs else (None, None)


def case_summary(op, shape, dtype, temp, rows):
    """One row per case and temperature: ours, the best peer (named) in GPU time, the ratio, % of copy,
    wall times. Ours is the form the best peer's work is compared with (`ours`: OURS_FOR)."""
    ours = next((r for r in rows if r["impl"] == OURS and r.get("us") is not None), None)
    if ours is None:
        return None
    peer, ours_vs_peer = best_peer(rows, "us")
    wall_peer, ours_vs_wall_peer = best_peer(rows, "wall_us")
    ours = ours_vs_peer or ours
    summary = dict(op=op, shape=shape, dtype=dtype, temp=temp, ours=ours["impl"], us=ours["us"],
                   pct_copy=ours["pct_copy"], peer=peer["impl"] if peer else None,
                   peer_us=peer["us"] if peer else None, ratio=peer["us"] / ours["us"] if peer else None,
                   peer_pct_copy=peer["pct_copy"] if peer else None,
                   wall_us=(ours_vs_wall_peer or ours).get("wall_us"),
                   wall_peer=wall_peer["impl"] if wall_peer else None,
                   wall_peer_us=wall_peer["wall_us"] if wall_peer else None,
                   skipped=sorted(r["impl"] for r in rows if r.get("us") is None))
    # The ratio's range over the rounds (each round's two times a pair): level within it, or behind in all.
    spread = paired_round_ratios(ours.get("rounds_us"), peer.get("rounds_us")) if peer else []
    summary.update(ratio_low=min(spread) if spread else None, ratio_high=max(spread) if spread else None)
    return summary


def summary_line(c):
    peer = f"{c['peer']} {c['peer_us']:.2f}" if c["peer"] else "-"
    if c.get("ours", OURS) != OURS:  # the best peer writes new tensors: so did ours
        peer += f" (vs {c['ours']})"
    ratio = f"{c['ratio']:.3f}x" if c["ratio"] else "-"
    if c.get("ratio_low") is not None:
        ratio += f" ({c['ratio_low']:.3f}-{c['ratio_high']:.3f})"
    wall = f"{c['wall_us']:.1f}" if c["wall_us"] is not None else "-"
    wall_peer = f"{c['wall_peer']} {c['wall_peer_us']:.1f}" if c["wall_peer"] else "-"
    skipped = f" (not timed: {', '.join(c['skipped'])})" if c["skipped"] else ""
    return (f"| {c['op']} | {c['shape']} | {c['dtype']} | {c['temp']} | {c['us']:.2f} | {peer} | {ratio} | "
            f"{c['pct_copy']:.0f}% | {wall} | {wall_peer} |{skipped}")


SUMMARY_HEAD = ["| op | shape | dtype | inputs | ours µs (GPU) | best peer µs | ratio (rounds' range) | ours % of copy | ours µs (wall) "
                "| best peer µs (wall) |", "|---|---|---|---|---:|---|---:|---:|---:|---|"]


def ratio_line(label, summaries):
    ratios = [c["ratio"] for c in summaries if c["ratio"]]
    if not ratios:
        return f"{label}: no ratio measured"
    worst = min((c for c in summaries if c["ratio"]), key=lambda c: c["ratio"])
    return (f"{label}: {len(ratios)} cases, ratio (best peer's GPU time / ours) min {min(ratios):.3f} "
            f"({worst['op']} {worst['shape']} {worst['dtype']} {worst['temp']} vs {worst['peer']}), median "
            f"{statistics.median(ratios):.3f}; below 1.0: {sum(r < 1.0 for r in ratios)} (in every round: "
            f"{sum(c.get('ratio_high') is not None and c['ratio_high'] < 1.0 for c in summaries)}), "
            f"below 0.95: {sum(r < 0.95 for r in ratios)}")


def summarise(summaries):
    """The table, then one line per op and inputs (cold, hot) and one for all."""
    lines = list(SUMMARY_HEAD) + [summary_line(c) for c in summaries] + [""]
    groups = sorted({(c["op"], c["temp"]) for c in summaries})
    lines += [ratio_line(f"{op} {temp}", [c for c in summaries if (c["op"], c["temp"]) == (op, temp)])
              for op, temp in groups]
    lines.append(ratio_line("all", summaries))
    return "\n".join(lines)


def prepare(case, argsets, impl, use_compile, budget_left):
    """The callable to time for one implementation, or raises (the reason goes to the table)."""
    if not (isinstance(impl, tuple) and impl[0] == "compile"):
        return impl
    if not use_compile:
        raise RuntimeError("torch.compile unavailable")
    if budget_left <= 0:
        raise RuntimeError("skipped (budget)")
    _, key, base, wrap = impl
    if case["rows"] >= 2:
        import torch._dynamo as dynamo
        for args in argsets:
            for a in args:
                if isinstance(a, torch.Tensor) and a.dim() == 2 and a.shape[0] == case["rows"]:
                    dynamo.mark_dynamic(a, 0)
    fn = wrap(compiled(key, base))
    fn(*argsets[0])  # compiles here, outside the timed graphs
    return fn


def main():
    global LIGER, LIGER_ERROR
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--json", default=os.path.join(HERE, "bandwidth.json"))
    ap.add_argument("--md", default=None, help="write the per-case summary table (Markdown) here")
    ap.add_argument("--png", default=None, help="chart of every case, the best peer over ours (needs matplotlib)")
    ap.add_argument("--budget", type=float, default=300.0,
                    help="seconds: past it, torch.compile is skipped; past 1.3x, remaining cases are")
    ap.add_argument("--repeats", type=int, default=5, help="graph replays per timing")
    ap.add_argument("--graph-calls", type=int, default=40, help="calls per CUDA graph")
    ap.add_argument("--wall-calls", type=int, default=40, help="eager calls per wall-time measurement")
    ap.add_argument("--rounds", type=int, default=1, help="time the implementations in turn this many times")
    ap.add_argument("--only", action="append", default=[], metavar="OP:SHAPE",
                    help="run only this case (repeatable), e.g. rms_norm:1000x4100")
    ap.add_argument("--dtype", action="append", default=[], choices=["bfloat16", "float16", "float32"])
    ap.add_argument("--no-compile", action="store_true")
    ap.add_argument("--skip", action="append", default=[], metavar="IMPL",
                    help="leave a peer out (repeatable), e.g. --skip eager (recorded in the JSON)")
    ap.add_argument("--only-file", default=None, help="a file of OP:SHAPE lines, as many --only")
    ap.add_argument("--set", choices=sorted(shapes.SETS), default=None,
                    help="which shapes (bench/shapes.py): grid (default on a GPU), heldback, quick (default off one)")
    ap.add_argument("--quick", action="store_true", help="the same as --set quick")
    args = ap.parse_args()

    if args.only_file:
        with open(args.only_file) as f:
            args.only += [line.strip() for line in f if line.strip()]
    t0 = time.monotonic()
    device = "cuda" if ext.has_gpu_kernels() and torch.cuda.is_available() else "cpu"
    set_name = args.set or ("quick" if args.quick or device == "cpu" else "grid")
    quick = set_name == "quick"
    use_compile = device == "cuda" and not args.no_compile and hasattr(torch, "compile")
    LIGER, LIGER_ERROR = liger_ops() if device == "cuda" else (None, "no GPU")
    if LIGER is None:
        print(f"note: Liger-Kernel not compared ({LIGER_ERROR}); pip install liger-kernel to add it", flush=True)
    flush, flush_note = l2_flush.make_flush(FLUSH_BYTES if device == "cuda" else 1 << 20, device)
    if flush_note:
        print(f"note: {flush_note}", flush=True)
    timer = Timer(device, args.repeats, reset=flush)
    info = dict(kind="bandwidth", set=set_name, device=torch.cuda.get_device_name() if device == "cuda" else "cpu",
                torch=torch.__version__, cuda=torch.version.cuda, quick=quick, liger=LIGER_ERROR or "compared",
                rounds=args.rounds, skipped_peers=args.skip,
                timing=f"GPU: CUDA graph of max({args.graph_calls}, argument sets) calls, median of {args.repeats} "
                       f"back-to-back replays after a {WARM_US / 1000:.0f} ms warm-up, implementations in turn over "
                       f"{args.rounds} round(s), each round and case starting with another; wall: {args.wall_calls} "
                       f"eager calls; cold inputs: >= {COLD_BYTES >> 20} MiB distinct a graph, or a "
                       f"{FLUSH_BYTES >> 20} MiB L2 flush before each call "
                       f"({flush_note or 'evict_last writes, then discarded'}; its time subtracted, replay by "
                       f"replay; such cases over at least {PAIRED_ROUNDS} rounds); hot inputs "
                       f"(calls up to {HOT_LIMIT >> 20} MiB): <= {HOT_BYTES >> 20} MiB cycled, the calls back "
                       f"to back (hot) and each behind a one-value kernel of another op (after: its time "
                       f"subtracted as the flushes' are, over at least {PAIRED_ROUNDS} rounds)")
    copy = measure_copy(timer, device, quick)
    print(f"copy: {copy['gbps']:.0f} GB/s ({copy['us']:.1f} us per {copy['bytes'] >> 20} MiB)", flush=True)
    print("\n".join(SUMMARY_HEAD), flush=True)
    results, summaries = [], []
    preceding = preceding_calls(device, flush)

    def save():
        write_atomically(args.json, json.dumps(dict(info, copy=copy, results=results, summaries=summaries,
                                                    elapsed_s=time.monotonic() - t0), indent=1))
        if args.md:  # after every case too: a time-out keeps the table of what was measured
            write_atomically(args.md, f"Device-to-device copy: {copy['gbps']:.0f} GB/s = 100 % ({info['device']}, "
                                      f"torch {info['torch']}; {info['timing']}; Liger-Kernel: {info['liger']})\n\n"
                                      f"{summarise(summaries)}\n")

    dtypes = [getattr(torch, d) for d in args.dtype] or None
    case_index = 0
    with torch.no_grad():
        for make, dtype in cases(device, set_name, args.only, dtypes):
            elapsed = time.monotonic() - t0
            if elapsed > 1.3 * args.budget:
                print(f"budget: {elapsed:.0f} s spent, remaining cases skipped", flush=True)
                break
            case = make()
            dname = str(dtype).replace("torch.", "")
            for temp in temperatures(case["bytes"]):
                case_rows = time_case(case, dname, temp, case_index, timer, args, use_compile, t0, copy, preceding)
                case_index += 1
                results.extend(case_rows)
                summary = case_summary(case["op"], case["shape"], dname, temp, case_rows)
                if summary:
                    summaries.append(summary)
                    print(summary_line(summary), flush=True)
                for r in case_rows:
                    if "error" in r and r["error"] != "RuntimeError: skipped (budget)":
                        print(f"  {r['impl']}: {r['error']}", flush=True)
            del case
            if device == "cuda":
                torch.cuda.empty_cache()
            save()

    info["summary_md"] = summarise(summaries)
    print()
    print(f"Device-to-device copy: {copy['gbps']:.0f} GB/s = 100 %")
    print(info["summary_md"])
    print(f"\nbench_bandwidth: {time.monotonic() - t0:.0f} s; JSON {args.json}", flush=True)
    save()
    if args.png:
        import plot
        with open(args.json) as f:
            plot.plot_bandwidth(json.load(f), args.png)
    return 0


def preceding_calls(device, flush):
    """What a timed call may follow (argument_sets): "flush", the L2 flush (l2_flush.make_flush), or
    "kernel", another op's kernel (one value added to: the after state)."""
    other_op_value = torch.zeros(1, device=device)
    return {"flush": flush, "kernel": lambda: other_op_value.add_(1)}


def write_atomically(path, text):
    """The whole file or the one before: written beside, then renamed over."""
    tmp = f"{path}.tmp{os.getpid()}"
    with open(tmp, "w") as f:
        f.write(text)
    os.replace(tmp, path)


def time_case(case, dname, temp, case_index, timer, args, use_compile, t0, copy, preceding):
    """Every implementation of one case at one temperature, in turn over args.rounds rounds (a case behind
    a flush or another kernel at least PAIRED_ROUNDS); each round (and each case) starts with the next
    implementation, so none is always first after a cold GPU."""
    sets, before = argument_sets(case["bytes"], temp)
    # Off a GPU the times are a smoke check: no L2 to flush, and nothing to subtract a kernel from.
    before = preceding[before] if before and timer.gpu else None
    paired = before is not None
    argsets = [case["new_set"](i) for i in range(sets)]
    case_rows, fns = [], {}
    for name, impl in case["impls"].items():
        if name in args.skip:
            continue
        row = dict(op=case["op"], shape=case["shape"], dtype=dname, temp=temp, impl=name, bytes=case["bytes"],
                   sets=sets, flushed=paired and temp == "cold", us=None, wall_us=None)
        try:
            fns[name] = prepare(case, argsets, impl, use_compile, args.budget - (time.monotonic() - t0))
        except Exception as e:  # one failing path (a compile error) must not lose the rest
            row["error"] = f"{type(e).__name__}: {str(e).splitlines()[0][:120] if str(e) else ''}"
        case_rows.append(row)
    rows_by_name = {r["impl"]: r for r in case_rows}
    # One graph size for every implementation: cold cases without a flush read each set once a replay.
    calls = max(args.graph_calls, sets) if temp == "cold" and not paired else args.graph_calls
    keep = max(1, min(calls, HELD_BYTES // case["bytes"]))  # outputs held while capturing
    names = list(fns)
    rounds = max(args.rounds, PAIRED_ROUNDS) if paired else args.rounds
    for r in range(rounds):
        # What precedes each call (flushes or the other op's kernel) alone, captured in each round: timed
        # alternately with each implementation's graph and subtracted pair by pair (Timer.gpu_us).
        alone = timer.capture(lambda: None, [()], calls, 1, before) if paired else None
        start = (case_index + r) % len(names)
        # Each round captures its own graphs: a graph kept from an earlier round and replayed after the
        # others' measured slower in the largest cases, a state no caller sees.
        for name in names[start:] + names[:start]:
            row = rows_by_name[name]
            if "error" in row:
                continue
            try:
                graph = timer.capture(fns[name], argsets, calls, keep, before)
                us = timer.gpu_us(graph, calls, minus=alone)
                del graph
                wall = timer.wall_us(fns[name], argsets, min(args.wall_calls, calls)) if args.wall_calls else None
            except Exception as e:
                row["error"] = f"{type(e).__name__}: {str(e).splitlines()[0][:120] if str(e) else ''}"
                continue
            row.setdefault("rounds_us", []).append(us)
            row.setdefault("rounds_wall_us", []).append(wall)
            row["graph_calls"] = calls
        del alone
    for row in case_rows:
        if row.get("rounds_us") and "error" not in row:
            us = statistics.median(row["rounds_us"])
            walls = [w for w in row["rounds_wall_us"] if w is not None]
            row.update(us=us, wall_us=statistics.median(walls) if walls else None, gbps=case["bytes"] / us / 1e3,
                       pct_copy=100 * case["bytes"] / us / 1e3 / copy["gbps"])
    return case_rows


if __name__ == "__main__":
    sys.exit(main())
