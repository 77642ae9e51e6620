"""The toolbar and its panels as tables: one entry a button, a check box or a slider.

A toolbar button that stands for a keymap action presses its key (recorded and replayed
as the key); one that opens a panel toggles it. A tip is words only: the keys it names
are the keymap's, filled in when it is shown (`tip_said`), so a binding changed in
app/keymap.py changes the tips with it. Adding a button is one entry here: the renderer
draws what this table lists (render/controls.layout_controls, most needed first, a
narrow window keeping the first that fit) and the toolbar (app/toolbar.py) turns a
click on it into its command.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..core.locales import N_
from .keymap import KEY_FOR_ACTION, keys_said_in

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


@dataclass(frozen=True)
class Button:
    """A toolbar button: what it says, its tip's words, and the action whose key it
    presses or the panel it opens. The keys a tip names are the keymap's (`tip_said`)."""

    name: str
    label: str
    tip: str  # the words only; {action} in them is that action's key
    action: str | None = None  # the keymap action whose key a click presses
    panel: str | None = None  # the panel a click opens (or closes)
    named: tuple[tuple[str, ...], ...] = ()  # a panel's tip: the keys of these actions
    mouse: str | None = None  # the mouse's way to the same, said after the key

    @property
    def key(self) -> str | None:
        """The key a click presses (recorded and replayed as that key): the keymap's."""
        return None if self.action is None else KEY_FOR_ACTION[self.action]


TOOLBAR = (
    Button("pause", "‖", N_("pause / resume"), action="pause"),
    Button("back", "◀|", N_("one step back (pauses)"), action="rewind"),
    Button("step", "|▶", N_("one step on, while paused"), action="step"),
    Button("speed", "1x", N_("slow motion: 1x, 1/2x, 1/4x, 1/10x"), action="slow"),
    Button("reset", N_("↺ Reset"), N_("the scene from its start"), action="reset"),
    Button(
        "edit",
        N_("✎ Edit"),
        N_(
            "edit: drag corners, draw a shape; {spawn_box}, {spawn_polygon}, {spawn_circle} "
            "add, {delete_body} removes"
        ),
        action="edit_mode",
    ),
    Button(
        "panel:scenes",
        N_("Scenes ▾"),
        N_("open another scene"),
        panel="scenes",
        named=(("scene",), ("previous_scene", "next_scene")),
    ),
    Button("lessons", N_("Lessons"), N_("the lessons"), action="lessons"),
    Button(
        "panel:show",
        N_("Show ▾"),
        N_("what is drawn: the overlays"),
        panel="show",
        named=(tuple(flag for flag, _ in SHOWN_OVERLAYS),),
    ),
    Button(
        "panel:tune",
        N_("Tune ▾"),
        N_("gravity, friction, bounce, density, speed"),
        panel="tune",
    ),
    Button("help", "?", N_("help: every key"), action="help"),
    Button("zoom_out", "⊖", N_("zoom out"), action="zoom_out", mouse=N_("Ctrl+wheel")),
    Button(
        "zoom_in",
        "⊕",
        N_("zoom in"),
        action="zoom_in",
        mouse=N_("Ctrl+wheel; right-drag pans"),
    ),
    Button("fit", N_("Fit"), N_("the whole scene"), action="fit"),
)
PANELS = ("scenes", "show", "tune")  # a panel's rows are below; its button is in TOOLBAR


def tip_said(button: Button, tr, keys: Mapping[str, str] | None = None) -> str:
    """A button's tip as shown and said: its words in `tr`'s language, then the keys the
    keymap binds to its action (or to the actions its panel names; `keys`: each action's
    key as said, `keymap.keys_said`; by default the keymap's, named in `tr`'s language),
    then the mouse's way: "pause / resume · Space", "zoom out · - (Ctrl+wheel)"."""
    keys = keys_said_in(tr) if keys is None else keys
    words = tr(button.tip).format_map(keys)
    named = ((button.action,),) if button.action is not None else button.named
    if not named:
        return words
    listed = ", ".join(" ".join(keys[action] for action in group) for group in named)
    said = tr("{words} · {keys}").format(words=words, keys=listed)
    if button.mouse is None:
        return said
    return tr("{tip} ({mouse})").format(tip=said, mouse=tr(button.mouse))


def button(name: str) -> Button | None:
    """The toolbar's button called `name` (looked up when asked: the table is the one
    place a button is defined)."""
    return next((b for b in TOOLBAR if b.name == name), None)


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
