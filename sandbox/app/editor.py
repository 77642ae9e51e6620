"""The editor's model (issue 19): draw, move a vertex, spawn, delete, undo and redo.

Pure: no pygame, no window. Every edit is a command of plain data (JSON-able, so that a
recording can keep it and a replay or `--edit STEP:JSON` can give it again), applied by
one function, `apply(world, command) -> EditResult`, which changes the world in place::

    {"op": "draw", "points": [[x, y], ...]}           a closed outline, world coordinates
        (optional "name": the body's name; "static": true / false)
    {"op": "move_vertex", "body": NAME, "vertex": I, "to": [x, y]}
    {"op": "spawn", "kind": "box" | "polygon" | "circle", "at": [x, y]}
        (optional "sides": 3..12 for a polygon; "size": px, a box's side or a radius;
         "name"; "static")
    {"op": "delete", "at": [x, y]}  or  {"op": "delete", "body": NAME}
    {"op": "undo"}  {"op": "redo"}                    (EditHistory.apply only)

The rules a learner meets (each refusal is `EditResult(ok=False, reason=...)` in plain
English, and the world is left exactly as it was):

* draw: a convex outline (either winding) is one `Polygon`; a concave one a `Compound`
  of the pieces `core.decompose` gives; a self-crossing outline, fewer than 3 different
  points or points on one line are refused. The body's position is its centre of area
  (the convention of `Polygon.box` and `Polygon.regular`), its angle 0. In a rigid world
  (gravity) it falls; in a tutorial (MTV) world it is static: it sits where drawn, as the
  tutorials' fixed polygon does, and the learner's shape is pushed out of it.
* move_vertex: the outline with vertex I at the new point, the angle kept and the
  position moved to the new centre of area. A polygon made concave becomes a compound
  (split into pieces, as a drawn outline is: the learner sees the split happen, the
  lesson of tutorials 001 and 004), a compound made convex a polygon; an outline made
  self-crossing or flat is refused. A compound's vertices are its outline's.
* spawn: a box, a regular polygon or a circle at a point; refused once the world holds
  `scenes.limits.MAX_BODIES` bodies (what a scene file may hold).
* delete: the body under a point (the last drawn on top) or by name. The scene's
  boundary walls stay: a static body whose box reaches the edge of the world's bounds
  (floor, walls, ceiling, backstops) cannot be deleted; any other body can.

Everything the editor makes is something a scene file can hold (the same limits), so
an edited world can always be saved. After an edit the world is rebuilt from its bodies
(`World(...)` again, with every setting kept and each kept body's pose and speeds copied
bit for bit): every per-body array and cache matches the new body list; every body wakes;
the contacts, warm starts and colouring are found afresh by the next step (the MTV
solver's last contacts and warm starts are kept, renumbered). The pair on show, the
controlled body and a held body keep theirs (by name); a deleted one is let go.

`EditHistory` keeps a snapshot (`app.history.snapshot`, which copies every attribute
of the world, the body list too) before each edit: undo restores it bit for bit; redo
applies the command again (the same world in, the same world out).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, replace

import numpy as np

from ..core.compound import Compound, from_outline
from ..core.geometry import Circle, Polygon, ShapeError
from ..core.portable import cos_sin, rotate
from ..physics.body import Body
from ..physics.world import World
from ..scenes import limits
from ..scenes.scene_file import narrowest
from .history import restore, snapshot

OPS = ("draw", "move_vertex", "spawn", "delete", "undo", "redo")
KINDS = ("box", "polygon", "circle")
MIN_SIDES, MAX_SIDES = 3, 12
MIN_SPAWN, MAX_SPAWN = 4.0, 400.0  # px: a spawned box's side or a radius
DEFAULT_SIZE = {"box": 40.0, "polygon": 25.0, "circle": 20.0}
DEFAULT_SIDES = 5
MAX_EDITS = 10_000  # --edit commands in one run
MAX_COMMAND_TEXT = 16_384  # characters of one command's JSON (64 points is ~2,000)
KEEP_EDITS = 200  # undo steps kept
WALL_REACH = 0.5  # px: a static body this close to the bounds' edge is a boundary wall


class EditError(ValueError):
    """A command that is not one (malformed data); the message says which field and why."""


@dataclass(frozen=True)
class EditResult:
    """What an edit did: ok, or why it was refused (plain English, for the screen)."""

    ok: bool
    reason: str = ""  # why refused ("" when done)
    body: str | None = None  # the body made, changed or removed
    said: str = ""  # what was done, in words ("drew 'drawn 1' (concave: 3 pieces)")


def _refused(reason: str) -> EditResult:
    return EditResult(False, reason)


# -- commands as data ----------------------------------------------------------------------


def draw_command(points) -> dict:
    """The command that draws this outline (world coordinates)."""
    return {"op": "draw", "points": [[float(x), float(y)] for x, y in points]}


def move_vertex_command(body: str, vertex: int, to) -> dict:
    return {"op": "move_vertex", "body": body, "vertex": int(vertex), "to": _point_list(to)}


def spawn_command(kind: str, at, sides: int | None = None, size: float | None = None) -> dict:
    command = {"op": "spawn", "kind": kind, "at": _point_list(at)}
    if sides is not None:
        command["sides"] = int(sides)
    if size is not None:
        command["size"] = float(size)
    return command


def delete_command(at=None, name: str | None = None) -> dict:
    """Delete the body under `at`, or the body called `name` (one of the two)."""
    return (
        {"op": "delete", "at": _point_list(at)} if name is None else {"op": "delete", "body": name}
    )


def _point_list(point) -> list[float]:
    return [float(point[0]), float(point[1])]


_FIELDS = {
    "draw": ({"points"}, {"name", "static"}),
    "move_vertex": ({"body", "vertex", "to"}, set()),
    "spawn": ({"kind", "at"}, {"sides", "size", "name", "static"}),
    "delete": (set(), {"at", "body"}),
    "undo": (set(), set()),
    "redo": (set(), set()),
}


def check_command(command) -> dict:
    """The command when its form is right (fields, types, ranges), else EditError. Only
    the form: whether the edit can be made depends on the world (`apply` says why not)."""
    if not isinstance(command, dict):
        raise EditError(f"a command is a JSON object, got {_shown(command)}")
    op = command.get("op")
    if op not in OPS:
        raise EditError(f"op must be one of {', '.join(OPS)}, got {_shown(op)}")
    required, optional = _FIELDS[op]
    unknown = sorted(set(command) - required - optional - {"op"})
    if unknown:
        raise EditError(f"{op}: unknown field {_shown(unknown[0])}")
    missing = sorted(required - set(command))
    if missing:
        raise EditError(f"{op}: needs the field {missing[0]!r}")
    if op == "draw":
        points = command["points"]
        if not isinstance(points, list) or len(points) > 4 * limits.MAX_VERTICES:
            raise EditError(f"draw: points must be a list of at most {4 * limits.MAX_VERTICES}")
        for k, point in enumerate(points):
            _check_point(point, f"draw: points[{k}]")
    if op == "move_vertex":
        _check_name(command["body"], "move_vertex: body")
        vertex = command["vertex"]
        if isinstance(vertex, bool) or not isinstance(vertex, int) or vertex < 0:
            raise EditError(f"move_vertex: vertex must be a whole number >= 0, got {vertex!r}")
        _check_point(command["to"], "move_vertex: to")
    if op == "spawn":
        if command["kind"] not in KINDS:
            raise EditError(f"spawn: kind must be one of {', '.join(KINDS)}")
        _check_point(command["at"], "spawn: at")
        sides = command.get("sides", DEFAULT_SIDES)
        if isinstance(sides, bool) or not isinstance(sides, int):
            raise EditError(f"spawn: sides must be a whole number, got {_shown(sides)}")
        if "sides" in command and command["kind"] != "polygon":
            raise EditError("spawn: sides is for kind polygon")
        if "size" in command and not _finite(command["size"]):
            raise EditError(f"spawn: size must be a number of px, got {_shown(command['size'])}")
    if op == "delete" and ("at" in command) == ("body" in command):
        raise EditError("delete: give either at [x, y] or body NAME")
    if op == "delete" and "at" in command:
        _check_point(command["at"], "delete: at")
    if op == "delete" and "body" in command:
        _check_name(command["body"], "delete: body")
    if "name" in command:
        _check_name(command["name"], f"{op}: name")
    if "static" in command and not isinstance(command["static"], bool):
        raise EditError(f"{op}: static must be true or false")
    return command


def _check_point(value, what: str) -> None:
    ok = isinstance(value, list) and len(value) == 2
    if not ok or not all(_finite(v) for v in value):
        raise EditError(f"{what} must be a point [x, y] of finite numbers, got {_shown(value)}")


def _finite(value) -> bool:
    """A number (not a bool) that is a finite float (a 400-digit integer is not)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    try:
        return math.isfinite(float(value))
    except OverflowError:
        return False


