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

Issue 17's set-ups, in a second table with Box2D v3 (pyb2d3, if installed: its
defaults, 4 substeps, set_length_units_per_meter(90); its restitution combines by the
larger of two, so every body of a set-up gets the same e) as a third column:

* settling: a base-20 pyramid of 30 px boxes 2 px apart, a 200 x 20 plank (100:1) on two
  20 px boxes, the 40-shape bin (scene broad-phase): asleep from (s; pymunk: every speed
  under 1 px/s from), largest sideways drift by 60 s, largest move between 10 s and 60 s;
  the touching pyramid and 20- / 30-box columns: largest drift by 5 s
* heavy on light: a 60 px box of density 20 (80 x) dropped 430 px on a base-4 pyramid of
  30 px boxes or on one box, e = 0.2 and e = 0: rebound / impact speed, deepest into the
  floor
* elastic hits (no gravity, e = 1, no friction): a cradle of five 40 px boxes 6 px apart,
  the first at 300 px/s (the others' speeds / 300); 3:1 head-on (closed form 150 / 450);
  the off-centre hit's energy after / before
* an 80 x 20 box at 30 rad/s creeping at 30 px/s toward a wall: closest corner gap before
  it turns back; flat landings (L, pentagon, 110 x 60 box): sideways slip (px)

Issue 35's set-ups, in a third table with the same three engines: Box2D v3's card
houses (7 and 40 cards of 36 x 0.18 px, friction 0.7: the farthest a card's centre
gets in 10 s; Box2D gets the thin cards as b2.box, its hull would weld them), and a
30 px box of density 1000 (placed, or dropped 100 px) or 10^6 on a 30 px box on the
floor (deepest overlap of the two, the heavy box's bottom above the floor at 10 s).

Issue 44's per-scene substeps: scenes pile, gravity and stack (4 substeps), broad-phase (6) as
the app builds them, beside the same scene at the default 12, pymunk and Box2D v3: at rest
from, the deepest overlap while falling and at 10 s, the step's cost while they fall; and
the stack pushed as lesson pushing-out's stage 6 pushes it (the pyramid's farthest move,
boxes fallen, at rest again from).

Issue 44's set-up: the bin of scene broad-phase started overlapping (test_broad_scene's
bounded push), the fastest body in its first 0.75 s, with gravity and in zero g, seeds 0-9.

Usage: python bench/bench_physics.py [--frames 60]
[--only issue17|issue35|classic|speed|pushout|substeps] (speed: the two step timings alone). Prints
figures, asserts nothing.
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

try:  # Box2D v3 bindings: a bench / test extra (requirements-dev.txt), never at runtime
    import pyb2d3 as b2  # noqa: E402
except ImportError:  # pragma: no cover
    b2 = None

from sandbox.core.compound import Compound  # noqa: E402
from sandbox.core.geometry import Circle, Polygon  # noqa: E402
from sandbox.core.pair import sat  # noqa: E402
from sandbox.physics.body import Body, Steering  # noqa: E402
from sandbox.physics.world import World  # noqa: E402
from sandbox.scenes.builtin import broad_phase, gravity, pile  # noqa: E402
from sandbox.scenes.builtin import stack as stack_scene  # noqa: E402

sys.path.insert(0, str(ROOT / "tests"))
from card_house import card_house  # noqa: E402

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
                out.append(_polygon_at(shape, handle))
            else:
                out.append(Circle(shape.radius, position=tuple(handle.position)))
        return out


def _polygon_at(shape: Polygon, handle) -> Polygon:
    """A polygon body's shape at another engine's pose: its outline about its centroid
    (the centre those engines move), placed at the handle's position and angle."""
    local = shape.placed((0.0, 0.0), 0.0)
    c = np.asarray(local.centroid)
    position = (handle.position.x, handle.position.y)
    return Polygon(local.vertices - c, position=position, angle=handle.angle + shape.angle)


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


def _timed_steps(world, space, frames, label, rows, b2world=None):
    """Step ours, pymunk's and (if installed) Box2D v3's copies in turn, `frames` times
    (so all three see the same background load); the median step of each. `b2world`:
    Box2D's copy as it stands (else one made from the world's bodies)."""
    if b2world is None and b2 is not None:
        b2world = _box2d_world(world.bodies, world.gravity)[0]
    times: dict[str, list[float]] = {"ours": [], "pymunk": [], "box2d": []}
    for _ in range(frames):
        t0 = time.perf_counter()
        world.step(DT)
        t1 = time.perf_counter()
        space.step(DT)
        t2 = time.perf_counter()
        times["ours"].append(t1 - t0)
        times["pymunk"].append(t2 - t1)
        if b2world is not None:
            t3 = time.perf_counter()
            b2world.step(DT, 4)
            times["box2d"].append(time.perf_counter() - t3)
    rows[label] = {side: 1000 * statistics.median(t) for side, t in times.items() if t}


