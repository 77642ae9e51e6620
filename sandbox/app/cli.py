"""The command line: options parsed and checked, then a window or a headless run."""

from __future__ import annotations

import os
import sys

from .errors import UsageError
from .headless import run_headless
from .options import parse_options
from .window import run_window

# Before the render layer imports pygame (it does so lazily, inside the app's functions).
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    try:
        options = parse_options(argv)
        if options is None:
            return 0
        if options.headless:
            return run_headless(options)
        return run_window(options)
    except UsageError as error:
        print(f"main.py: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
