"""scale_add: x * scale + y (schema and CPU kernel: csrc/scale_add.cpp; GPU kernel: csrc/cuda/scale_add.cu)."""
import torch

__all__ = ["scale_add"]


def scale_add(x, y, scale):
    """x * scale + y for float32 tensors of one shape on one device."""
    return torch.ops.@NAME@.scale_add(x, y, scale)


# Shapes and dtypes only, so the op traces under torch.compile (register_fake: torch >= 2.4,
# impl_abstract: 2.2/2.3; older torch has neither).
_register_fake = getattr(torch.library, "register_fake", None) or getattr(torch.library, "impl_abstract", None)
if _register_fake is not None:
    @_register_fake("@NAME@::scale_add")
    def _scale_add_fake(x, y, scale):
        return torch.empty_like(x)


def self_test(device):
    """The smoke test's check of this op on `device`: (result, float64 reference)."""
    x, y = torch.randn(1000, device=device), torch.randn(1000, device=device)
    return scale_add(x, y, 1.5), x.double() * 1.5 + y.double()
