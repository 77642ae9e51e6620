"""A run of the program, after the command line asked for one: the options checked in
full (scenes built, files read), then a headless run or a window. Importing this module
starts the app: the render layer, the window and pygame (see `cli`)."""

from __future__ import annotations

from .headless import run_headless
from .options import parse_options
from .window import run_window


def launch(argv: list[str], prog: str) -> int:
    """Check every option, then run headless or in a window; the exit status."""
    options = parse_options(argv, prog)
    if options is None:
        return 0
    if options.headless or options.export is not None:
        return run_headless(options)
    return run_window(options)
