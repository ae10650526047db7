"""example-extension/bench/to_result.py on a real bench_bandwidth.py output (fixtures/h200-grid-excerpt.json).

Usage: to_result_case.py REPO
The result file must hold one row per case and temperature that has a peer, each ratio the best peer's
time over ours as recomputed here from the raw per-implementation rows (not from the run's own summary),
must render through bench/render_benchmarks.py, and a set with no result section must be refused.
"""
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def fail(message):
    print("FAIL:", message)
    sys.exit(1)


def expected_rows(raw):
    """(op, shape, dtype, temperature) -> (best peer, ratio), from the raw rows."""
    cases = {}
    for r in raw["results"]:
        if r.get("us") is not None:
            cases.setdefault((r["op"], r["shape"], r["dtype"], r["temp"]), {})[r["impl"]] = r["us"]
    out = {}
    for key, times in cases.items():
        peers = {name: us for name, us in times.items() if name != "dualgpu"}
        if "dualgpu" in times and peers:
            best = min(peers, key=peers.get)
            out[key] = (best, round(peers[best] / times["dualgpu"], 3))
    return out


def to_result(repo, fixture, *extra):
    return subprocess.run([sys.executable, os.path.join(repo, "example-extension", "bench", "to_result.py"), fixture,
                           "--date", "2026-12-02", "--machine", "h200", "--machine-description", "one H200",
                           "--command", "bench_bandwidth.py --set grid", *extra],
                          capture_output=True, text=True, timeout=60)


def main(repo):
    fixture = os.path.join(HERE, "fixtures", "h200-grid-excerpt.json")
    with open(fixture) as f:
        raw = json.load(f)
    proc = to_result(repo, fixture)
    if proc.returncode != 0:
        fail(f"to_result.py exited {proc.returncode}: {proc.stderr}")
    result = json.loads(proc.stdout)
    if result["benchmark"] != "example-bandwidth":
        fail(f"the grid set became benchmark {result['benchmark']!r}")
    rows = {(r["op"], r["shape"], r["dtype"], r["inputs"]): r for r in result["tables"][0]["rows"]}
    expected = expected_rows(raw)
    if set(rows) != set(expected):
        fail(f"rows {sorted(set(rows) ^ set(expected))} differ from the cases with a peer")
    for key, (peer, ratio) in expected.items():
        if rows[key]["best_peer"] != peer or abs(rows[key]["ratio"] - ratio) > 0.0015:
            fail(f"{key}: {rows[key]['best_peer']} {rows[key]['ratio']}, the raw rows give {peer} {ratio}")
    with tempfile.TemporaryDirectory() as work:
        results = os.path.join(work, "results")
        os.mkdir(results)
        with open(os.path.join(results, "2026-12-02-h200-example-bandwidth.json"), "w") as f:
            f.write(proc.stdout)
        page = os.path.join(work, "benchmarks.md")
        rendered = subprocess.run([sys.executable, os.path.join(repo, "bench", "render_benchmarks.py"),
                                   "--results", results, "--output", page], capture_output=True, text=True, timeout=60)
        if rendered.returncode != 0:
            fail(f"render_benchmarks.py refused the result: {rendered.stdout}{rendered.stderr}")
        with open(page) as f:
            text = f.read()
        below = [k for k, (_, ratio) in expected.items() if ratio < 1.0]
        if f"{len(below)} below 1.0" not in text:
            fail(f"the page does not say {len(below)} below 1.0")
        other = os.path.join(work, "other-set.json")
        with open(other, "w") as f:
            json.dump(dict(raw, set="quick"), f)
        refused = to_result(repo, other)
        if refused.returncode == 0 or "has no result section" not in refused.stderr:
            fail(f"a quick-set run was not refused: exit {refused.returncode}, {refused.stderr!r}")
    print(f"to_result: {len(expected)} rows, {len(below)} below 1.0, as the raw rows give them")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
