"""fused_add_rms_norm: residual + x, then rms_norm of that sum, in place (as vLLM's) or into new tensors (as
Liger-Kernel's and Hugging Face's) (csrc/fused_add_rms_norm.cpp, csrc/cuda/fused_add_rms_norm.cu and
csrc/cuda/fused_add_rms_norm_functional.cu)."""
import torch

from dualgpu.extension import register_fake

__all__ = ["fused_add_rms_norm"]


def fused_add_rms_norm(x, residual, weight, eps=1e-6, *, inplace=True):
    """Returns (rms_norm(x + residual, weight, eps), x + residual), the sum rounded to x's dtype.

    inplace=True (vLLM's form): both are written over the inputs, x and residual, which are returned.
    inplace=False: both are new tensors; x and residual are left as they were (the form autograd-free code
    that keeps its inputs, and Liger-Kernel, use).
    """
    if inplace:
        torch.ops.dualgpu_example.fused_add_rms_norm(x, residual, weight, eps)
        return x, residual
    return torch.ops.dualgpu_example.fused_add_rms_norm_functional(x, residual, weight, eps)


@register_fake("dualgpu_example::fused_add_rms_norm")
def _fake(x, residual, weight, eps):
    return None


@register_fake("dualgpu_example::fused_add_rms_norm_functional")
def _fake_functional(x, residual, weight, eps):
    return torch.empty_like(x), torch.empty_like(x)
