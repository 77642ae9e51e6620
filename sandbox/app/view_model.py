"""The view model: what the renderer is handed, read from the session's state.

The renderer (sandbox/render) draws a World, its step's record and these plain records
(FrameModel, ControlState, EditView) onto any surface; it never calls back into app.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..core.walk import walk_on_show
from ..render.controls import ControlState, layout_controls
from ..render.frame import draw
from ..render.layout import bands, compute_layout, screen_to_world
from ..render.overlays import EditView, FrameModel
from ..render.theme import THEMES
from . import panels
from .describe import describe
from .editing import corner_handles
from .key_names import keys_filled
from .keymap import KEY_FOR_ACTION, help_pages
from .lesson_card import card
from .lesson_words import fill
from .state import SPEEDS, Session
from .tune import sliders


def frame_model(session: Session, fps: float | None) -> FrameModel:
    """What the HUD, the bands and the toolbar show now (with F7, the frame in words)."""
    status = _frame_model(session, fps)
    if session.overlays.show_words:
        status = replace(status, words=tuple(describe(session, status)))
    return status


def frame_in_words(session: Session) -> list[str]:
    """The frame on show in words (app/describe.py): --describe, --announce, alt text."""
    return describe(session, _frame_model(session, None))


def _frame_model(session: Session, fps: float | None) -> FrameModel:
    scenes = session.scenes
    number = scenes.index(session.scene) + 1 if session.scene in scenes else 0
    pages = help_pages(session.language)
    run = session.lesson_run
    leading = run is not None and run.active
    stage = run.stage.stage if leading else None
    tr = session.language
    said = tr(session.scene.lesson)
    texts: tuple[str, ...] = (said,)
    if stage is not None:  # the teacher's words; answered, the reason for the answer
        answered = stage.predict is not None and run.verdict is not None
        said = fill(stage.predict.explain if answered else stage.say, session)
        texts = (stage.say,) if stage.predict is None else (stage.say, stage.predict.explain)
        texts = tuple(fill(text, session) for text in texts)  # live values, this frame's
    page = session.help_page
    more = tr.tr("more") if page < len(pages) - 1 else tr.tr("close")
    return FrameModel(
        scene_name=session.scene.name,
        scene_title=stage.title if stage else tr(session.scene.title),
        caption=said,
        scene_number=number,
        scene_count=len(scenes),
        paused=session.paused,
        speed_label=SPEEDS[session.speed_index][1],
        fps=fps,
        help_lines=pages[page][1],
        help_title=tr.tr("Keys {page}/{pages}: {title} (H: {more})").format(
            page=page + 1, pages=len(pages), title=pages[page][0], more=more
        ),
        message=keys_filled(tr(session.message), tr) if session.message else session.message,
        resolve=session.world.resolve,
        moment=session.moment,
        walk=walk_on_show(session.shown, session.walk),
        timeline=session.history.span() if session.paused and not session.slide else None,
        demo=session.scene.demo,
        space=session.space,
        outline_test=session.scene.outline_test,
        impact=session.impact,
        lesson_line=run.status_line(tr) if run is not None else None,
        card=card(session) if run is not None else None,
        narration_texts=texts,
        hiding=run is not None and run.hiding,
        menu=tuple((m.title, len(m.stages)) for m in session.menu) if session.menu else None,
        menu_focus=_menu_focus(session),
        controls=control_state(session) if not session.slide else None,
        slide=session.slide,
        camera=session.camera,
        edit=_edit_view(session),
        language=tr,
    )


def control_state(session: Session) -> ControlState:
    """The toolbar's state for this session."""
    scenes = tuple(
        (str(k + 1) if k < 9 else "", session.language(scene.title))
        for k, scene in enumerate(session.scenes)
    )
    here = session.scenes.index(session.scene) if session.scene in session.scenes else -1
    overlays = tuple(
        (flag, session.language(words), KEY_FOR_ACTION[flag], getattr(session.overlays, flag))
        for flag, words in panels.SHOWN_OVERLAYS
    )
    return ControlState(
        paused=session.paused,
        speed_label=SPEEDS[session.speed_index][1],
        panel=session.panel,
        overlays=overlays,
        scenes=scenes,
        scene_index=here,
        sliders=sliders(session) if session.panel == "tune" else (),
        zoom=session.camera.zoom if session.camera is not None else 1.0,
        hover=session.hover,
        focus=session.focus,
        editing=session.mode == "edit",
        buttons=_buttons(session.language),
    )


