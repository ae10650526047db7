"""DualGPU: one C++/CUDA-spelled source tree built for NVIDIA (CUDA), AMD (ROCm) or the CPU.

This package carries DualGPU's CMake package, headers and commands so that a project lists
``dualgpu`` in ``build-system.requires`` and calls ``find_package(DualGPU)`` with no path
(scikit-build-core finds it through the ``cmake.root`` entry point), and so that plain CMake
users can ask ``python -m dualgpu --cmake-dir``. Importing it imports nothing heavy (no torch):
scikit-build-core imports it to read the entry point. ``dualgpu.extension`` (which imports torch) is the
Python glue extension packages share; ``dualgpu.smoke`` their smoke test.
"""
import os
import re

__all__ = ["__version__", "root", "cmake_dir", "include_dir", "command", "platform_spellings"]

_HERE = os.path.dirname(os.path.abspath(__file__))


def root():
    """The folder that holds DualGPU's bin/, cmake/, include/, smoke/ and templates/: this package
    folder in an installed wheel, the checkout when the package is used from its source tree."""
    for candidate in (_HERE, os.path.normpath(os.path.join(_HERE, "..", ".."))):
        if os.path.isfile(os.path.join(candidate, "cmake", "DualGPUVersion.cmake")):
            return candidate
    raise FileNotFoundError(f"dualgpu: no cmake/DualGPUVersion.cmake in {_HERE} or its checkout: "
                            "reinstall the dualgpu package (pip install dualgpu)")


def cmake_dir():
    """The folder of DualGPUConfig.cmake: pass it as -DDualGPU_DIR=... to plain CMake."""
    return os.path.join(root(), "cmake")


def include_dir():
    """The folder that holds dualgpu/*.hpp: beside cmake/, or <prefix>/include for a `cmake --install`
    copy (whose root is <prefix>/share/dualgpu)."""
    beside = os.path.join(root(), "include")
    if os.path.isdir(os.path.join(beside, "dualgpu")):
        return beside
    return os.path.normpath(os.path.join(root(), "..", "..", "include"))


def command():
    """The `dualgpu` command (bin/dualgpu) of this copy."""
    return os.path.join(root(), "bin", "dualgpu")


def _read_version():
    # The one version lives in cmake/DualGPUVersion.cmake; the wheel's metadata is read from it too.
    with open(os.path.join(cmake_dir(), "DualGPUVersion.cmake")) as f:
        found = re.search(r"^set\(DUALGPU_VERSION ([0-9][0-9.]*)\)", f.read(), re.M)
    if not found:
        raise RuntimeError("dualgpu: cmake/DualGPUVersion.cmake has no set(DUALGPU_VERSION x.y.z)")
    return found.group(1)


def platform_spellings():
    """DUALGPU_PLATFORM's spellings (lower case) -> the platform (cuda, rocm, cpu): the table CMake reads
    (cmake/dualgpu/00-data.cmake), read from there."""
    with open(os.path.join(cmake_dir(), "dualgpu", "00-data.cmake")) as f:
        found = re.search(r"^set\(_DUALGPU_PLATFORM_SPELLINGS ([a-z: ]+)\)", f.read(), re.M)
    if not found:
        raise RuntimeError("dualgpu: cmake/dualgpu/00-data.cmake has no set(_DUALGPU_PLATFORM_SPELLINGS ...)")
    return dict(entry.split(":") for entry in found.group(1).split())


__version__ = _read_version()
