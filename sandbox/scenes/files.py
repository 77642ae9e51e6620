"""Reading an input file safely: a regular file only, of bounded size, as UTF-8 text.

A FIFO, a device (``/dev/zero``), a folder or a socket is refused before a byte is
read (the file is opened without blocking, then checked with ``fstat``), so an input
can neither hang the program nor grow its memory without bound.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from ..core.locales import N_
from ..core.worded import Phrase, WordedError, os_reason


class InputFileError(WordedError, ValueError):
    """An input file that cannot be read; the message names the reason (not the path).
    `what` ("scene file", marked N_ by the caller) is said in the class's language."""


def read_text_file(path: Path, limit: int, what: str) -> str:
    """The text of a regular file of at most `limit` bytes, else InputFileError."""
    what = Phrase(what)
    try:
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as error:
        raise InputFileError.words(
            N_("cannot read {what} ({reason})"), what=what, reason=os_reason(error)
        ) from None
    except ValueError:  # a NUL in the name
        raise InputFileError.words(
            N_("cannot read {what} (a file name cannot hold a NUL)"), what=what
        ) from None
    try:
        info = os.fstat(descriptor)
        if not stat.S_ISREG(info.st_mode):
            kind = N_("a folder") if stat.S_ISDIR(info.st_mode) else N_("not a regular file")
            raise InputFileError.words(
                N_("cannot read {what} ({kind})"), what=what, kind=Phrase(kind)
            )
        if info.st_size > limit:
            raise InputFileError.words(
                N_("{what} is too large ({size} bytes; at most {limit})"),
                what=what,
                size=info.st_size,
                limit=limit,
            )
        chunks, total = [], 0
        while total <= limit:
            chunk = os.read(descriptor, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > limit:
            raise InputFileError.words(
                N_("{what} is too large (more than {limit} bytes)"), what=what, limit=limit
            )
    except OSError as error:
        raise InputFileError.words(
            N_("cannot read {what} ({reason})"), what=what, reason=os_reason(error)
        ) from None
    finally:
        os.close(descriptor)
    try:
        return b"".join(chunks).decode("utf-8")
    except UnicodeDecodeError:
        raise InputFileError.words(N_("{what} is not UTF-8 text"), what=what) from None
