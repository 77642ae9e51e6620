"""Words said later, in the class's language: a msgid and its named values (issue 43).

An error is raised where the language is not known (a scene file's reader, an option's
check); it is printed at the app's boundary, which knows it. So an error carries its
msgid (marked N_ for the catalogue) and the values of its {placeholders}, and is said
when printed: `said(tr)` translates the msgid and fills it in. Its English, the
exception's own text, is `msgid.format(**values)`: the same bytes as before issue 43.

A value may itself be words (a `Phrase`, or another `WordedError` error being quoted, as
"{where}: {error}"): it is said in the same language. Any other value (a path, a number,
a field's name as the file writes it, an operating system's reason) is shown as it is.
"""

from __future__ import annotations

import errno
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from .locales import N_

Translate = Callable[[str], str]


@dataclass(frozen=True)
class Phrase:
    """A msgid (marked N_) and its values, said later: part of a longer message."""

    msgid: str
    values: Mapping[str, object] = field(default_factory=dict)

    def __str__(self) -> str:
        return self.msgid.format(**self.values)

    def said(self, tr: Translate) -> str:
        return tr(self.msgid).format(**said_values(self.values, tr))


def said_values(values: Mapping[str, object], tr: Translate) -> dict[str, object]:
    """`values` with every value that is words said in the language `tr` translates to."""
    return {name: value.said(tr) if _is_words(value) else value for name, value in values.items()}


def said(value: object, tr: Translate) -> str:
    """`value` in the language `tr` translates to: words said, anything else as text."""
    return value.said(tr) if _is_words(value) else str(value)


def _is_words(value: object) -> bool:
    return isinstance(value, (Phrase, WordedError))


class WordedError(Exception):
    """An exception whose message is a msgid with named values: `words(N_(msgid), ...)`.

    Its English (str) is the msgid filled in; `said(tr)` is the message in tr's language.
    One made from plain text (`quoted`: words already in the class's language, as
    argparse's) is said as it is."""

    def __init__(self, message: str, msgid: str | None = None, values: Mapping | None = None):
        super().__init__(message)
        self.msgid = msgid
        self.values = dict(values or {})

    @classmethod
    def words(cls, msgid: str, **values: object):
        """The error `msgid` (marked N_ for the catalogue) with its {placeholders} filled:
        its English is `msgid.format(**values)`."""
        return cls(msgid.format(**values), msgid, values)

    @classmethod
    def quoted(cls, text: str):
        """An error whose text is already in the class's language (or nobody's: a
        system's own message), said as it is."""
        return cls(text)

    @classmethod
    def from_error(cls, error: Exception):
        """`error`'s words (its msgid and values; a plain error's text, quoted) as this
        kind of error."""
        return cls(str(error), getattr(error, "msgid", None), getattr(error, "values", None))

    def said(self, tr: Translate) -> str:
        """The message in the language `tr` translates to (English: the message itself)."""
        if self.msgid is None:
            return str(self)
        return tr(self.msgid).format(**said_values(self.values, tr))


class WordedValueError(WordedError, ValueError):
    """A value that cannot be read (an option's, a replay line's), in words said later."""


# The operating system's reasons a class meets (errno -> its English, as glibc words it):
# said in the class's language; any other reason is shown as the system gives it.
_OS_REASONS = {
    errno.ENOENT: N_("No such file or directory"),
    errno.EACCES: N_("Permission denied"),
    errno.EPERM: N_("Operation not permitted"),
    errno.EROFS: N_("Read-only file system"),
    errno.ENOSPC: N_("No space left on device"),
    errno.EISDIR: N_("Is a directory"),
    errno.ENOTDIR: N_("Not a directory"),
    errno.ENAMETOOLONG: N_("File name too long"),
    errno.EEXIST: N_("File exists"),
}


def os_reason(error: OSError) -> Phrase | str:
    """Why the system refused (an OSError's strerror): words in the class's language when
    its English is the system's own (so English output is the system's, byte for byte)."""
    text = error.strerror or str(error)
    msgid = _OS_REASONS.get(error.errno)
    return Phrase(msgid) if msgid is not None and msgid == text else text


def phrase_of(text: str, msgids) -> Phrase | str:
    """English `text` read back as the first of `msgids` it is written by (each {name}
    any text, taken as that value), so that it can be said in another language; else the
    text as it is. For the words of a library that speaks English only (tomllib, json,
    the core's ShapeError): their English is the msgid filled, byte for byte."""
    for msgid in msgids:
        found = _pattern(msgid).match(text)
        if found:
            return Phrase(msgid, found.groupdict())
    return text


def _pattern(msgid: str) -> re.Pattern:
    """A msgid as a regular expression: its text literal, each {name} any text."""
    parts = re.split(r"\{(\w+)(?:![rs])?\}", msgid)
    regex = "".join(
        f"(?P<{part}>.+)" if index % 2 else re.escape(part) for index, part in enumerate(parts)
    )
    return re.compile(regex + r"\Z", re.DOTALL)
