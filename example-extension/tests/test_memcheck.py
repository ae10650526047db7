"""The GPU kernels read no memory past the 16-byte granules that hold their tensors, and write none
past the tensors: calls under compute-sanitizer's memcheck, every tensor its own allocation
(PYTORCH_NO_CUDA_MEMORY_CACHING=1), so that a read past an allocation's end is one memcheck reports.

The realigned loads (launch_common.cuh, load_granules) read the two 16-byte granules that hold a vector's
bytes; where the vector is aligned, only one does, and reading the next would leave the data, past the
tensor's end for its last vector. One-row calls get exact allocations: each such read is then at an
aligned weight (decode-size norm rows of an odd width, their weight realigned) or none. Many-row calls
read granules the tensor only partly fills, which no access can fault on but memcheck would report, so
their inputs are allocated to the end of that last granule; the bytes past the tensor are checked
unchanged afterwards, since the in-place op (fused_add_rms_norm) writes where memcheck cannot see it.
A tensor that fills its last granule has no such bytes: its allocation ends where it does, and memcheck
sees any access past it.
Many rows reach the granule kernel (16-bit silu_and_mul rows of no whole vector), the norms' realigned
weight at every offset from the row (64 rows of 5121), the row groups' slots past the last row (1001
rows of 897: they must read row 0, not their own) and silu_and_mul_pairs_kernel's clamp of each row's
last pair (300 float32 rows of 2050: past one wave on an H100 or H200).
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
import math
import torch
import dualgpu_example as ext

def granule_padded(shape, dtype):  # a tensor whose allocation ends with the granule of its last value
    n = math.prod(shape)
    per_granule = 16 // torch.empty((), dtype=dtype).element_size()
    store = torch.randn(-(-n // per_granule) * per_granule, device="cuda").to(dtype)
    return store[:n].view(shape), store

def unchanged_past_the_end(call, *padded):  # padded: (tensor, its allocation) pairs
    tails = [store[t.numel():].clone() for t, store in padded]
    call(*(t for t, _ in padded))
    for (t, store), tail in zip(padded, tails):
        assert torch.equal(store[t.numel():], tail), f"a write past the end of a {tuple(t.shape)} tensor"

for dtype in (torch.bfloat16, torch.float16, torch.float32):
    for hidden in (5121, 4100, 2880, 17):
        x = torch.randn(1, hidden, device="cuda").to(dtype)
        residual = torch.randn(1, hidden, device="cuda").to(dtype)
        w = (torch.rand(hidden, device="cuda") + 0.5).to(dtype)
        ext.rms_norm(x, w, 1e-6)
        ext.fused_add_rms_norm(x, residual, w, 1e-6)
    for d in (1001, 4100, 2816):
        ext.silu_and_mul(torch.randn(1, 2 * d, device="cuda").to(dtype))
    for rows, hidden in ((64, 5121), (301, 4100), (1101, 4096 + 8), (1001, 897)):
        x, residual, w = (granule_padded(shape, dtype) for shape in ((rows, hidden), (rows, hidden), (hidden,)))
        unchanged_past_the_end(lambda x, w: ext.rms_norm(x, w, 1e-6), x, w)
        unchanged_past_the_end(lambda x, r, w: ext.fused_add_rms_norm(x, r, w, 1e-6), x, residual, w)
    for rows, d in ((301, 1001), (300, 2050), (1025, 4100)):
        unchanged_past_the_end(ext.silu_and_mul, granule_padded((rows, 2 * d), dtype))
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
