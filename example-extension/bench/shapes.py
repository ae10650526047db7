"""The shapes bench_bandwidth.py times, in named sets (--set).

grid      the shapes the kernels are tuned on: the hidden sizes of current open models, widths no
          vector width divides, decode (1, 64 rows) and prefill (2048, 16384 rows) sizes, the shapes
          earlier issues named, and the narrow 16-bit rows (hidden 896) at decode row counts.
heldback  shapes from real model configurations that are NOT in the grid and that no kernel choice
          was tuned on: reported apart, they say how the kernels do on shapes nobody looked at.
          Chosen before the tuning that used the grid, and not to be edited after a measurement.

A spec is ("rms" | "fused", rows, hidden), ("silu", rows, d) for an input of width 2 * d, or
("rotary", tokens, heads, kv_heads, head_size). `dtypes` per set: None for all three.
"""

HIDDEN = [4100, 5121, 1536, 2880, 3584, 4096, 5120, 7168, 8192]
SILU_WIDTHS = [2002, 4100, 1536, 2880, 3584, 4096, 5120, 7168, 8192, 12288]  # x's width, 2 * d
ROWS = [1, 64, 2048, 16384]
EXTRA = [("rms", 1000, 4100), ("rms", 512, 5121), ("silu", 300, 1001), ("rms", 8192, 1536), ("fused", 64, 5120),
         ("silu", 8192, 3072)]
# Narrow rows (Qwen2.5-0.5B's hidden 896) at the row counts of a decode batch.
NARROW = [(kind, rows, 896) for kind in ("rms", "fused") for rows in (1, 4, 16, 64, 256, 512)]


def grid():
    specs = list(EXTRA) + NARROW
    for rows in ROWS:
        for hidden in HIDDEN:
            specs += [("rms", rows, hidden), ("fused", rows, hidden)]
        specs += [("silu", rows, width // 2) for width in SILU_WIDTHS]
    return list(dict.fromkeys(specs))  # once each, in first-listed order: EXTRA repeats a product shape


# Hidden sizes (norms) and MLP intermediate sizes (silu_and_mul's d) of released models, none of them
# in the grid: SmolLM2-135M 576, Qwen3-0.6B 1024, Llama-3.2-1B 2048, Gemma-2-2B 2304, Llama-3.2-3B 3072,
# Gemma-2-27B 4608, Mixtral-8x22B 6144; DeepSeek-V2-Lite's experts 1408, Qwen2.5-0.5B 4864, Gemma-2-2B
# 9216, Llama-3-8B 14336, Qwen2.5-7B 18944. Row counts between the grid's: decode batches and prefills.
HELDBACK_HIDDEN = [576, 1024, 2048, 2304, 3072, 4608, 6144]
HELDBACK_D = [1408, 4864, 9216, 14336, 18944]
HELDBACK_ROWS = [1, 16, 128, 1024, 4096]


def heldback():
    specs = []
    for rows in HELDBACK_ROWS:
        specs += [(kind, rows, hidden) for hidden in HELDBACK_HIDDEN for kind in ("rms", "fused")]
        specs += [("silu", rows, d) for d in HELDBACK_D]
    return specs


QUICK = [("rms", 64, 256), ("rms", 64, 261), ("fused", 64, 256), ("fused", 64, 261), ("silu", 64, 256),
         ("silu", 64, 131), ("rotary", 64, 4, 2, 64)]

SETS = {"grid": (grid, None), "heldback": (heldback, ["bfloat16", "float16"]), "quick": (lambda: list(QUICK), None)}
