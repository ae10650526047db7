"""Runs one pytest file with this interpreter; exit 77 (skipped) when it lacks pytest or torch.
    python run_module_tests.py <test file>"""
import importlib.util
import sys

missing = [name for name in ("pytest", "torch") if importlib.util.find_spec(name) is None]
if missing:
    print(f"SKIP: {sys.executable} has no {' or '.join(missing)}")
    sys.exit(77)
import pytest  # noqa: E402

# -p no:cacheprovider: do not write .pytest_cache into the source tree.
sys.exit(pytest.main(["-q", "-p", "no:cacheprovider", "-rs", sys.argv[1]]))
