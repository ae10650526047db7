"""Runs `-c CODE [ARG]...` or `-m MODULE [ARG]...` as python would, but with nothing importable from the
current folder: neither the '' / '.' entry `python -c` and `python -m` put first on sys.path, nor an
empty PYTHONPATH entry (PYTHONPATH=":" means the current folder too). PYTHONPATH's other entries and
the user's site-packages are kept, unlike `python -I`, so a torch found only through PYTHONPATH still
is. Works on every Python 3 (`python -P` needs 3.11).

Every Python that DualGPU's commands start on the user's behalf goes through this file
(tests/lint/python_started_safely.py keeps it so): a ./torch/ or ./json.py where the user stands
is never run.
"""
import os
import runpy
import sys


def _without_current_folder():
    here = os.path.realpath(os.getcwd())
    script_dir = os.path.dirname(os.path.realpath(__file__))
    sys.path[:] = [p for p in sys.path
                   if p and os.path.realpath(p) not in (here, script_dir)]


def main():
    if len(sys.argv) < 3 or sys.argv[1] not in ("-c", "-m"):
        sys.exit("usage: python dualgpu-python-safe.py -c CODE [ARG]... | -m MODULE [ARG]...")
    mode, target, args = sys.argv[1], sys.argv[2], sys.argv[3:]
    _without_current_folder()
    if mode == "-c":
        sys.argv = ["-c", *args]
        exec(compile(target, "<string>", "exec"), {"__name__": "__main__", "__builtins__": __builtins__})
    else:
        sys.argv = [target, *args]
        runpy.run_module(target, run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main()
