import torch

__all__ = ["mymuladd"]


def mymuladd(a, b, c):
    """a * b + c, elementwise, for float32 tensors of one shape on one device."""
    return torch.ops.extension_cpp.mymuladd.default(a, b, c)


@torch.library.register_fake("extension_cpp::mymuladd")
def _(a, b, c):
    torch._check(a.shape == b.shape)
    torch._check(a.dtype == torch.float and b.dtype == torch.float)
    torch._check(a.device == b.device)
    return torch.empty_like(a)
