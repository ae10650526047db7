"""Every environment setting DualGPU's commands read, checked in this one place.

A bad value stops the command before anything runs, with a message that names the variable, what it
holds and the values it accepts (exit status 2): never an empty value taken as a path or a shell
error from deep inside a tool. CMake checks the same names again for builds it runs on its own.
"""
import os
import re
import shutil
import sys

import dualgpu

__all__ = ["SettingError", "get", "check", "python", "platform"]


class SettingError(Exception):
    """A setting with a value it does not accept; the message names the variable and the fix."""


def _platform(value):
    if value.lower() not in dualgpu.platform_spellings():
        return "cuda, rocm or cpu (unset it for DualGPU's own decision)"
    return None


def _seconds(value):
    if not re.fullmatch(r"[0-9]*\.?[0-9]+", value) or float(value) <= 0:
        return "a positive number such as 10, or unset it for the default (10)"
    return None


def _count(value):
    if not re.fullmatch(r"[1-9][0-9]{0,3}", value):
        return "a whole number of parallel jobs from 1 to 9999 (unset it for the number of processors)"
    return None


def _switch(value):
    return None if value in ("0", "1") else "0 or 1"


def _program(value):
    if shutil.which(value) is None:
        return "a program that exists: a command on PATH or the path of an executable file"
    return None


def _folder_name(value):
    if "\0" in value or value.strip() != value or not value.strip():
        return "the path of a folder (no leading or trailing spaces)"
    return None


def _existing_folder(value):
    if not os.path.isdir(value):
        return "an existing folder"
    return None


def _compiler(value):
    # CXX may carry flags ("g++ -m64"), as CMake reads it: the first word must be a program.
    words = value.split()
    if not words or shutil.which(words[0]) is None:
        return "a C++ compiler that exists (a command on PATH or a path), optionally followed by flags"
    return None


# name -> (check, what it is for). A check returns None for a good value, else the accepted values.
SETTINGS = {
    "DUALGPU_PLATFORM": (_platform, "the platform to build for instead of DualGPU's decision"),
    "DUALGPU_PYTHON": (_program, "the Python whose torch DualGPU builds against"),
    "DUALGPU_PROBE_TIMEOUT": (_seconds, "how long one probe of a GPU tool may take"),
    "DUALGPU_EXAMPLE_BUILD_DIR": (_folder_name, "dualgpu example's build folder"),
    "DUALGPU_SMOKE_TORCH_DIR": (_existing_folder, "the libtorch dualgpu smoke builds against"),
    "DUALGPU_SMOKE_PLAIN_TORCH": (_switch, "build the smoke program with plain find_package(Torch)"),
    "DUALGPU_SMOKE_JOBS": (_count, "parallel jobs of the smoke build"),
    "CMAKE": (_program, "the cmake program DualGPU's commands run"),
    "CXX": (_compiler, "the C++ compiler"),
    "CUDAHOSTCXX": (_compiler, "nvcc's host C++ compiler"),
}

# name -> how the message says what is wrong, where CMake says it for the same name.
COMPLAINTS = {"DUALGPU_PROBE_TIMEOUT": "is not a number of seconds"}

# CMake stops on these when set but empty; everything else empty means unset.
_EMPTY_IS_AN_ERROR = {"DUALGPU_PROBE_TIMEOUT"}


def get(name, default=None, environ=None):
    """The checked value of <name>, or <default> when it is unset. Empty counts as unset, as CMake reads
    these names, except where CMake refuses an empty value (DUALGPU_PROBE_TIMEOUT)."""
    environ = os.environ if environ is None else environ
    if name not in SETTINGS:
        raise KeyError(f"{name} is not one of DualGPU's settings")
    value = environ.get(name)
    if value is None or (value == "" and name not in _EMPTY_IS_AN_ERROR):
        return default
    check_value, purpose = SETTINGS[name]
    accepted = "a value (it is set but empty): unset it or give one" if value == "" else check_value(value)
    if accepted:
        # The words of CMake's own message where CMake checks the same name (cmake/dualgpu/10-util.cmake).
        complaint = COMPLAINTS.get(name, f"is not accepted ({purpose})")
        raise SettingError(f"{name}='{value}' (environment) {complaint}: set it to {accepted}")
    return value


def check(names, environ=None):
    """Checks each of <names> (a command's settings) at once, before the command does anything."""
    for name in names:
        get(name, environ=environ)


def python(environ=None):
    """The interpreter whose torch DualGPU uses: DUALGPU_PYTHON, else the one running this command (the
    pip package's console script runs in the environment it was installed into)."""
    return get("DUALGPU_PYTHON", sys.executable, environ)


def platform(environ=None):
    """DUALGPU_PLATFORM normalised (cuda, rocm, cpu), or None when unset."""
    value = get("DUALGPU_PLATFORM", None, environ)
    return dualgpu.platform_spellings()[value.lower()] if value else None
