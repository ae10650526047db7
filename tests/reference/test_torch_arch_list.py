"""DualGPU reads TORCH_CUDA_ARCH_LIST exactly as torch.utils.cpp_extension does.

The reference is torch's own _get_cuda_arch_flags() of the torch this interpreter imports;
run it with each torch users have (pip's current one, Debian's 1.13).
"""
import os
import re
import subprocess
import pathlib

import pytest

torch = pytest.importorskip("torch")
from torch.utils import cpp_extension  # noqa: E402

REPO = pathlib.Path(__file__).resolve().parents[2]
CMAKE = os.environ.get("DUALGPU_TEST_CMAKE", "cmake")

# Spellings seen in READMEs and CI files; names only newer torch knows are skipped on older torch.
CASES = ["8.0", "8.6+PTX", "7.0;7.5;8.0;8.6", "7.5 8.0 8.6+PTX", "6.0;6.1;7.0;7.5;8.0;8.6+PTX",
         "Ampere", "Ampere+Tegra", "Turing;Ampere", "Volta", "Pascal", "Maxwell", "Kepler+Tesla",
         "9.0", "9.0a", "9.0+PTX", "8.9", "Hopper", "Ada", "8.0;9.0a;10.0", "12.0+PTX",
         "Blackwell", "8.6+PTX;;", "sm_90", "90", "8.5", "", "Ampere;;"]


def torch_reference(value):
    """CMake-form architectures from torch's gencode flags, or None when torch rejects the list."""
    old = os.environ.get("TORCH_CUDA_ARCH_LIST")
    os.environ["TORCH_CUDA_ARCH_LIST"] = value
    try:
        flags = cpp_extension._get_cuda_arch_flags()
    except (ValueError, IndexError):
        return None
    finally:
        if old is None:
            del os.environ["TORCH_CUDA_ARCH_LIST"]
        else:
            os.environ["TORCH_CUDA_ARCH_LIST"] = old
    result = set()
    for flag in flags:
        m = re.match(r"-gencode=arch=compute_(\w+),code=(sm|compute)_(\w+)$", flag)
        assert m, flag
        result.add(m.group(3) + ("-real" if m.group(2) == "sm" else "-virtual"))
    return result


def dualgpu(value):
    script = (f'include("{REPO}/cmake/dualgpu/30-decide.cmake")\n'
              f'dualgpu_parse_torch_cuda_arch_list(out err "{value}")\n'
              'message("OUT=${out}")\nmessage("ERR=${err}")\n')
    path = pathlib.Path(os.environ.get("TMPDIR", "/tmp")) / f"dualgpu-arch-{os.getpid()}.cmake"
    path.write_text(script)
    try:
        text = subprocess.run([CMAKE, "-P", str(path)], capture_output=True, text=True, timeout=60).stderr
    finally:
        path.unlink()
    out = re.search(r"^OUT=(.*)$", text, re.M).group(1)
    err = re.search(r"^ERR=(.*)$", text, re.M).group(1)
    return None if err else set(filter(None, out.split(";")))


@pytest.mark.parametrize("value", CASES)
def test_same_architectures_as_torch(value):
    expected = torch_reference(value)
    ours = dualgpu(value)
    if value == "":
        # torch treats an empty list as "detect the visible GPUs"; DualGPU then uses its other sources.
        assert ours is None
        return
    if expected is None and ours is not None:
        pytest.skip(f"torch {torch.__version__} does not know '{value}' yet; newer torch does")
    assert ours == expected, f"TORCH_CUDA_ARCH_LIST='{value}': torch {expected}, DualGPU {ours}"
