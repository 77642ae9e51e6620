"""The standard library parsers' reasons (tomllib, json), said in the class's language.

tomllib and json word their errors in English only ("Expecting value", "Invalid
statement (at line 3, column 7)"). Their reasons are a short fixed list, so each is a
msgid here, written exactly as the parser writes it (an English line stays byte for byte
the parser's); the place (line, column) is taken from the error and said by the caller's
own msgid. A reason not in the list (a later Python's new wording) is shown as the parser
gives it, as core.worded.os_reason shows an operating system's unknown reason.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

from .locales import N_
from .worded import Phrase, phrase_of

# tomllib's reasons (Python 3.11's _parser.py); {name}: a value quoted from the file.
TOML_REASONS = (
    N_("Cannot overwrite a value"),
    N_("Unescaped '\\' in a string"),
    N_("Cannot mutate immutable namespace {key}"),
    N_("Unterminated string"),
    N_("Unclosed inline table"),
    N_("Unclosed array"),
    N_("Invalid value"),
    N_("Invalid statement"),
    N_("Invalid initial character for a key part"),
    N_("Invalid hex value"),
    N_("Invalid date or datetime"),
    N_("Illegal character {char}"),
    N_("Found invalid character {char}"),
    N_("Expected ']]' at the end of an array declaration"),
    N_("Expected ']' at the end of a table declaration"),
    N_("Expected '=' after a key in a key/value pair"),
    N_("Expected {expected}"),
    N_("Escaped character is not a Unicode scalar value"),
    N_("Duplicate inline table key {key}"),
    N_("Cannot redefine namespace {key}"),
    N_("Cannot declare {key} twice"),
)
# json's reasons (json.decoder and its C scanner).
JSON_REASONS = (
    N_("Expecting value"),
    N_("Expecting ':' delimiter"),
    N_("Expecting ',' delimiter"),
    N_("Expecting property name enclosed in double quotes"),
    N_("Unterminated string starting at"),
    N_("Invalid control character at"),
    N_("Invalid \\uXXXX escape"),
    N_("Invalid \\escape: {escape}"),
    N_("Invalid \\escape"),
    N_("Extra data"),
)


_TOML_PLACE = re.compile(
    r"(?P<reason>.*) \((?:at line (?P<line>\d+), column (?P<column>\d+)|"
    r"(?P<end>at end of document))\)\Z",
    re.DOTALL,
)


def _reason(text: str, known) -> Phrase | str:
    return phrase_of(text, known)


@dataclass(frozen=True)
class ParseError:
    """Where a parser stopped and why: `reason` words (a Phrase) or, unknown, its text;
    `line` and `column` from 1, or None (the end of the text, or not said)."""

    reason: Phrase | str
    line: int | None = None
    column: int | None = None
    at_end: bool = False


def toml_error(error: Exception) -> ParseError:
    """A tomllib.TOMLDecodeError's reason and place, read from its message."""
    text = str(error)
    found = _TOML_PLACE.match(text)
    if found is None:
        return ParseError(_reason(text, TOML_REASONS))
    reason = _reason(found["reason"], TOML_REASONS)
    if found["end"]:
        return ParseError(reason, at_end=True)
    return ParseError(reason, int(found["line"]), int(found["column"]))


def json_error(error: json.JSONDecodeError) -> ParseError:
    """A json.JSONDecodeError's reason and place."""
    return ParseError(_reason(error.msg, JSON_REASONS), error.lineno, error.colno)
