"""Runs the example extension's pytest with the interpreter it was built for; exit 77 (skipped)
when that interpreter has no pytest.
    python run_pytest.py <ENV_VAR> <library.so> <tests dir>
ENV_VAR is how the project's package is told where its built library is (DUALGPU_EXAMPLE_LIBRARY)."""
import os
import sys

try:
    import pytest
except ImportError:
    print(f"SKIP: {sys.executable} has no pytest (Debian: apt install python3-pytest)")
    sys.exit(77)

env_var, library, tests = sys.argv[1:4]
os.environ[env_var] = library
# -p no:cacheprovider: do not write .pytest_cache into the source tree.
sys.exit(pytest.main(["-q", "-p", "no:cacheprovider", tests]))