def _where_the_step_goes(world, label, steps=10):
    """Ours only, untimed steps after the timed ones: where the step goes. How many
    colour solves a step (substeps x (solve + relax) x colours) and what one costs, and
    the milliseconds of the whole solver and of the narrow phase a step (each call timed,
    so a little above the truth). The colour solves' count times their cost is the
    solver's floor; the narrow phase alone, against pymunk's whole step, is the floor of
    any solver."""
    from sandbox.physics import contact_solver
    from sandbox.physics import world as world_module

    timed = [
        (contact_solver, "solve"),
        (world_module, "solve_rigid"),
        (world_module, "find_manifolds"),
    ]
    originals = {name: getattr(module, name) for module, name in timed}
    spent: dict[str, list[float]] = {name: [] for name in originals}

    def timing(name):
        function = originals[name]

        def call(*args, **kwargs):
            t0 = time.perf_counter()
            result = function(*args, **kwargs)
            spent[name].append(time.perf_counter() - t0)
            return result

        return call

    for module, name in timed:
        setattr(module, name, timing(name))
    try:
        for _ in range(steps):
            world.step(DT)
    finally:
        for module, name in timed:
            setattr(module, name, originals[name])
    if not spent["solve"]:
        return {}
    return {
        f"{label}: colour solves a step (ours)": {"ours": len(spent["solve"]) / steps},
        f"{label}: one colour solve (us, ours)": {"ours": 1e6 * statistics.median(spent["solve"])},
        f"{label}: solver, ms a step (ours)": {"ours": 1e3 * sum(spent["solve_rigid"]) / steps},
        f"{label}: narrow phase, ms a step (ours)": {
            "ours": 1e3 * sum(spent["find_manifolds"]) / steps
        },
    }


def asleep_step(rows, steps=300):
    """The issue's 12-body scene (the four walls, eight boxes in a column) once asleep:
    each engine settles for 5 s (Box2D sleeps; pymunk does not by default), then the
    median step over `steps` steps."""
    from sandbox.scenes.base import boundary_walls, with_gravity
    from sandbox.scenes.builtin import stack_column

    world = with_gravity(boundary_walls() + stack_column(150, 8))
    space = _pymunk_space(world.bodies)[0]
    b2world = _box2d_world(world.bodies, world.gravity)[0] if b2 is not None else None
    for _ in range(300):
        world.step(DT)
        space.step(DT)
        if b2world is not None:
            b2world.step(DT, 4)
    assert world.sleeping[~world.static].all()
    label = "12-body column asleep: step (median ms)"
    _timed_steps(world, space, steps, label, rows, b2world)


def pile_step(rows, frames):
    world = pile(0, 300)
    space, _ = _pymunk_space(world.bodies)
    label = f"300-body falling pile: step (median ms, {frames} steps)"
    _timed_steps(world, space, frames, label, rows)
    rows.update(_where_the_step_goes(world, "300-body pile"))
    rows.update(_numpy_floor(world, "300-body pile"))


def _numpy_floor(world, label, repeats=20):
    """The least a numpy solver of this pile's contacts could cost: 2 x substeps passes
    (the solve and relax passes the stacking targets need) of an idealised Jacobi pass
    that has no colours at all: per pass one gather, the normal row's impulse, one
    scatter (8 numpy calls on every point at once, no friction, no block solve). Not a
    solver (nothing here is checked); a floor, to set beside pymunk's whole step."""
    cs = world.contact_set
    m = len(cs.a)
    index = (3 * np.stack([cs.a, cs.b]))[[0, 0, 0, 1, 1, 1]] + np.array([0, 1, 2, 0, 1, 2])[:, None]
    index = np.concatenate([index, index], axis=1)  # (6, 2m): both points
    rng = np.random.default_rng(0)
    jn = rng.standard_normal((6, 2 * m))
    mjn = jn * 1e-3
    mass = np.ones(2 * m)
    bias = np.zeros(2 * m)
    flat = np.zeros(3 * len(world.bodies))
    impulse = np.zeros(2 * m)
    passes = 2 * world.substeps
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        for _ in range(passes):
            vn = np.add.reduce(jn * flat.take(index), axis=0)
            new = np.maximum(impulse - mass * (vn + bias), 0.0)
            change = (new - impulse) * mjn
            impulse = new
            flat += np.bincount(index.ravel(), change.ravel(), minlength=len(flat))
        times.append(time.perf_counter() - t0)
    return {
        f"{label}: numpy floor, {passes} bare Jacobi passes over {m} manifolds (ms, ours)": {
            "ours": 1e3 * statistics.median(times)
        }
    }


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
    label = f"{count} falling Ls (2 pieces each): step (median ms, {frames} steps)"
    _timed_steps(p.world, p.space, frames, label, rows)
    rows.update(_where_the_step_goes(p.world, f"{count} Ls"))


