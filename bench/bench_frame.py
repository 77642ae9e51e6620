"""Cost of one frame of the pile scene: the sandbox against pymunk + its debug drawing.

One frame of the sandbox is what the app does 60 times a second::

    world.step(1/60)  +  render.draw(surface, world, world.record, every overlay on,
                                     THEMES["dark"], FrameModel as the app builds it, fps=None)

on a 1280 x 720 Surface, for ``sandbox.scenes.pile(seed, count)``. Its counterpart is
what a user might pick instead: ``space.step(1/60)`` of a pymunk Space built from the
same bodies (same polygons, positions, masses, gravity, friction and restitution as
near as pymunk's combining rules allow), then ``surface.fill`` and
``space.debug_draw(pymunk.pygame_util.DrawOptions(surface))``.

Method: both piles are warmed up (default 120 frames, untimed), then timed for
``--repeats`` blocks of ``--frames`` frames. Sandbox and pymunk frames are interleaved
one by one, so both see the same background load. Each frame is split into step and
draw with ``time.perf_counter``. Reported per body count: the median over every timed
frame, and the lowest per-repeat mean ("min mean"), with the ratio sandbox / pymunk.

Usage::

    python bench/bench_frame.py [--counts 100 300 1000] [--frames 60] [--repeats 3]
                                [--warmup 120] [--seed 0] [--no-rotation]
                                [--pymunk-shapes-only] [--profile [--profile-count 1000]
                                [--profile-frames 5] [--profile-top 25]]

``--size WxH`` measures instead every built-in scene as the window draws it at that size
(a Surface of that size, the layout computed for it, no scaling): frames per second of
step + draw (median over the timed frames), and of the draw alone.

``--profile`` adds a cProfile breakdown of sandbox frames (step + draw) at 1000 bodies:
phases, own time grouped by where it is spent, and the top functions, per frame.

Not part of the test suite: it prints figures, it asserts nothing.
"""

from __future__ import annotations

import argparse
import cProfile
import math
import os
import platform
import pstats
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field, fields
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402
import pygame  # noqa: E402
import pymunk  # noqa: E402
import pymunk.pygame_util  # noqa: E402

from sandbox import render  # noqa: E402
from sandbox.app.commands import Step  # noqa: E402
from sandbox.app.dispatcher import dispatch  # noqa: E402
from sandbox.app.pair_choice import asked  # noqa: E402
from sandbox.app.scene_control import open_session  # noqa: E402
from sandbox.app.view_model import draw_session, frame_model  # noqa: E402
from sandbox.core.geometry import Polygon  # noqa: E402
from sandbox.physics.world import World  # noqa: E402
from sandbox.scenes.base import CANVAS  # noqa: E402
from sandbox.scenes.builtin import pile  # noqa: E402
from sandbox.scenes.registry import SCENES  # noqa: E402

DT = 1.0 / 60.0
TARGET_300_MS = 5.0  # "about 5 ms here": what the issue quotes for pymunk + debug draw
FRAME_BUDGET_MS = 1000.0 / 60.0


# -- the two contestants -----------------------------------------------------------------


class _Contender:
    """One side of the comparison: `step` and `draw` one frame; `frame` times both."""

    def frame(self) -> tuple[float, float]:
        t0 = time.perf_counter()
        self.step()
        t1 = time.perf_counter()
        self.draw()
        t2 = time.perf_counter()
        return t1 - t0, t2 - t1


class SandboxFrame(_Contender):
    """The pile in the sandbox, stepped and drawn exactly as the app does it."""

    def __init__(self, seed: int, count: int):
        self.world: World = pile(seed, count)
        session = open_session(SCENES["pile"], seed, theme="dark")
        session.world = self.world
        self.asked = asked(session.pair_choice, self.world)  # the pair on show, as the app asks
        session.step_record = self.world.explain_now(self.asked)
        self.status = frame_model(session, None)  # the app's FrameModel; fps=None as in screenshots
        self.overlays = render.Overlays(**{f.name: True for f in fields(render.Overlays)})
        self.theme = render.THEMES["dark"]
        self.surface = pygame.Surface(CANVAS)

    def step(self) -> None:
        self.world.step(DT, asked=self.asked)

    def draw(self) -> None:
        render.draw(
            self.surface, self.world, self.world.record, self.overlays, self.theme, self.status
        )

    def speeds(self) -> np.ndarray:
        moving = ~self.world.static
        return np.hypot(*self.world.velocity[moving].T)


