"""An extension's smoke test: DualGPU's environment smoke test (`dualgpu smoke`: common torch
operators on this machine's GPU, errors explained) plus the extension's own self-test.

A generated extension (`dualgpu new`) and example-extension call this with their self_test:

    report = dualgpu.smoke.smoke(args=("--profile", "llm"), self_test=my_ext.self_test)

and the `smoke` CMake target runs `main()`. torch is imported only when a check runs.
"""
import json
import os
import sys
import time

import dualgpu
from dualgpu import owned
from dualgpu.run import environment, run

# The first run builds the smoke program (minutes); a run that takes longer is stuck.
SMOKE_SECONDS = 3 * 3600


def _command(dualgpu_root):
    """bin/dualgpu of `dualgpu_root`, else of $DUALGPU_ROOT, else of this installed package."""
    for root in (dualgpu_root, os.environ.get("DUALGPU_ROOT"), dualgpu.root()):
        if root and os.path.isfile(os.path.join(root, "bin", "dualgpu")):
            return os.path.join(root, "bin", "dualgpu")
    raise FileNotFoundError(f"no bin/dualgpu in {dualgpu_root or os.environ.get('DUALGPU_ROOT')}: "
                            "pass dualgpu_root=<a DualGPU checkout>, set DUALGPU_ROOT, or pip install dualgpu")


def run_dualgpu_smoke(args=(), dualgpu_root=None):
    """`dualgpu smoke --json <tmp> args...` for this interpreter's torch: the parsed report (with
    "exit_status"), or {"exit_status": rc, "error": <output>} when it wrote none."""
    # Build the smoke program against the torch we run.
    env = environment(DUALGPU_PYTHON=os.environ.get("DUALGPU_PYTHON") or sys.executable)
    with owned.private_temp_folder() as tmp:
        path = os.path.join(tmp, "smoke.json")
        proc = run([_command(dualgpu_root), "smoke", "--json", path, "--no-progress", *args], env=env,
                   timeout=SMOKE_SECONDS)
        if not os.path.isfile(path):
            return {"exit_status": proc.returncode, "error": (proc.stdout + proc.stderr)[-4000:]}
        with open(path) as f:
            report = json.load(f)
    report.setdefault("exit_status", proc.returncode)
    return report


def check_ops(checks, device, tolerance=1e-5):
    """Runs each `checks[name]()` -> (got, want) and compares got with the float64 `want`: one dict per
    check ({"name", "device", "status", "max_error", "tolerance", "detail", "seconds"}). A failing op is
    a result to report, not an exception. `tolerance` is a number or a {name: number} dict."""
    import torch

    results = []
    for name, run in checks.items():
        limit = tolerance.get(name, 1e-5) if isinstance(tolerance, dict) else tolerance
        start = time.perf_counter()
        try:
            got, want = run()
            error = (got.double() - want.double()).abs().max().item() if got.numel() else 0.0
            ok = got.device.type == torch.device(device).type and error <= limit
            results.append({"name": name, "device": str(device), "status": "passed" if ok else "failed",
                            "max_error": error, "tolerance": limit,
                            "detail": "" if ok else f"max error {error:.3g} > {limit:g} or output on {got.device}"})
        except Exception as e:  # noqa: BLE001  (reported, not raised: the smoke test goes on)
            results.append({"name": name, "device": str(device), "status": "failed", "max_error": None,
                            "tolerance": limit, "detail": f"{type(e).__name__}: {e}"})
        results[-1]["seconds"] = time.perf_counter() - start
    return results


def smoke(args=(), dualgpu_root=None, self_test=None):
    """DualGPU's `dualgpu smoke --json` with `args` (the first run builds the smoke program, a few
    minutes) and `self_test()` (the extension's checks, a list of check_ops() dicts); returns the smoke
    report with the self-test under "extension" and "ok": both passed."""
    report = run_dualgpu_smoke(list(args), dualgpu_root)
    report["extension"] = self_test() if self_test else []
    report["ok"] = report.get("exit_status") == 0 and all(c["status"] == "passed" for c in report["extension"])
    return report


def main(argv, self_test=None):
    """[--dualgpu-root DIR] [--json FILE] [smoke options]: prints a summary; 0 when everything passed."""
    root, json_path, args = None, None, []
    it = iter(argv)
    for arg in it:
        if arg in ("--dualgpu-root", "--json"):
            value = next(it, None)
            if value is None:
                print(f"dualgpu smoke: {arg} needs a value", file=sys.stderr)
                return 2
            root, json_path = (value, json_path) if arg == "--dualgpu-root" else (root, value)
        else:
            args.append(arg)
    report = smoke(args, dualgpu_root=root, self_test=self_test)
    print(report.get("summary") or f"dualgpu smoke: exit {report.get('exit_status')}: {report.get('error', '')}")
    for c in report["extension"]:
        print(f"  {c['status']:6s} {c['name']} on {c['device']}" + (f": {c['detail']}" if c["detail"] else ""))
    if json_path:
        owned.write_file(json_path, json.dumps(report, indent=1), "report")
    return 0 if report["ok"] else 1
