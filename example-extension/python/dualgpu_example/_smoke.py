"""smoke(): DualGPU's environment smoke test (`dualgpu smoke`) plus a quick self-test of this
extension's own ops on the device they will run on. The running and comparing is DualGPU's own
(`dualgpu.smoke`, the same module generated projects use); this file holds only this extension's checks."""
import dualgpu.smoke  # the checkout's or the installed one: __init__.py puts the right one on the path
import torch


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

    def fused():  # both forms: in place, and into new tensors
        xx, rr = x.clone(), residual.clone()
        ext.fused_add_rms_norm(xx, rr, w, 1e-6)
        out, _ = ext.fused_add_rms_norm(x, residual, w, 1e-6, inplace=False)
        return torch.cat([xx, out]), torch.cat([rms64(x + residual)] * 2)

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
    # decode_step must equal the separate ops exactly: the same kernels.
    tolerance = {name: 0.0 if name == "decode_step" else 1e-4 for name in checks}
    return dualgpu.smoke.check_ops(checks, device, tolerance)


def smoke(args=(), dualgpu_root=None):
    """Runs DualGPU's `dualgpu smoke --json` with `args` (e.g. ("--profile", "llm"); the first run
    builds the smoke program, a few minutes) and this extension's self_test(); returns the smoke report
    (parsed JSON) with the self-test under "extension" and "ok": both passed.

    dualgpu_root: a DualGPU checkout; default $DUALGPU_ROOT, else the installed or enclosing dualgpu."""
    return dualgpu.smoke.smoke(args, dualgpu_root, self_test=self_test)


def main(argv):
    """What the `smoke` CMake target runs: [--dualgpu-root DIR] [--json FILE] [smoke options]."""
    return dualgpu.smoke.main(argv, self_test=self_test)
