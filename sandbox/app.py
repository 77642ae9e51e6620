"""The application: window, events, keymap, time controls, recording / replay, headless runs.

This is the only module that owns a window, reads the clock or parses the
command line. The world advances in fixed steps of 1/60 s::

    window:    real time -> (x speed, unless paused) -> accumulator -> World.step(1/60) ...
    headless:  exactly --frames steps, no clock at all

Input reaches the world per step, never per frame, so a recording (the keys
held and the actions pressed at each step) replays to the identical state.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from .physics import Controls, World
from .scene import CANVAS, DEFAULT_SCENE, SCENES, Scene, SceneError, load_scene

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # before the render layer imports pygame

STEP = 1.0 / 60.0
SPEEDS = ((1.0, "1x"), (0.5, "1/2x"), (0.25, "1/4x"), (0.1, "1/10x"))
MESSAGE_STEPS = 120  # a transient message stays for this many frames
REPLAY_FORMAT = "sat-sandbox-replay"


class UsageError(Exception):
    """Bad input from the user: reported as one line on stderr, exit status 2."""


# -- the keymap: the single source of the key bindings and the help overlay -----------


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
        "move the shape (up thrusts under gravity)",
        held=True,
    ),
    Binding(("q",), "turn_left", "turn the shape anticlockwise", held=True),
    Binding(("e",), "turn_right", "turn the shape clockwise", held=True),
    Binding(("space", "p"), "pause", "pause / resume"),
    Binding(("o",), "step", "advance one step (1/60 s) while paused"),
    Binding(("s",), "slow", "slow motion: 1x, 1/2x, 1/4x, 1/10x"),
    Binding(("r",), "reset", "reset the scene"),
    Binding(("[",), "previous_scene", "previous scene"),
    Binding(("]",), "next_scene", "next scene"),
    Binding(tuple(str(k) for k in range(1, len(SCENES) + 1)), "scene", "open scene 1..8"),
    Binding(("tab",), "next_pair", "show the shape against the next body"),
    Binding(("g",), "reverse_gravity", "reverse gravity"),
    Binding(("m",), "toggle_resolve", "MTV resolution on / off"),
    Binding(("w",), "toggle_swept", "swept test on / off"),
    Binding(("n",), "show_normals", "overlay: edge normals"),
    Binding(("v",), "show_vertex_indices", "overlay: vertex and edge labels"),
    Binding(("x",), "show_projections", "overlay: axis rulers (projections)"),
    Binding(("z",), "show_separating_axis", "overlay: separating axis"),
    Binding(("k",), "show_mtv", "overlay: MTV arrow"),
    Binding(("c",), "show_contacts", "overlay: contact points"),
    Binding(("b",), "show_aabbs", "overlay: bounding boxes (broad phase)"),
    Binding(("u",), "show_hud", "overlay: HUD"),
    Binding(("t",), "theme", "theme: dark / projector"),
    Binding(("h", "f1"), "help", "this help"),
    Binding(("escape",), "quit", "quit"),
)
KEY_ACTIONS = {key: b for b in KEYMAP for key in b.keys}
# Actions that only steer time; they are not part of a recording.
TIME_ACTIONS = {"pause", "step", "slow", "quit"}


def help_lines() -> tuple[tuple[str, str], ...]:
    """(keys, description) for every binding, generated from KEYMAP."""

    def label(keys):
        if len(keys) > 4:
            return f"{keys[0]}..{keys[-1]}"
        return " ".join(k.upper() if len(k) == 1 else k for k in keys)

    return tuple((label(b.keys), b.description) for b in KEYMAP)


def controls_from(held: set[str]) -> Controls:
    return Controls(
        left="left" in held,
        right="right" in held,
        up="up" in held,
        down="down" in held,
        turn_left="q" in held,
        turn_right="e" in held,
    )


# -- the session: everything the keys change, shared by window and headless runs -------


class Session:
    """The current scene, world, overlays, theme and time controls."""

    def __init__(self, scene: Scene, seed: int = 0, theme: str = "dark"):
        from .render import THEMES, Overlays  # pygame layer: imported by the app only

        self.scenes = list(SCENES.values())
        self.scene = scene
        self.seed = seed
        self.themes = list(THEMES)
        self.theme = theme  # parse_options has checked it names a theme
        self.overlays = Overlays()
        self.paused = False
        self.speed_index = 0
        self.steps = 0  # steps since the session began: the clock of a recording
        self.message: str | None = None
        self.message_left = 0
        self.world: World = scene.world(seed)
        self.record = self.world.explain_now()

    # actions -----------------------------------------------------------------

    def apply(self, key: str, held: frozenset[str] = frozenset()) -> bool:
        """Carry out the action bound to `key`; False when the key means quit.

        `held` are the control keys down at the time, used by a single step (O).
        """
        binding = KEY_ACTIONS.get(key)
        if binding is None or binding.held:
            return True
        action = binding.action
        if action == "quit":
            return False
        if action == "pause":
            self.paused = not self.paused
        elif action == "step":
            if self.paused:
                self.advance(held)
        elif action == "slow":
            self.speed_index = (self.speed_index + 1) % len(SPEEDS)
            self.say(f"speed {SPEEDS[self.speed_index][1]}")
        elif action == "reset":
            self.open(self.scene)
            self.say("reset")
        elif action in ("previous_scene", "next_scene", "scene"):
            self.open(self._scene_for(action, key))
        elif action == "next_pair":
            self.world.cycle_partner()
            self.record = self.world.explain_now()
        elif action == "reverse_gravity":
            self.world.reverse_gravity()
            self.say("gravity reversed" if self.world.gravity != (0.0, 0.0) else "no gravity here")
        elif action == "toggle_resolve":
            self.world.resolve = not self.world.resolve
            self.say(f"MTV resolution {'on' if self.world.resolve else 'off'}")
        elif action == "toggle_swept":
            self.world.swept = not self.world.swept
            self.say(f"swept test {'on' if self.world.swept else 'off'}")
        elif action == "theme":
            self.theme = self.themes[(self.themes.index(self.theme) + 1) % len(self.themes)]
        elif action == "help":
            self.overlays = dataclasses.replace(
                self.overlays, show_help=not self.overlays.show_help
            )
        elif action.startswith("show_"):
            value = not getattr(self.overlays, action)
            self.overlays = dataclasses.replace(self.overlays, **{action: value})
            self.say(f"{action[5:].replace('_', ' ')} {'on' if value else 'off'}")
        return True

    def _scene_for(self, action: str, key: str) -> Scene:
        if action == "scene":
            return self.scenes[int(key) - 1]
        here = self.scenes.index(self.scene) if self.scene in self.scenes else -1
        delta = -1 if action == "previous_scene" else 1
        return self.scenes[(here + delta) % len(self.scenes)]

    def open(self, scene: Scene) -> None:
        self.scene = scene
        self.world = scene.world(self.seed)
        self.record = self.world.explain_now()

    def say(self, message: str) -> None:
        self.message, self.message_left = message, MESSAGE_STEPS

    def advance(self, held: frozenset[str] | set[str]) -> None:
        """One fixed step of the world with these keys held."""
        self.record = self.world.step(STEP, controls_from(set(held)))
        self.steps += 1

    # drawing -------------------------------------------------------------------

    def status(self, fps: float | None):
        from .render import HudStatus

        number = self.scenes.index(self.scene) + 1 if self.scene in self.scenes else 0
        return HudStatus(
            scene_name=self.scene.name,
            scene_title=self.scene.title,
            lesson=self.scene.lesson,
            scene_number=number,
            scene_count=len(self.scenes),
            paused=self.paused,
            speed_label=SPEEDS[self.speed_index][1],
            fps=fps,
            help_lines=help_lines(),
            message=self.message,
            resolve=self.world.resolve,
        )

    def draw(self, surface, fps: float | None = None) -> None:
        from .render import THEMES, draw

        draw(surface, self.world, self.record, self.overlays, THEMES[self.theme], self.status(fps))
        if self.message_left:
            self.message_left -= 1
            if not self.message_left:
                self.message = None

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
        snapshot = self.world.snapshot()
        return {
            "tick": snapshot["tick"],
            "steps": self.steps,
            "scene": self.scene.name,
            "gravity": snapshot["gravity"],
            "bodies": snapshot["bodies"],
            "sat": report,
        }


# -- recording and replay --------------------------------------------------------------


class Recorder:
    """Keys held and actions pressed, per step: one JSON object a line."""

    def __init__(self, scene: Scene, seed: int, theme: str):
        self.header = {
            "format": REPLAY_FORMAT,
            "version": 1,
            "scene": scene.source if scene.source != "built-in" else scene.name,
            "seed": seed,
            "theme": theme,
        }
        self.events: list[dict] = []
        self._held: frozenset[str] = frozenset()

    def action(self, step: int, key: str) -> None:
        binding = KEY_ACTIONS.get(key)
        if binding is not None and not binding.held and binding.action not in TIME_ACTIONS:
            self.events.append({"step": step, "press": key})

    def held(self, step: int, held: frozenset[str]) -> None:
        if held != self._held:
            self.events.append({"step": step, "hold": sorted(held)})
            self._held = held

    def lines(self, total_steps: int) -> list[str]:
        out = [self.header, *self.events, {"end": total_steps}]
        return [json.dumps(item, sort_keys=True) for item in out]


@dataclass(frozen=True)
class Replay:
    scene: str
    seed: int
    theme: str
    end: int
    presses: dict[int, list[str]]  # step -> keys pressed before that step
    holds: dict[int, frozenset[str]]  # step -> keys held from that step on


def load_replay(path: Path) -> Replay:
    """Read and validate a recording (JSON lines; data only, never executed)."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise UsageError(f"{path}: cannot read replay file ({error})") from None
    lines = [line for line in text.splitlines() if line.strip()]
    if not lines:
        raise UsageError(f"{path}: replay file is empty")
    items = []
    for number, line in enumerate(lines, 1):
        try:
            item = json.loads(line)
        except json.JSONDecodeError as error:
            raise UsageError(f"{path}:{number}: not JSON ({error.msg})") from None
        if not isinstance(item, dict):
            raise UsageError(f"{path}:{number}: each line must be a JSON object")
        items.append((number, item))
    number, header = items[0]
    if header.get("format") != REPLAY_FORMAT or header.get("version") != 1:
        raise UsageError(f"{path}:1: not a {REPLAY_FORMAT} version 1 file")
    seed = header.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise UsageError(f"{path}:1: seed must be a whole number")
    for field in ("scene", "theme"):
        if not isinstance(header.get(field), str):
            raise UsageError(f"{path}:1: {field} must be a string")
    presses: dict[int, list[str]] = {}
    holds: dict[int, frozenset[str]] = {}
    end = None
    last_step = 0
    for number, item in items[1:]:
        if end is not None:
            raise UsageError(f"{path}:{number}: nothing may follow the end line")
        if set(item) == {"end"}:
            end = item["end"]
            if not isinstance(end, int) or isinstance(end, bool) or end < last_step:
                raise UsageError(f"{path}:{number}: end must be a whole number >= the last step")
            continue
        step = item.get("step")
        if not isinstance(step, int) or isinstance(step, bool) or step < last_step:
            raise UsageError(f"{path}:{number}: step must be a whole number, never decreasing")
        last_step = step
        if set(item) == {"step", "press"}:
            key = item["press"]
            if key not in KEY_ACTIONS or KEY_ACTIONS[key].held:
                raise UsageError(f"{path}:{number}: unknown action key {key!r}")
            presses.setdefault(step, []).append(key)
        elif set(item) == {"step", "hold"}:
            keys = item["hold"]
            if not isinstance(keys, list) or any(
                k not in KEY_ACTIONS or not KEY_ACTIONS[k].held for k in keys
            ):
                raise UsageError(f"{path}:{number}: hold must list control keys (arrows, q, e)")
            holds[step] = frozenset(keys)
        else:
            raise UsageError(f"{path}:{number}: expected a press, hold or end line")
    if end is None:
        raise UsageError(f"{path}: missing the end line (was the recording cut short?)")
    return Replay(header["scene"], seed, header["theme"], end, presses, holds)


