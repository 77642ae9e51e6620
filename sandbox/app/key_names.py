"""Keys as a keyboard prints them, in the class's language: the one table the help page,
the toolbar's tips and the messages name keys by (issue 43).

A key is its pygame name in the keymap ("space", "page up"); on screen it is the name
printed on the key: a letter or digit as printed (upper case), F1..F12 so, and the
others by KEY_NAMES, a msgid each (German: Leertaste, Bild ↑, Entf ...); the mouse's
ways in the help ("left drag") too."""

from __future__ import annotations

from collections.abc import Callable

from ..core.locales import N_, PSEUDO

# pygame's key name -> the name printed on the key (a msgid); "arrows": the four arrows.
KEY_NAMES = {
    "space": N_("Space"),
    "page up": N_("Page Up"),
    "page down": N_("Page Down"),
    "home": N_("Home"),
    "end": N_("End"),
    "delete": N_("Del"),
    "insert": N_("Ins"),
    "backspace": N_("Backspace"),
    "return": N_("Return"),
    "tab": N_("Tab"),
    "escape": N_("Escape"),
    "ctrl": N_("Ctrl"),
    "shift": N_("Shift"),
    "shift tab": N_("Shift+Tab"),
    "arrows": N_("Arrows"),
    "left": N_("Left"),
    "right": N_("Right"),
    "up": N_("Up"),
    "down": N_("Down"),
    # the mouse's ways, named in the help beside the keys
    "left drag": N_("left drag"),
    "wheel": N_("wheel"),
    "click": N_("click"),
    "shift click": N_("Shift+click"),
    "right drag": N_("right drag"),
    "ctrl wheel": N_("Ctrl+wheel"),
    "toolbar": N_("toolbar"),
    "ctrl z": N_("Ctrl+Z"),
    "ctrl s": N_("Ctrl+S"),
}
ARROWS = ("left", "right", "up", "down")


def _printed_as_is(key: str) -> bool:
    """A letter, digit or sign, or F1..F12: printed on the key as its own name."""
    return len(key) == 1 or (key[0] == "f" and key[1:].isdigit())


def key_name(key: str, tr: Callable[[str], str] = N_) -> str:
    """`key` (a pygame key name, or a way of the mouse) as printed on the keyboard, in
    `tr`'s language. The pseudo-locale keeps it as printed in English, as it keeps the
    {key} names in its msgids (core.locales): a key's name is no sentence to lengthen."""
    if _printed_as_is(key):
        return key.upper()
    if key not in KEY_NAMES:
        return key.title()
    return KEY_NAMES[key] if getattr(tr, "code", None) == PSEUDO else tr(KEY_NAMES[key])


def keys_named(keys: tuple[str, ...], tr: Callable[[str], str] = N_) -> str:
    """A binding's keys as the help lists them: "Arrows", "Space P", "1..9"."""
    if keys == ARROWS:
        return key_name("arrows", tr)
    if len(keys) > 4:
        return f"{key_name(keys[0], tr)}..{key_name(keys[-1], tr)}"
    return " ".join(key_name(key, tr) for key in keys)


def answer_keys_said(keys: tuple[str, ...], tr: Callable[[str], str]) -> str:
    """A question's answer keys as its prompt names them: "keys 1–6", "keys Y / N"."""
    if len(keys) > 2 and all(k.isdigit() for k in keys):
        return tr("keys {first}–{last}").format(first=keys[0], last=keys[-1])
    return tr("keys {keys}").format(keys=" / ".join(key_name(k, tr) for k in keys))


# The keys a status message may name by a slot ("answered · {page_down}: next stage"):
# the msgid keeps the slot, and the message on show has the key's printed name in it.
_SLOTS = ("space", "page up", "page down", "home", "end", "escape", "return", "backspace")


def keys_filled(text: str, tr: Callable[[str], str]) -> str:
    """`text` (a message already in `tr`'s language) with each key slot ({page_down},
    {home}, ...) filled by the key's printed name in that language; the rest untouched
    (a message may quote a name with braces of its own)."""
    for key in _SLOTS:
        slot = "{" + key.replace(" ", "_") + "}"
        if slot in text:
            text = text.replace(slot, key_name(key, tr))
    return text
