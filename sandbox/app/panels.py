"""The toolbar and its panels as tables: one entry a button, a check box or a slider.

A toolbar button that stands for a key presses it (recorded and replayed as the key);
one that opens a panel toggles it. Adding a button is one entry here: the renderer
draws what this table lists (render/controls.layout_controls, most needed first, a
narrow window keeping the first that fit) and the toolbar (app/toolbar.py) turns a
click on it into its command.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..scenes.base import N_


@dataclass(frozen=True)
class Button:
    """A toolbar button: what it says, its tip, and the key it presses or the panel it opens."""

    name: str
    label: str
    tip: str
    key: str | None = None  # the key a click presses
    panel: str | None = None  # the panel a click opens (or closes)


TOOLBAR = (
    Button("pause", "‖", N_("pause / resume · Space"), key="space"),
    Button("back", "◀|", N_("one step back (pauses) · Backspace"), key="backspace"),
    Button("step", "|▶", N_("one step on, while paused · O"), key="o"),
    Button("speed", "1x", N_("slow motion: 1x, 1/2x, 1/4x, 1/10x · S"), key="s"),
    Button("reset", N_("↺ Reset"), N_("the scene from its start · R"), key="r"),
    Button(
        "edit",
        N_("✎ Edit"),
        N_("edit: drag corners, draw a shape; Ins, F5, F6 add, Del removes · F3"),
        key="f3",
    ),
    Button("panel:scenes", N_("Scenes ▾"), N_("open another scene · 1..9, [ ]"), panel="scenes"),
    Button("lessons", N_("Lessons"), N_("the lessons · F2"), key="f2"),
    Button(
        "panel:show",
        N_("Show ▾"),
        N_("what is drawn: the overlays · N V X Z K C I B D U"),
        panel="show",
    ),
    Button(
        "panel:tune",
        N_("Tune ▾"),
        N_("gravity, friction, bounce, density, speed"),
        panel="tune",
    ),
    Button("help", "?", N_("help: every key · H"), key="h"),
    Button("zoom_out", "⊖", N_("zoom out · - (Ctrl+wheel)"), key="-"),
    Button("zoom_in", "⊕", N_("zoom in · = (Ctrl+wheel; right-drag pans)"), key="="),
    Button("fit", N_("Fit"), N_("the whole scene · 0"), key="0"),
)
PANELS = ("scenes", "show", "tune")  # a panel's rows are below; its button is in TOOLBAR


def button(name: str) -> Button | None:
    """The toolbar's button called `name` (looked up when asked: the table is the one
    place a button is defined)."""
    return next((b for b in TOOLBAR if b.name == name), None)


# The Show panel's rows: (overlay flag, words); the key is the keymap's.
SHOWN_OVERLAYS = (
    ("show_normals", N_("edge normals")),
    ("show_vertex_indices", N_("vertex and edge labels")),
    ("show_projections", N_("axis rulers")),
    ("show_separating_axis", N_("separating axis")),
    ("show_mtv", N_("MTV arrow")),
    ("show_contacts", N_("contact points")),
    ("show_impulses", N_("impulses and spin")),
    ("show_aabbs", N_("bounding boxes")),
    ("show_minkowski", N_("Minkowski difference")),
    ("show_hud", N_("words and numbers (HUD)")),
)

# The Tune panel's sliders: name -> (words, low, high, step)
SLIDERS = {
    "gravity": (N_("Gravity"), 0.0, 2000.0, 50.0),
    "friction": (N_("Friction (all)"), 0.0, 1.0, 0.05),
    "restitution": (N_("Bounce (all)"), 0.0, 1.0, 0.05),
    "density": (N_("Density of A"), 0.1, 5.0, 0.1),
    "speed": (N_("Speed"), 0.0, 3.0, 1.0),
}


def is_focusable(name: str) -> bool:
    """A name a recorded focus line may hold (data only: checked before any session)."""
    if button(name) is not None:
        return True
    kind, _, rest = name.partition(":")
    if kind == "overlay":
        return rest in {flag for flag, _ in SHOWN_OVERLAYS}
    if kind == "slider":
        return rest in SLIDERS
    if kind in ("scene", "lesson"):
        return rest.isascii() and rest.isdigit() and len(rest) <= 3 and str(int(rest)) == rest
    if kind == "answer":  # a lesson card's answer, by its key (one letter or digit)
        return len(rest) == 1 and rest.isascii() and rest.isalnum() and rest == rest.lower()
    return False
