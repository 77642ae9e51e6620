"""A replay file's lines checked one by one (data only, never executed): the header, an
event (press, hold, mouse, ui), the end. app/recording.py reads a file with these checks
and writes every line of a recording through them first.

A refusal is a `ReplayLineError`: its reason is a msgid with named values (core.worded),
said in the class's language where it is printed, after the file's name and the line's
number; the JSON parser's reason is said too (core.parse_words), after the column."""

from __future__ import annotations

import json

from ..core.locales import N_
from ..core.parse_words import json_error
from ..core.worded import WordedValueError
from .commands import Edit, UiChange, ui_change_from
from .keymap import KEY_ACTIONS
from .limits import (
    MAX_FRAMES,
    MAX_INT_DIGITS,
    MAX_JSON_DEPTH,
    MAX_REPLAY_LINE,
    MAX_SCENE_NAME,
    MAX_SEED,
)
from .mouse_input import MouseEvent, mouse_event_from

REPLAY_FORMAT = "sat-sandbox-replay"
MAX_THEME_NAME = 40
MAX_STAGES = 60


class ReplayLineError(WordedValueError):
    """A line the replay refuses; the message says why (the caller names file and line)."""


Event = str | MouseEvent | UiChange | Edit | frozenset[str]


def _depth(line: str) -> int:
    """The deepest nesting of [ and { in a JSON line, strings skipped (checked before
    parsing, so that 100,000 nested brackets never reach the recursive parser)."""
    depth = deepest = 0
    in_string = escaped = False
    for character in line:
        if in_string:
            if escaped:
                escaped = False
            elif character == "\\":
                escaped = True
            elif character == '"':
                in_string = False
        elif character == '"':
            in_string = True
        elif character in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif character in "]}":
            depth -= 1
    return deepest


def _whole_number(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_INT_DIGITS:
        raise ReplayLineError.words(
            N_("a whole number of {digits} digits (at most {most})"),
            digits=digits,
            most=MAX_INT_DIGITS,
        )
    return int(text)


def _no_constant(name: str):
    raise ReplayLineError.words(N_("{name} is not a number JSON allows"), name=name)


def is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def parse_line(line: str) -> dict:
    """The JSON object of one line, else ReplayLineError."""
    if len(line) > MAX_REPLAY_LINE:
        raise ReplayLineError.words(
            N_("line too long (at most {most} characters)"), most=MAX_REPLAY_LINE
        )
    if _depth(line) > MAX_JSON_DEPTH:
        raise ReplayLineError.words(
            N_("nested too deeply (at most {most} levels)"), most=MAX_JSON_DEPTH
        )
    try:
        item = json.loads(line, parse_int=_whole_number, parse_constant=_no_constant)
    except json.JSONDecodeError as error:  # the parser's reason, said (core.parse_words)
        where = json_error(error)
        raise ReplayLineError.words(
            N_("not JSON (column {column}: {reason})"), column=where.column, reason=where.reason
        ) from None
    except ValueError as error:  # a number the hooks refuse (their words kept)
        raise ReplayLineError.words(N_("not a replay line ({error})"), error=error) from None
    except RecursionError:
        raise ReplayLineError.words(
            N_("nested too deeply (at most {most} levels)"), most=MAX_JSON_DEPTH
        ) from None
    if not isinstance(item, dict):
        raise ReplayLineError.words(N_("each line must be a JSON object"))
    return item


def _text_field(header: dict, field: str, longest: int) -> None:
    value = header.get(field)
    if not isinstance(value, str) or not value or len(value) > longest:
        raise ReplayLineError.words(
            N_("{field} must be a string of 1 to {longest} characters"),
            field=field,
            longest=longest,
        )
    if not value.isprintable():
        raise ReplayLineError.words(
            N_("{field} must be printable text (no newline or other control)"), field=field
        )


def header_fields(header: dict) -> tuple[str, int, str, int, str | None, int]:
    """(scene, seed, theme, version, lesson, stage) of a header line, else ReplayLineError."""
    version = header.get("version")
    if header.get("format") != REPLAY_FORMAT or not is_int(version) or version not in (1, 2):
        raise ReplayLineError.words(N_("not a {format} version 1 or 2 file"), format=REPLAY_FORMAT)
    known = {"format", "version", "scene", "seed", "theme", "lesson", "stage"}
    unknown = sorted(set(header) - known)
    if unknown:
        raise ReplayLineError.words(N_("unknown header field {field!r}"), field=unknown[0])
    seed = header.get("seed")
    if not is_int(seed) or abs(seed) > MAX_SEED:
        raise ReplayLineError.words(N_("seed must be a whole number of at most 64 bits"))
    _text_field(header, "scene", MAX_SCENE_NAME)
    _text_field(header, "theme", MAX_THEME_NAME)
    lesson_name, stage = header.get("lesson"), header.get("stage", 0)
    if lesson_name is not None:
        _text_field(header, "lesson", MAX_SCENE_NAME)
    if not is_int(stage) or not 0 <= stage < MAX_STAGES or (stage and lesson_name is None):
        raise ReplayLineError.words(
            N_("stage must be a whole number from 0 to {last}, with a lesson"),
            last=MAX_STAGES - 1,
        )
    return header["scene"], seed, header["theme"], version, lesson_name, stage


def end_of(item: dict, last_step: int) -> int:
    """The step count of an end line, else ReplayLineError."""
    end = item["end"]
    if not is_int(end) or not last_step <= end <= MAX_FRAMES:
        raise ReplayLineError.words(
            N_("end must be a whole number from the last step to {most}"), most=MAX_FRAMES
        )
    return end


def event_of(item: dict, last_step: int) -> tuple[int, Event]:
    """(stamp, what) of a press, hold, mouse or ui line, else ReplayLineError saying what
    is wrong.

    The stamp is the line's "step", whose meaning is the file's version's (the key is the
    same in both; the replay's loop, app/headless.simulate, reads it accordingly):
      version 2  Session.steps_taken when it happened: steps since the session began,
                 rewound or not (a rewind is a line of its own); due at that count
      version 1  the step on show when it happened (rewinds were not recorded); due at
                 the replay loop's own step count, one step a line's step, presses first
    """
    step = item.get("step")
    if not is_int(step) or step < last_step:
        raise ReplayLineError.words(N_("step must be a whole number, never decreasing"))
    if step > MAX_FRAMES:
        raise ReplayLineError.words(N_("step must be at most {most}"), most=MAX_FRAMES)
    if set(item) == {"step", "press"}:
        key = item["press"]
        if not isinstance(key, str) or key not in KEY_ACTIONS or KEY_ACTIONS[key].held:
            raise ReplayLineError.words(N_("unknown action key {key}"), key=_shown(key))
        return step, key
    if set(item) == {"step", "hold"}:
        keys = item["hold"]
        if not isinstance(keys, list) or any(
            not isinstance(k, str) or k not in KEY_ACTIONS or not KEY_ACTIONS[k].held for k in keys
        ):
            raise ReplayLineError.words(N_("hold must list control keys (arrows, q, e)"))
        return step, frozenset(keys)
    if "mouse" in item or "ui" in item:
        read = mouse_event_from if "mouse" in item else ui_change_from
        try:
            return step, read(item)
        except ValueError as error:  # a WordedValueError: its words kept
            raise ReplayLineError.from_error(error) from None
    raise ReplayLineError.words(N_("expected a press, hold, mouse, ui or end line"))


def _shown(value) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
