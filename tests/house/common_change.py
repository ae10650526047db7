#!/usr/bin/env python3
"""The README's "Map of the tree": each common change touches the files its row names and no others, and works.

usage: common_change.py <row> --repo REPO --work DIR [--cmake CMAKE]   one row (CTest: house.common_change.<row>)
       common_change.py --list                                       the rows: <row> <labels,...> <timeout>
       common_change.py --rows REPO                                  every row of the README's table has a scenario
                                                                      here, and every scenario a row

For one row, in a copy of the checkout (the files git tracks, `git ls-files`, as the working tree has them)
made in DIR/<row>:
  1. The change is made as a person makes it: a scripted edit of the files the row names (a new table row, a
     new header line, new files), then the commands the row names (its code spans that start with `python3 `
     or `cmake `), run in the copy's root.
  2. The files that differ from the copy as it was (content hashes; added and removed files too) must be exactly
     the ones the row names: every named file changed, every named folder (`include/dualgpu/on_hip/`) holds a
     changed file, and nothing else changed. Placeholders (`<op>`, `<date>`, ...) are the scenario's values;
     the paths of the op row are relative to the project (example-extension/ here).
  3. The change must work, through the entry point users have (the doctor, a configure, hipcc, the smoke
     program's build, the page generator's --check, ...); where it can, the same check runs on the copy before
     the change and must come out the other way, so that it is known to see the change.
Exit status: 0 passed, 1 failed, 77 skipped (no git checkout to copy, or step 2 passed but a tool step 3 needs
is missing here: no hipcc, no torch). The copy
is deleted afterwards; DUALGPU_HOUSE_KEEP=1 keeps it.
"""
import argparse
import datetime
import hashlib
import json
import os
import posixpath
import re
import shlex
import shutil
import subprocess
import sys

TABLE_HEADER = re.compile(r"^\|\s*a common change\s*\|\s*the files it touches\s*\|\s*$")
STAMP = ".house-work"  # marks DIR/<row> as this script's own folder: it deletes no other


class Failure(Exception):
    pass


class Skip(Exception):
    pass


# ---- the README's table --------------------------------------------------------------------------------------

def split_cells(line):
    """`| a | b `c|d` |` -> ["a", "b `c|d`"]: a '|' inside a code span does not split."""
    cells, cell, in_code = [], "", False
    for ch in line.strip():
        if ch == "`":
            in_code = not in_code
        if ch == "|" and not in_code:
            cells.append(cell.strip())
            cell = ""
        else:
            cell += ch
    cells.append(cell.strip())
    return cells[1:-1]


def readme_rows(readme):
    """{change: files cell} of the README's table "a common change | the files it touches"."""
    with open(readme, encoding="utf-8") as f:
        lines = f.read().splitlines()
    start = next((i for i, line in enumerate(lines) if TABLE_HEADER.match(line)), None)
    if start is None:
        raise Failure(f"{readme}: no table '| a common change | the files it touches |'")
    rows = {}
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        cells = split_cells(line)
        if len(cells) != 2:
            raise Failure(f"{readme}: a row of the map's table has {len(cells)} cells: {line}")
        rows[cells[0]] = cells[1]
    return rows


def named_by_row(cell, values, base):
    """(commands, paths) the row's files cell names. Commands: code spans starting with `python3 ` or `cmake `.
    Paths: the other code spans holding a '/' and no space; placeholders <x> filled from values; a trailing
    '/' is a folder."""
    commands, paths = [], []
    for span in re.findall(r"`([^`]+)`", cell):
        if span.startswith(("python3 ", "cmake ")):
            commands.append(span)
            continue
        if " " in span or "/" not in span:
            continue

        def fill(m):
            if m.group(1) not in values:
                raise Failure(f"the README's row names `{span}`, but this scenario gives <{m.group(1)}> no value: "
                              "update tests/house/common_change.py with the README")
            return values[m.group(1)]
        path = posixpath.normpath(posixpath.join(base, re.sub(r"<(\w+)>", fill, span)))
        paths.append(path + "/" if span.endswith("/") else path)
    return commands, paths


def compare(changed, paths):
    """Problems, if the changed files are not exactly the named ones."""
    files = {p for p in paths if not p.endswith("/")}
    folders = {p for p in paths if p.endswith("/")}
    problems = [f"{f}: the README's row names it, but the change left it as it was" for f in sorted(files - changed)]
    problems += [f"{d}: the README's row names this folder, but no file in it changed"
                 for d in sorted(folders) if not any(c.startswith(d) for c in changed)]
    problems += [f"{c}: changed, but the README's row does not name it"
                 for c in sorted(changed) if c not in files and not any(c.startswith(d) for d in folders)]
    return problems


# ---- the copy ------------------------------------------------------------------------------------------------

def checkout_files(repo):
    try:
        out = subprocess.run(["git", "-C", repo, "ls-files", "-z"],
                             capture_output=True, check=True, timeout=120).stdout
    except (OSError, subprocess.SubprocessError) as e:
        raise Skip(f"{repo} is not a git checkout ({e}): the copy is made of the files git tracks")
    return [name for name in out.decode().split("\0") if name]


