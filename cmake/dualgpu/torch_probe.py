"""DualGPU's torch probe: what the Python a configure uses says of its torch.

Run by 40-torch.cmake (_dualgpu_ask_python_for_torch) through the bounded runner, as
`<python> torch_probe.py [full]`. Prints one line "dualgpu-torch-probe: <json>" (an interpreter may
print a banner first); failures print {"found": false, "why": ...} and exit 0 so CMake can report
them. Without "full" it does not import torch (seconds: libtorch is loaded): where torch is and
torch/version.py (read as text) say all that a configure needs. "full" imports torch and adds the
architectures it was built for and its C++ ABI (doctor, DUALGPU_CHECK_TORCH_ARCHITECTURES).
Standard library only, Python 3.8+.
"""
import sys
import os

# Not run with -I: that would also drop PYTHONPATH, which some users point at their torch. Only
# this file's own folder (sys.path[0]) and the current folder are dropped, so nothing beside the
# modules or in the user's folder can stand in for a module imported below.
_here = os.path.dirname(os.path.abspath(__file__))
sys.path[:] = [p for p in sys.path if p not in ("", ".") and os.path.abspath(p) != _here]

import importlib.util  # noqa: E402
import json  # noqa: E402


def answer(out):
    print("dualgpu-torch-probe: " + json.dumps(out))
    sys.exit(0)
try:
    spec = importlib.util.find_spec("torch")
except Exception as e:
    spec = None
if spec is None or not spec.submodule_search_locations:
    answer({"found": False, "why": "No module named 'torch'"})
root = list(spec.submodule_search_locations)[0]
version_file = os.path.join(root, "version.py")
version = {}
try:
    with open(version_file) as f:
        exec(f.read(), version)
except Exception as e:
    answer({"found": False, "why": "%s: %s" % (type(e).__name__, e)})
out = {"found": True, "version": str(version.get("__version__", "")).split("+")[0],
       "cuda": version.get("cuda") or "", "hip": version.get("hip") or "", "arch_list": [], "cxx11_abi": "",
       "cmake_prefix": os.path.join(root, "share", "cmake"), "version_file": version_file}
if "full" in sys.argv[1:]:
    try:
        import torch
    except Exception as e:
        answer({"found": False, "why": "%s: %s" % (type(e).__name__, e)})
    try:
        out["arch_list"] = list(torch.cuda.get_arch_list())
    except Exception:
        pass
    abi = getattr(torch._C, "_GLIBCXX_USE_CXX11_ABI", None)
    out["cxx11_abi"] = "" if abi is None else str(int(abi))
answer(out)
