"""The server follows the journal's content, not its name or size (issue 42, items 4 and 5): an
edit in place that keeps the size (and the time) is redrawn within a second, and a journal
replaced under the server never answers "repeated" for a key it does not hold."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from live_server import logged, post, start
from waiting import until

from roads.drawing.board import BoardOptions
from roads.hands.journal import read_journal
from roads.live.content import continues, fingerprint
from roads.live.page import Page
from roads.live.server import LiveServer

SHOE = "BBPBPPTBPB"


@pytest.fixture
def path(tmp_path: Path) -> Path:
    logged(tmp_path / "game.jsonl", SHOE)
    return tmp_path / "game.jsonl"


@pytest.fixture
def live(path: Path) -> Iterator[LiveServer]:
    with start(path) as server:
        yield server


def edit_in_place(path: Path, coup: int, outcome: str) -> None:
    """Make coup number ``coup`` (from 1) of the journal ``outcome``, in place: the same size,
    and the same modification time."""
    status = path.stat()
    lines = path.read_bytes().split(b"\n")
    coups = [i for i, line in enumerate(lines) if b'"event": "coup"' in line]
    line = coups[coup - 1]
    start = lines[line].index(b'"outcome": "') + len(b'"outcome": "')
    lines[line] = lines[line][:start] + outcome.encode() + lines[line][start + 1 :]
    with path.open("r+b") as file:
        file.write(b"\n".join(lines))
    os.utime(path, ns=(status.st_atime_ns, status.st_mtime_ns))
    assert path.stat().st_size == status.st_size


def drawn_afresh(server: LiveServer, path: Path) -> dict[str, object]:
    """What a server started now would show of the journal."""
    page = Page(path.name, BoardOptions())
    state = page.state(read_journal(path))
    return {"svg": state["svg"], "text": state["text"]}


def shown(server: LiveServer) -> dict[str, object]:
    state = server.watcher.snapshot.state
    return {"svg": state.get("svg"), "text": state.get("text")}


def test_an_edit_of_the_last_coup_in_place_is_redrawn_within_a_second(
    live: LiveServer, path: Path
) -> None:
    assert "Banker" in str(shown(live)["text"])
    edit_in_place(path, len(SHOE), "P")
    assert until(lambda: "Player" in live.watcher.snapshot.state["text"]["last"], 10)
    assert shown(live) == drawn_afresh(live, path)


@settings(
    max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(edits=st.lists(st.tuples(st.integers(1, len(SHOE)), st.sampled_from("BPT")), max_size=4))
def test_any_edit_in_place_shows_what_a_fresh_server_would(
    live: LiveServer, path: Path, edits: list[tuple[int, str]]
) -> None:
    for coup, outcome in edits:
        edit_in_place(path, coup, outcome)
        assert until(lambda: shown(live) == drawn_afresh(live, path), 10), (coup, outcome)


def test_a_fingerprint_is_continued_by_appends_only(path: Path, tmp_path: Path) -> None:
    first = fingerprint(path)
    assert first is not None and continues(first, path) == first
    with path.open("ab") as file:
        file.write(b'{"event": "shoe"}\n')
    later = continues(first, path)
    assert later is not None and later.size > first.size and later == fingerprint(path)
    edit_in_place(path, 1, "P")  # the same size and time: found by reading
    assert continues(later, path) is None
    copy = tmp_path / "copy.jsonl"
    copy.write_bytes(path.read_bytes())
    now = fingerprint(path)
    os.replace(copy, path)
    assert continues(now, path) is None  # the same bytes, another file
    assert continues(fingerprint(path), tmp_path / "missing") is None


# -- idempotency keys follow the file ------------------------------------------------------------


def test_a_replaced_journal_does_not_answer_repeated_for_a_key_it_lacks(
    live: LiveServer, path: Path, tmp_path: Path
) -> None:
    status, body = post(live, "/api/coup", {"hand": "B"}, **{"Idempotency-Key": "t1"})
    assert status == 200 and b"repeated" not in body
    other = tmp_path / "other.jsonl"
    logged(other, SHOE)
    os.replace(other, path)
    status, body = post(live, "/api/coup", {"hand": "B"}, **{"Idempotency-Key": "t1"})
    assert status == 200 and b"repeated" not in body
    assert len(read_journal(path).hands()) == len(SHOE) + 1
    assert b'"id": "t1"' in path.read_bytes()
    status, body = post(live, "/api/coup", {"hand": "B"}, **{"Idempotency-Key": "t1"})
    assert status == 200 and b'"repeated": true' in body  # now the journal holds it
    assert len(read_journal(path).hands()) == len(SHOE) + 1


def test_a_key_edited_out_in_place_is_not_repeated(live: LiveServer, path: Path) -> None:
    status, _ = post(live, "/api/coup", {"hand": "P"}, **{"Idempotency-Key": "k7"})
    assert status == 200
    status_before, data = path.stat(), path.read_bytes()
    path.write_bytes(data.replace(b'"id": "k7"', b'"id": "k8"'))  # same size, another key
    # ... and the same time, as a coarse clock gives an edit within a few milliseconds
    os.utime(path, ns=(status_before.st_atime_ns, status_before.st_mtime_ns))
    status, body = post(live, "/api/coup", {"hand": "P"}, **{"Idempotency-Key": "k7"})
    assert status == 200 and b"repeated" not in body
    status, body = post(live, "/api/coup", {"hand": "P"}, **{"Idempotency-Key": "k8"})
    assert status == 200 and b'"repeated": true' in body