def copy_tree(repo, tree):
    for rel in checkout_files(repo):
        src, dst = os.path.join(repo, rel), os.path.join(tree, rel)
        if not os.path.lexists(src) or (os.path.isdir(src) and not os.path.islink(src)):
            continue  # deleted in the working tree, or a submodule
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        if os.path.islink(src):
            os.symlink(os.readlink(src), dst)
        else:
            shutil.copy2(src, dst)


def snapshot(tree):
    """{relative path: content hash (a link: its target)} of every file under tree."""
    found = {}
    for root, dirs, files in os.walk(tree):
        for name in files + [d for d in dirs if os.path.islink(os.path.join(root, d))]:
            path = os.path.join(root, name)
            rel = os.path.relpath(path, tree).replace(os.sep, "/")
            if os.path.islink(path):
                found[rel] = "link:" + os.readlink(path)
            else:
                with open(path, "rb") as f:
                    found[rel] = hashlib.sha256(f.read()).hexdigest()
    return found


def changed_files(before, after):
    return {p for p in set(before) | set(after) if before.get(p) != after.get(p)}


# ---- running tools -------------------------------------------------------------------------------------------

def run(cmd, cwd, env=None, timeout=600):
    """(exit status, stdout + stderr) of cmd; no bytecode written into the copy."""
    full_env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1", **(env or {}))
    print("$ " + " ".join(shlex.quote(str(c)) for c in cmd) + (f"   (in {cwd})" if cwd else ""), flush=True)
    try:
        p = subprocess.run([str(c) for c in cmd], cwd=cwd, env=full_env, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, text=True, errors="replace", timeout=timeout)
    except subprocess.TimeoutExpired as e:
        raise Failure(f"{cmd[0]} ran longer than {timeout} s:\n{e.output or ''}")
    return p.returncode, p.stdout


def must(cmd, cwd, what, env=None, timeout=600):
    rc, out = run(cmd, cwd, env, timeout)
    if rc != 0:
        raise Failure(f"{what}: exit status {rc}\n{tail(out)}")
    return out


def tail(text, lines=40):
    return "\n".join(text.rstrip().splitlines()[-lines:])


def edit(path, old, new, count=1):
    """Replaces `old` (which must occur `count` times) in the file."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    if text.count(old) != count:
        raise Failure(f"the scripted change expects {old!r} {count} time(s) in {path}, found {text.count(old)}: "
                      "update the scenario in tests/house/common_change.py")
    with open(path, "w", encoding="utf-8") as f:
        f.write(text.replace(old, new))


def insert_after_line(path, starts_with, new_lines):
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    at = [i for i, line in enumerate(lines) if line.startswith(starts_with)]
    if len(at) != 1:
        raise Failure(f"the scripted change expects one line starting {starts_with!r} in {path}, found {len(at)}: "
                      "update the scenario in tests/house/common_change.py")
    lines[at[0] + 1:at[0] + 1] = new_lines
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def expect(condition, message):
    if not condition:
        raise Failure(message)


def python_with_torch(ctx):
    """An interpreter that imports torch: DUALGPU_PYTHON, this one, Debian's; None when there is none."""
    for python in (os.environ.get("DUALGPU_PYTHON"), sys.executable, "/usr/bin/python3"):
        if python and shutil.which(python) and run([python, "-c", "import torch"], None, timeout=120)[0] == 0:
            return python
    return None


def doctor(ctx, tree, env, name):
    """The doctor of `tree` (cmake -P cmake/DualGPUDoctor.cmake, torch off) with `env`: (status, its JSON)."""
    out_dir = os.path.join(ctx.work, "doctor-" + name)
    must([ctx.cmake, f"-DDUALGPU_DOCTOR_OUT={out_dir}", "-DDUALGPU_DOCTOR_TORCH=OFF", "-P",
          os.path.join(tree, "cmake", "DualGPUDoctor.cmake")], ctx.work, "the doctor", env)
    with open(os.path.join(out_dir, "doctor.json"), encoding="utf-8") as f:
        report = json.load(f)
    return read(os.path.join(out_dir, "status")).strip(), report


# ---- the scenarios: one per row of the README's table --------------------------------------------------------

class Scenario:
    slug = ""             # house.common_change.<slug>
    row = ""              # the README's first cell
    labels = "unit;house"
    timeout = 300
    base = ""             # the folder the row's paths are relative to

    def values(self, ctx):
        return {}

    def before(self, ctx):
        """Checks on the copy before the change (each must see the change missing)."""

    def change(self, ctx):
        raise NotImplementedError

    def works(self, ctx):
        raise NotImplementedError


SCENARIOS = []


def scenario(cls):
    SCENARIOS.append(cls())
    return cls


