"""example-extension/bench/plot.py on the committed H200 grid result: the chart of every case.

Usage: example_chart.py REPO WORK_FOLDER
Each panel's line (op, state, cases, cases below 1.0, least ratio) must be what this file counts itself
from the result's rows, for every op and state the rows hold, and the chart must be a PNG. The counts
are checked with or without matplotlib; without it the chart part is skipped (exit 77).
"""
import glob
import importlib.util
import json
import os
import re
import subprocess
import sys

LINE = re.compile(r"^(\w+) (cold|hot|after): (\d+) cases, (\d+) below 1\.0, min ([0-9.]+)$")


def fail(message):
    print("FAIL:", message)
    sys.exit(1)


def expected_panels(rows):
    panels = {}
    for row in rows:
        panels.setdefault((row["op"], row["inputs"]), []).append(row["ratio"])
    return {key: (len(r), len([v for v in r if v < 1.0]), f"{min(r):.3f}") for key, r in panels.items()}


def main(repo, work):
    result_file = sorted(glob.glob(os.path.join(repo, "bench", "results", "*-h200-example-bandwidth-run*.json")),
                         key=lambda name: int(re.search(r"-run(\d+)\.json$", name).group(1)))[-1]
    with open(result_file, encoding="utf-8") as f:
        result = json.load(f)
    rows = next(t["rows"] for t in result["tables"] if t["title"] == "every case")
    os.makedirs(work, exist_ok=True)
    png = os.path.join(work, "chart.png")
    if os.path.exists(png):
        os.remove(png)
    done = subprocess.run([sys.executable, os.path.join(repo, "example-extension", "bench", "plot.py"), result_file,
                           png], capture_output=True, text=True, timeout=300)
    if done.returncode != 0:
        fail(f"plot.py exited {done.returncode}: {done.stderr[-2000:]}")
    printed = {}
    for line in done.stdout.splitlines():
        match = LINE.match(line)
        if match:
            op, state, count, below, least = match.groups()
            printed[(op, state)] = (int(count), int(below), least)
    expected = expected_panels(rows)
    if printed != expected:
        fail(f"panels printed {printed}, counted from {os.path.basename(result_file)}: {expected}")
    print(f"{os.path.basename(result_file)}: {len(expected)} panels, counts as the rows give them")
    if importlib.util.find_spec("matplotlib") is None:
        print("matplotlib is not installed: the chart is not drawn (pip install matplotlib)")
        return 77
    with open(png, "rb") as f:
        if f.read(8) != b"\x89PNG\r\n\x1a\n":
            fail(f"{png} is not a PNG")
    print(f"chart: {png}, {os.path.getsize(png)} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