# -- command line ------------------------------------------------------------------------


@dataclass(frozen=True)
class Hold:
    key: str
    first: int
    last: int


def parse_hold(text: str) -> Hold:
    key, sep, span = text.rpartition(":")
    first, dash, last = span.partition("-")
    if not sep or not key or not dash:
        raise UsageError(f"--hold {text!r}: expected KEY:FIRST-LAST, e.g. right:0-59")
    try:
        first_tick, last_tick = int(first), int(last)
    except ValueError:
        raise UsageError(f"--hold {text!r}: FIRST and LAST must be whole numbers") from None
    if first_tick < 0 or last_tick < first_tick:
        raise UsageError(f"--hold {text!r}: need 0 <= FIRST <= LAST")
    key = key.lower()
    if key not in KEY_ACTIONS:
        known = ", ".join(sorted(KEY_ACTIONS))
        raise UsageError(f"--hold {text!r}: no action is bound to key {key!r} (keys: {known})")
    if KEY_ACTIONS[key].action in ("quit",):
        raise UsageError(f"--hold {text!r}: {key} quits; a headless run ends by itself")
    return Hold(key, first_tick, last_tick)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # one line, exit 2 (argparse would print the usage too)
        raise UsageError(message)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="main.py",
        description="SAT Sandbox: see the Separating Axis Theorem at work.",
        epilog="Keys: press H in the window for the full keymap.",
    )
    parser.add_argument(
        "--scene",
        default=DEFAULT_SCENE,
        metavar="NAME_OR_PATH",
        help=f"a built-in scene or a .toml scene file (default {DEFAULT_SCENE})",
    )
    parser.add_argument("--list-scenes", action="store_true", help="list the built-in scenes")
    parser.add_argument("--headless", action="store_true", help="run without a window")
    parser.add_argument("--frames", type=int, metavar="N", help="steps to run headless")
    parser.add_argument("--screenshot", metavar="PNG", help="write the last frame as PNG")
    parser.add_argument(
        "--hold",
        action="append",
        default=[],
        metavar="KEY:FIRST-LAST",
        help="hold KEY (pygame key name) from step FIRST to LAST inclusive",
    )
    parser.add_argument("--dump-state", metavar="JSON", help="write the final state as JSON")
    parser.add_argument("--record", metavar="JSONL", help="record the input for --replay")
    parser.add_argument("--replay", metavar="JSONL", help="replay a recording")
    parser.add_argument("--theme", default=None, help="dark (default) or projector")
    parser.add_argument("--seed", type=int, default=None, help="seed for scenes with randomness")
    return parser


