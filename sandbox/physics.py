"""A small 2D rigid-body world resolved by the SAT minimum translation vector (numpy only).

Bodies translate and can be turned by the learner; there is no angular dynamics,
so every collision response is along the SAT normal, which is what the overlay
shows. Conventions are those of `sandbox.geometry`: pixels, y down, gravity +y.

World.step(dt, controls)::

    1. steer        the controlled body follows the arrow keys (and Q/E turn it)
    2. forces       v += g dt
    3. velocities   sequential impulses on last step's contacts (still touching:
                    the MTV left them so): no closing speed, restitution, friction
    4. integrate    x += v dt                          (semi-implicit Euler)
    5. sweep        bullets: cut the motion at the first touch (swept SAT),
                    so a fast thin body cannot tunnel through a thin wall
    6. broad phase  sort-and-sweep on the bounding boxes -> candidate pairs
    7. narrow phase sat_many on polygon pairs, sat on pairs with a circle
    8. resolve      push apart along the MTV, split by inverse mass; new contacts
                    also get an impulse along the normal (so impacts bounce)
                    (6-8 run `iterations` times, so stacks settle)
    9. record       the pair on show: its full SAT report (every axis), as tested

`step` never reads a clock: the same world, dt and controls give the same
state, bit for bit.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

import numpy as np

from .broadphase import sort_and_sweep
from .geometry import AABB, Circle, Polygon, ShapeError, Vec2
from .sat import PolygonBatch, SatResult, sat, sat_many, sweep

# Below this closing speed (px/s) a contact does not bounce: resting contacts stay at rest.
BOUNCE_THRESHOLD = 60.0


@dataclass(frozen=True)
class Controls:
    """Keys held during one tick."""

    left: bool = False
    right: bool = False
    up: bool = False
    down: bool = False
    turn_left: bool = False  # Q: counter-clockwise on screen
    turn_right: bool = False  # E: clockwise on screen


NO_CONTROLS = Controls()


@dataclass
class Body:
    """One rigid body: a shape (already at its starting pose) and its physical properties."""

    name: str
    shape: Polygon | Circle
    velocity: Vec2 = (0.0, 0.0)
    static: bool = False
    density: float = 1.0  # mass per square pixel
    restitution: float = 0.2
    friction: float = 0.3
    controlled: bool = False
    bullet: bool = False  # moves far per step: use the swept test

    @property
    def mass(self) -> float:
        return math.inf if self.static else self.density * self.shape.area

    @property
    def inv_mass(self) -> float:
        return 0.0 if self.static else 1.0 / self.mass


@dataclass(frozen=True)
class Contact:
    """A colliding pair resolved this tick (normal from body b toward body a)."""

    a: int
    b: int
    normal: Vec2
    depth: float


@dataclass(frozen=True)
class SweepEvent:
    """A bullet's swept test this tick: where it started, its motion, and the first touch."""

    body: int
    start: Vec2
    motion: Vec2
    fraction: float | None  # None: nothing in the way
    other: int | None


@dataclass(frozen=True)
class ShownPair:
    """The pair the overlay explains, with the shapes exactly as the narrow phase tested them."""

    a: int
    b: int
    a_shape: Polygon | Circle
    b_shape: Polygon | Circle
    report: SatResult  # all axes tested


@dataclass(frozen=True)
class StepRecord:
    """What one step did, for the renderer and the HUD (drawn, never recomputed)."""

    tick: int
    candidate_pairs: int  # pairs the broad phase handed to SAT
    swept_pairs: int  # pairs whose x ranges overlapped
    all_pairs: int  # pairs a brute-force narrow phase would have tested
    contacts: tuple[Contact, ...]
    shown: ShownPair | None
    sweeps: tuple[SweepEvent, ...] = field(default=())


