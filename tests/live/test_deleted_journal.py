"""A journal deleted while it is served (issue 42, item 6): every page says plainly that it is
missing and how to go on; put back, it is followed again; the next write starts it again
with its header and its table (never a 500)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from live_server import post, request, start
from screens_served import LIVE
from waiting import until

from roads.hands.journal import Journal, read_journal
from roads.hands.notation import parse_notation
from roads.live.server import LiveServer
from roads.tables import read_table

ROOT = Path(__file__).resolve().parents[2]
HOME = read_table(ROOT / "examples" / "home-table.toml").table
SHOE = "BBPTPB"


@pytest.fixture
def path(tmp_path: Path) -> Path:
    journal = Journal(tmp_path / "table.jsonl")
    journal.use_table(HOME)
    for hand in parse_notation(SHOE):
        journal.add(hand)
    return journal.path


@pytest.fixture
def live(path: Path) -> Iterator[LiveServer]:
    with start(path) as server:
        yield server


def error_shown(server: LiveServer) -> str:
    return str(server.watcher.snapshot.state.get("error") or "")


def test_a_deleted_journal_is_said_missing_on_the_page_with_how_to_go_on(
    live: LiveServer, path: Path
) -> None:
    path.unlink()
    assert until(lambda: "missing" in error_shown(live), 10)
    message = error_shown(live)
    assert "put it back" in message and "start it again at its table" in message
    for target in ("/", "/state"):
        status, _, body = request(live, "GET", target)
        assert status == 200 and "put it back" in body.decode(), target


def test_the_next_write_starts_it_again_with_its_header_and_table(
    live: LiveServer, path: Path
) -> None:
    path.unlink()
    status, body = post(live, "/api/coup", {"hand": "P"})
    assert status == 200, body
    reply = json.loads(body)
    assert "deleted" in reply["restarted"] and reply["coups"] == 1
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    assert lines[0] == {"roads": "journal", "version": 1}
    assert [line.get("event") for line in lines[1:]] == ["table", "coup"]
    session = read_journal(path)
    assert session.table == HOME and len(session.hands()) == 1
    assert until(lambda: live.watcher.snapshot.state["count"] == 1 and not error_shown(live), 10)
    status, body = post(live, "/api/coup", {"hand": "B"})
    assert status == 200 and "restarted" not in json.loads(body)
    assert len(read_journal(path).hands()) == 2


def test_the_table_survives_the_watcher_reading_the_new_file_before_its_table(
    live: LiveServer, path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The race CI once caught: the watcher read the new file (a header, no table yet) between
    its creation and its table, and the write then started it with no table."""
    import roads.live.server as server_module

    class WatchedJournal(Journal):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            if not kwargs.get("read_only"):  # the writer's: the watcher reads it at once
                live._render()

    live.watcher.stop()  # its reads are this test's, at the moment that matters
    path.unlink()
    monkeypatch.setattr(server_module, "Journal", WatchedJournal)
    status, body = post(live, "/api/coup", {"hand": "P"})
    assert status == 200 and "restarted" in json.loads(body), body
    assert read_journal(path).table == HOME


def test_a_journal_put_back_is_followed_again(live: LiveServer, path: Path) -> None:
    kept = path.read_bytes()
    path.unlink()
    assert until(lambda: "missing" in error_shown(live), 10)
    path.write_bytes(kept)
    assert until(lambda: not error_shown(live), 10)
    status, body = post(live, "/api/coup", {"hand": "B"})
    assert status == 200 and "restarted" not in json.loads(body)
    assert len(read_journal(path).hands()) == len(SHOE) + 1


def test_a_read_only_board_says_only_to_put_it_back(path: Path) -> None:
    with start(path, read_only=True) as live:
        path.unlink()
        assert until(lambda: "missing" in error_shown(live), 10)
        assert "put it back" in error_shown(live) and "log a coup" not in error_shown(live)
        assert post(live, "/api/coup", {"hand": "B"})[0] == 403
        assert not path.exists()


@pytest.mark.browser
@pytest.mark.parametrize(("target", "size"), [("/display", (1920, 1080)), ("/seat/1", (390, 844))])
def test_the_display_and_a_seat_say_the_journal_is_missing(
    browser: Any, live: LiveServer, path: Path, tmp_path: Path, target: str, size: tuple[int, int]
) -> None:
    tab = browser.new_page(viewport={"width": size[0], "height": size[1]})
    try:
        tab.goto(f"{live.url.rstrip('/')}{target}")
        tab.wait_for_function(LIVE)
        assert tab.locator("#problem").is_hidden()
        path.unlink()
        tab.wait_for_function(
            "() => document.getElementById('problem').textContent.includes('put it back')",
            timeout=10_000,
        )
        problem = tab.locator("#problem")
        assert problem.is_visible() and problem.get_attribute("role") == "alert"
        box = problem.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= size[0]
        assert tab.evaluate(
            "() => { const p = document.getElementById('problem'); "
            "return p.scrollWidth <= p.clientWidth; }"
        ), "the message overflows"
        tab.screenshot(path=str(tmp_path / f"missing-{target.strip('/').replace('/', '-')}.png"))
        assert post(live, "/api/coup", {"hand": "B"})[0] == 200  # started again
        tab.wait_for_function("() => document.getElementById('problem').textContent === ''")
        assert problem.is_hidden()
    finally:
        tab.close()
