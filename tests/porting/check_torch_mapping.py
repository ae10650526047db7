"""DualGPU's torch header mapping (include/dualgpu/on_hip/ATen, .../c10) against torch's own hipify.

1. Every torch CUDA header DualGPU maps includes exactly the header torch.utils.hipify writes
   in its place.
2. torch/muladd.cu (extension-cpp's op file) preprocessed as HIP with DualGPU's shim directory
   first on the include path and a stand-in ROCm torch tree: the ROCm headers hipify names are
   the ones reached, torch's CUDA headers never are, and every identifier hipify rewrites in the
   file comes out of the preprocessor as hipify's spelling.
No ROCm build of torch exists on this machine, so nothing here compiles the op against one.
Usage: check_torch_mapping.py <include/dualgpu/on_hip>. Exit 77 when torch or clang is missing.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

SKIP = 77
shim = os.path.abspath(sys.argv[1])
here = os.path.dirname(os.path.abspath(__file__))
try:
    import torch
    from torch.utils.hipify import hipify_python
except ImportError as e:
    print(f"torch with torch.utils.hipify not importable ({e}): skipped")
    sys.exit(SKIP)
clang = shutil.which("clang++-15") or shutil.which("hipcc")
if not clang or not os.path.exists("/usr/include/hip/hip_runtime.h"):
    print("no HIP clang (clang++-15 / hipcc) with HIP headers: skipped")
    sys.exit(SKIP)

failures = []


def hipify_text(text: str) -> str:
    with tempfile.TemporaryDirectory() as tmp:
        src, out = os.path.join(tmp, "src"), os.path.join(tmp, "out")
        os.makedirs(src)
        with open(os.path.join(src, "f.cu"), "w") as f:
            f.write(text)
        result = hipify_python.hipify(project_directory=src, output_directory=out, includes=["*"],
                                      is_pytorch_extension=True, show_detailed=False, show_progress=False)
        path = next(r.hipified_path for r in result.values() if r.hipified_path and r.hipified_path.startswith(out + os.sep))
        with open(path) as f:
            return f.read()


# 1. header by header
mapped = []
for top in ("ATen", "c10"):
    for root, _, files in os.walk(os.path.join(shim, top)):
        for name in files:
            mapped.append(os.path.relpath(os.path.join(root, name), shim))
mapped.sort()
if not mapped:
    failures.append(f"no torch headers under {shim}")
hipified = hipify_text("".join(f"#include <{h}>\n" for h in mapped))
want = dict(zip(mapped, re.findall(r"#include <([^>]+)>", hipified)))
for header in mapped:
    with open(os.path.join(shim, header)) as f:
        text = f.read()
    ours = [i for i in re.findall(r"#include <([^>]+)>", text)]
    if ours != [want[header]]:
        failures.append(f"{header}: DualGPU includes {ours}, torch's hipify writes <{want[header]}>")
print(f"{len(mapped)} torch headers checked against hipify")

# 2. the op file through the preprocessor
muladd = os.path.join(here, "torch", "muladd.cu")
with open(muladd) as f:
    original = f.read()
reference = hipify_text(original)
torch_include = os.path.join(os.path.dirname(torch.__file__), "include")
with tempfile.TemporaryDirectory() as stub:
    # The stand-in ROCm torch: each hipified header hipify names, holding one marker line.
    for header in set(re.findall(r"#include <((?:ATen|c10)/hip/[^>]+)>", reference)) | set(want.values()):
        path = os.path.join(stub, header)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(f"int dualgpu_rocm_torch_stub_{re.sub(r'[^A-Za-z0-9]', '_', header)};\n")
    # torch's platform-neutral headers (ATen/Operators.h, torch/all.h) need the whole torch
    # build setup; only the CUDA part of the file is the mapping's business.
    generic = re.compile(r"#include <(ATen/Operators.h|torch/all.h|torch/library.h)>")
    cuda_part = os.path.join(stub, "muladd_cuda_part.cu")
    with open(cuda_part, "w") as f:
        f.write(generic.sub("", original))
    cmd = [clang, "-x", "hip", "-E", "-std=c++17", "--offload-host-only", "-nogpulib", "--rocm-path=/usr",
           "-D__HIP_PLATFORM_AMD__", "-DDUALGPU_PLATFORM_HIP", f"-I{shim}", f"-I{stub}",
           "-I/usr/include/hip", f"-I{torch_include}",
           cuda_part]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    if proc.returncode != 0:
        failures.append("preprocessing muladd.cu as HIP failed:\n" + proc.stderr[-3000:])
    out = proc.stdout
    for header in re.findall(r"#include <((?:ATen|c10)/hip/[^>]+)>", reference):
        if f"dualgpu_rocm_torch_stub_{re.sub(r'[^A-Za-z0-9]', '_', header)}" not in out:
            failures.append(f"muladd.cu: <{header}> (what hipify includes) was not reached")
    for line in re.findall(r'^# \d+ "([^"]+)"', out, re.M):
        if line.startswith(torch_include) and re.search(r"/(ATen|c10)/cuda/", line):
            failures.append(f"muladd.cu: torch's CUDA header {line} was included")
            break
    # Identifiers hipify rewrites in the op file, and what the preprocessor makes of them.
    ident = re.compile(r"\b[A-Za-z_]\w*\b")
    body = lambda text: [l for l in text.splitlines() if not l.lstrip().startswith(("#", "//")) and "<<<" not in l and "hipLaunchKernelGGL" not in l]
    renames = set()
    for a, b in zip(body(original), body(reference)):
        for x, y in zip(ident.findall(a), ident.findall(b)):
            if x != y:
                renames.add((x, y))
    if not renames:
        failures.append("hipify rewrote no identifier in muladd.cu: the check would prove nothing")
    tail = out[out.rfind("namespace extension_cpp"):]
    for cuda_name, hip_name in sorted(renames):
        if re.search(rf"\b{cuda_name}\b", tail) or not re.search(rf"\b{hip_name}\b", tail):
            failures.append(f"muladd.cu: hipify writes {hip_name} for {cuda_name}; the shim's output differs")
    print(f"muladd.cu: {len(renames)} identifiers hipify rewrites: {sorted(renames)}")

for f in failures:
    print("FAILED:", f)
print("PASSED" if not failures else f"{len(failures)} failures")
sys.exit(1 if failures else 0)
