"""Makes `import dualgpu_example` work from the source tree: python/ on sys.path; the library
comes from $DUALGPU_EXAMPLE_LIBRARY (a build tree) or from an installed wheel."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
if os.environ.get("DUALGPU_EXAMPLE_LIBRARY"):
    sys.path.insert(0, os.path.join(HERE, "..", "python"))
