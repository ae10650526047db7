"""Chart of a pytest-benchmark JSON from bench_ops.py: one bar group per op, one bar per implementation;
beside it decode_step's time per step against the decode batch, graph vs eager. Prints decode_step's
speed-up per batch and the crossover (the first batch at which the graph is no faster) first; that
part needs no matplotlib.

    python bench/plot.py bench/results.json [more.json ...] bench/results.png   (benchmarks merged)
    python bench/plot.py bench/bandwidth.json bench/bandwidth.png   (bench_bandwidth.py's JSON: % of copy)
"""
import json
import sys
from collections import defaultdict

DECODE_GROUP = "decode_step"


def decode_times(data):
    """{impl: {batch: median microseconds per decode step}} from the decode_step benchmarks."""
    times = defaultdict(dict)
    for b in data["benchmarks"]:
        if b["group"] == DECODE_GROUP:
            steps = b.get("extra_info", {}).get("steps_per_call", 1)
            times[b["params"]["impl"]][b["params"]["batch"]] = b["stats"]["median"] * 1e6 / steps
    return times


def decode_summary(times):
    """Lines: per batch eager and graph time per step and the speed-up, then the crossover."""
    graph, eager = times.get("graph", {}), times.get("eager", {})
    batches = sorted(set(graph) & set(eager))
    if not batches:
        return ["decode_step: no graph/eager pair measured (graphs are benchmarked on a GPU build only)"]
    lines = ["decode_step, time per step (median):", f"  {'batch':>5}  {'eager us':>9}  {'graph us':>9}  speed-up"]
    crossover = None
    for batch in batches:
        speedup = eager[batch] / graph[batch]
        lines.append(f"  {batch:>5}  {eager[batch]:9.2f}  {graph[batch]:9.2f}  {speedup:7.2f}x")
        if crossover is None and speedup <= 1.0:
            crossover = batch
    if crossover is None:
        lines.append(f"crossover: none up to batch {batches[-1]} (the graph is faster at every batch measured)")
    else:
        lines.append(f"crossover: batch {crossover} (the first batch measured at which the graph is no faster)")
    return lines


def load(json_paths):
    """The pytest-benchmark JSON files as one: their benchmarks concatenated, the first's machine_info."""
    data = None
    for path in json_paths:
        with open(path) as f:
            part = json.load(f)
        if data is None:
            data = part
        else:
            data["benchmarks"] += part["benchmarks"]
    return data


def main(json_paths, png_path):
    if len(json_paths) == 1:
        with open(json_paths[0]) as f:
            single = json.load(f)
        if single.get("kind") == "bandwidth":
            return plot_bandwidth(single, png_path)
    data = load(json_paths)
    decode = decode_times(data)
    print("\n".join(decode_summary(decode)))
    try:
        import matplotlib
    except ImportError:
        print("plot.py: matplotlib is not installed (pip install matplotlib); no chart written")
        return 0
    matplotlib.use("Agg")  # no display on build machines
    import matplotlib.pyplot as plt

    times = defaultdict(dict)  # op -> implementation -> median microseconds
    for b in data["benchmarks"]:
        if b["group"] != DECODE_GROUP:
            times[b["group"]][b["param"]] = b["stats"]["median"] * 1e6
    ops = sorted(times)
    impls = sorted({impl for per_op in times.values() for impl in per_op})
    width = 0.8 / max(len(impls), 1)
    if decode and not ops:  # a decode-only run: one panel, no empty op chart beside it
        fig, ax_decode = plt.subplots(figsize=(6, 4))
        plot_decode(ax_decode, decode)
        fig.tight_layout()
        fig.savefig(png_path, dpi=120)
        print(f"plot.py: wrote {png_path}")
        return 0
    if decode:
        fig, (ax, ax_decode) = plt.subplots(1, 2, figsize=(2.5 * len(ops) + 7, 4),
                                            gridspec_kw={"width_ratios": [max(len(ops), 1), 2]})
        plot_decode(ax_decode, decode)
    else:
        fig, ax = plt.subplots(figsize=(2.5 * len(ops) + 2, 4))
    for i, impl in enumerate(impls):
        xs = [o + i * width for o in range(len(ops)) if impl in times[ops[o]]]
        ys = [times[op][impl] for op in ops if impl in times[op]]
        ax.bar(xs, ys, width, label=impl)
    ax.set_xticks([o + width * (len(impls) - 1) / 2 for o in range(len(ops))])
    ax.set_xticklabels(ops)
    ax.set_ylabel("median time per call (µs, lower is better)")
    machine = data.get("machine_info", {}).get("node", "")
    ax.set_title(f"dualgpu_example vs PyTorch {machine}".strip())
    if impls:
        ax.legend()
    fig.tight_layout()
    fig.savefig(png_path, dpi=120)
    print(f"plot.py: wrote {png_path}")
    return 0


