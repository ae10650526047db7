"""What several commands share: the environment tools get, where DualGPU's files are, cmake."""
import os

import dualgpu
from dualgpu import run, settings

# A configure or a build of a small project: far longer than any takes; a stuck one is stopped.
BUILD_SECONDS = 3 * 3600
# One question to a tool (a compiler probe, torch's paths) may take this many times DUALGPU_PROBE_TIMEOUT,
# the bound of one GPU probe: compiling a header or importing torch is slower than asking a driver.
PROBE_FACTOR = 6


class UsageError(Exception):
    """Wrong use of a command: printed with the command's name, exit status 2."""


def tool_env(**changes):
    """The environment every tool DualGPU starts gets: the user's, with DUALGPU_PYTHON pinned to the one
    interpreter this command uses, and <changes>."""
    return run.environment(DUALGPU_PYTHON=settings.python(), **changes)


def probe_seconds():
    """How long one question to a tool may take."""
    return PROBE_FACTOR * float(settings.get("DUALGPU_PROBE_TIMEOUT", "10"))


def path_in_root(*parts):
    return os.path.join(dualgpu.root(), *parts)


def cmake():
    """The cmake program: $CMAKE, else cmake on PATH."""
    return settings.get("CMAKE", "cmake")


def python_safe(*args):
    """The command that runs `-c CODE` or `-m MODULE` with DUALGPU_PYTHON, importing nothing from the
    current folder (bin/lib/dualgpu-python-safe.py)."""
    return [settings.python(), path_in_root("bin", "lib", "dualgpu-python-safe.py"), *args]
