"""@NAME@: torch.ops.@NAME@.* built with DualGPU.

The compiled library is found, in order: $@ENV_NAME@_LIBRARY (a build tree, for development),
then beside this file (where a wheel installs it).
"""
import glob
import os

import torch

__all__ = ["scale_add", "smoke", "library_path"]


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


library_path = _find_library()
torch.ops.load_library(library_path)

from ._smoke import smoke  # noqa: E402  (bin/dualgpu smoke + a self-test of the ops loaded above)

# Shapes and dtypes only, so the op traces under torch.compile (register_fake: torch >= 2.4,
# impl_abstract: 2.2/2.3; older torch has neither).
_register_fake = getattr(torch.library, "register_fake", None) or getattr(torch.library, "impl_abstract", None)
if _register_fake is not None:
    @_register_fake("@NAME@::scale_add")
    def _scale_add_fake(x, y, scale):
        return torch.empty_like(x)


def scale_add(x, y, scale):
    """x * scale + y."""
    return torch.ops.@NAME@.scale_add(x, y, scale)
