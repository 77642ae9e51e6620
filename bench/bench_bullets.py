"""Bullets: the first step of a scene of 100, 500 and 2,000 bullets, beside pymunk.

The set-up (tests/bullet_scene.py, the very scene file a user could write): N small
circles (radius 3-4 px) with `bullet = true`, on a 20 px jittered grid, none touching,
each flying its own way under gravity 900 px/s^2, dt 1/60; two speed bands, 600-3,000
px/s (10-50 px a step, a bullet passes its neighbours) and 3,000-15,000 px/s (50-250 px
a step, it crosses a good part of the crowd). Per size and band, the median over
`--repeat` fresh worlds of:

* ours: `World.step` of the scene as loaded (the first step: the bullet sweep, the
  narrow phase, the solver);
* sweep: `sweep_bullets` alone on a fresh world whose bodies were moved by one step of
  their velocity (what the step sweeps), with the count of swept pairs and of cuts;
* no CCD: our first step of the same scene with `bullet = false`;
* pymunk: `Space.step` of the same bodies (mass, moment, position, velocity, friction,
  elasticity, gravity; its solver defaults). pymunk 7 has no continuous collision
  detection for general shapes (only its own iterations and collision slop), so it is
  compared on its plain step: it lets these bullets pass through each other where ours
  cut them at the first touch.

Usage: python bench/bench_bullets.py [--sizes 100 500 2000] [--repeat 3]
Prints figures and ratios; asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
import tomllib
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
for folder in (ROOT, ROOT / "tests"):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

import pymunk  # noqa: E402
from bullet_scene import bullet_scene  # noqa: E402

from sandbox.core.geometry import Circle  # noqa: E402
from sandbox.physics.bullets import sweep_bullets  # noqa: E402
from sandbox.scenes.scene_file import scene_from_table  # noqa: E402

DT = 1.0 / 60.0
BANDS = {"600-3,000 px/s": (600.0, 3000.0), "3,000-15,000 px/s": (3000.0, 15000.0)}


def _scene(text: str):
    return scene_from_table(tomllib.loads(text), "bench", "bench", "bench")


def _first_step(step) -> float:
    """Seconds for one call of `step(DT)`."""
    start = time.perf_counter()
    step(DT)
    return time.perf_counter() - start


def _pymunk(world) -> pymunk.Space:
    """The world's bodies (circles here) as a pymunk space with its defaults."""
    space = pymunk.Space()
    space.gravity = tuple(float(g) for g in world.gravity)
    for i, body in enumerate(world.bodies):
        shape = body.shape
        assert isinstance(shape, Circle)
        handle = pymunk.Body(body.mass, body.inertia)
        handle.position = tuple(float(v) for v in world.position[i])
        handle.velocity = tuple(float(v) for v in world.velocity[i])
        circle = pymunk.Circle(handle, shape.radius)
        circle.friction, circle.elasticity = body.friction, body.restitution
        space.add(handle, circle)
    return space


def measure(count: int, speed: tuple[float, float], repeat: int) -> dict:
    text = bullet_scene(count, seed=count, speed=speed)
    bullets, plain = _scene(text), _scene(text.replace("bullet = true", "bullet = false"))
    got: dict[str, list] = {"ours": [], "sweep": [], "plain": [], "pymunk": []}
    pairs = cuts = 0
    for _ in range(repeat):
        got["ours"].append(_first_step(bullets.world(0).step))
        world = bullets.world(0)
        world.position += world.velocity * DT
        world.pose_changed()
        start = time.perf_counter()
        events = sweep_bullets(world, DT)
        got["sweep"].append(time.perf_counter() - start)
        pairs = sum(len(e.swept_axes) for e in events)
        cuts = sum(e.fraction is not None for e in events)
        got["plain"].append(_first_step(plain.world(0).step))
        got["pymunk"].append(_first_step(_pymunk(plain.world(0)).step))
    figures = {name: statistics.median(times) for name, times in got.items()}
    return figures | {"pairs": pairs, "cuts": cuts}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 500, 2000])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    print(f"pymunk {pymunk.version}: no continuous collision detection for general shapes;")
    print("its plain step on the same bodies is the comparison (bullets pass through there).")
    print("First step, median of", args.repeat, "fresh worlds (ms); ratio = ours / pymunk.")
    header = (
        f"{'speeds':<18} {'bullets':>7} {'ours':>9} {'sweep':>9} {'pairs':>7} {'cuts':>6}"
        f" {'no CCD':>9} {'pymunk':>9} {'ratio':>8}"
    )
    print(header)
    for band, speed in BANDS.items():
        for count in args.sizes:
            f = measure(count, speed, args.repeat)
            print(
                f"{band:<18} {count:>7} {f['ours'] * 1e3:>9.1f} {f['sweep'] * 1e3:>9.1f}"
                f" {f['pairs']:>7} {f['cuts']:>6} {f['plain'] * 1e3:>9.1f}"
                f" {f['pymunk'] * 1e3:>9.2f} {f['ours'] / f['pymunk']:>7.0f}x",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