@scenario
class Architecture(Scenario):
    """An AMD integrated GPU clang 15 knows but the table lacks: it touches every copy of the table (the
    selfcheck's list of integrated GPUs too). The doctor warns that it is not in the table before, and
    accepts it after; the conformance table has its rows, and both will-it-run rules agree with them."""
    slug = "architecture"
    row = "add a GPU architecture"
    timeout = 300
    # Real chips (GCN3 APUs: LLVM's gfx801 and gfx810, ROCm 5.2's device libraries have both), absent from
    # DualGPU's table so far; the first one still absent is added.
    CANDIDATES = ("gfx810|GCN3|64|igpu|1.0|4||Stoney Ridge APU", "gfx801|GCN3|64|igpu|1.0|4||Carrizo APU")

    def prepare(self, ctx):
        table = read(os.path.join(ctx.tree, "cmake", "dualgpu", "00-data.cmake"))
        for row in self.CANDIDATES:
            if f'"{row.split("|")[0]}|' not in table:
                self.new_row, self.gfx = row, row.split("|")[0]
                return
        raise Failure("every candidate architecture is in the table now: give the scenario another one")

    def doctor_env(self):
        return {"DUALGPU_PLATFORM": "rocm", "DUALGPU_ARCHITECTURES": self.gfx}

    def before(self, ctx):
        self.prepare(ctx)
        _, report = doctor(ctx, ctx.tree, self.doctor_env(), "before")
        expect(any(f"'{self.gfx}' is not in DualGPU's architecture table" in w for w in report["warnings"]),
               f"before the change the doctor should warn that {self.gfx} is not in the table: {report['warnings']}")

    def change(self, ctx):
        insert_after_line(os.path.join(ctx.tree, "cmake", "dualgpu", "00-data.cmake"), '  "gfx803|',
                          [f'  "{self.new_row}"'])

    def works(self, ctx):
        status, report = doctor(ctx, ctx.tree, self.doctor_env(), "after")
        expect(status == "ok" and not report["errors"], f"the doctor refuses {self.gfx}: {report['errors']}")
        expect(not report["warnings"], f"the doctor still warns about {self.gfx}: {report['warnings']}")
        expect(report["architectures"] == [self.gfx], f"the doctor chose {report['architectures']}, not {self.gfx}")
        rows = [r for r in read(os.path.join(ctx.tree, "tests", "conformance", "conformance.tsv")).splitlines()
                if r.startswith(f"amd\t{self.gfx}\t")]
        expect(rows and all(r.endswith("\t64") for r in rows),
               f"conformance.tsv should have {self.gfx}'s rows, wave 64: {rows}")
        print(f"conformance.tsv: {len(rows)} rows for {self.gfx}")
        expect(re.search(rf"^INTEGRATED_GFX='[^']*\b{self.gfx}\b", read(os.path.join(ctx.tree, "ci", "selfcheck.sh")), re.M),
               f"ci/selfcheck.sh's INTEGRATED_GFX does not list {self.gfx}")
        # The tests that hold the copies to the table, run in the copy: nothing else needs to change.
        must([sys.executable, "tests/conformance/make_table.py", "--check"], ctx.tree, "conformance.table_current")
        must([ctx.cmake, "-P", "tests/conformance/check_cmake.cmake"], ctx.tree, "conformance.doctor")
        must(["sh", "tests/conformance/check_selfcheck.sh"], ctx.tree, "conformance.selfcheck")
        must([ctx.cmake, "-P", os.path.join(ctx.tree, "tests", "unit", "test_architecture_lists.cmake")], ctx.work,
             "unit.architecture_lists (copies current, the first-LLVM column against clang 15)")


