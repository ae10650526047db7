"""One module per op: its Python wrapper and its fake (meta) implementation for torch.compile.

dualgpu_example imports every module here once the library is loaded, and re-exports the names
each lists in __all__: a new op's module needs no line anywhere else."""
import torch


def register_fake(name):
    """torch.library.register_fake (torch >= 2.4), impl_abstract (its 2.2/2.3 name), or, on older
    torch, a no-op decorator: the fake is then not registered (torch.compile there has no need)."""
    fake = getattr(torch.library, "register_fake", None) or getattr(torch.library, "impl_abstract", None)
    return fake(name) if fake is not None else (lambda fn: fn)
