"""`dualgpu doctor`: DualGPU's decision here (platform, architectures, and why), made by the same CMake
code find_package(DualGPU) runs (cmake/DualGPUDoctor.cmake in script mode), read from its JSON."""
import json
import os
import sys

import dualgpu
from dualgpu import owned, settings
from dualgpu import run as runner
from dualgpu.cli import common

SYNOPSIS = "doctor [--json] [--no-torch] [--library FILE]"
HELP = "what DualGPU would choose here (platform, architectures) and why"
DESCRIPTION = (HELP + ".\nExit status 1 when the configuration is invalid, 2 on wrong usage.")
# DUALGPU_PLATFORM and DUALGPU_PROBE_TIMEOUT are the decision's own inputs: CMake checks them, and doctor
# reports a bad one as an invalid configuration (exit 1) in the words the configure uses.
SETTINGS = ("CMAKE", "DUALGPU_PYTHON")
# Every probe the script runs is bounded on its own (DUALGPU_PROBE_TIMEOUT); this bounds them all.
DOCTOR_SECONDS = 900


class Decision:
    """The doctor script's report: .report (the JSON as a dict), .text, .ok (no errors)."""

    def __init__(self, report, text, ok):
        self.report, self.text, self.ok = report, text, ok

    def found_line(self):
        """The platform and its reason in the words of CMake's own `-- Found DualGPU ...` line."""
        r = self.report
        return f"Found DualGPU {r['version']}: platform {r['platform']} ({r['platform_source']})"


def decide(torch=True, library=""):
    """Runs the decision (with torch as find_package(DualGPU COMPONENTS Torch) asks it, unless not <torch>)."""
    settings.check(SETTINGS)
    with owned.private_temp_folder() as out:
        result = runner.run([common.cmake(), f"-DDUALGPU_DOCTOR_OUT={out}", f"-DDUALGPU_DOCTOR_TORCH={'ON' if torch else 'OFF'}",
                          f"-DDUALGPU_DOCTOR_LIBRARY={os.path.abspath(library) if library else ''}",
                          "-P", os.path.join(dualgpu.cmake_dir(), "DualGPUDoctor.cmake")],
                         env=common.tool_env(), timeout=DOCTOR_SECONDS)
        # What CMake printed on the way (a warning) goes to stderr, its end only: stdout is the report's alone.
        sys.stderr.write(runner.tail(result.stdout + result.stderr))
        if not result.ok or not os.path.isfile(os.path.join(out, "doctor.json")):
            raise runner.ToolFailed(f"the detection script failed ({result.why()}; its output is above)")
        with open(os.path.join(out, "doctor.json")) as f:
            report = json.load(f)
        with open(os.path.join(out, "doctor.txt")) as f:
            text = f.read()
        with open(os.path.join(out, "status")) as f:
            ok = f.read().strip() == "ok"
    return Decision(report, text, ok)


def add_arguments(parser):
    parser.add_argument("--json", action="store_true", help="the report as JSON")
    parser.add_argument("--no-torch", action="store_true", help="decide without asking torch")
    parser.add_argument("--library", metavar="FILE", default="", nargs="?", const=None,
                        help="will each GPU run FILE's kernels (its code objects, read by roc-obj-ls / cuobjdump)?")


def run(args, extra):
    if args.library is None:
        raise common.UsageError("--library needs a FILE")
    decision = decide(torch=not args.no_torch, library=args.library)
    if args.json:
        print(json.dumps(decision.report, indent=2))
    else:
        sys.stdout.write(decision.text)
    return 0 if decision.ok else 1