_said: dict = {}  # a language: (the table said, its buttons' words)


def _buttons(tr) -> tuple[tuple[str, str, str], ...]:
    """(name, label, tip) of the toolbar's buttons (panels.TOOLBAR) in `tr`'s language:
    the same words every frame, so said once a language and table (the tips alone read
    the keymap 14 times a frame)."""
    table = panels.TOOLBAR
    kept = _said.get(tr)
    if kept is None or kept[0] is not table:
        if len(_said) > 8:
            _said.clear()
        words = tuple(
            (button.name, tr(button.label), panels.tip_said(button, tr)) for button in table
        )
        kept = _said[tr] = (table, words)
    return kept[1]


def _menu_focus(session: Session) -> int | None:
    """The lesson list's row with the focus ring, or None."""
    name = session.focus or ""
    return int(name.removeprefix("lesson:")) if name.startswith("lesson:") else None


def _edit_view(session: Session) -> EditView | None:
    if session.mode != "edit":
        return None
    drawing = session.draft is not None  # no handles while an outline is drawn
    corners = () if drawing else tuple((x, y) for _, _, x, y in corner_handles(session))
    cursor = None if session.cursor is None else tuple(session.cursor)
    return EditView(corners, session.draft, cursor)


def layout_for(session: Session, size: tuple[int, int]):
    """The layout a frame of this size has now (render.layout.Layout)."""
    return _layout(session, size, frame_model(session, None))


@dataclass(frozen=True)
class OnScreen:
    """A frame as laid out, for the pointer to hit-test: its size, layout, clickable
    controls and the Tune sliders they show. Derived once a frame: the window keeps the
    frame it drew (`drawn`), so that the toolbar hit-tests the very rectangles on screen
    and builds no frame model of its own; `laid_out` derives one where no frame was
    drawn (the tests, a headless run)."""

    size: tuple[int, int]
    layout: object  # render.layout.Layout
    controls: tuple  # render.controls.Clickable, as drawn
    sliders: tuple  # render.controls.Slider, the Tune panel's (empty: the panel is shut)


def laid_out(session: Session, size: tuple[int, int]) -> OnScreen:
    """The frame of this size as it would be laid out now, from one frame model."""
    status = frame_model(session, None)
    lay = _layout(session, size, status)
    state = status.controls
    controls = layout_controls(lay, state) if state is not None else ()
    return OnScreen(tuple(size), lay, controls, state.sliders if state is not None else ())


def _layout(session: Session, size: tuple[int, int], status: FrameModel):
    return compute_layout(size, THEMES[session.theme], *bands(status, session.overlays))


def world_point(session: Session, size: tuple[int, int], pixel) -> tuple[float, float]:
    """A window pixel as a world point, for the layout (and zoom) of this size."""
    return screen_to_world(layout_for(session, size), session.camera, pixel)


def draw_session(surface, session: Session, fps: float | None = None):
    """The session's frame onto `surface`; the renderer's report (its drawn labels).
    Drawing changes nothing: a frame drawn or not, the session is the same."""
    return drawn(surface, session, fps)[0]


def drawn(surface, session: Session, fps: float | None = None):
    """(the renderer's report, the frame as laid out on screen: OnScreen) of the
    session's frame drawn onto `surface`, from one frame model."""
    status = frame_model(session, fps)
    world, theme = session.world, THEMES[session.theme]
    report = draw(surface, world, session.step_record, session.overlays, theme, status)
    sliders = status.controls.sliders if status.controls is not None else ()
    size = tuple(surface.get_size())
    return report, OnScreen(size, report.layout, report.controls, sliders)
