"""The clickable controls: a toolbar across the bottom and the panel one of its buttons opens.

Every control is plain data (`Clickable`: a name, its words, a rectangle on the surface), laid
out by one function, `layout_controls`, for the frame's own layout: the renderer draws what
it returns and the app hit-tests the very same rectangles, so the two cannot disagree.
The app lists the buttons (app/panels.py) and turns a control's name into what the key
for it does (app/toolbar.py), so a click is recorded and replayed as the key would be.

::

    +-------------------------------------------------------------------------------+
    | ‖  ◀|  |▶  1x  ↺ Reset  Scenes ▾  Lessons  Show ▾  Tune ▾  ?  ⊖  ⊕  Fit    3.0x |
    +-------------------------------------------------------------------------------+
       pause back step speed reset  (panels)                 help zoom out/in, fit

    a panel opens above its button:   Show ▾               Tune ▾
                                      [x] edge normals  N  Gravity     900 px/s^2
                                      [ ] bounding boxes B |=======o-------------|

A row too long for the window (a narrow one, a longer language) first tightens the room
inside its buttons; buttons that still drop off go from the right (the zoom first); every
key still works. Meaning never rides on colour alone: a toggle has a check box, the open
panel's button an arrow up, a disabled slider says why in words.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from .layout import Layout
from .theme import Theme
from .view import View, text_size

Rect = tuple[int, int, int, int]


@dataclass(frozen=True)
class Slider:
    """One of the Tune panel's sliders: its value within [low, high] in steps of `step`."""

    name: str  # "gravity", "friction", "restitution", "density", "speed"
    label: str
    value: float
    low: float
    high: float
    step: float
    value_words: str  # the value in words: "900 px/s²"
    enabled: bool = True
    note: str = ""  # why it is disabled, in words


@dataclass(frozen=True)
class ControlState:
    """What the controls show: the time controls' state, the open panel and its rows."""

    paused: bool
    speed_label: str
    panel: str | None = None  # "scenes", "show", "tune" or None
    overlays: tuple[tuple[str, str, str, bool], ...] = ()  # (flag, words, key, on)
    scenes: tuple[tuple[str, str], ...] = ()  # (key or "", title) in the scene list's order
    scene_index: int = -1  # the scene on show in `scenes` (-1: a scene file)
    sliders: tuple[Slider, ...] = ()
    zoom: float = 1.0
    hover: str | None = None  # the control under the pointer: its tip is shown
    focus: str | None = None  # the control with the keyboard's focus ring (its tip shown)
    editing: bool = False  # edit mode is on (its button is drawn pressed)
    # (name, label, tip) of the toolbar's buttons, most needed first (a narrow window
    # keeps the first that fit); the app's table (app/panels.py) lists them. The pause
    # button's label follows the state, the speed button's says the speed.
    buttons: tuple[tuple[str, str, str], ...] = ()


@dataclass(frozen=True)
class Clickable:
    """A clickable rectangle: `name` says what it does (see app/panels.py)."""

    name: str
    label: str
    rect: Rect
    tip: str = ""  # what it does and its key, shown while the pointer is over it
    on: bool = False  # a toggle that is on, the open panel's button, the scene on show
    enabled: bool = True


