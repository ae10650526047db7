"""No Python that a `dualgpu` entry point starts imports from the folder the user stands in: a ./torch/
and a ./dualgpu/ there write a marker file when imported; each entry point runs from that folder (with
PYTHONPATH unset and with PYTHONPATH=":", which also means the current folder) and the marker must be
absent, the command having done its work (the real torch and the real dualgpu were used)."""
import sys

from clitest import dualgpu, expect, main

PLANTED = 'open({marker!r}, "a").write("{what} from the current folder was imported\\n")\nraise SystemExit("planted {what}")\n'


def plant(work):
    here = work / "here"
    marker = work / "MARKER"
    for package in ("torch", "dualgpu"):
        (here / package).mkdir(parents=True)
        (here / package / "__init__.py").write_text(PLANTED.format(marker=str(marker), what=package))
    return here, marker


def check_entry(work, args, expect_rc, expect_text):
    here, marker = plant(work)
    for pythonpath in (None, ":"):
        env = {"PYTHONPATH": pythonpath} if pythonpath else {}
        rc, out, _ = dualgpu(*args, cwd=here, env=env, unset=("PYTHONPATH",),
                             timeout=600)
        label = f"dualgpu {' '.join(str(a) for a in args)} (PYTHONPATH={pythonpath!r})"
        expect(not marker.exists(), f"{label}: {marker.read_text() if marker.exists() else ''}")
        expect(rc == expect_rc, f"{label}: exit {rc}, expected {expect_rc}: {out[-2000:]}")
        expect(expect_text in out, f"{label}: expected '{expect_text}' in: {out[-2000:]}")


CASES = {
    "launcher": lambda w: check_entry(w, ["--version"], 0, "."),
    # doctor asks torch (through CMake): the real torch's version is in the report.
    "doctor": lambda w: check_entry(w, ["doctor"], 0, "torch "),
    "example": lambda w: check_entry(w, ["example", "--dry-run"], 0, "Found DualGPU"),
    # --force: the second run (PYTHONPATH=":") finds the first one's project and adds nothing.
    "new": lambda w: check_entry(w, ["new", "my_ops", str(w / "project"), "--force"], 0, "dualgpu new: wrote"),
    # smoke asks torch for libtorch's folder, then refuses a build folder that is a file: nothing built.
    "smoke": lambda w: (w.joinpath("afile").write_text("x"),
                        check_entry(w, ["smoke", "--build-dir", str(w / "afile")], 2, "is not a folder")),
    # check-abi runs as `-m dualgpu.check_abi`: the real module answers about a file that is no library.
    "check_abi": lambda w: (w.joinpath("not-a-library.so").write_text("x"),
                            check_entry(w, ["check-abi", str(w / "not-a-library.so")], 2, "nm cannot read")),
}




if __name__ == "__main__":
    sys.exit(main(CASES))