@scenario
class CudaName(Scenario):
    """A CUDA runtime name whose twin a newer HIP declares: one #define in the list of twins, one line of the
    porting guide (tests/porting/check_runtime_names.py asks for it by name on that ROCm). Every such name
    of ROCm 5.2 is mapped already, so the copy first loses one of them, as if HIP had just gained it. A tiny
    HIP program that uses it fails to compile before and compiles after, with Debian's ROCm 5.2 (hipcc)."""
    slug = "cuda_name"
    row = "add a CUDA name mapping for HIP"
    timeout = 180
    # Real CUDA runtime functions whose hip* twins ROCm 5.2 declares; the first one the list holds is used.
    CANDIDATES = ("cudaGraphNodeFindInClone", "cudaGraphRemoveDependencies", "cudaGraphChildGraphNodeGetGraph")
    HEADER = os.path.join("include", "dualgpu", "on_hip", "dualgpu_cuda_runtime_twins.h")

    def prepare(self, ctx):
        twins = read(os.path.join(ctx.tree, self.HEADER))
        for name in self.CANDIDATES:
            line = re.search(rf"^#define {name}\s+(hip\w+)\n", twins, re.M)
            if line:
                self.name, self.hip = name, line.group(1)
                return
        raise Failure(f"none of {self.CANDIDATES} is in {self.HEADER}: give the scenario another one")

    def forget(self, ctx):
        """The copy as before HIP had the twin: the name's #define and its mention in the guide gone."""
        header = os.path.join(ctx.tree, self.HEADER)
        write(header, re.sub(rf"^#define {self.name}\s.*\n", "", read(header), flags=re.M))
        guide = os.path.join(ctx.tree, "docs", "porting.md")
        write(guide, re.sub(rf"`{self.name}`[^,.]*, ", "", read(guide)))

    def compile(self, ctx, tree):
        """(exit status, output) of hipcc on a program that takes the name's address, or None without hipcc."""
        hipcc = shutil.which("hipcc") or ("/opt/rocm/bin/hipcc" if os.path.exists("/opt/rocm/bin/hipcc") else None)
        if not hipcc:
            return None
        source = os.path.join(ctx.work, "uses_name.cu")
        write(source, "#include <cuda_runtime.h>\n\n"
                      f"int main() {{ auto f = &{self.name}; return f == nullptr; }}\n")
        return run([hipcc, "-std=c++17", "-fsyntax-only", "--offload-arch=gfx90a",
                    "-I" + os.path.join(tree, "include", "dualgpu", "on_hip"), "-I" + os.path.join(tree, "include"),
                    source], ctx.work, timeout=300)

    def before(self, ctx):
        self.prepare(ctx)
        self.forget(ctx)
        result = self.compile(ctx, ctx.tree)
        if result is not None:
            expect(result[0] != 0, f"before the change a program using {self.name} compiled already:\n{tail(result[1])}")

    def change(self, ctx):
        insert_after_line(os.path.join(ctx.tree, self.HEADER), "// Functions", [f"#define {self.name:<54} {self.hip}"])
        insert_after_line(os.path.join(ctx.tree, "docs", "porting.md"), "| `cudaGraphNodeGetDependencies` |",
                          [f"| `{self.name}` | `{self.hip}` |  |"])

    def works(self, ctx):
        must([sys.executable, "tests/porting/check_doc_names.py", "include/dualgpu/on_hip", "docs/porting.md"],
             ctx.tree, "porting.doc_lists_every_name")
        result = self.compile(ctx, ctx.tree)
        if result is None:
            raise Skip("no hipcc here: the new name was not compiled")
        expect(result[0] == 0, f"a program using {self.name} does not compile:\n{tail(result[1])}")


@scenario
class SmokeCheck(Scenario):
    """One more elementwise check (float32): the smoke program built from the copy lists it, runs it against
    its float64 reference, and agrees with docs/smoke.md's counts (the test smoke.*.doc_counts, run there)."""
    slug = "smoke_check"
    row = "add a smoke check"
    labels = "torch;house"
    timeout = 1200  # the smoke program's build: 3 minutes on 2 cores cold, ~30 s from ccache
    NAME = "house_sub"

    def values(self, ctx):
        return {"group": "math"}

    def change(self, ctx):
        source = os.path.join(ctx.tree, "smoke", "src", "checks_math.cpp")
        if f'"{self.NAME}"' in read(source):
            raise Failure(f"smoke already has a check named {self.NAME}: give the scenario another name")
        insert_after_line(source, '  c.push_back(check(cat, "log", ',
                          [f'  c.push_back(check(cat, "{self.NAME}", kFloat32, two, '
                           '[](const Tensors& t) { return at::sub(t[0], t[1]); }));'])
        doc = os.path.join(ctx.tree, "docs", "smoke.md")
        text = read(doc)
        text, n1 = re.subn(r"(\d+) operators; (\d+) checks on a GPU ([^,]*), (\d+) on the CPU",
                           lambda m: f"{int(m[1]) + 1} operators; {int(m[2]) + 1} checks on a GPU {m[3]}, "
                                     f"{int(m[4]) + 1} on the CPU", text)
        # the table lists a category's operators in the program's order: the new one follows log
        text, n2 = re.subn(r"^\| elementwise \((\d+)\) \| ([^|]+?), log, ",
                           lambda m: f"| elementwise ({int(m[1]) + 1}) | {m[2]}, log, {self.NAME}, ", text, flags=re.M)
        text, n3 = re.subn(r"default profile, (\d+) checks", lambda m: f"default profile, {int(m[1]) + 1} checks", text)
        expect(n1 == 1 and n2 == 1 and n3 >= 1, f"docs/smoke.md: the counts were not where the scenario looks "
               f"({n1}, {n2}, {n3}): update the scenario in tests/house/common_change.py")
        write(doc, text)

    def works(self, ctx):
        python = python_with_torch(ctx)
        args, env = [], {"DUALGPU_SMOKE_JOBS": os.environ.get("DUALGPU_SMOKE_JOBS", "2")}
        if python:
            env["DUALGPU_PYTHON"] = python
        elif os.path.exists("/usr/lib/x86_64-linux-gnu/cmake/Torch/TorchConfig.cmake"):
            args = ["--torch-dir", "/usr/lib/x86_64-linux-gnu/cmake/Torch"]
        else:
            raise Skip("no libtorch here (no Python that imports torch, no Debian libtorch): the smoke program was not built")
        build = os.path.join(ctx.work, "smoke-build")
        must([os.path.join(ctx.tree, "bin", "dualgpu"), "smoke", "--build-dir", build, "--build-only"] + args,
             ctx.work, "the smoke program's build (bin/dualgpu smoke --build-only)", env, timeout=1100)
        program = os.path.join(build, "dualgpu-smoke")
        listed = must([program, "--list", "--device", "cpu", "--no-color"], ctx.work, "dualgpu-smoke --list")
        expect(f"elementwise/{self.NAME}/float32" in listed.split(), f"dualgpu-smoke --list lacks elementwise/{self.NAME}")
        out = must([program, "--device", "cpu", "--no-color", "--no-progress", "--only", f"^elementwise/{self.NAME}/"],
                   ctx.work, f"the new check, run on the CPU", {"OMP_NUM_THREADS": "1", "NO_COLOR": "1"})
        expect(re.search(r"Summary: 1/1 passed", out), f"the new check did not run and pass:\n{tail(out)}")
        must([sys.executable, os.path.join(ctx.tree, "tests", "smoke", "check_doc_counts.py"), program, ctx.tree],
             ctx.work, "smoke.doc_counts (docs/smoke.md against --list; README.md states no counts)")


