#!/usr/bin/env python3
"""Writes (or with --check, compares) tests/conformance/conformance.tsv: will code built for a list of
architectures run on a GPU, and how wide is its wave - one row per case, for every GPU of DualGPU's
architecture table (cmake/dualgpu/00-data.cmake).

The verdicts are written here from the vendors' rules, not from DualGPU's code, so the table is the
independent reference that both implementations are tested against: the doctor's
dualgpu_gpu_verdict (tests/conformance/check_cmake.cmake) and ci/selfcheck.sh's gfx_code_runs and
cuda_code_runs (tests/conformance/check_selfcheck.sh).
  NVIDIA (CUDA C++ Programming Guide, "Binary Compatibility" and "PTX Compatibility"; the
  'a'/'f' suffixes: "Feature Availability"): SASS sm_XY runs on X.Y and later minors of major X;
  sm_XYa only on X.Y; sm_XYf on X.Y and later minors of its family; PTX compute_XY is compiled by
  the driver for X.Y and any later GPU, compute_XYa/f only for X.Y. The newest SASS that runs is
  the one loaded (the first listed among equals); PTX is used only without SASS (the last listed).
  AMD (LLVM AMDGPUUsage, processors and generic processors): a code object runs on its own
  processor (target features such as ':xnack-' do not change that), or on the members of the
  generic processor it was built for. Wave size: AMDGPUUsage's wavefront size (GCN/CDNA 64, RDNA 32).
Columns: vendor, gpu, code (space-separated), verdict (native|generic|ptx|none), via ('-' for none), wave.
usage: make_table.py [--check]
"""
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
TABLE = os.path.join(HERE, "conformance.tsv")
# torch wheels' lists, as real-world inputs (torch 2.x CUDA 12 wheels; ROCm 6.x wheels)
TORCH_CUDA = "sm_50 sm_60 sm_70 sm_75 sm_80 sm_86 sm_90 compute_90"
TORCH_ROCM = "gfx900 gfx906 gfx908 gfx90a gfx942 gfx1030 gfx1100 gfx1101 gfx1102 gfx1200 gfx1201"


def table_rows(name):
    with open(os.path.join(REPO, "cmake", "dualgpu", "00-data.cmake")) as f:
        text = f.read()
    block = re.search(r"set\(" + name + r"\n(.*?)\)\n", text, re.S).group(1)
    return re.findall(r'"([^"]*)"', block)


def cuda_verdict(dev, code):
    best, via, ptx = -1, "", ""
    for c in code.split():
        m = re.fullmatch(r"(sm|compute)_([0-9]+)([af]?)", c)
        if not m:
            continue
        kind, cc, sfx = m.group(1), int(m.group(2)), m.group(3)
        if kind == "sm":
            runs = cc == dev if sfx == "a" else (cc // 10 == dev // 10 and cc <= dev)
            if runs and cc > best:
                best, via = cc, c
        elif (cc <= dev) if sfx == "" else (cc == dev):
            ptx = c
    if via:
        return "native", via
    return ("ptx", ptx) if ptx else ("none", "")


def amd_verdict(dev, generic, code):
    verdict, via = "none", ""
    for c in code.split():
        base = c.split(":")[0]
        if base == dev:
            return "native", c
        if generic and base == generic:
            verdict, via = "generic", c
    return verdict, via


def rows():
    out = []
    cuda = [(int(r.split("|")[0]), r.split("|")[1]) for r in table_rows("_DUALGPU_CUDA_TABLE")]
    ccs = [c for c, _ in cuda]
    for cc, variants in cuda:
        lists = [f"sm_{cc}", f"compute_{cc}", TORCH_CUDA]
        lower_same = [c for c in ccs if c // 10 == cc // 10 and c < cc]
        lower_other = [c for c in ccs if c // 10 < cc // 10]
        higher = [c for c in ccs if c > cc]
        if lower_same:
            lists.append(f"sm_{lower_same[0]}")
        if lower_other:
            lists += [f"sm_{lower_other[-1]}", f"compute_{lower_other[-1]}", f"sm_{lower_other[-1]} compute_{lower_other[-1]}"]
        if higher:
            lists += [f"sm_{higher[0]}", f"compute_{higher[0]}"]
        if "a" in variants:
            lists += [f"sm_{cc}a", f"compute_{cc}a", f"sm_{cc}a sm_{cc}"]
        if "f" in variants:
            lists.append(f"sm_{cc}f")
        for c2, v2 in cuda:
            if c2 < cc and c2 // 10 == cc // 10 and "a" in v2:
                lists.append(f"sm_{c2}a")  # another GPU's specific code: not this one
            if c2 < cc and c2 // 10 == cc // 10 and "f" in v2:
                lists.append(f"sm_{c2}f")  # the family's code: runs on later minors
        for code in dict.fromkeys(lists):
            verdict, via = cuda_verdict(cc, code)
            out.append(("nvidia", str(cc), code, verdict, via, "32"))
    amd = [r.split("|") for r in table_rows("_DUALGPU_AMD_TARGETS")]
    for f in amd:
        name, wave, kind, generic = f[0], f[2], f[3], f[6]
        if kind == "generic":
            continue
        other = "gfx1100" if name != "gfx1100" else "gfx90a"
        lists = [name, f"{name}:xnack-", other, TORCH_ROCM]
        if generic:
            lists += [generic, f"{generic} {name}", f"{other} {generic}"]
        for code in dict.fromkeys(lists):
            verdict, via = amd_verdict(name, generic, code)
            out.append(("amd", name, code, verdict, via, wave))
    return out


def render():
    lines = ["# vendor\tgpu\tcode\tverdict\tvia\twave   (written by tests/conformance/make_table.py: do not edit)"]
    lines += ["\t".join(c or "-" for c in r) for r in rows()]
    return "\n".join(lines) + "\n"


def main():
    text = render()
    if sys.argv[1:] == ["--check"]:
        with open(TABLE) as f:
            if f.read() != text:
                print(f"{TABLE} is out of date with the architecture table: run {sys.argv[0]}")
                return 1
        print(f"{TABLE}: current ({text.count(chr(10)) - 1} rows)")
        return 0
    with open(TABLE, "w") as f:
        f.write(text)
    print(f"wrote {TABLE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