def _check_name(value, what: str) -> None:
    if not isinstance(value, str) or not value:
        raise EditError(f"{what} must be a body's name (a string), got {_shown(value)}")


def _shown(value) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def parse_edit(text: str) -> tuple[int, dict]:
    """`STEP:JSON` (--edit) as (step, command); EditError when it is not one."""
    step, sep, body = text.partition(":")
    if not sep or not (step.isascii() and step.isdigit()) or len(step) > 9:
        raise EditError(
            'expected STEP:JSON, e.g. 0:{"op": "spawn", "kind": "box", "at": [400, 300]}'
        )
    if len(body) > MAX_COMMAND_TEXT:
        raise EditError(
            f"the command is too long ({len(body)} characters; at most {MAX_COMMAND_TEXT})"
        )
    try:
        command = json.loads(body, parse_constant=_no_constant)
    except (ValueError, RecursionError) as error:
        raise EditError(f"not a JSON object ({error})") from None
    return int(step), check_command(command)


def _no_constant(name: str):
    raise ValueError(f"{name} is not a number a command may hold")


# -- applying a command ---------------------------------------------------------------------


def apply(world: World, command: dict) -> EditResult:
    """Carry out `command` on `world` (in place); EditError when it is malformed, a refused
    EditResult (the world untouched) when the edit cannot be made here."""
    check_command(command)
    op = command["op"]
    if op in ("undo", "redo"):
        return _refused(f"{op} needs the edit history (EditHistory.apply)")
    if op == "draw":
        return _draw(world, command)
    if op == "move_vertex":
        return _move_vertex(world, command)
    if op == "spawn":
        return _spawn(world, command)
    return _delete(world, command)


