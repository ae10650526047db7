"""The two lints of DualGPU's Python (tests/lint/python_processes_through_runner.py and
python_writes_through_owned.py) catch what they are for: run on a scratch tree whose python/ holds one
file of each way to start a process or write, every line is named and the lint fails; on a file that only
reads, it passes."""
import subprocess
import sys

from clitest import REPO, expect, main

STARTS = ["import subprocess", "subprocess.run(['ls'])", "os.system('ls')", "os.execvp('ls', ['ls'])",
          "os.popen('ls')", "from subprocess import run"]
WRITES = ["open(p, 'w')", "open(p, mode='a')", "shutil.copy(a, b)", "os.replace(a, b)", "os.makedirs(d)",
          "pathlib.Path(p).write_text('x')", "tempfile.mkdtemp()", "zipfile.ZipFile(p).extractall(d)"]


def lint(work, name, lines):
    tree = work / name
    (tree / "python" / "dualgpu").mkdir(parents=True)
    (tree / "python" / "dualgpu" / "planted.py").write_text("\n".join(lines) + "\n")
    proc = subprocess.run([sys.executable, str(REPO / "tests" / "lint" / name), str(tree)],
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=60)
    return proc.returncode, proc.stdout.decode()


def case_all(work):
    for name, planted in (("python_processes_through_runner.py", STARTS), ("python_writes_through_owned.py", WRITES)):
        rc, out = lint(work / "bad", name, planted)
        expect(rc == 1, f"{name} passed a tree that breaks it: {out}")
        for number in range(1, len(planted) + 1):
            expect(f"planted.py:{number}:" in out, f"{name} missed line {number} ({planted[number - 1]}): {out}")
        rc, out = lint(work / "good", name, ["text = open(p).read()", "os.path.join(a, b)"])
        expect(rc == 0, f"{name} failed a tree that only reads: {out}")


if __name__ == "__main__":
    sys.exit(main({"all": case_all}))
