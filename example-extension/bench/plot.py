"""Bar chart of a pytest-benchmark JSON: one group per op, one bar per implementation.

    python bench/plot.py bench/results.json bench/results.png
"""
import json
import sys
from collections import defaultdict


def main(json_path, png_path):
    try:
        import matplotlib
    except ImportError:
        print("plot.py: matplotlib is not installed (pip install matplotlib); no chart written")
        return 0
    matplotlib.use("Agg")  # no display on build machines
    import matplotlib.pyplot as plt

    with open(json_path) as f:
        data = json.load(f)
    times = defaultdict(dict)  # op -> implementation -> median microseconds
    for b in data["benchmarks"]:
        times[b["group"]][b["param"]] = b["stats"]["median"] * 1e6
    ops = sorted(times)
    impls = sorted({impl for per_op in times.values() for impl in per_op})
    width = 0.8 / max(len(impls), 1)
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
    ax.legend()
    fig.tight_layout()
    fig.savefig(png_path, dpi=120)
    print(f"plot.py: wrote {png_path}")
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: plot.py <pytest-benchmark.json> <chart.png>")
    sys.exit(main(sys.argv[1], sys.argv[2]))
