"""Keys named once, in the class's language (issue 43, item 4): the help page, the
toolbar's tips and a question's prompt name a key from one table (app/key_names.py);
German names are a German keyboard's (Leertaste, Bild ↓, Entf ...)."""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.pofile import read_po

from sandbox.app import panels
from sandbox.app.key_names import KEY_NAMES, answer_keys_said, key_name
from sandbox.app.keymap import KEYMAP, help_pages
from sandbox.render.language import language

DE = language("de")


def _help_keys(action: str, words) -> str:
    """The help page's key cell of `action`'s row."""
    description = words(next(b.description for b in KEYMAP if b.action == action))
    return next(keys for _, rows in help_pages(words) for keys, said in rows if said == description)


def test_the_help_and_the_tip_say_the_same_german_key():
    assert _help_keys("pause", DE) == "Leertaste P"
    assert panels.tip_said(panels.button("pause"), DE).endswith(" · Leertaste")
    assert _help_keys("forward_second", DE) == "Bild ↓"
    assert _help_keys("delete_body", DE) == "Entf"
    assert "Entf löscht" in panels.tip_said(panels.button("edit"), DE)


def test_english_help_and_tips_name_keys_alike():
    english = language("en")
    assert _help_keys("pause", english) == "Space P"
    assert panels.tip_said(panels.button("pause"), english) == "pause / resume · Space"
    assert _help_keys("rewind_second", english) == "Page Up"


def test_every_key_name_has_a_german_name():
    german = {key: key_name(key, DE) for key in KEY_NAMES}
    assert german["space"] == "Leertaste" and german["page up"] == "Bild ↑"
    assert german["home"] == "Pos1" and german["ctrl"] == "Strg" and german["insert"] == "Einfg"
    untranslated = sorted(k for k, name in german.items() if name == key_name(k) and k != "tab")
    assert untranslated == [], untranslated


def test_a_questions_keys_are_named_by_the_table():
    assert answer_keys_said(("y", "n"), DE).endswith(" Y / N")
    assert answer_keys_said(tuple("123456"), language("en")) == "keys 1–6"


def test_the_pseudo_locale_keeps_key_names_as_printed():
    assert key_name("page down", language("en-XA")) == "Page Down"


def test_no_german_line_names_a_key_in_english():
    """Where a German line names a key in its own words (not through the table), it
    uses the German keyboard's name: every translation in the German catalogue is free
    of the English names the table translates (Backspace, Page Down, Escape, Return ...)
    and of their short forms (PgDn, PgUp, Enter). Before: "Backspace spult zurück",
    "PgDn / PgUp: Stufen · F2 oder Escape schließt", "(Enter schließt)"."""
    path = Path(__file__).resolve().parent.parent / "sandbox/locale/de/LC_MESSAGES/sandbox.po"
    with path.open("rb") as file:
        catalogue = read_po(file)
    mouse = {"left drag", "wheel", "click", "shift click", "right drag", "ctrl wheel", "toolbar"}
    english = {
        name for key, name in KEY_NAMES.items() if key not in mouse and key_name(key, DE) != name
    }
    english |= {"PgDn", "PgUp", "Enter"}
    pattern = re.compile(r"(?<![\w+-])(" + "|".join(map(re.escape, sorted(english))) + r")(?!\w)")
    found = [
        (message.id, message.string)
        for message in catalogue
        if message.id and isinstance(message.string, str) and pattern.search(message.string)
    ]
    assert len(english) >= 10, english
    assert not found, found
