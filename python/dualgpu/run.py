"""The one way DualGPU's Python starts another program: bounded in time and in output, never through a
shell, with the environment given explicitly, from a working folder that is not the user's by accident.

A tool that hangs, prints without end or leaves a child running is stopped with its whole process
group (each tool gets a session of its own), so a lying `nvidia-smi` on PATH costs a bounded wait and
a named message, never a hung command. tests/lint/python_processes_through_runner.py keeps every other
way of starting a process out of DualGPU's Python.
"""
import os
import selectors
import shutil
import signal
import subprocess
import threading
import time

__all__ = ["Result", "ToolFailed", "run", "run_attached", "environment", "which", "tail", "OUTPUT_LIMIT"]

# Far more than any tool DualGPU asks prints; a tool that prints more is cut off and killed.
OUTPUT_LIMIT = 16 * 1024 * 1024
# A folder with nothing to import and nothing to write into: tools run here unless told otherwise.
SAFE_FOLDER = "/"
# After the tool itself exits, how long a child it left may still hold its output open.
_DRAIN_SECONDS = 0.2


class ToolFailed(Exception):
    """A tool could not be started: the message names the tool and why."""


class Result:
    """What a bounded run gives back: exit status, both outputs (text), and why it was cut short."""

    def __init__(self, argv, returncode, stdout, stderr, timed_out, truncated):
        self.argv, self.returncode, self.stdout, self.stderr = argv, returncode, stdout, stderr
        self.timed_out, self.truncated = timed_out, truncated

    @property
    def ok(self):
        return self.returncode == 0 and not self.timed_out and not self.truncated

    def why(self):
        """One line for a message: how the run ended."""
        if self.timed_out:
            return f"{self.argv[0]} did not finish in time and was stopped"
        if self.truncated:
            return f"{self.argv[0]} printed more than {OUTPUT_LIMIT // (1024 * 1024)} MiB and was stopped"
        return f"{self.argv[0]} exited with status {self.returncode}"


def tail(text, lines=60, characters=8000):
    """The end of a tool's output, to show a user: a tool that printed without end is not echoed whole."""
    end = "\n".join(text.splitlines()[-lines:])[-characters:]
    return end + ("\n" if end else "")


def which(program):
    """The path of <program> (a name looked up on PATH, or a path), or None."""
    return shutil.which(program)


def environment(base=None, **changes):
    """A copy of the environment (os.environ unless <base>) with <changes>; a value of None removes it."""
    env = dict(os.environ if base is None else base)
    for name, value in changes.items():
        if value is None:
            env.pop(name, None)
        else:
            env[name] = str(value)
    return env


def _kill_group(proc):
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def _feed(stream, data):
    try:
        stream.write(data)
        stream.close()
    except (BrokenPipeError, ValueError, OSError):
        pass  # the tool stopped reading (it exited or was stopped): what it did not read does not matter


def _start(argv, env, cwd, stdin, stdout, stderr):
    if not isinstance(argv, (list, tuple)) or not argv or not all(isinstance(a, str) for a in argv):
        raise TypeError("run(): argv must be a non-empty list of strings (never a shell line)")
    if env is None:
        raise TypeError("run(): pass the environment explicitly (dualgpu.run.environment())")
    try:
        return subprocess.Popen(list(argv), env=env, cwd=cwd or SAFE_FOLDER, stdin=stdin, stdout=stdout,
                                stderr=stderr, start_new_session=True, close_fds=True)
    except OSError as e:
        raise ToolFailed(f"cannot run {argv[0]}: {e.strerror or e}") from None


def run(argv, *, env, timeout, cwd=None, input_text=None, output_limit=OUTPUT_LIMIT):
    """Runs <argv> with its output captured; returns a Result. Stops the tool's whole process group after
    <timeout> seconds, once its output passes <output_limit> bytes, or on Ctrl-C (then re-raised)."""
    stdin = subprocess.PIPE if input_text is not None else subprocess.DEVNULL
    proc = _start(argv, env, cwd, stdin, subprocess.PIPE, subprocess.PIPE)
    chunks = {proc.stdout: [], proc.stderr: []}
    total, timed_out, truncated = 0, False, False
    deadline = time.monotonic() + timeout
    try:
        if input_text is not None:
            # Fed from a thread: a tool that answers while it reads (c++filt) fills its output before it
            # has read all input, so writing it all first could wait forever.
            threading.Thread(target=_feed, args=(proc.stdin, input_text.encode()), daemon=True).start()
        with selectors.DefaultSelector() as sel:
            for stream in chunks:
                sel.register(stream, selectors.EVENT_READ)
            exited_at, idle = None, False
            while sel.get_map():
                now = time.monotonic()
                if now >= deadline:
                    timed_out = True
                    break
                if exited_at is None and proc.poll() is not None:
                    exited_at = now
                # A child the tool left behind may keep its output open: once the tool has exited and its
                # output has gone quiet, wait only a moment for it (what is still in the pipe is read first).
                if exited_at is not None and idle and now - exited_at > _DRAIN_SECONDS:
                    break
                events = sel.select(timeout=min(0.1, deadline - now))
                idle = not events
                for key, _ in events:
                    data = os.read(key.fd, 65536)
                    if not data:
                        sel.unregister(key.fileobj)
                        continue
                    chunks[key.fileobj].append(data)
                    total += len(data)
                    if total > output_limit:
                        truncated = True
                        break
                if truncated:
                    break
        if not (timed_out or truncated):
            # Both outputs are closed, but the tool may still be exiting (cat closes its output in an
            # exit handler): it gets what is left of its time, so its own status is reported, not our kill.
            try:
                proc.wait(timeout=max(0.0, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                timed_out = True
    except BaseException:
        _kill_group(proc)
        proc.wait()
        raise
    finally:
        # The tool and anything it started: nothing DualGPU ran outlives the run.
        _kill_group(proc)
        for stream in (proc.stdout, proc.stderr):
            stream.close()
    returncode = proc.wait()
    text = {s: b"".join(c).decode(errors="replace") for s, c in chunks.items()}
    return Result(list(argv), returncode, text[proc.stdout], text[proc.stderr], timed_out, truncated)


def run_attached(argv, *, env, timeout, cwd=None):
    """Runs <argv> with the terminal's output (a build, pytest, the smoke program): bounded in time, its
    process group stopped on timeout or Ctrl-C. Returns the exit status; 124 when stopped for time."""
    proc = _start(argv, env, cwd, subprocess.DEVNULL, None, None)
    try:
        return proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        _kill_group(proc)
        proc.wait()
        return 124
    except BaseException:
        _kill_group(proc)
        proc.wait()
        raise
