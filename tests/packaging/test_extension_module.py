"""dualgpu.extension (the glue of every extension package) against torch's own dispatcher, autograd and
opcheck, with ops defined here through torch.library: no build needed."""
import ctypes
import os
import sys
import textwrap

import pytest

torch = pytest.importorskip("torch")
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "python"))
from dualgpu import extension  # noqa: E402

NS = "dualgpu_extension_test"
needs_fake = pytest.mark.skipif(not hasattr(torch.library, "register_fake"), reason="register_fake needs torch >= 2.4")
needs_autograd = pytest.mark.skipif(not hasattr(torch.library, "register_autograd"),
                                    reason="register_autograd needs torch >= 2.4")


def drop(lib):
    """Takes a torch.library.Library's registrations back (torch < 2.1 does so when it is collected)."""
    if hasattr(lib, "_destroy"):
        lib._destroy()


@pytest.fixture(scope="module")
def ops():
    """Two ops with CPU kernels in Python, as a C++ library would register them: scale (differentiable,
    its backward registered by extension.register_autograd) and halve_rows (a fake that changes the shape)."""
    lib = torch.library.Library(NS, "DEF")
    lib.define("scale(Tensor x, float s) -> Tensor")
    lib.define("halve_rows(Tensor x) -> Tensor")
    lib.impl("scale", lambda x, s: x * s, "CPU")
    lib.impl("halve_rows", lambda x: x[: x.shape[0] // 2].clone(), "CPU")

    def setup_context(ctx, inputs, output):
        ctx.s = inputs[1]

    def backward(ctx, grad):
        return grad * ctx.s, None

    registered = extension.register_autograd(f"{NS}::scale", backward, setup_context=setup_context)
    assert registered == hasattr(torch.library, "register_autograd")
    extension.register_fake(f"{NS}::scale")(lambda x, s: torch.empty_like(x))
    extension.register_fake(f"{NS}::halve_rows")(lambda x: x.new_empty((x.shape[0] // 2, *x.shape[1:])))
    yield lib
    drop(lib)


def test_find_library_prefers_the_environment(tmp_path, monkeypatch):
    built = tmp_path / "build" / "_my_ops.so"
    built.parent.mkdir()
    built.write_bytes(b"")
    (tmp_path / "_my_ops.cpython-311-x86_64-linux-gnu.so").write_bytes(b"")
    monkeypatch.setenv("MY_OPS_LIBRARY", str(built))
    assert extension.find_library(str(tmp_path / "__init__.py"), "_my_ops", "MY_OPS_LIBRARY") == str(built)
    monkeypatch.setenv("MY_OPS_LIBRARY", str(tmp_path / "missing.so"))
    with pytest.raises(ImportError, match="MY_OPS_LIBRARY=.*missing.so is not a file"):
        extension.find_library(str(tmp_path / "__init__.py"), "_my_ops", "MY_OPS_LIBRARY")


def test_find_library_beside_the_package(tmp_path, monkeypatch):
    monkeypatch.delenv("MY_OPS_LIBRARY", raising=False)
    package = str(tmp_path / "__init__.py")
    with pytest.raises(ImportError, match=r"no _my_ops\*\.so in .*pip install --no-build-isolation .*MY_OPS_LIBRARY"):
        extension.find_library(package, "_my_ops", "MY_OPS_LIBRARY")
    (tmp_path / "_my_ops.abi3.so").write_bytes(b"")
    (tmp_path / "_other.so").write_bytes(b"")
    assert extension.find_library(package, "_my_ops", "MY_OPS_LIBRARY") == str(tmp_path / "_my_ops.abi3.so")
    (tmp_path / "_my_ops.so").write_bytes(b"")
    with pytest.raises(ImportError, match="more than one .*_my_ops.abi3.so, _my_ops.so.*remove the stale"):
        extension.find_library(package, "_my_ops", "MY_OPS_LIBRARY")


def test_import_ops_exports_each_modules_all(tmp_path, monkeypatch):
    package = tmp_path / "glue_pkg_ops"
    package.mkdir()
    (package / "__init__.py").write_text(textwrap.dedent("""
        from dualgpu.extension import import_ops
        __all__ = []
        modules = import_ops(__name__, __path__, globals())
    """))
    (package / "b_op.py").write_text("__all__ = ['b_op']\ndef b_op(): return 'b'\nhidden = 1\n")
    (package / "a_op.py").write_text("__all__ = ['a_op', 'a_helper']\ndef a_op(): return 'a'\ndef a_helper(): pass\n")
    (package / "_private.py").write_text("raise AssertionError('a _module is not imported')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    import glue_pkg_ops
    assert list(glue_pkg_ops.modules) == ["a_op", "b_op"]
    assert glue_pkg_ops.__all__ == ["a_op", "a_helper", "b_op"]
    assert glue_pkg_ops.a_op() == "a" and glue_pkg_ops.b_op() == "b"
    assert not hasattr(glue_pkg_ops, "hidden")


def test_op_names_lists_the_namespace(ops):
    assert extension.op_names(NS) == [f"{NS}::halve_rows", f"{NS}::scale"]
    assert extension.op_names(NS + "_none") == []


def test_has_gpu_kernels_asks_the_dispatcher(ops, monkeypatch):
    # This build of the namespace has CPU kernels only: never GPU kernels, whatever GPU is visible.
    monkeypatch.setattr(torch.cuda, "is_available", lambda: True)
    assert not extension.has_gpu_kernels(NS)
    gpu = torch.library.Library(NS, "IMPL", "CUDA")
    gpu.impl("scale", lambda x, s: x * s)
    try:
        assert extension.has_gpu_kernels(NS)
        monkeypatch.setattr(torch.cuda, "is_available", lambda: False)
        assert not extension.has_gpu_kernels(NS)  # kernels, but no GPU to run them
    finally:
        drop(gpu)


@needs_fake
def test_register_fake_traces_shapes(ops):
    from torch._subclasses.fake_tensor import FakeTensorMode
    x = torch.randn(6, 3)
    with FakeTensorMode() as mode:
        fake = torch.ops.dualgpu_extension_test.halve_rows(mode.from_tensor(x))
    assert fake.shape == torch.ops.dualgpu_extension_test.halve_rows(x).shape == (3, 3)
    torch.library.opcheck(torch.ops.dualgpu_extension_test.halve_rows.default, (x,))


@needs_autograd
def test_register_autograd_gradients(ops):
    x = torch.randn(5, 4, dtype=torch.float64, requires_grad=True)
    assert torch.autograd.gradcheck(lambda t: torch.ops.dualgpu_extension_test.scale(t, 1.5), (x,))
    grad = torch.randn(5, 4, dtype=torch.float64)
    got, = torch.autograd.grad(torch.ops.dualgpu_extension_test.scale(x, -2.0), x, grad)
    want, = torch.autograd.grad(x * -2.0, x, grad)  # torch's own mul as the reference
    torch.testing.assert_close(got, want)
    torch.library.opcheck(torch.ops.dualgpu_extension_test.scale.default, (x, 3.0))


def test_expose_torch_c_shims_makes_them_global():
    maps = open("/proc/self/maps").read()
    libtorch_cpu = sorted({line.split()[-1] for line in maps.splitlines() if "/libtorch_cpu" in line})
    if not libtorch_cpu or not hasattr(ctypes.CDLL(libtorch_cpu[0]), "aoti_torch_empty_strided"):
        pytest.skip("this torch has no C shims (aoti_torch_*): stable-ABI builds need torch >= 2.10")
    extension._expose_torch_c_shims()
    # What a stable-ABI library's undefined aoti_torch_* symbols are resolved against: the global scope.
    assert hasattr(ctypes.CDLL(None), "aoti_torch_empty_strided")


def test_load_library_names_the_variable(tmp_path, monkeypatch):
    monkeypatch.setenv("MY_OPS_LIBRARY", str(tmp_path / "gone.so"))
    with pytest.raises(ImportError, match="MY_OPS_LIBRARY"):
        extension.load_library(str(tmp_path / "__init__.py"), "_my_ops", "MY_OPS_LIBRARY")
