"""Each op against a float64 reference, on the CPU and (when this build has GPU kernels) the GPU."""
import pytest
import torch

import dualgpu_example as ext
import reference as ref

GPU = ext.has_gpu_kernels()
# The GPU case is always listed, so a machine without one reports it as skipped, with the reason.
DEVICES = ["cpu", pytest.param("cuda", marks=[pytest.mark.gpu, pytest.mark.skipif(
    not GPU, reason="no GPU visible, or this build has no GPU kernels (a cpu-platform build)")])]
DTYPES = [torch.float32, torch.float16, torch.bfloat16]
# One rounding of a float32 result to the dtype, plus float32 accumulation noise.
TOLERANCE = {torch.float32: (1e-5, 1e-5), torch.float16: (2e-3, 2e-3), torch.bfloat16: (1.6e-2, 1.6e-2)}
EPS = 1e-6

# hidden sizes: a multiple of every vector width (the 16-byte path); widths no vector width divides
# (head and tail of each row apart: 17, 4100, 5121, the open-model-like 4100 and 5121 in every dtype);
# one wider than a block's 1024 threads; rows narrower than two vectors (the scalar kernel: 1, 3, 13).
HIDDEN = [256, 1, 3, 13, 17, 4096 + 8, 4100, 5121]
# Which pointers sit one value past a 16-byte boundary: none, x only (then x and out, or x and the
# residual, are at different offsets), or every one, the weight too (each at the same offset).
MISALIGNED = ["none", "x", "all"]


def close(actual, expected, dtype):
    rtol, atol = TOLERANCE[dtype]
    torch.testing.assert_close(actual.double(), expected.double(), rtol=rtol, atol=atol)


def randn(*shape, dtype, device, misaligned=False):
    """Fresh N(0, 1) values; misaligned=True gives a contiguous view one element into its storage,
    so the data pointer is not 16-byte aligned (as a torch slice x[1:] often is)."""
    n = 1
    for s in shape:
        n *= s
    flat = torch.randn(n + 1, dtype=torch.float32).to(dtype=dtype, device=device)
    return (flat[1:] if misaligned else flat[:n]).view(shape)


def weight_like(hidden, dtype, device, misaligned=False):
    w = (torch.rand(hidden + 1) + 0.5).to(dtype=dtype, device=device)  # never zero
    return w[1:] if misaligned else w[:hidden]


# ---- rms_norm ----------------------------------------------------------------------------
@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("hidden", HIDDEN)
@pytest.mark.parametrize("misaligned", MISALIGNED)
def test_rms_norm(device, dtype, hidden, misaligned):
    x = randn(3, 5, hidden, dtype=dtype, device=device, misaligned=misaligned != "none")
    w = weight_like(hidden, dtype, device, misaligned=misaligned == "all")
    out = ext.rms_norm(x, w, EPS)
    assert out.dtype == dtype and out.shape == x.shape
    close(out, ref.rms_norm(x, w, EPS), dtype)


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("hidden", HIDDEN)
@pytest.mark.parametrize("misaligned", MISALIGNED)
def test_fused_add_rms_norm(device, dtype, hidden, misaligned):
    x = randn(7, hidden, dtype=dtype, device=device, misaligned=misaligned != "none")
    residual = randn(7, hidden, dtype=dtype, device=device, misaligned=misaligned == "all")
    w = weight_like(hidden, dtype, device, misaligned=misaligned == "all")
    check_fused_add_rms_norm(x, residual, w, dtype)


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("dtype", DTYPES)
# d: a multiple of every vector width; odd (gate, up and out at three offsets: 17, 1001 as in 300 x
# 2002); narrower than two vectors (the scalar kernel: 1, 3, 11); wider than a block's threads.
@pytest.mark.parametrize("d", [128, 1, 3, 11, 17, 1001, 2048 + 8])
@pytest.mark.parametrize("misaligned", [False, True])
def test_silu_and_mul(device, dtype, d, misaligned):
    x = randn(2, 3, 2 * d, dtype=dtype, device=device, misaligned=misaligned)
    out = ext.silu_and_mul(x)
    assert out.shape == (2, 3, d)
    close(out, ref.silu_and_mul(x), dtype)


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("d", [1001, 2050])
def test_silu_and_mul_every_offset(device, dtype, d):
    # x starts 0 to 7 values into its storage: with 9 rows of an odd or 4-mod-8 width, gate and up sit at
    # every offset a realigned load handles (each 2 bytes apart in a 16-byte granule for 16-bit types).
    rows = 9
    flat = torch.randn(rows * 2 * d + 8, dtype=torch.float32).to(dtype=dtype, device=device)
    for k in range(8):
        x = flat[k:k + rows * 2 * d].view(rows, 2 * d)
        close(ext.silu_and_mul(x), ref.silu_and_mul(x), dtype)


