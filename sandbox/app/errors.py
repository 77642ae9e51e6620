"""The one kind of error a user sees: bad input, reported as one line and exit status 2.

A message raised with `UsageError.words(N_("--frames must be 0 or more, got {frames}"),
frames=-5)` is said in the class's language (`said`); one raised as plain text (a file's
own error, quoted) is said as it is."""

from __future__ import annotations

from collections.abc import Callable


class UsageError(Exception):
    """Bad input from the user: reported as one line on stderr, exit status 2."""

    def __init__(self, message: str, msgid: str | None = None, values: dict | None = None):
        super().__init__(message)
        self.msgid = msgid
        self.values = values or {}

    @classmethod
    def words(cls, msgid: str, **values: object) -> UsageError:
        """The error `msgid` (marked N_ for the catalogue) with its {placeholders} filled:
        its English is `msgid.format(**values)`."""
        return cls(msgid.format(**values), msgid, values)

    def said(self, tr: Callable[[str], str]) -> str:
        """The message in the language `tr` translates to (English: the message itself)."""
        if self.msgid is None:
            return str(self)
        return tr(self.msgid).format(**self.values)
