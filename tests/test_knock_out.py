"""Issue 41, item 8: lines and dashes never cross label text. Every scene label is
drawn on a knock-out of the background: inside its box, at 1024x768 in the projector
theme, every pixel is the background, the label's ink, or an anti-aliased blend of the
two — no line, dash, fill or arrow drawn before it shows through. Before: a plate at
alpha 200 let the separating line run through "gap 24.6" (shadows 4) and the normals
through their labels (pushing-out 2, 5)."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import numpy as np  # noqa: E402
import pygame  # noqa: E402
from driving import draw_session, every_frame  # noqa: E402

from sandbox.render.theme import THEMES  # noqa: E402

SIZE = (1024, 768)
TOLERANCE = 6.0  # RGB units off the background-to-ink line (rounding of the blend)


def _off_the_blend(pixels: np.ndarray, background: np.ndarray) -> float:
    """The largest distance of any pixel from the segment background -> ink, where the
    ink is the pixel farthest from the background (the glyphs' solid colour)."""
    offsets = pixels - background
    distances = np.sqrt((offsets * offsets).sum(axis=1))
    ink = offsets[int(np.argmax(distances))]
    length = float(np.sqrt((ink * ink).sum()))
    if length == 0.0:
        return 0.0
    along = np.clip((offsets * ink).sum(axis=1) / (length * length), 0.0, 1.0)
    off = offsets - along[:, None] * ink
    return float(np.sqrt((off * off).sum(axis=1)).max())


def test_nothing_shows_through_a_scene_label():
    """See the module docstring; over every built-in scene (20 steps in) and every
    lesson stage as it asks and once answered (driving.every_frame)."""
    pygame.display.init()
    pygame.font.init()
    background = np.array(THEMES["projector"].background[:3], dtype=float)
    labels = 0
    for where, session in every_frame("projector"):
        surface = pygame.Surface(SIZE)
        frame = draw_session(surface, session)
        pixels = pygame.surfarray.array3d(surface).astype(float)  # [x, y, rgb]
        for text in frame.texts:
            if text.where != "scene":
                continue
            x, y, w, h = text.rect
            box = pixels[x : x + w, y : y + h].reshape(-1, 3)
            worst = _off_the_blend(box, background)
            assert worst <= TOLERANCE, (where, text.text, round(worst, 1))
            labels += 1
    assert labels > 300, labels
