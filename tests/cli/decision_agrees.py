"""One decision for every entry: `dualgpu doctor --json`, `dualgpu example --dry-run` (which builds nothing)
and a plain CMake configure with find_package(DualGPU COMPONENTS Torch) choose the same platform for the
same reason on this machine. They are compared with each other, not with a constant: on a machine
without a GPU but with a CUDA build of torch all three must say cuda (torch), on another all three
something else. Usage: decision_agrees.py all <cmake> <python>"""
import json
import os
import re
import subprocess
import sys

from clitest import REPO, dualgpu, expect, main

# The configure's line goes on with ", architectures ..."; the reason itself may hold parentheses.
FOUND = re.compile(r"Found DualGPU [0-9.]+: platform (\w+) \((.*)\)(?:, architectures .*)?$", re.M)


def case_all(work):
    cmake, python = sys.argv[2], sys.argv[3]
    env = {"DUALGPU_PYTHON": python, "CMAKE": cmake, "DUALGPU_EXAMPLE_BUILD_DIR": str(work / "example-build")}
    rc, out, _ = dualgpu("doctor", "--json", cwd=work, env=env, unset=("DUALGPU_PLATFORM",))
    expect(rc == 0, f"doctor --json: exit {rc}: {out}")
    report = json.JSONDecoder().raw_decode(out[out.index("{"):])[0]
    doctor = (report["platform"], report["platform_source"])

    rc, out, _ = dualgpu("example", "--dry-run", cwd=work, env=env, unset=("DUALGPU_PLATFORM",))
    expect(rc == 0, f"example --dry-run: exit {rc}: {out}")
    found = FOUND.search(out)
    expect(found, f"example --dry-run printed no 'Found DualGPU' line: {out}")
    example = found.groups()
    expect(not (work / "example-build").exists(), "example --dry-run created its build folder")

    full = dict(os.environ, DUALGPU_PYTHON=python)
    full.pop("DUALGPU_PLATFORM", None)
    proc = subprocess.run([cmake, "-S", str(REPO / "tests" / "cli" / "decision_project"), "-B", str(work / "configure"),
                           f"-DDualGPU_DIR={REPO / 'cmake'}", f"-DDUALGPU_PYTHON={python}"],
                          env=full, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=1200)
    text = proc.stdout.decode(errors="replace")
    expect(proc.returncode == 0, f"the configure failed: {text[-3000:]}")
    found = FOUND.search(text)
    expect(found, f"the configure printed no 'Found DualGPU' line: {text[-3000:]}")
    configure = found.groups()
    print(f"doctor:    platform {doctor[0]} ({doctor[1]})\nexample:   platform {example[0]} ({example[1]})\n"
          f"configure: platform {configure[0]} ({configure[1]})")
    expect(doctor == example == configure, "the three entries disagree (above)")


if __name__ == "__main__":
    sys.exit(main({"all": case_all}))
