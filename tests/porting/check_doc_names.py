"""Every CUDA name the HIP shim maps appears in docs/porting.md.

Usage: check_doc_names.py <include/dualgpu/on_hip> <docs/porting.md>. Names are the macros the shim
headers define (except DualGPU's own DUALGPU_*), the CUDA functions it declares in the global
namespace (__ldcs, curand_uniform, ...) or list in DUALGPU_CUDA_SIMD_TABLE, and the library names it maps as C++ declarations: type
aliases (using cublasHandle_t = ...), function references and constants (static constexpr ...
cublasSgemm = ..., CUBLAS_OP_N = ...), inline functions, enumerators and namespace aliases.
"""
import os
import re
import sys

shim, doc = sys.argv[1], sys.argv[2]
names = set()
for root, _, files in os.walk(shim):
    for name in files:
        with open(os.path.join(root, name)) as f:
            text = f.read()
        names.update(m for m in re.findall(r"^#define (\w+)", text, re.M) if not m.startswith("DUALGPU_"))
        names.update(re.findall(r"^__device__ __forceinline__ [\w:<>]+ (__\w+|curand\w*)\(", text, re.M))
        names.update(re.findall(r"^using (\w+) =", text, re.M))
        names.update(re.findall(r"^static constexpr [\w:]+&? (\w+) =", text, re.M))
        names.update(re.findall(r"^inline [\w:]+ (cu\w+)\(", text, re.M))
        names.update(re.findall(r"^enum (cu\w+)", text, re.M))
        names.update(re.findall(r"^  (CU[A-Z0-9_]+) = -?\d+,", text, re.M))
        names.update(re.findall(r"^namespace (\w+) = ", text, re.M))
        for pair in re.findall(r"\b(?:UNARY|BINARY|COMPARE|SAD)\((__v\w+), (?:(__v\w+), )?", text):  # the SIMD table
            names.update(n for n in pair if n)
with open(doc) as f:
    text = f.read()
missing = sorted(n for n in names if not re.search(rf"(?<![\w]){re.escape(n)}(?![\w])", text))
for n in missing:
    print(f"FAILED: {n} is mapped by the shim but not in {doc}")
print(f"{len(names)} names, {len(missing)} missing")
sys.exit(1 if missing else 0)
