"""Lint: the package's numbered files (cmake/dualgpu/NN-<job>.cmake) are read in order: none calls a
function or macro that a higher-numbered file defines, so a reader meets every command before its use.
Usage: cmake_numbered_order.py <repo>"""
import pathlib
import re
import sys

DEFINITION = re.compile(r"^\s*(?:function|macro)\s*\(\s*([A-Za-z0-9_]+)", re.I | re.M)
CALL = re.compile(r"^\s*([A-Za-z_][A-Za-z0-9_]*)\s*\(", re.M)
COMMENT = re.compile(r"#\[(=*)\[.*?\]\1\]|#[^\n]*", re.S)


def main(repo):
    files = sorted((pathlib.Path(repo) / "cmake" / "dualgpu").glob("[0-9][0-9]-*.cmake"))
    defined = {}
    for f in files:
        for name in DEFINITION.findall(f.read_text()):
            defined[name.lower()] = f
    problems = []
    for f in files:
        for name in CALL.findall(COMMENT.sub("", f.read_text())):
            owner = defined.get(name.lower())
            if owner is not None and owner.name[:2] > f.name[:2]:
                problems.append(f"{f.name} calls {name}, which the later {owner.name} defines")
    for p in problems:
        print(p)
    if problems:
        print(f"{len(problems)} call(s) against the order of cmake/dualgpu/: move the command to the lower-numbered "
              "file, or the caller to a later one")
        return 1
    print(f"{len(files)} numbered files: none calls a later one")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
