"""Issue 43, item 4: the class's language. The catalogues are what Babel makes of the
code (extraction up to date, .mo compiled from the committed .po), German is complete,
every translation keeps its msgid's placeholders, the font draws every character shipped,
and --lang (or the system locale) chooses; an unknown code is one line and exit 2."""

import io
import json
import os
import re
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
from babel.messages.extract import extract_from_dir  # noqa: E402
from babel.messages.mofile import write_mo  # noqa: E402
from babel.messages.pofile import read_po  # noqa: E402

from sandbox.app.cli import main  # noqa: E402
from sandbox.app.lesson_plan import BUILT_IN, plan_lesson  # noqa: E402
from sandbox.render.language import (  # noqa: E402
    CATALOGUES,
    LOCALE_DIR,
    canonical,
    language,
    pseudo,
    system_code,
)

ROOT = Path(__file__).resolve().parent.parent
FONT = ROOT / "assets" / "DejaVuSansMono.ttf"
KEYWORDS = {"tr": None, "N_": None, "plural": (1, 2)}  # babel.cfg's command's -k
PLACEHOLDER = re.compile(r"\{[^{}]*\}|%(?:\([^)]*\))?[-#0 +]*\d*(?:\.\d+)?[sdifr]")


def _catalogue(code: str):
    with open(LOCALE_DIR / code / "LC_MESSAGES" / "sandbox.po", "rb") as po:
        return read_po(po)


def _msgids(catalogue) -> set:
    return {m.id if isinstance(m.id, str) else tuple(m.id) for m in catalogue if m.id}


def test_the_catalogues_hold_every_msgid_in_the_code():
    """Extraction is up to date: the msgids babel finds in sandbox/ are the .pot's, and
    each language's .po has exactly those."""
    found = {
        message if isinstance(message, str) else tuple(message)
        for _, _, message, _, _ in extract_from_dir(
            ROOT / "sandbox", method_map=[("**.py", "python")], keywords=KEYWORDS
        )
    }
    with open(LOCALE_DIR / "sandbox.pot", "rb") as pot:
        template = _msgids(read_po(pot))
    assert found == template, (sorted(found - template)[:5], sorted(template - found)[:5])
    for code in CATALOGUES:
        assert _msgids(_catalogue(code)) == template, code


# A literal translated inside an f-string's braces: f"{tr('Touching')}: ...". Babel reads
# an f-string as one string and finds no call in it.
IN_F_STRING = re.compile(r"""\{[\w.]*\btr\((['"])(.+?)\1\)""")


def test_every_literal_translated_inside_an_f_string_is_in_the_catalogue():
    """Extraction misses a tr('...') inside an f-string's braces, so such a literal must
    be in the catalogue by another way (marked N_ elsewhere), or it shows in English in
    every language ("Berührung: the shapes meet with no overlap (depth 0).")."""
    with open(LOCALE_DIR / "sandbox.pot", "rb") as pot:
        template = _msgids(read_po(pot))
    found = {
        (path.name, match.group(2))
        for path in sorted((ROOT / "sandbox").rglob("*.py"))
        for match in IN_F_STRING.finditer(path.read_text(encoding="utf-8"))
    }
    assert found, "the pattern finds the f-strings it is about"
    assert [item for item in sorted(found) if item[1] not in template] == []


@pytest.mark.parametrize("code", CATALOGUES)
def test_the_committed_mo_is_the_po_compiled(code):
    compiled = io.BytesIO()
    write_mo(compiled, _catalogue(code))
    committed = (LOCALE_DIR / code / "LC_MESSAGES" / "sandbox.mo").read_bytes()
    assert compiled.getvalue() == committed, f"{code}: run pybabel compile (README, Languages)"


@pytest.mark.parametrize("code", CATALOGUES)
def test_a_catalogue_is_complete_and_keeps_the_placeholders(code):
    for message in _catalogue(code):
        if not message.id:
            continue
        assert not message.fuzzy, (code, message.id)
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(strings), f"{code}: untranslated {message.id!r}"
        wanted = sorted(PLACEHOLDER.findall(ids[-1]))
        for string in strings:
            assert sorted(PLACEHOLDER.findall(string)) == wanted, (code, message.id, string)


def _font_draws(text: str) -> list[str]:
    pygame.font.init()
    font = pygame.font.Font(str(FONT), 20)
    chars = sorted(set(text) - {"\n"})
    return [
        c for c, metrics in zip(chars, font.metrics("".join(chars)), strict=True) if not metrics
    ]


