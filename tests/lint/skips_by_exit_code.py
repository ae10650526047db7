"""Lint: a CTest test is skipped by its exit code (77), never by matching its output.

A pattern such as SKIP_REGULAR_EXPRESSION "skipped" also matches a failing test whose log happens to
contain the word (CMake prints "Check for working CXX compiler ... - skipped" in every configure), and
CTest then reports the failure as a skip. Usage: python3 skips_by_exit_code.py <repo>
"""
import pathlib
import subprocess
import sys

FORBIDDEN = "SKIP_" + "REGULAR_EXPRESSION"  # spelled in two parts so this file does not match itself


def main():
    repo = pathlib.Path(sys.argv[1])
    listed = subprocess.run(["git", "-C", str(repo), "ls-files", "-z", "*CMakeLists.txt", "*.cmake"],
                            capture_output=True, text=True, check=True, timeout=60).stdout
    files = [name for name in listed.split("\0") if name]
    hits = []
    for name in files:
        for number, line in enumerate((repo / name).read_text(errors="replace").splitlines(), 1):
            if FORBIDDEN in line:
                hits.append(f"{name}:{number}: {line.strip()}")
    for hit in hits:
        print(hit)
    if hits:
        print(f"{len(hits)} test(s) skip by matching output: register them with dualgpu_test_skipped() "
              "(tests/rocm_toolchains.cmake) or give the test SKIP_RETURN_CODE 77 and exit 77")
        return 1
    print(f"{len(files)} CMake files: every skip is by exit code")
    return 0


if __name__ == "__main__":
    sys.exit(main())
