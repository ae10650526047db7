"""scale_add against a float64 reference, its gradient (gradcheck) and its registrations (opcheck), on the
CPU and on the GPU when this build has GPU kernels."""
import pytest
import torch

import @NAME@ as ext

# The GPU case is always listed, so a machine without one reports it as skipped, with the reason.
DEVICES = ["cpu", pytest.param("cuda", marks=[pytest.mark.gpu, pytest.mark.skipif(
    not ext.has_gpu_kernels(), reason="no GPU visible, or this build has no GPU kernels (a cpu-platform build)")])]
needs_autograd = pytest.mark.skipif(not hasattr(torch.library, "register_autograd"),
                                    reason="the backward is registered with torch.library.register_autograd (torch >= 2.4)")


def reference(x, y, scale):
    return x.double() * scale + y.double()


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
@pytest.mark.parametrize("n", [0, 1, 1000, 70001])
def test_scale_add(device, dtype, n):
    x, y = torch.randn(n, device=device, dtype=dtype), torch.randn(n, device=device, dtype=dtype)
    out = ext.scale_add(x, y, 1.5)
    assert out.dtype == dtype
    torch.testing.assert_close(out.double(), reference(x, y, 1.5), rtol=1e-6, atol=1e-6)


@pytest.mark.parametrize("device", DEVICES)
def test_bad_inputs_raise(device):
    x = torch.randn(4, device=device)
    with pytest.raises((RuntimeError, TypeError), match="x must have dtype"):
        ext.scale_add(x.int(), x.int(), 1.0)
    with pytest.raises((RuntimeError, TypeError), match="y must have"):
        ext.scale_add(x, x.double(), 1.0)
    with pytest.raises(RuntimeError, match="same shape"):
        ext.scale_add(x, torch.randn(5, device=device), 1.0)


@needs_autograd
@pytest.mark.parametrize("device", DEVICES)
def test_gradcheck(device):
    # Finite differences in float64 against the registered backward (ops/scale_add.py).
    x, y = (torch.randn(3, 5, device=device, dtype=torch.float64, requires_grad=True) for _ in range(2))
    assert torch.autograd.gradcheck(lambda a, b: ext.scale_add(a, b, -0.75), (x, y))


@needs_autograd
@pytest.mark.parametrize("device", DEVICES)
def test_gradients_match_torch(device):
    x, y = (torch.randn(64, device=device, requires_grad=True) for _ in range(2))
    grad = torch.randn(64, device=device)
    got = torch.autograd.grad(ext.scale_add(x, y, 2.5), (x, y), grad)
    want = torch.autograd.grad(x * 2.5 + y, (x, y), grad)  # torch's own ops as the reference
    torch.testing.assert_close(got, want)


def sample_inputs(device):
    def make(requires_grad, n=8):
        return torch.randn(n, device=device, requires_grad=requires_grad)
    return [(make(False), make(False), 2.0), (make(True), make(True), -1.0), (make(True), make(False), 0.5),
            (make(False, 0), make(False, 0), 3.0)]


@pytest.mark.skipif(not hasattr(torch.library, "opcheck"), reason="torch.library.opcheck needs torch >= 2.4")
@pytest.mark.parametrize("device", DEVICES)
def test_opcheck(device):
    # Schema, fake (torch.compile), autograd registration and dispatch, as torch's own custom-op tests check them.
    for args in sample_inputs(device):
        torch.library.opcheck(torch.ops.@NAME@.scale_add.default, args)


def test_self_test_passes():
    # The extension half of smoke(); the machine half (dualgpu smoke) is the `smoke` target's job.
    results = ext.self_test()
    assert [r["name"] for r in results] == list(ext.ops.modules), results  # one check per op module
    assert all(r["status"] == "passed" for r in results), results
