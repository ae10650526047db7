"""mymuladd against torch's own a * b + c, on the CPU and (where this build has CUDA kernels) the GPU."""
import pytest
import torch

import extension_cpp

GPU = pytest.mark.skipif(not (torch.cuda.is_available() and torch._C._dispatch_has_kernel_for_dispatch_key(
    "extension_cpp::mymuladd", "CUDA")), reason="no GPU visible, or a CPU build without CUDA kernels")
DEVICES = ["cpu", pytest.param("cuda", marks=[pytest.mark.gpu, GPU])]


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("shape", [(0,), (3,), (17, 33), (1000, 257)])
def test_matches_torch(device, shape):
    a, b = torch.randn(shape, device=device), torch.randn(shape, device=device)
    torch.testing.assert_close(extension_cpp.ops.mymuladd(a, b, 1.5), a * b + 1.5)


@pytest.mark.parametrize("device", DEVICES)
def test_opcheck(device):
    torch.library.opcheck(torch.ops.extension_cpp.mymuladd.default,
                          (torch.randn(8, device=device), torch.randn(8, device=device), 2.0))


def test_compiles_with_fake():
    f = torch.compile(lambda a, b: extension_cpp.ops.mymuladd(a, b, 0.5), backend="eager", fullgraph=True)
    a, b = torch.randn(5), torch.randn(5)
    torch.testing.assert_close(f(a, b), a * b + 0.5)
