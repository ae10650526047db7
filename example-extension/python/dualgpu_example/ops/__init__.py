"""One module per op: its Python wrapper and its fake (meta) implementation for torch.compile.

Every module here is imported once the library is loaded, and the names each lists in __all__
become dualgpu_example's: a new op's module needs no line anywhere else."""
from dualgpu.extension import import_ops

__all__ = []
modules = import_ops(__name__, __path__, globals())
