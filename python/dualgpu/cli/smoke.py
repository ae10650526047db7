"""`dualgpu smoke`: builds the smoke program once per libtorch into a cache folder (CMake), then runs it
with the smoke options (smoke/usage.txt, the one usage text)."""
import hashlib
import os
import re
import shutil
import sys

from dualgpu import owned, settings
from dualgpu import run as runner
from dualgpu.cli import common

SYNOPSIS = "smoke [options]"
HELP = "environment smoke test of torch operators on this machine"
ADD_HELP = False  # --help prints the wrapper's options and smoke/usage.txt
SETTINGS = ("CMAKE", "DUALGPU_PYTHON", "DUALGPU_PROBE_TIMEOUT", "DUALGPU_SMOKE_TORCH_DIR", "DUALGPU_SMOKE_PLAIN_TORCH", "DUALGPU_SMOKE_JOBS")
WRAPPER_HELP = """usage: dualgpu smoke [wrapper options] [smoke options]

Builds the smoke program once per libtorch into a cache folder (CMake), then runs it with the
smoke options (below). Wrapper options:
  --torch-dir DIR   the libtorch to use (its TorchConfig.cmake folder); default: the torch that
                    $DUALGPU_PYTHON (else this Python) imports, i.e. the one your extensions link.
                    Also $DUALGPU_SMOKE_TORCH_DIR.
  --build-dir DIR   where to build (default ${XDG_CACHE_HOME:-~/.cache}/dualgpu/smoke/<torch version>-<hash>)
  --rebuild         configure again from scratch (deletes the build folder only if DualGPU made it)
  --build-only      build, print the program's path, do not run
$DUALGPU_SMOKE_PLAIN_TORCH=1 builds with find_package(Torch) instead of DualGPU's Torch component.
The build folder is DualGPU's own (python/dualgpu/owned.py): --rebuild deletes it only when DualGPU
created it, and a non-empty folder DualGPU did not create is never built in. Report files (--json,
--markdown) appear whole or not at all.
"""
PURPOSE = "the dualgpu smoke program (dualgpu smoke)"
# The program's options that name a report file: written beside and renamed into place by this wrapper.
REPORT_OPTIONS = ("--json", "--markdown")
# One run of every check on a slow machine is minutes; a stuck device is stopped.
PROGRAM_SECONDS = 3600
TORCH_PATHS = """import os, torch, torch.utils
print(torch.__version__); print(torch.utils.cmake_prefix_path); print(os.path.join(os.path.dirname(torch.__file__), "lib"))"""


def add_arguments(parser):
    pass  # parsed by hand below: the program's own options pass through untouched


def _usage_error(text):
    raise common.UsageError(f"{text}\n(run `dualgpu smoke --help` for the options)")


def _parse(argv):
    opts = {"torch_dir": settings.get("DUALGPU_SMOKE_TORCH_DIR", ""), "build_dir": "", "rebuild": False,
            "build_only": False, "program_args": []}
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg in ("--torch-dir", "--build-dir"):
            value = argv[i + 1] if i + 1 < len(argv) else None
            if not value or value.startswith("--"):
                got = f' (got "{value}"; a folder of that name: ./{value})' if value else ""
                _usage_error(f"{arg} needs a value{got}")
            opts[arg[2:].replace("-", "_")] = value
            i += 2
            continue
        if arg == "--rebuild":
            opts["rebuild"] = True
        elif arg == "--build-only":
            opts["build_only"] = True
        else:
            opts["program_args"].append(arg)
        i += 1
    return opts


def _torch(opts):
    """(cmake arguments, torch version, torch folder) for the libtorch asked for."""
    if opts["torch_dir"]:
        torch_dir = opts["torch_dir"]
        if not os.path.isfile(os.path.join(torch_dir, "TorchConfig.cmake")):
            _usage_error(f"no TorchConfig.cmake in {torch_dir}")
        torch_dir = os.path.realpath(torch_dir)
        version = ""
        try:  # names the build folder only: the version CMake finds is the one reported
            with open(os.path.join(torch_dir, "TorchConfigVersion.cmake"), errors="replace") as f:
                found = re.search(r'PACKAGE_VERSION "([^"]*)"', f.read())
            version = found.group(1) if found else ""
        except OSError:
            pass
        return [f"-DTorch_DIR={torch_dir}"], version, torch_dir
    python = settings.python()
    result = runner.run(common.python_safe("-c", TORCH_PATHS), env=common.tool_env(), timeout=common.probe_seconds())
    lines = result.stdout.splitlines()
    if not result.ok or len(lines) < 3:
        _usage_error(f"{python} cannot import torch: install torch, set DUALGPU_PYTHON, or pass --torch-dir "
                     "<folder of TorchConfig.cmake>")
    version, prefix, lib = lines[-3:]
    torch_dir = os.path.join(prefix, "Torch")
    args = [f"-DTorch_DIR={torch_dir}", f"-DDUALGPU_PYTHON={python}"]
    # TorchConfig finds c10 with find_library, whose system paths win over the wheel's: with a second
    # libtorch installed system-wide (Debian's libtorch-dev) the wrong libc10 would be linked.
    # Same for TorchConfig's find_dependency(Caffe2): pin it to the wheel's own.
    if os.path.isfile(os.path.join(lib, "libc10.so")):
        args.append(f"-Dc10_LIBRARY={os.path.join(lib, 'libc10.so')}")
    if os.path.isdir(os.path.join(prefix, "Caffe2")):
        args.append(f"-DCaffe2_DIR={os.path.join(prefix, 'Caffe2')}")
    return args, version, torch_dir


