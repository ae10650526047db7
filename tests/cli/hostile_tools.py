"""Tools that lie: a compiler, nm or cmake on PATH (or named by CXX / CMAKE) that hangs ignoring SIGTERM,
prints without end, or leaves a child running that holds its output. Each command ends within a bound,
says which tool misbehaved, and leaves no process of the tool behind."""
import shutil
import sys

from clitest import dualgpu, expect, fake_tool, main, process_gone

# Far more than a bounded run takes here, far less than the fakes would run unbounded.
BOUND = 90


def bounded(work, args, env, expect_rc, texts, path_first=None):
    rc, out, seconds = dualgpu(*args, cwd=work, env=env, path_first=path_first, timeout=BOUND + 60)
    print(f"dualgpu {' '.join(args[:2])}: exit {rc} after {seconds:.1f} s")
    expect(seconds < BOUND, f"took {seconds:.0f} s: not bounded")
    expect(rc == expect_rc, f"exit {rc}, expected {expect_rc}: {out[-2000:]}")
    for text in texts:
        expect(text in out, f"the message lacks '{text}': {out[-2000:]}")
    return out


def case_compiler_leaves_child(work):
    pids = work / "child.pid"
    cxx = fake_tool(work / "bin", "c++", f"cat >/dev/null; sleep 300 & echo $! > {pids}; exit 0")
    bounded(work, ["new", "my_ops", str(work / "p")], {"CXX": str(cxx)}, 0, ["dualgpu new: wrote"])
    expect(process_gone(int(pids.read_text().split()[0])), "the compiler's child is still running")


def case_compiler_prints_without_end(work):
    cxx = fake_tool(work / "bin", "c++", "exec yes 'error: something'")
    bounded(work, ["new", "my_ops", str(work / "p")], {"CXX": str(cxx)}, 2, ["printed more than", "set CXX"])
    expect(not (work / "p").exists(), "the project was written although the name was not checked")


def case_compiler_hangs_ignoring_sigterm(work):
    pids = work / "tool.pid"
    cxx = fake_tool(work / "bin", "c++", f"trap '' TERM; echo $$ > {pids}; while :; do sleep 1; done")
    bounded(work, ["new", "my_ops", str(work / "p")], {"CXX": str(cxx), "DUALGPU_PROBE_TIMEOUT": "0.5"}, 2,
            ["did not finish in time", "set CXX"])
    expect(process_gone(int(pids.read_text().split()[0])), "the hanging compiler is still running")


def case_nm_prints_without_end(work):
    fake_tool(work / "bin", "nm", "exec yes 'U _ZN2at6TensorC1Ev'")
    library = work / "ext.so"
    library.write_bytes(b"\x7fELF")
    bounded(work, ["check-abi", str(library)], {}, 2, ["nm", "printed more than"], path_first=work / "bin")


def case_cmake_prints_without_end(work):
    cmake = fake_tool(work / "bin", "cmake", "exec yes 'CMake Warning: again'")
    bounded(work, ["doctor"], {"CMAKE": str(cmake)}, 1, ["detection script failed", "printed more than"])


def case_cmake_leaves_child(work):
    pids = work / "child.pid"
    cmake = fake_tool(work / "bin", "cmake", f"sleep 300 & echo $! > {pids}; exit 1")
    bounded(work, ["doctor"], {"CMAKE": str(cmake)}, 1, ["detection script failed"])
    expect(process_gone(int(pids.read_text().split()[0])), "cmake's child is still running")


def case_nvidia_smi_prints_without_end(work):
    fake_tool(work / "bin", "nvidia-smi", "exec yes 'GPU 0: NVIDIA H200 (UUID: GPU-0)'")
    out = bounded(work, ["doctor", "--no-torch", "--json"], {"DUALGPU_PROBE_TIMEOUT": "3"}, 0, ["nvidia-smi"],
                  path_first=work / "bin")
    expect('"platform"' in out, f"no report: {out[-2000:]}")


if __name__ == "__main__":
    if shutil.which("yes") is None:
        print("skipped: no `yes` program here")
        sys.exit(77)
    sys.exit(main({name[5:]: f for name, f in globals().items() if name.startswith("case_")}))
