"""The options that answer and stop: --version, --list-scenes, --list-lessons (--help is
argparse's own). They need neither a world nor a window, so nothing here (nor in what it
imports) imports pygame or the physics: the answer comes before the app starts."""

from __future__ import annotations

import argparse

from .. import __version__
from ..core.locales import N_, translations
from .catalogue import lesson_lines, scene_lines
from .cli_words import checked_language, without_lang
from .errors import UsageError


def answer(args: argparse.Namespace, argv: list[str], prog: str, code: str = "en") -> bool:
    """Print what --version, --list-scenes or --list-lessons asks for, in the language
    `code`, and return True; False when the options ask for a run. Each of them takes no
    other option but --lang, which must name a shipped language."""
    for asked, option, lines in (
        (args.version, "--version", lambda: [f"{prog} {__version__}"]),
        (args.list_scenes, "--list-scenes", lambda: scene_lines(translations(code))),
        (args.list_lessons, "--list-lessons", lambda: lesson_lines(translations(code), code)),
    ):
        if asked:
            if len(without_lang(argv)) != 1:  # --lang chooses the answer's words
                raise UsageError.words(N_("{option} takes no other option"), option=option)
            if args.lang is not None:
                checked_language(args.lang)
            for line in lines():
                print(line)
            return True
    return False
