"""``POST /api/coup`` with totals and no cards (issue 42.3): valid totals are logged with the
coup (and read back, the Super 6 mark with them); invalid ones are refused whole, 400, nothing
logged."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from live_server import post, start

from roads.hands.journal import Journal, read_journal
from roads.live.server import LiveServer


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[LiveServer, Path]]:
    path = tmp_path / "j.jsonl"
    Journal(path)
    with start(path) as server:
        yield server, path


@pytest.mark.parametrize("player", [9, "abc", 42, None])
def test_invalid_totals_are_refused_and_nothing_is_logged(
    served: tuple[LiveServer, Path], player: object
) -> None:
    server, path = served
    before = path.read_bytes()
    status, body = post(
        server, "/api/coup", {"outcome": "B", "player_total": player, "banker_total": 0}
    )
    if player is None:  # a blank total beside a given one: only one of the two
        assert status == 400 and b"give both totals" in body
    else:
        assert status == 400, body
        assert b"total" in body
    assert path.read_bytes() == before


def test_valid_totals_are_logged_with_the_coup(served: tuple[LiveServer, Path]) -> None:
    server, path = served
    status, body = post(server, "/api/coup", {"outcome": "B", "player_total": 2, "banker_total": 6})
    assert status == 200, body
    (hand,) = read_journal(path).hands()
    assert hand.totals == (2, 6)
    assert hand.marks == ("super_6",)
    assert '"player_total": 2, "banker_total": 6' in path.read_text()
