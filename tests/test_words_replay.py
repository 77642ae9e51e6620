"""Issue 44, item 0: every key that changes the picture is recorded. An edit key is
recorded as the edit it makes; one that makes none but puts words on the status bar
(Return with no outline drawn; F3, Insert, F4, F5, F6 or Delete while a lesson's
question waits) is recorded as its press, so the replay's last frame is the run's, pixel
for pixel. Before: the run showed the words, the replay did not (the state the same).
And a questionable one made documented behaviour: an option's value may begin with "-"."""

import json

import pytest

from sandbox.app.cli import main

EDIT_KEYS = ["f3", "insert", "f4", "f5", "f6", "delete"]


def _run_and_replay(tmp_path, capsys, argv):
    record, first, second = tmp_path / "r.jsonl", tmp_path / "a.png", tmp_path / "b.png"
    assert main([*argv, "--record", str(record), "--screenshot", str(first)]) == 0
    assert main(["--headless", "--replay", str(record), "--screenshot", str(second)]) == 0
    capsys.readouterr()
    lines = [json.loads(line) for line in record.read_text(encoding="utf-8").splitlines()]
    return lines, first.read_bytes(), second.read_bytes()


def test_return_with_nothing_drawn_replays_its_words(tmp_path, capsys):
    """Return in the classic scene with no outline drawn says how to draw one; the press
    is in the recording and the replay's last frame equals the run's."""
    argv = ["--headless", "--scene", "classic", "--frames", "10", "--hold", "return:5-5"]
    lines, run, replay = _run_and_replay(tmp_path, capsys, argv)
    assert {"step": 5, "press": "return"} in lines
    assert run == replay


@pytest.mark.parametrize("key", EDIT_KEYS)
def test_an_edit_key_refused_while_a_question_waits_replays_its_words(tmp_path, capsys, key):
    """shadows stage 3 asks; the edit key is refused with words; they replay."""
    argv = ["--headless", "--lesson", "shadows", "--stage", "3", "--frames", "40"]
    lines, run, replay = _run_and_replay(tmp_path, capsys, [*argv, "--hold", f"{key}:35-35"])
    assert [line["press"] for line in lines if "press" in line] == [key], lines
    assert run == replay


@pytest.mark.parametrize("key", ["insert", "delete", "f5"])
def test_an_edit_that_edits_is_recorded_once_as_the_edit(tmp_path, capsys, key):
    """In a scene that takes edits, the key's edit is recorded (ui "edit") and its press
    is not — a replay of both would edit twice; the replay ends on the run's frame."""
    argv = ["--headless", "--scene", "classic", "--frames", "10", "--hold", f"{key}:5-5"]
    lines, run, replay = _run_and_replay(tmp_path, capsys, argv)
    assert [line["ui"] for line in lines if "ui" in line] == ["edit"]
    assert not any("press" in line for line in lines)
    assert run == replay


def test_a_value_may_begin_with_a_minus(tmp_path, capsys):
    """`--hold -:3-3` is the minus key (zoom out), as README's key table names it, not an
    unknown option (argparse took "-:3-3" for one: exit 2); the press is recorded and an
    option given no value is still refused with one line."""
    record = tmp_path / "r.jsonl"
    argv = ["--headless", "--scene", "classic", "--frames", "5", "--hold", "-:3-3"]
    assert main([*argv, "--record", str(record)]) == 0
    lines = [json.loads(line) for line in record.read_text(encoding="utf-8").splitlines()]
    assert {"step": 3, "press": "-"} in lines
    assert main(["--headless", "--hold", "--frames", "5"]) == 2
    assert "--hold: expected one argument" in capsys.readouterr().err