def _draw(world: World, command: dict) -> EditResult:
    if len(world.bodies) >= limits.MAX_BODIES:
        return _refused(_full())
    name = command.get("name") or _free_name(world, "drawn")
    problem = _name_problem(world, name)
    if problem:
        return _refused(problem)
    shape, reason = _outline_shape([tuple(p) for p in command["points"]], angle=0.0)
    if shape is None:
        return _refused(reason)
    static = command.get("static", not world.rigid)
    body = Body(name, shape, static=static)
    _rebuild(world, [*_current(world), body], [*range(len(world.bodies)), None])
    return EditResult(True, body=name, said=f"drew {name!r} ({_kind(shape)})")


def _move_vertex(world: World, command: dict) -> EditResult:
    name, k = command["body"], command["vertex"]
    if name not in _names(world):
        return _refused(f"there is no body called {name!r}")
    i = world.index(name)
    shape = world.shape(i)
    if isinstance(shape, Circle):
        return _refused(f"{name!r} is a circle: it has no corners to move")
    outline = shape.vertices if isinstance(shape, (Polygon, Compound)) else None
    if not 0 <= k < len(outline):
        return _refused(f"{name!r} has corners 0 to {len(outline) - 1}; there is no corner {k}")
    points = [(float(x), float(y)) for x, y in outline]
    points[k] = (float(command["to"][0]), float(command["to"][1]))
    moved, reason = _outline_shape(points, angle=float(world.angle[i]), keep_order=True)
    if moved is None:
        return _refused(f"corner {k} cannot go there: {reason}")
    bodies = _current(world)
    density = bodies[i].density
    if world.inv_mass[i] != bodies[i].inv_mass:  # the Tune slider set it: keep it
        density = world.density(i)
    bodies[i] = replace(bodies[i], shape=moved, density=density)
    _rebuild(world, bodies, list(range(len(bodies))), moved_body=i)
    return EditResult(True, body=name, said=f"moved corner {k} of {name!r} ({_kind(moved)})")


