"""The command line's own words in the class's language: --help, its one-line errors,
--list-scenes and --list-lessons (issue 43).

The language is the run's: `--lang CODE`, else the system's locale (core.locales), read
from argv before argparse parses it, since argparse writes --help while it parses. Only
the standard library's gettext is loaded, so the quick answers stay quick and import
neither pygame nor the physics.

argparse's own words ("usage: ", "unrecognized arguments: %s") are its gettext msgids:
`ARGPARSE_WORDS` carries them into our catalogue, and `argparse_words` lets argparse
read them from it while one parser is built and parses.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from gettext import NullTranslations

from ..core.locales import CHOICES, N_, canonical, system_code
from .errors import UsageError

LANG = "--lang"
# The msgids of argparse (Python 3.11 to 3.13) that this program's parser can say.
ARGPARSE_WORDS = (
    N_("usage: "),
    N_("options"),
    N_("show this help message and exit"),
    N_("unrecognized arguments: %s"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("invalid %(type)s value: %(value)r"),
    N_("expected one argument"),
    N_("ignored explicit argument %r"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
)


def command_language(argv: list[str], environ: Mapping[str, str] | None = None) -> str:
    """The language the command line speaks: the last `--lang CODE` (or `--lang=CODE`, or
    an abbreviation argparse accepts, `--lan de`) in argv, else the system's locale. A
    code not shipped is refused in one line in the system's language."""
    system = system_code(os.environ if environ is None else environ)
    given = [value for value, _ in _lang_options(argv) if value is not None]
    try:
        return canonical(given[-1]) if given else system
    except LookupError:
        return system


def checked_language(code: str) -> str:
    """`--lang CODE`'s language; UsageError naming the choices for a code not shipped."""
    try:
        return canonical(code)
    except LookupError:
        raise UsageError.words(
            N_("--lang {code}: choose from {choices} (or pseudo)"),
            code=repr(code),
            choices=", ".join(CHOICES),
        ) from None


def without_lang(argv: list[str]) -> list[str]:
    """argv without its `--lang CODE` options: what a quick option (--list-scenes) is
    asked with besides the language it answers in."""
    dropped = {k for _, taken in _lang_options(argv) for k in taken}
    return [token for k, token in enumerate(argv) if k not in dropped]


def _lang_options(argv: list[str]) -> list[tuple[str | None, tuple[int, ...]]]:
    """Each `--lang` option in argv: (its value, the indexes of its tokens)."""
    found = []
    k = 0
    while k < len(argv) and argv[k] != "--":
        option, equals, value = argv[k].partition("=")
        if len(option) > len("--l") and LANG.startswith(option):
            if equals:
                found.append((value, (k,)))
            else:
                found.append((argv[k + 1] if k + 1 < len(argv) else None, (k, k + 1)))
                k += 1
        k += 1
    return found


@contextmanager
def argparse_words(words: NullTranslations) -> Iterator[None]:
    """argparse's own words from `words` while the block runs (a parser's help and its
    errors are worded as it builds and parses), then its own again."""
    saved = argparse._, argparse.ngettext  # noqa: SLF001 (argparse's gettext functions)
    argparse._, argparse.ngettext = words.gettext, words.ngettext  # noqa: SLF001
    try:
        yield
    finally:
        argparse._, argparse.ngettext = saved  # noqa: SLF001
