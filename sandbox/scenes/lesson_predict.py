"""A lesson stage's question ([stage.predict]): its kinds, the keys that may answer one,
and the reader that checks a question's table (lesson_file reads the rest of a stage)."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.locales import N_
from ..core.worded import Phrase
from .lesson_fields import _strings, _text, _unknown
from .scene_fields import _fail, _shown, _whole

MAX_QUESTION = 160
MAX_EXPLAIN = 320
MAX_LOOK_AHEAD = 600  # a collide prediction looks at most 10 s ahead
PREDICTION_KINDS = ("axis", "mtv", "collide", "choice")
NUMBERED_KINDS = ("axis", "mtv")  # answered by an axis's number, 1..9 in test order
AXIS_NUMBERS = tuple("123456789")  # the answers of those: the keys 1..9, ASCII digits only
# A choice key is one letter or digit, as pygame names the key a keyboard sends; these
# keys never reach a question: the lesson or the window acts on them first, or they are
# held controls (app/keymap.py binds them; a test holds the two tables together).
ANSWER_KEYS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789")
KEY_CLASHES = {
    "page down": N_("the lesson's next-stage key"),
    "page up": N_("the lesson's previous-stage key"),
    "home": N_("the lesson's key for the stage as authored"),
    "r": N_("the lesson's key for the stage as authored"),
    "end": N_("the lesson's key to explore the stage"),
    "escape": N_("the window's quit key"),
    "f2": N_("the window's lesson-list key"),
    "q": N_("a held key: it turns the shape"),
    "e": N_("a held key: it turns the shape"),
    **dict.fromkeys(("left", "right", "up", "down"), N_("a held key: it moves the shape")),
}
_PREDICT_KEYS = {"question", "kind", "answer", "explain", "keys", "choices", "steps", "hold"}
_PREDICT_KEYS |= {"counted"}


@dataclass(frozen=True)
class Prediction:
    """A question the class answers with a key before the stage shows the answer."""

    question: str
    kind: str  # "axis", "collide" or "choice"
    answer: str  # the right key (axis, mtv: the axis's number; collide: y or n)
    explain: str
    keys: tuple[str, ...] = ()  # choice: the keys that answer (axis, collide: set by the app)
    choices: tuple[str, ...] = ()  # a label for each key (optional)
    steps: int = 0  # collide: the steps looked ahead; choice: steps run as the evidence
    hold: tuple[str, ...] = ()  # keys held while those steps run (as --hold, from step 0)
    counted: str | None = None  # what the class counts on screen to answer, drawn on purpose


def answer_key_problem(key: str) -> Phrase | None:
    """Why `key` (lower case) cannot answer a choice question, or None when it can."""
    if key in KEY_CLASHES:
        return Phrase(
            N_("{key!r} is {clash}, so it would never answer; use a letter or digit"),
            {"key": key, "clash": Phrase(KEY_CLASHES[key])},
        )
    if key not in ANSWER_KEYS:
        return Phrase(
            N_(
                "{key!r} is not a key the class can answer with: a choice key is one letter "
                "or digit (a-z, 0-9; not q, e or r)"
            ),
            {"key": key},
        )
    return None


def read_prediction(table, where: str) -> Prediction:
    if not isinstance(table, dict):
        _fail(
            where,
            "predict",
            N_("must be a table ([stage.predict]), got {table}"),
            table=_shown(table),
        )
    _unknown(table, _PREDICT_KEYS, where, "predict.")
    question = _text(table.get("question"), where, "predict.question", MAX_QUESTION)
    kind = table.get("kind", "choice")
    if kind not in PREDICTION_KINDS:
        _fail(
            where,
            "predict.kind",
            N_("must be one of {prediction_kinds}, got {kind!r}"),
            prediction_kinds=", ".join(PREDICTION_KINDS),
            kind=kind,
        )
    if "answer" not in table:
        _fail(where, "predict.answer", N_("missing: the key of the right answer"))
    answer = _text(table.get("answer"), where, "predict.answer", 20).lower()
    explain = _text(table.get("explain"), where, "predict.explain", MAX_EXPLAIN)
    keys, choices = _keys_and_choices(table, kind, where)
    _check_answer(answer, kind, keys, where)
    steps, hold = _evidence(table, kind, where)
    counted = _text(table.get("counted"), where, "predict.counted", MAX_QUESTION, False)
    return Prediction(question, kind, answer, explain, keys, choices, steps, hold, counted)


def _keys_and_choices(table: dict, kind: str, where: str) -> tuple[tuple[str, ...], tuple]:
    """The keys that answer the question (a collide question's: y and n) and their labels."""
    keys = tuple(k.lower() for k in _strings(table.get("keys", []), where, "predict.keys", 20, 9))
    choices = _strings(table.get("choices", []), where, "predict.choices", 40, 9)
    if kind == "choice" and len(keys) < 2:
        _fail(where, "predict.keys", N_("a choice needs at least two keys, e.g. ['1', '2']"))
    if kind != "choice" and "keys" in table:
        _fail(
            where,
            "predict.keys",
            N_("a {kind} prediction sets its own keys; leave keys out"),
            kind=kind,
        )
    for k, key in enumerate(keys):
        problem = answer_key_problem(key)
        if problem is not None:
            _fail(where, f"predict.keys[{k}]", problem.msgid, **problem.values)
    if len(set(keys)) != len(keys):
        _fail(where, "predict.keys", N_("a key is listed twice: {keys}"), keys=list(keys))
    if choices and kind in NUMBERED_KINDS:
        _fail(where, "predict.choices", N_("an {kind} prediction names its axes itself"), kind=kind)
    if kind == "collide":
        keys = ("y", "n")
    if choices and len(choices) != len(keys):
        _fail(
            where,
            "predict.choices",
            N_("needs one label per key ({keys_count}), got {choices_count}"),
            keys_count=len(keys),
            choices_count=len(choices),
        )
    return keys, choices


def _check_answer(answer: str, kind: str, keys: tuple[str, ...], where: str) -> None:
    """The answer is an axis's number (axis, mtv) or one of the keys."""
    if kind in NUMBERED_KINDS:
        if answer not in AXIS_NUMBERS:  # not isdigit(): "³" and "①" are digits to it
            _fail(
                where,
                "predict.answer",
                N_("must be an axis number from 1 to 9, got {answer!r}"),
                answer=answer,
            )
    elif answer not in keys:
        _fail(
            where,
            "predict.answer",
            N_("must be one of the keys {keys}, got {answer!r}"),
            keys=", ".join(keys),
            answer=answer,
        )


def _evidence(table: dict, kind: str, where: str) -> tuple[int, tuple[str, ...]]:
    """(steps run as the evidence, keys held while they run)."""
    if kind in NUMBERED_KINDS and ("steps" in table or "hold" in table):
        field = "predict.steps" if "steps" in table else "predict.hold"
        _fail(
            where,
            field,
            N_("an {kind} question answers with the step-through; no steps run"),
            kind=kind,
        )
    steps = 0
    if kind == "collide":
        if "steps" not in table:
            _fail(where, "predict.steps", N_("missing: how many steps to look ahead"))
        steps = _whole(table["steps"], where, "predict.steps", 1, MAX_LOOK_AHEAD)
    elif "steps" in table:
        steps = _whole(table["steps"], where, "predict.steps", 0, MAX_LOOK_AHEAD)
    hold = _strings(table.get("hold", []), where, "predict.hold")
    if hold and steps == 0:
        _fail(where, "predict.hold", N_("keys are held while the evidence runs: give steps too"))
    return steps, hold
