"""silu_and_mul: silu(x[..., :d]) * x[..., d:] (csrc/silu_and_mul.cpp, csrc/cuda/silu_and_mul.cu)."""
import torch

from dualgpu.extension import register_fake

__all__ = ["silu_and_mul"]


def silu_and_mul(x):
    """silu(x[..., :d]) * x[..., d:] for x of last dimension 2 * d."""
    return torch.ops.dualgpu_example.silu_and_mul(x)


@register_fake("dualgpu_example::silu_and_mul")
def _fake(x):
    return x.new_empty(x.shape[:-1] + (x.shape[-1] // 2,))
