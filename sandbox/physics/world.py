"""A small 2D rigid-body world (numpy only). Two kinds of worlds share this class:

* **rigid** (the default under gravity): bodies translate and rotate; contact
  manifolds from SAT (one or two clipped points per pair, `core.manifold`) feed
  Box2D v3's soft-step solver (`rigid`), vectorised over a coloured contact graph;
  islands that settle fall asleep (`sleeping`). See `_step_rigid`.
* **MTV** (the default without gravity: tutorials 001-004): the learner's shape
  slides by the arrows and is pushed out along the SAT minimum translation vector,
  exactly the lesson drawn on screen. The steps below.

Conventions are those of `sandbox.core.geometry`: pixels, y down, gravity +y.

MTV World.step(dt, controls)::

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
from dataclasses import fields as dataclass_fields
from dataclasses import replace

import numpy as np

from ..core.compound import Compound
from ..core.geometry import Circle, Polygon, Vec2, edge_normals
from ..core.portable import cos_sin, dot_rows, hypot, rotate, transform
from .body import NO_STEERING, Body, Steering
from .bullets import sweep_bullets
from .contacts import PairCounts, collide, find_manifolds, point_slots
from .finite import check_finite
from .mouse import MouseGrab, pull
from .records import Contact, ManifoldContacts, StepRecord, explain
from .rigid import ContactSet, solve_rigid
from .sleeping import rest_key, rest_step, update_sleep
from .solver import push_apart, solve_velocities


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
        rigid: bool | None = None,
        substeps: int = 12,
        relax_iterations: int = 1,
        contact_hertz: float = 90.0,
        contact_damping_ratio: float = 10.0,
        push_speed: float = 100.0,
        angular_damping: float = 0.0,
        sleep: bool = True,
        sleep_time: float = 0.5,
        sleep_speed: float = 4.0,
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
        # Rigid bodies (Box2D v3 soft step): None = rigid under gravity, MTV without.
        self.rigid = (self.gravity != (0.0, 0.0)) if rigid is None else bool(rigid)
        self.substeps = int(substeps)
        self.relax_iterations = int(relax_iterations)
        if self.substeps < 1 or self.relax_iterations < 1:
            raise ValueError(
                "substeps and relax_iterations must be at least 1 (the relax pass takes "
                f"the push-out velocity away again), got {substeps} and {relax_iterations}"
            )
        # Stiffness of the soft contacts, capped at hertz_cap times the substep rate
        # (Box2D v3: 0.125, omega h <= pi / 4; see rigid.contact_hertz). Twelve substeps
        # carry the full 90 Hz (180 Hz against a fixed body): a 20-box column sinks about
        # 1 px (Box2D's own 30 Hz would sink it 12 px; 6 substeps capped it at 45 Hz).
        self.contact_hertz = float(contact_hertz)
        self.hertz_cap = 0.125
        self.contact_damping_ratio = float(contact_damping_ratio)
        self.push_speed = float(push_speed)  # px/s: the most an overlap is pushed out at
        self.angular_damping = float(angular_damping)
        self.sleep = bool(sleep)
        self.sleep_time = float(sleep_time)  # s slow before an island sleeps
        self.sleep_speed = float(sleep_speed)  # px/s under which a body counts as slow
        self.contact_set: ContactSet | None = None  # manifolds at the current pose
        # The manifolds of the sleeping islands as they were when each fell asleep (the
        # narrow phase skips sleeping pairs): the impulse overlay draws the weight a
        # resting stack carries from them. Never solved; dropped once a body wakes.
        self.resting: ContactSet | None = None
        # Last step's colouring (a pure function of the constraint list): resting piles
        # keep the same pairs step after step, so it is reused when nothing changed.
        self.colour_cache: tuple[bytes, np.ndarray] | None = None
        self.tick = 0
        self._contacts: list[tuple] = []  # last step's (a, b, nx, ny, depth), for the solver
        self.warm_impulses: dict[tuple[int, int], tuple[float, float]] = {}  # warm starting
        self.partner: int | None = None  # chosen by Tab; None = nearest to the controlled body
        self.focus: int | None = None  # shape A chosen by a shift-click; None = the controlled
        self.grab: MouseGrab | None = None  # the body the mouse holds
        self.broad_phase = "sweep"  # or "grid", "quadtree" (contacts.BROAD_PHASES)
        self.broad = None  # the last broad phase's (boxes, result), for the renderer
        self.broad_fixed = None  # ... and the bodies it took as fixed
        self.record: StepRecord | None = None
        # What the last step depended on, if it began and ended fully asleep (a cache,
        # checked by value: `sleeping.rest_key`); while it holds, a step is `rest_step`.
        self.rest_key: tuple | None = None

        self.position = np.array([b.shape.position for b in self.bodies], dtype=float)
        self.angle = np.array([b.shape.angle for b in self.bodies], dtype=float)
        self.velocity = np.array([b.velocity for b in self.bodies], dtype=float).reshape(-1, 2)
        self.omega = np.array([b.angular_velocity for b in self.bodies], dtype=float)
        self.inv_inertia = np.array([b.inv_inertia for b in self.bodies], dtype=float)
        self.friction_of = np.array([b.friction for b in self.bodies], dtype=float)
        self.restitution_of = np.array([b.restitution for b in self.bodies], dtype=float)
        self.sleep_timer = np.zeros(len(self.bodies))
        self.sleeping = np.zeros(len(self.bodies), dtype=bool)
        self.sleep_island = np.arange(len(self.bodies))  # the island each body slept in
        self.inv_mass = np.array([b.inv_mass for b in self.bodies])
        self.static = np.array([b.static for b in self.bodies])
        # A static body stays put, so it has no speed: a speed given to one (a scene file
        # may give it) entered every contact with it as the motion of a wall that never
        # moves (a static heptagon at 671 rad/s threw a heavy L off at 9e4 px/s).
        self.velocity[self.static] = 0.0
        self.omega[self.static] = 0.0
        self.is_polygon = np.array([isinstance(b.shape, Polygon) for b in self.bodies])
        self.is_compound = np.array([isinstance(b.shape, Compound) for b in self.bodies])
        controlled = [i for i, b in enumerate(self.bodies) if b.controlled]
        if len(controlled) > 1:
            raise ValueError("at most one body can be controlled")
        self.controlled: int | None = controlled[0] if controlled else None
        self._pack_local_shapes()
        self._shapes: list | None = None
        self._geometry: dict | None = None

    def _pack_local_shapes(self) -> None:
        """Local vertices and normals of every polygon, padded to one width (see PolygonBatch).

        A compound body's row holds its outline (for its box, its reach and its drawing);
        its convex pieces, the shapes SAT tests, are packed apart (`_pack_pieces`)."""
        outlined = [b.shape for b in self.bodies if isinstance(b.shape, (Polygon, Compound))]
        width = max((len(shape) for shape in outlined), default=3)
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
            if isinstance(shape, (Polygon, Compound)):
                k = len(shape)
                if isinstance(shape, Polygon):
                    local, normals = shape.local_vertices, shape.local_normals
                else:
                    local = shape.local_outline
                    normals = edge_normals(local)
                self.vertex_count[i] = k
                _put_row(self.local_vertices, self.local_normals, i, local, normals)
                self.local_centroid[i] = shape.placed((0.0, 0.0), 0.0).centroid
                # A polygon's interval on each of its own normals does not change as it
                # moves, up to the offset position . normal: project once, here.
                own = transform(self.local_vertices[i], self.local_normals[i])
                self.local_own_lo[i] = own.min(axis=0)
                self.local_own_hi[i] = own.max(axis=0)
            else:
                self.radius[i] = shape.radius
        # The farthest point of each body from its centre of mass (for speeds of rotation).
        reach = self.local_vertices - self.local_centroid[:, None, :]
        self.extent = np.where(
            self.vertex_count > 0, np.sqrt(dot_rows(reach, reach)).max(axis=1), self.radius
        )
        self._pack_pieces()

    def _pack_pieces(self) -> None:
        """The convex pieces of every compound body, in its local frame, padded to the
        bodies' width (a piece's corners are corners of its outline, so it fits): piece p
        belongs to body `piece_body[p]`, where it is piece `piece_index[p]`."""
        pieces = [
            (i, k, piece)
            for i, body in enumerate(self.bodies)
            if isinstance(body.shape, Compound)
            for k, piece in enumerate(body.shape.decomposition.pieces)
        ]
        width = self.local_vertices.shape[1]
        self.piece_body = np.array([i for i, _, _ in pieces], dtype=int)
        self.piece_index = np.array([k for _, k, _ in pieces], dtype=int)
        self.piece_vertex_count = np.array([len(p) for _, _, p in pieces], dtype=int)
        self.piece_local_vertices = np.zeros((len(pieces), width, 2))
        self.piece_local_normals = np.zeros((len(pieces), width, 2))
        for row, (_, _, piece) in enumerate(pieces):
            _put_row(
                self.piece_local_vertices,
                self.piece_local_normals,
                row,
                piece.local_vertices,
                piece.local_normals,
            )
        # body -> its rows in the piece arrays (empty for convex bodies)
        self.pieces_of = [np.flatnonzero(self.piece_body == i) for i in range(len(self.bodies))]
        # The narrow phase's colliders: bodies 0..n-1, then pieces n..n+P-1. Body i is
        # tested as `part_rows[part_start[i] : part_start[i] + part_count[i]]`: its own
        # row when convex, its pieces' rows when compound.
        n = len(self.bodies)
        parts = [n + self.pieces_of[i] if len(self.pieces_of[i]) else [i] for i in range(n)]
        self.part_count = np.array([len(p) for p in parts], dtype=int)
        self.part_start = np.concatenate([[0], np.cumsum(self.part_count)[:-1]]).astype(int)
        self.part_rows = np.concatenate([np.asarray(p, dtype=int) for p in parts])

    def centres(self) -> np.ndarray:
        """(n, 2) centres of mass at the current pose (position + R(angle) local centroid):
        a copy of the pose's cached geometry, which the step has computed already."""
        return self.geometry()["centroid"].copy()

    def move_centres(self, centres: np.ndarray, angles: np.ndarray, which: np.ndarray) -> None:
        """Put the centres of mass of bodies `which` at `centres`, turned to `angles`."""
        origin = centres - rotate(self.local_centroid, *cos_sin(angles))
        self.position[which] = origin[which]
        self.angle[which] = angles[which]
        self.pose_changed()

    # -- state access ---------------------------------------------------------

    def shape(self, index: int) -> Polygon | Circle | Compound:
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

    def pose_changed(self) -> None:
        self._shapes = None
        self._geometry = None

    def geometry(self) -> dict:
        """World-space arrays for every body at the current pose (cached until it changes).

        vertices / normals: (n, width, 2), padded (circles: zeros); centroid: (n, 2);
        boxes: (n, 4) bounding boxes (min_x, min_y, max_x, max_y).
        """
        if self._geometry is None:
            c, s = (part[:, None] for part in cos_sin(self.angle))
            vertices = _turned(c, s, self.local_vertices, self.position)
            normals = _turned(c, s, self.local_normals)
            centroid = _turned(c, s, self.local_centroid[:, None, :], self.position)[:, 0]
            boxes = _row_boxes(vertices)
            circles = self.vertex_count == 0
            r = self.radius[circles, None]
            boxes[circles] = np.concatenate(
                [self.position[circles] - r, self.position[circles] + r], axis=1
            )
            offset = dot_rows(normals, self.position[:, None, :])
            self._geometry = {
                "own_lo": self.local_own_lo + offset,
                "own_hi": self.local_own_hi + offset,
                "vertices": vertices,
                "normals": normals,
                "centroid": centroid,
                "boxes": boxes,
            }
            if len(self.piece_body):
                self._geometry.update(self._piece_geometry(c, s))
        return self._geometry

    def _piece_geometry(self, c: np.ndarray, s: np.ndarray) -> dict:
        """World vertices, normals and boxes of every compound body's pieces; `c`, `s`
        (n, 1): the bodies' cosines and sines, worked out once for their outlines."""
        owner = self.piece_body
        c, s = c[owner], s[owner]
        vertices = _turned(c, s, self.piece_local_vertices, self.position[owner])
        normals = _turned(c, s, self.piece_local_normals)
        return {
            "piece_vertices": vertices,
            "piece_normals": normals,
            "piece_boxes": _row_boxes(vertices),
        }

    def index(self, name: str) -> int:
        for i, b in enumerate(self.bodies):
            if b.name == name:
                return i
        raise KeyError(f"no body named {name!r}")

    def reverse_gravity(self) -> None:
        """Tutorial 002's live demo button: gravity points the other way, and every body
        wakes to feel it (a sleeping body would rest where the old gravity left it). The
        contacts are found afresh at the next step, the woken bodies' among them."""
        self.gravity = (-self.gravity[0] + 0.0, -self.gravity[1] + 0.0)
        self._wake_all()

    # The classroom's sliders. Each builds a NEW array rather than writing into the old one:
    # the rewind's snapshots share these arrays (app/history.SHARED), so a rewind to before
    # the change gets the old values back. Every body wakes, and contacts are found afresh.

    def set_gravity_strength(self, strength: float) -> None:
        """Gravity of `strength` px/s^2 in the direction it points now (down if none)."""
        gx, gy = self.gravity
        length = hypot(gx, gy)
        ux, uy = (gx / length, gy / length) if length > 0.0 else (0.0, 1.0)
        self.gravity = (ux * float(strength) + 0.0, uy * float(strength) + 0.0)
        self._wake_all()

    def set_friction(self, friction: float) -> None:
        """Every body's friction coefficient (a pair's is the geometric mean of its two)."""
        self.friction_of = np.full(len(self.bodies), float(friction))
        self._wake_all()

    def set_restitution(self, restitution: float) -> None:
        """Every body's restitution (a pair bounces with the smaller of its two)."""
        self.restitution_of = np.full(len(self.bodies), float(restitution))
        self._wake_all()

    def set_density(self, index: int, density: float) -> None:
        """Body `index`'s density (mass per px^2): its mass and moment of inertia follow.
        A static body or one that never turns keeps its zero inverse."""
        body = replace(self.bodies[index], density=float(density))
        inv_mass, inv_inertia = self.inv_mass.copy(), self.inv_inertia.copy()
        inv_mass[index] = body.inv_mass
        inv_inertia[index] = body.inv_inertia
        self.inv_mass, self.inv_inertia = inv_mass, inv_inertia
        self._wake_all()

    def density(self, index: int) -> float:
        """Body `index`'s density now (what set_density last gave it, else its own)."""
        inv_mass = float(self.inv_mass[index])
        if inv_mass == 0.0:
            return self.bodies[index].density
        return 1.0 / (inv_mass * self.bodies[index].shape.area)

    def _wake_all(self) -> None:
        self.resting = None
        self.sleeping = np.zeros_like(self.sleeping)
        self.sleep_timer = np.zeros_like(self.sleep_timer)
        self.contact_set = None

    def shown_pair(self) -> tuple[int, int] | None:
        """The pair the overlay explains: the controlled body (else body 0) and its partner."""
        n = len(self.bodies)
        if n < 2:
            return None
        a = self.controlled if self.controlled is not None else 0
        if self.focus is not None and 0 <= self.focus < n:
            a = self.focus
        if self.partner is not None and self.partner != a and 0 <= self.partner < n:
            return a, self.partner
        return a, self.nearest(a)

    def nearest(self, a: int) -> int:
        """The body whose shape is nearest to body a's (SAT gap; deepest overlap first)."""
        g = self.geometry()
        boxes, centroid = g["boxes"], g["centroid"]
        box = boxes[a]
        gap = np.maximum(box[0] - boxes[:, 2], boxes[:, 0] - box[2])
        np.maximum(gap, box[1] - boxes[:, 3], out=gap)
        np.maximum(gap, boxes[:, 1] - box[3], out=gap)
        gap = np.maximum(gap, 0.0)  # overlapping boxes all rank by centre distance
        d = centroid - centroid[a]
        distance = hypot(d[:, 0], d[:, 1])
        # A gap or distance that is not a number (a state gone wrong) ranks last, never
        # leaving nothing to choose from (argmin of an empty sequence ended the app).
        gap = np.where(np.isnan(gap), np.inf, gap)
        distance = np.where(np.isnan(distance), np.inf, distance)
        others = np.arange(len(gap)) != a
        # The smallest gap, then the smallest distance, then the lowest index.
        tied = np.flatnonzero(others & (gap == gap[others].min()))
        return int(tied[np.argmin(distance[tied])])

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

    def step(self, dt: float, controls: Steering = NO_STEERING) -> StepRecord:
        """Advance the world by dt seconds; return (and keep) what happened."""
        dt = float(dt)
        if not (math.isfinite(dt) and dt > 0):
            raise ValueError(f"dt must be a positive number of seconds, got {dt}")
        if self.rigid:
            record = self._step_rigid(dt, controls)
            check_finite(self)
            return record
        self._steer(dt, controls)
        if self.grab is not None:
            pull(self, self.grab, dt)
        self._apply_forces(dt)
        if self.resolve:
            solve_velocities(self, self._contacts)
        self._integrate(dt)
        check_finite(self)  # before the shapes are placed there
        sweeps = sweep_bullets(self, dt) if self.swept else ()
        contacts: list[tuple] = []
        counts = PairCounts(0, 0, 0)
        # The pair on show is explained exactly as the narrow phase is about to test it.
        pair = self.shown_pair()
        tested = None if pair is None else (*pair, self.shape(pair[0]), self.shape(pair[1]))
        for iteration in range(max(1, self.iterations)):
            found = collide(self)
            if iteration == 0:
                counts = found.counts
            if not found.contacts:
                break
            if not self.resolve:
                contacts = found.contacts
                break
            if iteration == 0:
                contacts = found.contacts
                known = {(c[0], c[1]) for c in self._contacts}
                fresh = {(c[0], c[1]) for c in contacts} - known
                push_apart(self, contacts, impulse_for=fresh)
            else:
                push_apart(self, found.contacts, impulse_for=())
        self._contacts = contacts if self.resolve else []
        check_finite(self)
        self.tick += 1
        shown = None if tested is None else explain(*tested)
        records = tuple(Contact(a, b, (nx, ny), d) for a, b, nx, ny, d in contacts)
        self.record = StepRecord(
            self.tick, counts.candidates, counts.swept, counts.all, records, shown, sweeps
        )
        return self.record

    def _step_rigid(self, dt: float, controls: Steering) -> StepRecord:
        """One rigid step: solve last pose's manifolds (soft step, substeps), sweep
        bullets, then find the manifolds at the new pose (kept for the next step and
        for the renderer), then let settled islands sleep. A world that stays fully
        asleep skips all of it (`sleeping.rest_key`)."""
        if (
            self.rest_key is not None
            and (controls == NO_STEERING or self.controlled is None)
            and rest_key(self) == self.rest_key
        ):
            return self._rest_step(dt)
        self._steer(dt, controls)
        if self.grab is not None:
            pull(self, self.grab, dt)
        if self.controlled is not None and controls != NO_STEERING:
            self.sleep_timer[self.controlled] = 0.0
            self.sleeping[self.controlled] = False
        if self.contact_set is None:
            self.contact_set = find_manifolds(self, dt).contact_set
        moving = ~self.static & ~self.sleeping
        began_asleep = not moving.any()
        begun = self.position.copy()  # the bullets sweep from here (`sweep_bullets`)
        if self.resolve:
            solve_rigid(self, dt, self.contact_set, moving)
        else:
            self.velocity[moving] += np.asarray(self.gravity) * dt
            self.position[moving] += self.velocity[moving] * dt
            self.angle[moving] += self.omega[moving] * dt
            self.pose_changed()
        self._keep_controlled_inside()
        check_finite(self)  # before the shapes are placed there
        sweeps = sweep_bullets(self, dt, begun) if self.swept else ()
        pair = self.shown_pair()
        tested = None if pair is None else (*pair, self.shape(pair[0]), self.shape(pair[1]))
        found = find_manifolds(self, dt)
        self.contact_set = found.contact_set
        if self.sleep:
            was_asleep = self.sleeping
            update_sleep(self, self.contact_set, dt)
            self.resting = _still_resting(self, self.resting, found.contact_set, was_asleep)
            if (was_asleep & ~self.sleeping).any():
                # Woken bodies were left out of the narrow phase against static ones
                # (a sleeping pair cannot move): find their contacts now, or the next
                # solve pushes a woken box through the floor it rests on.
                self.contact_set = find_manifolds(self, dt).contact_set
        self.tick += 1
        shown = None if tested is None else explain(*tested)
        counts = found.counts
        self.record = StepRecord(
            self.tick,
            counts.candidates,
            counts.swept,
            counts.all,
            self._contact_records(),
            shown,
            sweeps,
        )
        self.rest_key = rest_key(self) if began_asleep else None
        return self.record

    def _rest_step(self, dt: float) -> StepRecord:
        """The last step again, in a world that stays fully asleep: the same pose, no
        contact to solve, the same pair on show; only the tick and the timers move."""
        rest_step(self, dt)
        self.tick += 1
        last = self.record
        self.record = StepRecord(
            self.tick,
            last.candidate_pairs,
            last.swept_pairs,
            last.all_pairs,
            last.contacts,
            last.shown,
            last.sweeps,
        )
        return self.record

    def _contact_records(self) -> ManifoldContacts:
        """Touching pairs of the current manifolds, as the renderer draws them (lazy)."""
        cs = self.contact_set
        valid = point_slots(cs.count)
        ahead = np.where(valid, cs.separation, np.inf)
        deepest = np.minimum(ahead[:, 0], ahead[:, 1])  # (.min(axis=1): 30 x slower)
        k = np.flatnonzero(deepest <= 0.0)
        return ManifoldContacts(
            cs.a[k],
            cs.b[k],
            cs.normal[k],
            np.maximum(-deepest[k], 0.0),
            cs.points[k],
            cs.normal_impulse[k],
            cs.count[k],
        )

    def _keep_controlled_inside(self) -> None:
        c = self.controlled
        if c is None:
            return
        x0, y0, x1, y1 = self.bounds
        for axis, lo, hi in ((0, x0, x1), (1, y0, y1)):
            if not lo <= self.position[c, axis] <= hi:
                self.position[c, axis] = min(max(self.position[c, axis], lo), hi)
                self.velocity[c, axis] = 0.0
                self.pose_changed()

    def _steer(self, dt: float, controls: Steering) -> None:
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
            g = hypot(*self.gravity)
            self.velocity[c, 1] += dy * 2.2 * g * dt
        turn = float(controls.turn_right) - float(controls.turn_left)
        if self.rigid and self.gravity != (0.0, 0.0):
            # Under gravity Q/E apply a torque: spin up toward the turning speed.
            if turn and self.inv_inertia[c] > 0.0:
                w = self.omega[c] + turn * 4.0 * self.turn_speed * dt
                self.omega[c] = max(-2 * self.turn_speed, min(2 * self.turn_speed, w))
        elif turn:
            self.angle[c] += turn * self.turn_speed * dt
            self.pose_changed()

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
        if c is not None:  # the learner's whole shape stays inside the world's bounds
            self.pose_changed()
            box = self.shape(c).aabb()
            p = self.position[c]
            reach = ((p[0] - box.min_x, box.max_x - p[0]), (p[1] - box.min_y, box.max_y - p[1]))
            x0, y0, x1, y1 = self.bounds
            for axis, lo, hi in ((0, x0, x1), (1, y0, y1)):
                lo, hi = lo + reach[axis][0], hi - reach[axis][1]
                if not lo <= self.position[c, axis] <= hi:
                    self.position[c, axis] = min(max(self.position[c, axis], lo), max(lo, hi))
                    self.velocity[c, axis] = 0.0
        self.pose_changed()

    def _with_shown(self, record: StepRecord | None) -> StepRecord | None:
        """The same record, re-explaining the (newly chosen) pair on show at the current pose."""
        pair = self.shown_pair()
        if record is None or pair is None:
            return record
        a, b = pair
        return replace(record, shown=explain(a, b, self.shape(a), self.shape(b)))

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
                "angular_velocity": float(self.omega[i]),
                "static": bool(body.static),
            }
            if isinstance(shape, Polygon):
                entry["vertices"] = shape.vertices.tolist()
            elif isinstance(shape, Compound):
                entry["vertices"] = shape.vertices.tolist()  # the outline
                entry["pieces"] = [piece.vertices.tolist() for piece in shape.pieces]
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


