"""The tolerances of the separating axis test, each with the reason for its size."""

# Two unit axes whose cross product is this small are parallel: test one only.
PARALLEL_TOLERANCE = 1e-12
# Axes whose depths differ by less than this (relative to the depth) are tied.
TIE_TOLERANCE = 1e-9
# ... and never less than TIE_TOLERANCE x this x the largest |vertex| of the pair: near a
# depth of zero (touching), "tied" means equal to within the rounding of the coordinates,
# whatever their scale (an absolute floor would tie every axis of shapes 1e-9 in size).
TIE_FLOOR = 1e-4
# The one touching rule: a depth (or a gap, or an overlap) within TOUCH_TOLERANCE x the
# largest |vertex| of the pair is the rounding of the coordinates, not a distance: the
# shapes touch, depth 0, colliding. sat(), sat_many, the report's records and every word
# on screen read it so (axes.touch_tolerance). An MTV push leaves a pair a few ulps of its
# coordinates apart or inside (5.7e-14 px at 500 px: 1e-16 relative); 1e-12 leaves room
# for thousands of ulps and is still 1e-9 px at 1000 px, invisible at any zoom.
TOUCH_TOLERANCE = 1e-12
# ... an upper bound of it from geometry.magnitude (the L1 position plus the reach), which
# is cheaper: the largest |vertex| bound of tie_scale is at most (1 + 2 sqrt 2) x that.
TOUCH_BOUND = 4.0 * TOUCH_TOLERANCE
# Relative slack for "inside" and for keeping touching contact points.
CONTAINMENT_TOLERANCE = 1e-9
# Faces whose separations differ by less than this (px) keep A as the reference face of a
# contact manifold: the choice then does not flicker between steps (Box2D v2.4: 0.1 x
# linear slop; clipping.reference_is_b).
FLIP_TOLERANCE = 0.025


# Shapes whose bounds are apart by more than rounding could ever hide are certainly
# not colliding: sat() and sat_many skip the projections for them. Why: if the shapes
# are `dist` apart, the origin lies `dist` outside their Minkowski difference, whose
# edge normals are the candidate axes. Its nearest point is on an edge (the gap on that
# edge's axis is dist) or at a corner, where one of the two edge normals is within half
# the corner's turn of the direction to the origin: some candidate axis shows a gap of
# at least dist * cos(turn / 2). The difference's normals are the union of the shapes'
# normals, so each of its corners turns no more than the smaller of the two shapes'
# largest turns between adjacent normals. A computed depth is off by ~1e-15 of the
# coordinates' size, so a margin of REJECT_SLACK (relative) leaves rounding no way to
# make such a pair touch.
REJECT_SLACK = 1e-9
# Two candidate axes parallel within PARALLEL_TOLERANCE give depths within ~2.1e-12 x
# the largest |vertex| (a tilt of 1e-12 moves a projection by that much, plus rounding).
# A skipped axis is at most three such steps from the tested axis it duplicates (a
# convex polygon has at most two normals near any one direction, so a pair has at most
# four), so its depth is within CROSS_SLACK x the largest |vertex| of that axis's. So
# duplicates can change an answer only when depths lie that close to deciding it.
CROSS_SLACK = 1e-11
