"""`dualgpu new`: a new PyTorch extension project from templates/extension (with --stable-abi,
templates/extension-stable-abi's files replace their namesakes).

The project names no path of this DualGPU: it lists `dualgpu` (pinned) in pyproject.toml's
build-system.requires and finds it with find_package(DualGPU), so it builds on any machine. Output is
staged in a folder beside the target and moved in with rename, so an interrupted run (Ctrl-C included)
leaves nothing half-written; existing files (and links) are never replaced.
"""
import os
import re
import shlex
import sys

import dualgpu
from dualgpu import owned, scaffold_names, settings
from dualgpu import run as runner
from dualgpu.cli import common

SYNOPSIS = "new <name> [dir] [--force] [--stable-abi X.Y]"
HELP = "scaffold a new extension project from the template"
DESCRIPTION = """Writes a PyTorch extension project named <name> into [dir] (default: ./<name>): one op (scale_add)
in three files (csrc/scale_add.cpp, csrc/cuda/scale_add.cu, python/<name>/ops/scale_add.py), its
test, CMakeLists.txt and a pyproject.toml that requires DualGPU by version (pip install
--no-build-isolation <dir> builds it; README.md says how to add an op).

<name> is the C++ namespace, torch.ops.<name>, the Python package and project: letters, digits and
'_', starting with a letter and not ending with '_'; not a C++ keyword or common macro, not a Python
module or installed distribution, not a torch namespace (python/dualgpu/scaffold_names.py)."""
SETTINGS = ("DUALGPU_PYTHON", "DUALGPU_PROBE_TIMEOUT", "CXX")
STAGE_PREFIX = ".dualgpu-new."

# Asked of the interpreter the build uses, without the current folder on sys.path: a name that would
# shadow a standard-library module or be replaced by `pip install` (numpy, which torch needs).
PYTHON_NAME_TAKEN = '''
import importlib.metadata, importlib.util, re, sys
name = sys.argv[1]
norm = lambda n: re.sub(r"[-_.]+", "-", n).lower()
if name in getattr(sys, "stdlib_module_names", ()) or name in sys.builtin_module_names:
    print("a Python standard-library module")
elif norm(name) in {norm(d.metadata["Name"] or "") for d in importlib.metadata.distributions()}:
    print("an installed Python distribution (pip install would replace it)")
elif importlib.util.find_spec(name) is not None:
    print("an importable Python module here")
'''
# The headers the generated code includes: a name they define as a macro or declare cannot be the namespace.
COMPILER_PROBE = """#include <cerrno>
#include <climits>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#ifdef DUALGPU_NEW_WITH_PYTHON
#include <Python.h>
#endif
#ifdef {name}
#error "'{name}' is a macro"
#endif
namespace {name} {{ int probe; }}
int {name}_probe() {{ return {name}::probe; }}
"""


def add_arguments(parser):
    parser.add_argument("name", help="the extension's name")
    parser.add_argument("dir", nargs="?", help="where to write it (default: ./<name>)")
    parser.add_argument("--force", action="store_true",
                        help="write into a non-empty dir; existing files are kept (and listed), never overwritten")
    parser.add_argument("--stable-abi", metavar="<major.minor>", nargs="?", const="",
                        help="build against torch's stable ABI of that release (2.10 or newer): one abi3 wheel "
                             "(cp39-abi3) for that torch and every later one, for CPython 3.9 and later")


def _refuse(text):
    raise common.UsageError(text)


def _check_stable_abi(value):
    if value is None:
        return None
    if value == "":
        _refuse("--stable-abi needs a torch release, e.g. --stable-abi 2.10")
    found = re.fullmatch(r"([0-9]+)\.([0-9]+)", value)
    if not found:
        _refuse(f"--stable-abi '{value}': give a torch release as major.minor, e.g. 2.10")
    if (int(found.group(1)), int(found.group(2))) < (2, 10):
        _refuse(f"--stable-abi {value}: torch's stable ABI can be targeted from torch 2.10 on: use 2.10 or newer")
    return value


