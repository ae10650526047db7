"""The one rule by which DualGPU's Python writes files and folders (the shell scripts of ci/ follow the same
rule in bin/lib/dualgpu-owned-dir.sh, with the same stamp).

- A folder DualGPU creates gets a stamp file, .dualgpu-owned; a folder is reused or deleted only when it
  carries the stamp (or is empty). A user's project named as a build folder is never written into.
- Nothing is written through a symbolic link, into / or the home folder, into a folder of another user
  or one every user may write, or into DualGPU's own tree (its build*/_build* folders excepted).
- A file appears whole or not at all: it is written beside its place and renamed there.
tests/lint/python_writes_through_owned.py keeps every other write out of DualGPU's Python.
"""
import contextlib
import errno
import fcntl
import os
import shutil
import stat
import tempfile

import dualgpu

__all__ = ["STAMP", "Refused", "Busy", "prepare_folder", "adopt_folder", "remove_folder", "lock_folder", "write_file",
           "check_file_place", "staging_folder", "make_folders", "write_new_file", "move_without_replacing", "move_folder_into_place", "private_temp_folder"]

STAMP = ".dualgpu-owned"
# A stamp being written: a folder holding only these is still empty.
_STAMP_TEMP_PREFIX = STAMP + ".tmp"


class Refused(Exception):
    """A write the rule does not allow; the message names the folder and what to do instead."""


class Busy(Refused):
    """Another DualGPU command is using the folder right now."""


def _stamp_text(purpose):
    # The same words as bin/lib/dualgpu-owned-dir.sh writes: either one accepts the other's folders.
    return (f"DualGPU created this folder for {purpose} and may delete it.\n"
            "Delete this file to keep DualGPU from deleting the folder.\n")


def _strip_slashes(path):
    path = os.fspath(path)
    if not path:
        raise Refused("an empty folder name was given: name a folder")
    while len(path) > 1 and path.endswith("/"):
        path = path[:-1]
    return path


def _inside_dualgpu_tree(real):
    """Whether <real> is DualGPU's own folder or in it; its build*/_build* folders are for builds."""
    root = os.path.realpath(dualgpu.root())
    if real == root:
        return True
    if not real.startswith(root + os.sep):
        return False
    first = real[len(root) + 1:].split(os.sep, 1)[0]
    return not (first.startswith("build") or first.startswith("_build"))


def _check_place(path, what):
    """The checks every write shares; returns the real path."""
    if os.path.islink(path):
        raise Refused(f"{path} is a symbolic link: DualGPU never writes through a link; name the real {what} "
                      "or a new one")
    real = os.path.realpath(path)
    if what != "folder" and os.path.exists(real) and not os.path.isfile(real):
        raise Refused(f"{path} exists and is not a plain file (a device, a pipe or a folder): name a new file for the {what}")
    home = os.path.realpath(os.path.expanduser("~"))
    if real in ("/", home):
        raise Refused(f"{path} is / or your home folder: DualGPU never fills or deletes it; name a new folder")
    if _inside_dualgpu_tree(real):
        raise Refused(f"{path} is inside DualGPU's own folder {os.path.realpath(dualgpu.root())}: name a "
                      f"{what} elsewhere")
    return real


def _check_folder_safe(path, real):
    info = os.stat(real)
    if not stat.S_ISDIR(info.st_mode):
        raise Refused(f"{path} exists and is not a folder: name a new folder instead")
    if info.st_uid != os.geteuid():
        raise Refused(f"{path} belongs to another user: name a folder of your own (another user could change "
                      "what is built there)")
    if info.st_mode & stat.S_IWOTH:
        raise Refused(f"{path} is writable by every user: name a folder only you can write (chmod o-w, or a "
                      "new folder)")


def _is_stamped(real):
    stamp = os.path.join(real, STAMP)
    return os.path.isfile(stamp) and not os.path.islink(stamp)


def _is_empty(real):
    return all(name.startswith(_STAMP_TEMP_PREFIX) for name in os.listdir(real))


def _write_stamp(real, purpose):
    fd, temp = tempfile.mkstemp(prefix=_STAMP_TEMP_PREFIX, dir=real)
    try:
        with os.fdopen(fd, "w") as f:
            f.write(_stamp_text(purpose))
        os.chmod(temp, 0o644)  # as the shell rule's stamp: others may read why the folder is there
        os.replace(temp, os.path.join(real, STAMP))
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise


def prepare_folder(path, purpose):
    """<path> exists afterwards and is DualGPU's: created and stamped when missing or empty, accepted
    when stamped, else Refused. Returns its real path."""
    path = _strip_slashes(path)
    real = _check_place(path, "folder")
    try:
        os.makedirs(os.path.dirname(real), exist_ok=True)
        os.mkdir(real, 0o755)
    except FileExistsError:
        pass  # checked below, as any existing folder (another run may have just made it)
    except OSError as e:
        raise Refused(f"cannot create {path}: {e.strerror}: name a folder you can write") from None
    _check_folder_safe(path, real)
    if _is_stamped(real):
        return real
    if not _is_empty(real):
        raise Refused(f"{path} is not empty and was not created by DualGPU (no {STAMP} in it): not writing into "
                      "it; name a new or empty folder (an old DualGPU folder: delete it yourself)")
    try:
        _write_stamp(real, purpose)
    except OSError as e:
        raise Refused(f"cannot write into {path}: {e.strerror}: name a folder you can write") from None
    return real


