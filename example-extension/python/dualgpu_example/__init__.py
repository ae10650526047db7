"""Example DualGPU extension: fused LLM ops as torch.ops.dualgpu_example.*.

The compiled library is found, in order: $DUALGPU_EXAMPLE_LIBRARY (a build tree, for
development), then beside this file (where a wheel installs it).
"""
import glob
import importlib
import os
import pkgutil

import torch

__all__ = ["smoke", "has_gpu_kernels", "library_path"]


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


def _import_ops():
    """Every module of ops/ (one per op: wrapper and fake), its __all__ made this package's names."""
    from . import ops
    for info in sorted(pkgutil.iter_modules(ops.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{ops.__name__}.{info.name}")
        for name in getattr(module, "__all__", ()):
            globals()[name] = getattr(module, name)
            __all__.append(name)


_import_ops()

from ._smoke import smoke  # noqa: E402  (needs the ops loaded above)


def has_gpu_kernels():
    """Whether this build has GPU kernels and a GPU is visible (a CPU build has CPU kernels only)."""
    if not torch.cuda.is_available():
        return False
    has_kernel = getattr(torch._C, "_dispatch_has_kernel_for_dispatch_key", None)
    return has_kernel is not None and has_kernel("dualgpu_example::rms_norm", "CUDA")
