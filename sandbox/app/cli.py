"""The command line: options parsed and checked, then a window or a headless run.

What answers without a run (--help, --version, --list-scenes, --list-lessons, and a bad
option: one line, exit 2) is answered here from the parser alone, before the app's
modules and pygame are imported: those come with the run (`launch`). They speak the
run's language (--lang, else the system's: `cli_words`), as its errors do."""

from __future__ import annotations

import os
import signal
import sys

from ..core.locales import translations
from .answers import answer
from .arguments import build_parser
from .cli_words import command_language
from .errors import UsageError
from .limits import one_line
from .signals import SIGNALS, Stopped, signals_held, stop_on_signals

# SDL would turn SIGTERM and SIGINT into a quit event (ignored by a headless run, and
# in a window, a quit that writes the outputs): the app handles the signals itself.
os.environ["SDL_NO_SIGNAL_HANDLERS"] = "1"


def main(argv: list[str] | None = None, prog: str = "main.py") -> int:
    """Run the program; the exit status: 0, 2 for bad input, 128 + N after signal N.
    `prog` names it in messages: main.py from a clone, sat-sandbox once installed."""
    argv = sys.argv[1:] if argv is None else argv
    code = command_language(argv)  # --lang's, else the system's: the answers' language
    words = translations(code)
    with stop_on_signals():  # before pygame starts SDL, so that SDL leaves them to us
        try:
            if answer(build_parser(prog, words).parse_args(argv), argv, prog, code):
                return 0
            # pygame's start-up: a run imports the app (render, the window, pygame and
            # the physics) here, the one late import of the program; the answers above
            # need none of it, and a bad option is refused before any of it loads. A
            # signal waits for the import to end (raised inside a C extension's import,
            # a KeyboardInterrupt comes out as an ImportError).
            with signals_held():
                from .launch import launch

            return launch(argv, prog)
        except UsageError as error:
            tr = words.gettext
            message = one_line(error.said(tr))
            print(
                tr("{prog}: error: {message}").format(prog=prog, message=message), file=sys.stderr
            )
            return 2
        except KeyboardInterrupt:
            return 130
        except Stopped as stop:
            return stop.status
        except BrokenPipeError:  # `--list-scenes | head`: the reader has gone; so do we
            _drop_stdout()
            return 128 + signal.SIGPIPE


def _drop_stdout() -> None:
    """Point stdout at /dev/null, so that flushing it at exit cannot fail a second time."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError, AttributeError):
        pass


def run_program(prog: str = "main.py") -> int:
    """The process's entry (main.py, python -m sandbox): `main()`, with SIGTERM, SIGHUP
    and SIGINT ignored outside it. main() handles them while it runs and puts back what
    it found when it returns: ignored, so that a signal while the interpreter shuts down
    cannot turn a complete run (its outputs written, exit 0) into a killed one."""
    for number in (*SIGNALS, signal.SIGINT):
        signal.signal(number, signal.SIG_IGN)
    for stream in (sys.stdout, sys.stderr):  # an ASCII locale prints '?' for a '·'
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="replace")
    return main(prog=prog)


def command() -> int:
    """The installed `sat-sandbox` command: exactly what `python main.py` does."""
    return run_program("sat-sandbox")
