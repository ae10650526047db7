"""Example DualGPU extension: fused LLM ops as torch.ops.dualgpu_example.*.

The compiled library is found, in order: $DUALGPU_EXAMPLE_LIBRARY (a build tree, for
development), then beside this file (where a wheel installs it). Loading it and importing ops/ are
DualGPU's shared glue (dualgpu.extension), the same as a `dualgpu new` project's.
"""
import os
import sys

# This example sits in a DualGPU checkout (or in the installed dualgpu package, which is then importable):
# the checkout's dualgpu is the one it was built with, so it comes first.
_checkout_python = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "python")
if os.path.isfile(os.path.join(_checkout_python, "dualgpu", "extension.py")) and "dualgpu" not in sys.modules:
    sys.path.insert(0, os.path.normpath(_checkout_python))

from dualgpu import extension  # noqa: E402

library_path = extension.load_library(__file__, "_dualgpu_example", "DUALGPU_EXAMPLE_LIBRARY")

from . import ops  # noqa: E402  (every ops/<op>.py: wrapper + fake; needs the library loaded above)
from .ops import *  # noqa: E402,F401,F403
from ._smoke import smoke  # noqa: E402  (needs the ops loaded above)

__all__ = [*ops.__all__, "smoke", "has_gpu_kernels", "library_path"]


def has_gpu_kernels():
    """Whether this build has GPU kernels and a GPU is visible (a CPU build has CPU kernels only)."""
    return extension.has_gpu_kernels("dualgpu_example")
