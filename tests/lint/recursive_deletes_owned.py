"""Nothing in the tree deletes a folder recursively unless it made that folder itself (issue 14).

Usage: recursive_deletes_owned.py REPO
Every tracked script (sh/bash, CMake, Python, CI YAML) is searched for recursive deletes: `rm -r...`,
`file(REMOVE_RECURSE`, `cmake -E rm -r` / `remove_directory`, `shutil.rmtree`. One passes when
  - it is the safe-delete rule itself (bin/lib/dualgpu-owned-dir.sh for scripts, python/dualgpu/owned.py for
    the dualgpu commands; both check the stamp), or
  - the path it deletes is a variable (or a path under it) that the same file set from `mktemp -d` /
    `tempfile.mkdtemp` / `TemporaryDirectory`, i.e. a folder the script created itself, or
  - it is in ALLOWED below, with the reason.
Anything else fails with the file and line: call dualgpu_owned_dir_remove instead.
"""
import os
import re
import subprocess
import sys

RULE = "bin/lib/dualgpu-owned-dir.sh"
RULES = (RULE, "python/dualgpu/owned.py")  # the same stamp rule, for scripts and for the Python commands

# (path, text on the line) -> why it is safe. Keep each reason true; remove an entry when its line goes.
ALLOWED = {
    ("tests/configure/expect_configure.cmake", 'file(REMOVE_RECURSE "${BUILD}")'):
        "BUILD is the case's own folder under the test build tree (tests/CMakeLists.txt: ${work}/configure-<case>)",
    ("tests/consumer/install_and_use.cmake", 'file(REMOVE_RECURSE "${WORK}")'):
        "WORK is the test's own folder under the test build tree (tests/CMakeLists.txt: ${work}/install)",
    ("tests/extension/CMakeLists.txt", 'rm -rf \\"$1\\"'):
        "$1 is the test's own output folder under the test build tree (${CMAKE_CURRENT_BINARY_DIR}/new_project_src)",
    ("tests/extension/new_scaffold.sh", 'expect_refusal "not a valid name" "a;rm -rf x"'):
        "a project name under test, given as data to `dualgpu new`; never run",
    ("tests/packaging/install_commands.sh", 'rm -rf "$work/new_$how"'):
        "$work is the test's mktemp -d folder (set in tests/packaging/common.sh, which it sources)",
    ("tests/packaging/new_hostile.sh", 'rm -r "$proj/csrc"'):
        "$proj is a project the test generated inside its mktemp -d folder ($tmp/forced)",
    ("tests/configure/bad_input_cases.cmake", 'file(REMOVE_RECURSE "${work}")'):
        "${WORK}/<case>: the case's own folder under the test build tree (tests/configure/CMakeLists.txt)",
    ("tests/configure/rocm_root_plus.cmake", 'file(REMOVE_RECURSE "${WORK}/c++")'):
        "${WORK}/c++: the test's own folder under the test build tree (tests/configure/CMakeLists.txt)",
    ("tests/unit/test_architecture_keywords.cmake", 'file(REMOVE_RECURSE "${T}")'):
        "${CMAKE_CURRENT_BINARY_DIR}/arch-keywords-<tag>: the test's own folder in the build tree",
    ("tests/unit/test_rocm_layouts.cmake", 'file(REMOVE_RECURSE "${T}")'):
        "${CMAKE_CURRENT_BINARY_DIR}/rocm-layouts-<tag>: the test's own folder in the build tree",
    ("tests/house/common_change.py", "shutil.rmtree(work)"):
        "work is the row's own folder under the test build tree (tests/house/CMakeLists.txt: "
        "${CMAKE_CURRENT_BINARY_DIR}/work/<row>), deleted only while it holds the script's stamp, .house-work",
}

PATTERNS = [
    re.compile(r"\brm\s+(?:-[a-zA-Z]*\s+)*-[a-zA-Z]*[rR]"),
    re.compile(r"\brm\s+(?:-\w+\s+)*--recursive\b"),
    re.compile(r"REMOVE_RECURSE"),
    re.compile(r"-E\s+(?:rm\s+-[a-zA-Z]*r|remove_directory)"),
    re.compile(r"\brmtree\s*\("),
]
MADE_HERE = [r"^\s*(?:local\s+|export\s+)?{v}=\"?\$\(mktemp\s+-d", r"^\s*{v}\s*=.*(?:mkdtemp|TemporaryDirectory)\("]


def tracked_files(repo):
    try:
        out = subprocess.run(["git", "-C", repo, "ls-files", "-z"], capture_output=True, check=True).stdout
        return [f for f in out.decode().split("\0") if f]
    except (OSError, subprocess.CalledProcessError):  # not a git checkout: every file but build trees
        found = []
        for root, dirs, files in os.walk(repo):
            dirs[:] = [d for d in dirs if d != ".git" and not d.startswith("build")]
            found += [os.path.relpath(os.path.join(root, f), repo) for f in files]
        return found


def is_script(path, first_line):
    name = os.path.basename(path)
    if name == "CMakeLists.txt" or name.endswith((".sh", ".bash", ".cmake", ".py", ".yml", ".yaml", ".in")):
        return True
    return first_line.startswith("#!") and re.search(r"\b(sh|bash|dash|python3?)\b", first_line) is not None


def deleted_variable(line):
    """The variable a delete names first: rm -rf "$work/x" -> work; shutil.rmtree(work) -> work."""
    m = re.search(r"(?:rm\s[^$]*|REMOVE_RECURSE\s+\"?)\$\{?([A-Za-z_][A-Za-z0-9_]*)", line)
    if m:
        return m.group(1)
    m = re.search(r"rmtree\s*\(\s*([A-Za-z_][A-Za-z0-9_]*)", line)
    return m.group(1) if m else None


def main(repo):
    problems = []
    used = set()
    for path in tracked_files(repo):
        full = os.path.join(repo, path)
        if path in RULES or not os.path.isfile(full) or path.startswith("tests/lint/recursive_deletes_owned"):
            continue
        try:
            with open(full, encoding="utf-8", errors="replace") as f:
                text = f.read()
        except OSError:
            continue
        if not is_script(path, text.split("\n", 1)[0]):
            continue
        for number, line in enumerate(text.splitlines(), 1):
            code = line.strip()
            if code.startswith("#") or not any(p.search(code) for p in PATTERNS):
                continue
            allowed = [key for key in ALLOWED if key[0] == path and key[1] in line]
            if allowed:
                used.update(allowed)
                continue
            var = deleted_variable(code)
            if var and any(re.search(p.format(v=re.escape(var)), text, re.M) for p in MADE_HERE):
                continue
            problems.append("%s:%d: %s" % (path, number, code))
    # An entry whose file is absent belongs to a branch not merged yet; one whose line went is stale.
    for key in sorted(set(ALLOWED) - used):
        if os.path.exists(os.path.join(repo, key[0])):
            problems.append("%s: allow-list entry no longer matches any line, remove it: %s" % key)
    if problems:
        print("Recursive deletes of folders the script did not create (use dualgpu_owned_dir_remove from %s,\n"
              "or delete only a folder made here with mktemp -d):" % RULE)
        print("\n".join("  " + p for p in problems))
        return 1
    print("rm -rf lint: every recursive delete is of a folder its script made, or goes through %s" % RULE)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
