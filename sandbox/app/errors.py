"""The one kind of error a user sees: bad input, reported as one line and exit status 2.

A message raised with `UsageError.words(N_("--frames must be 0 or more, got {frames}"),
frames=-5)` is said in the class's language (`said`, core.worded); a value that is
itself words (a SceneError quoted, a Phrase) is said in it too. One made with `quoted`
(argparse's words, already in the class's language) is said as it is."""

from __future__ import annotations

from ..core.worded import WordedError


class UsageError(WordedError):
    """Bad input from the user: reported as one line on stderr, exit status 2."""
