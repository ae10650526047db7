"""The built library through `dualgpu check-abi`: torch's stable ABI only (no libtorch C++ symbol), no C
shim newer than its STABLE_ABI, and CPython's limited API only, so it loads into every later torch and Python."""
import subprocess
import sys

import pytest

import @NAME@ as ext


def test_library_needs_only_the_stable_abi():
    pytest.importorskip("dualgpu.check_abi", reason="the ABI check comes with the dualgpu package (pip install dualgpu)")
    out = subprocess.run([sys.executable, "-m", "dualgpu.check_abi", ext.library_path], capture_output=True, text=True)
    assert out.returncode == 0 and "FAIL" not in out.stdout, out.stdout + out.stderr
    assert "PASS torch-c++" in out.stdout, out.stdout