# Enough rows for blocks of 256 to fill the GPU: a row's vectors are shared evenly among its blocks
# (silu_block_threads). 1440 is 180 bf16 vectors (one block of 192) or 360 fp32 ones (two of 192);
# 2560, 320 bf16 vectors (two of 192, the last one part empty); 1441 peels its edges. Narrow rows, one
# block a row in whole warps: 768 is 96 bf16 vectors, 264 is 33 (a warp and one thread).
@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("d", [1440, 2560, 1441, 768, 264])
def test_silu_and_mul_many_rows(device, dtype, d):
    x = randn(300, 2 * d, dtype=dtype, device=device)
    close(ext.silu_and_mul(x), ref.silu_and_mul(x), dtype)


# A width no 16-byte vector divides, 2050: float32 takes 8-byte vectors, one a thread in one wave (64
# rows on an H100 or H200) and two past it (300 rows: silu_and_mul_pairs_kernel, whose last thread a
# row has two values, not four); 16-bit, the granule kernel.
@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("rows", [64, 300])
def test_silu_and_mul_8_byte_vectors(device, dtype, rows):
    x = randn(rows, 2 * 2050, dtype=dtype, device=device)
    close(ext.silu_and_mul(x), ref.silu_and_mul(x), dtype)


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("head_size,rot_dim", [(64, 64), (128, 64), (80, 80)])
def test_rotary_embedding(device, dtype, head_size, rot_dim):
    tokens, q_heads, k_heads, max_pos = 9, 4, 2, 32
    positions = torch.randint(0, max_pos, (tokens,), device=device)
    query = randn(tokens, q_heads * head_size, dtype=dtype, device=device)
    key = randn(tokens, k_heads, head_size, dtype=dtype, device=device)
    cache = randn(max_pos, rot_dim, dtype=dtype, device=device)
    expected_q, expected_k = ref.rotary_embedding(positions, query, key, head_size, cache)
    ext.rotary_embedding(positions, query, key, head_size, cache)
    close(query, expected_q, dtype)
    close(key, expected_k, dtype)


def check_fused_add_rms_norm(x, residual, w, dtype):
    """fused_add_rms_norm in both forms against the float64 reference of x's and residual's values: first
    into new tensors (x and residual left bit for bit as they were, the outputs aligned where x or the
    residual may not be), then in place on x and residual."""
    expected_x, expected_residual = ref.fused_add_rms_norm(x, residual, w, EPS)
    x_before, residual_before = x.clone(), residual.clone()
    out, residual_out = ext.fused_add_rms_norm(x, residual, w, EPS, inplace=False)
    assert out.shape == x.shape and residual_out.shape == x.shape and out.dtype == residual_out.dtype == dtype
    assert torch.equal(x, x_before) and torch.equal(residual, residual_before), "the functional form wrote its inputs"
    close(residual_out, expected_residual, dtype)
    close(out, expected_x, dtype)
    returned = ext.fused_add_rms_norm(x, residual, w, EPS)
    assert returned[0] is x and returned[1] is residual
    close(residual, expected_residual, dtype)
    close(x, expected_x, dtype)


def check_norms(rows, hidden, dtype, device, misaligned=False):
    """rms_norm and fused_add_rms_norm over rows x hidden fresh values (misaligned: x one value into its
    storage) against the float64 references."""
    x = randn(rows, hidden, dtype=dtype, device=device, misaligned=misaligned)
    residual = randn(rows, hidden, dtype=dtype, device=device)
    w = weight_like(hidden, dtype, device)
    close(ext.rms_norm(x, w, EPS), ref.rms_norm(x, w, EPS), dtype)
    check_fused_add_rms_norm(x, residual, w, dtype)


