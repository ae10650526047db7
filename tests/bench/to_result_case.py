"""example-extension/bench/to_result.py on real bench_bandwidth.py outputs (fixtures/h200-grid-excerpt*.json).

Usage: to_result_case.py REPO
The result file must hold one row per case and temperature that has a peer, each ratio the best peer's
time over ours as recomputed here from the raw per-implementation rows (not from the run's own summary),
with the range of that ratio over the rounds (each round's two times a pair), must render through
bench/render_benchmarks.py (beside another machine's run of the set, as a section of its own), and a set
with no result section must be refused. The second excerpt times fused_add_rms_norm in both forms:
Liger-Kernel's op, which writes new tensors, is set against ours writing new tensors too, and named
`liger (new tensors)`; the in-place peers against ours in place.
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
    """(op, shape, dtype, temperature) -> (best peer, ratio, (lowest, highest) round), from the raw rows. Where a run timed ours in both
    forms (fused_add_rms_norm since 2026-12-05), Liger-Kernel's time is over ours into new tensors."""
    cases, rounds, two_forms = {}, {}, set()
    for r in raw["results"]:
        if r["impl"] == "dualgpu (new tensors)":
            two_forms.add(r["op"])
        if r.get("us") is not None:
            key = (r["op"], r["shape"], r["dtype"], r["temp"])
            cases.setdefault(key, {})[r["impl"]] = r["us"]
            rounds.setdefault(key, {})[r["impl"]] = r["rounds_us"]
    out = {}
    for key, times in cases.items():
        ratios, spreads = {}, {}
        for name, us in times.items():
            if name.startswith("dualgpu"):
                continue
            new_tensors = key[0] in two_forms and name == "liger"
            ours_name = "dualgpu (new tensors)" if new_tensors else "dualgpu"
            if times.get(ours_name) is not None:
                label = f"{name} (new tensors)" if new_tensors else name
                ratios[label] = us / times[ours_name]
                # Round i of the peer over round i of ours: the two were timed in the same round.
                per_round = [p / o for p, o in zip(rounds[key][name], rounds[key][ours_name])]
                spreads[label] = (round(min(per_round), 3), round(max(per_round), 3))
        if "dualgpu" in times and ratios:
            best = min(ratios, key=ratios.get)
            out[key] = (best, round(ratios[best], 3), spreads[best])
    return out


def to_result(repo, fixture, *extra):
    return subprocess.run([sys.executable, os.path.join(repo, "example-extension", "bench", "to_result.py"), fixture,
                           "--date", "2026-12-02", "--machine", "h200", "--machine-description", "one H200",
                           "--command", "bench_bandwidth.py --set grid", *extra],
                          capture_output=True, text=True, timeout=60)


def main(repo):
    for name in ("h200-grid-excerpt.json", "h200-grid-excerpt-new-tensors.json"):
        check(repo, os.path.join(HERE, "fixtures", name))
    return 0


def check(repo, fixture):
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
    for key, (peer, ratio, (low, high)) in expected.items():
        if rows[key]["best_peer"] != peer or abs(rows[key]["ratio"] - ratio) > 0.0015:
            fail(f"{key}: {rows[key]['best_peer']} {rows[key]['ratio']}, the raw rows give {peer} {ratio}")
        if (rows[key]["ratio_low"], rows[key]["ratio_high"]) != (low, high) or not low <= ratio <= high:
            fail(f"{key}: rounds' ratios {rows[key]['ratio_low']}-{rows[key]['ratio_high']}, the raw rows give "
                 f"{low}-{high} around {ratio}")
    with tempfile.TemporaryDirectory() as work:
        results = os.path.join(work, "results")
        os.mkdir(results)
        with open(os.path.join(results, "2026-12-02-h200-example-bandwidth.json"), "w") as f:
            f.write(proc.stdout)
        # Another machine's run of the same set: a section of its own beside the set's, not in its place.
        other_machine = to_result(repo, fixture, "--benchmark", "example-bandwidth-h100", "--title", "On an H100")
        if other_machine.returncode != 0 or json.loads(other_machine.stdout)["benchmark"] != "example-bandwidth-h100":
            fail(f"--benchmark was not honoured: exit {other_machine.returncode}, {other_machine.stderr}")
        with open(os.path.join(results, "2026-12-02-h200-example-bandwidth-h100.json"), "w") as f:
            f.write(other_machine.stdout)
        page = os.path.join(work, "benchmarks.md")
        rendered = subprocess.run([sys.executable, os.path.join(repo, "bench", "render_benchmarks.py"),
                                   "--results", results, "--output", page], capture_output=True, text=True, timeout=60)
        if rendered.returncode != 0:
            fail(f"render_benchmarks.py refused the result: {rendered.stdout}{rendered.stderr}")
        with open(page) as f:
            text = f.read()
        if "\n## On an H100\n" not in text or "\n## example-extension against every peer, on every shape\n" not in text:
            fail("the other machine's section and the set's own are not both on the page")
        below = [k for k, (_, ratio, _) in expected.items() if ratio < 1.0]
        if text.count(f"{len(below)} below 1.0") < 2:
            fail(f"the page does not say {len(below)} below 1.0")
        other = os.path.join(work, "other-set.json")
        with open(other, "w") as f:
            json.dump(dict(raw, set="quick"), f)
        refused = to_result(repo, other)
        if refused.returncode == 0 or "has no result section" not in refused.stderr:
            fail(f"a quick-set run was not refused: exit {refused.returncode}, {refused.stderr!r}")
    paired = sum(peer.endswith("(new tensors)") for peer, _, _ in expected.values())
    behind = sum(high < 1.0 for _, _, (_, high) in expected.values())
    print(f"to_result, {os.path.basename(fixture)}: {len(expected)} rows ({paired} against ours into new tensors), "
          f"{len(below)} below 1.0 ({behind} in every round), as the raw rows give them")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
