"""Ctrl-C in the middle of `dualgpu new` leaves nothing half-written: SIGINT is sent at many moments of a
run (spread over the time a whole run takes here), and after each the target is either absent or the
complete project (the same files and bytes as an uninterrupted run), and no staging folder is left."""
import os
import signal
import subprocess
import sys
import time

from clitest import DUALGPU, expect, fake_tool, main

MOMENTS = 24


def snapshot(folder):
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def start(target, env):
    return subprocess.Popen([str(DUALGPU), "new", "my_ops", str(target)], env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)


def case_sigint(work):
    # A compiler that answers at once: the run's time is spent where files are written, not in the probe.
    env = dict(os.environ, CXX=str(fake_tool(work / "bin", "c++", "cat >/dev/null; exit 0")))
    began = time.monotonic()
    proc = start(work / "whole", env)
    proc.communicate(timeout=300)
    whole_seconds = time.monotonic() - began
    expect(proc.returncode == 0, "the uninterrupted run failed")
    whole = snapshot(work / "whole")
    outcomes = {"absent": 0, "complete": 0}
    interrupted = 0
    for i in range(MOMENTS):
        target = work / f"run{i}"
        proc = start(target, env)
        time.sleep(whole_seconds * (i + 0.5) / MOMENTS)
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=300)
        interrupted += proc.returncode != 0
        left = sorted(p.name for p in work.iterdir() if p.name.startswith(".dualgpu-new."))
        expect(not left, f"SIGINT at {i + 0.5}/{MOMENTS} of a run left staging folders {left}")
        if not target.exists():
            outcomes["absent"] += 1
            continue
        got = snapshot(target)
        expect(got == whole, f"SIGINT at {i + 0.5}/{MOMENTS} of a run left a partial project: "
                             f"{sorted(set(whole) - set(got))[:5]} missing")
        outcomes["complete"] += 1
    print(f"a whole run takes {whole_seconds:.2f} s; {MOMENTS} interrupted runs: {interrupted} stopped by SIGINT, "
          f"targets {outcomes}")
    expect(interrupted > 0, "no run was stopped by SIGINT: the moments missed every run")


if __name__ == "__main__":
    sys.exit(main({"sigint": case_sigint}))
