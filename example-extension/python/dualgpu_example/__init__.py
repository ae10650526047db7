"""Example DualGPU extension: fused LLM ops as torch.ops.dualgpu_example.*.

The compiled library is found, in order: $DUALGPU_EXAMPLE_LIBRARY (a build tree, for
development), then beside this file (where a wheel installs it).
"""
import glob
import os

import torch

from . import _fake

__all__ = ["rms_norm", "fused_add_rms_norm", "silu_and_mul", "rotary_embedding", "decode_step", "graph_stats",
           "smoke", "has_gpu_kernels", "library_path"]


def _find_library():
    explicit = os.environ.get("DUALGPU_EXAMPLE_LIBRARY")
    if explicit:
        if not os.path.isfile(explicit):
            raise ImportError(f"DUALGPU_EXAMPLE_LIBRARY={explicit} is not a file")
        return explicit
    here = os.path.dirname(os.path.abspath(__file__))
    found = sorted(glob.glob(os.path.join(here, "_dualgpu_example*.so")))
    if not found:
        raise ImportError(f"dualgpu_example: no _dualgpu_example*.so in {here}; build it "
                          "(pip install --no-build-isolation .) or set DUALGPU_EXAMPLE_LIBRARY")
    return found[0]


library_path = _find_library()
torch.ops.load_library(library_path)
_fake.register()

from ._smoke import smoke  # noqa: E402  (needs the ops loaded above)


def has_gpu_kernels():
    """Whether this build has GPU kernels and a GPU is visible (a CPU build has CPU kernels only)."""
    if not torch.cuda.is_available():
        return False
    has_kernel = getattr(torch._C, "_dispatch_has_kernel_for_dispatch_key", None)
    return has_kernel is not None and has_kernel("dualgpu_example::rms_norm", "CUDA")


def rms_norm(x, weight, eps=1e-6):
    """x / sqrt(mean(x^2, -1) + eps) * weight, computed in float32."""
    return torch.ops.dualgpu_example.rms_norm(x, weight, eps)


def fused_add_rms_norm(x, residual, weight, eps=1e-6):
    """In place, as vLLM: residual += x, then x = rms_norm(residual, weight, eps)."""
    torch.ops.dualgpu_example.fused_add_rms_norm(x, residual, weight, eps)


def silu_and_mul(x):
    """silu(x[..., :d]) * x[..., d:] for x of last dimension 2 * d."""
    return torch.ops.dualgpu_example.silu_and_mul(x)


def rotary_embedding(positions, query, key, head_size, cos_sin_cache):
    """NeoX-style rotary embedding of query and key, in place."""
    torch.ops.dualgpu_example.rotary_embedding(positions, query, key, head_size, cos_sin_cache)


def decode_step(x, residual, weight, eps, positions, query, key, cos_sin_cache, head_size, gate_up, out,
                use_graph=True):
    """One decode step's fused ops, all in place: fused_add_rms_norm(x, residual, weight, eps), then
    rotary_embedding(positions, query, key, head_size, cos_sin_cache), then out = silu_and_mul(gate_up).

    On the GPU the three kernels are launched as one CUDA/HIP graph (dualgpu::graph_launcher, cached
    per shapes, dtype, eps, head_size and data pointers) on torch's current stream; use_graph=False
    launches them one by one. On the CPU the CPU kernels run in sequence."""
    torch.ops.dualgpu_example.decode_step(x, residual, weight, eps, positions, query, key, cos_sin_cache, head_size,
                                          gate_up, out, use_graph)


def graph_stats():
    """decode_step's graph launcher counters as a dict of ints: captures, replays, updates, fallbacks,
    eager, evictions (and last_fallback, a string, once a capture has failed). All 0 on a CPU build."""
    line = torch.ops.dualgpu_example.graph_stats()
    stats = {}
    head, _, fallback = line.partition(' last_fallback="')
    for item in head.split():
        name, _, value = item.partition("=")
        stats[name] = int(value)
    if fallback:
        stats["last_fallback"] = fallback[:-1]
    return stats
