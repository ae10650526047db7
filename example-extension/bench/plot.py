"""Chart of a pytest-benchmark JSON from bench_ops.py: one bar group per op, one bar per implementation;
beside it decode_step's time per step against the decode batch, graph vs eager. Prints decode_step's
speed-up per batch and the crossover (the first batch at which the graph is no faster) first; that
part needs no matplotlib.

    python bench/plot.py bench/results.json [more.json ...] bench/results.png   (benchmarks merged)
    python bench/plot.py bench/bandwidth.json bench/bandwidth.png   (bench_bandwidth.py's JSON: each case's
        best peer over ours, a panel per op and state; or the result file to_result.py made of it)
"""
import json
import os
import sys
from collections import defaultdict

DECODE_GROUP = "decode_step"


def save(fig, png_path, dpi):
    """The whole chart or the one before: drawn beside <png_path>, then renamed over it."""
    partial = f"{png_path}.tmp{os.getpid()}.png"
    try:
        fig.savefig(partial, dpi=dpi)
        os.replace(partial, png_path)
    finally:
        if os.path.exists(partial):
            os.remove(partial)


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
        # The grid's and held-back set's results, another machine's too (example-bandwidth-h100).
        if single.get("benchmark", "").startswith(("example-bandwidth", "example-heldback")):
            return plot_result(single, png_path)
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
        save(fig, png_path, dpi=120)
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
    save(fig, png_path, dpi=120)
    print(f"plot.py: wrote {png_path}")
    return 0


STATES = ("cold", "hot", "after")  # the chart's columns: the states the benchmark times, in its order
DTYPE_MARKERS = {"bfloat16": "o", "float16": "s", "float32": "^"}


def panel_counts(rows):
    """(cases, cases below 1.0, the least ratio) of one panel's rows: what its title says."""
    ratios = [row["ratio"] for row in rows]
    return len(ratios), sum(1 for r in ratios if r < 1.0), min(ratios)


def plot_cases(rows, title, png_path):
    """The comparison chart: a panel per op (rows) and state (columns), each case a point at our GPU time
    (x) and the best peer's time over ours (y, above 1: ours faster), one marker per dtype, cases below 1
    drawn in red. <rows>: the "every case" rows of a result file (to_result.py). Prints each panel's
    counts, the same the titles show; without matplotlib it prints them and writes no chart."""
    ops = list(dict.fromkeys(row["op"] for row in rows))
    states = [state for state in STATES if any(row["inputs"] == state for row in rows)]
    panels = {(op, state): [row for row in rows if row["op"] == op and row["inputs"] == state]
              for op in ops for state in states}
    for (op, state), cases in panels.items():
        if cases:
            count, below, least = panel_counts(cases)
            print(f"{op} {state}: {count} cases, {below} below 1.0, min {least:.3f}")
    try:
        import matplotlib
    except ImportError:
        print("plot.py: matplotlib is not installed (pip install matplotlib); no chart written")
        return 0
    if not rows:
        print("plot.py: no case with a peer to compare; no chart written")
        return 0
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter

    plain = FuncFormatter(lambda value, _: f"{value:g}")
    least_ratio = min(row["ratio"] for row in rows)
    ratio_ticks = [r for r in (0.8, 0.9, 1.0, 1.25, 1.5, 2.0, 3.0) if r >= least_ratio * 0.9]
    fig, axes = plt.subplots(len(ops), len(states), figsize=(4.6 * len(states), 3.2 * len(ops)), squeeze=False,
                             sharey=True)
    for (i, op), (j, state) in ((a, b) for a in enumerate(ops) for b in enumerate(states)):
        ax, cases = axes[i][j], panels[(op, state)]
        for dtype, marker in DTYPE_MARKERS.items():
            labelled = False  # each dtype once in the legend, whichever side of 1 its first points are
            for behind, colour in ((False, None), (True, "red")):
                points = [(c["ours_gpu_us"], c["ratio"]) for c in cases
                          if c["dtype"] == dtype and (c["ratio"] < 1.0) == behind]
                if points:
                    ax.scatter(*zip(*points), marker=marker, s=14, color=colour, label=None if labelled else dtype)
                    labelled = True
        ax.axhline(1.0, color="black", linewidth=0.8)
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_yticks(ratio_ticks)
        ax.yaxis.set_major_formatter(FuncFormatter(lambda value, _: f"{value:g}×"))
        ax.yaxis.set_minor_formatter(NullFormatter())
        ax.xaxis.set_major_locator(LogLocator(base=10, subs=(1.0, 2.0, 5.0)))
        ax.xaxis.set_major_formatter(plain)
        ax.xaxis.set_minor_formatter(NullFormatter())
        if cases:
            count, below, least = panel_counts(cases)
            ax.set_title(f"{op}, {state}: {below} of {count} below 1, min {least:.3f}", fontsize=9)
        if i == len(ops) - 1:
            ax.set_xlabel("ours, GPU time per call (µs)")
        if j == 0:
            ax.set_ylabel("best peer / ours")
            ax.legend(fontsize=7, loc="upper right")
    fig.suptitle(title, fontsize=10)
    fig.tight_layout()
    save(fig, png_path, dpi=100)
    print(f"plot.py: wrote {png_path}")
    return 0


def plot_bandwidth(data, png_path):
    """bench_bandwidth.py's own JSON, drawn as its result file will be (to_result.py's rows)."""
    import to_result
    copy = data.get("copy", {})
    return plot_cases(to_result.rows_of(data), f"dualgpu_example against the best of its peers on "
                      f"{data.get('device', '')}, the {data.get('set', '')} set (copy {copy.get('gbps', 0):.0f} GB/s)",
                      png_path)


def plot_result(result, png_path):
    """A result file of bench/results made by to_result.py: its "every case" table."""
    rows = next(t["rows"] for t in result["tables"] if t["title"] == "every case")
    return plot_cases(rows, f"{result['title']} ({result['machine']}, {result['date']}, run {result.get('run', '-')})",
                      png_path)


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
