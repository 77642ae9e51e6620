"""A small 2D rigid-body world (numpy only). Two kinds of worlds share this class:

* **rigid** (the default under gravity): bodies translate and rotate; contact
  manifolds from SAT (one or two clipped points per pair, `core.manifold`) feed
  Box2D v3's soft-step solver (`rigid`), vectorised over a coloured contact graph;
  islands that settle fall asleep (`sleeping`).
* **MTV** (the default without gravity: tutorials 001-004): the learner's shape
  slides by the arrows and is pushed out along the SAT minimum translation vector,
  exactly the lesson drawn on screen.

The phases of each kind of step are in `phases`. `step` never reads a clock: the same
world, dt and steering give the same state, bit for bit. Conventions are those of
`sandbox.core.geometry`: pixels, y down, gravity +y.

What a World holds is declared here, once (the names below): its settings (a
`WorldSettings`, each field an attribute), what is built from its bodies, what a step
changes, and caches. `save_state` / `restore_state` (rewind, undo) and `rebuild` (an
edit) read these lists and nothing else; no other module names a World's fields. Which
pair is on show is the app's to choose: a step explains the pair it is asked for.
"""

from __future__ import annotations

import copy
import math
from dataclasses import dataclass, fields, replace

import numpy as np

from ..core.compound import Compound
from ..core.geometry import Circle, Polygon
from ..core.portable import cos_sin, hypot, rotate
from .body import NO_STEERING, Body, Steering
from .finite import check_finite
from .mouse import MouseGrab
from .packing import MATERIAL, PACKED, pack
from .phases import step_mtv, step_rigid
from .pose import nearest, pose_geometry
from .records import AskedPair, ShownPair, StepRecord, explain
from .rigid import ContactSet
from .settings import WorldSettings

# -- what a World holds (every attribute is in exactly one of these) ------------------
SETTINGS = tuple(f.name for f in fields(WorldSettings))  # saved as one WorldSettings
# Built from the bodies (`packing`), or frozen once made, or replaced whole when set
# (the sliders' MATERIAL arrays): never written in place, so a saved state shares them.
SHARED = ("bodies", "controlled", *PACKED, *MATERIAL, "record", "broad", "colour_cache")
# What a step (or the learner) changes in place: a saved state copies it.
COPIED = (
    "tick",
    "position",
    "angle",
    "velocity",
    "omega",
    "sleep_timer",
    "sleeping",
    "sleep_island",
    "contact_set",
    "resting",
    "_contacts",
    "warm_impulses",
    "grab",
    "broad_fixed",
    "rest_key",
)
CACHES = ("_shapes", "_geometry")  # rebuilt on demand from the pose: never saved
# The per-body state a rebuild carries over to each kept body (`World.rebuild`).
POSE = ("position", "angle", "velocity", "omega")


@dataclass(frozen=True)
class SavedState:
    """A World as it was (`World.save_state`): its settings, the fields it shares with
    the live world, and its own copies of the rest."""

    settings: WorldSettings
    shared: dict
    copied: dict

    @property
    def tick(self) -> int:
        return self.copied["tick"]


def _copied(value):
    return value.copy() if isinstance(value, (np.ndarray, ContactSet)) else copy.deepcopy(value)


