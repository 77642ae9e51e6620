"""The app layer: the only owner of a window, events, the clock and the command line."""

from .cli import main

__all__ = ["main"]
