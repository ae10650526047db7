#!/usr/bin/env python3
"""Writes docs/benchmarks.md from the result files in bench/results (schema: bench/results/README.md).

Usage: render_benchmarks.py [--check] [--results DIR] [--output FILE]
The page holds the latest result of each benchmark (latest date, then highest run); older results stay
in bench/results and in git history. --check writes nothing and fails when FILE differs from what this
script makes. Standard library only.
"""
import argparse
import json
import os
import re
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
REGENERATE = "python3 bench/render_benchmarks.py"
# Sections in this order; a benchmark not named here follows them, by name.
ORDER = ("example-ops", "example-bandwidth", "example-bandwidth-silu", "kernel-variants", "decode-step", "build-time",
         "smoke", "configure-overhead", "linking", "compiler-cache", "parallel-archs-hip", "parallel-archs-cuda")
REQUIRED = ("schema", "benchmark", "title", "date", "machine", "machine_description", "command", "measures")
FILE_NAME = re.compile(r"^(\d{4}-\d\d-\d\d)-([a-z0-9]+)-([a-z0-9-]+?)(?:-run(\d+))?\.json$")
# Units read from a field name's last part when a result file gives no columns: ours_hot_us -> µs.
SUFFIX_UNITS = {"us": "µs", "ms": "ms", "s": "s", "bytes": "B", "pct": "%", "gbs": "GB/s"}
LARGE_TABLE = 40  # rows; a longer table is folded under <details>


class ResultError(Exception):
    pass


def load_results(folder):
    """[(file name, result)] of every *.json in folder, each checked against the schema."""
    results = []
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".json"):
            continue
        with open(os.path.join(folder, name), encoding="utf-8") as f:
            try:
                data = json.load(f)
            except ValueError as e:
                raise ResultError("%s: not JSON (%s)" % (name, e))
        check_result(name, data)
        results.append((name, data))
    return results


def check_result(name, data):
    missing = [key for key in REQUIRED if key not in data]
    if missing:
        raise ResultError("%s: missing %s (bench/results/README.md lists the fields)" % (name, ", ".join(missing)))
    if data["schema"] != 1:
        raise ResultError("%s: schema %r; this script reads schema 1" % (name, data["schema"]))
    if not tables_of(data):
        raise ResultError("%s: no rows: give \"rows\" or \"tables\"" % name)
    expected = "%s-%s-%s%s.json" % (data["date"], data["machine"], data["benchmark"],
                                    "-run%d" % data["run"] if "run" in data else "")
    if not FILE_NAME.match(name) or name != expected:
        raise ResultError("%s: name it %s (<date>-<machine>-<benchmark>[-run<N>].json, from its fields)" % (name, expected))


def tables_of(data):
    if "tables" in data:
        return data["tables"]
    if "rows" in data:
        return [{"columns": data.get("columns"), "rows": data["rows"]}]
    return []


def latest_per_benchmark(results):
    latest = {}
    for name, data in results:
        key = (data["date"], data.get("run", 0))
        held = latest.get(data["benchmark"])
        if held is None or key > (held[1]["date"], held[1].get("run", 0)):
            latest[data["benchmark"]] = (name, data)
    known = [b for b in ORDER if b in latest]
    return [latest[b] for b in known + sorted(set(latest) - set(known))]


def flatten(row, prefix=""):
    """{"us": {"ours": {"hot": 1}}} -> {"us.ours.hot": 1}: nested per-implementation figures become columns."""
    flat = {}
    for key, value in row.items():
        if isinstance(value, dict):
            flat.update(flatten(value, prefix + key + "."))
        else:
            flat[prefix + key] = value
    return flat


def default_columns(rows):
    fields = []
    for row in rows:
        fields += [field for field in row if field not in fields]
    columns = []
    for field in fields:
        words, unit = [], None
        for part in field.split("."):
            head, _, last = part.rpartition("_")
            if part in SUFFIX_UNITS:
                unit = SUFFIX_UNITS[part]
            elif head and last in SUFFIX_UNITS:
                unit = SUFFIX_UNITS[last]
                words.append(head)
            else:
                words.append(part)
        columns.append({"field": field, "title": " ".join(words).replace("_", " "), "unit": unit})
    return columns


def number(value, digits=None):
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, int):
        return "{:,}".format(value)
    return "{:.{}f}".format(value, digits) if digits is not None else repr(value)


def cell(value, column):
    digits = column.get("digits")
    if value is None:
        return "—"
    if isinstance(value, list):
        if column.get("format") == "range" and len(value) == 2:
            return "–".join(number(v, digits) for v in value)
        return ", ".join(number(v, digits) for v in value)
    return number(value, digits).replace("|", "\\|")


def header(column):
    title = column.get("title") or column["field"].replace("_", " ")
    return "%s (%s)" % (title, column["unit"]) if column.get("unit") else title


def markdown_table(columns, rows):
    numeric = [any(isinstance(r.get(c["field"]), (int, float, list)) for r in rows) for c in columns]
    lines = ["| " + " | ".join(header(c) for c in columns) + " |",
             "|" + "|".join("---:" if n else "---" for n in numeric) + "|"]
    for row in rows:
        lines.append("| " + " | ".join(cell(row.get(c["field"]), c) for c in columns) + " |")
    return lines


def ratio(value):
    return repr(round(value, 3))


def summary_spec(data, table):
    """The file's "summary", or for rows of ops with a ratio field: a per-op summary of it."""
    if "summary" in data:
        return data["summary"]
    rows = table["rows"]
    ratio_fields = [f for f in rows[0] if f.startswith("ratio")]
    if "op" in rows[0] and ratio_fields:
        return {"of": ratio_fields[0], "by": ["op"], "below": 1.0}
    return None