OP_CPP = """\
// @OP@.cpp: out = alpha * x + y, computed in float32 (the tests/house scenario "add an op"): the schema, the
// input checks, the CPU kernel and the registrations; on GPU platforms the wrapper that calls the torch-free
// launcher of cuda/@OP@.cu, declared below.
#define TORCH_ASSERT_ONLY_METHOD_OPERATORS
#include "common.h"

#include <torch/library.h>

#if !defined(DUALGPU_PLATFORM_CPU)
#include "dualgpu/check.hpp"
#include "dualgpu/torch.hpp"
#endif

namespace dualgpu_example {
namespace {

void check_@OP@_inputs(const at::Tensor& x, const at::Tensor& y) {
  check_float_tensor(x, "x");
  check_float_tensor(y, "y");
  TORCH_CHECK(y.scalar_type() == x.scalar_type() && y.sizes() == x.sizes() && y.device() == x.device(),
              "y must have x's dtype, shape and device");
}

at::Tensor @OP@_cpu(const at::Tensor& x, const at::Tensor& y, double alpha) {
  check_@OP@_inputs(x, y);
  return x.to(at::kFloat).mul(alpha).add(y.to(at::kFloat)).to(x.scalar_type());
}

}  // namespace

#if !defined(DUALGPU_PLATFORM_CPU)
// cuda/@OP@.cu: out[i] = alpha * x[i] + y[i] for n values; asynchronous on `stream`, returns the launch error.
dualgpu::error_t launch_@OP@(void* out, const void* x, const void* y, float alpha, std::int64_t n, scalar_kind kind,
                             dualgpu::stream_t stream);

namespace {

at::Tensor @OP@_gpu(const at::Tensor& x, const at::Tensor& y, double alpha) {
  check_@OP@_inputs(x, y);
  const dualgpu::device_guard guard(x);
  at::Tensor out = x.new_empty(x.sizes());
  DUALGPU_CHECK(launch_@OP@(out.data_ptr(), x.data_ptr(), y.data_ptr(), static_cast<float>(alpha), x.numel(),
                            kind_of(x), dualgpu::current_stream(x)));
  return out;
}

}  // namespace
#endif  // !DUALGPU_PLATFORM_CPU

}  // namespace dualgpu_example

TORCH_LIBRARY_FRAGMENT(dualgpu_example, m) { m.def("@OP@(Tensor x, Tensor y, float alpha) -> Tensor"); }

TORCH_LIBRARY_IMPL(dualgpu_example, CPU, m) { m.impl("@OP@", &dualgpu_example::@OP@_cpu); }

#if !defined(DUALGPU_PLATFORM_CPU)
TORCH_LIBRARY_IMPL(dualgpu_example, CUDA, m) { m.impl("@OP@", &dualgpu_example::@OP@_gpu); }
#endif
"""

OP_CU = """\
// @OP@.cu: out = alpha * x + y (CUDA spelling; HIP on ROCm). No torch here: the launcher takes raw pointers
// and is declared in ../@OP@.cpp.
#include "launch_common.cuh"

namespace dualgpu_example {
namespace {

using namespace detail;

template <typename T>
__global__ void __launch_bounds__(256) @OP@_kernel(T* out, const T* x, const T* y, float alpha, std::int64_t n) {
  dualgpu::wait_for_previous_grid();
  for (std::int64_t i = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n;
       i += static_cast<std::int64_t>(gridDim.x) * blockDim.x)
    out[i] = from_float<T>(alpha * to_float(x[i]) + to_float(y[i]));
}

}  // namespace

dualgpu::error_t launch_@OP@(void* out, const void* x, const void* y, float alpha, std::int64_t n, scalar_kind kind,
                             dualgpu::stream_t stream) {
  if (n == 0) return dualgpu::error_success;  // a grid of 0 blocks is a launch error
  return with_type(kind, [&](auto tag) {
    using T = decltype(tag);
    const dim3 grid(static_cast<unsigned>(std::min<std::int64_t>(ceil_div(n, 256), 65535)));
    return dualgpu::launch_dependent<@OP@_kernel<T>>(grid, dim3(256), 0, stream, static_cast<T*>(out),
                                                     static_cast<const T*>(x), static_cast<const T*>(y), alpha, n);
  });
}

}  // namespace dualgpu_example
"""