def _check_name(name):
    if not re.fullmatch(scaffold_names.VALID_NAME, name) or "__" in name:
        fix = re.sub(r"_+", "_", re.sub(r"[^A-Za-z0-9_]", "_", name)).strip("_")
        if not re.match(r"[A-Za-z]", fix):
            fix = f"ext_{fix}".rstrip("_")
        _refuse(f"'{name}' is not a valid name: use letters, digits and single '_', starting with a letter and not "
                f"ending with '_' (a Python project name and a C++ identifier), e.g. '{fix}'")
    reason = scaffold_names.refused_reason(name)
    if reason:
        _refuse(f"'{name}' is {reason}; pick another, e.g. '{name}_ops'")
    python = settings.python()
    asked = runner.run([python, "-I", "-c", PYTHON_NAME_TAKEN, name], env=common.tool_env(), timeout=common.probe_seconds())
    if asked.returncode != 0 or asked.timed_out or asked.truncated:
        _refuse(f"cannot ask {python} which Python names are taken ({asked.why()}): install Python 3.8+ or set DUALGPU_PYTHON")
    if asked.stdout.strip():
        _refuse(f"'{name}' is {asked.stdout.strip()}: import {name} would be ambiguous; pick another, e.g. '{name}_ops'")
    _ask_compiler(name, python)


def _ask_compiler(name, python):
    """A name the headers the generated code includes already define, as the C++ compiler sees them."""
    cxx = shlex.split(settings.get("CXX", "c++"))
    if not cxx or not runner.which(cxx[0]):
        return  # no compiler here: the build will say so, with its own fix
    args = ["-x", "c++", "-std=c++17", "-fsyntax-only", "-"]
    include = runner.run([python, "-I", "-c", 'import sysconfig; print(sysconfig.get_paths()["include"])'],
                         env=common.tool_env(), timeout=common.probe_seconds()).stdout.strip()
    if include and os.path.isfile(os.path.join(include, "Python.h")):
        args = ["-DDUALGPU_NEW_WITH_PYTHON", f"-I{include}", *args]
    probe = runner.run([*cxx, *args], env=common.tool_env(), timeout=common.probe_seconds(),
                       input_text=COMPILER_PROBE.format(name=name))
    if probe.ok:
        return
    if probe.timed_out or probe.truncated:
        _refuse(f"the C++ compiler {cxx[0]} did not answer whether '{name}' is free ({probe.why()}): set CXX to a working compiler")
    what = ("a macro of the C/C++ or Python headers the project includes" if "is a macro" in probe.stdout + probe.stderr
            else "already declared by the C/C++ or Python headers the project includes")
    _refuse(f"'{name}' is {what}: namespace {name} would not compile in the generated code; pick another, e.g. '{name}_ops'")


def _check_target(target, force):
    """The folder the project goes to: never through a link, never DualGPU's own tree; returns its parent."""
    if os.path.islink(target):
        _refuse(f"'{target}' is a symbolic link: give the real folder (nothing is written through a link)")
    if os.path.lexists(target) and not os.path.isdir(target):
        _refuse(f"'{target}' exists and is not a folder")
    real = os.path.realpath(target)
    root = os.path.realpath(dualgpu.root())
    templates = os.path.join(root, "templates")
    if real == templates or real.startswith(templates + os.sep):
        _refuse(f"'{target}' is inside DualGPU's templates folder ({templates}): write the project elsewhere")
    if real == root:
        _refuse(f"'{target}' is DualGPU's own folder ({root}): write the project elsewhere")
    if real.startswith(root + os.sep):
        first = real[len(root) + 1:].split(os.sep, 1)[0]
        if not first.startswith(("build", "_build")) and os.path.lexists(os.path.join(root, first)):
            _refuse(f"'{target}' is inside DualGPU's own folder {os.path.join(root, first)}: write the project elsewhere")
    if os.path.isdir(target):
        try:
            listing = os.listdir(target)
        except OSError:
            _refuse(f"'{target}' cannot be read (permissions?): fix them or choose another dir")
        if listing and not force:
            _refuse(f"'{target}' is not empty: choose another dir, or pass --force to add only the files that are missing")
    parent = os.path.dirname(target) or "."
    try:
        owned.make_folders(parent)
    except OSError:
        _refuse(f"cannot create the folder '{parent}' (permissions, or a file in the way): choose another dir")
    if not os.access(parent, os.W_OK | os.X_OK):
        _refuse(f"'{parent}' is not writable: choose a folder you can write, or fix its permissions")
    return parent


