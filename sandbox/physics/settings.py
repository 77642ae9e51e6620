"""A World's settings: the rules of one scene, as one frozen record (Box2D v3's b2WorldDef).

`World(bodies, settings)` copies each field onto the world (read as `world.gravity`,
`world.substeps`, ...); `World(bodies, gravity=...)` changes the defaults by name. A few
change while the world runs (the gravity buttons and slider, the R and W keys, F's broad
phase), and a saved state keeps them with the rest (`World.save_state`); `world.settings`
gives them back as a WorldSettings.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.geometry import Vec2


@dataclass(frozen=True)
class WorldSettings:
    """Gravity, bounds, and how contacts are found, solved and put to sleep."""

    gravity: Vec2 = (0.0, 0.0)
    bounds: tuple[float, float, float, float] = (0.0, 0.0, 1280.0, 720.0)
    resolve: bool = True  # contacts pushed apart and solved (False: they pass through)
    swept: bool = True  # bullets swept: a fast thin body cannot tunnel
    iterations: int = 3  # MTV worlds: broad + narrow phase + push-out passes a step
    damping: float = 0.0  # MTV worlds: linear damping (1/s) of every body but the learner's
    # Overlap (px) left in place by the MTV correction: resting contacts then stay in
    # contact from step to step instead of flickering at zero depth.
    slop: float = 0.0
    # Fraction of the MTV applied per pass: below 1, a body touching several others is
    # not pushed by the sum of MTVs all measured on the same snapshot.
    correction: float = 1.0
    control_speed: float = 240.0  # px/s: the learner's shape under the arrow keys
    turn_speed: float = 1.5  # rad/s: Q and E
    rigid: bool | None = None  # Box2D v3's soft step; None: rigid under gravity, MTV without
    substeps: int = 12
    relax_iterations: int = 1
    # Stiffness of the soft contacts, capped at hertz_cap times the substep rate (Box2D
    # v3: 0.125, omega h <= pi / 4; see rigid.contact_hertz). Twelve substeps carry the
    # full 90 Hz (180 Hz against a fixed body): a 20-box column sinks about 1 px (Box2D's
    # own 30 Hz would sink it 12 px; 6 substeps capped it at 45 Hz).
    contact_hertz: float = 90.0
    contact_damping_ratio: float = 10.0
    push_speed: float = 100.0  # px/s: the most an overlap is pushed out at
    angular_damping: float = 0.0
    sleep: bool = True
    sleep_time: float = 0.5  # s slow before an island sleeps
    sleep_speed: float = 4.0  # px/s under which a body counts as slow
    velocity_iterations: int = 8  # MTV worlds: sequential impulse passes
    hertz_cap: float = 0.125
    broad_phase: str = "sweep"  # or "grid", "quadtree" (contacts.BROAD_PHASES)

    def __post_init__(self):
        """The numbers as the step reads them (floats, ints), and what cannot work refused."""
        fix = {
            "gravity": (float(self.gravity[0]), float(self.gravity[1])),
            "bounds": tuple(float(v) for v in self.bounds),
            "rigid": None if self.rigid is None else bool(self.rigid),
            "substeps": int(self.substeps),
            "relax_iterations": int(self.relax_iterations),
            "sleep": bool(self.sleep),
        }
        for name in (
            "contact_hertz",
            "contact_damping_ratio",
            "push_speed",
            "angular_damping",
            "sleep_time",
            "sleep_speed",
        ):
            fix[name] = float(getattr(self, name))
        for name, value in fix.items():
            object.__setattr__(self, name, value)
        if self.substeps < 1 or self.relax_iterations < 1:
            raise ValueError(
                "substeps and relax_iterations must be at least 1 (the relax pass takes "
                f"the push-out velocity away again), got {self.substeps} and "
                f"{self.relax_iterations}"
            )
