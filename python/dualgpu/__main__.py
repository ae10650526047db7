"""`python -m dualgpu` and the `dualgpu` console command.

  --cmake-dir     print the folder of DualGPUConfig.cmake (for -DDualGPU_DIR=...)
  --include-dir   print the folder that holds dualgpu/*.hpp
  --version       print DualGPU's version
  <command> ...   run `dualgpu <command>` (check-abi, doctor, new, example, selfcheck, smoke)
"""
import os
import sys

import dualgpu


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    printers = {"--cmake-dir": dualgpu.cmake_dir, "--include-dir": dualgpu.include_dir,
                "--version": lambda: dualgpu.__version__}
    if len(argv) == 1 and argv[0] in printers:
        print(printers[argv[0]]())
        return 0
    # Everything else is bin/dualgpu's: one dispatcher, the same commands as a checkout or `cmake --install`.
    command = dualgpu.command()
    env = dict(os.environ)
    env.setdefault("DUALGPU_PYTHON", sys.executable)  # the interpreter (and torch) this command was run with
    try:
        os.execve(command, [command, *argv], env)
    except OSError as e:
        print(f"dualgpu: cannot run {command}: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
