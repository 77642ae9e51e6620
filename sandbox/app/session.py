"""A session: the scene on show, its world, the time controls and the overlays.

The app layer is the only one that owns a window, reads the clock or parses the
command line. The world advances in fixed steps of 1/60 s::

    window:    real time -> (x speed, unless paused) -> accumulator -> World.step(1/60) ...
    headless:  exactly --frames steps, no clock at all

Input reaches the world per step, never per frame. The session writes the recording
itself (app/recording.py): every key it acts on, rewinds included, every mouse event and
the keys held before every step, stamped with `clock`, the steps taken so far, which a
rewind never turns back. A replay hands the same input to the same code at the same
clock, so it ends in the identical state, whatever the session did in between.
"""

from __future__ import annotations

import dataclasses

import numpy as np

from ..physics.world import World
from ..scenes.base import Scene
from ..scenes.registry import SCENES
from .keymap import EDIT_ACTIONS, KEY_ACTIONS, controls_from, help_pages

STEP = 1.0 / 60.0
SPEEDS = ((1.0, "1x"), (0.5, "1/2x"), (0.25, "1/4x"), (0.1, "1/10x"))
MESSAGE_STEPS = 120  # a transient message stays for this many frames
MOMENT_STEPS = 600  # a swept hit or a tunnelling jump stays drawn for this many steps
BROAD_PHASES_SAID = {"sweep": "sort and sweep", "grid": "uniform grid", "quadtree": "quadtree"}
CLICK_SLOP = 4.0  # world px: a press and release closer than this is a click, not a drag


