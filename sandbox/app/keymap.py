"""The keymap: the single source of the key bindings and of the help overlay."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from ..core.locales import N_
from ..physics.body import Steering
from ..scenes.registry import SCENES
from .key_names import ARROWS, key_name, keys_named


@dataclass(frozen=True)
class Binding:
    keys: tuple[str, ...]  # pygame key names
    action: str
    description: str
    held: bool = False  # a control held down (arrows, Q/E) rather than a press


KEYMAP: tuple[Binding, ...] = (
    Binding(
        ("left", "right", "up", "down"),
        "move",
        N_("move the shape (up thrusts under gravity)"),
        held=True,
    ),
    Binding(("q",), "turn_left", N_("turn the shape anticlockwise"), held=True),
    Binding(("e",), "turn_right", N_("turn the shape clockwise"), held=True),
    Binding(("space", "p"), "pause", N_("pause / resume")),
    Binding(("o",), "step", N_("advance one step (1/60 s) while paused")),
    Binding(("backspace",), "rewind", N_("rewind a step (pauses; 12 s are kept)")),
    Binding(("page up",), "rewind_second", N_("rewind 1 s (lesson: previous stage)")),
    Binding(("page down",), "forward_second", N_("forward 1 s if rewound (lesson: next stage)")),
    Binding(("f2",), "lessons", N_("lessons (1..9 starts one)")),
    Binding(("end",), "explore", N_("lesson: explore this stage freely")),
    Binding(("home",), "back_to_lesson", N_("lesson: the stage as authored")),
    Binding(("s",), "slow", N_("slow motion: 1x, 1/2x, 1/4x, 1/10x")),
    Binding(("r",), "reset", N_("reset the scene")),
    Binding(("[",), "previous_scene", N_("previous scene")),
    Binding(("]",), "next_scene", N_("next scene")),
    Binding(
        tuple(str(k) for k in range(1, min(len(SCENES), 9) + 1)),
        "scene",
        N_("open scene 1..9 ([ ] reach the rest)"),
    ),
    Binding(("tab",), "next_pair", N_("show the shape against the next body")),
    Binding(("a",), "walk", N_("step-through: one axis at a time (pauses)")),
    Binding((".",), "walk_next", N_("step-through: next axis")),
    Binding((",",), "walk_back", N_("step-through: previous axis")),
    Binding(("g",), "reverse_gravity", N_("reverse gravity")),
    Binding(("f",), "scene_switch", N_("scene switch: broad phase, 3D pose, outline")),
    Binding(("y",), "overlap_start", N_("broad phase: restart overlapping")),
    Binding(("j",), "orbit_left", N_("3D scene: turn the view left")),
    Binding(("l",), "orbit_right", N_("3D scene: turn the view right")),
    Binding(("m",), "toggle_resolve", N_("MTV resolution on / off")),
    Binding(("w",), "toggle_swept", N_("swept test on / off")),
    Binding(("n",), "show_normals", N_("overlay: edge normals")),
    Binding(("v",), "show_vertex_indices", N_("overlay: vertex and edge labels")),
    Binding(("x",), "show_projections", N_("overlay: axis rulers (projections)")),
    Binding(("z",), "show_separating_axis", N_("overlay: separating axis")),
    Binding(("k",), "show_mtv", N_("overlay: MTV arrow")),
    Binding(("c",), "show_contacts", N_("overlay: contact points")),
    Binding(("i",), "show_impulses", N_("overlay: contact impulses, lever arms, spin")),
    Binding(("b",), "show_aabbs", N_("overlay: bounding boxes (broad phase)")),
    Binding(("d",), "show_minkowski", N_("overlay: Minkowski difference A − B")),
    Binding(("u",), "show_hud", N_("overlay: HUD")),
    Binding(("f7",), "show_words", N_("overlay: the frame in words")),
    Binding(("f8",), "read_frame", N_("read the frame aloud (or print it: --announce)")),
    Binding(("f9",), "speech", N_("speech on / off: changes said aloud")),
    Binding(("f3",), "edit_mode", N_("edit mode: drag a corner, click corners to draw")),
    Binding(("return",), "close_outline", N_("edit: close the outline being drawn")),
    Binding(("insert", "f4"), "spawn_box", N_("drop a box at the pointer")),
    Binding(("f5",), "spawn_polygon", N_("drop a regular polygon (Shift+wheel: sides)")),
    Binding(("f6",), "spawn_circle", N_("drop a circle at the pointer")),
    Binding(("delete",), "delete_body", N_("delete the body under the pointer")),
    Binding(("=", "[+]"), "zoom_in", N_("zoom in (Ctrl+wheel: at the pointer)")),
    Binding(("-", "[-]"), "zoom_out", N_("zoom out")),
    Binding(("0",), "fit", N_("fit the whole scene (right-drag pans)")),
    Binding(("t",), "theme", N_("theme: dark / projector")),
    Binding(("h", "f1"), "help", N_("this help")),
    Binding(("f11",), "fullscreen", N_("fullscreen on / off")),
    Binding(("escape",), "quit", N_("close help, lesson list or panel; twice: quit")),
    # The keyboard's focus ring (app/focus.py): the toolbar, panels and lesson list
    # without the mouse. While nothing has focus every other key keeps its meaning.
    Binding(("f10",), "focus", N_("focus ring on the toolbar (F10 again: off)")),
    Binding(("shift tab",), "focus_back", N_("focus: the control before")),
)
FOCUS_ACTIONS = ("focus", "focus_back")
KEY_ACTIONS = {key: b for b in KEYMAP for key in b.keys}
KEY_FOR_ACTION = {b.action: b.keys[0] for b in KEYMAP}  # the key a button presses
# Actions recorded as what they did (app/commands.py: a UiChange for the mode, an Edit
# with the pointer's world point), never as the key: a replay has no pointer.
EDIT_ACTIONS = {
    "edit_mode", "close_outline", "spawn_box", "spawn_polygon", "spawn_circle", "delete_body",
}  # fmt: skip
# Actions that build the world anew (a replay holds at most MAX_REBUILDS of them).
REBUILD_ACTIONS = {
    "reset", "scene", "previous_scene", "next_scene", "scene_switch", "overlap_start",
}  # fmt: skip
# A recording keeps every key the session acts on, the time keys (pause, O, rewind)
# among them: a replay rewinds as the session did (app/recording.py).


# The mouse, listed in the help after the keys (app/world_mouse.py, physics/mouse.py),
# its ways named by key_names.
MOUSE_HELP: tuple[tuple[str, str], ...] = (
    ("left drag", N_("grab a body and drag it; let go to throw it")),
    ("wheel", N_("turn the body you hold")),
    ("click", N_("show the shape against the body clicked (B)")),
    ("shift click", N_("make the body clicked shape A")),
    ("right drag", N_("pan the view (when zoomed)")),
    ("ctrl wheel", N_("zoom about the pointer")),
    ("toolbar", N_("the time controls, Scenes, Show, Tune")),
    ("ctrl z", N_("undo the last edit (Ctrl+Y: redo)")),
    ("ctrl s", N_("save the world as a scene file")),
)


def key_said(keys: tuple[str, ...], tr: Callable[[str], str] = N_) -> str:
    """A binding's key as a tip names it, as printed on the keyboard (key_names): its
    first key ("Space", "F3", "O", "Page Down"), or its range when it has many ("1..9",
    as the help names it: keys_named)."""
    return keys_named(keys if len(keys) > 4 else keys[:1], tr)


def keys_said(keymap: tuple[Binding, ...], tr: Callable[[str], str] = N_) -> dict[str, str]:
    """Each action's key as a tip names it (`key_said`) in `tr`'s language, by action."""
    return {binding.action: key_said(binding.keys, tr) for binding in keymap}


@lru_cache(maxsize=8)
def keys_said_in(tr: Callable[[str], str]) -> dict[str, str]:
    """KEYMAP's keys as said in `tr`'s language (built once a language: the toolbar's tips
    are said every frame)."""
    return keys_said(KEYMAP, tr)


# The keys the focus ring takes while it is on (app/focus.py); without it they keep
# their meaning above. Listed on the help's last page after F10 and Shift+Tab.
FOCUS_HELP: tuple[tuple[tuple[str, ...], str], ...] = (
    (("tab",), N_("focus: the next control")),
    (("return", "space"), N_("focus: press the control")),
    (ARROWS, N_("focused slider: a step")),
    (("page up", "page down"), N_("focused slider: a big step")),
    (("home", "end"), N_("focused slider: to its ends")),
    (("escape",), N_("focus: leave it (keys as before)")),
)


def help_lines(tr: Callable[[str], str] = N_) -> tuple[tuple[str, str], ...]:
    """(keys, description) for every binding, generated from KEYMAP, then the mouse,
    then the focus ring's keys (the help's pages, in order); the keys named in `tr`'s
    language (key_names), the descriptions' msgids as they are."""
    rows = tuple((keys_named(b.keys, tr), b.description, b.action) for b in KEYMAP)
    keys = tuple(row[:2] for row in rows if row[2] not in FOCUS_ACTIONS)
    focus = tuple(row[:2] for row in rows if row[2] in FOCUS_ACTIONS)
    mouse = tuple((key_name(gesture, tr), words) for gesture, words in MOUSE_HELP)
    ring = tuple((keys_named(named, tr), words) for named, words in FOCUS_HELP)
    # F10, then Tab, Shift+Tab, then the rest of the focus ring's keys
    return keys + mouse + focus[:1] + ring[:1] + focus[1:] + ring[1:]