def _spawn(world: World, command: dict) -> EditResult:
    if len(world.bodies) >= limits.MAX_BODIES:
        return _refused(_full())
    kind = command["kind"]
    at = (float(command["at"][0]), float(command["at"][1]))
    if max(abs(at[0]), abs(at[1])) > limits.MAX_COORDINATE:
        return _refused(f"that point is too far away (at most {limits.MAX_COORDINATE:g} px out)")
    size = float(command.get("size", DEFAULT_SIZE[kind]))
    if not MIN_SPAWN <= size <= MAX_SPAWN:
        return _refused(f"a size from {MIN_SPAWN:g} to {MAX_SPAWN:g} px, please (got {size:g})")
    sides = command.get("sides", DEFAULT_SIDES)
    if not MIN_SIDES <= sides <= MAX_SIDES:
        return _refused(f"a polygon of {MIN_SIDES} to {MAX_SIDES} sides, please (got {sides})")
    name = command.get("name") or _free_name(world, kind)
    problem = _name_problem(world, name)
    if problem:
        return _refused(problem)
    if kind == "box":
        shape = Polygon.box(size, size, position=at)
    elif kind == "polygon":
        shape = Polygon.regular(sides, size, position=at)
    else:
        shape = Circle(size, position=at)
    body = Body(name, shape, static=command.get("static", not world.rigid))
    _rebuild(world, [*_current(world), body], [*range(len(world.bodies)), None])
    return EditResult(True, body=name, said=f"made {name!r}")


def _delete(world: World, command: dict) -> EditResult:
    if "body" in command:
        name = command["body"]
        if name not in _names(world):
            return _refused(f"there is no body called {name!r}")
        i = world.index(name)
        if is_boundary_wall(world, i):
            return _refused(f"{name!r} is a wall of the scene: the walls stay")
    else:
        at = (float(command["at"][0]), float(command["at"][1]))
        under = [i for i in range(len(world.bodies)) if world.shape(i).contains_point(at)]
        free = [i for i in under if not is_boundary_wall(world, i)]
        if not free:
            if under:
                wall = world.bodies[under[-1]].name
                return _refused(f"{wall!r} is a wall of the scene: the walls stay")
            return _refused(f"there is no body at ({at[0]:g}, {at[1]:g})")
        i = free[-1]  # the one drawn on top
        name = world.bodies[i].name
    if len(world.bodies) == 1:
        return _refused("a world needs at least one body")
    kept = [j for j in range(len(world.bodies)) if j != i]
    bodies = _current(world)
    _rebuild(world, [bodies[j] for j in kept], kept)
    return EditResult(True, body=name, said=f"deleted {name!r}")


def is_boundary_wall(world: World, i: int) -> bool:
    """Whether body i is one of the scene's boundary walls: static, its box reaching (or
    passing) an edge of the world's bounds. Those stay, so nothing falls out of the world."""
    if not world.static[i]:
        return False
    box = world.shape(i).aabb()
    x0, y0, x1, y1 = world.bounds
    return (
        box.min_x <= x0 + WALL_REACH
        or box.min_y <= y0 + WALL_REACH
        or box.max_x >= x1 - WALL_REACH
        or box.max_y >= y1 - WALL_REACH
    )


# -- outlines -----------------------------------------------------------------------------