def test_the_font_draws_every_character_shipped():
    """Every character of every catalogue, of the built-in lessons in each language and
    of the pseudo-locale has a glyph in DejaVu Sans Mono (no tofu box on screen)."""
    text = ""
    for code in CATALOGUES:
        text += "".join(m.string for m in _catalogue(code) if isinstance(m.string, str))
        for name in BUILT_IN:
            lesson = plan_lesson(name, code).lesson
            text += lesson.title + lesson.summary
            for stage in lesson.stages:
                text += stage.title + stage.say
                if stage.predict is not None:
                    text += stage.predict.question + stage.predict.explain
                    text += "".join(stage.predict.choices)
    with open(LOCALE_DIR / "sandbox.pot", "rb") as pot:
        text += "".join(pseudo(m.id) for m in read_po(pot) if isinstance(m.id, str))
    assert _font_draws(text) == []


def test_the_pseudo_locale_is_accented_longer_and_keeps_placeholders():
    text = "Apart: {axis} leaves a gap of {gap:.1f} (%s, %(n)d)."
    out = pseudo(text)
    assert len(out) >= round(1.4 * len(text)) - 1
    assert PLACEHOLDER.findall(out) == PLACEHOLDER.findall(text)
    assert "Ápáŕţ" in out and "a" not in out.replace("{axis}", "").replace("{gap:.1f}", "")
    assert language("pseudo")("Lessons") == pseudo("Lessons")


def test_the_system_locale_chooses_when_no_lang_is_given():
    assert system_code({"LANG": "de_DE.UTF-8"}) == "de"
    assert system_code({"LANGUAGE": "fr:de", "LANG": "en_GB.UTF-8"}) == "de"
    assert system_code({"LC_ALL": "C", "LANG": "de_DE.UTF-8"}) == "en"
    assert system_code({"LANG": "fr_FR.UTF-8"}) == "en"  # not shipped: English
    assert system_code({}) == "en"
    assert canonical("de-AT") == "de" and canonical("en-XA") == "en-XA"
    assert language("de")("Lessons") != "Lessons"


def test_an_unknown_language_is_one_line_and_exit_2(capsys):
    assert main(["--lang", "xx", "--headless", "--frames", "1"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--lang 'xx'" in err and "de" in err, err


def test_every_built_in_lesson_reads_in_every_language():
    """A lesson carries its translation ([de], [stage.de], [stage.predict.de]): read in
    German, every title, stage and question is the German one (none left English)."""
    for name in BUILT_IN:
        english, german = plan_lesson(name).lesson, plan_lesson(name, "de").lesson
        assert german.title != english.title, name
        for k, (en, de) in enumerate(zip(english.stages, german.stages, strict=True)):
            assert de.say != en.say, (name, k)  # (a title may read the same: "SAT in 3D")
            if en.predict is not None:
                assert de.predict.question != en.predict.question, (name, k)
                assert de.predict.explain != en.predict.explain, (name, k)
                assert de.predict.keys == en.predict.keys and de.predict.answer == en.predict.answer


def test_describe_in_german_gives_the_dumps_numbers(tmp_path, capsys):
    """--describe --lang de: the classic demo pushed together for 40 steps is said in
    German, its verdict with the dump's depth (one decimal), MTV axis and MTV vector (the
    decimal point kept, README: numbers are not localised)."""
    dump = tmp_path / "state.json"
    argv = ["--headless", "--scene", "classic", "--frames", "40", "--hold", "right:0-39"]
    assert main([*argv, "--describe", "--lang", "de", "--dump-state", str(dump)]) == 0
    lines = capsys.readouterr().out.splitlines()
    sat = json.loads(dump.read_text())["sat"]
    assert sat["colliding"]
    axis = sat["axes"][sat["mtv_axis"]]
    mx, my = sat["mtv"]
    expected = (
        f"Kollision: die kleinste Überlappung, {abs(sat['depth']):.1f} auf "
        f"e{axis['feature_index']} von {axis['owner'].upper()}, ist der MTV ({mx:.1f}, {my:.1f})."
    )
    assert lines[0] == "Szene: Die klassische SAT-Demo (Tutorial 003).", lines
    assert expected in lines, lines
    assert (
        "A ist der Körper „Dreieck“ mit 3 Seiten; B ist der Körper „Vieleck“ mit 7 Seiten." in lines
    )
