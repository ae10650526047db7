# Sphinx project that renders the reference blocks (#[===[.rst: ...) at the top of DualGPU's CMake
# modules, as CMake's own documentation does. Built by the CTest test docs.reference (-W: any
# warning fails it). Needs: pip install sphinx sphinxcontrib-moderncmakedomain (ci/install-deps.sh --for tests).
project = "DualGPU CMake reference"
extensions = ["sphinxcontrib.moderncmakedomain"]
exclude_patterns = ["_build"]
html_theme = "basic"
primary_domain = "cmake"
