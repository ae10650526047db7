"""Build time of this extension: DualGPU's CMake build against torch.utils.cpp_extension.load, all
from clean in one run, one CUDA architecture, Release (-O3) everywhere, ccache off.

    python bench/build_time.py [--arch 90] [--jobs 16] [--json bench/build_time.json]

Three builds of the same code:
  dualgpu_cmake      configure + build with CMake and Ninja (the sources as they are: a torch .cpp file
                     per op and common.cpp, a torch-free .cu file per op); then the rebuild after touching each kernel
                     file in turn (median of three per file; the slowest file is the figure) and a
                     rebuild with nothing to do.
  load_one_file      load() on the layout its tutorial teaches: one .cu that includes
                     <torch/extension.h> and holds the ops and the kernels (generated here by
                     #including every source file into one); nvcc compiles the torch code too.
  load_split         load() on the split sources themselves (the .cpp files, and the .cu files as one
                     generated file: load() has no device-link step, so it cannot link the RDC pair
                     cuda/silu_and_mul.cu + cuda/rdc_helper.cu separately). The same compile work as CMake's.
"""
import argparse
import json
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = pathlib.Path(__file__).resolve().parent
PROJECT = HERE.parent
CSRC = PROJECT / "csrc"
DUALGPU_INCLUDE = PROJECT.parent / "include"
TORCH_FILES = sorted(p.name for p in CSRC.glob("*.cpp"))  # as CMakeLists.txt's globs find them
KERNEL_FILES = sorted(f"cuda/{p.name}" for p in (CSRC / "cuda").glob("*.cu"))
TOUCHED = CSRC / "cuda" / "rms_norm.cu"  # load()'s rebuild: every kernel is in its one generated file
TOUCHES = 3  # rebuilds per kernel file, the median kept: one compile varies by +-0.5 s


