"""dualgpu doctor on a real ROCm installation, checked against ROCm's own hipconfig.

Usage: python3 check_real_layout.py <repo>
Run once per ROCm toolchain (the host's, and inside ci/rocm-root.sh's root). The fixture trees of
tests/unit/test_rocm_layouts.cmake prove the search order; this proves it on the layouts Debian
really ships (ROCm 5.2 under /usr with lib/<multiarch>; ROCm 6.4 with clang 21's resource folder).
Exit 77 when this machine has no ROCm.
"""
import json
import os
import shutil
import subprocess
import sys


def hipconfig(flag):
    # hipconfig prints without a trailing newline; ask it alone, bounded.
    return subprocess.run(["hipconfig", flag], capture_output=True, text=True, timeout=60, check=True).stdout.strip()


def main():
    repo = sys.argv[1]
    if not shutil.which("hipconfig"):
        print("no hipconfig on PATH: no ROCm here")
        return 77
    env = dict(os.environ, DUALGPU_PLATFORM="rocm")
    run = subprocess.run([os.path.join(repo, "bin", "dualgpu"), "doctor", "--json", "--no-torch"],
                         capture_output=True, text=True, timeout=300, env=env, cwd="/")
    doctor = json.loads(run.stdout)
    want_root = os.path.realpath(hipconfig("--rocmpath"))
    want_version = ".".join(hipconfig("--version").split(".")[:2])
    want_clang_dir = hipconfig("--hipclangpath")
    problems = []
    if os.path.realpath(doctor["rocm"]["root"]) != want_root:
        problems.append(f"ROCm root {doctor['rocm']['root']!r}, hipconfig says {want_root!r}")
    if doctor["rocm"]["version"] != want_version:
        problems.append(f"ROCm version {doctor['rocm']['version']!r}, hipconfig says {want_version!r}")
    rocm = [t for t in doctor["toolchains"] if t["platform"] == "rocm"]
    if len(rocm) != 1:
        problems.append(f"expected one rocm toolchain, doctor lists {rocm}")
    else:
        compiler = rocm[0]["compiler"]
        # Debian 12: hipconfig names /usr/bin, where clang++-15 links into /usr/lib/llvm-15/bin.
        dirs = {os.path.dirname(compiler), os.path.dirname(os.path.realpath(compiler))}
        if want_clang_dir not in {os.path.realpath(d) for d in dirs} | dirs:
            problems.append(f"HIP compiler {rocm[0]['compiler']!r} is not in hipconfig's clang folder {want_clang_dir!r}")
        if not rocm[0]["version"].startswith(want_version + "."):
            problems.append(f"HIP version {rocm[0]['version']!r} is not {want_version}.x")
    if doctor["platform"] != "rocm" or doctor["errors"]:
        problems.append(f"platform {doctor['platform']!r}, errors {doctor['errors']}")
    for p in problems:
        print("FAIL:", p)
    if not problems:
        print(f"doctor agrees with hipconfig: ROCm {want_version} at {want_root}, clang in {want_clang_dir}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
