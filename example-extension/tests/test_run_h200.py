"""bench/run_h200.sh on a machine without the tools: it must fail, but delete and overwrite nothing
that it did not create (a BUILD_DIR in the environment, earlier results in $OUT)."""
import os
import pathlib
import subprocess

RUN_H200 = pathlib.Path(__file__).resolve().parent.parent / "bench" / "run_h200.sh"


def fake_tools(folder):
    """cmake, nvcc, nvidia-smi and python3 that fail at once: every step of the script fails fast."""
    folder.mkdir()
    for tool in ("cmake", "nvcc", "nvidia-smi", "python3"):
        path = folder / tool
        path.write_text("#!/bin/sh\nexit 1\n")
        path.chmod(0o755)
    return folder


def run(tmp_path, out, **env):
    tmpdir = tmp_path / "tmp"
    tmpdir.mkdir(exist_ok=True)
    tools = fake_tools(tmp_path / "tools") if not (tmp_path / "tools").exists() else tmp_path / "tools"
    full_env = dict(os.environ, PATH=f"{tools}:{os.environ['PATH']}", OUT=str(out), TMPDIR=str(tmpdir),
                    PYTHON=str(tools / "python3"), RUN_H200_SECONDS="60", **env)
    proc = subprocess.run(["bash", str(RUN_H200)], env=full_env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          universal_newlines=True, timeout=120)
    return proc, tmpdir


def test_run_h200_deletes_and_overwrites_nothing(tmp_path):
    user_dir = tmp_path / "build"  # what a user's BUILD_DIR might name
    user_dir.mkdir()
    (user_dir / "keep.txt").write_text("mine")
    out = tmp_path / "out"
    out.mkdir()
    (out / "summary.txt").write_text("earlier results")

    proc, tmpdir = run(tmp_path, out, BUILD_DIR=str(user_dir))

    assert proc.returncode == 1, proc.stdout  # configure failed: the run says so
    assert (user_dir / "keep.txt").read_text() == "mine"
    assert (out / "summary.txt").read_text() == "earlier results"
    runs = sorted(out.glob("run-*"))
    assert len(runs) == 1, proc.stdout
    summary = (runs[0] / "summary.txt").read_text()
    assert "configure: exit 1" in summary and "overall: FAILED" in summary
    assert list(tmpdir.iterdir()) == []  # its own mktemp build folder is gone at exit


def test_run_h200_writes_into_an_empty_out(tmp_path):
    out = tmp_path / "out"  # absent: created, and the results go straight into it
    proc, _ = run(tmp_path, out)
    assert proc.returncode == 1, proc.stdout
    assert "configure: exit 1" in (out / "summary.txt").read_text()
    assert not list(out.glob("run-*"))
