"""Writing several outputs all or none: verified temporary files, fsync, then renames.

Each output goes to a temporary file beside it, written in full (a short write or a
full disk is an error, never a truncated file), its size checked against what was
meant, and fsync'd. Only when every one is safe on disk are they renamed into place,
with SIGTERM, SIGHUP and SIGINT held back meanwhile (and, after a run's outputs, ignored:
the run is complete; after a save mid-session, delivered); then the folders are
fsync'd. On any failure or signal, every temporary file is removed and no old file is
touched; a rename that fails puts the earlier ones back.
"""

from __future__ import annotations

import os
from pathlib import Path

from ..core.locales import N_
from ..core.worded import os_reason
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


def write_all(outputs: list[tuple[Path, bytes]], last_act: bool = True) -> None:
    """Write every (path, data) or none of them; UsageError naming the path on failure.

    A signal (SIGTERM, SIGHUP, SIGINT) that arrives while the temporaries are written
    waits until they are (so none is left unnamed), then stops the run with every old file
    in place. As the run's last act (its outputs), one that arrives during the renames or
    after them is ignored: the run is complete, and every outcome is all new and exit 0,
    or all old. Mid-session (`last_act=False`: Ctrl+S) it waits until the renames are done
    and is then delivered: the session goes on, and stops when told to.
    A rename that fails (the target became a folder) puts back what was renamed before it.
    """
    temporaries: dict[Path, str] = {}
    backups: dict[Path, str] = {}
    current = None
    try:
        mode = _file_mode()
        with signals_held():  # a temporary is created and named before a signal lands
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
        with signals_held(finishing=last_act):
            for path, _ in outputs:
                current = path
                if path.is_dir():
                    raise IsADirectoryError(21, "it is a folder now")
                backups[path] = _backup(path)
            renamed: list[Path] = []
            try:
                for path, _ in outputs:
                    current = path
                    os.replace(temporaries[path], path)
                    del temporaries[path]
                    renamed.append(path)
            except OSError:
                _put_back(renamed, backups)
                raise
            for folder in {path.parent for path, _ in outputs}:
                current = folder
                _fsync_folder(folder)
            _remove(temporaries, backups)  # the old files' second names, still held
    except OSError as error:
        raise UsageError.words(
            N_("{current!r}: cannot write ({reason})"),
            current=str(current),
            reason=os_reason(error),
        ) from None
    finally:
        with signals_held():  # a second signal waits until the temporaries are gone
            _remove(temporaries, backups)


def _remove(temporaries: dict[Path, str], backups: dict[Path, str | None]) -> None:
    """Unlink every temporary and backup name left, and forget them."""
    for name in [*temporaries.values(), *filter(None, backups.values())]:
        try:
            os.unlink(name)
        except OSError:
            pass
    temporaries.clear()
    backups.clear()


def _backup(path: Path) -> str | None:
    """A second name (a hard link) for the file at `path`, to put it back with; None when
    there is no file there (or the file system has no hard links: then no way back)."""
    if not path.exists():
        return None
    descriptor, name = temporary_in(path.parent, path.name)
    os.close(descriptor)
    os.unlink(name)
    try:
        os.link(path, name)
    except OSError:
        return None
    return name


def _put_back(renamed: list[Path], backups: dict[Path, str | None]) -> None:
    """Undo the renames done so far: each old file back, or the new one gone."""
    for path in reversed(renamed):
        backup = backups.pop(path, None)
        try:
            if backup is not None:
                os.replace(backup, path)
            else:
                os.unlink(path)
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