OP_PY = '''\
"""@OP@: alpha * x + y (csrc/@OP@.cpp, csrc/cuda/@OP@.cu)."""
import torch

from dualgpu.extension import register_fake

__all__ = ["@OP@"]


def @OP@(x, y, alpha=1.0):
    """alpha * x + y, computed in float32, in x's dtype."""
    return torch.ops.dualgpu_example.@OP@(x, y, alpha)


@register_fake("dualgpu_example::@OP@")
def _fake(x, y, alpha):
    return torch.empty_like(x)
'''

OP_TEST = '''\
"""@OP@ against a float64 reference, on the CPU and (when this build has GPU kernels) the GPU."""
import pytest
import torch

import dualgpu_example as ext

DEVICES = ["cpu", pytest.param("cuda", marks=[pytest.mark.gpu, pytest.mark.skipif(
    not ext.has_gpu_kernels(), reason="no GPU visible, or this build has no GPU kernels (a cpu-platform build)")])]
TOLERANCE = {torch.float32: 1e-6, torch.float16: 1e-3, torch.bfloat16: 8e-3}


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("dtype", list(TOLERANCE))
@pytest.mark.parametrize("n", [0, 1, 1000, 70001])
def test_@OP@(device, dtype, n):
    x, y = (torch.randn(n, dtype=dtype, device=device) for _ in range(2))
    out = ext.@OP@(x, y, 1.5)
    assert out.dtype == dtype and out.shape == x.shape
    want = 1.5 * x.double() + y.double()
    torch.testing.assert_close(out.double(), want, rtol=TOLERANCE[dtype], atol=TOLERANCE[dtype])
'''

# Stands in for the built extension while pytest only collects: the test modules import it.
PYTEST_STUB = '''\
import sys
import types


class _Extension(types.ModuleType):
    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return lambda *args, **kwargs: False


sys.modules["dualgpu_example"] = _Extension("dualgpu_example")
'''


@scenario
class Op(Scenario):
    """An op in the example extension, as its README's layout says: a .cpp, a .cu, a Python module and a test.
    A cpu configure of the copy's example-extension (CMake's file API) has the .cpp among the compiled sources
    and the .cu among the target's (left out on cpu); pytest collects the new test's cases (with a stand-in
    for the built library: collecting only)."""
    slug = "op"
    row = "add an op to a generated project or the example"
    labels = "torch;house"
    timeout = 300
    base = "example-extension"
    OP = "house_axpy"

    def values(self, ctx):
        return {"op": self.OP, "package": "dualgpu_example"}

    def change(self, ctx):
        project = os.path.join(ctx.tree, self.base)
        expect(not os.path.exists(os.path.join(project, "csrc", self.OP + ".cpp")),
               f"the example has an op {self.OP} already: give the scenario another name")
        for rel, text in ((f"csrc/{self.OP}.cpp", OP_CPP), (f"csrc/cuda/{self.OP}.cu", OP_CU),
                          (f"python/dualgpu_example/ops/{self.OP}.py", OP_PY), (f"tests/test_{self.OP}.py", OP_TEST)):
            write(os.path.join(project, rel), text.replace("@OP@", self.OP))

    def works(self, ctx):
        project = os.path.join(ctx.tree, self.base)
        # pytest first (seconds): every case of the new test is collected.
        stub = os.path.join(ctx.work, "stub")
        write(os.path.join(stub, "house_stub.py"), PYTEST_STUB)
        rc, out = run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider",
                       "-p", "house_stub"], project, {"PYTHONPATH": stub}, timeout=300)
        cases = re.findall(rf"^tests/test_{self.OP}\.py::test_{self.OP}\[", out, re.M)
        expect(rc in (0, 2) and len(cases) == 24 and f"ERROR collecting tests/test_{self.OP}.py" not in out,
               f"pytest did not collect tests/test_{self.OP}.py's 24 cases (exit {rc}):\n{tail(out)}")
        print(f"pytest collects {len(cases)} cases of tests/test_{self.OP}.py")
        python = python_with_torch(ctx)
        if not python:
            raise Skip("no Python that imports torch: the example was not configured")
        build = os.path.join(ctx.work, "example-build")
        query = os.path.join(build, ".cmake", "api", "v1", "query", "codemodel-v2")
        write(query, "")
        must([ctx.cmake, "-S", project, "-B", build, "-G", "Ninja", f"-DDualGPU_DIR={ctx.tree}/cmake",
              "-DDUALGPU_PLATFORM=cpu", f"-DDUALGPU_PYTHON={python}"], ctx.work, "the example's cpu configure",
             timeout=600)
        reply = os.path.join(build, ".cmake", "api", "v1", "reply")
        index = json.loads(read(os.path.join(reply, sorted(f for f in os.listdir(reply) if f.startswith("index-"))[-1])))
        codemodel = json.loads(read(os.path.join(reply, index["reply"]["codemodel-v2"]["jsonFile"])))
        target_file = next(t["jsonFile"] for t in codemodel["configurations"][0]["targets"] if t["name"] == "dualgpu_example")
        sources = {s["path"]: "compileGroupIndex" in s for s in json.loads(read(os.path.join(reply, target_file)))["sources"]}
        cpp, cu = f"csrc/{self.OP}.cpp", f"csrc/cuda/{self.OP}.cu"
        expect(sources.get(cpp) is True, f"{cpp} is not compiled into dualgpu_example: {sorted(sources)}")
        expect(cu in sources, f"{cu} is not among dualgpu_example's sources: {sorted(sources)}")
        print(f"dualgpu_example compiles {cpp} and holds {cu} (left out on cpu)")


