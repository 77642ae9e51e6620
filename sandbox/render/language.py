"""The class's language: the words on screen through gettext catalogues (no pygame).

A `Language` is an object handed down with the session, as the theme is: the session
holds it, the view model hands it to the renderer (`FrameModel.language`), and every
text a learner reads goes through it (`language("overlap")`). There is no module-level
current language. English is the msgids themselves (gettext's NullTranslations), so an
English frame is the very bytes it was before translation existed.

- The catalogues are `sandbox/locale/<code>/LC_MESSAGES/sandbox.mo`, compiled by Babel
  from the `.po` beside them (README, "Languages"); the standard library's `gettext`
  reads them at run time.
- The pseudo-locale (`--lang en-XA`, also `pseudo`) is made at run time from the
  msgids, as PhET's stringTest: every letter accented and the string 40 % longer, its
  placeholders ({name}, {0:.1f}, %s) and key names in braces left as they are. The
  layout tests run it to find the string a translation would overflow.
- Numbers keep the decimal point in every language (the rulers and the dump agree).
- `N_(text)` marks a msgid where the text is only data (a scene's title); whoever shows
  it translates it then.
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Mapping
from pathlib import Path

from ..scenes.base import N_

__all__ = ["N_", "Language", "language", "canonical", "system_code", "pseudo"]

DOMAIN = "sandbox"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
ENGLISH = "en"
PSEUDO = "en-XA"
PSEUDO_NAMES = (PSEUDO, "pseudo")
CATALOGUES = ("de",)  # the shipped translations (a folder each under LOCALE_DIR)
CHOICES = (ENGLISH, *CATALOGUES, PSEUDO)
NUMBERED = re.compile(r"(\S.*?) (\d+(?:\.\d+)*)")  # a numbered body: "column 3", "pyramid 2.1"


class Language:
    """The words of one language: `language(msgid)` is the msgid translated."""

    def __init__(self, code: str, translations: gettext.NullTranslations):
        self.code = code
        self._translations = translations

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
    if name == ENGLISH:
        return Language(ENGLISH, gettext.NullTranslations())
    if name == PSEUDO:
        return Language(PSEUDO, _Pseudo())
    with open(LOCALE_DIR / name / "LC_MESSAGES" / f"{DOMAIN}.mo", "rb") as mo:
        return Language(name, gettext.GNUTranslations(mo))


def canonical(code: str) -> str:
    """The shipped language a code asks for: "de_DE.UTF-8" -> "de", "C" -> "en";
    LookupError naming the choices for one not shipped."""
    text = code.strip()
    if text.lower() in (name.lower() for name in PSEUDO_NAMES):
        return PSEUDO
    base = re.split(r"[_.@-]", text, maxsplit=1)[0].lower()
    if text in ("C", "POSIX") or base == ENGLISH:
        return ENGLISH
    if base in CATALOGUES:
        return base
    raise LookupError(f"--lang {code!r}: choose from {', '.join(CHOICES)} (or pseudo)")


def system_code(environ: Mapping[str, str]) -> str:
    """The language the system asks for, as gettext reads it (LANGUAGE, LC_ALL,
    LC_MESSAGES, LANG: the first set); its first shipped language, or English."""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(variable, "")
        if value:
            for code in value.split(":"):
                try:
                    return canonical(code)
                except LookupError:
                    continue
            return ENGLISH
    return ENGLISH


# The pseudo-locale: letters accented with characters DejaVu Sans Mono draws (a test
# checks), 40 % longer by words appended, placeholders and {key} names untouched.
_ACCENTS = str.maketrans(
    "aAcCeEgGiIlLnNoOrRsStTuUyYzZ",
    "áÁçÇéÉğĞíÍĺĹñÑóÓŕŔšŠţŢúÚýÝžŽ",
)
_KEEP = re.compile(r"\{[^{}]*\}|%(?:\([^)]*\))?[-#0 +]*\d*(?:\.\d+)?[sdifr%]")
_PAD = "ĺóŕéḿ íṕšúḿ ďóĺóŕ šíţ áḿéţ çóñšéçţéţúŕ áďíṕíšçíñğ éĺíţ šéď ďó éíúšḿóď"


def pseudo(message: str) -> str:
    """`message` accented and padded 40 % longer (PhET's stringTest), placeholders kept."""
    out, last = [], 0
    for match in _KEEP.finditer(message):
        out.append(message[last : match.start()].translate(_ACCENTS))
        out.append(match.group())
        last = match.end()
    out.append(message[last:].translate(_ACCENTS))
    extra = max(1, round(len(message) * 0.4) - 1)
    padding = ((_PAD + " ") * (1 + extra // len(_PAD)))[:extra].rstrip()
    return "".join(out) + (" " + padding if padding else "")


class _Pseudo(gettext.NullTranslations):
    def gettext(self, message: str) -> str:
        if message.translate(_ACCENTS) == message:
            return message  # already pseudo (a message said, then drawn): once is enough
        return pseudo(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return pseudo(singular if n == 1 else plural)


# The English words: a constant (NullTranslations holds no state), the default a Session
# and a FrameModel start with, as THEMES' dark theme is.
ENGLISH_WORDS = language(ENGLISH)