def _outline_shape(points, angle: float, keep_order: bool = False):
    """(shape, "") for an outline in world coordinates, placed with its centre of area at
    its position and turned by `angle`; (None, why) when it bounds no shape a scene file
    could hold. Repeated points in a row (and a last point repeating the first) are one
    point, unless `keep_order` (a moved corner: its numbering must stay)."""
    if not keep_order:
        points = _without_repeats(points)
    if len({tuple(p) for p in points}) < 3:
        return None, "an outline needs at least 3 different points"
    if len(points) > limits.MAX_VERTICES:
        return None, (
            f"an outline has at most {limits.MAX_VERTICES} corners (a scene file holds no "
            f"more); this one has {len(points)}"
        )
    if max(max(abs(x), abs(y)) for x, y in points) > limits.MAX_COORDINATE:
        return None, f"a corner is too far away (at most {limits.MAX_COORDINATE:g} px out)"
    try:
        shape = from_outline(points)
    except ShapeError as error:
        return None, _plain(str(error))
    centre = shape.centroid
    local = np.asarray(points, dtype=float) - np.asarray(centre)
    if angle != 0.0:  # the outline in the body's own frame: turned back by its angle
        c, s = cos_sin(angle)
        local = rotate(local, c, -s)
    if np.abs(local).max() > limits.MAX_SIZE:
        return None, f"the shape is too large (at most {limits.MAX_SIZE:g} px from its centre)"
    try:
        shape = from_outline(local, centre, angle)
    except ShapeError as error:  # the turn back made it degenerate: at the edge of rounding
        return None, _plain(str(error))
    width = narrowest(shape)
    if width < limits.MIN_SIZE:
        return None, f"the shape is too thin ({width:.3g} px across at its narrowest)"
    return shape, ""


def _without_repeats(points) -> list:
    out = []
    for p in points:
        if not out or tuple(p) != tuple(out[-1]):
            out.append(tuple(p))
    while len(out) > 1 and out[-1] == out[0]:
        out.pop()
    return out


def _plain(message: str) -> str:
    """A ShapeError's message in the words a learner reads."""
    if "cross" in message:
        return "the outline crosses itself (draw it without crossing its own lines)"
    if "zero area" in message or "one line" in message or "collinear" in message:
        return "the points lie on one line: the outline has no area"
    if "repeated" in message or "same point" in message:
        return "the outline passes through the same point twice"
    if "doubles back" in message:
        return "the outline doubles back on itself"
    return message


def _kind(shape) -> str:
    if isinstance(shape, Compound):
        return f"concave: {len(shape.pieces)} pieces"
    return "convex" if isinstance(shape, Polygon) else "a circle"


def _names(world: World) -> set[str]:
    return {body.name for body in world.bodies}


def _name_problem(world: World, name: str) -> str:
    """Why `name` cannot name a new body ("" when it can): as a scene file's names."""
    if name in _names(world):
        return f"there is a body called {name!r} already"
    if not name.strip() or not name.isprintable() or len(name) > limits.MAX_NAME:
        return f"a name is printable text of 1 to {limits.MAX_NAME} characters"
    return ""


def _free_name(world: World, stem: str) -> str:
    """'stem 1', 'stem 2', ...: the first not taken."""
    taken, k = _names(world), 1
    while f"{stem} {k}" in taken:
        k += 1
    return f"{stem} {k}"


def _full() -> str:
    return f"the world holds {limits.MAX_BODIES} bodies, the most a scene can; delete some first"


# -- rebuilding the world -----------------------------------------------------------------

# World's settings, passed again to the rebuilt world (each its own attribute).
_SETTINGS = (
    "gravity",
    "bounds",
    "resolve",
    "swept",
    "iterations",
    "damping",
    "slop",
    "correction",
    "control_speed",
    "turn_speed",
    "rigid",
    "substeps",
    "relax_iterations",
    "contact_hertz",
    "contact_damping_ratio",
    "push_speed",
    "angular_damping",
    "sleep",
    "sleep_time",
    "sleep_speed",
)
# Set after __init__, kept as they are.
_KEPT = ("velocity_iterations", "hertz_cap", "tick", "broad_phase")


def _current(world: World) -> list[Body]:
    """New Body records of the world's bodies as they stand: shape at the current pose,
    current speeds (the old records, shared with snapshots, are never changed)."""
    return [
        replace(
            body,
            shape=world.shape(i),
            velocity=(float(world.velocity[i, 0]), float(world.velocity[i, 1])),
            angular_velocity=float(world.omega[i]),
        )
        for i, body in enumerate(world.bodies)
    ]


