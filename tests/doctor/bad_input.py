"""Hostile and careless input to `dualgpu doctor` (and so to the detection find_package runs): each
test tries one bad input and asserts the exact outcome. Run one case: pytest bad_input.py -k <name>."""
import json
import os
import pathlib
import resource
import subprocess
import sys
import time

import pytest

REPO = pathlib.Path(__file__).resolve().parents[2]
FIXTURES = REPO / "tests" / "fixtures"
CMAKE = os.environ.get("DUALGPU_TEST_CMAKE", "/usr/bin/cmake")


def script(path, body):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("#!/bin/sh\n" + body + "\n")
    path.chmod(0o755)
    return path


def doctor(tmp_path, *args, env=None, cwd=None, torch=False, limit_memory=None, timeout=120):
    """Runs bin/dualgpu doctor with <tmp_path>/bin first on PATH; returns (rc, stdout, stderr)."""
    (tmp_path / "bin").mkdir(exist_ok=True)
    run_env = {"PATH": f"{tmp_path / 'bin'}:/usr/bin:/bin", "HOME": str(tmp_path), "CMAKE": CMAKE,
               "DUALGPU_PLATFORM": "cpu", **(env or {})}
    command = [str(REPO / "bin" / "dualgpu"), "doctor", *args] + ([] if torch else ["--no-torch"])

    def limits():
        if limit_memory:
            resource.setrlimit(resource.RLIMIT_AS, (limit_memory, limit_memory))
    proc = subprocess.run(command, capture_output=True, text=True, env=run_env, cwd=cwd or tmp_path,
                          timeout=timeout, preexec_fn=limits, errors="replace")
    return proc.returncode, proc.stdout, proc.stderr


def doctor_json(tmp_path, **kw):
    rc, out, err = doctor(tmp_path, "--json", **kw)
    assert out, err
    return rc, json.loads(out)


def real_python():
    return sys.executable


def fake_torch_python(tmp_path, version="2.1.0", banner=""):
    """An interpreter (as a venv's would be) whose torch is a small stand-in: importing real torch
    takes seconds per doctor run."""
    site = tmp_path / "site"
    (site / "torch").mkdir(parents=True, exist_ok=True)
    (site / "torch" / "__init__.py").write_text(
        "class _C:\n    _GLIBCXX_USE_CXX11_ABI = True\nclass cuda:\n    get_arch_list = staticmethod(lambda: ['sm_90'])\n")
    (site / "torch" / "version.py").write_text(f"__version__ = {version!r}\ncuda = '12.1'\nhip = None\n")
    return script(tmp_path / "bin" / "python", f"{banner}PYTHONPATH='{site}':$PYTHONPATH exec '{real_python()}' \"$@\"")


def test_torch_and_json_in_current_folder_never_run(tmp_path):
    here = tmp_path / "project"
    (here / "torch").mkdir(parents=True)
    (here / "torch" / "__init__.py").write_text(f"open({str(tmp_path / 'RAN')!r}, 'w')\n")
    (here / "torch" / "version.py").write_text("__version__ = '9.9.9'\ncuda = None\nhip = None\n")
    (here / "json.py").write_text(f"open({str(tmp_path / 'RAN')!r}, 'w')\n")
    python = fake_torch_python(tmp_path)
    for env in ({}, {"PYTHONPATH": ":"}):  # a careless PYTHONPATH with an empty entry means "."
        rc, out = doctor_json(tmp_path, cwd=here, torch=True, env={"DUALGPU_PYTHON": str(python), **env})
        assert not (tmp_path / "RAN").exists()
        assert out["torch"]["version"] == "2.1.0"


def test_interpreter_banner_is_not_torch_not_found(tmp_path):
    python = fake_torch_python(tmp_path, banner='echo "Welcome to the cluster {not json}"\n')
    rc, out = doctor_json(tmp_path, torch=True, env={"DUALGPU_PYTHON": str(python)})
    assert out["torch"]["version"] == "2.1.0" and out["torch"]["arch_list"] == ["sm_90"]


def test_broken_interpreter_says_why(tmp_path):
    wrapper = script(tmp_path / "bin" / "python", 'echo "python: cannot open shared object" >&2\nexit 127')
    rc, text, err = doctor(tmp_path, torch=True, env={"DUALGPU_PYTHON": str(wrapper)})
    assert f"torch          not found ({wrapper} gave no answer (exit 127): python: cannot open shared object)" in text


def test_torch_probe_honours_probe_timeout(tmp_path):
    wrapper = script(tmp_path / "bin" / "python", "sleep 60")
    start = time.monotonic()
    rc, text, err = doctor(tmp_path, torch=True, env={"DUALGPU_PYTHON": str(wrapper), "DUALGPU_PROBE_TIMEOUT": "0.25"})
    assert time.monotonic() - start < 30
    assert f"not found ({wrapper} gave no answer within 3 s (12 x DUALGPU_PROBE_TIMEOUT))" in text


@pytest.mark.parametrize("value", ["5;COMMAND;touch;{victim}", "5;OUTPUT_FILE;{victim}", "abc", ""],
                         ids=["command", "output_file", "word", "empty"])