# ---- the launch plans for many rows -------------------------------------------------------
# 1024 rows or more take the GPU plan for throughput (2-4 vectors a thread; fused_add_rms_norm's aligned
# rows of 4096 and 8192 with the weight loaded early; rms_norm's aligned 16-bit rows of 4096 at two vectors
# a thread, 1100 rows being more than one wave on an H200); 4096 + 8 leaves the last threads of a row
# with vectors past its end (clamped loads, masked stores).
@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("hidden", [4096, 4096 + 8, 4100, 8192])
def test_norms_many_rows(device, dtype, hidden):
    check_norms(1100, hidden, dtype, device)


# Narrow rows (up to 128 vectors) run in groups of up to 32 threads, several rows a block of 256, and load
# the weight with x where the grid is one wave. 4096 rows of 576 or 1024 (512 blocks) are one wave only with
# rms_norm's kernel capped at 64 registers (bfloat16; the other types fit uncapped); 1000 rows of 896 at any.
# Up to four aligned rows per SM (an H200 has 132 SMs) of up to 512 vectors take one block a row with the
# weight early instead: 256 rows of 896, 512 of 1024, 300 of 3072 (float32: 768 vectors, too wide for it).
@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("rows,hidden", [(4096, 576), (4096, 1024), (1000, 896), (256, 896), (512, 1024),
                                         (300, 3072)])
def test_norms_narrow_rows(device, dtype, rows, hidden):
    check_norms(rows, hidden, dtype, device)


# Decode sizes: no more rows than the GPU has SMs load the weight with x (the weight-early kernel);
# 133 rows, more than an H200's 132 SMs, the ordinary one. 2880 fp32 leaves the last threads of a row
# with vectors past its end; 7168 + 8 is a row of 897 to 1794 vectors. Rows of more than 1024 vectors
# take four a thread (8192 fp32, 16384 - 8 bf16: the last thread one short); on sm_90+
# fused_add_rms_norm rows of 80 KiB or more (float32 8192 and 7168 + 8, 16-bit 16384 - 8) share a
# cluster of 8 blocks each, two vectors a thread (16 rows: 128 blocks), the last block's last threads
# past the row; 17 rows do not fit and take the four-vector kernel.
# Widths no vector width divides load the weight early too, realigned: 64 rows of 5121 put the weight at
# every offset from out's row; 16384 - 9 is the widest such 16-bit row in one block (2047 vectors).
@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("rows,hidden", [(1, 1536), (64, 1536), (64, 2880), (64, 7168 + 8), (133, 5120), (1, 8192),
                                         (16, 7168 + 8), (17, 8192), (1, 16384 - 8), (1, 5121), (64, 5121),
                                         (132, 4100), (1, 16384 - 9)])
def test_norms_few_rows(device, dtype, rows, hidden):
    check_norms(rows, hidden, dtype, device)


# Rows wider than the register kernels hold (2048 16-byte vectors: 16384 bf16 or 8192 fp32 values) take
# the two-pass kernel, both norms; 16384 + 8 leaves the block's last trip partial in every dtype.
@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("hidden,misaligned", [(16384 + 8, False), (16384 + 5, False), (16384 + 8, True)])
def test_norms_wide_rows(device, dtype, hidden, misaligned):
    check_norms(5, hidden, dtype, device, misaligned=misaligned)


# 16384 rows or more of 1024 to 2048 16-byte vectors: rms_norm reads each row twice, the second time
# from L2 (norm_kernels.cuh's two-pass kernel); 1032 vectors leave the block's last trip partial. GPU
# only (the float64 reference of a 16387-row tensor is slow on the CPU): sampled rows are compared.
@pytest.mark.gpu
@pytest.mark.skipif(not GPU, reason="no GPU visible, or this build has no GPU kernels (a cpu-platform build)")
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("vectors,extra", [(1024, 0), (1032, 0), (2048, 0), (1024, 3)])
def test_rms_norm_very_many_rows(dtype, vectors, extra):
    hidden = vectors * 16 // torch.empty((), dtype=dtype).element_size() + extra  # extra: head and tail apart
    x = randn(16384 + 3, hidden, dtype=dtype, device="cuda")
    w = weight_like(hidden, dtype, "cuda")
    rows = torch.tensor([0, 1, 511, 8192, 16383, 16384, 16386], device="cuda")
    close(ext.rms_norm(x, w, EPS)[rows], ref.rms_norm(x[rows], w, EPS), dtype)


