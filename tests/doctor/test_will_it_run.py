"""`dualgpu doctor --json`: does the torch (and the library) here carry code for each GPU seen?
Fake rocminfo / nvidia-smi / roc-obj-ls / cuobjdump print outputs recorded on real machines, and a
fake torch in a real virtual environment reports a recorded torch.cuda.get_arch_list()."""
import ast
import json
import os
import pathlib
import subprocess
import sys

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
FIXTURES = REPO / "tests" / "fixtures"


def arch_list(fixture):
    """The list a REPL printed (pprint may spread it over lines)."""
    text = (FIXTURES / fixture).read_text()
    return ast.literal_eval(text[text.rindex("["):text.rindex("]") + 1])


@pytest.fixture(scope="module")
def venvs(tmp_path_factory):
    """One interpreter per recorded torch: a real venv (so isolated probes still find it) holding a
    torch package that answers what the recorded wheel answered."""
    made = {}

    def make(fixture, version, hip="", cuda=""):
        if fixture in made:
            return made[fixture]
        root = tmp_path_factory.mktemp("venv")
        subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(root)], check=True)
        site = next(root.glob("lib/python*/site-packages"))
        pkg = site / "torch"
        pkg.mkdir()
        (pkg / "version.py").write_text(f"__version__ = {version!r}\nhip = {hip or None!r}\ncuda = {cuda or None!r}\n")
        (pkg / "__init__.py").write_text(
            "from . import version\n__version__ = version.__version__\n"
            "class _C:\n    _GLIBCXX_USE_CXX11_ABI = True\n"
            f"class cuda:\n    @staticmethod\n    def get_arch_list():\n        return {arch_list(fixture)!r}\n")
        made[fixture] = root / "bin" / "python"
        return made[fixture]
    return make


def doctor(tmp_path, tools, python=None, library=None):
    """tools: {name: fixture} or {name: {flag: fixture}} for tools whose output depends on a flag."""
    bindir = tmp_path / "bin"
    bindir.mkdir()
    for name, spec in tools.items():
        cases = spec if isinstance(spec, dict) else {"*": spec}
        # None: the tool runs and prints nothing (a library without GPU code)
        body = "".join(f'  *{flag}*) exec /bin/cat "{FIXTURES / f}" ;;\n' if f else f'  *{flag}*) exit 0 ;;\n'
                       for flag, f in cases.items())
        (bindir / name).write_text(f'#!/bin/sh\ncase "$*" in\n{body}esac\nexit 1\n')
        (bindir / name).chmod(0o755)
    cmake = os.environ.get("DUALGPU_TEST_CMAKE", "/usr/bin/cmake")
    env = {"PATH": f"{bindir}:/usr/bin:/bin", "HOME": str(tmp_path), "CMAKE": cmake}
    args = [str(REPO / "bin" / "dualgpu"), "doctor", "--json"]
    if python:
        env["DUALGPU_PYTHON"] = str(python)
    else:
        args.append("--no-torch")
    if library:
        args += ["--library", str(library)]
    proc = subprocess.run(args, capture_output=True, text=True, env=env, timeout=120)
    return json.loads(proc.stdout)


def verdicts(report, source):
    return [(g["arch"], (g["will_it_run"][source] or {}).get("verdict"), (g["will_it_run"][source] or {}).get("via"))
            for g in report["gpus"]]


def test_780m_apu_with_rocm72_torch_has_no_code_and_override_is_not_the_fix(tmp_path, venvs):
    py = venvs("torch-arch-list-rocm7.2.txt", "0.0.0+rocm7.2", hip="7.2")
    out = doctor(tmp_path, {"rocminfo": "rocminfo-780m-gfx1103-apu.txt"}, python=py)
    assert [(g["arch"], g["integrated"]) for g in out["gpus"]] == [("gfx1103", True)]
    (arch, verdict, via), = verdicts(out, "torch")
    assert (arch, verdict, via) == ("gfx1103", "none", "")
    text = out["gpus"][0]["will_it_run"]["torch"]["explanation"]
    assert "PYTORCH_ROCM_ARCH has gfx1103 or gfx11-generic" in text
    assert "HSA_OVERRIDE_GFX_VERSION is not a fix" in text


def test_rx9070xt_and_igpu_with_rocm62_torch(tmp_path, venvs):
    py = venvs("torch-arch-list-rocm6.2.txt", "2.5.1+rocm6.2", hip="6.2")
    out = doctor(tmp_path, {"rocminfo": "rocminfo-rx9070xt-igpu-gfx1036.txt"}, python=py)
    assert verdicts(out, "torch") == [("gfx1201", "none", ""), ("gfx1036", "none", "")]


