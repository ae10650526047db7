"""One module per op (ops/<op>.py: its Python wrapper, its fake for torch.compile and, where the op is
differentiable, its backward). Every module here is imported, so adding an op edits no list: a module's
__all__ becomes part of @NAME@'s namespace."""
from dualgpu.extension import import_ops

__all__ = []
modules = import_ops(__name__, __path__, globals())
