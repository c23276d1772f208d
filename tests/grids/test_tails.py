"""Drop-back tails (ROADS.md section 2, EXPORT.md): worked vectors done by hand, and random shoes
against a plain transcription of the placement rule (written from ROADS.md, not from the code).
"""

from __future__ import annotations

import json
from itertools import groupby
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import hands, shoes

from roads.errors import RoadsError
from roads.game.coup import Outcome
from roads.grids.export import export_dict, export_json
from roads.hands.hand import Hand
from roads.scoreboard import Scoreboard

DERIVED = ("big_eye_boy", "small_road", "cockroach_pig")
ROWS = 6


# -- the rule, as ROADS.md section 2 states it ---------------------------------------------------


def reference_cells(lengths: list[int], tails: str) -> list[tuple[int, int]]:
    """The drawn (col, row) of every entry of streaks of these lengths, in order."""
    taken: set[tuple[int, int]] = set()
    cells: list[tuple[int, int]] = []
    previous_first: int | None = None
    for length in lengths:
        start = 0 if previous_first is None else previous_first + 1
        while (start, 0) in taken:
            start += 1
        previous_first = start
        col, row, turned = start, 0, False
        for entry in range(length):
            if entry:
                below_free = row + 1 < ROWS and (col, row + 1) not in taken
                if tails == "straight":
                    if not turned and below_free:
                        row += 1
                    else:
                        turned, col = True, col + 1
                elif below_free:
                    row += 1
                else:
                    col += 1
                    while (col, row) in taken:
                        col += 1
            taken.add((col, row))
            cells.append((col, row))
    return cells


def big_road_lengths(shoe: list[Hand]) -> list[int]:
    """Streak lengths of the big road, from the outcomes alone (ties take no cell; a shoe of
    ties only shows one entry)."""
    letters = [hand.outcome.value for hand in shoe if hand.outcome.value != "T"]
    if not letters:
        return [1] if shoe else []
    return [len(list(run)) for _, run in groupby(letters)]


def colour_lengths(marks: list[dict[str, Any]]) -> list[int]:
    return [len(list(run)) for _, run in groupby(mark["colour"] for mark in marks)]


def cells_of(marks: list[dict[str, Any]]) -> list[tuple[int, int]]:
    return [(mark["col"], mark["row"]) for mark in marks]


def drop_back(text: str) -> dict[str, Any]:
    return export_dict(Scoreboard.from_notation(text, tails="drop-back").roads)


# -- worked vectors (0-based col, row), done by hand ---------------------------------------------


def test_roads_md_example_b8_p8() -> None:
    # ROADS.md: P at col 2 rows 1-5, (3,5), (4,5), then (4,6) in 1-based terms: 0-based below.
    big = cells_of(drop_back("B" * 8 + "P" * 8)["big_road"])
    assert big[:8] == [(0, r) for r in range(6)] + [(1, 5), (2, 5)]
    assert big[8:] == [(1, r) for r in range(5)] + [(2, 4), (3, 4), (3, 5)]
    straight = cells_of(export_dict(Scoreboard.from_notation("B" * 8 + "P" * 8).roads)["big_road"])
    assert straight[8:] == [(1, r) for r in range(5)] + [(2, 4), (3, 4), (4, 4)]


def test_a_tail_drops_back_twice_as_older_tails_end() -> None:
    # B x9 ends at (3,5); P x9 rides row 4 over it and drops to (4,5); B x9 rides row 3 over P,
    # drops to (5,4) once P's row-4 tail has ended at col 4, then to (5,5).
    data = drop_back("B" * 9 + "P" * 9 + "B" * 9)
    big = cells_of(data["big_road"])
    assert big[:9] == [(0, r) for r in range(6)] + [(1, 5), (2, 5), (3, 5)]
    assert big[9:18] == [(1, r) for r in range(5)] + [(2, 4), (3, 4), (4, 4), (4, 5)]
    assert big[18:] == [(2, r) for r in range(4)] + [(3, 3), (4, 3), (5, 3), (5, 4), (5, 5)]
    assert [(cell["streak"], cell["depth"]) for cell in data["big_road"][18:]] == [
        (2, d) for d in range(9)
    ]
    straight = cells_of(
        export_dict(Scoreboard.from_notation("B" * 9 + "P" * 9 + "B" * 9).roads)["big_road"]
    )
    assert straight[9:18] == [(1, r) for r in range(5)] + [(2, 4), (3, 4), (4, 4), (5, 4)]
    assert straight[18:] == [(2, r) for r in range(4)] + [(3, 3), (4, 3), (5, 3), (6, 3), (7, 3)]