# Page 1 ends with "," (walk_back), page 2 with F9 (speech), page 3 with the mouse;
# page 4 is the focus ring's.
HELP_PAGE_BREAKS = ("walk_back", "speech")
HELP_PAGE_TITLES = (
    N_("moving, time, scenes"),
    N_("overlays and words"),
    N_("editing, view, mouse"),
    N_("keyboard alone"),
)


@lru_cache(maxsize=8)
def help_pages(tr=N_) -> tuple[tuple[str, tuple[tuple[str, str], ...]], ...]:
    """The help in pages, (title, rows), at fixed breaks so that a page holds text of
    20 px or more on a 1024 x 768 projector (H: page 1, 2, 3, 4, closed). Together they
    are help_lines(), in order; `tr`: the words' language, the keys' names too. Built
    once a language (tuples: nothing to change): the view model asks every frame."""
    rows = tuple((keys, tr(words)) for keys, words in help_lines(tr))
    cuts = [next(k for k, b in enumerate(KEYMAP) if b.action == a) + 1 for a in HELP_PAGE_BREAKS]
    focus_rows = len(FOCUS_ACTIONS) + len(FOCUS_HELP)
    edges = [0, *cuts, len(rows) - focus_rows, len(rows)]
    pages = tuple(rows[lo:hi] for lo, hi in zip(edges, edges[1:], strict=False))
    return tuple(zip((tr(title) for title in HELP_PAGE_TITLES), pages, strict=True))


def steering_from(held: set[str]) -> Steering:
    return Steering(
        left="left" in held,
        right="right" in held,
        up="up" in held,
        down="down" in held,
        turn_left="q" in held,
        turn_right="e" in held,
    )
