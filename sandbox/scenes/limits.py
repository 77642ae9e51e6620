"""The limits on what a scene may ask for, each sized for a pixel world (1 unit = 1 px).

A scene file beyond them is refused with a message naming the field, before anything
is built: the numbers keep every product and square the physics and the renderer form
far from overflow, and the sizes keep memory and time small.
"""

MAX_SCENE_BYTES = 1 << 20  # a scene file: 1 MiB is ~20,000 bodies' worth of text
MAX_BODIES = 2000
# Pairs of bodies whose boxes overlap at the start: a packed grid of 2,000 boxes has
# ~8,000; 2,000 bodies heaped on one point have 2 million, and a step of them takes
# minutes (every pair a manifold, every body in thousands of contacts).
MAX_START_OVERLAPS = 20_000
MAX_VERTICES = 64  # per polygon, as for `regular` sides
MAX_TITLE = 80  # characters, printable only
MAX_LESSON = 240
MAX_NAME = 40
MAX_COORDINATE = 1e5  # |position| and |vertex| in px: ~100 screens away
MIN_SIZE, MAX_SIZE = 0.01, 1e4  # radius, width, height in px
MAX_SPEED = 1e5  # px/s: ~1,700 px a tick
MAX_GRAVITY = 1e5  # px/s^2: ~100 g at the scenes' scale
MAX_ANGLE = 1e4  # radians
MIN_DENSITY, MAX_DENSITY = 1e-6, 1e6
MAX_ZOOM = 16.0  # a view's zoom: 1 (the whole scene, fitted) to this many times closer