class World:
    """Bodies, gravity and the rules of one scene; `step` advances it by dt.

    `World(bodies, settings)`, or `World(bodies, gravity=(0, 900), ...)`: the settings'
    defaults changed by name (either way, the fields of `WorldSettings`)."""

    def __init__(self, bodies, settings: WorldSettings | None = None, **changes):
        settings = replace(settings, **changes) if settings else WorldSettings(**changes)
        self._use_settings(settings)
        self.tick = 0  # steps since built (a rebuild keeps it, a rewind puts it back)
        self._use_bodies(list(bodies))

    @property
    def settings(self) -> WorldSettings:
        """The settings as they stand now (a few change while the world runs)."""
        return WorldSettings(**{name: getattr(self, name) for name in SETTINGS})

    def _use_settings(self, settings: WorldSettings) -> None:
        for name in SETTINGS:
            setattr(self, name, getattr(settings, name))
        # None: rigid bodies (Box2D v3 soft step) under gravity, MTV without.
        if settings.rigid is None:
            self.rigid = self.gravity != (0.0, 0.0)

    def _use_bodies(self, bodies: list[Body]) -> None:
        """The world's bodies become `bodies`, as they stand, all awake; nothing of the
        last step is kept (contacts, warm starts, record). Checked before any change."""
        if not bodies:
            raise ValueError("a world needs at least one body")
        names = [b.name for b in bodies]
        if len(set(names)) != len(names):
            raise ValueError(f"body names must be unique, got {names}")
        controlled = [i for i, b in enumerate(bodies) if b.controlled]
        if len(controlled) > 1:
            raise ValueError("at most one body can be controlled")
        self.bodies: list[Body] = bodies
        self.controlled: int | None = controlled[0] if controlled else None
        for name, value in pack(bodies).items():
            setattr(self, name, value)
        n = len(bodies)
        self.position = np.array([b.shape.position for b in bodies], dtype=float)
        self.angle = np.array([b.shape.angle for b in bodies], dtype=float)
        self.velocity = np.array([b.velocity for b in bodies], dtype=float).reshape(-1, 2)
        self.omega = np.array([b.angular_velocity for b in bodies], dtype=float)
        # A static body stays put, so it has no speed: a speed given to one (a scene file
        # may give it) entered every contact with it as the motion of a wall that never
        # moves (a static heptagon at 671 rad/s threw a heavy L off at 9e4 px/s).
        self.velocity[self.static] = 0.0
        self.omega[self.static] = 0.0
        self.sleep_timer = np.zeros(n)
        self.sleeping = np.zeros(n, dtype=bool)
        self.sleep_island = np.arange(n)  # the island each body slept in
        self.contact_set: ContactSet | None = None  # manifolds at the current pose
        # The manifolds of the sleeping islands as they were when each fell asleep (the
        # narrow phase skips sleeping pairs): the impulse overlay draws the weight a
        # resting stack carries from them. Never solved; dropped once a body wakes.
        self.resting: ContactSet | None = None
        # Last step's colouring (a pure function of the constraint list): resting piles
        # keep the same pairs step after step, so it is reused when nothing changed.
        self.colour_cache: tuple[bytes, np.ndarray] | None = None
        self._contacts: list[tuple] = []  # last step's (a, b, nx, ny, depth), for the solver
        self.warm_impulses: dict[tuple[int, int], tuple[float, float]] = {}  # warm starting
        self.grab: MouseGrab | None = None  # the body the mouse holds
        self.broad = None  # the last broad phase's (boxes, result), for the renderer
        self.broad_fixed = None  # ... and the bodies it took as fixed
        self.record: StepRecord | None = None
        # What the last step depended on, if it began and ended fully asleep (a cache,
        # checked by value: `sleeping.rest_key`); while it holds, a step is `rest_step`.
        self.rest_key: tuple | None = None
        self.pose_changed()

    # -- saved states and rebuilds --------------------------------------------------

    def save_state(self) -> SavedState:
        """The world's state now, to put back later with `restore_state` (rewind, undo)."""
        return SavedState(
            self.settings,
            {name: getattr(self, name) for name in SHARED},
            {name: _copied(getattr(self, name)) for name in COPIED},
        )

    def restore_state(self, saved: SavedState) -> None:
        """Put the world back as it was (copied again: the saved state stays reusable).
        Stepping on from here gives bit for bit what stepping on from there gave."""
        self._use_settings(saved.settings)
        for name, value in saved.shared.items():
            setattr(self, name, value)
        for name, value in saved.copied.items():
            setattr(self, name, _copied(value))
        self.pose_changed()

    def bodies_now(self) -> list[Body]:
        """New Body records of the world's bodies as they stand: shape at the current pose,
        current speeds (the old records, shared with saved states, are never changed)."""
        return [
            replace(
                body,
                shape=self.shape(i),
                velocity=(float(self.velocity[i, 0]), float(self.velocity[i, 1])),
                angular_velocity=float(self.omega[i]),
            )
            for i, body in enumerate(self.bodies)
        ]

    def rebuild(self, bodies: list[Body], origin: list, moved_body=None) -> None:
        """The world's bodies become `bodies` (origin[j]: body j's old index, None when
        new), every setting and the tick kept, kept bodies' poses and speeds bit for bit
        (but `moved_body`'s pose, which its new shape gives), every body awake. The
        contacts, warm starts and colouring are found afresh by the next step (the MTV
        solver's last contacts and warm starts are kept, renumbered). The controlled body
        and a held body keep theirs; a deleted one is let go."""
        old = {name: getattr(self, name) for name in (*POSE, *MATERIAL, *COPIED)}
        self._use_bodies(list(bodies))
        new_of = {was: now for now, was in enumerate(origin) if was is not None}
        kept = list(new_of.items())  # (old, new) of every body kept
        unmoved = [(was, now) for was, now in kept if now != moved_body]
        # Poses and speeds; and what the sliders set (Tune), which is the world's, not the
        # bodies': friction and bounce for every kept body, mass for the unmoved ones (a
        # reshaped body's mass follows its new area from its own density).
        for names, pairs in (
            (POSE, unmoved),
            (("friction_of", "restitution_of"), kept),
            (("inv_mass", "inv_inertia"), unmoved),
        ):
            if pairs:
                was, now = (np.array(side, dtype=int) for side in zip(*pairs, strict=True))
                for name in names:
                    values = getattr(self, name).copy()
                    values[now] = old[name][was]
                    setattr(self, name, values)
        if old["grab"] is not None and old["grab"].body in new_of:
            self.grab = replace(old["grab"], body=new_of[old["grab"].body])
        self._contacts = [
            (new_of[c[0]], new_of[c[1]], *c[2:])
            for c in old["_contacts"]
            if c[0] in new_of and c[1] in new_of
        ]
        self.warm_impulses = {
            (new_of[a], new_of[b]): impulse
            for (a, b), impulse in old["warm_impulses"].items()
            if a in new_of and b in new_of
        }
        self.pose_changed()

    def swap_body(self, index: int, body: Body) -> None:
        """Body `index` becomes `body` (F: the learner's next outline; another name, shape
        and mass), turned to the old body's angle with its centre of mass where the old
        one's was, moving as it moved; every other body, edited or not, goes on as it was
        (rebuilt from the bodies it holds now, so an edit since it was built stays). A
        density the Tune slider set is kept, as a reshape keeps it."""
        bodies = self.bodies_now()
        old = bodies[index]
        density = body.density
        if self.inv_mass[index] != old.inv_mass:  # the Tune slider set it: keep it
            density = self.density(index)
        p = self.position[index]
        bodies[index] = replace(
            body,
            shape=body.shape.placed((float(p[0]), float(p[1])), float(self.angle[index])),
            velocity=old.velocity,
            angular_velocity=old.angular_velocity,
            density=density,
        )
        centres = self.centres()
        self.rebuild(bodies, list(range(len(bodies))), moved_body=index)
        # The new shape's own centre of mass lies elsewhere in its frame: move it onto the
        # old one's (the world's own arithmetic, as every centre it reports).
        self.move_centres(centres, self.angle, np.arange(len(bodies)) == index)

    # -- the pose -------------------------------------------------------------------

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
        """World-space arrays for every body at the current pose (`pose.pose_geometry`),
        cached until it changes."""
        if self._geometry is None:
            self._geometry = pose_geometry(self)
        return self._geometry

    def index(self, name: str) -> int:
        for i, b in enumerate(self.bodies):
            if b.name == name:
                return i
        raise KeyError(f"no body named {name!r}")

    # -- the classroom's buttons and sliders ------------------------------------------

    def reverse_gravity(self) -> None:
        """Tutorial 002's live demo button: gravity points the other way, and every body
        wakes to feel it (a sleeping body would rest where the old gravity left it). The
        contacts are found afresh at the next step, the woken bodies' among them."""
        self.gravity = (-self.gravity[0] + 0.0, -self.gravity[1] + 0.0)
        self._wake_all()

    # Each slider builds a NEW array rather than writing into the old one: saved states
    # share these arrays (SHARED), so a rewind to before the change gets the old values
    # back. Every body wakes, and contacts are found afresh.

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

    def nearest(self, a: int) -> int:
        """The body whose shape is nearest to body a's (SAT gap; deepest overlap first)."""
        return nearest(self.geometry(), a)

    def explain(self, asked: AskedPair | None) -> ShownPair | None:
        """The asked pair's full SAT report at the current pose (None: none asked)."""
        if asked is None:
            return None
        b = self.nearest(asked.a) if asked.b is None else asked.b
        return explain(asked.a, b, self.shape(asked.a), self.shape(b))

    # -- the step ---------------------------------------------------------------------

    def step(
        self, dt: float, steering: Steering = NO_STEERING, asked: AskedPair | None = None
    ) -> StepRecord:
        """Advance the world by dt seconds; return (and keep) what happened, with the
        `asked` pair explained as the narrow phase tested it."""
        dt = float(dt)
        if not (math.isfinite(dt) and dt > 0):
            raise ValueError(f"dt must be a positive number of seconds, got {dt}")
        if self.rigid:
            record = step_rigid(self, dt, steering, asked)
            check_finite(self)
            return record
        return step_mtv(self, dt, steering, asked)

    def explain_now(self, asked: AskedPair | None) -> StepRecord:
        """The last step's record (tick 0: an empty one) with the asked pair explained at
        the current pose, without stepping (after Tab, a click, a reset or an edit)."""
        base = self.record or StepRecord(self.tick, 0, 0, 0, (), None, ())
        return base if asked is None else replace(base, shown=self.explain(asked))

    def escaped(self, margin: float = 200.0) -> list[str]:
        """Names of bodies outside the world's bounds (by more than `margin`)."""
        x0, y0, x1, y1 = self.bounds
        out = []
        for body, p in zip(self.bodies, self.position, strict=True):
            if not (x0 - margin <= p[0] <= x1 + margin and y0 - margin <= p[1] <= y1 + margin):
                out.append(body.name)
        return out
