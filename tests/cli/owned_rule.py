"""python/dualgpu/owned.py, the owned-folder rule of the dualgpu commands, against the shell rule
bin/lib/dualgpu-owned-dir.sh: each accepts the other's stamp (build folders made by either stay valid),
and the Python rule refuses what the shell rule refuses (an unstamped folder, a link, a shared folder,
/ and the home folder), plus DualGPU's own tree; a file is written whole and never through a link."""
import os
import subprocess
import sys

from clitest import REPO, expect, main

sys.path.insert(0, str(REPO / "python"))
from dualgpu import owned  # noqa: E402  (the checkout's package, above)

SHELL_RULE = REPO / "bin" / "lib" / "dualgpu-owned-dir.sh"


def shell_rule(function, *args):
    proc = subprocess.run(["sh", "-c", f'. "$0"; {function} "$@"', str(SHELL_RULE), *map(str, args)],
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=60)
    return proc.returncode, proc.stdout.decode()


def refused(call, text):
    try:
        call()
    except owned.Refused as e:
        expect(text in str(e), f"refused, but the message lacks '{text}': {e}")
        return
    expect(False, f"not refused (expected '{text}')")


def case_shell_stamp_accepted(work):
    folder = work / "made-by-sh"
    rc, out = shell_rule("dualgpu_owned_dir_prepare", folder, "a test")
    expect(rc == 0, out)
    (folder / "CMakeCache.txt").write_text("a build\n")
    expect(owned.prepare_folder(folder, "a test") == os.path.realpath(folder), "the shell rule's folder was refused")
    owned.remove_folder(folder)
    expect(not folder.exists(), "the shell rule's stamped folder was not removed")


def case_python_stamp_accepted_by_shell(work):
    folder = work / "made-by-python"
    owned.prepare_folder(folder, "a test")
    (folder / "build.ninja").write_text("a build\n")
    rc, out = shell_rule("dualgpu_owned_dir_prepare", folder, "a test")
    expect(rc == 0, f"the shell rule refused the Python rule's folder: {out}")
    rc, out = shell_rule("dualgpu_owned_dir_remove", folder)
    expect(rc == 0 and not folder.exists(), f"the shell rule did not remove the Python rule's folder: {out}")


def case_refusals_match_the_shell_rule(work):
    theirs = work / "theirs"
    theirs.mkdir()
    (theirs / "notes.txt").write_text("keep\n")
    stamped = work / "stamped"
    owned.prepare_folder(stamped, "a test")
    (work / "link").symlink_to(stamped)
    shared = work / "shared"
    owned.prepare_folder(shared, "a test")
    os.chmod(shared, 0o777)
    for folder, text in ((theirs, "was not created by DualGPU"), (work / "link", "symbolic link"),
                         (shared, "writable by every user"), ("/", "is / or your home folder"),
                         (os.path.expanduser("~"), "is / or your home folder")):
        rc, out = shell_rule("dualgpu_owned_dir_remove", folder)
        expect(rc != 0, f"the shell rule itself accepted {folder}: the case is wrong")
        refused(lambda: owned.remove_folder(folder), text)
    refused(lambda: owned.prepare_folder(theirs, "a test"), "is not empty and was not created by DualGPU")
    expect((theirs / "notes.txt").read_text() == "keep\n" and stamped.is_dir(), "a refused folder changed")
    refused(lambda: owned.prepare_folder(REPO / "cmake" / "x", "a test"), "inside DualGPU's own folder")
    expect(not (REPO / "cmake" / "x").exists(), "a folder appeared in DualGPU's tree")


def case_files_whole_and_never_through_links(work):
    report = work / "report.json"
    report.write_text("old\n")
    owned.write_file(report, "new\n", "report")
    expect(report.read_text() == "new\n", "the file was not replaced")
    expect(sorted(p.name for p in work.iterdir()) == ["report.json"], f"left behind: {list(work.iterdir())}")
    precious = work / "precious"
    precious.write_text("keep\n")
    (work / "linked.json").symlink_to(precious)
    refused(lambda: owned.write_file(work / "linked.json", "x", "report"), "symbolic link")
    refused(lambda: owned.write_file(work / "missing" / "r.json", "x", "report"), "cannot write the report")
    refused(lambda: owned.write_file("/dev/null", "x", "report"), "is not a plain file")
    expect(precious.read_text() == "keep\n", "written through the link")


if __name__ == "__main__":
    sys.exit(main({name[5:]: f for name, f in globals().items() if name.startswith("case_")}))
