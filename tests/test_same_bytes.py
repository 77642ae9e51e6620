"""The same bytes out (issue 33): the corpus of tests/same_bytes.py, against its pins.

Every run's screenshot, state dump and recording, the recording's replay, and the
real-window recordings replayed headless, hash to what tests/same_bytes.json pins. A
reshaping of the app layer must leave all of them as they were; a change meant to alter
what comes out re-pins them (`python tests/same_bytes.py --write`) in its own commit.
"""

import json

import pytest
import same_bytes
from test_golden import _skip_unless_pinned_rasteriser


def test_the_corpus_covers_every_source_of_input():
    """The corpus drives every way in: keys, holds, the mouse, the toolbar's controls,
    the editor, lessons answered, and recordings of real windows replayed."""
    flags = {arg.split("=")[0] for argv in same_bytes.RUNS.values() for arg in argv}
    assert {"--hold", "--drag", "--click", "--shift-click", "--ui", "--edit", "--lesson"} <= flags
    recordings = sorted(p.stem for p in same_bytes.WINDOW_RECORDINGS.glob("*.jsonl"))
    assert recordings == ["editor", "lesson", "mouse", "toolbar"]
    pinned = json.loads(same_bytes.MANIFEST.read_text())
    assert set(pinned) == set(same_bytes.RUNS) | {f"window-{name}" for name in recordings}


# The corpus in shards, each a test of its own, so that the suite's workers share it
# (one test of 205 runs took 120-230 s, the suite's longest).
SHARDS = 12


@pytest.mark.parametrize("shard", range(SHARDS))
def test_every_run_gives_the_pinned_bytes(shard):
    """Every run of the shard hashes to its pin: screenshot, dump, recording, replay."""
    _skip_unless_pinned_rasteriser()
    pinned = json.loads(same_bytes.MANIFEST.read_text())
    names = same_bytes.names()[shard::SHARDS]
    assert names and set(names) <= set(pinned)
    expected = {name: pinned[name] for name in names}
    differ = same_bytes.differences(expected, same_bytes.collect(names))
    if differ:
        pytest.fail(f"{len(differ)} runs differ:\n" + "\n".join(differ[:40]))
