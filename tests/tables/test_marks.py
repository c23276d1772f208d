"""The marks a table's board carries (``roads.tables.marks``), as TABLES.md names them: which
coups each one marks, and its flag in the result notation."""

from __future__ import annotations

from roads.game.coup import Coup
from roads.tables.deal import Deal
from roads.tables.marks import DRAGON_7, MARK_BY_FLAG, MARK_BY_NAME, MARKS, PANDA_8, SUPER_6


def _marks(coup: str) -> list[str]:
    deal = Deal.of_coup(Coup.parse(coup))
    return [mark.name for mark in MARKS if mark.on(deal)]


def test_each_mark_marks_the_coups_tables_md_names() -> None:
    assert _marks("Kh 2d 3c / 4s 2h") == ["super_6"]  # Banker wins with a two-card 6
    assert _marks("Ah Kd 2c / Qs Jh 6d") == ["super_6"]  # and with a three-card 6
    assert _marks("2h 3d 5c / 4c Ks 3s") == ["dragon_7"]  # Banker wins with a three-card 7
    assert _marks("Ah 2d 5c / Kc Qs 4h") == ["panda_8"]  # Player wins with a three-card 8
    assert _marks("Kh 9d / 2c 4s") == []  # Player natural 9
    assert _marks("8h Kd / 8c Qs") == []  # a natural tie


def test_flags_and_names_find_the_same_marks() -> None:
    assert [mark.flag for mark in MARKS] == ["6", "7", "8"]
    assert MARK_BY_FLAG == {"6": SUPER_6, "7": DRAGON_7, "8": PANDA_8}
    assert MARK_BY_NAME == {"super_6": SUPER_6, "dragon_7": DRAGON_7, "panda_8": PANDA_8}
