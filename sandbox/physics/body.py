"""A body (its shape and physical properties) and the keys that steer one (plain data)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..core.geometry import Circle, Polygon, Vec2


@dataclass(frozen=True)
class Steering:
    """Keys held during one tick."""

    left: bool = False
    right: bool = False
    up: bool = False
    down: bool = False
    turn_left: bool = False  # Q: counter-clockwise on screen
    turn_right: bool = False  # E: clockwise on screen


NO_STEERING = Steering()


@dataclass
class Body:
    """One rigid body: a shape (already at its starting pose) and its physical properties."""

    name: str
    shape: Polygon | Circle
    velocity: Vec2 = (0.0, 0.0)
    static: bool = False
    density: float = 1.0  # mass per square pixel
    restitution: float = 0.2
    friction: float = 0.3
    controlled: bool = False
    bullet: bool = False  # moves far per step: use the swept test
    angular_velocity: float = 0.0  # rad/s, positive turns +x toward +y (clockwise on screen)
    fixed_rotation: bool = False  # never turned by contacts (infinite moment of inertia)

    @property
    def mass(self) -> float:
        return math.inf if self.static else self.density * self.shape.area

    @property
    def inv_mass(self) -> float:
        return 0.0 if self.static else 1.0 / self.mass

    @property
    def inertia(self) -> float:
        """Moment of inertia about the centre of mass (inf: static or fixed rotation)."""
        if self.static or self.fixed_rotation:
            return math.inf
        return self.shape.moment_of_inertia(self.mass)

    @property
    def inv_inertia(self) -> float:
        return 0.0 if self.static or self.fixed_rotation else 1.0 / self.inertia
