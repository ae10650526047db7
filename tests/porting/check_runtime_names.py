"""The HIP shim's runtime-name mapping, on one ROCm toolchain, against what that HIP declares:
1. every `#define cudaX hipY` of the shim names a hipY this HIP declares (on ROCm 5.x, except the
   lines marked "not in HIP 5.2", which fail there by naming the HIP function);
2. every name of CUDA's runtime API (the functions of cuda_runtime_api.h, the types and enumerators of
   driver_types.h, surface_types.h and texture_types.h) whose HIP twin this HIP declares is mapped. The
   twin is hip + the same suffix where HIP declares that, else torch.utils.hipify's name for it.
So no CUDA name is left unmapped that HIP could take, and no mapping points at a name HIP lacks.

Usage: check_runtime_names.py <cuda include dir> <include/dualgpu/on_hip> <work dir> -- <HIP clang...>
Exit 77 without CUDA's headers or without torch (whose hipify table names the renamed twins).
"""
import os
import re
import subprocess
import sys

cuda_include, shim, work = sys.argv[1:4]
clang = sys.argv[sys.argv.index("--") + 1:]
if not os.path.isfile(os.path.join(cuda_include, "cuda_runtime_api.h")):
    print(f"no CUDA headers in {cuda_include}: skipped")
    sys.exit(77)
try:
    from torch.utils.hipify import cuda_to_hip_mappings
except ImportError as e:
    print(f"torch.utils.hipify not importable ({e}): skipped")
    sys.exit(77)
HIPIFY = dict(cuda_to_hip_mappings.CUDA_IDENTIFIER_MAP)
HIPIFY.update(cuda_to_hip_mappings.CUDA_TYPE_NAME_MAP)


def read(name):
    with open(os.path.join(cuda_include, name), errors="replace") as f:
        return f.read()


api = read("cuda_runtime_api.h")
types_text = "".join(read(h) for h in ("driver_types.h", "surface_types.h", "texture_types.h"))
cuda_names = set(re.findall(r"extern __host__ (?:__cudart_builtin__ )?[\w\s*]*?CUDARTAPI (cuda\w+)\(", api))
cuda_names |= set(re.findall(r"\b(?:struct|enum)\s+(?:__device_builtin__\s+)?(cuda[A-Z]\w+)", types_text))
cuda_names |= set(re.findall(r"typedef\s+[^;]*?\b(cuda[A-Z]\w+)\s*;", types_text))
cuda_names |= set(re.findall(r"^\s+(cuda[A-Z]\w+)\s*=", types_text, re.M))
cuda_names = {n for n in cuda_names if "Reserved" not in n}  # placeholders, not API


def preprocess(text, extra):
    os.makedirs(work, exist_ok=True)
    source = os.path.join(work, f"names_{len(extra)}.hip")
    with open(source, "w") as f:
        f.write(text)
    cmd = clang + ["-x", "hip", "-std=c++17", "-E", "-dD", "--offload-host-only", "-nogpulib"] + extra + [source]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    if proc.returncode != 0:
        print("preprocessing failed:", " ".join(cmd), proc.stderr[-3000:], sep="\n")
        sys.exit(1)
    return proc.stdout


hip_text = preprocess("#include <hip/hip_runtime.h>\n", [])
hip_names = set(re.findall(r"\b\w+\b", hip_text))
hip_major = int(re.search(r"#define HIP_VERSION_MAJOR (\d+)", hip_text).group(1))
mapped_text = preprocess("#include <cuda_runtime.h>\n", [f"-I{shim}"])
mapped = set(re.findall(r"^#define (cuda\w+)", mapped_text, re.M))
provided = set(re.findall(r"\b\w+\b", mapped_text))

failures = []
for root, _, files in os.walk(shim):
    for name in files:
        with open(os.path.join(root, name)) as f:
            for cuda, hip, rest in re.findall(r"^#define (cuda\w+)\s+(hip\w+)\b(.*)$", f.read(), re.M):
                if hip not in hip_names and not (hip_major < 6 and "not in HIP 5.2" in rest):
                    failures.append(f"{name}: {cuda} maps to {hip}, which HIP {hip_major} does not declare")


def twin(cuda):
    same = "hip" + cuda[4:]
    return same if same in hip_names else HIPIFY.get(cuda)


mappable = {n for n in cuda_names if twin(n) in hip_names}
for n in sorted(mappable - mapped - provided):
    failures.append(f"{n} is not mapped, but HIP {hip_major} declares its twin {twin(n)}")
for f in failures:
    print("FAILED:", f)
print(f"{len(cuda_names)} CUDA runtime names, {len(mappable)} with a twin in HIP {hip_major}, "
      f"{len(cuda_names & (mapped | provided))} mapped; {len(failures)} failures")
sys.exit(1 if failures else 0)