class Session:
    """The current scene, world, overlays, theme and time controls."""

    def __init__(self, scene: Scene, seed: int = 0, theme: str = "dark"):
        from ..render.overlays import Overlays
        from ..render.theme import THEMES

        self.scenes = list(SCENES.values())
        self.scene = scene
        self.seed = seed
        self.themes = list(THEMES)
        self.theme = theme  # parse_options has checked it names a theme
        self.overlays = Overlays()
        self.paused = False
        self.speed_index = 0
        self.steps = 0  # the step on show: steps since the session began, less those rewound
        self.clock = 0  # steps taken since the session began, rewound or not: a recording's
        self.message: str | None = None
        self.message_left = 0
        self.pair_index: int | None = None  # into scene.tab_pairs, once Tab chose one
        self.moment = None  # the last step worth keeping on screen (a swept hit, a jump)
        self.walk: int | None = None  # step-through: the step on show (None: off)
        self.hand = None  # (body under the press, where, moved since?, shift) while pressed
        self.recorder = None  # the app's Recorder, if recording: told all the session does
        self.recorder_said = False  # the recording's early stop was put on screen
        self.outline = 0  # scenes with an outline test: the learner's outline (F: the next)
        self.help_page = 0  # the help's page on show (keymap.help_pages)
        self.lesson = None  # app/lesson.py's LessonRun while a lesson runs
        self.menu = None  # the lesson list (F2) while open: the built-in Lessons
        self.camera = None  # zoom and pan (render.layout.Camera); None: the fitted view
        self.panel = None  # the toolbar's open panel: "scenes", "show", "tune" or None
        self.hover = None  # the control under the window's pointer (its tip is drawn)
        self.toolbar = True  # draw the toolbar (a lesson's slides leave it out)
        self.mode = None  # "edit": corners have handles, clicks draw (app/controls.py)
        self.draft = None  # the outline being drawn: world points, in order (edit mode)
        self.pointer = None  # the window pointer's world point (spawns go there), or None
        self.sides = 5  # the next regular polygon's sides (F5; shift+wheel: 3..12)
        self.save_dir = None  # where Ctrl+S writes (None: the user's data folder)
        self.open(scene)

    # actions -----------------------------------------------------------------

    def apply(self, key: str, held: frozenset[str] = frozenset()) -> bool:
        """Carry out the action bound to `key`; False when the key means quit.

        `held` are the control keys down at the time, used by a single step (O).
        """
        if self.draft is not None and key in ("return", "backspace", "escape"):
            self._draft_key(key)  # drawing: Enter closes, Backspace drops, Escape cancels
            return True
        binding = KEY_ACTIONS.get(key)
        if binding is None or binding.held:
            return True
        action = binding.action
        if action == "quit" and self.mode is not None:
            from .controls import UiEvent

            self.ui(UiEvent("mode", None))  # Escape leaves edit mode first
            return True
        closes = action == "quit" and (self.menu is not None or self.overlays.show_help)
        if action == "quit" and not closes and self.panel is not None:
            from .controls import UiEvent

            self.ui(UiEvent("panel", None))  # Escape closes the toolbar's panel first
            return True
        if action == "quit" and not closes:
            return False
        if self.recorder is not None:
            if action == "step":
                self.recorder.held(self.clock, frozenset(held))  # before the press: O's keys
            self.recorder.press(self.clock, key)
            self._recorder_stopped()
        if closes:  # Escape closes the lesson list or the help first; quits only after
            if self.menu is not None:
                self.menu = None
            else:
                self.overlays = dataclasses.replace(self.overlays, show_help=False)
            return True
        if self._menu_key(key, action):
            return True
        if self.lesson is not None and self.lesson.handles(self, key, action):
            return True
        self.act(key, held)
        return True

    def _menu_key(self, key: str, action: str) -> bool:
        """F2 opens and closes the lesson list; while it is open, 1..9 start a lesson."""
        if action == "lessons":
            if self.menu is None:
                from .lesson import built_in_lessons

                self.menu = tuple(built_in_lessons())
            else:
                self.menu = None
            return True
        if self.menu is None or not key.isdigit():
            return False
        number = int(key)
        if 1 <= number <= len(self.menu):
            self.start_lesson(self.menu[number - 1].name)
        return True

    def start_lesson(self, name_or_path: str, stage: int = 0) -> None:
        """Run a lesson (built-in name or file) from stage `stage` (0-based)."""
        from .lesson import load_lesson

        self.run_lesson(load_lesson(name_or_path, self.seed), stage)

    def run_lesson(self, plan, stage: int = 0) -> None:
        """Run a lesson already read and rehearsed (app.lesson.Plan) from `stage`."""
        from .lesson import LessonRun

        self.menu = None
        self.lesson = LessonRun(plan)
        self.lesson.open_stage(self, stage)

    def act(self, key: str, held: frozenset[str] = frozenset()) -> None:
        """The action bound to `key`, unrecorded (apply records, then acts)."""
        binding = KEY_ACTIONS.get(key)
        if binding is None or binding.held:
            return
        action = binding.action
        if action == "pause":
            self.paused = not self.paused
        elif action == "step":
            if self.paused and self.history.at is not None:
                self._rewind(1)
            elif self.paused:
                self.advance(held)
        elif action in ("rewind", "rewind_second", "forward_second"):
            self.paused = True
            self._rewind({"rewind": -1, "rewind_second": -60, "forward_second": 60}[action])
        elif action == "slow":
            self.speed_index = (self.speed_index + 1) % len(SPEEDS)
            self.say(f"speed {SPEEDS[self.speed_index][1]}")
        elif action == "reset":
            self.open(self.scene, keep_speed=True)
            self.say("reset")
        elif action in ("previous_scene", "next_scene", "scene"):
            self.open(self._scene_for(action, key))
        elif action == "next_pair":
            self.walk = None if self.walk is None else 0
            if self.scene.tab_pairs:
                index = 0 if self.pair_index is None else self.pair_index
                self.pair_index = (index + 1) % len(self.scene.tab_pairs)
                self.record = self._with_pair(self.world.explain_now())
            else:
                self.world.cycle_partner()
                self.record = self.world.explain_now()
        elif action in ("walk", "walk_next", "walk_back"):
            self._walk(action)
        elif action in ("orbit_left", "orbit_right"):
            if self.space is not None:
                self.space = self.space.orbited(-1 if action == "orbit_left" else 1)
            else:
                self.say("J and L turn the view in the 3D scene only")
        elif action == "scene_switch":
            if not (
                self.scene.outline_test
                or self.space is not None
                or self.scene.demo == "broad-phase"
            ):
                self.say("F: this scene has no switch (broad phase, 3D pose or outline)")
            if self.scene.outline_test:
                self._next_outline()
            if self.space is not None:
                self.space = self.space.next_pose()
            if self.scene.demo == "broad-phase":
                from ..physics.contacts import BROAD_PHASES, switch_broad_phase

                names = list(BROAD_PHASES)
                world = self.world
                following = names[(names.index(world.broad_phase) + 1) % len(names)]
                switch_broad_phase(world, following)
                self.record = self.world.explain_now()
                self.say(f"broad phase: {BROAD_PHASES_SAID[world.broad_phase]}")
        elif action == "overlap_start":
            if self.scene.demo != "broad-phase":
                self.say("Y restarts the broad-phase scene only")
            else:
                from ..scenes.builtin import broad_phase

                world = broad_phase(self.seed, overlapping=True)
                world.broad_phase = self.world.broad_phase
                self.open(self.scene, keep_speed=True, world=world)
                self.say("restarted overlapping")
        elif action == "reverse_gravity":
            self.world.reverse_gravity()
            self.say("gravity reversed" if self.world.gravity != (0.0, 0.0) else "no gravity here")
        elif action == "toggle_resolve":
            self.world.resolve = not self.world.resolve
            self.say(f"MTV resolution {'on' if self.world.resolve else 'off'}")
        elif action == "toggle_swept":
            self.world.swept = not self.world.swept
            self.say(f"swept test {'on' if self.world.swept else 'off'}")
        elif action in EDIT_ACTIONS:
            self._edit_key(action)
        elif action in ("zoom_in", "zoom_out", "fit"):
            from .controls import zoom_key

            zoom_key(self, action)
        elif action == "theme":
            self.theme = self.themes[(self.themes.index(self.theme) + 1) % len(self.themes)]
        elif action == "help":  # H: page 1, 2, 3, closed
            last = len(help_pages()) - 1
            if self.overlays.show_help and self.help_page < last:
                self.help_page += 1
            else:
                self.help_page = 0
                self.overlays = dataclasses.replace(
                    self.overlays, show_help=not self.overlays.show_help
                )
        elif action.startswith("show_"):
            value = not getattr(self.overlays, action)
            self.overlays = dataclasses.replace(self.overlays, **{action: value})
            what = binding.description.removeprefix("overlay: ")
            self.say(f"{what}: {'on' if value else 'off'}")

    def _rewind(self, delta: int) -> None:
        """Show the world `delta` steps later (or earlier) among the kept snapshots."""
        steps = self.history.move(self.world, delta)
        if steps is None:
            return
        self.steps = steps
        self.walk = None
        self.impact = 0.0  # the rewound-to step's impact is not measured again
        self.world.grab = None
        self.hand = None
        record = self.world.record if self.world.record is not None else self.world.explain_now()
        self.record = self._with_pair(record)

    def mouse(self, event) -> None:
        """A mouse event (pointer.MouseEvent, world coordinates): grab and drag a body,
        throw it on release, turn it with the wheel; a click picks the pair on show."""
        if self.recorder is not None:
            self.recorder.mouse(self.clock, event)
            self._recorder_stopped()
        if self.lesson is not None and self.lesson.active and self.lesson.phase == "asking":
            return  # the world is frozen until the class answers
        self.handle_mouse(event)

    def handle_mouse(self, event) -> None:
        """The mouse event's effect, unrecorded (a stage's scripted drags come here)."""
        import math

        from ..physics.mouse import body_at, grab_at, moved_to, turn

        world = self.world
        point = (event.x, event.y)
        if event.kind == "wheel":
            if world.grab is not None:
                turn(world, world.grab, event.notches)
            return
        if event.kind == "press":
            body = body_at(world, point)
            self.hand = (body, point, False, event.shift)
            if body is not None and not world.static[body] and not event.shift:
                world.grab = grab_at(world, body, point)
            return
        if self.hand is not None:
            body, start, moved, shift = self.hand
            moved = moved or math.hypot(point[0] - start[0], point[1] - start[1]) > CLICK_SLOP
            self.hand = (body, start, moved, shift)
        if world.grab is not None:
            world.grab = moved_to(world.grab, point)
        if event.kind == "release":
            if self.hand is not None and not self.hand[2] and self.hand[0] is not None:
                self._pick(self.hand[0], self.hand[3])
            self.hand = None
            world.grab = None

    def ui(self, event):
        """A control no key stands for (app/controls.UiEvent): recorded, then done; an
        edit's result is returned (refused or not)."""
        from .controls import apply_ui

        if self.recorder is not None:
            self.recorder.ui(self.clock, event)
            self._recorder_stopped()
        return apply_ui(self, event)

    # editing (issue 19; the model is app/editor.py) ------------------------------------

    def set_mode(self, mode: str | None) -> None:
        """Edit mode on (a world under gravity pauses: corners are dragged on a still
        world) or off (the outline being drawn is dropped)."""
        self.mode = mode
        self.draft = None
        if mode == "edit":
            if self.world.rigid and not self.paused:
                self.paused = True
            self.say("edit: drag a corner, or click corners to draw (Enter closes)")
        else:
            self.say("edit mode off")

    def _edit_key(self, action: str) -> None:
        """F3, Insert/F4, F5, F6, Delete: recorded as what they do (a mode, an edit at
        the pointer's world point; headless, with no pointer, the middle of the scene)."""
        from .controls import UiEvent
        from .editor import delete_command, spawn_command

        if action == "edit_mode":
            self.ui(UiEvent("mode", None if self.mode == "edit" else "edit"))
            return
        if action == "close_outline":  # (with an outline being drawn, apply closes it)
            self.say("Enter closes a shape being drawn (F3: edit mode, then click corners)")
            return
        at = self.pointer if self.pointer is not None else (430.0, 200.0)
        at = [float(at[0]), float(at[1])]
        if action == "delete_body":
            command = delete_command(at=at)
        elif action == "spawn_polygon":
            command = spawn_command("polygon", at, sides=self.sides)
        else:
            command = spawn_command("box" if action == "spawn_box" else "circle", at)
        self.ui(UiEvent("edit", {"command": command, "show": None, "merge": False}))

    def _draft_key(self, key: str) -> None:
        from .controls import UiEvent

        if key == "escape":
            self.ui(UiEvent("draft", None))
            self.say("drawing cancelled")
        elif key == "backspace":
            self.ui(UiEvent("draft", self.draft[:-1] or None))
        else:
            self.close_draft("A")

    def close_draft(self, show: str) -> None:
        """The outline drawn so far becomes a body (shape A, or B; the outline goes), or
        is refused (the outline stays to be mended)."""
        from .controls import UiEvent
        from .editor import draw_command

        points = [list(p) for p in self.draft or ()]
        if len(points) < 3:
            self.say("a shape needs three corners at least")
            return
        self.ui(UiEvent("edit", {"command": draw_command(points), "show": show, "merge": False}))

    def apply_edit(self, command: dict, show: str | None = None, merge: bool = False):
        """An editor command on the world, through the edit history (undo / redo); a
        refusal says why on screen and changes nothing. `show`: the new body becomes
        shape A or B."""
        result = self.edits.apply(self.world, command, merge)
        if not result.ok:
            self.say(result.reason)
            return result
        self.after_edit()
        if command["op"] == "draw":  # the outline drawn is a body now
            self.draft = None
            if show is not None:
                self._pick(self.world.index(result.body), show == "A")
        self.say(result.said)
        return result

    def after_edit(self) -> None:
        """The world was edited: the pair on show explained afresh; the rewind's present
        is the edited world."""
        self.pair_index = None  # Tab's pair may name a body gone
        self.walk = None
        self.record = self.world.explain_now()
        history = self.history
        if history.at is None and history.snapshots:
            history.snapshots.pop()
        history.record(self.world, self.steps)

    def handles(self) -> tuple[tuple[str, int, float, float], ...]:
        """Edit mode: the corners of the pair on show that can be dragged, as (body name,
        corner, x, y) in world points (no circles, no boundary walls)."""
        from ..core.geometry import Circle
        from .editor import is_boundary_wall

        shown = self.record.shown if self.record is not None else None
        if self.mode != "edit" or shown is None:
            return ()
        out = []
        for i in dict.fromkeys((shown.a, shown.b)):
            shape = self.world.shape(i)
            if isinstance(shape, Circle) or is_boundary_wall(self.world, i):
                continue
            name = self.world.bodies[i].name
            out += [(name, k, float(x), float(y)) for k, (x, y) in enumerate(shape.vertices)]
        return tuple(out)

    def undo(self, redo: bool = False) -> None:
        from .controls import UiEvent

        command = {"op": "redo" if redo else "undo"}
        self.ui(UiEvent("edit", {"command": command, "show": None, "merge": False}))

    def save(self) -> str | None:
        """Ctrl+S: the world as a scene file in the save folder; its path, said on screen
        (None, and why said, when it cannot be saved)."""
        from ..scenes.base import SceneError
        from .errors import UsageError
        from .outputs import write_scene_file
        from .saving import next_save_path

        try:
            path = next_save_path(self.save_dir, self.scene.name)
            write_scene_file(str(path), self.scene, self.world)
        except (SceneError, UsageError, OSError) as error:
            self.say(f"not saved: {error}")
            return None
        self.say(f"saved: {path}")
        return str(path)

    def layout(self, size: tuple[int, int]):
        """The layout draw() gives a surface of this size now."""
        from ..render.layout import bands, compute_layout
        from ..render.theme import THEMES

        return compute_layout(size, THEMES[self.theme], *bands(self.status(None), self.overlays))

    def world_point(self, size: tuple[int, int], pixel) -> tuple[float, float]:
        """A window pixel as a world point, for the layout (and zoom) of this size."""
        from ..render.layout import screen_to_world

        return screen_to_world(self.layout(size), self.camera, pixel)

    def _pick(self, body: int, as_a: bool) -> None:
        """A click: show the pair against this body (B), or with it as shape A (shift)."""
        world = self.world
        name = world.bodies[body].name
        if as_a:
            world.focus = body
            if world.partner == body:
                world.partner = None
            self.say(f"shape A: {name}")
        else:
            pair = world.shown_pair()
            if pair is None or body == pair[0]:
                return
            world.partner = body
            self.say(f"shape B: {name}")
        self.pair_index = None
        self.walk = None if self.walk is None else 0
        self.record = world.explain_now()

    def _walk(self, action: str) -> None:
        """Step-through: A freezes the world on the pair on show (pauses) and walks its
        axes; . and , go one step forward and back; A again leaves (still paused)."""
        from ..core.walk import walkthrough

        if action == "walk" and self.walk is not None:
            self.walk = None
            return
        shown = self.record.shown if self.record is not None else None
        if shown is None:
            self.say("step-through: no pair on show")
            return
        last = len(walkthrough(shown.report)) - 1
        if self.walk is None:
            self.paused = True
            self.walk = 0 if action != "walk_back" else last
            return
        delta = 1 if action == "walk_next" else -1
        self.walk = min(max(self.walk + delta, 0), last)

    def _scene_for(self, action: str, key: str) -> Scene:
        if action == "scene":
            return self.scenes[int(key) - 1]
        here = self.scenes.index(self.scene) if self.scene in self.scenes else -1
        delta = -1 if action == "previous_scene" else 1
        return self.scenes[(here + delta) % len(self.scenes)]

    def _next_outline(self) -> None:
        """F in a scene with an outline test: the learner's shape takes the next outline,
        its centre of mass, angle and speeds kept; every other body goes on as it was."""
        from ..scenes.builtin import OUTLINES

        old = self.world
        self.outline = (self.outline + 1) % len(OUTLINES)
        world = self.scene.build(self.seed, outline=self.outline)
        for name in ("position", "angle", "velocity", "omega", "sleep_timer", "sleeping"):
            getattr(world, name)[:] = getattr(old, name)
        c = world.controlled
        centres = world.centres()
        centres[c] = old.centres()[c]
        world.move_centres(centres, world.angle, np.arange(len(world.bodies)) == c)
        world.tick = old.tick
        world.broad_phase = old.broad_phase
        self._use_world(world)
        shape = world.bodies[c].shape
        pieces = len(shape.pieces) if shape.kind == "compound" else 1
        kind = f"concave: {pieces} pieces" if pieces > 1 else "convex: one piece"
        self.say(f"outline: {world.bodies[c].name} ({kind})")

    def open(self, scene: Scene, keep_speed: bool = False, world: World | None = None) -> None:
        """Show `scene` from its start (or from `world`, a start built for it)."""
        if scene is not self.scene:
            self.outline = 0
            self.camera = None  # another scene: the whole of it
        self.scene = scene
        if world is None and scene.outline_test:
            world = scene.build(self.seed, outline=self.outline)
        self.pair_index = None
        self.moment = None
        self.impact_held = False  # the scene's moment of impact is still to come
        self.impact = 0.0  # how much the last step changed the pair's closing speed
        self.message, self.message_left = None, 0  # a message about the last scene is stale
        from ..scenes.space import Space

        self.space = Space() if scene.demo == "sat-3d" else None
        self._use_world(world if world is not None else scene.world(self.seed))
        if not keep_speed:
            self.speed_index = len(SPEEDS) - 1 if scene.slow_start else 0

    def _use_world(self, world: World) -> None:
        """Show `world` from now on: its pair on show explained afresh, the step-through
        closed and the rewind history started again from it."""
        from .editor import EditHistory
        from .history import History

        self.world = world
        self.edits = EditHistory()  # this world's edits, to undo
        self.draft = None
        self.walk = None
        self.record = self._with_pair(world.explain_now())
        self.history = History()
        self.history.record(world, self.steps)

    def _with_pair(self, record):
        """The record with the pair Tab chose from the scene's list, explained at this pose."""
        if self.pair_index is None or record is None:
            return record
        from ..physics.records import explain

        a, b = (self.world.index(name) for name in self.scene.tab_pairs[self.pair_index])
        return dataclasses.replace(
            record, shown=explain(a, b, self.world.shape(a), self.world.shape(b))
        )

    def say(self, message: str) -> None:
        self.message, self.message_left = message, MESSAGE_STEPS

    def _recorder_stopped(self) -> None:
        """Say so, once, when the recording has just stopped (a replay's limit reached)."""
        if self.recorder.stopped is not None and not self.recorder_said:
            self.recorder_said = True
            self.say(self.recorder.stopped)

    def advance(self, held: frozenset[str] | set[str]) -> None:
        """One fixed step of the world with these keys held."""
        if self.recorder is not None:
            self.recorder.held(self.clock, frozenset(held))
            self._recorder_stopped()
        if self.lesson is not None:  # a stage's opening holds keys of its own
            held = frozenset(held) | self.lesson.scripted(self)
        self.walk = None  # the world moves on: the step-through is over
        if self.space is not None:
            self.space = self.space.stepped(held, STEP)
        before = self.world.position.copy()
        velocities = self.world.velocity.copy()
        self.record = self._with_pair(self.world.step(STEP, controls_from(set(held))))
        self.impact = self._impact(velocities)
        self.steps += 1
        self.clock += 1
        if self.moment is not None and self.world.tick - self.moment.tick > MOMENT_STEPS:
            self.moment = None
        if self.moment is None:  # the first moment stays until it expires (the lesson's one)
            self.moment = find_moment(self.world, self.record, before)
        self.history.record(self.world, self.steps)
        if self.scene.hold_at_impact and not self.impact_held:
            self._hold_at_impact()
        if self.lesson is not None:
            self.lesson.stepped(self)

    def _impact(self, before) -> float:
        """How much this step changed the closing speed of the pair on show, when it
        touches at the end of it (0 otherwise): the HUD's "Impact" and the scene's hold."""
        from ..physics.records import impact_speed

        shown = self.record.shown if self.record is not None else None
        if shown is None or not shown.report.colliding or not self.world.rigid:
            return 0.0
        normal = shown.report.normal if shown.report.depth > 0 else None
        if normal is None:  # touching: depth 0, no normal; the axis of least overlap
            axis = shown.report.mtv_axis
            normal = axis.axis if axis is not None else (0.0, 0.0)
        return impact_speed(before, self.world.velocity, shown.a, shown.b, normal)

    def _hold_at_impact(self) -> None:
        """The scene's moment: pause on the first step the pair on show meets with an
        impact, so that the class sees it (it lasts one step at 1x)."""
        from ..physics.records import IMPACT_SPEED

        if self.impact <= IMPACT_SPEED:
            return
        self.impact_held = True
        if self.lesson is not None and self.lesson.phase == "showing":
            return  # a lesson's evidence runs its steps through
        self.paused = True
        self.say("the moment of impact: paused (Space goes on)")

    # drawing -------------------------------------------------------------------

    def status(self, fps: float | None):
        from ..render.overlays import HudStatus
        from .controls import control_state

        number = self.scenes.index(self.scene) + 1 if self.scene in self.scenes else 0
        pages = help_pages()
        leading = self.lesson is not None and self.lesson.active
        stage = self.lesson.stage.stage if leading else None
        said = self.scene.lesson
        if stage is not None:  # the teacher's words; answered, the reason for the answer
            answered = stage.predict is not None and self.lesson.verdict is not None
            said = stage.predict.explain if answered else stage.say
        return HudStatus(
            scene_name=self.scene.name,
            scene_title=stage.title if stage else self.scene.title,
            lesson=said,
            scene_number=number,
            scene_count=len(self.scenes),
            paused=self.paused,
            speed_label=SPEEDS[self.speed_index][1],
            fps=fps,
            help_lines=pages[self.help_page][1],
            help_title=f"Keys {self.help_page + 1}/{len(pages)}: {pages[self.help_page][0]} "
            f"(H: {'more' if self.help_page < len(pages) - 1 else 'close'})",
            message=self.message,
            resolve=self.world.resolve,
            moment=self.moment,
            walk=self.walk,
            timeline=self.history.span() if self.paused else None,
            demo=self.scene.demo,
            space=self.space,
            outline_test=self.scene.outline_test,
            impact=self.impact,
            lesson_line=self.lesson.status_line() if self.lesson is not None else None,
            card=self.lesson.card(self) if self.lesson is not None else None,
            card_band=stage is not None and stage.predict is not None,
            hiding=self.lesson is not None and self.lesson.hiding,
            menu=tuple((m.title, len(m.stages)) for m in self.menu) if self.menu else None,
            controls=control_state(self) if self.toolbar else None,
            camera=self.camera,
            edit=self._edit_view(),
        )

    def _edit_view(self):
        from ..render.overlays import EditView

        if self.mode != "edit":
            return None
        handles = tuple((x, y) for _, _, x, y in self.handles()) if self.draft is None else ()
        pointer = None if self.pointer is None else tuple(self.pointer)
        return EditView(handles, self.draft, pointer)

    def draw(self, surface, fps: float | None = None):
        from ..render.frame import draw
        from ..render.theme import THEMES

        report = draw(
            surface, self.world, self.record, self.overlays, THEMES[self.theme], self.status(fps)
        )
        if self.message_left:
            self.message_left -= 1
            if not self.message_left:
                self.message = None
        return report

    def state(self) -> dict:
        """The --dump-state document: tick, scene, bodies and the SAT report on show."""
        shown = self.record.shown if self.record else None
        report = None
        if shown is not None:
            report = {
                "a": self.world.bodies[shown.a].name,
                "b": self.world.bodies[shown.b].name,
                **shown.report.to_dict(),
            }
            if shown.a_piece is not None or shown.b_piece is not None:
                # a concave body: the report is SAT on these pieces (0-based indices)
                report["a_piece"], report["b_piece"] = shown.a_piece, shown.b_piece
                report["colliding_pieces"] = [list(pair) for pair in shown.colliding_pieces]
        snapshot = self.world.snapshot()
        return {
            "tick": snapshot["tick"],
            "steps": self.steps,
            "scene": self.scene.name,
            "gravity": snapshot["gravity"],
            "bodies": snapshot["bodies"],
            "sat": report,
            **({"sat3d": self.space.to_dict()} if self.space is not None else {}),
            **({"lesson": self.lesson.to_dict()} if self.lesson is not None else {}),
        }