# -- issue 17: three engines side by side ---------------------------------------------------------


class Side:
    """One engine's copy of a set-up: step(), and per body centre, angle, velocity, omega."""

    def __init__(self, kind, bodies, gravity):
        self.kind = kind
        self.static = np.array([b.static for b in bodies])
        if kind == "ours":
            self.world = World(
                [Body(**vars(b)) for b in bodies],
                gravity=gravity,
                bounds=(-1e5, -1e5, 1e5, 1e5),
                rigid=True,
            )
        elif kind == "pymunk":
            self.space, self.handles = _pymunk_space(bodies, gravity)
        else:
            self.b2world, self.handles = _box2d_world(bodies, gravity)

    def step(self):
        if self.kind == "ours":
            self.world.step(DT)
        elif self.kind == "pymunk":
            self.space.step(DT)
        else:
            self.b2world.step(DT, 4)

    def centres(self):
        if self.kind == "ours":
            return self.world.centres()
        return np.array([[h.position.x, h.position.y] for h in self.handles])

    def velocities(self):
        if self.kind == "ours":
            return np.column_stack([self.world.velocity, self.world.omega])
        if self.kind == "pymunk":
            return np.array([[*h.velocity, h.angular_velocity] for h in self.handles])
        return np.array(
            [[h.linear_velocity.x, h.linear_velocity.y, h.angular_velocity] for h in self.handles]
        )

    def asleep(self):
        """Every moving body at rest: asleep (ours, Box2D) or slower than 1 px/s (pymunk)."""
        moving = ~self.static
        if self.kind == "ours":
            return bool(self.world.sleeping[moving].all())
        if self.kind == "box2d":
            return not any(h.awake for h, m in zip(self.handles, moving, strict=True) if m)
        v = self.velocities()[moving]
        return bool((np.hypot(v[:, 0], v[:, 1]) + np.abs(v[:, 2]) * 21).max() < 1.0)

    def shapes(self, bodies):
        """Every body's shape at its pose now (rebuilt from centre and angle)."""
        if self.kind == "ours":
            return self.world.shapes()
        out = []
        for body, h in zip(bodies, self.handles, strict=True):
            shape = body.shape
            if isinstance(shape, Polygon):
                out.append(_polygon_at(shape, h))
            elif isinstance(shape, Circle):
                out.append(Circle(shape.radius, position=(h.position.x, h.position.y)))
            else:
                out.append(None)
        return out


def _thin_box(shape):
    """(half width, half height, angle) of a box thinner than Box2D's hull welds (its
    linear slop, 0.45 px at 90 px/m: a 0.18 px card would lose a side), else None."""
    if not isinstance(shape, Polygon) or len(shape) != 4:
        return None
    v = np.asarray(shape.vertices)
    e0, e1 = v[1] - v[0], v[2] - v[1]
    w, h = math.hypot(*e0), math.hypot(*e1)
    if min(w, h) >= 1.0 or abs(float(e0 @ e1)) > 1e-6 * w * h:
        return None
    return w / 2, h / 2, math.atan2(e0[1], e0[0])


