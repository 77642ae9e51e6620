"""An orbiting pinhole camera for the 3D SAT view (numpy only; render draws its output).

World: right-handed x, y, z (as in `polyhedron`). The camera orbits the point `target` at
`distance`, `yaw` radians about the world y axis (0 looks along -z from the +z side) and
`pitch` radians above the x-z plane. Screen: pixels, x right, y DOWN (the sandbox's
convention), the centre of the view at `centre`, `focal` pixels per unit of depth ratio:
screen = centre + focal * (x_cam / depth, -y_cam / depth). Points at or behind the near
plane (`depth <= near`) are reported as not visible instead of being flipped.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import numpy as np

from .portable import cos_sin, transform


@dataclass(frozen=True)
class Projection:
    """Screen points (n, 2), depths along the view direction (n,), visible flags (n,)."""

    points: np.ndarray
    depth: np.ndarray
    visible: np.ndarray


@dataclass(frozen=True)
class OrbitCamera:
    yaw: float = 0.0
    pitch: float = 0.0
    distance: float = 500.0
    target: tuple[float, float, float] = (0.0, 0.0, 0.0)
    focal: float = 500.0
    near: float = 1.0

    def __post_init__(self) -> None:
        values = (self.yaw, self.pitch, self.distance, self.focal, self.near, *self.target)
        if not all(math.isfinite(v) for v in values):
            raise ValueError("camera values must be finite numbers")
        if self.distance <= 0 or self.focal <= 0 or self.near <= 0:
            raise ValueError("camera distance, focal length and near plane must be positive")
        if abs(self.pitch) >= math.pi / 2:
            raise ValueError("camera pitch must be strictly between -pi/2 and pi/2")

    def turned(self, d_yaw: float) -> OrbitCamera:
        """The same camera moved `d_yaw` radians around the target (yaw kept in [0, 2 pi))."""
        return replace(self, yaw=(self.yaw + d_yaw) % (2 * math.pi))

    def basis(self) -> np.ndarray:
        """Rows: camera right, camera up, view direction (all unit, world coordinates)."""
        cy, sy = cos_sin(self.yaw)
        cp, sp = cos_sin(self.pitch)
        forward = np.array([-sy * cp, -sp, -cy * cp])
        right = np.array([cy, 0.0, -sy])
        up = np.cross(right, forward)
        return np.array([right, up, forward])

    def eye(self) -> np.ndarray:
        return np.asarray(self.target, dtype=float) - self.distance * self.basis()[2]

    def project(self, points, centre=(0.0, 0.0)) -> Projection:
        p = np.atleast_2d(np.asarray(points, dtype=float))
        if p.shape[-1] != 3:
            raise ValueError(f"points must have 3 coordinates, got shape {p.shape}")
        cam = transform(p - self.eye(), self.basis())
        depth = cam[:, 2]
        visible = depth > self.near
        safe = np.where(visible, depth, 1.0)
        screen = np.empty((len(p), 2))
        screen[:, 0] = centre[0] + self.focal * cam[:, 0] / safe
        screen[:, 1] = centre[1] - self.focal * cam[:, 1] / safe
        return Projection(screen, depth, visible)


@dataclass(frozen=True)
class Wireframe:
    """A polyhedron's edges on screen: (m, 2, 2) segment ends, (m,) flags both ends visible."""

    segments: np.ndarray
    visible: np.ndarray


def wireframe(camera: OrbitCamera, shape, centre=(0.0, 0.0)) -> Wireframe:
    """Project every edge of `shape` (anything with world `vertices` and index-pair `edges`)."""
    proj = camera.project(shape.vertices, centre)
    index = np.asarray(shape.edges, dtype=int).reshape(-1, 2)
    return Wireframe(proj.points[index], proj.visible[index].all(axis=1))