def test_a_streak_after_a_tie_only_start_and_a_dragon_with_ties() -> None:
    # Ties never take a cell: T T B x7 T P x7 gives B x7 and P x7 (ROADS.md section 6 layout),
    # P's tail then drops below nothing: B's tail ended at col 1, so P drops at col 2.
    data = drop_back("TT" + "B" * 7 + "T" + "P" * 7)
    big = cells_of(data["big_road"])
    assert big[:7] == [(0, r) for r in range(6)] + [(1, 5)]
    assert big[7:] == [(1, r) for r in range(5)] + [(2, 4), (2, 5)]
    assert data["big_road"][0]["ties"] == 2 and data["big_road"][6]["ties"] == 1


def test_derived_road_tails_drop_back() -> None:
    # Twelve chops, then the twelfth streak runs to 11: every derived road gains a run of reds,
    # one blue (depth 2 is one short of the 1-long column k back), then a run of reds (depth 3+
    # is two or more short). The second red run rides above the first one's tail.
    text = "BP" * 6 + "P" * 10
    data = drop_back(text)
    straight = export_dict(Scoreboard.from_notation(text).roads)
    beb, sr, cp = (cells_of(data[road]) for road in DERIVED)
    assert colour_lengths(data["big_eye_boy"]) == [10, 1, 9]
    assert beb[:10] == [(0, r) for r in range(6)] + [(1, 5), (2, 5), (3, 5), (4, 5)]
    assert beb[10] == (1, 0)
    assert beb[11:] == [(2, r) for r in range(5)] + [(3, 4), (4, 4), (5, 4), (5, 5)]
    assert cells_of(straight["big_eye_boy"])[11:] == [(2, r) for r in range(5)] + [
        (3, 4),
        (4, 4),
        (5, 4),
        (6, 4),
    ]
    assert colour_lengths(data["small_road"]) == [9, 1, 9]
    assert sr[10:] == [(2, r) for r in range(5)] + [(3, 4), (4, 4), (4, 5), (5, 5)]
    assert colour_lengths(data["cockroach_pig"]) == [8, 1, 9]
    assert cp[9:] == [(2, r) for r in range(5)] + [(3, 4), (3, 5), (4, 5), (5, 5)]
    for road in DERIVED:
        assert [m["colour"] for m in data[road]] == [m["colour"] for m in straight[road]]


def test_the_export_records_drop_back_after_the_notice_and_straight_stays_unmarked() -> None:
    text = "B" * 8 + "P" * 8
    dropped = json.loads(export_json(Scoreboard.from_notation(text, tails="drop-back").roads))
    assert list(dropped)[:4] == ["schema", "notice", "tails", "hands"]
    assert dropped["tails"] == "drop-back"
    plain = export_json(Scoreboard.from_notation(text).roads)
    assert '"tails"' not in plain
    assert plain == export_json(Scoreboard.from_notation(text, tails="straight").roads)


def test_an_unknown_tails_name_is_refused_with_the_choices() -> None:
    with pytest.raises(RoadsError, match="straight, drop-back"):
        Scoreboard.from_notation("B", tails="curly")


# -- random shoes against the rule ---------------------------------------------------------------


# Dragons of every length, one after another: tails stacked on tails, pushed up and dropping back.
dragons = st.lists(st.integers(1, 20), max_size=30).map(
    lambda runs: [
        Hand(Outcome.BANKER if number % 2 else Outcome.PLAYER)
        for number, length in enumerate(runs)
        for _ in range(length)
    ]
)


@given(st.one_of(shoes, dragons))
def test_big_road_follows_the_rule_either_way(shoe: list[Hand]) -> None:
    for tails in ("straight", "drop-back"):
        data = export_dict(Scoreboard(shoe, tails=tails).roads)
        assert cells_of(data["big_road"]) == reference_cells(big_road_lengths(shoe), tails)


@given(st.one_of(shoes, dragons))
def test_derived_roads_follow_the_rule_either_way(shoe: list[Hand]) -> None:
    for tails in ("straight", "drop-back"):
        data = export_dict(Scoreboard(shoe, tails=tails).roads)
        for road in DERIVED:
            marks = data[road]
            assert cells_of(marks) == reference_cells(colour_lengths(marks), tails), road


@given(shoes)
def test_drop_back_moves_drawn_cells_only(shoe: list[Hand]) -> None:
    straight = export_dict(Scoreboard(shoe).roads)
    dropped = export_dict(Scoreboard(shoe, tails="drop-back").roads)
    assert dropped.pop("tails") == "drop-back"

    def without_cells(data: dict[str, Any]) -> dict[str, Any]:
        out = dict(data)
        for road in ("big_road", *DERIVED):
            out[road] = [
                {k: v for k, v in cell.items() if k not in ("col", "row")} for cell in data[road]
            ]
        return out

    assert without_cells(dropped) == without_cells(straight)
    assert dropped["bead_plate"] == straight["bead_plate"]


