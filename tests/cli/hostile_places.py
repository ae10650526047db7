"""Where commands write, given carelessly or with intent: two `dualgpu example` runs into one build folder
at once, a report to a place that cannot be written or through a link, a build folder that is a link or
inside DualGPU's own tree, and names that the generated project could not hold."""
import os
import shutil
import subprocess
import sys
import time

from clitest import DUALGPU, REPO, dualgpu, expect, fake_tool, fake_torch, main


def refused(work, args, texts, env=None, path_first=None):
    rc, out, _ = dualgpu(*args, cwd=work, env=env, path_first=path_first, timeout=300)
    expect(rc == 2, f"exit {rc}, expected 2: {out[-2000:]}")
    for text in texts:
        expect(text in out, f"the message lacks '{text}': {out[-2000:]}")
    return out


def case_two_examples_one_build_folder(work):
    # A cmake that runs DualGPU's doctor script for real and makes every configure last a while.
    real_cmake = os.environ.get("DUALGPU_TEST_CMAKE") or shutil.which("cmake")
    started = work / "configure-started"
    cmake = fake_tool(work / "bin", "cmake", f'for a; do [ "$a" = -P ] && exec "{real_cmake}" "$@"; done\n'
                                             f'touch {started}; sleep 15; exit 1')
    build = work / "build"
    env = dict(os.environ, CMAKE=str(cmake), DUALGPU_EXAMPLE_BUILD_DIR=str(build))
    first = subprocess.Popen([str(DUALGPU), "example"], cwd=work, env=env, stdout=subprocess.PIPE,
                             stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 240
        while not started.exists() and first.poll() is None and time.monotonic() < deadline:
            time.sleep(0.2)
        if not started.exists():
            expect(False, f"the first run never configured: {first.communicate()[0].decode()[-2000:]}")
        refused(work, ["example"], ["in use by another dualgpu example", str(build)],
                env={"CMAKE": str(cmake), "DUALGPU_EXAMPLE_BUILD_DIR": str(build)})
    finally:
        first.kill()
        first.wait()
    expect(sorted(p.name for p in build.iterdir()) == [".dualgpu-owned"], f"the build folder holds {list(build.iterdir())}")


def case_report_unwritable(work):
    build = work / "b"
    refused(work, ["smoke", "--torch-dir", str(fake_torch(work)), "--build-dir", str(build), "--json",
                   str(work / "missing" / "r.json")], ["cannot write the json report"])
    expect(not build.exists(), "the smoke program's build started although its report could not be written")


def case_report_through_link(work):
    precious = work / "notes.md"
    precious.write_text("the user's notes\n")
    (work / "report.md").symlink_to(precious)
    refused(work, ["smoke", "--torch-dir", str(fake_torch(work)), "--build-dir", str(work / "b"), "--markdown",
                   str(work / "report.md")], ["symbolic link"])
    expect(precious.read_text() == "the user's notes\n" and (work / "report.md").is_symlink(), "the link or its file changed")
    expect(not (work / "b").exists(), "the build started")


def case_example_build_folder_is_a_link(work):
    theirs = work / "theirs"
    theirs.mkdir()
    (theirs / ".dualgpu-owned").write_text("a stamp the user copied\n")
    (work / "link").symlink_to(theirs)
    refused(work, ["example"], ["symbolic link", "DUALGPU_EXAMPLE_BUILD_DIR"], env={"DUALGPU_EXAMPLE_BUILD_DIR": str(work / "link")})
    expect(sorted(p.name for p in theirs.iterdir()) == [".dualgpu-owned"], "something was written through the link")


def case_smoke_build_folder_in_dualgpu_tree(work):
    inside = REPO / "cmake" / "smoke-build-here"
    expect(not inside.exists(), f"{inside} exists before the test")
    try:
        refused(work, ["smoke", "--torch-dir", str(fake_torch(work)), "--build-dir", str(inside), "--build-only"],
                ["inside DualGPU's own folder"])
        expect(not inside.exists(), f"{inside} was created")
    finally:
        # Made by a broken build of this test only: refused before any build, it holds the stamp alone.
        if (inside / ".dualgpu-owned").is_file():
            (inside / ".dualgpu-owned").unlink()
            inside.rmdir()


def case_new_python_keyword(work):
    for name in ("lambda", "None", "yield"):
        refused(work, ["new", name, str(work / "p")], [f"'{name}' is a Python keyword"])
    expect(not (work / "p").exists(), "a project was written")


def case_new_macro_without_compiler(work):
    # No C++ compiler to ask: the table still knows the names the headers define.
    tools = work / "tools"
    tools.mkdir()
    for tool in ("python3", "readlink", "dirname"):
        (tools / tool).symlink_to(shutil.which(tool))
    for name, reason in (("NAN", "a macro of the C/C++ or Python headers"), ("PyObject", "already declared by")):
        refused(work, ["new", name, str(work / "p")], [f"'{name}' is {reason}"],
                env={"PATH": str(tools), "CXX": "", "DUALGPU_PYTHON": shutil.which("python3")})
    expect(not (work / "p").exists(), "a project was written")


if __name__ == "__main__":
    sys.exit(main({name[5:]: f for name, f in globals().items() if name.startswith("case_")}))
