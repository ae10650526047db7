"""`dualgpu example`: builds example-extension (CMake + Ninja) for this machine and runs its tests with pytest.

The platform is DualGPU's one decision, the one find_package(DualGPU COMPONENTS Torch) makes in the
configure and `dualgpu doctor` reports; it is printed in the words of CMake's `Found DualGPU` line."""
import glob
import os
import shlex
import sys

import dualgpu
from dualgpu import owned, settings
from dualgpu import run as runner
from dualgpu.cli import common, doctor

SYNOPSIS = "example [--dry-run] [pytest options]"
HELP = "build and run example-extension for this machine"
DESCRIPTION = __doc__ + """

environment:
  DUALGPU_PLATFORM            cuda, rocm or cpu instead of the decided platform
  DUALGPU_PYTHON              the interpreter whose torch to build against (default: this Python)
  DUALGPU_EXAMPLE_BUILD_DIR   build folder (default: <checkout>/build-example, or
                              ~/.cache/dualgpu/example for an installed DualGPU); one DualGPU created
  CXX                         the C++ compiler; one without a shared libstdc++ (torch extensions
                              need one) is replaced by an installed compiler that has it, said in one line

Other options are pytest's."""
SETTINGS = ("CMAKE", "DUALGPU_PLATFORM", "DUALGPU_PYTHON", "DUALGPU_PROBE_TIMEOUT", "DUALGPU_EXAMPLE_BUILD_DIR",
            "CXX", "CUDAHOSTCXX")
PURPOSE = "dualgpu example's build"
TESTS_SECONDS = 3600


def add_arguments(parser):
    parser.add_argument("--dry-run", action="store_true",
                        help="print the decision and the configure command, build nothing")


def default_build_folder():
    root = dualgpu.root()
    if os.path.lexists(os.path.join(root, ".git")):
        return os.path.join(root, "build-example")
    cache_home = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(cache_home, "dualgpu", "example")


def _has_shared_libstdcxx(compiler):
    try:
        answer = runner.run([compiler, "-print-file-name=libstdc++.so"], env=common.tool_env(),
                            timeout=common.probe_seconds())
    except runner.ToolFailed:
        return False
    found = answer.stdout.strip()
    return answer.ok and os.path.isabs(found) and os.path.exists(found)


def _installed_gcc_versions():
    names = set()
    for folder in os.environ.get("PATH", "").split(os.pathsep):
        if os.path.isdir(folder):
            names.update(n for n in os.listdir(folder) if n.startswith("g++-") and n[4:].replace(".", "").isdigit())
    return sorted(names, key=lambda n: [int(p) for p in n[4:].split(".") if p], reverse=True)


def _with_shared_libstdcxx(compiler):
    """<compiler>, or an installed compiler that has a shared libstdc++ when <compiler> has none (said in
    one line); with none installed, the configure names the fix."""
    if not runner.which(compiler) or _has_shared_libstdcxx(compiler):
        return compiler
    for candidate in ["/usr/bin/g++", "/usr/bin/c++", "/usr/bin/clang++", *_installed_gcc_versions()]:
        found = runner.which(candidate)
        if found and _has_shared_libstdcxx(found):
            print(f"dualgpu example: {compiler} has no shared libstdc++ (torch extensions need one): using {found}")
            return found
    return compiler


def _compilers(platform):
    """(CMake arguments, environment changes) for compilers that can link a torch extension."""
    args, env = [], {}
    cxx = (settings.get("CXX", "c++").split() or ["c++"])[0]
    cxx_chosen = _with_shared_libstdcxx(cxx)
    if cxx_chosen != cxx:
        args.append(f"-DCMAKE_CXX_COMPILER={cxx_chosen}")
        env["CXX"] = cxx_chosen  # the compiler checks of torch's own CMake files read it too
    if platform == "cuda":
        # nvcc's host compiler is CUDAHOSTCXX, else the first g++ on PATH: on a machine whose GCC has no
        # shared libstdc++ it is checked on its own and given to CMake and nvcc explicitly.
        host = (settings.get("CUDAHOSTCXX") or runner.which("g++") or cxx_chosen).split()[0]
        chosen = cxx_chosen if host == cxx else _with_shared_libstdcxx(host)
        if chosen != host:
            args.append(f"-DCMAKE_CUDA_HOST_COMPILER={chosen}")
            env["CUDAHOSTCXX"] = chosen
    return args, env


