"""What two bodies' materials do where they touch: each contact law in one place, read by
both solvers (the MTV world's `solver`, the rigid world's `contact_solver` and the hold
of `support`). Each law takes floats or numpy arrays alike; with `out`, arrays are
written in place (the rigid solver's hot loop allocates nothing).

    friction      mu = sqrt(mu_a mu_b)          Box2D's b2MixFriction
    restitution   e = min(e_a, e_b)             the less bouncy body decides
    bounce        only a contact closing faster than BOUNCE_THRESHOLD bounces
    Coulomb       |tangent impulse| <= mu * normal impulse
"""

from __future__ import annotations

import math

import numpy as np

# Below this closing speed (px/s) a contact does not bounce: resting contacts stay at rest.
BOUNCE_THRESHOLD = 60.0


def mixed_friction(friction_a, friction_b):
    """The friction of a contact: the geometric mean of the two bodies' (Box2D's)."""
    if isinstance(friction_a, np.ndarray) or isinstance(friction_b, np.ndarray):
        return np.sqrt(friction_a * friction_b)
    return math.sqrt(friction_a * friction_b)


def mixed_restitution(restitution_a, restitution_b):
    """The restitution of a contact: the smaller of the two bodies'."""
    if isinstance(restitution_a, np.ndarray) or isinstance(restitution_b, np.ndarray):
        return np.minimum(restitution_a, restitution_b)
    return min(restitution_a, restitution_b)


def friction_limit(mu, normal_impulse, out=None):
    """Coulomb's cone: the largest tangent impulse a normal impulse allows, mu times it."""
    if out is None:
        return normal_impulse * mu
    return np.multiply(normal_impulse, mu, out=out)


def clamp_friction(impulse, limit, floor=None, out=None):
    """A tangent impulse kept within the cone, -limit <= impulse <= limit (`floor`: the
    lower bound when it is already at hand as an array, -limit)."""
    if out is None:
        if isinstance(impulse, np.ndarray) or isinstance(limit, np.ndarray):
            return np.maximum(np.minimum(impulse, limit), -limit if floor is None else floor)
        return max(-limit, min(limit, impulse))
    np.minimum(impulse, limit, out=out)
    return np.maximum(out, -limit if floor is None else floor, out=out)