def _still_resting(world, resting, found, was_asleep):
    """World.resting after a step: its rows whose bodies all still sleep (or are fixed),
    and the rows just found of the islands that fell asleep this step."""
    at_rest = world.sleeping | world.static
    falling = world.sleeping & ~was_asleep
    parts = []
    if resting is not None:
        parts.append((resting, at_rest[resting.a] & at_rest[resting.b]))
    if falling.any():
        parts.append(
            (found, at_rest[found.a] & at_rest[found.b] & (falling[found.a] | falling[found.b]))
        )
    parts = [(cs, keep) for cs, keep in parts if keep.any()]
    if not parts:
        return None
    if len(parts) == 1 and parts[0][0] is resting and parts[0][1].all():
        return resting  # nothing fell asleep or woke: the same rows (not copied again)
    fields = [f.name for f in dataclass_fields(found)]
    return type(found)(
        **{name: np.concatenate([getattr(cs, name)[keep] for cs, keep in parts]) for name in fields}
    )


def _put_row(vertices, normals, row, local, local_normals) -> None:
    """Row `row` of padded (m, W, 2) arrays: the shape's k vertices and normals, then the
    last vertex and the first normal repeated (the padding `PolygonBatch` expects)."""
    k = len(local)
    vertices[row, :k] = local
    vertices[row, k:] = local[-1]
    normals[row, :k] = local_normals
    normals[row, k:] = local_normals[0]


def _turned(c, s, local: np.ndarray, position=None) -> np.ndarray:
    """Padded local rows (m, W, 2) turned by their bodies' (cos, sin) (m, 1) and moved to
    their positions (m, 2); without a position, directions (-0.0 made 0.0)."""
    return rotate(local, c, s) + (0.0 if position is None else position[:, None, :])


def _row_boxes(vertices: np.ndarray) -> np.ndarray:
    """(m, 4) bounding boxes (min x, min y, max x, max y) of (m, W, 2) vertex rows."""
    lo, hi = vertices[:, 0].copy(), vertices[:, 0].copy()
    for j in range(1, vertices.shape[1]):  # faster than min(axis=1) on short rows
        np.minimum(lo, vertices[:, j], out=lo)
        np.maximum(hi, vertices[:, j], out=hi)
    return np.concatenate([lo, hi], axis=1)
