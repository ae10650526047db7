"""`dualgpu check-abi`: python/dualgpu/check_abi.py run by DUALGPU_PYTHON, the interpreter whose torch
headers it reads the shims from."""
import argparse
import os

import dualgpu
from dualgpu import run as runner
from dualgpu import settings
from dualgpu.cli import common

SYNOPSIS = "check-abi <wheel|.so> [--stable-abi X.Y]"
HELP = "what a built extension needs of torch and Python (stable ABI, abi3)"
ADD_HELP = False  # --help is check_abi.py's own
SETTINGS = ("DUALGPU_PYTHON",)
CHECK_SECONDS = 1800


def add_arguments(parser):
    parser.add_argument("check_abi_args", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)


def run(args, extra):
    settings.check(SETTINGS)
    # The file argument is the user's, relative to where they stand; the checker runs elsewhere.
    argv = [a if a.startswith("-") or not os.path.exists(a) else os.path.abspath(a)
            for a in [*args.check_abi_args, *extra]]
    package_parent = os.path.dirname(os.path.dirname(os.path.abspath(dualgpu.__file__)))
    pythonpath = os.pathsep.join(p for p in (package_parent, os.environ.get("PYTHONPATH", "")) if p)
    return runner.run_attached(common.python_safe("-m", "dualgpu.check_abi", *argv),
                               env=common.tool_env(PYTHONPATH=pythonpath), timeout=CHECK_SECONDS)
