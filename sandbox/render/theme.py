"""The themes: one colour-blind-safe palette with fixed roles, line widths and text sizes each."""

from __future__ import annotations

from dataclasses import dataclass

Color = tuple[int, int, int]


def _hex(code: str) -> Color:
    code = code.lstrip("#")
    return (int(code[0:2], 16), int(code[2:4], 16), int(code[4:6], 16))


# Okabe & Ito (2008), the colour-blind-safe palette.
OI_ORANGE = _hex("#E69F00")
OI_SKY = _hex("#56B4E9")
OI_GREEN = _hex("#009E73")
OI_YELLOW = _hex("#F0E442")
OI_BLUE = _hex("#0072B2")
OI_VERMILLION = _hex("#D55E00")
OI_PURPLE = _hex("#CC79A7")


@dataclass(frozen=True)
class Theme:
    """One palette with fixed roles, line widths and text sizes (canvas pixels)."""

    name: str
    background: Color
    panel: Color  # the ruler panel
    divider: Color
    hud_bg: tuple[int, int, int, int]
    text: Color
    text_dim: Color
    shape_a: Color
    shape_b: Color
    text_a: Color  # A's colour where it is text (legible on the background)
    text_b: Color
    other: Color
    other_fill: Color
    static: Color
    static_fill: Color
    edge_colors: tuple[Color, ...]
    overlap: Color
    gap: Color
    separating: Color
    mtv: Color
    contact: Color
    aabb: Color
    sweep: Color
    ruler: Color
    row_highlight: tuple[int, int, int, int]
    fill_alpha: int
    line: int
    thin: int
    font_small: int
    font: int
    font_title: int
    normal_length: float


THEMES: dict[str, Theme] = {
    "dark": Theme(
        name="dark",
        background=(24, 26, 32),
        panel=(31, 34, 42),
        divider=(70, 74, 86),
        hud_bg=(10, 11, 15, 200),
        text=(235, 235, 235),
        text_dim=(160, 164, 175),
        shape_a=OI_ORANGE,
        shape_b=OI_SKY,
        text_a=OI_ORANGE,
        text_b=OI_SKY,
        other=(150, 154, 164),
        other_fill=(62, 65, 74),
        static=(110, 113, 122),
        static_fill=(44, 46, 54),
        # Paul Tol's "light" scheme: distinct for colour-blind viewers, bright on dark.
        edge_colors=tuple(
            _hex(c)
            for c in ("#77AADD", "#EE8866", "#EEDD88", "#FFAABB", "#99DDFF", "#44BB99", "#BBCC33")
        ),
        overlap=OI_VERMILLION,
        gap=OI_GREEN,
        separating=OI_GREEN,
        mtv=OI_PURPLE,
        contact=OI_YELLOW,
        aabb=(120, 124, 136),
        sweep=(86, 160, 216),  # Okabe-Ito blue, lifted to read on the dark background
        ruler=(120, 124, 136),
        row_highlight=(0, 158, 115, 48),
        fill_alpha=70,
        line=2,
        thin=1,
        font_small=14,
        font=16,
        font_title=19,
        normal_length=26.0,
    ),
    "projector": Theme(
        name="projector",
        background=(250, 250, 246),
        panel=(236, 236, 230),
        divider=(160, 160, 150),
        hud_bg=(255, 255, 255, 225),
        text=(0, 0, 0),
        text_dim=(70, 70, 70),
        shape_a=OI_ORANGE,
        shape_b=OI_SKY,
        text_a=(160, 100, 0),
        text_b=OI_BLUE,
        other=(90, 90, 90),
        other_fill=(205, 205, 200),
        static=(60, 60, 60),
        static_fill=(170, 170, 164),
        # Paul Tol's "muted" scheme: distinct for colour-blind viewers, dark enough on white.
        edge_colors=tuple(
            _hex(c)
            for c in ("#332288", "#CC6677", "#117733", "#882255", "#44AA99", "#999933", "#AA4499")
        ),
        overlap=OI_VERMILLION,
        gap=OI_GREEN,
        separating=OI_GREEN,
        mtv=_hex("#B0488A"),
        contact=OI_BLUE,
        aabb=(120, 120, 120),
        sweep=OI_BLUE,
        ruler=(90, 90, 90),
        row_highlight=(0, 158, 115, 55),
        fill_alpha=90,
        line=4,
        thin=2,
        font_small=17,
        font=20,
        font_title=24,
        normal_length=32.0,
    ),
}
