"""Same import setup as tests/: python/ on sys.path when $DUALGPU_EXAMPLE_LIBRARY names a build."""
import os
import sys

if os.environ.get("DUALGPU_EXAMPLE_LIBRARY"):
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))
