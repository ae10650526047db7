"""A scikit-build-core metadata provider: the project's version with a local part that names the platform
the wheel is built for, as torch names its own wheels (``0.1.0+cpu``, ``0.1.0+cu130``, ``0.1.0+rocm6.4``),
so one package index can hold the set::

    [project]
    dynamic = ["version"]

    [tool.scikit-build.metadata.version]
    provider = "dualgpu.wheel_version"
    version = "0.1.0"

The platform follows DualGPU's first two rules: ``DUALGPU_PLATFORM`` from the environment, else what the
torch found was built for (``torch/version.py``, read as text as DualGPU's configure reads it). A
``-Ccmake.define.DUALGPU_PLATFORM`` is not visible here: set the environment variable instead, and
``dualgpu_add_torch_extension`` stops a build whose decided platform differs from the wheel's name.
The tag: ``cu<major><minor>`` of the CUDA toolkit that compiles (its runtime is what the wheel needs),
``rocm<major>.<minor>`` of the HIP found, ``cpu``.
"""
import importlib.util
import os
import re

import dualgpu
from dualgpu.run import ToolFailed, environment, run, which

__all__ = ["dynamic_metadata", "platform_tag"]


def _torch_platform():
    spec = importlib.util.find_spec("torch")
    if spec is None or not spec.submodule_search_locations:
        return "cpu"
    scope = {}
    try:
        with open(os.path.join(list(spec.submodule_search_locations)[0], "version.py")) as f:
            exec(f.read(), scope)
    except OSError:
        return "cpu"
    return "rocm" if scope.get("hip") else "cuda" if scope.get("cuda") else "cpu"


def _tool_version(candidates, args, pattern):
    for tool in candidates:
        path = which(tool) if tool and os.sep not in tool else tool
        if path and os.path.isfile(path):
            try:
                result = run([path, *args], env=environment(), timeout=60)
            except ToolFailed:
                continue
            if not result.ok:
                continue
            out = result.stdout
            found = re.search(pattern, out)
            if found:
                return found.group(1), found.group(2)
    return None


def platform_tag():
    """The local version part for the platform this build is for: cpu, cuXYZ or rocmX.Y."""
    platform = os.environ.get("DUALGPU_PLATFORM", "").strip().lower() or _torch_platform()
    platform = dualgpu.platform_spellings().get(platform, platform)
    if platform == "cuda":
        version = _tool_version([os.environ.get("CUDACXX"), "nvcc", "/usr/local/cuda/bin/nvcc"], ["--version"],
                                r"release ([0-9]+)\.([0-9]+)")
        if version is None:
            raise RuntimeError("dualgpu.wheel_version: platform cuda, but no nvcc answered: put the CUDA toolkit "
                               "on PATH or set CUDACXX")
        return "cu%s%s" % version
    if platform == "rocm":
        version = _tool_version(["hipconfig", "/opt/rocm/bin/hipconfig"], ["--version"], r"^([0-9]+)\.([0-9]+)")
        if version is None:
            raise RuntimeError("dualgpu.wheel_version: platform rocm, but hipconfig did not answer: install ROCm's "
                               "HIP (hipcc) or put it on PATH")
        return "rocm%s.%s" % version
    if platform != "cpu":
        raise RuntimeError(f"dualgpu.wheel_version: DUALGPU_PLATFORM='{platform}' is not a platform: use cuda, rocm or cpu")
    return "cpu"


def dynamic_metadata(field, settings, project=None):
    if field != "version":
        raise RuntimeError("dualgpu.wheel_version provides the version only")
    version = str(settings.get("version", "")).strip()
    if not re.fullmatch(r"[0-9]+(\.[0-9]+)*", version):
        raise RuntimeError("dualgpu.wheel_version: give the release as version = \"X.Y.Z\" (no local part) "
                           "under [tool.scikit-build.metadata.version]")
    return f"{version}+{platform_tag()}"
