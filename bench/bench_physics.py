"""Rigid-body behaviour and step cost: the sandbox against pymunk on identical set-ups.

Every scenario is built twice from the same numbers (pixels, y down, gravity 900 px/s^2
down, dt 1/60): once as a sandbox `World`, once as a pymunk `Space` with its defaults
(10 iterations, collision slop 0.1, no sleeping). Friction and restitution are given
to pymunk so that its combining rule (the product) gives the same pair value as the
sandbox's (friction: geometric mean; restitution: the smaller).

One table, ours vs theirs:

* tilted box: a 40 box dropped tilted 20 deg: centre height above the floor, angle left
* ledge: a 40 box with its centre 10 px past a ledge's corner: where it ends
* off-centre hit: 600 px/s box, 15 px off a resting box's centre (no gravity):
  the target's omega, and the change of linear / angular momentum
* bounce: a ball dropped 300 px with e = 0.5: apex / (e^2 h)
* incline: mu = 0.5 box on 20 deg (creep in 3 s) and 30 deg (distance in 1.5 s vs
  the closed form a t^2 / 2, a = g (sin - mu cos))
* stacks: a 20-box column, a base-20 pyramid of 30 px boxes: largest drift from the
  start, deepest overlap (per-pair SAT), time until every speed stays below 1 px/s
* pile step: a falling 300-body pile, step time (median ms over `--frames` steps)
* concave bodies (convex pieces, one pymunk Poly per piece on one pymunk body): an L
  dropped level (foot above the floor, angle, sideways slip), a Γ that must tip onto
  its hull edge (angle, closed form 45 deg), a box dropped into a U cup (height above
  the cup's inner floor, resting = 30), a pile of 60 falling Ls (step time)

Usage: python bench/bench_physics.py [--frames 60]. Prints figures, asserts nothing.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402
import pymunk  # noqa: E402

from sandbox.core.compound import Compound  # noqa: E402
from sandbox.core.geometry import Circle, Polygon  # noqa: E402
from sandbox.core.pair import sat  # noqa: E402
from sandbox.physics.body import Body  # noqa: E402
from sandbox.physics.world import World  # noqa: E402
from sandbox.scenes.builtin import pile  # noqa: E402

DT = 1.0 / 60.0
G = 900.0
FLOOR_TOP = 680.0


# -- building both sides from one description ---------------------------------------------


def _pymunk_space(bodies: list[Body], gravity=(0.0, G)):
    space = pymunk.Space()
    space.gravity = gravity
    handles = []
    for b in bodies:
        shape = b.shape
        if b.static:
            pb = space.static_body if False else pymunk.Body(body_type=pymunk.Body.STATIC)
        else:
            pb = pymunk.Body(b.mass, b.inertia if math.isfinite(b.inertia) else math.inf)
        if isinstance(shape, (Polygon, Compound)):
            centre = np.asarray(shape.centroid)
            pb.position = tuple(centre)
            pb.angle = 0.0
            # a concave body: one pymunk Poly per convex piece, all on one body
            parts = shape.pieces if isinstance(shape, Compound) else (shape,)
            shapes = [pymunk.Poly(pb, [tuple(v - centre) for v in p.vertices]) for p in parts]
        else:
            pb.position = shape.position
            shapes = [pymunk.Circle(pb, shape.radius)]
        for ps in shapes:
            ps.friction = math.sqrt(b.friction)  # product of two = the sandbox's geometric mean
            ps.elasticity = math.sqrt(b.restitution)
        pb.velocity = b.velocity
        pb.angular_velocity = b.angular_velocity
        space.add(pb, *shapes)
        handles.append(pb)
    return space, handles


class Pair:
    """The same bodies in both engines."""

    def __init__(self, bodies, gravity=(0.0, G), **world_options):
        self.bodies = bodies
        self.world = World(
            [Body(**vars(b)) for b in bodies],
            gravity=gravity,
            bounds=(-1e5, -1e5, 1e5, 1e5),
            **world_options,
        )
        self.space, self.handles = _pymunk_space(bodies, gravity)

    def step(self, n=1):
        for _ in range(n):
            self.world.step(DT)
            self.space.step(DT)

    def ours(self, i):
        """(centre x, y, angle, vx, vy, omega) of body i in the sandbox."""
        c = self.world.centres()[i]
        v = self.world.velocity[i]
        return c[0], c[1], self.world.angle[i], v[0], v[1], self.world.omega[i]

    def theirs(self, i):
        b = self.handles[i]
        body = self.bodies[i]
        return (
            b.position.x,
            b.position.y,
            b.angle + body.shape.angle,
            b.velocity.x,
            b.velocity.y,
            b.angular_velocity,
        )

    def shapes_theirs(self):
        out = []
        for body, handle in zip(self.bodies, self.handles, strict=True):
            shape = body.shape
            if isinstance(shape, Polygon):
                local = shape.placed((0.0, 0.0), 0.0)
                c = np.asarray(local.centroid)
                out.append(
                    Polygon(
                        local.vertices - c,
                        position=(handle.position.x, handle.position.y),
                        angle=handle.angle + shape.angle,
                    )
                )
            else:
                out.append(Circle(shape.radius, position=tuple(handle.position)))
        return out


def floor(width=3000.0):
    return Body("floor", Polygon.box(width, 40, position=(400, FLOOR_TOP + 20)), static=True)


def square_error_deg(angle):
    quarter = math.pi / 2
    return math.degrees(abs((angle + quarter / 4) % quarter - quarter / 4))


def deepest(shapes, static):
    worst = 0.0
    for i in range(len(shapes)):
        for j in range(i + 1, len(shapes)):
            if static[i] and static[j]:
                continue
            if shapes[i].aabb().overlaps(shapes[j].aabb()):
                worst = max(worst, sat(shapes[i], shapes[j]).depth)
    return worst


# -- scenarios ---------------------------------------------------------------------------------


def tilted_box(rows):
    p = Pair([floor(), Body("box", Polygon.box(40, 40, position=(400, 500), angle=0.349066))])
    p.step(240)
    for side, get in (("ours", p.ours), ("pymunk", p.theirs)):
        x, y, a, *_ = get(1)
        rows.setdefault("tilted box: centre above floor (px, flat = 20)", {})[side] = FLOOR_TOP - y
        rows.setdefault("tilted box: angle off flat (deg)", {})[side] = square_error_deg(a)


def ledge(rows):
    ledge = Body("ledge", Polygon.box(200, 20, position=(200, 470)), static=True)
    p = Pair([floor(), ledge, Body("box", Polygon.box(40, 40, position=(310, 440)))])
    p.step(240)
    for side, get in (("ours", p.ours), ("pymunk", p.theirs)):
        x, y, *_ = get(2)
        rows.setdefault("ledge: box centre above floor (px, tipped off = 20)", {})[side] = (
            FLOOR_TOP - y
        )


def off_centre_hit(rows):
    p = Pair(
        [
            Body("p", Polygon.box(40, 40, position=(100, 415)), velocity=(600.0, 0.0)),
            Body("t", Polygon.box(40, 40, position=(200, 400))),
        ],
        gravity=(0.0, 0.0),
        rigid=True,
        sleep=False,
    )
    masses = [b.mass for b in p.bodies]
    inertia = [b.inertia for b in p.bodies]

    def momenta(get):
        lin = np.zeros(2)
        ang = 0.0
        for i in range(2):
            x, y, _, vx, vy, w = get(i)
            lin += masses[i] * np.array([vx, vy])
            ang += inertia[i] * w + masses[i] * (x * vy - y * vx)
        return lin, ang

    before = {"ours": momenta(p.ours), "pymunk": momenta(p.theirs)}
    p.step(30)
    for side, get in (("ours", p.ours), ("pymunk", p.theirs)):
        lin, ang = momenta(get)
        lin0, ang0 = before[side]
        rows.setdefault("off-centre hit: target omega (rad/s)", {})[side] = get(1)[5]
        rows.setdefault("off-centre hit: linear momentum change (%)", {})[side] = (
            100 * np.hypot(*(lin - lin0)) / np.hypot(*lin0)
        )
        rows.setdefault("off-centre hit: angular momentum change (%)", {})[side] = (
            100 * abs(ang - ang0) / abs(ang0)
        )


def bounce(rows):
    e, drop, r = 0.5, 300.0, 10.0
    ground = floor()
    ground.restitution = e
    p = Pair([ground, Body("ball", Circle(r, position=(400, FLOOR_TOP - r - drop)), restitution=e)])
    p.world.sleep = False
    for side, get, step in (
        ("ours", p.ours, lambda: p.world.step(DT)),
        ("pymunk", p.theirs, lambda: p.space.step(DT)),
    ):
        bounced, apex = False, float("nan")
        for _ in range(300):
            step()
            vy = get(1)[4]
            bounced = bounced or vy < 0
            if bounced and vy >= 0:
                apex = FLOOR_TOP - r - get(1)[1]
                break
        rows.setdefault("bounce e=0.5 from 300 px: apex / (e^2 h)", {})[side] = apex / (
            e * e * drop
        )


def incline(rows, degrees, seconds):
    t = math.radians(degrees)
    slab = Body(
        "slab", Polygon.box(3000, 40, position=(400, 400), angle=t), static=True, friction=0.5
    )
    up = np.array([math.sin(t), -math.cos(t)])
    centre = np.array([400.0, 400.0]) + 40 * up
    box = Body("box", Polygon.box(40, 40, position=tuple(centre), angle=t), friction=0.5)
    p = Pair([slab, box])
    along = np.array([math.cos(t), math.sin(t)])
    start = {"ours": np.array(p.ours(1)[:2]), "pymunk": np.array(p.theirs(1)[:2])}
    p.step(round(seconds / DT))
    a = max(0.0, G * (math.sin(t) - 0.5 * math.cos(t)))
    expected = a * seconds**2 / 2
    label = (
        f"incline {degrees:.0f} deg mu 0.5: slid in {seconds:g} s (px; closed form {expected:.1f})"
    )
    for side, get in (("ours", p.ours), ("pymunk", p.theirs)):
        rows.setdefault(label, {})[side] = float((np.array(get(1)[:2]) - start[side]) @ along)


def stack(rows, name, bodies, seconds=5.0):
    p = Pair(bodies)
    static = [b.static for b in bodies]
    start = {
        "ours": np.array([p.ours(i)[:2] for i in range(len(bodies))]),
        "pymunk": np.array([p.theirs(i)[:2] for i in range(len(bodies))]),
    }
    rest = {"ours": None, "pymunk": None}
    for tick in range(round(seconds / DT)):
        p.step()
        for side, get in (("ours", p.ours), ("pymunk", p.theirs)):
            speed = max(
                math.hypot(get(i)[3], get(i)[4]) + abs(get(i)[5]) * 21
                for i in range(len(bodies))
                if not static[i]
            )
            if speed < 1.0:
                rest[side] = rest[side] if rest[side] is not None else (tick + 1) * DT
            else:
                rest[side] = None
    for side, get in (("ours", p.ours), ("pymunk", p.theirs)):
        now = np.array([get(i)[:2] for i in range(len(bodies))])
        rows.setdefault(f"{name}: largest drift after {seconds:g} s (px)", {})[side] = float(
            np.abs(now - start[side]).max()
        )
        shapes = p.world.shapes() if side == "ours" else p.shapes_theirs()
        rows.setdefault(f"{name}: deepest overlap (px)", {})[side] = deepest(shapes, static)
        rows.setdefault(f"{name}: at rest from (s)", {})[side] = (
            rest[side] if rest[side] is not None else float("nan")
        )


def column(n=20, size=30.0):
    return [floor()] + [
        Body(f"c{k}", Polygon.box(size, size, position=(400, FLOOR_TOP - size / 2 - k * size)))
        for k in range(n)
    ]


def pyramid(base=20, size=30.0):
    out = [floor()]
    for row in range(base):
        for k in range(base - row):
            x = 400 + (k - (base - row - 1) / 2) * size
            out.append(
                Body(
                    f"p{row}.{k}",
                    Polygon.box(size, size, position=(x, FLOOR_TOP - size / 2 - row * size)),
                )
            )
    return out


def pile_step(rows, frames):
    world = pile(0, 300)
    space, _ = _pymunk_space(world.bodies)
    ours, theirs = [], []
    for _ in range(frames):
        t0 = time.perf_counter()
        world.step(DT)
        t1 = time.perf_counter()
        space.step(DT)
        t2 = time.perf_counter()
        ours.append(t1 - t0)
        theirs.append(t2 - t1)
    rows.setdefault(f"300-body falling pile: step (median ms, {frames} steps)", {})["ours"] = (
        1000 * statistics.median(ours)
    )
    rows[f"300-body falling pile: step (median ms, {frames} steps)"]["pymunk"] = (
        1000 * statistics.median(theirs)
    )


L_SHAPE = [(0, 0), (30, 0), (30, 60), (90, 60), (90, 90), (0, 90)]
GAMMA = [(0, 0), (90, 0), (90, 30), (30, 30), (30, 90), (0, 90)]
CUP = [(-150, -75), (-114, -75), (-114, 39), (114, 39), (114, -75), (150, -75)]
CUP += [(150, 75), (-150, 75)]


def concave(rows):
    p = Pair([floor(), Body("L", Compound(L_SHAPE, position=(300, 400)))])
    start_x = p.ours(1)[0]
    p.step(240)
    for side, get in (("ours", p.ours), ("pymunk", p.theirs)):
        x, y, a, *_ = get(1)
        # centre of mass 57 px below the L's top, 33 px below its foot's bottom edge
        rows.setdefault("L dropped level: foot above floor (px, resting = 0)", {})[side] = (
            FLOOR_TOP - (y + 33)
        )
        rows.setdefault("L dropped level: angle (deg)", {})[side] = math.degrees(a)
        rows.setdefault("L dropped level: sideways slip (px)", {})[side] = x - start_x
    p = Pair([floor(), Body("gamma", Compound(GAMMA, position=(300, 560)))])
    p.step(360)
    for side, get in (("ours", p.ours), ("pymunk", p.theirs)):
        rows.setdefault("Γ tips onto its hull edge: angle (deg, closed form 45)", {})[side] = (
            math.degrees(get(1)[2])
        )
    cup = Body("cup", Compound(CUP, position=(400, FLOOR_TOP - 75)), static=True)
    p = Pair([floor(), cup, Body("box", Polygon.box(110, 60, position=(400, 450)))])
    p.step(300)
    inner = FLOOR_TOP - 75 + 39
    for side, get in (("ours", p.ours), ("pymunk", p.theirs)):
        rows.setdefault("box in a U cup: centre above inner floor (px, resting = 30)", {})[side] = (
            inner - get(2)[1]
        )


def concave_pile_step(rows, frames, count=60):
    bodies = [floor()]
    for k in range(count):
        x, y = 120 + (k % 10) * 110, 100 - (k // 10) * 110
        bodies.append(Body(f"L{k}", Compound(L_SHAPE, position=(x, y), angle=0.3 * k)))
    p = Pair(bodies)
    ours, theirs = [], []
    for _ in range(frames):
        t0 = time.perf_counter()
        p.world.step(DT)
        t1 = time.perf_counter()
        p.space.step(DT)
        t2 = time.perf_counter()
        ours.append(t1 - t0)
        theirs.append(t2 - t1)
    label = f"{count} falling Ls (2 pieces each): step (median ms, {frames} steps)"
    rows[label] = {
        "ours": 1000 * statistics.median(ours),
        "pymunk": 1000 * statistics.median(theirs),
    }


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=60, help="steps timed for the pile")
    args = parser.parse_args(argv)
    rows: dict[str, dict[str, float]] = {}
    tilted_box(rows)
    ledge(rows)
    off_centre_hit(rows)
    bounce(rows)
    incline(rows, 20, 3.0)
    incline(rows, 30, 1.5)
    stack(rows, "20-box column", column())
    stack(rows, "base-20 pyramid", pyramid())
    pile_step(rows, args.frames)
    concave(rows)
    concave_pile_step(rows, max(args.frames, 120))
    print(f"pymunk {pymunk.version}, dt 1/60, gravity {G:g} px/s^2 down, pymunk defaults")
    width = max(map(len, rows))
    print(f"{'':{width}}  {'ours':>10}  {'pymunk':>10}")
    for label, values in rows.items():
        print(f"{label:{width}}  {values['ours']:>10.3f}  {values['pymunk']:>10.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
