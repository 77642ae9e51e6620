"""Which language, and its catalogue: gettext from the standard library, nothing else.

The words themselves are drawn by the render layer (`render.language.Language`); what
is here is the part the command line needs as well: the shipped languages, the code a
`--lang` or the system's locale asks for, and the gettext translations of that code.
It sits in the lowest layer so that `--help`, `--list-scenes` and a bad option's one
line speak the class's language without importing pygame or the physics (the render
and scene layers): nothing here imports more than the standard library.

- The catalogues are `sandbox/locale/<code>/LC_MESSAGES/sandbox.mo`, compiled by Babel
  from the `.po` beside them (README, "Languages").
- English is the msgids themselves (gettext's NullTranslations).
- The pseudo-locale (`--lang en-XA`, also `pseudo`) is made at run time from the
  msgids, as PhET's stringTest: every letter accented and the string 40 % longer, its
  placeholders ({name}, {0:.1f}, %s) and key names in braces left as they are.
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Mapping
from pathlib import Path

DOMAIN = "sandbox"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
ENGLISH = "en"
PSEUDO = "en-XA"
PSEUDO_NAMES = (PSEUDO, "pseudo")
CATALOGUES = ("de",)  # the shipped translations (a folder each under LOCALE_DIR)
CHOICES = (ENGLISH, *CATALOGUES, PSEUDO)


def N_(text: str) -> str:  # noqa: N802 (gettext's name for "a msgid, translated later")
    """Mark `text` as a msgid where it is only data; whoever shows it translates it then
    (babel extracts keyword N_)."""
    return text


def translations(code: str | None) -> gettext.NullTranslations:
    """The gettext translations of `code` ("en", "de", "en-XA"); LookupError for a
    language not shipped."""
    name = canonical(code or ENGLISH)
    if name == ENGLISH:
        return gettext.NullTranslations()
    if name == PSEUDO:
        return _Pseudo()
    with open(LOCALE_DIR / name / "LC_MESSAGES" / f"{DOMAIN}.mo", "rb") as mo:
        return gettext.GNUTranslations(mo)


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
