"""The editor's model (issue 19): draw, move a vertex, spawn, delete, undo and redo.

Pure: no pygame, no window. Every edit is a command of plain data (JSON-able, so that a
recording can keep it and a replay or `--edit STEP:JSON` can give it again), applied by
one function, `apply(world, command) -> EditResult`, which changes the world in place
(the commands: app/edit_commands.py; undo and redo: EditHistory.apply only).

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
by physics (`World.rebuild`: every setting kept, each kept body's pose and
speeds bit for bit, every body awake).

`EditHistory` saves the world's state (`World.save_state`) before each edit:
undo puts it back bit for bit; redo applies the command again (the same world in, the
same world out).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from ..core.compound import Compound, from_outline
from ..core.geometry import Circle, Polygon, ShapeError
from ..core.portable import cos_sin, rotate
from ..physics.body import Body
from ..physics.world import SavedState, World
from ..scenes import limits
from ..scenes.scene_bodies import narrowest
from .edit_commands import DEFAULT_SIDES, check_command
from .pair_choice import PairChoice, without

MIN_SIDES, MAX_SIDES = 3, 12
MIN_SPAWN, MAX_SPAWN = 4.0, 400.0  # px: a spawned box's side or a radius
DEFAULT_SIZE = {"box": 40.0, "polygon": 25.0, "circle": 20.0}
KEEP_EDITS = 200  # undo steps kept
WALL_REACH = 0.5  # px: a static body this close to the bounds' edge is a boundary wall


@dataclass(frozen=True)
class EditResult:
    """What an edit did: ok, or why it was refused (plain English, for the screen)."""

    ok: bool
    reason: str = ""  # why refused ("" when done)
    body: str | None = None  # the body made, changed or removed
    said: str = ""  # what was done, in words ("drew 'drawn 1' (concave: 3 pieces)")
    deleted: int | None = None  # the index of the body deleted (the later ones move up)
    choice: PairChoice | None = None  # the pair on show chosen after it (EditHistory)


def _refused(reason: str) -> EditResult:
    return EditResult(False, reason)


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
    world.rebuild([*world.bodies_now(), body], [*range(len(world.bodies)), None])
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
    bodies = world.bodies_now()
    density = bodies[i].density
    if world.inv_mass[i] != bodies[i].inv_mass:  # the Tune slider set it: keep it
        density = world.density(i)
    bodies[i] = replace(bodies[i], shape=moved, density=density)
    world.rebuild(bodies, list(range(len(bodies))), moved_body=i)
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
    world.rebuild([*world.bodies_now(), body], [*range(len(world.bodies)), None])
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
    bodies = world.bodies_now()
    world.rebuild([bodies[j] for j in kept], kept)
    return EditResult(True, body=name, said=f"deleted {name!r}", deleted=i)


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


# -- undo and redo ------------------------------------------------------------------------


class EditHistory:
    """The edits made to one world, to undo (bit for bit) and redo.

    `apply(world, command)` edits and remembers the world as it was; {"op": "undo"}
    puts that back (the steps taken since the edit go too); {"op": "redo"} applies the
    undone command again. A new edit drops what was undone."""

    def __init__(self, keep: int = KEEP_EDITS):
        self.keep = keep
        # (command, the world before it, the pair on show chosen before it)
        self.done: list[tuple[dict, SavedState, PairChoice]] = []
        self.undone: list[dict] = []  # commands undone, the last undone last

    def apply(
        self, world: World, command: dict, merge: bool = False, choice: PairChoice | None = None
    ) -> EditResult:
        """Edit (or undo, redo). `merge`: a vertex dragged on, the same corner as the
        last edit: one undo step for the whole drag (back to before it began). `choice`:
        the pair on show chosen now, kept with the world's state for an undo; a result
        done gives the choice after it (`EditResult.choice`)."""
        check_command(command)
        choice = PairChoice() if choice is None else choice
        if command["op"] == "undo":
            return self.undo(world)
        if command["op"] == "redo":
            return self.redo(world, choice)
        last = self.done[-1][0] if self.done else None
        same_corner = (
            last is not None
            and command["op"] == last["op"] == "move_vertex"
            and (command["body"], command["vertex"]) == (last["body"], last["vertex"])
        )
        if merge and same_corner:
            result = apply(world, command)
            if result.ok:
                self.done[-1] = (command, *self.done[-1][1:])
                self.undone.clear()
            return result
        return self._edit(world, command, choice, forget_undone=True)

    def _edit(
        self, world: World, command: dict, choice: PairChoice, forget_undone: bool
    ) -> EditResult:
        before = world.save_state()
        result = apply(world, command)
        if result.ok:
            after = choice if result.deleted is None else without(choice, result.deleted)
            result = replace(result, choice=after)
            self.done.append((command, before, choice))
            del self.done[: -self.keep]
            if forget_undone:
                self.undone.clear()
        return result

    def undo(self, world: World) -> EditResult:
        if not self.done:
            return _refused("nothing to undo")
        command, before, choice = self.done.pop()
        world.restore_state(before)
        self.undone.append(command)
        return EditResult(True, said=f"undid {command['op'].replace('_', ' ')}", choice=choice)

    def redo(self, world: World, choice: PairChoice) -> EditResult:
        if not self.undone:
            return _refused("nothing to redo")
        command = self.undone.pop()
        result = self._edit(world, command, choice, forget_undone=False)
        if not result.ok:  # the world changed since the undo: the edit no longer fits
            self.undone.append(command)
        return result