def _rebuild(world: World, bodies: list[Body], origin: list, moved_body=None) -> None:
    """`world` becomes a world of `bodies` (origin[j]: body j's old index, None when new),
    every setting kept, kept bodies' poses and speeds bit for bit (but `moved_body`'s
    pose, which its new shape gives), every body awake."""
    fresh = World(bodies, **{name: getattr(world, name) for name in _SETTINGS})
    for name in _KEPT:
        setattr(fresh, name, getattr(world, name))
    new_of = {old: new for new, old in enumerate(origin) if old is not None}
    kept = list(new_of.items())  # (old, new) of every body kept
    unmoved = [(old, new) for old, new in kept if new != moved_body]
    # Poses and speeds; and what the sliders set (Tune), which is the world's, not the
    # bodies': friction and bounce for every kept body, mass for the unmoved ones (a
    # reshaped body's mass follows its new area from its own density).
    for names, pairs in (
        (("position", "angle", "velocity", "omega"), unmoved),
        (("friction_of", "restitution_of"), kept),
        (("inv_mass", "inv_inertia"), unmoved),
    ):
        if not pairs:
            continue
        old, new = (np.array(side, dtype=int) for side in zip(*pairs, strict=True))
        for name in names:
            values = getattr(fresh, name).copy()
            values[new] = getattr(world, name)[old]
            setattr(fresh, name, values)
    for name in ("partner", "focus"):
        old = getattr(world, name)
        setattr(fresh, name, None if old is None else new_of.get(old))
    if world.grab is not None and world.grab.body in new_of:
        fresh.grab = replace(world.grab, body=new_of[world.grab.body])
    fresh._contacts = [
        (new_of[c[0]], new_of[c[1]], *c[2:])
        for c in world._contacts
        if c[0] in new_of and c[1] in new_of
    ]
    fresh.warm_impulses = {
        (new_of[a], new_of[b]): impulse
        for (a, b), impulse in world.warm_impulses.items()
        if a in new_of and b in new_of
    }
    fresh.pose_changed()
    state = vars(world)
    state.clear()
    state.update(vars(fresh))


# -- undo and redo ------------------------------------------------------------------------


class EditHistory:
    """The edits made to one world, to undo (bit for bit) and redo.

    `apply(world, command)` edits and remembers the world as it was; {"op": "undo"}
    puts that back (the steps taken since the edit go too); {"op": "redo"} applies the
    undone command again. A new edit drops what was undone."""

    def __init__(self, keep: int = KEEP_EDITS):
        self.keep = keep
        self.done: list[tuple[dict, dict]] = []  # (command, the world before it)
        self.undone: list[dict] = []  # commands undone, the last undone last

    def apply(self, world: World, command: dict, merge: bool = False) -> EditResult:
        """Edit (or undo, redo). `merge`: a vertex dragged on, the same corner as the
        last edit: one undo step for the whole drag (back to before it began)."""
        check_command(command)
        if command["op"] == "undo":
            return self.undo(world)
        if command["op"] == "redo":
            return self.redo(world)
        last = self.done[-1][0] if self.done else None
        same_corner = (
            last is not None
            and command["op"] == last["op"] == "move_vertex"
            and (command["body"], command["vertex"]) == (last["body"], last["vertex"])
        )
        if merge and same_corner:
            result = apply(world, command)
            if result.ok:
                self.done[-1] = (command, self.done[-1][1])
                self.undone.clear()
            return result
        return self._edit(world, command, forget_undone=True)

    def _edit(self, world: World, command: dict, forget_undone: bool) -> EditResult:
        before = snapshot(world, 0)[1]
        result = apply(world, command)
        if result.ok:
            self.done.append((command, before))
            del self.done[: -self.keep]
            if forget_undone:
                self.undone.clear()
        return result

    def undo(self, world: World) -> EditResult:
        if not self.done:
            return _refused("nothing to undo")
        command, before = self.done.pop()
        restore(world, before)
        self.undone.append(command)
        return EditResult(True, said=f"undid {command['op'].replace('_', ' ')}")

    def redo(self, world: World) -> EditResult:
        if not self.undone:
            return _refused("nothing to redo")
        command = self.undone.pop()
        result = self._edit(world, command, forget_undone=False)
        if not result.ok:  # the world changed since the undo: the edit no longer fits
            self.undone.append(command)
        return result