def _render(name, stable_abi):
    """{relative path: text} of the project: the template's files with the placeholders filled in."""
    version = dualgpu.__version__
    major, minor = version.split(".")[:2]
    # Only these placeholders exist; the values are an identifier and version numbers, never a path.
    values = {"@NAME@": name, "@ENV_NAME@": name.upper(), "@DUALGPU_MIN@": f"{major}.{minor}",
              "@DUALGPU_NEXT_MAJOR@": str(int(major) + 1),
              "@TORCH_COMPONENT@": "TorchStableABI" if stable_abi else "Torch",
              "@STABLE_ABI_ARGS@": f" STABLE_ABI {stable_abi}" if stable_abi else "",
              "@WHEEL_PY_API@": "cp39" if stable_abi else ""}
    pattern = re.compile("|".join(re.escape(k) for k in values))
    files = {}
    for template in ["extension"] + (["extension-stable-abi"] if stable_abi else []):
        top = common.path_in_root("templates", template)
        for folder, subfolders, names in os.walk(top):
            subfolders[:] = sorted(d for d in subfolders if d != "__pycache__")
            for file_name in sorted(n for n in names if not n.endswith(".pyc")):
                path = os.path.join(folder, file_name)
                rel = os.path.relpath(path, top).replace("@NAME@", name)
                try:
                    with open(path, encoding="utf-8") as f:
                        text = f.read()
                except (OSError, UnicodeDecodeError) as e:
                    raise runner.ToolFailed(f"cannot read the template file {path} ({e}): a broken DualGPU copy; "
                                            "reinstall DualGPU") from None
                files[rel] = pattern.sub(lambda m: values[m.group(0)], text)
    return files, values["@DUALGPU_MIN@"], values["@DUALGPU_NEXT_MAJOR@"]


def _occupied(target, rel):
    """Whether <target>/<rel> or one of its folders inside <target> is something we must not touch: any
    existing entry (a dangling link too), or a link where a folder would be written through."""
    parts = rel.split("/")
    for i in range(1, len(parts)):
        sub = os.path.join(target, *parts[:i])
        if os.path.islink(sub) or (os.path.lexists(sub) and not os.path.isdir(sub)):
            return True
    return os.path.lexists(os.path.join(target, rel))


def _place(stage, target, files):
    """Moves the staged project into <target>: at once when it is new, else file by file, keeping what is there."""
    if not os.path.lexists(target):
        owned.move_folder_into_place(stage, target)
        return sorted(files), []
    written, kept = [], []
    for rel in sorted(files):
        if _occupied(target, rel):
            kept.append(rel)
            continue
        owned.make_folders(os.path.dirname(os.path.join(target, rel)))
        (written if owned.move_without_replacing(os.path.join(stage, rel), os.path.join(target, rel)) else kept).append(rel)
    return written, kept


def run(args, extra):
    stable_abi = _check_stable_abi(args.stable_abi)
    settings.check(SETTINGS)
    name = args.name
    _check_name(name)
    target = args.dir or name
    while len(target) > 1 and target.endswith("/"):
        target = target[:-1]  # "link/" names what the link points to: the link itself is checked, and refused
    parent = _check_target(target, args.force)
    files, min_version, next_major = _render(name, stable_abi)
    with owned.staging_folder(parent, STAGE_PREFIX) as stage:
        for rel, text in files.items():
            owned.make_folders(os.path.dirname(os.path.join(stage, rel)))
            owned.write_new_file(os.path.join(stage, rel), text)
        written, kept = _place(stage, target, files)
    print(f"dualgpu new: wrote {len(written)} files to {target}")
    if kept:
        print("kept these existing files (not overwritten):")
        for rel in kept:
            print(f"  {rel}")
    print(f"""
next:
  cd {shlex.quote(target)}
  pip install --no-build-isolation .       # needs scikit-build-core and dualgpu>={min_version},<{next_major} here
  python -m pytest tests
  # or plain CMake: cmake -G Ninja -B build -DDualGPU_DIR="$(python -m dualgpu --cmake-dir)" && cmake --build build""")
    if stable_abi:
        print(f"""  # stable ABI {stable_abi}: pip wheel --no-build-isolation . gives one cp39-abi3 wheel for torch {stable_abi} and later;
  # python -m dualgpu check-abi <wheel> says what it needs of torch and Python""")
    sys.stdout.flush()
    return 0