@dataclass(frozen=True)
class Options:
    scene: Scene
    headless: bool
    frames: int | None
    screenshot: Path | None
    holds: tuple[Hold, ...]
    dump_state: Path | None
    record: Path | None
    replay: Replay | None
    theme: str
    seed: int


def _output_path(value: str | None, option: str, suffix: str | None = None) -> Path | None:
    if value is None:
        return None
    path = Path(value)
    if suffix and path.suffix.lower() != suffix:
        raise UsageError(f"{option} {value!r}: the file name must end in {suffix}")
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise UsageError(f"{option} {value!r}: folder {str(folder)!r} does not exist")
    if path.is_dir():
        raise UsageError(f"{option} {value!r}: is a folder, not a file")
    return path


def parse_options(argv: list[str]) -> Options | None:
    """Validated options, or None after --list-scenes printed the list."""
    args = build_parser().parse_args(argv)
    if args.list_scenes:
        for scene in SCENES.values():
            print(f"{scene.name:<12} {scene.title} - {scene.lesson}")
        return None
    replay = load_replay(Path(args.replay)) if args.replay else None
    if replay and args.record:
        raise UsageError("--record and --replay cannot be used together")
    if args.frames is not None and args.frames < 0:
        raise UsageError(f"--frames must be 0 or more, got {args.frames}")
    if args.headless and args.frames is None and replay is None:
        raise UsageError("--headless needs --frames N (or --replay, which knows its length)")
    if args.hold and not args.headless:
        raise UsageError("--hold is for --headless runs (in a window, hold the real keys)")
    holds = tuple(parse_hold(h) for h in args.hold)
    scene_name = replay.scene if replay and args.scene == DEFAULT_SCENE else args.scene
    try:
        scene = load_scene(scene_name)
    except SceneError as error:
        raise UsageError(str(error)) from None
    theme = args.theme or (replay.theme if replay else "dark")
    seed = args.seed if args.seed is not None else (replay.seed if replay else 0)
    from .render import THEMES

    if theme not in THEMES:
        raise UsageError(f"--theme {theme!r}: choose from {', '.join(THEMES)}")
    return Options(
        scene=scene,
        headless=args.headless,
        frames=args.frames,
        screenshot=_output_path(args.screenshot, "--screenshot", ".png"),
        holds=holds,
        dump_state=_output_path(args.dump_state, "--dump-state", ".json"),
        record=_output_path(args.record, "--record"),
        replay=replay,
        theme=theme,
        seed=seed,
    )


