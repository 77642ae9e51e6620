"""The editor's messages in words, said in the class's language when shown (issue 43).

An edit's result says what was done or why it was refused; the editor's model
(app/editor.py) is pure and knows no language, so it gives a `Said`: the msgid (marked
N_, with named placeholders) and the values that fill it. Whoever shows it says it in a
language (`said(words)`); `said()` is the English, the msgid filled (what the command
line's --edit refusal prints, and the very bytes the screen showed before translation).

A value is said too: a `Said` in the language first ("concave: 3 pieces"), a `Name` as
the screen names the body ("'drawn 1'": "'gezeichnet 1'", by Language.name, quoted as
Python's repr quotes it), anything else as it is (numbers keep their point).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..render.language import ENGLISH_WORDS, Language


@dataclass(frozen=True)
class Name:
    """A body's name in a message: said as the screen names the body, in quotes."""

    name: str


@dataclass(frozen=True)
class Said:
    """A message: its msgid and the values of its placeholders, as (name, value) pairs."""

    text: str = ""
    values: tuple[tuple[str, object], ...] = ()

    def __call__(self, words: Language = ENGLISH_WORDS) -> str:
        """The message in `words`' language."""
        text = words(self.text)
        if not self.values:  # (a ShapeError's own message may hold braces)
            return text
        return text.format(**{key: _value(value, words) for key, value in self.values})


def message(text: str, **values) -> Said:
    """`text` (a msgid: mark the literal N_) to be filled with `values`."""
    return Said(text, tuple(values.items()))


def _value(value, words: Language):
    if isinstance(value, Said):
        return value(words)
    if isinstance(value, Name):
        return repr(words.name(value.name))
    return value