class PymunkFrame(_Contender):
    """The same pile as a pymunk Space, drawn with pymunk.pygame_util's debug drawing."""

    def __init__(self, world: World, rotation: bool = True, shapes_only: bool = False):
        self.space = pymunk.Space()
        self.space.gravity = world.gravity
        self.space.collision_slop = world.slop or self.space.collision_slop
        self.bodies: list[pymunk.Body] = []
        for i, body in enumerate(world.bodies):
            shape = body.shape
            if not isinstance(shape, Polygon):
                raise SystemExit(f"bench: body {body.name!r} is not a polygon; pile() changed?")
            x, y = (float(v) for v in world.position[i])
            relative = [(float(vx) - x, float(vy) - y) for vx, vy in shape.vertices]
            if body.static:
                pm_body = pymunk.Body(body_type=pymunk.Body.STATIC)
            else:
                mass = body.density * shape.area
                cx, cy = shape.centroid
                if rotation:
                    moment = pymunk.moment_for_poly(mass, relative, offset=(x - cx, y - cy))
                else:
                    moment = math.inf  # --no-rotation: translation only on their side
                pm_body = pymunk.Body(mass, moment)
                pm_body.center_of_gravity = (cx - x, cy - y)
                pm_body.velocity = tuple(float(v) for v in world.velocity[i])
            pm_body.position = (x, y)
            poly = pymunk.Poly(pm_body, relative)
            # pymunk multiplies the two shapes' values; the sandbox uses sqrt(fa fb) for
            # friction (so sqrt here gives the same product) and min(ea, eb) for restitution
            # (sqrt gives the same value for equal restitutions, as in the pile itself).
            poly.friction = math.sqrt(body.friction)
            poly.elasticity = math.sqrt(body.restitution)
            self.space.add(pm_body, poly)
            self.bodies.append(pm_body)
        self.surface = pygame.Surface(CANVAS)
        self.options = pymunk.pygame_util.DrawOptions(self.surface)
        if shapes_only:  # default flags: shapes, constraints and collision points
            self.options.flags = pymunk.SpaceDebugDrawOptions.DRAW_SHAPES
        self.background = render.THEMES["dark"].background

    def step(self) -> None:
        self.space.step(DT)

    def draw(self) -> None:
        self.surface.fill(self.background)
        self.space.debug_draw(self.options)

    def speeds(self) -> np.ndarray:
        return np.array(
            [b.velocity.length for b in self.bodies if b.body_type == pymunk.Body.DYNAMIC]
        )

    def arbiters(self) -> int:
        seen = set()
        for b in self.bodies:
            b.each_arbiter(lambda arb: seen.add(frozenset(id(s) for s in arb.shapes)))
        return len(seen)


# -- timing -------------------------------------------------------------------------------


@dataclass
class Series:
    """Per-frame seconds, kept per repeat."""

    repeats: list[list[float]] = field(default_factory=list)

    def all(self) -> list[float]:
        return [t for block in self.repeats for t in block]

    def median_ms(self) -> float:
        return 1000 * statistics.median(self.all())

    def min_mean_ms(self) -> float:
        return 1000 * min(statistics.fmean(block) for block in self.repeats)


@dataclass
class Result:
    count: int
    dynamic: int
    series: dict[str, Series]
    candidate_pairs: float
    swept_pairs: float
    all_pairs: int
    contacts: float
    pymunk_arbiters: int
    sandbox_speeds: np.ndarray
    pymunk_speeds: np.ndarray


KEYS = ("sb_step", "sb_draw", "sb_total", "pm_step", "pm_draw", "pm_total")


def measure(count: int, args) -> Result:
    sandbox = SandboxFrame(args.seed, count)
    pym = PymunkFrame(
        sandbox.world, rotation=not args.no_rotation, shapes_only=args.pymunk_shapes_only
    )
    for _ in range(args.warmup):
        sandbox.frame()
        pym.frame()
    series = {k: Series() for k in KEYS}
    candidates, swept, contacts = [], [], []
    for _ in range(args.repeats):
        block = {k: [] for k in KEYS}
        for _ in range(args.frames):
            s_step, s_draw = sandbox.frame()
            p_step, p_draw = pym.frame()
            for key, value in zip(
                KEYS,
                (s_step, s_draw, s_step + s_draw, p_step, p_draw, p_step + p_draw),
                strict=True,
            ):
                block[key].append(value)
            record = sandbox.world.record
            candidates.append(record.candidate_pairs)
            swept.append(record.swept_pairs)
            contacts.append(len(record.contacts))
        for key in KEYS:
            series[key].repeats.append(block[key])
    return Result(
        count=count,
        dynamic=int((~sandbox.world.static).sum()),
        series=series,
        candidate_pairs=statistics.fmean(candidates),
        swept_pairs=statistics.fmean(swept),
        all_pairs=sandbox.world.record.all_pairs,
        contacts=statistics.fmean(contacts),
        pymunk_arbiters=pym.arbiters(),
        sandbox_speeds=sandbox.speeds(),
        pymunk_speeds=pym.speeds(),
    )


