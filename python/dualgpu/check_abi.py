"""`dualgpu check-abi <wheel or library> [--stable-abi X.Y]`: what a built torch extension needs at load time.

Checks, each printed as PASS, FAIL (with the symbol and the fix) or INFO:
  torch-c++   a stable-ABI library references no libtorch C++ symbol (at::, c10::, torch::, caffe2::);
              any other library is reported with the exact torch it was built against, which it needs
  torch-shims no torch C shim (aoti_torch_*, torch_*) newer than the declared stable ABI, read from the
              TORCH_FEATURE_VERSION guards of the torch headers installed here
  abi3        an abi3 library (.abi3.so, or a wheel tagged abi3) uses only the CPython limited API of its
              minimum Python, from abi3info's copy of CPython's stable-ABI list (pip install abi3audit)
  manylinux   a wheel's platform policy, from auditwheel (pip install auditwheel)
The stable-ABI version is --stable-abi, else the one dualgpu_add_torch_extension(... STABLE_ABI) recorded
in the library. Exit status: 0 when nothing failed, 1 when something did, 2 on a usage error.
Run by the interpreter whose torch headers it reads: `python -m dualgpu.check_abi` (as `dualgpu check-abi` does)
or as a plain script (as dualgpu_add_abi_test's CTest test does).
"""
import argparse
import importlib.util
import os
import re
import sys
import zipfile

if not __package__:
    # A plain script (python <package>/check_abi.py): its package is the folder this file is in, which
    # is imported from the folder above it, not from the script's own folder.
    sys.path[0] = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

from dualgpu import owned  # noqa: E402 (after the path is set for a plain script)
from dualgpu.run import ToolFailed, environment, run  # noqa: E402

# Namespaces of libtorch's C++ API, as they start a mangled name: _ZN2at..., _ZNK3c10..., _ZTIN5torch...
TORCH_CXX_SYMBOL = re.compile(r"^_Z(?:T[ISV])?NK?(?:2at|3c10|5torch|6caffe2)[0-9A-Z]")
TORCH_SHIM_SYMBOL = re.compile(r"^(?:aoti_torch_|torch_)\w+$")
PYTHON_SYMBOL = re.compile(r"^_?Py\w+$")
# What dualgpu_target_torch_stable_abi writes into the library.
STABLE_ABI_MARK = re.compile(rb"dualgpu-stable-abi: ([0-9]+\.[0-9]+)")
# Where torch declares its C shims; each declaration's version is that of its enclosing guard.
SHIM_HEADER_DIRS = ("torch/csrc/inductor/aoti_torch/c", "torch/csrc/inductor/aoti_torch/generated", "torch/csrc/stable/c")
VERSION_GUARD = re.compile(r"^\s*#\s*if\s+TORCH_FEATURE_VERSION\s*>=\s*TORCH_VERSION_([0-9]+)_([0-9]+)_[0-9]+\s*$")
SHIM_DECLARATION = re.compile(r"\bAOTI_TORCH_EXPORT\b[^;{]*?\b((?:aoti_torch_|torch_)\w+)\s*\(", re.S)
MINIMUM_ABI3_PYTHON = (3, 9)  # what dualgpu_target_python_module's Py_LIMITED_API says
# nm, c++filt and auditwheel read one file: a tool that takes longer is stuck.
TOOL_SECONDS = 300


class Report:
    def __init__(self):
        self.failed = False

    def line(self, status, check, text, fix=None):
        print(f"{status:<4} {check}: {text}" + (f"\n       fix: {fix}" if fix else ""))
        self.failed |= status == "FAIL"


def version_text(version):
    return "%d.%d" % version


def parse_version(text):
    found = re.fullmatch(r"([0-9]+)\.([0-9]+)", text or "")
    return (int(found.group(1)), int(found.group(2))) if found else None


def undefined_symbols(library):
    try:
        out = run(["nm", "-D", "--undefined-only", os.path.abspath(library)], env=environment(), timeout=TOOL_SECONDS)
    except ToolFailed as e:
        raise RuntimeError(f"{e} (install binutils)") from None
    if not out.ok:
        raise RuntimeError(f"nm cannot read {library}: {out.why()}: {out.stderr.strip()} (install binutils)")
    return sorted({line.split()[-1].split("@")[0] for line in out.stdout.splitlines() if line.strip()})


def demangle(names):
    try:
        out = run(["c++filt"], env=environment(), timeout=TOOL_SECONDS, input_text="\n".join(names))
    except ToolFailed:
        return list(names)
    return out.stdout.splitlines() if out.ok else list(names)


