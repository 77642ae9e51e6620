"""The toolbar and its panels as tables: one entry a button, a check box or a slider.

A toolbar button that stands for a key presses it (recorded and replayed as the key);
one that opens a panel toggles it. Adding a button is one entry here: the renderer
draws what this table lists (render/controls.layout_controls, most needed first, a
narrow window keeping the first that fit) and the toolbar (app/toolbar.py) turns a
click on it into its command.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Button:
    """A toolbar button: what it says, its tip, and the key it presses or the panel it opens."""

    name: str
    label: str
    tip: str
    key: str | None = None  # the key a click presses
    panel: str | None = None  # the panel a click opens (or closes)


TOOLBAR = (
    Button("pause", "‖", "pause / resume · Space", key="space"),
    Button("back", "◀|", "one step back (pauses) · Backspace", key="backspace"),
    Button("step", "|▶", "one step on, while paused · O", key="o"),
    Button("speed", "1x", "slow motion: 1x, 1/2x, 1/4x, 1/10x · S", key="s"),
    Button("reset", "↺ Reset", "the scene from its start · R", key="r"),
    Button(
        "edit",
        "✎ Edit",
        "edit: drag corners, draw a shape; Ins, F5, F6 add, Del removes · F3",
        key="f3",
    ),
    Button("panel:scenes", "Scenes ▾", "open another scene · 1..9, [ ]", panel="scenes"),
    Button("lessons", "Lessons", "the lessons · F2", key="f2"),
    Button(
        "panel:show", "Show ▾", "what is drawn: the overlays · N V X Z K C I B D U", panel="show"
    ),
    Button("panel:tune", "Tune ▾", "gravity, friction, bounce, density, speed", panel="tune"),
    Button("help", "?", "help: every key · H", key="h"),
    Button("zoom_out", "⊖", "zoom out · - (Ctrl+wheel)", key="-"),
    Button("zoom_in", "⊕", "zoom in · = (Ctrl+wheel; right-drag pans)", key="="),
    Button("fit", "Fit", "the whole scene · 0", key="0"),
)
PANELS = ("scenes", "show", "tune")  # a panel's rows are below; its button is in TOOLBAR


def button(name: str) -> Button | None:
    """The toolbar's button called `name` (looked up when asked: the table is the one
    place a button is defined)."""
    return next((b for b in TOOLBAR if b.name == name), None)


# The Show panel's rows: (overlay flag, words); the key is the keymap's.
SHOWN_OVERLAYS = (
    ("show_normals", "edge normals"),
    ("show_vertex_indices", "vertex and edge labels"),
    ("show_projections", "axis rulers"),
    ("show_separating_axis", "separating axis"),
    ("show_mtv", "MTV arrow"),
    ("show_contacts", "contact points"),
    ("show_impulses", "impulses and spin"),
    ("show_aabbs", "bounding boxes"),
    ("show_minkowski", "Minkowski difference"),
    ("show_hud", "words and numbers (HUD)"),
)

# The Tune panel's sliders: name -> (words, low, high, step)
SLIDERS = {
    "gravity": ("Gravity", 0.0, 2000.0, 50.0),
    "friction": ("Friction (all)", 0.0, 1.0, 0.05),
    "restitution": ("Bounce (all)", 0.0, 1.0, 0.05),
    "density": ("Density of A", 0.1, 5.0, 0.1),
    "speed": ("Speed", 0.0, 3.0, 1.0),
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
    return False