def _adopt_old_build(build_dir):
    """A smoke build made before folders were stamped (a CI runner's cache) is recognised by its CMake
    cache, which names this project: it is stamped, not refused. Any other unstamped folder is refused."""
    cache = os.path.join(build_dir, "CMakeCache.txt")
    if os.path.islink(build_dir) or os.path.lexists(os.path.join(build_dir, owned.STAMP)) or not os.path.isfile(cache):
        return
    with open(cache, errors="replace") as f:
        if "CMAKE_PROJECT_NAME:STATIC=dualgpu_smoke" in f.read().splitlines() and os.stat(build_dir).st_uid == os.geteuid():
            owned.adopt_folder(build_dir, PURPOSE)


def _build(opts):
    cmake_args, version, torch_dir = _torch(opts)
    plain = settings.get("DUALGPU_SMOKE_PLAIN_TORCH", "0") == "1"
    if plain:
        cmake_args.append("-DDUALGPU_SMOKE_PLAIN_TORCH=ON")
    # The libtorch asked for is the one that must be linked: CMake fails when that folder defines no torch.
    cmake_args.append(f"-DDUALGPU_SMOKE_TORCH_DIR={torch_dir}")
    build_dir = opts["build_dir"]
    if not build_dir:
        key = hashlib.sha256(f"{version}\n{torch_dir}\n{int(plain)}\n".encode()).hexdigest()[:12]
        cache_home = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        build_dir = os.path.join(cache_home, "dualgpu", "smoke", f"{version or 'unknown'}-{key}")
    _adopt_old_build(build_dir)
    if opts["rebuild"]:
        owned.remove_folder(build_dir)
    real = owned.prepare_folder(build_dir, PURPOSE)
    with owned.lock_folder(real, "dualgpu smoke build"):
        env = common.tool_env()
        if not os.path.isfile(os.path.join(real, "CMakeCache.txt")):
            print(f"dualgpu smoke: building the smoke program against {torch_dir} in {build_dir} (once per libtorch; "
                  "a few minutes)", file=sys.stderr)
            generator = ["-G", "Ninja"] if shutil.which("ninja") else []
            launcher = ["-DCMAKE_CXX_COMPILER_LAUNCHER=ccache"] if shutil.which("ccache") else []
            step = runner.run([common.cmake(), "-S", common.path_in_root("smoke"), "-B", real, *generator, *launcher,
                               "-DCMAKE_BUILD_TYPE=Release", *cmake_args], env=env, timeout=common.BUILD_SECONDS)
            log = os.path.join(real, "dualgpu-smoke-configure.log")
            owned.write_file(log, step.stdout + step.stderr, "configure log")
            if not step.ok:
                tail = runner.tail(step.stdout + step.stderr, lines=30)
                _fail(f"configure failed ({step.why()}); the log is {log}:\n{tail}")
        # An up-to-date build is a no-op; after a change to smoke/ only the touched files recompile.
        jobs = settings.get("DUALGPU_SMOKE_JOBS", str(os.cpu_count() or 2))
        step = runner.run([common.cmake(), "--build", real, "--parallel", jobs], env=env, timeout=common.BUILD_SECONDS)
        log = os.path.join(real, "dualgpu-smoke-build.log")
        owned.write_file(log, step.stdout + step.stderr, "build log")
        if not step.ok:
            errors = [line for line in (step.stdout + step.stderr).splitlines() if re.search("error|FAILED", line)]
            _fail(f"build failed ({step.why()}); the log is {log}:\n" + "\n".join(errors[:20]))
    return os.path.join(build_dir, "dualgpu-smoke")


def _fail(text):
    raise common.UsageError(text)


def _reports(program_args):
    """The report files asked for, each checked to be writable before anything runs: {option index: path}."""
    reports = {}
    for i, arg in enumerate(program_args):
        # A missing value (`--json --markdown r.md`) is the program's usage error, said by the program.
        if arg in REPORT_OPTIONS and i + 1 < len(program_args) and not program_args[i + 1].startswith("--"):
            owned.check_file_place(program_args[i + 1], f"{arg[2:]} report")
            reports[i + 1] = program_args[i + 1]
    return reports


def _run_program(program, program_args):
    reports = _reports(program_args)
    with owned.private_temp_folder() as staging:
        argv = list(program_args)
        for index in reports:
            argv[index] = os.path.join(staging, f"report-{index}")
        status = runner.run_attached([program, *argv], env=common.tool_env(), timeout=PROGRAM_SECONDS, cwd=os.getcwd())
        for index, path in reports.items():
            written = argv[index]
            if os.path.isfile(written):
                with open(written, errors="replace") as f:
                    owned.write_file(path, f.read(), "report")
    return status


def run(args, extra):
    if any(a in ("-h", "--help") for a in extra):
        with open(common.path_in_root("smoke", "usage.txt")) as f:
            sys.stdout.write(WRAPPER_HELP + "\n" + f.read())
        return 0
    settings.check(SETTINGS)
    opts = _parse(extra)
    _reports(opts["program_args"])  # a report that cannot be written stops the command before the build
    program = _build(opts)
    if opts["build_only"]:
        print(program)
        return 0
    return _run_program(program, opts["program_args"])
