"""scale_add against a float64 reference, on the CPU and on the GPU when this build has GPU kernels."""
import pytest
import torch

import @NAME@ as ext

# The GPU case is always listed, so a machine without one reports it as skipped, with the reason.
DEVICES = ["cpu", pytest.param("cuda", marks=[pytest.mark.gpu, pytest.mark.skipif(
    not ext.has_gpu_kernels(), reason="no GPU visible, or this build has no GPU kernels (a cpu-platform build)")])]


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("n", [0, 1, 1000, 70001])
def test_scale_add(device, n):
    x, y = torch.randn(n, device=device), torch.randn(n, device=device)
    expected = x.double() * 1.5 + y.double()
    torch.testing.assert_close(ext.scale_add(x, y, 1.5).double(), expected, rtol=1e-6, atol=1e-6)


@pytest.mark.parametrize("device", DEVICES)
def test_bad_inputs_raise(device):
    x = torch.randn(4, device=device)
    with pytest.raises((RuntimeError, TypeError), match="x must have dtype"):
        ext.scale_add(x.double(), x.double(), 1.0)
    with pytest.raises(RuntimeError, match="same shape"):
        ext.scale_add(x, torch.randn(5, device=device), 1.0)


@pytest.mark.skipif(not hasattr(torch.library, "opcheck"), reason="torch.library.opcheck needs torch >= 2.4")
def test_opcheck():
    torch.library.opcheck(torch.ops.@NAME@.scale_add.default, (torch.randn(8), torch.randn(8), 2.0))


def test_self_test_passes():
    # The extension half of smoke(); the machine half (dualgpu smoke) is the `smoke` target's job.
    pytest.importorskip("dualgpu.smoke", reason="the self-test reports through the dualgpu package (pip install dualgpu)")
    results = ext.self_test()
    assert [r["name"] for r in results] == list(ext.ops.modules), results  # one check per op module
    assert all(r["status"] == "passed" for r in results), results
