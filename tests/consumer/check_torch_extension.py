"""Checks a built tests/projects/'torch extension': what reached each compiler, and that torch loads it.

usage: check_torch_extension.py <build-dir> <platform> <architecture>
Run it with the Python whose torch the extension was built against.
"""
import json
import pathlib
import re
import shutil
import sys

import torch

build, platform, arch = pathlib.Path(sys.argv[1]), sys.argv[2], sys.argv[3]
commands = json.loads((build / "compile_commands.json").read_text())
by_file = {pathlib.Path(c["file"]).name: c["command"] for c in commands}

# torch's ABI reaches every compiler, the device compilers included.
abi = f"_GLIBCXX_USE_CXX11_ABI={int(torch._C._GLIBCXX_USE_CXX11_ABI)}"
expected_files = {"ops.cpp"} | ({"twice.cu"} if platform != "cpu" else set())
assert expected_files <= set(by_file), f"compile_commands.json lacks {expected_files - set(by_file)}"
for name in expected_files:
    assert abi in by_file[name], f"{name} is compiled without {abi}: {by_file[name]}"

if platform == "cuda":
    cu = by_file["twice.cu"]
    # Only the requested architecture: torch's own -gencode guesses were taken back.
    assert f"sm_{arch}" in cu, cu
    other = [a for a in ("sm_75", "sm_80", "sm_86", "sm_100", "sm_120") if a in cu and a != f"sm_{arch}"]
    assert not other, f"torch's architectures leaked into the CUDA flags: {other}"
if platform == "cpu":
    assert "twice.cu" not in by_file, "GPU sources must be left out on the cpu platform"

# ccache, when installed, sits in front of the compilers.
if shutil.which("ccache"):
    ninja = (build / "build.ninja").read_text() + (build / "CMakeFiles" / "rules.ninja").read_text()
    assert "ccache" in ninja, "ccache is installed but not used as the compiler launcher"

# One libtorch: every torch/c10 library on the link line comes from the same folder (a second
# libtorch in a system folder, e.g. Debian's libtorch-dev, must not be mixed in).
ninja = (build / "build.ninja").read_text()
link = next(line for line in ninja.splitlines() if "LINK_LIBRARIES" in line and "torch" in line)
torch_libs = {pathlib.Path(t.strip('"')).resolve() for t in re.findall(r'[^\s,"]*lib(?:torch|c10)[^\s,"]*\.so[.0-9]*', link)}
folders = {str(p.parent) for p in torch_libs}
assert len(folders) == 1, f"libraries of more than one torch on the link line: {sorted(map(str, torch_libs))}"

library = next(build.glob("libtwice_ops*.so"))
torch.ops.load_library(str(library))
x = torch.randn(257, dtype=torch.float32)
assert torch.equal(torch.ops.twice_ops.twice(x), x * 2)
print(f"ok: {library.name} loads into torch {torch.__version__}; {abi} on {sorted(expected_files)}")
