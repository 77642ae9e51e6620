"""Every band's sentences wrap with `render.words.wrap`: between words, within the band,
and never leaving a number or a unit alone at the start of a line when it fits with the
word before it (a projector showing "(tutorial" over "004)" reads as two things)."""

import random

import pytest

from sandbox.render.words import wrap


@pytest.mark.parametrize(
    ("text", "chars", "expected"),
    [
        # the pile's title in German at 1024x768: "004)" went to a line of its own
        (
            "Ein Haufen: zuerst die Grobphase (Tutorial 004)",
            44,
            ["Ein Haufen: zuerst die Grobphase", "(Tutorial 004)"],
        ),
        # a length and its unit stay together, and with the word before them
        ("under the 0.45 px slop, it is held", 12, ["under", "the 0.45 px", "slop, it is", "held"]),
        # a vector is one thing; a negative number binds as a number does
        ("the MTV (0.0, -0.1) now", 13, ["the MTV", "(0.0, -0.1)", "now"]),
        # a number that does not fit with the word before it still goes to the next line
        ("overlapping 12345", 12, ["overlapping", "12345"]),
        # words without numbers wrap as they always did
        ("one two three four", 9, ["one two", "three", "four"]),
        ("", 10, []),
    ],
)
def test_wrap_keeps_numbers_and_units_with_the_word_before(text, chars, expected):
    """The lines as worked out by hand: a number or a unit joins the word before it
    when the two fit a line, and each line holds as many words as fit."""
    assert wrap(text, chars) == expected


def _number_or_unit(word: str) -> bool:
    core = word.rstrip(",.;:)")
    return core.lstrip("-")[:1].isdigit() or core in ("px", "rad/s")


def test_wrapped_lines_keep_every_word_in_order_within_the_width():
    """On 5,000 seeded sentences of words, numbers, units and vectors: the lines hold the
    words in order; none is wider than the band unless it is one word too long by
    itself; and a line that starts with a number or a unit after a line ending in a word
    does so only because the two would not fit on one line. Both kinds of start occur."""
    rng = random.Random(43)
    vocabulary = ["gap", "of", "axis", "e2", "A's", "overlap", "Überlapp", "(tutorial", "px"]
    vocabulary += ["12.5", "-0.1)", "(0.0,", "004)", "0.45", "rad/s", "Lücke", "tief,"]
    starts = {"number or unit": 0, "word": 0}
    for _ in range(5_000):
        words = [rng.choice(vocabulary) for _ in range(rng.randint(1, 14))]
        chars = rng.randint(4, 30)
        lines = wrap(" ".join(words), chars)
        assert " ".join(lines).split() == words
        for line in lines:
            assert len(line) <= chars or " " not in line
        for before, line in zip(lines, lines[1:], strict=False):
            last, first = before.split()[-1], line.split()[0]
            if not _number_or_unit(first):
                starts["word"] += 1
            elif not _number_or_unit(last):
                starts["number or unit"] += 1
                assert len(last) + 1 + len(first) > chars, (before, line, chars)
    assert min(starts.values()) > 500, starts
