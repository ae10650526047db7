"""Lint: the CMake package starts external tools only through _dualgpu_run_bounded (cmake/dualgpu/10-util.cmake).

That one function bounds time and output, kills the tool's children and runs it from a folder holding
no Python; an execute_process() anywhere else in cmake/ bypasses all four. Usage: python3 <this> <repo>
"""
import pathlib
import re
import sys

# file -> why it may call execute_process itself
ALLOWED = {
    "cmake/dualgpu/10-util.cmake": "defines _dualgpu_run_bounded, the one bounded runner",
}


def main():
    repo = pathlib.Path(sys.argv[1])
    hits = []
    for path in sorted((repo / "cmake").rglob("*.cmake*")):
        name = path.relative_to(repo).as_posix()
        if name in ALLOWED:
            continue
        for number, line in enumerate(path.read_text(errors="replace").splitlines(), 1):
            code = line.split("#", 1)[0]
            if re.search(r"\bexecute_process\s*\(", code, re.IGNORECASE):
                hits.append(f"{name}:{number}: {line.strip()}")
    for hit in hits:
        print(hit)
    if hits:
        print(f"{len(hits)} tool call(s) outside the bounded runner: use _dualgpu_probe(<out-text> <out-rc> <command>...) or _dualgpu_run_bounded(<out-text> <out-rc> "
              "<timeout> <command>...) from cmake/dualgpu/10-util.cmake, or add the file to ALLOWED with the reason")
        return 1
    print("every tool the CMake package starts goes through _dualgpu_run_bounded")
    return 0


if __name__ == "__main__":
    sys.exit(main())
