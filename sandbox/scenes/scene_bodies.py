"""A scene file's [[body]] table, checked and made into the arguments of a Body: its
fields, the defaults of the fields it leaves out, and its shape (a polygon, concave ones
cut into convex pieces; a regular polygon; a box; a circle) no thinner than the least
size a scene allows."""

from __future__ import annotations

from ..core.compound import convex_parts, from_outline
from ..core.geometry import Circle, Polygon, ShapeError
from ..core.locales import N_
from ..core.portable import transform
from . import limits
from .base import SceneError
from .scene_fields import _fail, _flag, _key, _number, _pair, _shown, _size, _text

_SHAPES = ("polygon", "regular", "box", "circle")
_BODY_KEYS = {
    "name",
    "shape",
    "vertices",
    "sides",
    "radius",
    "width",
    "height",
    "position",
    "angle",
    "velocity",
    "static",
    "density",
    "restitution",
    "friction",
    "controlled",
    "bullet",
    "fixed_rotation",
    "angular_velocity",
}
# What a body is when its table leaves a field out (the writer leaves such fields out).
BODY_DEFAULTS = {
    "position": (0.0, 0.0),
    "angle": 0.0,
    "velocity": (0.0, 0.0),
    "static": False,
    "density": 1.0,
    "restitution": 0.2,
    "friction": 0.3,
    "controlled": False,
    "bullet": False,
    "fixed_rotation": False,
    "angular_velocity": 0.0,
}


def validate_body(body, where: str, at: str) -> dict:
    """The keyword arguments of a Body from the [[body]] table `body` (the `at`-th of the
    file `where`), every field checked and the absent ones at BODY_DEFAULTS; SceneError
    "{where}: {at}.{field}: why" on the first field that is wrong."""
    if not isinstance(body, dict):
        _fail(where, at, N_("must be a table"))
    unknown = sorted(set(body) - _BODY_KEYS)
    if unknown:
        _fail(
            where,
            f"{at}.{_key(unknown[0])}",
            N_("unknown field (allowed: {allowed})"),
            allowed=", ".join(sorted(_BODY_KEYS)),
        )
    kind = body.get("shape")
    if kind is None:  # (not "got None": the file does not say it)
        _fail(where, f"{at}.shape", N_("missing: one of {shapes}"), shapes=", ".join(_SHAPES))
    if kind not in _SHAPES:
        _fail(
            where,
            f"{at}.shape",
            N_("must be one of {shapes}, got {kind}"),
            shapes=", ".join(_SHAPES),
            kind=_shown(kind),
        )
    position = _pair(body.get("position", list(BODY_DEFAULTS["position"])), where, f"{at}.position")
    angle = _number(
        body.get("angle", BODY_DEFAULTS["angle"]),
        where,
        f"{at}.angle",
        minimum=-limits.MAX_ANGLE,
        maximum=limits.MAX_ANGLE,
    )
    try:
        shape = _shape(body, kind, where, at, position, angle)
    except ShapeError as error:
        field = {"polygon": "vertices", "regular": "sides", "box": "width"}.get(kind, "radius")
        raise SceneError.words(
            N_("{where}: {at}.{field}: {error}"),
            where=where,
            at=at,
            field=field,
            error=error,  # (worded by the core: said in the class's language)
        ) from None
    return {
        "name": _text(body.get("name", at), where, f"{at}.name", limits.MAX_NAME),
        "shape": shape,
        **_motion_and_material(body, where, at),
    }


def _shape(body: dict, kind: str, where: str, at: str, position, angle):
    """The body's shape of `kind` (one of _SHAPES) at `position` and `angle`, from its
    size fields; SceneError on a size field that is wrong, ShapeError from the shape's own
    checks (a degenerate outline)."""
    if kind == "polygon":
        return _outline(body.get("vertices"), where, at, position, angle)
    if kind == "regular":
        sides = body.get("sides")
        if isinstance(sides, bool) or not isinstance(sides, int) or not 3 <= sides <= 64:
            _fail(
                where,
                f"{at}.sides",
                N_("must be a whole number from 3 to 64, got {sides}"),
                sides=_shown(sides),
            )
        radius = _size(body.get("radius"), where, f"{at}.radius")
        return Polygon.regular(sides, radius, position, angle)
    if kind == "box":
        width = _size(body.get("width"), where, f"{at}.width")
        height = _size(body.get("height"), where, f"{at}.height")
        return Polygon.box(width, height, position, angle)
    radius = _size(body.get("radius"), where, f"{at}.radius")
    return Circle(radius, position, angle)


