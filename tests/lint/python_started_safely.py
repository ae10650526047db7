"""Lint: DualGPU's commands (bin/) start Python only in a way that imports nothing from the user's folder.

`python -c` and `python -m` put the current folder first on sys.path, so a ./torch/ or ./json.py where
the user stands would run. Allowed: `-I` (isolated: for code that needs neither PYTHONPATH nor user
site-packages) or bin/lib/dualgpu-python-safe.py (keeps PYTHONPATH, drops the current folder).
Usage: python3 python_started_safely.py <repo>
"""
import pathlib
import re
import sys

# An interpreter started with code or a module: "$python" -c, python3 -m, "$PY" -c ...
STARTS_PYTHON = re.compile(r'''(?:"\$\{?python\}?"|\bpython3?)\s+(?:-[A-Za-z]+\s+)*-[cm]\b''')
# (file, line text) -> why it is not a Python that bin/ starts
ALLOWED = {
}
SAFE = re.compile(r'''dualgpu-python-safe\.py|(?:"\$\{?python\}?"|\bpython3?)\s+(?:-[A-Za-z]+\s+)*-I\b''')


def main():
    repo = pathlib.Path(sys.argv[1])
    hits = []
    for path in sorted((repo / "bin").glob("dualgpu*")):
        for number, line in enumerate(path.read_text(errors="replace").splitlines(), 1):
            code = line.split("#", 1)[0] if not line.lstrip().startswith("#") else ""
            if (path.relative_to(repo).as_posix(), line.strip()) in ALLOWED:
                continue
            if STARTS_PYTHON.search(code) and not SAFE.search(code):
                hits.append(f"{path.relative_to(repo)}:{number}: {line.strip()}")
    for hit in hits:
        print(hit)
    if hits:
        print(f"{len(hits)} Python start(s) that import from the current folder: run them as "
              '"$python" "$root/bin/lib/dualgpu-python-safe.py" -c|-m ..., or with -I')
        return 1
    print("every Python that bin/ starts imports nothing from the current folder")
    return 0


if __name__ == "__main__":
    sys.exit(main())
