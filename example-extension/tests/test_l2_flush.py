"""The benchmark's L2 flush (bench/l2_flush.py) leaves nothing in L2, not even lines loaded with an
evict_last hint, which torch's own fill_ leaves there.

Measured, not assumed: a read of a few MiB is timed behind each flush in a CUDA graph (the flushes'
own time subtracted, as bench_bandwidth.py times its cold cases). Behind fill_, a read with evict_last
comes out faster than one with no hint on the H200 (its lines survived: the case the flush exists
for); behind l2_flush.make_flush's flush the two must be equally slow. And the flush must leave L2 as
fill_ does for what follows: hot reads (evict_first, as the extension's streaming loads) as fast after
it as after fill_. GPU only; skipped where evict_last lines do not survive fill_ (nothing to tell
apart)."""
import os
import statistics
import sys

import pytest
import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "bench"))

triton = pytest.importorskip("triton")
import triton.language as tl  # noqa: E402

pytestmark = pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a CUDA GPU")

READ_BYTES = 4 << 20  # well inside any L2, so a surviving line is a hit
BLOCK = 4096


@triton.jit
def _read(src, dst, POLICY: tl.constexpr, BLOCK: tl.constexpr):
    i = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    tl.store(dst + tl.program_id(0), tl.sum(tl.load(src + i, eviction_policy=POLICY), axis=0))


def reader(policy):
    src = torch.ones(READ_BYTES // 4, dtype=torch.float32, device="cuda")
    dst = torch.empty(src.numel() // BLOCK, device="cuda")
    read = lambda: _read[(dst.numel(),)](src, dst, POLICY=policy, BLOCK=BLOCK)  # noqa: E731
    read()  # compiled before any capture
    torch.cuda.synchronize()
    return read


def read_us(flush, policy):
    """Median µs of one read behind `flush`, the flush's own time subtracted (bench_bandwidth.Timer)."""
    import bench_bandwidth as bb

    read, timer = reader(policy), bb.Timer("cuda", 5)
    alone = timer.capture(lambda: None, [()], 20, 1, flush)
    graph = timer.capture(read, [()], 20, 1, flush)
    return statistics.median(timer.gpu_us(graph, 20, minus=alone) for _ in range(3))


def hot_read_us(flush):
    """Median µs of reads back to back, timed after one `flush` (as bench_bandwidth.Timer's reset)."""
    import bench_bandwidth as bb

    read, timer = reader("evict_first"), bb.Timer("cuda", 5)
    graph = timer.capture(read, [()], 40, 1)
    times = []
    for _ in range(3):
        flush()
        times.append(timer.gpu_us(graph, 40))
    return statistics.median(times)


def test_flush_evicts_lines_loaded_with_evict_last():
    import bench_bandwidth as bb
    import l2_flush

    fill_buffer = torch.empty(bb.FLUSH_BYTES, dtype=torch.uint8, device="cuda")
    fill = lambda: fill_buffer.fill_(1)  # noqa: E731
    flush, note = l2_flush.make_flush(bb.FLUSH_BYTES, "cuda")
    assert note is None  # Triton imported above, so the flush is its own kernel
    cold_fill, survived = read_us(fill, ""), read_us(fill, "evict_last")
    cold_flush, flushed = read_us(flush, ""), read_us(flush, "evict_last")
    hot_fill, hot_flush = hot_read_us(fill), hot_read_us(flush)
    print(f"read of {READ_BYTES >> 20} MiB behind fill_: no hint {cold_fill:.2f} µs, evict_last {survived:.2f} µs; "
          f"behind l2_flush: no hint {cold_flush:.2f} µs, evict_last {flushed:.2f} µs; hot reads after fill_ "
          f"{hot_fill:.2f} µs, after l2_flush {hot_flush:.2f} µs")
    if survived > 0.8 * cold_fill:
        pytest.skip("this GPU keeps no evict_last line through fill_: nothing for the flushes to differ on")
    assert flushed > 0.9 * cold_flush
    assert hot_flush < 1.05 * hot_fill
