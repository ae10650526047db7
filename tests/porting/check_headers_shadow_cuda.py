"""With CUDA's include folder also on the path (both toolkits installed), every CUDA header the
HIP shim provides resolves to the shim: preprocessed as HIP it either includes nothing from the
CUDA toolkit, or stops with DualGPU's #error naming docs/porting.md. Never NVIDIA's copy.

Usage: check_headers_shadow_cuda.py <include/dualgpu/on_hip> <cuda include dir>. Exit 77 without a
HIP clang or without the CUDA headers.
"""
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import tempfile

shim, cuda_include = (os.path.abspath(a) for a in sys.argv[1:3])
clang = shutil.which("clang++-15") or shutil.which("hipcc")
if not clang or not os.path.exists("/usr/include/hip/hip_runtime.h") or not os.path.isdir(cuda_include):
    print("needs a HIP clang and the CUDA toolkit's include folder: skipped")
    sys.exit(77)

# What public CUDA code includes (cuda-samples, llm.c, extension-cpp), whether or not the shim has it.
headers = ["cuda.h", "cuda_runtime.h", "cuda_runtime_api.h", "driver_types.h", "vector_types.h", "cuda_fp16.h",
           "cuda_bf16.h", "cooperative_groups.h", "cooperative_groups/reduce.h", "cublas_v2.h", "cublasLt.h",
           "cusparse.h", "curand_kernel.h", "math_constants.h", "device_launch_parameters.h", "cuda_profiler_api.h",
           "cuComplex.h", "nvtx3/nvToolsExt.h", "cuda/std/type_traits", "cuda/std/limits", "cuda/std/atomic",
           "cuda/std/optional", "cuda/std/variant", "cuda/cmath", "cuda/barrier", "cuda/pipeline"]
for root, _, files in os.walk(shim):
    rel = os.path.relpath(root, shim)
    if rel.split(os.sep)[0] in ("ATen", "c10"):  # torch's: checked by check_torch_mapping.py
        continue
    headers += [os.path.normpath(os.path.join(rel, f)) for f in files  # cuda/std/ names have no suffix
                if (f.endswith((".h", ".cuh")) or "." not in f) and not f.startswith("dualgpu_")]  # not README.md
headers = sorted(set(headers))


def preprocess(header: str, tmp: str):
    src = os.path.join(tmp, re.sub(r"\W", "_", header) + ".cu")
    with open(src, "w") as f:
        f.write(f"#include <{header}>\n")
    cmd = [clang, "-x", "hip", "-E", "-std=c++17", "--offload-host-only", "-nogpulib", "--rocm-path=/usr",
           f"-I{shim}", f"-I{cuda_include}", src]
    return header, subprocess.run(cmd, capture_output=True, text=True, timeout=120)


failures = []
with tempfile.TemporaryDirectory() as tmp, concurrent.futures.ThreadPoolExecutor(2) as pool:
    for header, proc in pool.map(lambda h: preprocess(h, tmp), headers):
        if proc.returncode == 0:
            nvidia = [p for p in re.findall(r'^# \d+ "([^"]+)"', proc.stdout, re.M) if p.startswith(cuda_include)]
            if nvidia:
                failures.append(f"<{header}> pulled in the CUDA toolkit's {nvidia[0]}")
        elif not re.search(r"error: \"dualgpu: .*<" + re.escape(header) + r">.*docs/porting\.md", proc.stderr):
            failures.append(f"<{header}> failed without DualGPU's message:\n{proc.stderr[-1500:]}")
for f in failures:
    print("FAILED:", f)
print(f"{len(headers)} headers, {len(failures)} failures")
sys.exit(1 if failures else 0)