@given(shoes, st.lists(st.one_of(st.none(), hands), max_size=30))
def test_drop_back_undo_restores_the_state_before(
    shoe: list[Hand], steps: list[Hand | None]
) -> None:
    board = Scoreboard(shoe, tails="drop-back")
    for step in steps:
        if step is None:
            if len(board):
                board.undo()
        else:
            board.add(step)
        assert export_dict(board.roads) == export_dict(
            Scoreboard(board.hands, tails="drop-back").roads
        )


# -- every command that lays out roads takes --tails ---------------------------------------------

SVG_NS = "{http://www.w3.org/2000/svg}"


def drawn_big_road(svg: str) -> list[tuple[int, int]]:
    """(col, row) of every big-road mark of an SVG board, from its circles' centres."""
    import xml.etree.ElementTree as ET

    from roads.drawing.board import CELL

    root = ET.fromstring(svg)
    panel = next(
        e for e in root.iter(f"{SVG_NS}rect") if e.get("class", "").split() == ["panel", "big-road"]
    )
    x0, y0 = float(panel.get("x", 0)), float(panel.get("y", 0))
    cells = []
    for element in root.iter(f"{SVG_NS}circle"):
        names = element.get("class", "").split()
        if "mark" in names and "big-road" in names:
            cx, cy = float(element.get("cx", 0)), float(element.get("cy", 0))
            cells.append((int((cx - x0) // CELL), int((cy - y0) // CELL)))
    return sorted(cells)


def test_export_render_and_show_take_tails(
    tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    from command_line import run

    text = "B" * 8 + "P" * 8
    code, out, _ = run(["export", "--hands", text, "--tails", "drop-back"], capsys)
    assert code == 0 and json.loads(out)["tails"] == "drop-back"
    for tails, last in (("drop-back", (3, 5)), ("straight", (4, 4))):
        target = tmp_path / f"{tails}.svg"
        code, _, err = run(["render", "--hands", text, "--tails", tails, "-o", str(target)], capsys)
        assert code == 0, err
        drawn = drawn_big_road(target.read_text())
        assert last in drawn and len(drawn) == 16
    code, out, _ = run(["show", "--hands", text, "--tails", "drop-back", "--columns", "5"], capsys)
    assert code == 0
    big = out.split("Big road\n", 1)[1].split("\n\n", 1)[0].splitlines()
    assert big[4].split() == ["B", "P", "P", "P"]
    assert big[5].split() == ["B", "B", "B", "P"]
    code, _, err = run(["export", "--hands", "B", "--tails", "bent"], capsys)
    assert code == 2 and "--tails" in err


def test_log_render_keeps_drop_back_tails(
    tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    from command_line import run

    picture = tmp_path / "live.svg"
    code, _, err = run(
        [
            "log",
            str(tmp_path / "j.jsonl"),
            "--add",
            "B" * 8 + "P" * 8,
            "--render",
            str(picture),
            "--tails",
            "drop-back",
            "-q",
        ],
        capsys,
    )
    assert code == 0, err
    assert (3, 5) in drawn_big_road(picture.read_text())


def test_the_live_page_and_animations_keep_drop_back_tails(
    tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    from command_line import run

    from roads.drawing.board import BoardOptions
    from roads.hands.journal import read_journal
    from roads.live.page import Page
    from roads.story.animation import frames

    journal = tmp_path / "j.jsonl"
    code, _, err = run(["log", str(journal), "--add", "B" * 8 + "P" * 8, "-q"], capsys)
    assert code == 0, err
    state = Page("j", BoardOptions(), tails="drop-back").state(read_journal(journal))
    assert (3, 5) in drawn_big_road(state["svg"])
    scenes = frames(Scoreboard.from_notation("B" * 8 + "P" * 8, tails="drop-back").roads)
    from roads.backends.svg import to_svg

    assert (3, 5) in drawn_big_road(to_svg(scenes[-1]))


def test_report_draws_drop_back_tails(tmp_path: Any, capsys: pytest.CaptureFixture[str]) -> None:
    from command_line import run

    target = tmp_path / "report.html"
    text = "B" * 8 + "P" * 8
    code, _, err = run(
        ["report", "--hands", text, "--tails", "drop-back", "-o", str(target)], capsys
    )
    assert code == 0, err
    html = target.read_text()
    svg = html[html.index("<svg") : html.index("</svg>") + len("</svg>")]
    assert (3, 5) in drawn_big_road(svg)
