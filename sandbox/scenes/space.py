"""The 3D scene's state (tutorial 004's slides): two convex polyhedra, the camera that
looks at them, and the keys that move them. Plain data, changed only per step.

    F       next pose: the false positive (two cubes, ridges crossed), a box and a
            tetrahedron, two boxes overlapping
    arrows  move B (left/right along x, up/down along y); Q / E turn B about y
    J / L   orbit the camera about the vertical
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import lru_cache

from ..core.camera3d import OrbitCamera
from ..core.locales import N_
from ..core.polyhedron import Polyhedron, euler_rotation
from ..core.portable import matrix_product
from ..core.sat3d import Sat3dResult, false_positive_pose, sat3d

POSES = (N_("false positive"), N_("box and tetrahedron"), N_("two boxes"))
SPEED = 120.0  # px/s that the arrows move B
TURN = 1.2  # rad/s that Q / E turn B
ORBIT = math.radians(15)  # one press of J or L


@lru_cache(maxsize=len(POSES))
def _pose(index: int) -> tuple[Polyhedron, Polyhedron]:
    if POSES[index] == "false positive":
        return false_positive_pose(100.0, 10.0)
    if POSES[index] == "box and tetrahedron":
        a = Polyhedron.box(120, 80, 100, rotation=(0.2, 0.3, 0.0))
        return a, Polyhedron.tetrahedron(110, position=(40, 95, 10), rotation=(0.4, 0.1, 0.7))
    a = Polyhedron.box(120, 80, 100, rotation=(0.0, 0.3, 0.0))
    return a, Polyhedron.box(90, 90, 90, position=(70, 60, 0), rotation=(0.5, 0.2, 0.3))


# A frame asks for the shapes and the report several times (picture, panel, words) and a
# paused scene asks the same every frame: both are pure functions of the pose, the offset
# and the turn, kept for the last few (building a polyhedron validates it: ~2 ms).
@lru_cache(maxsize=4)
def _placed(pose: int, offset, turn: float) -> tuple[Polyhedron, Polyhedron]:
    a, b = _pose(pose)
    spin = euler_rotation(0.0, turn, 0.0)
    position = tuple(float(p + d) for p, d in zip(b.position, offset, strict=True))
    return a, b.placed(position, matrix_product(spin, b.rotation))


@lru_cache(maxsize=4)
def _report(pose: int, offset, turn: float) -> Sat3dResult:
    return sat3d(*_placed(pose, offset, turn))


@dataclass(frozen=True)
class Space:
    pose: int = 0
    offset: tuple[float, float, float] = (0.0, 0.0, 0.0)  # B moved from its pose by
    turn: float = 0.0  # B turned about y from its pose by (rad)
    camera: OrbitCamera = OrbitCamera(
        yaw=0.6, pitch=0.35, distance=480.0, target=(0, 70, 0), focal=900.0
    )

    def shapes(self) -> tuple[Polyhedron, Polyhedron]:
        return _placed(self.pose, self.offset, self.turn)

    def report(self) -> Sat3dResult:
        return _report(self.pose, self.offset, self.turn)

    def stepped(self, held, dt: float) -> Space:
        """One step of the keys held."""
        dx = float("right" in held) - float("left" in held)
        dy = float("up" in held) - float("down" in held)
        dturn = float("e" in held) - float("q" in held)
        if not (dx or dy or dturn):
            return self
        x, y, z = self.offset
        return replace(
            self,
            offset=(x + dx * SPEED * dt, y + dy * SPEED * dt, z),
            turn=self.turn + dturn * TURN * dt,
        )

    def next_pose(self) -> Space:
        return Space(pose=(self.pose + 1) % len(POSES), camera=self.camera)

    def orbited(self, presses: int) -> Space:
        return replace(self, camera=self.camera.turned(presses * ORBIT))

    def to_dict(self) -> dict:
        a, b = self.shapes()
        return {
            "pose": POSES[self.pose],
            "offset": list(self.offset),
            "turn": self.turn,
            "camera_yaw": self.camera.yaw,
            "a_vertices": a.vertices.tolist(),
            "b_vertices": b.vertices.tolist(),
            "sat3d": self.report().to_dict(),
        }
