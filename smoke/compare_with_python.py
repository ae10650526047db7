#!/usr/bin/env python3
"""Times the smoke test's operators from Python with CUDA events and compares with its report.

Shows that `dualgpu smoke` adds no overhead to what it times: for each check in the smoke JSON
report (same shapes, same dtype), the operator is timed here the way PyTorch users do it —
warm-up, then torch.cuda.Event around a batch of back-to-back calls, median of several batches —
and the two medians are printed side by side with their ratio.

    bin/dualgpu smoke --json smoke.json
    python3 smoke/compare_with_python.py smoke.json [--markdown compare.md]
"""
import argparse
import json
import math
import pathlib
import statistics
import sys

import torch
import torch.nn.functional as F

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "python"))
from dualgpu import owned  # noqa: E402  (DualGPU's one way to write a user's file)

DTYPES = {"float32": torch.float32, "float16": torch.float16, "bfloat16": torch.bfloat16}


def shapes_of(text):
    """'[1024, 1024] [1024]' -> [[1024, 1024], [1024]]"""
    return [json.loads(part) for part in text.replace("] [", "]|[").split("|") if part.strip()]


def tensor(shape, dtype, positive=False):
    t = torch.randn(shape, device="cuda", dtype=torch.float32)
    return (t.abs() + 0.5 if positive else t).to(dtype)


def attention(q, k, v, causal=False):
    s = q @ k.transpose(-2, -1) / math.sqrt(q.shape[-1])
    if causal:
        s = s.masked_fill(torch.ones(q.shape[-2], k.shape[-2], dtype=torch.bool, device=q.device).triu(1), float("-inf"))
    return torch.softmax(s, -1) @ v


def rms(x, w, eps=1e-6):
    return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps) * w


# (category, name) -> builder(shapes, dtype) returning a zero-argument callable: the same call the C++ check times.
def builders():
    b = {}

    def two(fn, positive=False):
        return lambda s, d: (lambda a=tensor(s[0], d, positive), c=tensor(s[1], d, positive): (lambda: fn(a, c)))()

    def one(fn, positive=False):
        return lambda s, d: (lambda a=tensor(s[0], d, positive): (lambda: fn(a)))()

    b["linear-algebra", "matmul"] = two(torch.matmul)
    b["linear-algebra", "bmm"] = two(torch.bmm)
    b["linear-algebra", "einsum_attention_scores"] = two(lambda q, k: torch.einsum("bhqd,bhkd->bhqk", q, k))
    b["linear-algebra", "linear"] = lambda s, d: (lambda x=tensor(s[0], d), w=tensor(s[1], d), c=tensor(s[2], d): (lambda: F.linear(x, w, c)))()
    b["reductions", "sum"] = one(lambda x: x.sum(-1))
    b["reductions", "mean_all"] = one(lambda x: x.mean())
    b["reductions", "max_dim"] = one(lambda x: x.max(-1).values)
    b["reductions", "logsumexp"] = one(lambda x: torch.logsumexp(x, -1))
    b["elementwise", "add"] = two(torch.add)
    b["elementwise", "mul"] = two(torch.mul)
    b["elementwise", "exp"] = one(torch.exp)
    b["elementwise", "log"] = one(torch.log, positive=True)
    b["activations", "relu"] = one(torch.relu)
    b["activations", "gelu"] = one(F.gelu)
    b["activations", "silu"] = one(F.silu)
    b["activations", "softmax"] = one(lambda x: torch.softmax(x, -1))
    b["convolution", "conv2d"] = lambda s, d: (lambda x=tensor(s[0], d), w=tensor(s[1], d): (lambda: F.conv2d(x, w, padding=1)))()
    b["normalisation", "layer_norm"] = lambda s, d: (lambda x=tensor(s[0], d), w=tensor(s[1], d), c=tensor(s[2], d): (lambda: F.layer_norm(x, (x.shape[-1],), w, c, 1e-5)))()
    b["normalisation", "rms_norm_composite"] = lambda s, d: (lambda x=tensor(s[0], d), w=tensor(s[1], d): (lambda: rms(x, w)))()
    if hasattr(F, "rms_norm"):
        b["normalisation", "rms_norm"] = lambda s, d: (lambda x=tensor(s[0], d), w=tensor(s[1], d): (lambda: F.rms_norm(x, (x.shape[-1],), w, 1e-6)))()
    b["attention", "attention_manual"] = lambda s, d: (lambda q=tensor(s[0], d), k=tensor(s[1], d), v=tensor(s[2], d): (lambda: attention(q, k, v)))()
    b["attention", "sdpa"] = lambda s, d: (lambda q=tensor(s[0], d), k=tensor(s[1], d), v=tensor(s[2], d): (lambda: F.scaled_dot_product_attention(q, k, v)))()
    b["attention", "sdpa_causal"] = lambda s, d: (lambda q=tensor(s[0], d), k=tensor(s[1], d), v=tensor(s[2], d): (lambda: F.scaled_dot_product_attention(q, k, v, is_causal=True)))()
    return b


def time_with_events(call, sample_ms=2.0, samples=7, warmups=2):
    """Median microseconds per call: CUDA events around batches of back-to-back calls."""
    for _ in range(warmups):
        call()
    torch.cuda.synchronize()
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    call()
    end.record()
    end.synchronize()
    n = int(min(max(sample_ms / max(start.elapsed_time(end), 1e-6), 1), 1000))
    per_call = []
    for _ in range(samples):
        start.record()
        for _ in range(n):
            call()
        end.record()
        end.synchronize()
        per_call.append(start.elapsed_time(end) * 1000.0 / n)
    return statistics.median(per_call)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("report", help="JSON written by `dualgpu smoke --json`")
    parser.add_argument("--markdown", help="also write the comparison as a Markdown table")
    args = parser.parse_args()
    if args.markdown:
        try:
            owned.check_file_place(args.markdown, "--markdown file")
        except owned.Refused as e:
            sys.exit(f"compare_with_python.py: {e}")
    if not torch.cuda.is_available():
        sys.exit("no GPU visible to torch: this comparison is for the GPU machine")
    report = json.load(open(args.report))
    known = builders()
    rows = []
    for check in report["checks"]:
        key = (check["category"], check["name"])
        if check["status"] != "passed" or key not in known or check["median_us"] is None:
            continue
        call = known[key](shapes_of(check["shape"]), DTYPES[check["dtype"]])
        python_us = time_with_events(call)
        rows.append((f'{key[0]}/{key[1]}/{check["dtype"]}', check["median_us"], python_us, check["median_us"] / python_us))
    header = f'{"check":52} {"smoke (us)":>12} {"python events (us)":>19} {"ratio":>7}'
    print(header)
    for name, smoke_us, python_us, ratio in rows:
        print(f"{name:52} {smoke_us:12.1f} {python_us:19.1f} {ratio:7.2f}")
    ratios = [r[3] for r in rows]
    if ratios:
        print(f"\n{len(rows)} operators; smoke/python median ratio {statistics.median(ratios):.3f} "
              f"(min {min(ratios):.2f}, max {max(ratios):.2f}); 1.00 means the harness adds nothing")
    if args.markdown:
        table = ["| check | smoke (us) | python CUDA events (us) | ratio |", "|---|---:|---:|---:|"]
        table += [f"| {name} | {smoke_us:.1f} | {python_us:.1f} | {ratio:.2f} |" for name, smoke_us, python_us, ratio in rows]
        owned.write_file(args.markdown, "\n".join(table) + "\n", "--markdown file")


if __name__ == "__main__":
    main()