def run_timed(cmd, env):
    start = time.perf_counter()
    subprocess.run(cmd, check=True, env=env, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def touch(path):
    # A new mtime without changing the file (the checkout is the user's).
    os.utime(path, None)


def ninja_steps(build, skip):
    """{output: seconds} for the .ninja_log entries after the first `skip` (one ninja run's steps)."""
    lines = [line.split("\t") for line in (build / ".ninja_log").read_text().splitlines() if not line.startswith("#")]
    return {f[3]: (int(f[1]) - int(f[0])) / 1000 for f in lines[skip:] if len(f) >= 4}


def cmake_build(work, arch, jobs, env):
    build = work / "cmake"
    configure = run_timed(["cmake", "-G", "Ninja", "-S", str(PROJECT), "-B", str(build), "-DCMAKE_BUILD_TYPE=Release",
                           "-DDUALGPU_PLATFORM=cuda", f"-DDUALGPU_ARCHITECTURES={arch}-real",
                           f"-DDUALGPU_PYTHON={sys.executable}"], env)
    compile_ = run_timed(["cmake", "--build", str(build), "-j", str(jobs)], env)
    steps = ninja_steps(build, 0)
    done = len(steps)
    rebuilds, rebuild_steps = {}, {}
    for name in KERNEL_FILES:  # each kernel file touched in turn: compile it, device-link, link
        times = []
        for _ in range(TOUCHES):
            touch(CSRC / name)
            times.append(run_timed(["cmake", "--build", str(build), "-j", str(jobs)], env))
            rebuild_steps[name] = ninja_steps(build, done)
            done += len(rebuild_steps[name])
        rebuilds[name] = statistics.median(times)
    noop = run_timed(["cmake", "--build", str(build), "-j", str(jobs)], env)
    return {"configure_s": configure, "build_s": compile_, "total_s": configure + compile_,
            "rebuild_after_touching_a_kernel_s": max(rebuilds.values()), "rebuild_nothing_to_do_s": noop,
            "build_steps_s": steps, "rebuild_after_touching_s": rebuilds, "rebuild_steps_s": rebuild_steps}


def load_build(work, name, sources, jobs):
    """load() in a fresh interpreter: each build registers torch.ops.dualgpu_example, once per process."""
    build_dir = work / name
    build_dir.mkdir()
    flags = ["-O3", "-DDUALGPU_PLATFORM_CUDA"]
    kwargs = dict(name=f"dualgpu_example_{name}", sources=[str(s) for s in sources],
                  extra_include_paths=[str(DUALGPU_INCLUDE), str(CSRC), str(CSRC / "cuda")], extra_cflags=flags,
                  extra_cuda_cflags=flags, build_directory=str(build_dir), is_python_module=False, verbose=False)
    # Timed inside the child, after `import torch`: what a user waits for at load().
    child = ("import json, sys, time\nfrom torch.utils import cpp_extension\nstart = time.perf_counter()\n"
             "cpp_extension.load(**json.loads(sys.argv[1]))\nprint(time.perf_counter() - start)\n")
    out = subprocess.run([sys.executable, "-c", child, json.dumps(kwargs)], check=True, capture_output=True, text=True)
    build = float(out.stdout.strip().splitlines()[-1])
    touch(TOUCHED)  # load() checks its ninja file: the generated file that includes it recompiles
    rebuild = run_timed(["ninja", "-C", str(build_dir), "-j", str(jobs)], dict(os.environ))
    return {"build_s": build, "rebuild_after_touching_a_kernel_s": rebuild}


def generated(work, name, lines):
    path = work / name
    path.write_text("".join(line + "\n" for line in lines))
    return path


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--arch", default="90", help="CUDA architecture number, e.g. 90 for sm_90")
    parser.add_argument("--jobs", type=int, default=os.cpu_count())
    parser.add_argument("--json", default=str(HERE / "build_time.json"))
    args = parser.parse_args()
    env = dict(os.environ, CCACHE_DISABLE="1")  # measure compilers, not cache hits
    os.environ["CCACHE_DISABLE"] = "1"
    os.environ["TORCH_CUDA_ARCH_LIST"] = f"{args.arch[:-1]}.{args.arch[-1]}"  # 90 -> 9.0, for load()
    os.environ["MAX_JOBS"] = str(args.jobs)
    work = pathlib.Path(tempfile.mkdtemp(prefix="dualgpu-build-time-"))
    try:
        results = {"arch": f"sm_{args.arch}", "jobs": args.jobs,
                   "dualgpu_cmake": cmake_build(work, args.arch, args.jobs, env)}
        kernels = generated(work, "all_kernels.cu", [f'#include "{CSRC / f}"' for f in KERNEL_FILES])
        one_file = generated(work, "extension.cu", ["#include <torch/extension.h>"] +
                             [f'#include "{CSRC / f}"' for f in TORCH_FILES + KERNEL_FILES])
        results["load_one_file"] = load_build(work, "one_file", [one_file], args.jobs)
        results["load_split"] = load_build(work, "split", [CSRC / f for f in TORCH_FILES] + [kernels], args.jobs)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    ours = results["dualgpu_cmake"]["total_s"]
    results["ratio_to_load_one_file"] = ours / results["load_one_file"]["build_s"]
    results["ratio_to_load_split"] = ours / results["load_split"]["build_s"]
    partial = pathlib.Path(f"{args.json}.tmp{os.getpid()}")  # the whole file or the one before
    partial.write_text(json.dumps(results, indent=2) + "\n")
    os.replace(partial, args.json)
    for way in ("dualgpu_cmake", "load_one_file", "load_split"):
        print(f"{way:15s} " + "  ".join(f"{k}={v:.1f}" for k, v in results[way].items() if not isinstance(v, dict)))
    steps = sorted(results["dualgpu_cmake"]["build_steps_s"].items(), key=lambda kv: -kv[1])
    print("build steps: " + ", ".join(f"{pathlib.Path(k).name} {v:.1f}" for k, v in steps))
    for name, seconds in results["dualgpu_cmake"]["rebuild_after_touching_s"].items():
        parts = results["dualgpu_cmake"]["rebuild_steps_s"][name]
        print(f"touch {name}: rebuild {seconds:.1f} s median, last (" + ", ".join(f"{pathlib.Path(k).name} {v:.1f}"
                                                          for k, v in parts.items()) + ")")
    print(f"configure + build / load(): {results['ratio_to_load_one_file']:.2f} of the one-file load(), "
          f"{results['ratio_to_load_split']:.2f} of load() on the split sources")
    print(f"wrote {args.json}")


if __name__ == "__main__":
    main()