def summary_lines(spec, columns, rows):
    of, below = spec["of"], spec.get("below", 1.0)
    rated = [r for r in rows if isinstance(r.get(of), (int, float))]
    values = [r[of] for r in rated]
    if not values:
        return []
    lines = ["%d cases; %s (above %s: ours faster): median %s×, min %s×; %d below %s×." % (
        len(values), of.replace("_", " "), below, ratio(statistics.median(values)), ratio(min(values)),
        sum(v < below for v in values), below), ""]
    for by in spec.get("by", []):
        groups = {}
        for r in rated:
            groups.setdefault(r.get(by), []).append(r[of])
        lines += ["| %s | cases | median | min | below %s× |" % (by.replace("_", " "), below), "|---|---:|---:|---:|---:|"]
        for group, vals in groups.items():
            lines.append("| %s | %d | %s× | %s× | %d |" % (group, len(vals), ratio(statistics.median(vals)),
                                                         ratio(min(vals)), sum(v < below for v in vals)))
        lines.append("")
    under = sorted((r for r in rated if r[of] < below), key=lambda r: r[of])
    if under:
        lines += ["Cases below %s×:" % below, ""] + markdown_table(columns, under) + [""]
    return lines


def anchor(title):
    """GitHub's anchor for a heading."""
    return re.sub(r"[^\w\- ]", "", title.lower()).replace(" ", "-")


def section(name, data):
    lines = ["## " + data["title"], "", data["measures"], ""]
    when = data["date"] + (", run %d" % data["run"] if "run" in data else "")
    if data.get("commit"):
        when += ", commit " + data["commit"]
    lines.append("- Machine: %s (`%s`), %s." % (data["machine_description"], data["machine"], when))
    env = data.get("environment") or {}
    if env:
        lines.append("- Environment: " + ", ".join("%s %s" % (k, v) for k, v in env.items()) + ".")
    lines.append("- Data: [bench/results/%s](../bench/results/%s)." % (name, name))
    for fact in data.get("facts", []):
        unit = " " + fact["unit"] if fact.get("unit") else ""
        name = fact["name"][:1].upper() + fact["name"][1:]
        lines.append("- %s: %s%s." % (name, cell(fact["value"], fact), unit))
    lines.append("")
    if data["command"]:
        lines += ["Command:", "", "    " + data["command"], ""]
    else:
        lines += ["Command: not recorded.", ""]
    for note in data.get("notes", []):
        lines.append("- " + note)
    if data.get("notes"):
        lines.append("")
    if data.get("chart"):
        lines += ["![%s](%s)" % (data["title"], data["chart"]), ""]
    for i, table in enumerate(tables_of(data)):
        rows = [flatten(r) for r in table["rows"]]
        columns = table.get("columns") or default_columns(rows)
        if i == 0:
            spec = summary_spec(data, {"rows": rows})
            if spec:
                lines += summary_lines(spec, columns, rows)
        title = table.get("title")
        body = markdown_table(columns, rows)
        if len(rows) > LARGE_TABLE:
            lines += ["<details><summary>%s: %d rows</summary>" % (title or "Every row", len(rows)), ""] + body + ["", "</details>", ""]
        else:
            lines += (["**%s**" % title, ""] if title else []) + body + [""]
    return lines


def missing_charts(results, page_folder):
    """Messages for the charts the shown sections name that are not beside the page (docs/images/...)."""
    return ["%s: its chart %s is not in %s: make it with the command its notes or its benchmark's docs give"
            % (name, data["chart"], page_folder) for name, data in latest_per_benchmark(results)
            if data.get("chart") and not os.path.isfile(os.path.join(page_folder, data["chart"]))]


def render(results):
    shown = latest_per_benchmark(results)
    lines = ["# Benchmarks", "",
             "<!-- Generated by bench/render_benchmarks.py from bench/results/*.json: edit those and run",
             "     `%s`; a test fails when this page and the results disagree. -->" % REGENERATE, "",
             "Each section is the latest result of one benchmark: what it measures, the command, the machine "
             "and its figures. Every run's result file is in [bench/results](../bench/results/) (the schema is "
             "in its README); older runs are not shown here. The graph launcher's figures are in "
             "[graphs.md](graphs.md).", ""]
    lines += ["- [%s](#%s)" % (data["title"], anchor(data["title"])) for _, data in shown] + [""]
    for name, data in shown:
        lines += section(name, data)
    while lines[-1] == "":
        lines.pop()
    return "\n".join(lines) + "\n"


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="fail when the page is not what this script makes")
    parser.add_argument("--results", default=os.path.join(HERE, "results"))
    parser.add_argument("--output", default=os.path.join(REPO, "docs", "benchmarks.md"))
    args = parser.parse_args(argv)
    try:
        results = load_results(args.results)
        page = render(results)
    except ResultError as e:
        print("render_benchmarks.py: " + str(e), file=sys.stderr)
        return 1
    missing = missing_charts(results, os.path.dirname(os.path.abspath(args.output)))
    for message in missing:
        print("render_benchmarks.py: " + message, file=sys.stderr)
    if missing:
        return 1
    if args.check:
        current = open(args.output, encoding="utf-8").read() if os.path.exists(args.output) else ""
        if current != page:
            print("%s is not what bench/render_benchmarks.py makes from %s: run `%s`."
                  % (args.output, args.results, REGENERATE), file=sys.stderr)
            return 1
        print("%s matches %s" % (args.output, args.results))
        return 0
    partial = "%s.tmp%d" % (args.output, os.getpid())  # the whole page or the one before: renamed into place
    with open(partial, "w", encoding="utf-8") as f:
        f.write(page)
    os.replace(partial, args.output)
    print("wrote %s" % args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
