"""Accessibility from the theme tables: text contrast (WCAG 2) and per-edge colours that stay
distinct for colour-blind viewers (Machado, Oliveira & Fernandes 2009, severity 1.0)."""

import itertools

import numpy as np
import pytest

from sandbox.render.theme import THEMES, text_backgrounds, text_colors

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


@pytest.mark.parametrize("theme_name", list(THEMES))
def test_every_text_colour_reads_on_every_background(theme_name):
    theme = THEMES[theme_name]
    failures = []
    for (role, color), (where, bg) in itertools.product(
        text_colors(theme).items(), text_backgrounds(theme).items()
    ):
        ratio = contrast_ratio(color, bg)
        if ratio < 4.5:
            failures.append(f"{role} on {where}: {ratio:.2f}:1")
    assert not failures, failures


@pytest.mark.parametrize("theme_name", list(THEMES))
@pytest.mark.parametrize("vision", ["normal", "deuteranopia", "protanopia"])
def test_neighbouring_edges_stay_distinct(theme_name, vision):
    """Edge k and k+1 of every polygon of 3 to 7 sides (the last edge meets edge 0)."""
    colors = THEMES[theme_name].edge_colors
    pairs = {tuple(sorted((k, (k + 1) % n))) for n in range(3, len(colors) + 1) for k in range(n)}
    for i, j in sorted(pairs):
        d = np.linalg.norm(seen_as(colors[i], vision) - seen_as(colors[j], vision))
        assert d >= NEIGHBOUR_DELTA_E, f"e{i} and e{j}: delta E {d:.1f} for {vision}"
