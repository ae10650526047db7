"""Each op against PyTorch: the eager composite, F.rms_norm (torch >= 2.4), and torch.compile of the
composite (GPU only); and decode_step (the three kernels of one decode step) launched as one graph
vs one by one, at decode batches 1, 4, 16, 64. Run (writes the JSON that plot.py reads; plot.py also
prints decode_step's speed-up per batch and the crossover):

    python -m pytest bench/bench_ops.py --benchmark-json=bench/results.json
    python bench/plot.py bench/results.json bench/results.png
"""
import pytest
import torch
import torch.nn.functional as F

import dualgpu_example as ext

GPU = ext.has_gpu_kernels()
DEVICE = "cuda" if GPU else "cpu"
# LLM-sized rows on the GPU (Llama-3-8B: hidden 4096, MLP 14336); small ones so a CPU run ends.
TOKENS, HIDDEN, INTERMEDIATE = (4096, 4096, 14336) if GPU else (256, 1024, 2048)
HEADS, KV_HEADS, HEAD_SIZE, MAX_POS = (32, 8, 128, 8192) if GPU else (8, 2, 64, 1024)
DTYPE = torch.bfloat16 if GPU else torch.float32
EPS = 1e-6


def sync():
    if GPU:
        torch.cuda.synchronize()


def timed(fn):
    """Waits for the GPU inside the timed call, or only the launch would be measured."""
    def run():
        fn()
        sync()
    return run


# ---- PyTorch composites (the same math the kernels fuse) -----------------------------------
def eager_rms_norm(x, w, eps=EPS):
    xf = x.float()
    return (xf * torch.rsqrt(xf.pow(2).mean(-1, keepdim=True) + eps) * w.float()).to(x.dtype)


def eager_fused_add_rms_norm(x, residual, w, eps=EPS):
    residual.add_(x)
    x.copy_(eager_rms_norm(residual, w, eps))


def eager_silu_and_mul(x):
    d = x.shape[-1] // 2
    return F.silu(x[..., :d]) * x[..., d:]


def eager_rotary(positions, q, k, head_size, cache):
    half = cache.shape[1] // 2
    cos, sin = cache[positions].unsqueeze(1).chunk(2, dim=-1)

    def rotate(t):
        h = t.view(positions.numel(), -1, head_size)
        a, b = h[..., :half].clone(), h[..., half:2 * half].clone()
        h[..., :half] = a * cos - b * sin
        h[..., half:2 * half] = b * cos + a * sin

    rotate(q)
    rotate(k)


def compiled(fn):
    if not GPU:
        pytest.skip("torch.compile is benchmarked on the GPU only")
    if not hasattr(torch, "compile"):
        pytest.skip("torch.compile needs torch >= 2.0")
    return torch.compile(fn)


# ---- inputs ------------------------------------------------------------------------------
def norm_inputs():
    x = torch.randn(TOKENS, HIDDEN, device=DEVICE, dtype=DTYPE)
    return x, torch.randn(TOKENS, HIDDEN, device=DEVICE, dtype=DTYPE), torch.rand(HIDDEN, device=DEVICE, dtype=DTYPE) + 0.5


def rotary_inputs():
    positions = torch.randint(0, MAX_POS, (TOKENS,), device=DEVICE)
    q = torch.randn(TOKENS, HEADS * HEAD_SIZE, device=DEVICE, dtype=DTYPE)
    k = torch.randn(TOKENS, KV_HEADS * HEAD_SIZE, device=DEVICE, dtype=DTYPE)
    return positions, q, k, HEAD_SIZE, torch.randn(MAX_POS, HEAD_SIZE, device=DEVICE, dtype=DTYPE)


def run_bench(benchmark, fn):
    fn()  # warm-up: torch.compile compiles here, not in the timed rounds
    sync()
    benchmark.pedantic(timed(fn), rounds=50, iterations=5, warmup_rounds=2)


# ---- benchmarks: group = op, name = implementation -----------------------------------------
@pytest.mark.benchmark(group="rms_norm")
@pytest.mark.parametrize("impl", ["dualgpu", "eager", "F.rms_norm", "compile"])
def test_rms_norm(benchmark, impl):
    x, _, w = norm_inputs()
    if impl == "dualgpu":
        fn = lambda: ext.rms_norm(x, w, EPS)
    elif impl == "eager":
        fn = lambda: eager_rms_norm(x, w)
    elif impl == "F.rms_norm":
        if not hasattr(F, "rms_norm"):
            pytest.skip("F.rms_norm needs torch >= 2.4")
        fn = lambda: F.rms_norm(x, (HIDDEN,), w, EPS)
    else:
        f = compiled(eager_rms_norm)
        fn = lambda: f(x, w)
    run_bench(benchmark, fn)


