import torch  # noqa: F401  (loads libtorch before the ops library)

from . import _C, ops  # noqa: F401  (importing _C registers torch.ops.extension_cpp.*)