def _box2d_world(bodies, gravity):
    b2.set_length_units_per_meter(90.0)
    world = b2.World(gravity=gravity)
    handles = []
    for b in bodies:
        shape = b.shape
        if isinstance(shape, (Polygon, Compound)):
            centre = np.asarray(shape.centroid)
        else:
            centre = np.asarray(shape.position)
        thin = _thin_box(shape)
        turn = {} if thin is None else {"rotation": b2.make_rot(thin[2])}
        if b.static:
            handle = world.create_static_body(position=tuple(centre), **turn)
        else:
            handle = world.create_dynamic_body(
                position=tuple(centre),
                linear_velocity=tuple(b.velocity),
                angular_velocity=b.angular_velocity,
                **turn,
            )
        material = b2.surface_material(friction=b.friction, restitution=b.restitution)
        definition = b2.shape_def(density=b.density, material=material)
        if thin is not None:
            handle.create_shape(definition, b2.box(thin[0], thin[1]))
        elif isinstance(shape, (Polygon, Compound)):
            parts = shape.pieces if isinstance(shape, Compound) else (shape,)
            for part in parts:
                points = [tuple(v - centre) for v in part.vertices]
                handle.create_shape(definition, b2.polygon(points=points))
        else:
            handle.create_shape(definition, b2.circle(radius=shape.radius))
        handles.append(handle)
    return world, handles


def _sides(bodies, gravity=(0.0, G)):
    kinds = ["ours", "pymunk"] + (["box2d"] if b2 is not None else [])
    return {kind: Side(kind, bodies, gravity) for kind in kinds}


def _put(rows, label, side, value):
    rows.setdefault(label, {})[side] = value


def gapped_pyramid():
    out = [floor()]
    for row in range(20):
        for k in range(20 - row):
            x = 400 + (k - (20 - row - 1) / 2) * 32
            y = FLOOR_TOP - 15 - row * 30
            out.append(Body(f"p{row}.{k}", Polygon.box(30, 30, position=(x, y))))
    return out


def plank():
    return [
        floor(),
        Body("left", Polygon.box(20, 20, position=(320, FLOOR_TOP - 10))),
        Body("right", Polygon.box(20, 20, position=(480, FLOOR_TOP - 10))),
        Body("plank", Polygon.box(200, 20, position=(400, FLOOR_TOP - 30)), density=10.0),
    ]


def bin_of_40():
    bodies = [Body(**vars(b)) for b in broad_phase(0).bodies]
    for b in bodies:
        b.controlled = False
    return bodies


def settling(rows, name, bodies, seconds=60.0):
    for kind, side in _sides(bodies).items():
        moving = ~side.static
        start = side.centres()
        rest = None
        at_10 = None
        for tick in range(round(seconds / DT)):
            side.step()
            if side.asleep():
                rest = rest if rest is not None else (tick + 1) * DT
            else:
                rest = None
            if tick + 1 == 600:
                at_10 = side.centres()
        now = side.centres()
        _put(rows, f"{name}: at rest from (s)", kind, rest if rest is not None else float("nan"))
        _put(
            rows,
            f"{name}: sideways drift by {seconds:g} s (px)",
            kind,
            float(np.abs(now[moving, 0] - start[moving, 0]).max()),
        )
        _put(
            rows,
            f"{name}: largest move 10 s -> {seconds:g} s (px)",
            kind,
            float(np.abs(now[moving] - at_10[moving]).max()),
        )


def standing(rows, name, bodies, seconds=5.0):
    for kind, side in _sides(bodies).items():
        moving = ~side.static
        start = side.centres()
        for _ in range(round(seconds / DT)):
            side.step()
        drift = np.abs(side.centres()[moving] - start[moving])
        _put(rows, f"{name}: largest drift by {seconds:g} s (px)", kind, float(drift.max()))
        _put(rows, f"{name}: sideways drift (px)", kind, float(drift[:, 0].max()))


def heavy_drop(rows, e, on_pile):
    bodies = [floor()]
    bodies[0].restitution = e
    if on_pile:
        for row in range(4):
            for k in range(4 - row):
                x = 400 + (k - (4 - row - 1) / 2) * 30
                y = FLOOR_TOP - 15 - row * 30
                bodies.append(Body(f"p{row}.{k}", Polygon.box(30, 30, (x, y)), restitution=e))
        top = FLOOR_TOP - 120
    else:
        bodies.append(Body("light", Polygon.box(30, 30, (400, FLOOR_TOP - 15)), restitution=e))
        top = FLOOR_TOP - 30
    bodies.append(Body("heavy", Polygon.box(60, 60, (400, top - 430)), restitution=e, density=20.0))
    what = f"heavy (80x) on {'a pile' if on_pile else 'one box'}, e = {e:g}"
    for kind, side in _sides(bodies).items():
        impact, rebound, deepest, before = None, 0.0, 0.0, 0.0
        for _ in range(240):
            side.step()
            vy = side.velocities()[-1, 1]
            if impact is None and vy < before - 1.0 and before > 100.0:
                impact = before
            if impact is not None:
                rebound = max(rebound, -vy)
            before = vy
            shapes = side.shapes(bodies)
            ground = Polygon.box(3000, 40, position=(400, FLOOR_TOP + 20))
            for shape in shapes[1:]:
                deepest = max(deepest, sat(shape, ground).depth)
        _put(rows, f"{what}: rebound / impact speed", kind, rebound / impact)
        _put(rows, f"{what}: deepest into the floor (px)", kind, deepest)


