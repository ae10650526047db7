"""tests/lint/cmake_module_reference.py catches what it is for: run on copies of cmake/ and docs/reference/
with one thing broken each, it fails and names the problem; on an unbroken copy it passes.
Usage: python3 cmake_module_reference_catches.py <repo>
"""
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

LINT = pathlib.Path(__file__).resolve().parent / "cmake_module_reference.py"


def edit(path, old, new, regex=False):
    text = path.read_text()
    changed = re.sub(old, new, text, count=1, flags=re.M) if regex else text.replace(old, new, 1)
    if changed == text:
        raise SystemExit(f"{path}: '{old}' not found: the case no longer applies, update it")
    path.write_text(changed)


def move_section(path, heading, before):
    """Moves section <heading> in front of section <before>."""
    text = path.read_text()
    start = text.index(heading + "\n^^^")
    end = re.compile(r"^\S.*\n\^\^\^", re.M).search(text, start + len(heading) + 1)
    end = end.start() if end else text.index("#]==")
    moved, rest = text[start:end], text[:start] + text[end:]
    at = rest.index(before + "\n^^^")
    path.write_text(rest[:at] + moved + rest[at:])


# name -> (what to break in the copy, text the lint must print)
CASES = {
    "no block": (lambda r: edit(r / "cmake/dualgpu/10-util.cmake", r"\A#\[=+\[\.rst:\n(.*\n)*?#\]=+\]\n", "", True),
                 "10-util.cmake: does not start with its reference block"),
    "wrong title": (lambda r: edit(r / "cmake/dualgpu/62-targets.cmake", "\ndualgpu/62-targets\n", "\ndualgpu/62-target\n"),
                    "62-targets.cmake: the block's first line is not its title"),
    "no paragraph": (lambda r: edit(r / "cmake/dualgpu/20-detect.cmake", r"(-{17}\n\n)(?:.+\n)+\n", r"\1", True),
                     "20-detect.cmake: no paragraph"),
    "no Input variables": (lambda r: edit(r / "cmake/dualgpu/61-architectures.cmake", "Input variables\n^^^^^^^^^^^^^^^\n", ""),
                           "61-architectures.cmake: reads DUALGPU_ARCHITECTURE_JOBS, DUALGPU_OFFLOAD_COMPRESS but has no section 'Input variables'"),
    "setting not named": (lambda r: edit(r / "cmake/dualgpu/61-architectures.cmake", "``DUALGPU_OFFLOAD_COMPRESS``\n", "``COMPRESS``\n"),
                          "61-architectures.cmake: reads DUALGPU_OFFLOAD_COMPRESS, which its 'Input variables' do not name"),
    "no Result variables or Commands": (
        lambda r: (edit(r / "cmake/dualgpu/55-cuda-libraries.cmake", "Commands\n^^^^^^^^\n", ""),
                   edit(r / "cmake/dualgpu/55-cuda-libraries.cmake", "Result variables\n^^^^^^^^^^^^^^^^\n", "")),
        "55-cuda-libraries.cmake: neither 'Result variables' nor 'Commands'"),
    "unknown section": (lambda r: edit(r / "cmake/dualgpu/20-detect.cmake", "Search behaviour\n^^^^^^^^^^^^^^^^\n", "Search Behavior\n^^^^^^^^^^^^^^^\n"),
                        "20-detect.cmake: section 'Search Behavior' is none of"),
    "short underline": (lambda r: edit(r / "cmake/dualgpu/63-torch-extension.cmake", "Commands\n^^^^^^^^\n", "Commands\n^^^^^^\n"),
                        "63-torch-extension.cmake: heading 'Commands' is underlined with 6 '^', not 8"),
    "sections out of order": (lambda r: move_section(r / "cmake/dualgpu/40-torch.cmake", "Result variables", "Imported targets"),
                              "40-torch.cmake: section 'Imported targets' comes after 'Result variables'"),
    "command undocumented": (lambda r: edit(r / "cmake/dualgpu/62-targets.cmake", ".. command:: dualgpu_target_rdc\n", ""),
                             "62-targets.cmake: defines dualgpu_target_rdc without its '.. command::' entry"),
    "command of another file": (lambda r: edit(r / "cmake/dualgpu/60-compiler-cache.cmake", "Commands\n^^^^^^^^\n",
                                               "Commands\n^^^^^^^^\n\n.. command:: dualgpu_add_library\n"),
                                "60-compiler-cache.cmake: .. command:: dualgpu_add_library, which this file does not define"),
    "script without Result files": (lambda r: edit(r / "cmake/DualGPUDoctor.cmake", "Result files\n^^^^^^^^^^^^\n", ""),
                                    "DualGPUDoctor.cmake: no section 'Result files'"),
    "no page": (lambda r: (r / "docs/reference/module/63-torch-extension.rst").unlink(),
                "63-torch-extension.cmake: no docs/reference/module/63-torch-extension.rst"),
    "no toctree line": (lambda r: edit(r / "docs/reference/index.rst", "   module/60-compiler-cache\n", ""),
                        "docs/reference/index.rst has no toctree line module/60-compiler-cache"),
    "new file without anything": (lambda r: (r / "cmake/dualgpu/64-new.cmake").write_text("function(dualgpu_new)\nendfunction()\n"),
                                  "64-new.cmake: no docs/reference/module/64-new.rst"),
    "page of a removed module": (lambda r: (r / "docs/reference/module/60-commands.rst").write_text(
                                     ".. cmake-module:: ../../../cmake/dualgpu/60-commands.cmake\n"),
                                 "docs/reference/module/60-commands.rst: no cmake module 60-commands"),
}


def lint(repo, work, name, damage):
    copy = work / re.sub(r"\W+", "_", name)
    shutil.copytree(repo / "cmake", copy / "cmake", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(repo / "docs" / "reference", copy / "docs" / "reference")
    damage(copy)
    proc = subprocess.run([sys.executable, str(LINT), str(copy)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True, timeout=120)
    return proc.returncode, proc.stdout


def main():
    repo = pathlib.Path(sys.argv[1]).resolve()
    failures = []
    with tempfile.TemporaryDirectory(prefix="dualgpu-lint-") as tmp:
        work = pathlib.Path(tmp)
        rc, out = lint(repo, work, "unbroken", lambda r: None)
        if rc != 0:
            failures.append(f"unbroken copy: the lint fails (exit {rc}):\n{out}")
        for name, (damage, expected) in CASES.items():
            rc, out = lint(repo, work, name, damage)
            if rc != 1 or expected not in out:
                failures.append(f"{name}: exit {rc}, expected 1 and '{expected}' in:\n{out}")
    for failure in failures:
        print(failure)
    print(f"{len(CASES) + 1 - len(failures)} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
