"""A lesson file's translations, read before the lesson is validated (lesson_file)."""

from __future__ import annotations

import re

from ..core.locales import N_
from .scene_fields import _fail, _key

# A lesson file may carry a translation per language: a table named by the language's
# code beside the English texts, at the top ([de]: title, summary), in a stage ([stage.de]:
# title, say) and in its question ([stage.predict.de]: question, explain, choices,
# counted). Read in that language, its texts take the English ones' place (and are checked
# as they are); a text it leaves out stays English.
LANGUAGE_CODE = re.compile(r"[a-z]{2,3}(-[A-Z]{2})?")
_TRANSLATED = {"": ("title", "summary"), "stage": ("title", "say")}
_TRANSLATED["predict"] = ("question", "explain", "choices", "counted")


def translated(data, code: str, where: str, level: str = ""):
    """`data` (a lesson's table) with its `code` tables' texts in the English ones' place,
    and every language table taken out."""
    if not isinstance(data, dict):
        return data
    out = {
        key: value
        for key, value in data.items()
        if not (LANGUAGE_CODE.fullmatch(key) and isinstance(value, dict))
    }
    table = data.get(code)
    if isinstance(table, dict):
        unknown = sorted(set(table) - set(_TRANSLATED[level]))
        if unknown:
            field = f"{level}.{code}.".lstrip(".") + _key(unknown[0])
            allowed = ", ".join(sorted(_TRANSLATED[level]))
            _fail(where, field, N_("unknown field (a translation has: {allowed})"), allowed=allowed)
        out.update(table)
    if level == "" and isinstance(out.get("stage"), list):
        out["stage"] = [translated(s, code, where, "stage") for s in out["stage"]]
    if level == "stage" and "predict" in out:
        out["predict"] = translated(out["predict"], code, where, "predict")
    return out
