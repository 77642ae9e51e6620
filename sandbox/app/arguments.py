"""The command line's options as argparse reads them: the parser, and nothing it does not need.

The quick options (--help, --version, --list-scenes, --list-lessons) are answered from
this parser alone (`cli`), so it imports no more than argparse, gettext and the scene
catalogue; its words are the run's language (`cli_words`). Checking what the options
ask for is `options`' job.
"""

from __future__ import annotations

import argparse
from gettext import NullTranslations

from .catalogue import DEFAULT_SCENE
from .cli_words import argparse_words
from .errors import UsageError


class _Parser(argparse.ArgumentParser):
    """argparse's parser, speaking `words`' language: its own words ("usage: ", its
    errors) come from our catalogue while it is built, parses and writes its help."""

    def __init__(self, words: NullTranslations, **options):
        self.words = words
        with argparse_words(words):
            super().__init__(**options)

    def error(self, message: str):  # one line, exit 2 (argparse would print the usage too)
        raise UsageError.quoted(message)

    def parse_known_args(self, args=None, namespace=None):
        """As argparse, but an option's value may begin with "-": `--hold -:1-1` (the
        minus key) and `--drag -10,5:...` (a point left of the window) are read as
        `--hold=-:1-1`, where argparse would take the value for an unknown option."""
        if args is not None:
            args = _joined_values(self, list(args))
        with argparse_words(self.words):
            return super().parse_known_args(args, namespace)

    def parse_args(self, args=None, namespace=None):
        with argparse_words(self.words):  # "unrecognized arguments" is worded here
            return super().parse_args(args, namespace)

    def format_help(self) -> str:
        with argparse_words(self.words):
            return super().format_help()

    def format_usage(self) -> str:
        with argparse_words(self.words):
            return super().format_usage()


def _joined_values(parser: argparse.ArgumentParser, argv: list[str]) -> list[str]:
    """`--option VALUE` as `--option=VALUE` where the option takes one value and VALUE
    begins with "-" but is no option of the parser's."""
    out: list[str] = []
    k = 0
    while k < len(argv):
        token = argv[k]
        action = parser._option_string_actions.get(token)  # noqa: SLF001 (argparse's table)
        takes_one = action is not None and action.nargs is None and action.option_strings
        following = argv[k + 1] if k + 1 < len(argv) else None
        if (
            takes_one
            and action.const is None
            and following is not None
            and following.startswith("-")
            and following not in parser._option_string_actions  # noqa: SLF001
            and following != "--"
        ):
            out.append(f"{token}={following}")
            k += 2
            continue
        out.append(token)
        k += 1
    return out


def _add_words(parser: argparse.ArgumentParser, tr) -> None:
    """The options for a learner who cannot see the screen (issue 43): the frame in words."""
    parser.add_argument(
        "--describe",
        action="store_true",
        help=tr("print the last frame in words, for a learner who cannot see it (headless)"),
    )
    parser.add_argument(
        "--announce",
        action="store_true",
        help=tr("print each change a screen reader should say, one line as it happens"),
    )
    parser.add_argument(
        "--speak",
        action="store_true",
        help=tr("say each change aloud (espeak-ng, espeak or macOS say, where installed)"),
    )


def _add_look(parser: argparse.ArgumentParser, tr) -> None:
    """How the frame looks and speaks: the theme, the words' language."""
    parser.add_argument("--theme", default=None, help=tr("dark (default) or projector"))
    parser.add_argument(
        "--lang",
        default=None,
        metavar="CODE",
        help=tr("the words' language: en, de, or en-XA (pseudo-locale); default: the system's"),
    )


