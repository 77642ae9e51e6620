"""Writing several outputs all or none: verified temporary files, fsync, then renames.

Each output goes to a temporary file beside it, written in full (a short write or a
full disk is an error, never a truncated file), its size checked against what was
meant, and fsync'd. Only when every one is safe on disk are they renamed into place,
with SIGTERM and SIGHUP held back meanwhile; then the folders are fsync'd. On any
failure or signal, every temporary file is removed and no old file is touched.
"""

from __future__ import annotations

import os
from pathlib import Path

from .errors import UsageError
from .signals import signals_held
from .targets import temporary_in


def _write_fully(descriptor: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(descriptor, view)
        if written <= 0:
            raise OSError(28, "No space left on device (nothing more could be written)")
        view = view[written:]


def _file_mode() -> int:
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask  # mkstemp makes the file private; outputs are not


def write_all(outputs: list[tuple[Path, bytes]]) -> None:
    """Write every (path, data) or none of them; UsageError naming the path on failure."""
    temporaries: dict[Path, str] = {}
    current = None
    try:
        mode = _file_mode()
        for path, data in outputs:
            current = path
            descriptor, temporary = temporary_in(path.parent, path.name)
            temporaries[path] = temporary
            try:
                _write_fully(descriptor, data)
                os.fchmod(descriptor, mode)
                os.fsync(descriptor)
                size = os.fstat(descriptor).st_size
            finally:
                os.close(descriptor)
            if size != len(data):
                raise OSError(5, f"wrote {size} bytes of {len(data)}")
        with signals_held():
            for path, _ in outputs:
                current = path
                os.replace(temporaries.pop(path), path)
            for folder in {path.parent for path, _ in outputs}:
                current = folder
                _fsync_folder(folder)
    except OSError as error:
        raise UsageError(f"{str(current)!r}: cannot write ({error.strerror or error})") from None
    finally:
        for temporary in temporaries.values():
            try:
                os.unlink(temporary)
            except OSError:
                pass


def _fsync_folder(folder: Path) -> None:
    descriptor = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    except OSError:
        pass  # some file systems cannot fsync a folder; the renames are done all the same
    finally:
        os.close(descriptor)