def _energy(bodies, velocities):
    mass = np.array([b.mass for b in bodies])
    inertia = np.array([b.inertia for b in bodies])
    v = velocities
    return 0.5 * float((mass * (v[:, 0] ** 2 + v[:, 1] ** 2) + inertia * v[:, 2] ** 2).sum())


def elastic(rows):
    def row_of(count, gap, speed, densities):
        return [
            Body(
                f"b{k}",
                Polygon.box(40, 40, position=(200 + k * (40 + gap), 300)),
                restitution=1.0,
                friction=0.0,
                density=densities[k],
                velocity=(speed, 0.0) if k == 0 else (0.0, 0.0),
            )
            for k in range(count)
        ]

    bodies = row_of(5, 6.0, 300.0, [1.0] * 5)
    for kind, side in _sides(bodies, (0.0, 0.0)).items():
        for _ in range(120):
            side.step()
        v = side.velocities()
        _put(rows, "cradle of 5, e = 1: last box's speed / 300", kind, v[4, 0] / 300)
        _put(rows, "cradle of 5: fastest other box / 300", kind, np.abs(v[:4, :2]).max() / 300)
        _put(
            rows, "cradle of 5: energy after / before", kind, _energy(bodies, v) / 0.5 / 1600 / 9e4
        )
    bodies = row_of(2, 20.0, 300.0, [3.0, 1.0])
    for kind, side in _sides(bodies, (0.0, 0.0)).items():
        for _ in range(60):
            side.step()
        v = side.velocities()
        _put(rows, "elastic 3:1 head-on: heavy's speed (closed form 150)", kind, v[0, 0])
        _put(rows, "elastic 3:1 head-on: light's speed (closed form 450)", kind, v[1, 0])
        _put(rows, "elastic 3:1 head-on: largest spin (rad/s)", kind, np.abs(v[:, 2]).max())
    bodies = [
        Body("p", Polygon.box(40, 40, (100, 415)), velocity=(600.0, 0.0), restitution=1.0),
        Body("t", Polygon.box(40, 40, (200, 400)), restitution=1.0),
    ]
    for kind, side in _sides(bodies, (0.0, 0.0)).items():
        before = _energy(bodies, side.velocities())
        for _ in range(30):
            side.step()
        _put(
            rows,
            "off-centre elastic hit: energy after / before",
            kind,
            _energy(bodies, side.velocities()) / before,
        )


def spinning_box(rows):
    wall = Body("wall", Polygon.box(40, 400, position=(500, 300)), static=True, restitution=0.0)
    box = Body(
        "box",
        Polygon.box(80, 20, position=(400, 300)),
        angular_velocity=30.0,
        velocity=(30.0, 0.0),
        restitution=0.0,
    )
    for kind, side in _sides([wall, box], (0.0, 0.0)).items():
        closest = math.inf
        for _ in range(240):
            side.step()
            closest = min(closest, 480.0 - side.shapes([wall, box])[1].vertices[:, 0].max())
            if side.velocities()[1, 0] < -1.0:
                break
        _put(rows, "80 x 20 box at 30 rad/s: closest gap to the wall (px)", kind, closest)


def landings(rows):
    cases = {
        "L": Body("L", Compound(L_SHAPE, position=(300, 400))),
        "pentagon": Body(
            "pentagon", Polygon.regular(5, 30, position=(400, 300), angle=3 * math.pi / 10)
        ),
        "110 x 60 box": Body("box", Polygon.box(110, 60, position=(400, 450))),
    }
    for name, body in cases.items():
        for kind, side in _sides([floor(), body]).items():
            x0 = side.centres()[1, 0]
            for _ in range(240):
                side.step()
            _put(rows, f"flat landing, {name}: sideways slip (px)", kind, side.centres()[1, 0] - x0)


