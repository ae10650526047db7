"""What the tests of the `dualgpu` front door share: running bin/dualgpu in a scratch folder, fake tools
on PATH, and one way to fail. Usage of a test file: python3 <file>.py <case>."""
import os
import pathlib
import shutil
import stat
import subprocess
import sys
import tempfile
import time

REPO = pathlib.Path(__file__).resolve().parents[2]
# Another copy's command (DUALGPU_TEST_COMMAND=<old checkout>/bin/dualgpu) shows which cases fail there.
DUALGPU = pathlib.Path(os.environ.get("DUALGPU_TEST_COMMAND") or REPO / "bin" / "dualgpu")


class Failed(Exception):
    pass


def expect(condition, text):
    if not condition:
        raise Failed(text)


def fake_tool(folder, name, body):
    """An executable shell script <folder>/<name> running <body>."""
    folder = pathlib.Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text("#!/bin/sh\n" + body + "\n")
    path.chmod(path.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    return path


def fake_torch(work):
    """A TorchConfig.cmake folder whose version file says 9.9.9 and whose config defines no torch."""
    folder = pathlib.Path(work) / "faketorch"
    folder.mkdir()
    (folder / "TorchConfig.cmake").write_text("# defines no torch\n")
    (folder / "TorchConfigVersion.cmake").write_text('set(PACKAGE_VERSION "9.9.9")\n')
    return folder


def process_gone(pid, seconds=5):
    """Whether process <pid> has ended (within <seconds>)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.05)
    return False


def dualgpu(*args, cwd, env=None, path_first=None, timeout=300, unset=()):
    """bin/dualgpu <args> from <cwd>; <env> added to the environment, <path_first> put first on PATH.
    Returns (exit status, stdout + stderr, seconds)."""
    full = dict(os.environ)
    for name in unset:
        full.pop(name, None)
    full.update(env or {})
    if path_first:
        full["PATH"] = f"{path_first}{os.pathsep}{full.get('PATH', '')}"
    start = time.monotonic()
    proc = subprocess.run([str(DUALGPU), *args], cwd=cwd, env=full, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          stdin=subprocess.DEVNULL, timeout=timeout)
    return proc.returncode, proc.stdout.decode(errors="replace"), time.monotonic() - start


def main(cases):
    """Runs the case named on the command line in a fresh scratch folder; exit 0 passed, 1 failed."""
    name = sys.argv[1] if len(sys.argv) > 1 else ""
    if name not in cases:
        print(f"unknown case '{name}'; known: {', '.join(sorted(cases))}")
        return 2
    work = pathlib.Path(tempfile.mkdtemp(prefix="dualgpu-cli-test-"))
    os.chmod(work, 0o755)
    try:
        cases[name](work)
    except Failed as e:
        print(f"FAILED [{name}]: {e}")
        return 1
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"ok [{name}]")
    return 0
