"""Every device function CUDA's headers declare (math, intrinsics, atomics, fp16, bf16) is either
there for a HIP build through DualGPU's shim on one ROCm toolchain, or named in docs/porting.md's
"What DualGPU cannot do" section. So a CUDA name that compiles on NVIDIA and not on AMD is a decision
written down, never an accident, and a new CUDA toolkit's names show up here first.

Usage: check_cuda_device_names.py <cuda include dir> <include/dualgpu/on_hip> <docs/porting.md>
       <work dir> -- <HIP clang command...>
The HIP clang command (with a prefix that runs it in another ROCm's root, where needed) preprocesses,
for the device, a file that includes the shim's CUDA headers; a name is there if the output declares
or defines it. Exit 77 without CUDA's headers.
"""
import os
import re
import subprocess
import sys

cuda_include, shim, doc, work = sys.argv[1:5]
clang = sys.argv[sys.argv.index("--") + 1:]
if not os.path.isfile(os.path.join(cuda_include, "cuda_runtime_api.h")):
    print(f"no CUDA headers in {cuda_include}: skipped")
    sys.exit(77)

# The headers of CUDA's device API: what a .cu file can call without including any library.
HEADERS = ["crt/math_functions.h", "crt/device_functions.h", "crt/device_double_functions.h", "crt/sm_70_rt.h",
           "crt/sm_80_rt.h", "crt/sm_90_rt.h", "sm_20_intrinsics.h", "sm_30_intrinsics.h", "sm_32_intrinsics.h",
           "sm_35_intrinsics.h", "sm_61_intrinsics.h", "device_atomic_functions.h", "sm_20_atomic_functions.h",
           "sm_32_atomic_functions.h", "sm_35_atomic_functions.h", "sm_60_atomic_functions.h", "cuda_fp16.h",
           "cuda_fp16.hpp", "cuda_bf16.h", "cuda_bf16.hpp"]
DECLARATION = re.compile(r"(?:__device__|_DECL__)[^;{}()]*?\b((?:__[a-z]|atomic|h2?|make_)\w*)\s*\(")
# CUDA's own helpers behind the API, not names a program calls.
INTERNAL = re.compile(r"^(__internal|__nv_|__cuda|__float_simpl|__cmath|__pow_helper|__libcpp|__u128|__DEPRECATED)"
                      r"|_impl$|_internal$|^__(isfinite|isfinitef|isinfd|isnand|signbitl|tanhf)$")

cuda_names = set()
for header in HEADERS:
    path = os.path.join(cuda_include, header)
    if os.path.isfile(path):
        with open(path, errors="replace") as f:
            cuda_names.update(n for n in DECLARATION.findall(f.read()) if not INTERNAL.search(n))

source = os.path.join(work, "cuda_device_names.hip")
os.makedirs(work, exist_ok=True)
with open(source, "w") as f:
    f.write("#include <cuda_runtime.h>\n#include <cuda_fp16.h>\n#include <cuda_bf16.h>\n")
cmd = clang + ["-x", "hip", "-std=c++17", "-E", "-dD", "--offload-device-only", "--offload-arch=gfx90a", "-nogpulib",
               f"-I{shim}", source]
proc = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
if proc.returncode != 0:
    print("preprocessing failed:", " ".join(cmd), proc.stderr[-3000:], sep="\n")
    sys.exit(1)
there = set(re.findall(r"\b\w+\b", proc.stdout))

with open(doc) as f:
    text = f.read()
section = re.search(r"^## What DualGPU cannot do\n(.*?)(?=^## )", text, re.M | re.S)
documented = set(re.findall(r"`(\w+)", section.group(1))) if section else set()

missing = sorted(n for n in cuda_names if n not in there and n not in documented)
for n in missing:
    print(f"FAILED: CUDA's {n} is neither there for HIP nor named in {doc} (What DualGPU cannot do)")
print(f"{len(cuda_names)} CUDA device names, {len(cuda_names & there)} there for HIP, "
      f"{len((cuda_names - there) & documented)} documented as not mapped, {len(missing)} neither")
sys.exit(1 if missing else 0)