# -- writing outputs atomically ------------------------------------------------------------


def _write_atomically(path: Path, write) -> None:
    """Write through a temporary file in the same folder, then rename: never a partial file."""
    folder = path.parent if str(path.parent) else Path(".")
    handle, temporary = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=path.suffix)
    os.close(handle)
    try:
        write(Path(temporary))
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(temporary, 0o666 & ~umask)  # mkstemp makes it private; outputs are not
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def write_outputs(options: Options, session: Session, surface, recorder: Recorder | None):
    import pygame

    if options.screenshot:
        _write_atomically(options.screenshot, lambda p: pygame.image.save(surface, str(p)))
    if options.dump_state:
        text = json.dumps(session.state(), indent=1, sort_keys=True) + "\n"
        _write_atomically(options.dump_state, lambda p: p.write_text(text, encoding="utf-8"))
    if options.record and recorder is not None:
        text = "\n".join(recorder.lines(session.steps)) + "\n"
        _write_atomically(options.record, lambda p: p.write_text(text, encoding="utf-8"))


# -- running ----------------------------------------------------------------------------------


def _init_pygame(headless: bool):
    if headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    pygame.display.init()  # display and font only: no mixer, no audio errors
    pygame.font.init()
    return pygame


def run_headless(options: Options) -> int:
    """Exactly `frames` steps; before each, the presses due then; during it, the keys held."""
    pygame = _init_pygame(headless=True)
    session = Session(options.scene, options.seed, options.theme)
    replay = options.replay
    frames = options.frames if options.frames is not None else replay.end
    recorder = Recorder(options.scene, options.seed, options.theme) if options.record else None
    replay_held: frozenset[str] = frozenset()
    for step in range(frames + 1):
        pressed = list(replay.presses.get(step, [])) if replay else []
        if replay:
            replay_held = replay.holds.get(step, replay_held)
        held = set(replay_held)
        for hold in options.holds:
            if not KEY_ACTIONS[hold.key].held:
                if hold.first == step:
                    pressed.append(hold.key)
            elif hold.first <= step <= hold.last:
                held.add(hold.key)
        for key in pressed:
            if recorder:
                recorder.action(step, key)
            session.apply(key)
        if step == frames:
            break
        if recorder:
            recorder.held(step, frozenset(held))
        session.advance(frozenset(held))
    surface = pygame.Surface(CANVAS)
    session.draw(surface, fps=None)
    write_outputs(options, session, surface, recorder)
    return 0


