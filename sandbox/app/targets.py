"""Output paths and folders checked before a run: every way a write could fail is found
up front.

Each output must name a file whose folder exists and takes a new file (tried for
real: a probe file is made and removed), whose name leaves room for the temporary
file beside it, that is a regular file if it exists already (never a device, a FIFO
or a folder; a symlink is followed to what it names), and that is neither another
output nor an input of the same run.
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

from ..core.locales import N_
from ..core.worded import Phrase, os_reason
from .errors import UsageError
from .signals import signals_held

# The temporary file beside an output is named "." + name + "." + 8 random + ".tmp".
TEMP_PREFIX, TEMP_SUFFIX = ".", ".tmp"
TEMP_OVERHEAD = len(TEMP_PREFIX) + 1 + 8 + len(TEMP_SUFFIX)
PATH_MAX = 4096


def temporary_in(folder: Path, name: str) -> tuple[int, str]:
    """A new private temporary file beside `name` in `folder`: (descriptor, path)."""
    return tempfile.mkstemp(dir=folder, prefix=f"{TEMP_PREFIX}{name}.", suffix=TEMP_SUFFIX)


def output_target(value: str, option: str, suffix: str) -> Path:
    """The real path `value` names, checked for writing; UsageError naming the problem."""
    shown = f"{option} {value!r}"
    if not value:
        raise UsageError.words(N_("{option}: needs a file name"), option=option)
    if "\0" in value:
        raise UsageError.words(N_("{shown}: a file name cannot hold a NUL"), shown=shown)
    path = Path(value)
    if path.suffix.lower() != suffix:
        raise UsageError.words(
            N_("{shown}: the file name must end in {suffix}"), shown=shown, suffix=suffix
        )
    real = Path(os.path.realpath(path))  # a symlink is written through, to what it names
    folder, name = real.parent, real.name
    try:
        name_max = os.pathconf(folder, "PC_NAME_MAX")
    except (OSError, ValueError):
        name_max = 255
    if len(os.fsencode(name)) + TEMP_OVERHEAD > name_max:
        longest = name_max - TEMP_OVERHEAD
        raise UsageError.words(
            N_("{shown}: the file name is too long ({length} bytes; at most {longest})"),
            shown=shown,
            length=len(os.fsencode(name)),
            longest=longest,
        )
    if len(os.fsencode(str(real))) + TEMP_OVERHEAD >= PATH_MAX:
        raise UsageError.words(
            N_("{shown}: the path is too long (at most {path_max} bytes in all)"),
            shown=shown,
            path_max=PATH_MAX,
        )
    try:
        if not stat.S_ISDIR(os.stat(folder).st_mode):
            raise UsageError.words(
                N_("{shown}: {folder!r} is not a folder"), shown=shown, folder=str(folder)
            )
    except FileNotFoundError:
        raise UsageError.words(
            N_("{shown}: folder {folder!r} does not exist"), shown=shown, folder=str(folder)
        ) from None
    except OSError as error:
        raise UsageError.words(
            N_("{shown}: folder {folder!r}: {error}"),
            shown=shown,
            folder=str(folder),
            error=os_reason(error),
        ) from None
    try:
        mode = os.stat(real).st_mode
    except FileNotFoundError:
        mode = None
    except OSError as error:
        raise UsageError.words(
            N_("{shown}: {error}"), shown=shown, error=os_reason(error)
        ) from None
    if mode is not None and not stat.S_ISREG(mode):
        kind = Phrase(
            N_("a folder") if stat.S_ISDIR(mode) else N_("not a regular file (a device or FIFO?)")
        )
        raise UsageError.words(
            N_("{shown}: exists and is {kind}; it will not be replaced"), shown=shown, kind=kind
        )
    try:
        with signals_held():  # a signal waits until the probe is gone again
            descriptor, probe = temporary_in(folder, name)
            os.close(descriptor)
            os.unlink(probe)
    except OSError as error:
        raise UsageError.words(
            N_("{shown}: cannot write in {folder!r}: {error}"),
            shown=shown,
            folder=str(folder),
            error=os_reason(error),
        ) from None
    return real


def _same(a: Path, b: Path) -> bool:
    if a == b:
        return True
    try:
        return os.path.samefile(a, b)  # hard links
    except (OSError, ValueError):
        return False


def _would_overwrite(what: str, option: str, path: Path) -> UsageError:
    """An output naming an input: one whole sentence for each kind of input file."""
    shown = str(path)
    if what == "scene file":
        return UsageError.words(
            N_("{option} {path!r} would overwrite the scene file"), option=option, path=shown
        )
    if what == "lesson file":
        return UsageError.words(
            N_("{option} {path!r} would overwrite the lesson file"), option=option, path=shown
        )
    return UsageError.words(
        N_("{option} {path!r} would overwrite the replay file"), option=option, path=shown
    )


def check_distinct(outputs: dict[str, Path], inputs: dict[str, Path]) -> None:
    """No two outputs name one file, and no output names an input (a scene, a replay)."""
    named = list(outputs.items())
    for i, (option, path) in enumerate(named):
        for other, other_path in named[:i]:
            if _same(path, other_path):
                raise UsageError.words(
                    N_("{other} and {option} name the same file {path!r}"),
                    other=other,
                    option=option,
                    path=str(path),
                )
        for what, source in inputs.items():
            if _same(path, Path(os.path.realpath(source))):
                raise _would_overwrite(what, option, path)


def export_folder(value: str) -> Path:
    """The folder --export-lesson writes into: it may exist (as a folder), or be made in
    a folder that exists; checked for writing by output_target on a file inside it."""
    folder, parent = _folder(value, "--export-lesson")
    output_target(
        str((folder if folder.exists() else parent) / "index.md"), "--export-lesson", ".md"
    )
    return folder


def _folder(value: str, option: str) -> tuple[Path, Path]:
    """(the folder, its parent): a folder that exists, or one that can be made in a
    folder that exists; else UsageError."""
    if not value or "\0" in value:
        raise UsageError.words(N_("{option}: needs a folder name"), option=option)
    folder = Path(value)
    try:
        if folder.exists() and not folder.is_dir():
            raise UsageError.words(
                N_("{option} {value!r}: exists and is not a folder"), option=option, value=value
            )
        parent = folder.resolve().parent
    except (OSError, ValueError) as error:
        raise UsageError.words(
            N_("{option} {value!r}: {error}"), option=option, value=value, error=error
        ) from None
    if not folder.exists() and not parent.is_dir():
        raise UsageError.words(
            N_("{option} {value!r}: folder {parent!r} does not exist"),
            option=option,
            value=value,
            parent=str(parent),
        )
    return folder, parent


def save_folder(value: str | None) -> Path | None:
    """--save-dir: a folder, or one that can be made in a folder that exists."""
    return None if value is None else _folder(value, "--save-dir")[0]
