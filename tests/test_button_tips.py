"""Button tips come from the keymap (issue 42, item 4): a toolbar button's tip is its
words, then the key the keymap binds to its action (a panel button: the keys of the
actions it names), composed when it is shown; rebind the action and the tip follows, in
every language. The key a click presses is the keymap's too (its action's first key)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from sandbox.app import panels
from sandbox.app.keymap import KEY_FOR_ACTION, KEYMAP, key_said, keys_said
from sandbox.app.panels import TOOLBAR, tip_said
from sandbox.render.language import language

EN, DE = language("en"), language("de")


def _bound(action: str, keys: tuple[str, ...]):
    """KEYMAP with `action` bound to `keys` instead."""
    return tuple(replace(b, keys=keys) if b.action == action else b for b in KEYMAP)


@pytest.mark.parametrize("button", [b for b in TOOLBAR if b.action], ids=lambda b: b.name)
def test_a_key_buttons_tip_names_the_key_its_action_is_bound_to(button):
    bound = next(b for b in KEYMAP if b.action == button.action)
    for words in (EN, DE):
        assert f" · {key_said(bound.keys, words)}" in tip_said(button, words)
    assert button.key == KEY_FOR_ACTION[button.action] == bound.keys[0]


@pytest.mark.parametrize("button", [b for b in TOOLBAR if b.action], ids=lambda b: b.name)
def test_rebinding_an_action_moves_its_buttons_tip(button):
    keymap = _bound(button.action, ("f12",))
    for words in (EN, DE):
        said = tip_said(button, words, keys_said(keymap))
        assert " · F12" in said and f" · {key_said((button.key,))}" not in said, said


def test_the_words_hold_no_key():
    """A tip's msgid is the action's words: the keys are filled in from the keymap."""
    for button in TOOLBAR:
        if button.action is not None:
            said = key_said((button.key,))
            assert not button.tip.endswith(said) and f"· {said}" not in button.tip, button


def test_english_and_german_tips_read_as_before():
    assert tip_said(panels.button("pause"), EN) == "pause / resume · Space"
    assert tip_said(panels.button("zoom_out"), EN) == "zoom out · - (Ctrl+wheel)"
    assert tip_said(panels.button("panel:scenes"), EN) == "open another scene · 1..9, [ ]"
    assert tip_said(panels.button("panel:show"), DE) == (
        "was gezeichnet wird: die Ebenen · N V X Z K C I B D U"
    )
    assert tip_said(panels.button("edit"), DE) == (
        "Bearbeiten: Ecken ziehen, Form zeichnen; Einfg, F5, F6 fügen hinzu, Entf löscht · F3"
    )
    assert tip_said(panels.button("panel:tune"), EN) == "gravity, friction, bounce, density, speed"


def test_a_panel_buttons_tip_and_the_edit_tips_keys_follow_the_keymap():
    keymap = _bound("show_normals", ("f12",))
    assert tip_said(panels.button("panel:show"), EN, keys_said(keymap)).endswith(
        " · F12 V X Z K C I B D U"
    )
    keys = keys_said(_bound("spawn_box", ("page down",)))
    assert "; Page Down, F5, F6 add" in tip_said(panels.button("edit"), EN, keys)
    keymap = _bound("next_scene", ("page up",))
    assert tip_said(panels.button("panel:scenes"), DE, keys_said(keymap)).endswith(
        " · 1..9, [ Page Up"
    )
