"""A lesson file's text fields, read and checked: printable one-line text of a bounded
length, lists of such strings, and no field the format does not know. Errors as the
scene files' (scene_fields): "{where}: {field}: why", said in the class's language."""

from __future__ import annotations

from ..core.locales import N_
from .scene_fields import _fail, _key, _shown, _text

MAX_SCRIPT_ITEMS = 40  # per script list (hold, drag, click, shift_click)


def _strings(value, where, field, longest=60, most=MAX_SCRIPT_ITEMS) -> tuple[str, ...]:
    if not isinstance(value, list):
        _fail(where, field, N_("must be a list of strings, got {value}"), value=_shown(value))
    if len(value) > most:
        _fail(where, field, N_("at most {most} items, got {length}"), most=most, length=len(value))
    return tuple(_text(v, where, f"{field}[{k}]", longest) for k, v in enumerate(value))


def _unknown(table: dict, allowed: set[str], where: str, prefix: str) -> None:
    unknown = sorted(set(table) - allowed)
    if unknown:
        field = f"{prefix}{_key(unknown[0])}"
        _fail(
            where,
            field,
            N_("unknown field (allowed: {allowed})"),
            allowed=", ".join(sorted(allowed)),
        )