def installed_torch():
    """(version, include folder) of the torch this interpreter would import, read without importing it."""
    spec = importlib.util.find_spec("torch")
    if spec is None or not spec.submodule_search_locations:
        return None, None
    root = list(spec.submodule_search_locations)[0]
    scope = {}
    try:
        with open(os.path.join(root, "version.py")) as f:
            exec(f.read(), scope)
    except OSError:
        pass
    return scope.get("__version__"), os.path.join(root, "include")


def shim_versions(include):
    """{shim name: (major, minor) of the TORCH_FEATURE_VERSION guard around its declaration, or None
    when unguarded (older than the stable ABI's versioning)} from torch's shim headers."""
    versions = {}
    for folder in SHIM_HEADER_DIRS:
        folder = os.path.join(include, folder)
        for name in sorted(os.listdir(folder)) if os.path.isdir(folder) else ():
            if name.endswith(".h"):
                with open(os.path.join(folder, name), errors="replace") as f:
                    versions.update(_guarded_declarations(f.read().splitlines()))
    return versions


def _guarded_declarations(lines):
    # Each line carries the newest version guard it sits in; then declarations are matched over the
    # joined text and take the version of the line their name is on.
    stack, line_version, found = [], [], {}
    for line in lines:
        guard = VERSION_GUARD.match(line)
        if guard:
            stack.append((int(guard.group(1)), int(guard.group(2))))
        elif re.match(r"^\s*#\s*if", line):
            stack.append(None)
        elif re.match(r"^\s*#\s*endif", line) and stack:
            stack.pop()
        elif re.match(r"^\s*#\s*(else|elif)", line) and stack and stack[-1] is not None:
            stack[-1] = None  # the other side of a version guard: what older torch releases declare
        line_version.append(max((v for v in stack if v), default=None))
    text = "\n".join(lines)
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line) + 1)
    for match in SHIM_DECLARATION.finditer(text):
        index = max(i for i, start in enumerate(starts[:-1]) if start <= match.start(1))
        name, version = match.group(1), line_version[index]
        if name not in found or (version or (0, 0)) < (found[name] or (0, 0)):
            found[name] = version
    return found


def check_library(path, shown, stable_abi, abi3, report):
    with open(path, "rb") as f:
        mark = STABLE_ABI_MARK.search(f.read())
    if stable_abi is None and mark:
        stable_abi = parse_version(mark.group(1).decode())
    symbols = undefined_symbols(path)
    torch_version, include = installed_torch()

    cxx = [s for s in symbols if TORCH_CXX_SYMBOL.match(s)]
    if stable_abi:
        if cxx:
            for plain, mangled in list(zip(demangle(cxx), cxx))[:10]:
                report.line("FAIL", "torch-c++", f"{shown} uses libtorch's C++ API: {plain} ({mangled})",
                            "use torch/csrc/stable and torch/headeronly only (torch::stable::Tensor, not at::Tensor); "
                            "a stable-ABI build (STABLE_ABI) makes this a compile error")
            if len(cxx) > 10:
                report.line("FAIL", "torch-c++", f"... and {len(cxx) - 10} more libtorch C++ symbols")
        else:
            report.line("PASS", "torch-c++", f"{shown}: no libtorch C++ symbol (stable ABI {version_text(stable_abi)})")
    elif cxx:
        report.line("INFO", "torch-c++", f"{shown} is not a stable-ABI build: {len(cxx)} libtorch C++ symbols "
                    f"(e.g. {demangle(cxx[:1])[0]}); it loads only into the torch it was built with"
                    + (f", torch {torch_version} if that is the one installed here" if torch_version else ""),
                    "to run on every torch from 2.10 on: dualgpu_add_torch_extension(... STABLE_ABI 2.10)")

    shims = [s for s in symbols if TORCH_SHIM_SYMBOL.match(s)]
    if stable_abi and shims:
        versions = shim_versions(include) if include else {}
        if not versions:
            report.line("INFO", "torch-shims", f"no torch headers here to read the shims' versions from "
                        f"({len(shims)} shims not checked)", "pip install torch (2.10 or newer)")
        else:
            newer = [(s, versions[s]) for s in shims if versions.get(s) and versions[s] > stable_abi]
            unknown = [s for s in shims if s not in versions]
            for name, needs in newer:
                report.line("FAIL", "torch-shims", f"{shown} calls {name}, added in torch {version_text(needs)}, "
                            f"newer than its stable ABI {version_text(stable_abi)}",
                            f"raise STABLE_ABI to {version_text(needs)}, or stop calling {name}")
            for name in unknown:
                report.line("FAIL", "torch-shims", f"{shown} calls {name}, which torch {torch_version}'s headers do "
                            "not declare", "build against the torch release that declares it, or stop calling it")
            if not newer and not unknown:
                report.line("PASS", "torch-shims", f"{shown}: {len(shims)} torch C shims, none newer than "
                            f"{version_text(stable_abi)} (headers of torch {torch_version})")

    if abi3:
        check_abi3(shown, [s for s in symbols if PYTHON_SYMBOL.match(s)], report)


