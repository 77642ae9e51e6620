"""Big scenes: the step's cost at 100, 300, 1,000 and 2,000 bodies, beside pymunk and Box2D v3.

Three set-ups, each built once per size from the same numbers (px, y down, dt 1/60) for
the sandbox, pymunk (its defaults) and, if pyb2d3 is installed, Box2D v3 (4 substeps,
90 px a metre), as in bench_physics.py:

* pyramid: a base-b pyramid of 20 px boxes on the floor, gravity 900 (b = 13, 24, 44,
  62: 91, 300, 990, 1,953 boxes), timed from the start (it stands: all three sleep
  or settle within the timed steps);
* hammer: a grid of 12 px boxes 16 px apart in zero gravity (10 x 10 ... 45 x 45 =
  2,025), a 80 x 80 px hammer of density 20 thrown into it at 800 px/s, timed from
  the throw (the boxes it has not reached yet are still, and fall asleep at 0.5 s in
  the sandbox and in Box2D; pymunk does not sleep by default);
* packed: the same with 16 px boxes that touch (every box in four contacts from the
  start);
* bin: L-shaped bodies (two convex pieces) dropped into a static U-shaped bin,
  gravity 900 (100, 300 and 400 bodies, the 400 as the issue asks).

Per set-up and size: the median step (ms) over `--frames` steps, the three engines
stepped in turn so that they share the background load, and ours / pymunk,
ours / Box2D. Then, for the sandbox at the largest size, where the step goes (solver,
narrow phase, the rest).

Usage: python bench/bench_big.py [--frames 60] [--only pyramid|hammer|packed|bin]
[--sizes 100 300 1000 2000]. Prints figures, asserts nothing.
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import bench_physics as bp  # noqa: E402
from bench_physics import L_SHAPE, Body, Compound, Polygon, World  # noqa: E402

DT = bp.DT
FLOOR_TOP = bp.FLOOR_TOP
PYRAMID_BASE = {100: 13, 300: 24, 1000: 44, 2000: 62}
GRID_SIDE = {100: 10, 300: 17, 1000: 32, 2000: 45}
BIN_COUNT = {100: 100, 300: 300, 1000: 400, 2000: 400}


def pyramid(size: int) -> tuple[list[Body], tuple[float, float]]:
    base = PYRAMID_BASE[size]
    bodies = [Body("floor", Polygon.box(4000, 40, position=(400, FLOOR_TOP + 20)), static=True)]
    for row in range(base):
        for k in range(base - row):
            x = 400 + (k - (base - row - 1) / 2) * 20.0
            y = FLOOR_TOP - 10.0 - row * 20.0
            bodies.append(Body(f"p{row}.{k}", Polygon.box(20, 20, position=(x, y))))
    return bodies, (0.0, bp.G)


def hammer(size: int, box: float = 12.0) -> tuple[list[Body], tuple[float, float]]:
    side = GRID_SIDE[size]
    bodies = []
    for row in range(side):
        for k in range(side):
            position = (200.0 + 16.0 * k, 100.0 + 16.0 * row)
            bodies.append(Body(f"g{row}.{k}", Polygon.box(box, box, position=position)))
    centre_y = 100.0 + 8.0 * (side - 1)
    bodies.append(
        Body(
            "hammer",
            Polygon.box(80, 80, position=(200.0 - 50.0, centre_y)),
            density=20.0,
            velocity=(800.0, 0.0),
        )
    )
    return bodies, (0.0, 0.0)


def concave_bin(size: int) -> tuple[list[Body], tuple[float, float]]:
    count = BIN_COUNT[size]
    columns = 20
    width = columns * 100.0 + 100.0
    wall = 40.0
    outline = [
        (-width / 2 - wall, -1500.0),
        (-width / 2, -1500.0),
        (-width / 2, 0.0),
        (width / 2, 0.0),
        (width / 2, -1500.0),
        (width / 2 + wall, -1500.0),
        (width / 2 + wall, wall),
        (-width / 2 - wall, wall),
    ]
    bodies = [Body("bin", Compound(outline, position=(400.0, FLOOR_TOP)), static=True)]
    left = 400.0 - width / 2 + 80.0
    for k in range(count):
        x = left + (k % columns) * 100.0
        y = FLOOR_TOP - 150.0 - (k // columns) * 110.0
        bodies.append(Body(f"L{k}", Compound(L_SHAPE, position=(x, y), angle=0.3 * k)))
    return bodies, (0.0, bp.G)


def packed_hammer(size: int) -> tuple[list[Body], tuple[float, float]]:
    """The hammer into a grid of 16 px boxes that touch (every box in four contacts)."""
    return hammer(size, box=16.0)


SETUPS = {"pyramid": pyramid, "hammer": hammer, "packed": packed_hammer, "bin": concave_bin}


def ours(bodies, gravity) -> World:
    copies = [Body(**vars(b)) for b in bodies]
    return World(copies, gravity=gravity, bounds=(-1e5, -1e5, 1e5, 1e5), rigid=True)


def timed(name: str, size: int, frames: int) -> dict[str, float]:
    bodies, gravity = SETUPS[name](size)
    world = ours(bodies, gravity)
    space, _ = bp._pymunk_space(bodies, gravity)
    rows: dict[str, dict[str, float]] = {}
    bp._timed_steps(world, space, frames, "step", rows)
    out = dict(rows["step"])
    out["bodies"] = float(len(bodies))
    out["contacts"] = float(len(world.contact_set.a)) if world.contact_set is not None else 0.0
    if name == "hammer":
        out["hammer x"] = float(world.centres()[-1, 0])
    return out


def _where(name: str, size: int, frames: int) -> dict:
    world = ours(*SETUPS[name](size))
    for _ in range(frames // 2):
        world.step(DT)
    return bp._where_the_step_goes(world, f"{name} {size}", steps=10)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=60)
    parser.add_argument("--only", choices=tuple(SETUPS), default=None)
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 300, 1000, 2000])
    args = parser.parse_args(argv)
    names = [args.only] if args.only else list(SETUPS)
    engines = ["ours", "pymunk"] + (["box2d"] if bp.b2 is not None else [])
    head = f"{'set-up':<10}{'size':>6}{'bodies':>8}{'contacts':>10}"
    head += "".join(f"{e + ' ms':>11}" for e in engines) + f"{'/pymunk':>9}{'/box2d':>9}"
    print(f"median step over {args.frames} steps, dt 1/60; pymunk {bp.pymunk.version} defaults")
    print(head)
    for name in names:
        done = set()
        for size in args.sizes:
            if name == "bin" and BIN_COUNT[size] in done:
                continue
            if name == "bin":
                done.add(BIN_COUNT[size])
            r = timed(name, size, args.frames)
            cells = "".join(f"{r.get(e, math.nan):>11.3f}" for e in engines)
            size = BIN_COUNT[size] if name == "bin" else size  # the bin stops at 400
            ratio_p = r["ours"] / r["pymunk"]
            ratio_b = r["ours"] / r["box2d"] if "box2d" in r else math.nan
            extra = f"   hammer at x = {r['hammer x']:.0f}" if "hammer x" in r else ""
            print(
                f"{name:<10}{size:>6}{int(r['bodies']):>8}{int(r['contacts']):>10}{cells}"
                f"{ratio_p:>9.1f}{ratio_b:>9.1f}{extra}",
                flush=True,
            )
    print()
    for name in names:
        size = max(args.sizes)
        for label, values in _where(name, size, args.frames).items():
            print(f"{label:<60}{values['ours']:>10.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
