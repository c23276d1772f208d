"""Idempotency keys already logged (``roads.live.retries``): those of the journal's last shoe,
a batch counting once committed, then each key logged, per shoe."""

from __future__ import annotations

import json
from pathlib import Path

from roads.live.retries import Keys, last_shoe_keys


def _journal(path: Path, *events: dict[str, object]) -> Path:
    path.write_text("".join(json.dumps(event) + "\n" for event in events) + '{"torn', "utf-8")
    return path


def test_the_keys_of_the_last_shoe_committed(tmp_path: Path) -> None:
    path = _journal(
        tmp_path / "game.jsonl",
        {"event": "coup", "outcome": "B", "id": "old"},
        {"event": "shoe"},
        {"event": "coup", "outcome": "P", "id": "a"},
        {"event": "begin"},
        {"event": "coup", "outcome": "P", "id": "b"},
        {"event": "commit"},
        {"event": "begin"},
        {"event": "coup", "outcome": "P", "id": "uncommitted"},
    )
    # Each key with the coup its write was for: coups 1 and 2 of the last shoe.
    assert last_shoe_keys(path) == {"a": 1, "b": 2}
    assert last_shoe_keys(tmp_path / "missing.jsonl") == {}


def test_keys_are_remembered_per_shoe(tmp_path: Path) -> None:
    keys = Keys(_journal(tmp_path / "game.jsonl", {"event": "coup", "id": "k1"}))
    assert keys.seen("k1", 1) and not keys.seen("k2", 1)
    keys.logged("k2", 1)
    assert keys.seen("k2", 1)
    keys.logged("k3", 2)  # a new shoe: only its own keys
    assert not keys.seen("k1", 2) and keys.seen("k3", 2)