def test_rx7900xtx_runs_natively_on_rocm62_torch(tmp_path, venvs):
    py = venvs("torch-arch-list-rocm6.2.txt", "2.5.1+rocm6.2", hip="6.2")
    out = doctor(tmp_path, {"rocminfo": "rocminfo-rx7900xtx.txt"}, python=py)
    assert verdicts(out, "torch") == [("gfx1100", "native", "gfx1100")]


def test_mi210_x4_natively(tmp_path, venvs):
    py = venvs("torch-arch-list-rocm7.2.txt", "0.0.0+rocm7.2", hip="7.2")
    out = doctor(tmp_path, {"rocminfo": "rocminfo-mi210-x4.txt"}, python=py)
    assert verdicts(out, "torch") == [("gfx90a", "native", "gfx90a")] * 4


def test_mi300x_with_a_rocm57_torch_has_no_code_and_the_rocm6_wheel_fixes_it(tmp_path, venvs):
    # The ROCm 5.7 nightly printed gfx900..gfx1100 and no gfx942; PyTorch's wheels carry gfx942 from ROCm 6.0.
    py = venvs("torch-arch-list-rocm5.7.txt", "0.0.0+rocm5.7", hip="5.7")
    out = doctor(tmp_path, {"rocminfo": "rocminfo-mi300x-vf.txt"}, python=py)
    assert out["torch"]["arch_list"] == ["gfx900", "gfx906", "gfx908", "gfx90a", "gfx1030", "gfx1100"]
    assert verdicts(out, "torch") == [("gfx942", "none", "")]
    text = out["gpus"][0]["will_it_run"]["torch"]["explanation"]
    assert "install a torch wheel for ROCm 6.0 or newer" in text
    assert "from PyTorch's rocm6.0 wheel index, or a later rocmX.Y one" in text
    assert "HSA_OVERRIDE_GFX_VERSION is not a fix" in text


def test_mi300x_with_a_library_that_lacks_gfx942(tmp_path, venvs):
    # torch 2.5.1+rocm6.2 has gfx942; the library built here for gfx90a and gfx1030 does not.
    py = venvs("torch-arch-list-rocm6.2.txt", "2.5.1+rocm6.2", hip="6.2")
    lib = tmp_path / "libk_hip.so"
    lib.write_bytes(b"\x7fELF")
    out = doctor(tmp_path, {"rocminfo": "rocminfo-mi300x-vf.txt",
                            "roc-obj-ls": "roc-obj-ls-gfx1030-gfx90a-rocm5.2.txt"}, python=py, library=lib)
    assert out["library"]["code_objects"] == ["gfx1030", "gfx90a"]
    assert verdicts(out, "torch") == [("gfx942", "native", "gfx942")]
    assert verdicts(out, "library") == [("gfx942", "none", "")]
    assert "rebuild with gfx942 or gfx9-4-generic in DUALGPU_ARCHITECTURES" in \
        out["gpus"][0]["will_it_run"]["library"]["explanation"]


def test_h100_library_runs_through_ptx_and_torch_natively(tmp_path, venvs):
    py = venvs("torch-arch-list-cuda13.2-pip.txt", "2.15.0+cu132", cuda="13.2")
    lib = tmp_path / "libk_cuda.so"
    lib.write_bytes(b"\x7fELF")
    out = doctor(tmp_path, {"nvidia-smi": "nvidia-smi-csv-h100-x8.txt",
                            "cuobjdump": {"--list-elf": "cuobjdump-list-elf-sm80.txt",
                                          "--list-ptx": "cuobjdump-list-ptx-compute90.txt"}},
                 python=py, library=lib)
    assert out["library"]["code_objects"] == ["sm_80", "compute_90"]
    assert verdicts(out, "torch") == [("sm_90", "native", "sm_90")] * 8
    # sm_80 SASS does not run on 9.0 (another major); the compute_90 PTX is JIT-compiled there.
    assert verdicts(out, "library") == [("sm_90", "ptx", "compute_90")] * 8


def test_no_library_file_is_an_error(tmp_path):
    out = doctor(tmp_path, {"rocminfo": "rocminfo-mi210-x4.txt"}, library=tmp_path / "missing.so")
    assert any("missing.so: no such file" in e for e in out["errors"])


def test_rocm_root_is_reported(tmp_path):
    out = doctor(tmp_path, {})
    if not pathlib.Path("/usr/include/hip/hip_version.h").exists():
        pytest.skip("no ROCm installed here")
    assert out["rocm"]["root"] and out["rocm"]["version"] and out["rocm"]["found_by"]


