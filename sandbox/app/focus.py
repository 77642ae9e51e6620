"""Keyboard focus: every control reached and worked from the keyboard alone.

F10 puts a focus ring on the toolbar's first button; Tab and Shift+Tab move it through
the controls in reading order: the toolbar left to right, an open panel's rows (or the
lesson list's) right after the button that opened them, top to bottom, as a
disclosure's content follows its button; then, while a lesson's question waits, the
card's answers in the card's order ("answer:2"). Enter or Space press the control the
ring is on, as a click would (an answer: as its key does; answered, the ring leaves);
on a slider, the arrows move it a step (right and up: more), Page Up / Page Down a big
step (a tenth of its range) and Home / End to its ends (PhET's keys). Escape (or F10
again) leaves the focus.

While nothing has focus every key keeps its meaning (Tab shows the shape against the
next body, arrows move the shape, Home goes back to the lesson's stage, Escape closes or
asks before quitting); with focus, only the keys above are the focus's and the rest keep
theirs. The order is read from the session's state (never from pixels), so a narrow
window that drops a button still reaches it by Tab.

Every key the focus takes becomes a command on the one path: a focus move is
UiChange("focus", name), recorded as a ui line and replayed; pressing a control is the
very command its click makes (a key, a panel, a scene, a slider set), recorded as that.
"""

from __future__ import annotations

import math

from . import panels, tune
from .commands import Command, Press, UiChange
from .keymap import KEY_FOR_ACTION
from .lesson_run import choices
from .state import Session

ENTER = "f10"  # the key that puts the focus on the controls (the menu bar's, as in GTK)
BACK = "shift tab"  # the window's name for Tab with Shift down
ACTIVATE = ("return", "space", "enter")  # "enter": the keypad's
SLIDER_KEYS = ("left", "right", "up", "down", "page up", "page down", "home", "end")
ARROWS = frozenset(("left", "right", "up", "down"))
BIG_STEP = 10  # Page Up / Page Down: a tenth of the slider's range


def focus_order(session: Session) -> tuple[str, ...]:
    """The focusable controls' names in reading order (see the module docstring)."""
    order: list[str] = []
    for button in panels.TOOLBAR:
        order.append(button.name)
        if button.panel is not None and session.panel == button.panel:
            order.extend(panel_rows(session, button.panel))
        if button.name == "lessons" and session.menu is not None:
            order.extend(f"lesson:{k}" for k in range(min(len(session.menu), 9)))
    order.extend(f"answer:{key}" for key in card_answers(session))
    return tuple(order)


def card_answers(session: Session) -> dict[str, str]:
    """The lesson card's answers while its question waits, {key: label} in the card's
    order; {} otherwise (no question, still opening, answered, exploring)."""
    run = session.lesson_run
    if run is None or not run.asking or run.verdict is not None:
        return {}
    if run.stage.stage.predict is None:
        return {}
    return dict(choices(session))


def panel_rows(session: Session, panel: str) -> tuple[str, ...]:
    """The rows of `panel` in their order: what render/controls lays out."""
    if panel == "scenes":
        return tuple(f"scene:{k}" for k in range(len(session.scenes)))
    if panel == "show":
        return tuple(f"overlay:{flag}" for flag, _ in panels.SHOWN_OVERLAYS)
    return tuple(f"slider:{name}" for name in panels.SLIDERS)


def opener(name: str) -> str | None:
    """The button whose panel (or lesson list) holds the row `name`, else None."""
    kind = name.partition(":")[0]
    panel = {"scene": "scenes", "overlay": "show", "slider": "tune"}.get(kind)
    if panel is not None:
        return f"panel:{panel}"
    return "lessons" if kind == "lesson" else None


def key_command(session: Session, key: str, held=frozenset()) -> Command | None:
    """What `key` means to the focus now: a command to dispatch, or None when the key
    keeps its own meaning. Shift+Tab with nothing focused is Tab (its meaning before)."""
    name = session.focus
    if key == ENTER:
        return UiChange("focus", None if name is not None else focus_order(session)[0])
    if name is None:
        return Press("tab", held) if key == BACK else None
    if key in ("tab", BACK):
        return UiChange("focus", moved(session, name, -1 if key == BACK else 1))
    if key == "escape":
        return UiChange("focus", None)
    if key in ACTIVATE:
        return activate(session, name, held)
    if name.startswith("slider:") and key in SLIDER_KEYS:
        return adjust(session, name.removeprefix("slider:"), key)
    return None