def _add_script(parser: argparse.ArgumentParser, tr) -> None:
    """A headless run's scripted input: keys held, drags, clicks, controls."""
    parser.add_argument(
        "--hold",
        action="append",
        default=[],
        metavar="KEY:FIRST-LAST",
        help=tr("hold KEY (pygame key name) from step FIRST to LAST inclusive"),
    )
    for option, metavar, words in (
        (
            "--drag",
            "X0,Y0:X1,Y1:FIRST-LAST",
            tr("drag with the mouse from (X0, Y0) to (X1, Y1) (headless)"),
        ),
        ("--click", "X,Y:STEP", tr("click at (X, Y): show the shape against that body (headless)")),
        (
            "--shift-click",
            "X,Y:STEP",
            tr("shift-click at (X, Y): that body becomes shape A (headless)"),
        ),
        (
            "--ui",
            "KIND=VALUE:STEP",
            tr(
                "a control at STEP: panel=tune (scenes, show, none), scene=pile, "
                "set=gravity,450 (friction, restitution, density, speed), view=2.5,400,300 "
                "(zoom 2.5 about world (400, 300); view=fit) (headless)"
            ),
        ),
    ):
        parser.add_argument(option, action="append", default=[], metavar=metavar, help=words)


def build_parser(prog: str = "main.py", words: NullTranslations | None = None):
    """The parser, its help and errors in `words`' language (English without)."""
    words = words or NullTranslations()
    tr = words.gettext
    parser = _Parser(
        words,
        prog=prog,
        description=tr("SAT Sandbox: see the Separating Axis Theorem at work."),
        epilog=tr("Keys: press H in the window for the full keymap."),
    )
    parser.add_argument(
        "--scene",
        default=None,
        metavar="NAME_OR_PATH",
        help=tr("a built-in scene or a .toml scene file (default {scene})").format(
            scene=DEFAULT_SCENE
        ),
    )
    parser.add_argument("--list-scenes", action="store_true", help=tr("list the built-in scenes"))
    parser.add_argument(
        "--lesson", metavar="NAME_OR_FILE", help=tr("run a lesson: a built-in one or a .toml file")
    )
    parser.add_argument("--list-lessons", action="store_true", help=tr("list the built-in lessons"))
    parser.add_argument("--stage", type=int, metavar="N", help=tr("start the lesson at stage N"))
    parser.add_argument(
        "--export-lesson",
        metavar="DIR",
        help=tr("write every stage of --lesson as PNG slides, with an index.md, into DIR"),
    )
    parser.add_argument(
        "--gif", metavar="GIF", help=tr("write the headless run as an animated GIF")
    )
    parser.add_argument("--video", metavar="MP4", help=tr("write the headless run as an MP4 video"))
    parser.add_argument("--version", action="store_true", help=tr("print the version and stop"))
    parser.add_argument("--headless", action="store_true", help=tr("run without a window"))
    parser.add_argument("--frames", type=int, metavar="N", help=tr("steps to run headless"))
    parser.add_argument("--screenshot", metavar="PNG", help=tr("write the last frame as PNG"))
    _add_words(parser, tr)
    _add_script(parser, tr)
    parser.add_argument("--dump-state", metavar="JSON", help=tr("write the final state as JSON"))
    parser.add_argument(
        "--save-scene", metavar="TOML", help=tr("write the final world as a TOML scene file")
    )
    parser.add_argument(
        "--save-dir",
        metavar="FOLDER",
        help=tr("where Ctrl+S saves the world (default: the user's data folder)"),
    )
    parser.add_argument(
        "--edit",
        action="append",
        default=[],
        metavar="STEP:JSON",
        help=tr("apply an editor command (a JSON object) before step STEP (headless)"),
    )
    parser.add_argument("--record", metavar="JSONL", help=tr("record the input for --replay"))
    parser.add_argument("--replay", metavar="JSONL", help=tr("replay a recording"))
    _add_look(parser, tr)
    parser.add_argument(
        "--seed", type=int, default=None, help=tr("seed for scenes with randomness")
    )
    parser.add_argument(
        "--size", default=None, metavar="WxH", help=tr("window (or headless screenshot) size")
    )
    parser.add_argument("--fullscreen", action="store_true", help=tr("start in fullscreen (F11)"))
    return parser
