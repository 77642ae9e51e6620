"""The app layer: the only owner of a window, events, the clock and the command line."""

import os

# Before the app's modules import pygame (through the render layer): no greeting line.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from .cli import main, run_program  # noqa: E402

__all__ = ["main", "run_program"]