def _outline(vertices, where: str, at: str, position, angle):
    """A polygon body's shape from its `vertices` list (concave: convex pieces), at least
    limits.MIN_SIZE across at its narrowest; SceneError naming `at`.vertices otherwise."""
    if not isinstance(vertices, list):
        _fail(where, f"{at}.vertices", N_("must be a list of [x, y] pairs"))
    if len(vertices) > limits.MAX_VERTICES:
        _fail(
            where,
            f"{at}.vertices",
            N_("at most {max_vertices} vertices, got {vertices_count}"),
            max_vertices=limits.MAX_VERTICES,
            vertices_count=len(vertices),
        )
    points = [
        _pair(v, where, f"{at}.vertices[{k}]", limits.MAX_SIZE) for k, v in enumerate(vertices)
    ]
    shape = from_outline(points, position, angle)  # concave: convex pieces
    thinnest = narrowest(shape)
    if thinnest < limits.MIN_SIZE:
        _fail(
            where,
            f"{at}.vertices",
            N_(
                "the shape is {thinnest:.3g} px across at its narrowest (a convex piece of "
                "it); at least {min_size:g}"
            ),
            thinnest=thinnest,
            min_size=limits.MIN_SIZE,
        )
    return shape


def _motion_and_material(body: dict, where: str, at: str) -> dict:
    """The body's fields after its name and shape, in the order Body takes them: velocity,
    static, density, restitution, friction, controlled, bullet, fixed_rotation and angular
    velocity, each checked in that order (the first wrong one is the one reported)."""
    return {
        "velocity": _pair(
            body.get("velocity", list(BODY_DEFAULTS["velocity"])),
            where,
            f"{at}.velocity",
            limits.MAX_SPEED,
        ),
        "static": _flag(body.get("static", BODY_DEFAULTS["static"]), where, f"{at}.static"),
        "density": _number(
            body.get("density", BODY_DEFAULTS["density"]),
            where,
            f"{at}.density",
            minimum=limits.MIN_DENSITY,
            maximum=limits.MAX_DENSITY,
        ),
        "restitution": _number(
            body.get("restitution", BODY_DEFAULTS["restitution"]),
            where,
            f"{at}.restitution",
            minimum=0,
            maximum=1,
        ),
        "friction": _number(
            body.get("friction", BODY_DEFAULTS["friction"]),
            where,
            f"{at}.friction",
            minimum=0,
            maximum=10,
        ),
        "controlled": _flag(
            body.get("controlled", BODY_DEFAULTS["controlled"]), where, f"{at}.controlled"
        ),
        "bullet": _flag(body.get("bullet", BODY_DEFAULTS["bullet"]), where, f"{at}.bullet"),
        "fixed_rotation": _flag(
            body.get("fixed_rotation", BODY_DEFAULTS["fixed_rotation"]),
            where,
            f"{at}.fixed_rotation",
        ),
        "angular_velocity": _number(
            body.get("angular_velocity", BODY_DEFAULTS["angular_velocity"]),
            where,
            f"{at}.angular_velocity",
            minimum=-1000,
            maximum=1000,
        ),
    }


def narrowest(shape) -> float:
    """How wide a polygon or concave shape is at its narrowest (its thinnest convex piece)."""
    return min(_width(part) for part in convex_parts(shape))


def _width(polygon: Polygon) -> float:
    """A convex polygon's narrowest extent: across it, perpendicular to one of its edges."""
    v, n = polygon.local_vertices, polygon.local_normals
    along = transform(v, n)  # (vertices, normals): each vertex on each normal
    return float((along.max(axis=0) - along.min(axis=0)).min())