@scenario
class BenchmarkResult(Scenario):
    """A result of a new benchmark: the page made from the copy's results has its section and figures, and
    the page-current check (unit.benchmarks_page_current) passes there."""
    slug = "benchmark_result"
    row = "add a benchmark result"
    timeout = 120

    def values(self, ctx):
        return {"date": datetime.date.today().isoformat(), "machine": "cpu", "benchmark": "house-example"}

    def change(self, ctx):
        v = self.values(ctx)
        result = {"schema": 1, "benchmark": v["benchmark"], "title": "A made-up benchmark (tests/house)",
                  "date": v["date"], "machine": v["machine"], "machine_description": "the test's copy of the tree",
                  "command": None, "measures": "nothing: the figures are made up",
                  "rows": [{"case": "first", "time_ms": 12.5}, {"case": "second", "time_ms": 0.75}]}
        write(os.path.join(ctx.tree, "bench", "results", f"{v['date']}-{v['machine']}-{v['benchmark']}.json"),
              json.dumps(result, indent=1) + "\n")

    def before(self, ctx):
        must([sys.executable, "bench/render_benchmarks.py", "--check"], ctx.tree, "unit.benchmarks_page_current")

    def works(self, ctx):
        must([sys.executable, "bench/render_benchmarks.py", "--check"], ctx.tree, "unit.benchmarks_page_current")
        page = read(os.path.join(ctx.tree, "docs", "benchmarks.md"))
        expect("A made-up benchmark (tests/house)" in page and "12.5" in page,
               "docs/benchmarks.md has no section with the new result")


class Setting(Scenario):
    NAME = "DUALGPU_HOUSE_EXAMPLE"


@scenario
class CMakeSetting(Setting):
    """A new ON/OFF setting: find_package (a cpu configure of tests/projects/minimal) and the doctor refuse a
    bad value, naming the variable; before the change the doctor took it."""
    slug = "cmake_setting"
    row = "check a setting CMake reads"
    timeout = 180

    def env(self, value):
        return {"DUALGPU_PLATFORM": "cpu", self.NAME: value}

    def before(self, ctx):
        status, report = doctor(ctx, ctx.tree, self.env("perhaps"), "before")
        expect(status == "ok", f"before the change the doctor refused {self.NAME} already: {report['errors']}")

    def change(self, ctx):
        edit(os.path.join(ctx.tree, "cmake", "dualgpu", "00-data.cmake"), " DUALGPU_WARN_WAVE64:bool)",
             f" DUALGPU_WARN_WAVE64:bool\n  {self.NAME}:bool)")

    def works(self, ctx):
        message = f"{self.NAME}='perhaps': give ON or OFF (from the environment)"
        status, report = doctor(ctx, ctx.tree, self.env("perhaps"), "after")
        expect(status == "error" and message in report["errors"], f"the doctor took {self.NAME}=perhaps: {report['errors']}")
        configure = [ctx.cmake, "-S", os.path.join(ctx.tree, "tests", "projects", "minimal"), "-G", "Ninja",
                     f"-DDualGPU_DIR={ctx.tree}/cmake", "-DDUALGPU_PLATFORM=cpu"]
        rc, out = run(configure + ["-B", os.path.join(ctx.work, "minimal-bad"), f"-D{self.NAME}=perhaps"], ctx.work)
        flat = " ".join(out.split())
        expect(rc != 0 and f"{self.NAME}='perhaps': give ON or OFF (from the CMake variable)" in flat,
               f"the configure took {self.NAME}=perhaps (exit {rc}):\n{tail(out)}")
        must(configure + ["-B", os.path.join(ctx.work, "minimal-good"), f"-D{self.NAME}=ON"], ctx.work,
             f"a configure with {self.NAME}=ON")


