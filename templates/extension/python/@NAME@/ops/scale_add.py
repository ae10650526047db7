"""scale_add: x * scale + y (schema and CPU kernel: csrc/scale_add.cpp; GPU kernel: csrc/cuda/scale_add.cu)."""
import torch

from dualgpu.extension import register_autograd, register_fake

__all__ = ["scale_add"]


def scale_add(x, y, scale):
    """x * scale + y for float32 (or float64) tensors of one shape and dtype on one device."""
    return torch.ops.@NAME@.scale_add(x, y, scale)


@register_fake("@NAME@::scale_add")
def _scale_add_fake(x, y, scale):
    """Shapes and dtypes only, so the op traces under torch.compile."""
    return torch.empty_like(x)


def _scale_add_setup_context(ctx, inputs, output):
    ctx.scale = inputs[2]


def _scale_add_backward(ctx, grad):
    """d(x * scale + y) = grad * scale for x, grad for y; scale (a Python float) gets none."""
    return grad * ctx.scale, grad, None


register_autograd("@NAME@::scale_add", _scale_add_backward, setup_context=_scale_add_setup_context)


def self_test(device):
    """The smoke test's check of this op on `device`: (result, float64 reference)."""
    x, y = torch.randn(1000, device=device), torch.randn(1000, device=device)
    return scale_add(x, y, 1.5), x.double() * 1.5 + y.double()
