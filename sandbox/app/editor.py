"""The editor's model (issue 19): draw, move a vertex, spawn, delete, undo and redo.

Pure: no pygame, no window. Every edit is a command of plain data (JSON-able, so that a
recording can keep it and a replay or `--edit STEP:JSON` can give it again), applied by
one function, `apply(world, command) -> EditResult`, which changes the world in place
(the commands: app/edit_commands.py; undo and redo: EditHistory.apply only).

The rules a learner meets (each refusal is `EditResult(ok=False, message=...)` in plain
words, said in the class's language where it is shown (app/edit_words.py), and the world
is left exactly as it was):

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

from ..core.compound import Compound
from ..core.geometry import Circle, Polygon
from ..core.locales import N_
from ..physics.body import Body
from ..physics.world import SavedState, World
from ..scenes import limits
from .edit_commands import DEFAULT_SIDES, check_command
from .edit_outline import outline_shape
from .edit_words import Name, Said, message
from .pair_choice import PairChoice, without

MIN_SIDES, MAX_SIDES = 3, 12
MIN_SPAWN, MAX_SPAWN = 4.0, 400.0  # px: a spawned box's side or a radius
DEFAULT_SIZE = {"box": 40.0, "polygon": 25.0, "circle": 20.0}
KEEP_EDITS = 200  # undo steps kept
WALL_REACH = 0.5  # px: a static body this close to the bounds' edge is a boundary wall
# What an undo says it undid ("undid spawn"), and the names the editor gives its bodies
# ("drawn 1"; the screen says them by these patterns, render/language.Language.name).
OPS = {
    "draw": N_("draw"),
    "move_vertex": N_("move vertex"),
    "spawn": N_("spawn"),
    "delete": N_("delete"),
}
NEW_NAMES = (
    N_("drawn {number}"), N_("box {number}"), N_("polygon {number}"), N_("circle {number}"),
)  # fmt: skip


@dataclass(frozen=True)
class EditResult:
    """What an edit did: ok, or why it was refused; `message` says which, in any language
    (`result.message(words)`); `reason` and `said` are its English."""

    ok: bool
    message: Said = Said()  # what was done ("drew 'drawn 1' (concave: 3 pieces)") or why not
    body: str | None = None  # the body made, changed or removed
    deleted: int | None = None  # the index of the body deleted (the later ones move up)
    choice: PairChoice | None = None  # the pair on show chosen after it (EditHistory)

    @property
    def reason(self) -> str:
        """Why it was refused, in English ("" when done)."""
        return "" if self.ok else self.message()

    @property
    def said(self) -> str:
        """What was done, in English ("" when refused)."""
        return self.message() if self.ok else ""


def _refused(text: str, **values) -> EditResult:
    return EditResult(False, message(text, **values))


def _done(body: str | None, text: str, **values) -> EditResult:
    return EditResult(True, message(text, **values), body=body)


# -- applying a command ---------------------------------------------------------------------


def apply(world: World, command: dict) -> EditResult:
    """Carry out `command` on `world` (in place); EditError when it is malformed, a refused
    EditResult (the world untouched) when the edit cannot be made here."""
    check_command(command)
    op = command["op"]
    if op in ("undo", "redo"):
        return _refused(N_("{op} needs the edit history (EditHistory.apply)"), op=op)
    if op == "draw":
        return _draw(world, command)
    if op == "move_vertex":
        return _move_vertex(world, command)
    if op == "spawn":
        return _spawn(world, command)
    return _delete(world, command)


def _draw(world: World, command: dict) -> EditResult:
    if len(world.bodies) >= limits.MAX_BODIES:
        return _full()
    name = command.get("name") or _free_name(world, "drawn")
    problem = _name_problem(world, name)
    if problem:
        return problem
    shape, reason = outline_shape([tuple(p) for p in command["points"]], angle=0.0)
    if shape is None:
        return EditResult(False, reason)
    static = command.get("static", not world.rigid)
    body = Body(name, shape, static=static)
    world.rebuild([*world.bodies_now(), body], [*range(len(world.bodies)), None])
    return _done(name, N_("drew {name} ({kind})"), name=Name(name), kind=_kind(shape))


def _move_vertex(world: World, command: dict) -> EditResult:
    name, k = command["body"], command["vertex"]
    if name not in _names(world):
        return _refused(N_("there is no body called {name}"), name=Name(name))
    i = world.index(name)
    shape = world.shape(i)
    if isinstance(shape, Circle):
        return _refused(N_("{name} is a circle: it has no corners to move"), name=Name(name))
    outline = shape.vertices if isinstance(shape, (Polygon, Compound)) else None
    if not 0 <= k < len(outline):
        said = N_("{name} has corners 0 to {last}; there is no corner {k}")
        return _refused(said, name=Name(name), last=len(outline) - 1, k=k)
    points = [(float(x), float(y)) for x, y in outline]
    points[k] = (float(command["to"][0]), float(command["to"][1]))
    moved, reason = outline_shape(points, angle=float(world.angle[i]), keep_order=True)
    if moved is None:
        return _refused(N_("corner {k} cannot go there: {reason}"), k=k, reason=reason)
    bodies = world.bodies_now()
    density = bodies[i].density
    if world.inv_mass[i] != bodies[i].inv_mass:  # the Tune slider set it: keep it
        density = world.density(i)
    bodies[i] = replace(bodies[i], shape=moved, density=density)
    world.rebuild(bodies, list(range(len(bodies))), moved_body=i)
    said = N_("moved corner {k} of {name} ({kind})")
    return _done(name, said, k=k, name=Name(name), kind=_kind(moved))


def _spawn(world: World, command: dict) -> EditResult:
    if len(world.bodies) >= limits.MAX_BODIES:
        return _full()
    kind = command["kind"]
    at = (float(command["at"][0]), float(command["at"][1]))
    if max(abs(at[0]), abs(at[1])) > limits.MAX_COORDINATE:
        said = N_("that point is too far away (at most {most} px out)")
        return _refused(said, most=f"{limits.MAX_COORDINATE:g}")
    size = float(command.get("size", DEFAULT_SIZE[kind]))
    if not MIN_SPAWN <= size <= MAX_SPAWN:
        said = N_("a size from {low} to {high} px, please (got {size})")
        return _refused(said, low=f"{MIN_SPAWN:g}", high=f"{MAX_SPAWN:g}", size=f"{size:g}")
    sides = command.get("sides", DEFAULT_SIDES)
    if not MIN_SIDES <= sides <= MAX_SIDES:
        said = N_("a polygon of {low} to {high} sides, please (got {sides})")
        return _refused(said, low=MIN_SIDES, high=MAX_SIDES, sides=sides)
    name = command.get("name") or _free_name(world, kind)
    problem = _name_problem(world, name)
    if problem:
        return problem
    if kind == "box":
        shape = Polygon.box(size, size, position=at)
    elif kind == "polygon":
        shape = Polygon.regular(sides, size, position=at)
    else:
        shape = Circle(size, position=at)
    body = Body(name, shape, static=command.get("static", not world.rigid))
    world.rebuild([*world.bodies_now(), body], [*range(len(world.bodies)), None])
    return _done(name, N_("made {name}"), name=Name(name))


def _delete(world: World, command: dict) -> EditResult:
    if "body" in command:
        name = command["body"]
        if name not in _names(world):
            return _refused(N_("there is no body called {name}"), name=Name(name))
        i = world.index(name)
        if is_boundary_wall(world, i):
            return _refused(WALL, name=Name(name))
    else:
        at = (float(command["at"][0]), float(command["at"][1]))
        under = [i for i in range(len(world.bodies)) if world.shape(i).contains_point(at)]
        free = [i for i in under if not is_boundary_wall(world, i)]
        if not free:
            if under:
                wall = world.bodies[under[-1]].name
                return _refused(WALL, name=Name(wall))
            return _refused(N_("there is no body at ({x}, {y})"), x=f"{at[0]:g}", y=f"{at[1]:g}")
        i = free[-1]  # the one drawn on top
        name = world.bodies[i].name
    if len(world.bodies) == 1:
        return _refused(N_("a world needs at least one body"))
    kept = [j for j in range(len(world.bodies)) if j != i]
    bodies = world.bodies_now()
    world.rebuild([bodies[j] for j in kept], kept)
    return replace(_done(name, N_("deleted {name}"), name=Name(name)), deleted=i)


WALL = N_("{name} is a wall of the scene: the walls stay")


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


def _kind(shape) -> Said:
    if isinstance(shape, Compound):
        return message(N_("concave: {n} pieces"), n=len(shape.pieces))
    return message(N_("convex") if isinstance(shape, Polygon) else N_("a circle"))


def _names(world: World) -> set[str]:
    return {body.name for body in world.bodies}


def _name_problem(world: World, name: str) -> EditResult | None:
    """Why `name` cannot name a new body (None when it can): as a scene file's names."""
    if name in _names(world):
        return _refused(N_("there is a body called {name} already"), name=Name(name))
    if not name.strip() or not name.isprintable() or len(name) > limits.MAX_NAME:
        said = N_("a name is printable text of 1 to {most} characters")
        return _refused(said, most=limits.MAX_NAME)
    return None


def _free_name(world: World, stem: str) -> str:
    """'stem 1', 'stem 2', ...: the first not taken."""
    taken, k = _names(world), 1
    while f"{stem} {k}" in taken:
        k += 1
    return f"{stem} {k}"


def _full() -> EditResult:
    said = N_("the world holds {n} bodies, the most a scene can; delete some first")
    return _refused(said, n=limits.MAX_BODIES)


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
            return _refused(N_("nothing to undo"))
        command, before, choice = self.done.pop()
        world.restore_state(before)
        self.undone.append(command)
        undid = message(N_("undid {op}"), op=message(OPS[command["op"]]))
        return EditResult(True, undid, choice=choice)

    def redo(self, world: World, choice: PairChoice) -> EditResult:
        if not self.undone:
            return _refused(N_("nothing to redo"))
        command = self.undone.pop()
        result = self._edit(world, command, choice, forget_undone=False)
        if not result.ok:  # the world changed since the undo: the edit no longer fits
            self.undone.append(command)
        return result