# ---- past 2^31 elements (GPU only: 4 GiB tensors) ------------------------------------------
HUGE_HIDDEN = 4096
HUGE_ROWS = 2**31 // HUGE_HIDDEN + 3  # > 2^31 elements: 64-bit offsets; > 65535 rows: more than one grid line
# Rows around each boundary (a grid line of 65535 rows, the 2^31st element) and the last one.
CHECKED_ROWS = [0, 65534, 65535, 65536, 2**31 // HUGE_HIDDEN - 1, 2**31 // HUGE_HIDDEN, HUGE_ROWS - 1]


@pytest.mark.gpu
@pytest.mark.skipif(not GPU, reason="no GPU visible, or this build has no GPU kernels (a cpu-platform build)")
@pytest.mark.parametrize("op", ["rms_norm", "fused_add_rms_norm", "silu_and_mul"])
def test_past_2_31_elements(op):
    if torch.cuda.get_device_properties(0).total_memory < 24 << 30:
        pytest.skip("needs 24 GiB of GPU memory")
    rows = torch.tensor(CHECKED_ROWS, device="cuda")
    dtype = torch.bfloat16
    w = weight_like(HUGE_HIDDEN, dtype, "cuda")
    if op == "silu_and_mul":  # half the rows, twice as wide: still > 2^31 elements in x
        x = torch.randn(HUGE_ROWS // 2, 2 * HUGE_HIDDEN, dtype=dtype, device="cuda")
        rows = torch.tensor([0, 65534, 65535, 65536, x.shape[0] - 1], device="cuda")
        close(ext.silu_and_mul(x)[rows], ref.silu_and_mul(x[rows]), dtype)
    elif op == "rms_norm":
        x = torch.randn(HUGE_ROWS, HUGE_HIDDEN, dtype=dtype, device="cuda")
        close(ext.rms_norm(x, w, EPS)[rows], ref.rms_norm(x[rows], w, EPS), dtype)
    else:
        x = torch.randn(HUGE_ROWS, HUGE_HIDDEN, dtype=dtype, device="cuda")
        residual = torch.randn_like(x)
        expected_x, expected_residual = ref.fused_add_rms_norm(x[rows], residual[rows], w, EPS)
        out, residual_out = ext.fused_add_rms_norm(x, residual, w, EPS, inplace=False)
        close(residual_out[rows], expected_residual, dtype)
        close(out[rows], expected_x, dtype)
        del out, residual_out
        ext.fused_add_rms_norm(x, residual, w, EPS)
        close(residual[rows], expected_residual, dtype)
        close(x[rows], expected_x, dtype)
    torch.cuda.synchronize()


# ---- empty tensors -----------------------------------------------------------------------
@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("shape", [(0, 64), (4, 0), (0, 0)])
def test_empty(device, shape):
    x = torch.empty(shape, device=device)
    w = torch.ones(shape[-1], device=device)
    assert ext.rms_norm(x, w, EPS).shape == shape
    ext.fused_add_rms_norm(x, torch.empty(shape, device=device), w, EPS)
    assert [t.shape for t in ext.fused_add_rms_norm(x, torch.empty(shape, device=device), w, EPS, inplace=False)] == [
        shape, shape]
    assert ext.silu_and_mul(x).shape == shape[:-1] + (shape[-1] // 2,)
    positions = torch.empty(0, dtype=torch.long, device=device)
    q = torch.empty(0, 64, device=device)
    ext.rotary_embedding(positions, q, q.clone(), 64, torch.randn(8, 64, device=device))


# ---- bad inputs: each names the problem --------------------------------------------------
def _bad_cases(device):
    x = torch.randn(4, 8, device=device)
    w = torch.ones(8, device=device)
    pos = torch.zeros(4, dtype=torch.long, device=device)
    q = torch.randn(4, 16, device=device)
    cache = torch.randn(8, 16, device=device)
    return [
        ("int dtype", lambda: ext.rms_norm(x.long(), w.long(), EPS), "x must have dtype"),
        ("weight dtype", lambda: ext.rms_norm(x, w.half(), EPS), "weight must have the dtype of x"),
        ("weight shape", lambda: ext.rms_norm(x, torch.ones(7, device=device), EPS), r"weight must have shape \[8\]"),
        ("non-contiguous", lambda: ext.rms_norm(x.t(), torch.ones(4, device=device), EPS), "x must be contiguous"),
        ("residual shape", lambda: ext.fused_add_rms_norm(x, x[:2].clone(), w, EPS), "residual must have x's shape"),
        ("residual shape, new tensors", lambda: ext.fused_add_rms_norm(x, x[:2].clone(), w, EPS, inplace=False),
         "residual must have x's shape"),
        ("odd gate/up", lambda: ext.silu_and_mul(x[:, :7].contiguous()), "last dimension must be even"),
        ("positions dtype", lambda: ext.rotary_embedding(pos.int(), q, q.clone(), 16, cache), "positions must have dtype Long"),
        ("rot_dim > head_size", lambda: ext.rotary_embedding(pos, q, q.clone(), 8, cache), "at most head_size"),
        ("heads", lambda: ext.rotary_embedding(pos, q[:, :12].contiguous(), q.clone(), 16, cache), "whole heads"),
    ]


@pytest.mark.parametrize("device", DEVICES)
def test_bad_inputs_raise(device):
    for what, call, message in _bad_cases(device):
        with pytest.raises((RuntimeError, TypeError), match=message):
            call()


@pytest.mark.skipif(not GPU, reason="needs a GPU build of the extension and a visible GPU")
def test_mixed_devices_raise():
    with pytest.raises(RuntimeError, match="same device"):
        ext.rms_norm(torch.randn(2, 8, device="cuda"), torch.ones(8), EPS)


# ---- torch.library integration -------------------------------------------------------------
HAS_OPCHECK = hasattr(torch.library, "opcheck")
HAS_FAKE = hasattr(torch.library, "register_fake") or hasattr(torch.library, "impl_abstract")


@pytest.mark.skipif(not HAS_OPCHECK, reason="torch.library.opcheck needs torch >= 2.4")
@pytest.mark.parametrize("device", DEVICES)
def test_opcheck(device):
    ops = torch.ops.dualgpu_example
    x = torch.randn(3, 16, device=device)
    w = torch.rand(16, device=device) + 0.5
    pos = torch.randint(0, 8, (3,), device=device)
    cache = torch.randn(8, 16, device=device)
    torch.library.opcheck(ops.rms_norm.default, (x, w, EPS))
    torch.library.opcheck(ops.fused_add_rms_norm.default, (x.clone(), x.clone(), w, EPS))
    torch.library.opcheck(ops.fused_add_rms_norm_functional.default, (x, x.clone(), w, EPS))
    torch.library.opcheck(ops.silu_and_mul.default, (x,))
    torch.library.opcheck(ops.rotary_embedding.default, (pos, x.clone(), x.clone(), 16, cache))
    gate_up = torch.randn(3, 32, device=device)
    torch.library.opcheck(ops.decode_step.default, (x.clone(), x.clone(), w, EPS, pos, x.clone(), x.clone(), cache, 16,
                                                    gate_up, torch.empty(3, 16, device=device)))


@pytest.mark.skipif(not HAS_FAKE or not hasattr(torch, "compile"), reason="fake implementations need torch >= 2.2")
def test_torch_compile_traces_ops():
    # aot_eager traces with the fake implementations but generates no code: cheap, no compiler needed.
    @torch.compile(backend="aot_eager", fullgraph=True)
    def block(x, residual, w):
        normed, summed = ext.fused_add_rms_norm(x, residual, w, EPS, inplace=False)
        ext.fused_add_rms_norm(x, residual, w, EPS)
        return ext.silu_and_mul(ext.rms_norm(x, w, EPS)), normed, summed

    x, residual, w = torch.randn(4, 32), torch.randn(4, 32), torch.rand(32) + 0.5
    expected_x, expected_residual = ref.fused_add_rms_norm(x, residual, w, EPS)
    out, normed, summed = block(x, residual, w)
    close(out, ref.silu_and_mul(ref.rms_norm(expected_x.float(), w, EPS)), torch.float32)
    close(normed, expected_x, torch.float32)
    close(summed, expected_residual, torch.float32)


# ---- decode_step: the three ops chained, one graph on the GPU ---------------------------------
# A small decode layer: 4 query heads, 2 KV heads of 64 (rot_dim 32, partial rotary), hidden 256.
Q_HEADS, KV_HEADS, HEAD_SIZE, ROT_DIM, D_HIDDEN, D_INTER, MAX_POS = 4, 2, 64, 32, 256, 384, 128


def decode_inputs(batch, dtype, device, misaligned=False):
    """The arguments of decode_step, fresh; misaligned=True offsets x, query and gate_up by one element."""
    return dict(
        x=randn(batch, D_HIDDEN, dtype=dtype, device=device, misaligned=misaligned),
        residual=randn(batch, D_HIDDEN, dtype=dtype, device=device),
        weight=weight_like(D_HIDDEN, dtype, device), eps=EPS,
        positions=torch.randint(0, MAX_POS, (batch,), device=device),
        query=randn(batch, Q_HEADS * HEAD_SIZE, dtype=dtype, device=device, misaligned=misaligned),
        key=randn(batch, KV_HEADS, HEAD_SIZE, dtype=dtype, device=device),
        cos_sin_cache=randn(MAX_POS, ROT_DIM, dtype=dtype, device=device), head_size=HEAD_SIZE,
        gate_up=randn(batch, 2 * D_INTER, dtype=dtype, device=device, misaligned=misaligned),
        out=torch.full((batch, D_INTER), float("nan"), dtype=dtype, device=device))


def clone_keeping_alignment(t):
    """A copy of t at the same storage offset, so its data pointer has t's alignment: the kernels
    pick their variant (16-byte vectors or scalar) from the alignment, and the variants reduce in
    different orders, so only copies with the same alignment give the same bits. (t.clone() would
    be aligned even when t is a misaligned view.)"""
    if t.storage_offset() == 0:
        return t.clone()
    flat = torch.empty(t.storage_offset() + t.numel(), dtype=t.dtype, device=t.device)
    return flat[t.storage_offset():].view(t.shape).copy_(t)


def clone_inputs(a):
    return {k: clone_keeping_alignment(v) if torch.is_tensor(v) else v for k, v in a.items()}


MUTATED = ["x", "residual", "query", "key", "out"]


def separate_ops(a):
    """decode_step by hand: the individual ops on a copy of the inputs; returns the mutated tensors."""
    a = clone_inputs(a)
    ext.fused_add_rms_norm(a["x"], a["residual"], a["weight"], a["eps"])
    ext.rotary_embedding(a["positions"], a["query"], a["key"], a["head_size"], a["cos_sin_cache"])
    a["out"].copy_(ext.silu_and_mul(a["gate_up"]))
    return {k: a[k] for k in MUTATED}


def run_decode_step(a, use_graph=True):
    a = clone_inputs(a)
    ext.decode_step(**a, use_graph=use_graph)
    return {k: a[k] for k in MUTATED}


def test_clone_inputs_keeps_alignment():
    # The expected values of the graph tests come from eager runs on clones: a clone of a misaligned
    # input must be misaligned the same way, or it runs other kernels (test_decode_step_new_pointers...).
    for dtype in DTYPES:
        a = decode_inputs(3, dtype, "cpu", misaligned=True)
        b = clone_inputs(a)
        for name, v in a.items():
            if torch.is_tensor(v):
                assert b[name].data_ptr() != v.data_ptr(), name
                torch.testing.assert_close(b[name], v, rtol=0, atol=0, equal_nan=True)  # out holds NaN
                assert b[name].data_ptr() % 16 == v.data_ptr() % 16 or v.storage_offset() == 0, name
                assert b[name].is_contiguous() and b[name].shape == v.shape, name
        assert b["x"].storage_offset() == 1 and b["residual"].storage_offset() == 0


def assert_identical(actual, expected):
    for name in MUTATED:
        assert torch.equal(actual[name], expected[name]), f"{name} differs"


@pytest.mark.parametrize("device", DEVICES)
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("batch", [1, 2, 5, 16, 64])
def test_decode_step(device, dtype, batch):
    a = decode_inputs(batch, dtype, device)
    got = run_decode_step(a)
    assert_identical(got, separate_ops(a))  # the same kernels: the same bits
    expected_x, expected_residual = ref.fused_add_rms_norm(a["x"], a["residual"], a["weight"], EPS)
    expected_q, expected_k = ref.rotary_embedding(a["positions"], a["query"], a["key"], HEAD_SIZE, a["cos_sin_cache"])
    close(got["residual"], expected_residual, dtype)
    close(got["x"], expected_x, dtype)
    close(got["query"], expected_q, dtype)
    close(got["key"], expected_k, dtype)
    close(got["out"], ref.silu_and_mul(a["gate_up"]), dtype)


@pytest.mark.parametrize("device", DEVICES)
def test_decode_step_bad_inputs_raise(device):
    a = decode_inputs(4, torch.float32, device)
    cases = [
        ("out shape", dict(out=a["out"][:, :-1].contiguous()), r"out must have shape \[4, 384\]"),
        ("token count", dict(gate_up=a["gate_up"][:3].contiguous(), out=a["out"][:3].contiguous()),
         "same number of tokens"),
        ("query dtype", dict(query=a["query"].double()), "query must have dtype"),
        ("mixed dtypes", dict(gate_up=a["gate_up"].half(), out=a["out"].half()), "gate_up must have the dtype of x"),
    ]
    for what, change, message in cases:
        with pytest.raises((RuntimeError, TypeError), match=message):
            ext.decode_step(**dict(a, **change))


def test_graph_stats_shape():
    stats = ext.graph_stats()
    for name in ("captures", "replays", "updates", "fallbacks", "eager", "evictions"):
        assert isinstance(stats[name], int) and stats[name] >= 0


def stats_delta(before):
    after = ext.graph_stats()
    return {k: after[k] - before[k] for k in before if isinstance(before[k], int)}


@pytest.mark.skipif(not GPU, reason="needs a GPU build of the extension and a visible GPU")
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("batch", [1, 16, 64])
def test_decode_step_graph_replay_bit_identical(dtype, batch):
    a = decode_inputs(batch, dtype, "cuda")
    expected = run_decode_step(a, use_graph=False)
    # The same tensors each time: warm-up (eager) unless an earlier test ran this structure, capture
    # (or update of that test's graph), then replays.
    buffers = clone_inputs(a)
    before = ext.graph_stats()
    for _ in range(4):
        for name in MUTATED:  # restore the inputs in place: the pointers stay the same
            buffers[name].copy_(a[name])
        ext.decode_step(**buffers)
        torch.cuda.synchronize()
        assert_identical({k: buffers[k] for k in MUTATED}, expected)
    delta = stats_delta(before)
    assert delta["fallbacks"] == 0, ext.graph_stats()
    assert delta["captures"] + delta["updates"] == 1 and delta["replays"] >= 2, delta


@pytest.mark.skipif(not GPU, reason="needs a GPU build of the extension and a visible GPU")
@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16])
def test_decode_step_new_pointers_stay_correct(dtype):
    # Same shapes, new tensors each call: a graph is reused for another set of pointers (updated in
    # place on CUDA, re-captured on HIP); misaligned inputs take another structure (scalar kernels).
    before = ext.graph_stats()
    for i in range(6):
        a = decode_inputs(8, dtype, "cuda", misaligned=(i == 4))
        expected = run_decode_step(a, use_graph=False)
        ext.decode_step(**a)  # a's own tensors: pointers differ from the previous call
        torch.cuda.synchronize()
        assert_identical({k: a[k] for k in MUTATED}, expected)
    # The values positions points at change without a new graph: the kernels read them on replay.
    a = decode_inputs(8, dtype, "cuda")
    buffers = clone_inputs(a)
    for _ in range(3):
        a["positions"].random_(0, MAX_POS)
        for name in MUTATED + ["positions"]:
            buffers[name].copy_(a[name])
        expected = run_decode_step(a, use_graph=False)
        ext.decode_step(**buffers)
        torch.cuda.synchronize()
        assert_identical({k: buffers[k] for k in MUTATED}, expected)
    delta = stats_delta(before)
    assert delta["fallbacks"] == 0, ext.graph_stats()
    assert delta["replays"] >= 1 and delta["captures"] + delta["updates"] >= 2, delta


@pytest.mark.skipif(not GPU, reason="needs a GPU build of the extension and a visible GPU")
def test_decode_step_on_a_side_stream():
    a = decode_inputs(4, torch.float16, "cuda")
    expected = run_decode_step(a, use_graph=False)
    stream = torch.cuda.Stream()
    stream.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(stream):
        for _ in range(3):  # warm-up, capture, replay: all on the side stream
            b = clone_inputs(a)
            ext.decode_step(**b)
    torch.cuda.current_stream().wait_stream(stream)
    torch.cuda.synchronize()
    assert_identical({k: b[k] for k in MUTATED}, expected)


def test_self_test_passes():
    # The extension half of smoke(); the DualGPU half (bin/dualgpu smoke) is the `smoke` target's job.
    from dualgpu_example._smoke import self_test
    results = self_test()
    assert [r["name"] for r in results] == ["rms_norm", "fused_add_rms_norm", "silu_and_mul", "rotary_embedding",
                                            "decode_step"]
    assert all(r["status"] == "passed" for r in results), results
