"""A world's bodies as plain JSON-ready data: what `--dump-state` writes of them."""

from __future__ import annotations

from ..core.compound import Compound
from ..core.geometry import Polygon


def world_dump(world) -> dict:
    """The tick, the gravity, and every body's name, shape kind, pose, speeds, whether it
    is static, and its world vertices (a compound's outline and pieces) or radius."""
    out = []
    for i, (body, shape) in enumerate(zip(world.bodies, world.shapes(), strict=True)):
        entry = {
            "name": body.name,
            "kind": shape.kind,
            "position": [float(v) for v in world.position[i]],
            "angle": float(world.angle[i]),
            "velocity": [float(v) for v in world.velocity[i]],
            "angular_velocity": float(world.omega[i]),
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
    return {"tick": world.tick, "gravity": list(world.gravity), "bodies": out}
