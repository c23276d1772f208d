"""Watching a journal (``roads.live.watch``): a change by any process is rendered once and
published as a numbered snapshot holding its Server-Sent Event."""

from __future__ import annotations

import json
from pathlib import Path

from roads.live.watch import Watcher, encode_event


def test_an_event_is_one_data_line() -> None:
    event = encode_event(3, {"coups": 2, "title": "Table 1"})
    assert event == b'id: 3\nevent: board\ndata: {"coups":2,"title":"Table 1"}\n\n'


def test_each_change_is_rendered_once_and_published(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    renders: list[int] = []

    def render() -> dict[str, object]:
        renders.append(1)
        return {"size": path.stat().st_size if path.exists() else 0}

    watcher = Watcher(path, render, log=print, interval=0.01)
    watcher.start()
    try:
        first = watcher.snapshot
        assert first.version == 1 and first.state == {"size": 0}
        path.write_text(json.dumps({"event": "shoe"}) + "\n")
        watcher.wake()
        second = watcher.wait(first.version, timeout=5)
        assert second is not None and second.version == 2 and second.state["size"] > 0
        assert second.event == encode_event(2, second.state)
    finally:
        watcher.stop()
    assert watcher.wait(2, timeout=0) is None


def test_a_render_that_fails_is_logged_once(tmp_path: Path) -> None:
    lines: list[str] = []

    def render() -> dict[str, object]:
        raise ValueError("broken")

    watcher = Watcher(tmp_path / "game.jsonl", render, log=lines.append, interval=0.01)
    watcher.start()
    watcher.wake()
    watcher.stop()
    assert lines == ["cannot draw the board: ValueError: broken"]