def rocm_tree(root, rocm, hip, clang_dir):
    """The files of a ROCm install DualGPU reads (version files, compiler, CMake package)."""
    major, minor, patch = hip.split(".")
    (root / ".info").mkdir(parents=True)
    (root / ".info" / "version").write_text(f"{rocm}-120\n")
    (root / "include" / "hip").mkdir(parents=True)
    (root / "include" / "hip" / "hip_version.h").write_text(
        f"#define HIP_VERSION_MAJOR {major}\n#define HIP_VERSION_MINOR {minor}\n#define HIP_VERSION_PATCH {patch}\n")
    (root / "lib" / "cmake" / "hip").mkdir(parents=True)
    (root / "lib" / "cmake" / "hip" / "hip-config.cmake").write_text("# fixture\n")
    (root / clang_dir).mkdir(parents=True)
    (root / clang_dir / "amdclang++").write_text("#!/bin/sh\necho 'AMD clang version 19.0.0git'\n")
    (root / clang_dir / "amdclang++").chmod(0o755)


@pytest.mark.parametrize("layout", ["ROCM_PATH", "HIP_PATH", "rocm-sdk"])
def test_each_rocm_layout_is_reported(tmp_path, layout):
    root = tmp_path / "rocm-6.4.1"
    rocm_tree(root, "6.4.1", "6.4.43483", "lib/llvm/bin" if layout == "rocm-sdk" else "llvm/bin")
    bindir = tmp_path / "bin"
    bindir.mkdir()
    env_extra = {}
    if layout == "ROCM_PATH":
        env_extra["ROCM_PATH"] = str(root)
    elif layout == "HIP_PATH":
        (root / "hip").mkdir()
        env_extra["HIP_PATH"] = str(root / "hip")
    else:
        (root / ".info" / "version").unlink()  # TheRock's wheels have no .info: hip_version.h says it
        (bindir / "rocm-sdk").write_text(f"#!/bin/sh\n[ \"$*\" = 'path --root' ] && echo '{root}'\n")
        (bindir / "rocm-sdk").chmod(0o755)
    cmake = os.environ.get("DUALGPU_TEST_CMAKE", "/usr/bin/cmake")
    env = {"PATH": f"{bindir}:/usr/bin:/bin", "HOME": str(tmp_path), "CMAKE": cmake, **env_extra}
    proc = subprocess.run([str(REPO / "bin" / "dualgpu"), "doctor", "--json", "--no-torch"],
                          capture_output=True, text=True, env=env, timeout=120)
    out = json.loads(proc.stdout)
    found_by = {"ROCM_PATH": "ROCM_PATH (environment)", "HIP_PATH": "HIP_PATH (its parent)",
                "rocm-sdk": "rocm-sdk path --root (pip-installed ROCm)"}[layout]
    assert out["rocm"] == {"root": str(root), "version": "6.4" if layout == "rocm-sdk" else "6.4.1",
                           "found_by": found_by}
    assert {"platform": "rocm", "compiler": str(next(root.glob("*/**/amdclang++"))), "version": "6.4.43483"} \
        in out["toolchains"]


def test_library_without_gpu_code_is_no_code_everywhere(tmp_path):
    lib = tmp_path / "libplain.so"
    lib.write_bytes(b"\x7fELF")
    out = doctor(tmp_path, {"rocminfo": "rocminfo-rx7900xtx.txt",
                            "roc-obj-ls": None}, library=lib)
    assert out["library"]["code_objects"] == []
    assert verdicts(out, "library") == [("gfx1100", "none", "")]
    assert any("roc-obj-ls found no GPU code" in n for n in out["notes"])


def test_library_option_without_a_file_is_a_usage_error(tmp_path):
    proc = subprocess.run([str(REPO / "bin" / "dualgpu"), "doctor", "--library"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and "--library needs a FILE" in proc.stderr


def test_text_report_has_the_verdict_per_gpu(tmp_path):
    bindir = tmp_path / "bin"
    bindir.mkdir()
    for name, fixture in {"rocminfo": "rocminfo-780m-gfx1103-apu.txt",
                          "roc-obj-ls": "roc-obj-ls-gfx1030-gfx90a-rocm5.2.txt"}.items():
        (bindir / name).write_text(f'#!/bin/sh\nexec /bin/cat "{FIXTURES / fixture}"\n')
        (bindir / name).chmod(0o755)
    lib = tmp_path / "libk_hip.so"
    lib.write_bytes(b"\x7fELF")
    cmake = os.environ.get("DUALGPU_TEST_CMAKE", "/usr/bin/cmake")
    proc = subprocess.run([str(REPO / "bin" / "dualgpu"), "doctor", "--no-torch", "--library", str(lib)],
                          capture_output=True, text=True, timeout=120,
                          env={"PATH": f"{bindir}:/usr/bin:/bin", "HOME": str(tmp_path), "CMAKE": cmake})
    assert f"library        {lib}: gfx1030 gfx90a" in proc.stdout
    assert "will it run    gpu 0 (gfx1103):" in proc.stdout
    assert "library: no code: libk_hip.so has no code object for gfx1103 - rebuild with gfx1103 or gfx11-generic" in proc.stdout