def find_moment(world: World, record, before):
    """A Moment when this step had a swept hit, or a body jumped over a static one (its
    start and end both clear of it, the space between crossing it); else None. Only reads
    the positions before and after the step and what the step recorded."""
    import numpy as np

    from ..render.overlays import Jump, Moment

    hits = tuple(ev for ev in (record.sweeps if record else ()) if ev.fraction is not None)
    jumps = []
    boxes = world.geometry()["boxes"]
    static = np.flatnonzero(world.static)
    moved = np.hypot(*(world.position - before).T)
    size = np.maximum(np.min(boxes[:, 2:] - boxes[:, :2], axis=1), 1.0)
    fast = np.flatnonzero(~world.static & (moved > 2 * size))  # further than twice its size
    for i in fast.tolist():
        if world.bodies[i].bullet:
            continue
        d = world.position[i] - before[i]
        lo, hi = boxes[i, :2], boxes[i, 2:]
        start_lo, start_hi = lo - d, hi - d
        band_lo, band_hi = np.minimum(lo, start_lo), np.maximum(hi, start_hi)
        for j in static.tolist():
            s_lo, s_hi = boxes[j, :2], boxes[j, 2:]

            def overlaps(a_lo, a_hi, s_lo=s_lo, s_hi=s_hi):
                return bool(np.all(a_lo <= s_hi) and np.all(s_lo <= a_hi))

            if (
                overlaps(band_lo, band_hi)
                and not overlaps(lo, hi)
                and not overlaps(start_lo, start_hi)
            ):
                start = (float(before[i, 0]), float(before[i, 1]))
                end = (float(world.position[i, 0]), float(world.position[i, 1]))
                jumps.append(Jump(i, start, end, j))
                break
    if not hits and not jumps:
        return None
    return Moment(world.tick, hits, tuple(jumps))
