"""smoke(): DualGPU's environment smoke test (`bin/dualgpu smoke`) plus a quick self-test of this
extension's own ops on the device they will run on. Also what the `smoke` CMake target runs."""
import json
import os
import subprocess
import sys
import tempfile

import torch

# The DualGPU checkout this project was generated from (`dualgpu new`); $DUALGPU_ROOT overrides it.
_CHECKOUT = os.path.normpath("@DUALGPU_DIR@/..")


def _dualgpu_root(dualgpu_root):
    for root in (dualgpu_root, os.environ.get("DUALGPU_ROOT"), _CHECKOUT):
        if root and os.path.isfile(os.path.join(root, "bin", "dualgpu")):
            return root
    raise FileNotFoundError(f"no DualGPU checkout (bin/dualgpu) at {dualgpu_root or os.environ.get('DUALGPU_ROOT') or _CHECKOUT}: "
                            "pass smoke(dualgpu_root=...) or set DUALGPU_ROOT")


def _run_dualgpu_smoke(root, args):
    """`bin/dualgpu smoke --json <tmp> args...` for this interpreter's torch: the parsed report, or
    {"exit_status": rc, "error": <output>} when it wrote none."""
    env = dict(os.environ)
    env.setdefault("DUALGPU_PYTHON", sys.executable)  # build the smoke program against the torch we run
    with tempfile.TemporaryDirectory(prefix="dualgpu-smoke-") as tmp:
        path = os.path.join(tmp, "smoke.json")
        proc = subprocess.run([os.path.join(root, "bin", "dualgpu"), "smoke", "--json", path, "--no-progress",
                               *args], env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              universal_newlines=True)
        if not os.path.isfile(path):
            return {"exit_status": proc.returncode, "error": proc.stdout[-4000:]}
        with open(path) as f:
            report = json.load(f)
    report.setdefault("exit_status", proc.returncode)
    return report


def self_test(device=None):
    """Each op of this extension on `device` (default: the GPU when this build has GPU kernels, else the
    CPU) against a float64 reference. One dict per check; add your ops here."""
    import @NAME@ as ext

    if device is None:
        has_kernel = getattr(torch._C, "_dispatch_has_kernel_for_dispatch_key", None)
        gpu = torch.cuda.is_available() and has_kernel is not None and has_kernel("@NAME@::scale_add", "CUDA")
        device = "cuda" if gpu else "cpu"
    x, y = torch.randn(1000, device=device), torch.randn(1000, device=device)
    checks = {"scale_add": lambda: (ext.scale_add(x, y, 1.5), x.double() * 1.5 + y.double())}
    results = []
    for name, run in checks.items():
        try:
            got, want = run()
            error = (got.double() - want).abs().max().item()
            ok = got.device == x.device and error <= 1e-5
            results.append({"name": name, "device": device, "status": "passed" if ok else "failed",
                            "max_error": error, "detail": "" if ok else f"max error {error:.3g} or output on {got.device}"})
        except Exception as e:  # a broken op is a result to report, not a crash of the smoke test
            results.append({"name": name, "device": device, "status": "failed", "max_error": None,
                            "detail": f"{type(e).__name__}: {e}"})
    return results


def smoke(args=(), dualgpu_root=None):
    """Runs DualGPU's `bin/dualgpu smoke --json` with `args` (e.g. ("--profile", "llm"); the first run
    builds the smoke program, a few minutes) and this extension's self_test(); returns the smoke report
    (parsed JSON) with the self-test under "extension" and "ok": both passed."""
    report = _run_dualgpu_smoke(_dualgpu_root(dualgpu_root), list(args))
    report["extension"] = self_test()
    report["ok"] = report.get("exit_status") == 0 and all(c["status"] == "passed" for c in report["extension"])
    return report


def main(argv):
    """What the `smoke` CMake target runs: [--dualgpu-root DIR] [--json FILE] [smoke options];
    prints a summary, exit 0 when everything passed."""
    root, json_path, args = None, None, []
    it = iter(argv)
    for arg in it:
        if arg == "--dualgpu-root":
            root = next(it)
        elif arg == "--json":
            json_path = next(it)
        else:
            args.append(arg)
    report = smoke(args, dualgpu_root=root)
    print(report.get("summary") or f"dualgpu smoke: exit {report.get('exit_status')}: {report.get('error', '')}")
    for c in report["extension"]:
        print(f"  {c['status']:6s} {c['name']} on {c['device']}" + (f": {c['detail']}" if c["detail"] else ""))
    if json_path:
        with open(json_path, "w") as f:
            json.dump(report, f, indent=1)
    return 0 if report["ok"] else 1