def moved(session: Session, name: str, delta: int) -> str:
    """The control `delta` places on from `name` in the order, round the ends. A row no
    longer on show (its panel closed) counts as its panel's button."""
    order = focus_order(session)
    here = name if name in order else opener(name)
    if here not in order:  # (a recorded name always has a button or an opener)
        return order[0 if delta > 0 else -1]
    return order[(order.index(here) + delta) % len(order)]


def activate(session: Session, name: str, held=frozenset()) -> Command | None:
    """The command a click on control `name` makes (app/toolbar.py makes the same)."""
    pressed = panels.button(name)
    if pressed is not None and pressed.key is not None:
        return Press(pressed.key, held)
    if pressed is not None:
        return UiChange("panel", None if session.panel == pressed.panel else pressed.panel)
    kind, _, rest = name.partition(":")
    if kind == "scene" and int(rest) < len(session.scenes):
        return UiChange("scene", session.scenes[int(rest)].name)
    if kind == "overlay":
        return Press(KEY_FOR_ACTION[rest], held)
    if kind == "lesson":
        return Press(str(int(rest) + 1), held)  # the lesson list's own key starts it
    if kind == "answer" and rest in card_answers(session):
        return Press(rest, held)  # the answer's own key answers (recorded as that key)
    if kind == "slider":  # the arrows move it; pressed, the dispatcher's gate says if not
        return UiChange("focus", name)
    return None


def adjust(session: Session, name: str, key: str) -> Command:
    """A focused slider and one of SLIDER_KEYS: the value it sets, on the slider's steps
    (a value between steps goes to the next step that way). Whether it may move is the
    dispatcher's gate's to say (a disabled slider's set is held back and says why;
    recorded, so that a replay says it too)."""
    slider = tune.slider(session, name)
    value = slider_target(slider.value, slider.low, slider.high, slider.step, key)
    return UiChange("set", (name, value))


def slider_target(value: float, low: float, high: float, step: float, key: str) -> float:
    """Where `key` takes a slider at `value` (see adjust); pure arithmetic."""
    count = round((high - low) / step)
    if key == "home":
        return low
    if key == "end":
        return high
    big = max(1, round(count / BIG_STEP))
    steps = {"right": 1, "up": 1, "left": -1, "down": -1, "page up": big, "page down": -big}
    delta = steps[key]
    at = (value - low) / step
    base = math.floor(at + 1e-9) if delta > 0 else math.ceil(at - 1e-9)
    k = min(max(base + delta, 0), count)
    return round(min(max(low + k * step, low), high), 6)


def free_held(session: Session, held: frozenset[str]) -> frozenset[str]:
    """The keys held that steer the shape: the arrows are a focused slider's, not the
    shape's."""
    focused = session.focus
    if focused is not None and focused.startswith("slider:"):
        return held - ARROWS
    return held


def settle(session: Session) -> UiChange | None:
    """After a control was pressed: when the focused row has left the screen (a scene
    chosen closes its panel, a lesson started closes the list), the focus goes back to
    the button that opened it, as a command (recorded, so that a replay's ring is the
    run's)."""
    name = session.focus
    if name is None or name in focus_order(session):
        return None
    back = opener(name)
    return UiChange("focus", back)


def focus_said(session: Session) -> str | None:
    """The control the focus ring is on, in words for a learner who cannot see the ring
    (the frame in words' "Focus:" line, announced as it changes): what it is, its value
    or state, and its key; None without focus."""
    name = session.focus
    if name is None:
        return None
    tr = session.language
    button = panels.button(name)
    if button is not None:
        return tr.tr("button: {tip}").format(tip=panels.tip_said(button, tr))
    kind, _, rest = name.partition(":")
    if kind == "answer":
        label = card_answers(session).get(rest, "")
        said = tr.tr("answer {key}: {label}") if label else tr.tr("answer {key}")
        return said.format(key=rest.upper(), label=label)
    if kind == "slider":
        slider = tune.slider(session, rest)
        said = tr.tr("slider: {label}, {value}").format(
            label=slider.label, value=slider.value_words
        )
        return said if slider.enabled else f"{said} ({slider.note})"
    if kind == "overlay":
        words = tr(dict(panels.SHOWN_OVERLAYS)[rest])
        state = tr.tr("on") if getattr(session.overlays, rest) else tr.tr("off")
        return tr.tr("check box: {words}, {state}").format(words=words, state=state)
    number = int(rest)
    if kind == "scene" and number < len(session.scenes):
        title = tr(session.scenes[number].title)
        return tr.tr("scene {n}: {title}").format(n=number + 1, title=title)
    if kind == "lesson" and session.menu is not None and number < len(session.menu):
        title = session.menu[number].title
        return tr.tr("lesson {n}: {title}").format(n=number + 1, title=title)
    return None
