"""The GPU kernels read no memory wholly past their tensors: one-row calls under compute-sanitizer's
memcheck, every tensor its own allocation (PYTORCH_NO_CUDA_MEMORY_CACHING=1), so that a read past a
tensor's end is a read past its allocation, which memcheck reports.

The realigned loads (launch_common.cuh, load_granules) read the two 16-byte granules that hold a vector's
bytes; where the vector is aligned, only one does, and reading the next would leave the data, past the
tensor's end for its last vector. One row keeps every such read at an aligned weight (decode-size norm
rows of an odd width, their weight realigned) or none: with more rows the weight's last vector sits in
a granule the tensor only partly fills, whose bytes past the end memcheck reports too, though no access
can fault there. One call has many rows: 300 float32 silu_and_mul rows of 2050 values, past one wave on
an H100 or H200, take silu_and_mul_pairs_kernel, whose clamp of each row's last pair is then checked.
CUDA only (compute-sanitizer is the CUDA toolkit's)."""
import os
import shutil
import subprocess
import sys

import pytest

import dualgpu_example as ext


def find_sanitizer():
    """compute-sanitizer on PATH, else in the CUDA toolkit ($CUDA_HOME, or where it installs by default)."""
    for folder in (None, os.path.join(os.environ.get("CUDA_HOME", "/usr/local/cuda"), "bin")):
        found = shutil.which("compute-sanitizer", path=folder)
        if found:
            return found
    return None


SANITIZER = find_sanitizer()

# Run in the sanitized process: each op on fresh tensors whose allocations end where they do.
CALLS = r"""
import torch
import dualgpu_example as ext
for dtype in (torch.bfloat16, torch.float16, torch.float32):
    for hidden in (5121, 4100, 2880, 17):
        x = torch.randn(1, hidden, device="cuda").to(dtype)
        residual = torch.randn(1, hidden, device="cuda").to(dtype)
        w = (torch.rand(hidden, device="cuda") + 0.5).to(dtype)
        ext.rms_norm(x, w, 1e-6)
        ext.fused_add_rms_norm(x, residual, w, 1e-6)
    for d in (1001, 4100, 2816):
        ext.silu_and_mul(torch.randn(1, 2 * d, device="cuda").to(dtype))
ext.silu_and_mul(torch.randn(300, 2 * 2050, device="cuda"))  # silu_and_mul_pairs_kernel, its clamped last pair
torch.cuda.synchronize()
print("calls done")
"""


@pytest.mark.gpu
@pytest.mark.skipif(not ext.has_gpu_kernels(), reason="no GPU visible, or this build has no GPU kernels")
@pytest.mark.skipif(SANITIZER is None, reason="no compute-sanitizer on PATH or in $CUDA_HOME/bin (the CUDA toolkit's)")
def test_no_read_past_a_tensor():
    env = dict(os.environ, PYTORCH_NO_CUDA_MEMORY_CACHING="1")
    try:
        run = subprocess.run([SANITIZER, "--tool", "memcheck", "--error-exitcode", "3", "--print-limit", "5",
                              sys.executable, "-c", CALLS], env=env, capture_output=True, text=True, timeout=900)
    except subprocess.TimeoutExpired:
        pytest.fail(f"{SANITIZER} --tool memcheck did not finish in 900 s (a hung kernel, or a far slower GPU)")
    report = run.stdout + run.stderr
    first = report.find("Invalid")  # memcheck's first finding, then its summary
    assert run.returncode == 0 and "calls done" in run.stdout, (
        report[max(first, 0):][:2500] + "\n...\n" + report[-600:])