def card_houses(rows):
    """Box2D v3's card houses (tests/card_house.py): the farthest any card's centre gets
    from its start over 10 s."""
    for levels, name in ((2, "7-card house"), (5, "40-card house")):
        bodies = card_house(levels)
        for kind, side in _sides(bodies).items():
            start = side.centres()
            worst = 0.0
            for _ in range(600):
                side.step()
                worst = max(worst, float(np.abs(side.centres() - start)[1:].max()))
            _put(rows, f"{name} (cards 36 x 0.18 px): largest move in 10 s (px)", kind, worst)


def mass_ratios(rows):
    """A 30 px box of density 1000 or 10^6 on a 30 px box of density 1 on the floor,
    placed touching or dropped 100 px: the deepest overlap of the two over 10 s, and
    the heavy box's bottom above the floor at the end (30: the light box holds)."""
    for density, drop, name in (
        (1e3, 0.0, "1000:1"),
        (1e3, 100.0, "1000:1 dropped"),
        (1e6, 0.0, "10^6:1"),
    ):
        bodies = [
            floor(),
            Body("light", Polygon.box(30, 30, position=(400, FLOOR_TOP - 15))),
            Body(
                "heavy", Polygon.box(30, 30, position=(400, FLOOR_TOP - 45 - drop)), density=density
            ),
        ]
        for kind, side in _sides(bodies).items():
            worst = 0.0
            for _ in range(600):
                side.step()
                shapes = side.shapes(bodies)
                worst = max(worst, sat(shapes[1], shapes[2]).depth)
            bottom = FLOOR_TOP - (side.centres()[2, 1] + 15.0)
            _put(rows, f"{name} box on a box: deepest overlap (px)", kind, worst)
            _put(rows, f"{name} box on a box: heavy bottom above floor (px, 30)", kind, bottom)


def issue35(rows):
    card_houses(rows)
    mass_ratios(rows)


def issue17(rows):
    settling(rows, "gapped base-20 pyramid", gapped_pyramid())
    settling(rows, "plank 200 x 20 (100:1) on two boxes", plank())
    settling(rows, "40-shape bin", bin_of_40())
    standing(rows, "touching base-20 pyramid", pyramid())
    standing(rows, "20-box column", column(20))
    standing(rows, "30-box column", column(30))
    heavy_drop(rows, 0.2, True)
    heavy_drop(rows, 0.0, True)
    heavy_drop(rows, 0.0, False)
    heavy_drop(rows, 0.2, False)
    elastic(rows)
    spinning_box(rows)
    landings(rows)


def _fastest(step, velocities, others, steps=45):
    """The largest speed of the `others` over `steps` steps."""
    fastest = 0.0
    for _ in range(steps):
        step()
        v = velocities()[others]
        fastest = max(fastest, float(np.sqrt(v[:, 0] * v[:, 0] + v[:, 1] * v[:, 1]).max()))
    return fastest


def started_overlapping(rows, seeds=range(10)):
    """Scene broad-phase started overlapping (key Y; tests/test_broad_scene.py): 40
    shapes piled into one another in the bin, sleep off. The fastest body but the
    player in the first 0.75 s (45 steps), under gravity and in zero g (the push-out
    alone; pymunk pushes out with pseudo-velocities, never the bodies' own), for each
    seed and their median and largest. Ours is the scene's World as the test builds it
    (push_speed 100 px/s); `unbounded` lifts the push bound."""
    for g in (G, 0.0):
        found: dict[str, list[float]] = {"ours": [], "unbounded": [], "pymunk": [], "box2d": []}
        for seed in seeds:
            for kind, push in (("ours", 100.0), ("unbounded", 1e9)):
                world = broad_phase(seed, overlapping=True)
                world.push_speed, world.sleep, world.gravity = push, False, (0.0, g)
                others = np.arange(len(world.bodies)) != world.index("player")
                found[kind].append(
                    _fastest(lambda w=world: w.step(DT), lambda w=world: w.velocity, others)
                )
            bodies = [Body(**vars(b)) for b in broad_phase(seed, overlapping=True).bodies]
            others = np.array([b.name != "player" for b in bodies])
            for b in bodies:
                b.controlled = False
            for kind, side in _sides(bodies, (0.0, g)).items():
                if kind == "ours":
                    continue
                if kind == "box2d":
                    side.b2world.enable_sleeping = False
                found[kind].append(
                    _fastest(side.step, lambda s=side: s.velocities()[:, :2], others)
                )
        for kind, values in found.items():
            if not values:
                continue
            name = f"started overlapping, g {g:g}: fastest (px/s)"
            _put(rows, f"{name}, seed {seeds[0]}", kind, values[0])
            _put(rows, f"{name}, median of {len(values)} seeds", kind, statistics.median(values))
            _put(rows, f"{name}, largest of {len(values)} seeds", kind, max(values))


