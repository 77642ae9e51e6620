"""The themes: one colour-blind-safe palette with fixed roles, line widths and text sizes each."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.locales import N_

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
OI_PURPLE = _hex("#CC79A7")


@dataclass(frozen=True)
class Theme:
    """One palette with fixed roles, line widths and text sizes.

    Text sizes are pixels in a window 768 px high (they follow the window's height); line
    widths too. Every text drawn is at least 4.5:1 against the background it is drawn on
    (WCAG 2 AA, read from drawn frames); per-edge colours stay distinct from their
    neighbours' under simulated deuteranopia and protanopia (tests/test_accessibility.py)."""

    name: str
    background: Color
    panel: Color  # the ruler panel
    divider: Color
    focus: Color  # the keyboard's focus ring: 3:1 or more on the panel and the background
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
        focus=OI_YELLOW,  # 12:1 on the dark panel, 6:1 on the divider (WCAG 1.4.11: 3:1)
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
        # Paul Tol's "light" scheme, ordered so that neighbouring edges differ for
        # deuteranopes and protanopes too (Machado et al. 2009 simulation, CIELAB).
        edge_colors=tuple(
            _hex(c)
            for c in ("#BBCC33", "#77AADD", "#EE8866", "#FFAABB", "#EEDD88", "#99DDFF", "#44BB99")
        ),
        overlap=_hex("#D96C16"),  # Okabe-Ito vermillion, lifted to 4.5:1 on the dark panel
        gap=OI_GREEN,
        separating=OI_GREEN,
        mtv=OI_PURPLE,
        contact=OI_YELLOW,
        aabb=(120, 124, 136),
        sweep=(86, 160, 216),  # Okabe-Ito blue, lifted to read on the dark background
        ruler=(120, 124, 136),
        fill_alpha=70,
        line=2,
        thin=1,
        font_small=15,
        font=17,
        font_title=20,
        normal_length=26.0,
    ),
    "projector": Theme(
        name="projector",
        background=(250, 250, 246),
        panel=(236, 236, 230),
        divider=(160, 160, 150),
        focus=_hex(
            "#004F80"
        ),  # Okabe-Ito blue darkened: 7:1 on the light panel, 3.3:1 on the divider
        text=(0, 0, 0),
        text_dim=(70, 70, 70),
        shape_a=OI_ORANGE,
        shape_b=OI_SKY,
        text_a=_hex("#955D00"),
        text_b=_hex("#006EAC"),
        other=(90, 90, 90),
        other_fill=(205, 205, 200),
        static=(60, 60, 60),
        static_fill=(170, 170, 164),
        # Paul Tol's "muted" scheme, darkened to 4.5:1 on the light panel and ordered so that
        # neighbouring edges differ for deuteranopes and protanopes too.
        edge_colors=tuple(
            _hex(c)
            for c in ("#332288", "#A1505E", "#A64295", "#117733", "#882255", "#6C6C24", "#2E7468")
        ),
        overlap=_hex("#AD4C00"),  # the Okabe-Ito roles, darkened to 4.5:1 on the light panel
        gap=_hex("#007857"),
        separating=_hex("#007857"),
        mtv=_hex("#A84584"),
        contact=OI_BLUE,
        aabb=(120, 120, 120),
        sweep=_hex("#006EAC"),
        ruler=(90, 90, 90),
        fill_alpha=90,
        line=4,
        thin=2,
        font_small=20,
        font=24,
        font_title=28,
        normal_length=32.0,
    ),
}


# The word a lesson says for a role's colour, in each theme ({colour:ROLE}: app/lesson_words):
# the projector draws the contact points dark blue where the dark theme draws them yellow.
COLOUR_ROLES = {
    "a": "shape_a",
    "b": "shape_b",
    "contacts": "contact",
    "mtv": "mtv",
    "gap": "gap",
    "overlap": "overlap",
}
COLOUR_WORDS = {
    "dark": {
        "a": N_("orange"),
        "b": N_("sky blue"),
        "contacts": N_("yellow"),
        "mtv": N_("pink"),
        "gap": N_("green"),
        "overlap": N_("orange-red"),
    },
    "projector": {
        "a": N_("orange"),
        "b": N_("sky blue"),
        "contacts": N_("dark blue"),
        "mtv": N_("purple"),
        "gap": N_("green"),
        "overlap": N_("dark orange"),
    },
}


def colour_word(theme: str, role: str) -> str | None:
    """The word for the colour of `role` (a COLOUR_ROLES key) in `theme`, or None (English:
    its msgid; whoever shows it translates it)."""
    return COLOUR_WORDS.get(theme, {}).get(role)
