"""The render layer: draws a World and what its step recorded onto any pygame Surface.

`draw` is the one entry point; it never changes the world or recomputes physics.
"""

from .frame import draw
from .overlays import FrameModel, Overlays
from .theme import THEMES, Theme
from .view import load_font

__all__ = ["THEMES", "FrameModel", "Overlays", "Theme", "draw", "load_font"]
