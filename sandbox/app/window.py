"""The window loop: real time into fixed 1/60 s steps, keys read per step."""

from __future__ import annotations

from ..scenes.base import CANVAS
from .headless import init_pygame
from .keymap import KEY_ACTIONS, KEYMAP
from .options import Options
from .outputs import write_outputs
from .recording import Recorder
from .session import SPEEDS, STEP, Session


def run_window(options: Options) -> int:
    pygame = init_pygame(headless=False)
    window = pygame.display.set_mode(CANVAS, pygame.RESIZABLE)
    pygame.display.set_caption("SAT Sandbox")
    canvas = pygame.Surface(CANVAS)
    session = Session(options.scene, options.seed, options.theme)
    recorder = Recorder(options.scene, options.seed, options.theme) if options.record else None
    clock = pygame.time.Clock()
    accumulator = 0.0
    running = True
    held_names = {k for b in KEYMAP if b.held for k in b.keys}
    while running:
        elapsed = min(clock.tick(60) / 1000.0, 0.25)  # the clock is read here only
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                running = False
            elif event.type == pygame.KEYDOWN:
                key = pygame.key.name(event.key)
                if recorder:
                    recorder.action(session.steps, key)
                held = _held_keys(pygame, held_names)
                if recorder and session.paused and key in KEY_ACTIONS:
                    recorder.held(session.steps, held)  # a single step (O) uses these keys
                running = session.apply(key, held) and running
        if not session.paused:
            accumulator += elapsed * SPEEDS[session.speed_index][0]
        while accumulator >= STEP and running:
            held = _held_keys(pygame, held_names)
            if recorder:
                recorder.held(session.steps, held)
            session.advance(held)
            accumulator -= STEP
        session.draw(canvas, fps=clock.get_fps())
        if window.get_size() == CANVAS:
            window.blit(canvas, (0, 0))
        else:
            window.blit(pygame.transform.smoothscale(canvas, window.get_size()), (0, 0))
        pygame.display.flip()
    write_outputs(options, session, canvas, recorder)
    pygame.display.quit()
    return 0


def _held_keys(pygame, names: set[str]) -> frozenset[str]:
    pressed = pygame.key.get_pressed()
    return frozenset(name for name in names if pressed[pygame.key.key_code(name)])
