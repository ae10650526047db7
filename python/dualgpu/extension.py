"""The Python glue every DualGPU extension package shares (a `dualgpu new` project and example-extension).

An extension's ``__init__.py`` loads its library and its ops with it::

    from dualgpu import extension
    library_path = extension.load_library(__file__, "_my_ops", "MY_OPS_LIBRARY")
    from . import ops            # ops/__init__.py: modules = extension.import_ops(__name__, __path__, globals())

    def has_gpu_kernels():
        return extension.has_gpu_kernels("my_ops")

and each ``ops/<op>.py`` registers its fake (and, where the op is differentiable, its backward)::

    @extension.register_fake("my_ops::scale_add")
    def _fake(x, y, scale):
        return torch.empty_like(x)

torch is imported here, so only an extension imports this module (``import dualgpu`` stays light).
"""
import ctypes
import glob
import importlib
import os
import pkgutil

import torch

__all__ = ["find_library", "load_library", "import_ops", "register_fake", "register_autograd",
           "op_names", "has_gpu_kernels"]


def find_library(package_file, library_name, env_var):
    """The extension's built library: the file $<env_var> names (a build tree, for development),
    else the one ``<library_name>*.so`` beside `package_file` (where a wheel installs it)."""
    explicit = os.environ.get(env_var)
    if explicit:
        if not os.path.isfile(explicit):
            raise ImportError(f"{env_var}={explicit} is not a file: point it at the built {library_name}*.so, "
                              f"or unset it to use the installed one")
        return explicit
    here = os.path.dirname(os.path.abspath(package_file))
    found = sorted(glob.glob(os.path.join(here, f"{library_name}*.so")))
    if not found:
        raise ImportError(f"no {library_name}*.so in {here}: build it (pip install --no-build-isolation .) "
                          f"or set {env_var} to a built one")
    if len(found) > 1:
        names = ", ".join(os.path.basename(f) for f in found)
        raise ImportError(f"more than one {library_name}*.so in {here} ({names}): remove the stale ones, "
                          f"or set {env_var} to the one to load")
    return found[0]


def _expose_torch_c_shims():
    """A stable-ABI build (.abi3.so) links no torch library, so that one build loads into every torch
    release and packaging (pip's libtorch_cpu.so, a distribution's libtorch_cpu.so.2.14): its calls to
    torch's C shims resolve from the libtorch this process already loaded, made global here."""
    with open("/proc/self/maps") as maps:
        loaded = {line.split()[-1] for line in maps if "/libtorch_" in line}
    for path in sorted(loaded):
        if os.path.basename(path).split(".so")[0] in ("libtorch_cpu", "libtorch_cuda", "libtorch_hip"):
            ctypes.CDLL(path, mode=os.RTLD_NOLOAD | os.RTLD_GLOBAL)


def load_library(package_file, library_name, env_var):
    """find_library(), then torch.ops.load_library() on it (which registers its torch.ops.<namespace>.*);
    a stable-ABI (.abi3.so) library gets torch's C shims first. Returns the library's path."""
    path = find_library(package_file, library_name, env_var)
    if path.endswith(".abi3.so"):
        _expose_torch_c_shims()
    torch.ops.load_library(path)
    return path


def import_ops(package_name, package_path, namespace):
    """Imports every module of the package `package_name` (at `package_path`; those named _* are left out),
    in name order, and copies the names each lists in __all__ into `namespace` (the package's globals()),
    appending them to its __all__: a new op's module needs no line anywhere else. Returns {module name: module}."""
    modules = {}
    exported = namespace.setdefault("__all__", [])
    for info in sorted(pkgutil.iter_modules(package_path), key=lambda info: info.name):
        if info.name.startswith("_"):
            continue
        module = modules[info.name] = importlib.import_module(f"{package_name}.{info.name}")
        for name in getattr(module, "__all__", ()):
            namespace[name] = getattr(module, name)
            exported.append(name)
    return modules


def register_fake(qualname):
    """Decorator registering an op's fake (meta) implementation, which torch.compile and FakeTensor trace
    with: torch.library.register_fake (torch >= 2.4), impl_abstract (its 2.2/2.3 name); on older torch,
    which has neither, the function is returned unregistered."""
    fake = getattr(torch.library, "register_fake", None) or getattr(torch.library, "impl_abstract", None)
    return fake(qualname) if fake is not None else (lambda fn: fn)


def register_autograd(qualname, backward, setup_context=None):
    """torch.library.register_autograd(qualname, backward, setup_context=...) (torch >= 2.4): makes the op
    differentiable. Returns False on older torch, where the op then has no backward."""
    register = getattr(torch.library, "register_autograd", None)
    if register is None:
        return False
    register(qualname, backward, setup_context=setup_context)
    return True


def op_names(namespace):
    """The qualified names ("<namespace>::<op>") of the ops registered under `namespace`, sorted."""
    prefix = f"{namespace}::"
    return sorted({schema.name for schema in torch._C._jit_get_all_schemas() if schema.name.startswith(prefix)})


def has_gpu_kernels(namespace):
    """Whether a GPU is visible and an op of `namespace` has a GPU kernel (ROCm builds of torch register
    theirs under the CUDA key too): False for a cpu-platform build, which has CPU kernels only."""
    has_kernel = getattr(torch._C, "_dispatch_has_kernel_for_dispatch_key", None)
    if has_kernel is None or not torch.cuda.is_available():
        return False
    return any(has_kernel(name, "CUDA") for name in op_names(namespace))