# -- reporting ----------------------------------------------------------------------------


def git_revision() -> str:
    try:
        head = subprocess.run(
            ["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "-C", str(ROOT), "status", "--porcelain", "--", "sandbox"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return head + (" + uncommitted changes in sandbox/" if dirty else "")


def machine_info() -> list[str]:
    cpus = os.cpu_count()
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else cpus
    try:
        load = "load average " + " ".join(f"{v:.2f}" for v in os.getloadavg())
    except OSError:
        load = "load average n/a"
    return [
        f"python {platform.python_version()} ({platform.python_implementation()}), "
        f"numpy {np.__version__}, pygame-ce {pygame.version.ver} "
        f"(SDL {'.'.join(map(str, pygame.get_sdl_version()))}), pymunk {pymunk.version} "
        f"(Chipmunk {pymunk.chipmunk_version})",
        f"{platform.machine()} {platform.processor() or ''} {platform.system()} "
        f"{platform.release()}; {cpus} CPUs ({usable} usable); {load}".replace("  ", " "),
        f"sandbox at git {git_revision()}",
    ]


def ratio(a: float, b: float) -> str:
    return f"{a / b:6.2f}x" if b > 0 else "    n/a"


def speed(values: np.ndarray) -> str:
    return f"{np.median(values):.1f} / {values.max():.0f}" if len(values) else "n/a"


def print_report(results: list[Result], args) -> None:
    rot = "off on their side (moment = inf)" if args.no_rotation else "on, both sides"
    total_frames = args.repeats * args.frames
    print("SAT Sandbox: one frame of the pile scene, sandbox vs pymunk + pygame_util debug draw")
    for line in machine_info():
        print("  " + line)
    print(
        f"  scene pile(seed={args.seed}, count), dt 1/60, {CANVAS[0]}x{CANVAS[1]} Surface, "
        "dark theme, every Overlays flag on, FrameModel as the app's with fps=None"
    )
    drawn = "shapes only" if args.pymunk_shapes_only else "default flags: shapes + collision points"
    print(
        f"  pymunk {pymunk.version}: default {pymunk.Space().iterations} solver iterations, "
        f"rotation {rot}, no sleeping;"
    )
    print(f"  pymunk draw = surface.fill + space.debug_draw(DrawOptions(surface)), {drawn}")
    print(
        f"  method: {args.warmup} warm-up frames each (untimed), then {args.repeats} repeats x "
        f"{args.frames} frames, sandbox and pymunk frames interleaved one by one;"
    )
    print(
        f"  'median' = median of all {total_frames} timed frames, 'min mean' = lowest of the "
        f"{args.repeats} per-repeat means; time.perf_counter, ms per frame"
    )
    print()
    head = (
        f"{'bodies':>6} {'stat':>8} | {'sandbox step':>12} {'draw':>7} {'total':>7} | "
        f"{'pymunk step':>11} {'draw':>7} {'total':>7} | "
        f"{'ratio step':>10} {'draw':>7} {'total':>7}"
    )
    print(head)
    print("-" * len(head))
    for r in results:
        s = r.series
        for label, stat in (("median", Series.median_ms), ("min mean", Series.min_mean_ms)):
            v = {k: stat(s[k]) for k in KEYS}
            print(
                f"{r.count if label == 'median' else '':>6} {label:>8} | "
                f"{v['sb_step']:12.2f} {v['sb_draw']:7.2f} {v['sb_total']:7.2f} | "
                f"{v['pm_step']:11.2f} {v['pm_draw']:7.2f} {v['pm_total']:7.2f} | "
                f"{ratio(v['sb_step'], v['pm_step']):>10} {ratio(v['sb_draw'], v['pm_draw']):>7} "
                f"{ratio(v['sb_total'], v['pm_total']):>7}"
            )
    print("  ratio = sandbox / pymunk (above 1: the sandbox is slower)")
    print()
    head = (
        f"{'bodies':>6} {'dynamic':>7} | {'all pairs':>9} {'x-swept':>8} {'SAT pairs':>9} "
        f"{'contacts':>8} | {'pymunk arbiters':>15} | "
        f"{'speed px/s median/max: sandbox':>30} {'pymunk':>13}"
    )
    print("Context (sandbox record, mean per timed frame; pymunk and speeds at the end):")
    print(head)
    print("-" * len(head))
    for r in results:
        print(
            f"{r.count:>6} {r.dynamic:>7} | {r.all_pairs:>9} {r.swept_pairs:>8.0f} "
            f"{r.candidate_pairs:>9.0f} {r.contacts:>8.0f} | {r.pymunk_arbiters:>15} | "
            f"{speed(r.sandbox_speeds):>30} {speed(r.pymunk_speeds):>13}"
        )
    print(
        "  all pairs = what brute force would test; x-swept = pairs whose x ranges overlap;\n"
        "  SAT pairs = broad-phase candidates handed to SAT; contacts = colliding pairs;\n"
        "  pymunk arbiters = its touching shape pairs; speeds of the dynamic bodies at the end"
    )
    print()
    by_count = {r.count: r for r in results}
    print("Targets from the issue (judged on the median total):")
    if 300 in by_count:
        r = by_count[300]
        sb, pm = r.series["sb_total"].median_ms(), r.series["pm_total"].median_ms()
        verdict = "MET" if sb <= pm else "NOT MET"
        print(
            f"  300 bodies, no slower than pymunk + debug draw: sandbox {sb:.2f} ms vs pymunk "
            f"{pm:.2f} ms (issue quotes ~{TARGET_300_MS:g} ms) -> {verdict} "
            f"({ratio(sb, pm).strip()})"
        )
    else:
        print("  300 bodies: not measured (add 300 to --counts)")
    if 1000 in by_count:
        sb = by_count[1000].series["sb_total"].median_ms()
        verdict = "MET" if sb < FRAME_BUDGET_MS else "NOT MET"
        print(
            f"  1000 bodies, under {FRAME_BUDGET_MS:.1f} ms: sandbox {sb:.2f} ms -> {verdict} "
            f"({sb / FRAME_BUDGET_MS:.2f}x the budget)"
        )
    else:
        print("  1000 bodies: not measured (add 1000 to --counts)")


def profile(args) -> None:
    """cProfile of sandbox frames (step + draw) of a warmed-up pile."""
    sandbox = SandboxFrame(args.seed, args.profile_count)
    for _ in range(args.warmup):
        sandbox.frame()
    profiler = cProfile.Profile()
    t0 = time.perf_counter()
    profiler.enable()
    for _ in range(args.profile_frames):
        sandbox.step()
        sandbox.draw()
    profiler.disable()
    wall = (time.perf_counter() - t0) * 1000 / args.profile_frames
    stats = pstats.Stats(profiler)
    total = sum(row[2] for row in stats.stats.values())  # tottime over every function
    print()
    print(
        f"Profile: {args.profile_frames} sandbox frame(s) at {args.profile_count} bodies after "
        f"{args.warmup} warm-up frames; {wall:.1f} ms/frame under cProfile (inflated by it)"
    )

    def cumulative(name_part: str, func: str) -> float:
        for (filename, _, name), row in stats.stats.items():
            if name == func and filename.endswith(name_part):
                return row[3]
        return 0.0

    phases = [  # (depth, file, function)
        (0, "physics/world.py", "step"),
        (1, "physics/solver.py", "solve_velocities"),
        (1, "physics/bullets.py", "sweep_bullets"),
        (1, "physics/contacts.py", "collide"),
        (2, "physics/world.py", "geometry"),
        (2, "physics/broadphase.py", "sort_and_sweep"),
        (2, "core/batch.py", "sat_many"),
        (1, "physics/solver.py", "push_apart"),
        (1, "core/pair.py", "sat"),
        (0, "render/frame.py", "draw"),
        (1, "render/bodies.py", "draw_bodies"),
        (1, "render/bodies.py", "draw_aabbs"),
        (1, "render/bodies.py", "draw_pair_bodies"),
        (1, "render/separating.py", "draw_axis_projection"),
        (1, "render/features.py", "draw_features"),
        (1, "render/rulers.py", "draw_rulers"),
        (1, "render/hud.py", "draw_hud"),
        (1, "render/help.py", "draw_help"),
    ]
    print("  phases (cumulative ms per frame; a phase includes what is indented under it):")
    for depth, part, func in phases:
        value = cumulative(part, func)
        if value:
            name = "  " * depth + f"{part[:-3]}.{func}"
            print(f"    {name:<34} {1000 * value / args.profile_frames:8.2f}")

    groups: dict[str, float] = {}
    for (filename, _, name), row in stats.stats.items():
        if filename.startswith(str(ROOT / "sandbox")):
            key = "sandbox/" + Path(filename).name + " (its own Python lines)"
        elif filename == "~":
            if "pygame" in name:
                key = "pygame C calls (draw, blit, fill, ...)"
            elif "numpy" in name:
                key = "numpy C calls"
            else:
                key = "Python built-ins (max, min, tolist, ...)"
        elif "numpy" in filename:
            key = "numpy Python wrappers"
        else:
            key = "other Python (dataclasses, stdlib, ...)"
        groups[key] = groups.get(key, 0.0) + row[2]
    print("  own time by where it is spent (tottime):")
    for key, value in sorted(groups.items(), key=lambda kv: -kv[1])[:10]:
        print(f"    {key:<46} {1000 * value / args.profile_frames:8.2f} ms {value / total:6.1%}")

    print(f"  top {args.profile_top} functions by own time (ms per frame):")
    print(f"    {'calls':>7} {'own ms':>8} {'cum ms':>8}  function")
    rows = sorted(stats.stats.items(), key=lambda item: -item[1][2])[: args.profile_top]
    for (filename, line, name), (_, calls, own, cum, _) in rows:
        where = name if filename == "~" else f"{filename}:{line}({name})"
        where = where.replace(str(ROOT) + os.sep, "").replace(sys.prefix + os.sep, "")
        print(
            f"    {calls // args.profile_frames:>7} {1000 * own / args.profile_frames:8.2f} "
            f"{1000 * cum / args.profile_frames:8.2f}  {where}"
        )


def scene_frame_rates(size: tuple[int, int], args) -> None:
    """Every built-in scene at `size`: fps of step + draw, and of the draw alone."""

    print(
        f"frames per second at {size[0]}x{size[1]}, theme {args.theme}, "
        f"{args.frames} timed frames after {args.warmup} (median frame time)"
    )
    print(f"  {'scene':<12} {'step+draw':>10} {'draw only':>10}")
    surface = pygame.Surface(size)
    for name, scene in SCENES.items():
        session = open_session(scene, args.seed, args.theme)
        for _ in range(args.warmup):
            dispatch(session, Step())
        draw_session(surface, session, fps=60.0)
        full, draw_only = [], []
        for _ in range(args.frames):
            t0 = time.perf_counter()
            dispatch(session, Step())
            t1 = time.perf_counter()
            draw_session(surface, session, fps=60.0)
            t2 = time.perf_counter()
            full.append(t2 - t0)
            draw_only.append(t2 - t1)
        fps_full = 1.0 / float(np.median(full))
        fps_draw = 1.0 / float(np.median(draw_only))
        print(f"  {name:<12} {fps_full:10.0f} {fps_draw:10.0f}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--counts", type=int, nargs="+", default=[100, 300, 1000])
    parser.add_argument("--frames", type=int, default=60, help="timed frames per repeat")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--warmup", type=int, default=120, help="untimed frames first")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--no-rotation",
        action="store_true",
        help="pymunk bodies with infinite moment (translation only on their side)",
    )
    parser.add_argument(
        "--pymunk-shapes-only",
        action="store_true",
        help="pymunk debug draw of the shapes only (default flags add collision points)",
    )
    parser.add_argument("--profile", action="store_true", help="cProfile of sandbox frames")
    parser.add_argument("--profile-count", type=int, default=1000)
    parser.add_argument(
        "--profile-frames", type=int, default=5, help="profiled frames; figures are per frame"
    )
    parser.add_argument("--profile-top", type=int, default=25)
    parser.add_argument("--size", default=None, metavar="WxH", help="fps of every scene at WxH")
    parser.add_argument("--theme", default="dark", help="theme for --size")
    args = parser.parse_args(argv)
    for name in ("frames", "repeats", "profile_frames", "profile_top"):
        if getattr(args, name) < 1:
            parser.error(f"--{name.replace('_', '-')} must be at least 1")
    if args.warmup < 0 or min(args.counts) < 1 or args.profile_count < 1:
        parser.error("--warmup must be >= 0 and body counts >= 1")

    pygame.display.init()
    pygame.font.init()
    if args.size:
        try:
            w, h = (int(v) for v in args.size.lower().split("x"))
        except ValueError:
            parser.error(f"--size {args.size!r}: expected WxH, e.g. 1920x1080")
        try:
            scene_frame_rates((w, h), args)
        finally:
            pygame.quit()
        return 0
    try:
        results = [measure(count, args) for count in args.counts]
        print_report(results, args)
        if args.profile:
            profile(args)
    finally:
        pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
