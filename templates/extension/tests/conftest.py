"""Makes `import @NAME@` work from the source tree when $@ENV_NAME@_LIBRARY names a built library."""
import os
import sys

if os.environ.get("@ENV_NAME@_LIBRARY"):
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))
