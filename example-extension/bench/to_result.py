#!/usr/bin/env python3
"""bench_bandwidth.py's JSON as a result file of bench/results (schema 1, bench/results/README.md).

    python3 example-extension/bench/to_result.py bandwidth.json --date 2026-12-02 --machine h200 \
        --machine-description "..." --command "..." [--commit SHA] [--note TEXT ...] \
        [--chart images/<file>.png] > bench/results/<file>.json
    python3 example-extension/bench/plot.py bench/results/<file>.json docs/images/<file>.png   (the chart)

The grid set becomes the benchmark `example-bandwidth`, the held-back set `example-heldback`: two
sections of docs/benchmarks.md, so shapes nobody tuned on are reported apart. Each case's ratio comes
with its lowest and highest round, so that a case behind in every round reads apart from one level
within the rounds' spread.
"""
import argparse
import json
import sys

BENCHMARKS = {
    "grid": ("example-bandwidth", "example-extension against every peer, on every shape"),
    "heldback": ("example-heldback", "example-extension on held-back real-model shapes"),
}
COLUMNS = [
    {"field": "op"}, {"field": "shape"}, {"field": "dtype"}, {"field": "inputs"},
    {"field": "ours_gpu_us", "title": "ours, GPU", "unit": "µs", "digits": 2},
    {"field": "best_peer", "title": "best peer"},
    {"field": "best_peer_gpu_us", "title": "best peer, GPU", "unit": "µs", "digits": 2},
    {"field": "ratio", "unit": "×", "digits": 3},
    {"field": "ratio_low", "title": "ratio, lowest round", "unit": "×", "digits": 3},
    {"field": "ratio_high", "title": "ratio, highest round", "unit": "×", "digits": 3},
    {"field": "ours_pct_of_copy", "title": "ours", "unit": "% of copy", "digits": 0},
]


def peer_name(summary):
    """The best peer, marked where it and ours both wrote new tensors (fused_add_rms_norm's Liger-Kernel op
    against ours with inplace=False: bench_bandwidth.OURS_FOR)."""
    new_tensors = summary.get("ours", "dualgpu") != "dualgpu"
    return f"{summary['peer']} (new tensors)" if new_tensors else summary["peer"]


def paired_round_ratios(ours_rounds, peer_rounds):
    """The peer's time over ours round by round: each round timed every implementation of the case in turn,
    so a round's two times are a pair. Their range is the ratio's spread; a case whose lowest round is above
    1.0 and one whose highest is below are ahead or behind in every round, one in between is level within
    the rounds' spread. Empty where either has no rounds or their numbers differ."""
    ours_rounds, peer_rounds = ours_rounds or [], peer_rounds or []
    if not ours_rounds or len(ours_rounds) != len(peer_rounds):
        return []
    return [p / o for p, o in zip(peer_rounds, ours_rounds)]


def round_ratios(data, summary):
    """paired_round_ratios of a run's summary row: its best peer against the form of ours it was set against."""
    key = (summary["op"], summary["shape"], summary["dtype"], summary["temp"])
    rounds = {r["impl"]: r.get("rounds_us") for r in data["results"]
              if (r["op"], r["shape"], r["dtype"], r["temp"]) == key}
    return paired_round_ratios(rounds.get(summary.get("ours", "dualgpu")), rounds.get(summary["peer"]))


def rows_of(data):
    rows = []
    for s in data["summaries"]:
        if s.get("ratio") is None:
            continue
        spread = round_ratios(data, s)
        rows.append(dict(op=s["op"], shape=s["shape"], dtype=s["dtype"], inputs=s["temp"],
                         ours_gpu_us=round(s["us"], 3), best_peer=peer_name(s), best_peer_gpu_us=round(s["peer_us"], 3),
                         ratio=round(s["ratio"], 3), ratio_low=round(min(spread), 3) if spread else None,
                         ratio_high=round(max(spread), 3) if spread else None,
                         ours_pct_of_copy=round(s["pct_copy"], 1)))
    return rows


def measures(data):
    peers = "eager, `F.rms_norm`, torch.compile (default mode) and Liger-Kernel"
    if data.get("skipped_peers"):
        peers += f" (not timed in this run: {', '.join(data['skipped_peers'])})"
    return (f"Each op of example-extension against every peer: {peers}, forward only, on the `{data['set']}` "
            f"shapes of example-extension/bench/shapes.py. {data['timing']}. ratio: the best peer's GPU time "
            f"over ours (above 1: ours faster), each peer against ours doing the same work: fused_add_rms_norm's "
            f"Liger-Kernel op writes new tensors and is set against ours into new tensors (inplace=False; named "
            f"`liger (new tensors)`), the other peers write x and the residual in place, as ours does by default. "
            f"% of copy: the least traffic the op must move, against torch's device-to-device copy timed in the "
            f"same run.")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("bandwidth_json")
    ap.add_argument("--date", required=True)
    ap.add_argument("--machine", required=True)
    ap.add_argument("--machine-description", required=True)
    ap.add_argument("--command", required=True)
    ap.add_argument("--commit")
    ap.add_argument("--environment", default="{}", help="JSON object of versions")
    ap.add_argument("--note", action="append", default=[])
    ap.add_argument("--fact", action="append", default=[], metavar="NAME=VALUE[:UNIT]")
    ap.add_argument("--benchmark", help="the section's name where it is not the set's, e.g. another machine's "
                                        "run of the grid (example-bandwidth-h100), shown beside the set's own")
    ap.add_argument("--title", help="the section's title where it is not the set's")
    ap.add_argument("--chart", help="the chart beside docs/benchmarks.md that plot.py makes of the result, "
                                    "e.g. images/example-bandwidth-h200-run17.png")
    args = ap.parse_args()
    with open(args.bandwidth_json) as f:
        data = json.load(f)
    if data.get("set") not in BENCHMARKS:
        sys.exit(f"to_result.py: {args.bandwidth_json}: set {data.get('set')!r} has no result section "
                 f"(one of {', '.join(BENCHMARKS)})")
    benchmark, title = BENCHMARKS[data["set"]]
    benchmark, title = args.benchmark or benchmark, args.title or title
    facts = [{"name": "copy reference", "value": round(data["copy"]["gbps"]), "unit": "GB/s"}]
    for fact in args.fact:
        name, _, value = fact.partition("=")
        value, _, unit = value.partition(":")
        facts.append(dict(name=name, value=float(value) if "." in value else int(value), **({"unit": unit} if unit else {})))
    result = dict(schema=1, benchmark=benchmark, title=title, date=args.date, machine=args.machine,
                  machine_description=args.machine_description, command=args.command,
                  environment=dict(json.loads(args.environment), torch=data["torch"], CUDA=data["cuda"]),
                  measures=measures(data), facts=facts, notes=args.note,
                  summary={"of": "ratio", "by": ["op", "inputs", "best_peer"], "below": 1.0},
                  tables=[{"title": "every case", "columns": COLUMNS, "rows": rows_of(data)}])
    if args.commit:
        result["commit"] = args.commit
    if args.chart:
        result["chart"] = args.chart
    json.dump(result, sys.stdout, indent=1, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