@scenario
class CommandSetting(Setting):
    """A new 0/1 setting of `dualgpu doctor`: the command stops with exit 2 on a bad value, naming the
    variable, before it runs anything."""
    slug = "command_setting"
    row = "check a setting a `dualgpu` command reads"
    timeout = 120

    def values(self, ctx):
        return {"command": "doctor"}

    def change(self, ctx):
        edit(os.path.join(ctx.tree, "python", "dualgpu", "settings.py"), '    "CMAKE": (_program,',
             f'    "{self.NAME}": (_switch, "a setting of the tests/house scenario"),\n    "CMAKE": (_program,')
        edit(os.path.join(ctx.tree, "python", "dualgpu", "cli", "doctor.py"), 'SETTINGS = ("CMAKE", "DUALGPU_PYTHON")',
             f'SETTINGS = ("CMAKE", "DUALGPU_PYTHON", "{self.NAME}")')

    def works(self, ctx):
        rc, out = run([os.path.join(ctx.tree, "bin", "dualgpu"), "doctor"], ctx.work, {self.NAME: "perhaps"}, timeout=300)
        expect(rc == 2 and f"{self.NAME}='perhaps' (environment) is not accepted" in out,
               f"dualgpu doctor took {self.NAME}=perhaps (exit {rc}):\n{tail(out)}")


# ---- main ----------------------------------------------------------------------------------------------------

class Context:
    pass


def prepare_work(work):
    """An empty folder of this script's own at `work` (one it made before is emptied; any other is refused)."""
    if os.path.lexists(work):
        if os.path.islink(work) or not os.path.isfile(os.path.join(work, STAMP)):
            raise Failure(f"{work} exists and is not this test's folder (no {STAMP}): remove it yourself")
        shutil.rmtree(work)
    os.makedirs(work)
    write(os.path.join(work, STAMP), "tests/house/common_change.py made this folder and deletes it.\n")


def run_row(s, args):
    ctx = Context()
    ctx.repo, ctx.cmake = os.path.abspath(args.repo), args.cmake
    ctx.work = os.path.join(os.path.abspath(args.work), s.slug)
    ctx.tree = os.path.join(ctx.work, "tree")
    prepare_work(ctx.work)
    copy_tree(ctx.repo, ctx.tree)
    rows = readme_rows(os.path.join(ctx.tree, "README.md"))
    if s.row not in rows:
        raise Failure(f"README.md's map has no row '{s.row}' (its rows: {list(rows)})")
    commands, paths = named_by_row(rows[s.row], s.values(ctx), s.base)
    print(f"row: {s.row} | {rows[s.row]}\nnamed: {', '.join(paths)}" + (f"\ncommands: {'; '.join(commands)}" if commands else ""))
    s.before(ctx)
    before = snapshot(ctx.tree)
    s.change(ctx)
    for command in commands:
        words = shlex.split(command)
        words[0] = {"python3": sys.executable, "cmake": ctx.cmake}[words[0]]
        must(words, ctx.tree, f"`{command}` (named by the README's row)")
    changed = changed_files(before, snapshot(ctx.tree))
    print("changed: " + ", ".join(sorted(changed)))
    problems = compare(changed, paths)
    if problems:
        raise Failure("the change does not touch exactly the files README.md's row names:\n  " + "\n  ".join(problems))
    print("the change touched exactly the files the README names")
    s.works(ctx)


def check_rows(repo):
    rows = readme_rows(os.path.join(repo, "README.md"))
    problems = [f"README.md's row '{r}' has no scenario in tests/house/common_change.py" for r in rows
                if r not in {s.row for s in SCENARIOS}]
    problems += [f"scenario {s.slug}: README.md's map has no row '{s.row}'" for s in SCENARIOS if s.row not in rows]
    for p in problems:
        print("FAILED: " + p)
    print(f"{len(rows)} rows in README.md's map, {len(SCENARIOS)} scenarios")
    return 1 if problems else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("row", nargs="?")
    parser.add_argument("--list", action="store_true")
    parser.add_argument("--rows", metavar="REPO")
    parser.add_argument("--repo")
    parser.add_argument("--work")
    parser.add_argument("--cmake", default="cmake")
    args = parser.parse_args()
    if args.list:
        for s in SCENARIOS:
            print(f"{s.slug} {s.labels.replace(';', ',')} {s.timeout}")
        return 0
    if args.rows:
        return check_rows(args.rows)
    chosen = [s for s in SCENARIOS if s.slug == args.row]
    if not chosen or not args.repo or not args.work:
        parser.error(f"give a row ({', '.join(s.slug for s in SCENARIOS)}), --repo and --work")
    try:
        run_row(chosen[0], args)
        print("PASSED")
        status = 0
    except Skip as e:
        print(f"SKIPPED: {e}")
        status = 77
    except Failure as e:
        print(f"FAILED: {e}")
        status = 1
    work = os.path.join(os.path.abspath(args.work), chosen[0].slug)
    if os.environ.get("DUALGPU_HOUSE_KEEP") == "1":
        print(f"kept {work} (DUALGPU_HOUSE_KEEP=1)")
    elif os.path.isfile(os.path.join(work, STAMP)):
        shutil.rmtree(work)
    return status


if __name__ == "__main__":
    sys.exit(main())