class World:
    """Bodies, gravity and the rules of one scene; `step` advances it by dt."""

    def __init__(
        self,
        bodies,
        *,
        gravity: Vec2 = (0.0, 0.0),
        bounds: tuple[float, float, float, float] = (0.0, 0.0, 1280.0, 720.0),
        resolve: bool = True,
        swept: bool = True,
        iterations: int = 3,
        damping: float = 0.0,
        slop: float = 0.0,
        correction: float = 1.0,
        control_speed: float = 240.0,
        turn_speed: float = 1.5,
    ):
        self.bodies: list[Body] = list(bodies)
        if not self.bodies:
            raise ValueError("a world needs at least one body")
        names = [b.name for b in self.bodies]
        if len(set(names)) != len(names):
            raise ValueError(f"body names must be unique, got {names}")
        self.gravity = (float(gravity[0]), float(gravity[1]))
        self.bounds = tuple(float(v) for v in bounds)
        self.resolve = resolve
        self.swept = swept
        self.iterations = iterations
        # Overlap (px) left in place by the MTV correction: resting contacts then stay
        # in contact from step to step instead of flickering at zero depth.
        self.slop = slop
        # Fraction of the MTV applied per pass: below 1, a body touching several others
        # is not pushed by the sum of MTVs all measured on the same snapshot.
        self.correction = correction
        self.damping = damping
        self.control_speed = control_speed
        self.turn_speed = turn_speed
        self.velocity_iterations = 8
        self.tick = 0
        self._contacts: list[tuple] = []  # last step's (a, b, nx, ny, depth), for the solver
        self._impulses: dict[tuple[int, int], tuple[float, float]] = {}  # warm starting
        self.partner: int | None = None  # chosen by Tab; None = nearest to the controlled body
        self.record: StepRecord | None = None

        self.position = np.array([b.shape.position for b in self.bodies], dtype=float)
        self.angle = np.array([b.shape.angle for b in self.bodies], dtype=float)
        self.velocity = np.array([b.velocity for b in self.bodies], dtype=float)
        self.inv_mass = np.array([b.inv_mass for b in self.bodies])
        self.static = np.array([b.static for b in self.bodies])
        self.is_polygon = np.array([isinstance(b.shape, Polygon) for b in self.bodies])
        controlled = [i for i, b in enumerate(self.bodies) if b.controlled]
        if len(controlled) > 1:
            raise ValueError("at most one body can be controlled")
        self.controlled: int | None = controlled[0] if controlled else None
        self._pack_local_shapes()
        self._shapes: list | None = None
        self._geometry: dict | None = None

    def _pack_local_shapes(self) -> None:
        """Local vertices and normals of every polygon, padded to one width (see PolygonBatch)."""
        width = max((len(b.shape) for b in self.bodies if isinstance(b.shape, Polygon)), default=3)
        n = len(self.bodies)
        self.vertex_count = np.zeros(n, dtype=int)
        self.local_vertices = np.zeros((n, width, 2))
        self.local_normals = np.zeros((n, width, 2))
        self.local_centroid = np.zeros((n, 2))
        self.radius = np.zeros(n)
        self.local_own_lo = np.zeros((n, width))
        self.local_own_hi = np.zeros((n, width))
        for i, body in enumerate(self.bodies):
            shape = body.shape
            if isinstance(shape, Polygon):
                k = len(shape)
                self.vertex_count[i] = k
                self.local_vertices[i, :k] = shape.local_vertices
                self.local_vertices[i, k:] = shape.local_vertices[-1]
                self.local_normals[i, :k] = shape.local_normals
                self.local_normals[i, k:] = shape.local_normals[0]
                self.local_centroid[i] = shape.placed((0.0, 0.0), 0.0).centroid
                # A polygon's interval on each of its own normals does not change as it
                # moves, up to the offset position . normal: project once, here.
                own = self.local_vertices[i] @ self.local_normals[i].T
                self.local_own_lo[i] = own.min(axis=0)
                self.local_own_hi[i] = own.max(axis=0)
            else:
                self.radius[i] = shape.radius

    # -- state access ---------------------------------------------------------

    def shape(self, index: int) -> Polygon | Circle:
        """Body `index`'s shape at its current pose (built on demand, cached until it moves)."""
        if self._shapes is None:
            self._shapes = {}
        shape = self._shapes.get(index)
        if shape is None:
            p = self.position[index]
            shape = self.bodies[index].shape.placed(
                (float(p[0]), float(p[1])), float(self.angle[index])
            )
            self._shapes[index] = shape
        return shape

    def shapes(self) -> list:
        """Every body's shape at its current pose."""
        return [self.shape(i) for i in range(len(self.bodies))]

    def _moved(self) -> None:
        self._shapes = None
        self._geometry = None

    def geometry(self) -> dict:
        """World-space arrays for every body at the current pose (cached until it changes).

        vertices / normals: (n, width, 2), padded (circles: zeros); centroid: (n, 2);
        boxes: (n, 4) bounding boxes (min_x, min_y, max_x, max_y).
        """
        if self._geometry is None:
            c, s = np.cos(self.angle)[:, None], np.sin(self.angle)[:, None]
            lx, ly = self.local_vertices[..., 0], self.local_vertices[..., 1]
            nx, ny = self.local_normals[..., 0], self.local_normals[..., 1]
            px, py = self.position[:, 0:1], self.position[:, 1:2]
            vertices = np.stack([c * lx - s * ly + px, s * lx + c * ly + py], axis=-1)
            normals = np.stack([c * nx - s * ny, s * nx + c * ny], axis=-1) + 0.0
            cx, cy = self.local_centroid[:, 0:1], self.local_centroid[:, 1:2]
            centroid = np.concatenate([c * cx - s * cy + px, s * cx + c * cy + py], axis=1)
            boxes = np.concatenate([vertices.min(axis=1), vertices.max(axis=1)], axis=1)
            circles = ~self.is_polygon
            r = self.radius[circles, None]
            boxes[circles] = np.concatenate(
                [self.position[circles] - r, self.position[circles] + r], axis=1
            )
            offset = np.einsum("nkd,nd->nk", normals, self.position)
            self._geometry = {
                "own_lo": self.local_own_lo + offset,
                "own_hi": self.local_own_hi + offset,
                "vertices": vertices,
                "normals": normals,
                "centroid": centroid,
                "boxes": boxes,
            }
        return self._geometry

    def index(self, name: str) -> int:
        for i, b in enumerate(self.bodies):
            if b.name == name:
                return i
        raise KeyError(f"no body named {name!r}")

    def reverse_gravity(self) -> None:
        """Tutorial 002's live demo button: gravity points the other way."""
        self.gravity = (-self.gravity[0] + 0.0, -self.gravity[1] + 0.0)

    def shown_pair(self) -> tuple[int, int] | None:
        """The pair the overlay explains: the controlled body (else body 0) and its partner."""
        n = len(self.bodies)
        if n < 2:
            return None
        a = self.controlled if self.controlled is not None else 0
        if self.partner is not None and self.partner != a and 0 <= self.partner < n:
            return a, self.partner
        return a, self.nearest(a)

    def nearest(self, a: int) -> int:
        """The body whose shape is nearest to body a's (SAT gap; deepest overlap first)."""
        g = self.geometry()
        boxes, centroid = g["boxes"], g["centroid"]
        box = boxes[a]
        gap = np.max(
            np.stack(
                [
                    box[0] - boxes[:, 2],
                    boxes[:, 0] - box[2],
                    box[1] - boxes[:, 3],
                    boxes[:, 1] - box[3],
                ]
            ),
            axis=0,
        )
        gap = np.maximum(gap, 0.0)  # overlapping boxes all rank by centre distance
        distance = np.hypot(*(centroid - centroid[a]).T)
        gap[a] = distance[a] = np.inf
        order = np.lexsort((np.arange(len(gap)), distance, gap))
        return int(order[0])

    def cycle_partner(self, step: int = 1) -> None:
        """Tab: show the controlled body against the next body in the list
        (`explain_now()` then gives the record for the new pair)."""
        pair = self.shown_pair()
        if pair is None:
            return
        a, b = pair
        n = len(self.bodies)
        candidate = b
        for _ in range(n):
            candidate = (candidate + step) % n
            if candidate != a:
                break
        self.partner = candidate

    # -- the step ---------------------------------------------------------------

    def step(self, dt: float, controls: Controls = NO_CONTROLS) -> StepRecord:
        """Advance the world by dt seconds; return (and keep) what happened."""
        dt = float(dt)
        if not (math.isfinite(dt) and dt > 0):
            raise ValueError(f"dt must be a positive number of seconds, got {dt}")
        self._steer(dt, controls)
        self._apply_forces(dt)
        if self.resolve:
            self._solve_velocities(self._contacts)
        self._integrate(dt)
        sweeps = self._sweep_bullets(dt) if self.swept else ()
        contacts: list[tuple] = []
        candidate_count = swept_count = all_count = 0
        # The pair on show is explained exactly as the narrow phase is about to test it.
        pair = self.shown_pair()
        tested = None if pair is None else (*pair, self.shape(pair[0]), self.shape(pair[1]))
        for iteration in range(max(1, self.iterations)):
            found = self._collide()
            if iteration == 0:
                candidate_count, swept_count, all_count = found[1], found[2], found[3]
            if not found[0]:
                break
            if not self.resolve:
                contacts = found[0]
                break
            if iteration == 0:
                contacts = found[0]
                known = {(c[0], c[1]) for c in self._contacts}
                fresh = {(c[0], c[1]) for c in contacts} - known
                self._resolve(contacts, impulse_for=fresh)
            else:
                self._resolve(found[0], impulse_for=())
        self._contacts = contacts if self.resolve else []
        self.tick += 1
        shown = None if tested is None else _explain(*tested)
        records = tuple(Contact(a, b, (nx, ny), d) for a, b, nx, ny, d in contacts)
        self.record = StepRecord(
            self.tick, candidate_count, swept_count, all_count, records, shown, sweeps
        )
        return self.record

    def _steer(self, dt: float, controls: Controls) -> None:
        c = self.controlled
        if c is None:
            return
        dx = float(controls.right) - float(controls.left)
        dy = float(controls.down) - float(controls.up)
        speed = self.control_speed
        if self.gravity == (0.0, 0.0):
            # Tutorial 003: the arrows move the shape directly; it stops when released.
            self.velocity[c] = (dx * speed, dy * speed)
        else:
            # Under gravity: left/right push toward a running speed, up thrusts.
            vx = self.velocity[c, 0] + dx * 4 * speed * dt
            self.velocity[c, 0] = max(-speed, min(speed, vx)) if dx else vx * (1 - min(1, 4 * dt))
            g = math.hypot(*self.gravity)
            self.velocity[c, 1] += dy * 2.2 * g * dt
        turn = float(controls.turn_right) - float(controls.turn_left)
        if turn:
            self.angle[c] += turn * self.turn_speed * dt
            self._moved()

    def _apply_forces(self, dt: float) -> None:
        moving = ~self.static
        self.velocity[moving] += np.asarray(self.gravity) * dt
        if self.damping:
            keep = max(0.0, 1.0 - self.damping * dt)
            others = moving.copy()
            if self.controlled is not None:
                others[self.controlled] = False
            self.velocity[others] *= keep

    def _integrate(self, dt: float) -> None:
        moving = ~self.static
        self.position[moving] += self.velocity[moving] * dt
        c = self.controlled
        if c is not None:  # the learner's shape never leaves the screen
            x0, y0, x1, y1 = self.bounds
            for axis, lo, hi in ((0, x0, x1), (1, y0, y1)):
                if not lo <= self.position[c, axis] <= hi:
                    self.position[c, axis] = min(max(self.position[c, axis], lo), hi)
                    self.velocity[c, axis] = 0.0
        self._moved()

    def _solve_velocities(self, contacts: list[tuple]) -> None:
        """Sequential impulses (box2d-lite): per contact, accumulate a normal impulse
        P >= 0 that stops the closing speed (or bounces it back by restitution) and a
        friction impulse clamped to |Pt| <= mu P; sweep all contacts several times so
        that a stack passes its weight down to the floor. Warm starting: each contact
        begins with the impulses it ended the last step with, so a resting stack
        converges over a few frames instead of within one.
        """
        if not contacts:
            self._impulses = {}
            return
        velocity = self.velocity.tolist()
        inv_mass = self.inv_mass.tolist()
        # Without gravity the arrows set the controlled body's velocity outright (tutorial
        # 003); its contacts are left to the MTV, which slides it along what it pushes.
        steered = self.controlled if self.gravity == (0.0, 0.0) else None
        rows = []
        for a, b, nx, ny, _ in contacts:
            ia, ib = inv_mass[a], inv_mass[b]
            if ia + ib == 0.0 or steered in (a, b):
                continue
            va, vb = velocity[a], velocity[b]
            # Closing speed before any warm start: it alone decides whether this bounces.
            closing = (va[0] - vb[0]) * nx + (va[1] - vb[1]) * ny
            body_a, body_b = self.bodies[a], self.bodies[b]
            e = min(body_a.restitution, body_b.restitution) if -closing > BOUNCE_THRESHOLD else 0.0
            mu = math.sqrt(body_a.friction * body_b.friction)
            p, pt = self._impulses.get((a, b), (0.0, 0.0))
            # [a, b, nx, ny, ia, ib, 1/(ia+ib), target normal speed, mu, P, Pt]
            rows.append([a, b, nx, ny, ia, ib, 1.0 / (ia + ib), -e * closing, mu, p, pt])
        for a, b, nx, ny, ia, ib, _, _, _, p, pt in rows:  # warm start
            tx, ty = -ny, nx
            jx, jy = p * nx + pt * tx, p * ny + pt * ty
            velocity[a][0] += ia * jx
            velocity[a][1] += ia * jy
            velocity[b][0] -= ib * jx
            velocity[b][1] -= ib * jy
        for _ in range(self.velocity_iterations):
            for row in rows:
                a, b, nx, ny, ia, ib, k, target, mu, p, pt = row
                va, vb = velocity[a], velocity[b]
                vn = (va[0] - vb[0]) * nx + (va[1] - vb[1]) * ny
                new_p = max(p + (target - vn) * k, 0.0)
                dp = new_p - p
                row[9] = new_p
                va[0] += dp * ia * nx
                va[1] += dp * ia * ny
                vb[0] -= dp * ib * nx
                vb[1] -= dp * ib * ny
                tx, ty = -ny, nx
                vt = (va[0] - vb[0]) * tx + (va[1] - vb[1]) * ty
                limit = mu * new_p
                new_pt = max(-limit, min(limit, pt - vt * k))
                dpt = new_pt - pt
                row[10] = new_pt
                va[0] += dpt * ia * tx
                va[1] += dpt * ia * ty
                vb[0] -= dpt * ib * tx
                vb[1] -= dpt * ib * ty
        self.velocity[:] = velocity
        self._impulses = {(row[0], row[1]): (row[9], row[10]) for row in rows}

    def _sweep_bullets(self, dt: float) -> tuple[SweepEvent, ...]:
        """Cut each bullet's last motion at its first touch with anything in the way."""
        events = []
        for i, body in enumerate(self.bodies):
            if not body.bullet or body.static:
                continue
            motion = self.velocity[i] * dt
            end = self.position[i].copy()
            start = end - motion
            start_shape = body.shape.placed(
                (float(start[0]), float(start[1])), float(self.angle[i])
            )
            swept_box = _union(start_shape.aabb(), self.shape(i).aabb())
            first, first_other, first_normal = None, None, None
            for j, other in enumerate(self.shapes()):
                if j == i or not swept_box.overlaps(other.aabb()):
                    continue
                hit = sweep(start_shape, other, motion)
                if hit.hit and not hit.initially_overlapping:
                    if first is None or hit.fraction < first:
                        first, first_other, first_normal = hit.fraction, j, hit.normal
            events.append(
                SweepEvent(
                    i,
                    (float(start[0]), float(start[1])),
                    (float(motion[0]), float(motion[1])),
                    first,
                    first_other,
                )
            )
            if first is not None:
                self.position[i] = start + motion * first
                n = np.asarray(first_normal)
                vn = float(self.velocity[i] @ n)
                if vn < 0:
                    self.velocity[i] -= (1 + body.restitution) * vn * n
                self._moved()
        return tuple(events)

    def _collide(self):
        """Broad phase then narrow phase on the current pose.

        Returns (contacts as (a, b, nx, ny, depth) tuples, candidate pairs, x-swept
        pairs, all pairs). Plain tuples: the solver passes run several times a step.
        """
        g = self.geometry()
        broad = sort_and_sweep(g["boxes"], self.static)
        pairs = broad.pairs
        contacts = []
        if len(pairs):
            first, second = pairs[:, 0], pairs[:, 1]
            polygon_pair = self.is_polygon[first] & self.is_polygon[second]
            colliding = np.zeros(len(pairs), dtype=bool)
            normal = np.zeros((len(pairs), 2))
            depth = np.zeros(len(pairs))
            if polygon_pair.any():
                i, j = first[polygon_pair], second[polygon_pair]
                v, n, c, lo, hi = (
                    g[k] for k in ("vertices", "normals", "centroid", "own_lo", "own_hi")
                )
                batch = sat_many(
                    PolygonBatch.from_arrays(v[i], n[i], c[i], lo[i], hi[i]),
                    PolygonBatch.from_arrays(v[j], n[j], c[j], lo[j], hi[j]),
                )
                colliding[polygon_pair] = batch.colliding
                normal[polygon_pair] = batch.normal
                depth[polygon_pair] = batch.depth
            for k in np.flatnonzero(~polygon_pair):
                report = sat(self.shape(int(first[k])), self.shape(int(second[k])))
                colliding[k], normal[k], depth[k] = report.colliding, report.normal, report.depth
            hit = np.flatnonzero(colliding)
            contacts = list(
                zip(
                    first[hit].tolist(),
                    second[hit].tolist(),
                    normal[hit, 0].tolist(),
                    normal[hit, 1].tolist(),
                    depth[hit].tolist(),
                    strict=True,
                )
            )
        return contacts, len(pairs), broad.swept_pairs, broad.all_pairs

    def _resolve(self, contacts: list[tuple], impulse_for: set) -> None:
        """Push each pair apart along its MTV (split by inverse mass); the pairs in
        `impulse_for` (new contacts: impacts) also bounce and slide.

        Pairs are handled one after another in a fixed order (Gauss-Seidel), on
        plain floats.
        """
        position = self.position.tolist()
        velocity = self.velocity.tolist()
        inv_mass = self.inv_mass.tolist()
        slop, correction = self.slop, self.correction
        for a, b, nx, ny, depth in contacts:
            ia, ib = inv_mass[a], inv_mass[b]
            total = ia + ib
            if total == 0.0:
                continue
            pa, pb = position[a], position[b]
            push = max(depth - slop, 0.0) * correction
            share_a, share_b = push * ia / total, push * ib / total
            pa[0] += nx * share_a
            pa[1] += ny * share_a
            pb[0] -= nx * share_b
            pb[1] -= ny * share_b
            if (a, b) not in impulse_for:
                continue
            va, vb = velocity[a], velocity[b]
            vn = (va[0] - vb[0]) * nx + (va[1] - vb[1]) * ny
            if vn >= 0:
                continue  # already separating
            body_a, body_b = self.bodies[a], self.bodies[b]
            e = min(body_a.restitution, body_b.restitution) if -vn > BOUNCE_THRESHOLD else 0.0
            j = -(1 + e) * vn / total
            va[0] += j * ia * nx
            va[1] += j * ia * ny
            vb[0] -= j * ib * nx
            vb[1] -= j * ib * ny
            # Coulomb friction along the contact tangent, clamped by mu * j.
            tx, ty = -ny, nx
            vt = (va[0] - vb[0]) * tx + (va[1] - vb[1]) * ty
            mu = math.sqrt(body_a.friction * body_b.friction)
            jt = max(-mu * j, min(mu * j, -vt / total))
            va[0] += jt * ia * tx
            va[1] += jt * ia * ty
            vb[0] -= jt * ib * tx
            vb[1] -= jt * ib * ty
        self.position[:] = position
        self.velocity[:] = velocity
        self._moved()

    def _with_shown(self, record: StepRecord | None) -> StepRecord | None:
        """The same record, re-explaining the (newly chosen) pair on show at the current pose."""
        pair = self.shown_pair()
        if record is None or pair is None:
            return record
        a, b = pair
        return replace(record, shown=_explain(a, b, self.shape(a), self.shape(b)))

    def explain_now(self) -> StepRecord:
        """A record for the current pose without stepping (tick 0, or after Tab/reset)."""
        base = self.record or StepRecord(self.tick, 0, 0, 0, (), None, ())
        return self._with_shown(base)

    # -- snapshots ----------------------------------------------------------------

    def snapshot(self) -> dict:
        """Every body's state as plain JSON-ready data."""
        out = []
        for i, (body, shape) in enumerate(zip(self.bodies, self.shapes(), strict=True)):
            entry = {
                "name": body.name,
                "kind": shape.kind,
                "position": [float(v) for v in self.position[i]],
                "angle": float(self.angle[i]),
                "velocity": [float(v) for v in self.velocity[i]],
                "static": bool(body.static),
            }
            if isinstance(shape, Polygon):
                entry["vertices"] = shape.vertices.tolist()
            else:
                entry["radius"] = shape.radius
            out.append(entry)
        return {"tick": self.tick, "gravity": list(self.gravity), "bodies": out}

    def escaped(self, margin: float = 200.0) -> list[str]:
        """Names of bodies outside the world's bounds (by more than `margin`)."""
        x0, y0, x1, y1 = self.bounds
        out = []
        for body, p in zip(self.bodies, self.position, strict=True):
            if not (x0 - margin <= p[0] <= x1 + margin and y0 - margin <= p[1] <= y1 + margin):
                out.append(body.name)
        return out


def _explain(a: int, b: int, a_shape, b_shape) -> ShownPair:
    """The pair on show with its full SAT report (every axis tested, for the rulers)."""
    return ShownPair(a, b, a_shape, b_shape, sat(a_shape, b_shape, all_axes=True))


def _union(a, b) -> AABB:
    return AABB(
        min(a.min_x, b.min_x), min(a.min_y, b.min_y), max(a.max_x, b.max_x), max(a.max_y, b.max_y)
    )


__all__ = [
    "Body",
    "Contact",
    "Controls",
    "NO_CONTROLS",
    "ShapeError",
    "ShownPair",
    "StepRecord",
    "SweepEvent",
    "World",
]
