"""A stand-in for torch, used only by the selfcheck tests.

It answers what ci/selfcheck.sh asks (torch.__version__, torch.version.hip/cuda,
torch._C._cuda_getArchFlags(), torch.cuda.get_arch_list()) from two fixtures:
DUALGPU_FAKE_TORCH_ENV, the first lines of a real `python -m torch.utils.collect_env`,
and DUALGPU_FAKE_TORCH_ARCHS, a real printed `torch.cuda.get_arch_list()`.
With DUALGPU_FAKE_TORCH_ENV unset it fails to import the way a missing torch does.
"""
import ast
import json  # noqa: F401  as the real torch does at start-up: a ./json.py must not be the one found
import os
import types

_env_file = os.environ.get("DUALGPU_FAKE_TORCH_ENV", "")
if not _env_file:
    raise ModuleNotFoundError("No module named 'torch'")

_info = {}
with open(_env_file) as _f:
    for _line in _f.read().splitlines():
        _key, _, _value = _line.partition(":")
        _info[_key.strip()] = _value.strip()


def _none(value):
    # collect_env prints these words where torch.version.* is None
    return None if value in ("", "N/A", "None", "Could not collect") else value


__version__ = _info.get("PyTorch version", "")
version = types.SimpleNamespace(
    cuda=_none(_info.get("CUDA used to build PyTorch", "")),
    hip=_none(_info.get("ROCM used to build PyTorch", _info.get("HIP used to build PyTorch", ""))),
)

_archs = []
_archs_file = os.environ.get("DUALGPU_FAKE_TORCH_ARCHS", "")
if _archs_file:
    with open(_archs_file) as _f:
        _text = _f.read()
    # the printed list may span lines (pprint): it starts on the last line opening with "["
    _start = _text.rfind("\n[") + 1 if "\n[" in _text else _text.index("[")
    _archs = ast.literal_eval(_text[_start:_text.rindex("]") + 1])

cuda = types.SimpleNamespace(get_arch_list=lambda: list(_archs))
_C = types.SimpleNamespace()
if version.cuda or version.hip:
    # a CPU build of torch has no _cuda_getArchFlags at all
    _C._cuda_getArchFlags = lambda: " ".join(_archs)
