"""@NAME@: torch.ops.@NAME@.* built with DualGPU.

The compiled library is found, in order: $@ENV_NAME@_LIBRARY (a build tree, for development),
then beside this file (where a wheel installs it). Each op's Python side is one module in ops/,
imported automatically: its functions are @NAME@.<op>. Loading, importing the ops and the fakes are
DualGPU's shared glue (dualgpu.extension, a dependency in pyproject.toml).
"""
import functools

from dualgpu import extension

library_path = extension.load_library(__file__, "_@NAME@", "@ENV_NAME@_LIBRARY")

from . import ops  # noqa: E402  (every ops/<op>.py: wrapper + fake; needs the library loaded above)
from .ops import *  # noqa: E402,F401,F403

__all__ = [*ops.__all__, "has_gpu_kernels", "self_test", "smoke", "library_path"]


def has_gpu_kernels():
    """Whether a GPU is visible and this build has GPU kernels (a cpu-platform build has CPU kernels only)."""
    return extension.has_gpu_kernels("@NAME@")


def self_test(device=None):
    """Each op module's self_test(device) -> (result, float64 reference), compared on `device` (default: the
    GPU when this build has GPU kernels, else the CPU). One dict per op."""
    import dualgpu.smoke
    device = device or ("cuda" if has_gpu_kernels() else "cpu")
    checks = {name: functools.partial(module.self_test, device)
              for name, module in ops.modules.items() if hasattr(module, "self_test")}
    return dualgpu.smoke.check_ops(checks, device)


def smoke(args=(), dualgpu_root=None):
    """DualGPU's smoke test of this machine (`dualgpu smoke`, with `args` such as ("--profile", "llm");
    the first run builds the smoke program, a few minutes) plus self_test(): the smoke report with the
    self-test under "extension" and "ok" when both passed."""
    import dualgpu.smoke
    return dualgpu.smoke.smoke(args, dualgpu_root, self_test=self_test)


def _smoke_main(argv):
    """What the `smoke` CMake target runs: [--dualgpu-root DIR] [--json FILE] [smoke options]."""
    import dualgpu.smoke
    return dualgpu.smoke.main(argv, self_test=self_test)