def layout_controls(lay: Layout, state: ControlState) -> tuple[Clickable, ...]:
    """The toolbar's buttons, then the open panel's rows, for this layout (none without a
    toolbar band). A row of buttons too long for the band (a longer language's words, a
    narrow window) first tightens the room inside each button, to half at most, as
    little as lets the row fit; what still does not fit gives way from the right."""
    bar = pygame.Rect(lay.toolbar)
    if bar.height <= 0:
        return ()
    pad = lay.pad
    gap = max(2, round(pad * 0.3))
    right_room = text_size(" 8.0x", lay.small)[0] + pad  # the zoom's words at the right end
    room = bar.right - right_room - (bar.x + pad)
    inner = max(3, round(pad * 0.6))  # each side of a button's words
    row = _button_row(lay, state)
    words = sum(w for *_, w in row)
    fits = (room - words - gap * (len(state.buttons) - 1)) // (2 * len(state.buttons) or 1)
    inner = min(inner, max(inner // 2, 2, fits))
    x = bar.x + pad
    buttons: list[Clickable] = []
    for name, label, tip, words_w in row:
        w = words_w + 2 * inner
        if x + w > bar.right - right_room:
            break
        on = name == f"panel:{state.panel}" or name == "edit" and state.editing
        rect = (x, bar.y + gap, w, bar.height - 2 * gap)
        buttons.append(Clickable(name, label, rect, tip, on))
        x += w + gap
    return tuple(buttons) + _panel(lay, state, buttons)


def _button_row(lay: Layout, state: ControlState) -> list[tuple[str, str, str, int]]:
    """(name, label, tip, width of its words) of every toolbar button."""
    px = lay.small
    row = []
    for name, label, tip in state.buttons:
        if name == "pause":
            label = "▶" if state.paused else "‖"  # what a click does: play, or pause
        elif name == "speed":
            label = state.speed_label
        w = max(text_size(label, px)[0], text_size("MM", px)[0])
        if name == "speed":
            w = text_size("1/10x", px)[0]  # the same width at every speed
        row.append((name, label, tip, w))
    return row


def _panel(lay: Layout, state: ControlState, buttons: list[Clickable]) -> tuple[Clickable, ...]:
    """The open panel's rows, above its button, within the surface."""
    opener = next((b for b in buttons if b.name == f"panel:{state.panel}"), None)
    if opener is None:
        return ()
    px, pad = lay.small, lay.pad
    line = lay.line(px) + pad // 2
    rows: list[tuple[str, str, str, bool, bool]] = []  # (name, label, tip, on, enabled)
    if state.panel == "scenes":
        for k, (key, title) in enumerate(state.scenes):
            mark = "▶" if k == state.scene_index else " "
            rows.append(
                (f"scene:{k}", f"{mark} {key or ' '} {title}", "", k == state.scene_index, True)
            )
    elif state.panel == "show":
        for flag, words, key, on in state.overlays:
            box = "☑" if on else "☐"
            rows.append((f"overlay:{flag}", f"{box} {words}", key.upper(), on, True))
    else:  # tune: two lines a slider, its words and its track
        for slider in state.sliders:
            rows.append((f"slider:{slider.name}", slider.label, "", False, slider.enabled))
    surface_w, top_limit = lay.size[0], pad
    row_h = 2 * line if state.panel == "tune" else line  # a slider: its words, its track
    if state.panel == "tune":
        width = text_size("M" * 30, px)[0] + 2 * pad
    else:
        widest = max(text_size(f"{label}   {tip}", px)[0] for _, label, tip, _, _ in rows)
        width = widest + 3 * pad
    bottom = lay.toolbar[1] - pad // 2
    columns, per = 1, len(rows)
    while bottom - (per * row_h + 2 * pad) < top_limit and columns < 4:  # too tall: columns
        columns += 1
        per = -(-len(rows) // columns)
    height = per * row_h + 2 * pad
    width_all = width * columns
    x0 = max(pad, min(opener.rect[0], surface_w - width_all - pad))
    y0 = max(top_limit, bottom - height)
    out = [Clickable("panel", "", (x0, y0, width_all, height))]  # the panel's own area
    for k, (name, label, tip, on, enabled) in enumerate(rows):
        column, row = divmod(k, per)
        rect = (x0 + column * width + pad, y0 + pad + row * row_h, width - 2 * pad, row_h)
        out.append(Clickable(name, label, rect, tip, on, enabled))
    return tuple(out)


def hit(controls: tuple[Clickable, ...], pixel) -> Clickable | None:
    """The control under screen point `pixel` (a panel's row before the panel itself)."""
    found = None
    for control in controls:
        if pygame.Rect(control.rect).collidepoint(round(pixel[0]), round(pixel[1])):
            if control.name != "panel":
                return control
            found = control
    return found


def track(lay: Layout, control: Clickable) -> Rect:
    """A slider row's track: the lower of its two lines, inset."""
    x, y, w, h = control.rect
    pad = lay.pad
    return (x + pad, y + h // 2 + h // 8, w - 2 * pad, h // 4)


def slider_value(lay: Layout, control: Clickable, slider: Slider, pixel_x: float) -> float:
    """The value a press or drag at screen x `pixel_x` sets, on the slider's steps."""
    x, _, w, _ = track(lay, control)
    t = min(max((pixel_x - x) / max(w, 1), 0.0), 1.0)
    steps = round((slider.high - slider.low) / slider.step)
    value = slider.low + round(t * steps) * slider.step
    return round(min(max(value, slider.low), slider.high), 6)


# The toolbar alone (no panel open, no tip, no focus ring) paints its band and the
# divider over it, opaque, and nothing else: the same pixels frame after frame while its
# state is the same. So it is drawn once and then its pixels and texts are copied (at
# 1920x1080, 0.5 ms a frame drawn, a twentieth of that copied).
_toolbars: dict = {}


def draw_controls(view: View, state: ControlState) -> tuple[Clickable, ...]:
    """Draw the toolbar and the open panel; returns the controls drawn (for the tests)."""
    surf = view.surface
    key = (view.layout, view.theme, state, surf.get_clip(), surf.get_bitsize(), surf.get_masks())
    kept = _toolbars.get("toolbar")
    if kept is not None and kept[0] == key:
        _, controls, patches, texts = kept
        for rect, patch in patches:
            surf.blit(patch, rect)
        view.placed.extend(texts)
        return controls
    start = len(view.placed)
    controls, patches = _draw_controls(view, state)
    texts = tuple(view.placed[start:])
    bar = view.toolbar_rect
    if patches and all(bar.contains(text.rect) for text in texts):
        _toolbars["toolbar"] = (key, controls, patches, texts)
    return controls


def _draw_controls(view: View, state: ControlState) -> tuple[tuple[Clickable, ...], tuple]:
    """Draw the toolbar and the open panel: (the controls drawn, and for the toolbar alone
    the (rectangle, pixels) it painted; none with a panel, a tip or a focus ring)."""
    controls = layout_controls(view.layout, state)
    if not controls:
        return (), ()
    theme, lay, surf = view.theme, view.layout, view.surface
    bar = view.toolbar_rect
    region, view.region = view.region, "toolbar"
    band = bar.clip(surf.get_clip())
    pygame.draw.rect(surf, theme.panel, bar)
    divider = pygame.draw.line(surf, theme.divider, bar.topleft, bar.topright, view.w(2))
    sliders = {s.name: s for s in state.sliders}
    tip_of = focused = None
    for control in controls:
        if control.name == "panel":
            rect = pygame.Rect(control.rect)
            pygame.draw.rect(surf, theme.panel, rect)
            pygame.draw.rect(surf, theme.divider, rect, view.w(2))
            view.region = "controls"
            continue
        if control.name == state.hover:
            tip_of = control
        if control.name == state.focus:
            focused = control
        if control.name.startswith("slider:"):
            _draw_slider(view, control, sliders[control.name.removeprefix("slider:")])
        elif control.name.startswith(("scene:", "overlay:")):
            _draw_row(view, control, theme)
        else:
            _draw_button(view, control, theme)
    if state.zoom != 1.0:
        words = f"{state.zoom:.1f}x"
        view.region = "toolbar"
        view.text_px(
            words, (bar.right - lay.pad, bar.centery), lay.small, theme.text_dim, "midright"
        )
    if focused is not None:
        focus_ring(view, focused.rect)
        tip_of = tip_of or focused  # a keyboard has no pointer: the focused control's tip
    if tip_of is not None and tip_of.tip and not tip_of.on:
        _draw_tip(view, tip_of)
    view.region = region
    if tip_of is not None or focused is not None or _panel_open(controls):
        return controls, ()
    # (a horizontal line of width w paints whole rows: up to w // 2 of them above the band)
    painted = [rect for rect in (band, divider) if rect.width > 0 and rect.height > 0]
    return controls, tuple((rect, surf.subsurface(rect).copy()) for rect in painted)


def focus_ring(view: View, rect: Rect) -> None:
    """The keyboard's focus ring: a thick frame in the theme's focus colour just outside
    `rect` (a shape, not a colour alone: the open panel's button has its thick edge
    inside)."""
    width = max(3, view.w(view.theme.line))  # the theme's line: 4 px on a projector
    ring = pygame.Rect(rect).inflate(2 * width, 2 * width)
    pygame.draw.rect(view.surface, view.theme.focus, ring, width, view.w(6))
    view.mark("focus ring", ring.topleft, ring.bottomright)


def _draw_button(view: View, control: Clickable, theme: Theme) -> None:
    rect = pygame.Rect(control.rect)
    surf = view.surface
    pygame.draw.rect(surf, theme.background, rect, border_radius=view.w(4))
    width = view.w(3) if control.on else view.w(1)  # the open panel's button: a thick edge
    pygame.draw.rect(surf, theme.text if control.on else theme.divider, rect, width, view.w(4))
    label = control.label.replace("▾", "▴") if control.on else control.label
    view.region = "toolbar"
    view.text_px(label, rect.center, view.layout.small, theme.text, "center")


def _draw_row(view: View, control: Clickable, theme: Theme) -> None:
    rect = pygame.Rect(control.rect)
    lay = view.layout
    if control.on and control.name.startswith("scene:"):
        pygame.draw.rect(view.surface, theme.background, rect)
    view.text_px(control.label, (rect.x, rect.centery), lay.small, theme.text, "midleft")
    if control.tip:
        view.text_px(control.tip, (rect.right, rect.centery), lay.small, theme.text_dim, "midright")


def _draw_slider(view: View, control: Clickable, slider: Slider) -> None:
    theme, lay, surf = view.theme, view.layout, view.surface
    x, y, w, h = control.rect
    color = theme.text if slider.enabled else theme.text_dim
    view.text_px(slider.label, (x, y + h // 4), lay.small, color, "midleft")
    view.text_px(slider.value_words, (x + w, y + h // 4), lay.small, color, "midright")
    tx, ty, tw, th = track(lay, control)
    if not slider.enabled:
        view.text_px(slider.note, (x, ty + th // 2), lay.small, theme.text_dim, "midleft")
        return
    mid = ty + th // 2
    pygame.draw.line(surf, theme.divider, (tx, mid), (tx + tw, mid), max(2, th // 3))
    t = (slider.value - slider.low) / (slider.high - slider.low)
    t = min(max(t, 0.0), 1.0)
    knob = (round(tx + t * tw), mid)
    pygame.draw.line(surf, theme.text, (tx, mid), knob, max(2, th // 3))
    r = max(4, th)
    pygame.draw.circle(surf, theme.background, knob, r)
    pygame.draw.circle(surf, theme.text, knob, r, view.w(2))
    view.mark(f"slider {slider.name}", (tx, mid), (tx + tw, mid), knob)


def _draw_tip(view: View, control: Clickable) -> None:
    """The hovered control's words and key, above it, inside the surface."""
    theme, lay = view.theme, view.layout
    px = lay.small
    w, h = text_size(control.tip, px)
    rect = pygame.Rect(0, 0, w + 2 * lay.pad, h + lay.pad)
    x, y, cw, _ = control.rect
    rect.midbottom = (x + cw // 2, y - lay.pad // 2)
    rect.clamp_ip(view.surface.get_rect())
    pygame.draw.rect(view.surface, theme.panel, rect)
    pygame.draw.rect(view.surface, theme.divider, rect, view.w(1))
    view.region = "controls"
    view.text_px(control.tip, rect.center, px, theme.text, "center")


def _panel_open(controls: tuple[Clickable, ...]) -> bool:
    return any(control.name == "panel" for control in controls)
