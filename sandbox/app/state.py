"""A session's state: plain data, and nothing that changes it.

What the app knows and the world does not: the scene on show, its world, the time
controls, the overlays, the lesson, the editor's draft, the toolbar's panel. The
behaviour that changes it lives in modules of its own (scene_control, stepping,
actions, editing, tune, lesson_run), each called by the one dispatcher
(app/dispatcher.py); the renderer reads it through a view model (app/view_model.py).

The world advances in fixed steps of STEP seconds::

    window:    real time -> (x speed, unless paused) -> accumulator -> World.step(STEP) ...
    headless:  exactly --frames steps, no clock at all
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..physics.records import StepRecord
from ..physics.world import World
from ..render.language import ENGLISH_WORDS, Language
from ..render.layout import Camera
from ..render.overlays import Moment, Overlays
from ..render.theme import THEMES
from ..scenes.base import Scene
from ..scenes.registry import SCENES
from ..scenes.space import Space
from .editor import EditHistory
from .history import History
from .pair_choice import PairChoice

STEP = 1.0 / 60.0
SPEEDS = ((1.0, "1x"), (0.5, "1/2x"), (0.25, "1/4x"), (0.1, "1/10x"))


@dataclass(eq=False)
class Hand:
    """The left button held on the world: the body under the press (or None), where it
    was pressed, whether it has moved since (a press and release in place is a click),
    and whether shift was down (a click picks shape A)."""

    body: int | None
    start: tuple[float, float]
    moved: bool
    shift: bool


@dataclass(eq=False)
class Session:
    """The current scene, world, overlays, theme and time controls (see the module docstring)."""

    scene: Scene
    seed: int = 0
    theme: str = "dark"  # parse_options has checked it names a theme
    language: Language = ENGLISH_WORDS  # the words on screen (--lang; render/language.py)
    scenes: list[Scene] = field(default_factory=lambda: list(SCENES.values()))
    themes: list[str] = field(default_factory=lambda: list(THEMES))
    world: World | None = None  # the scene's world (scene_control.open_scene builds it)
    step_record: StepRecord | None = None  # what the last step recorded: the pair on show
    pair_choice: PairChoice = PairChoice()  # the pair on show as chosen (app/pair_choice.py)
    history: History = field(default_factory=History)  # rewind: the last steps' states
    edits: EditHistory = field(default_factory=EditHistory)  # this world's edits, to undo
    space: Space | None = None  # the 3D scene's state
    overlays: Overlays = field(default_factory=Overlays)
    paused: bool = False
    speed_index: int = 0  # into SPEEDS
    # The session's two counts of steps (the world's own is World.tick: its steps since
    # its scene opened, put back by a rewind):
    step_on_show: int = 0  # steps since the session began, less those rewound
    steps_taken: int = 0  # steps since the session began, rewound or not: a recording's stamp
    message: str | None = None  # a transient line on the status bar
    message_left: int = 0  # steps it stays (paused, it stays)
    pair_index: int | None = None  # into scene.tab_pairs, once Tab chose one
    moment: Moment | None = None  # the last step worth keeping on screen (a swept hit)
    impact: float = 0.0  # how much the last step changed the pair's closing speed
    impact_held: bool = False  # the scene's moment of impact has been paused on
    walk: int | None = None  # step-through: the step on show (None: off)
    hand: Hand | None = None  # the left button held on the world
    recorder: object = None  # app.recording.Recorder, if recording
    recorder_said: bool = False  # the recording's early stop was put on screen
    quit_asked: int | None = None  # steps_taken when Escape asked "again to quit?"
    outline: int = 0  # scenes with an outline test: the learner's outline (F: the next)
    help_page: int = 0  # the help's page on show (keymap.help_pages)
    lesson_run: object = None  # app.lesson_run.LessonRun while a lesson runs
    menu: tuple | None = None  # the lesson list (F2) while open: the built-in Lessons
    camera: Camera | None = None  # zoom and pan; None: the fitted view
    framing: tuple[int, ...] | None = None  # the bodies the camera follows (a framed pair)
    panel: str | None = None  # the toolbar's open panel: "scenes", "show", "tune" or None
    hover: str | None = None  # the control under the window's pointer (its tip is drawn)
    focus: str | None = None  # the control with the keyboard's focus ring (app/focus.py)
    slide: bool = False  # a lesson's slide (--export-lesson): no toolbar, no screen-only words
    mode: str | None = None  # "edit": corners have handles, clicks draw
    draft: tuple | None = None  # the outline being drawn: world points, in order
    cursor: tuple[float, float] | None = None  # the window pointer's world point, or None
    sides: int = 5  # the next regular polygon's sides (F5; shift+wheel: 3..12)
    save_dir: object = None  # where Ctrl+S writes (None: the user's data folder)
    speech: bool = False  # F9 / --speak: the announcements are said aloud (app/speech.py)
    reads: int = 0  # F8 presses: each asks for the whole frame read aloud once
    failed: Exception | None = None  # why the world could not step (stepping.advance), if so

    @property
    def shown(self):
        """The pair on show (physics.records.Shown), or None."""
        return self.step_record.shown if self.step_record is not None else None
