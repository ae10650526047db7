"""smoke(): DualGPU's environment smoke test (`bin/dualgpu smoke`) plus a quick self-test of this
extension's own ops on the device they will run on. Also what the `smoke` CMake target runs."""
import json
import os
import subprocess
import sys
import tempfile
import time

import torch

# This package inside a DualGPU checkout: example-extension/python/dualgpu_example -> the checkout.
_CHECKOUT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))


def _dualgpu_root(dualgpu_root):
    for root in (dualgpu_root, os.environ.get("DUALGPU_ROOT"), _CHECKOUT):
        if root and os.path.isfile(os.path.join(root, "bin", "dualgpu")):
            return root
    raise FileNotFoundError(f"no DualGPU checkout (bin/dualgpu) at {dualgpu_root or os.environ.get('DUALGPU_ROOT') or _CHECKOUT}: "
                            "pass smoke(dualgpu_root=...) or set DUALGPU_ROOT")


def _run_dualgpu_smoke(root, args):
    """Runs `bin/dualgpu smoke --json <tmp> args...` for this interpreter's torch; the parsed report
    (with exit_status), or {"exit_status": rc, "error": ...} when it wrote none."""
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
    """Each op of this extension on `device` (default: the GPU when this build has GPU kernels, else
    the CPU) against a float64 composite, and decode_step against the ops it chains. One dict per check."""
    import dualgpu_example as ext

    device = device or ("cuda" if ext.has_gpu_kernels() else "cpu")
    gen = torch.Generator().manual_seed(0)

    def randn(*shape):
        return torch.randn(*shape, generator=gen).to(device)

    tokens, hidden, heads, head_size, max_pos = 4, 256, 2, 64, 16
    x, residual, w = randn(tokens, hidden), randn(tokens, hidden), torch.rand(hidden, generator=gen).to(device) + 0.5
    gate_up, cache = randn(tokens, 2 * hidden), randn(max_pos, head_size)
    positions = torch.randint(0, max_pos, (tokens,), generator=gen).to(device)
    q, k = randn(tokens, heads * head_size), randn(tokens, heads * head_size)

    def rms64(t):
        t = t.double()
        return t * torch.rsqrt(t.pow(2).mean(-1, keepdim=True) + 1e-6) * w.double()

    def silu64(t):
        return torch.nn.functional.silu(t.double()[..., :hidden]) * t.double()[..., hidden:]

    def rope64(t):
        h = t.double().view(tokens, -1, head_size).clone()
        rows = cache.double()[positions].unsqueeze(1)
        cos, sin = rows[..., :head_size // 2], rows[..., head_size // 2:]
        a, b = h[..., :head_size // 2].clone(), h[..., head_size // 2:].clone()
        return torch.cat([a * cos - b * sin, b * cos + a * sin], -1).view(t.shape)

    def fused():
        xx, rr = x.clone(), residual.clone()
        ext.fused_add_rms_norm(xx, rr, w, 1e-6)
        return xx, rms64(x + residual)

    def rotary():
        qq, kk = q.clone(), k.clone()
        ext.rotary_embedding(positions, qq, kk, head_size, cache)
        return torch.cat([qq, kk]), torch.cat([rope64(q), rope64(k)])

    def decode():  # must equal the separate ops exactly: the same kernels
        args = [x.clone(), residual.clone(), w, 1e-6, positions, q.clone(), k.clone(), cache, head_size,
                gate_up, torch.empty(tokens, hidden, device=device)]
        ext.decode_step(*args)
        xx, rr, qq, kk = x.clone(), residual.clone(), q.clone(), k.clone()
        ext.fused_add_rms_norm(xx, rr, w, 1e-6)
        ext.rotary_embedding(positions, qq, kk, head_size, cache)
        got = torch.cat([args[0].flatten(), args[1].flatten(), args[5].flatten(), args[6].flatten(), args[10].flatten()])
        want = torch.cat([xx.flatten(), rr.flatten(), qq.flatten(), kk.flatten(), ext.silu_and_mul(gate_up).flatten()])
        return got, want.double()

    checks = {
        "rms_norm": lambda: (ext.rms_norm(x, w, 1e-6), rms64(x)),
        "fused_add_rms_norm": fused,
        "silu_and_mul": lambda: (ext.silu_and_mul(gate_up), silu64(gate_up)),
        "rotary_embedding": rotary,
        "decode_step": decode,
    }
    results = []
    for name, run in checks.items():
        start = time.perf_counter()
        try:
            got, want = run()
            error = (got.double() - want.double()).abs().max().item()
            tolerance = 0.0 if name == "decode_step" else 1e-4
            ok = got.device.type == torch.device(device).type and error <= tolerance
            results.append({"name": name, "device": device, "status": "passed" if ok else "failed",
                             "max_error": error, "tolerance": tolerance, "detail": "" if ok else
                             f"max error {error:.3g} > {tolerance:g} or output on {got.device}"})
        except Exception as e:  # a broken op is a result to report, not a crash of the smoke test
            results.append({"name": name, "device": device, "status": "failed", "max_error": None,
                            "tolerance": None, "detail": f"{type(e).__name__}: {e}"})
        results[-1]["seconds"] = time.perf_counter() - start
    return results


def smoke(args=(), dualgpu_root=None):
    """Runs DualGPU's `bin/dualgpu smoke --json` with `args` (e.g. ("--profile", "llm"); the first run
    builds the smoke program, a few minutes) and this extension's self_test(); returns the smoke report
    (parsed JSON) with the self-test under "extension" and "ok": both passed.

    dualgpu_root: the DualGPU checkout; default $DUALGPU_ROOT, else the checkout this example lives in."""
    report = _run_dualgpu_smoke(_dualgpu_root(dualgpu_root), list(args))
    report["extension"] = self_test()
    report["ok"] = report.get("exit_status") == 0 and all(c["status"] == "passed" for c in report["extension"])
    return report


def main(argv):
    """`python -c 'import sys, dualgpu_example as m; sys.exit(m._smoke.main(sys.argv[1:]))' [--dualgpu-root DIR]
    [--json FILE] [smoke options]`: prints a summary, exit 0 when everything passed."""
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
