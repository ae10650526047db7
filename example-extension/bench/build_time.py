"""Build time of this extension: DualGPU's CMake build vs torch.utils.cpp_extension.load on the same
sources, both from clean, for one CUDA architecture, ccache off. Then the incremental rebuild after
touching one kernel file, rms_norm.cu (CMake recompiles only that file; it never includes torch).

    python bench/build_time.py [--arch 90] [--jobs 16] [--json bench/build_time.json]

cpp_extension.load() has no device-link step (only setuptools' dlink=True has), so it cannot link the
RDC pair silu_and_mul.cu + rdc_helper.cu; it gets every .cu in one generated file (#include), the same code.
"""
import argparse
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import time

HERE = pathlib.Path(__file__).resolve().parent
PROJECT = HERE.parent
CSRC = PROJECT / "csrc"
DUALGPU_INCLUDE = PROJECT.parent / "include"
KERNEL_FILES = ["rms_norm.cu", "fused_add_rms_norm.cu", "silu_and_mul.cu", "rotary_embedding.cu", "rdc_helper.cu"]


def run_timed(cmd, env):
    start = time.perf_counter()
    subprocess.run(cmd, check=True, env=env, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def cmake_build(work, arch, jobs, env):
    build = work / "cmake"
    configure = run_timed(["cmake", "-G", "Ninja", "-S", str(PROJECT), "-B", str(build), "-DDUALGPU_PLATFORM=cuda",
                           f"-DDUALGPU_ARCHITECTURES={arch}-real", f"-DDUALGPU_PYTHON={sys.executable}"], env)
    compile_ = run_timed(["cmake", "--build", str(build), "-j", str(jobs)], env)
    (CSRC / "rms_norm.cu").touch()
    rebuild = run_timed(["cmake", "--build", str(build), "-j", str(jobs)], env)
    return {"configure_s": configure, "build_s": compile_, "rebuild_after_touching_a_kernel_s": rebuild}


def jit_build(work, arch, jobs):
    # Imported here so the CMake timing above is not affected by torch's import in this process.
    from torch.utils import cpp_extension

    unity = work / "all_kernels.cu"
    unity.write_text("".join(f'#include "{CSRC / name}"\n' for name in KERNEL_FILES))
    os.environ["TORCH_CUDA_ARCH_LIST"] = f"{arch[:-1]}.{arch[-1]}"  # 90 -> 9.0
    os.environ["MAX_JOBS"] = str(jobs)
    build_dir = work / "jit"
    build_dir.mkdir()
    kwargs = dict(name="dualgpu_example_jit", sources=[str(CSRC / "ops.cpp"), str(unity)],
                  extra_include_paths=[str(DUALGPU_INCLUDE), str(CSRC)],
                  extra_cflags=["-O3", "-DDUALGPU_PLATFORM_CUDA"],
                  extra_cuda_cflags=["-O3", "-DDUALGPU_PLATFORM_CUDA"],
                  build_directory=str(build_dir), is_python_module=False, verbose=False)
    start = time.perf_counter()
    cpp_extension.load(**kwargs)  # builds and loads (registers torch.ops.dualgpu_example)
    build = time.perf_counter() - start
    # Incremental: load() checks its ninja file; touching rms_norm.cu recompiles the unity file.
    (CSRC / "rms_norm.cu").touch()
    start = time.perf_counter()
    subprocess.run(["ninja", "-C", str(build_dir), "-j", str(jobs)], check=True, stdout=subprocess.DEVNULL)
    rebuild = time.perf_counter() - start
    return {"build_s": build, "rebuild_after_touching_a_kernel_s": rebuild}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--arch", default="90", help="CUDA architecture number, e.g. 90 for sm_90")
    parser.add_argument("--jobs", type=int, default=os.cpu_count())
    parser.add_argument("--json", default=str(HERE / "build_time.json"))
    args = parser.parse_args()
    env = dict(os.environ, CCACHE_DISABLE="1")  # measure compilers, not cache hits
    os.environ["CCACHE_DISABLE"] = "1"
    work = pathlib.Path(tempfile.mkdtemp(prefix="dualgpu-build-time-"))
    try:
        results = {"arch": f"sm_{args.arch}", "jobs": args.jobs,
                   "dualgpu_cmake": cmake_build(work, args.arch, args.jobs, env),
                   "torch_cpp_extension_load": jit_build(work, args.arch, args.jobs)}
    finally:
        shutil.rmtree(work, ignore_errors=True)
    pathlib.Path(args.json).write_text(json.dumps(results, indent=2) + "\n")
    for way in ("dualgpu_cmake", "torch_cpp_extension_load"):
        print(f"{way:26s} " + "  ".join(f"{k}={v:.1f}" for k, v in results[way].items()))
    print(f"wrote {args.json}")


if __name__ == "__main__":
    main()
