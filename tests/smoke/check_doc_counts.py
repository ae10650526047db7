"""The smoke-test counts and names in docs/smoke.md are the program's own, and only docs/smoke.md states them.

Usage: check_doc_counts.py PROGRAM REPO
Asks the built program (`--list`) for its checks: on the CPU (float16 is left to GPUs), with every dtype
(what a GPU runs) and the LLM profile, and compares them with docs/smoke.md's
"<O> operators; <G> checks on a GPU ..., <P> on the CPU", the table of the default profile
("| <category> (<n>) | <name>, <name>, ... |"), "default profile, <P> checks", and the LLM profile's list
of operators. README.md links to that page instead of repeating the counts (the README's map of the tree says
a new check touches its checks_<group>.cpp and docs/smoke.md only): a README that states them again fails.
After adding a check, put the numbers this test prints into docs/smoke.md.
"""
import collections
import re
import subprocess
import sys

LINE = re.compile(r"^([a-z-]+)/([a-z0-9_]+)/(float32|float16|bfloat16)$")


def listed(program, *args):
    out = subprocess.run([program, "--list", "--device", "cpu", "--no-color", *args],
                         capture_output=True, text=True, check=True).stdout
    return [m.groups() for m in map(LINE.match, out.splitlines()) if m]


def main(program, repo):
    cpu = listed(program)
    gpu = listed(program, "--dtype", "float32,float16,bfloat16")
    llm = listed(program, "--profile", "llm")
    operators = collections.OrderedDict()
    for category, name, _ in gpu:
        operators.setdefault(category, [])
        if name not in operators[category]:
            operators[category].append(name)
    n_ops = sum(len(v) for v in operators.values())
    truth = "%d operators in %d categories, %d checks on a GPU (%d on the CPU)" % (n_ops, len(operators), len(gpu), len(cpu))
    errors = []

    readme = open(repo + "/README.md", encoding="utf-8").read()
    said = re.search(r"\d+ operators in \d+ categories|\d+ checks on a GPU", readme)
    if said:
        errors.append("README.md states smoke's counts (%r): link to docs/smoke.md instead, the one place "
                      "that states them" % said.group(0))

    doc = open(repo + "/docs/smoke.md", encoding="utf-8").read()
    said = re.search(r"(\d+) operators; (\d+) checks on a GPU [^,]*, (\d+) on the CPU", doc)
    if not said or tuple(map(int, said.groups())) != (n_ops, len(gpu), len(cpu)):
        errors.append("docs/smoke.md: '%s' should read %d operators; %d checks on a GPU ..., %d on the CPU"
                      % (said.group(0) if said else "<O> operators; <G> checks on a GPU ..., <P> on the CPU",
                         n_ops, len(gpu), len(cpu)))
    # names as written, less their notes: "rms_norm (`at::rms_norm`, >= 2.4)" -> rms_norm
    table = {m.group(1): (int(m.group(2)), [n.strip() for n in re.sub(r"\([^)]*\)", "", m.group(3)).split(",")])
             for m in re.finditer(r"^\| ([a-z-]+) \((\d+)\) \| ([^|]+) \|", doc, re.M)}
    for category, names in operators.items():
        count, doc_names = table.pop(category, (None, []))
        if count != len(names) or doc_names != names:
            errors.append("docs/smoke.md table row '%s (%s)': %s; the program: (%d) %s"
                          % (category, count, ", ".join(doc_names), len(names), ", ".join(names)))
    for category in table:
        errors.append("docs/smoke.md table has a category the program lacks: %s" % category)
    for wording in re.findall(r"default profile, (\d+) checks", doc):
        if int(wording) != len(cpu):
            errors.append("docs/smoke.md: 'default profile, %s checks' (on the CPU) should be %d" % (wording, len(cpu)))
    llm_names = list(collections.OrderedDict((name, 0) for _, name, _ in llm))
    said = re.search(r"prefill and decode as separate categories: (.*?)\.\s", re.sub(r"\([^)]*\)", "", doc), re.S)
    doc_llm = [" ".join(n.split()) for n in said.group(1).split(",")] if said else []
    if said is None or doc_llm != llm_names:
        errors.append("docs/smoke.md LLM profile lists %s; the program: %s" % (", ".join(doc_llm), ", ".join(llm_names)))

    if errors:
        print("\n".join(errors))
        return 1
    print("docs/smoke.md agrees with the program: %s; LLM profile %s" % (truth, ", ".join(llm_names)))
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