def run_window(options: Options) -> int:
    pygame = _init_pygame(headless=False)
    window = pygame.display.set_mode(CANVAS, pygame.RESIZABLE)
    pygame.display.set_caption("SAT Sandbox")
    canvas = pygame.Surface(CANVAS)
    session = Session(options.scene, options.seed, options.theme)
    recorder = Recorder(options.scene, options.seed, options.theme) if options.record else None
    clock = pygame.time.Clock()
    accumulator = 0.0
    running = True
    held_names = {k for b in KEYMAP if b.held for k in b.keys}
    while running:
        elapsed = min(clock.tick(60) / 1000.0, 0.25)  # the clock is read here only
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                running = False
            elif event.type == pygame.KEYDOWN:
                key = pygame.key.name(event.key)
                if recorder:
                    recorder.action(session.steps, key)
                held = _held_keys(pygame, held_names)
                if recorder and session.paused and key in KEY_ACTIONS:
                    recorder.held(session.steps, held)  # a single step (O) uses these keys
                running = session.apply(key, held) and running
        if not session.paused:
            accumulator += elapsed * SPEEDS[session.speed_index][0]
        while accumulator >= STEP and running:
            held = _held_keys(pygame, held_names)
            if recorder:
                recorder.held(session.steps, held)
            session.advance(held)
            accumulator -= STEP
        session.draw(canvas, fps=clock.get_fps())
        if window.get_size() == CANVAS:
            window.blit(canvas, (0, 0))
        else:
            window.blit(pygame.transform.smoothscale(canvas, window.get_size()), (0, 0))
        pygame.display.flip()
    write_outputs(options, session, canvas, recorder)
    pygame.display.quit()
    return 0


def _held_keys(pygame, names: set[str]) -> frozenset[str]:
    pressed = pygame.key.get_pressed()
    return frozenset(name for name in names if pressed[pygame.key.key_code(name)])


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    try:
        options = parse_options(argv)
        if options is None:
            return 0
        if options.headless:
            return run_headless(options)
        return run_window(options)
    except UsageError as error:
        print(f"main.py: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
