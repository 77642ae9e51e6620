"""The overlay flags (what to draw) and the status the app hands the HUD."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.walk import WalkOnShow
from .language import ENGLISH_WORDS, Language


@dataclass(frozen=True)
class Overlays:
    """What to draw on top of the bodies (toggle with dataclasses.replace)."""

    show_normals: bool = True
    show_vertex_indices: bool = True
    show_projections: bool = True
    show_separating_axis: bool = True
    show_mtv: bool = True
    show_contacts: bool = True
    show_impulses: bool = True  # rigid worlds: impulse arrows, lever arms, omega
    show_aabbs: bool = False
    show_minkowski: bool = False  # the inset of A − B
    show_hud: bool = True
    show_help: bool = False
    show_words: bool = False  # F7: the frame in words, in a box (app/describe.py)


@dataclass(frozen=True)
class Jump:
    """A body that moved further in one step than the thing it passed is thick: the discrete
    test never saw them overlap (tunnelling). Positions before and after the step."""

    body: int
    start: tuple[float, float]
    end: tuple[float, float]
    passed: int  # the static body it jumped over


@dataclass(frozen=True)
class Moment:
    """A step worth keeping on screen after it has passed: a swept hit and/or a jump."""

    tick: int
    sweeps: tuple = ()  # the SweepEvents of that step (physics recorded them)
    jumps: tuple[Jump, ...] = ()


@dataclass(frozen=True)
class LessonCard:
    """A lesson stage's prediction: the question and its answers, then the verdict."""

    question: str
    choices: tuple[tuple[str, str], ...]  # (key, label)
    verdict: str | None  # None: waiting for the class
    right: bool | None
    explain: str | None
    evidence: str  # what the world showed ("" when nothing ran)
    opening: int = 0  # steps of the stage's opening still to play before it asks (0: asking)
    tried: str = ""  # waiting again after a first wrong answer: what the card says of it
    focus: str = ""  # the key of the answer in the keyboard's focus ring ("": none)


@dataclass(frozen=True)
class EditView:
    """Edit mode on screen: the corners that can be dragged and the outline being drawn
    (world points), and the pointer's world point (the outline's loose end follows it)."""

    handles: tuple[tuple[float, float], ...] = ()
    draft: tuple[tuple[float, float], ...] | None = None
    pointer: tuple[float, float] | None = None


@dataclass(frozen=True)
class FrameModel:
    """The frame model: what the app knows and the world does not, read from the session
    once a frame (app/view_model.py) and drawn by every band: the scene and its words,
    time controls, help, the lesson's card, the toolbar, the editor. (It was FrameModel:
    the HUD is one of its readers.)"""

    scene_name: str
    scene_title: str
    caption: str
    scene_number: int
    scene_count: int
    paused: bool
    speed_label: str
    fps: float | None  # None in screenshots: FPS is never drawn then
    help_lines: tuple[tuple[str, str], ...] = ()  # the help page on show
    help_title: str = "Keys"
    message: str | None = None
    resolve: bool = True
    moment: Moment | None = None
    walk: WalkOnShow | None = None  # step-through: its steps and the one on show (None: off)
    timeline: tuple[int, int, int] | None = None  # paused: (first, shown, last) tick kept
    demo: str | None = None  # the scene's own lesson drawing ("dot-product")
    space: object = None  # the 3D scene's state (scenes.space.Space)
    outline_test: bool = False  # draw tutorial 004's convexity test on the learner's shape
    lesson_line: str | None = None  # a lesson runs: "its title · stage 3 of 9"
    card: LessonCard | None = None  # a prediction on show
    # every text the narration band says on this stage (what it says now, and a question's
    # reason once answered): the band is as tall as the longest, so nothing jumps
    narration_texts: tuple[str, ...] = ()
    hiding: bool = False  # a question waits: the words that would answer it are held back
    impact: float = 0.0  # px/s: how much the last step changed the pair's closing speed
    menu: tuple[tuple[str, int], ...] | None = None  # the lesson list: (title, stages)
    menu_focus: int | None = None  # the lesson list's row with the focus ring
    controls: object = None  # the toolbar's state (render.controls.ControlState); None: none
    camera: object = None  # zoom and pan (render.layout.Camera); None: the fitted view
    edit: EditView | None = None  # edit mode (None: off)
    language: Language = ENGLISH_WORDS  # the words' language (render/language.py)
    slide: bool = False  # a slide, not a window: no keys, tick or speed on the status line
    words: tuple[str, ...] = ()  # F7: the frame in words (app/describe.py), in a box