def decide_platform():
    """DualGPU's decision with torch (doctor's, the configure's): (platform, the Found DualGPU line)."""
    decision = doctor.decide(torch=True)
    if not decision.ok:
        sys.stderr.write(decision.text)
        raise runner.ToolFailed("DualGPU's detection reports an invalid configuration (above): fix it, or set "
                                "DUALGPU_PLATFORM")
    return decision.report["platform"], decision.found_line()


def _prepare_build_folder(build):
    try:
        return owned.prepare_folder(build, PURPOSE)
    except owned.Refused as e:
        raise owned.Refused(f"{e}\n(choose another DUALGPU_EXAMPLE_BUILD_DIR: a new or empty folder)") from None


def run(args, extra):
    settings.check(SETTINGS)
    build = settings.get("DUALGPU_EXAMPLE_BUILD_DIR") or default_build_folder()
    if args.dry_run:
        return _build_and_test(build, None, args, extra)
    # The build folder is DualGPU's own: a user's project named in DUALGPU_EXAMPLE_BUILD_DIR is never
    # configured into, and two runs at once do not build into the same files (the second is refused).
    real = _prepare_build_folder(build)
    with owned.lock_folder(real, "dualgpu example"):
        return _build_and_test(build, real, args, extra)


def _build_and_test(build, real, args, extra):
    python = settings.python()
    platform, found_line = decide_platform()
    print(f"dualgpu example: {found_line}")
    print(f"dualgpu example: build in {build}")
    compiler_args, compiler_env = _compilers(platform)
    root = dualgpu.root()
    # The decision is CMake's again in the configure (the same code, the same inputs, DUALGPU_PLATFORM from
    # the environment included); a platform cached by an earlier run is dropped so that it cannot override it.
    platform_arg = ["-UDUALGPU_PLATFORM"]
    configure = [common.cmake(), "-S", os.path.join(root, "example-extension"), "-B", real or build, "-G", "Ninja",
                 "-DCMAKE_BUILD_TYPE=Release", f"-DDualGPU_DIR={dualgpu.cmake_dir()}", f"-DDUALGPU_PYTHON={python}",
                 *platform_arg, *compiler_args]
    if args.dry_run:
        print(shlex.join(configure))
        return 0
    sys.stdout.flush()
    env = common.tool_env(**compiler_env)
    for step in (configure, [common.cmake(), "--build", real]):
        status = runner.run_attached(step, env=env, timeout=common.BUILD_SECONDS)
        if status != 0:
            print(f"dualgpu example: {shlex.join(step[:2])} ... failed with status {status}", file=sys.stderr)
            return 1
    libraries = sorted(glob.glob(os.path.join(glob.escape(real), "*dualgpu_example*.so")))
    if not libraries:
        print(f"dualgpu example: no library built in {build}", file=sys.stderr)
        return 1
    pythonpath = os.pathsep.join(p for p in (os.path.join(root, "example-extension", "python"),
                                             os.environ.get("PYTHONPATH", "")) if p)
    # pytest without the current folder on sys.path: a ./torch/ where the user stands is not imported.
    tests = common.python_safe("-m", "pytest", "-q", os.path.join(root, "example-extension", "tests"), *extra)
    return runner.run_attached(tests, env=common.tool_env(DUALGPU_EXAMPLE_LIBRARY=libraries[0], PYTHONPATH=pythonpath),
                               timeout=TESTS_SECONDS, cwd=os.getcwd())