@pytest.mark.benchmark(group="fused_add_rms_norm")
@pytest.mark.parametrize("impl", ["dualgpu", "eager", "compile"])
def test_fused_add_rms_norm(benchmark, impl):
    x, residual, w = norm_inputs()
    # In place: values drift over rounds, the cost does not; rescale so nothing overflows.
    x.mul_(1e-3)
    if impl == "dualgpu":
        fn = lambda: ext.fused_add_rms_norm(x, residual, w, EPS)
    elif impl == "eager":
        fn = lambda: eager_fused_add_rms_norm(x, residual, w)
    else:
        f = compiled(eager_fused_add_rms_norm)
        fn = lambda: f(x, residual, w)
    run_bench(benchmark, fn)


@pytest.mark.benchmark(group="silu_and_mul")
@pytest.mark.parametrize("impl", ["dualgpu", "eager", "compile"])
def test_silu_and_mul(benchmark, impl):
    x = torch.randn(TOKENS, 2 * INTERMEDIATE, device=DEVICE, dtype=DTYPE)
    if impl == "dualgpu":
        fn = lambda: ext.silu_and_mul(x)
    elif impl == "eager":
        fn = lambda: eager_silu_and_mul(x)
    else:
        f = compiled(eager_silu_and_mul)
        fn = lambda: f(x)
    run_bench(benchmark, fn)


@pytest.mark.benchmark(group="rotary_embedding")
@pytest.mark.parametrize("impl", ["dualgpu", "eager", "compile"])
def test_rotary_embedding(benchmark, impl):
    args = rotary_inputs()
    if impl == "dualgpu":
        fn = lambda: ext.rotary_embedding(*args)
    elif impl == "eager":
        fn = lambda: eager_rotary(*args)
    else:
        f = compiled(eager_rotary)
        fn = lambda: f(*args)
    run_bench(benchmark, fn)


# ---- decode_step: one graph vs three launches ---------------------------------------------------
# The same kernels either way; the graph saves the launch overhead, which matters at small batch.
DECODE_BATCHES = [1, 4, 16, 64]
# One timed call = STEPS decode steps then one synchronisation, so the host's launch rate is what
# is measured (as in a decode loop), not a synchronisation per step. plot.py divides by STEPS.
DECODE_STEPS = 16


def decode_inputs(batch):
    positions = torch.randint(0, MAX_POS, (batch,), device=DEVICE)
    # A real cos/sin table: rotations keep norms, so values do not overflow over thousands of steps.
    angles = torch.arange(MAX_POS, device=DEVICE).float()[:, None] * torch.rand(HEAD_SIZE // 2, device=DEVICE)
    cache = torch.cat([angles.cos(), angles.sin()], -1).to(DTYPE)
    return dict(x=torch.randn(batch, HIDDEN, device=DEVICE, dtype=DTYPE),
                residual=torch.zeros(batch, HIDDEN, device=DEVICE, dtype=DTYPE),
                weight=torch.rand(HIDDEN, device=DEVICE, dtype=DTYPE) + 0.5, eps=EPS, positions=positions,
                query=torch.randn(batch, HEADS * HEAD_SIZE, device=DEVICE, dtype=DTYPE),
                key=torch.randn(batch, KV_HEADS * HEAD_SIZE, device=DEVICE, dtype=DTYPE),
                cos_sin_cache=cache, head_size=HEAD_SIZE,
                gate_up=torch.randn(batch, 2 * INTERMEDIATE, device=DEVICE, dtype=DTYPE),
                out=torch.empty(batch, INTERMEDIATE, device=DEVICE, dtype=DTYPE))


@pytest.mark.benchmark(group="decode_step")
@pytest.mark.parametrize("batch", DECODE_BATCHES)
@pytest.mark.parametrize("impl", ["graph", "eager"])
def test_decode_step(benchmark, impl, batch):
    if impl == "graph" and not GPU:
        pytest.skip("graphs need a GPU build and a GPU (on the CPU both are the same calls)")
    args = decode_inputs(batch)
    use_graph = impl == "graph"

    def steps():
        for _ in range(DECODE_STEPS):
            ext.decode_step(**args, use_graph=use_graph)

    before = ext.graph_stats()
    for _ in range(3):  # warm-up, capture, first replay: outside the timed rounds
        steps()
    sync()
    benchmark.pedantic(timed(steps), rounds=50, iterations=2, warmup_rounds=2)
    after = ext.graph_stats()
    benchmark.extra_info.update(steps_per_call=DECODE_STEPS, batch=batch, impl=impl, device=DEVICE,
                                dtype=str(DTYPE), hidden=HIDDEN, intermediate=INTERMEDIATE,
                                graph_stats={k: after[k] - before[k] for k in before if isinstance(before[k], int)})
    if use_graph:
        assert after["fallbacks"] == before["fallbacks"], f"graph capture fell back: {ext.graph_stats()}"