def adopt_folder(path, purpose):
    """Stamps <path>, a folder DualGPU made before folders were stamped (the caller recognised it)."""
    real = _check_place(_strip_slashes(path), "folder")
    _check_folder_safe(path, real)
    if not _is_stamped(real):
        _write_stamp(real, purpose)


def remove_folder(path):
    """Deletes <path> when DualGPU made it (stamped); nothing to do when it is missing; else Refused."""
    path = _strip_slashes(path)
    if not os.path.lexists(path):
        return
    real = _check_place(path, "folder")
    _check_folder_safe(path, real)
    if not _is_stamped(real):
        raise Refused(f"{path} was not created by DualGPU (no {STAMP} in it): not deleting it; delete it yourself "
                      "if you mean to, or name another folder")
    shutil.rmtree(real)


@contextlib.contextmanager
def lock_folder(real, what):
    """Holds <real> (a prepared folder) for one command: a second command using it at the same time is
    refused with Busy instead of building into the same files."""
    fd = os.open(os.path.join(real, STAMP), os.O_RDONLY)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as e:
            if e.errno in (errno.EWOULDBLOCK, errno.EAGAIN):
                raise Busy(f"{real} is in use by another {what} right now: wait for it to finish, or name another "
                           "folder") from None
            raise
        yield real
    finally:
        os.close(fd)


def check_file_place(path, what="file"):
    """Refuses, before any work, a file place write_file() would refuse or could not write."""
    if not path:
        raise Refused(f"an empty {what} name was given: name a file")
    real = _check_place(path, what)
    if os.path.isdir(real):
        raise Refused(f"{path} is a folder: name a file for the {what}")
    folder = os.path.dirname(real)
    if not os.path.isdir(folder) or not os.access(folder, os.W_OK | os.X_OK):
        raise Refused(f"cannot write the {what} {path}: {folder} is not a folder you can write: name a place you can write")
    return real


def write_file(path, text, what="file"):
    """Writes <text> to <path> whole or not at all (written beside it, then renamed). Refused for a link,
    a folder, a place in DualGPU's tree or a folder that cannot be written."""
    path = os.fspath(path)
    real = check_file_place(path, what)
    folder = os.path.dirname(real)
    try:
        fd, temp = tempfile.mkstemp(prefix="." + os.path.basename(real) + ".", dir=folder)
    except OSError as e:
        raise Refused(f"cannot write the {what} {path}: {e.strerror} in {folder}: name a place you can write") from None
    try:
        with os.fdopen(fd, "w") as f:
            f.write(text)
        os.chmod(temp, 0o644)
        os.replace(temp, real)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise


@contextlib.contextmanager
def staging_folder(parent, prefix):
    """A new folder beside the target (in <parent>, so moving out of it is a rename), deleted at the end
    whatever happens, Ctrl-C included: what was not moved out leaves nothing behind."""
    try:
        stage = tempfile.mkdtemp(prefix=prefix, dir=parent)
    except OSError as e:
        raise Refused(f"cannot create a staging folder in {parent}: {e.strerror}: choose another folder") from None
    try:
        yield stage
    finally:
        shutil.rmtree(stage, ignore_errors=True)


def make_folders(path):
    """Creates <path> and its parents (inside a staging folder or a checked target)."""
    os.makedirs(path, exist_ok=True)


def write_new_file(path, text, mode=None):
    """Creates <path> (which must not exist: never replaces anything) with <text>."""
    with open(path, "x") as f:
        f.write(text)
    if mode is not None:
        os.chmod(path, mode)


def move_without_replacing(source, target):
    """Moves the file <source> to <target> unless something is there (a link too); True when moved."""
    try:
        os.link(source, target, follow_symlinks=False)
    except FileExistsError:
        return False
    os.unlink(source)
    return True


def move_folder_into_place(stage, target):
    """Renames the finished staging folder to <target>, which must not exist: the whole appears at once."""
    if os.path.lexists(target):
        raise Refused(f"{target} appeared while it was being written: nothing was changed there; run again")
    # A staging folder is private (700) while it fills; the project gets the user's usual permissions.
    umask = os.umask(0o22)
    os.umask(umask)
    os.chmod(stage, 0o777 & ~umask)
    os.rename(stage, target)


@contextlib.contextmanager
def private_temp_folder():
    """A folder only this process uses (mode 700), deleted at the end."""
    with tempfile.TemporaryDirectory(prefix="dualgpu-") as folder:
        yield folder
