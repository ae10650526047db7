"""Lint: DualGPU's Python starts other programs only through python/dualgpu/run.py, the bounded runner
(a time limit, an output limit, the whole process group stopped, no shell, an explicit environment).

Fails on subprocess, os.system, os.exec*, os.spawn*, os.popen, pty.spawn in the files DualGPU runs or
ships: python/, bin/, smoke/*.py, example-extension/python/, templates/. ALLOWED names each exception
and why. Usage: python3 python_processes_through_runner.py <repo>
"""
import pathlib
import re
import sys

from lint_report import report, shipped_files

STARTS_PROCESS = re.compile(r"\bimport\s+subprocess\b|\bfrom\s+subprocess\s+import\b|\bsubprocess\.\w"
                            r"|\bos\.(?:system|exec\w*|spawn\w*|popen|posix_spawn\w*|fork)\s*\("
                            r"|\bpty\.(?:spawn|fork)\b")
# file -> why it may start processes its own way
ALLOWED = {
    "python/dualgpu/run.py": "the bounded runner itself",
    "templates/extension-stable-abi/tests/test_abi.py":
        "a test of the generated project, run by the user's pytest: it runs check_abi with the test's interpreter",
}


def main():
    repo = pathlib.Path(sys.argv[1]).resolve()
    hits = []
    for path, rel in shipped_files(repo):
        if rel in ALLOWED:
            continue
        try:
            text = path.read_text()
        except (UnicodeDecodeError, OSError):
            continue  # not a text file: nothing that runs
        for number, line in enumerate(text.splitlines(), 1):
            if not line.lstrip().startswith("#") and STARTS_PROCESS.search(line):
                hits.append(f"{rel}:{number}: {line.strip()}")
    return report(hits, "process start(s) outside python/dualgpu/run.py: use dualgpu.run.run() or run_attached() "
                  "(bounded, no shell, explicit environment), or add the file to ALLOWED with the reason",
                  "every process DualGPU's Python starts goes through python/dualgpu/run.py")

if __name__ == "__main__":
    sys.exit(main())
