"""The app layer: the only owner of a window, events, the clock and the command line."""

from .cli import main, run_program

__all__ = ["main", "run_program"]
