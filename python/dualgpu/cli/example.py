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


def _compilers(platform, report):
    """(CMake arguments, environment changes) for compilers that can link a torch extension: where the
    doctor found that CXX (or nvcc's host compiler) has no shared libstdc++, the one it names instead
    (said in one line). With none to suggest, the configure stops and names the fix."""
    args, env = [], {}
    compilers = report.get("build_tools", {}).get("compilers", {})
    roles = [("cxx", "CMAKE_CXX_COMPILER", "CXX")]
    if platform == "cuda":
        roles.append(("cuda_host", "CMAKE_CUDA_HOST_COMPILER", "CUDAHOSTCXX"))
    for role, cmake_variable, env_variable in roles:
        found = compilers.get(role) or {}
        if found.get("shared_libstdcxx") is False and found.get("instead"):
            print(f"dualgpu example: {found['compiler']} has no shared libstdc++ (torch extensions need one): "
                  f"using {found['instead']}")
            args.append(f"-D{cmake_variable}={found['instead']}")
            env[env_variable] = found["instead"]  # torch's own CMake files read CXX too
    return args, env


def decide_platform():
    """DualGPU's decision with torch (doctor's, the configure's): (platform, the Found DualGPU line, the
    doctor's whole report)."""
    decision = doctor.decide(torch=True)
    if not decision.ok:
        sys.stderr.write(decision.text)
        raise runner.ToolFailed("DualGPU's detection reports an invalid configuration (above): fix it, or set "
                                "DUALGPU_PLATFORM")
    return decision.report["platform"], decision.found_line(), decision.report


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
    platform, found_line, report = decide_platform()
    print(f"dualgpu example: {found_line}")
    print(f"dualgpu example: build in {build}")
    compiler_args, compiler_env = _compilers(platform, report)
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
