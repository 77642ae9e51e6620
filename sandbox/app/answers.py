"""The options that answer and stop: --version, --list-scenes, --list-lessons (--help is
argparse's own). They need neither a world nor a window, so nothing here (nor in what it
imports) imports pygame or the physics: the answer comes before the app starts."""

from __future__ import annotations

import argparse

from .. import __version__
from .catalogue import lesson_lines, scene_lines
from .errors import UsageError


def answer(args: argparse.Namespace, argv: list[str], prog: str) -> bool:
    """Print what --version, --list-scenes or --list-lessons asks for and return True;
    False when the options ask for a run. Each of them takes no other option."""
    for asked, option, lines in (
        (args.version, "--version", lambda: [f"{prog} {__version__}"]),
        (args.list_scenes, "--list-scenes", scene_lines),
        (args.list_lessons, "--list-lessons", lesson_lines),
    ):
        if asked:
            if len(argv) != 1:
                raise UsageError(f"{option} takes no other option")
            for line in lines():
                print(line)
            return True
    return False
