"""python/dualgpu/run.py, the one runner, against tools that misbehave: each run ends within its bound,
says why, and leaves no process of the tool behind; a tool that answers while it reads gets all its input."""
import os
import sys
import time

from clitest import REPO, expect, main, process_gone

sys.path.insert(0, str(REPO / "python"))
from dualgpu import run  # noqa: E402  (the checkout's package, above)


def case_answers_while_reading(work):
    # More than a pipe holds, echoed as it is read: written all at once first, it would wait forever.
    text = "".join(f"line {i}\n" for i in range(400000))
    result = run.run(["cat"], env=run.environment(), timeout=60, input_text=text)
    expect(result.ok and result.stdout == text, f"cat gave back {len(result.stdout)} of {len(text)} characters; {result.why()}")


def case_closes_output_before_exit(work):
    # Its status is its own: the run waits for it to exit rather than stopping it once its output ends.
    result = run.run(["sh", "-c", "exec >&- 2>&-; sleep 1; exit 3"], env=run.environment(), timeout=60)
    expect(result.returncode == 3 and not result.timed_out, f"status {result.returncode}, not the tool's own 3")
    result = run.run(["sh", "-c", "exec >&- 2>&-; sleep 300"], env=run.environment(), timeout=1)
    expect(result.timed_out and "did not finish in time" in result.why(), result.why())


def case_child_holding_output(work):
    pid_file = work / "child.pid"
    start = time.monotonic()
    result = run.run(["sh", "-c", f"sleep 300 & echo $! > {pid_file}; echo answer"], env=run.environment(), timeout=60)
    expect(time.monotonic() - start < 10, "the run waited for the child that holds the output")
    expect(result.ok and result.stdout == "answer\n", f"the tool's answer was lost: {result.stdout!r}")
    expect(process_gone(int(pid_file.read_text())), "the child is still running")


def case_ignores_sigterm(work):
    pid_file = work / "tool.pid"
    start = time.monotonic()
    result = run.run(["sh", "-c", f"trap '' TERM; echo $$ > {pid_file}; while :; do sleep 1; done"],
                     env=run.environment(), timeout=1)
    expect(time.monotonic() - start < 10, "not stopped at its bound")
    expect(result.timed_out and not result.ok and "did not finish in time" in result.why(), result.why())
    expect(process_gone(int(pid_file.read_text())), "the tool is still running")


def case_endless_output(work):
    result = run.run(["yes", "an endless line"], env=run.environment(), timeout=60, output_limit=1 << 20)
    expect(result.truncated and not result.ok and "printed more than" in result.why(), result.why())
    expect(len(result.stdout) <= (1 << 20) + 65536, f"kept {len(result.stdout)} characters past the limit")


def case_no_shell_no_inherited_environment(work):
    marker = work / "touched"
    result = run.run(["echo", f"; touch {marker}"], env={"PATH": os.environ["PATH"]}, timeout=30)
    expect(result.stdout == f"; touch {marker}\n" and not marker.exists(), "an argument was read by a shell")
    result = run.run(["env"], env={"ONLY": "this"}, timeout=30)
    expect(result.stdout.strip() == "ONLY=this", f"the tool saw another environment: {result.stdout!r}")


if __name__ == "__main__":
    sys.exit(main({name[5:]: f for name, f in globals().items() if name.startswith("case_")}))
