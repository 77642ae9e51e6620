"""The class's language: the words on screen through gettext catalogues (no pygame).

A `Language` is an object handed down with the session, as the theme is: the session
holds it, the view model hands it to the renderer (`FrameModel.language`), and every
text a learner reads goes through it (`language("overlap")`). There is no module-level
current language. English is the msgids themselves (gettext's NullTranslations), so an
English frame is the very bytes it was before translation existed.

- The catalogues are `sandbox/locale/<code>/LC_MESSAGES/sandbox.mo`, compiled by Babel
  from the `.po` beside them (README, "Languages"); the standard library's `gettext`
  reads them at run time (`core.locales`, which the command line reads as well).
- The pseudo-locale (`--lang en-XA`, also `pseudo`) is made at run time from the
  msgids, as PhET's stringTest: every letter accented and the string 40 % longer, its
  placeholders ({name}, {0:.1f}, %s) and key names in braces left as they are. The
  layout tests run it to find the string a translation would overflow.
- Numbers keep the decimal point in every language (the rulers and the dump agree).
- `N_(text)` marks a msgid where the text is only data (a scene's title); whoever shows
  it translates it then.
"""

from __future__ import annotations

import re
from gettext import NullTranslations

from ..core.locales import (
    CATALOGUES,
    CHOICES,
    DOMAIN,
    ENGLISH,
    LOCALE_DIR,
    N_,
    PSEUDO,
    PSEUDO_NAMES,
    canonical,
    pseudo,
    system_code,
    translations,
)

# The language's choice and catalogues are core.locales' (the command line reads them
# too, without this layer); they are re-exported here with the words on screen.
__all__ = [
    "CATALOGUES",
    "CHOICES",
    "DOMAIN",
    "ENGLISH",
    "LOCALE_DIR",
    "N_",
    "PSEUDO",
    "PSEUDO_NAMES",
    "Language",
    "canonical",
    "language",
    "pseudo",
    "system_code",
]
NUMBERED = re.compile(r"(\S.*?) (\d+(?:\.\d+)*)")  # a numbered body: "column 3", "pyramid 2.1"


class Language:
    """The words of one language: `language(msgid)` is the msgid translated."""

    def __init__(self, code: str, words: NullTranslations):
        self.code = code
        self._translations = words

    def __call__(self, message: str) -> str:
        return self._translations.gettext(message) if message else message

    tr = __call__  # `words.tr("...")`: the call babel extracts (keyword tr)

    def plural(self, singular: str, plural: str, n: int) -> str:
        return self._translations.ngettext(singular, plural, n)

    def name(self, name: str) -> str:
        """A body's name as the screen says it: its msgid translated ("player": "Spieler"),
        a numbered one by its pattern ("column 3" by "column {number}": "Säule 3"), else as
        it is (a teacher's own name). Only the words change: the body keeps its name, the
        key of dumps, recordings and scene files."""
        said = self(name)
        if said != name:
            return said
        match = NUMBERED.fullmatch(name)
        if match is None:
            return name
        pattern = f"{match.group(1)} {{number}}"
        said = self(pattern)
        return name if said == pattern else said.format(number=match.group(2))

    def __repr__(self) -> str:
        return f"Language({self.code!r})"


def language(code: str | None) -> Language:
    """The language called `code` ("en", "de", "en-XA"); LookupError for one not shipped."""
    name = canonical(code or ENGLISH)
    return Language(name, translations(name))


# The English words: a constant (NullTranslations holds no state), the default a Session
# and a FrameModel start with, as THEMES' dark theme is.
ENGLISH_WORDS = language(ENGLISH)
