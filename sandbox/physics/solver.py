"""The contact solver: velocity impulses and the MTV push (numpy only)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from .materials import (
    BOUNCE_THRESHOLD,
    clamp_friction,
    friction_limit,
    mixed_friction,
    mixed_restitution,
)

if TYPE_CHECKING:
    from .world import World


def solve_velocities(world: World, contacts: list[tuple]) -> None:
    """Sequential impulses (box2d-lite): per contact, accumulate a normal impulse
    P >= 0 that stops the closing speed (or bounces it back by restitution) and a
    friction impulse clamped to |Pt| <= mu P; sweep all contacts several times so
    that a stack passes its weight down to the floor. Warm starting: each contact
    begins with the impulses it ended the last step with, so a resting stack
    converges over a few frames instead of within one.
    """
    if not contacts:
        world.warm_impulses = {}
        return
    velocity = world.velocity.tolist()
    inv_mass = world.inv_mass.tolist()
    # Without gravity the arrows set the controlled body's velocity outright (tutorial
    # 003); its contacts are left to the MTV, which slides it along what it pushes.
    steered = world.controlled if world.gravity == (0.0, 0.0) else None
    rows = []
    for a, b, nx, ny, _ in contacts:
        ia, ib = inv_mass[a], inv_mass[b]
        if ia + ib == 0.0 or steered in (a, b):
            continue
        va, vb = velocity[a], velocity[b]
        # Closing speed before any warm start: it alone decides whether this bounces.
        closing = (va[0] - vb[0]) * nx + (va[1] - vb[1]) * ny
        body_a, body_b = world.bodies[a], world.bodies[b]
        e = (
            mixed_restitution(body_a.restitution, body_b.restitution)
            if -closing > BOUNCE_THRESHOLD
            else 0.0
        )
        mu = mixed_friction(body_a.friction, body_b.friction)
        p, pt = world.warm_impulses.get((a, b), (0.0, 0.0))
        # [a, b, nx, ny, ia, ib, 1/(ia+ib), target normal speed, mu, P, Pt]
        rows.append([a, b, nx, ny, ia, ib, 1.0 / (ia + ib), -e * closing, mu, p, pt])
    for a, b, nx, ny, ia, ib, _, _, _, p, pt in rows:  # warm start
        tx, ty = -ny, nx
        jx, jy = p * nx + pt * tx, p * ny + pt * ty
        velocity[a][0] += ia * jx
        velocity[a][1] += ia * jy
        velocity[b][0] -= ib * jx
        velocity[b][1] -= ib * jy
    for _ in range(world.velocity_iterations):
        for row in rows:
            a, b, nx, ny, ia, ib, k, target, mu, p, pt = row
            va, vb = velocity[a], velocity[b]
            vn = (va[0] - vb[0]) * nx + (va[1] - vb[1]) * ny
            new_p = max(p + (target - vn) * k, 0.0)
            dp = new_p - p
            row[9] = new_p
            va[0] += dp * ia * nx
            va[1] += dp * ia * ny
            vb[0] -= dp * ib * nx
            vb[1] -= dp * ib * ny
            tx, ty = -ny, nx
            vt = (va[0] - vb[0]) * tx + (va[1] - vb[1]) * ty
            new_pt = clamp_friction(pt - vt * k, friction_limit(mu, new_p))
            dpt = new_pt - pt
            row[10] = new_pt
            va[0] += dpt * ia * tx
            va[1] += dpt * ia * ty
            vb[0] -= dpt * ib * tx
            vb[1] -= dpt * ib * ty
    world.velocity[:] = velocity
    world.warm_impulses = {(row[0], row[1]): (row[9], row[10]) for row in rows}


def push_apart(world: World, contacts: list[tuple], impulse_for: set) -> None:
    """Push each pair apart along its MTV (split by inverse mass); the pairs in
    `impulse_for` (new contacts: impacts) also bounce and slide.

    Every MTV was measured on the same snapshot, so a body in many contacts would be
    pushed by their sum: in a heap of 100 boxes one went 1,600 px in a step, through a
    40 px wall. A body moves in a pass no farther than its deepest push alone would move
    it: its pushes are added up, and the sum is shortened to that length when longer
    (Box2D v2 bounds its position corrections too: b2_maxLinearCorrection). A body in
    one contact, the tutorials' case, moves exactly by its share of the MTV; pushes from
    two sides (a stack) mostly cancel and are left as they are.

    The impulses are handled one pair after another in a fixed order (Gauss-Seidel),
    on plain floats.
    """
    position = world.position.tolist()
    velocity = world.velocity.tolist()
    inv_mass = world.inv_mass.tolist()
    slop, correction = world.slop, world.correction
    moves: dict[int, list[float]] = {}  # body: [dx, dy, its deepest push, pushes]
    for a, b, nx, ny, depth in contacts:
        ia, ib = inv_mass[a], inv_mass[b]
        total = ia + ib
        if total == 0.0:
            continue
        push = max(depth - slop, 0.0) * correction
        for body, share in ((a, push * ia / total), (b, -push * ib / total)):
            if share == 0.0:
                continue
            move = moves.setdefault(body, [0.0, 0.0, 0.0, 0])
            move[0] += nx * share
            move[1] += ny * share
            move[2] = max(move[2], abs(share))
            move[3] += 1
    for body, (dx, dy, deepest, pushes) in moves.items():
        if pushes > 1:
            length = math.sqrt(dx * dx + dy * dy)
            if length > deepest:
                dx, dy = dx * (deepest / length), dy * (deepest / length)
        position[body][0] += dx
        position[body][1] += dy
    for a, b, nx, ny, _ in contacts:
        ia, ib = inv_mass[a], inv_mass[b]
        total = ia + ib
        if total == 0.0:
            continue
        if (a, b) not in impulse_for:
            continue
        va, vb = velocity[a], velocity[b]
        vn = (va[0] - vb[0]) * nx + (va[1] - vb[1]) * ny
        if vn >= 0:
            continue  # already separating
        body_a, body_b = world.bodies[a], world.bodies[b]
        e = (
            mixed_restitution(body_a.restitution, body_b.restitution)
            if -vn > BOUNCE_THRESHOLD
            else 0.0
        )
        j = -(1 + e) * vn / total
        va[0] += j * ia * nx
        va[1] += j * ia * ny
        vb[0] -= j * ib * nx
        vb[1] -= j * ib * ny
        # Coulomb friction along the contact tangent, clamped by mu * j.
        tx, ty = -ny, nx
        vt = (va[0] - vb[0]) * tx + (va[1] - vb[1]) * ty
        mu = mixed_friction(body_a.friction, body_b.friction)
        jt = clamp_friction(-vt / total, friction_limit(mu, j))
        va[0] += jt * ia * tx
        va[1] += jt * ia * ty
        vb[0] -= jt * ib * tx
        vb[1] -= jt * ib * ty
    world.position[:] = position
    world.velocity[:] = velocity
    world.pose_changed()
