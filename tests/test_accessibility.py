"""Accessibility: text contrast (WCAG 2), read from drawn frames, and per-edge colours
that stay distinct for colour-blind viewers (Machado, Oliveira & Fernandes 2009,
severity 1.0)."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import numpy as np  # noqa: E402
import pygame  # noqa: E402
import pytest  # noqa: E402
from driving import draw_session, every_frame  # noqa: E402

from sandbox.render.theme import THEMES  # noqa: E402

# Machado et al. (2009), Table 1 at severity 1.0, applied to linear RGB.
MACHADO = {
    "deuteranopia": np.array(
        [
            [0.367322, 0.860646, -0.227968],
            [0.280085, 0.672501, 0.047413],
            [-0.011820, 0.042940, 0.968881],
        ]
    ),
    "protanopia": np.array(
        [
            [0.152286, 1.052583, -0.204868],
            [0.114503, 0.786281, 0.099216],
            [-0.003882, -0.048116, 1.051998],
        ]
    ),
    "normal": np.eye(3),
}
NEIGHBOUR_DELTA_E = 20.0  # CIE76; ~2.3 is "just noticeable", 20+ reads as another colour


def _linear(rgb):
    c = np.asarray(rgb, dtype=float) / 255.0
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def relative_luminance(rgb) -> float:
    """WCAG 2: 0.2126 R + 0.7152 G + 0.0722 B of the linearised sRGB channels."""
    return float(_linear(rgb) @ np.array([0.2126, 0.7152, 0.0722]))


def contrast_ratio(a, b) -> float:
    la, lb = sorted((relative_luminance(a), relative_luminance(b)))
    return (lb + 0.05) / (la + 0.05)


def _lab(linear_rgb):
    """CIELAB (D65) of linear sRGB."""
    rgb = np.clip(linear_rgb, 0.0, 1.0)
    m = np.array([[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]])
    xyz = (m @ rgb) / np.array([0.95047, 1.0, 1.08883])
    f = np.where(xyz > 0.008856, np.cbrt(xyz), 7.787 * xyz + 16 / 116)
    return np.array([116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])])


def seen_as(rgb, vision: str):
    return _lab(MACHADO[vision] @ _linear(rgb))


def test_contrast_formula_on_known_pairs():
    # WCAG's own end points and a published value (#777 on white is 4.48:1)
    assert contrast_ratio((0, 0, 0), (255, 255, 255)) == pytest.approx(21.0)
    assert contrast_ratio((255, 255, 255), (255, 255, 255)) == pytest.approx(1.0)
    assert contrast_ratio((119, 119, 119), (255, 255, 255)) == pytest.approx(4.48, abs=0.01)


def test_machado_keeps_greys_and_merges_red_and_green():
    # each row sums to ~1: a grey is seen as itself; pure red and green come close for both
    for vision in ("deuteranopia", "protanopia"):
        grey = seen_as((128, 128, 128), vision)
        assert np.linalg.norm(grey - seen_as((128, 128, 128), "normal")) < 0.5
        red_green = np.linalg.norm(seen_as((200, 80, 60), vision) - seen_as((90, 140, 60), vision))
        assert red_green < np.linalg.norm(
            _lab(_linear((200, 80, 60))) - _lab(_linear((90, 140, 60)))
        )


def ink_and_ground(pixels: np.ndarray) -> tuple[tuple, tuple]:
    """A text's box of pixels (n, 3): its ground is the commonest colour, its ink the
    pixel farthest from the ground (the glyphs' solid colour)."""
    # Each colour as one number, r g b in that order of weight: the same order as the
    # rows' (np.unique of rows, axis=0, took 2 ms a text), so a tie goes the same way.
    packed = pixels.astype(np.int64) @ np.array([1 << 16, 1 << 8, 1])
    codes, counts = np.unique(packed, return_counts=True)
    code = int(codes[int(np.argmax(counts))])
    ground = np.array([code >> 16, (code >> 8) & 255, code & 255], dtype=float)
    distance = ((pixels - ground) ** 2).sum(axis=1)
    return tuple(pixels[int(np.argmax(distance))].tolist()), tuple(ground.tolist())


def test_ink_and_ground_of_a_drawn_word():
    """ink_and_ground on a word drawn by hand: dark red on cream is found as such."""
    pygame.font.init()
    surface = pygame.Surface((80, 30))
    surface.fill((250, 250, 246))
    surface.blit(pygame.font.Font(None, 28).render("gap 9", True, (160, 20, 20)), (4, 4))
    pixels = pygame.surfarray.array3d(surface).reshape(-1, 3)
    assert ink_and_ground(pixels) == ((160, 20, 20), (250.0, 250.0, 246.0))


@pytest.mark.parametrize("theme_name", list(THEMES))
def test_every_text_drawn_reads_on_its_ground(theme_name):
    """Every text of every scene and lesson stage at 1024x768, on the ground it is drawn
    on (read from the frame, not modelled from the theme): at least 4.5:1. Before: the
    deciding ruler row's words on its tinted band were 3.65-3.79:1, and the 3D scene's
    edge names in the shapes' fill colours 2.15:1 on the projector's background."""
    pygame.display.init()
    pygame.font.init()
    failures, texts = [], 0
    for where, session in every_frame(theme_name):
        surface = pygame.Surface((1024, 768))
        frame = draw_session(surface, session)
        pixels = pygame.surfarray.array3d(surface)
        for text in frame.texts:
            x, y, w, h = text.rect
            box = pixels[x : x + w, y : y + h].reshape(-1, 3)
            if not text.text.strip() or len(box) == 0:
                continue
            ink, ground = ink_and_ground(box)
            ratio = contrast_ratio(ink, ground)
            if ratio < 4.5:
                failures.append(f"{where}: {text.text!r} {ratio:.2f}:1")
            texts += 1
    assert texts > 2500, texts
    assert not failures, failures[:20]


@pytest.mark.parametrize("theme_name", list(THEMES))
@pytest.mark.parametrize("vision", ["normal", "deuteranopia", "protanopia"])
def test_neighbouring_edges_stay_distinct(theme_name, vision):
    """Edge k and k+1 of every polygon of 3 to 7 sides (the last edge meets edge 0)."""
    colors = THEMES[theme_name].edge_colors
    pairs = {tuple(sorted((k, (k + 1) % n))) for n in range(3, len(colors) + 1) for k in range(n)}
    for i, j in sorted(pairs):
        d = np.linalg.norm(seen_as(colors[i], vision) - seen_as(colors[j], vision))
        assert d >= NEIGHBOUR_DELTA_E, f"e{i} and e{j}: delta E {d:.1f} for {vision}"