def check_abi3(shown, python_symbols, report):
    try:
        import abi3info
    except ImportError:
        report.line("INFO", "abi3", "not checked: abi3info (CPython's stable-ABI list) is missing", "pip install abi3audit")
        return
    limited = {}
    for symbol, entry in list(abi3info.FUNCTIONS.items()) + list(abi3info.DATAS.items()):
        limited[symbol.name] = (entry.added.major, entry.added.minor)
    bad = False
    for name in python_symbols:
        added = limited.get(name)
        if added is None:
            bad = True
            report.line("FAIL", "abi3", f"{shown} uses {name}, outside CPython's limited API",
                        "define Py_LIMITED_API (dualgpu_target_python_module(... LIMITED_API)) and use the limited API only")
        elif added > MINIMUM_ABI3_PYTHON:
            bad = True
            report.line("FAIL", "abi3", f"{shown} uses {name}, in the limited API from Python {version_text(added)} "
                        f"only, newer than {version_text(MINIMUM_ABI3_PYTHON)}", f"stop using {name}")
    if not bad:
        report.line("PASS", "abi3", f"{shown}: {len(python_symbols)} Python symbols, all in the limited API of "
                    f"Python {version_text(MINIMUM_ABI3_PYTHON)}")


def check_wheel(path, stable_abi, report):
    with zipfile.ZipFile(path) as wheel, owned.private_temp_folder() as tmp:
        tags = []
        for name in wheel.namelist():
            if name.endswith(".dist-info/WHEEL"):
                tags = re.findall(r"^Tag: (\S+)", wheel.read(name).decode(), re.M)
        abi3 = any(tag.split("-")[1] == "abi3" for tag in tags)
        libraries = [n for n in wheel.namelist() if re.search(r"\.so(\.[0-9]+)*$", n)]
        if not libraries:
            report.line("FAIL", "wheel", f"{path} holds no shared library", "build the extension into the wheel")
        for name in libraries:
            check_library(wheel.extract(name, tmp), name, stable_abi, abi3, report)
    check_manylinux(path, report)


def check_manylinux(path, report):
    if importlib.util.find_spec("auditwheel") is None:
        report.line("INFO", "manylinux", "not checked: auditwheel is missing", "pip install auditwheel")
        return
    out = run([sys.executable, "-m", "auditwheel", "show", os.path.abspath(path)], env=environment(),
              timeout=TOOL_SECONDS)
    text = " ".join((out.stdout + out.stderr).split())
    policy = re.search(r'consistent with the following platform tag: "([^"]+)"', text)
    if not out.ok or not policy:
        report.line("INFO", "manylinux", f"auditwheel show could not say: {text[:300]}")
        return
    external = re.findall(r"(\S+\.so[.0-9]*) with versions", text)
    report.line("INFO", "manylinux", f"auditwheel: consistent with {policy.group(1)}"
                + (f"; needs from the system: {', '.join(external)}" if external else ""),
                None if "manylinux" in policy.group(1) else
                "auditwheel repair (with --exclude for torch's and the GPU runtime's libraries) gives a manylinux tag")


def main(argv=None):
    parser = argparse.ArgumentParser(prog="dualgpu check-abi", description=__doc__.split("\n\n")[0])
    parser.add_argument("path", help="a wheel (.whl) or a shared library (.so)")
    parser.add_argument("--stable-abi", metavar="X.Y", help="the torch release the build targets (STABLE_ABI)")
    args = parser.parse_args(argv)
    stable_abi = None
    if args.stable_abi is not None:
        stable_abi = parse_version(args.stable_abi)
        if stable_abi is None:
            parser.error(f"--stable-abi '{args.stable_abi}': give a torch release as major.minor, e.g. 2.10")
    if not os.path.isfile(args.path):
        parser.error(f"{args.path}: no such file")
    report = Report()
    try:
        if args.path.endswith(".whl"):
            check_wheel(args.path, stable_abi, report)
        else:
            check_library(args.path, os.path.basename(args.path), stable_abi, args.path.endswith(".abi3.so"), report)
    except (RuntimeError, zipfile.BadZipFile) as e:
        print(f"dualgpu check-abi: {e}", file=sys.stderr)
        return 2
    return 1 if report.failed else 0


if __name__ == "__main__":
    sys.exit(main())
