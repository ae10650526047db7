"""example-extension/bench/bench_bandwidth.py's smoke run on the CPU build: every quick case timed cold, hot
(back to back) and after (behind another op's kernel), every implementation once a round, the rounds in the
order the script promises.

Usage: bench_quick.py LIBRARY BENCH_BANDWIDTH_PY OUT_JSON
"""
import json
import os
import subprocess
import sys


def fail(message):
    print("FAIL:", message)
    sys.exit(1)


def main(library, script, out):
    env = dict(os.environ, DUALGPU_EXAMPLE_LIBRARY=library)
    proc = subprocess.run([sys.executable, script, "--set", "quick", "--rounds", "2", "--repeats", "1",
                           "--graph-calls", "2", "--wall-calls", "1", "--json", out],
                          env=env, capture_output=True, text=True, timeout=500)
    if proc.returncode != 0:
        fail(f"bench_bandwidth.py exited {proc.returncode}:\n{proc.stdout[-2000:]}{proc.stderr[-2000:]}")
    with open(out) as f:
        data = json.load(f)
    if data["set"] != "quick" or data["rounds"] != 2:
        fail(f"set {data['set']!r}, rounds {data['rounds']!r}")
    cases = {}
    for row in data["results"]:
        cases.setdefault((row["op"], row["shape"], row["dtype"]), set()).add(row["temp"])
        if "error" not in row and len(row.get("rounds_us", [])) != 2:
            fail(f"{row['op']} {row['shape']} {row['impl']} {row['temp']}: {len(row.get('rounds_us', []))} rounds, not 2")
    missing = [k for k, temps in cases.items() if temps != {"cold", "hot", "after"}]
    if missing:
        fail(f"cases not timed cold, hot and after: {missing}")
    print(f"bench_bandwidth --set quick: {len(cases)} cases, each cold, hot and after, 2 rounds each")
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
