"""The typed readers of a scene or lesson file's fields: each returns the field's value,
checked (a number in range, a pair, a flag, a whole number, printable text), or raises
SceneError reading "{where}: {field}: why", the field named as the file names it."""

from __future__ import annotations

import math

from ..core.locales import N_
from ..core.worded import Phrase
from . import limits
from .base import SceneError


def _fail(where: str, field: str, msgid: str, **values: object):
    """Raise SceneError "{where}: {field}: why", why the msgid `msgid` (marked N_) with
    its values, said in the class's language where the error is printed."""
    raise SceneError.words(
        N_("{where}: {field}: {why}"), where=where, field=field, why=Phrase(msgid, values)
    )


def _number(value, where, field, *, positive=False, minimum=None, maximum=None) -> float:
    """`value` as a finite float (not a bool, a whole number of at most 18 digits),
    positive and within [minimum, maximum] when asked."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        _fail(where, field, N_("must be a number, got {value}"), value=_shown(value))
    if isinstance(value, int) and abs(value) > 10**18:
        _fail(
            where,
            field,
            N_("is out of range ({digits}-digit whole number)"),
            digits=len(str(abs(value))),
        )
    value = float(value)
    if not math.isfinite(value):
        _fail(where, field, N_("must be finite, got {value}"), value=value)
    if positive and value <= 0:
        _fail(where, field, N_("must be positive, got {value:g}"), value=value)
    if minimum is not None and value < minimum:
        _fail(
            where,
            field,
            N_("must be at least {minimum:g}, got {value:g}"),
            minimum=minimum,
            value=value,
        )
    if maximum is not None and value > maximum:
        _fail(
            where,
            field,
            N_("must be at most {maximum:g}, got {value:g}"),
            maximum=maximum,
            value=value,
        )
    return value


def _shown(value) -> str:
    """`value` as the message shows it: repr, cut short when long."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _pair(value, where, field, bound=limits.MAX_COORDINATE) -> tuple[float, float]:
    """`value` as a pair [x, y] of numbers within +-`bound`."""
    if not isinstance(value, list) or len(value) != 2:
        _fail(where, field, N_("must be a pair [x, y], got {value}"), value=_shown(value))
    return (
        _number(value[0], where, f"{field}[0]", minimum=-bound, maximum=bound),
        _number(value[1], where, f"{field}[1]", minimum=-bound, maximum=bound),
    )


def _key(key: str) -> str:
    """A key as a message names it: bare when it is a plain word, else quoted and cut short."""
    return key if key.isidentifier() and len(key) <= 40 else _shown(key)


def _size(value, where, field) -> float:
    """`value` as a positive size from limits.MIN_SIZE to limits.MAX_SIZE."""
    return _number(
        value, where, field, positive=True, minimum=limits.MIN_SIZE, maximum=limits.MAX_SIZE
    )


def _flag(value, where, field) -> bool:
    """`value` when it is true or false."""
    if not isinstance(value, bool):
        _fail(where, field, N_("must be true or false, got {value}"), value=_shown(value))
    return value


def _whole(value, where, field, low: int, high: int) -> int:
    """`value` when it is a whole number (not a bool) from `low` to `high`."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        _fail(
            where,
            field,
            N_("must be a whole number from {low} to {high}, got {value}"),
            low=low,
            high=high,
            value=_shown(value),
        )
    return value


def _text(value, where, field, longest, required=True, default=None) -> str | None:
    """`value` when it is printable, non-blank text on one line of at most `longest`
    characters (a scene's or a lesson's text field); `default` when it is absent (None)
    and not `required`."""
    if value is None and not required:
        return default
    if not isinstance(value, str) or not value.strip():
        _fail(where, field, N_("must be a non-empty string, got {value}"), value=_shown(value))
    if len(value) > longest:
        _fail(
            where,
            field,
            N_("must be at most {longest} characters, got {length}"),
            longest=longest,
            length=len(value),
        )
    bad = next((c for c in value if not c.isprintable()), None)
    if bad is not None:
        _fail(
            where,
            field,
            N_("must be printable text on one line, got the character {bad!r}"),
            bad=bad,
        )
    return value