# Implementations drawn in the bandwidth chart, in this order.


def plot_bandwidth(data, png_path):
    """bench_bandwidth.py's JSON: per op, the best peer's GPU time over ours for every case (above 1:
    ours is faster), one marker per dtype; the peer's name is in the table, not the chart."""
    try:
        import matplotlib
    except ImportError:
        print("plot.py: matplotlib is not installed (pip install matplotlib); no chart written")
        return 0
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    summaries = [c for c in data.get("summaries", []) if c.get("ratio")]
    ops = list(dict.fromkeys(c["op"] for c in summaries))
    if not ops:
        print("plot.py: no case with a peer to compare; no chart written")
        return 0
    fig, axes = plt.subplots(len(ops), 1, figsize=(14, 3.2 * len(ops)), squeeze=False)
    markers = {"bfloat16": "o", "float16": "s", "float32": "^"}
    for ax, op in zip(axes[:, 0], ops):
        cases = [c for c in summaries if c["op"] == op]
        shapes = list(dict.fromkeys(c["shape"] for c in cases))
        for dtype, marker in markers.items():
            points = [(shapes.index(c["shape"]), c["ratio"]) for c in cases if c["dtype"] == dtype]
            if points:
                ax.scatter(*zip(*points), marker=marker, label=dtype, s=18)
        ax.axhline(1.0, color="black", linewidth=0.8)
        ax.axhline(0.95, color="red", linewidth=0.8, linestyle="--", label="0.95")
        ax.set_xticks(range(len(shapes)))
        ax.set_xticklabels(shapes, fontsize=6, rotation=90)
        ax.set_ylabel("best peer / ours (GPU time)")
        ax.set_title(f"{op}", fontsize=9)
        ax.set_yscale("log")
        ax.legend(fontsize=7, ncol=4, loc="upper right")
    copy = data.get("copy", {})
    fig.suptitle(f"dualgpu_example vs eager, F.rms_norm, torch.compile, Liger-Kernel on {data.get('device', '')} "
                 f"(copy {copy.get('gbps', 0):.0f} GB/s); above 1: ours faster", fontsize=10)
    fig.tight_layout()
    fig.savefig(png_path, dpi=110)
    print(f"plot.py: wrote {png_path}")
    return 0


def plot_decode(ax, times):
    """Time per decode step against the batch, one line per implementation, speed-ups annotated."""
    for impl in sorted(times):
        batches = sorted(times[impl])
        ax.plot(batches, [times[impl][b] for b in batches], marker="o", label=impl)
    graph, eager = times.get("graph", {}), times.get("eager", {})
    for batch in sorted(set(graph) & set(eager)):
        ax.annotate(f"{eager[batch] / graph[batch]:.2f}x", (batch, graph[batch]), textcoords="offset points",
                    xytext=(0, -14), ha="center", fontsize=8)
    ax.set_xscale("log", base=2)
    all_batches = sorted({b for per_impl in times.values() for b in per_impl})
    ax.set_xticks(all_batches)
    ax.set_xticklabels([str(b) for b in all_batches])
    ax.set_xlabel("decode batch (tokens)")
    ax.set_ylabel("median time per step (µs)")
    ax.set_title("decode_step: graph vs eager")
    ax.set_ylim(bottom=0)
    ax.legend()


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit("usage: plot.py <pytest-benchmark.json> [more.json ...] <chart.png>")
    sys.exit(main(sys.argv[1:-1], sys.argv[-1]))
