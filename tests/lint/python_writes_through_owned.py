"""Lint: DualGPU's Python writes files and folders only through python/dualgpu/owned.py, the one rule
(real paths, no writing through a link or into DualGPU's tree, only folders it created, whole files
renamed into place).

Fails on open() for writing, os.open, shutil.copy*/move/rmtree, os.rename/replace/remove/unlink/link/
symlink/mkdir/makedirs/rmdir, Path.write_text/write_bytes/mkdir/touch/unlink/rename/replace, tempfile's
folders and files, and zip/tar extraction, in the Python DualGPU runs or ships: python/, bin/,
smoke/*.py, example-extension/python/, templates/. ALLOWED names each exception and why.
Usage: python3 python_writes_through_owned.py <repo>
"""
import ast
import pathlib
import re
import sys

from lint_report import report, shipped_files

MODULE_CALLS = {
    "os": {"open", "rename", "renames", "replace", "remove", "unlink", "link", "symlink", "mkdir", "makedirs",
           "rmdir", "removedirs", "mkfifo", "truncate"},
    "shutil": {"copy", "copy2", "copyfile", "copytree", "copyfileobj", "move", "rmtree"},
    "tempfile": {"mkdtemp", "mkstemp", "TemporaryDirectory", "NamedTemporaryFile", "TemporaryFile"},
}
# Methods that write whatever object they are called on (a Path, a ZipFile, a TarFile).
WRITING_METHODS = {"write_text", "write_bytes", "touch", "mkdir", "extract", "extractall"}
# (file, call) -> why it may write its own way
ALLOWED = {
    ("python/dualgpu/owned.py", "*"): "the owned-folder rule itself",
    ("python/dualgpu/check_abi.py", "extract"):
        "the wheel's libraries, extracted to be read into the private folder owned.private_temp_folder() made",
}


def _writes_by_open(call):
    mode = call.args[1] if len(call.args) > 1 else next((k.value for k in call.keywords if k.arg == "mode"), None)
    if mode is None:
        return False
    if isinstance(mode, ast.Constant) and isinstance(mode.value, str):
        return any(c in mode.value for c in "wax+")
    return True  # a mode chosen at run time may write


def writes_in(tree):
    """(line, call name) of each write in the module <tree>."""
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if isinstance(func, ast.Name) and func.id == "open" and _writes_by_open(node):
            yield node.lineno, "open"
        elif isinstance(func, ast.Attribute):
            owner = func.value.id if isinstance(func.value, ast.Name) else None
            if owner in MODULE_CALLS and func.attr in MODULE_CALLS[owner]:
                yield node.lineno, f"{owner}.{func.attr}"
            elif owner in ("io", "codecs") and func.attr == "open" and _writes_by_open(node):
                yield node.lineno, f"{owner}.open"
            elif func.attr in WRITING_METHODS or (func.attr == "open" and owner not in MODULE_CALLS and _writes_by_open(node)):
                yield node.lineno, func.attr


def main():
    repo = pathlib.Path(sys.argv[1]).resolve()
    hits = []
    for path, rel in shipped_files(repo, '.py'):
        if (rel, "*") in ALLOWED:
            continue
        try:
            # A template's placeholders (@NAME@) become names, so the file parses as the project's will.
            tree = ast.parse(re.sub(r"@([A-Z_]+)@", r"placeholder_\1", path.read_text()), str(path))
        except SyntaxError as e:
            hits.append(f"{rel}: cannot be parsed ({e.msg}), so cannot be checked")
            continue
        for line, call in writes_in(tree):
            if (rel, call) not in ALLOWED:
                hits.append(f"{rel}:{line}: {call}(...)")
    return report(hits, "write(s) outside python/dualgpu/owned.py: use owned.write_file, prepare_folder, "
                  "staging_folder ... (one rule for every write), or add (file, call) to ALLOWED with the reason",
                  "every write of DualGPU's Python goes through python/dualgpu/owned.py")

if __name__ == "__main__":
    sys.exit(main())
