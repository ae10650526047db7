"""An L2 flush that leaves no input behind, whatever the hint it was loaded with.

Ordinary writes do not evict lines that a kernel loaded with an evict_last hint: on the H200 such
lines stayed in L2 through a 128 MiB fill_. torch.compile's kernels load their inputs so where the row
count is dynamic, and norms' weights always, so behind a fill_ their "cold" inputs were partly hot
(docs/benchmarks.md, "example-extension: what survives the cold state's flush"). So the flush, in two
kernels:
  1. writes its buffer with the evict_last hint: on equal terms with such lines, it replaces them all;
  2. discards its buffer's lines from L2 (discard.global.L2; the buffer's contents are scratch). Left
     there, lines of its own with that hint crowd out the next kernels' lines: hot reads measured 14 %
     slower behind such a flush, and so they did when fill_ rewrote the discarded buffer afterwards.
L2 then holds no valid line, where fill_ left it full of dirty ones: a read behind this flush allocates
without writing anything back (a 4 MiB read: 3.1 µs behind it, 3.6-3.9 behind fill_).
Triton writes both kernels: torch.compile's own compiler, installed with torch wherever torch.compile
runs on a GPU. Without Triton the flush is fill_, and `note` says what that leaves.
"""
import torch

try:
    import triton
    import triton.language as tl
except ImportError:  # a torch build without Triton
    triton = None

BLOCK = 4096  # int32 values a program writes
LINES = 256  # 128-byte lines a program discards

if triton is not None:

    @triton.jit
    def _write_evict_last(buffer, BLOCK: tl.constexpr):
        i = tl.program_id(0).to(tl.int64) * BLOCK + tl.arange(0, BLOCK)
        tl.store(buffer + i, tl.full([BLOCK], 1, tl.int32), eviction_policy="evict_last")

    @triton.jit
    def _discard_lines(buffer, LINES: tl.constexpr):
        line = tl.program_id(0).to(tl.int64) * LINES + tl.arange(0, LINES)
        address = (buffer + line * 32).to(tl.int64, bitcast=True)
        tl.inline_asm_elementwise("discard.global.L2 [$1], 128; mov.u32 $0, 0;", "=r,l", [address],
                                  dtype=tl.int32, is_pure=False, pack=1)


def make_flush(nbytes, device):
    """(flush, note): flush() empties L2 through a buffer of nbytes (a multiple of 32 KiB) of its own, on
    device's current stream (a CUDA graph can capture it); note is None, or why inputs loaded with
    evict_last may survive it. Off a GPU, fill_ (nothing to flush)."""
    unit = max(BLOCK * 4, LINES * 128)  # the bytes one program of either kernel covers
    if device == "cuda" and triton is not None and nbytes % unit:
        raise ValueError(f"make_flush: {nbytes} bytes; give a multiple of {unit} (e.g. {(nbytes // unit + 1) * unit})")
    buffer = torch.empty(nbytes // 4, dtype=torch.int32, device=device)
    if device != "cuda":
        return (lambda: buffer.fill_(1)), None
    if triton is None:
        note = "no Triton: the L2 flush is fill_, which inputs loaded with evict_last survive"
        return (lambda: buffer.fill_(1)), note

    def flush():
        _write_evict_last[(nbytes // (BLOCK * 4),)](buffer, BLOCK=BLOCK)
        _discard_lines[(nbytes // (LINES * 128),)](buffer, LINES=LINES)

    flush()  # compiles the kernels now, not inside a graph's capture
    torch.cuda.synchronize()
    return flush, None
