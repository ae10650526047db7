"""bench/render_benchmarks.py on made-up example-ops results, checked against figures computed here.

Usage: render_results.py RENDER_BENCHMARKS_PY
Two runs of one benchmark (the older must not be shown), rows with per-implementation times hot and
cold and a ratio against the best peer: the page must give the per-op count, median, minimum and number
below 1.0 that this file computes itself, list the rows below 1.0, and the full table; a result whose
chart is not beside the page is refused.
"""
import json
import os
import random
import subprocess
import sys
import tempfile

PEERS = ("eager", "compile", "liger")


def made_up_rows(seed, ops):
    rng = random.Random(seed)
    rows = []
    for op in ops:
        for rows_, width in ((1, 4096), (64, 4096), (2048, 5120), (16384, 8192), (16384, 4100)):
            for dtype in ("bfloat16", "float32"):
                times = {name: {"hot": round(rng.uniform(1, 300), 2), "cold": round(rng.uniform(1, 300), 2)}
                         for name in ("dualgpu",) + PEERS}
                best = min(PEERS, key=lambda p: times[p]["cold"])
                rows.append({"op": op, "shape": "%dx%d" % (rows_, width), "dtype": dtype, "us": times,
                             "best_peer": best,
                             "ratio_vs_best_peer": round(times[best]["cold"] / times["dualgpu"]["cold"], 3)})
    return rows


def result(date, rows):
    return {"schema": 1, "benchmark": "example-ops", "title": "example-extension's ops against every peer",
            "date": date, "machine": "h200", "machine_description": "a made-up machine",
            "command": "bench/made_up.sh", "measures": "made-up figures for this test", "rows": rows}


def middle(values):
    values = sorted(values)
    n = len(values)
    return values[n // 2] if n % 2 else (values[n // 2 - 1] + values[n // 2]) / 2


def run(script, *args):
    return subprocess.run([sys.executable, script, *args], capture_output=True, text=True)


def fail(message):
    print("FAILED: " + message)
    sys.exit(1)


def main(script):
    with tempfile.TemporaryDirectory(prefix="dualgpu-render-test.") as work:
        check(script, work)
    print("render_benchmarks.py: latest run shown, per-op summaries right, stale page, misnamed file and "
          "missing chart caught")
    return 0


def check(script, work):
    results, page = os.path.join(work, "results"), os.path.join(work, "benchmarks.md")
    os.mkdir(results)
    old = made_up_rows(1, ("rms_norm",))
    new = made_up_rows(2, ("rms_norm", "silu_and_mul"))
    for date, rows in (("2027-01-01", old), ("2027-02-01", new)):
        with open(os.path.join(results, "%s-h200-example-ops.json" % date), "w") as f:
            json.dump(result(date, rows), f)
    done = run(script, "--results", results, "--output", page)
    if done.returncode != 0:
        fail("render failed: " + done.stderr)
    text = open(page, encoding="utf-8").read()
    if "2027-02-01-h200-example-ops.json" not in text or "2027-01-01-h200-example-ops.json" in text:
        fail("the page must show the latest run only")
    for op in ("rms_norm", "silu_and_mul"):
        ratios = [r["ratio_vs_best_peer"] for r in new if r["op"] == op]
        want = "| %s | %d | %r× | %r× | %d |" % (op, len(ratios), round(middle(ratios), 3), round(min(ratios), 3),
                                                 sum(v < 1.0 for v in ratios))
        if want not in text:
            fail("no per-op summary line %r in:\n%s" % (want, text))
    for r in new:  # every row in the full table, each implementation's cold time in it
        cells = [" %r " % r["us"][name]["cold"] for name in ("dualgpu",) + PEERS]
        line = next((l for l in text.split("\n") if l.startswith("| %s | %s | %s |" % (r["op"], r["shape"], r["dtype"]))), "")
        if not all(c in line for c in cells):
            fail("row %s %s %s missing from the full table" % (r["op"], r["shape"], r["dtype"]))
    below = sum(r["ratio_vs_best_peer"] < 1.0 for r in new)
    if below and "Cases below 1.0×" not in text:
        fail("the rows below 1.0 are not listed")
    if run(script, "--results", results, "--output", page, "--check").returncode != 0:
        fail("--check fails on the page it just wrote")
    with open(page, "a") as f:
        f.write("edited by hand\n")
    stale = run(script, "--results", results, "--output", page, "--check")
    if stale.returncode == 0 or "python3 bench/render_benchmarks.py" not in stale.stderr:
        fail("--check of a stale page must fail and print the command: " + stale.stderr)
    os.rename(os.path.join(results, "2027-02-01-h200-example-ops.json"), os.path.join(results, "ops.json"))
    misnamed = run(script, "--results", results, "--output", page)
    if misnamed.returncode == 0 or "name it 2027-02-01-h200-example-ops.json" not in misnamed.stderr:
        fail("a misnamed result must be refused with its right name: " + misnamed.stderr)
    os.remove(os.path.join(results, "ops.json"))
    with open(os.path.join(results, "2027-02-01-h200-example-ops.json"), "w") as f:
        json.dump(dict(result("2027-02-01", new), chart="images/example-ops.png"), f)
    no_chart = run(script, "--results", results, "--output", page)
    if no_chart.returncode == 0 or "its chart images/example-ops.png is not in" not in no_chart.stderr:
        fail("a result whose chart is missing must be refused, naming the chart: " + no_chart.stderr)
    os.mkdir(os.path.join(work, "images"))
    with open(os.path.join(work, "images", "example-ops.png"), "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n")
    with_chart = run(script, "--results", results, "--output", page)
    if with_chart.returncode != 0 or "![example-extension's ops against every peer](images/example-ops.png)" \
            not in open(page, encoding="utf-8").read():
        fail("a result with its chart beside the page must render with the chart: " + with_chart.stderr)


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