def test_probe_timeout_that_is_no_number_runs_nothing(tmp_path, value):
    victim = tmp_path / "victim"
    victim.write_text("user data\n")
    touched = tmp_path / "touched"
    value = value.format(victim=touched if "touch" in value else victim)
    script(tmp_path / "bin" / "rocminfo", f"echo ran > {tmp_path / 'tool-ran'}")
    rc, text, err = doctor(tmp_path, env={"DUALGPU_PROBE_TIMEOUT": value})
    assert rc == 1
    assert f"DUALGPU_PROBE_TIMEOUT='{value}' (environment) is not a number of seconds" in " ".join(err.split())
    assert not touched.exists() and not (tmp_path / "tool-ran").exists()
    assert victim.read_text() == "user data\n"


def test_endless_output_is_bounded(tmp_path):
    script(tmp_path / "bin" / "rocminfo", "exec yes 'Agent 1 with a long line of output'")
    # 2 GiB of address space: reading 5 s of `yes` whole would need several.
    rc, out = doctor_json(tmp_path, env={"DUALGPU_PROBE_TIMEOUT": "5"}, limit_memory=2 << 30)
    assert "rocminfo: printed more than 1048576 bytes - ignored" in out["notes"]


@pytest.mark.parametrize("tool", ["nvcc", "hipconfig"])
def test_endless_compiler_output_is_bounded(tmp_path, tool):
    # A toolchain's own tools, asked for their version, are bounded as the GPU probes are.
    script(tmp_path / "bin" / tool, "exec yes 'Cuda compilation tools, release 12.2, V12.2.91 HIP version: 6.4.1'")
    start = time.monotonic()
    rc, out = doctor_json(tmp_path, env={"DUALGPU_PROBE_TIMEOUT": "5"}, limit_memory=2 << 30)
    assert time.monotonic() - start < 60
    assert rc == 0 and out["errors"] == []
    assert not any(t["compiler"].startswith(str(tmp_path)) for t in out["toolchains"]), out["toolchains"]


@pytest.mark.parametrize("body", ["trap '' TERM\necho started\nsleep 60", "sleep 60 &\necho started"],
                         ids=["ignores_sigterm", "child_holds_output"])
def test_tool_that_will_not_end_is_bounded(tmp_path, body):
    script(tmp_path / "bin" / "rocminfo", body)
    start = time.monotonic()
    rc, out = doctor_json(tmp_path, env={"DUALGPU_PROBE_TIMEOUT": "2"})
    assert time.monotonic() - start < 30
    assert "rocminfo: no answer within 2 s (DUALGPU_PROBE_TIMEOUT)" in out["notes"]


def test_quote_and_backslash_in_paths_and_versions(tmp_path):
    odd = tmp_path / 'we"ird\\dir'
    site = tmp_path / "site"
    (site / "torch").mkdir(parents=True)
    (site / "torch" / "__init__.py").write_text(
        "class _C:\n    _GLIBCXX_USE_CXX11_ABI = True\nclass cuda:\n    get_arch_list = staticmethod(lambda: ['sm_9\"0\\\\'])\n")
    (site / "torch" / "version.py").write_text("__version__ = '2.1.0\"\\\\x'\ncuda = '12.1'\nhip = None\n")
    wrapper = script(odd / "python", f"PYTHONPATH='{site}' exec '{real_python()}' \"$@\"")
    env = {"DUALGPU_PYTHON": str(wrapper)}
    rc, out = doctor_json(tmp_path, torch=True, env=env)
    assert out["torch"] == {"version": '2.1.0"\\x', "cuda": "12.1", "hip": "", "cxx11_abi": "1",
                            "arch_list": ['sm_9"0\\'], "python": str(wrapper)}
    rc, text, err = doctor(tmp_path, torch=True, env=env)
    assert f"torch          2.1.0\"\\x (cuda '12.1', hip '') from {wrapper}" in text


def test_error_text_with_semicolon_stays_one_entry(tmp_path):
    rc, out = doctor_json(tmp_path, env={"DUALGPU_PLATFORM": "rocm", "DUALGPU_ARCHITECTURES": "gfx90a;sm_90"})
    assert rc == 1
    assert len(out["errors"]) == 1 and out["errors"][0].startswith("DUALGPU_ARCHITECTURES (environment)='gfx90a;sm_90': ")


def test_library_lister_that_prints_without_end_is_bounded(tmp_path):
    # doctor --library reads a library's code objects with roc-obj-ls: one that never stops printing is
    # cut off like the GPU probes, and the report says the library could not be read, instead of aborting.
    script(tmp_path / "bin" / "roc-obj-ls", "exec yes '1 host-x86_64-unknown-linux file://lib#offset=0&size=1'")
    library = tmp_path / "libk_hip.so"
    library.write_bytes(b"\x7fELF")
    start = time.monotonic()
    rc, out, err = doctor(tmp_path, "--json", "--library", str(library), env={"DUALGPU_PROBE_TIMEOUT": "5"},
                          limit_memory=2 << 30)
    assert time.monotonic() - start < 60
    report = json.loads(out)
    assert "bad_alloc" not in err and "Killed" not in err, err
    assert report["library"]["code_objects"] == []
    assert any("roc-obj-ls: printed more than 1048576 bytes - ignored" in n for n in report["notes"]), report["notes"]
