"""decode_step: fused_add_rms_norm -> rotary_embedding -> silu_and_mul as one CUDA/HIP graph, and
graph_stats(), its launcher's counters (csrc/decode_step.cpp; the kernels are the three ops')."""
import torch

from dualgpu.extension import register_fake

__all__ = ["decode_step", "graph_stats"]


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


@register_fake("dualgpu_example::decode_step")
def _fake(x, residual, weight, eps, positions, query, key, cos_sin_cache, head_size, gate_up, out, use_graph=True):
    return None
