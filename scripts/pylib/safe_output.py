"""Writing a file the way learner's OutputFile does (include/learner/io/output_file.h), for the
Python converters: the new content goes to "<real file>.tmp.<pid>" beside the file it replaces
(symlinks followed), is flushed and fsynced, takes the old file's mode, and is renamed over it;
a failure (ENOSPC, EFBIG, ...) removes the temporary and leaves the old file as it was. A file
with several hard links is rewritten in place, so that every name sees the new content.

replace_file(path, data) writes bytes; same_file(a, b) tells whether two paths are one file.
"""
import os


def same_file(a, b):
    """True when a and b both exist and are the same file (links and symlinks followed)."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def replace_file(path, data):
    real = os.path.realpath(path)
    try:
        old = os.stat(real)
    except FileNotFoundError:
        old = None
    if old is not None and old.st_nlink > 1:
        with open(real, "wb") as out:
            out.write(data)
        return
    tmp = f"{real}.tmp.{os.getpid()}"
    try:
        with open(tmp, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        if old is not None:
            os.chmod(tmp, old.st_mode & 0o7777)
        os.replace(tmp, real)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
