"""@NAME@: torch.ops.@NAME@.* built with DualGPU.

The compiled library is found, in order: $@ENV_NAME@_LIBRARY (a build tree, for development),
then beside this file (where a wheel installs it). Each op's Python side is one module in ops/,
imported automatically: its functions are @NAME@.<op>.
"""
import ctypes
import functools
import glob
import os

import torch


def _find_library():
    explicit = os.environ.get("@ENV_NAME@_LIBRARY")
    if explicit:
        if not os.path.isfile(explicit):
            raise ImportError(f"@ENV_NAME@_LIBRARY={explicit} is not a file")
        return explicit
    here = os.path.dirname(os.path.abspath(__file__))
    found = sorted(glob.glob(os.path.join(here, "_@NAME@*.so")))
    if not found:
        raise ImportError(f"@NAME@: no _@NAME@*.so in {here}; build it "
                          "(pip install --no-build-isolation .) or set @ENV_NAME@_LIBRARY")
    return found[0]


def _expose_torch_c_shims():
    """A stable-ABI build (.abi3.so) links no torch library, so that one build loads into every torch
    release and packaging (pip's libtorch_cpu.so, a distribution's libtorch_cpu.so.2.14): its calls to
    torch's C shims resolve from the libtorch this process already loaded, made global here."""
    with open("/proc/self/maps") as maps:
        loaded = {line.split()[-1] for line in maps if "/libtorch_" in line}
    for path in sorted(loaded):
        if os.path.basename(path).split(".so")[0] in ("libtorch_cpu", "libtorch_cuda", "libtorch_hip"):
            ctypes.CDLL(path, mode=os.RTLD_NOLOAD | os.RTLD_GLOBAL)


library_path = _find_library()
if library_path.endswith(".abi3.so"):
    _expose_torch_c_shims()
torch.ops.load_library(library_path)

from . import ops  # noqa: E402  (every ops/<op>.py: wrapper + fake; needs the library loaded above)
from .ops import *  # noqa: E402,F401,F403

__all__ = [*ops.__all__, "has_gpu_kernels", "self_test", "smoke", "library_path"]


def has_gpu_kernels():
    """Whether a GPU is visible and this build has GPU kernels (a cpu-platform build has CPU kernels only)."""
    has_kernel = getattr(torch._C, "_dispatch_has_kernel_for_dispatch_key", None)
    return (torch.cuda.is_available() and has_kernel is not None and bool(ops.modules)
            and has_kernel(f"@NAME@::{next(iter(ops.modules))}", "CUDA"))


def _dualgpu_smoke():
    try:
        import dualgpu.smoke
    except ImportError as e:
        raise ImportError("@NAME@.smoke() runs DualGPU's smoke test: pip install the dualgpu version "
                          "pyproject.toml's build-system.requires names") from e
    return dualgpu.smoke


def self_test(device=None):
    """Each op module's self_test(device) -> (result, float64 reference), compared on `device` (default: the
    GPU when this build has GPU kernels, else the CPU). One dict per op."""
    device = device or ("cuda" if has_gpu_kernels() else "cpu")
    checks = {name: functools.partial(module.self_test, device)
              for name, module in ops.modules.items() if hasattr(module, "self_test")}
    return _dualgpu_smoke().check_ops(checks, device)


def smoke(args=(), dualgpu_root=None):
    """DualGPU's smoke test of this machine (`dualgpu smoke`, with `args` such as ("--profile", "llm");
    the first run builds the smoke program, a few minutes) plus self_test(): the smoke report with the
    self-test under "extension" and "ok" when both passed."""
    return _dualgpu_smoke().smoke(args, dualgpu_root, self_test=self_test)


def _smoke_main(argv):
    """What the `smoke` CMake target runs: [--dualgpu-root DIR] [--json FILE] [smoke options]."""
    return _dualgpu_smoke().main(argv, self_test=self_test)