def scene_substeps(rows, seconds=10.0):
    """Issue 44's per-scene substeps: scenes pile, gravity, stack (4), broad-phase (6) as the app
    builds them, beside the same World at the default 12 substeps, pymunk and Box2D v3
    on the same bodies: at rest from (s), the deepest overlap of any pair during the
    fall (sampled every 0.5 s) and at 10 s, and the median step (ms, CPU time) over
    the first 3 s, while the bodies fall and land."""
    scenes = (("pile", pile), ("gravity", gravity), ("broad-phase", broad_phase))
    scenes += (("stack", stack_scene),)
    for name, build in scenes:
        sides = {"ours": build(0), "ours, 12": build(0)}
        sides["ours, 12"].substeps = 12
        label = f"{name} ({sides['ours'].substeps} substeps)"
        bodies = [Body(**vars(b)) for b in build(0).bodies]
        for b in bodies:
            b.controlled = False
        theirs = {k: v for k, v in _sides(bodies).items() if k != "ours"}
        for kind, side in [*sides.items(), *theirs.items()]:
            ours = isinstance(side, World)
            static = np.array([b.static for b in bodies])
            rest, during, times = None, 0.0, []
            for tick in range(round(seconds / DT)):
                start = time.process_time()
                side.step(DT) if ours else side.step()
                times.append(time.process_time() - start)
                shapes = side.shapes() if ours else side.shapes(bodies)
                if tick % 30 == 29:
                    during = max(during, deepest(shapes, static))
                asleep = bool(side.sleeping[~static].all()) if ours else side.asleep()
                rest = (rest or (tick + 1) * DT) if asleep else None
            end = deepest(side.shapes() if ours else side.shapes(bodies), static)
            _put(rows, f"{label}: at rest from (s)", kind, rest or float("nan"))
            _put(rows, f"{label}: deepest overlap while falling (px)", kind, during)
            _put(rows, f"{label}: deepest overlap at {seconds:g} s (px)", kind, end)
            step_ms = 1000 * statistics.median(times[: round(3.0 / DT)])
            _put(rows, f"{label}: step, first 3 s (median ms)", kind, step_ms)


def _steer_theirs(side, player, left):
    """The app's steering under gravity (`phases._steer`, left or nothing) on pymunk's or
    Box2D's copy of the player: toward 240 px/s while held, else slowing down."""
    handle = side.handles[player]
    v = handle.linear_velocity if side.kind == "box2d" else handle.velocity
    vx, vy = (v.x, v.y) if side.kind == "box2d" else tuple(v)
    vx = max(-240.0, vx - 4 * 240.0 * DT) if left else vx * (1 - min(1, 4 * DT))
    if side.kind == "box2d":
        handle.linear_velocity = (vx, vy)
    else:
        handle.velocity = (vx, vy)


