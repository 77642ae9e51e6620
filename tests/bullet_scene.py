"""Scene files of N bullets: small fast circles (and, when asked, small boxes) with
`bullet = true`, on a jittered grid (no two touching at the start), each flying its own
way (by default at 600-3,000 px/s: 10-50 px a step), under gravity; optionally inside four static
walls. Seeded: the same arguments give the same text. Shared by the tests and
bench/bench_bullets.py."""

from __future__ import annotations

import math
import random

SPACING = 20.0  # px between grid points; a body is at most 8 px across, jittered by 4


def bullet_scene(
    count: int,
    *,
    seed: int = 0,
    boxes: float = 0.0,
    walls: bool = False,
    speed: tuple[float, float] = (600.0, 3000.0),
) -> str:
    """The TOML text of a scene of `count` bullets (a share `boxes` of them 6-8 px boxes
    at a random angle, the rest circles of radius 3-4 px) flying at `speed` (px/s, the
    least and the most), plus four walls if asked."""
    rng = random.Random(seed)
    side = max(1, math.ceil(math.sqrt(count)))
    lines = [
        f'title = "{count} bullets"',
        "gravity = [0, 900]",
        "",
    ]
    for k in range(count):
        x = 100.0 + SPACING * (k % side) + rng.uniform(-4.0, 4.0)
        y = 100.0 + SPACING * (k // side) + rng.uniform(-4.0, 4.0)
        heading = rng.uniform(0.0, 2.0 * math.pi)
        fast = rng.uniform(*speed)
        vx, vy = fast * math.cos(heading), fast * math.sin(heading)
        lines += ["[[body]]", f'name = "bullet {k}"']
        if rng.random() < boxes:
            size = rng.uniform(6.0, 8.0)
            lines += ['shape = "box"', f"width = {size!r}", f"height = {size!r}"]
            lines += [f"angle = {rng.uniform(-3.0, 3.0)!r}"]
        else:
            lines += ['shape = "circle"', f"radius = {rng.uniform(3.0, 4.0)!r}"]
        lines += [
            f"position = [{x!r}, {y!r}]",
            f"velocity = [{vx!r}, {vy!r}]",
            "bullet = true",
            "",
        ]
    if walls:
        far = 100.0 + SPACING * side
        middle = (far + 100.0) / 2
        length = far - 100.0 + 120.0
        for name, (cx, cy), (w, h) in (
            ("top", (middle, 60.0), (length, 20.0)),
            ("bottom", (middle, far + 40.0), (length, 20.0)),
            ("left", (60.0, middle), (20.0, length)),
            ("right", (far + 40.0, middle), (20.0, length)),
        ):
            lines += [
                "[[body]]",
                f'name = "{name} wall"',
                'shape = "box"',
                f"width = {w!r}",
                f"height = {h!r}",
                f"position = [{cx!r}, {cy!r}]",
                "static = true",
                "",
            ]
    return "\n".join(lines)
