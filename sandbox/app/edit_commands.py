"""The editor's commands as plain data: made, checked and read from `--edit STEP:JSON`.

A command is a JSON object (a recording keeps it, a replay or `--edit` gives it again):

    {"op": "draw", "points": [[x, y], ...]}           a closed outline, world coordinates
        (optional "name": the body's name; "static": true / false)
    {"op": "move_vertex", "body": NAME, "vertex": I, "to": [x, y]}
    {"op": "spawn", "kind": "box" | "polygon" | "circle", "at": [x, y]}
        (optional "sides": 3..12 for a polygon; "size": px, a box's side or a radius;
         "name"; "static")
    {"op": "delete", "at": [x, y]}  or  {"op": "delete", "body": NAME}
    {"op": "undo"}  {"op": "redo"}

Only the form is checked here; whether an edit can be made depends on the world
(app/editor.py says why not).
"""

from __future__ import annotations

import json
import math

from ..core.locales import N_
from ..core.parse_words import json_error
from ..core.worded import WordedValueError
from ..scenes import limits

OPS = ("draw", "move_vertex", "spawn", "delete", "undo", "redo")
KINDS = ("box", "polygon", "circle")
DEFAULT_SIDES = 5
MAX_EDITS = 10_000  # --edit commands in one run
MAX_COMMAND_TEXT = 16_384  # characters of one command's JSON (64 points is ~2,000)


class EditError(WordedValueError):
    """A command that is not one (malformed data); the message says which field and why."""


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
        raise EditError.words(
            N_("a command is a JSON object, got {command}"), command=_shown(command)
        )
    op = command.get("op")
    if op not in OPS:
        raise EditError.words(
            N_("op must be one of {ops}, got {op}"), ops=", ".join(OPS), op=_shown(op)
        )
    required, optional = _FIELDS[op]
    unknown = sorted(set(command) - required - optional - {"op"})
    if unknown:
        raise EditError.words(
            N_("{op}: unknown field {unknown}"), op=op, unknown=_shown(unknown[0])
        )
    missing = sorted(required - set(command))
    if missing:
        raise EditError.words(N_("{op}: needs the field {missing!r}"), op=op, missing=missing[0])
    if op == "draw":
        points = command["points"]
        if not isinstance(points, list) or len(points) > 4 * limits.MAX_VERTICES:
            raise EditError.words(
                N_("draw: points must be a list of at most {most}"), most=4 * limits.MAX_VERTICES
            )
        for k, point in enumerate(points):
            _check_point(point, f"draw: points[{k}]")
    if op == "move_vertex":
        _check_name(command["body"], "move_vertex: body")
        vertex = command["vertex"]
        if isinstance(vertex, bool) or not isinstance(vertex, int) or vertex < 0:
            raise EditError.words(
                N_("move_vertex: vertex must be a whole number >= 0, got {vertex!r}"), vertex=vertex
            )
        _check_point(command["to"], "move_vertex: to")
    if op == "spawn":
        if command["kind"] not in KINDS:
            raise EditError.words(N_("spawn: kind must be one of {kinds}"), kinds=", ".join(KINDS))
        _check_point(command["at"], "spawn: at")
        sides = command.get("sides", DEFAULT_SIDES)
        if isinstance(sides, bool) or not isinstance(sides, int):
            raise EditError.words(
                N_("spawn: sides must be a whole number, got {sides}"), sides=_shown(sides)
            )
        if "sides" in command and command["kind"] != "polygon":
            raise EditError.words(N_("spawn: sides is for kind polygon"))
        if "size" in command and not _finite(command["size"]):
            raise EditError.words(
                N_("spawn: size must be a number of px, got {size}"), size=_shown(command["size"])
            )
    if op == "delete" and ("at" in command) == ("body" in command):
        raise EditError.words(N_("delete: give either at [x, y] or body NAME"))
    if op == "delete" and "at" in command:
        _check_point(command["at"], "delete: at")
    if op == "delete" and "body" in command:
        _check_name(command["body"], "delete: body")
    if "name" in command:
        _check_name(command["name"], f"{op}: name")
    if "static" in command and not isinstance(command["static"], bool):
        raise EditError.words(N_("{op}: static must be true or false"), op=op)
    return command


def _check_point(value, what: str) -> None:
    ok = isinstance(value, list) and len(value) == 2
    if not ok or not all(_finite(v) for v in value):
        raise EditError.words(
            N_("{what} must be a point [x, y] of finite numbers, got {value}"),
            what=what,
            value=_shown(value),
        )


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
        raise EditError.words(
            N_("{what} must be a body's name (a string), got {value}"),
            what=what,
            value=_shown(value),
        )


def _shown(value) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def parse_edit(text: str) -> tuple[int, dict]:
    """`STEP:JSON` (--edit) as (step, command); EditError when it is not one."""
    step, sep, body = text.partition(":")
    if not sep or not (step.isascii() and step.isdigit()) or len(step) > 9:
        raise EditError.words(
            N_('expected STEP:JSON, e.g. 0:{{"op": "spawn", "kind": "box", "at": [400, 300]}}')
        )
    if len(body) > MAX_COMMAND_TEXT:
        raise EditError.words(
            N_("the command is too long ({length} characters; at most {max_command_text})"),
            length=len(body),
            max_command_text=MAX_COMMAND_TEXT,
        )
    try:
        command = json.loads(body, parse_constant=_no_constant)
    except json.JSONDecodeError as error:  # the parser's reason, said (core.parse_words)
        where = json_error(error)
        raise EditError.words(
            N_("not a JSON object (column {column}: {reason})"),
            column=where.column,
            reason=where.reason,
        ) from None
    except RecursionError:
        raise EditError.words(N_("not a JSON object (nested too deeply)")) from None
    except ValueError as error:  # a constant refused (its words kept)
        raise EditError.words(N_("not a JSON object ({error})"), error=error) from None
    return int(step), check_command(command)


def _no_constant(name: str):
    raise WordedValueError.words(N_("{name} is not a number a command may hold"), name=name)