def pushed_stack(rows, seconds=10.0):
    """Lesson pushing-out's stage 6 on scene stack: the heavy box driven left into the
    pyramid for 2 s (from tick 12), then left alone; what the pyramid did by 10 s (the
    farthest a box moved, how many moved over 15 px: fallen), when all rest again, the
    deepest overlap while pushed, and the step's cost (median ms, first 3 s)."""
    label = "stack pushed 2 s"
    bodies = [Body(**vars(b)) for b in stack_scene(0).bodies]
    player = next(i for i, b in enumerate(bodies) if b.controlled)
    for b in bodies:
        b.controlled = False
    static = np.array([b.static for b in bodies])
    pyramid = np.array([b.name.startswith("pyramid") for b in bodies])
    ours = {"ours": stack_scene(0), "ours, 12": stack_scene(0)}
    ours["ours, 12"].substeps = 12
    theirs = {k: v for k, v in _sides(bodies).items() if k != "ours"}
    for kind, side in [*ours.items(), *theirs.items()]:
        mine = isinstance(side, World)
        start = side.centres().copy()
        rest, during, times = None, 0.0, []
        for tick in range(round(seconds / DT)):
            left = 12 <= tick < 132
            begin = time.process_time()
            if mine:
                side.step(DT, Steering(left=left))
            else:
                _steer_theirs(side, player, left)
                side.step()
            times.append(time.process_time() - begin)
            if tick % 30 == 29:
                shapes = side.shapes() if mine else side.shapes(bodies)
                during = max(during, deepest(shapes, static))
            asleep = bool(side.sleeping[~static].all()) if mine else side.asleep()
            rest = (rest or (tick + 1) * DT) if asleep else None
        moved = np.sqrt(((side.centres() - start) ** 2).sum(axis=1))[pyramid]
        _put(rows, f"{label}: pyramid's farthest move (px)", kind, float(moved.max()))
        _put(rows, f"{label}: pyramid boxes moved > 15 px", kind, float((moved > 15).sum()))
        _put(rows, f"{label}: at rest again from (s)", kind, rest or float("nan"))
        _put(rows, f"{label}: deepest overlap (px)", kind, during)
        step_ms = 1000 * statistics.median(times[: round(3.0 / DT)])
        _put(rows, f"{label}: step, first 3 s (median ms)", kind, step_ms)


def _print(rows, sides):
    width = max(map(len, rows))
    print(f"{'':{width}}" + "".join(f"  {side:>10}" for side in sides))
    for label, values in rows.items():
        cells = "".join(f"  {values.get(side, float('nan')):>10.3f}" for side in sides)
        print(f"{label:{width}}{cells}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=60, help="steps timed for the pile")
    parser.add_argument(
        "--only",
        choices=("issue17", "issue35", "classic", "speed", "pushout", "substeps"),
        default=None,
    )
    args = parser.parse_args(argv)
    if args.only in (None, "substeps"):
        rows_sub: dict[str, dict[str, float]] = {}
        scene_substeps(rows_sub)
        pushed_stack(rows_sub)
        print("issue 44 set-up: the scenes' own substeps (ours) against the default 12")
        _print(rows_sub, ["ours", "ours, 12", "pymunk"] + (["box2d"] if b2 is not None else []))
        print()
    if args.only == "substeps":
        return 0
    if args.only in (None, "pushout"):
        rows_push: dict[str, dict[str, float]] = {}
        started_overlapping(rows_push)
        print("issue 44 set-up: the bin started overlapping (test_broad_scene)")
        _print(rows_push, ["ours", "unbounded", "pymunk"] + (["box2d"] if b2 is not None else []))
        print()
    if args.only == "pushout":
        return 0
    if args.only in (None, "issue35"):
        rows35: dict[str, dict[str, float]] = {}
        issue35(rows35)
        print("issue 35 set-ups: the same three engines")
        _print(rows35, ["ours", "pymunk"] + (["box2d"] if b2 is not None else []))
        print()
    if args.only == "issue35":
        return 0
    if args.only in (None, "issue17"):
        rows17: dict[str, dict[str, float]] = {}
        issue17(rows17)
        version = "pyb2d3 0.11.1 (Box2D v3), 4 substeps" if b2 is not None else "no pyb2d3"
        print(f"issue 17 set-ups: pymunk {pymunk.version} (defaults), {version}")
        _print(rows17, ["ours", "pymunk"] + (["box2d"] if b2 is not None else []))
        print()
    if args.only == "issue17":
        return 0
    rows: dict[str, dict[str, float]] = {}
    if args.only == "speed":  # the step timings alone (same figures as the classic run)
        asleep_step(rows)
        pile_step(rows, args.frames)
        concave_pile_step(rows, max(args.frames, 120))
        _print(rows, ["ours", "pymunk"] + (["box2d"] if b2 is not None else []))
        return 0
    tilted_box(rows)
    ledge(rows)
    off_centre_hit(rows)
    bounce(rows)
    incline(rows, 20, 3.0)
    incline(rows, 30, 1.5)
    stack(rows, "20-box column", column())
    stack(rows, "base-20 pyramid", pyramid())
    asleep_step(rows)
    pile_step(rows, args.frames)
    concave(rows)
    concave_pile_step(rows, max(args.frames, 120))
    print(f"pymunk {pymunk.version}, dt 1/60, gravity {G:g} px/s^2 down, pymunk defaults")
    print("(Box2D v3 only on the step timings)")
    _print(rows, ["ours", "pymunk"] + (["box2d"] if b2 is not None else []))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
