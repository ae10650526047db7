"""Renders docs/reference (the .rst blocks of cmake/DualGPU.cmake, DualGPUDoctor.cmake and every
cmake/dualgpu/*.cmake) with Sphinx and sphinxcontrib-moderncmakedomain; any warning fails.
Exit 77 (skipped) when they are not installed: ci/install-deps.sh --for tests installs them.
usage: python3 build.py <repo> <output folder>
"""
import importlib.util
import os
import subprocess
import sys


def main(repo, out):
    missing = [m for m in ("sphinx", "sphinxcontrib.moderncmakedomain")
               if importlib.util.find_spec(m.split(".")[0]) is None or importlib.util.find_spec(m) is None]
    if missing:
        print("skipped: not installed: %s (pip install sphinx sphinxcontrib-moderncmakedomain)" % ", ".join(missing))
        return 77
    source = os.path.join(repo, "docs", "reference")
    listed = set(open(os.path.join(source, "index.rst")).read().split())
    modules = sorted(f[:-len(".cmake")] for f in os.listdir(os.path.join(repo, "cmake", "dualgpu")) if f.endswith(".cmake"))
    unlisted = [m for m in modules if "module/" + m not in listed]
    if unlisted:
        print("docs/reference/index.rst does not list cmake/dualgpu/%s: add module/<name>.rst and its toctree line"
              % ", ".join(unlisted))
        return 1
    # -E: a fresh environment each time. Sphinx does not see that a page's cmake-module file changed, so a
    # saved one keeps a command's old place beside its new one (a duplicate warning) after a module splits.
    return subprocess.run([sys.executable, "-m", "sphinx", "-E", "-W", "--keep-going", "-q", "-b", "html", source,
                           out]).returncode


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
